//! The exercises' checker against the searches: on thousands of generated
//! trees every correct answer is accepted and every answer with one
//! mistake (one value, one α or β, one pruned edge, one order) is refused
//! at exactly the step of the search where the mistake is; the same on
//! real positions; the words of a verdict on the textbook tree; the text
//! and JSON forms of exercises and answers.

use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::generate::Shape;
use tictactoe_engine::abstract_tree::search::{Limit, Step, alpha_beta, minimax};
use tictactoe_engine::abstract_tree::text::parse;
use tictactoe_engine::abstract_tree::{AbstractTree, Decision, NodeId};
use tictactoe_engine::geometry::Shape as BoardShape;
use tictactoe_tools::exercise::answer::{Answer, AnswerValue};
use tictactoe_tools::exercise::positions::{
    BestMoveProblem, HorizonProblem, MctsProblem, best_move_empty_limit, drawn_position,
};
use tictactoe_tools::exercise::words::{exercise_error_words, verdict_words};
use tictactoe_tools::exercise::{
    Asks, Conventions, Exercise, ExerciseError, Fact, Kind, Mistake, Part, Problem, Unfit, Verdict,
    level, levels,
};

const CONVENTIONS: [Conventions; 4] = Conventions::ALL;

const ALL_ASKED: Asks = Asks {
    values: true,
    windows: true,
};

fn shape(seed: u64, chance: bool) -> Shape {
    Shape {
        depth: 1 + (seed % 4) as usize,
        branching: (1, 3 + (seed % 2) as usize),
        values: (-9, 9),
        chance,
        root: if seed.is_multiple_of(3) {
            Decision::Min
        } else {
            Decision::Max
        },
    }
}

fn wrong(exercise: &Exercise, answer: &Answer) -> Mistake {
    match exercise.check(answer).expect("the answer fits") {
        Verdict::Wrong(mistake) => mistake,
        Verdict::Correct => panic!("accepted a wrong answer: {answer}\n{exercise}"),
    }
}

fn assert_correct(exercise: &Exercise, answer: &Answer) {
    assert_eq!(
        exercise.check(answer),
        Ok(Verdict::Correct),
        "{answer}\n{exercise}"
    );
    // Through its text and its JSON, the same.
    let text = Answer::parse(&answer.to_string()).unwrap();
    assert_eq!(exercise.check(&text), Ok(Verdict::Correct));
    let json = Answer::from_json(&answer.to_json().to_string()).unwrap();
    assert_eq!(exercise.check(&json), Ok(Verdict::Correct));
}

/// The nodes as their values become known, worked out here apart from the
/// checker: a node after its children's subtrees, left to right.
fn post_order(tree: &AbstractTree, id: NodeId, out: &mut Vec<NodeId>) {
    for &child in tree.children(id) {
        post_order(tree, child, out);
    }
    out.push(id);
}

fn off_by_one(value: AnswerValue) -> AnswerValue {
    AnswerValue::exact(
        Fraction::new(
            value.value.numerator() + value.value.denominator(),
            value.value.denominator(),
        )
        .unwrap(),
    )
}

#[test]
fn minimax_answers_are_accepted_and_each_wrong_value_is_found_where_it_is_known() {
    for seed in 0..1500 {
        let chance = seed % 2 == 1;
        let exercise = Exercise::generated(
            Kind::Minimax,
            &shape(seed, chance),
            seed,
            Conventions::default(),
            Asks::default(),
        )
        .unwrap();
        let tree = exercise.tree().unwrap().clone();
        let solution = exercise.solution();
        assert_correct(&exercise, &solution);
        let mut order = Vec::new();
        post_order(&tree, 0, &mut order);
        for index in 0..solution.values.len() {
            let mut answer = solution.clone();
            answer.values[index].1 = off_by_one(answer.values[index].1);
            let node = tree.find(&answer.values[index].0).unwrap();
            let mistake = wrong(&exercise, &answer);
            assert_eq!((mistake.node, mistake.part), (Some(node), Part::Value));
            assert_eq!(
                mistake.step,
                order.iter().position(|&id| id == node).unwrap()
            );
            // A value left out is found at the same step.
            let mut answer = solution.clone();
            answer.values.remove(index);
            let mistake = wrong(&exercise, &answer);
            assert_eq!((mistake.node, mistake.given.is_none()), (Some(node), true));
        }
    }
}

/// Where alpha-beta enters, prunes at and leaves each node, from its trace.
struct Steps {
    enter: Vec<Option<usize>>,
    leave: Vec<Option<usize>>,
    /// For each node cut (a pruned edge's child), the step of its cutoff.
    cut_at: Vec<Option<usize>>,
}

fn steps(tree: &AbstractTree, conventions: Conventions) -> Steps {
    let search = alpha_beta(tree, conventions.prune, conventions.fail).unwrap();
    let mut steps = Steps {
        enter: vec![None; tree.len()],
        leave: vec![None; tree.len()],
        cut_at: vec![None; tree.len()],
    };
    for (index, step) in search.steps.iter().enumerate() {
        match step {
            Step::Enter { node, .. } => steps.enter[*node] = Some(index),
            Step::Leave { node, .. } => steps.leave[*node] = Some(index),
            Step::Cutoff(cutoff) => {
                for &cut in &cutoff.cut {
                    for below in cut..tree.subtree_end(cut) {
                        steps.cut_at[below] = Some(index);
                    }
                }
            }
        }
    }
    steps
}

#[test]
fn alpha_beta_answers_are_accepted_and_each_single_mistake_is_found_at_its_step() {
    let mut checked = [0usize; 6];
    for seed in 0..1500 {
        let conventions = CONVENTIONS[(seed % 4) as usize];
        let exercise = Exercise::generated(
            Kind::AlphaBeta,
            &shape(seed, false),
            seed,
            conventions,
            ALL_ASKED,
        )
        .unwrap();
        let tree = exercise.tree().unwrap().clone();
        let solution = exercise.solution();
        assert_correct(&exercise, &solution);
        let steps = steps(&tree, conventions);
        let pruned = solution.pruned.clone().unwrap();
        // One value wrong: found as the node returns.
        for index in 0..solution.values.len() {
            let mut answer = solution.clone();
            answer.values[index].1 = off_by_one(answer.values[index].1);
            let node = tree.find(&answer.values[index].0).unwrap();
            let mistake = wrong(&exercise, &answer);
            assert_eq!(
                (mistake.node, mistake.part, Some(mistake.step)),
                (Some(node), Part::Value, steps.leave[node])
            );
            checked[0] += 1;
        }
        // One α or β wrong: found as the node is entered.
        for index in 0..solution.windows.len() {
            for (part, change) in [(Part::Alpha, 0), (Part::Beta, 1)] {
                let mut answer = solution.clone();
                let window = &mut answer.windows[index];
                let limit = if change == 0 {
                    &mut window.1
                } else {
                    &mut window.2
                };
                *limit = match *limit {
                    Limit::Finite(value) => Limit::Finite(value + 1),
                    Limit::NegInfinity => Limit::Finite(0),
                    Limit::Infinity => Limit::NegInfinity,
                };
                let node = tree.find(&answer.windows[index].0).unwrap();
                let mistake = wrong(&exercise, &answer);
                assert_eq!(
                    (mistake.node, mistake.part, Some(mistake.step)),
                    (Some(node), part, steps.enter[node])
                );
                checked[1] += 1;
            }
        }
        // A pruned edge not marked: found at its cutoff.
        for index in 0..pruned.len() {
            let mut answer = solution.clone();
            let path = answer.pruned.as_mut().unwrap().remove(index);
            let node = tree.find(&path).unwrap();
            let mistake = wrong(&exercise, &answer);
            assert_eq!(
                (mistake.node, mistake.part, Some(mistake.step)),
                (Some(node), Part::Pruned, steps.cut_at[node])
            );
            checked[2] += 1;
        }
        // An edge marked that the search goes down (found as it enters
        // the child), or that lies below a pruned one (found at that
        // cutoff).
        for id in 1..tree.len() {
            let path = tree.path(id);
            if pruned.contains(&path) {
                continue;
            }
            let mut answer = solution.clone();
            answer.pruned.as_mut().unwrap().push(path);
            let mistake = wrong(&exercise, &answer);
            let expected_step = steps.enter[id].or(steps.cut_at[id]);
            assert_eq!(
                (mistake.node, mistake.part, Some(mistake.step)),
                (Some(id), Part::Pruned, expected_step)
            );
            checked[if steps.enter[id].is_some() { 3 } else { 4 }] += 1;
        }
        // A value given to a node never searched: found at the cutoff.
        if let Some(id) = (0..tree.len()).find(|&id| steps.enter[id].is_none()) {
            let mut answer = solution.clone();
            answer
                .values
                .push((tree.path(id), AnswerValue::exact(Fraction::integer(0))));
            let mistake = wrong(&exercise, &answer);
            assert_eq!(
                (mistake.part, Some(mistake.step)),
                (Part::Unvisited, steps.cut_at[id])
            );
            checked[5] += 1;
        }
    }
    // Every kind of mistake was tried many times.
    assert!(checked.iter().all(|&count| count > 300), "{checked:?}");
}

#[test]
fn order_answers_are_accepted_and_an_order_not_best_first_is_found_at_its_node() {
    for seed in 0..1500 {
        let conventions = CONVENTIONS[(seed % 4) as usize];
        let exercise = Exercise::generated(
            Kind::Order,
            &shape(seed, false),
            seed,
            conventions,
            Asks::default(),
        )
        .unwrap();
        let tree = exercise.tree().unwrap().clone();
        let values = minimax(&tree).unwrap();
        let solution = exercise.solution();
        assert_correct(&exercise, &solution);
        for index in 0..solution.orders.len() {
            let node = tree.find(&solution.orders[index].0).unwrap();
            let children = tree.children(node);
            let order = &solution.orders[index].1;
            // Swapping the first child with a later one worth less to the
            // node's side is a mistake; with one worth as much it is not.
            for later in 1..order.len() {
                let mut answer = solution.clone();
                answer.orders[index].1.swap(0, later);
                answer.leaves = None;
                let equal = values[children[order[0]]] == values[children[order[later]]];
                if equal {
                    assert_eq!(exercise.check(&answer), Ok(Verdict::Correct));
                } else {
                    let mistake = wrong(&exercise, &answer);
                    assert_eq!(
                        (mistake.node, mistake.part, mistake.step),
                        (Some(node), Part::Order, index)
                    );
                }
            }
        }
        let mut answer = solution.clone();
        answer.leaves = answer.leaves.map(|leaves| leaves + 1);
        let mistake = wrong(&exercise, &answer);
        assert_eq!(
            (mistake.part, mistake.step),
            (Part::Leaves, solution.orders.len())
        );
    }
}

#[test]
fn real_positions_accept_the_search_and_find_each_mistake() {
    for seed in 0..60 {
        let stones = 2 + (seed % 4) as u32;
        let exercise = Exercise::best_move(BestMoveProblem::drawn(
            BoardShape::TIC_TAC_TOE,
            9 - stones,
            seed,
        ))
        .unwrap();
        let solution = exercise.solution();
        assert_correct(&exercise, &solution);
        let board = *exercise.position().unwrap();
        let best = solution.best_move.unwrap();
        // Another free cell that is not as good is found at step 1.
        let search = match &exercise.problem {
            tictactoe_tools::exercise::Problem::BestMove(problem) => problem.search(),
            _ => unreachable!(),
        };
        let good: Vec<usize> = search
            .best_moves()
            .map(|root_move| root_move.cell)
            .collect();
        for cell in board.legal_moves().filter(|cell| !good.contains(cell)) {
            let answer = Answer {
                best_move: Some(cell),
                ..solution.clone()
            };
            let mistake = wrong(&exercise, &answer);
            assert_eq!((mistake.part, mistake.step), (Part::Move, 0));
        }
        for &cell in &good {
            let answer = Answer {
                best_move: Some(cell),
                ..solution.clone()
            };
            assert_eq!(
                exercise.check(&answer),
                Ok(Verdict::Correct),
                "cell {cell} is as good as {best}"
            );
        }
        let answer = Answer {
            outcome: Some("D".parse().unwrap()),
            ..solution.clone()
        };
        if answer.outcome != solution.outcome {
            assert_eq!(wrong(&exercise, &answer).step, 1);
        }
        for (index, root_move) in search.moves.iter().enumerate() {
            let mut answer = solution.clone();
            let bounded = answer.bounded.as_mut().unwrap();
            match bounded.iter().position(|&cell| cell == root_move.cell) {
                Some(at) => {
                    bounded.remove(at);
                }
                None => bounded.push(root_move.cell),
            }
            let mistake = wrong(&exercise, &answer);
            assert_eq!((mistake.part, mistake.step), (Part::Bounded, 2 + index));
        }
    }
}

#[test]
fn monte_carlo_picks_are_the_engines_and_another_cell_is_wrong() {
    for seed in 0..60 {
        let problem = MctsProblem::drawn(
            BoardShape::TIC_TAC_TOE,
            8 - (seed % 5) as u32,
            1 + (seed % 30) as u32,
            seed,
        );
        let exercise = Exercise::mcts(problem.clone()).unwrap();
        let solution = exercise.solution();
        assert_correct(&exercise, &solution);
        let choice = problem.choice();
        assert_eq!(solution.pick, Some(choice.picked_child().cell));
        for cell in exercise.position().unwrap().legal_moves() {
            let answer = Answer {
                pick: Some(cell),
                ..Answer::default()
            };
            let correct = cell == choice.picked_child().cell;
            assert_eq!(
                exercise.check(&answer).unwrap() == Verdict::Correct,
                correct
            );
        }
    }
}

#[test]
fn the_textbook_tree_answered_without_its_pruned_edges_says_why_they_are() {
    let tree = parse("((3 12 8) (2 4 6) (14 5 2))", Decision::Max).unwrap();
    let exercise = Exercise::on_tree(
        Kind::AlphaBeta,
        tree,
        Conventions::default(),
        Asks {
            values: true,
            windows: false,
        },
    )
    .unwrap();
    let answer = Answer::parse("pruned; root = 3; 1 = 3; 2 = 2; 3 = 2").unwrap();
    let verdict = exercise.check(&answer).unwrap();
    assert_eq!(
        verdict_words(&exercise, &verdict),
        "Wrong at step 13: The edge to the leaf root → 2 → 2 is pruned, but the answer does not mark it. \
         At the Min node root → 2, child 1 returned 2: 2 ≤ α = 3, so Max above already has a choice as good \
         for it elsewhere and will never let play come here; children 2 and 3 are pruned."
    );
    let answer = Answer::parse("pruned 2.2 2.3; root = 3; 1 = 3; 2 = 4; 3 = 2").unwrap();
    let verdict = exercise.check(&answer).unwrap();
    assert_eq!(
        verdict_words(&exercise, &verdict),
        "Wrong at step 14: the Min node root → 2 returns 2, not 4. A Min node takes the lowest value of the \
         children it searched: child 1: 2."
    );
    let answer = Answer::parse("pruned 2.2 2.3; root = 3; 1 = 3; 2 = 2; 3 = 2").unwrap();
    assert_eq!(exercise.check(&answer), Ok(Verdict::Correct));
}

#[test]
fn answers_that_do_not_fit_are_refused_not_marked_wrong() {
    let tree = parse("((3 12 8) (2 4 6) (14 5 2))", Decision::Max).unwrap();
    let exercise = Exercise::on_tree(
        Kind::AlphaBeta,
        tree.clone(),
        Conventions::default(),
        Asks::default(),
    )
    .unwrap();
    let refused = |text: &str| exercise.check(&Answer::parse(text).unwrap()).unwrap_err();
    assert_eq!(refused("pruned 4"), Unfit::NoSuchNode(vec![3]));
    assert_eq!(refused("pruned root"), Unfit::RootPruned);
    assert_eq!(refused("pruned; move 3"), Unfit::NotAsked("move"));
    let order =
        Exercise::on_tree(Kind::Order, tree, Conventions::default(), Asks::default()).unwrap();
    let refused = |text: &str| order.check(&Answer::parse(text).unwrap()).unwrap_err();
    assert_eq!(refused("root: 1 1 2"), Unfit::NotAPermutation(vec![]));
    assert_eq!(refused("1.1: 1"), Unfit::NothingToOrder(vec![0, 0]));
}

#[test]
fn exercises_read_back_from_their_text_and_json() {
    for level in levels() {
        for kind in Kind::ALL {
            let exercise =
                Exercise::at_level(kind, &level, 11, false, BoardShape::TIC_TAC_TOE).unwrap();
            assert_eq!(
                Exercise::parse(&exercise.to_string()).unwrap(),
                exercise,
                "{exercise}"
            );
            assert_eq!(
                Exercise::from_json(&exercise.to_json().to_string()).unwrap(),
                exercise
            );
        }
    }
    let chance = Exercise::at_level(
        Kind::Minimax,
        &level(2).unwrap(),
        3,
        true,
        BoardShape::TIC_TAC_TOE,
    )
    .unwrap();
    assert!(chance.tree().unwrap().has_chance_nodes());
    assert_eq!(Exercise::parse(&chance.to_string()).unwrap(), chance);
}

#[test]
fn position_exercises_read_back_on_every_board_custom_ones_too() {
    let custom = [
        // The rows of a 7x6 board read as Connect Four: this one has no
        // gravity; 5x5 rows read as 4 in a row.
        BoardShape::new(7, 6, 4, false).unwrap(),
        BoardShape::new(5, 5, 3, false).unwrap(),
        BoardShape::new(6, 5, 4, true).unwrap(),
    ];
    let shapes = BoardShape::PRESETS
        .iter()
        .map(|&(_, shape)| shape)
        .chain(custom);
    for shape in shapes {
        let level = level(1).unwrap();
        for kind in [Kind::BestMove, Kind::Mcts] {
            let exercise = Exercise::at_level(kind, &level, 5, false, shape).unwrap();
            let read = Exercise::parse(&exercise.to_string()).unwrap();
            assert_eq!(read, exercise, "{exercise}");
            let position = match &read.problem {
                Problem::BestMove(problem) => problem.board,
                Problem::Mcts(problem) => problem.board,
                Problem::Tree(_) | Problem::Horizon(_) => {
                    unreachable!("a best-move or Monte Carlo exercise")
                }
            };
            assert_eq!(position.shape(), shape, "{exercise}");
            assert_eq!(
                Exercise::from_json(&exercise.to_json().to_string()).unwrap(),
                exercise
            );
        }
    }
    // A preset's worksheet names no line length or gravity: 3x3's stay as
    // they were.
    let tic_tac_toe = Exercise::at_level(
        Kind::BestMove,
        &level(1).unwrap(),
        5,
        false,
        BoardShape::TIC_TAC_TOE,
    )
    .unwrap();
    assert!(
        !tic_tac_toe.to_string().contains("gravity"),
        "{tic_tac_toe}"
    );
    assert!(
        Exercise::parse("exercise mcts\nposition ..../..../..../....\ngravity maybe\n").is_err()
    );
}

/// True if the side to move in `board` wins with one of its moves.
fn wins_in_one(board: &tictactoe_engine::board::Board) -> bool {
    board.legal_moves().any(|cell| {
        let mut next = *board;
        next.play(cell).unwrap();
        next.outcome().winner().is_some()
    })
}

#[test]
fn drawn_positions_on_every_board_replay_their_seed_with_the_empty_cells_asked() {
    for (name, shape) in BoardShape::PRESETS {
        for level in levels() {
            let empty = level.empty_cells(shape);
            for seed in 0..8 {
                let board = drawn_position(shape, empty, seed);
                assert_eq!(board, drawn_position(shape, empty, seed), "{name} {seed}");
                assert_eq!(board.shape(), shape);
                assert_eq!(
                    board.outcome(),
                    tictactoe_engine::board::Outcome::Ongoing,
                    "{name} {seed}: {board}"
                );
                assert_eq!(board.empty().count_ones(), empty, "{name} {seed}: {board}");
                if shape != BoardShape::TIC_TAC_TOE {
                    assert!(!wins_in_one(&board), "{name} {seed}: {board}");
                }
            }
        }
    }
    // Different seeds, different positions.
    assert_ne!(
        drawn_position(BoardShape::CONNECT_FOUR, 10, 1),
        drawn_position(BoardShape::CONNECT_FOUR, 10, 2)
    );
}

#[test]
fn a_connect_four_best_move_is_answered_and_checked_by_its_column() {
    for seed in 0..20 {
        let level = level(1 + (seed % 4) as u8).unwrap();
        let exercise = Exercise::at_level(
            Kind::BestMove,
            &level,
            seed,
            false,
            BoardShape::CONNECT_FOUR,
        )
        .unwrap();
        let board = *exercise.position().unwrap();
        assert_eq!(board.shape(), BoardShape::CONNECT_FOUR);
        let solution = exercise.solution();
        let best = solution.best_move.unwrap();
        // The text names the column, and reads back as the cell it drops to.
        let text = exercise.answer_text(&solution);
        let column = best % 7 + 1;
        assert!(text.contains(&format!("move {column}")), "{text}");
        assert_eq!(exercise.read_answer(&text).unwrap(), solution, "{text}");
        assert_eq!(exercise.check(&solution), Ok(Verdict::Correct));
        // A column that is not as good is found wrong, in words naming
        // the column the search plays.
        let search = match &exercise.problem {
            tictactoe_tools::exercise::Problem::BestMove(problem) => problem.search(),
            _ => unreachable!(),
        };
        if let Some(worse) = search
            .moves
            .iter()
            .find(|root_move| !search.best_moves().any(|best| best.cell == root_move.cell))
        {
            let answer = exercise
                .read_answer(&format!("move {}", worse.cell % 7 + 1))
                .unwrap();
            let mistake = wrong(&exercise, &Answer { ..answer });
            assert_eq!(mistake.part, Part::Move);
            let words = verdict_words(&exercise, &Verdict::Wrong(mistake));
            assert!(words.contains("plays column "), "{words}");
        }
    }
    // A full column is no move.
    let full =
        tictactoe_engine::board::Board::from_columns(BoardShape::CONNECT_FOUR, "444444").unwrap();
    assert!(Answer::parse_on("move 4", &full).is_err());
    assert_eq!(
        Answer::parse_on("move 3", &full).unwrap().best_move,
        Some(5 * 7 + 2)
    );
}

#[test]
fn a_position_too_open_to_search_to_the_end_is_refused_in_words() {
    let open = BestMoveProblem {
        board: tictactoe_engine::board::Board::from_columns(BoardShape::CONNECT_FOUR, "4453")
            .unwrap(),
        ..BestMoveProblem::drawn(BoardShape::CONNECT_FOUR, 10, 0)
    };
    let limit = best_move_empty_limit(open.player, BoardShape::CONNECT_FOUR);
    let error = Exercise::best_move(open).unwrap_err();
    assert_eq!(error, ExerciseError::TooManyEmptyCells { empty: 38, limit });
    let words = exercise_error_words(error);
    assert!(words.contains("38 empty cells"), "{words}");
    assert!(
        words.contains(&format!("until {limit} or fewer")),
        "{words}"
    );
    // Monte Carlo asks after its playouts, on the same position.
    let mcts = Exercise::mcts(MctsProblem::new(
        tictactoe_engine::board::Board::from_columns(BoardShape::CONNECT_FOUR, "4453").unwrap(),
        1,
        20,
        1.414,
    ))
    .unwrap();
    let pick = mcts.solution().pick.unwrap();
    assert!(
        mcts.position()
            .unwrap()
            .legal_moves()
            .any(|cell| cell == pick)
    );
    assert!(mcts.answer_text(&mcts.solution()).starts_with("pick "));
}

/// The horizon's exercise of `kind` at `level` from `seed`, on Connect
/// Four, and its two searches worked out by the engine apart from the
/// checker.
fn horizon_exercise(
    kind: Kind,
    seed: u64,
) -> (Exercise, tictactoe_engine::horizon::Horizon, HorizonProblem) {
    let level = level(1 + (seed % 4) as u8).unwrap();
    let exercise = Exercise::at_level(kind, &level, seed, false, BoardShape::TIC_TAC_TOE).unwrap();
    let Problem::Horizon(problem) = &exercise.problem else {
        panic!("a horizon problem");
    };
    let problem = problem.clone();
    assert_eq!(problem.board.shape(), BoardShape::CONNECT_FOUR);
    let found = tictactoe_engine::horizon::horizon(
        &problem.board,
        problem.evaluation.evaluation(),
        problem.depth,
        &tictactoe_engine::search::CancelFlag::new(),
    )
    .unwrap();
    (exercise, found, problem)
}

#[test]
fn a_depth_two_value_is_the_searchs_and_another_is_wrong_in_words() {
    for seed in 0..12 {
        let (exercise, found, problem) = horizon_exercise(Kind::DepthValue, seed);
        assert_eq!(problem.depth, 2);
        // The problem shows the evaluation's weights.
        let shown = tictactoe_tools::exercise::words::problem_words(&exercise).join("\n");
        assert!(shown.contains("open-2 × 4"), "{shown}");
        let value = found.shallow.value;
        let right = exercise.read_answer(&format!("root = {value}")).unwrap();
        assert_correct_on(&exercise, &right);
        let answer = exercise
            .read_answer(&format!("root = {}", value + 1))
            .unwrap();
        let mistake = wrong(&exercise, &answer);
        assert_eq!(mistake.part, Part::Value);
        assert_eq!(
            mistake.expected,
            Fact::Value(Fraction::integer(i64::from(value)))
        );
        let words = verdict_words(&exercise, &Verdict::Wrong(mistake));
        // Values are written with a true minus sign.
        let shown = |value: i32| value.to_string().replace('-', "−");
        assert!(
            words.contains(&format!(
                "gives the position {}, not {}",
                shown(value),
                shown(value + 1)
            )),
            "{words}"
        );
        // Only the root is asked.
        assert_eq!(
            exercise.check(&exercise.read_answer("1 = 3").unwrap()),
            Err(Unfit::NoSuchNode(vec![0]))
        );
    }
}

#[test]
fn the_deciding_leaf_is_the_principal_variation_by_its_columns() {
    for seed in 0..12 {
        let (exercise, found, _) = horizon_exercise(Kind::DecidingLeaf, seed);
        let columns: Vec<String> = found
            .shallow
            .pv
            .iter()
            .map(|cell| (cell % 7 + 1).to_string())
            .collect();
        let text = format!("leaf {}", columns.join(" "));
        assert_eq!(exercise.answer_text(&exercise.solution()), text);
        assert_correct_on(&exercise, &exercise.read_answer(&text).unwrap());
        // The variation's first move alone stops short of the leaf.
        let short = exercise
            .read_answer(&format!("leaf {}", columns[0]))
            .unwrap();
        let mistake = wrong(&exercise, &short);
        assert_eq!(mistake.part, Part::Leaf);
        let words = verdict_words(&exercise, &Verdict::Wrong(mistake));
        assert!(
            words.contains(&format!("reached by columns {}", columns.join(" "))),
            "{words}"
        );
    }
}

#[test]
fn a_deeper_search_changes_the_move_on_even_seeds_and_not_on_odd_ones() {
    for seed in 0..8 {
        let (exercise, found, problem) = horizon_exercise(Kind::Deeper, seed);
        assert_eq!(problem.depth, if seed % 4 >= 2 { 3 } else { 2 });
        let misled = found.shallow.best != found.deep.best;
        assert_eq!(misled, seed % 2 == 0, "seed {seed}");
        let solution = exercise.solution();
        assert_eq!(solution.changes, Some(misled));
        assert_correct_on(&exercise, &solution);
        let flipped = exercise
            .read_answer(if misled {
                "changes no"
            } else {
                "changes yes; move 4"
            })
            .unwrap();
        let mistake = wrong(&exercise, &flipped);
        assert_eq!((mistake.step, mistake.part), (0, Part::Changes));
        if misled {
            // Yes, but with depth N's own move.
            let answer = Answer {
                changes: Some(true),
                best_move: Some(found.shallow.best),
                ..Answer::default()
            };
            let mistake = wrong(&exercise, &answer);
            assert_eq!((mistake.step, mistake.part), (1, Part::Move));
            assert_eq!(mistake.expected, Fact::Cell(found.deep.best));
        }
    }
    assert!(Answer::parse("changes maybe").is_err());
}

#[test]
fn horizon_exercises_read_back_from_their_text_and_replay_their_seed() {
    for kind in [Kind::DepthValue, Kind::DecidingLeaf, Kind::Deeper] {
        let (exercise, ..) = horizon_exercise(kind, 5);
        assert_eq!(Exercise::parse(&exercise.to_string()).unwrap(), exercise);
        assert_eq!(horizon_exercise(kind, 5).0, exercise);
        let json = exercise.to_json().to_string();
        assert_eq!(Exercise::from_json(&json).unwrap(), exercise);
    }
}

/// `assert_correct` on a board's answers: through their text on the
/// exercise's board and through JSON, the same.
fn assert_correct_on(exercise: &Exercise, answer: &Answer) {
    assert_eq!(exercise.check(answer), Ok(Verdict::Correct), "{exercise}");
    let text = exercise.read_answer(&exercise.answer_text(answer)).unwrap();
    assert_eq!(exercise.check(&text), Ok(Verdict::Correct));
    let json = Answer::from_json(&answer.to_json().to_string()).unwrap();
    assert_eq!(exercise.check(&json), Ok(Verdict::Correct));
}
