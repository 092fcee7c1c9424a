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
//! from the latest samples (each position in each of its board's distinct
//! symmetric forms: eight on 3x3, two with gravity),
//! with Adam; the steps run on one thread, in a fixed order.
//!
//! With the solver as its teacher (`Teacher::Solver`), the same games are
//! played but the network learns the solver's labels instead of its
//! search's: for each position it can afford, the columns that keep the
//! position's value share the policy, and the value is won, drawn or lost.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use std::sync::{Mutex, OnceLock};

use super::exam::{self, SampleLine, TestSet, examine_sample};
use super::play::lost_lines;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::{MAX_CELLS, Shape};
use tictactoe_engine::learners::network::{Adam, Input, Loss, Network, Sample};
use tictactoe_engine::learners::neural::{NeuralPlayer, SelfPlay, self_play};
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::Difficulty;
use tictactoe_engine::players::PerfectTable;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength};

/// Games played with one network before it learns from them.
pub const ROUND_GAMES: u64 = 16;
/// Samples (positions in one symmetric form) kept to learn from: the
/// latest, some 2,000 games' worth; older ones are dropped, so memory does
/// not grow with the games.
const BUFFER_SAMPLES: usize = 64_000;
/// Samples per gradient step.
const BATCH: usize = 32;
/// Gradient steps per new sample (each of a position's distinct forms
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
    /// The network's with its search at Medium.
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

/// Where the network's targets come from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Teacher {
    /// Its own search, as AlphaZero learns: the search's visit shares and
    /// the game's result.
    #[default]
    Search,
    /// The solver (boards with gravity): each position of the self-play
    /// games with at least `TEACHER_STONES` stones, labelled by the
    /// columns that keep its value and by that value; earlier positions
    /// are left out.
    Solver,
}

/// The fewest stones of a position the solver labels: from here on (the
/// test sets' Middle positions) a position's seven columns take it
/// milliseconds; before, a second or more each.
pub const TEACHER_STONES: u32 = 14;

/// Each game thread's solver table while the solver teaches.
const TEACHER_TABLE_BYTES: usize = 32 << 20;

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
    pub teacher: Teacher,
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
    let settings = SelfPlay::on(network.shape());
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
    // The teacher's solvers, one a thread, kept from round to round.
    let mut solvers: Option<Vec<Mutex<Solver>>> = None;
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
        let labels = match training.teacher {
            Teacher::Search => None,
            Teacher::Solver => {
                let solvers = solvers.get_or_insert_with(|| {
                    (0..pool.current_num_threads())
                        .map(|_| Mutex::new(Solver::with_table_bytes(TEACHER_TABLE_BYTES)))
                        .collect()
                });
                let labelled: Option<Vec<Vec<Sample>>> = pool.install(|| {
                    games
                        .par_iter()
                        .map(|game| {
                            // Each thread its own solver: never waited for.
                            let thread = rayon::current_thread_index().unwrap_or(0);
                            let mut solver = solvers[thread].lock().expect("a solver");
                            solver_samples(&mut solver, &start, &game.moves, cancel)
                        })
                        .collect()
                });
                Some(labelled.ok_or(Interrupted::Cancelled)?)
            }
        };
        let mut new_samples = 0;
        for (index, (game, played)) in games.iter().zip(round.clone()).enumerate() {
            let side = side_in_game(played);
            match game.outcome {
                Outcome::Won(winner, _) if winner == side => results[0] += 1,
                Outcome::Won(..) => results[2] += 1,
                _ => results[1] += 1,
            }
            let samples = labels
                .as_ref()
                .map_or(&game.samples, |labels| &labels[index]);
            for sample in samples {
                for symmetry in geometry.distinct_symmetries() {
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
        // A teacher's round may bring no position to learn from yet.
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

/// The solver's samples of the game played from `start` with `moves`:
/// every position with at least `TEACHER_STONES` stones, its policy shared
/// evenly by the moves that keep its value and its value that value for
/// the side to move (1 won, 0 drawn, -1 lost); `None` once `cancel` is set.
pub fn solver_samples(
    solver: &mut Solver,
    start: &Board,
    moves: &[usize],
    cancel: &CancelFlag,
) -> Option<Vec<Sample>> {
    let mut samples = Vec::new();
    let mut board = *start;
    for &cell in moves {
        if board.stone_count() >= TEACHER_STONES {
            samples.push(solver_sample(solver, &board, cancel)?);
        }
        board.play(cell).expect("a self-play move is legal");
    }
    Some(samples)
}

/// `board` (unfinished) labelled by the solver.
fn solver_sample(solver: &mut Solver, board: &Board, cancel: &CancelFlag) -> Option<Sample> {
    let mover = board.side_to_move();
    let mut values = Vec::new();
    for cell in board.legal_moves() {
        let mut after = *board;
        after.toggle(cell, mover);
        // The value after the move is the opponent's, turned round.
        let theirs = solver.solve(&after, Strength::Weak, cancel)?.for_mover;
        values.push((cell, -theirs.signum()));
    }
    let best = values.iter().map(|&(_, value)| value).max()?;
    let keeping: Vec<usize> = values
        .iter()
        .filter(|&&(_, value)| value == best)
        .map(|&(cell, _)| cell)
        .collect();
    let mut policy = [0.0f32; MAX_CELLS];
    for &cell in &keeping {
        policy[cell] = 1.0 / keeping.len() as f32;
    }
    Some(Sample {
        input: Input::of(board),
        policy,
        value: best as f32,
    })
}

/// Whether the exam on `shape` is the test sets' (Connect Four's).
pub fn has_test_sets(shape: Shape) -> bool {
    shape == Shape::CONNECT_FOUR
}

/// The shipped sample, read once.
static SAMPLE: OnceLock<Vec<(TestSet, Vec<SampleLine>)>> = OnceLock::new();

/// `network`'s (learned from `games` games) mistake rates on each set of
/// `sample`, bare and with its search at Medium, on the pool the caller
/// installs; `None` once `cancel` is set. Medium, not Hard: on Connect Four
/// Hard's 6,400 simulations make an exam of the sample take seconds, longer
/// than the block of games it follows.
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
            searched: rate(lines, Difficulty::Medium)?,
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
    use tictactoe_engine::geometry::bits;

    /// Connect Four after `columns` (0-based from the left) are played.
    fn connect_four(columns: &[usize]) -> Board {
        let mut board = Board::new(Shape::CONNECT_FOUR);
        for &column in columns {
            let cell = board.shape().geometry().drop_cell(board.occupied(), column);
            board
                .play(cell.expect("a free column"))
                .expect("a legal move");
        }
        board
    }

    /// Connect Four after the moves of a test-set line (columns from 1).
    fn test_line(digits: &str) -> Board {
        let columns: Vec<usize> = digits
            .bytes()
            .map(|digit| usize::from(digit - b'1'))
            .collect();
        connect_four(&columns)
    }

    #[test]
    fn the_solver_labels_the_columns_that_keep_the_value() {
        let mut solver = Solver::with_table_bytes(TEACHER_TABLE_BYTES);
        let never = CancelFlag::new();
        let label = |solver: &mut Solver, board: &Board| {
            let sample = solver_sample(solver, board, &never).unwrap();
            assert_eq!(sample.input, Input::of(board));
            let shares: Vec<f32> = bits(board.moves())
                .map(|cell| sample.policy[cell])
                .collect();
            let total: f32 = shares.iter().sum();
            assert!((total - 1.0).abs() < 1e-6, "{shares:?}");
            (sample.value, shares)
        };
        // X has three on the bottom row and is to move: won, and the
        // fourth stone, in the fourth column, keeps it.
        let won = connect_four(&[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2]);
        let (value, shares) = label(&mut solver, &won);
        assert_eq!(value, 1.0);
        let fourth = bits(won.moves()).position(|cell| cell % 7 == 3).unwrap();
        assert!(shares[fourth] > 0.0, "{shares:?}");
        // End-Easy lines scored -1 and 0: lost, every free column keeps
        // the loss; drawn, some keep the draw and share evenly, the others
        // lose and get nothing.
        let lost = test_line("2252576253462244111563365343671351441");
        let (value, shares) = label(&mut solver, &lost);
        assert_eq!(value, -1.0);
        assert!(shares.iter().all(|&share| share == shares[0]), "{shares:?}");
        let drawn = test_line("23163416124767223154467471272416755633");
        let (value, shares) = label(&mut solver, &drawn);
        assert_eq!(value, 0.0);
        let kept: Vec<f32> = shares
            .iter()
            .copied()
            .filter(|&share| share > 0.0)
            .collect();
        assert!(kept.iter().all(|&share| share == kept[0]), "{shares:?}");
    }

    #[test]
    fn the_solver_labels_a_game_from_its_fourteenth_stone_on() {
        // The first two columns filled, X's and O's three on the bottom
        // two rows, and X's fourth: only the last position has 14 stones.
        let columns = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 3];
        let mut board = Board::new(Shape::CONNECT_FOUR);
        let mut moves = Vec::new();
        for column in columns {
            let cell = board.shape().geometry().drop_cell(board.occupied(), column);
            moves.push(cell.unwrap());
            board.play(cell.unwrap()).unwrap();
        }
        assert!(matches!(board.outcome(), Outcome::Won(Side::Max, _)));
        let mut solver = Solver::with_table_bytes(TEACHER_TABLE_BYTES);
        let start = Board::new(Shape::CONNECT_FOUR);
        let samples = solver_samples(&mut solver, &start, &moves, &CancelFlag::new()).unwrap();
        assert_eq!(samples.len(), 1);
        let last = connect_four(&columns[..14]);
        assert_eq!(samples[0].input, Input::of(&last));
        assert_eq!(samples[0].value, 1.0);
    }

    #[test]
    fn there_are_4520_open_positions() {
        assert_eq!(open_positions().len(), 4_520);
    }
}
