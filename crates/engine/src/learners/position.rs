//! 3x3 positions as small numbers, and the same numbers up to symmetry:
//! the learners' tables are indexed by them. A position's code counts its
//! cells in base 3 (0 empty, 1 X, 2 O; cell 0 lowest), so every position
//! has one below `CODES`; its canonical code is the smallest code among its
//! eight rotations and reflections.

use std::sync::OnceLock;

use crate::board::{Board, Side};
use crate::geometry::{Geometry, Shape};

/// How many codes there are: 3^9.
pub const CODES: usize = 19_683;

/// Cells on the board.
pub const CELLS: usize = 9;

/// A position's canonical code, and the symmetry that maps the position
/// onto the canonical one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canonical {
    pub code: u16,
    symmetry: u8,
}

impl Canonical {
    /// A cell of the position, as a cell of the canonical position.
    pub fn to_canonical(self, cell: usize) -> usize {
        geometry().symmetries[usize::from(self.symmetry)][cell] as usize
    }

    /// A cell of the canonical position, as a cell of this position.
    pub fn from_canonical(self, cell: usize) -> usize {
        geometry().inverse_symmetries[usize::from(self.symmetry)][cell] as usize
    }
}

fn geometry() -> &'static Geometry {
    Shape::TIC_TAC_TOE.geometry()
}

/// The code of a 3x3 position.
pub fn code(board: &Board) -> u16 {
    (0..CELLS).rev().fold(0, |code, cell| {
        code * 3
            + match board.cell(cell) {
                None => 0,
                Some(Side::Max) => 1,
                Some(Side::Min) => 2,
            }
    })
}

/// The stone on each cell of the position `code` names: 0 empty, 1 X, 2 O.
fn digits(mut code: u16) -> [u8; CELLS] {
    std::array::from_fn(|_| {
        let digit = (code % 3) as u8;
        code /= 3;
        digit
    })
}

fn from_digits(digits: &[u8; CELLS]) -> u16 {
    digits
        .iter()
        .rev()
        .fold(0, |code, &digit| code * 3 + u16::from(digit))
}

/// The position `code` names (not checked for being reachable).
pub fn board(code: u16) -> Board {
    let mut board = Board::new(Shape::TIC_TAC_TOE);
    for (cell, digit) in digits(code).into_iter().enumerate() {
        match digit {
            1 => board.toggle(cell, Side::Max),
            2 => board.toggle(cell, Side::Min),
            _ => {}
        }
    }
    board
}

/// The position `code` seen through `symmetry`.
fn transformed(code: u16, symmetry: usize) -> u16 {
    let map = &geometry().symmetries[symmetry];
    let old = digits(code);
    let mut new = [0; CELLS];
    for (cell, digit) in old.into_iter().enumerate() {
        new[map[cell] as usize] = digit;
    }
    from_digits(&new)
}

/// Every code's canonical form, computed once.
fn table() -> &'static [Canonical] {
    static TABLE: OnceLock<Vec<Canonical>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..CODES as u16)
            .map(|code| {
                (0..8)
                    .map(|symmetry| Canonical {
                        code: transformed(code, symmetry),
                        symmetry: symmetry as u8,
                    })
                    .min_by_key(|canonical| canonical.code)
                    .expect("eight symmetries")
            })
            .collect()
    })
}

/// The canonical form of a 3x3 position.
pub fn canonical(board: &Board) -> Canonical {
    table()[usize::from(code(board))]
}

/// The cells of the canonical position `code` that differ up to its own
/// symmetries, as a mask: of cells that a symmetry keeping the position
/// as it is swaps (the four corners of the empty board), only the lowest.
/// Michie gave a box beads only for these.
pub fn distinct_cells(code: u16) -> u16 {
    let geometry = geometry();
    let keeping: Vec<usize> = (0..8)
        .filter(|&symmetry| transformed(code, symmetry) == code)
        .collect();
    let stones = digits(code);
    (0..CELLS)
        .filter(|&cell| stones[cell] == 0)
        .filter(|&cell| {
            keeping
                .iter()
                .all(|&symmetry| geometry.symmetries[symmetry][cell] as usize >= cell)
        })
        .fold(0, |mask, cell| mask | 1 << cell)
}

/// The cell of the canonical position `code` whose beads stand for its
/// free cell `cell`: the lowest of the cells the position's own symmetries
/// map `cell` onto, one of `distinct_cells`.
pub fn bead_cell(code: u16, cell: usize) -> usize {
    let geometry = geometry();
    (0..8)
        .filter(|&symmetry| transformed(code, symmetry) == code)
        .map(|symmetry| geometry.symmetries[symmetry][cell] as usize)
        .min()
        .expect("the identity keeps every position")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_symmetric_positions_share_one() {
        let position: Board = "x.o/.x./...".parse().unwrap();
        assert_eq!(board(code(&position)), position);
        let mirrored: Board = "o.x/.x./...".parse().unwrap();
        assert_eq!(canonical(&position).code, canonical(&mirrored).code);
        let canonical = canonical(&position);
        let shared = board(canonical.code);
        // A stone's cell maps to the cell holding the same stone.
        for cell in 0..CELLS {
            assert_eq!(
                shared.cell(canonical.to_canonical(cell)),
                position.cell(cell)
            );
            assert_eq!(canonical.from_canonical(canonical.to_canonical(cell)), cell);
        }
    }

    #[test]
    fn the_empty_board_has_three_distinct_moves() {
        // Corner, edge, centre.
        assert_eq!(distinct_cells(0).count_ones(), 3);
        // X in the centre: a corner or an edge.
        let centre = canonical(&".../.x./...".parse().unwrap());
        assert_eq!(distinct_cells(centre.code).count_ones(), 2);
        // No symmetry keeps this one: every free cell counts.
        let lopsided = canonical(&"xo./.../...".parse().unwrap());
        assert_eq!(distinct_cells(lopsided.code).count_ones(), 7);
        // Every corner of the empty board is cell 0's bead, every edge
        // cell 1's.
        assert!([0, 2, 6, 8].iter().all(|&cell| bead_cell(0, cell) == 0));
        assert!([1, 3, 5, 7].iter().all(|&cell| bead_cell(0, cell) == 1));
        assert_eq!(bead_cell(0, 4), 4);
    }
}
