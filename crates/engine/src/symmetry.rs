//! Symmetry-aware position keys: a position and its seven rotations and
//! reflections share one transposition-table entry.

use super::board::{Board, Side};
use super::geometry::Geometry;
use super::geometry::bits;

/// The Zobrist keys of a position seen through each of the eight
/// symmetries of the square, updated by XOR like the board's own key.
#[derive(Debug, Clone, Copy)]
pub struct SymmetricKeys {
    keys: [u64; 8],
}

/// A canonical key and the symmetry that maps the position onto the
/// canonical one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canonical {
    pub key: u64,
    pub symmetry: usize,
}

impl SymmetricKeys {
    pub fn of(board: &Board) -> SymmetricKeys {
        let mut keys = SymmetricKeys { keys: [0; 8] };
        for side in [Side::Max, Side::Min] {
            for cell in bits(board.stones(side)) {
                keys.toggle(board.geometry(), cell, side);
            }
        }
        keys
    }

    /// Adds or removes a stone, like `Board::toggle`.
    #[inline(always)]
    pub fn toggle(&mut self, geometry: &Geometry, cell: usize, side: Side) {
        let row = geometry.symmetric_zobrist(side.index(), cell);
        for (key, step) in self.keys.iter_mut().zip(row) {
            *key ^= step;
        }
    }

    /// The smallest of the eight keys, which all symmetric positions share.
    /// A tournament without branches (which key is smallest is
    /// unpredictable): three rounds of independent comparisons instead of a
    /// chain of seven.
    #[inline]
    pub fn canonical(&self) -> Canonical {
        let smaller =
            |a: (u64, usize), b: (u64, usize)| std::hint::select_unpredictable(b.0 < a.0, b, a);
        let k = &self.keys;
        let quarter = [
            smaller((k[0], 0), (k[1], 1)),
            smaller((k[2], 2), (k[3], 3)),
            smaller((k[4], 4), (k[5], 5)),
            smaller((k[6], 6), (k[7], 7)),
        ];
        let (key, symmetry) = smaller(
            smaller(quarter[0], quarter[1]),
            smaller(quarter[2], quarter[3]),
        );
        Canonical { key, symmetry }
    }
}

impl Canonical {
    /// A move of the position, as a move of the canonical position.
    #[inline]
    pub fn to_canonical(self, geometry: &Geometry, cell: usize) -> usize {
        geometry.symmetries[self.symmetry][cell] as usize
    }

    /// A move of the canonical position, as a move of this position.
    #[inline]
    pub fn from_canonical(self, geometry: &Geometry, cell: usize) -> usize {
        geometry.inverse_symmetries[self.symmetry][cell] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_share_a_canonical_key() {
        // A corner opening in each of the four corners, and edge openings.
        let corners: Vec<Board> = ["x........", "..x......", "......x..", "........x"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        let key = SymmetricKeys::of(&corners[0]).canonical().key;
        assert!(
            corners
                .iter()
                .all(|b| SymmetricKeys::of(b).canonical().key == key)
        );
        let edge: Board = ".x.......".parse().unwrap();
        assert_ne!(SymmetricKeys::of(&edge).canonical().key, key);
    }

    #[test]
    fn moves_map_to_and_from_the_canonical_position() {
        // No symmetry maps either position onto itself, so the map is unique.
        let board: Board = "..x/o../...".parse().unwrap();
        let mirrored: Board = "x../..o/...".parse().unwrap();
        let (a, b) = (
            SymmetricKeys::of(&board).canonical(),
            SymmetricKeys::of(&mirrored).canonical(),
        );
        assert_eq!(a.key, b.key);
        let geometry = board.geometry();
        // Cell 0 of `board` is cell 2 of its mirror image.
        let shared = a.to_canonical(geometry, 0);
        assert_eq!(b.from_canonical(geometry, shared), 2);
        for cell in 0..9 {
            assert_eq!(
                a.from_canonical(geometry, a.to_canonical(geometry, cell)),
                cell
            );
        }
    }

    #[test]
    fn incremental_keys_match_fresh_ones() {
        let mut board: Board = "x.o/.x./...".parse().unwrap();
        let mut keys = SymmetricKeys::of(&board);
        keys.toggle(board.geometry(), 8, Side::Min);
        board.toggle(8, Side::Min);
        assert_eq!(keys.canonical(), SymmetricKeys::of(&board).canonical());
    }
}
