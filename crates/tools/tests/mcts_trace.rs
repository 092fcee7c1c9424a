//! Monte Carlo tree search run playout by playout: the traced run replays
//! the `mcts` player's own search exactly, and its UCB terms are the ones
//! worked out by hand; the neural player's PUCT search the same way.

use super::common;

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use common::{assert_close, random_open_position, two_wins_and_a_loss};
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::learners::neural::{self, PuctSearch};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::players::PerfectTable;
use tictactoe_engine::players::mcts::trace::PlayoutTrace;
use tictactoe_engine::players::mcts::{self, EXPLORATION, MctsSearch};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver, Strength};
use tictactoe_tools::convergence::{exact_values, root_moves, run_sampled};

/// `playouts` traced playouts of `board` from `seed` with the player's c.
fn traced(board: &Board, seed: u64, playouts: u32) -> (MctsSearch, Vec<PlayoutTrace>) {
    let mut run = MctsSearch::new(board, seed, EXPLORATION).expect("an open position");
    let traces = (0..playouts).map(|_| run.traced_playout()).collect();
    (run, traces)
}

#[test]
fn a_traced_run_ends_in_the_statistics_of_the_players_own_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    for (size, playouts) in [
        (Shape::TIC_TAC_TOE, 400),
        (Shape::FOUR_BY_FOUR, 300),
        (Shape::FIVE_BY_FIVE, 200),
    ] {
        for game in 0..40u64 {
            let board = random_open_position(size, (game % 6) as usize, &mut rng);
            // The player draws each search's seed; its report names it.
            let mut player = PlayerKind::Mcts.create(&PlayerOptions {
                playouts,
                seed: game,
                ..PlayerOptions::default()
            });
            let report = player.choose_move(&board, &CancelFlag::new());
            let seed = report.replay_seed.expect("mcts names its seed");
            let (_, own_tree) = mcts::search(&board, &CancelFlag::new(), playouts, seed);
            let (run, traces) = traced(&board, seed, playouts);
            // Every node: its move, children, visits and sum of results.
            assert_eq!(run.tree().len(), own_tree.len(), "{board:?} seed {seed}");
            if let Some(at) = (0..own_tree.len()).find(|&at| run.tree()[at] != own_tree[at]) {
                panic!(
                    "{board:?} seed {seed}: node {at} is {:?}, the player's {:?}",
                    run.tree()[at],
                    own_tree[at]
                );
            }
            assert_eq!(run.playouts(), playouts);
            // The player's report: each root move's visits and mean.
            for (score, child) in report.moves.iter().zip(run.tree()[0].children()) {
                let node = &run.tree()[child];
                assert_eq!(score.cell, node.cell as usize);
                assert_eq!(score.visits, Some(node.visits));
            }
            // The same seed replays the same trace.
            let (_, again) = traced(&board, seed, playouts);
            assert_eq!(traces, again);
        }
    }
}

#[test]
fn each_trace_agrees_with_the_tree_it_leaves() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for game in 0..30u64 {
        let board = random_open_position(Shape::TIC_TAC_TOE, (game % 5) as usize, &mut rng);
        let mut run = MctsSearch::new(&board, game, EXPLORATION).unwrap();
        for number in 1..=300 {
            let trace = run.traced_playout();
            assert_eq!(trace.number, number);
            let tree = run.tree();
            // Selection: each step picks the first unvisited child, else
            // the highest UCB, whose terms add up to the score compared.
            for choice in &trace.selection {
                let unvisited = choice.children.iter().find(|child| child.terms.is_none());
                let picked = choice.picked_child();
                match unvisited {
                    Some(first) => assert_eq!(picked.node, first.node),
                    None => {
                        let best = choice
                            .children
                            .iter()
                            .map(|child| child.ucb().unwrap())
                            .fold(f64::MIN, f64::max);
                        assert_eq!(picked.ucb(), Some(best));
                    }
                }
            }
            // The path: the root, then each picked child.
            let path: Vec<usize> = std::iter::once(0)
                .chain(trace.selection.iter().map(|choice| choice.picked))
                .collect();
            assert_eq!(path, run.path());
            // The updates are the tree's statistics now.
            assert_eq!(trace.updates.len(), path.len());
            for update in &trace.updates {
                assert_eq!(update.visits, tree[update.node].visits);
                assert_eq!(update.reward, tree[update.node].reward);
            }
            // The playout ends the game the trace says it ends.
            let mut position = board;
            for cell in trace.path().chain(trace.playout.iter().copied()) {
                position.play(cell).unwrap();
            }
            assert_eq!(position.outcome().winner(), trace.winner);
            assert!(position.outcome() != Outcome::Ongoing);
        }
    }
}

#[test]
fn ucb_terms_and_picks_are_the_ones_worked_out_by_hand() {
    let board = two_wins_and_a_loss();
    let (mut run, traces) = traced(&board, 1, 3);
    // Playouts 1 to 3 visit the children once each, in cell order: X wins
    // (cell 3), X wins (cell 4), O wins (cell 8, after a random move of O's).
    let firsts: Vec<usize> = traces
        .iter()
        .map(|trace| trace.path().next().unwrap())
        .collect();
    assert_eq!(firsts, [2, 3, 7]);
    assert_eq!(traces[0].expanded, Some(0));
    assert_eq!(traces[2].winner, Some(Side::Min));
    assert_eq!(traces[2].playout.len(), 1);

    // Playout 4: N = 3, every n = 1, ln 3 = 1.0986123.
    //   exploration = sqrt(2) * sqrt(1.0986123 / 1) = 1.4142136 * 1.0481471 = 1.4823038
    //   cell 3: 1 + 1.4823038 = 2.4823038
    //   cell 4: 1 + 1.4823038 = 2.4823038   (equal: the last of equals, cell 4)
    //   cell 8: 0 + 1.4823038 = 1.4823038
    let fourth = run.traced_playout();
    let choice = &fourth.selection[0];
    assert_eq!(choice.side, Side::Max);
    assert_eq!(choice.visits, 3);
    let terms: Vec<(usize, u32, (f64, f64))> = choice
        .children
        .iter()
        .map(|child| (child.cell, child.visits, child.terms.unwrap()))
        .collect();
    assert_terms(
        &terms,
        &[
            (2, 1, 1.0, 1.4823038),
            (3, 1, 1.0, 1.4823038),
            (7, 1, 0.0, 1.4823038),
        ],
    );
    assert_eq!(choice.picked_child().cell, 3);
    // Cell 4 ends the game in the tree: no expansion, no random moves.
    assert_eq!(fourth.new_node, None);
    assert_eq!(fourth.expanded, None);
    assert!(fourth.playout.is_empty());
    assert_eq!(fourth.winner, Some(Side::Max));
    // The root's mean for O, who moved into it: 2 of 4 lost... X won 3 of 4.
    assert_eq!(fourth.updates[0].visits, 4);
    assert_eq!(fourth.updates[0].mean(), 0.25);
    assert_eq!(fourth.updates[1].cell, Some(3));
    assert_eq!(
        (fourth.updates[1].visits, fourth.updates[1].reward),
        (2, 2.0)
    );

    // Playout 5: N = 4, ln 4 = 1.3862944.
    //   cell 3 (n 1): 1 + 1.4142136 * sqrt(1.3862944)     = 1 + 1.6651092 = 2.6651092
    //   cell 4 (n 2): 1 + 1.4142136 * sqrt(1.3862944 / 2) = 1 + 1.1774100 = 2.1774100
    //   cell 8 (n 1): 0 + 1.6651092                                         = 1.6651092
    let fifth = run.traced_playout();
    let choice = &fifth.selection[0];
    let terms: Vec<(usize, u32, (f64, f64))> = choice
        .children
        .iter()
        .map(|child| (child.cell, child.visits, child.terms.unwrap()))
        .collect();
    assert_terms(
        &terms,
        &[
            (2, 1, 1.0, 1.6651092),
            (3, 2, 1.0, 1.1774100),
            (7, 1, 0.0, 1.6651092),
        ],
    );
    assert_eq!(choice.picked_child().cell, 2);

    // Before playout 6: N = 5, ln 5 = 1.6094379; cells 3 and 4 have n = 2.
    //   c = sqrt(2): cells 3, 4: 1 + 1.4142136 * sqrt(0.8047190) = 1 + 1.2686362 = 2.2686362
    //                cell 8:     0 + 1.4142136 * sqrt(1.6094379) = 1.7941226: cell 4 again
    //   c = 4:       cells 3, 4: 1 + 4 * 0.8970613 = 4.5882452
    //                cell 8:     0 + 4 * 1.2686362 = 5.0745450: the losing cell 8
    let own = run.choice(0, EXPLORATION).unwrap();
    assert_eq!(own.picked_child().cell, 3);
    let (exploitation, exploration) = own.children[2].terms.unwrap();
    assert_close(exploitation, 0.0);
    assert_close(exploration, 1.7941226);
    let bold = run.choice(0, 4.0).unwrap();
    assert_eq!(bold.picked_child().cell, 7);
    assert_close(bold.children[0].ucb().unwrap(), 4.5882452);
    assert_close(bold.children[2].ucb().unwrap(), 5.0745450);

    // With c = 4 from the start, playout 6 tries cell 8 again: it gets its
    // children (O's cells 3 and 4), and selection takes O's first,
    // unvisited cell 3, which wins for O.
    let (mut bold_run, _) = {
        let mut run = MctsSearch::new(&board, 1, 4.0).unwrap();
        let traces: Vec<PlayoutTrace> = (0..5).map(|_| run.traced_playout()).collect();
        (run, traces)
    };
    let sixth = bold_run.traced_playout();
    let path: Vec<usize> = sixth.path().collect();
    assert_eq!(path, [7, 2]);
    assert_eq!(sixth.expanded, Some(sixth.selection[0].picked));
    let at_loss = &sixth.selection[1];
    assert_eq!(at_loss.side, Side::Min);
    assert!(at_loss.children.iter().all(|child| child.terms.is_none()));
    assert_eq!(sixth.new_node, Some(at_loss.picked));
    assert_eq!(sixth.winner, Some(Side::Min));
    // Cell 8 now: 2 visits, lost both for X (who moved into it).
    assert_eq!(sixth.updates[1].cell, Some(7));
    assert_eq!((sixth.updates[1].visits, sixth.updates[1].reward), (2, 0.0));
    // O's winning move: 1 visit, won for O.
    assert_eq!(
        (sixth.updates[2].mover, sixth.updates[2].reward),
        (Side::Min, 1.0)
    );
}

/// Each child's (cell, visits, exploitation, exploration) against the
/// hand-worked numbers (to 7 decimals).
fn assert_terms(actual: &[(usize, u32, (f64, f64))], expected: &[(usize, u32, f64, f64)]) {
    assert_eq!(actual.len(), expected.len());
    for (
        &(cell, visits, (exploitation, exploration)),
        &(want_cell, want_visits, want_mean, want_bonus),
    ) in actual.iter().zip(expected)
    {
        assert_eq!((cell, visits), (want_cell, want_visits));
        assert_close(exploitation, want_mean);
        assert_close(exploration, want_bonus);
    }
}

#[test]
fn a_finished_game_has_no_search() {
    let board = Board::arrangement("xxx/oo./...").unwrap();
    assert!(MctsSearch::new(&board, 0, EXPLORATION).is_none());
}

#[test]
fn the_convergence_samples_end_in_the_statistics_of_the_players_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (size, stones) in [
        (Shape::TIC_TAC_TOE, 0),
        (Shape::TIC_TAC_TOE, 3),
        (Shape::FOUR_BY_FOUR, 6),
    ] {
        for seed in 0..5u64 {
            let board = random_open_position(size, stones, &mut rng);
            let mut search = MctsSearch::new(&board, seed, EXPLORATION).unwrap();
            let samples = run_sampled(&mut search, 1000, 300, &CancelFlag::new());
            let counts: Vec<u32> = samples.iter().map(|sample| sample.playouts).collect();
            assert_eq!(counts, [300, 600, 900, 1000]);
            let (report, _) = mcts::search(&board, &CancelFlag::new(), 1000, seed);
            let last = samples.last().unwrap();
            let cells: Vec<usize> = report.moves.iter().map(|score| score.cell).collect();
            assert_eq!(root_moves(search.board()), cells);
            for (index, score) in report.moves.iter().enumerate() {
                assert_eq!(last.means[index], score.mean, "{board:?} seed {seed}");
                assert_eq!(Some(last.visits[index]), score.visits);
            }
        }
    }
}

#[test]
fn each_root_moves_exact_value_is_the_solved_games() {
    // 3x3: the perfect table's values of the positions after each move.
    let board = Board::parse_for_move("x.o/.x./...").unwrap();
    let exact = exact_values(&board, Duration::from_secs(10), &CancelFlag::new());
    let expected: Vec<Option<f64>> = board
        .legal_moves()
        .map(|cell| {
            let mut after = board;
            after.play(cell).unwrap();
            Some(f64::from(
                PerfectTable::global().value(&after).unwrap().signum(),
            ))
        })
        .collect();
    assert_eq!(exact, expected);
    // O must block at cell 9 to draw; anything else loses.
    let draws: Vec<usize> = board
        .legal_moves()
        .zip(&exact)
        .filter(|(_, value)| **value == Some(0.0))
        .map(|(cell, _)| cell)
        .collect();
    assert_eq!(draws, [8]);
    assert_eq!(exact.iter().filter(|value| **value == Some(1.0)).count(), 5);
    // 4x4: alphabeta-tt to the end. O to move must block X's three in
    // the top row at cell 4; anything else lets X win.
    let board = Board::parse_for_move("xxx./oo../..../....").unwrap();
    let exact = exact_values(&board, Duration::from_secs(60), &CancelFlag::new());
    let moves: Vec<usize> = board.legal_moves().collect();
    for (cell, value) in moves.iter().zip(&exact) {
        if *cell != 3 {
            assert_eq!(*value, Some(1.0), "cell {cell}");
        }
    }
}

/// Connect Four positions of the middle-medium test set (15 to 16
/// stones, the columns played).
const CONNECT_FOUR_MIDGAMES: [&str; 3] =
    ["274552224131661", "5455174361263362", "2531276566711153"];

#[test]
fn each_columns_exact_value_on_connect_four_is_the_solvers_within_a_second() {
    let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES);
    for moves in CONNECT_FOUR_MIDGAMES {
        let board = Board::from_columns(Shape::CONNECT_FOUR, moves).unwrap();
        let started = Instant::now();
        // Each column gets a second, and the seven need less than one.
        let exact = exact_values(&board, Duration::from_secs(1), &CancelFlag::new());
        let took = started.elapsed();
        println!("{moves}: {took:?}");
        assert!(took < Duration::from_secs(1), "{moves} took {took:?}");
        let expected: Vec<Option<f64>> = board
            .legal_moves()
            .map(|cell| {
                let mut after = board;
                after.play(cell).unwrap();
                let solution = solver
                    .solve(&after, Strength::Strong, &CancelFlag::new())
                    .unwrap();
                Some(solution.winner().map_or(0.0, |side| f64::from(side.sign())))
            })
            .collect();
        assert_eq!(exact, expected, "{moves}");
    }
}

#[test]
fn a_traced_puct_run_ends_in_the_statistics_of_the_neural_search() {
    let network = Network::new(Shape::TIC_TAC_TOE, 5);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for game in 0..30usize {
        let board = random_open_position(Shape::TIC_TAC_TOE, game % 6, &mut rng);
        let own = neural::search(&network, &board, 60, None, &CancelFlag::new());
        let mut run = PuctSearch::new(&network, &board, None);
        for number in 1..=60 {
            let trace = run.traced_simulation();
            assert_eq!(trace.number, number);
            let tree = &run.search().tree;
            // PUCT takes the highest score, the first of equals; the score
            // is the node's own and the sum of its terms.
            for choice in &trace.selection {
                let best = choice
                    .children
                    .iter()
                    .map(|child| child.score())
                    .fold(f32::MIN, f32::max);
                let first_best = choice.children.iter().find(|child| child.score() == best);
                assert_eq!(first_best.map(|child| child.node), Some(choice.picked));
            }
            // The network's value, where it evaluated, is the leaf's.
            let mut position = board;
            for cell in trace.path() {
                position.play(cell).unwrap();
            }
            match trace.evaluated {
                Some((node, value)) => {
                    assert_eq!(node, *run.path().last().unwrap());
                    assert_eq!(value, network.evaluate(&position).value);
                    assert_eq!(trace.leaf_value, -value);
                }
                None => assert_ne!(position.outcome(), Outcome::Ongoing),
            }
            for update in &trace.updates {
                assert_eq!(update.visits, tree[update.node].visits);
                assert_eq!(update.value_sum, tree[update.node].value_sum);
            }
        }
        let stepped = &run.search().tree;
        assert_eq!(stepped.len(), own.tree.len(), "{board:?}");
        for (a, b) in stepped.iter().zip(&own.tree) {
            assert_eq!(
                (
                    a.cell,
                    a.prior,
                    a.visits,
                    a.value_sum,
                    a.child_count,
                    a.first_child
                ),
                (
                    b.cell,
                    b.prior,
                    b.visits,
                    b.value_sum,
                    b.child_count,
                    b.first_child
                ),
                "{board:?}"
            );
        }
    }
}

#[test]
fn the_first_puct_simulation_takes_the_highest_prior() {
    // The root has been evaluated once (N = 1) and no child visited: each
    // score is 0 + 1.5 * P * sqrt(1) / (1 + 0) = 1.5 * P, so the child
    // with the highest prior is taken.
    let network = Network::new(Shape::TIC_TAC_TOE, 2);
    let board = Board::new(Shape::TIC_TAC_TOE);
    let mut run = PuctSearch::new(&network, &board, None);
    let trace = run.traced_simulation();
    let root = &trace.selection[0];
    assert_eq!(root.visits, 1);
    let priors = network.evaluate(&board).priors;
    for child in &root.children {
        assert_eq!(child.prior, priors[child.cell]);
        assert_eq!(child.terms, (0.0, 1.5 * priors[child.cell]));
    }
    // The first of the highest, as PUCT breaks ties.
    let top = priors[..9].iter().copied().fold(f32::MIN, f32::max);
    let highest = (0..9).find(|&cell| priors[cell] == top).unwrap();
    assert_eq!(root.picked_child().cell, highest);
    // The network then evaluates the new position; the root counts its
    // value for O (who "moved" into the root) and X's move counts its negation.
    let (_, value) = trace.evaluated.unwrap();
    assert_eq!(trace.updates[1].value_sum, -value);
    assert_eq!(trace.updates[1].visits, 1);
    assert_eq!(trace.updates[0].visits, 2);
}

#[test]
fn a_long_runs_chart_keeps_a_bounded_evenly_spaced_history() {
    use tictactoe_tools::convergence::{MAX_SAMPLES, Sample, SampleHistory};
    let board = Board::parse_for_move("x../.o./...").unwrap();
    let mut search = MctsSearch::new(&board, 1, EXPLORATION).unwrap();
    let mut history = SampleHistory::default();
    for _ in 0..5000 {
        search.run(1, &CancelFlag::new());
        history.push(Sample::of(&search));
    }
    let kept: Vec<u32> = history.samples().iter().map(|s| s.playouts).collect();
    assert!(kept.len() <= MAX_SAMPLES, "{} samples kept", kept.len());
    assert!(kept.len() > MAX_SAMPLES / 2, "{} samples kept", kept.len());
    let every = history.every();
    assert_eq!(every, 32, "5,000 playouts at most 256 apart: every 32");
    let expected: Vec<u32> = (1..=5000 / every).map(|n| n * every).collect();
    assert_eq!(kept, expected);
    // Going back forgets the samples after the step gone back to.
    history.truncate(1000);
    assert_eq!(history.samples().last().map(|s| s.playouts), Some(992));
    // A sample before the last one, or off the spacing, is not kept.
    let before = history.samples().len();
    search.run(1, &CancelFlag::new());
    history.push(Sample::of(&search));
    assert_eq!(history.samples().len(), before);
}
