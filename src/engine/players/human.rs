use crate::engine::{Board, CancelFlag, Player, PlayerKind, SearchReport};
use crate::i18n::gettext;

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
        report.note = Some(gettext("a human chooses this move from outside the engine"));
        report
    }
}
