//! The gravity boards' bitboard, as the Connect Four solvers lay it out:
//! column by column from the left, each column's cells from the bottom
//! up, and one empty bit above each column (the sentinel row), so that a
//! column's lowest free cell is one addition away and no run of stones
//! can wrap from one column into the next. A board fits when
//! `width * (height + 1) <= 64`: every gravity board the app offers but
//! 8x8 (72 bits), which keeps the generic solver.
//!
//! Invariants: `mine` and `all` never have a bit outside `Layout::cells`
//! (no sentinel, nothing past the last column); `mine` is a subset of
//! `all`; each column of `all` is a run of bits from its bottom.

use crate::board::Board;
use crate::geometry::Shape;

/// Where a shape's cells lie in the bitboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layout {
    pub shape: Shape,
    pub width: u32,
    pub height: u32,
    /// Bits of the layout, sentinels included: `width * (height + 1)`.
    pub bits: u32,
    /// The bottom cell of each column.
    pub bottom: u64,
    /// Every cell of the board (no sentinel).
    pub cells: u64,
    /// The columns, centre first (the left one of two equally near).
    pub centre_first: [u8; 8],
}

impl Layout {
    /// The layout of `shape`, if it has gravity and fits in 64 bits.
    pub fn of(shape: Shape) -> Option<Layout> {
        let (width, height) = (shape.width() as u32, shape.height() as u32);
        let bits = width * (height + 1);
        if !shape.gravity() || bits > 64 {
            return None;
        }
        let column_cells = (1u64 << height) - 1;
        let (mut bottom, mut cells) = (0, 0);
        for column in 0..width {
            bottom |= 1 << (column * (height + 1));
            cells |= column_cells << (column * (height + 1));
        }
        let mut centre_first = [0u8; 8];
        let mut columns: Vec<u8> = (0..width as u8).collect();
        // Twice the distance to the centre, so that even widths compare
        // exactly; the left one first among equals (a stable sort).
        columns.sort_by_key(|&column| (2 * i32::from(column) + 1 - width as i32).abs());
        centre_first[..columns.len()].copy_from_slice(&columns);
        Some(Layout {
            shape,
            width,
            height,
            bits,
            bottom,
            cells,
            centre_first,
        })
    }

    /// The cells of `column`.
    #[inline(always)]
    pub fn column(&self, column: u32) -> u64 {
        ((1u64 << self.height) - 1) << (column * (self.height + 1))
    }

    /// The bit of the board's `cell` (the rows' numbering: row 0 on top).
    pub fn bit_of_cell(&self, cell: usize) -> u64 {
        let (row, column) = (cell as u32 / self.width, cell as u32 % self.width);
        1 << (column * (self.height + 1) + self.height - 1 - row)
    }

    /// The board's cell of `bit` (a single bit of a cell), the inverse
    /// of `bit_of_cell`.
    #[inline(always)]
    pub fn cell_of_bit(&self, bit: u64) -> usize {
        let index = bit.trailing_zeros();
        let (column, from_bottom) = (index / (self.height + 1), index % (self.height + 1));
        ((self.height - 1 - from_bottom) * self.width + column) as usize
    }

    /// `board` for its side to move.
    pub fn position_of(&self, board: &Board) -> Position {
        let side = board.side_to_move();
        let to_bits = |stones: u64| {
            crate::geometry::bits(stones).fold(0, |bits, cell| bits | self.bit_of_cell(cell))
        };
        Position {
            mine: to_bits(board.stones(side)),
            all: to_bits(board.occupied()),
            stones: board.stone_count(),
        }
    }

    /// Every empty cell where one more stone gives `stones` a run of `K`,
    /// and some of the others (no sentinel): vertically only the cell
    /// above a run counts, as gravity fills the ones below first. For each direction and each place the
    /// missing cell may have in the run, the stones before it (shifted
    /// towards it) and after it, ANDed: runs of the stones along the
    /// direction, built once for both sides of the cell.
    #[inline(always)]
    pub fn winning_cells<const K: usize>(&self, stones: u64) -> u64 {
        // Vertically only the cell above a column's top run counts.
        let mut found = !0u64;
        for below in 1..K as u32 {
            found &= stones << below;
        }
        let h = self.height;
        for step in [h + 1, h, h + 2] {
            // after[d]: the `d` cells after the cell along `step` are all
            // stones; before[d] the same for the `d` cells before it.
            let mut after = [!0u64; K];
            let mut before = [!0u64; K];
            for d in 1..K {
                let shift = d as u32 * step;
                after[d] = after[d - 1] & (stones >> shift);
                before[d] = before[d - 1] & (stones << shift);
            }
            for place in 0..K {
                found |= before[place] & after[K - 1 - place];
            }
        }
        found & self.cells
    }
}

/// A position as the fast solver walks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Position {
    /// The side to move's stones.
    pub mine: u64,
    /// Every stone.
    pub all: u64,
    pub stones: u32,
}

impl Position {
    /// The lowest free cell of each column that has one.
    #[inline(always)]
    pub fn playable(&self, layout: &Layout) -> u64 {
        (self.all + layout.bottom) & layout.cells
    }

    /// The position after the side to move drops a stone on `cell` (one
    /// of `playable`): the opponent moves next.
    #[inline(always)]
    pub fn play(&self, cell: u64) -> Position {
        Position {
            mine: self.mine ^ self.all,
            all: self.all | cell,
            stones: self.stones + 1,
        }
    }

    /// The opponent's stones.
    #[inline(always)]
    pub fn theirs(&self) -> u64 {
        self.mine ^ self.all
    }

    /// A key that tells every position of the layout apart: the mover's
    /// stones plus every column's lowest free cell (`all + bottom`), which
    /// marks each column's height with the bit above its stones.
    #[inline(always)]
    pub fn key(&self, layout: &Layout) -> u64 {
        self.mine + self.all + layout.bottom
    }

    /// The key of the mirror image (columns in the reverse order).
    #[inline(always)]
    pub fn mirror_key(&self, layout: &Layout) -> u64 {
        let key = self.key(layout);
        let span = layout.height + 1;
        let column_bits = (1u64 << span) - 1;
        let mut mirrored = 0;
        for column in 0..layout.width {
            let bits = (key >> (column * span)) & column_bits;
            mirrored |= bits << ((layout.width - 1 - column) * span);
        }
        mirrored
    }

    /// The empty cells where a stone would win for the side to move.
    #[inline(always)]
    pub fn my_wins<const K: usize>(&self, layout: &Layout) -> u64 {
        layout.winning_cells::<K>(self.mine) & !self.all
    }

    /// The empty cells where a stone would win for the opponent.
    #[inline(always)]
    pub fn their_wins<const K: usize>(&self, layout: &Layout) -> u64 {
        layout.winning_cells::<K>(self.theirs()) & !self.all
    }

    /// True if the side to move wins with its next stone.
    #[inline(always)]
    pub fn can_win_now<const K: usize>(&self, layout: &Layout) -> bool {
        self.my_wins::<K>(layout) & self.playable(layout) != 0
    }

    /// The moves after which the opponent cannot win at once, for a side
    /// to move that cannot win at once: where the opponent threatens to
    /// win, the cell that stops it (two such cells: none helps), and
    /// never the cell below one of its threats.
    #[inline(always)]
    pub fn safe_moves<const K: usize>(&self, layout: &Layout) -> u64 {
        let mut moves = self.playable(layout);
        let threats = self.their_wins::<K>(layout);
        let forced = moves & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            moves = forced;
        }
        moves & !(threats >> 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Outcome;

    fn winning_cells(layout: &Layout, stones: u64) -> u64 {
        match layout.shape.in_a_row() {
            3 => layout.winning_cells::<3>(stones),
            4 => layout.winning_cells::<4>(stones),
            5 => layout.winning_cells::<5>(stones),
            _ => layout.winning_cells::<6>(stones),
        }
    }

    /// On random games of every gravity shape that fits: each move's bit,
    /// the playable cells, the key's uniqueness along the game and the
    /// win test agree with `Board`.
    #[test]
    fn moves_and_wins_agree_with_the_board() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut shapes = 0;
        for shape in Shape::all().filter(|shape| shape.gravity()) {
            let Some(layout) = Layout::of(shape) else {
                assert_eq!((shape.width(), shape.height()), (8, 8));
                continue;
            };
            shapes += 1;
            let geometry = shape.geometry();
            for _ in 0..20 {
                let mut board = Board::new(shape);
                let mut keys = std::collections::HashSet::new();
                while board.outcome() == Outcome::Ongoing {
                    let position = layout.position_of(&board);
                    assert!(keys.insert(position.key(&layout)));
                    let playable = crate::geometry::bits(board.moves())
                        .fold(0, |bits, cell| bits | layout.bit_of_cell(cell));
                    assert_eq!(position.playable(&layout), playable, "{board}");
                    let side = board.side_to_move();
                    for (stones, bits) in [
                        (board.stones(side), position.mine),
                        (board.stones(side.opponent()), position.theirs()),
                    ] {
                        let expected = crate::geometry::bits(board.empty())
                            .filter(|&cell| geometry.completes_line(cell, stones | 1 << cell))
                            .fold(0, |found, cell| found | layout.bit_of_cell(cell));
                        let found = winning_cells(&layout, bits) & !position.all;
                        assert_eq!(found, expected, "{board}");
                    }
                    let moves: Vec<usize> = board.legal_moves().collect();
                    let cell = moves[random() as usize % moves.len()];
                    board.play(cell).unwrap();
                    assert_eq!(
                        position.play(layout.bit_of_cell(cell)),
                        layout.position_of(&board)
                    );
                }
            }
        }
        assert!(shapes > 100, "{shapes}");
    }
}
