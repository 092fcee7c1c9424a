//! Tournament benchmarks: the round robin of all eight computer players,
//! on 1 and on 2 worker threads, and the speed-up between them.
//!
//! - 3x3 at Hard (full depth), 100 games per pairing and colour: 5,600 games.
//! - 4x4 at Medium (depth 3), 10 games per pairing and colour: 560 games.
//!   100 would be 5,600 games of some 0.05 s of CPU each (Monte Carlo's
//!   20,000 playouts a move and perfect's full-depth search dominate): about
//!   5 minutes of CPU a run, half an hour or more for the bench's six runs,
//!   too slow for a benchmark, so a tenth of it.
//!
//! On a machine shared with other work, the wall times say little about
//! the speed-up: the second thread competes with the other processes for
//! the same two cores. So the bench also reports the process's CPU time
//! (user + system): if it stays the same on 2 threads as on 1, the
//! parallel run wastes nothing, and on an idle machine its wall time would
//! be the CPU time over the cores the games could keep busy.
//!
//! Every player has the command line's time limit (5 s a move, which no
//! move here reaches). Each configuration runs `RUNS` times, alternating 1
//! and 2 threads so that a change in the machine's load hits both alike;
//! the figures are the median wall times. Every run must play the same
//! games (the seed is fixed), which the bench checks.
//!
//! Run with `cargo bench --no-default-features --bench tournament`; a word
//! after `--` picks the configurations whose name contains it (`-- 3x3`).
//! One whole run takes about ten minutes on the 2-core machine.

use std::time::{Duration, Instant};

use tictactoe::game::SEARCH_TIME_LIMIT;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::Difficulty;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::compare::Contender;
use tictactoe_tools::tournament::GameSummary;
use tictactoe_tools::tournament::{Tournament, TournamentResults};

/// Runs per configuration and thread count.
const RUNS: usize = 3;

const SEED: u64 = 2026;

struct Configuration {
    name: &'static str,
    size: Shape,
    difficulty: Difficulty,
    games_per_colour: u32,
}

const CONFIGURATIONS: [Configuration; 2] = [
    Configuration {
        name: "3x3 hard",
        size: Shape::TIC_TAC_TOE,
        difficulty: Difficulty::Hard,
        games_per_colour: 100,
    },
    Configuration {
        name: "4x4 medium",
        size: Shape::FOUR_BY_FOUR,
        difficulty: Difficulty::Medium,
        games_per_colour: 10,
    },
];

fn tournament(configuration: &Configuration, threads: usize) -> Tournament {
    let mut entrants = Contender::computer_players(configuration.difficulty);
    for entrant in &mut entrants {
        entrant.options.time_limit = Some(SEARCH_TIME_LIMIT);
    }
    let mut tournament = Tournament::new(
        entrants,
        configuration.size,
        configuration.games_per_colour,
        SEED,
    );
    tournament.threads = Some(threads);
    tournament
}

/// A run's wall time and CPU time, its results and its games.
struct Run {
    wall: Duration,
    cpu: Duration,
    results: TournamentResults,
    games: Vec<GameSummary>,
}

fn run(configuration: &Configuration, threads: usize) -> Run {
    let started = Instant::now();
    let cpu_before = cpu_time();
    let mut games = Vec::new();
    let results = tournament(configuration, threads)
        .run_with_games(&CancelFlag::new(), |_| {}, |game| games.push(game.clone()))
        .expect("the tournament runs");
    Run {
        wall: started.elapsed(),
        cpu: cpu_time().saturating_sub(cpu_before),
        results,
        games,
    }
}

/// This process's CPU time so far, user and system, from /proc/self/stat
/// (in clock ticks of 10 ms, Linux's USER_HZ).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("Linux's /proc");
    // The fields after the command's name, which is in parentheses.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    Duration::from_millis(ticks * 10)
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The one-minute load average, to tell a busy machine.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

fn main() {
    // `cargo bench` passes `--bench`; a plain word is a filter.
    let filter: Option<String> = std::env::args()
        .skip(1)
        .find(|argument| !argument.starts_with("--"));
    let mut summary = Vec::new();
    for configuration in &CONFIGURATIONS {
        if filter
            .as_ref()
            .is_some_and(|filter| !configuration.name.contains(filter.as_str()))
        {
            continue;
        }
        let mut times = [Vec::new(), Vec::new()];
        let mut cpu = [Vec::new(), Vec::new()];
        let mut loads = Vec::new();
        let mut first: Option<(TournamentResults, Vec<GameSummary>)> = None;
        for run_index in 0..RUNS {
            for threads in [1, 2] {
                loads.push(load());
                let Run {
                    wall: time,
                    cpu: cpu_used,
                    results,
                    games,
                } = run(configuration, threads);
                println!(
                    "{} run {} on {threads} thread(s): {:.2} s, CPU {:.2} s, {} games, load {}",
                    configuration.name,
                    run_index + 1,
                    time.as_secs_f64(),
                    cpu_used.as_secs_f64(),
                    results.games_played,
                    loads.last().unwrap()
                );
                cpu[threads - 1].push(cpu_used);
                assert!(!results.partial && results.failures.is_empty());
                match &first {
                    Some((_, first_games)) => {
                        assert_eq!(*first_games, games, "the seed replays the games");
                    }
                    None => first = Some((results, games)),
                }
                times[threads - 1].push(time);
            }
        }
        let games = first.expect("at least one run").0.games_played;
        let each = |times: &[Duration]| {
            times
                .iter()
                .map(|time| format!("{:.2}", time.as_secs_f64()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let listed = [each(&times[0]), each(&times[1])];
        let one = median(&mut times[0]);
        let two = median(&mut times[1]);
        let cpu_one = median(&mut cpu[0]);
        let cpu_two = median(&mut cpu[1]);
        summary.push(format!(
            "| {} | {games} | {:.2} s ({}) | {:.0} | {:.2} s ({}) | {:.0} | {:.2}x | {:.2} s / {:.2} s | {} |",
            configuration.name,
            one.as_secs_f64(),
            listed[0],
            games as f64 / one.as_secs_f64(),
            two.as_secs_f64(),
            listed[1],
            games as f64 / two.as_secs_f64(),
            one.as_secs_f64() / two.as_secs_f64(),
            cpu_one.as_secs_f64(),
            cpu_two.as_secs_f64(),
            loads.join(", "),
        ));
    }
    println!();
    println!(
        "| round robin, 8 players | games | 1 thread: median (each run) | games/s | \
         2 threads: median (each run) | games/s | speed-up | CPU time, 1 / 2 threads (median) | \
         load average before each run |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---|");
    for line in summary {
        println!("{line}");
    }
}
