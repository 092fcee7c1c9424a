//! How soon a search stops when it is asked to, or when its time is up:
//! the figures the tests no longer hold to a wall-clock bound, which a
//! loaded 2-core machine would break (the tests check that it stops).
//!
//! - `alphabeta-tt` on the empty 5x5 board with a 200 ms time limit: the
//!   whole decision (limit plus overshoot; tools' tests, `engine.rs`).
//! - The game thread's minimax on the empty 5x5 board, ended mid-search:
//!   end of game asked to game over received (`tests/game.rs`).
//! - A hint on the empty 5x5 board, cancelled: asked to report received.
//!
//! The window's Quit (`tests/ui.rs`) is timed by `benches/responsiveness.rs`.
//! Run with `cargo bench --no-default-features --bench stopping`; figures
//! in docs/benchmarks.md.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tictactoe::game::{Event, GameSetup, GameThread};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;

/// How long a search runs before it is stopped: well into its work.
const RUNNING: Duration = Duration::from_millis(100);

/// The next event the thread sends, however long it takes.
fn next(events: &async_channel::Receiver<Event>) -> Event {
    events.recv_blocking().expect("the game thread runs")
}

fn time_limit(c: &mut Criterion) {
    let limit = Duration::from_millis(200);
    let options = PlayerOptions {
        time_limit: Some(limit),
        ..PlayerOptions::default()
    };
    let board = Board::new(Shape::FIVE_BY_FIVE);
    c.bench_function(
        "alphabeta-tt, empty 5x5, 200 ms limit: whole decision",
        |b| {
            b.iter(|| {
                let report = PlayerKind::AlphaBetaTt
                    .create(&options)
                    .choose_move(&board, &CancelFlag::new());
                assert!(!report.aborted);
            })
        },
    );
}

fn ending_a_game(c: &mut Criterion) {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let minimax = (PlayerKind::Minimax, Difficulty::Hard);
    c.bench_function("game thread: 5x5 minimax ended, to game over", |b| {
        b.iter_custom(|runs| {
            let mut total = Duration::ZERO;
            for _ in 0..runs {
                let setup =
                    GameSetup::new(Shape::FIVE_BY_FIVE, [minimax, minimax], 0, Duration::ZERO);
                thread.start(setup);
                while !matches!(next(&events), Event::Thinking { .. }) {}
                std::thread::sleep(RUNNING);
                let asked = Instant::now();
                thread.end_game();
                while !matches!(next(&events), Event::GameOver { .. }) {}
                total += asked.elapsed();
            }
            total
        })
    });
}

fn cancelling_a_hint(c: &mut Criterion) {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    c.bench_function("game thread: 5x5 hint cancelled, to its report", |b| {
        b.iter_custom(|runs| {
            let mut total = Duration::ZERO;
            for _ in 0..runs {
                thread.hint(Board::new(Shape::FIVE_BY_FIVE));
                std::thread::sleep(RUNNING);
                let asked = Instant::now();
                thread.cancel_hint();
                while !matches!(next(&events), Event::Hint { .. }) {}
                total += asked.elapsed();
            }
            total
        })
    });
}

criterion_group! {
    name = benches;
    // Each run takes a few hundred milliseconds: ten samples are enough.
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(10));
    targets = time_limit, ending_a_game, cancelling_a_hint
}
criterion_main!(benches);
