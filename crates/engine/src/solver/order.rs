//! The fast solver's move order: the moves that leave the most cells
//! where the mover's next stone would win (threats, empty cells only)
//! first, and among equals the column nearer the centre.

use super::bitboard::{Layout, Position};

/// Moves, best first, as single-bit cells.
pub(crate) struct MoveOrder {
    cells: [u64; 8],
    count: usize,
}

impl MoveOrder {
    /// `moves` (one cell per column at most) of `position`, ordered.
    #[inline(always)]
    pub fn of<const K: usize>(layout: &Layout, position: &Position, moves: u64) -> MoveOrder {
        let mut order = MoveOrder {
            cells: [0; 8],
            count: 0,
        };
        let mut scores = [0u32; 8];
        for &column in &layout.centre_first[..layout.width as usize] {
            let cell = moves & layout.column(u32::from(column));
            if cell == 0 {
                continue;
            }
            let after = position.all | cell;
            let score = (layout.winning_cells::<K>(position.mine | cell) & !after).count_ones();
            // Insertion after the equals: the order stays centre first.
            let mut at = order.count;
            while at > 0 && scores[at - 1] < score {
                order.cells[at] = order.cells[at - 1];
                scores[at] = scores[at - 1];
                at -= 1;
            }
            order.cells[at] = cell;
            scores[at] = score;
            order.count += 1;
        }
        order
    }

    pub fn cells(&self) -> &[u64] {
        &self.cells[..self.count]
    }
}
