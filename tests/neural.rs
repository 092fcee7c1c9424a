//! The neural player: its training replays bit for bit on 1 and 2
//! threads, a trained network never loses, its file round-trips and a bad
//! one is refused, and `analyze` shows its prior, visits and value.
//! (Its gradients against finite differences: the engine's own tests.)

mod common;
use common::{stderr, stdout};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::{Arc, OnceLock};

use tictactoe::game::LearnedStates;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::learners::neural::NeuralPlayer;
use tictactoe_engine::learners::{Learner, LearnerState};
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::search::CancelFlag;
use tictactoe_files::learner_state::LearnerFile;
use tictactoe_tools::neural_training::{Teacher, optimal_share};
use tictactoe_tools::play::lost_lines;
use tictactoe_tools::training::{Block, Opponent, Sides, Training, train};
use tictactoe_tools::tree::{DEFAULT_BUDGET, SearchTree};
use tictactoe_words::report::ReportWords;

fn training(games: u64, seed: u64, threads: usize) -> Training {
    Training {
        opponent: Opponent::Itself,
        sides: Sides::X,
        games,
        block: games.div_ceil(4),
        seed,
        threads,
        teacher: Default::default(),
    }
}

fn trained(games: u64, seed: u64, threads: usize) -> (LearnerState, Vec<Block>) {
    trained_on(Shape::TIC_TAC_TOE, games, seed, threads)
}

fn trained_on(board: Shape, games: u64, seed: u64, threads: usize) -> (LearnerState, Vec<Block>) {
    taught(board, &training(games, seed, threads))
}

fn taught(board: Shape, training: &Training) -> (LearnerState, Vec<Block>) {
    let mut state = LearnerState::fresh(PlayerKind::Neural, board).expect("a learner");
    let mut curve = Vec::new();
    train(&mut state, training, &CancelFlag::new(), |block| {
        curve.push(*block)
    })
    .expect("training runs");
    (state, curve)
}

fn network(state: &LearnerState) -> &Network {
    match &state.learner {
        Learner::Neural(network) => network,
        other => panic!("not a network: {other:?}"),
    }
}

fn bits(network: &Network) -> Vec<u32> {
    network.parameters().iter().map(|p| p.to_bits()).collect()
}

/// A network trained on 1,000 self-play games with seed 1, shared.
fn thousand_games() -> &'static LearnerState {
    static STATE: OnceLock<LearnerState> = OnceLock::new();
    STATE.get_or_init(|| trained(1_000, 1, 0).0)
}

fn directory(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tictactoe-neural-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_seed_trains_the_same_network_bit_for_bit_on_one_and_two_threads() {
    let (one, one_curve) = trained(200, 3, 1);
    let (two, two_curve) = trained(200, 3, 2);
    let (one_bits, two_bits) = (bits(network(&one)), bits(network(&two)));
    let differs = one_bits.iter().zip(&two_bits).position(|(a, b)| a != b);
    assert_eq!(differs, None, "the networks differ from this parameter on");
    assert_eq!(one_curve, two_curve);
    assert_eq!((one.games, one_curve.len()), (200, 4));
    let (other, _) = trained(200, 4, 2);
    assert_ne!(bits(network(&one)), bits(network(&other)));
    let fresh = LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE).unwrap();
    assert_ne!(bits(network(&one)), bits(network(&fresh)));
}

/// Connect Four's network (a policy by column, wider layers) and its exam
/// on the test sets' sample replay the same on one and two threads.
#[test]
fn a_seed_trains_the_same_connect_four_network_on_one_and_two_threads() {
    let (one, one_curve) = trained_on(Shape::CONNECT_FOUR, 32, 5, 1);
    let (two, two_curve) = trained_on(Shape::CONNECT_FOUR, 32, 5, 2);
    assert_eq!(network(&one).layers().outputs, 7);
    let (one_bits, two_bits) = (bits(network(&one)), bits(network(&two)));
    let differs = one_bits.iter().zip(&two_bits).position(|(a, b)| a != b);
    assert_eq!(differs, None, "the networks differ from this parameter on");
    // Off 3x3 the optimal share is NaN, never equal to itself: the curves
    // are compared as they print.
    assert_eq!(format!("{one_curve:?}"), format!("{two_curve:?}"));
    assert_eq!(one_curve.len(), 4);
    assert!(
        one_curve
            .iter()
            .all(|block| block.network.unwrap().test_sets.is_some())
    );
    let fresh = LearnerState::fresh(PlayerKind::Neural, Shape::CONNECT_FOUR).unwrap();
    assert_ne!(bits(network(&one)), bits(network(&fresh)));
}

/// With the solver as its teacher, the same games teach another network,
/// the same on one and two threads.
#[test]
fn the_solver_teaches_the_same_network_on_one_and_two_threads() {
    let by_solver = |threads| Training {
        teacher: Teacher::Solver,
        ..training(4, 5, threads)
    };
    let (one, one_curve) = taught(Shape::CONNECT_FOUR, &by_solver(1));
    let (two, two_curve) = taught(Shape::CONNECT_FOUR, &by_solver(2));
    assert_eq!(bits(network(&one)), bits(network(&two)));
    assert_eq!(format!("{one_curve:?}"), format!("{two_curve:?}"));
    assert_eq!(one.games, 4);
    let (by_search, _) = trained_on(Shape::CONNECT_FOUR, 4, 5, 1);
    assert_ne!(bits(network(&one)), bits(network(&by_search)));
}

#[test]
fn after_a_thousand_self_play_games_the_search_at_hard_never_loses() {
    let state = thousand_games();
    let mut player = NeuralPlayer::new(network(state).clone(), Difficulty::Hard, state.games);
    for side in [Side::Max, Side::Min] {
        let lost = lost_lines(&mut player, side, Board::new(Shape::TIC_TAC_TOE));
        assert!(
            lost.is_empty(),
            "as {side:?} it loses {} lines, e.g. {}",
            lost.len(),
            lost[0]
        );
    }
    // The bare policy is on its way: most first choices already optimal.
    let share = optimal_share(network(state));
    assert!(share > 0.95, "{share}");
    // And the untrained network is not: the walk finds its losses.
    let fresh = LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE).unwrap();
    let mut untrained = NeuralPlayer::new(network(&fresh).clone(), Difficulty::Easy, 0);
    assert!(!lost_lines(&mut untrained, Side::Min, Board::new(Shape::TIC_TAC_TOE)).is_empty());
}

#[test]
fn the_curve_counts_the_bare_policys_walk_optimal_choices_and_losses() {
    let (_, curve) = trained(200, 5, 0);
    let first = curve[0].network.expect("an exam");
    let last = curve[3].network.expect("an exam");
    assert!(
        curve
            .iter()
            .all(|block| block.lost_lines.is_some() && block.played() == 50)
    );
    assert!(
        last.optimal_share > first.optimal_share,
        "{first:?} {last:?}"
    );
    assert!(last.policy_loss < first.policy_loss, "{first:?} {last:?}");
    assert!(last.value_loss < first.value_loss, "{first:?} {last:?}");
}

#[test]
fn a_network_saved_reads_back_bit_for_bit() {
    let dir = directory("round-trip");
    let path = dir.join("neural.json");
    let state = thousand_games();
    state.write(&path).unwrap();
    let read = LearnerState::read(&path).unwrap();
    assert_eq!(read.games, 1_000);
    assert_eq!(bits(network(&read)), bits(network(state)));
    assert_eq!(&read, state);
}

/// The text of a saved network, edited by `edit`.
fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut json: serde_json::Value = serde_json::from_str(
        &LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE)
            .unwrap()
            .to_json(),
    )
    .unwrap();
    edit(&mut json);
    serde_json::to_string(&json).unwrap()
}

fn refusal(text: &str) -> String {
    LearnerState::from_json(text).expect_err("refused")
}

#[test]
fn corrupt_truncated_misshapen_and_non_finite_networks_are_refused() {
    let good = LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE)
        .unwrap()
        .to_json();
    assert!(LearnerState::from_json(&good).is_ok());
    let truncated = &good[..good.len() / 2];
    assert!(refusal(truncated).contains("EOF"), "{}", refusal(truncated));
    assert!(refusal("{ not json").contains("key must be a string"));
    let hidden = edited(|json| json["network"]["hidden"] = 32.into());
    assert_eq!(
        refusal(&hidden),
        "the network's shape is 9 cells, 18 inputs, 32 hidden units; this app's is 9, 18, 64"
    );
    let four = edited(|json| {
        json["network"]["cells"] = 16.into();
        json["network"]["inputs"] = 32.into();
    });
    assert!(refusal(&four).starts_with("the network's shape is 16 cells"));
    let by_columns = edited(|json| json["network"]["outputs"] = 3.into());
    assert_eq!(
        refusal(&by_columns),
        "the network's policy has 3 outputs; this app's has 9 on this board (one per column with gravity, else one per cell)"
    );
    // A file from before policies by column leaves the outputs out: one
    // per cell, as its network had.
    let older = edited(|json| {
        json["network"].as_object_mut().unwrap().remove("outputs");
    });
    let read = LearnerState::from_json(&older).expect("an older file reads");
    let fresh = LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE).unwrap();
    assert_eq!(bits(network(&read)), bits(network(&fresh)));
    let short = edited(|json| {
        json["network"]["parameters"].as_array_mut().unwrap().pop();
    });
    assert_eq!(
        refusal(&short),
        "the network has 6025 parameters; its shape needs 6026"
    );
    // JSON has no NaN; a number too large for f32 is refused where it stands.
    let huge = good.replacen(
        "\"parameters\": [\n      ",
        "\"parameters\": [\n      1e39, ",
        1,
    );
    let huge = edited_text_drop_last(&huge);
    assert_eq!(refusal(&huge), "number out of range (line 13, column 10)");
    let nan = good.replacen(
        "\"parameters\": [\n      ",
        "\"parameters\": [\n      NaN, ",
        1,
    );
    assert!(
        refusal(&nan).contains("expected value"),
        "{}",
        refusal(&nan)
    );
    let null = edited(|json| json["network"]["parameters"][5] = serde_json::Value::Null);
    assert!(
        refusal(&null).contains("invalid type: null"),
        "{}",
        refusal(&null)
    );
    let with_values = edited(|json| json["values"] = serde_json::json!({}));
    assert!(refusal(&with_values).contains("neural has a network"));
    let unknown = edited(|json| json["network"]["layers"] = 3.into());
    assert!(refusal(&unknown).contains("unknown field `layers`"));
}

/// `text` with its parameters' last number taken out, so that one put
/// in front keeps the count.
fn edited_text_drop_last(text: &str) -> String {
    let end = text.rfind(']').unwrap();
    let comma = text[..end].rfind(',').unwrap();
    format!("{}{}", &text[..comma], &text[end..])
}

#[test]
fn a_bad_network_file_is_set_aside_by_the_window_and_left_alone_by_train() {
    let dir = directory("aside");
    let path = dir.join("neural.json");
    let bad = edited(|json| json["network"]["hidden"] = 8.into());
    fs::write(&path, &bad).unwrap();
    // The command line refuses it (exit 2) and leaves it as it was.
    let output = run(&[
        "train",
        "--player",
        "neural",
        "--opponent",
        "self",
        "--games",
        "10",
        "--seed",
        "1",
        "--state",
        path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("hidden units"),
        "{}",
        stderr(&output)
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), bad);
    // The window's store sets it aside and starts afresh, never over it.
    let (learned, problems) = LearnedStates::load_from(Some(dir.clone()));
    assert_eq!(learned.state(PlayerKind::Neural).games, 0);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("hidden units") && p.contains("set aside")),
        "{problems:?}"
    );
    let aside: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("neural.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read_to_string(&aside[0]).unwrap(), bad);
    assert!(!path.exists());
}

fn run(args: &[&str]) -> Output {
    common::tictactoe(args)
        .env("HOME", "/nonexistent")
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("the binary runs")
}

fn saved(dir: &Path) -> PathBuf {
    let path = dir.join("neural.json");
    thousand_games().write(&path).unwrap();
    path
}

/// The simulations of the neural player's search of Connect Four's
/// position 4453 at `depth`, as `analyze --json` counts its visits.
fn connect_four_simulations(depth: &str) -> u64 {
    let output = run(&[
        "analyze",
        "--board",
        "connect-four",
        "--player",
        "neural",
        "--depth",
        depth,
        "--json",
        "4453",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    // The bare policy (Easy) visits nothing and has no visits.
    json["visits"].as_object().map_or(0, |visits| {
        visits.values().map(|v| v.as_u64().unwrap()).sum()
    })
}

#[test]
fn connect_four_levels_search_more_than_small_boards() {
    // docs/neural-connect-four.md, "Levels": Medium searches as much as
    // 3x3's Hard, Hard 32 times as much.
    assert_eq!(connect_four_simulations("medium"), 200);
    assert_eq!(connect_four_simulations("hard"), 6400);
    assert_eq!(connect_four_simulations("easy"), 0);
}

#[test]
fn analyze_json_gives_priors_visits_means_and_the_networks_value() {
    let dir = directory("analyze");
    let state = saved(&dir);
    let state = state.to_str().unwrap();
    let output = run(&[
        "analyze",
        "--player",
        "neural",
        "--json",
        "--state",
        state,
        "x.o/.x./...",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    let priors = json["priors"].as_object().expect("priors by cell");
    let visits = json["visits"].as_object().expect("visits by cell");
    let means = json["means"].as_object().expect("means by cell");
    let cells: Vec<&String> = priors.keys().collect();
    assert_eq!(cells, ["1", "3", "5", "6", "7", "8"], "free cells, from 0");
    let total: f64 = priors.values().map(|p| p.as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-4, "{total}");
    let searched: u64 = visits.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(searched, 200, "Hard: 200 simulations");
    // O must block at 8; after it the game is a draw: its mean near 0 on
    // X's scale, the others' near +1 (X wins).
    assert_eq!(json["best"], 8);
    let mean = |cell: &str| means[cell].as_f64().unwrap();
    assert!(mean("8").abs() < 0.3, "{}", mean("8"));
    assert!(mean("1") > 0.5, "{}", mean("1"));
    let value = json["network_value"].as_f64().expect("the network's value");
    assert!((-1.0..=1.0).contains(&value));
    assert!(
        json["note"]
            .as_str()
            .unwrap()
            .contains("trained on 1,000 self-play games")
    );
    // The bare policy: priors and a value, no search.
    let output = run(&[
        "analyze",
        "--player",
        "neural",
        "--depth",
        "easy",
        "--json",
        "--state",
        state,
        "x.o/.x./...",
    ]);
    let json: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert!(json.get("visits").is_none());
    assert_eq!(json["priors"].as_object().unwrap().len(), 6);
    assert!(json["network_value"].is_number());
}

#[test]
fn the_recorded_tree_is_the_players_search_with_priors_and_puct_scores() {
    let state = thousand_games();
    let board: Board = "x.o/.x./...".parse().unwrap();
    let mut player = NeuralPlayer::new(network(state).clone(), Difficulty::Hard, state.games);
    let report = player.choose_move(&board, &CancelFlag::new());
    let tree = SearchTree::record_guided(
        Arc::new(network(state).clone()),
        &board,
        Difficulty::Hard,
        DEFAULT_BUDGET,
        &CancelFlag::new(),
    )
    .unwrap();
    assert!(tree.is_guided() && !tree.has_windows());
    assert_eq!(tree.nodes_searched(), report.stats.nodes);
    let root = tree.node(0);
    assert_eq!(
        root.subtree_nodes(),
        201,
        "the simulations and the root's evaluation"
    );
    let children: Vec<usize> = tree.children(0).collect();
    let below: u64 = children.iter().map(|&c| tree.node(c).subtree_nodes()).sum();
    assert_eq!(below, 200);
    for &child in &children {
        let node = tree.node(child);
        let logged = report
            .moves
            .iter()
            .find(|m| Some(m.cell) == node.cell())
            .unwrap();
        assert_eq!(logged.visits, Some(node.subtree_nodes() as u32));
        let prior = tree.prior(child).unwrap();
        assert!(
            (prior - logged.prior.unwrap()).abs() < 1e-3,
            "{prior} {logged:?}"
        );
        // The PUCT score: the mean value for the side choosing plus the
        // prior's bonus, with the root's final visits.
        let mean = f64::from(node.value()) / 1000.0;
        let bonus = 1.5 * prior * 201f64.sqrt() / (1.0 + node.subtree_nodes() as f64);
        let puct = tree.puct(child).unwrap();
        assert!(
            (puct - (mean + bonus)).abs() < 1e-2,
            "{puct} against {}",
            mean + bonus
        );
    }
    let most = children
        .iter()
        .max_by_key(|&&c| tree.node(c).subtree_nodes())
        .unwrap();
    assert_eq!(tree.node(*most).cell(), report.best);
    assert_eq!(tree.prior(0), None);
    // A subtree searched again is the same subtree.
    let expanded = tree.expand(*most, DEFAULT_BUDGET);
    assert_eq!(
        expanded.node(0).subtree_nodes(),
        tree.node(*most).subtree_nodes()
    );
    assert_eq!(expanded.children(0).count(), tree.children(*most).count());
    // `tree` prints them, and gives them in JSON.
    let dir = directory("tree");
    let state = saved(&dir);
    let output = run(&[
        "tree",
        "--player",
        "neural",
        "--state",
        state.to_str().unwrap(),
        "--json",
        "--max-ply",
        "1",
        "x.o/.x./...",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines[0]["visits"], 201);
    assert!(
        lines[1..]
            .iter()
            .all(|line| line["prior"].is_number() && line["puct"].is_number())
    );
}

#[test]
fn the_log_row_says_prior_and_visits_apart_and_an_untrained_network_says_so() {
    let board: Board = "x.o/.x./...".parse().unwrap();
    let mut fresh = PlayerKind::Neural.create(&Default::default());
    let report = fresh.choose_move(&board, &CancelFlag::new());
    let lines = report.detail_lines(tictactoe_words::report::TextStyle::COMMAND_LINE);
    assert!(
        lines[0].contains("untrained: its weights are still random"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("the network's value of this position: "),
        "{lines:?}"
    );
    let row = lines
        .iter()
        .find(|line| line.starts_with("cell 9:"))
        .unwrap();
    assert!(row.starts_with("cell 9: prior "), "{row}");
    assert!(row.contains("%; 1") || row.contains("%; "), "{row}");
    assert!(row.contains(" by the search, mean value "), "{row}");
    let state = thousand_games();
    let mut trained = NeuralPlayer::new(network(state).clone(), Difficulty::Hard, state.games);
    let report = trained.choose_move(&board, &CancelFlag::new());
    let lines = report.detail_lines(tictactoe_words::report::TextStyle::COMMAND_LINE);
    assert_eq!(
        lines[0],
        "note: PUCT search of 200 simulations guided by the network; trained on 1,000 self-play games"
    );
}
