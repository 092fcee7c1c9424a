//! The game thread's events, as the window shows them: moves into the
//! record and onto the board, the end of a game, and a failed thread.

use std::rc::Rc;

use gtk::glib;
use gtk::prelude::*;
use gtk::subclass::prelude::*;

use super::{Phase, TictactoeWindow, View, sentence};
use crate::game::{Event, GameResult, GameThread};
use crate::ui::review::judge_later;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::report::SearchReport;
use tictactoe_tools::review::{Accuracy, Review};
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::players::PlayerWords;

impl TictactoeWindow {
    /// Shows the game thread's events as they come, on the main thread.
    pub(super) fn listen(&self, events: async_channel::Receiver<Event>) {
        // Weak: the window owns the thread, and the thread's channel must
        // not keep the window alive.
        let window = self.downgrade();
        glib::spawn_future_local(async move {
            while let Ok(event) = events.recv().await {
                let Some(window) = window.upgrade() else {
                    break;
                };
                window.handle_event(event);
            }
            // The channel closed: the game thread is gone. While the window
            // still holds it, that is a failure, not the window closing.
            if let Some(window) = window.upgrade() {
                window.replace_failed_game_thread();
            }
        });
    }

    /// Starts a new game thread in place of one that stopped, and says so:
    /// the game it ran is lost, the window goes on.
    pub(super) fn replace_failed_game_thread(&self) {
        let imp = self.imp();
        if imp.game.borrow().is_none() {
            return;
        }
        let game = GameThread::spawn();
        self.listen(game.events());
        // Dropping the old handle joins a thread that has already ended.
        imp.game.replace(Some(game));
        imp.current.set(None);
        imp.phase.replace(Phase::NoGame);
        imp.queued_cells.borrow_mut().clear();
        imp.hint.replace(None);
        self.set_thinking(false);
        self.cancel_end_request();
        imp.settings.set_running(None);
        self.refresh();
        imp.search_log.add_game_row(&gettext(
            "Game over: the game thread failed; a new one is ready.",
        ));
        self.show_error(&gettext(
            "The game stopped because its thread failed. Press Start to play again.",
        ));
    }

    pub(super) fn handle_event(&self, event: Event) {
        let imp = self.imp();
        if let Event::Hint { game, report } = event {
            self.hint_answered(game, report);
            return;
        }
        if Some(event.game()) != imp.current.get() {
            if let Event::Error { game, message } = &event {
                self.hint_failed(*game, message);
            }
            return;
        }
        match event {
            Event::Started { .. } | Event::Hint { .. } => {}
            Event::ToMove {
                side,
                player,
                human,
                ..
            } => {
                imp.phase.replace(Phase::ToMove {
                    side,
                    player,
                    human,
                });
                imp.last_error.take();
                self.set_thinking(false);
                self.refresh();
                if matches!(*imp.view.borrow(), View::Current) {
                    self.show_current_turn();
                }
                if human {
                    let next = imp.queued_cells.borrow_mut().pop_front();
                    if let Some(cell) = next {
                        self.send_move(cell);
                    }
                } else {
                    self.drop_queued_cells(&fill(
                        &gettext("it is {side}'s turn, played by {player}"),
                        &[("side", &side.mark()), ("player", &player.display_name())],
                    ));
                }
            }
            Event::Thinking { .. } => {
                self.set_thinking(true);
                if matches!(*imp.view.borrow(), View::Current) {
                    self.show_current_turn();
                }
            }
            Event::Report { report, .. } => {
                let report: Rc<SearchReport> = Rc::new(*report);
                if !report.aborted {
                    imp.pending_search.replace(Some(report.clone()));
                }
                imp.search_log
                    .add_report(report, imp.board_view.board().shape());
            }
            Event::MovePlayed {
                side, cell, board, ..
            } => self.move_played(side, cell, board),
            // The board is the one the last `MovePlayed` showed.
            Event::GameOver { result, .. } => {
                imp.current.set(None);
                self.finish(result);
            }
            Event::Error { message, .. } => {
                let message = sentence(&message);
                self.show_error(&message);
                imp.last_error.replace(Some(message));
            }
        }
    }

    /// A move the game thread played: into the record, onto the board.
    pub(super) fn move_played(&self, side: Side, cell: usize, board: Board) {
        let imp = self.imp();
        let search = imp.pending_search.take();
        let by_person = search.is_none() && matches!(*imp.phase.borrow(), Phase::MoveSent);
        if by_person {
            imp.search_log
                .add_human_move(board.stone_count(), side, cell, board.shape());
            self.hide_coach();
        }
        let played = imp
            .window_game
            .borrow_mut()
            .as_mut()
            .map(|game| game.play(cell, search).map(|_| game.record.position()));
        match played {
            Some(Ok(position)) if position == board => {}
            // The record and the thread disagree: say so rather than show
            // a board that is not the game's.
            _ => self.show_error(&fill(
                &gettext(
                    "Internal error: the game thread played cell {cell} in a position the window does not have.",
                ),
                &[("cell", &(cell + 1))],
            )),
        }
        imp.hint.replace(None);
        self.set_thinking(false);
        self.refresh();
        if !matches!(*imp.view.borrow(), View::Current) {
            self.show_position_status();
        }
        if by_person {
            self.coach_move(side, cell, board);
        }
    }

    /// Adds the people's best moves in the finished game to the tally, once
    /// the game is judged (on a thread of its own: the big boards search).
    fn tally_best_moves(&self, pairing: String) {
        let Some((start, moves, humans)) = self.imp().window_game.borrow().as_ref().map(|game| {
            (
                game.record.start(),
                game.record.played().to_vec(),
                game.humans(),
            )
        }) else {
            return;
        };
        if humans == [false, false] {
            return;
        }
        let judging = judge_later(move |judge| Review::of_game(&start, &moves, judge));
        self.imp()
            .tally_judging
            .borrow_mut()
            .push(judging.cancel_flag());
        let window = self.downgrade();
        glib::spawn_future_local(async move {
            let reviewed = judging.outcome().await;
            if let (Some(window), Ok(Ok(review))) = (window.upgrade(), reviewed) {
                let accuracy = [Side::Max, Side::Min].map(|side| {
                    if humans[side.index()] {
                        review.accuracy(side)
                    } else {
                        Accuracy::default()
                    }
                });
                window.imp().session_tally.add_accuracy(&pairing, accuracy);
            }
        });
    }

    /// The game ended with `result`: say so, in the log and the tally.
    pub(super) fn finish(&self, result: GameResult) {
        let imp = self.imp();
        self.set_thinking(false);
        self.cancel_end_request();
        let text = self.result_text(&result);
        imp.search_log.add_game_row(&text);
        let tally = imp.window_game.borrow_mut().as_mut().and_then(|game| {
            let decided = !matches!(result, GameResult::Aborted(_));
            (decided && !std::mem::replace(&mut game.tallied, true)).then(|| game.choice.pairing())
        });
        if let Some(pairing) = tally {
            imp.session_tally.record(&pairing, &result);
            self.tally_best_moves(pairing);
            self.learn_from_game(&result);
        }
        let error = imp.last_error.take();
        match (&result, error) {
            (GameResult::Aborted(_), Some(error)) => {
                self.show_error(&fill(
                    &gettext("The game was ended by an error: {error}"),
                    &[("error", &error)],
                ));
            }
            _ => self.show_status(&text),
        }
        imp.phase.replace(Phase::Over(result));
        self.drop_queued_cells(&gettext("the game is over"));
        imp.settings.set_running(None);
        self.refresh();
    }
}
