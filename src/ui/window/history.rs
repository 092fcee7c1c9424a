//! The game's history in the window: take back and replay moves, browse
//! the positions, pause, and continue from any position. The window owns
//! the record; the game thread only plays on from a position, so every
//! change of position starts it afresh there.

use std::rc::Rc;

use gtk::subclass::prelude::*;

use super::{Phase, TictactoeWindow, View};
use crate::game::{GameResult, GameSetup};
use crate::ui::widgets::game_settings::Choice;
use tictactoe_engine::board::{Board, BoardError, Outcome, Side};
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_engine::report::SearchReport;
use tictactoe_tools::history::GameRecord;
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::players::PlayerWords;
use tictactoe_words::position::move_numbers;

/// The game the window shows: what it was started with, its moves, and
/// what the search behind each move said.
#[derive(Debug, Clone)]
pub(super) struct WindowGame {
    pub choice: Choice,
    pub seed: u64,
    pub record: GameRecord,
    /// The search behind each move, by ply - 1, over the played and then
    /// the taken-back moves; `None` where a person moved.
    searches: Vec<Option<Rc<SearchReport>>>,
    /// Its result is in the session tally (once, however often it is
    /// taken back and finished again).
    pub tallied: bool,
}

impl WindowGame {
    pub fn new(choice: Choice, seed: u64, record: GameRecord) -> WindowGame {
        let moves = record.len() + record.taken_back().len();
        WindowGame {
            choice,
            seed,
            record,
            searches: vec![None; moves],
            tallied: false,
        }
    }

    /// The game with the searches behind its played moves, as a file
    /// kept them (`None` where a person moved).
    pub fn with_searches(mut self, searches: Vec<Option<SearchReport>>) -> WindowGame {
        for (kept, search) in self.searches.iter_mut().zip(searches) {
            *kept = search.map(Rc::new);
        }
        self
    }

    /// The searches behind the played moves, in order, for a file.
    pub fn played_searches(&self) -> Vec<Option<SearchReport>> {
        self.searches[..self.record.len()]
            .iter()
            .map(|search| search.as_deref().cloned())
            .collect()
    }

    /// Plays `cell`, chosen by `search` (or by a person).
    pub fn play(
        &mut self,
        cell: usize,
        search: Option<Rc<SearchReport>>,
    ) -> Result<Side, BoardError> {
        let ply = self.record.len();
        let replays_taken_back = self.record.taken_back().first() == Some(&cell);
        let side = self.record.play(cell)?;
        if !replays_taken_back {
            self.searches.truncate(ply);
            self.searches.push(None);
        }
        self.searches[ply] = search;
        Ok(side)
    }

    /// The search that chose move `ply` (counting from 1).
    pub fn search_for(&self, ply: usize) -> Option<Rc<SearchReport>> {
        ply.checked_sub(1)
            .and_then(|index| self.searches.get(index).cloned().flatten())
    }

    /// Which sides a person plays, X first.
    pub fn humans(&self) -> [bool; 2] {
        self.choice
            .players
            .map(|(kind, _)| kind == PlayerKind::Human)
    }

    /// The player to move in the record's position.
    pub fn player_to_move(&self) -> (Side, PlayerKind) {
        let side = self.record.position().side_to_move();
        (side, self.choice.players[side.index()].0)
    }
}

/// The end of a finished position, as a game result.
pub(super) fn result_of(board: &Board) -> Option<GameResult> {
    match board.outcome() {
        Outcome::Ongoing => None,
        Outcome::Won(side, _) => Some(GameResult::Won(side)),
        Outcome::Draw => Some(GameResult::Draw),
    }
}

/// "moves 5 and 6", "move 5", for the log.
fn moves_words(first: usize, count: usize) -> String {
    let message = match count {
        1 => gettext("move {first}"),
        2 => gettext("moves {first} and {last}"),
        _ => gettext("moves {first} to {last}"),
    };
    fill(
        &message,
        &[("first", &first), ("last", &(first + count - 1))],
    )
}

impl TictactoeWindow {
    /// Starts a new game on the board's thread from the record's position,
    /// with the game's players, or shows why it cannot go on.
    pub(super) fn play_on(&self) {
        let imp = self.imp();
        self.hide_coach();
        let Some(game) = imp.window_game.borrow().clone() else {
            return;
        };
        let position = game.record.position();
        if let Some(result) = result_of(&position) {
            self.stop_run();
            self.finish(result);
            return;
        }
        let choice = game.choice;
        let setup = self.with_learners(
            GameSetup::new(choice.size, choice.players, game.seed, choice.pause)
                .with_evaluations(choice.evaluations.map(Some))
                .starting_at(position),
        );
        let Some(id) = imp
            .game
            .borrow_mut()
            .as_mut()
            .map(|thread| thread.start(setup))
        else {
            return;
        };
        imp.current.set(Some(id));
        imp.phase.replace(Phase::Starting);
        imp.queued_cells.borrow_mut().clear();
        imp.settings.set_running(Some(choice));
        self.set_thinking(false);
        self.refresh();
    }

    /// Ends the thread's game without ending the window's: its events are
    /// dropped from now on.
    pub(super) fn stop_run(&self) {
        let imp = self.imp();
        if imp.current.take().is_some()
            && let Some(thread) = imp.game.borrow_mut().as_mut()
        {
            thread.end_game();
        }
        self.set_thinking(false);
    }

    /// After the position changed: play on if a person is to move or the
    /// game is over; where a computer would move at once, wait (paused) in
    /// a game of computers, or while Redo has moves to replay, so that
    /// they are not lost.
    fn play_on_or_wait(&self) {
        let waiting = {
            let game = self.imp().window_game.borrow();
            let Some(game) = game.as_ref() else { return };
            let position = game.record.position();
            let humans = game.humans();
            position.outcome() == Outcome::Ongoing
                && !humans[position.side_to_move().index()]
                && (humans == [false, false] || !game.record.taken_back().is_empty())
        };
        if waiting {
            self.pause_here();
        } else {
            self.play_on();
        }
    }

    /// Stops the thread's game and waits at the record's position until
    /// Resume.
    pub(super) fn pause_here(&self) {
        self.stop_run();
        let imp = self.imp();
        imp.phase.replace(Phase::Paused);
        imp.settings.set_running(None);
        self.refresh();
        self.show_position_status();
    }

    /// The Pause/Resume toggle and Space.
    pub(super) fn set_paused(&self, paused: bool) {
        let is_paused = matches!(*self.imp().phase.borrow(), Phase::Paused);
        if paused == is_paused {
            return;
        }
        if paused {
            if self.game_running() {
                self.pause_here();
            }
        } else {
            self.play_on();
        }
    }

    /// Undo: back to the person's previous turn against a computer, one
    /// move otherwise. A running search ends at once.
    pub(super) fn undo(&self) {
        let imp = self.imp();
        let taken = imp.window_game.borrow_mut().as_mut().map(|game| {
            let steps = game.record.undo(game.record.undo_steps(game.humans()));
            (game.record.len() + 1, steps)
        });
        let taken = match taken {
            Some((first, steps)) if steps > 0 => (first, steps),
            Some(_) => {
                self.show_error(&gettext(
                    "Nothing to take back: no earlier turn of yours in this game.",
                ));
                return;
            }
            None => {
                self.show_error(&gettext("There is no game to take moves back from."));
                return;
            }
        };
        self.stop_run();
        self.stop_coaching();
        imp.view.replace(View::Current);
        imp.hint.replace(None);
        imp.search_log.add_game_row(&fill(
            &gettext("Took back {moves}."),
            &[("moves", &moves_words(taken.0, taken.1))],
        ));
        self.play_on_or_wait();
    }

    /// Redo: replays what Undo took back, up to the person's next turn.
    pub(super) fn redo(&self) {
        let imp = self.imp();
        let replayed = imp.window_game.borrow_mut().as_mut().map(|game| {
            let first = game.record.len() + 1;
            let steps = game.record.redo_steps(game.humans());
            let cells: Vec<usize> = game.record.taken_back()[..steps].to_vec();
            game.record.redo(steps);
            (first, cells)
        });
        let replayed = match replayed {
            Some((first, cells)) if !cells.is_empty() => (first, cells),
            _ => {
                self.show_error(&gettext(
                    "Nothing to redo: no move was taken back since the last move.",
                ));
                return;
            }
        };
        self.stop_run();
        imp.view.replace(View::Current);
        imp.hint.replace(None);
        let shape = imp.board_view.board().shape();
        let count = plural_count(replayed.1.len() as u64);
        let replayed_words = if shape.gravity() {
            ngettext(
                "Replayed {moves}: column {cells}.",
                "Replayed {moves}: columns {cells}.",
                count,
            )
        } else {
            ngettext(
                "Replayed {moves}: cell {cells}.",
                "Replayed {moves}: cells {cells}.",
                count,
            )
        };
        imp.search_log.add_game_row(&fill(
            &replayed_words,
            &[
                ("moves", &moves_words(replayed.0, replayed.1.len())),
                ("cells", &move_numbers(shape, &replayed.1, ", ")),
            ],
        ));
        self.play_on_or_wait();
    }

    /// Shows the position after `ply` moves, or the game as it stands.
    pub(super) fn browse(&self, view: View) {
        let imp = self.imp();
        let view = match view {
            View::Move(ply) => {
                let len = self.moves_played();
                if ply >= len {
                    View::Current
                } else {
                    View::Move(ply)
                }
            }
            other => other,
        };
        if !matches!(view, View::Search(_)) {
            imp.search_log.unselect();
        }
        imp.view.replace(view);
        self.refresh();
        self.show_position_status();
    }

    /// Alt+Left: one move back from the shown position.
    pub(super) fn browse_back(&self) {
        let ply = match self.shown_ply() {
            Some(0) | None => {
                self.show_error(&gettext(
                    "This is the game's first position: there is nothing before it.",
                ));
                return;
            }
            Some(ply) => ply - 1,
        };
        self.browse(View::Move(ply));
    }

    /// Alt+Right: one move forward, back to the game after its last move.
    pub(super) fn browse_forward(&self) {
        match self.shown_ply() {
            Some(ply) if !matches!(*self.imp().view.borrow(), View::Current) => {
                self.browse(View::Move(ply + 1));
            }
            _ => self.show_error(&gettext("This is the game's newest position.")),
        }
    }

    /// The moves on the board in the game's record (none without a game).
    fn moves_played(&self) -> usize {
        self.imp()
            .window_game
            .borrow()
            .as_ref()
            .map_or(0, |game| game.record.len())
    }

    /// The number of moves before the shown position, if there is a game.
    pub(super) fn shown_ply(&self) -> Option<usize> {
        let imp = self.imp();
        let game = imp.window_game.borrow();
        let len = game.as_ref()?.record.len();
        let start = game.as_ref()?.record.start().stone_count();
        match &*imp.view.borrow() {
            View::Current => Some(len),
            View::Move(ply) => Some(*ply),
            // The search's position, as the moves before it count.
            View::Search(report) => Some((report.stones.saturating_sub(start) as usize).min(len)),
        }
    }

    /// Continue from here: a new game from the shown position, with the
    /// players in the pickers.
    pub(super) fn continue_from_here(&self) {
        let (board, _, _) = self.shown();
        if let Err(reason) = self.playable(&board) {
            self.show_error(&reason);
            return;
        }
        self.start_from(board, true);
    }

    /// Why no game can be played from `board`, if none can.
    pub(super) fn playable(&self, board: &Board) -> Result<(), String> {
        board.check_reachable().map_err(|error| {
            fill(
                &gettext("{problem} This position cannot arise in a game."),
                &[("problem", &super::sentence(&error.words()))],
            )
        })?;
        match result_of(board) {
            Some(result) => Err(fill(
                &gettext("The position is over ({result}): it can be viewed but not continued."),
                &[("result", &super::view::result_words(&result))],
            )),
            None => Ok(()),
        }
    }

    /// The status line for the shown position while it is not simply the
    /// game's newest.
    pub(super) fn show_position_status(&self) {
        let imp = self.imp();
        let text = match &*imp.view.borrow() {
            View::Move(ply) => {
                let len = self.moves_played();
                fill(
                    &gettext(
                        "Move {number} of {count} (browsing): Alt+Right or End returns to the game.",
                    ),
                    &[("number", ply), ("count", &len)],
                )
            }
            View::Search(report) => fill(
                &gettext(
                    "Before move {number}: what {player} ({side}) saw. Select the row again or press End to return.",
                ),
                &[
                    ("number", &(report.stones + 1)),
                    ("player", &report.player.display_name()),
                    ("side", &report.side.mark()),
                ],
            ),
            View::Current => {
                self.show_current_turn();
                return;
            }
        };
        self.show_status(&text);
    }
}
