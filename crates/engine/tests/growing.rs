//! Both searches that grow a tree step by step, Monte Carlo tree search and
//! the neural player's PUCT, seen through `GrowingSearch` as a window sees
//! them: stepping grows the tree a run grows, each step agrees with the
//! tree it leaves, its numbers are on X's scale, and a new c changes the
//! next pick; PUCT's numbers are checked by hand on a network whose every
//! answer is known.

use super::common;

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use common::{assert_close, random_open_position, two_wins_and_a_loss};
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::growing::{GrowingSearch, LeafValue, Selection, Step, StepChoice};
use tictactoe_engine::learners::network::{Layers, Network};
use tictactoe_engine::learners::neural::{C_PUCT, PuctSearch};
use tictactoe_engine::players::mcts::{EXPLORATION, MctsSearch};
use tictactoe_engine::search::CancelFlag;

/// A search of `board` of each kind, owning what it uses, as a window
/// keeps it: Monte Carlo from `seed`, PUCT guided by `network`.
fn searches(board: &Board, seed: u64, network: &Arc<Network>) -> [Box<dyn GrowingSearch>; 2] {
    [
        Box::new(MctsSearch::new(board, seed, EXPLORATION).expect("an open position")),
        Box::new(PuctSearch::new(Arc::clone(network), board, None)),
    ]
}

/// What selection sees at every node with children, depth first from the
/// root: the whole tree's statistics as the trait shows them.
fn every_choice(search: &dyn GrowingSearch) -> Vec<StepChoice> {
    let mut choices = Vec::new();
    let mut below = vec![0];
    while let Some(node) = below.pop() {
        if let Some(choice) = search.choice(node) {
            below.extend(choice.children.iter().rev().map(|child| child.node));
            choices.push(choice);
        }
    }
    choices
}

/// A game's result on X's scale: +1 X won, 0 a draw, -1 O won.
fn result_of(winner: Option<Side>) -> f64 {
    winner.map_or(0.0, |side| f64::from(side.sign()))
}

#[test]
fn stepping_grows_the_tree_a_run_on_another_thread_grows() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    for (size, games, steps) in [(Shape::TIC_TAC_TOE, 24, 200), (Shape::FOUR_BY_FOUR, 6, 150)] {
        let network = Arc::new(Network::new(size, 9));
        for game in 0..games {
            let board = random_open_position(size, (game % 6) as usize, &mut rng);
            // Another c than the player's, set before the first step, on
            // both: the run must use it as the steps do.
            let start = || {
                searches(&board, game, &network).map(|mut search| {
                    let exploration = search.exploration();
                    search.set_exploration(0.6 * exploration);
                    search
                })
            };
            let stepped = start().map(|mut search| {
                for _ in 0..steps {
                    search.step();
                }
                search
            });
            // The search owns what it uses: it moves to a thread and back.
            let ran = start().map(|mut search| {
                std::thread::spawn(move || {
                    assert!(search.run(steps, &CancelFlag::new()));
                    search
                })
                .join()
                .expect("the run's thread")
            });
            for (stepped, ran) in stepped.iter().zip(&ran) {
                let kind = stepped.selection();
                assert_eq!((stepped.steps(), ran.steps()), (steps, steps), "{kind:?}");
                assert_eq!(stepped.board(), &board);
                let tree = every_choice(stepped.as_ref());
                let ran_tree = every_choice(ran.as_ref());
                assert!(tree.len() > 1, "{kind:?} {board:?}");
                assert_eq!(tree.len(), ran_tree.len(), "{kind:?} {board:?}");
                if let Some((node, ran_node)) = tree.iter().zip(&ran_tree).find(|(a, b)| a != b) {
                    panic!("{kind:?} {board:?}: stepped {node:?}, ran {ran_node:?}");
                }
            }
        }
    }
}

/// Checks `step`, just run on `search` from `board`, against the tree it
/// left: the path and updates, the picks by the rule of `search`, each
/// child's terms from the numbers shown, and the leaf's value and result
/// on X's scale (`network` the PUCT search's).
fn check_step(search: &dyn GrowingSearch, board: &Board, network: &Network, step: &Step) {
    // The path: the root, then each picked child; the updates follow it.
    let path: Vec<usize> = std::iter::once(0)
        .chain(step.selection.iter().map(|choice| choice.picked))
        .collect();
    let updated: Vec<usize> = step.updates.iter().map(|update| update.node).collect();
    assert_eq!(updated, path);
    assert_eq!(step.updates[0].cell, None);
    let mut position = *board;
    for (choice, update) in step.selection.iter().zip(&step.updates[1..]) {
        assert_eq!(choice.side, position.side_to_move());
        assert_eq!(choice.exploration, search.exploration());
        check_terms(search.selection(), choice);
        // The update is what selection at the parent sees now.
        let now = search.choice(choice.node).expect("a node on the path");
        let child = now
            .children
            .iter()
            .find(|child| child.node == update.node)
            .expect("the path's child");
        assert_eq!(Some(child.cell), update.cell);
        assert_eq!(
            (child.visits, child.mean),
            (update.visits, Some(update.mean))
        );
        position.play(child.cell).expect("a free cell");
    }
    assert_eq!(
        search.choice(0).expect("the root has children").visits,
        step.updates[0].visits
    );
    let last = *path.last().expect("the root");
    let reached = step.updates.last().expect("the root's update");
    assert_eq!(step.new_node, (reached.visits == 1).then_some(last));
    match &step.leaf {
        LeafValue::Network { value } => {
            assert_eq!(search.selection(), Selection::Puct);
            assert_eq!(position.outcome(), Outcome::Ongoing);
            let for_mover = network.evaluate(&position).value;
            assert_eq!(
                *value,
                f64::from(position.side_to_move().sign() as f32 * for_mover)
            );
            assert_eq!(step.result, *value);
            assert_eq!(step.expanded, Some(last));
            assert!(search.choice(last).is_some());
        }
        LeafValue::GameOver { winner } => {
            assert_ne!(position.outcome(), Outcome::Ongoing);
            assert_eq!(position.outcome().winner(), *winner);
            assert_eq!(step.result, result_of(*winner));
            assert_eq!(search.choice(last), None);
        }
        LeafValue::Playout { moves, winner } => {
            assert_eq!(search.selection(), Selection::Ucb);
            for &cell in moves {
                assert_eq!(position.outcome(), Outcome::Ongoing);
                position.play(cell).expect("a free cell");
            }
            assert_ne!(position.outcome(), Outcome::Ongoing);
            assert_eq!(position.outcome().winner(), *winner);
            assert_eq!(step.result, result_of(*winner));
            assert_eq!(search.choice(last), None);
        }
    }
    // The node that got its children: PUCT's is the one the network
    // evaluated, at the path's end; Monte Carlo's one the path went
    // through, the second time it reached it (the root the first).
    match (search.selection(), step.expanded) {
        (Selection::Puct, expanded) => assert_eq!(
            expanded.is_some(),
            matches!(step.leaf, LeafValue::Network { .. })
        ),
        (Selection::Ucb, Some(node)) => {
            assert!(path[..path.len() - 1].contains(&node));
            let visits = if node == 0 { 1 } else { 2 };
            assert_eq!(search.choice(node).unwrap().visits, visits);
        }
        (Selection::Ucb, None) => {}
    }
}

/// Each child's terms are its score's formula on the numbers shown (mean
/// on X's scale, prior, visits, c), and the pick is the rule's.
fn check_terms(kind: Selection, choice: &StepChoice) {
    let sign = f64::from(choice.side.sign());
    let parent = f64::from(choice.visits);
    let c = choice.exploration;
    let picked = choice.picked_child();
    match kind {
        Selection::Puct => {
            for child in &choice.children {
                let (mean, bonus) = child.terms.expect("PUCT scores every child");
                let prior = child.prior.expect("PUCT's prior");
                // The mean value for the side choosing, 0 unvisited.
                assert_eq!(mean, child.mean.map_or(0.0, |mean| sign * mean));
                assert_eq!(child.mean.is_some(), child.visits > 0);
                let want = c * prior * parent.sqrt() / (1.0 + f64::from(child.visits));
                assert!((bonus - want).abs() < 1e-5, "{bonus} is not {want}");
            }
            // The highest score, the first of equals.
            let best = choice
                .children
                .iter()
                .map(|child| child.score().unwrap())
                .fold(f64::MIN, f64::max);
            let first_best = choice
                .children
                .iter()
                .find(|child| child.score() == Some(best))
                .unwrap();
            assert_eq!(first_best.node, picked.node);
        }
        Selection::Ucb => {
            for child in &choice.children {
                assert_eq!(child.prior, None);
                assert_eq!(child.mean.is_some(), child.visits > 0);
                if let Some((won, bonus)) = child.terms {
                    // The mean result for the side choosing, 0 lost to 1 won.
                    let mean = child.mean.expect("a visited child's mean");
                    assert!((won - (sign * mean + 1.0) / 2.0).abs() < 1e-12);
                    let want = c * (parent.ln() / f64::from(child.visits)).sqrt();
                    assert!((bonus - want).abs() < 1e-12, "{bonus} is not {want}");
                } else {
                    assert_eq!(child.visits, 0);
                }
            }
            // The first unvisited, else the highest UCB.
            match choice.children.iter().find(|child| child.terms.is_none()) {
                Some(first) => assert_eq!(picked.node, first.node),
                None => {
                    let best = choice
                        .children
                        .iter()
                        .map(|child| child.score().unwrap())
                        .fold(f64::MIN, f64::max);
                    assert_eq!(picked.score(), Some(best));
                }
            }
        }
    }
}

#[test]
fn each_step_agrees_with_the_tree_it_leaves() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for (size, games, steps) in [(Shape::TIC_TAC_TOE, 30, 150), (Shape::FOUR_BY_FOUR, 4, 100)] {
        let network = Arc::new(Network::new(size, 4));
        for game in 0..games {
            let board = random_open_position(size, (game % 7) as usize, &mut rng);
            for mut search in searches(&board, game, &network) {
                assert_eq!(search.steps(), 0);
                // The player's c, half and twice it.
                let exploration = search.exploration() * [1.0, 0.5, 2.0][game as usize % 3];
                search.set_exploration(exploration);
                // The root's mean on X's scale is the mean of the results
                // so far (PUCT's with the root's own evaluation).
                let (mut results, mut counted) = match search.selection() {
                    Selection::Ucb => (0.0, 0.0),
                    Selection::Puct => (
                        f64::from(
                            board.side_to_move().sign() as f32 * network.evaluate(&board).value,
                        ),
                        1.0,
                    ),
                };
                for number in 1..=steps {
                    let step = search.step();
                    assert_eq!(step.number, number);
                    assert_eq!(search.steps(), number);
                    check_step(search.as_ref(), &board, &network, &step);
                    results += step.result;
                    counted += 1.0;
                    let root = step.updates[0].mean;
                    assert!(
                        (root - results / counted).abs() < 1e-5,
                        "{:?} {board:?} step {number}: root {root}, results {}",
                        search.selection(),
                        results / counted
                    );
                }
            }
        }
    }
}

/// A 3x3 network whose every weight is 0 but the policy biases (`logits`,
/// one a cell) and the value's bias: whatever the position, its priors are
/// the softmax of `logits` over the free cells and its value `value`.
fn constant_network(logits: [f32; 9], value: f32) -> Network {
    let shape = Layers::of(Shape::TIC_TAC_TOE);
    let mut parameters = vec![0.0; shape.parameters()];
    // The last parameters: the policy biases, the value's weights (one a
    // hidden unit), the value's bias.
    let value_bias = parameters.len() - 1;
    let policy_biases = value_bias - shape.hidden - shape.cells;
    parameters[policy_biases..policy_biases + 9].copy_from_slice(&logits);
    parameters[value_bias] = value.atanh();
    Network::from_parameters(Shape::TIC_TAC_TOE, shape, parameters).expect("the 3x3 shape")
}

/// PUCT on `two_wins_and_a_loss` guided by a network that gives the
/// losing cell 8 twice the prior of each winning cell (priors 1/4, 1/4,
/// 1/2 over cells 3, 4, 8) and every position the value 0.5 for the side
/// to move.
fn hand_checked_puct() -> Box<dyn GrowingSearch> {
    let mut logits = [0.0; 9];
    logits[7] = 2f32.ln();
    let network = Arc::new(constant_network(logits, 0.5));
    Box::new(PuctSearch::new(network, &two_wins_and_a_loss(), None))
}

/// Each child's (cell, visits, mean on X's scale, exploitation,
/// exploration) against the hand-worked numbers.
fn assert_children(choice: &StepChoice, expected: &[(usize, u32, Option<f64>, f64, f64)]) {
    assert_eq!(choice.children.len(), expected.len());
    for (child, &(cell, visits, mean, exploitation, exploration)) in
        choice.children.iter().zip(expected)
    {
        assert_eq!((child.cell, child.visits), (cell, visits));
        assert_eq!(child.mean.is_some(), mean.is_some(), "cell {cell}");
        if let (Some(actual), Some(want)) = (child.mean, mean) {
            assert_close(actual, want);
        }
        let (actual_exploitation, actual_exploration) = child.terms.unwrap();
        assert_close(actual_exploitation, exploitation);
        assert_close(actual_exploration, exploration);
    }
}

#[test]
fn puct_steps_are_the_ones_worked_out_by_hand() {
    let mut search = hand_checked_puct();
    assert_eq!(search.selection(), Selection::Puct);
    assert_eq!(search.exploration(), f64::from(C_PUCT));
    // The root's evaluation made the search: no step yet.
    assert_eq!(search.steps(), 0);
    let root = search.choice(0).unwrap();
    assert_eq!((root.side, root.visits), (Side::Max, 1));
    for (child, prior) in root.children.iter().zip([0.25, 0.25, 0.5]) {
        assert_close(child.prior.unwrap(), prior);
    }

    // Step 1: N = 1, nothing visited: each score is 0 + 1.5 * P * 1 / 1.
    //   cells 3, 4: 1.5 * 0.25 = 0.375;  cell 8: 1.5 * 0.5 = 0.75, taken.
    let first = search.step();
    assert_eq!(first.number, 1);
    assert_eq!(search.steps(), 1);
    let choice = &first.selection[0];
    assert_children(
        choice,
        &[
            (2, 0, None, 0.0, 0.375),
            (3, 0, None, 0.0, 0.375),
            (7, 0, None, 0.0, 0.75),
        ],
    );
    assert_eq!(choice.picked_child().cell, 7);
    // O is to move after X's cell 8: the network's 0.5 for O is -0.5 on
    // X's scale, the result carried up.
    let LeafValue::Network { value } = first.leaf else {
        panic!("the network's value, not {:?}", first.leaf);
    };
    assert_close(value, -0.5);
    assert_close(first.result, -0.5);
    assert_eq!(first.expanded, Some(choice.picked));
    assert_eq!(first.new_node, Some(choice.picked));
    // The root's mean on X's scale: its own evaluation (0.5 for X) and
    // this step's -0.5, over 2 visits: 0. Cell 8: -0.5 over 1 visit.
    assert_eq!(first.updates[0].visits, 2);
    assert_close(first.updates[0].mean, 0.0);
    assert_eq!(
        (first.updates[1].cell, first.updates[1].visits),
        (Some(7), 1)
    );
    assert_close(first.updates[1].mean, -0.5);
    // At cell 8, O chooses between cells 3 and 4, each prior 1/2 (both
    // logits 0): N = 1, each score 0 + 1.5 * 0.5 = 0.75, the first taken.
    let at_loss = search.choice(choice.picked).unwrap();
    assert_eq!((at_loss.side, at_loss.visits), (Side::Min, 1));
    assert_children(
        &at_loss,
        &[(2, 0, None, 0.0, 0.75), (3, 0, None, 0.0, 0.75)],
    );
    assert_eq!(at_loss.picked_child().cell, 2);

    // Step 2: N = 2, sqrt 2 = 1.4142136.
    //   cell 3 (n 0): 0    + 1.5 * 0.25 * 1.4142136 / 1 = 0.5303301
    //   cell 4 (n 0): 0    + 0.5303301                  = 0.5303301
    //   cell 8 (n 1): -0.5 + 1.5 * 0.5 * 1.4142136 / 2  = -0.5 + 0.5303301 = 0.0303301
    // Cells 3 and 4 are equal: the first, cell 3, wins the game for X.
    let second = search.step();
    let choice = &second.selection[0];
    assert_children(
        choice,
        &[
            (2, 0, None, 0.0, 0.5303301),
            (3, 0, None, 0.0, 0.5303301),
            (7, 1, Some(-0.5), -0.5, 0.5303301),
        ],
    );
    assert_eq!(choice.picked_child().cell, 2);
    assert_eq!(
        second.leaf,
        LeafValue::GameOver {
            winner: Some(Side::Max)
        }
    );
    assert_eq!(second.result, 1.0);
    assert_eq!(second.expanded, None);
    assert_eq!(second.new_node, Some(choice.picked));
    // The root: (0.5 - 0.5 + 1) / 3 = 0.3333333 on X's scale.
    assert_eq!(second.updates[0].visits, 3);
    assert_close(second.updates[0].mean, 1.0 / 3.0);
    assert_close(second.updates[1].mean, 1.0);

    // Before step 3: N = 3, sqrt 3 = 1.7320508.
    //   cell 3 (n 1): 1    + 1.5 * 0.25 * 1.7320508 / 2 = 1 + 0.3247595 = 1.3247595, taken
    //   cell 4 (n 0): 0    + 1.5 * 0.25 * 1.7320508     = 0.6495191
    //   cell 8 (n 1): -0.5 + 1.5 * 0.5 * 1.7320508 / 2  = -0.5 + 0.6495191 = 0.1495191
    let third = search.choice(0).unwrap();
    assert_children(
        &third,
        &[
            (2, 1, Some(1.0), 1.0, 0.3247595),
            (3, 0, None, 0.0, 0.6495191),
            (7, 1, Some(-0.5), -0.5, 0.6495191),
        ],
    );
    assert_eq!(third.picked_child().cell, 2);
    let step = search.step();
    assert_eq!(step.selection[0], third);
}

#[test]
fn a_new_exploration_changes_the_next_pick() {
    // PUCT, before step 3 of `puct_steps_are_the_ones_worked_out_by_hand`,
    // with c = 8 instead of 1.5: N = 3, sqrt 3 = 1.7320508.
    //   cell 3 (n 1): 1    + 8 * 0.25 * 1.7320508 / 2 = 1 + 1.7320508 = 2.7320508
    //   cell 4 (n 0): 0    + 8 * 0.25 * 1.7320508     = 3.4641016, taken
    //   cell 8 (n 1): -0.5 + 8 * 0.5 * 1.7320508 / 2  = -0.5 + 3.4641016 = 2.9641016
    let mut own = hand_checked_puct();
    let mut bold = hand_checked_puct();
    for search in [&mut own, &mut bold] {
        search.step();
        search.step();
    }
    bold.set_exploration(8.0);
    assert_eq!(bold.exploration(), 8.0);
    let choice = bold.choice(0).unwrap();
    assert_eq!(choice.exploration, 8.0);
    assert_children(
        &choice,
        &[
            (2, 1, Some(1.0), 1.0, 1.7320508),
            (3, 0, None, 0.0, 3.4641016),
            (7, 1, Some(-0.5), -0.5, 3.4641016),
        ],
    );
    assert_close(choice.children[1].score().unwrap(), 3.4641016);
    assert_close(choice.children[2].score().unwrap(), 2.9641016);
    assert_eq!(choice.picked_child().cell, 3);
    // The tree stays as it grew: only the next picks change.
    let visits = |choice: &StepChoice| -> Vec<u32> {
        choice.children.iter().map(|child| child.visits).collect()
    };
    assert_eq!(visits(&choice), visits(&own.choice(0).unwrap()));
    assert_eq!(own.choice(0).unwrap().picked_child().cell, 2);
    let next = bold.step();
    assert_eq!(next.selection[0], choice);
    assert_eq!(next.path().collect::<Vec<usize>>(), [3]);
    let next: Vec<usize> = own.step().path().collect();
    assert_eq!(next, [2]);

    // Monte Carlo, before playout 6 of `crates/tools/tests/mcts_trace.rs`'s hand-worked
    // search (N = 5, ln 5 = 1.6094379; cells 3 and 4 won both their 2
    // visits, cell 8 lost its one), with c = 4 instead of sqrt 2:
    //   cells 3, 4: 1 + 4 * sqrt(1.6094379 / 2) = 1 + 4 * 0.8970613 = 4.5882452
    //   cell 8:     0 + 4 * sqrt(1.6094379)     = 5.0745450, taken
    let mut search: Box<dyn GrowingSearch> =
        Box::new(MctsSearch::new(&two_wins_and_a_loss(), 1, EXPLORATION).unwrap());
    for _ in 0..5 {
        search.step();
    }
    assert_eq!(search.choice(0).unwrap().picked_child().cell, 3);
    search.set_exploration(4.0);
    assert_eq!(search.exploration(), 4.0);
    let choice = search.choice(0).unwrap();
    assert_close(choice.children[0].score().unwrap(), 4.5882452);
    assert_close(choice.children[2].score().unwrap(), 5.0745450);
    assert_eq!(choice.picked_child().cell, 7);
    let sixth = search.step();
    assert_eq!(sixth.selection[0].exploration, 4.0);
    assert_eq!(sixth.path().next(), Some(7));
}

/// What the network believes of each root move beside the truth, on 3x3
/// positions with the perfect table's values: the network's own prior and
/// value after the move (X's scale; none where the move ends the game),
/// the search's visits and mean, its first choice and most visited move,
/// and the moves that throw away a better exact value.
#[test]
fn beliefs_are_the_networks_and_the_searchs_beside_the_exact_values() {
    use tictactoe_engine::learners::neural::beliefs::beliefs;
    use tictactoe_engine::players::PerfectTable;
    let network = Arc::new(Network::new(Shape::TIC_TAC_TOE, 3));
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut thrown = 0;
    for game in 0..60usize {
        let board = random_open_position(Shape::TIC_TAC_TOE, game % 7, &mut rng);
        let mut search = PuctSearch::new(Arc::clone(&network), &board, None);
        GrowingSearch::run(&mut search, 30, &CancelFlag::new());
        let children = GrowingSearch::choice(&search, 0)
            .expect("the root has children")
            .children;
        let exact: Vec<Option<f64>> = board
            .legal_moves()
            .map(|cell| {
                let mut after = board;
                after.play(cell).unwrap();
                PerfectTable::global()
                    .value(&after)
                    .map(|value| f64::from(value.signum()))
            })
            .collect();
        let mover = f64::from(board.side_to_move().sign());
        let best = exact
            .iter()
            .flatten()
            .map(|value| mover * value)
            .fold(-2.0, f64::max);
        let priors = network.evaluate(&board).priors;
        let found = beliefs(&network, &board, &children, &exact);
        assert_eq!(found.len(), children.len());
        for ((belief, child), value) in found.iter().zip(&children).zip(&exact) {
            assert_eq!(belief.cell, child.cell);
            assert_close(belief.prior, f64::from(priors[child.cell]));
            let mut after = board;
            after.play(child.cell).unwrap();
            let expected = (after.outcome() == Outcome::Ongoing).then(|| {
                f64::from(after.side_to_move().sign() as f32 * network.evaluate(&after).value)
            });
            assert_eq!(
                belief.value_after, expected,
                "{board:?} cell {}",
                child.cell
            );
            assert_eq!((belief.visits, belief.mean), (child.visits, child.mean));
            assert_eq!(belief.exact, *value);
            assert_eq!(
                belief.first_choice,
                network.first_choice(&board) == Some(child.cell)
            );
            assert_eq!(
                belief.most_visited,
                search.search().best() == Some(child.cell)
            );
            let worse = value.is_some_and(|value| mover * value < best);
            assert_eq!(
                belief.throws_away.is_some(),
                worse,
                "{board:?} cell {}",
                child.cell
            );
            if let Some(kept) = belief.throws_away {
                assert_eq!(mover * kept, best);
                thrown += 1;
            }
        }
    }
    assert!(thrown > 0, "no move threw a value away");
}
