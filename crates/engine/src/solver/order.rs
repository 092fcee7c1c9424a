//! The fast solver's move order: the move the table remembers first, then
//! the moves that leave the most cells where the mover's next stone would
//! win (threats, empty cells only), and among equals the column nearer
//! the centre.

use super::bitboard::{Layout, Position};

/// Moves, best first: each one's cell (a single bit) and column.
pub(crate) struct MoveOrder {
    moves: [(u64, u32); 8],
    count: usize,
}

impl MoveOrder {
    /// `moves` (one cell per column at most) of `position`, ordered, the
    /// column `first` first if it is one of them.
    #[inline(always)]
    pub fn of<const K: usize>(
        layout: &Layout,
        position: &Position,
        moves: u64,
        first: Option<u32>,
    ) -> MoveOrder {
        let mut order = MoveOrder {
            moves: [(0, 0); 8],
            count: 0,
        };
        let mut scores = [0u32; 8];
        for &column in &layout.centre_first[..layout.width as usize] {
            let column = u32::from(column);
            let cell = moves & layout.column(column);
            if cell == 0 {
                continue;
            }
            let score = if first == Some(column) || moves & (moves - 1) == 0 {
                // The one to try first, or the only one.
                u32::MAX
            } else {
                let after = position.all | cell;
                (layout.winning_cells::<K>(position.mine | cell) & !after).count_ones()
            };
            // Insertion after the equals: the order stays centre first.
            let mut at = order.count;
            while at > 0 && scores[at - 1] < score {
                order.moves[at] = order.moves[at - 1];
                scores[at] = scores[at - 1];
                at -= 1;
            }
            order.moves[at] = (cell, column);
            scores[at] = score;
            order.count += 1;
        }
        order
    }

    /// The order started `by` moves further along (round the end).
    pub fn rotate(&mut self, by: usize) {
        if self.count > 1 {
            self.moves[..self.count].rotate_left(by % self.count);
        }
    }

    pub fn moves(&self) -> &[(u64, u32)] {
        &self.moves[..self.count]
    }
}
