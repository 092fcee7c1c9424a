//! The Compare, Tournament, Training and Monte Carlo windows, opened over the main
//! window: each made once, the first time it is asked for, and brought
//! back after.

use std::sync::Arc;

use gtk::prelude::*;
use gtk::subclass::prelude::*;

use super::TictactoeWindow;
use crate::ui::contests::compare_view::CompareView;
use crate::ui::contests::tournament_view::TournamentView;
use crate::ui::evaluation_truth_view::EvaluationTruthView;
use crate::ui::horizon_view::HorizonView;
use crate::ui::mcts::mcts_view::{BoardNetwork, MctsView};
use crate::ui::practice::practice_view::PracticeView;
use crate::ui::review::review_view::{GameToReview, ReviewView};
use crate::ui::training_view::TrainingView;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::Learner;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_words::i18n::gettext;

impl TictactoeWindow {
    /// Ctrl+M: the Compare window, set to the board's position.
    pub fn show_compare(&self) -> CompareView {
        let view = self
            .imp()
            .compare_view
            .get_or_init(|| {
                let window = self.downgrade();
                CompareView::new(self, move || {
                    window
                        .upgrade()
                        .map_or_else(|| Board::new(Default::default()), |window| window.shown().0)
                })
            })
            .clone();
        view.show_position();
        view.present();
        view
    }

    /// Ctrl+T: the Tournament window.
    pub fn show_tournament(&self) -> TournamentView {
        let view = self
            .imp()
            .tournament_view
            .get_or_init(|| TournamentView::new(self))
            .clone();
        view.present();
        view
    }

    /// Ctrl+L: the Training window, training the window's own learners.
    pub fn show_training(&self) -> TrainingView {
        let view = self
            .imp()
            .training_view
            .get_or_init(|| TrainingView::new(self, self.learned_states(), self.board_picker()))
            .clone();
        view.refresh();
        view.present();
        view
    }

    /// Ctrl+Shift+T: the Evaluation against the Truth window, on a test
    /// set or the positions of the game on the board.
    pub fn show_evaluation_truth(&self) -> EvaluationTruthView {
        let view = self
            .imp()
            .evaluation_truth_view
            .get_or_init(|| {
                let window = self.downgrade();
                EvaluationTruthView::new(self, move || {
                    window
                        .upgrade()
                        .map(|window| window.game_positions())
                        .unwrap_or_default()
                })
            })
            .clone();
        view.present();
        view
    }

    /// Ctrl+Shift+H: the Horizon window, on the board's position.
    pub fn show_horizon(&self) -> HorizonView {
        let view = self
            .imp()
            .horizon_view
            .get_or_init(|| {
                let window = self.downgrade();
                HorizonView::new(self, move || {
                    window
                        .upgrade()
                        .map_or_else(|| Board::new(Default::default()), |window| window.shown().0)
                })
            })
            .clone();
        view.show_position();
        view.present();
        view
    }

    /// The Horizon window, once it has been opened.
    pub fn horizon_view(&self) -> Option<HorizonView> {
        self.imp().horizon_view.get().cloned()
    }

    /// The Evaluation against the Truth window, once it has been opened.
    pub fn evaluation_truth_view(&self) -> Option<EvaluationTruthView> {
        self.imp().evaluation_truth_view.get().cloned()
    }

    /// The positions of the game on the board, from its start to the
    /// position shown; the board's own position when there is no game.
    fn game_positions(&self) -> Vec<Board> {
        let (shown, _, _) = self.shown();
        let game = self.imp().window_game.borrow();
        let Some(game) = game.as_ref() else {
            return vec![shown];
        };
        let mut positions: Vec<Board> = game
            .record
            .played_with_positions()
            .map(|(before, _)| before)
            .take_while(|before| *before != shown)
            .collect();
        positions.push(shown);
        positions
    }

    /// The Compare window, once it has been opened.
    pub fn compare_view(&self) -> Option<CompareView> {
        self.imp().compare_view.get().cloned()
    }

    /// Ctrl+Shift+M: the Monte Carlo window. On a Monte Carlo search
    /// selected in the log it grows that search's tree again, from its seed
    /// to its playouts; else its search starts afresh on the board's
    /// position.
    pub fn show_mcts(&self) -> MctsView {
        let view = self
            .imp()
            .mcts_view
            .get_or_init(|| MctsView::new(self))
            .clone();
        let selected = self.imp().search_log.selected_search().and_then(|report| {
            let seed = report
                .replay_seed
                .filter(|_| report.algorithm == PlayerKind::Mcts)?;
            let board = report.position.parse::<Board>().ok()?;
            let playouts = report.moves.iter().filter_map(|score| score.visits).sum();
            Some((board, seed, playouts))
        });
        let shape = selected.map_or(self.shown().0, |(board, ..)| board).shape();
        let network = self.neural_network_on(shape);
        match selected {
            Some((board, seed, playouts)) => view.show_search(&board, seed, playouts, network),
            None => view.show_position(&self.shown().0, network),
        }
        view.present();
        view
    }

    /// The neural player's network on `shape` as the window's games play
    /// it (its file's, else untrained), for the Monte Carlo window's PUCT
    /// search: `None` where the neural player has none.
    fn neural_network_on(&self, shape: Shape) -> Option<BoardNetwork> {
        let state = self
            .learned_states()
            .borrow()
            .state_on(PlayerKind::Neural, shape)?;
        match state.learner {
            Learner::Neural(network) => Some(BoardNetwork {
                network: Arc::new(network),
                games: state.games,
            }),
            _ => None,
        }
    }

    /// Ctrl+P: the Practice window, following the board's position (This
    /// Position, and the board its positions are drawn on).
    pub fn show_practice(&self) -> PracticeView {
        let view = self
            .imp()
            .practice_view
            .get_or_init(|| {
                let view = PracticeView::new(self);
                let window = self.downgrade();
                view.follow_game(move || window.upgrade().map(|window| window.shown().0));
                view
            })
            .clone();
        view.board_changed();
        view.present();
        view
    }

    /// Ctrl+R: the Game Review window, on the window's game and the move
    /// on the board.
    pub fn show_review(&self) -> Option<ReviewView> {
        let game = self.imp().window_game.borrow().as_ref().and_then(|game| {
            (!game.record.is_empty()).then(|| GameToReview {
                start: game.record.start(),
                moves: game.record.played().to_vec(),
                humans: game.humans(),
                pairing: game.choice.pairing(),
            })
        });
        let Some(game) = game else {
            self.show_error(&gettext(
                "There is no game to review: play a game or open one first.",
            ));
            return None;
        };
        // The move that led to the position on the board.
        let selected = self.shown_ply().map(|ply| ply.saturating_sub(1));
        let view = self
            .imp()
            .review_view
            .get_or_init(|| ReviewView::new(self))
            .clone();
        view.show_game(game, selected);
        view.present();
        Some(view)
    }

    /// The Game Review window, once it has been opened.
    pub fn review_view(&self) -> Option<ReviewView> {
        self.imp().review_view.get().cloned()
    }

    /// The Practice window, once it has been opened.
    pub fn practice_view(&self) -> Option<PracticeView> {
        self.imp().practice_view.get().cloned()
    }

    /// The Monte Carlo window, once it has been opened.
    pub fn mcts_view(&self) -> Option<MctsView> {
        self.imp().mcts_view.get().cloned()
    }

    /// The Tournament window, once it has been opened.
    pub fn tournament_view(&self) -> Option<TournamentView> {
        self.imp().tournament_view.get().cloned()
    }

    /// The Training window, once it has been opened.
    pub fn training_view(&self) -> Option<TrainingView> {
        self.imp().training_view.get().cloned()
    }

    /// Stops what the Compare, Tournament and Training windows run, as the
    /// main window closes; they close with it.
    pub(super) fn stop_analysis(&self) {
        if let Some(view) = self.compare_view() {
            view.cancel();
        }
        if let Some(view) = self.tournament_view() {
            view.cancel();
        }
        if let Some(view) = self.horizon_view() {
            view.cancel();
        }
        // What a training learned is kept, even as the app quits.
        if let Some(view) = self.training_view() {
            view.stop_and_keep();
        }
    }
}
