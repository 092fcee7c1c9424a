//! Recording search trees off the main thread: a search of a 4x4 or 5x5
//! position may take seconds and hundreds of megabytes of steps, and the
//! window must stay responsive (and able to stop it) meanwhile. Each
//! recording runs on a thread of its own and sends its one result.

use std::sync::Arc;
use std::thread;

use tictactoe_engine::board::Board;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::play::panic_message;
use tictactoe_tools::tree::{RecordError, SearchTree};

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

/// A recording under way.
pub struct Recording {
    cancel: CancelFlag,
    result: async_channel::Receiver<Result<SearchTree, RecordingFailed>>,
}

impl Recording {
    /// Starts recording `job`, keeping about `budget` nodes.
    pub fn start(job: TreeJob, budget: usize) -> Recording {
        let cancel = CancelFlag::new();
        let (sender, result) = async_channel::bounded(1);
        let stop = cancel.clone();
        let spawned = thread::Builder::new()
            .name("tree recorder".into())
            .spawn(move || {
                let outcome = std::panic::catch_unwind(|| run(job, budget, &stop))
                    .unwrap_or_else(|panic| Err(RecordingFailed::Crashed(panic_message(&panic))));
                // Nobody waits any more when the explorer closed: fine.
                let _ = sender.send_blocking(outcome);
            });
        if let Err(error) = spawned {
            let (sender, failed) = async_channel::bounded(1);
            let _ = sender.try_send(Err(RecordingFailed::Crashed(error.to_string())));
            return Recording {
                cancel,
                result: failed,
            };
        }
        Recording { cancel, result }
    }

    /// Asks the recording to stop; it then ends as `Cancelled`.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// The recorded tree, once the recording ends.
    pub async fn finished(&self) -> Result<SearchTree, RecordingFailed> {
        self.result.recv().await.unwrap_or_else(|_| {
            Err(RecordingFailed::Crashed(
                "the recording thread ended without a result".into(),
            ))
        })
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
