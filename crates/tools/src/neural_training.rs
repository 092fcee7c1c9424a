//! Training the neural player by self-play, as AlphaZero trains: the
//! network plays itself with its search, and learns to predict the
//! search's visit shares (policy) and the game's result (value).
//!
//! Games are played in rounds of at most `ROUND_GAMES`, all with the same
//! network, on a rayon pool of the training's threads; each game's random
//! choices come from a generator seeded by the training's seed and the
//! game's index, and the rounds' samples are taken in index order, so the
//! same seed gives the same network bit for bit on any number of threads.
//! After each round the network takes gradient steps on batches drawn
//! from the latest samples (each position in its eight symmetric forms),
//! with Adam; the steps run on one thread, in a fixed order.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use std::sync::OnceLock;

use super::exam::{self, SampleLine, TestSet, examine_sample};
use super::play::lost_lines;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::network::{Adam, Loss, Network, Sample};
use tictactoe_engine::learners::neural::{NeuralPlayer, SelfPlay, self_play};
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::Difficulty;
use tictactoe_engine::players::PerfectTable;
use tictactoe_engine::search::CancelFlag;

/// Games played with one network before it learns from them.
pub const ROUND_GAMES: u64 = 16;
/// Samples (positions in one symmetric form) kept to learn from: the
/// latest, some 2,000 games' worth; older ones are dropped, so memory does
/// not grow with the games.
const BUFFER_SAMPLES: usize = 64_000;
/// Samples per gradient step.
const BATCH: usize = 32;
/// Gradient steps per new sample (each of a position's eight forms
/// counts as one): each form is drawn about this often.
const STEPS_PER_SAMPLE: f64 = 4.0;
/// Adam's step size.
const LEARNING_RATE: f32 = 2e-3;

/// The network's mistake rates on one test set's shipped sample
/// (`exam::SAMPLE`), judged by the solver: shares of its positions, 0 to 1.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct SetMistakes {
    /// The set's name: "Begin-Easy".
    pub set: &'static str,
    /// The bare network's (Easy: the policy's first choice, no
    /// simulations).
    pub bare: f64,
    /// The network's with its search at Hard.
    pub searched: f64,
}

/// The network's exam at the end of a block.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct NetworkExam {
    /// The share of the 4,520 open 3x3 positions where the bare policy's
    /// first choice keeps the position's value (a win where one can be
    /// forced, a draw where not lost), by the perfect table (NaN off 3x3).
    pub optimal_share: f64,
    /// Mean losses over the block's gradient steps.
    pub policy_loss: f64,
    pub value_loss: f64,
    /// Connect Four: the mistake rates on each of the six test sets'
    /// samples, in `exam::TEST_SETS`' order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test_sets: Option<[SetMistakes; 6]>,
}

/// A self-play training run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelfPlayRun {
    pub games: u64,
    /// Games per point of the curve.
    pub block: u64,
    pub seed: u64,
    /// Threads for the games (0: one per core); the result is the same on
    /// any number.
    pub threads: usize,
}

/// One point of the curve: a block of games.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NeuralBlock {
    /// Games played in this run up to the end of the block.
    pub games: u64,
    /// The block's games won, drawn and lost by the side `side_in_game`
    /// names.
    pub results: [u64; 3],
    /// 3x3 only: the bare policy's lines lost as X and as O.
    pub lost_lines: Option<[usize; 2]>,
    pub exam: NetworkExam,
}

/// Why a run stopped before its end (what was learned stays).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interrupted {
    Cancelled,
    /// The threads could not be started: why.
    NoThreads(String),
}

/// The seed of game `index` of a training seeded `seed`.
fn game_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ index.wrapping_add(1).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// Trains `network` (which learned from `games_before` games, counted on
/// as it learns) by self-play, calling `block_done` with every block of
/// the curve as it ends; `side_in_game` names the side whose results the
/// curve counts in game `index` of the run. Stops between rounds once
/// `cancel` is set.
pub fn train(
    network: &mut Network,
    games_before: &mut u64,
    training: &SelfPlayRun,
    side_in_game: impl Fn(u64) -> Side,
    cancel: &CancelFlag,
    mut block_done: impl FnMut(&NeuralBlock),
) -> Result<(), Interrupted> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(training.threads)
        .build()
        .map_err(|error| Interrupted::NoThreads(error.to_string()))?;
    let settings = SelfPlay::default();
    let start = Board::new(network.shape());
    let geometry = network.shape().geometry();
    let mut adam = Adam::new(network, LEARNING_RATE);
    let mut rng = ChaCha8Rng::seed_from_u64(training.seed);
    let mut buffer: Vec<Sample> = Vec::with_capacity(BUFFER_SAMPLES);
    let mut next_slot = 0;
    let mut gradient = vec![0.0f32; network.parameters().len()];
    let block_size = training.block.max(1);
    let mut results = [0u64; 3];
    let mut losses = (Loss::default(), 0u64);
    let mut played = 0;
    while played < training.games {
        if cancel.is_cancelled() {
            return Err(Interrupted::Cancelled);
        }
        let block_end = ((played / block_size + 1) * block_size).min(training.games);
        let round = played..(played + ROUND_GAMES).min(block_end);
        let first_index = *games_before;
        let games: Vec<_> = pool.install(|| {
            round
                .clone()
                .into_par_iter()
                .map(|game| {
                    let index = first_index + (game - round.start);
                    let mut rng = ChaCha8Rng::seed_from_u64(game_seed(training.seed, index));
                    self_play(network, &start, &settings, &mut rng)
                })
                .collect()
        });
        let mut new_samples = 0;
        for (game, played) in games.iter().zip(round.clone()) {
            let side = side_in_game(played);
            match game.outcome {
                Outcome::Won(winner, _) if winner == side => results[0] += 1,
                Outcome::Won(..) => results[2] += 1,
                _ => results[1] += 1,
            }
            for sample in &game.samples {
                for symmetry in &geometry.symmetries {
                    let image = sample.transformed(symmetry);
                    if buffer.len() < BUFFER_SAMPLES {
                        buffer.push(image);
                    } else {
                        buffer[next_slot] = image;
                        next_slot = (next_slot + 1) % BUFFER_SAMPLES;
                    }
                    new_samples += 1;
                }
            }
        }
        *games_before = games_before.saturating_add(games.len() as u64);
        played = round.end;
        let steps = (new_samples as f64 * STEPS_PER_SAMPLE / BATCH as f64).ceil() as usize;
        for _ in 0..steps {
            gradient.fill(0.0);
            for _ in 0..BATCH {
                let sample = &buffer[rng.random_range(0..buffer.len())];
                let loss = network.add_gradient(sample, &mut gradient);
                losses.0.policy += loss.policy;
                losses.0.value += loss.value;
                losses.1 += 1;
            }
            adam.step(network, &gradient, BATCH);
        }
        if played == block_end {
            // 3x3's exam is the walk and the table; Connect Four's the
            // test sets' sample.
            let exam = (network.shape() == Shape::TIC_TAC_TOE).then(|| exam(network));
            let test_sets = if has_test_sets(network.shape()) {
                let sample = SAMPLE.get_or_init(exam::sample);
                let rates =
                    pool.install(|| sample_mistakes(network, *games_before, sample, cancel));
                Some(rates.ok_or(Interrupted::Cancelled)?)
            } else {
                None
            };
            block_done(&NeuralBlock {
                games: played,
                results,
                lost_lines: exam.map(|exam| exam.0),
                exam: NetworkExam {
                    optimal_share: exam.map_or(f64::NAN, |exam| exam.1),
                    policy_loss: losses.0.policy / losses.1.max(1) as f64,
                    value_loss: losses.0.value / losses.1.max(1) as f64,
                    test_sets,
                },
            });
            results = [0; 3];
            losses = (Loss::default(), 0);
        }
    }
    Ok(())
}

/// Whether the exam on `shape` is the test sets' (Connect Four's).
pub fn has_test_sets(shape: Shape) -> bool {
    shape == Shape::CONNECT_FOUR
}

/// The shipped sample, read once.
static SAMPLE: OnceLock<Vec<(TestSet, Vec<SampleLine>)>> = OnceLock::new();

/// `network`'s (learned from `games` games) mistake rates on each set of
/// `sample`, bare and with its search at Hard, on the pool the caller
/// installs; `None` once `cancel` is set.
pub fn sample_mistakes(
    network: &Network,
    games: u64,
    sample: &[(TestSet, Vec<SampleLine>)],
    cancel: &CancelFlag,
) -> Option<[SetMistakes; 6]> {
    let rate = |lines: &[SampleLine], difficulty| {
        let player =
            || Box::new(NeuralPlayer::new(network.clone(), difficulty, games)) as Box<dyn Player>;
        examine_sample(lines, player, cancel).map(|tally| tally.rate())
    };
    let mut rates = Vec::with_capacity(sample.len());
    for (set, lines) in sample {
        rates.push(SetMistakes {
            set: set.name,
            bare: rate(lines, Difficulty::Easy)?,
            searched: rate(lines, Difficulty::Hard)?,
        });
    }
    rates.try_into().ok()
}

/// The bare policy's lost lines as X and as O (every line of replies,
/// `play::lost_lines`) and the share of open 3x3 positions where its
/// first choice is optimal.
pub fn exam(network: &Network) -> ([usize; 2], f64) {
    let mut player = NeuralPlayer::new(network.clone(), Difficulty::Easy, 1);
    let lines = [Side::Max, Side::Min]
        .map(|side| lost_lines(&mut player, side, Board::new(Shape::TIC_TAC_TOE)).len());
    (lines, optimal_share(network))
}

/// The share of the open 3x3 positions where `network`'s first choice
/// keeps the position's value, by the perfect table: a win where one can
/// be forced, at least a draw where one can be held (in a lost position
/// every move is).
pub fn optimal_share(network: &Network) -> f64 {
    let positions = open_positions();
    let optimal = positions
        .iter()
        .filter(|board| first_choice_is_optimal(network, board))
        .count();
    optimal as f64 / positions.len() as f64
}

/// Whether `network`'s first choice in `board` keeps its value.
fn first_choice_is_optimal(network: &Network, board: &Board) -> bool {
    let table = PerfectTable::global();
    let value = table.value(board).expect("a reachable position").signum();
    let Some(cell) = network.first_choice(board) else {
        return false;
    };
    let mut after = *board;
    after.play(cell).expect("a free cell");
    table.value(&after).expect("a reachable position").signum() == value
}

/// Every reachable 3x3 position whose game goes on: 4,520.
pub fn open_positions() -> Vec<Board> {
    let mut seen = vec![false; 1 << 18];
    let mut open = Vec::new();
    let mut stack = vec![Board::new(Shape::TIC_TAC_TOE)];
    while let Some(board) = stack.pop() {
        let index = board.stones(Side::Max) as usize | (board.stones(Side::Min) as usize) << 9;
        if std::mem::replace(&mut seen[index], true) || board.outcome() != Outcome::Ongoing {
            continue;
        }
        open.push(board);
        for cell in board.legal_moves() {
            let mut next = board;
            next.play(cell).expect("a free cell");
            stack.push(next);
        }
    }
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_4520_open_positions() {
        assert_eq!(open_positions().len(), 4_520);
    }
}
