//! The `Player` trait: what every algorithm in `players` implements. It
//! knows no algorithm; `players::create` builds them.

use super::board::Board;
use super::player_kind::PlayerKind;
use super::report::SearchReport;
use super::search::CancelFlag;

/// Something that decides moves. One implementation per algorithm.
pub trait Player: Send {
    fn kind(&self) -> PlayerKind;

    /// Human players take their moves from outside; the game asks the
    /// person instead of calling `choose_move`.
    fn is_human(&self) -> bool {
        false
    }

    /// Decides a move for the side to move in `board`. Stops early, with
    /// `aborted` set, once `cancel` is set. On a finished game (won or
    /// full) there is no move to make: every player returns a report with
    /// `best: None` and a note that the game is over.
    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport;
}
