use crate::board::Board;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::{Note, SearchReport};
use crate::search::CancelFlag;

/// A person. Moves come from the window or the game thread; the engine only
/// validates them (`Board::validate_move`).
pub struct Human;

impl Player for Human {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Human
    }

    fn is_human(&self) -> bool {
        true
    }

    fn choose_move(&mut self, board: &Board, _cancel: &CancelFlag) -> SearchReport {
        let mut report = SearchReport::new(self.kind(), board);
        report.note = Some(Note::Human);
        report
    }
}
