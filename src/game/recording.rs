//! Recording search trees off the main thread: a search of a 4x4 or 5x5
//! position may take seconds and hundreds of megabytes of steps, and the
//! window must stay responsive (and able to stop it) meanwhile. Each
//! recording is work of its own (`super::work`) with its one result.

use std::future::Future;
use std::sync::Arc;

use tictactoe_engine::board::Board;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::tree::{RecordError, SearchTree};

use super::work::Work;

/// What to record.
#[derive(Debug, Clone)]
pub enum TreeJob {
    /// `player`'s search of `board`, with `options` (its depth, for Monte
    /// Carlo its playouts and seed).
    Search {
        player: PlayerKind,
        board: Board,
        options: PlayerOptions,
    },
    /// Exactly the search a report tells of (`SearchTree::record_report`).
    Report(Box<SearchReport>),
    /// The neural player's search of `board` with `network` at
    /// `difficulty` (`SearchTree::record_guided`).
    Guided {
        network: Arc<Network>,
        board: Board,
        difficulty: Difficulty,
    },
    /// The children of a node the budget left unrecorded, searched again.
    Expand { tree: Arc<SearchTree>, id: usize },
}

/// Why a recording has no tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordingFailed {
    /// The player does not search, or cannot be recorded.
    Refused(RecordError),
    /// Stopped before it finished.
    Cancelled,
    /// The recording thread failed (a bug): what it said.
    Crashed(String),
}

/// A recording under way; dropping it stops it.
pub struct Recording(Work<Result<SearchTree, RecordingFailed>>);

impl Recording {
    /// Starts recording `job`, keeping about `budget` nodes.
    pub fn start(job: TreeJob, budget: usize) -> Recording {
        Recording(Work::compute("tree recorder", move |cancel| {
            run(job, budget, cancel)
        }))
    }

    /// Asks the recording to stop; it then ends as `Cancelled`.
    pub fn cancel(&self) {
        self.0.cancel();
    }

    /// The recorded tree, once the recording ends.
    pub fn finished(&self) -> impl Future<Output = Result<SearchTree, RecordingFailed>> + 'static {
        let outcome = self.0.outcome();
        async move {
            outcome
                .await
                .unwrap_or_else(|crash| Err(RecordingFailed::Crashed(crash.0)))
        }
    }
}

fn run(job: TreeJob, budget: usize, cancel: &CancelFlag) -> Result<SearchTree, RecordingFailed> {
    let recorded = match job {
        TreeJob::Search {
            player,
            board,
            options,
        } => SearchTree::record(player, &board, &options, budget, cancel),
        TreeJob::Report(report) => SearchTree::record_report(&report, budget, cancel),
        TreeJob::Guided {
            network,
            board,
            difficulty,
        } => SearchTree::record_guided(network, &board, difficulty, budget, cancel),
        TreeJob::Expand { tree, id } => tree.expand_cancellable(id, budget, cancel),
    };
    recorded.map_err(|error| match error {
        RecordError::Cancelled => RecordingFailed::Cancelled,
        refusal => RecordingFailed::Refused(refusal),
    })
}
