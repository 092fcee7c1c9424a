//! Board shapes: the size, how many in a row win, and everything derived from
//! that once (winning-line masks, Zobrist keys, symmetries).

use std::str::FromStr;
use std::sync::LazyLock;

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The supported boards. Every one goes through the same code; only the
/// geometry tables differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BoardSize {
    /// 3x3, three in a row: classic Tic-Tac-Toe.
    #[default]
    Three,
    /// 4x4, four in a row.
    Four,
    /// 5x5, four in a row.
    Five,
}

impl BoardSize {
    pub const ALL: [BoardSize; 3] = [BoardSize::Three, BoardSize::Four, BoardSize::Five];

    /// Cells per side.
    pub fn side(self) -> usize {
        match self {
            BoardSize::Three => 3,
            BoardSize::Four => 4,
            BoardSize::Five => 5,
        }
    }

    /// Stones in a row needed to win.
    pub fn in_a_row(self) -> usize {
        match self {
            BoardSize::Three => 3,
            BoardSize::Four | BoardSize::Five => 4,
        }
    }

    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    pub fn from_cells(cells: usize) -> Option<BoardSize> {
        BoardSize::ALL
            .into_iter()
            .find(|size| size.cells() == cells)
    }

    pub fn geometry(self) -> &'static Geometry {
        static THREE: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(BoardSize::Three));
        static FOUR: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(BoardSize::Four));
        static FIVE: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(BoardSize::Five));
        match self {
            BoardSize::Three => &THREE,
            BoardSize::Four => &FOUR,
            BoardSize::Five => &FIVE,
        }
    }
}

impl<'de> Deserialize<'de> for BoardSize {
    /// From its side, as written: 3, 4 or 5.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let side = u64::deserialize(deserializer)?;
        side.to_string()
            .parse()
            .map_err(|_| D::Error::custom(format!("no board has side {side}")))
    }
}

impl Serialize for BoardSize {
    /// As its side: 3, 4 or 5.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.side() as u64)
    }
}

/// A text that names no board size: the text as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSize(pub String);

impl FromStr for BoardSize {
    type Err = UnknownSize;

    /// Accepts "3", "4", "5" or "3x3", "4x4", "5x5".
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let side = text
            .split_once('x')
            .map_or(text, |(a, b)| if a == b { a } else { "" });
        match side.trim() {
            "3" => Ok(BoardSize::Three),
            "4" => Ok(BoardSize::Four),
            "5" => Ok(BoardSize::Five),
            _ => Err(UnknownSize(text.to_owned())),
        }
    }
}

/// The most winning lines one cell can lie on (5x5 with four in a row: two
/// windows in each of four directions).
pub const MAX_LINES_PER_CELL: usize = 8;

/// The most winning lines on any board (5x5 with four in a row).
pub const MAX_LINES: usize = 28;

/// The most cells on any board.
pub const MAX_CELLS: usize = 25;

/// A mask no position completes (bit 31 is never a cell): it pads
/// `CellLines`, so the win test can look at every slot without branching.
const NO_LINE: u32 = 1 << 31;

/// Winning lines through one cell, as bit masks and as indices into
/// `Geometry::lines`.
#[derive(Debug, Clone, Copy)]
pub struct CellLines {
    /// The lines, then `NO_LINE` in the unused slots.
    masks: [u32; MAX_LINES_PER_CELL],
    indices: [u8; MAX_LINES_PER_CELL],
    count: u8,
}

impl Default for CellLines {
    fn default() -> CellLines {
        CellLines {
            masks: [NO_LINE; MAX_LINES_PER_CELL],
            indices: [0; MAX_LINES_PER_CELL],
            count: 0,
        }
    }
}

impl CellLines {
    #[inline]
    pub fn as_slice(&self) -> &[u32] {
        &self.masks[..self.count as usize]
    }

    /// The lines' indices into `Geometry::lines`.
    #[inline]
    pub fn indices(&self) -> &[u8] {
        &self.indices[..self.count as usize]
    }

    /// True if `stones` fill one of the lines. Tests all slots at once (the
    /// padding never matches), without a branch per line.
    #[inline(always)]
    pub fn any_complete(&self, stones: u32) -> bool {
        self.masks
            .iter()
            .fold(false, |complete, &line| complete | (line & !stones == 0))
    }
}

/// Everything that follows from the board size, computed once.
#[derive(Debug)]
pub struct Geometry {
    pub size: BoardSize,
    /// Cells per side.
    pub side: usize,
    pub cells: usize,
    /// Bit mask with one bit per cell.
    pub full: u32,
    /// Every winning line as a bit mask, generated from the geometry.
    pub lines: Vec<u32>,
    lines_through: [CellLines; MAX_CELLS],
    /// Zobrist keys: one random number per cell for X and one for O.
    zobrist: [[u64; MAX_CELLS]; 2],
    /// The eight symmetries of the square, each a map from cell to cell.
    pub symmetries: [Vec<u8>; 8],
    /// The inverse of each symmetry.
    pub inverse_symmetries: [Vec<u8>; 8],
    /// For each side and cell, the Zobrist key of the cell's image under
    /// each symmetry, so all eight keys of a position move in one step.
    symmetric_zobrist: [[[u64; 8]; MAX_CELLS]; 2],
}

impl Geometry {
    fn new(size: BoardSize) -> Geometry {
        let side = size.side();
        let cells = side * side;
        let k = size.in_a_row() as isize;
        let mut lines = Vec::new();
        // Every window of k cells along the four directions.
        for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
            for row in 0..side as isize {
                for col in 0..side as isize {
                    let end_row = row + dr * (k - 1);
                    let end_col = col + dc * (k - 1);
                    if !(0..side as isize).contains(&end_row)
                        || !(0..side as isize).contains(&end_col)
                    {
                        continue;
                    }
                    let mask = (0..k).fold(0u32, |mask, i| {
                        mask | 1 << ((row + dr * i) as usize * side + (col + dc * i) as usize)
                    });
                    lines.push(mask);
                }
            }
        }
        let mut lines_through = [CellLines::default(); MAX_CELLS];
        for (cell, through) in lines_through.iter_mut().enumerate().take(cells) {
            for (index, &mask) in lines.iter().enumerate() {
                if mask & 1 << cell != 0 {
                    through.masks[through.count as usize] = mask;
                    through.indices[through.count as usize] = index as u8;
                    through.count += 1;
                }
            }
        }
        // A fixed seed keeps keys identical between runs, so reports and
        // tests are reproducible.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ cells as u64;
        let mut next_key = move || {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut zobrist = [[0u64; MAX_CELLS]; 2];
        for keys in &mut zobrist {
            for key in keys.iter_mut().take(cells) {
                *key = next_key();
            }
        }
        let symmetries = std::array::from_fn(|index| {
            (0..cells)
                .map(|cell| {
                    let (row, col) = (cell / side, cell % side);
                    let last = side - 1;
                    // Four rotations, each optionally mirrored.
                    let (row, col) = if index & 4 != 0 {
                        (row, last - col)
                    } else {
                        (row, col)
                    };
                    let (row, col) = match index & 3 {
                        0 => (row, col),
                        1 => (col, last - row),
                        2 => (last - row, last - col),
                        _ => (last - col, row),
                    };
                    (row * side + col) as u8
                })
                .collect()
        });
        let inverse_symmetries = std::array::from_fn(|index| {
            let map: &Vec<u8> = &symmetries[index];
            let mut inverse = vec![0u8; cells];
            for (cell, &image) in map.iter().enumerate() {
                inverse[image as usize] = cell as u8;
            }
            inverse
        });
        let symmetric_zobrist = std::array::from_fn(|side| {
            std::array::from_fn(|cell| {
                std::array::from_fn(|index| {
                    symmetries[index]
                        .get(cell)
                        .map_or(0, |&image| zobrist[side][image as usize])
                })
            })
        });
        Geometry {
            size,
            side,
            cells,
            full: if cells == 32 {
                u32::MAX
            } else {
                (1u32 << cells) - 1
            },
            lines,
            lines_through,
            zobrist,
            symmetries,
            inverse_symmetries,
            symmetric_zobrist,
        }
    }

    /// Winning lines that pass through `cell`.
    #[inline]
    pub fn lines_through(&self, cell: usize) -> &[u32] {
        self.lines_through[cell].as_slice()
    }

    /// Winning lines that pass through `cell`, as masks and indices, with
    /// the branch-free win test.
    #[inline(always)]
    pub fn cell_lines(&self, cell: usize) -> &CellLines {
        &self.lines_through[cell]
    }

    /// The Zobrist key of one stone of `side_index` (0 = X, 1 = O) on `cell`.
    #[inline]
    pub fn zobrist(&self, side_index: usize, cell: usize) -> u64 {
        self.zobrist[side_index][cell]
    }

    /// The Zobrist keys of `side_index`'s stone on `cell` as seen through
    /// each of the eight symmetries.
    #[inline]
    pub fn symmetric_zobrist(&self, side_index: usize, cell: usize) -> &[u64; 8] {
        &self.symmetric_zobrist[side_index][cell]
    }

    /// The four corner cells.
    pub fn corners(&self) -> [usize; 4] {
        let last = self.side - 1;
        [0, last, last * self.side, self.cells - 1]
    }

    /// The corner diagonally opposite `corner`.
    pub fn opposite_corner(&self, corner: usize) -> usize {
        self.cells - 1 - corner
    }

    /// The centre cell, or the four central cells on an even board.
    pub fn centre_cells(&self) -> Vec<usize> {
        let half = self.side / 2;
        if self.side % 2 == 1 {
            vec![half * self.side + half]
        } else {
            let (a, b) = (half - 1, half);
            vec![
                a * self.side + a,
                a * self.side + b,
                b * self.side + a,
                b * self.side + b,
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_counts_follow_from_the_geometry() {
        // 3x3: 3 rows, 3 columns, 2 diagonals.
        assert_eq!(BoardSize::Three.geometry().lines.len(), 8);
        // 4x4 with four in a row: 4 rows, 4 columns, 2 diagonals.
        assert_eq!(BoardSize::Four.geometry().lines.len(), 10);
        // 5x5 with four in a row: 2 windows in each of 5 rows and 5 columns,
        // and 4 windows along each diagonal direction.
        assert_eq!(BoardSize::Five.geometry().lines.len(), 28);
    }

    #[test]
    fn classic_lines_are_the_expected_masks() {
        let mut lines = BoardSize::Three.geometry().lines.clone();
        lines.sort_unstable();
        let mut expected = vec![
            0b000_000_111,
            0b000_111_000,
            0b111_000_000,
            0b001_001_001,
            0b010_010_010,
            0b100_100_100,
            0b100_010_001,
            0b001_010_100,
        ];
        expected.sort_unstable();
        assert_eq!(lines, expected);
    }

    #[test]
    fn every_line_has_k_cells_and_cell_lists_agree() {
        for size in BoardSize::ALL {
            let geometry = size.geometry();
            for &line in &geometry.lines {
                assert_eq!(line.count_ones() as usize, size.in_a_row());
            }
            for cell in 0..geometry.cells {
                let through = geometry.lines_through(cell);
                let expected = geometry
                    .lines
                    .iter()
                    .filter(|&&l| l & 1 << cell != 0)
                    .count();
                assert_eq!(through.len(), expected);
            }
        }
    }

    #[test]
    fn symmetries_are_distinct_permutations_that_keep_lines() {
        for size in BoardSize::ALL {
            let geometry = size.geometry();
            let mut seen = std::collections::HashSet::new();
            for map in &geometry.symmetries {
                let mut sorted = map.clone();
                sorted.sort_unstable();
                assert!(sorted.iter().enumerate().all(|(i, &c)| i == c as usize));
                assert!(seen.insert(map.clone()));
                let index = geometry.symmetries.iter().position(|m| m == map).unwrap();
                let inverse = &geometry.inverse_symmetries[index];
                assert!((0..geometry.cells).all(|c| inverse[map[c] as usize] as usize == c));
                for &line in &geometry.lines {
                    let image = (0..geometry.cells)
                        .filter(|&c| line & 1 << c != 0)
                        .fold(0u32, |m, c| m | 1 << map[c]);
                    assert!(geometry.lines.contains(&image));
                }
            }
        }
    }
}
