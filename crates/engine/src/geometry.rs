//! Board shapes: the width, the height, how many in a row win and whether
//! stones fall (gravity), and everything derived from that once (winning
//! lines, legal-move masks, Zobrist keys, symmetries). Every board goes
//! through the same code; only these tables differ.

use std::str::FromStr;
use std::sync::OnceLock;

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The rules of one game of the k-in-a-row family: a board of `width`
/// columns and `height` rows, won by `in_a_row` stones in a line across,
/// down or diagonally; with `gravity`, a stone drops to the lowest free
/// cell of its column (Connect Four).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    width: u8,
    height: u8,
    in_a_row: u8,
    gravity: bool,
}

/// Why a shape does not exist: the sizes the engine takes are limits of
/// its bitboards (64 cells) and of its line tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeError {
    /// A width or height outside `Shape::SIDES`.
    Side(usize),
    /// A count outside `Shape::IN_A_ROW`.
    InARow(usize),
    /// More in a row than the longer side holds: nobody could ever win.
    LongerThanBoard { in_a_row: usize, longer_side: usize },
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::TIC_TAC_TOE
    }
}

impl Shape {
    /// Widths and heights a board may have.
    pub const SIDES: std::ops::RangeInclusive<usize> = 3..=8;
    /// How many in a row a game may ask for.
    pub const IN_A_ROW: std::ops::RangeInclusive<usize> = 3..=6;

    pub const TIC_TAC_TOE: Shape = Shape::preset(3, 3, 3, false);
    pub const FOUR_BY_FOUR: Shape = Shape::preset(4, 4, 4, false);
    pub const FIVE_BY_FIVE: Shape = Shape::preset(5, 5, 4, false);
    pub const CONNECT_FOUR: Shape = Shape::preset(7, 6, 4, true);
    pub const FIVE_IN_A_ROW: Shape = Shape::preset(7, 7, 5, false);

    /// The named boards, by the names the command line takes.
    pub const PRESETS: [(&'static str, Shape); 5] = [
        ("tic-tac-toe", Shape::TIC_TAC_TOE),
        ("4x4", Shape::FOUR_BY_FOUR),
        ("5x5", Shape::FIVE_BY_FIVE),
        ("connect-four", Shape::CONNECT_FOUR),
        ("five-in-a-row", Shape::FIVE_IN_A_ROW),
    ];

    /// The square boards without gravity that the window offers.
    pub const SQUARES: [Shape; 3] = [Shape::TIC_TAC_TOE, Shape::FOUR_BY_FOUR, Shape::FIVE_BY_FIVE];

    const fn preset(width: u8, height: u8, in_a_row: u8, gravity: bool) -> Shape {
        Shape {
            width,
            height,
            in_a_row,
            gravity,
        }
    }

    /// A shape, if the engine takes it.
    pub fn new(
        width: usize,
        height: usize,
        in_a_row: usize,
        gravity: bool,
    ) -> Result<Shape, ShapeError> {
        for side in [width, height] {
            if !Shape::SIDES.contains(&side) {
                return Err(ShapeError::Side(side));
            }
        }
        if !Shape::IN_A_ROW.contains(&in_a_row) {
            return Err(ShapeError::InARow(in_a_row));
        }
        let longer_side = width.max(height);
        if in_a_row > longer_side {
            return Err(ShapeError::LongerThanBoard {
                in_a_row,
                longer_side,
            });
        }
        Ok(Shape::preset(
            width as u8,
            height as u8,
            in_a_row as u8,
            gravity,
        ))
    }

    /// The board of these dimensions when nothing else is said: the preset
    /// of that size, else four in a row (three where no side reaches four),
    /// without gravity.
    pub fn of_dimensions(width: usize, height: usize) -> Result<Shape, ShapeError> {
        if let Some(&(_, preset)) = Shape::PRESETS
            .iter()
            .find(|(_, preset)| preset.width() == width && preset.height() == height)
        {
            return Ok(preset);
        }
        let in_a_row = if width.max(height) >= 4 { 4 } else { 3 };
        Shape::new(width, height, in_a_row, false)
    }

    /// The same board, won by `in_a_row` in a row.
    pub fn with_in_a_row(self, in_a_row: usize) -> Result<Shape, ShapeError> {
        Shape::new(self.width(), self.height(), in_a_row, self.gravity)
    }

    /// The same board, with or without gravity.
    pub fn with_gravity(self, gravity: bool) -> Shape {
        Shape { gravity, ..self }
    }

    /// Columns.
    #[inline]
    pub fn width(self) -> usize {
        usize::from(self.width)
    }

    /// Rows.
    #[inline]
    pub fn height(self) -> usize {
        usize::from(self.height)
    }

    /// Stones in a row needed to win.
    #[inline]
    pub fn in_a_row(self) -> usize {
        usize::from(self.in_a_row)
    }

    /// True if a stone drops to the lowest free cell of its column.
    #[inline]
    pub fn gravity(self) -> bool {
        self.gravity
    }

    #[inline]
    pub fn cells(self) -> usize {
        self.width() * self.height()
    }

    pub fn is_square(self) -> bool {
        self.width == self.height
    }

    /// The preset's name, if this is one.
    pub fn preset_name(self) -> Option<&'static str> {
        Shape::PRESETS
            .iter()
            .find(|&&(_, preset)| preset == self)
            .map(|&(name, _)| name)
    }

    /// Every shape the engine takes, narrow boards first.
    pub fn all() -> impl Iterator<Item = Shape> {
        Shape::SIDES.flat_map(|width| {
            Shape::SIDES.flat_map(move |height| {
                Shape::IN_A_ROW.flat_map(move |in_a_row| {
                    [false, true].into_iter().filter_map(move |gravity| {
                        Shape::new(width, height, in_a_row, gravity).ok()
                    })
                })
            })
        })
    }

    /// This shape's place in `GEOMETRIES`.
    fn index(self) -> usize {
        let sides = Shape::SIDES.count();
        let ((width, height), in_a_row) = (
            (
                self.width() - Shape::SIDES.start(),
                self.height() - Shape::SIDES.start(),
            ),
            self.in_a_row() - Shape::IN_A_ROW.start(),
        );
        ((width * sides + height) * Shape::IN_A_ROW.count() + in_a_row) * 2
            + usize::from(self.gravity)
    }

    /// The shape's tables, built the first time they are asked for.
    pub fn geometry(self) -> &'static Geometry {
        const SHAPES: usize = 6 * 6 * 4 * 2;
        static GEOMETRIES: [OnceLock<Geometry>; SHAPES] = [const { OnceLock::new() }; SHAPES];
        GEOMETRIES[self.index()].get_or_init(|| Geometry::new(self))
    }
}

/// How files and JSON write a shape: `{"width": 7, "height": 6,
/// "in_a_row": 4, "gravity": true}`, except the three square boards the
/// app began with, written as their side (3, 4 or 5) as before shapes
/// existed, so older readers and files keep working.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WrittenShape {
    width: usize,
    height: usize,
    in_a_row: usize,
    gravity: bool,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ReadShape {
    Side(u64),
    Shape(WrittenShape),
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match ReadShape::deserialize(deserializer)? {
            ReadShape::Side(side) => Shape::SQUARES
                .into_iter()
                .find(|shape| shape.width() as u64 == side)
                .ok_or_else(|| D::Error::custom(format!("no board has side {side}"))),
            ReadShape::Shape(written) => Shape::new(
                written.width,
                written.height,
                written.in_a_row,
                written.gravity,
            )
            .map_err(|error| D::Error::custom(format!("{error:?}"))),
        }
    }
}

impl Serialize for Shape {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if Shape::SQUARES.contains(self) {
            return serializer.serialize_u64(self.width() as u64);
        }
        WrittenShape {
            width: self.width(),
            height: self.height(),
            in_a_row: self.in_a_row(),
            gravity: self.gravity,
        }
        .serialize(serializer)
    }
}

/// A text that names no board: the text as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownShape(pub String);

impl FromStr for Shape {
    type Err = UnknownShape;

    /// A preset's name (`connect-four`), `WxH` (width x height, with that
    /// size's usual number in a row: `Shape::of_dimensions`), or the side
    /// of a square board alone (`4`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownShape(text.to_owned());
        let trimmed = text.trim();
        if let Some(&(_, preset)) = Shape::PRESETS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(trimmed))
        {
            return Ok(preset);
        }
        let number = |part: &str| part.trim().parse::<usize>().map_err(|_| unknown());
        let (width, height) = match trimmed.split_once(['x', 'X']) {
            Some((width, height)) => (number(width)?, number(height)?),
            None => {
                let side = number(trimmed)?;
                (side, side)
            }
        };
        Shape::of_dimensions(width, height).map_err(|_| unknown())
    }
}

/// The most cells on any board: a bitboard is one `u64`.
pub const MAX_CELLS: usize = 64;

/// The most winning lines one cell lies on: at most four windows in each
/// of the four directions on boards up to 8 wide.
pub const MAX_LINES_PER_CELL: usize = 16;

/// The most winning lines on any board (8x8 with three in a row).
pub const MAX_LINES: usize = 168;

/// The four directions of a line, as (row step, column step): across,
/// down, down-right, down-left.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// The indices (into `Geometry::lines`) of the winning lines through one
/// cell.
#[derive(Debug, Clone, Copy)]
pub struct CellLines {
    indices: [u8; MAX_LINES_PER_CELL],
    count: u8,
}

impl CellLines {
    #[inline]
    pub fn indices(&self) -> &[u8] {
        &self.indices[..usize::from(self.count)]
    }
}

/// Everything that follows from the shape, computed once.
#[derive(Debug)]
pub struct Geometry {
    pub shape: Shape,
    pub width: usize,
    pub height: usize,
    pub cells: usize,
    /// Bit mask with one bit per cell.
    pub full: u64,
    /// The bottom row: where a stone lands in an empty column.
    bottom: u64,
    /// Every winning line as a bit mask, generated from the shape.
    pub lines: Vec<u64>,
    lines_through: Vec<CellLines>,
    /// For each cell, the lines through it as `u32` masks to test
    /// together (`win_masks`); empty where they do not fit.
    win_masks: Vec<[u32; MASK_SLOTS]>,
    /// The bit distance between neighbours along each of `DIRECTIONS`.
    steps: [u32; 4],
    /// For each cell and direction, the cells where a line along that
    /// direction through the cell starts (its first cell in bit order).
    starts_through: Vec<[u64; 4]>,
    /// Zobrist keys: one random number per cell for X and one for O.
    zobrist: [Vec<u64>; 2],
    /// How many of `symmetries` are distinct: 8 on a square, 4 on a
    /// rectangle, 2 with gravity (only the mirror keeps columns falling
    /// the right way).
    symmetry_count: usize,
    /// The board's symmetries, each a map from cell to cell, repeated to
    /// fill eight slots so every board keys its positions the same way.
    pub symmetries: [Vec<u8>; 8],
    /// The inverse of each symmetry.
    pub inverse_symmetries: [Vec<u8>; 8],
    /// For each side and cell, the Zobrist key of the cell's image under
    /// each symmetry, so all eight keys of a position move in one step.
    symmetric_zobrist: [Vec<[u64; 8]>; 2],
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let (width, height) = (shape.width(), shape.height());
        let cells = width * height;
        let k = shape.in_a_row() as isize;
        let inside = |row: isize, col: isize| {
            (0..height as isize).contains(&row) && (0..width as isize).contains(&col)
        };
        let mut lines = Vec::new();
        let mut line_direction = Vec::new();
        for (direction, (dr, dc)) in DIRECTIONS.into_iter().enumerate() {
            for row in 0..height as isize {
                for col in 0..width as isize {
                    if !inside(row + dr * (k - 1), col + dc * (k - 1)) {
                        continue;
                    }
                    let mask = (0..k).fold(0u64, |mask, i| {
                        mask | 1 << ((row + dr * i) as usize * width + (col + dc * i) as usize)
                    });
                    lines.push(mask);
                    line_direction.push(direction);
                }
            }
        }
        let mut lines_through = vec![
            CellLines {
                indices: [0; MAX_LINES_PER_CELL],
                count: 0
            };
            cells
        ];
        let mut starts_through = vec![[0u64; 4]; cells];
        for (index, (&mask, &direction)) in lines.iter().zip(&line_direction).enumerate() {
            for cell in bits(mask) {
                let through = &mut lines_through[cell];
                through.indices[usize::from(through.count)] = index as u8;
                through.count += 1;
                starts_through[cell][direction] |= 1 << mask.trailing_zeros();
            }
        }
        let win_masks = win_masks(cells, &lines, &lines_through);
        let steps = DIRECTIONS.map(|(dr, dc)| (dr * width as isize + dc) as u32);
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
        let zobrist: [Vec<u64>; 2] =
            std::array::from_fn(|_| (0..cells).map(|_| next_key()).collect());
        let distinct = distinct_symmetries(shape);
        let symmetry_count = distinct.len();
        let symmetries: [Vec<u8>; 8] = std::array::from_fn(|index| {
            let transform = distinct[index % symmetry_count];
            (0..cells)
                .map(|cell| {
                    let (row, col) = transform(cell / width, cell % width, width, height);
                    (row * width + col) as u8
                })
                .collect()
        });
        let inverse_symmetries = std::array::from_fn(|index| {
            let map: &Vec<u8> = &symmetries[index];
            let mut inverse = vec![0u8; cells];
            for (cell, &image) in map.iter().enumerate() {
                inverse[usize::from(image)] = cell as u8;
            }
            inverse
        });
        let symmetric_zobrist = std::array::from_fn(|side| {
            (0..cells)
                .map(|cell| {
                    std::array::from_fn(|index| zobrist[side][usize::from(symmetries[index][cell])])
                })
                .collect()
        });
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        Geometry {
            shape,
            width,
            height,
            cells,
            full,
            bottom: full & !(full >> width),
            lines,
            lines_through,
            win_masks,
            steps,
            starts_through,
            zobrist,
            symmetry_count,
            symmetries,
            inverse_symmetries,
            symmetric_zobrist,
        }
    }

    /// The cells a stone may go to, given the `occupied` cells: every
    /// empty cell, or with gravity the lowest empty cell of each column
    /// (the bottom row's, or the one above a stone). The one move
    /// generator: every search asks it.
    #[inline(always)]
    pub fn playable(&self, occupied: u64) -> u64 {
        let empty = !occupied & self.full;
        if self.shape.gravity() {
            empty & (self.bottom | occupied >> self.width)
        } else {
            empty
        }
    }

    /// The cell a stone dropped into `column` (0-based from the left)
    /// lands on, if the column is not full; on a board without gravity,
    /// `None`.
    pub fn drop_cell(&self, occupied: u64, column: usize) -> Option<usize> {
        if !self.shape.gravity() || column >= self.width {
            return None;
        }
        bits(self.playable(occupied)).find(|cell| cell % self.width == column)
    }

    /// True if `stones` hold a whole line through `cell`: the one win
    /// test, every search's. Where the board has `win_masks`, its lines
    /// through the cell are tested all at once; elsewhere the shift test
    /// looks along each direction (`completes_line_by_shifts`).
    #[inline(always)]
    pub fn completes_line(&self, cell: usize, stones: u64) -> bool {
        match self.win_masks.get(cell) {
            Some(masks) => {
                // The board's cells are the low 32 bits.
                let stones = stones as u32;
                masks
                    .iter()
                    .fold(false, |complete, &line| complete | (line & !stones == 0))
            }
            None => self.completes_line_by_shifts(cell, stones),
        }
    }

    /// `completes_line` by shifts: the cells where a run of the board's
    /// length starts along each direction (the Connect Four solvers'
    /// test), kept where such a run through `cell` would start. The same
    /// cost on every board. Out of line: inlined, its shift counts were
    /// worked out at the start of every search node, on the small boards
    /// too, which do not use them.
    #[inline(never)]
    fn completes_line_by_shifts(&self, cell: usize, stones: u64) -> bool {
        let starts = &self.starts_through[cell];
        // One loop per length, so that each has its shifts unrolled.
        match self.shape.in_a_row() {
            3 => self.runs_through::<3>(starts, stones),
            4 => self.runs_through::<4>(starts, stones),
            5 => self.runs_through::<5>(starts, stones),
            _ => self.runs_through::<6>(starts, stones),
        }
    }

    #[inline(always)]
    fn runs_through<const K: usize>(&self, starts: &[u64; 4], stones: u64) -> bool {
        let mut found = 0;
        for (&step, &start) in self.steps.iter().zip(starts) {
            found |= runs::<K>(stones, step) & start;
        }
        found != 0
    }

    /// The indices of the winning lines through `cell`.
    #[inline(always)]
    pub fn cell_lines(&self, cell: usize) -> &CellLines {
        &self.lines_through[cell]
    }

    /// The winning lines through `cell`, as masks.
    pub fn lines_through(&self, cell: usize) -> impl Iterator<Item = u64> + '_ {
        self.lines_through[cell]
            .indices()
            .iter()
            .map(|&index| self.lines[usize::from(index)])
    }

    /// The Zobrist key of one stone of `side_index` (0 = X, 1 = O) on `cell`.
    #[inline]
    pub fn zobrist(&self, side_index: usize, cell: usize) -> u64 {
        self.zobrist[side_index][cell]
    }

    /// The Zobrist keys of `side_index`'s stone on `cell` as seen through
    /// each of the eight symmetry slots.
    #[inline]
    pub fn symmetric_zobrist(&self, side_index: usize, cell: usize) -> &[u64; 8] {
        &self.symmetric_zobrist[side_index][cell]
    }

    /// The board's distinct symmetries, the identity first.
    pub fn distinct_symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries[..self.symmetry_count]
    }

    /// The four corner cells.
    pub fn corners(&self) -> [usize; 4] {
        let last_row = (self.height - 1) * self.width;
        [0, self.width - 1, last_row, self.cells - 1]
    }

    /// The corner diagonally opposite `corner`.
    pub fn opposite_corner(&self, corner: usize) -> usize {
        self.cells - 1 - corner
    }

    /// The centre cell, or the two or four central cells where a side is
    /// even.
    pub fn centre_cells(&self) -> Vec<usize> {
        let middle = |length: usize| {
            if length % 2 == 1 {
                vec![length / 2]
            } else {
                vec![length / 2 - 1, length / 2]
            }
        };
        middle(self.height)
            .into_iter()
            .flat_map(|row| {
                middle(self.width)
                    .into_iter()
                    .map(move |col| row * self.width + col)
            })
            .collect()
    }
}

/// A map of (row, column) on a board of (width, height) onto itself.
type Transform = fn(usize, usize, usize, usize) -> (usize, usize);

/// The symmetries that keep the shape's lines and moves: the square's four
/// rotations, each optionally mirrored; a rectangle's two mirrors and its
/// half turn; with gravity, the mirror alone.
fn distinct_symmetries(shape: Shape) -> Vec<Transform> {
    let identity: Transform = |row, col, _, _| (row, col);
    let mirror: Transform = |row, col, width, _| (row, width - 1 - col);
    let flip: Transform = |row, col, _, height| (height - 1 - row, col);
    let half_turn: Transform = |row, col, width, height| (height - 1 - row, width - 1 - col);
    if shape.gravity() {
        return vec![identity, mirror];
    }
    if !shape.is_square() {
        return vec![identity, mirror, flip, half_turn];
    }
    // Rotation by `index & 3` quarter turns after a mirror if `index & 4`,
    // in the order the square boards have always keyed their positions.
    vec![
        identity,
        |row, col, width, _| (col, width - 1 - row),
        half_turn,
        |row, col, width, _| (width - 1 - col, row),
        mirror,
        |row, col, width, _| (width - 1 - col, width - 1 - row),
        flip,
        |row, col, _, _| (col, row),
    ]
}

/// The cells where `K` of `stones` in a row start along `step`: each
/// result bit is set where that bit and the `K - 1` bits `step` apart after
/// it are all set. Runs of two are doubled into runs of four.
#[inline(always)]
fn runs<const K: usize>(stones: u64, step: u32) -> u64 {
    let pairs = stones & stones >> step;
    match K {
        3 => pairs & stones >> (2 * step),
        4 => pairs & pairs >> (2 * step),
        5 => pairs & pairs >> (2 * step) & stones >> (4 * step),
        _ => pairs & pairs >> (2 * step) & pairs >> (4 * step),
    }
}

/// The lines one cell may lie on for `win_masks`: two vector registers'
/// worth.
const MASK_SLOTS: usize = 8;

/// For each cell, the lines through it as `u32` masks, the unused slots
/// repeating its last line: on boards of at most 32 cells with at most
/// `MASK_SLOTS` lines through any cell (the three square boards among
/// them); elsewhere none. Testing them all at once takes a few
/// instructions where the shifts take some forty, and these boards'
/// searches are short enough for the difference to show.
fn win_masks(cells: usize, lines: &[u64], lines_through: &[CellLines]) -> Vec<[u32; MASK_SLOTS]> {
    let fits = cells <= 32
        && lines_through
            .iter()
            .all(|through| through.indices().len() <= MASK_SLOTS);
    if !fits {
        return Vec::new();
    }
    lines_through
        .iter()
        .map(|through| {
            // Every cell lies on a line along the board's longer side; a
            // line repeated changes nothing in `any`.
            let masks: Vec<u32> = through
                .indices()
                .iter()
                .map(|&index| lines[usize::from(index)] as u32)
                .collect();
            std::array::from_fn(|slot| masks[slot.min(masks.len() - 1)])
        })
        .collect()
}

/// The set bits of a mask in ascending order.
#[inline]
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let cell = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(cell)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_counts_follow_from_the_geometry() {
        // 3x3: 3 rows, 3 columns, 2 diagonals.
        assert_eq!(Shape::TIC_TAC_TOE.geometry().lines.len(), 8);
        // 4x4 with four in a row: 4 rows, 4 columns, 2 diagonals.
        assert_eq!(Shape::FOUR_BY_FOUR.geometry().lines.len(), 10);
        // 5x5 with four in a row: 2 windows in each of 5 rows and 5 columns,
        // and 4 windows along each diagonal direction.
        assert_eq!(Shape::FIVE_BY_FIVE.geometry().lines.len(), 28);
        // Connect Four: 6 rows x 4, 7 columns x 3, 12 diagonals each way.
        assert_eq!(Shape::CONNECT_FOUR.geometry().lines.len(), 69);
        // The most: 8x8 with three in a row.
        let most = Shape::all().map(|shape| shape.geometry().lines.len()).max();
        assert_eq!(most, Some(MAX_LINES));
        assert_eq!(
            Shape::new(8, 8, 3, false).unwrap().geometry().lines.len(),
            MAX_LINES
        );
    }

    #[test]
    fn classic_lines_are_the_expected_masks() {
        let mut lines = Shape::TIC_TAC_TOE.geometry().lines.clone();
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
    fn shapes_are_refused_outside_the_limits() {
        assert_eq!(Shape::new(2, 3, 3, false), Err(ShapeError::Side(2)));
        assert_eq!(Shape::new(3, 9, 3, false), Err(ShapeError::Side(9)));
        assert_eq!(Shape::new(5, 5, 7, false), Err(ShapeError::InARow(7)));
        assert_eq!(
            Shape::new(4, 3, 5, false),
            Err(ShapeError::LongerThanBoard {
                in_a_row: 5,
                longer_side: 4
            })
        );
        // 3 counts too many on the 3x3 board, 2 on the three with 4 the
        // longer side, 1 on the five with 5.
        assert_eq!(Shape::all().count(), 6 * 6 * 4 * 2 - 2 * (3 + 3 * 2 + 5));
        assert_eq!("connect-four".parse(), Ok(Shape::CONNECT_FOUR));
        assert_eq!("7x6".parse(), Ok(Shape::CONNECT_FOUR));
        assert_eq!("4".parse(), Ok(Shape::FOUR_BY_FOUR));
        assert_eq!("6x5".parse(), Ok(Shape::new(6, 5, 4, false).unwrap()));
        assert_eq!("8x3".parse(), Ok(Shape::new(8, 3, 4, false).unwrap()));
        assert!("9x9".parse::<Shape>().is_err());
    }

    #[test]
    fn every_line_has_k_cells_and_cell_lists_agree() {
        for shape in Shape::all() {
            let geometry = shape.geometry();
            for &line in &geometry.lines {
                assert_eq!(line.count_ones() as usize, shape.in_a_row());
            }
            for cell in 0..geometry.cells {
                let expected = geometry
                    .lines
                    .iter()
                    .filter(|&&l| l & 1 << cell != 0)
                    .count();
                assert_eq!(geometry.lines_through(cell).count(), expected);
                assert!(expected <= MAX_LINES_PER_CELL);
            }
        }
    }

    /// The win test, by masks where the board has them and by shifts,
    /// against the lines themselves, on every shape: for every cell and
    /// many stone patterns, a line through the cell is complete exactly
    /// when the test says so.
    #[test]
    fn the_win_tests_find_exactly_the_complete_lines() {
        for shape in Shape::SQUARES {
            assert_eq!(shape.geometry().win_masks.len(), shape.cells());
        }
        assert!(Shape::CONNECT_FOUR.geometry().win_masks.is_empty());
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for shape in Shape::all() {
            let geometry = shape.geometry();
            for _ in 0..200 {
                // Dense patterns (three draws ANDed away from full), so
                // that lines are often complete.
                let stones = (next() | next() | next()) & geometry.full;
                for cell in 0..geometry.cells {
                    let expected = geometry.lines_through(cell).any(|line| line & !stones == 0);
                    assert_eq!(
                        geometry.completes_line(cell, stones),
                        expected,
                        "{shape:?} cell {cell} stones {stones:#x}"
                    );
                    assert_eq!(
                        geometry.completes_line_by_shifts(cell, stones),
                        expected,
                        "{shape:?} cell {cell} stones {stones:#x}, by shifts"
                    );
                }
            }
        }
    }

    #[test]
    fn symmetries_are_distinct_permutations_that_keep_lines_and_moves() {
        for shape in Shape::all() {
            let geometry = shape.geometry();
            let expected = if shape.gravity() {
                2
            } else if shape.is_square() {
                8
            } else {
                4
            };
            assert_eq!(geometry.distinct_symmetries().len(), expected, "{shape:?}");
            let mut seen = std::collections::HashSet::new();
            for (index, map) in geometry.symmetries.iter().enumerate() {
                let mut sorted = map.clone();
                sorted.sort_unstable();
                assert!(sorted.iter().enumerate().all(|(i, &c)| i == usize::from(c)));
                assert_eq!(seen.insert(map.clone()), index < expected, "{shape:?}");
                let inverse = &geometry.inverse_symmetries[index];
                assert!(
                    (0..geometry.cells).all(|c| usize::from(inverse[usize::from(map[c])]) == c)
                );
                let image = |mask: u64| bits(mask).fold(0u64, |m, c| m | 1 << map[c]);
                for &line in &geometry.lines {
                    assert!(geometry.lines.contains(&image(line)));
                }
                // With gravity the bottom row stays the bottom row: a
                // stone that may drop somewhere may drop at its image.
                if shape.gravity() {
                    assert_eq!(image(geometry.bottom), geometry.bottom, "{shape:?}");
                }
            }
        }
    }

    #[test]
    fn gravity_offers_the_lowest_free_cell_of_each_column() {
        let geometry = Shape::CONNECT_FOUR.geometry();
        // Empty: the bottom row, cells 36 to 42 counted from 1.
        assert_eq!(geometry.playable(0), 0b111_1111 << 35);
        // A stone in column 4's bottom cell: column 4 offers the cell above.
        let occupied = 1u64 << 38;
        let playable: Vec<usize> = bits(geometry.playable(occupied)).collect();
        assert_eq!(playable, vec![31, 35, 36, 37, 39, 40, 41]);
        assert_eq!(geometry.drop_cell(occupied, 3), Some(31));
        // A full column offers nothing.
        let column = (0..6).fold(0u64, |mask, row| mask | 1 << (row * 7));
        assert_eq!(geometry.drop_cell(column, 0), None);
        assert_eq!(geometry.playable(column).count_ones(), 6);
        // Without gravity every empty cell is playable.
        let plain = Shape::FIVE_IN_A_ROW.geometry();
        assert_eq!(plain.playable(occupied), plain.full & !occupied);
    }
}
