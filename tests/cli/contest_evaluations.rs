//! Compare and tournament with evaluations as players: an entrant's own
//! evaluation after its depth reaches its search, shows in its label and
//! in JSON and CSV, and is refused where it cannot apply.

use super::common::{parse_csv, run, stderr, stdout};

const C4: [&str; 2] = ["--board", "connect-four"];

/// The chosen column of each row of `compare --json` on Connect Four
/// after `moves`, with `extra` arguments.
fn chosen_moves(moves: &str, extra: &[&str]) -> Vec<(String, u64, serde_json::Value)> {
    let mut args = vec!["compare", "--moves", moves, "--json"];
    args.extend(C4);
    args.extend(extra);
    let output = run(&args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["label"].as_str().unwrap().to_owned(),
                row["move"].as_u64().unwrap(),
                row["evaluation"].clone(),
            )
        })
        .collect()
}

#[test]
fn each_entrants_evaluation_reaches_its_search() {
    // After 4 4, depth 3 with lines and with threats choose apart.
    let rows = chosen_moves(
        "44",
        &["--players", "alphabeta-tt:3:lines,alphabeta-tt:3:threats"],
    );
    let lines_alone = chosen_moves(
        "44",
        &["--players", "alphabeta-tt:3", "--evaluation", "lines"],
    );
    let threats_alone = chosen_moves(
        "44",
        &["--players", "alphabeta-tt:3", "--evaluation", "threats"],
    );
    assert_ne!(
        lines_alone[0].1, threats_alone[0].1,
        "the position tells them apart"
    );
    assert_eq!(rows[0].0, "alphabeta-tt, depth 3, lines");
    assert_eq!(rows[1].0, "alphabeta-tt, depth 3, threats");
    assert_eq!(rows[0].1, lines_alone[0].1);
    assert_eq!(rows[1].1, threats_alone[0].1);
    assert_eq!(rows[0].2, "lines");
    assert_eq!(rows[1].2, "threats");
    // --evaluation is for the entrants without their own; theirs wins.
    let rows = chosen_moves(
        "44",
        &[
            "--players",
            "alphabeta-tt:3,alphabeta-tt:3:threats",
            "--evaluation",
            "lines",
        ],
    );
    assert_eq!(rows[0].1, lines_alone[0].1);
    assert_eq!(rows[1].1, threats_alone[0].1);
    assert_eq!(rows[0].0, "alphabeta-tt, depth 3, lines");
    // Without any, the board's own, named in no label: null in JSON.
    let rows = chosen_moves("44", &["--players", "alphabeta-tt:3"]);
    assert_eq!(rows[0].0, "alphabeta-tt, depth 3");
    assert_eq!(
        rows[0].1, threats_alone[0].1,
        "threats is Connect Four's own"
    );
    assert!(rows[0].2.is_null(), "{:?}", rows[0]);
}

#[test]
fn a_tournament_between_evaluations_tells_them_apart() {
    let mut args = vec![
        "tournament",
        "--players",
        "alphabeta-tt:3:lines,alphabeta-tt:3:threats",
        "--games",
        "2",
        "--seed",
        "5",
    ];
    args.extend(C4);
    let output = run(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let standings: Vec<&str> = text.lines().skip(3).take(2).collect();
    for label in [
        "alphabeta-tt, depth 3, lines",
        "alphabeta-tt, depth 3, threats",
    ] {
        assert!(
            standings.iter().any(|line| line.contains(label)),
            "{label} in the standings: {text}"
        );
        let cross = text.split("Cross table").nth(1).unwrap();
        assert!(cross.contains(label), "{label} in the cross table: {text}");
    }

    args.push("--json");
    let output = run(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let entrants = json["entrants"].as_array().unwrap();
    assert_eq!(entrants[0]["label"], "alphabeta-tt, depth 3, lines");
    assert_eq!(entrants[0]["evaluation"], "lines");
    assert_eq!(entrants[1]["evaluation"], "threats");
    assert_eq!(json["games_played"], 4);
    // Alike, the two (deterministic at a fixed depth) would play the same
    // games whichever was X; with their evaluations they do not.
    let games = json["games"].as_array().unwrap();
    let first_moves = |game: &serde_json::Value| game["moves"].as_array().unwrap().clone();
    let lines_as_x: Vec<_> = games
        .iter()
        .filter(|g| g["x"] == 0)
        .map(first_moves)
        .collect();
    let threats_as_x: Vec<_> = games
        .iter()
        .filter(|g| g["x"] == 1)
        .map(first_moves)
        .collect();
    assert_ne!(lines_as_x, threats_as_x, "the evaluations play differently");

    let index = args.len() - 1;
    args[index] = "--csv";
    let output = run(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let records = parse_csv(&stdout(&output));
    let column = records[0]
        .iter()
        .position(|name| name == "evaluation")
        .unwrap();
    let mut evaluations: Vec<&str> = records[1..].iter().map(|r| r[column].as_str()).collect();
    evaluations.sort_unstable();
    assert_eq!(evaluations, ["lines", "threats"]);
}

#[test]
fn evaluations_that_cannot_apply_are_refused_with_2() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["tournament", "--players", "alphabeta:2:material,random"],
            "no evaluation is named 'material'; the evaluations: lines, centre, threats",
        ),
        (
            &["tournament", "--players", "neural:2:lines,random"],
            "neural has no evaluation",
        ),
        (
            &["tournament", "--players", "alphabeta::lines,random"],
            "an empty part",
        ),
        (
            &[
                "tournament",
                "--board",
                "connect-four",
                "--players",
                "alphabeta-tt:3:lines,alphabeta-tt:3:lines",
            ],
            "alphabeta-tt, depth 3, lines is given twice",
        ),
        (
            // Threats is Connect Four's own evaluation: the same player.
            &[
                "compare",
                "--board",
                "connect-four",
                "--moves",
                "44",
                "--players",
                "alphabeta-tt:3,alphabeta-tt:3:threats",
            ],
            "alphabeta-tt, depth 3, threats is given twice",
        ),
    ];
    for (args, message) in cases {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let errors = stderr(&output);
        assert!(errors.contains(message), "{args:?}: {errors}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}
