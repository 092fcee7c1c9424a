//! The neural player: how fast it evaluates, searches and trains, and
//! what it reaches.
//!
//! Run with `cargo bench --no-default-features --bench neural` (add
//! `-- 4x4` for the 4x4 training, ten minutes; `-- search` for the speeds
//! only, the first two items, under a minute). It prints:
//!
//! - one network evaluation (policy and value of one position), the median
//!   of many, and the search's simulations per second at Hard;
//! - self-play training from a fresh network, 1,000 games, on 1 and 2
//!   threads: time, and whether both give the same network bit for bit;
//! - after 1,000 games: the lines of replies that beat it (every line, as
//!   X and as O) at each difficulty; after 3,000 games the bare policy's
//!   lines and the share of the 4,520 open positions where its first
//!   choice is optimal; each for several seeds;
//! - each difficulty's results against `random` and `perfect` (100 games
//!   with each colour) and its lost lines after 100, 300 and 3,000 games;
//! - with `-- 4x4`: ten minutes of 4x4 self-play (`NEURAL_MINUTES` for
//!   another length), then each difficulty against `alphabeta-tt` at
//!   Medium and Hard and against `random`.
//!
//! `NEURAL_SEEDS` sets how many seeds (4 by default).

use std::time::{Duration, Instant};

use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::learners::neural::NeuralPlayer;
use tictactoe_engine::learners::{Learner, LearnerState};
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::neural_training::{self, SelfPlayRun, exam, optimal_share};
use tictactoe_tools::play::lost_lines;
use tictactoe_tools::training::{Opponent, Sides, Training, train};

const LEVELS: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

fn trained(games: u64, seed: u64, threads: usize) -> (LearnerState, Duration) {
    let mut state = LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE).expect("a learner");
    let training = Training {
        opponent: Opponent::Itself,
        sides: Sides::X,
        games,
        block: games,
        seed,
        threads,
        teacher: Default::default(),
    };
    let started = Instant::now();
    train(&mut state, &training, &CancelFlag::new(), |_| {}).expect("training runs");
    (state, started.elapsed())
}

fn network(state: &LearnerState) -> &Network {
    match &state.learner {
        Learner::Neural(network) => network,
        _ => unreachable!("a neural state"),
    }
}

fn player(state: &LearnerState, difficulty: Difficulty) -> NeuralPlayer {
    NeuralPlayer::new(network(state).clone(), difficulty, state.games)
}

fn walk(state: &LearnerState, difficulty: Difficulty) -> [usize; 2] {
    let mut player = player(state, difficulty);
    [Side::Max, Side::Min]
        .map(|side| lost_lines(&mut player, side, Board::new(Shape::TIC_TAC_TOE)).len())
}

fn evaluation_speed() {
    let network = network(&trained(200, 1, 0).0).clone();
    let boards: Vec<Board> = ["x.o/.x./...", "xo./.x./..o", ".../.x./..."]
        .iter()
        .filter_map(|text| text.parse().ok())
        .collect();
    let mut samples = Vec::new();
    for _ in 0..31 {
        let rounds = 200_000;
        let started = Instant::now();
        let mut total = 0.0f32;
        for round in 0..rounds {
            let board = &boards[round % boards.len()];
            total += std::hint::black_box(network.evaluate(std::hint::black_box(board))).value;
        }
        std::hint::black_box(total);
        samples.push(started.elapsed().as_nanos() as f64 / rounds as f64);
    }
    samples.sort_by(f64::total_cmp);
    println!(
        "one evaluation: median {:.0} ns (fastest run {:.0} ns, slowest {:.0} ns)",
        samples[samples.len() / 2],
        samples[0],
        samples[samples.len() - 1]
    );
    let mut hard = NeuralPlayer::new(network, Difficulty::Hard, 200);
    let board = Board::new(Shape::TIC_TAC_TOE);
    let started = Instant::now();
    let mut simulations = 0u64;
    while started.elapsed() < Duration::from_secs(2) {
        let report = hard.choose_move(&board, &CancelFlag::new());
        simulations += report.stats.leaf_evals;
    }
    println!(
        "search at Hard from the empty board: {:.0} network evaluations a second",
        simulations as f64 / started.elapsed().as_secs_f64()
    );
}

/// 1,000 self-play games from a fresh network on 1 and 2 threads.
fn self_play_speed() {
    let (one, one_time) = trained(1_000, 1, 1);
    let (two, two_time) = trained(1_000, 1, 2);
    println!(
        "1,000 self-play games, seed 1: {:.2} s on 1 thread, {:.2} s on 2; the same network bit for bit: {}",
        one_time.as_secs_f64(),
        two_time.as_secs_f64(),
        network(&one)
            .parameters()
            .iter()
            .map(|p| p.to_bits())
            .eq(network(&two).parameters().iter().map(|p| p.to_bits()))
    );
}

/// Wins, draws and losses of the neural player at `difficulty` against
/// `opponent`, `games` with each colour.
fn results(
    state: &LearnerState,
    difficulty: Difficulty,
    opponent: PlayerKind,
    games: u64,
) -> [u64; 3] {
    results_on(
        Shape::TIC_TAC_TOE,
        state,
        difficulty,
        opponent,
        Difficulty::Hard,
        games,
    )
}

fn results_on(
    size: Shape,
    state: &LearnerState,
    difficulty: Difficulty,
    opponent: PlayerKind,
    opponent_difficulty: Difficulty,
    games: u64,
) -> [u64; 3] {
    let mut tally = [0; 3];
    for game in 0..2 * games {
        let side = if game % 2 == 0 { Side::Max } else { Side::Min };
        let mut neural = player(state, difficulty);
        let mut other = opponent.create(&PlayerOptions {
            seed: game,
            difficulty: opponent_difficulty,
            ..PlayerOptions::default()
        });
        let mut board = Board::new(size);
        while board.outcome() == Outcome::Ongoing {
            let mover: &mut dyn Player = if board.side_to_move() == side {
                &mut neural
            } else {
                other.as_mut()
            };
            let cell = mover
                .choose_move(&board, &CancelFlag::new())
                .best
                .expect("a move");
            board.play(cell).expect("a legal move");
        }
        match board.outcome() {
            Outcome::Won(winner, _) if winner == side => tally[0] += 1,
            Outcome::Won(..) => tally[2] += 1,
            _ => tally[1] += 1,
        }
    }
    tally
}

/// Ten minutes of self-play on 4x4 (four in a row), then 100 games with
/// each colour against `alphabeta-tt` at Medium and at Hard, and 500 with
/// each colour against `random`, at each difficulty.
fn four_by_four() {
    let minutes: u64 = std::env::var("NEURAL_MINUTES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(10);
    let mut network = Network::new(
        Shape::FOUR_BY_FOUR,
        tictactoe_engine::learners::network::INITIAL_SEED,
    );
    let mut games = 0;
    let cancel = CancelFlag::new();
    let stop = cancel.clone();
    let timer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(60 * minutes));
        stop.cancel();
    });
    let training = SelfPlayRun {
        games: u64::from(u32::MAX),
        block: 500,
        seed: 1,
        threads: 0,
        teacher: Default::default(),
    };
    let started = Instant::now();
    let _ = neural_training::train(
        &mut network,
        &mut games,
        &training,
        |_| Side::Max,
        &cancel,
        |block| {
            let [x, drawn, o] = block.results;
            println!(
                "{:>6} games, {:>4.0} s: X won {x}, drawn {drawn}, O won {o} of the last block; loss: policy {:.3}, value {:.3}",
                block.games,
                started.elapsed().as_secs_f64(),
                block.exam.policy_loss,
                block.exam.value_loss
            );
        },
    );
    timer.join().expect("the timer");
    println!(
        "4x4: {games} self-play games in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    let state = LearnerState {
        learner: Learner::Neural(network),
        games,
    };
    for level in LEVELS {
        for (opponent, difficulty, count) in [
            (PlayerKind::AlphaBetaTt, Difficulty::Medium, 100),
            (PlayerKind::AlphaBetaTt, Difficulty::Hard, 100),
            (PlayerKind::Random, Difficulty::Hard, 500),
        ] {
            let [won, drawn, lost] = results_on(
                Shape::FOUR_BY_FOUR,
                &state,
                level,
                opponent,
                difficulty,
                count,
            );
            println!(
                "  neural {level:?} against {opponent} {difficulty:?}: {won} won, {drawn} drawn, {lost} lost ({count} games with each colour)"
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|arg| arg == "4x4") {
        four_by_four();
        return;
    }
    let seeds: u64 = std::env::var("NEURAL_SEEDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(4);
    evaluation_speed();
    self_play_speed();
    if args.iter().any(|arg| arg == "search") {
        return;
    }
    for seed in 1..=seeds {
        let (state, time) = trained(1_000, seed, 0);
        let levels: Vec<String> = LEVELS
            .iter()
            .map(|&level| format!("{:?} {:?}", level, walk(&state, level)))
            .collect();
        println!(
            "seed {seed}, 1,000 games in {:.2} s: lost lines [as X, as O] {}; optimal first choices {:.2}%",
            time.as_secs_f64(),
            levels.join(", "),
            100.0 * optimal_share(network(&state))
        );
    }
    for games in [100, 300] {
        let (early, _) = trained(games, 1, 0);
        println!("after {games} games, seed 1:");
        for level in LEVELS {
            for opponent in [PlayerKind::Random, PlayerKind::Perfect] {
                let [won, drawn, lost] = results(&early, level, opponent, 100);
                println!(
                    "  {level:?} against {opponent}: {won} won, {drawn} drawn, {lost} lost; lost lines {:?}",
                    walk(&early, level)
                );
            }
        }
    }
    for seed in 1..=seeds {
        let (state, time) = trained(3_000, seed, 0);
        let (lines, share) = exam(network(&state));
        println!(
            "seed {seed}, 3,000 games in {:.2} s: bare policy lost lines {lines:?}; optimal first choices {:.2}%; Hard {:?}",
            time.as_secs_f64(),
            100.0 * share,
            walk(&state, Difficulty::Hard)
        );
        if seed == 1 {
            for level in LEVELS {
                for opponent in [PlayerKind::Random, PlayerKind::Perfect] {
                    let [won, drawn, lost] = results(&state, level, opponent, 100);
                    println!(
                        "  {level:?} against {opponent}: {won} won, {drawn} drawn, {lost} lost"
                    );
                }
            }
        }
    }
}
