//! Opening the search-tree explorer: on the search selected in the log, or
//! else on the position shown, searched by the player whose turn it is.

use gtk::prelude::*;
use gtk::subclass::prelude::*;

use super::TictactoeWindow;
use std::sync::Arc;
use tictactoe_engine::board::{Board, Outcome};

use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::Learner;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_tools::tree::SearchTree;
use tictactoe_words::i18n::gettext;
use tictactoe_words::report::TextStyle;

/// The depth the explorer searches a big board to when the side to move
/// has no depth of its own: deep enough to show pruning, quick to record.
const BIG_BOARD_DEPTH: u32 = 4;

impl TictactoeWindow {
    /// Opens the explorer (or brings it forward) and records a search.
    pub(super) fn explore(&self) {
        let imp = self.imp();
        let selected = imp.search_log.selected_search();
        if let Some(report) = selected {
            let size = report
                .position
                .parse::<Board>()
                .map_or(Shape::TIC_TAC_TOE, |board| board.shape());
            if let Err(refusal) = SearchTree::supports(report.algorithm, size) {
                self.show_error(&super::sentence(&refusal.describe(TextStyle::WINDOW)));
                return;
            }
            let explorer = imp.explorer.get_or_open(self);
            if report.player == PlayerKind::Neural {
                // Its search needs its network: the window's.
                explorer.explore_guided(self.neural_network(), &report);
            } else {
                explorer.explore_report(&report);
            }
            explorer.present();
            return;
        }
        let (board, _, _) = self.shown();
        if board.outcome() != Outcome::Ongoing {
            self.show_error(&gettext(
                "The game is over in this position: there is no search to explore.",
            ));
            return;
        }
        let (player, difficulty) = self.picker(board.side_to_move()).selection();
        // The learners' searches are recorded from their log rows only.
        let (player, depth) =
            if SearchTree::supports(player, board.shape()).is_ok() && !player.learns() {
                (player, difficulty.depth())
            } else if board.shape() == Shape::TIC_TAC_TOE {
                (PlayerKind::AlphaBeta, None)
            } else {
                (PlayerKind::AlphaBeta, Some(BIG_BOARD_DEPTH))
            };
        let explorer = imp.explorer.get_or_open(self);
        explorer.explore(&board, player, depth);
        explorer.present();
    }

    /// The neural player's network as it stands, for the searches the
    /// explorer and the Monte Carlo window run with it.
    pub(super) fn neural_network(&self) -> Arc<Network> {
        match &self
            .learned_states()
            .borrow()
            .state(PlayerKind::Neural)
            .learner
        {
            Learner::Neural(network) => Arc::new(network.clone()),
            _ => unreachable!("the neural player's state is a network"),
        }
    }

    /// The open explorer, for the tests.
    pub fn explorer(&self) -> Option<crate::ui::TreeExplorer> {
        self.imp().explorer.get()
    }
}
