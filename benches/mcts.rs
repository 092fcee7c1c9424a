//! Monte Carlo tree search's speed in simulations a second (one simulation:
//! selection, expansion, a random playout to the end and the result carried
//! back) on the empty 3x3, Connect Four (7x6) and Five in a Row (7x7)
//! boards: the `mcts` player's whole search of `PLAYOUTS` simulations, its
//! tree built afresh each time, as a move in a game costs.
//!
//! The mark to beat on Connect Four is OpenSpiel's C++ MCTS bot with random
//! rollouts: 135,000 simulations a second on the empty 7x6 board on a
//! 2-core machine like the one benches/RESULTS.md describes.
//!
//! Run with `cargo bench --no-default-features --bench mcts`; a filter picks
//! boards (`-- 7x6`). At the end it prints the median of criterion's samples
//! per board as simulations a second; figures in benches/RESULTS.md.

use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::Criterion;

use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::players::mcts;
use tictactoe_engine::search::CancelFlag;

/// Simulations per search, as `tictactoe play --player mcts` runs by
/// default and `benches/engine.rs` measures.
const PLAYOUTS: u32 = 10_000;

/// OpenSpiel's C++ MCTS on the empty Connect Four board, simulations a
/// second (issue 36).
const OPENSPIEL_CONNECT_FOUR: f64 = 135_000.0;

const BOARDS: [(&str, Shape); 3] = [
    ("3x3", Shape::TIC_TAC_TOE),
    ("7x6 connect-four", Shape::CONNECT_FOUR),
    ("7x7 five-in-a-row", Shape::FIVE_IN_A_ROW),
];

/// A board's name, the moves of one search and the median seconds per search.
static ROWS: Mutex<Vec<(&str, u64, f64)>> = Mutex::new(Vec::new());

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts empty board");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (name, shape) in BOARDS {
        let board = Board::new(shape);
        let search = || mcts::search(&board, &CancelFlag::new(), PLAYOUTS, 1).0;
        let mut per_search = Vec::new();
        group.bench_function(name, |b| {
            b.iter_custom(|iterations| {
                let start = Instant::now();
                for _ in 0..iterations {
                    black_box(search());
                }
                let elapsed = start.elapsed();
                per_search.push(elapsed.as_secs_f64() / iterations as f64);
                elapsed
            })
        });
        if per_search.is_empty() {
            continue; // filtered out
        }
        // Criterion's last 20 calls are the samples; the ones before warm up.
        let mut samples = per_search.split_off(per_search.len().saturating_sub(20));
        samples.sort_by(f64::total_cmp);
        let report = search();
        assert_eq!(report.stats.leaf_evals, u64::from(PLAYOUTS), "{name}");
        ROWS.lock()
            .unwrap()
            .push((name, report.stats.nodes, samples[samples.len() / 2]));
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().without_plots().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
    // `--test` runs each search once: no figures worth a summary.
    if std::env::args().any(|arg| arg == "--test") {
        return;
    }
    println!("\n| empty board | {PLAYOUTS} simulations | simulations/s | moves/s |");
    println!("|---|---:|---:|---:|");
    for &(name, nodes, seconds) in ROWS.lock().unwrap().iter() {
        println!(
            "| {name} | {:.2} ms | {:.0} | {:.1} M |",
            seconds * 1e3,
            f64::from(PLAYOUTS) / seconds,
            nodes as f64 / seconds / 1e6,
        );
        if name.starts_with("7x6") {
            let rate = f64::from(PLAYOUTS) / seconds;
            println!(
                "\nConnect Four: {:.2}x OpenSpiel's C++ MCTS ({OPENSPIEL_CONNECT_FOUR:.0}/s)",
                rate / OPENSPIEL_CONNECT_FOUR
            );
        }
    }
}
