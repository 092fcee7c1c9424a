//! Compare: every player's row on one position, its optimal flag checked
//! against plain minimax, cancellation, and the JSON and CSV it writes.

use super::common;

use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::compare::{CSV_COLUMNS, CompareError, CompareSettings};
use tictactoe_tools::compare::{Comparison, Contender, Family, Optimality};

use common::{open_positions, oracle, oracle_score, parse_csv, random_open_position};

fn run(board: &Board, contenders: &[Contender]) -> Comparison {
    Comparison::run(
        board,
        contenders,
        &CompareSettings::default(),
        &CancelFlag::new(),
        |_, _| {},
    )
    .unwrap()
}

/// Whether `cell` keeps the result the oracle says `board` is worth.
fn keeps_result(board: &Board, oracle: &SearchReport, cell: usize) -> bool {
    let result = |value: i32| (board.side_to_move().sign() * value).signum();
    result(oracle_score(oracle, cell)) == result(oracle.score.unwrap())
}

/// A random player with its own seed.
fn random(seed: u64) -> Contender {
    let mut contender = Contender::new(PlayerKind::Random, Difficulty::Hard);
    contender.options.seed = seed;
    contender
}

#[test]
fn the_optimal_flag_agrees_with_minimax_on_every_open_3x3_position() {
    let mut optimal = 0;
    let mut suboptimal = 0;
    for (index, board) in open_positions().iter().enumerate() {
        let oracle = oracle(board);
        // Two random moves per position: most positions hold both kinds.
        let comparison = run(board, &[random(index as u64), random(index as u64 + 7_000)]);
        let reference = comparison.reference.as_ref().unwrap();
        assert_eq!(reference.player, PlayerKind::Perfect);
        assert_eq!(Some(reference.value), oracle.score, "{board}");
        for row in &comparison.rows {
            let cell = row.best.unwrap();
            let expected = if keeps_result(board, &oracle, cell) {
                optimal += 1;
                Optimality::Optimal
            } else {
                suboptimal += 1;
                Optimality::Suboptimal
            };
            assert_eq!(row.optimal, expected, "{board}: cell {cell}");
            assert_eq!(row.move_value, Some(oracle_score(&oracle, cell)), "{board}");
        }
    }
    assert!(
        optimal > 1_000 && suboptimal > 1_000,
        "{optimal} {suboptimal}"
    );
}

#[test]
fn the_optimal_flag_agrees_with_minimax_off_3x3() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut seen = [0; 2];
    for round in 0..40u64 {
        // At most 7 empty cells: plain minimax solves them at once.
        let board = random_open_position(Shape::FOUR_BY_FOUR, 9, &mut rng);
        if board.empty().count_ones() > 7 {
            continue;
        }
        let oracle = oracle(&board);
        let comparison = run(
            &board,
            &[
                random(round),
                Contender::new(PlayerKind::AlphaBetaTt, Difficulty::Hard),
            ],
        );
        assert_eq!(
            comparison.reference.as_ref().unwrap().player,
            PlayerKind::AlphaBetaTt
        );
        for row in &comparison.rows {
            let cell = row.best.unwrap();
            let keeps = keeps_result(&board, &oracle, cell);
            seen[usize::from(keeps)] += 1;
            let expected = if keeps {
                Optimality::Optimal
            } else {
                Optimality::Suboptimal
            };
            assert_eq!(row.optimal, expected, "{board}: {} plays {cell}", row.label);
        }
        // A full-depth search always keeps the result.
        assert_eq!(comparison.rows[1].optimal, Optimality::Optimal, "{board}");
    }
    assert!(seen[0] > 0 && seen[1] > 0, "both verdicts seen: {seen:?}");
}

#[test]
fn known_answers_are_judged_right() {
    // X wins at once at 2; any move but 2 or 5 lets O win at 5.
    let board: Board = "xx./oo./...".parse().unwrap();
    let comparison = run(
        &board,
        &[Contender::new(PlayerKind::AlphaBeta, Difficulty::Easy)],
    );
    assert_eq!(comparison.rows[0].best, Some(2));
    assert_eq!(comparison.rows[0].optimal, Optimality::Optimal);
    assert_eq!(
        comparison.reference.as_ref().unwrap().words,
        "X wins in 1 move"
    );
    // 4x4, four in a row: X completes the top row at 3.
    let board: Board = "xxx./oo../o.../....".parse().unwrap();
    let comparison = run(
        &board,
        &[
            Contender::new(PlayerKind::AlphaBeta, Difficulty::Easy),
            Contender::new(PlayerKind::Rules, Difficulty::Hard),
        ],
    );
    assert_eq!(comparison.rows[0].best, Some(3));
    assert_eq!(comparison.rows[0].optimal, Optimality::Optimal);
    // Won with the 7th stone.
    assert_eq!(comparison.reference.unwrap().value, 1000 - 7);
}

#[test]
fn without_a_reference_in_time_the_flag_is_unknown() {
    // Proving the empty 5x5 board takes far longer than 50 ms.
    let board = Board::new(Shape::FIVE_BY_FIVE);
    let comparison = Comparison::run(
        &board,
        &[Contender::new(PlayerKind::AlphaBeta, Difficulty::Easy)],
        &CompareSettings {
            reference_time_limit: Duration::from_millis(50),
        },
        &CancelFlag::new(),
        |_, _| {},
    )
    .unwrap();
    assert_eq!(comparison.reference, None);
    assert_eq!(comparison.rows[0].optimal, Optimality::Unknown);
    assert!(comparison.rows[0].best.is_some());
}

#[test]
fn every_player_gets_its_row_with_the_counters_it_keeps() {
    let board: Board = "x.o/.x./...".parse().unwrap();
    let contenders = Contender::computer_players(Difficulty::Hard);
    let mut seen = Vec::new();
    let comparison = Comparison::run(
        &board,
        &contenders,
        &CompareSettings::default(),
        &CancelFlag::new(),
        |index, row| seen.push((index, row.player)),
    )
    .unwrap();
    assert!(!comparison.cancelled);
    assert_eq!(comparison.to_move, Side::Min);
    assert_eq!(seen.len(), contenders.len(), "one call per row");
    for (index, (row, contender)) in comparison.rows.iter().zip(&contenders).enumerate() {
        assert_eq!(seen[index], (index, contender.kind));
        assert_eq!(row.player, contender.kind);
        assert_eq!(row.family, Family::of(contender.kind));
        assert_eq!(
            row.cutoffs.is_some(),
            contender.kind.uses_cutoffs(),
            "{}",
            row.label
        );
        assert_eq!(
            row.table_hits.is_some(),
            contender.kind.uses_table(),
            "{}",
            row.label
        );
        assert_eq!(
            row.branching_factor.is_some(),
            contender.kind.uses_depth(),
            "{}",
            row.label
        );
        assert!(row.best.is_some() && !row.aborted && row.error.is_none());
        // The searching players, full depth, all block at 8.
        if contender.kind != PlayerKind::Random {
            assert_eq!(row.optimal, Optimality::Optimal, "{}", row.label);
        }
    }
    let minimax = &comparison.rows[2];
    assert_eq!(minimax.label, "minimax, full depth");
    assert_eq!(minimax.value.as_deref(), Some("draw (0)"));
    // 932 nodes to depth 5: 932^(1/5).
    let factor = (minimax.nodes as f64).powf(1.0 / f64::from(minimax.depth));
    assert_eq!(minimax.branching_factor, Some(factor));
    assert_eq!(comparison.rows[6].family, Family::Mcts);
    assert_eq!(comparison.rows[7].family, Family::Table);
}

#[test]
fn a_player_out_of_time_is_stopped_and_marked() {
    let board = Board::new(Shape::FOUR_BY_FOUR);
    let mut minimax = Contender::new(PlayerKind::Minimax, Difficulty::Hard);
    minimax.options.time_limit = Some(Duration::from_millis(50));
    let comparison = run(&board, &[minimax]);
    let row = &comparison.rows[0];
    assert!(row.aborted);
    assert_eq!((row.best, row.optimal), (None, Optimality::Unknown));
    assert!(row.nodes > 0);
}

#[test]
fn cancelling_keeps_the_finished_rows() {
    let board = Board::new(Shape::FOUR_BY_FOUR);
    let cancel = CancelFlag::new();
    let stopper = cancel.clone();
    // Plain minimax on the empty 4x4 board runs for hours: it is cancelled.
    let contenders = [
        Contender::new(PlayerKind::Random, Difficulty::Hard),
        Contender::new(PlayerKind::Minimax, Difficulty::Hard),
        Contender::new(PlayerKind::Rules, Difficulty::Hard),
    ];
    let timer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        stopper.cancel();
    });
    let comparison = Comparison::run(
        &board,
        &contenders,
        &CompareSettings::default(),
        &cancel,
        |_, _| {},
    )
    .unwrap();
    timer.join().unwrap();
    assert!(comparison.cancelled);
    assert_eq!(comparison.rows.len(), 1);
    assert_eq!(comparison.rows[0].player, PlayerKind::Random);
}

#[test]
fn what_cannot_be_compared_is_refused() {
    let settings = CompareSettings::default();
    let cancel = CancelFlag::new();
    let over: Board = "xxx/oo./...".parse().unwrap();
    let all = Contender::computer_players(Difficulty::Hard);
    let error = Comparison::run(&over, &all, &settings, &cancel, |_, _| {}).unwrap_err();
    assert_eq!(error, CompareError::GameOver);
    let open = Board::new(Shape::TIC_TAC_TOE);
    let error = Comparison::run(&open, &[], &settings, &cancel, |_, _| {}).unwrap_err();
    assert_eq!(error, CompareError::NoPlayers);
    let human = [Contender::new(PlayerKind::Human, Difficulty::Hard)];
    let error = Comparison::run(&open, &human, &settings, &cancel, |_, _| {}).unwrap_err();
    assert_eq!(error, CompareError::Human);
    assert!(error.to_string().contains("human"));
}

#[test]
fn json_and_csv_carry_every_row() {
    let board: Board = "x.o/.x./...".parse().unwrap();
    let contenders = [
        Contender::new(PlayerKind::Minimax, Difficulty::Depth(3)),
        Contender::new(PlayerKind::AlphaBetaTt, Difficulty::Hard),
        Contender::new(PlayerKind::Mcts, Difficulty::Hard),
    ];
    let comparison = run(&board, &contenders);
    let json: serde_json::Value = serde_json::from_str(&comparison.to_json()).unwrap();
    assert_eq!(json["position"], "x.o/.x./...");
    assert_eq!(json["to_move"], "o");
    assert_eq!(json["size"], 3);
    assert_eq!(json["cancelled"], false);
    assert_eq!(json["reference"]["player"], "perfect");
    assert_eq!(json["reference"]["words"], "draw");
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for (json, row) in rows.iter().zip(&comparison.rows) {
        assert_eq!(json["label"], row.label.as_str());
        assert_eq!(json["player"], row.player.name());
        assert_eq!(json["family"], row.family.name());
        assert_eq!(json["move"], row.best.unwrap());
        assert_eq!(json["nodes"], row.nodes);
        assert_eq!(json["optimal"], row.optimal.name());
    }
    assert_eq!(rows[0]["difficulty"], "3");
    assert_eq!(rows[0]["label"], "minimax, depth 3");
    assert!(rows[0]["table_hits"].is_null());
    assert!(rows[1]["table_hits"].is_u64());
    let records = parse_csv(&comparison.to_csv());
    assert_eq!(records.len(), 4);
    assert_eq!(records[0], CSV_COLUMNS);
    for (record, row) in records[1..].iter().zip(&comparison.rows) {
        assert_eq!(record.len(), CSV_COLUMNS.len());
        assert_eq!(
            record[0], row.label,
            "a label with a comma comes back whole"
        );
        assert_eq!(record[3], "", "the board's own evaluation");
        assert_eq!(record[5], row.best.unwrap().to_string());
        assert_eq!(record[8], row.nodes.to_string());
        assert_eq!(record[16], row.optimal.name());
    }
    assert_eq!(Some(&records[1][7]), comparison.rows[0].value.as_ref());
}

#[test]
fn on_connect_four_the_reference_is_the_solver() {
    // Middle-Medium (Test_L2_R2's first line): 27 empty cells, too many for
    // a full-depth alpha-beta search in 300 ms, which the solver needs a
    // few milliseconds for; the side to move (O) draws with best play.
    let board = Board::from_columns(Shape::CONNECT_FOUR, "274552224131661").unwrap();
    let settings = CompareSettings {
        reference_time_limit: Duration::from_millis(300),
    };
    let contenders = [
        Contender::new(PlayerKind::Random, Difficulty::Hard),
        Contender::new(PlayerKind::Perfect, Difficulty::Hard),
    ];
    let comparison = Comparison::run(
        &board,
        &contenders,
        &settings,
        &CancelFlag::new(),
        |_, _| {},
    )
    .unwrap();
    let reference = comparison.reference.expect("solved in time");
    assert_eq!(reference.player, PlayerKind::Perfect);
    assert_eq!((reference.value, reference.words.as_str()), (0, "draw"));
    // Every chosen move is judged: the perfect player's keeps the draw.
    assert!(
        comparison
            .rows
            .iter()
            .all(|row| row.optimal != Optimality::Unknown)
    );
    assert_eq!(comparison.rows[1].optimal, Optimality::Optimal);
    assert_eq!(comparison.rows[1].move_value, Some(0));
}

#[test]
fn an_entrant_names_its_evaluation_after_its_depth() {
    use tictactoe_engine::evaluation::NamedEvaluation;
    use tictactoe_words::report::TextStyle;
    let contender: Contender = "alphabeta-tt:4:threats".parse().unwrap();
    assert_eq!(contender.kind, PlayerKind::AlphaBetaTt);
    assert_eq!(contender.options.difficulty, Difficulty::Depth(4));
    assert_eq!(
        contender.options.evaluation,
        Some(NamedEvaluation::Threats.evaluation())
    );
    assert_eq!(
        contender.label(Shape::TIC_TAC_TOE, TextStyle::COMMAND_LINE),
        "alphabeta-tt, depth 4, threats"
    );
    assert_eq!(contender.evaluation_name().as_deref(), Some("threats"));
    let contender = Contender::parse("pvs:hard:centre", Difficulty::Depth(2)).unwrap();
    assert_eq!(contender.options.difficulty, Difficulty::Hard);
    assert_eq!(
        contender.options.evaluation,
        Some(NamedEvaluation::Centre.evaluation())
    );
    // Without one, the board's own: no evaluation in the label or JSON.
    let contender: Contender = "alphabeta:5".parse().unwrap();
    assert_eq!(contender.options.evaluation, None);
    assert_eq!(
        contender.label(Shape::TIC_TAC_TOE, TextStyle::COMMAND_LINE),
        "alphabeta, depth 5"
    );
    assert_eq!(contender.evaluation_name(), None);
}

#[test]
fn an_evaluation_is_refused_where_it_cannot_apply() {
    let refusal = |text: &str| text.parse::<Contender>().unwrap_err();
    let unknown = refusal("alphabeta:4:material");
    assert!(
        unknown.contains("'material'") && unknown.contains("lines, centre, threats"),
        "{unknown}"
    );
    let without = refusal("random:3:lines");
    assert!(without.contains("random"), "{without}");
    let mcts = refusal("mcts:hard:lines");
    assert!(mcts.contains("no search depth"), "{mcts}");
    let perfect = refusal("perfect:hard:lines");
    assert!(perfect.contains("no search depth"), "{perfect}");
    // The neural player has a strength but no horizon to evaluate at.
    let neural = refusal("neural:3:lines");
    assert!(
        neural.contains("neural") && neural.contains("no evaluation"),
        "{neural}"
    );
    for empty in [
        "alphabeta::lines",
        "alphabeta:4:",
        ":4",
        "alphabeta:",
        "alphabeta:4:lines:",
    ] {
        let message = refusal(empty);
        assert!(
            message.contains("empty") || message.contains("too many"),
            "{empty}: {message}"
        );
    }
}
