//! Search, chapter two: principal variation search and MTD(f) under every
//! move order and convention, exhaustive over the 3x3 game.

use super::common;

use common::{open_positions, oracle, oracle_score};
use std::cell::RefCell;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;

use tictactoe_engine::player_kind::{
    Fail, MoveOrder, PlayerKind, PlayerOptions, Prune, SearchSettings,
};
use tictactoe_engine::players::{AlphaBetaTtPlayer, MtdfPlayer, PvsPlayer};
use tictactoe_engine::report::{Bound, ProvenResult, SearchReport};
use tictactoe_engine::search::{CancelFlag, Hook};
use tictactoe_tools::play::lost_lines;

/// The exact players that take a move order and conventions.
const SETTLED: [PlayerKind; 3] = [PlayerKind::AlphaBetaTt, PlayerKind::Pvs, PlayerKind::Mtdf];

fn options(settings: SearchSettings) -> PlayerOptions {
    PlayerOptions {
        search: settings,
        ..PlayerOptions::default()
    }
}

/// `kind` with `settings`, one player for every position as a game uses
/// it (its table reused from search to search), chooses a best move and
/// scores every move within what it claims, on every open 3x3 position.
fn agrees_with_minimax(
    kind: PlayerKind,
    settings: SearchSettings,
    positions: &[Board],
    references: &[SearchReport],
) {
    let cancel = CancelFlag::new();
    let mut player = kind.create(&options(settings));
    for (board, reference) in positions.iter().zip(references) {
        let best = reference.score.unwrap();
        let report = player.choose_move(board, &cancel);
        let context = format!("{kind} {settings:?} in {board}");
        let chosen = report.best.unwrap_or_else(|| panic!("no move: {context}"));
        assert_eq!(
            oracle_score(reference, chosen),
            best,
            "chose {chosen}: {context}"
        );
        assert_eq!(report.score, Some(best), "{context}");
        for m in &report.moves {
            let truth = oracle_score(reference, m.cell);
            let score = m.score.unwrap();
            match m.bound {
                Bound::Exact => assert_eq!(score, truth, "cell {}: {context}", m.cell),
                Bound::Upper => assert!(truth <= score, "cell {}: {context}", m.cell),
                Bound::Lower => assert!(truth >= score, "cell {}: {context}", m.cell),
            }
        }
    }
}

#[test]
fn every_settled_player_agrees_with_minimax_under_every_order_and_convention() {
    let positions = open_positions();
    let references: Vec<_> = positions.iter().map(oracle).collect();
    for kind in SETTLED {
        for settings in SearchSettings::every() {
            agrees_with_minimax(kind, settings, &positions, &references);
        }
    }
}

#[test]
fn aspiration_windows_agree_with_minimax() {
    let positions = open_positions();
    let references: Vec<_> = positions.iter().map(oracle).collect();
    for kind in [PlayerKind::AlphaBetaTt, PlayerKind::Pvs] {
        // Narrow windows fail often, wide ones seldom; the conventions
        // change what a failed window returns.
        for width in [1, 3, 50] {
            for settings in SearchSettings::every().filter(|s| s.order == MoveOrder::Heuristic) {
                let settings = SearchSettings {
                    aspiration: Some(width),
                    ..settings
                };
                agrees_with_minimax(kind, settings, &positions, &references);
            }
        }
    }
}

#[test]
fn every_settled_player_never_loses_under_any_order_and_convention() {
    for kind in [PlayerKind::Pvs, PlayerKind::Mtdf] {
        for settings in SearchSettings::every() {
            for side in [Side::Max, Side::Min] {
                let mut player = kind.create(&options(settings));
                let lost = lost_lines(player.as_mut(), side, Board::new(Shape::TIC_TAC_TOE));
                assert!(
                    lost.is_empty(),
                    "{kind} {settings:?} as {side:?} lost: {}",
                    lost[0]
                );
            }
        }
    }
}

/// The result a score on X's scale gives the side to move.
fn result_for(side: Side, score: i32) -> ProvenResult {
    match (side.sign() * score).signum() {
        1 => ProvenResult::Win,
        0 => ProvenResult::Draw,
        _ => ProvenResult::Loss,
    }
}

#[test]
fn proof_number_search_proves_minimax_result_and_keeps_it_in_every_position() {
    let cancel = CancelFlag::new();
    let mut player = PlayerKind::Pns.create(&PlayerOptions::default());
    for board in open_positions() {
        let reference = oracle(&board);
        let side = board.side_to_move();
        let expected = result_for(side, reference.score.unwrap());
        let report = player.choose_move(&board, &cancel);
        let proof = report
            .proof
            .unwrap_or_else(|| panic!("no proof in {board}"));
        assert_eq!(proof.result, expected, "in {board}");
        assert!(
            (1..=proof.tree_nodes).contains(&proof.proof_nodes),
            "{proof:?} in {board}"
        );
        let chosen = report.best.unwrap();
        assert_eq!(
            result_for(side, oracle_score(&reference, chosen)),
            expected,
            "chose {chosen} in {board}"
        );
    }
}

#[test]
fn proof_number_search_never_loses() {
    for side in [Side::Max, Side::Min] {
        let mut player = PlayerKind::Pns.create(&PlayerOptions::default());
        let lost = lost_lines(player.as_mut(), side, Board::new(Shape::TIC_TAC_TOE));
        assert!(lost.is_empty(), "pns as {side:?} lost: {}", lost[0]);
    }
}

#[test]
fn aspiration_windows_fail_high_and_low_and_search_again_with_that_side_open() {
    // O to move, a draw. Deepening alone values it, iteration by
    // iteration on X's scale, -2, +5, 0, +4, 0, 0: the horizon favours
    // whoever moved last. With windows 2 either side of the previous
    // value, depth 2's (-4, 0) fails high (5), depth 3's (3, 7) fails low
    // (0), depth 4's (-2, 2) high (4), depth 5's (2, 6) low (0), and depth
    // 6's (-2, 2) holds the draw: two fail-highs, two fail-lows.
    let board: Board = "x.o/.x./...".parse().unwrap();
    let cancel = CancelFlag::new();
    for kind in [PlayerKind::AlphaBetaTt, PlayerKind::Pvs] {
        let deepening = PlayerOptions {
            time_limit: Some(std::time::Duration::from_secs(600)),
            ..PlayerOptions::default()
        };
        let values: Vec<i32> = kind
            .create(&deepening)
            .choose_move(&board, &cancel)
            .iterations
            .iter()
            .map(|iteration| iteration.value)
            .collect();
        assert_eq!(values, [-2, 5, 0, 4, 0, 0], "{kind}");
        let settings = SearchSettings {
            aspiration: Some(2),
            ..SearchSettings::default()
        };
        let report = kind.create(&options(settings)).choose_move(&board, &cancel);
        let iterations: Vec<i32> = report.iterations.iter().map(|i| i.value).collect();
        assert_eq!(
            iterations, values,
            "{kind}: the same values, windows or not"
        );
        let passes: Vec<(u32, i32, i32, i32)> = report
            .passes
            .iter()
            .map(|p| (p.depth, p.alpha, p.beta, p.value))
            .collect();
        const INF: i32 = tictactoe_engine::score::INFINITY;
        assert_eq!(
            passes,
            [
                (2, -4, 0, 5),
                (2, -4, INF, 5),
                (3, 3, 7, 0),
                (3, -INF, 7, 0),
                (4, -2, 2, 4),
                (4, -2, INF, 4),
                (5, 2, 6, 0),
                (5, -INF, 6, 0),
                (6, -2, 2, 0),
            ],
            "{kind}"
        );
        let fails_high = report.passes.iter().filter(|p| p.value >= p.beta).count();
        let fails_low = report.passes.iter().filter(|p| p.value <= p.alpha).count();
        assert_eq!((fails_high, fails_low), (2, 2), "{kind}");
        assert_eq!(report.passes.last().unwrap().nodes, report.stats.nodes);
        assert_eq!(report.score, Some(0));
        assert_eq!(report.best, Some(8));
    }
}

#[test]
fn the_minimal_tree_bounds_alpha_beta_without_a_table_and_best_first_order_nears_it() {
    use tictactoe_engine::player_kind::MoveOrder;
    use tictactoe_tools::orders::minimal_tree;
    let cancel = CancelFlag::new();
    let best_first = options(SearchSettings {
        order: MoveOrder::BestFirst,
        ..SearchSettings::default()
    });
    let mut worst_ratio: f64 = 0.0;
    for board in open_positions() {
        let minimal = minimal_tree(&board).expect("3x3 is computed");
        // Plain alpha-beta searches the tree as it is: never below it.
        let nodes = common::decide(PlayerKind::AlphaBeta, &PlayerOptions::default(), &board)
            .stats
            .nodes;
        assert!(
            minimal <= nodes,
            "{board}: minimal {minimal}, alphabeta {nodes}"
        );
        // With the table, transpositions and symmetric positions are
        // searched once, so the table players may go below the tree's
        // minimum on open boards. Best first orders by value, not by the
        // smallest refutation, so it may visit a few more.
        let report = PlayerKind::AlphaBetaTt
            .create(&best_first)
            .choose_move(&board, &cancel);
        worst_ratio = worst_ratio.max(report.stats.nodes as f64 / minimal as f64);
    }
    assert!(
        worst_ratio <= 1.5,
        "best first visits {worst_ratio:.2} x the minimal tree"
    );
}

/// What a search told its hook, of the events chapter two added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Heard {
    /// A move re-searched after its null window failed high: the cell and
    /// the null window's value, for the mover.
    ReSearch(usize, i32),
    /// A root window (MTD(f) pass or aspiration window), side to move's scale.
    PassStart(i32, i32),
    PassEnd(i32),
    IterationStart(u32),
    IterationEnd(u32, i32),
}

/// A hook that writes down what it hears.
#[derive(Clone, Copy)]
struct Listener<'a>(&'a RefCell<Vec<Heard>>);

impl Hook for Listener<'_> {
    fn re_search(self, cell: usize, value: i32) {
        self.0.borrow_mut().push(Heard::ReSearch(cell, value));
    }
    fn pass_start(self, alpha: i32, beta: i32) {
        self.0.borrow_mut().push(Heard::PassStart(alpha, beta));
    }
    fn pass_end(self, value: i32, _nodes: u64) {
        self.0.borrow_mut().push(Heard::PassEnd(value));
    }
    fn iteration_start(self, depth: u32) {
        self.0.borrow_mut().push(Heard::IterationStart(depth));
    }
    fn iteration_end(self, depth: u32, value: i32, _nodes: u64, _best: Option<usize>) {
        self.0.borrow_mut().push(Heard::IterationEnd(depth, value));
    }
}

/// `search` run with a listening hook: its report and what the hook heard.
fn heard<F>(search: F) -> (SearchReport, Vec<Heard>)
where
    F: FnOnce(Listener) -> SearchReport,
{
    let events = RefCell::new(Vec::new());
    let report = search(Listener(&events));
    (report, events.into_inner())
}

/// The re-searches among `events`.
fn re_searches(events: &[Heard]) -> Vec<Heard> {
    events
        .iter()
        .copied()
        .filter(|event| matches!(event, Heard::ReSearch(..)))
        .collect()
}

fn in_order(order: MoveOrder) -> SearchSettings {
    SearchSettings {
        order,
        ..SearchSettings::default()
    }
}

#[test]
fn pvs_re_searches_the_later_moves_that_beat_the_first() {
    let cancel = CancelFlag::new();
    let pvs = |text: &str, order| {
        let board: Board = text.parse().unwrap();
        heard(|hook| PvsPlayer::new(None, None, in_order(order)).search(&board, &cancel, hook))
    };
    // x o x
    // o o x    O to move, X threatens 8 (column 3-6-9 in the cells from 1).
    // . x .
    // In board order O tries 6 first (full window): X wins at 8, -991 for
    // O. 8 then gets the null window (-991, -990): X fills 6, a draw, 0 >
    // -991, so 8 is searched again in (-991, inf): one re-search, heard
    // with the null window's value 0. The heuristic blocks at 8 first: the
    // null window on 6 fails low and nothing is searched again.
    let (report, events) = pvs("xox/oox/.x.", MoveOrder::BoardOrder);
    assert_eq!(re_searches(&events), [Heard::ReSearch(8, 0)]);
    assert_eq!(report.stats.re_searches, 1);
    assert_eq!(report.score, Some(0));
    let (report, events) = pvs("xox/oox/.x.", MoveOrder::Heuristic);
    assert_eq!(
        (re_searches(&events).len(), report.stats.re_searches),
        (0, 0)
    );
    // x o x
    // o . .    X to move, cells 4, 5, 8 (from 0) empty.
    // o x .
    // Board order: X4 first, full window. Below it O tries 5 first (full
    // window): X completes 0-4-8, -991 for O; O's 8 gets a null window,
    // draws (0 > -991) and is searched again: re-search one, inside the
    // first root move, heard as (8, 0) for O. X4 is a draw, alpha 0. X5's
    // null window (0, 1) fails low (O blocks 8, a draw). X8 threatens 4
    // (0-4-8) and 5 (2-5-8) at once: its null window fails high with 991,
    // re-search two, at the root. In (0, inf) both O replies lose (-991),
    // so the second's null window fails low there: no third.
    let (report, events) = pvs("xox/o../ox.", MoveOrder::BoardOrder);
    assert_eq!(
        re_searches(&events),
        [Heard::ReSearch(8, 0), Heard::ReSearch(8, 991)]
    );
    assert_eq!(report.stats.re_searches, 2);
    assert_eq!((report.score, report.best), (Some(991), Some(8)));
    // The heuristic tries the double threat first: the later moves' null
    // windows all fail low.
    let (report, events) = pvs("xox/o../ox.", MoveOrder::Heuristic);
    assert_eq!(
        (re_searches(&events).len(), report.stats.re_searches),
        (0, 0)
    );
    assert_eq!(report.best, Some(8));
    // alphabeta-tt searches every move in the full window: nothing to redo.
    let board: Board = "xox/o../ox.".parse().unwrap();
    let (report, events) = heard(|hook| {
        AlphaBetaTtPlayer::new(None, None, in_order(MoveOrder::BoardOrder))
            .search(&board, &cancel, hook)
    });
    assert_eq!(
        (re_searches(&events).len(), report.stats.re_searches),
        (0, 0)
    );
}

#[test]
fn mtdf_passes_close_in_on_the_value_and_fail_hard_climbs_a_point_a_pass() {
    // xox/o../ox.: X to move wins with 8 (a double threat), 991, and the
    // first guess is 0. Fail-soft: the pass (-1, 0) fails high with the
    // true value 991, which becomes the lower bound; the pass (991, 992)
    // fails low with 991, the upper bound: they meet after two passes.
    let board: Board = "xox/o../ox.".parse().unwrap();
    let cancel = CancelFlag::new();
    let mtdf = |fail| {
        let settings = SearchSettings {
            fail,
            ..SearchSettings::default()
        };
        heard(|hook| MtdfPlayer::new(None, None, settings).search(&board, &cancel, hook))
    };
    let (report, events) = mtdf(Fail::Soft);
    let depth = 3;
    assert_eq!(
        events,
        [
            Heard::IterationStart(depth),
            Heard::PassStart(-1, 0),
            Heard::PassEnd(991),
            Heard::PassStart(991, 992),
            Heard::PassEnd(991),
            Heard::IterationEnd(depth, 991),
        ]
    );
    let passes: Vec<_> = report
        .passes
        .iter()
        .map(|p| (p.alpha, p.beta, p.value))
        .collect();
    assert_eq!(passes, [(-1, 0, 991), (991, 992, 991)]);
    assert_eq!(report.score, Some(991));
    let soft_nodes = report.stats.nodes;
    // Fail-hard returns the window's edge: (-1, 0) fails high with 0, and
    // each pass after raises the lower bound by one, (k - 1, k) fails high
    // with k, up to (990, 991); the pass (991, 992) then fails low:
    // 1 + 991 + 1 = 993 passes to the same value.
    let (report, events) = mtdf(Fail::Hard);
    let mut expected = vec![(-1, 0, 0)];
    expected.extend((1..=991).map(|k| (k - 1, k, k)));
    expected.push((991, 992, 991));
    let passes: Vec<_> = report
        .passes
        .iter()
        .map(|p| (p.alpha, p.beta, p.value))
        .collect();
    assert_eq!(passes, expected);
    let heard_passes: Vec<_> = events[1..events.len() - 1]
        .chunks(2)
        .filter_map(|pair| match pair {
            [Heard::PassStart(alpha, beta), Heard::PassEnd(value)] => Some((*alpha, *beta, *value)),
            _ => None,
        })
        .collect();
    assert_eq!(
        (events[0], events[events.len() - 1]),
        (
            Heard::IterationStart(depth),
            Heard::IterationEnd(depth, 991)
        )
    );
    assert_eq!(heard_passes.len(), expected.len());
    assert!(heard_passes == expected, "the hook hears every pass");
    assert_eq!(report.score, Some(991));
    assert!(
        report.stats.nodes > 100 * soft_nodes,
        "{} nodes against {soft_nodes}",
        report.stats.nodes
    );
}

#[test]
fn the_hook_hears_each_aspiration_window_on_the_movers_scale() {
    // The position and windows of
    // aspiration_windows_fail_high_and_low_and_search_again_with_that_side_open,
    // heard by the hook: O moves, so its windows and values are those on
    // X's scale turned over.
    let board: Board = "x.o/.x./...".parse().unwrap();
    let cancel = CancelFlag::new();
    let settings = SearchSettings {
        aspiration: Some(2),
        ..SearchSettings::default()
    };
    const INF: i32 = tictactoe_engine::score::INFINITY;
    let on_x_scale = [
        (2, -4, 0, 5),
        (2, -4, INF, 5),
        (3, 3, 7, 0),
        (3, -INF, 7, 0),
        (4, -2, 2, 4),
        (4, -2, INF, 4),
        (5, 2, 6, 0),
        (5, -INF, 6, 0),
        (6, -2, 2, 0),
    ];
    let iteration_values = [-2, 5, 0, 4, 0, 0];
    let mut expected = Vec::new();
    for depth in 1..=6u32 {
        expected.push(Heard::IterationStart(depth));
        for &(_, alpha, beta, value) in on_x_scale.iter().filter(|p| p.0 == depth) {
            expected.push(Heard::PassStart(-beta, -alpha));
            expected.push(Heard::PassEnd(-value));
        }
        expected.push(Heard::IterationEnd(
            depth,
            -iteration_values[depth as usize - 1],
        ));
    }
    let (_, alphabeta_tt) =
        heard(|hook| AlphaBetaTtPlayer::new(None, None, settings).search(&board, &cancel, hook));
    assert_eq!(alphabeta_tt, expected, "alphabeta-tt");
    let (_, pvs) = heard(|hook| PvsPlayer::new(None, None, settings).search(&board, &cancel, hook));
    let without_re_searches: Vec<_> = pvs
        .into_iter()
        .filter(|event| !matches!(event, Heard::ReSearch(..)))
        .collect();
    assert_eq!(without_re_searches, expected, "pvs");
}

fn nodes(kind: PlayerKind, settings: SearchSettings, board: &Board) -> u64 {
    common::decide(kind, &options(settings), board).stats.nodes
}

#[test]
fn pruning_only_above_beta_never_visits_fewer_nodes_than_pruning_on_equality() {
    // A value equal to beta already refutes a node; waiting for one above
    // it searches the rest of that node's moves as well. With a table the
    // two runs store different entries, and in board or worst-first order
    // a few positions come out cheaper under strict pruning (a bound that
    // happens to be reused later), so the claim is held with the orders
    // that put the refutation first.
    for kind in SETTLED {
        for order in [MoveOrder::Heuristic, MoveOrder::BestFirst] {
            // MTD(f) fail-hard is slow (a point a pass): soft only.
            let fails: &[Fail] = if kind == PlayerKind::Mtdf {
                &[Fail::Soft]
            } else {
                &Fail::ALL
            };
            for &fail in fails {
                let on_equal = SearchSettings {
                    order,
                    fail,
                    ..SearchSettings::default()
                };
                let strict = SearchSettings {
                    prune: Prune::Strict,
                    ..on_equal
                };
                let (mut equal_total, mut strict_total) = (0, 0);
                for board in open_positions() {
                    let (equal, stricter) =
                        (nodes(kind, on_equal, &board), nodes(kind, strict, &board));
                    assert!(
                        equal <= stricter,
                        "{kind} {strict:?} {board}: {equal} against {stricter}"
                    );
                    equal_total += equal;
                    strict_total += stricter;
                }
                assert!(equal_total < strict_total, "{kind} {strict:?}");
            }
        }
    }
    // x x o
    // x . .    X to move; O threatens 4, 5 and 7 (from 0): every X move
    // o . o    loses, -992, and the position is symmetric (5 and 7 mirror).
    // alphabeta-tt, heuristic order: the first root move's reply node has
    // the full window, and O's two winning replies are both entered (2).
    // The second root move's reply node has beta 992: O's first win meets
    // it and prunes on equality (1); strictly, the second win is entered
    // too (2). The third root move mirrors the second: a table hit (0).
    // With the 3 root moves: 6 nodes against 7.
    let board: Board = "xxo/x../o.o".parse().unwrap();
    let strict = SearchSettings {
        prune: Prune::Strict,
        ..SearchSettings::default()
    };
    assert_eq!(
        nodes(PlayerKind::AlphaBetaTt, SearchSettings::default(), &board),
        6
    );
    assert_eq!(nodes(PlayerKind::AlphaBetaTt, strict, &board), 7);
}

#[test]
fn failing_hard_never_visits_fewer_nodes_than_failing_soft() {
    // Fail-soft returns the best value seen, a tighter bound than the
    // window's edge: the table's entries answer more later probes.
    for kind in [PlayerKind::AlphaBetaTt, PlayerKind::Pvs] {
        for settings in SearchSettings::every().filter(|s| s.fail == Fail::Soft) {
            let hard = SearchSettings {
                fail: Fail::Hard,
                ..settings
            };
            let (mut soft_total, mut hard_total) = (0, 0);
            for board in open_positions() {
                let (soft, harder) = (nodes(kind, settings, &board), nodes(kind, hard, &board));
                assert!(
                    soft <= harder,
                    "{kind} {hard:?} {board}: {soft} against {harder}"
                );
                soft_total += soft;
                hard_total += harder;
            }
            // Best first never needs a bound: it finds the value first.
            if settings.order != MoveOrder::BestFirst {
                assert!(soft_total < hard_total, "{kind} {hard:?}");
            }
        }
    }
    // A fixed position where it shows with the usual settings.
    let board: Board = ".../.ox/.x.".parse().unwrap();
    let hard = SearchSettings {
        fail: Fail::Hard,
        ..SearchSettings::default()
    };
    assert!(
        nodes(PlayerKind::AlphaBetaTt, SearchSettings::default(), &board)
            < nodes(PlayerKind::AlphaBetaTt, hard, &board)
    );
}

#[test]
fn proof_number_search_proves_the_empty_4x4_board_a_draw() {
    let board = Board::new(Shape::FOUR_BY_FOUR);
    let mut player = PlayerKind::Pns.create(&PlayerOptions::default());
    let report = player.choose_move(&board, &CancelFlag::new());
    assert!(!report.aborted, "{:?}", report.note);
    let proof = report.proof.unwrap();
    assert_eq!(proof.result, ProvenResult::Draw);
    // Every X move is answered, and every O reply too: a draw's proof
    // holds both disproofs, far smaller than the trees searched.
    assert!(proof.proof_nodes < proof.tree_nodes, "{proof:?}");
    assert!(report.best.is_some());
}
