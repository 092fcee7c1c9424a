//! Which network for Connect Four, measured (issue 40, step 1;
//! docs/neural-connect-four.md holds the figures).
//!
//! `cargo bench --no-default-features --bench network` times each
//! candidate of `network/candidates.rs` with criterion, one thread:
//! one position's forward pass (what the search asks, one at a time),
//! forward passes at batch 32 and 256, and forward plus gradient at
//! batch 32; it prints each one's parameter count first.
//!
//! `-- check`: the hand-written gradients against finite differences.
//!
//! `-- probe`: the learning probe. Positions from random games (12 moves
//! or more) and the test sets' End-Easy and Middle-Easy (held out) are
//! labelled by the solver: the value's sign for the side to move, weak,
//! and the best columns (every column whose position keeps that value);
//! the labels are cached under /tmp/tictactoe-network-probe. Then (b) and
//! (c) each train for the same wall time (`PROBE_SECONDS`, 180 by
//! default) on both cores (a batch of 32 split in two), and print the
//! value's sign accuracy and the policy's best-column agreement on the
//! held-out positions as they go (`-- probe mlp` or `-- probe conv`:
//! that one only).

#[path = "network/candidates.rs"]
mod candidates;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use candidates::{COLUMNS, Candidate, Conv, Labelled, Mlp, Today, Trainable};
use criterion::{BatchSize, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::geometry::{Shape, bits};
use tictactoe_engine::learners::network::{Adam, add_row};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver, Strength};

const SEED: u64 = 40;

fn candidates() -> Vec<Box<dyn Candidate>> {
    vec![
        Box::new(Today::new(SEED)),
        Box::new(Mlp::new(256, 128, SEED)),
        Box::new(Conv::new(32, 4, SEED)),
    ]
}

/// Positions from seeded random games, `count` of them, unfinished.
fn random_positions(count: usize, min_moves: usize, seed: u64) -> Vec<(String, Board)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut board = Board::new(Shape::CONNECT_FOUR);
        let mut moves = String::new();
        let stop = rng.random_range(min_moves..30);
        while moves.len() < stop && board.outcome() == Outcome::Ongoing {
            let cells: Vec<usize> = bits(board.moves()).collect();
            let cell = cells[rng.random_range(0..cells.len())];
            moves.push(char::from(b'1' + (cell % COLUMNS) as u8));
            board.play(cell).expect("a legal move");
        }
        if board.outcome() == Outcome::Ongoing && moves.len() >= min_moves {
            positions.push((moves, board));
        }
    }
    positions
}

fn unlabelled(board: Board) -> Labelled {
    Labelled {
        board,
        policy: [0.0; COLUMNS],
        value: 0.0,
    }
}

fn bench(criterion: &mut Criterion) {
    let positions: Vec<Board> = random_positions(256, 4, 1)
        .into_iter()
        .map(|(_, b)| b)
        .collect();
    let samples: Vec<Labelled> = positions.iter().copied().map(unlabelled).collect();
    for candidate in candidates() {
        let name = candidate.name();
        println!("{name}: {} parameters", candidate.parameter_count());
        let mut group = criterion.benchmark_group(name);
        group
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        group.throughput(Throughput::Elements(1));
        group.bench_function("forward, 1 position", |b| {
            let mut next = 0;
            b.iter(|| {
                next = (next + 1) % positions.len();
                candidate.evaluate(&positions[next])
            })
        });
        for batch in [32, 256] {
            group.throughput(Throughput::Elements(batch as u64));
            group.bench_function(format!("forward, batch {batch}"), |b| {
                b.iter(|| {
                    positions[..batch]
                        .iter()
                        .map(|p| candidate.evaluate(p).value)
                        .sum::<f32>()
                })
            });
        }
        group.throughput(Throughput::Elements(32));
        group.bench_function("forward+gradient, batch 32", |b| {
            b.iter_batched_ref(
                || vec![0.0f32; candidate.parameter_count()],
                |gradient| {
                    for sample in &samples[..32] {
                        candidate.add_gradient(sample, gradient);
                    }
                },
                BatchSize::SmallInput,
            )
        });
        group.finish();
    }
}

fn check() {
    let samples: Vec<Labelled> = random_positions(3, 6, 2)
        .into_iter()
        .enumerate()
        .map(|(i, (_, board))| {
            let mut sample = unlabelled(board);
            let free: Vec<usize> = bits(board.moves()).map(|c| c % COLUMNS).collect();
            sample.policy[free[i % free.len()]] = 1.0;
            sample.value = [0.5, -1.0, 0.0][i];
            sample
        })
        .collect();
    let report = |name: &str, (worst, over, checked): (f64, usize, usize)| {
        println!(
            "{name}: {checked} parameters checked, worst relative error {worst:.2e}, {over} over 5%"
        )
    };
    report(
        "MLP",
        candidates::gradient_error(&mut Mlp::new(256, 128, SEED), &samples, 97),
    );
    report(
        "conv",
        candidates::gradient_error(&mut Conv::new(32, 4, SEED), &samples, 23),
    );
}

/// The solver's labels of positions given by their moves: the weak
/// value's sign for the side to move and the best columns' mask.
struct Label {
    moves: String,
    value: i32,
    best: u8,
}

fn label(solver: &mut Solver, board: &Board) -> (i32, u8) {
    let cancel = CancelFlag::new();
    let mut solve = |board: &Board| {
        solver
            .solve(board, Strength::Weak, &cancel)
            .expect("not cancelled")
            .for_mover
            .signum()
    };
    let value = solve(board);
    let mut best = 0u8;
    for cell in bits(board.moves()) {
        let mut child = *board;
        child.play(cell).expect("a legal move");
        if -solve(&child) == value {
            best |= 1 << (cell % COLUMNS);
        }
    }
    (value, best)
}

fn cache_directory() -> PathBuf {
    let directory = std::env::temp_dir().join("tictactoe-network-probe");
    std::fs::create_dir_all(&directory).expect("a cache directory under /tmp");
    directory
}

/// The labels of `positions`, read from `file` if it holds them all,
/// else computed (for at most `budget`) and written there.
fn labels(file: &Path, positions: &[(String, Board)], budget: Duration) -> Vec<Label> {
    if let Ok(text) = std::fs::read_to_string(file) {
        let cached: Vec<Label> = text
            .lines()
            .filter_map(|line| {
                let mut fields = line.split(' ');
                Some(Label {
                    moves: fields.next()?.to_string(),
                    value: fields.next()?.parse().ok()?,
                    best: fields.next()?.parse().ok()?,
                })
            })
            .collect();
        if !cached.is_empty() {
            return cached;
        }
    }
    // Both cores, a solver each; what the budget leaves unlabelled is left out.
    let started = Instant::now();
    let labels: Vec<Label> = positions
        .par_iter()
        .map_init(
            || Solver::with_table_bytes(DEFAULT_TABLE_BYTES),
            |solver, (moves, board)| {
                (started.elapsed() < budget).then(|| {
                    let (value, best) = label(solver, board);
                    Label {
                        moves: moves.clone(),
                        value,
                        best,
                    }
                })
            },
        )
        .flatten()
        .collect();
    let text: String = labels
        .iter()
        .map(|l| format!("{} {} {}\n", l.moves, l.value, l.best))
        .collect();
    std::fs::write(file, text).expect("the cache written");
    println!(
        "labelled {} positions in {:.0} s into {}",
        labels.len(),
        started.elapsed().as_secs_f64(),
        file.display()
    );
    labels
}

fn sample_of(label: &Label) -> Labelled {
    let board = Board::from_columns(Shape::CONNECT_FOUR, &label.moves).expect("a cached line");
    let mut policy = [0.0; COLUMNS];
    let share = 1.0 / label.best.count_ones().max(1) as f32;
    for column in bits(u64::from(label.best)) {
        policy[column] = share;
    }
    Labelled {
        board,
        policy,
        value: label.value as f32,
    }
}

fn test_set(name: &str) -> Vec<(String, Board)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/engine/tests/data/connect-four")
        .join(name);
    std::fs::read_to_string(&path)
        .expect("the test set")
        .lines()
        .map(|line| {
            let moves = line.split(' ').next().expect("moves").to_string();
            let board = Board::from_columns(Shape::CONNECT_FOUR, &moves).expect("a position");
            (moves, board)
        })
        .collect()
}

/// The share of `held_out` whose value has the right sign (a third of
/// the way from 0 counts as a draw) and whose highest prior is a best
/// column.
fn accuracy(network: &dyn Candidate, held_out: &[Labelled]) -> (f64, f64) {
    let (mut signs, mut columns) = (0, 0);
    for sample in held_out {
        let output = network.evaluate(&sample.board);
        let sign = if output.value > 1.0 / 3.0 {
            1.0
        } else if output.value < -1.0 / 3.0 {
            -1.0
        } else {
            0.0
        };
        signs += usize::from(sign == sample.value);
        let top = (0..COLUMNS)
            .max_by(|&a, &b| output.priors[a].total_cmp(&output.priors[b]))
            .expect("seven columns");
        columns += usize::from(sample.policy[top] > 0.0);
    }
    let n = held_out.len() as f64;
    (signs as f64 / n, columns as f64 / n)
}

fn train(network: &mut dyn Trainable, train: &[Labelled], held_out: &[Labelled], time: Duration) {
    const BATCH: usize = 32;
    let mut adam = Adam::for_parameters(network.parameter_count(), 1e-3);
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let started = Instant::now();
    let mut next_report = Duration::ZERO;
    let mut steps = 0u64;
    println!("{}:", network.name());
    println!("  seconds  samples  loss    value-sign  best-column");
    let mut recent_loss = 0.0f32;
    loop {
        let elapsed = started.elapsed();
        if elapsed >= next_report {
            let (signs, columns) = accuracy(network, held_out);
            println!(
                "  {:7.0}  {:7}  {:.3}   {:.3}       {:.3}",
                elapsed.as_secs_f64(),
                steps * BATCH as u64,
                recent_loss,
                signs,
                columns
            );
            next_report += time / 6;
            if elapsed >= time {
                break;
            }
        }
        let batch: Vec<&Labelled> = (0..BATCH)
            .map(|_| &train[rng.random_range(0..train.len())])
            .collect();
        let count = network.parameter_count();
        let shared: &dyn Trainable = network;
        let halves: Vec<(Vec<f32>, f32)> = batch
            .par_chunks(BATCH / 2)
            .map(|half| {
                let mut gradient = vec![0.0f32; count];
                let loss = half
                    .iter()
                    .map(|s| shared.add_gradient(s, &mut gradient))
                    .sum::<f32>();
                (gradient, loss)
            })
            .collect();
        let mut gradient = vec![0.0f32; count];
        let mut loss = 0.0;
        for (half, half_loss) in &halves {
            add_row(&mut gradient, half, 1.0);
            loss += half_loss;
        }
        recent_loss = loss / BATCH as f32;
        adam.step_parameters(network.parameters_mut(), &gradient, BATCH);
        steps += 1;
    }
}

fn probe() {
    let seconds: u64 = std::env::var("PROBE_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(180);
    let label_seconds: u64 = std::env::var("PROBE_LABEL_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let directory = cache_directory();
    let mut held_out_positions = test_set("end-easy");
    held_out_positions.extend(test_set("middle-easy"));
    let held_out: Vec<Labelled> = labels(
        &directory.join("held-out"),
        &held_out_positions,
        Duration::from_secs(label_seconds),
    )
    .iter()
    .map(sample_of)
    .collect();
    let training: Vec<Labelled> = labels(
        &directory.join("training"),
        &random_positions(200_000, 12, 3),
        Duration::from_secs(label_seconds),
    )
    .iter()
    .map(sample_of)
    .collect();
    println!(
        "{} training positions, {} held out; {seconds} s each",
        training.len(),
        held_out.len()
    );
    let time = Duration::from_secs(seconds);
    let arguments: Vec<String> = std::env::args().collect();
    let only = |name: &str| arguments.iter().any(|a| a == name);
    if !only("conv") {
        train(&mut Mlp::new(256, 128, SEED), &training, &held_out, time);
    }
    if !only("mlp") {
        train(&mut Conv::new(32, 4, SEED), &training, &held_out, time);
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    if arguments.iter().any(|a| a == "check") {
        check();
    } else if arguments.iter().any(|a| a == "probe") {
        probe();
    } else {
        let mut criterion = Criterion::default().configure_from_args();
        bench(&mut criterion);
        criterion.final_summary();
    }
}
