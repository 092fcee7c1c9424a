//! The learners' training: its speed and what it reaches.
//!
//! Run with `cargo bench --no-default-features --bench learners`. Criterion
//! measures whole training runs from nothing learned:
//!
//! - `td` in self-play, both sides, 200,000 games (the target: under 10 s);
//! - `menace` as X against `alphabeta-random` at full depth, 20,000 games;
//! - `menace` as X against `random`, 2,000 games.
//!
//! At the end it prints games per second (from criterion's medians) and
//! the curves' key figures: for `td` the first game count at which its
//! greedy play passes the exhaustive walk over every opponent reply as X
//! and as O (checked every 100 games), and whether it still passes at the
//! end; for `menace` the draws in the last 1,000 games against perfect play
//! (Michie's rules, and the variant that refills an empty box) and the
//! wins in the last 500 of 2,000 against random, each for eight seeds.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;

use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::menace::Menace;
use tictactoe_engine::learners::{Learner, LearnerState};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::training::{Block, Opponent, Sides, Training, train};

struct Run {
    name: &'static str,
    kind: PlayerKind,
    training: Training,
}

fn runs() -> [Run; 3] {
    let against = |kind| Opponent::Player(kind, PlayerOptions::default());
    [
        Run {
            name: "td self-play, both sides, 200000 games",
            kind: PlayerKind::Td,
            training: Training {
                opponent: Opponent::Itself,
                sides: Sides::Both,
                games: 200_000,
                block: 10_000,
                seed: 1,
                threads: 0,
                teacher: Default::default(),
            },
        },
        Run {
            name: "menace as X vs alphabeta-random, 20000 games",
            kind: PlayerKind::Menace,
            training: Training {
                opponent: against(PlayerKind::AlphaBetaRandom),
                sides: Sides::X,
                games: 20_000,
                block: 1_000,
                seed: 1,
                threads: 0,
                teacher: Default::default(),
            },
        },
        Run {
            name: "menace as X vs random, 2000 games",
            kind: PlayerKind::Menace,
            training: Training {
                opponent: against(PlayerKind::Random),
                sides: Sides::X,
                games: 2_000,
                block: 500,
                seed: 1,
                threads: 0,
                teacher: Default::default(),
            },
        },
    ]
}

fn curve(kind: PlayerKind, training: &Training) -> Vec<Block> {
    let mut state = LearnerState::fresh(kind, Shape::TIC_TAC_TOE).expect("a learner");
    let mut curve = Vec::new();
    train(&mut state, training, &CancelFlag::new(), |block| {
        curve.push(*block)
    })
    .expect("training runs to its end");
    curve
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    let mut medians = Vec::new();
    for run in runs() {
        let mut times = Vec::new();
        criterion.bench_function(run.name, |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let started = Instant::now();
                    black_box(curve(run.kind, &run.training));
                    let took = started.elapsed();
                    times.push(took);
                    total += took;
                }
                total
            })
        });
        if times.is_empty() {
            continue;
        }
        times.sort();
        medians.push((run.name, run.training.games, times[times.len() / 2]));
    }
    println!("\nTraining speed (median of criterion's runs):");
    for (name, games, median) in medians {
        println!(
            "  {name}: {:.2} s, {:.0} games/s",
            median.as_secs_f64(),
            games as f64 / median.as_secs_f64()
        );
    }
    println!("\nWhat training reaches, per seed:");
    for seed in 1..=8 {
        let td = curve(
            PlayerKind::Td,
            &Training {
                opponent: Opponent::Itself,
                sides: Sides::Both,
                games: 200_000,
                block: 100,
                seed,
                threads: 0,
                teacher: Default::default(),
            },
        );
        let passes = |block: &Block| block.lost_lines == Some([0, 0]);
        let first = td
            .iter()
            .find(|block| passes(block))
            .map(|block| block.games);
        let last_failure = td
            .iter()
            .rev()
            .find(|block| !passes(block))
            .map(|block| block.games);
        let perfect = Training {
            opponent: Opponent::Player(PlayerKind::AlphaBetaRandom, PlayerOptions::default()),
            sides: Sides::X,
            games: 20_000,
            block: 1_000,
            seed,
            threads: 0,
            teacher: Default::default(),
        };
        let exact = curve(PlayerKind::Menace, &perfect);
        let last = exact.last().expect("a block");
        let mut refilling = LearnerState {
            learner: Learner::Menace(Menace::new(true)),
            games: 0,
        };
        let mut refilled = None;
        train(&mut refilling, &perfect, &CancelFlag::new(), |block| {
            refilled = Some(*block)
        })
        .expect("training runs to its end");
        let refilled = refilled.expect("a block");
        let random = curve(
            PlayerKind::Menace,
            &Training {
                opponent: Opponent::Player(PlayerKind::Random, PlayerOptions::default()),
                sides: Sides::X,
                games: 2_000,
                block: 500,
                seed,
                threads: 0,
                teacher: Default::default(),
            },
        );
        let late = random.last().expect("a block");
        println!(
            "  seed {seed}: td first never loses at {} games (last failing check at {}), \
             passes at 200000: {}; menace vs alphabeta-random, draws in games \
             19001-20000: {:.1}% ({} resigned), refilling empty boxes {:.1}%; menace vs random: {:.1}% wins, {:.1}% losses in \
             games 1501-2000",
            first.map_or("never".to_owned(), |g| g.to_string()),
            last_failure.map_or("none".to_owned(), |g| g.to_string()),
            td.last().is_some_and(passes),
            100.0 * last.draws as f64 / last.played() as f64,
            last.resignations,
            100.0 * refilled.draws as f64 / refilled.played() as f64,
            100.0 * late.wins as f64 / late.played() as f64,
            100.0 * late.losses as f64 / late.played() as f64,
        );
    }
}
