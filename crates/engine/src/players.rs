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
        let evaluation = options.evaluation;
        match self {
            PlayerKind::Human => Box::new(Human),
            PlayerKind::Random => Box::new(RandomPlayer::new(options.seed)),
            PlayerKind::Rules => Box::new(RulesPlayer::new(options.seed)),
            PlayerKind::Minimax => Box::new(MinimaxPlayer::new(depth).with_evaluation(evaluation)),
            PlayerKind::AlphaBeta => {
                Box::new(AlphaBetaPlayer::new(depth).with_evaluation(evaluation))
            }
            PlayerKind::AlphaBetaTt => Box::new(
                AlphaBetaTtPlayer::new(depth, options.time_limit, options.search)
                    .with_evaluation(evaluation),
            ),
            PlayerKind::Pvs => Box::new(
                PvsPlayer::new(depth, options.time_limit, options.search)
                    .with_evaluation(evaluation),
            ),
            PlayerKind::Mtdf => Box::new(
                MtdfPlayer::new(depth, options.time_limit, options.search)
                    .with_evaluation(evaluation),
            ),
            PlayerKind::Pns => Box::new(PnsPlayer::new(options.time_limit)),
            PlayerKind::AlphaBetaRandom => Box::new(
                AlphaBetaRandomPlayer::new(depth, options.seed).with_evaluation(evaluation),
            ),
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

#[cfg(test)]
mod tests {
    use crate::board::Board;
    use crate::evaluation::{Evaluation, Feature, NamedEvaluation};
    use crate::geometry::Shape;
    use crate::player_kind::{Difficulty, PlayerKind, PlayerOptions};
    use crate::search::CancelFlag;

    /// Every depth-limited player at depth 1 on the empty board takes the
    /// move its evaluation likes best: the centre under `lines` (on four
    /// lines), a corner under weights that shun the centre.
    #[test]
    fn depth_limited_players_use_the_evaluation_of_their_options() {
        let shunning =
            Evaluation::from_weights([(Feature::Centre, -5), (Feature::OpenLines(1), 1)]);
        let board = Board::new(Shape::TIC_TAC_TOE);
        for kind in PlayerKind::ALL.into_iter().filter(|kind| kind.uses_depth()) {
            for (evaluation, expected) in [(None, vec![4]), (Some(shunning), vec![0, 2, 6, 8])] {
                let options = PlayerOptions {
                    difficulty: Difficulty::Depth(1),
                    evaluation,
                    ..PlayerOptions::default()
                };
                let report = kind
                    .create(&options)
                    .choose_move(&board, &CancelFlag::new());
                let best = report.best.expect("a move");
                assert!(
                    expected.contains(&best),
                    "{kind} chose {best} under {evaluation:?}"
                );
            }
        }
    }

    /// Where no evaluation is chosen, a board with gravity is searched with
    /// `threats`: the same value as with `threats` chosen, another than
    /// `lines`' where a move makes a threat (X's 4, 5 and 6 on row 1).
    #[test]
    fn depth_limited_players_search_connect_four_with_threats_by_default() {
        let board = Board::from_columns(Shape::CONNECT_FOUR, "4455").unwrap();
        let value = |kind: PlayerKind, named: Option<NamedEvaluation>| {
            let options = PlayerOptions {
                difficulty: Difficulty::Depth(2),
                evaluation: named.map(NamedEvaluation::evaluation),
                ..PlayerOptions::default()
            };
            kind.create(&options)
                .choose_move(&board, &CancelFlag::new())
                .score
        };
        for kind in PlayerKind::ALL.into_iter().filter(|kind| kind.uses_depth()) {
            let default = value(kind, None);
            assert_eq!(
                default,
                value(kind, Some(NamedEvaluation::Threats)),
                "{kind}"
            );
            assert_ne!(default, value(kind, Some(NamedEvaluation::Lines)), "{kind}");
        }
    }
}
