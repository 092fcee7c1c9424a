//! A person's moves: a click or key on the board, played if it is their
//! turn and the cell is free, refused with the reason otherwise.

use gtk::subclass::prelude::*;

use super::view::result_words;
use super::{Phase, TictactoeWindow, View};
use crate::game::GameResult;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::players::PlayerWords;
use tictactoe_words::position::move_numbers;

impl TictactoeWindow {
    /// Why the board takes no move now, whatever cell was chosen.
    pub(super) fn turn_refusal(&self) -> Option<String> {
        let imp = self.imp();
        if !matches!(*imp.view.borrow(), View::Current) {
            return Some(gettext(
                "You are looking at an earlier position: press End to return to the game, or Continue from here to play from it.",
            ));
        }
        match &*imp.phase.borrow() {
            Phase::NoGame => Some(gettext("No game is running: press Start to play.")),
            // The game restarts from a position where a person moves (after
            // Undo): their move is played as the turn comes.
            Phase::Starting if self.person_to_move() => None,
            Phase::Starting => Some(gettext("Just a moment: the game is starting.")),
            Phase::Paused => Some(gettext(
                "The game is paused: press Resume (Space) to play on.",
            )),
            Phase::Over(GameResult::Aborted(_)) => {
                Some(gettext("The game was ended: press Start for a new one."))
            }
            Phase::Over(result) => Some(fill(
                &gettext("The game is over ({result}): press Start for a new one, or Undo."),
                &[("result", &result_words(result))],
            )),
            Phase::ToMove {
                side,
                player,
                human: false,
            } => Some(fill(
                &gettext("It is {side}'s turn, played by {player}: wait for its move."),
                &[("side", &side.mark()), ("player", &player.display_name())],
            )),
            Phase::ToMove { human: true, .. } | Phase::MoveSent => None,
        }
    }

    pub(super) fn cell_activated(&self, cell: usize) {
        let imp = self.imp();
        if imp.editing.get().is_some() {
            self.cycle_cell(cell);
            return;
        }
        if let Some(reason) = self.turn_refusal() {
            self.show_error(&reason);
            return;
        }
        if matches!(*imp.phase.borrow(), Phase::Starting | Phase::MoveSent) {
            // Played in order once the game asks for it.
            imp.queued_cells.borrow_mut().push_back(cell);
            return;
        }
        self.send_move(cell);
    }

    /// Whether the game's position waits for a person: the side to move
    /// is played by one.
    fn person_to_move(&self) -> bool {
        self.imp()
            .window_game
            .borrow()
            .as_ref()
            .is_some_and(|game| game.humans()[game.record.position().side_to_move().index()])
    }

    pub(super) fn grid_missed(&self) {
        let reason = self.turn_refusal().unwrap_or_else(|| {
            gettext("That click was beside the grid: click inside a free cell.")
        });
        self.show_error(&reason);
    }

    /// Sends a person's move if the cell is free; says why not otherwise.
    pub(super) fn send_move(&self, cell: usize) {
        let imp = self.imp();
        let board = imp.board_view.board();
        if let Some(owner) = board.cell(cell) {
            imp.queued_cells.borrow_mut().clear();
            self.show_error(&fill(
                &gettext("Cell {cell} is taken by {side}: choose a free cell."),
                &[("cell", &(cell + 1)), ("side", &owner.mark())],
            ));
            return;
        }
        if let (Some(game), Some(id)) = (imp.game.borrow_mut().as_mut(), imp.current.get()) {
            game.human_move(id, cell);
            imp.phase.replace(Phase::MoveSent);
        }
        self.refresh();
    }

    /// Says that cells chosen ahead were not played, if there were any:
    /// by column on a board with gravity.
    pub(super) fn drop_queued_cells(&self, why: &str) {
        let cells: Vec<usize> = self.imp().queued_cells.borrow_mut().drain(..).collect();
        if !cells.is_empty() {
            let shape = self.imp().board_view.board().shape();
            let count = plural_count(cells.len() as u64);
            let not_played = if shape.gravity() {
                ngettext(
                    "Not played: column {cells}, chosen ahead; {why}.",
                    "Not played: columns {cells}, chosen ahead; {why}.",
                    count,
                )
            } else {
                ngettext(
                    "Not played: cell {cells}, chosen ahead; {why}.",
                    "Not played: cells {cells}, chosen ahead; {why}.",
                    count,
                )
            };
            self.show_error(&fill(
                &not_played,
                &[("cells", &move_numbers(shape, &cells, ", ")), ("why", &why)],
            ));
        }
    }
}
