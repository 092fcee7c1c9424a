//! One module per player algorithm.

mod alphabeta;
mod alphabeta_random;
mod alphabeta_tt;
mod human;
pub(crate) mod mcts;
mod minimax;
mod perfect;
mod random;
mod rules;

pub use alphabeta::AlphaBetaPlayer;
pub use alphabeta_random::AlphaBetaRandomPlayer;
pub use alphabeta_tt::{AlphaBetaTtPlayer, table_bytes};
pub use human::Human;
pub use mcts::MctsPlayer;
pub use minimax::MinimaxPlayer;
pub use perfect::{PerfectPlayer, PerfectTable};
pub use random::RandomPlayer;
pub use rules::{Rule, RulesPlayer};

/// A player whose search fails the way a bug would: for the tests of the
/// code that must survive such a failure.
#[cfg(test)]
pub(crate) struct Panicking;

#[cfg(test)]
impl crate::engine::Player for Panicking {
    fn kind(&self) -> crate::engine::PlayerKind {
        crate::engine::PlayerKind::AlphaBetaTt
    }

    fn choose_move(
        &mut self,
        _board: &crate::engine::Board,
        _cancel: &crate::engine::CancelFlag,
    ) -> crate::engine::SearchReport {
        panic!("deliberate test failure")
    }
}
