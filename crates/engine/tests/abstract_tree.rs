//! Abstract trees: alpha-beta's trace worked out by hand on the textbook
//! tree and on trees where the conventions differ, expectimax by hand,
//! the best order, and properties on generated and random trees (the text
//! round trip, alpha-beta's values against minimax, its bounds, what it
//! leaves unvisited).

use proptest::prelude::*;
use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::generate::{Shape, generate};
use tictactoe_engine::abstract_tree::search::{
    AlphaBeta, Cutoff, Limit, Step, alpha_beta, best_order, expectimax, minimax,
    principal_variation,
};
use tictactoe_engine::abstract_tree::text::parse;
use tictactoe_engine::abstract_tree::{AbstractTree, BuildError, Decision, NodeId};
use tictactoe_engine::player_kind::{Fail, Prune};

const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";

fn tree(text: &str, root: Decision) -> AbstractTree {
    parse(text, root).unwrap()
}

fn at(tree: &AbstractTree, path: &[usize]) -> NodeId {
    tree.find(path).unwrap()
}

/// The steps as (enter/leave/cut, node path, numbers) for comparing with a
/// hand-written trace.
fn outline(tree: &AbstractTree, search: &AlphaBeta) -> Vec<String> {
    let limit = |limit: Limit| match limit {
        Limit::NegInfinity => "-inf".to_owned(),
        Limit::Infinity => "+inf".to_owned(),
        Limit::Finite(value) => value.to_string(),
    };
    let path = |id: NodeId| format!("{:?}", tree.path(id));
    search
        .steps
        .iter()
        .map(|step| match step {
            Step::Enter { node, alpha, beta } => {
                format!(
                    "enter {} ({}, {})",
                    path(*node),
                    limit(*alpha),
                    limit(*beta)
                )
            }
            Step::Leave { node, value } => format!("leave {} {value}", path(*node)),
            Step::Cutoff(cutoff) => format!(
                "cut at {} after {}: {} vs {}, cut {:?}",
                path(cutoff.node),
                path(cutoff.child),
                cutoff.value,
                cutoff.bound,
                cutoff
                    .cut
                    .iter()
                    .map(|&id| tree.path(id))
                    .collect::<Vec<_>>()
            ),
        })
        .collect()
}

#[test]
fn alpha_beta_on_the_textbook_tree_cuts_the_second_subtree_after_its_2() {
    let tree = tree(TEXTBOOK, Decision::Max);
    let search = alpha_beta(&tree, Prune::OnEqual, Fail::Soft).unwrap();
    // By hand: the first Min node sees the full window and returns 3, so
    // the root's α is 3; the second Min node's first leaf, 2, falls to
    // α = 3 (2 ≤ 3), so its 4 and 6 are never looked at; the third finds
    // 14, 5, then 2, its last leaf, so it has nothing left to prune.
    let expected = [
        "enter [] (-inf, +inf)",
        "enter [0] (-inf, +inf)",
        "enter [0, 0] (-inf, +inf)",
        "leave [0, 0] 3",
        "enter [0, 1] (-inf, 3)",
        "leave [0, 1] 12",
        "enter [0, 2] (-inf, 3)",
        "leave [0, 2] 8",
        "leave [0] 3",
        "enter [1] (3, +inf)",
        "enter [1, 0] (3, +inf)",
        "leave [1, 0] 2",
        "cut at [1] after [1, 0]: 2 vs 3, cut [[1, 1], [1, 2]]",
        "leave [1] 2",
        "enter [2] (3, +inf)",
        "enter [2, 0] (3, +inf)",
        "leave [2, 0] 14",
        "enter [2, 1] (3, 14)",
        "leave [2, 1] 5",
        "enter [2, 2] (3, 5)",
        "leave [2, 2] 2",
        "leave [2] 2",
        "leave [] 3",
    ];
    assert_eq!(outline(&tree, &search), expected);
    assert_eq!(search.value, 3);
    assert_eq!(search.leaves, 7);
    assert_eq!(
        search.pruned_edges(),
        vec![at(&tree, &[1, 1]), at(&tree, &[1, 2])]
    );
    assert!(!search.visited(at(&tree, &[1, 1])));
    let cutoff: &Cutoff = search.cutoffs().next().unwrap();
    assert_eq!((cutoff.side, cutoff.on_equal()), (Decision::Min, false));
    // Fail-hard: the cut Min node returns the α it fell to, not its 2;
    // the last one too (2 is below its α of 3).
    let hard = alpha_beta(&tree, Prune::OnEqual, Fail::Hard).unwrap();
    assert_eq!(hard.visits[at(&tree, &[1])].unwrap().value, 3);
    assert_eq!(hard.visits[at(&tree, &[1])].unwrap().best, 2);
    assert_eq!(hard.visits[at(&tree, &[2])].unwrap().value, 3);
    assert_eq!(hard.value, 3);
}

#[test]
fn with_a_min_root_the_textbook_tree_prunes_where_a_max_node_reaches_beta() {
    let tree = tree(TEXTBOOK, Decision::Min);
    let search = alpha_beta(&tree, Prune::OnEqual, Fail::Soft).unwrap();
    // By hand: the Max nodes are worth 12, 6 and 14; the first gives the
    // root β = 12; the second finds 2, 4, 6 (none reaches 12); the third's
    // 14 reaches β = 6 at once and its 5 and 2 are cut.
    assert_eq!(search.value, 6);
    let cutoffs: Vec<&Cutoff> = search.cutoffs().collect();
    assert_eq!(cutoffs.len(), 1);
    assert_eq!(cutoffs[0].node, at(&tree, &[2]));
    assert_eq!((cutoffs[0].value, cutoffs[0].bound), (14, 6));
    assert_eq!(cutoffs[0].side, Decision::Max);
    assert_eq!(search.leaves, 7);
}

#[test]
fn on_equal_pruning_cuts_where_strict_pruning_goes_on() {
    let tree = tree("((3 5) (3 9))", Decision::Max);
    // The second Min node's first leaf, 3, equals α = 3: pruning on equal
    // values cuts the 9; strict pruning looks at it (3 < 3 is false).
    let on_equal = alpha_beta(&tree, Prune::OnEqual, Fail::Soft).unwrap();
    let strict = alpha_beta(&tree, Prune::Strict, Fail::Soft).unwrap();
    let cutoff = on_equal.cutoffs().next().unwrap();
    assert_eq!(
        (cutoff.value, cutoff.bound, cutoff.on_equal()),
        (3, 3, true)
    );
    assert_eq!(cutoff.prune, Prune::OnEqual);
    assert_eq!(on_equal.pruned_edges(), vec![at(&tree, &[1, 1])]);
    assert_eq!(strict.pruned_edges(), Vec::<NodeId>::new());
    assert_eq!((on_equal.leaves, strict.leaves), (3, 4));
    assert_eq!((on_equal.value, strict.value), (3, 3));
    // Strictly, the root's α stays 3 and the 9 is searched in (3, 3).
    let nine = strict.visits[at(&tree, &[1, 1])].unwrap();
    assert_eq!(
        (nine.alpha, nine.beta),
        (Limit::Finite(3), Limit::Finite(3))
    );
    // The same at a Max node, under a Min root: the second Max node's 5
    // reaches β = 5.
    let tree = tree_with_min_root("((5 3) (5 9))");
    let on_equal = alpha_beta(&tree, Prune::OnEqual, Fail::Soft).unwrap();
    let strict = alpha_beta(&tree, Prune::Strict, Fail::Soft).unwrap();
    let cutoff = on_equal.cutoffs().next().unwrap();
    assert_eq!(
        (cutoff.side, cutoff.value, cutoff.bound),
        (Decision::Max, 5, 5)
    );
    assert_eq!(on_equal.pruned_edges(), vec![at(&tree, &[1, 1])]);
    assert_eq!(strict.pruned_edges(), Vec::<NodeId>::new());
    assert_eq!((on_equal.value, strict.value), (5, 5));
}

#[test]
fn expectimax_by_hand() {
    // Max over two chance nodes over Min nodes: (3 9) is 3, (6) is 6, so
    // the first chance node is worth (3 + 6) / 2 = 9/2; (2 10) is 2, (1 1)
    // is 1, so the second is 3/2. Max takes 9/2.
    let tree = tree("([(3 9) (6)] [(2 10) (1 1)])", Decision::Max);
    let values = expectimax(&tree);
    let half = |n| Fraction::new(n, 2).unwrap();
    assert_eq!(values[0], half(9));
    assert_eq!(values[at(&tree, &[0])], half(9));
    assert_eq!(values[at(&tree, &[1])], half(3));
    assert_eq!(values[at(&tree, &[1, 0])], Fraction::integer(2));
    // A chance node of three: (1 + 2 + 4) / 3.
    let thirds = expectimax(&tree_of("([1 2 4] (0))"));
    assert_eq!(thirds[0], Fraction::new(7, 3).unwrap());
    assert_eq!(
        alpha_beta(&tree, Prune::OnEqual, Fail::Soft).unwrap_err().0,
        1
    );
    assert_eq!(minimax(&tree).unwrap_err().0, 1);
    let line = principal_variation(&tree, |id| Some(values[id]));
    assert_eq!(line, vec![0, at(&tree, &[0])]);
}

#[test]
fn a_leaf_edited_in_place_changes_that_leaf_only_and_keeps_the_caps() {
    let textbook = tree("((3 12 8) (2 4 6) (14 5 2))", Decision::Max);
    let leaf = at(&textbook, &[1, 0]);
    let edited = textbook.with_leaf(leaf, 7).unwrap();
    assert_eq!(edited.to_string(), "((3 12 8) (7 4 6) (14 5 2))");
    assert_eq!(minimax(&edited).unwrap()[0], 4);
    assert_eq!(
        textbook.with_leaf(at(&textbook, &[1]), 7),
        Err(BuildError::NotOpen)
    );
    assert_eq!(
        textbook.with_leaf(leaf, 1000),
        Err(BuildError::ValueOutOfRange)
    );
    assert_eq!(
        textbook
            .with_leaf(leaf, -999)
            .unwrap()
            .node(leaf)
            .leaf_value(),
        Some(-999)
    );
    assert_eq!(textbook.with_leaf(99, 1), Err(BuildError::NotOpen));
}

fn tree_with_min_root(text: &str) -> AbstractTree {
    tree(text, Decision::Min)
}

fn tree_of(text: &str) -> AbstractTree {
    tree(text, Decision::Max)
}

#[test]
fn the_best_order_of_the_textbook_tree_evaluates_five_leaves_instead_of_seven() {
    let tree = tree(TEXTBOOK, Decision::Max);
    let best = best_order(&tree, Prune::OnEqual, Fail::Soft).unwrap();
    // The root's children are worth 3, 2, 2: already best first for Max.
    // Each Min node wants its lowest leaf first: 3 8 12, 2 4 6, 2 5 14.
    assert_eq!(best.orders[0], vec![0, 1, 2]);
    assert_eq!(best.orders[at(&tree, &[0])], vec![0, 2, 1]);
    assert_eq!(best.orders[at(&tree, &[2])], vec![2, 1, 0]);
    assert_eq!(best.tree.to_string(), "((3 8 12) (2 4 6) (2 5 14))");
    assert_eq!((best.leaves_given, best.leaves_best), (7, 5));
}

/// Any tree within small caps, chance nodes included.
fn trees(chance: bool) -> impl Strategy<Value = (String, Decision)> {
    let leaf = (-999..=999i32).prop_map(|value| value.to_string());
    let text = leaf.prop_recursive(4, 64, 4, move |inner| {
        (prop::collection::vec(inner, 1..4), any::<bool>()).prop_map(move |(children, bracket)| {
            let (open, close) = if chance && bracket {
                ("[", "]")
            } else {
                ("(", ")")
            };
            format!("{open}{}{close}", children.join(" "))
        })
    });
    (text, any::<bool>()).prop_map(|(text, max)| {
        // The root is a list: a lone leaf or chance node becomes its only child.
        let text = if text.starts_with('(') {
            text
        } else {
            format!("({text})")
        };
        (text, if max { Decision::Max } else { Decision::Min })
    })
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn the_text_reads_back_into_the_same_tree((text, root) in trees(true)) {
        let tree = parse(&text, root).unwrap();
        prop_assert_eq!(tree.to_string(), text.clone());
        prop_assert_eq!(parse(&tree.to_string(), root).unwrap(), tree.clone());
        for id in 0..tree.len() {
            prop_assert_eq!(tree.find(&tree.path(id)), Some(id));
        }
    }

    #[test]
    fn any_text_is_read_or_refused_at_a_place_within_it(text in "[-+0-9()\\[\\], a\u{e9}]{0,40}") {
        match parse(&text, Decision::Max) {
            Ok(tree) => {
                prop_assert_eq!(parse(&tree.to_string(), Decision::Max).unwrap(), tree);
            }
            Err(error) => {
                prop_assert!(error.start <= error.end && error.end <= text.len());
                prop_assert!(text.is_char_boundary(error.start) && text.is_char_boundary(error.end));
            }
        }
    }

    #[test]
    fn alpha_beta_finds_the_minimax_value_and_true_bounds(
        (text, root) in trees(false),
        strict in any::<bool>(),
        hard in any::<bool>(),
    ) {
        let tree = parse(&text, root).unwrap();
        let prune = if strict { Prune::Strict } else { Prune::OnEqual };
        let fail = if hard { Fail::Hard } else { Fail::Soft };
        check_alpha_beta(&tree, prune, fail)?;
    }
}

/// Alpha-beta's root value is minimax's; each visited node's value is its
/// exact value inside its window and a true bound outside it (a leaf's
/// always exact; in an empty window, which strict pruning lets a node
/// reach, fail-hard returns the window's one value whatever the node is
/// worth, and it tells nothing); a node is
/// unvisited exactly when it lies under a pruned edge, and a node's
/// searched children are the first ones, the rest cut.
fn check_alpha_beta(tree: &AbstractTree, prune: Prune, fail: Fail) -> Result<(), TestCaseError> {
    let exact = minimax(tree).unwrap();
    let search = alpha_beta(tree, prune, fail).unwrap();
    prop_assert_eq!(search.value, exact[0]);
    let pruned = search.pruned_edges();
    for (id, &exact_value) in exact.iter().enumerate() {
        let under_cut = pruned
            .iter()
            .any(|&cut| cut == id || tree.is_below(id, cut));
        prop_assert_eq!(search.visited(id), !under_cut, "node {:?}", tree.path(id));
        let Some(visit) = search.visits[id] else {
            continue;
        };
        let value = Limit::Finite(visit.value);
        if tree.node(id).is_leaf() {
            prop_assert_eq!(exact_value, visit.value);
        } else if visit.alpha == visit.beta {
            prop_assert!(fail == Fail::Soft || value == visit.alpha);
        } else if value <= visit.alpha {
            prop_assert!(exact_value <= visit.value);
        } else if value >= visit.beta {
            prop_assert!(exact_value >= visit.value);
        } else {
            prop_assert_eq!(exact_value, visit.value);
        }
        let children = tree.children(id);
        let searched = children
            .iter()
            .take_while(|&&child| search.visited(child))
            .count();
        prop_assert!(
            children[searched..]
                .iter()
                .all(|&child| !search.visited(child))
        );
    }
    Ok(())
}

#[test]
fn generated_trees_hold_the_same_properties() {
    for seed in 0..2000 {
        let shape = Shape {
            depth: 1 + (seed % 5) as usize,
            branching: (2 + (seed / 5 % 3) as usize, 2 + (seed / 5 % 3) as usize),
            values: (-20, 20),
            chance: false,
            root: if seed % 2 == 0 {
                Decision::Max
            } else {
                Decision::Min
            },
        };
        let tree = generate(&shape, seed).unwrap();
        for (prune, fail) in [
            (Prune::OnEqual, Fail::Soft),
            (Prune::Strict, Fail::Soft),
            (Prune::OnEqual, Fail::Hard),
            (Prune::Strict, Fail::Hard),
        ] {
            check_alpha_beta(&tree, prune, fail).unwrap_or_else(|error| {
                panic!("seed {seed}, {prune:?} {fail:?}, {shape:?}: {tree}: {error}")
            });
            // Best first never evaluates more leaves than the given order
            // when every node has as many children and every leaf is as
            // deep, except under strict pruning and fail-hard together:
            // there a child clamped to α equals it, never falls below it,
            // so a Min node never prunes after it (seed 232 evaluates 23
            // leaves best first against 20 in its own order).
            let best = best_order(&tree, prune, fail).unwrap();
            assert!(
                (prune, fail) == (Prune::Strict, Fail::Hard)
                    || best.leaves_best <= best.leaves_given,
                "seed {seed} {prune:?} {fail:?}: {tree}: {} against {}",
                best.leaves_best,
                best.leaves_given
            );
            assert_eq!(minimax(&best.tree).unwrap()[0], minimax(&tree).unwrap()[0]);
        }
    }
}
