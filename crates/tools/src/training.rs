//! Training a learner: games against an opponent (any player, or the
//! learner itself), learning after each, with the learning curve counted
//! per block of games. The neural player trains by self-play only, in
//! `neural_training`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::neural_training::{self, Interrupted, NetworkExam, SelfPlayRun, Teacher};
use crate::play::{ask, checked_move, lost_lines, stopped_unasked};
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::menace::MenaceMove;
use tictactoe_engine::learners::td::{Td, TdPlayer};
use tictactoe_engine::learners::{Learner, LearnerState, ResultForSide};
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::{decimal, group, percent};

/// Whom the learner plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Opponent {
    /// Itself: both sides play and learn from the same state.
    Itself,
    /// Another player, built with these options (its seed is derived from
    /// the training's).
    Player(PlayerKind, PlayerOptions),
}

/// Which side the learner takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sides {
    X,
    O,
    /// X in the first game, O in the second, and so on.
    Both,
}

impl Sides {
    /// The learner's side in game `index` (from 0).
    pub fn in_game(self, index: u64) -> Side {
        match self {
            Sides::X => Side::Max,
            Sides::O => Side::Min,
            Sides::Both if index.is_multiple_of(2) => Side::Max,
            Sides::Both => Side::Min,
        }
    }
}

/// A training run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Training {
    pub opponent: Opponent,
    pub sides: Sides,
    pub games: u64,
    /// Games per point of the curve.
    pub block: u64,
    /// Seeds the learner's random choices and the opponent's: the same
    /// seed replays the same training.
    pub seed: u64,
    /// The neural player's self-play games run on this many threads (0:
    /// one per core), with the same result on any number.
    pub threads: usize,
    /// The neural player: what its targets come from.
    pub teacher: Teacher,
}

/// One point of the learning curve: a block of games, counted for the
/// learner's side (in self-play, the side `Sides` gives it).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Block {
    /// Games played up to the end of the block.
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// MENACE: losses by resigning at an empty box.
    pub resignations: u64,
    /// MENACE, when it plays X: beads in the empty board's box at the end
    /// of the block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_box_beads: Option<u32>,
    /// TD: at the end of the block, how many lines of replies beat its
    /// greedy play as X and as O (`play::lost_lines`); none and none: it
    /// never loses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost_lines: Option<[usize; 2]>,
    /// The neural player: its bare policy's exam and its losses (its
    /// `lost_lines` are the bare policy's too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<NetworkExam>,
}

impl Block {
    pub fn played(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

/// Why training stopped early. What was learned until then stays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrainingStopped {
    Cancelled,
    /// The neural player trains against itself only.
    SelfPlayOnly,
    /// The opponent failed; the message says how.
    Failed(String),
}

/// The seed of the opponent's player: apart from the learner's.
fn opponent_seed(seed: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1)
}

/// Trains `state` for `training.games` games, calling `block_done` with
/// every block of the curve as it ends; the curve is not kept, so that a
/// training of any length takes the same memory. Stops between games once
/// `cancel` is set, keeping what was learned until then (`state.games`
/// counts it; a block cut short is not reported).
pub fn train(
    state: &mut LearnerState,
    training: &Training,
    cancel: &CancelFlag,
    mut block_done: impl FnMut(&Block),
) -> Result<(), TrainingStopped> {
    if let Learner::Neural(network) = &mut state.learner {
        if training.opponent != Opponent::Itself {
            return Err(TrainingStopped::SelfPlayOnly);
        }
        let run = SelfPlayRun {
            games: training.games,
            block: training.block,
            seed: training.seed,
            threads: training.threads,
            teacher: training.teacher,
        };
        let sides = training.sides;
        return neural_training::train(
            network,
            &mut state.games,
            &run,
            |index| sides.in_game(index),
            cancel,
            |block| {
                let [wins, draws, losses] = block.results;
                block_done(&Block {
                    games: block.games,
                    wins,
                    draws,
                    losses,
                    lost_lines: block.lost_lines,
                    network: Some(block.exam),
                    ..Block::default()
                })
            },
        )
        .map_err(|interrupted| match interrupted {
            Interrupted::Cancelled => TrainingStopped::Cancelled,
            Interrupted::NoThreads(error) => TrainingStopped::Failed(error),
        });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(training.seed);
    let mut opponent = match training.opponent {
        Opponent::Itself => None,
        Opponent::Player(kind, options) => Some(kind.create(&PlayerOptions {
            seed: opponent_seed(training.seed),
            ..options
        })),
    };
    let block_size = training.block.max(1);
    let mut block = Block::default();
    for index in 0..training.games {
        if cancel.is_cancelled() {
            return Err(TrainingStopped::Cancelled);
        }
        let side = training.sides.in_game(index);
        let game = play_training_game(state, side, opponent.as_mut(), cancel, &mut rng)?;
        state.count_game();
        match game.ending {
            ResultForSide::Win => block.wins += 1,
            ResultForSide::Draw => block.draws += 1,
            ResultForSide::Loss => block.losses += 1,
        }
        block.resignations += u64::from(game.resigned);
        let end_of_block = (index + 1).is_multiple_of(block_size) || index + 1 == training.games;
        if end_of_block {
            block.games = index + 1;
            match &state.learner {
                Learner::Menace(menace) => {
                    // Only X draws from the empty board's box.
                    let plays_x =
                        training.sides != Sides::O || training.opponent == Opponent::Itself;
                    block.first_box_beads = plays_x.then(|| menace.first_box_beads());
                }
                Learner::Td(td) => block.lost_lines = Some(exam(td)),
                Learner::Neural(_) => unreachable!("trained above"),
            }
            block_done(&block);
            block = Block::default();
        }
    }
    Ok(())
}

/// The lines of replies that beat `td`'s greedy play, as X and as O.
pub fn exam(td: &Td) -> [usize; 2] {
    let mut player = TdPlayer { td: td.clone() };
    [Side::Max, Side::Min]
        .map(|side| lost_lines(&mut player, side, Board::new(Shape::TIC_TAC_TOE)).len())
}

/// How a training game went for the learner's side.
struct TrainingGame {
    ending: ResultForSide,
    resigned: bool,
}

/// What one side of the learner did in a game, to learn from at its end.
enum Episode {
    /// MENACE: the boxes and beads drawn.
    Menace(Vec<(u16, u8)>),
    /// TD: nothing to keep, it learns at every position.
    Td,
}

/// Plays one game, the learner as `side` (and as the other side too
/// without an opponent), and lets it learn from the result.
fn play_training_game(
    state: &mut LearnerState,
    side: Side,
    mut opponent: Option<&mut Box<dyn Player>>,
    cancel: &CancelFlag,
    rng: &mut ChaCha8Rng,
) -> Result<TrainingGame, TrainingStopped> {
    let fresh = || match state.learner {
        Learner::Menace(_) => Episode::Menace(Vec::new()),
        Learner::Td(_) | Learner::Neural(_) => Episode::Td,
    };
    let mut episodes = [fresh(), fresh()];
    let self_play = opponent.is_none();
    let learns = |mover: Side| mover == side || self_play;
    let mut board = Board::new(Shape::TIC_TAC_TOE);
    let mut resigned = None;
    while board.outcome() == Outcome::Ongoing {
        let mover = board.side_to_move();
        if let Learner::Td(td) = &mut state.learner
            && !learns(mover)
        {
            td.observe(&board);
        }
        let cell = if learns(mover) {
            match (&mut state.learner, &mut episodes[mover.index()]) {
                (Learner::Menace(menace), Episode::Menace(drawn)) => {
                    match menace.choose(&board, rng) {
                        MenaceMove::Bead { code, bead, cell } => {
                            drawn.push((code, bead));
                            cell
                        }
                        MenaceMove::Forced(cell) => cell,
                        MenaceMove::Resign => {
                            resigned = Some(mover);
                            break;
                        }
                    }
                }
                (Learner::Td(td), Episode::Td) => td.training_move(&board, rng),
                _ => unreachable!("episodes match the learner"),
            }
        } else {
            let player = opponent.as_mut().expect("the opponent's turn");
            let report = ask(player.as_mut(), &board, cancel).map_err(TrainingStopped::Failed)?;
            if cancel.is_cancelled() {
                return Err(TrainingStopped::Cancelled);
            }
            if report.aborted {
                return Err(TrainingStopped::Failed(stopped_unasked(&report)));
            }
            checked_move(&board, &report).map_err(TrainingStopped::Failed)?
        };
        board.play(cell).expect("a legal move");
    }
    let winner = match resigned {
        Some(loser) => Some(loser.opponent()),
        None => board.outcome().winner(),
    };
    let ending_for = |who: Side| ResultForSide::of(who, winner);
    for mover in [Side::Max, Side::Min] {
        if !learns(mover) {
            continue;
        }
        if let (Learner::Menace(menace), Episode::Menace(drawn)) =
            (&mut state.learner, &episodes[mover.index()])
        {
            menace.learn(drawn, ending_for(mover));
        }
    }
    Ok(TrainingGame {
        ending: ending_for(side),
        resigned: resigned == Some(side),
    })
}

/// The curve as text, one line per block: "games 1000-2000: 12 wins, 970
/// draws, 18 losses (97.0% draws), 3 resigned, first box 86 beads".
pub fn block_line(previous_games: u64, block: &Block) -> String {
    let share = |n: u64| percent(100.0 * n as f64 / block.played().max(1) as f64, 1);
    let mut line = fill(
        &gettext(
            "games {from}-{to}: {wins} won, {draws} drawn, {losses} lost ({won} won, {drawn} drawn, {lost} lost)",
        ),
        &[
            ("from", &group(previous_games + 1)),
            ("to", &group(block.games)),
            ("wins", &group(block.wins)),
            ("draws", &group(block.draws)),
            ("losses", &group(block.losses)),
            ("won", &share(block.wins)),
            ("drawn", &share(block.draws)),
            ("lost", &share(block.losses)),
        ],
    );
    if block.resignations > 0 {
        line.push_str(&fill(
            &gettext(", {count} resigned"),
            &[("count", &group(block.resignations))],
        ));
    }
    match (block.lost_lines, block.network) {
        (Some([as_x, as_o]), None) => line.push_str(&fill(
            &ngettext(
                "; greedy play loses {x} line as X, {o} as O",
                "; greedy play loses {x} lines as X, {o} as O",
                plural_count(as_x as u64),
            ),
            &[("x", &group(as_x as u64)), ("o", &group(as_o as u64))],
        )),
        (Some([as_x, as_o]), Some(exam)) => line.push_str(&fill(
            &ngettext(
                "; bare policy loses {x} line as X, {o} as O, first choice optimal in {optimal} of open positions; loss: policy {policy}, value {value}",
                "; bare policy loses {x} lines as X, {o} as O, first choice optimal in {optimal} of open positions; loss: policy {policy}, value {value}",
                plural_count(as_x as u64),
            ),
            &[
                ("x", &group(as_x as u64)),
                ("o", &group(as_o as u64)),
                ("optimal", &percent(100.0 * exam.optimal_share, 1)),
                ("policy", &decimal(&format!("{:.3}", exam.policy_loss))),
                ("value", &decimal(&format!("{:.3}", exam.value_loss))),
            ],
        )),
        (None, Some(exam)) => line.push_str(&fill(
            &gettext("; loss: policy {policy}, value {value}"),
            &[
                ("policy", &decimal(&format!("{:.3}", exam.policy_loss))),
                ("value", &decimal(&format!("{:.3}", exam.value_loss))),
            ],
        )),
        _ => {}
    }
    if let Some(sets) = block.network.and_then(|exam| exam.test_sets) {
        let rates: Vec<String> = sets
            .iter()
            .map(|rates| {
                fill(
                    &gettext("{set} {bare} / {searched}"),
                    &[
                        ("set", &rates.set),
                        ("bare", &percent(100.0 * rates.bare, 0)),
                        ("searched", &percent(100.0 * rates.searched, 0)),
                    ],
                )
            })
            .collect();
        line.push_str(&fill(
            &gettext("; mistakes bare / with search at Medium: {rates}"),
            &[("rates", &rates.join(", "))],
        ));
    }
    if let Some(beads) = block.first_box_beads {
        line.push_str(&fill(
            &ngettext(
                ", first box {beads} bead",
                ", first box {beads} beads",
                beads,
            ),
            &[("beads", &group(u64::from(beads)))],
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blocks_line_counts_in_the_right_plural_with_grouped_numbers() {
        let block = Block {
            games: 2_000,
            wins: 12,
            draws: 970,
            losses: 18,
            first_box_beads: Some(1),
            lost_lines: Some([1, 0]),
            ..Block::default()
        };
        assert_eq!(
            block_line(1_000, &block),
            "games 1,001-2,000: 12 won, 970 drawn, 18 lost (1.2% won, 97.0% drawn, 1.8% lost); greedy play loses 1 line as X, 0 as O, first box 1 bead"
        );
    }
}
