//! Engine benchmarks: every search player on fixed positions, next to the
//! `minimax` crate's `Negamax` and `IterativeSearch` searching the same
//! positions to the same depths through our own `Game` implementation.
//!
//! Run with `cargo bench --no-default-features --bench engine`; a filter
//! after `--` picks benchmarks as usual (`-- "3x3 empty"`). Criterion prints
//! its estimates per benchmark; at the end this bench prints a summary:
//! the median time per search (the median of criterion's samples), the
//! nodes from the `SearchReport` and nodes per second, the ratio ours/theirs
//! for each pair of comparable searches, and the targets.
//!
//! Every measured search is a first move: a freshly built player (and a
//! fresh crate strategy with its table) per iteration, nothing kept between
//! searches.

use std::cell::Cell;
use std::fmt::Write as _;
use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode};
use minimax::{
    Evaluation, Evaluator, IterativeOptions, IterativeSearch, Negamax, Strategy, Winner,
};

use tictactoe_engine::board::Board;
use tictactoe_engine::evaluation::evaluate;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::geometry::bits;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::players::{PerfectTable, table_bytes};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::tree::{DEFAULT_BUDGET, SearchTree};

/// Monte Carlo playouts per move in every MCTS benchmark.
const PLAYOUTS: u32 = 10_000;

/// Mid-game 3x3 positions: quiet ones, forced blocks and a won one.
const MID_GAME_3X3: [&str; 5] = [
    "x../.o./...",
    "x.o/.x./...",
    "xo./.x./..o",
    ".x./.o./x..",
    "xox/.o./...",
];

const MID_GAME_5X5: &str = "...../.xo../..x../...o./.....";

// ---------------------------------------------------------------------------
// The peer: the `minimax` crate's `Game` trait over our bitboard `Board`.
// ---------------------------------------------------------------------------

/// Our board plus the last move, so the winner test only looks at the lines
/// through that cell, as our searches do. Small and `Copy`, so `apply`
/// returns a new state and needs no undo.
#[derive(Clone, Copy)]
struct PeerState {
    board: Board,
    /// The cell played last, or `NO_MOVE` at the root.
    last: u8,
}

const NO_MOVE: u8 = u8::MAX;

impl PeerState {
    fn new(board: Board) -> PeerState {
        PeerState {
            board,
            last: NO_MOVE,
        }
    }
}

thread_local! {
    /// Positions entered by the counting variant of the peer.
    static PEER_NODES: Cell<u64> = const { Cell::new(0) };
}

/// The rules for the crate. `COUNT` makes `apply` count nodes (every
/// make-move, as our `SearchStats::nodes` does); the timed runs use the
/// non-counting variant, so counting costs them nothing.
struct Peer<const COUNT: bool>;

impl<const COUNT: bool> minimax::Game for Peer<COUNT> {
    type S = PeerState;
    type M = u8;

    fn generate_moves(state: &PeerState, moves: &mut Vec<u8>) {
        moves.extend(bits(state.board.moves()).map(|cell| cell as u8));
    }

    #[inline]
    fn apply(state: &mut PeerState, cell: u8) -> Option<PeerState> {
        if COUNT {
            PEER_NODES.with(|nodes| nodes.set(nodes.get() + 1));
        }
        let mut next = *state;
        next.board.toggle(cell as usize, state.board.side_to_move());
        next.last = cell;
        Some(next)
    }

    #[inline]
    fn get_winner(state: &PeerState) -> Option<Winner> {
        if state.last != NO_MOVE {
            let mover = state.board.side_to_move().opponent();
            if state.board.completes_line(state.last as usize, mover) {
                return Some(Winner::PlayerJustMoved);
            }
        }
        (state.board.empty() == 0).then_some(Winner::Draw)
    }

    #[inline]
    fn zobrist_hash(state: &PeerState) -> u64 {
        state.board.key()
    }

    fn notation(_: &PeerState, cell: u8) -> Option<String> {
        Some(cell.to_string())
    }
}

/// Our static evaluation, from the side to move's view, as the crate wants.
struct PeerEval<const COUNT: bool>;

impl<const COUNT: bool> Evaluator for PeerEval<COUNT> {
    type G = Peer<COUNT>;

    #[inline]
    fn evaluate(&self, state: &PeerState) -> Evaluation {
        (state.board.side_to_move().sign() * evaluate(&state.board)) as Evaluation
    }
}

/// One of the crate's two strategies.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PeerKind {
    Negamax,
    Iterative,
}

impl PeerKind {
    fn name(self) -> &'static str {
        match self {
            PeerKind::Negamax => "crate Negamax",
            PeerKind::Iterative => "crate IterativeSearch",
        }
    }

    /// Our player this strategy is compared with.
    fn ours(self) -> &'static str {
        match self {
            PeerKind::Negamax => "alphabeta",
            PeerKind::Iterative => "alphabeta-tt",
        }
    }
}

/// A fresh crate strategy's move and root value (side to move's view).
fn peer_move<const COUNT: bool>(kind: PeerKind, board: &Board, depth: u32) -> (u8, Evaluation) {
    let state = PeerState::new(*board);
    match kind {
        PeerKind::Negamax => {
            let mut strategy = Negamax::new(PeerEval::<COUNT>, depth as u8);
            let cell = strategy.choose_move(&state).expect("a move");
            (cell, strategy.root_value())
        }
        PeerKind::Iterative => {
            let options = IterativeOptions::new().with_table_byte_size(table_bytes(board.shape()));
            let mut strategy = IterativeSearch::new(PeerEval::<COUNT>, options);
            strategy.set_max_depth(depth as u8);
            let cell = strategy.choose_move(&state).expect("a move");
            (cell, strategy.root_value())
        }
    }
}

/// Nodes the crate's strategy visits (from one run: its root move order is
/// shuffled, so the count varies a little between runs).
fn peer_nodes(kind: PeerKind, board: &Board, depth: u32) -> (u64, Evaluation) {
    PEER_NODES.with(|nodes| nodes.set(0));
    let (_, value) = peer_move::<true>(kind, board, depth);
    (PEER_NODES.with(Cell::get), value)
}

// ---------------------------------------------------------------------------
// Our players.
// ---------------------------------------------------------------------------

fn options(depth: Option<u32>) -> PlayerOptions {
    PlayerOptions {
        difficulty: depth.map_or(Difficulty::Hard, Difficulty::Depth),
        seed: 1,
        playouts: PLAYOUTS,
        ..PlayerOptions::default()
    }
}

/// A freshly built player's decision.
fn decide(kind: PlayerKind, board: &Board, depth: Option<u32>) -> SearchReport {
    decide_with(kind, board, depth, SearchSettings::default())
}

/// A freshly built player's decision under `search` settings.
fn decide_with(
    kind: PlayerKind,
    board: &Board,
    depth: Option<u32>,
    search: SearchSettings,
) -> SearchReport {
    let options = PlayerOptions {
        search,
        ..options(depth)
    };
    kind.create(&options).choose_move(board, &CancelFlag::new())
}

// ---------------------------------------------------------------------------
// Recording.
// ---------------------------------------------------------------------------

/// One benchmark's figures for the summary.
struct Row {
    group: String,
    name: String,
    nodes: Option<u64>,
    /// Median seconds per search over criterion's samples.
    seconds: f64,
}

static ROWS: Mutex<Vec<Row>> = Mutex::new(Vec::new());

/// Benchmarks `routine` as `group`/`name` and records the median of
/// criterion's samples (each the mean time per iteration of one sample)
/// with the node count `nodes` gives (asked only if the filter ran it).
fn bench<R>(
    group: &mut BenchmarkGroup<WallTime>,
    group_name: &str,
    name: &str,
    samples: usize,
    nodes: impl FnOnce() -> Option<u64>,
    mut routine: impl FnMut() -> R,
) {
    let mut per_iteration = Vec::new();
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(routine());
            }
            let elapsed = start.elapsed();
            per_iteration.push(elapsed.as_secs_f64() / iters as f64);
            elapsed
        })
    });
    if per_iteration.is_empty() {
        return; // filtered out
    }
    // The last `samples` calls are the measurement; the ones before warm up.
    let mut measured = per_iteration.split_off(per_iteration.len().saturating_sub(samples));
    measured.sort_by(f64::total_cmp);
    ROWS.lock().unwrap().push(Row {
        group: group_name.to_string(),
        name: name.to_string(),
        nodes: nodes(),
        seconds: measured[measured.len() / 2],
    });
}

/// How long and how often a group measures.
#[derive(Clone, Copy)]
struct Timing {
    samples: usize,
    warm_up: Duration,
    measure: Duration,
    flat: bool,
}

const FAST: Timing = Timing {
    samples: 30,
    warm_up: Duration::from_millis(200),
    measure: Duration::from_millis(700),
    flat: false,
};

const SLOW: Timing = Timing {
    samples: 10,
    warm_up: Duration::from_millis(500),
    measure: Duration::from_secs(3),
    flat: true,
};

/// A benchmark group for one position at one depth.
struct Position<'c> {
    name: String,
    board: Board,
    depth: Option<u32>,
    timing: Timing,
    group: BenchmarkGroup<'c, WallTime>,
}

impl<'c> Position<'c> {
    fn new(
        c: &'c mut Criterion,
        name: &str,
        board: Board,
        depth: Option<u32>,
        timing: Timing,
    ) -> Position<'c> {
        let mut group = c.benchmark_group(name);
        group
            .sample_size(timing.samples)
            .warm_up_time(timing.warm_up)
            .measurement_time(timing.measure);
        if timing.flat {
            group.sampling_mode(SamplingMode::Flat);
        }
        Position {
            name: name.to_string(),
            board,
            depth,
            timing,
            group,
        }
    }

    /// One of our players, freshly built for every search.
    fn ours(&mut self, kind: PlayerKind) {
        self.settled(kind, SearchSettings::default(), kind.name());
    }

    /// One of our players with `search` settings, as `name`.
    fn settled(&mut self, kind: PlayerKind, search: SearchSettings, name: &str) {
        let (board, depth) = (self.board, self.depth);
        let nodes = || {
            let report = decide_with(kind, &board, depth, search);
            assert!(!report.aborted && report.best.is_some(), "{kind}");
            // The perfect player looks its 3x3 moves up without a search.
            (report.stats.nodes > 0).then_some(report.stats.nodes)
        };
        bench(
            &mut self.group,
            &self.name,
            name,
            self.timing.samples,
            nodes,
            || decide_with(kind, &board, depth, search),
        );
    }

    /// Search, chapter two: alphabeta-tt, pvs and mtdf with the same table
    /// and order, and the two deepening ones with aspiration windows.
    fn chapter_two(&mut self, aspiration: bool) {
        self.ours(PlayerKind::AlphaBetaTt);
        self.ours(PlayerKind::Pvs);
        self.ours(PlayerKind::Mtdf);
        if aspiration {
            let windows = SearchSettings {
                aspiration: Some(ASPIRATION_WIDTH),
                ..SearchSettings::default()
            };
            for kind in [PlayerKind::AlphaBetaTt, PlayerKind::Pvs] {
                self.settled(kind, windows, &format!("{} aspiration", kind.name()));
            }
        }
    }

    /// One of the crate's strategies, at our depth. Where both search to
    /// the end, checks that it finds the same result as our player.
    fn peer(&mut self, kind: PeerKind) {
        let (board, name) = (self.board, &self.name);
        let depth = self.depth.unwrap_or(board.empty().count_ones());
        let nodes = || {
            let (nodes, value) = peer_nodes(kind, &board, depth);
            if self.depth.is_none() {
                let ours = decide(PlayerKind::AlphaBetaTt, &board, None);
                let ours = ours.side.sign() * ours.score.expect("a score");
                assert_eq!(
                    value.signum() as i32,
                    ours.signum(),
                    "{} disagrees with alphabeta-tt on {name}",
                    kind.name(),
                );
            }
            Some(nodes)
        };
        bench(
            &mut self.group,
            name,
            kind.name(),
            self.timing.samples,
            nodes,
            || peer_move::<false>(kind, &board, depth),
        );
    }

    fn finish(self) {
        self.group.finish();
    }

    /// `kind`'s search recorded as a `SearchTree` (every node kept), right
    /// after the same search unrecorded, as "`kind` recorded".
    fn recorded(&mut self, kind: PlayerKind) {
        let (board, depth) = (self.board, self.depth);
        self.ours(kind);
        let record = move || {
            SearchTree::record(
                kind,
                &board,
                &options(depth),
                DEFAULT_BUDGET,
                &CancelFlag::new(),
            )
            .expect("a searching player")
        };
        bench(
            &mut self.group,
            &self.name,
            &format!("{} recorded", kind.name()),
            self.timing.samples,
            || Some(record().nodes_searched()),
            record,
        );
    }

    /// Every search player, and the crate's two strategies next to the
    /// players they are compared with.
    fn all_searches(&mut self, with_mcts: bool) {
        self.ours(PlayerKind::Minimax);
        // Each pair back to back, so a ratio compares like with like on a
        // machine whose speed drifts.
        self.ours(PlayerKind::AlphaBeta);
        self.peer(PeerKind::Negamax);
        self.ours(PlayerKind::AlphaBetaTt);
        self.peer(PeerKind::Iterative);
        self.ours(PlayerKind::AlphaBetaRandom);
        if with_mcts {
            self.ours(PlayerKind::Mcts);
        }
    }
}

fn benches(c: &mut Criterion) {
    // 3x3 to the end: the empty board and the mid-game positions.
    let positions = std::iter::once(("3x3 empty".to_string(), Board::new(Shape::TIC_TAC_TOE)))
        .chain(MID_GAME_3X3.iter().map(|text| {
            let board = Board::parse_for_move(text).expect("a legal open position");
            (format!("3x3 {text}"), board)
        }));
    for (name, board) in positions {
        let mut position = Position::new(c, &name, board, None, FAST);
        position.all_searches(true);
        position.ours(PlayerKind::Perfect);
        position.finish();
    }
    {
        let mut group = c.benchmark_group("3x3 perfect table");
        group.sample_size(FAST.samples);
        group
            .warm_up_time(FAST.warm_up)
            .measurement_time(Duration::from_secs(2));
        bench(
            &mut group,
            "3x3 perfect table",
            "PerfectTable::build",
            FAST.samples,
            || Some(PerfectTable::build().positions() as u64),
            PerfectTable::build,
        );
        group.finish();
    }

    // 4x4, four in a row: everything at depth 5, and the full proof that the
    // empty board is a draw by the players with a table.
    let empty4 = Board::new(Shape::FOUR_BY_FOUR);
    let mut position = Position::new(c, "4x4 empty depth 5", empty4, Some(5), FAST);
    position.all_searches(false);
    position.finish();
    let mut position = Position::new(c, "4x4 empty to the end", empty4, None, SLOW);
    position.ours(PlayerKind::AlphaBetaTt);
    position.peer(PeerKind::Iterative);
    position.ours(PlayerKind::Perfect);
    position.ours(PlayerKind::Mcts);
    position.finish();

    // Recording the search tree: at most 3x the search.
    for (name, size, depth) in [
        ("3x3 empty recorded", Shape::TIC_TAC_TOE, None),
        ("4x4 empty depth 4 recorded", Shape::FOUR_BY_FOUR, Some(4)),
    ] {
        let mut position = Position::new(c, name, Board::new(size), depth, FAST);
        for kind in RECORDED {
            position.recorded(kind);
        }
        position.finish();
    }

    // Proof-number search: proves the empty 3x3 and 4x4 boards drawn.
    for (name, size) in [
        ("3x3 empty proved by pns", Shape::TIC_TAC_TOE),
        ("4x4 empty proved by pns", Shape::FOUR_BY_FOUR),
    ] {
        let mut position = Position::new(c, name, Board::new(size), None, FAST);
        position.ours(PlayerKind::Pns);
        position.finish();
    }

    // 5x5, four in a row, depth 4: the empty board and a mid-game position.
    for (name, text) in [
        ("5x5 empty depth 4", "........................."),
        ("5x5 mid-game depth 4", MID_GAME_5X5),
    ] {
        let board = Board::parse_for_move(text).expect("a legal open position");
        let mut position = Position::new(c, name, board, Some(4), FAST);
        position.all_searches(true);
        position.finish();
    }

    // The larger boards from the empty board: Connect Four (7x6, four in a
    // row, gravity) at depth 6 and Five in a Row (7x7, five in a row) at
    // depth 4, every search (pvs and mtdf too) and the crate's two.
    for (name, shape, depth) in [
        ("7x6 connect-four empty depth 6", Shape::CONNECT_FOUR, 6),
        ("7x7 five-in-a-row empty depth 4", Shape::FIVE_IN_A_ROW, 4),
    ] {
        let mut position = Position::new(c, name, Board::new(shape), Some(depth), FAST);
        position.all_searches(true);
        position.ours(PlayerKind::Pvs);
        position.ours(PlayerKind::Mtdf);
        position.finish();
    }

    // Search, chapter two: to the end of the game, and at a horizon where
    // the static evaluation makes values differ. Aspiration windows deepen
    // from depth 1, far too slow for the empty 5x5 board to the end.
    for (name, text, depth, timing, aspiration) in CHAPTER_TWO {
        let board = Board::parse_for_move(text).expect("a legal open position");
        let mut position = Position::new(c, name, board, depth, timing);
        position.chapter_two(aspiration);
        position.finish();
    }
}

/// The aspiration windows' half width in the benchmarks.
const ASPIRATION_WIDTH: u32 = 10;

/// Chapter two's positions: name, position, depth, timing, aspiration.
const CHAPTER_TWO: [(&str, &str, Option<u32>, Timing, bool); 8] = [
    ("ch2 3x3 empty", ".../.../...", None, FAST, true),
    ("ch2 4x4 x.../.o..", "x.../.o../..../....", None, FAST, true),
    (
        "ch2 4x4 x..o/.x../..o.",
        "x..o/.x../..o./....",
        None,
        FAST,
        true,
    ),
    (
        "ch2 4x4 xxx./oo../o...",
        "xxx./oo../o.../....",
        None,
        FAST,
        true,
    ),
    ("ch2 4x4 empty", "..../..../..../....", None, SLOW, true),
    (
        "ch2 4x4 empty depth 5",
        "..../..../..../....",
        Some(5),
        FAST,
        true,
    ),
    (
        "ch2 5x5 empty depth 4",
        "...../...../...../...../.....",
        Some(4),
        FAST,
        true,
    ),
    (
        "ch2 5x5 empty",
        "...../...../...../...../.....",
        None,
        SLOW,
        false,
    ),
];

// ---------------------------------------------------------------------------
// The summary.
// ---------------------------------------------------------------------------

fn format_time(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else if seconds >= 1e-6 {
        format!("{:.2} us", seconds * 1e6)
    } else {
        format!("{:.0} ns", seconds * 1e9)
    }
}

fn format_count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn format_rate(nodes: u64, seconds: f64) -> String {
    let rate = nodes as f64 / seconds;
    if rate >= 1e6 {
        format!("{:.1} M/s", rate / 1e6)
    } else {
        format!("{:.0} k/s", rate / 1e3)
    }
}

/// The players whose recording is measured against their search.
const RECORDED: [PlayerKind; 3] = [
    PlayerKind::Minimax,
    PlayerKind::AlphaBeta,
    PlayerKind::AlphaBetaTt,
];

/// A target: the benchmark it is about, the limit, and optionally the
/// benchmark (the crate's, or the unrecorded search) whose time it is a
/// fraction of.
struct Target {
    label: &'static str,
    group: &'static str,
    name: &'static str,
    max_seconds: Option<f64>,
    max_ratio: Option<(&'static str, f64)>,
    nodes: Option<u64>,
}

const fn recording_target(
    label: &'static str,
    group: &'static str,
    kind: &'static str,
    recorded: &'static str,
) -> Target {
    Target {
        label,
        group,
        name: recorded,
        max_seconds: None,
        max_ratio: Some((kind, 3.0)),
        nodes: None,
    }
}

const TARGETS: [Target; 11] = [
    Target {
        label: "minimax, full 3x3 tree",
        group: "3x3 empty",
        name: "minimax",
        max_seconds: Some(3e-3),
        max_ratio: None,
        nodes: Some(549_945),
    },
    Target {
        label: "alphabeta-tt, first move on empty 3x3",
        group: "3x3 empty",
        name: "alphabeta-tt",
        max_seconds: Some(50e-6),
        max_ratio: Some(("crate IterativeSearch", 0.2)),
        nodes: None,
    },
    Target {
        label: "alphabeta-tt, proves empty 4x4 a draw",
        group: "4x4 empty to the end",
        name: "alphabeta-tt",
        max_seconds: None,
        max_ratio: Some(("crate IterativeSearch", 0.5)),
        nodes: None,
    },
    Target {
        label: "perfect, 3x3 table built",
        group: "3x3 perfect table",
        name: "PerfectTable::build",
        max_seconds: Some(5e-3),
        max_ratio: None,
        nodes: None,
    },
    Target {
        label: "perfect, a move (empty 3x3)",
        group: "3x3 empty",
        name: "perfect",
        max_seconds: Some(1e-6),
        max_ratio: None,
        nodes: None,
    },
    recording_target(
        "minimax recorded, empty 3x3",
        "3x3 empty recorded",
        "minimax",
        "minimax recorded",
    ),
    recording_target(
        "alphabeta recorded, empty 3x3",
        "3x3 empty recorded",
        "alphabeta",
        "alphabeta recorded",
    ),
    recording_target(
        "alphabeta-tt recorded, empty 3x3",
        "3x3 empty recorded",
        "alphabeta-tt",
        "alphabeta-tt recorded",
    ),
    recording_target(
        "minimax recorded, 4x4 depth 4",
        "4x4 empty depth 4 recorded",
        "minimax",
        "minimax recorded",
    ),
    recording_target(
        "alphabeta recorded, 4x4 depth 4",
        "4x4 empty depth 4 recorded",
        "alphabeta",
        "alphabeta recorded",
    ),
    recording_target(
        "alphabeta-tt recorded, 4x4 depth 4",
        "4x4 empty depth 4 recorded",
        "alphabeta-tt",
        "alphabeta-tt recorded",
    ),
];

fn summary(rows: &[Row]) -> String {
    let find = |group: &str, name: &str| rows.iter().find(|r| r.group == group && r.name == name);
    let mut out = String::new();
    writeln!(out, "\n## Engine benchmarks: median time per search\n").unwrap();
    writeln!(
        out,
        "| position | search | time | nodes | nodes/s | crate peer | crate time | crate nodes | ours/crate |"
    )
    .unwrap();
    writeln!(out, "|---|---|---:|---:|---:|---|---:|---:|---:|").unwrap();
    for row in rows.iter().filter(|r| !r.name.starts_with("crate ")) {
        let (nodes, rate) = match row.nodes {
            Some(n) => (format_count(n), format_rate(n, row.seconds)),
            None => ("-".into(), "-".into()),
        };
        let peer = [PeerKind::Negamax, PeerKind::Iterative]
            .into_iter()
            .find(|p| p.ours() == row.name)
            .and_then(|p| find(&row.group, p.name()));
        let peer_cells = match peer {
            Some(p) => format!(
                "{} | {} | {} | {:.2}x",
                p.name,
                format_time(p.seconds),
                p.nodes.map_or("-".into(), format_count),
                row.seconds / p.seconds
            ),
            None => "| | |".to_string(),
        };
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            row.group,
            row.name,
            format_time(row.seconds),
            nodes,
            rate,
            peer_cells
        )
        .unwrap();
    }
    writeln!(out, "\n## Targets\n").unwrap();
    writeln!(
        out,
        "| target | ours | nodes | against | ratio | limit | met? |"
    )
    .unwrap();
    writeln!(out, "|---|---:|---:|---:|---:|---|---|").unwrap();
    for target in &TARGETS {
        let Some(row) = find(target.group, target.name) else {
            continue;
        };
        let mut met = true;
        let mut limits = Vec::new();
        if let Some(max) = target.max_seconds {
            met &= row.seconds <= max;
            limits.push(format!("<= {}", format_time(max)));
        }
        if let Some(nodes) = target.nodes {
            met &= row.nodes == Some(nodes);
            limits.push(format!("{} nodes", format_count(nodes)));
        }
        let (crate_time, ratio) = match target.max_ratio {
            Some((peer, max)) => match find(target.group, peer) {
                Some(p) => {
                    let ratio = row.seconds / p.seconds;
                    met &= ratio <= max;
                    limits.push(format!("<= {max}x {peer}"));
                    (format_time(p.seconds), format!("{ratio:.3}x"))
                }
                None => ("not run".into(), "-".into()),
            },
            None => ("-".into(), "-".into()),
        };
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} |",
            target.label,
            format_time(row.seconds),
            row.nodes.map_or("-".into(), format_count),
            crate_time,
            ratio,
            limits.join(", "),
            if met { "yes" } else { "NO" }
        )
        .unwrap();
    }
    out
}

fn main() {
    let mut criterion = Criterion::default().without_plots().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
    // `--test` (as `cargo test --benches` passes) runs each search once,
    // cold: no figures worth a summary.
    if std::env::args().any(|arg| arg == "--test") {
        return;
    }
    let rows = ROWS.lock().unwrap();
    if !rows.is_empty() {
        println!("{}", summary(&rows));
    }
}
