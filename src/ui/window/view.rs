//! What the board shows and what the controls can do: the shown position
//! with its last move and scores, the actions' states, and the status line's
//! account of the game.

use gtk::gio;
use gtk::prelude::*;
use gtk::subclass::prelude::*;

use super::{Hint, Phase, TictactoeWindow, View, setup};
use crate::game::GameResult;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_words::cell_marks::CellMark;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::players::PlayerWords;

impl TictactoeWindow {
    /// The board's position, last move and scores, as the view asks.
    pub(super) fn shown(&self) -> (Board, Option<usize>, Vec<CellMark>) {
        let imp = self.imp();
        if let Some(board) = imp.editing.get() {
            return (board, None, Vec::new());
        }
        let game = imp.window_game.borrow();
        let last_move = |ply: usize| {
            game.as_ref()
                .and_then(|game| game.record.move_at(ply))
                .map(|(_, cell)| cell)
        };
        let search_marks = |ply: usize, shape: Shape| {
            game.as_ref()
                .and_then(|game| game.search_for(ply))
                .map_or_else(Vec::new, |report| self.marks_of(&report, shape))
        };
        match &*imp.view.borrow() {
            View::Move(ply) => {
                let board = game
                    .as_ref()
                    .and_then(|game| game.record.position_at(*ply))
                    .unwrap_or_else(|| imp.board_view.board());
                (board, last_move(*ply), search_marks(*ply, board.shape()))
            }
            View::Search(report) => {
                let board =
                    Board::arrangement(&report.position).unwrap_or_else(|_| imp.board_view.board());
                (board, None, self.marks_of(report, board.shape()))
            }
            View::Current => {
                let (board, ply) = match game.as_ref() {
                    Some(game) => (game.record.position(), Some(game.record.len())),
                    None => (
                        imp.setup
                            .get()
                            .unwrap_or_else(|| Board::new(imp.settings.choice().size)),
                        None,
                    ),
                };
                let marks = match &*imp.hint.borrow() {
                    Some(Hint::Shown {
                        board: hinted,
                        report,
                    }) if *hinted == board => setup::hint_marks(report, board.shape()),
                    _ => ply.map_or_else(Vec::new, |ply| search_marks(ply, board.shape())),
                };
                (board, ply.and_then(last_move), marks)
            }
        }
    }

    /// Shows on the board what the view asks for, and sets what the
    /// controls can do now.
    pub(super) fn refresh(&self) {
        let imp = self.imp();
        let (board, last_move, marks) = self.shown();
        imp.board_view.show_position(board, last_move);
        self.fit_board_frame(board.shape());
        imp.board_view.set_marks(marks);
        imp.evaluation_panel.show_board(board);
        let person_to_move = matches!(*imp.phase.borrow(), Phase::ToMove { human: true, .. });
        imp.board_view.set_accepting(
            person_to_move
                && matches!(*imp.view.borrow(), View::Current)
                && imp.editing.get().is_none(),
        );
        self.update_actions(&board);
    }

    /// Enables what can be used now; Start says why not in its tooltip.
    pub(super) fn update_actions(&self, shown: &Board) {
        let imp = self.imp();
        let editing = imp.editing.get().is_some();
        let running = self.game_running();
        let paused = self.is_paused();
        let (undo, redo, moves, computer_plays) = match imp.window_game.borrow().as_ref() {
            Some(game) => (
                game.record.undo_steps(game.humans()) > 0,
                game.record.redo_steps(game.humans()) > 0,
                !game.record.is_empty(),
                game.humans().contains(&false),
            ),
            None => (false, false, false, false),
        };
        let current = matches!(*imp.view.borrow(), View::Current);
        let start_problem = if editing {
            self.playable(shown).err()
        } else {
            imp.setup
                .get()
                .and_then(|board| self.playable(&board).err())
        };
        let hint_asked = matches!(*imp.hint.borrow(), Some(Hint::Asked { .. }));
        let hint_possible = !editing
            && current
            && match &*imp.phase.borrow() {
                Phase::ToMove { human, .. } => *human,
                Phase::Starting | Phase::MoveSent => false,
                Phase::NoGame | Phase::Paused | Phase::Over(_) => self.playable(shown).is_ok(),
            };
        self.action_set_enabled("win.start", start_problem.is_none());
        imp.start_button.set_tooltip_text(Some(
            start_problem
                .as_deref()
                .unwrap_or(&imp.start_tooltip.borrow()),
        ));
        self.action_set_enabled("win.end", running || paused);
        self.action_set_enabled("win.request-end", running || paused || hint_asked);
        self.action_set_enabled("win.undo", undo && !editing);
        self.action_set_enabled("win.redo", redo && !editing);
        self.set_toggle_action(
            "pause",
            (running || paused) && computer_plays && !editing,
            paused,
        );
        imp.pause_button.set_tooltip_text(Some(&if paused {
            gettext("Resume the game from the position on the board (Space)")
        } else {
            gettext("Pause the game so that it can be browsed; a running search stops (Space)")
        }));
        for action in ["win.browse-back", "win.browse-forward", "win.browse-first"] {
            self.action_set_enabled(action, moves && !editing);
        }
        self.action_set_enabled("win.browse-last", !editing);
        self.action_set_enabled("win.review", moves && !editing);
        imp.review_button
            .set_visible(moves && matches!(*imp.phase.borrow(), Phase::Over(_)));
        self.action_set_enabled("win.continue", !editing && self.playable(shown).is_ok());
        self.action_set_enabled("win.hint", hint_possible || hint_asked);
        let saveable = imp.window_game.borrow().is_some() || imp.setup.get().is_some();
        self.action_set_enabled("win.save", saveable && !editing);
        let edit_possible = !matches!(*imp.phase.borrow(), Phase::Starting | Phase::MoveSent);
        self.set_toggle_action("edit", edit_possible || editing, editing);
        imp.position_editor.set_visible(editing);
    }

    /// Enables or disables an on/off action and sets its state, as its
    /// toggle button shows it. (`action_set_enabled` reaches only the
    /// actions the class installs.)
    pub(super) fn set_toggle_action(&self, name: &str, enabled: bool, on: bool) {
        if let Some(action) = self.lookup_action(name).and_downcast::<gio::SimpleAction>() {
            action.set_enabled(enabled);
            action.set_state(&on.to_variant());
        }
    }

    /// Says whose turn it is or how the game stands, as the phase has it.
    pub(super) fn show_current_turn(&self) {
        let imp = self.imp();
        let phase = imp.phase.borrow().clone();
        let text = match phase {
            Phase::ToMove {
                side, human: true, ..
            } => {
                // The short way in: digits on 3x3 and for a board's
                // columns, arrows elsewhere.
                let shape = imp.board_view.board().shape();
                let message = if shape == Shape::TIC_TAC_TOE {
                    gettext("{side} to move, played by you: click a cell or press 1-9.")
                } else if shape.gravity() {
                    gettext("{side} to move, played by you: click a column or press 1-{last}.")
                } else {
                    gettext(
                        "{side} to move, played by you: click a cell or use the arrows and Enter.",
                    )
                };
                fill(
                    &message,
                    &[("side", &side.label()), ("last", &shape.width())],
                )
            }
            Phase::ToMove { side, player, .. } => {
                let message = if self.is_thinking() {
                    gettext("{player} ({mark}) is thinking…")
                } else {
                    gettext("{side} to move, played by {player}.")
                };
                fill(
                    &message,
                    &[
                        ("player", &player.display_name()),
                        ("mark", &side.mark()),
                        ("side", &side.label()),
                    ],
                )
            }
            Phase::Paused => {
                let game = imp.window_game.borrow();
                let Some(game) = game.as_ref() else { return };
                let (side, player) = game.player_to_move();
                fill(
                    &gettext(
                        "Paused after move {number}: {side} to move, played by {player}. Resume (Space) plays on.",
                    ),
                    &[
                        ("number", &game.record.len()),
                        ("side", &side.label()),
                        ("player", &display_name(player)),
                    ],
                )
            }
            Phase::Over(result) => self.result_text(&result),
            Phase::NoGame => match imp.setup.get() {
                Some(board) => setup::setup_words(&board),
                None => gettext("Choose the players, then press Start."),
            },
            Phase::Starting | Phase::MoveSent => return,
        };
        self.show_status(&text);
    }

    /// How a game ended, in the same words on the status line and in the log.
    pub(super) fn result_text(&self, result: &GameResult) -> String {
        match result {
            GameResult::Won(side) => match self.imp().window_game.borrow().as_ref() {
                Some(game) => fill(
                    &gettext("Game over: {side} wins, played by {player}."),
                    &[
                        ("side", &side.label()),
                        (
                            "player",
                            &game.choice.players[side.index()].0.display_name(),
                        ),
                    ],
                ),
                None => fill(
                    &gettext("Game over: {side} wins."),
                    &[("side", &side.label())],
                ),
            },
            GameResult::Resigned(side) => fill(
                &gettext("Game over: {side} resigns, {winner} wins."),
                &[
                    ("side", &side.label()),
                    ("winner", &side.opponent().label()),
                ],
            ),
            GameResult::Draw => gettext("Game over: a draw, nobody completed a line."),
            GameResult::Aborted(reason) => {
                fill(&gettext("Game over: {reason}."), &[("reason", reason)])
            }
        }
    }
}

/// A player as the status line names it: "you" for a person.
fn display_name(player: PlayerKind) -> String {
    match player {
        PlayerKind::Human => gettext("you"),
        other => other.display_name(),
    }
}

/// A finished game's result in a few words.
pub(super) fn result_words(result: &GameResult) -> String {
    match result {
        GameResult::Won(side) => fill(&gettext("{side} won"), &[("side", &side.mark())]),
        GameResult::Resigned(side) => fill(&gettext("{side} resigned"), &[("side", &side.mark())]),
        GameResult::Draw => gettext("a draw"),
        GameResult::Aborted(reason) => reason.clone(),
    }
}
