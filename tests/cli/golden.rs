//! Every command's output for fixed positions and seeds, held to the copy
//! kept in `tests/cli/golden/`: a change of the code's layout changes none of
//! it. Times and rates differ from run to run and read `#`. After a change
//! meant to change the output, `GOLDEN_UPDATE=1 cargo test --release
//! --no-default-features --test cli golden` writes the new copies; review them
//! with `git diff tests/cli/golden`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The runs compared: a name for the copy's file, and the arguments.
const RUNS: &[(&str, &[&str])] = &[
    ("players", &["players"]),
    (
        "exercise-connect-four",
        &[
            "exercise",
            "--kind",
            "best-move",
            "--board",
            "connect-four",
            "--seed",
            "5",
            "--answer",
            "move 7; outcome D; bounded",
        ],
    ),
    (
        "analyze",
        &[
            "analyze",
            "x.o/.x./..o",
            "x.x/..o/xo.",
            ".........",
            "xo../.x../..o./....",
        ],
    ),
    (
        "analyze-depth",
        &[
            "analyze",
            "--depth",
            "2",
            "x.x/..o/xo.",
            "x.../..../..o./....",
        ],
    ),
    (
        "analyze-json",
        &[
            "analyze",
            "--json",
            "x.o/.x./..o",
            "x.x/..o/xo.",
            "x.../..../..o./....",
        ],
    ),
    (
        "analyze-minimax",
        &[
            "analyze",
            "--player",
            "minimax",
            "x.o/.x./...",
            "xo./.x./...",
        ],
    ),
    (
        "analyze-mcts",
        &[
            "analyze",
            "--player",
            "mcts",
            "x.o/.x./...",
            "--json",
            "xo./.x./...",
        ],
    ),
    (
        "analyze-rules",
        &["analyze", "--player", "rules", "o.o/.x./x.."],
    ),
    (
        "analyze-random",
        &["analyze", "--player", "alphabeta-random", "x.o/.x./..."],
    ),
    (
        "analyze-perfect",
        &["analyze", "--player", "perfect", "--json", "x../.../..."],
    ),
    ("tree", &["tree", "--max-ply", "3", "x.o/.x./..."]),
    (
        "tree-json",
        &["tree", "--json", "--max-ply", "2", "x.o/.x./..."],
    ),
    (
        "tree-table",
        &[
            "tree",
            "--player",
            "alphabeta-tt",
            "--max-ply",
            "2",
            "xo./.x./...",
        ],
    ),
    (
        "tree-mcts",
        &["tree", "--player", "mcts", "--max-ply", "2", "x.o/.x./..."],
    ),
    (
        "mcts-trace",
        &[
            "mcts-trace",
            "x.o/.x./...",
            "--playouts",
            "12",
            "--seed",
            "3",
        ],
    ),
    (
        "mcts-trace-json",
        &[
            "mcts-trace",
            "oo./.xx/o.x",
            "--playouts",
            "6",
            "--seed",
            "1",
            "--c",
            "4",
            "--json",
        ],
    ),
    (
        "tree-depth",
        &[
            "tree",
            "--depth",
            "3",
            "--max-ply",
            "2",
            "x.../..../..o./....",
        ],
    ),
    (
        "play",
        &[
            "play",
            "--max",
            "alphabeta-random",
            "--min",
            "mcts",
            "--games",
            "4",
            "--seed",
            "7",
            "--verbose",
        ],
    ),
    (
        "play-json",
        &[
            "play", "--max", "rules", "--min", "random", "--games", "3", "--seed", "11", "--json",
        ],
    ),
    (
        "play-4x4",
        &[
            "play",
            "--size",
            "4",
            "--max",
            "alphabeta-tt",
            "--depth-max",
            "2",
            "--min",
            "random",
            "--games",
            "2",
            "--seed",
            "5",
            "--verbose",
        ],
    ),
    (
        "compare",
        &[
            "compare",
            "--players",
            "minimax,alphabeta,alphabeta-tt,perfect,rules",
            "x.o/.x./...",
        ],
    ),
    (
        "compare-json",
        &[
            "compare",
            "--json",
            "--players",
            "alphabeta,mcts,random",
            "xo./.x./...",
        ],
    ),
    (
        "compare-csv",
        &[
            "compare",
            "--csv",
            "--players",
            "alphabeta:2,alphabeta-tt",
            "x.../..../..o./....",
        ],
    ),
    (
        "tournament",
        &[
            "tournament",
            "--players",
            "random,rules,alphabeta-tt,mcts",
            "--games",
            "3",
            "--seed",
            "3",
            "--threads",
            "1",
        ],
    ),
    (
        "tournament-json",
        &[
            "tournament",
            "--json",
            "--players",
            "random,rules,perfect",
            "--games",
            "2",
            "--seed",
            "9",
            "--threads",
            "2",
        ],
    ),
    (
        "tournament-csv",
        &[
            "tournament",
            "--csv",
            "--players",
            "random,alphabeta",
            "--games",
            "2",
            "--seed",
            "4",
        ],
    ),
];

/// The copy of `name`'s output.
fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cli/golden")
        .join(format!("{name}.txt"))
}

/// Whether `word` is a number as the output writes them: "52", "3.4",
/// "549,945", "(185".
fn is_number(word: &str) -> bool {
    let digits = word.trim_start_matches('(');
    !digits.is_empty()
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
}

/// Whether `word` is a unit of time or rate: "µs", "ms,", "M/s),".
fn is_unit(word: &str) -> bool {
    matches!(
        word.trim_end_matches([',', ';', ')']),
        "µs" | "ms" | "s" | "M/s" | "k/s" | "/s"
    )
}

/// A line of text with its durations and rates as `#`: "3.4 ms", "< 1 µs"
/// and "185 M/s" as one `#` each, and so "-", which a table writes for a rate too
/// quick to measure. A rate right after a time is left out, since a search
/// under 100 µs shows none. Runs of spaces (a table's padding, which
/// follows the widths of the times) read as one.
fn steady_text(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out = Vec::new();
    let mut after_time = false;
    let mut at = 0;
    while at < words.len() {
        let word = words[at];
        let unit = words
            .get(at + 1)
            .filter(|next| is_number(word) && is_unit(next));
        at += if unit.is_some() { 2 } else { 1 };
        let rate = match unit {
            Some(unit) => unit.contains("/s"),
            None => {
                word == "-"
                    || word
                        .trim_end_matches([',', ';', ')'])
                        .strip_suffix("/s")
                        .is_some_and(is_number)
            }
        };
        if unit.is_some() && out.last() == Some(&"<") {
            // "< 1 µs" is a time too short to measure: a time all the same.
            out.pop();
        }
        if !(rate && after_time) {
            out.push(if unit.is_some() || rate { "#" } else { word });
        }
        after_time = unit.is_some() && !rate;
    }
    out.join(" ")
}

/// A CSV record's fields, quotes kept.
fn csv_fields(line: &str) -> Vec<String> {
    let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                field.push(c);
            }
            ',' if !quoted => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// Whether a field of this name holds a time or a rate.
fn is_timed(name: &str) -> bool {
    name.ends_with("_us")
        || name.ends_with("_ms")
        || name.contains("per_second")
        || name == "seconds"
}

/// The output with everything that differs between runs as `#`: text
/// durations and rates, JSON's and CSV's times and rates (by their
/// names).
fn steady(output: &str) -> String {
    // One JSON object spread over lines.
    if let Ok(mut json) = serde_json::from_str::<serde_json::Value>(output) {
        blank_times(&mut json);
        return serde_json::to_string_pretty(&json).expect("JSON prints");
    }
    let mut timed_columns: Vec<bool> = Vec::new();
    output
        .lines()
        .enumerate()
        .map(|(index, line)| {
            if let Ok(mut json) = serde_json::from_str::<serde_json::Value>(line) {
                blank_times(&mut json);
                return json.to_string();
            }
            if index == 0 && line.contains(',') && !line.contains(' ') {
                // A CSV header: its timed columns are blanked below.
                timed_columns = csv_fields(line).iter().map(|name| is_timed(name)).collect();
                return line.to_owned();
            }
            if !timed_columns.is_empty() {
                let fields = csv_fields(line);
                if fields.len() == timed_columns.len() {
                    return fields
                        .iter()
                        .zip(&timed_columns)
                        .map(|(field, &timed)| if timed { "#" } else { field.as_str() })
                        .collect::<Vec<_>>()
                        .join(",");
                }
            }
            steady_text(line)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every number and null in `value`, however deep, as `"#"`: a timed
/// field may hold one figure or one per side.
fn blank_all(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => map.values_mut().for_each(blank_all),
        serde_json::Value::Array(items) => items.iter_mut().for_each(blank_all),
        serde_json::Value::Number(_) | serde_json::Value::Null => {
            *value = serde_json::Value::String("#".into());
        }
        _ => {}
    }
}

/// JSON's times and rates, wherever they are, as `"#"`.
fn blank_times(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                if is_timed(key) {
                    blank_all(value);
                } else {
                    blank_times(value);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(blank_times),
        _ => {}
    }
}

#[test]
fn every_command_prints_what_it_printed() {
    let update = std::env::var_os("GOLDEN_UPDATE").is_some();
    let mut changed = Vec::new();
    for (name, args) in RUNS {
        let output = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
            .args(*args)
            .output()
            .expect("the program runs");
        let printed = format!(
            "$ tictactoe {}\n{}\n--- stderr\n{}\n--- exit {:?}\n",
            args.join(" "),
            steady(&String::from_utf8_lossy(&output.stdout)),
            steady(&String::from_utf8_lossy(&output.stderr)),
            output.status.code()
        );
        let path = golden(name);
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &printed).unwrap();
            continue;
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_else(|error| {
            panic!("{}: {error}; GOLDEN_UPDATE=1 writes it", path.display())
        });
        if kept != printed {
            changed.push(format!("{name}:\n--- kept\n{kept}\n--- now\n{printed}"));
        }
    }
    assert!(
        changed.is_empty(),
        "outputs changed:\n{}",
        changed.join("\n")
    );
}

#[test]
fn times_and_rates_read_as_marks() {
    assert_eq!(
        steady("X minimax plays 1, draw (0), 549,945 nodes in 3.0 ms (185 M/s), depth 9"),
        "X minimax plays 1, draw (0), 549,945 nodes in # depth 9"
    );
    assert_eq!(
        steady("minimax    8  draw (0)    932  22 µs        -   120/s"),
        "minimax 8 draw (0) 932 # #"
    );
    assert_eq!(
        steady("1 rules 18 5-13-0 11.5   < 1 µs  0"),
        steady("1 rules 18 5-13-0 11.5  2 µs  0"),
    );
    assert_eq!(
        steady("X minimax plays 1, draw (0), 9 nodes in 52 µs, depth 9"),
        "X minimax plays 1, draw (0), 9 nodes in # depth 9"
    );
    assert_eq!(
        steady("{\"time_us\":52,\"nodes\":3}\n{\"time_us\":7}"),
        "{\"nodes\":3,\"time_us\":\"#\"}\n{\"time_us\":\"#\"}"
    );
    assert_eq!(
        steady("label,nodes,time_us\n\"a, b\",3,52"),
        "label,nodes,time_us\n\"a, b\",3,#"
    );
    assert_eq!(
        steady("{\"mean_move_us\":{\"o\":0,\"x\":3},\"games\":2}"),
        "{\n  \"games\": 2,\n  \"mean_move_us\": {\n    \"o\": \"#\",\n    \"x\": \"#\"\n  }\n}"
    );
}
