//! The learning players in the window: their states, loaded as the window
//! opens, given to the games they play, taught by every game they finish
//! (while "Learn from Games in the Window" is on) and saved after it, and
//! forgotten on "Reset Learning".

use std::cell::RefCell;
use std::rc::Rc;

use adw::prelude::*;
use gtk::{glib, subclass::prelude::*};

use super::TictactoeWindow;
use crate::game::{GameResult, GameSetup, LEARNERS, LearnedStates};
use tictactoe_engine::learners::LearnError;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::group;
use tictactoe_words::players::PlayerWords;

/// The Reset Learning dialog's answer that resets.
pub const RESET_RESPONSE: &str = "reset";

impl TictactoeWindow {
    /// Loads what the learners learned; a file that cannot be read is set
    /// aside or left as it is: returns what the status line is to say of
    /// each.
    pub(super) fn load_learned(&self) -> Vec<String> {
        let (learned, problems) = LearnedStates::load();
        let _ = self.imp().learned.set(Rc::new(RefCell::new(learned)));
        problems
    }

    /// The learners' states, shared with the Training window.
    pub fn learned_states(&self) -> Rc<RefCell<LearnedStates>> {
        self.imp()
            .learned
            .get()
            .expect("loaded as the window is made")
            .clone()
    }

    /// `setup` with the learners it names playing what they learned.
    pub(super) fn with_learners(&self, setup: GameSetup) -> GameSetup {
        setup.with_learners(self.learned_states().borrow().states())
    }

    /// Whether the learners learn from the window's games.
    pub fn learns_from_games(&self) -> bool {
        self.lookup_action("learn-from-games")
            .and_then(|action| action.state())
            .and_then(|state| state.get::<bool>())
            .unwrap_or(true)
    }

    /// After a game's first decided end: each learner that played it
    /// learns from its moves, saved at once, and the log says so.
    pub(super) fn learn_from_game(&self, result: &GameResult) {
        if let GameResult::Aborted(_) = result {
            return;
        }
        let winner = result.winner();
        let Some((players, start, moves)) = self.imp().window_game.borrow().as_ref().map(|game| {
            (
                game.choice.players.map(|(kind, _)| kind),
                game.record.start(),
                game.record.played().to_vec(),
            )
        }) else {
            return;
        };
        if !players.iter().any(|kind| kind.learns()) || !self.learns_from_games() {
            return;
        }
        // A learner in training gets the training's result when it ends,
        // which would replace what it learned here meanwhile.
        let in_training = self
            .training_view()
            .filter(|view| view.is_running())
            .map(|view| view.learner())
            .filter(|kind| players.contains(kind));
        if let Some(kind) = in_training {
            self.imp().search_log.add_game_row(&fill(
                &gettext("{player} is in training: it does not learn from this game."),
                &[("player", &kind.display_name())],
            ));
        }
        // It takes part as a player that does not learn.
        let players = players.map(|kind| {
            if Some(kind) == in_training {
                PlayerKind::Human
            } else {
                kind
            }
        });
        let learned = self.learned_states();
        let outcome = learned
            .borrow_mut()
            .learn_from_game(players, &start, &moves, winner);
        match outcome {
            Ok(learners) => {
                let untaught: Vec<PlayerKind> = LEARNERS
                    .into_iter()
                    .filter(|kind| players.contains(kind) && !learners.contains(kind))
                    .collect();
                for kind in untaught {
                    self.imp().search_log.add_game_row(&fill(
                        &gettext("{player} did not learn from this game: {reason}."),
                        &[
                            ("player", &kind.display_name()),
                            ("reason", &LearnError::SelfPlayOnly.words()),
                        ],
                    ));
                }
                for kind in learners {
                    let games = learned.borrow().state(kind).games;
                    let row = fill(
                        &ngettext(
                            "{player} learned from this game: {games} game learned from in all.",
                            "{player} learned from this game: {games} games learned from in all.",
                            plural_count(games),
                        ),
                        &[("player", &kind.display_name()), ("games", &group(games))],
                    );
                    self.imp().search_log.add_game_row(&row);
                }
            }
            Err(error) => self.show_error(&error),
        }
    }

    /// Asks whether to forget what every learning player learned.
    pub(super) fn confirm_reset_learning(&self) {
        let learned = self.learned_states();
        let games: Vec<String> = LEARNERS
            .iter()
            .map(|&kind| {
                let games = learned.borrow().state(kind).games;
                fill(
                    &ngettext(
                        "{player}: {games} game",
                        "{player}: {games} games",
                        plural_count(games),
                    ),
                    &[("player", &kind.display_name()), ("games", &group(games))],
                )
            })
            .collect();
        let dialog = adw::MessageDialog::new(
            Some(self),
            Some(&gettext("Reset Learning?")),
            Some(&fill(
                &gettext(
                    "The learning players forget everything they learned ({games}) and start afresh.",
                ),
                &[("games", &games.join(", "))],
            )),
        );
        dialog.add_response("cancel", &gettext("_Cancel"));
        dialog.add_response(RESET_RESPONSE, &gettext("_Reset"));
        dialog.set_response_appearance(RESET_RESPONSE, adw::ResponseAppearance::Destructive);
        dialog.set_default_response(Some("cancel"));
        dialog.set_close_response("cancel");
        dialog.connect_response(
            None,
            glib::clone!(
                #[weak(rename_to = window)]
                self,
                move |_, response| {
                    if response == RESET_RESPONSE {
                        window.reset_learning();
                    }
                }
            ),
        );
        dialog.present();
    }

    fn reset_learning(&self) {
        // A training's result would bring back what it started from.
        if let Some(view) = self.training_view() {
            view.stop_and_keep();
        }
        match self.learned_states().borrow_mut().reset() {
            Ok(()) => self.show_status(&gettext("The learning players forgot what they learned.")),
            Err(error) => self.show_error(&error),
        }
    }
}
