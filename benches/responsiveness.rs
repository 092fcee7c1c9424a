//! Window responsiveness, measured on the real window under Xvfb:
//!
//! - launch to first drawn frame (from `main`, through GTK start-up);
//! - what a search costs the window left alone (the longest main-loop stall,
//!   the CPU of the game thread and of the window's threads);
//! - the longest main-loop stall and the frame intervals from pressing Start
//!   on, while two computer players search on 5x5 for seconds at a time and
//!   frames are kept coming, and how many frames missed their deadline;
//! - the longest main-loop stall while a tournament plays on all cores in
//!   the background (frames kept coming), and while its results are shown;
//! - the Monte Carlo window (`-- mcts`, alone): from a step (one playout,
//!   one phase) to its frame painted, and the longest main-loop stall while
//!   1,000 and 100,000 more playouts run off the main thread;
//! - the Practice window (`-- practice`, alone): from a value typed into
//!   the selected node, and from Check, to the frame painted, on a level's
//!   tree and on the largest tree the text format takes;
//! - the longest main-loop stall while a learner trains in the background,
//!   its curve drawn and said as it grows, and as it ends, its state saved
//!   (`-- training` measures this alone);
//! - Quit to game over, over 100 tries (p50, p99, max);
//! - resident memory after a whole 5x5 game;
//! - the search-tree explorer on plain minimax's tree of the empty 3x3
//!   board (549,945 nodes): how soon its root rows are drawn, and the
//!   longest main-loop stall while the principal variation opens, every
//!   row down to the third ply opens, the list scrolls through and the
//!   step mode plays at full speed.
//!
//! `xvfb-run -a cargo bench --bench responsiveness`

use std::cell::{Cell, RefCell};
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

use gtk::{gio, glib, prelude::*};
use tictactoe::ui::{TictactoeApplication, TictactoeWindow, TreeExplorer};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_tools::training::Opponent;
use tictactoe_words::numbers::group;

/// Both sides play plain minimax six plies deep on 5x5: over a hundred
/// million nodes, seconds per move.
const BUSY_PLAYER: (PlayerKind, Difficulty) = (PlayerKind::Minimax, Difficulty::Depth(6));
const QUIT_TRIES: usize = 100;
/// The tournament the window runs in the background: one player of each
/// family on 3x3.
const TOURNAMENT_PLAYERS: [(PlayerKind, Difficulty); 5] = [
    (PlayerKind::Random, Difficulty::Hard),
    (PlayerKind::Rules, Difficulty::Hard),
    (PlayerKind::AlphaBeta, Difficulty::Medium),
    (PlayerKind::Mcts, Difficulty::Hard),
    (PlayerKind::Perfect, Difficulty::Hard),
];

/// Main-loop statistics gathered while waiting.
#[derive(Default)]
struct LoopStats {
    /// The longest time one main-loop iteration kept the thread busy.
    longest_iteration: Duration,
    /// The most CPU time the main thread used in one iteration: the work
    /// itself, without the waits for a core that other processes on a
    /// loaded machine add to the wall time.
    most_cpu_in_iteration: Duration,
}

impl LoopStats {
    /// Counts one iteration that began at `wall` and `cpu`.
    fn count(&mut self, wall: Instant, cpu: Duration) {
        self.longest_iteration = self.longest_iteration.max(wall.elapsed());
        self.most_cpu_in_iteration = self
            .most_cpu_in_iteration
            .max(thread_cpu_time().saturating_sub(cpu));
    }
}

/// The CPU time the calling thread has used.
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given, nothing else.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Runs the main loop until `done` holds or `timeout` passes, timing each
/// iteration's dispatch.
fn run_until(
    timeout: Duration,
    stats: &mut LoopStats,
    mut done: impl FnMut() -> bool,
) -> Result<Duration, String> {
    let context = glib::MainContext::default();
    let started = Instant::now();
    while !done() {
        if started.elapsed() > timeout {
            return Err(format!("gave up after {timeout:?}"));
        }
        let (before, cpu_before) = (Instant::now(), thread_cpu_time());
        let dispatched = context.iteration(false);
        stats.count(before, cpu_before);
        if !dispatched {
            std::thread::sleep(Duration::from_micros(500));
        }
    }
    Ok(started.elapsed())
}

/// Runs the main loop for `duration`.
fn pass_time(duration: Duration) -> Result<(), String> {
    let started = Instant::now();
    run_until(duration * 2, &mut LoopStats::default(), || {
        started.elapsed() >= duration
    })
    .map(|_| ())
}

/// Chooses the players, board size and pace as a person would.
fn choose(window: &TictactoeWindow, players: [(PlayerKind, Difficulty); 2], size: Shape) {
    for (side, (kind, difficulty)) in [Side::Max, Side::Min].into_iter().zip(players) {
        window.picker(side).select(kind);
        window.picker(side).select_difficulty(difficulty);
    }
    window.board_picker().set_shape(size);
    window.pace_scale().set_value(0.0);
}

/// Presses Start and runs the main loop until a computer player thinks.
fn press_start(window: &TictactoeWindow, stats: &mut LoopStats) -> Result<(), String> {
    window.start_button().emit_clicked();
    run_until(Duration::from_secs(5), stats, || window.is_thinking()).map(|_| ())
}

fn start_game(
    window: &TictactoeWindow,
    players: [(PlayerKind, Difficulty); 2],
    size: Shape,
) -> Result<(), String> {
    choose(window, players, size);
    press_start(window, &mut LoopStats::default())
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    sorted[index]
}

fn resident_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with(field))?.to_string();
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// CPU time used so far by this process's threads: the game thread's, and
/// all the others' (the window's, GTK's renderer threads).
fn cpu_times() -> (Duration, Duration) {
    // Clock ticks in /proc are 1/100 s on Linux.
    const TICK: Duration = Duration::from_millis(10);
    let (mut game, mut others) = (Duration::ZERO, Duration::ZERO);
    for task in std::fs::read_dir("/proc/self/task")
        .into_iter()
        .flatten()
        .flatten()
    {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        // The fields after the name, which is in parentheses.
        let Some((name, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks: u32 =
            fields[11].parse::<u32>().unwrap_or(0) + fields[12].parse::<u32>().unwrap_or(0);
        if name.ends_with("(game") {
            game += TICK * ticks;
        } else {
            others += TICK * ticks;
        }
    }
    (game, others)
}

fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "MISSED" }
}

fn main() -> ExitCode {
    let launched = Instant::now();
    if std::env::var_os("GSK_RENDERER").is_none() {
        // Xvfb has no GPU; software GL takes tens of ms a frame, cairo a few.
        // SAFETY: no other thread runs yet to read the environment.
        unsafe { std::env::set_var("GSK_RENDERER", "cairo") };
    }
    // What the learners learn in training goes to a data directory of the
    // bench's own, not the person's.
    let data_home =
        std::env::temp_dir().join(format!("tictactoe-bench-data-{}", std::process::id()));
    // SAFETY: no other thread runs yet to read the environment.
    unsafe { std::env::set_var("XDG_DATA_HOME", &data_home) };
    if let Err(error) = gtk::init() {
        eprintln!("no display ({error}): run `xvfb-run -a cargo bench --bench responsiveness`");
        return ExitCode::FAILURE;
    }
    let measured = measure(launched);
    let _ = std::fs::remove_dir_all(&data_home);
    match measured {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("responsiveness benchmark failed: {error}");
            ExitCode::FAILURE
        }
    }
}

fn measure(launched: Instant) -> Result<(), String> {
    let app = TictactoeApplication::new();
    app.set_flags(gio::ApplicationFlags::NON_UNIQUE);
    app.register(None::<&gio::Cancellable>)
        .map_err(|e| e.to_string())?;
    app.activate();
    let window = app
        .active_window()
        .and_downcast::<TictactoeWindow>()
        .ok_or("no window")?;
    // `cargo bench --bench responsiveness -- explorer` measures the
    // explorer alone.
    if std::env::args().skip(1).any(|arg| arg == "explorer") {
        print_explorer_figures(&explore_minimax_tree(&window)?);
        app.quit();
        return Ok(());
    }
    // `-- mcts` measures the Monte Carlo window alone.
    if std::env::args().skip(1).any(|arg| arg == "mcts") {
        for size in [Shape::TIC_TAC_TOE, Shape::FIVE_BY_FIVE] {
            print_mcts_figures(size, &watch_mcts(&window, size)?);
        }
        app.quit();
        return Ok(());
    }
    // `-- practice` measures the Practice window alone.
    if std::env::args().skip(1).any(|arg| arg == "practice") {
        for (name, depth, branching) in [("a level-3 tree", 3, 3), ("4,095 nodes", 11, 2)] {
            print_practice_figures(name, &watch_practice(&window, depth, branching)?);
        }
        app.quit();
        return Ok(());
    }
    // `-- training` measures the Training window alone.
    if std::env::args().skip(1).any(|arg| arg == "training") {
        print_training_figures(&watch_training(&window)?);
        app.quit();
        return Ok(());
    }

    // Every painted frame's time, from the window's frame clock.
    let frames: Rc<RefCell<Vec<Instant>>> = Rc::default();
    let first_frame: Rc<Cell<Option<Instant>>> = Rc::default();
    run_until(Duration::from_secs(5), &mut LoopStats::default(), || {
        window.frame_clock().is_some()
    })?;
    let clock = window
        .frame_clock()
        .ok_or("the window has no frame clock")?;
    clock.connect_after_paint(glib::clone!(
        #[strong]
        frames,
        #[strong]
        first_frame,
        move |_| {
            let now = Instant::now();
            if first_frame.get().is_none() {
                first_frame.set(Some(now));
            }
            frames.borrow_mut().push(now);
        }
    ));
    run_until(Duration::from_secs(5), &mut LoopStats::default(), || {
        first_frame.get().is_some()
    })?;
    let first_frame_after = first_frame
        .get()
        .map(|at| at - launched)
        .unwrap_or_default();
    let launch_memory = resident_kib("VmRSS:") / 1024;

    // What a search costs the window as a person leaves it: nothing drawn
    // but what changes (the busy sign's seconds, the moves), for eight
    // seconds of two busy searchers.
    choose(&window, [BUSY_PLAYER; 2], Shape::FIVE_BY_FIVE);
    pass_time(Duration::from_millis(500))?;
    let mut left_alone = LoopStats::default();
    let watch_started = Instant::now();
    let cpu_before = cpu_times();
    press_start(&window, &mut left_alone)?;
    run_until(Duration::from_secs(16), &mut left_alone, || {
        watch_started.elapsed() >= Duration::from_secs(8)
    })?;
    let cpu_after = cpu_times();
    let watched = watch_started.elapsed().as_secs_f64();
    let game_share = (cpu_after.0 - cpu_before.0).as_secs_f64() / watched;
    let window_share = (cpu_after.1 - cpu_before.1).as_secs_f64() / watched;
    window.end_button().emit_clicked();
    run_until(Duration::from_secs(2), &mut LoopStats::default(), || {
        !window.game_running()
    })?;

    // Searching with frames kept coming, as an animation would, so that a
    // late one shows: from the Start press on, every main-loop iteration
    // counts, the frame that draws the new game included, for twelve
    // seconds of two busy searchers (two or three reports arrive).
    let ticking = window.add_tick_callback(|_, _| glib::ControlFlow::Continue);
    pass_time(Duration::from_millis(500))?;
    let mut searching = LoopStats::default();
    let watched_for = Duration::from_secs(12);
    let watch_started = Instant::now();
    frames.borrow_mut().clear();
    press_start(&window, &mut searching)?;
    run_until(watched_for * 2, &mut searching, || {
        watch_started.elapsed() >= watched_for
    })?;
    let still_searching = window.is_thinking();
    ticking.remove();
    let mut intervals: Vec<Duration> = frames.borrow().windows(2).map(|w| w[1] - w[0]).collect();
    intervals.sort();
    // A frame later than half a period past its 60 Hz deadline missed it.
    let missed = intervals
        .iter()
        .filter(|&&interval| interval > Duration::from_millis(25))
        .count();
    window.end_button().emit_clicked();
    run_until(Duration::from_secs(2), &mut LoopStats::default(), || {
        !window.game_running()
    })?;

    // A tournament on every core, frames kept coming in its window: the
    // round robin of five players on 3x3, long enough to watch for eight
    // seconds, then cancelled, which shows the partial results.
    let tournament = window.show_tournament();
    tournament.choices().set_chosen(&TOURNAMENT_PLAYERS);
    tournament.board_picker().set_shape(Shape::TIC_TAC_TOE);
    tournament.games_spin().set_value(2000.0);
    tournament.seed_entry().set_text("1");
    run_until(Duration::from_secs(5), &mut LoopStats::default(), || {
        tournament.frame_clock().is_some()
    })?;
    let tournament_frames: Rc<Cell<u32>> = Rc::default();
    let ticking = tournament.add_tick_callback(glib::clone!(
        #[strong]
        tournament_frames,
        move |_, _| {
            tournament_frames.set(tournament_frames.get() + 1);
            glib::ControlFlow::Continue
        }
    ));
    pass_time(Duration::from_millis(500))?;
    let mut during_tournament = LoopStats::default();
    let watch_started = Instant::now();
    tournament.start_button().emit_clicked();
    run_until(Duration::from_secs(16), &mut during_tournament, || {
        watch_started.elapsed() >= Duration::from_secs(8)
    })?;
    let tournament_was_running = tournament.is_running();
    let tournament_progress = tournament.progress_text();
    let tournament_watched = watch_started.elapsed();
    let mut showing_results = LoopStats::default();
    tournament.cancel_button().emit_clicked();
    run_until(Duration::from_secs(5), &mut showing_results, || {
        !tournament.is_running()
    })?;
    ticking.remove();
    let tournament_games = tournament
        .results()
        .map_or(0, |results| results.games_played);
    tournament.close();

    let training = watch_training(&window)?;

    // Quit to game over, a hundred times, each in the middle of a search.
    let mut quits = Vec::with_capacity(QUIT_TRIES);
    for attempt in 0..QUIT_TRIES {
        start_game(&window, [BUSY_PLAYER; 2], Shape::FIVE_BY_FIVE)?;
        pass_time(Duration::from_millis(10 + (attempt as u64 * 7) % 40))?;
        window.end_button().emit_clicked();
        quits.push(run_until(
            Duration::from_secs(2),
            &mut LoopStats::default(),
            || !window.game_running(),
        )?);
    }
    quits.sort();

    // Memory after a whole 5x5 game, both sides with their tables.
    let quick = (PlayerKind::AlphaBetaTt, Difficulty::Depth(4));
    start_game(&window, [quick; 2], Shape::FIVE_BY_FIVE)?;
    run_until(Duration::from_secs(300), &mut LoopStats::default(), || {
        !window.game_running()
    })?;
    let stones = window.board_view().board().stone_count();
    let memory_after_game = resident_kib("VmRSS:") / 1024;
    let explorer = explore_minimax_tree(&window)?;

    println!(
        "Window responsiveness (Xvfb, GSK_RENDERER={})",
        std::env::var("GSK_RENDERER").unwrap_or_default()
    );
    println!("| measure | result | target | |");
    println!("|---|---|---|---|");
    println!(
        "| launch to first drawn frame | {:.1} ms | < 500 ms | {} |",
        ms(first_frame_after),
        verdict(first_frame_after < Duration::from_millis(500))
    );
    println!(
        "| longest main-loop stall while searching ({} s, {} frames) | {:.2} ms | < 16 ms | {} |",
        watched_for.as_secs(),
        intervals.len() + 1,
        ms(searching.longest_iteration),
        verdict(searching.longest_iteration < Duration::from_millis(16) && still_searching)
    );
    if !intervals.is_empty() {
        println!(
            "| frame interval while searching: p50 / p99 / max | {:.1} / {:.1} / {:.1} ms | (60 Hz clock: 16.7 ms) | |",
            ms(percentile(&intervals, 0.5)),
            ms(percentile(&intervals, 0.99)),
            ms(*intervals.last().expect("not empty"))
        );
    }
    println!(
        "| frames more than half a period late (interval > 25 ms) | {missed} of {} | 0 | {} |",
        intervals.len(),
        verdict(missed == 0)
    );
    println!(
        "| left alone while searching (8 s): longest main-loop stall | {:.2} ms | < 100 ms | {} |",
        ms(left_alone.longest_iteration),
        verdict(left_alone.longest_iteration < Duration::from_millis(100))
    );
    println!(
        "| left alone while searching: CPU of the game thread / the window's threads | {:.0}% / {:.0}% of a core | report | |",
        game_share * 100.0,
        window_share * 100.0
    );
    println!(
        "| Quit to game over, {QUIT_TRIES} tries: p50 / p99 / max | {:.2} / {:.2} / {:.2} ms | p99 < 50 ms | {} |",
        ms(percentile(&quits, 0.5)),
        ms(percentile(&quits, 0.99)),
        ms(*quits.last().expect("tries ran")),
        verdict(percentile(&quits, 0.99) < Duration::from_millis(50))
    );
    println!(
        "| longest main-loop stall while a tournament runs on all cores ({:.0} s, {} frames, {tournament_games} games: {tournament_progress}) | {:.2} ms | < 16 ms | {} |",
        tournament_watched.as_secs_f64(),
        tournament_frames.get(),
        ms(during_tournament.longest_iteration),
        verdict(
            during_tournament.longest_iteration < Duration::from_millis(16)
                && tournament_was_running
        )
    );
    println!(
        "| longest main-loop stall from Cancel to the partial results shown | {:.2} ms | report | |",
        ms(showing_results.longest_iteration),
    );
    print_training_figures(&training);
    println!("| resident memory at launch | {launch_memory} MiB | report | |");
    println!(
        "| resident memory after a 5x5 game ({stones} stones) | {memory_after_game} MiB | report | |"
    );
    print_explorer_figures(&explorer);
    if !tournament_was_running {
        return Err("the tournament ended before the watch did: play more games".into());
    }
    if !still_searching {
        return Err("the searches ended before the watch did: pick a deeper busy player".into());
    }
    app.quit();
    Ok(())
}

/// What the explorer scenario measured.
struct ExplorerFigures {
    nodes: String,
    root_rows_after: Duration,
    rows_opened: u32,
    /// Opening the PV and rows, scrolling: what the issue asks to be smooth.
    browsing: LoopStats,
    /// The step mode playing at its fastest.
    stepping: LoopStats,
}

fn print_explorer_figures(explorer: &ExplorerFigures) {
    println!(
        "| tree explorer, minimax on empty 3x3 ({} nodes): Record to root rows drawn | {:.1} ms | < 200 ms | {} |",
        explorer.nodes,
        ms(explorer.root_rows_after),
        verdict(explorer.root_rows_after < Duration::from_millis(200))
    );
    println!(
        "| tree explorer: longest main-loop stall opening the PV, {} rows to ply 3 and scrolling through (most main-thread CPU in one) | {:.2} ms ({:.2} ms) | < 16 ms | {} |",
        explorer.rows_opened,
        ms(explorer.browsing.longest_iteration),
        ms(explorer.browsing.most_cpu_in_iteration),
        verdict(explorer.browsing.longest_iteration < Duration::from_millis(16))
    );
    println!(
        "| tree explorer: longest main-loop stall in the step mode at 50 steps a second (most main-thread CPU in one) | {:.2} ms ({:.2} ms) | report | |",
        ms(explorer.stepping.longest_iteration),
        ms(explorer.stepping.most_cpu_in_iteration),
    );
    println!(
        "| resident memory with the explorer's tree (peak) | {} MiB ({} MiB) | report | |",
        resident_kib("VmRSS:") / 1024,
        resident_kib("VmHWM:") / 1024
    );
}

/// Opens the explorer on plain minimax's search of the empty 3x3 board
/// and browses it as a person would, with frames kept coming.
fn explore_minimax_tree(window: &TictactoeWindow) -> Result<ExplorerFigures, String> {
    let explorer = TreeExplorer::new(window);
    explorer.present();
    run_until(Duration::from_secs(5), &mut LoopStats::default(), || {
        explorer.frame_clock().is_some()
    })
    .map_err(|error| format!("the explorer's frame clock: {error}"))?;
    pass_time(Duration::from_millis(300))?;
    let clock = explorer
        .frame_clock()
        .ok_or("the explorer has no frame clock")?;
    let painted = Rc::new(Cell::new(false));
    let after_paint = clock.connect_after_paint(glib::clone!(
        #[strong]
        painted,
        move |_| painted.set(true)
    ));
    let asked = Instant::now();
    explorer.explore(&Board::new(Shape::TIC_TAC_TOE), PlayerKind::Minimax, None);
    run_until(Duration::from_secs(10), &mut LoopStats::default(), || {
        explorer.tree().is_some()
    })
    .map_err(|error| format!("the explorer's tree: {error}"))?;
    painted.set(false);
    run_until(Duration::from_secs(5), &mut LoopStats::default(), || {
        painted.get()
    })
    .map_err(|error| format!("the explorer's rows drawn: {error}"))?;
    let root_rows_after = asked.elapsed();
    clock.disconnect(after_paint);
    let nodes = explorer
        .tree()
        .map(|tree| tictactoe_words::numbers::group(tree.nodes_searched()))
        .unwrap_or_default();

    let ticking = explorer.add_tick_callback(|_, _| glib::ControlFlow::Continue);
    let mut browsing = LoopStats::default();
    let frame = Duration::from_millis(17);
    let mut browse = |action: &mut dyn FnMut()| -> Result<(), String> {
        // The action runs in a main-loop iteration of its own, as a click
        // or a key would.
        let (acted, cpu_before) = (Instant::now(), thread_cpu_time());
        action();
        browsing.count(acted, cpu_before);
        let started = Instant::now();
        run_until(Duration::from_secs(2), &mut browsing, || {
            started.elapsed() >= frame
        })
        .map(|_| ())
    };
    browse(&mut || {
        let _ = explorer.activate_action("explorer.expand-pv", None);
    })?;
    // Every row down to the third ply: the root's 9, their 72, 504 more.
    let mut rows_opened = 0;
    let mut position = 0;
    while position < explorer.list_view().model().map_or(0, |m| m.n_items()) {
        let depth = explorer
            .list_view()
            .model()
            .and_then(|model| model.item(position))
            .and_downcast::<gtk::TreeListRow>()
            .map_or(u32::MAX, |row| row.depth());
        if depth < 3 {
            browse(&mut || explorer.set_row_expanded(position, true))?;
            rows_opened += 1;
        }
        position += 1;
    }
    // Through the whole list, a page at a time.
    let scrolled = explorer
        .list_view()
        .parent()
        .and_downcast::<gtk::ScrolledWindow>()
        .ok_or("the list is not in a scrolled window")?;
    let adjustment = scrolled.vadjustment();
    while adjustment.value() + adjustment.page_size() < adjustment.upper() {
        browse(&mut || adjustment.set_value(adjustment.value() + adjustment.page_size()))?;
    }
    // The step mode at its fastest, for two seconds.
    let speed = explorer.speed_scale();
    speed.set_value(speed.adjustment().upper());
    let _ = explorer.activate_action("explorer.step-first", None);
    let started = Instant::now();
    let _ = explorer.activate_action("explorer.play", None);
    let mut stepping = LoopStats::default();
    run_until(Duration::from_secs(4), &mut stepping, || {
        started.elapsed() >= Duration::from_secs(2)
    })?;
    ticking.remove();
    explorer.close();
    Ok(ExplorerFigures {
        nodes,
        root_rows_after,
        rows_opened,
        browsing,
        stepping,
    })
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// What the Training window cost the main loop.
struct TrainingFigures {
    games: u64,
    points: usize,
    took: Duration,
    frames: u32,
    /// The iterations while the curve grew.
    during: LoopStats,
    /// The iteration that took the end and saved the state.
    ending: LoopStats,
}

/// A long training in the background, its curve drawn and said as it
/// grows: TD against itself for a million games (seconds), watched with
/// frames kept coming to the end, which saves what it learned (on the main
/// thread).
fn watch_training(window: &TictactoeWindow) -> Result<TrainingFigures, String> {
    let training = window.show_training();
    training.set_learner(PlayerKind::Td);
    training.set_opponent(Opponent::Itself);
    training.games_spin().set_value(1_000_000.0);
    training.seed_entry().set_text("1");
    run_until(Duration::from_secs(5), &mut LoopStats::default(), || {
        training.frame_clock().is_some()
    })?;
    let training_frames: Rc<Cell<u32>> = Rc::default();
    let ticking = training.add_tick_callback(glib::clone!(
        #[strong]
        training_frames,
        move |_, _| {
            training_frames.set(training_frames.get() + 1);
            glib::ControlFlow::Continue
        }
    ));
    pass_time(Duration::from_millis(500))?;
    // The iteration that takes the end (and saves the state, on the main
    // thread) is counted apart from those that draw the curve as it grows.
    let (mut during_training, mut ending_training) = (LoopStats::default(), LoopStats::default());
    let context = glib::MainContext::default();
    let training_started = Instant::now();
    training.start_button().emit_clicked();
    while training.is_running() {
        if training_started.elapsed() > Duration::from_secs(60) {
            return Err("the training did not end within a minute".into());
        }
        let (before, cpu_before) = (Instant::now(), thread_cpu_time());
        let dispatched = context.iteration(false);
        if training.is_running() {
            during_training.count(before, cpu_before);
        } else {
            ending_training.count(before, cpu_before);
        }
        if !dispatched {
            std::thread::sleep(Duration::from_micros(500));
        }
    }
    let training_took = training_started.elapsed();
    let training_points = training.curve().len();
    let training_games = training.curve().last().map_or(0, |block| block.games);
    ticking.remove();
    training.close();

    Ok(TrainingFigures {
        games: training_games,
        points: training_points,
        took: training_took,
        frames: training_frames.get(),
        during: during_training,
        ending: ending_training,
    })
}

fn print_training_figures(figures: &TrainingFigures) {
    println!(
        "| longest main-loop stall while training, the curve drawn live ({} games in {:.1} s, {} frames, {} points) (most main-thread CPU in one) | {:.2} ms ({:.2} ms) | < 16 ms | {} |",
        group(figures.games),
        figures.took.as_secs_f64(),
        figures.frames,
        figures.points,
        ms(figures.during.longest_iteration),
        ms(figures.during.most_cpu_in_iteration),
        verdict(figures.during.longest_iteration < Duration::from_millis(16))
    );
    println!(
        "| main-loop stall as the training ends, its state saved (most main-thread CPU) | {:.2} ms ({:.2} ms) | report | |",
        ms(figures.ending.longest_iteration),
        ms(figures.ending.most_cpu_in_iteration),
    );
}

/// What the Monte Carlo window costs the main thread.
struct MctsFigures {
    /// From a step's action to its frame painted, the most main-thread CPU
    /// in one iteration: median and longest.
    playout_to_frame: (Duration, Duration),
    phase_to_frame: (Duration, Duration),
    /// Running that many playouts more: how long, and the main loop's
    /// longest iteration and most CPU in one meanwhile.
    runs: Vec<(u32, Duration, LoopStats)>,
}

/// Runs `act` in a main-loop iteration of its own, as a key would, and the
/// main loop until the window's next frame is painted: the most CPU the
/// main thread spent in one iteration meanwhile (the action's, or the
/// frame's), not the wait for the frame clock's next tick.
fn to_next_frame(clock: &gtk::gdk::FrameClock, act: &mut dyn FnMut()) -> Result<Duration, String> {
    let painted = Rc::new(Cell::new(false));
    let handler = clock.connect_after_paint(glib::clone!(
        #[strong]
        painted,
        move |_| painted.set(true)
    ));
    let mut stats = LoopStats::default();
    let (started, cpu_before) = (Instant::now(), thread_cpu_time());
    act();
    stats.count(started, cpu_before);
    let waited = run_until(Duration::from_secs(5), &mut stats, || painted.get());
    clock.disconnect(handler);
    waited.map(|_| stats.most_cpu_in_iteration)
}

fn median_and_longest(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (
        percentile(&times, 0.5),
        times.last().copied().unwrap_or_default(),
    )
}

/// Opens the Monte Carlo window on the empty board of `size` and steps,
/// then runs, as a person would, with frames kept coming.
fn watch_mcts(window: &TictactoeWindow, size: Shape) -> Result<MctsFigures, String> {
    let view = window.show_mcts();
    view.show_position(&Board::new(size), None);
    run_until(Duration::from_secs(5), &mut LoopStats::default(), || {
        view.frame_clock().is_some()
    })
    .map_err(|error| format!("the Monte Carlo window's frame clock: {error}"))?;
    pass_time(Duration::from_millis(300))?;
    let clock = view.frame_clock().ok_or("no frame clock")?;
    let ticking = view.add_tick_callback(|_, _| glib::ControlFlow::Continue);
    let mut playouts = Vec::new();
    for _ in 0..50 {
        playouts.push(to_next_frame(&clock, &mut || {
            let _ = view.activate_action("mcts.step", None);
        })?);
    }
    let mut phases = Vec::new();
    for _ in 0..50 {
        phases.push(to_next_frame(&clock, &mut || {
            let _ = view.activate_action("mcts.phase", None);
        })?);
    }
    let mut runs = Vec::new();
    for steps in [1_000u32, 100_000] {
        let before = view.steps().unwrap_or(0);
        let mut stats = LoopStats::default();
        let started = Instant::now();
        view.run(steps);
        run_until(Duration::from_secs(300), &mut stats, || {
            !view.is_running() && view.steps() == Some(before + steps)
        })
        .map_err(|error| format!("{steps} playouts: {error}"))?;
        runs.push((steps, started.elapsed(), stats));
    }
    ticking.remove();
    view.close();
    Ok(MctsFigures {
        playout_to_frame: median_and_longest(playouts),
        phase_to_frame: median_and_longest(phases),
        runs,
    })
}

fn print_mcts_figures(size: Shape, figures: &MctsFigures) {
    let side = size.width();
    println!("Monte Carlo window, empty {side}x{side} board:");
    let (median, longest) = figures.playout_to_frame;
    println!(
        "  Step One Playout to its frame, main-thread CPU in one iteration: median {:.1} ms, longest {:.1} ms (50 steps) {}",
        ms(median),
        ms(longest),
        verdict(longest < Duration::from_millis(16))
    );
    let (median, longest) = figures.phase_to_frame;
    println!(
        "  Step One Phase to its frame, likewise: median {:.1} ms, longest {:.1} ms (50 phases)",
        ms(median),
        ms(longest)
    );
    for (steps, took, stats) in &figures.runs {
        println!(
            "  Run {} more: {:.0} ms; longest main-loop iteration {:.1} ms (CPU {:.1} ms) {}",
            group(u64::from(*steps)),
            ms(*took),
            ms(stats.longest_iteration),
            ms(stats.most_cpu_in_iteration),
            verdict(stats.most_cpu_in_iteration < Duration::from_millis(16))
        );
    }
}

/// From a value typed into the selected node, and from Check, to the
/// frame painted: the most main-thread CPU in one iteration, median and
/// longest.
struct PracticeFigures {
    nodes: usize,
    value_to_frame: (Duration, Duration),
    check_to_frame: (Duration, Duration),
}

/// Opens the Practice window on an alpha-beta exercise on a full tree of
/// `depth` and `branching`, and answers the root, as a person would type,
/// and checks, with frames kept coming.
fn watch_practice(
    window: &TictactoeWindow,
    depth: usize,
    branching: usize,
) -> Result<PracticeFigures, String> {
    use tictactoe_engine::abstract_tree::Decision;
    use tictactoe_engine::abstract_tree::generate::{Shape, generate};
    use tictactoe_tools::exercise::{Asks, Conventions, Exercise, Kind};
    let shape = Shape {
        depth,
        branching: (branching, branching),
        values: (-50, 50),
        chance: false,
        root: Decision::Max,
    };
    let tree = generate(&shape, 1).map_err(|error| format!("{error:?}"))?;
    let nodes = tree.len();
    let asks = Asks {
        values: true,
        windows: true,
    };
    let exercise = Exercise::on_tree(Kind::AlphaBeta, tree, Conventions::default(), asks)
        .map_err(|error| format!("{error:?}"))?;
    let view = window.show_practice();
    view.show_exercise(exercise);
    run_until(Duration::from_secs(5), &mut LoopStats::default(), || {
        view.frame_clock().is_some()
    })
    .map_err(|error| format!("the Practice window's frame clock: {error}"))?;
    pass_time(Duration::from_millis(300))?;
    let clock = view.frame_clock().ok_or("no frame clock")?;
    let ticking = view.add_tick_callback(|_, _| glib::ControlFlow::Continue);
    let entry = view.value_entry();
    let mut values = Vec::new();
    for value in 0..30 {
        values.push(to_next_frame(&clock, &mut || {
            entry.set_text(&(value % 10).to_string());
        })?);
    }
    let mut checks = Vec::new();
    for _ in 0..10 {
        checks.push(to_next_frame(&clock, &mut || {
            let _ = view.activate_action("practice.check", None);
        })?);
    }
    ticking.remove();
    view.close();
    Ok(PracticeFigures {
        nodes,
        value_to_frame: median_and_longest(values),
        check_to_frame: median_and_longest(checks),
    })
}

fn print_practice_figures(name: &str, figures: &PracticeFigures) {
    println!(
        "Practice window, alpha-beta on {name} ({} nodes):",
        figures.nodes
    );
    let (median, longest) = figures.value_to_frame;
    println!(
        "  A value typed to its frame, main-thread CPU in one iteration: median {:.1} ms, longest {:.1} ms (30 values) {}",
        ms(median),
        ms(longest),
        verdict(longest < Duration::from_millis(16))
    );
    let (median, longest) = figures.check_to_frame;
    println!(
        "  Check to its frame, likewise: median {:.1} ms, longest {:.1} ms (10 checks) {}",
        ms(median),
        ms(longest),
        verdict(longest < Duration::from_millis(16))
    );
}
