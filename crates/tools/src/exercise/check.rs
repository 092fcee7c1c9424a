//! The checker: the search run on the exercise, walked in its own order,
//! stopping at the first step the answer gets wrong (see `exercise`).

use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::search::{
    AlphaBeta, Cutoff, Step, alpha_beta, best_order, expectimax, minimax,
};
use tictactoe_engine::abstract_tree::{AbstractTree, Decision, NodeId, NodeKind};
use tictactoe_engine::board::Board;
use tictactoe_engine::report::Bound;

use super::answer::{Answer, AnswerValue, Path};
use super::positions::{
    BestMoveProblem, HorizonProblem, MctsProblem, Outcome, RootSearch, Why as PositionWhy,
};
use super::{Exercise, Fact, Kind, Mistake, Part, Problem, Unfit, Verdict, Why};

pub(super) fn solution(exercise: &Exercise) -> Answer {
    match &exercise.problem {
        Problem::Tree(tree) => match exercise.kind {
            Kind::AlphaBeta => alpha_beta_solution(exercise, tree),
            Kind::Order => order_solution(exercise, tree),
            _ => {
                let values = expectimax(tree);
                Answer {
                    values: inner_nodes(tree)
                        .map(|id| (tree.path(id), AnswerValue::exact(values[id])))
                        .collect(),
                    ..Answer::default()
                }
            }
        },
        Problem::BestMove(problem) => {
            let search = problem.search();
            Answer {
                best_move: search.best_moves().next().map(|root_move| root_move.cell),
                outcome: Some(Outcome::of_score(search.value, problem.board.stone_count())),
                bounded: Some(bounded_cells(&search)),
                ..Answer::default()
            }
        }
        Problem::Mcts(problem) => Answer {
            pick: Some(problem.choice().picked_child().cell),
            ..Answer::default()
        },
        Problem::Horizon(problem) => {
            let found = problem.searched();
            match exercise.kind {
                Kind::DepthValue => Answer {
                    values: vec![(
                        Vec::new(),
                        AnswerValue::exact(Fraction::integer(i64::from(found.shallow.value))),
                    )],
                    ..Answer::default()
                },
                Kind::DecidingLeaf => Answer {
                    leaf: Some(found.shallow.pv),
                    ..Answer::default()
                },
                _ => Answer {
                    changes: Some(found.misled()),
                    best_move: found.misled().then_some(found.deep.best),
                    ..Answer::default()
                },
            }
        }
    }
}

pub(super) fn check(exercise: &Exercise, answer: &Answer) -> Result<Verdict, Unfit> {
    refuse_parts_not_asked(exercise.kind, answer)?;
    let mistake = match &exercise.problem {
        Problem::Tree(tree) => {
            refuse_unknown_nodes(tree, answer)?;
            match exercise.kind {
                Kind::AlphaBeta => check_alpha_beta(exercise, tree, answer)?,
                Kind::Order => check_order(exercise, tree, answer)?,
                _ => check_values(tree, answer),
            }
        }
        Problem::BestMove(problem) => check_best_move(problem, answer)?,
        Problem::Mcts(problem) => check_pick(problem, answer)?,
        Problem::Horizon(problem) => check_horizon(exercise.kind, problem, answer)?,
    };
    Ok(mistake.map_or(Verdict::Correct, Verdict::Wrong))
}

/// The parts each kind takes: anything else is refused as not asked.
fn refuse_parts_not_asked(kind: Kind, answer: &Answer) -> Result<(), Unfit> {
    let given = [
        ("values", !answer.values.is_empty()),
        ("windows", !answer.windows.is_empty()),
        ("pruned", answer.pruned.is_some()),
        ("orders", !answer.orders.is_empty()),
        ("leaves", answer.leaves.is_some()),
        ("move", answer.best_move.is_some()),
        ("outcome", answer.outcome.is_some()),
        ("bounded", answer.bounded.is_some()),
        ("pick", answer.pick.is_some()),
        ("leaf", answer.leaf.is_some()),
        ("changes", answer.changes.is_some()),
    ];
    let taken: &[&str] = match kind {
        Kind::Minimax => &["values"],
        Kind::AlphaBeta => &["values", "windows", "pruned"],
        Kind::Order => &["orders", "leaves"],
        Kind::BestMove => &["move", "outcome", "bounded"],
        Kind::Mcts => &["pick"],
        Kind::DepthValue => &["values"],
        Kind::DecidingLeaf => &["leaf"],
        Kind::Deeper => &["changes", "move"],
    };
    match given
        .iter()
        .find(|(part, given)| *given && !taken.contains(part))
    {
        Some((part, _)) => Err(Unfit::NotAsked(part)),
        None => Ok(()),
    }
}

fn refuse_unknown_nodes(tree: &AbstractTree, answer: &Answer) -> Result<(), Unfit> {
    let paths = answer
        .values
        .iter()
        .map(|(path, _)| path)
        .chain(answer.windows.iter().map(|(path, ..)| path))
        .chain(answer.pruned.iter().flatten())
        .chain(answer.orders.iter().map(|(path, _)| path));
    for path in paths {
        if tree.find(path).is_none() {
            return Err(Unfit::NoSuchNode(path.clone()));
        }
    }
    if answer.marks_pruned(&[]) {
        return Err(Unfit::RootPruned);
    }
    Ok(())
}

fn inner_nodes(tree: &AbstractTree) -> impl Iterator<Item = NodeId> + '_ {
    (0..tree.len()).filter(|&id| !tree.node(id).is_leaf())
}

/// The nodes in the order their values become known: each after its
/// children, left to right.
fn post_order(tree: &AbstractTree) -> Vec<NodeId> {
    let mut order = Vec::with_capacity(tree.len());
    let mut stack = vec![(0, false)];
    while let Some((id, children_done)) = stack.pop() {
        if children_done {
            order.push(id);
            continue;
        }
        stack.push((id, true));
        stack.extend(tree.children(id).iter().rev().map(|&child| (child, false)));
    }
    order
}

/// Why a node is worth what it is: a leaf as written, the best of its
/// children for its side, or their mean.
fn why_value(
    tree: &AbstractTree,
    id: NodeId,
    value_of: impl Fn(NodeId) -> Option<Fraction>,
) -> Why {
    let children = tree
        .children(id)
        .iter()
        .filter_map(|&child| value_of(child).map(|value| (child, value)))
        .collect();
    match tree.node(id).kind {
        NodeKind::Leaf(_) => Why::Leaf,
        NodeKind::Decision(side) => Why::Best { side, children },
        NodeKind::Chance => Why::Mean { children },
    }
}

fn value_mistake(
    step: usize,
    node: NodeId,
    expected: Fraction,
    given: Option<AnswerValue>,
    why: Why,
) -> Option<Mistake> {
    if given.is_some_and(|given| given.matches(expected)) {
        return None;
    }
    Some(Mistake {
        step,
        node: Some(node),
        part: Part::Value,
        expected: Fact::Value(expected),
        given: given.map(|given| Fact::Value(given.value)),
        why,
    })
}

/// Kind 1: every inner node's value (a leaf's checked only when given).
fn check_values(tree: &AbstractTree, answer: &Answer) -> Option<Mistake> {
    let values = expectimax(tree);
    post_order(tree)
        .into_iter()
        .enumerate()
        .find_map(|(step, id)| {
            let given = answer.value_of(&tree.path(id));
            if tree.node(id).is_leaf() && given.is_none() {
                return None;
            }
            let why = why_value(tree, id, |child| Some(values[child]));
            value_mistake(step, id, values[id], given, why)
        })
}

fn alpha_beta_solution(exercise: &Exercise, tree: &AbstractTree) -> Answer {
    let search = alpha_beta(tree, exercise.conventions.prune, exercise.conventions.fail)
        .expect("the exercise has no chance node");
    let mut answer = Answer {
        pruned: Some(
            search
                .pruned_edges()
                .into_iter()
                .map(|id| tree.path(id))
                .collect(),
        ),
        ..Answer::default()
    };
    for id in inner_nodes(tree) {
        let Some(visit) = search.visits[id] else {
            continue;
        };
        if exercise.asks.values {
            answer.values.push((
                tree.path(id),
                AnswerValue::exact(Fraction::from(visit.value)),
            ));
        }
        if exercise.asks.windows {
            answer
                .windows
                .push((tree.path(id), visit.alpha, visit.beta));
        }
    }
    answer
}

/// The parent's best value among the children searched before `child`,
/// and which child gave it first.
fn best_before(
    tree: &AbstractTree,
    search: &AlphaBeta,
    parent: NodeId,
    child: NodeId,
) -> Option<(NodeId, i32)> {
    let side = tree.node(parent).decision()?;
    tree.children(parent)
        .iter()
        .take_while(|&&sibling| sibling != child)
        .filter_map(|&sibling| search.visits[sibling].map(|visit| (sibling, visit.value)))
        .fold(
            None,
            |best: Option<(NodeId, i32)>, (sibling, value)| match best {
                Some((_, best_value)) if !side.prefers(value, best_value) => best,
                _ => Some((sibling, value)),
            },
        )
}

/// Why `id` is entered with its window: the full one at the root, else its
/// parent's narrowed by its earlier siblings.
fn why_window(tree: &AbstractTree, search: &AlphaBeta, id: NodeId) -> Why {
    let Some(parent) = tree.node(id).parent else {
        return Why::FullWindow;
    };
    let visit = search.visits[parent].expect("a searched node's parent is searched");
    Why::Inherited {
        parent,
        side: tree
            .node(parent)
            .decision()
            .expect("alpha-beta's trees decide"),
        alpha: visit.alpha,
        beta: visit.beta,
        best: best_before(tree, search, parent, id),
    }
}

/// Kind 2: alpha-beta's steps in order.
fn check_alpha_beta(
    exercise: &Exercise,
    tree: &AbstractTree,
    answer: &Answer,
) -> Result<Option<Mistake>, Unfit> {
    let conventions = exercise.conventions;
    let search = alpha_beta(tree, conventions.prune, conventions.fail)
        .expect("the exercise has no chance node");
    let mistake = |step, node, part, expected, given, why| {
        Some(Mistake {
            step,
            node: Some(node),
            part,
            expected,
            given,
            why,
        })
    };
    for (step, event) in search.steps.iter().enumerate() {
        let found = match event {
            Step::Enter { node, alpha, beta } => {
                let path = tree.path(*node);
                let inner = !tree.node(*node).is_leaf();
                if answer.marks_pruned(&path) {
                    let parent = tree.node(*node).parent.expect("the root is never marked");
                    let visit =
                        search.visits[parent].expect("a searched node's parent is searched");
                    let side = tree
                        .node(parent)
                        .decision()
                        .expect("alpha-beta's trees decide");
                    mistake(
                        step,
                        *node,
                        Part::Pruned,
                        Fact::Yes(false),
                        Some(Fact::Yes(true)),
                        Why::NotCut {
                            parent,
                            side,
                            best: best_before(tree, &search, parent, *node),
                            bound: match side {
                                Decision::Max => visit.beta,
                                Decision::Min => visit.alpha,
                            },
                            prune: conventions.prune,
                        },
                    )
                } else if inner && (exercise.asks.windows || answer.window_of(&path).is_some()) {
                    let given = answer.window_of(&path);
                    let (given_alpha, given_beta) = (given.map(|w| w.0), given.map(|w| w.1));
                    if given_alpha != Some(*alpha) {
                        mistake(
                            step,
                            *node,
                            Part::Alpha,
                            Fact::Limit(*alpha),
                            given_alpha.map(Fact::Limit),
                            why_window(tree, &search, *node),
                        )
                    } else if given_beta != Some(*beta) {
                        mistake(
                            step,
                            *node,
                            Part::Beta,
                            Fact::Limit(*beta),
                            given_beta.map(Fact::Limit),
                            why_window(tree, &search, *node),
                        )
                    } else {
                        None
                    }
                } else {
                    None
                }
            }
            Step::Cutoff(cutoff) => cutoff_mistake(step, tree, cutoff, answer),
            Step::Leave { node, value } => {
                let path = tree.path(*node);
                let given = answer.value_of(&path);
                let leaf = tree.node(*node).is_leaf();
                if (leaf && given.is_none()) || (!leaf && !exercise.asks.values && given.is_none())
                {
                    None
                } else {
                    let visit = search.visits[*node].expect("a node left was searched");
                    let why = match (tree.node(*node).kind, visit.best != visit.value) {
                        (NodeKind::Decision(side), true) => Why::Clamped {
                            side,
                            best: visit.best,
                            alpha: visit.alpha,
                            beta: visit.beta,
                        },
                        _ => why_value(tree, *node, |child| {
                            search.visits[child].map(|visit| Fraction::from(visit.value))
                        }),
                    };
                    value_mistake(step, *node, Fraction::from(*value), given, why)
                }
            }
        };
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

/// At a pruning: each cut child must be marked, and nothing below it nor
/// any value or window given to what it cuts.
fn cutoff_mistake(
    step: usize,
    tree: &AbstractTree,
    cutoff: &Cutoff,
    answer: &Answer,
) -> Option<Mistake> {
    let says_something =
        |path: &Path| answer.value_of(path).is_some() || answer.window_of(path).is_some();
    for &child in &cutoff.cut {
        let path = tree.path(child);
        let mistake = |node, part, expected, given, why| Mistake {
            step,
            node: Some(node),
            part,
            expected,
            given,
            why,
        };
        if !answer.marks_pruned(&path) {
            return Some(mistake(
                child,
                Part::Pruned,
                Fact::Yes(true),
                Some(Fact::Yes(false)),
                Why::Cut(cutoff.clone()),
            ));
        }
        if says_something(&path) {
            return Some(mistake(
                child,
                Part::Unvisited,
                Fact::Yes(false),
                Some(Fact::Yes(true)),
                Why::Cut(cutoff.clone()),
            ));
        }
        for below in child + 1..tree.subtree_end(child) {
            let path = tree.path(below);
            let below_cut = Why::BelowCut {
                edge: child,
                cutoff: cutoff.clone(),
            };
            if answer.marks_pruned(&path) {
                return Some(mistake(
                    below,
                    Part::Pruned,
                    Fact::Yes(false),
                    Some(Fact::Yes(true)),
                    below_cut,
                ));
            }
            if says_something(&path) {
                return Some(mistake(
                    below,
                    Part::Unvisited,
                    Fact::Yes(false),
                    Some(Fact::Yes(true)),
                    below_cut,
                ));
            }
        }
    }
    None
}

/// The decision nodes with a choice to order, from the root down, left
/// to right.
fn ordered_nodes(tree: &AbstractTree) -> impl Iterator<Item = NodeId> + '_ {
    (0..tree.len()).filter(|&id| tree.node(id).decision().is_some() && tree.children(id).len() > 1)
}

fn order_solution(exercise: &Exercise, tree: &AbstractTree) -> Answer {
    let best = best_order(tree, exercise.conventions.prune, exercise.conventions.fail)
        .expect("the exercise has no chance node");
    Answer {
        orders: ordered_nodes(tree)
            .map(|id| (tree.path(id), best.orders[id].clone()))
            .collect(),
        leaves: Some(best.leaves_best),
        ..Answer::default()
    }
}

/// Kind 3: each node's children best first, then the leaves counted.
fn check_order(
    exercise: &Exercise,
    tree: &AbstractTree,
    answer: &Answer,
) -> Result<Option<Mistake>, Unfit> {
    let conventions = exercise.conventions;
    let best = best_order(tree, conventions.prune, conventions.fail)
        .expect("the exercise has no chance node");
    let values = minimax(tree).expect("the exercise has no chance node");
    for (path, order) in &answer.orders {
        let id = tree.find(path).expect("the paths were checked");
        if tree.node(id).decision().is_none() || tree.children(id).len() < 2 {
            return Err(Unfit::NothingToOrder(path.clone()));
        }
        let mut sorted = order.clone();
        sorted.sort_unstable();
        if sorted != (0..tree.children(id).len()).collect::<Vec<usize>>() {
            return Err(Unfit::NotAPermutation(path.clone()));
        }
    }
    let nodes: Vec<NodeId> = ordered_nodes(tree).collect();
    for (step, &id) in nodes.iter().enumerate() {
        let side = tree.node(id).decision().expect("a decision node");
        let children = tree.children(id);
        let expected = Fact::Order(best.orders[id].clone());
        let Some(order) = answer.order_of(&tree.path(id)) else {
            let why = why_value(tree, id, |child| Some(Fraction::from(values[child])));
            return Ok(Some(Mistake {
                step,
                node: Some(id),
                part: Part::Order,
                expected,
                given: None,
                why,
            }));
        };
        let value = |place: usize| values[children[place]];
        for (at, &place) in order.iter().enumerate() {
            let better = order[at + 1..]
                .iter()
                .copied()
                .filter(|&later| side.prefers(value(later), value(place)))
                .reduce(|best, later| {
                    if side.prefers(value(later), value(best)) {
                        later
                    } else {
                        best
                    }
                });
            if let Some(later) = better {
                return Ok(Some(Mistake {
                    step,
                    node: Some(id),
                    part: Part::Order,
                    expected,
                    given: Some(Fact::Order(order.to_vec())),
                    why: Why::BetterLater {
                        side,
                        first: (children[place], value(place)),
                        better: (children[later], value(later)),
                    },
                }));
            }
        }
    }
    if let Some(given) = answer.leaves {
        let given_order = tree.reordered(|id| {
            answer
                .order_of(&tree.path(id))
                .map_or_else(|| (0..tree.children(id).len()).collect(), <[usize]>::to_vec)
        });
        let leaves = alpha_beta(&given_order, conventions.prune, conventions.fail)
            .expect("the exercise has no chance node")
            .leaves;
        if given != leaves {
            return Ok(Some(Mistake {
                step: nodes.len(),
                node: None,
                part: Part::Leaves,
                expected: Fact::Count(leaves),
                given: Some(Fact::Count(given)),
                why: Why::LeavesCounted,
            }));
        }
    }
    Ok(None)
}

fn bounded_cells(search: &RootSearch) -> Vec<usize> {
    search
        .moves
        .iter()
        .filter(|root_move| root_move.bound != Bound::Exact)
        .map(|root_move| root_move.cell)
        .collect()
}

fn refuse_taken_cells(
    problem_board: &Board,
    cells: impl IntoIterator<Item = usize>,
) -> Result<(), Unfit> {
    for cell in cells {
        if cell >= problem_board.cells() || problem_board.empty() & 1 << cell == 0 {
            return Err(Unfit::NotAFreeCell(cell));
        }
    }
    Ok(())
}

/// Kind 4: the move, its outcome, then each root move bounded or not, in
/// the order searched.
fn check_best_move(problem: &BestMoveProblem, answer: &Answer) -> Result<Option<Mistake>, Unfit> {
    refuse_taken_cells(
        &problem.board,
        answer
            .best_move
            .into_iter()
            .chain(answer.bounded.iter().flatten().copied()),
    )?;
    let search = problem.search();
    let mistake = |step, part, expected, given, why| {
        Some(Mistake {
            step,
            node: None,
            part,
            expected,
            given,
            why: Why::Position(why),
        })
    };
    let best: Vec<usize> = search
        .best_moves()
        .map(|root_move| root_move.cell)
        .collect();
    if !answer.best_move.is_some_and(|cell| best.contains(&cell)) {
        return Ok(mistake(
            0,
            Part::Move,
            Fact::Cell(best[0]),
            answer.best_move.map(Fact::Cell),
            PositionWhy::Root(search),
        ));
    }
    let outcome = Outcome::of_score(search.value, problem.board.stone_count());
    if answer.outcome != Some(outcome) {
        return Ok(mistake(
            1,
            Part::Outcome,
            Fact::Outcome(outcome),
            answer.outcome.map(Fact::Outcome),
            PositionWhy::Root(search),
        ));
    }
    let Some(given) = &answer.bounded else {
        let expected = Fact::Cells(bounded_cells(&search));
        return Ok(mistake(
            2,
            Part::Bounded,
            expected,
            None,
            PositionWhy::Root(search),
        ));
    };
    for (index, root_move) in search.moves.iter().enumerate() {
        let bounded = root_move.bound != Bound::Exact;
        if given.contains(&root_move.cell) != bounded {
            let root_move = *root_move;
            return Ok(mistake(
                2 + index,
                Part::Bounded,
                Fact::Yes(bounded),
                Some(Fact::Yes(!bounded)),
                PositionWhy::Bounded(search, root_move),
            ));
        }
    }
    Ok(None)
}

/// Kind 5: the child selection picks.
fn check_pick(problem: &MctsProblem, answer: &Answer) -> Result<Option<Mistake>, Unfit> {
    refuse_taken_cells(&problem.board, answer.pick)?;
    let choice = problem.choice();
    let expected = choice.picked_child().cell;
    if answer.pick == Some(expected) {
        return Ok(None);
    }
    Ok(Some(Mistake {
        step: 0,
        node: None,
        part: Part::Pick,
        expected: Fact::Cell(expected),
        given: answer.pick.map(Fact::Cell),
        why: Why::Position(PositionWhy::Selection(choice.clone())),
    }))
}

/// Kinds 6 to 8: the root's value (the only node asked: `root = V`), the
/// line to the deciding leaf, or whether depth N+1 changes the move and to
/// which.
fn check_horizon(
    kind: Kind,
    problem: &HorizonProblem,
    answer: &Answer,
) -> Result<Option<Mistake>, Unfit> {
    if let Some((path, _)) = answer.values.iter().find(|(path, _)| !path.is_empty()) {
        return Err(Unfit::NoSuchNode(path.clone()));
    }
    refuse_taken_cells(&problem.board, answer.best_move)?;
    let found = problem.searched();
    let mistake = |step, part, expected, given, why| {
        Some(Mistake {
            step,
            node: None,
            part,
            expected,
            given,
            why: Why::Position(why),
        })
    };
    Ok(match kind {
        Kind::DepthValue => {
            let value = Fraction::integer(i64::from(found.shallow.value));
            let given = answer.value_of(&[]);
            (!given.is_some_and(|given| given.matches(value)))
                .then(|| {
                    mistake(
                        0,
                        Part::Value,
                        Fact::Value(value),
                        given.map(|given| Fact::Value(given.value)),
                        PositionWhy::Searched(Box::new(found.shallow.clone())),
                    )
                })
                .flatten()
        }
        Kind::DecidingLeaf => (answer.leaf.as_ref() != Some(&found.shallow.pv))
            .then(|| {
                mistake(
                    0,
                    Part::Leaf,
                    Fact::Cells(found.shallow.pv.clone()),
                    answer.leaf.clone().map(Fact::Cells),
                    PositionWhy::Searched(Box::new(found.shallow.clone())),
                )
            })
            .flatten(),
        _ => {
            let misled = found.misled();
            if answer.changes != Some(misled) {
                mistake(
                    0,
                    Part::Changes,
                    Fact::Yes(misled),
                    answer.changes.map(Fact::Yes),
                    PositionWhy::Deeper(Box::new(found.clone())),
                )
            } else if misled && answer.best_move != Some(found.deep.best) {
                mistake(
                    1,
                    Part::Move,
                    Fact::Cell(found.deep.best),
                    answer.best_move.map(Fact::Cell),
                    PositionWhy::Deeper(Box::new(found.clone())),
                )
            } else {
                None
            }
        }
    })
}
