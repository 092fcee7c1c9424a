//! Every player algorithm, one module each, and the one place that builds
//! them: `PlayerKind::create`. A new algorithm is a module here, a
//! `PlayerKind` and a line in `create`.

mod alphabeta;
mod alphabeta_random;
mod alphabeta_tt;
mod human;
pub mod mcts;
mod minimax;
mod mtdf;
mod perfect;
mod perfect_table;
pub mod pns;
mod pvs;
mod random;
mod rules;

pub use alphabeta::AlphaBetaPlayer;
pub use alphabeta_random::AlphaBetaRandomPlayer;
pub use alphabeta_tt::{AlphaBetaTtPlayer, root_order, table_bytes};
pub use human::Human;
pub use minimax::MinimaxPlayer;
pub use mtdf::MtdfPlayer;
pub use perfect::PerfectPlayer;
pub use perfect_table::PerfectTable;
pub use pns::PnsPlayer;
pub use pvs::PvsPlayer;
pub use random::RandomPlayer;
pub use rules::RulesPlayer;

use crate::geometry::Shape;
use crate::learners::LearnerState;
use crate::player::Player;
use crate::player_kind::{PlayerKind, PlayerOptions};

impl PlayerKind {
    /// Builds a player of this kind.
    pub fn create(self, options: &PlayerOptions) -> Box<dyn Player> {
        let depth = options.difficulty.depth();
        match self {
            PlayerKind::Human => Box::new(Human),
            PlayerKind::Random => Box::new(RandomPlayer::new(options.seed)),
            PlayerKind::Rules => Box::new(RulesPlayer::new(options.seed)),
            PlayerKind::Minimax => Box::new(MinimaxPlayer::new(depth)),
            PlayerKind::AlphaBeta => Box::new(AlphaBetaPlayer::new(depth)),
            PlayerKind::AlphaBetaTt => Box::new(AlphaBetaTtPlayer::new(
                depth,
                options.time_limit,
                options.search,
            )),
            PlayerKind::Pvs => Box::new(PvsPlayer::new(depth, options.time_limit, options.search)),
            PlayerKind::Mtdf => {
                Box::new(MtdfPlayer::new(depth, options.time_limit, options.search))
            }
            PlayerKind::Pns => Box::new(PnsPlayer::new(options.time_limit)),
            PlayerKind::AlphaBetaRandom => {
                Box::new(AlphaBetaRandomPlayer::new(depth, options.seed))
            }
            PlayerKind::Mcts => Box::new(mcts::MctsPlayer::new(options.playouts, options.seed)),
            PlayerKind::Perfect => Box::new(PerfectPlayer::new(options.time_limit)),
            // Untrained: `LearnerState::player` builds one that learned.
            // MENACE and TD play 3x3 only; an untrained network is made
            // for each board it is asked about.
            PlayerKind::Menace | PlayerKind::Td | PlayerKind::Neural => {
                LearnerState::fresh(self, Shape::TIC_TAC_TOE)
                    .expect("a learner")
                    .player(options)
            }
        }
    }
}
