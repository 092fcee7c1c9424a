//! The save file: every 3x3 game and random games on every board read back
//! exactly, with the searches of their moves; version 1 files still read;
//! hand-edited files and searches refused with their problem named, and
//! files written whole or not at all.

use super::common;

use std::path::PathBuf;

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;
use tictactoe_files::saved_game::MAX_FILE_BYTES;
use tictactoe_files::saved_game::{SavedGame, SavedGameError};
use tictactoe_tools::history::GameRecord;

/// The example of the module's documentation.
const EXAMPLE: &str = r#"{
  "format": "tictactoe-game",
  "version": 2,
  "size": "3x3",
  "players": {
    "x": { "player": "alphabeta", "difficulty": "hard" },
    "o": { "player": "human", "difficulty": "hard" }
  },
  "seed": 42,
  "start": ".../.../...",
  "moves": [4, 0, 8],
  "searches": [
    null,
    null,
    null
  ]
}
"#;

const DIFFICULTIES: [Difficulty; 5] = [
    Difficulty::Easy,
    Difficulty::Medium,
    Difficulty::Hard,
    Difficulty::Depth(1),
    Difficulty::Depth(25),
];

/// Players and a seed that vary with `index`, so that every kind,
/// difficulty and some extreme seeds go through the round trips.
fn saved(record: GameRecord, index: usize) -> SavedGame {
    let kinds = PlayerKind::ALL;
    let seeds = [0, 1, 42, u64::MAX, 1 << 53, (1 << 53) + 1];
    SavedGame {
        players: [
            (kinds[index % 9], DIFFICULTIES[index % 5]),
            (kinds[index / 9 % 9], DIFFICULTIES[index / 5 % 5]),
        ],
        seed: seeds[index % seeds.len()].wrapping_add(index as u64 / 7),
        searches: vec![None; record.len()],
        record,
    }
}

fn assert_round_trip(game: &SavedGame) {
    let text = game.to_json();
    assert!(text.ends_with("}\n"));
    match SavedGame::from_json(&text) {
        Ok(read) => assert_eq!(&read, game, "{text}"),
        Err(error) => panic!("{error}:\n{text}"),
    }
}

#[test]
fn the_documented_example_reads_and_writes_back_the_same() {
    let game = SavedGame::from_json(EXAMPLE).unwrap();
    assert_eq!(game.shape(), Shape::TIC_TAC_TOE);
    assert_eq!(
        game.players,
        [
            (PlayerKind::AlphaBeta, Difficulty::Hard),
            (PlayerKind::Human, Difficulty::Hard)
        ]
    );
    assert_eq!(game.seed, 42);
    assert_eq!(game.record.start(), Board::new(Shape::TIC_TAC_TOE));
    assert_eq!(game.record.played(), [4, 0, 8]);
    assert_eq!(game.to_json(), EXAMPLE);
    let source = include_str!("../src/saved_game.rs");
    let documented: String = source
        .lines()
        .skip_while(|line| *line != "//! ```json")
        .skip(1)
        .take_while(|line| *line != "//! ```")
        .map(|line| format!("{}\n", line.strip_prefix("//! ").unwrap_or("")))
        .collect();
    assert_eq!(documented, EXAMPLE);
}

#[test]
fn every_3x3_game_prefix_reads_back_exactly() {
    fn walk(record: &mut GameRecord, count: &mut usize) {
        assert_round_trip(&saved(record.clone(), *count));
        *count += 1;
        let position = record.position();
        if position.outcome() != Outcome::Ongoing {
            return;
        }
        for cell in position.legal_moves() {
            record.play(cell).unwrap();
            walk(record, count);
            record.undo(1);
        }
    }
    let started = std::time::Instant::now();
    let mut count = 0;
    let mut record = GameRecord::new(Board::new(Shape::TIC_TAC_TOE));
    walk(&mut record, &mut count);
    assert_eq!(count, 549_946, "every node of the game tree");
    eprintln!("{count} games saved and read in {:?}", started.elapsed());
}

/// A random game from `start` to its end, stopping after `moves` moves.
fn random_record(start: Board, moves: usize, rng: &mut impl Rng) -> GameRecord {
    let mut record = GameRecord::new(start);
    while record.len() < moves && record.position().outcome() == Outcome::Ongoing {
        let legal: Vec<usize> = record.position().legal_moves().collect();
        record.play(*legal.choose(rng).unwrap()).unwrap();
    }
    record
}

#[test]
fn games_from_every_3x3_position_read_back_exactly() {
    let mut rng = StdRng::seed_from_u64(1);
    for (index, start) in common::reachable_positions().into_iter().enumerate() {
        let moves = rng.random_range(0..=9);
        assert_round_trip(&saved(random_record(start, moves, &mut rng), index));
    }
}

#[test]
fn random_games_on_every_board_read_back_exactly() {
    let mut rng = StdRng::seed_from_u64(2);
    for size in Shape::SQUARES {
        for index in 0..2_000 {
            let start = common::random_open_position(size, rng.random_range(0..12), &mut rng);
            let moves = rng.random_range(0..=size.cells());
            assert_round_trip(&saved(random_record(start, moves, &mut rng), index));
        }
    }
}

#[test]
fn taken_back_moves_are_not_saved() {
    let mut game = SavedGame::from_json(EXAMPLE).unwrap();
    game.record.undo(2);
    let read = SavedGame::from_json(&game.to_json()).unwrap();
    assert_eq!(read.record.played(), [4]);
    assert!(read.record.taken_back().is_empty());
}

fn error(text: &str) -> String {
    match SavedGame::from_json(text) {
        Ok(game) => panic!("read as {game:?}:\n{text}"),
        Err(error) => error.to_string(),
    }
}

/// The example with `from` replaced by `to` (which must be there).
fn edited(from: &str, to: &str) -> String {
    assert!(EXAMPLE.contains(from), "{from}");
    EXAMPLE.replacen(from, to, 1)
}

#[test]
fn hand_edited_files_are_refused_with_their_problem_named() {
    let unknown_depth =
        "O's player: unknown depth '0': use easy, medium, hard or a number from 1 to 25";
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "not a saved game: the file is empty"),
        (" \n".into(), "not a saved game: the file is empty"),
        (
            "{".into(),
            "not a saved game: expected JSON (line 1, column 1: EOF while parsing an object)",
        ),
        (
            edited("null\n  ]", "null,\n  ]"),
            "not a saved game: expected JSON (line 16, column 3: trailing comma)",
        ),
        (
            edited("\"seed\": 42", "\"seed\": 42 \"start\""),
            "not a saved game: expected JSON (line 9, column 14: expected `,` or `}`)",
        ),
        (
            "[4, 0, 8]".into(),
            "not a saved game: expected a JSON object, not [4,0,8]",
        ),
        (
            "{\"name\": \"tictactoe\", \"version\": \"1.0.0\"}".into(),
            "not a saved game: missing \"format\": \"tictactoe-game\"",
        ),
        (
            edited("\"tictactoe-game\"", "\"foo\""),
            "not a saved game: \"format\" is \"foo\", not \"tictactoe-game\"",
        ),
        (
            edited("\"version\": 2", "\"version\": 3"),
            "version 3 is newer than this version of the app reads (2)",
        ),
        (
            // A newer version's new fields are not taken for typos.
            edited("\"version\": 2", "\"version\": 3, \"clock\": 300"),
            "version 3 is newer than this version of the app reads (2)",
        ),
        (
            edited("\"version\": 2", "\"version\": 0"),
            "\"version\" must be a whole number from 1 up, not 0",
        ),
        (
            edited("\"version\": 2", "\"version\": \"1\""),
            "\"version\" must be a whole number from 1 up, not \"1\"",
        ),
        (edited("  \"version\": 2,\n", ""), "missing \"version\""),
        (
            edited("\"seed\"", "\"sede\""),
            "unknown field `sede`, expected one of `format`, `version`, `size`, `in_a_row`, `gravity`, `players`, `seed`, `start`, `moves`, `searches` (line 9, column 8)",
        ),
        (
            edited("\"seed\": 42", "\"moves\": [], \"seed\": 42"),
            "duplicate field `moves` (line 11, column 9)",
        ),
        (
            edited("\"difficulty\"", "\"dificulty\""),
            "unknown field `dificulty`, expected `player` or `difficulty` (line 6, column 45)",
        ),
        (
            edited("\"seed\"", "\"\\u001b[2J\""),
            "unknown field `\\u{1b}[2J`, expected one of `format`, `version`, `size`, `in_a_row`, `gravity`, `players`, `seed`, `start`, `moves`, `searches` (line 9, column 13)",
        ),
        (
            edited(
                "{\n    \"x\": { \"player\": \"alphabeta\", \"difficulty\": \"hard\" },\n    \"o\": { \"player\": \"human\", \"difficulty\": \"hard\" }\n  }",
                "\"alphabeta\"",
            ),
            "invalid type: string \"alphabeta\", expected the players: {\"x\": {...}, \"o\": {...}} (line 5, column 24)",
        ),
        (edited("  \"size\": \"3x3\",\n", ""), "missing \"size\""),
        (
            edited("\"3x3\"", "\"9x9\""),
            "\"size\": unknown board '9x9': expected tic-tac-toe, 4x4, 5x5, connect-four, five-in-a-row, or WxH (width x height, each 3-8)",
        ),
        (
            edited("\"3x3\"", "\"6x6\""),
            "start position: the position is 3x3, but the board is 6x6, 4 in a row",
        ),
        (
            edited("\"3x3\"", "\"3x3\", \"in_a_row\": 4"),
            "\"in_a_row\" must be a whole number from 3 to 6 and no more than the longer side, not 4",
        ),
        (
            edited("\"3x3\"", "\"3x3\", \"gravity\": \"yes\""),
            "\"gravity\" must be true or false, not \"yes\"",
        ),
        (
            edited("\"3x3\"", "\"3x3\", \"gravity\": true").replace("[4, 0, 8]", "[7, 6, 1]"),
            "move 3 (saved as 1): cell 2 has an empty cell below it: with gravity a stone lies on the bottom row or on another stone",
        ),
        (
            edited("\"3x3\"", "3"),
            "\"size\" must be width x height such as \"3x3\" or \"7x6\", not 3",
        ),
        (
            edited(
                ",\n    \"o\": { \"player\": \"human\", \"difficulty\": \"hard\" }",
                "",
            ),
            "\"players\": missing \"o\"",
        ),
        (
            edited("\"alphabeta\"", "\"negascout\""),
            "X's player: unknown player 'negascout': choose one of human, random, rules, minimax, alphabeta, alphabeta-tt, alphabeta-random, mcts, perfect, menace, td, neural, pvs, mtdf, pns",
        ),
        (
            edited("\"player\": \"alphabeta\", ", ""),
            "X's player: missing \"player\"",
        ),
        (
            edited("\"alphabeta\"", "3"),
            "X's player: \"player\" must be a short name such as \"alphabeta\", not 3",
        ),
        (
            edited(
                "\"human\", \"difficulty\": \"hard\"",
                "\"human\", \"difficulty\": \"0\"",
            ),
            unknown_depth,
        ),
        (
            edited(
                "\"human\", \"difficulty\": \"hard\"",
                "\"human\", \"difficulty\": 0",
            ),
            unknown_depth,
        ),
        (
            edited(
                "\"human\", \"difficulty\": \"hard\"",
                "\"human\", \"difficulty\": null",
            ),
            "O's player: missing \"difficulty\"",
        ),
        (
            edited(
                "\"human\", \"difficulty\": \"hard\"",
                "\"human\", \"difficulty\": true",
            ),
            "O's player: \"difficulty\" must be easy, medium, hard or a depth from 1 to 25, not true",
        ),
        (edited("  \"seed\": 42,\n", ""), "missing \"seed\""),
        (
            edited("42", "-1"),
            "\"seed\" must be a whole number from 0 to 18446744073709551615, not -1",
        ),
        (
            edited("42", "4.2"),
            "\"seed\" must be a whole number from 0 to 18446744073709551615, not 4.2",
        ),
        (
            edited("42", "18446744073709551616"),
            "\"seed\" must be a whole number from 0 to 18446744073709551615, not 1.8446744073709552e+19",
        ),
        (
            edited("42", "\"42\""),
            "\"seed\" must be a whole number from 0 to 18446744073709551615, not \"42\"",
        ),
        (
            edited("\".../.../...\"", "\"xx.......\""),
            "start position: impossible stone counts: 2 X and 0 O (X moves first, so X has as many stones as O or one more)",
        ),
        (
            edited("\".../.../...\"", "\"x\\u001b.......\""),
            "start position: unknown character '\\u{1b}' (U+001B) at position 2: use x, o, '.' or '-', with '/' between rows",
        ),
        (
            edited("\".../.../...\"", "\"................\""),
            "start position: the position is 4x4, but the board is 3x3, 3 in a row",
        ),
        (
            edited("\".../.../...\"", "5"),
            "\"start\" must be a position such as \".../.x./...\", not 5",
        ),
        (
            edited("  \"start\": \".../.../...\",\n", ""),
            "missing \"start\"",
        ),
        (
            edited("[4, 0, 8]", "[4, 0, 4]"),
            "move 3 (saved as 4): cell 5 is already taken",
        ),
        (
            edited("[4, 0, 8]", "[4, 9]"),
            "move 2 (saved as 9): cell 10 is off the board (cells are 1-9)",
        ),
        (
            edited("[4, 0, 8]", "[4, -1]"),
            "move 2: -1 is not a cell number (the file numbers cells 0-8)",
        ),
        (
            edited("[4, 0, 8]", "[4, \"0\"]"),
            "move 2: \"0\" is not a cell number (the file numbers cells 0-8)",
        ),
        (
            edited("[4, 0, 8]", "[0, 3, 1, 4, 2, 5]"),
            "move 6: the game was already over (X won)",
        ),
        (
            edited("[4, 0, 8]", "\"4 0 8\""),
            "\"moves\" must be a list of cells such as [4, 0, 8], not \"4 0 8\"",
        ),
        (edited(",\n  \"moves\": [4, 0, 8]", ""), "missing \"moves\""),
        (
            edited(
                "\".../.../...\"",
                &format!("\"x{}\"", "\\u001b".repeat(200)),
            ),
            "start position: unknown character '\\u{1b}' (U+001B) at position 2: use x, o, '.' or '-', with '/' between rows",
        ),
    ];
    for (text, message) in &cases {
        let refused = error(text);
        assert_eq!(&refused, message, "{text}");
        assert!(!refused.chars().any(char::is_control), "{refused:?}");
    }
}

#[test]
fn echoes_of_the_file_are_escaped_and_cut() {
    let refused = error(&edited(
        "\"tictactoe-game\"",
        &format!("\"\\u001b]0;{}\"", "x".repeat(500)),
    ));
    assert!(
        refused.starts_with("not a saved game: \"format\" is \"\\\\u001b]0;xxx"),
        "{refused}"
    );
    assert!(refused.len() < 200, "{refused}");
    assert!(!refused.contains('\u{1b}'), "{refused}");
    let refused = error(&edited("\"seed\"", &format!("\"{}\"", "s".repeat(10_000))));
    assert!(refused.starts_with("unknown field `sss"), "{refused}");
    assert!(refused.len() < 250, "{refused}");
}

#[test]
fn lenient_where_it_costs_nothing() {
    // A byte order mark, a depth as a number, a position without slashes.
    let text = format!(
        "\u{feff}{}",
        edited(
            "\"human\", \"difficulty\": \"hard\"",
            "\"human\", \"difficulty\": 7"
        )
        .replace(".../.../...", ".........")
    );
    let game = SavedGame::from_json(&text).unwrap();
    assert_eq!(game.players[1], (PlayerKind::Human, Difficulty::Depth(7)));
    assert!(
        game.to_json()
            .contains("\"o\": { \"player\": \"human\", \"difficulty\": \"7\" }")
    );
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let directory = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("saved_game")
        .join(name);
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

fn files_in(directory: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(directory)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn files_are_written_whole_and_read_back() {
    let directory = scratch("write");
    let path = directory.join("game.json");
    let mut game = SavedGame::from_json(EXAMPLE).unwrap();
    game.write(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), EXAMPLE);
    game.record.play(2).unwrap();
    game.searches.push(None);
    game.write(&path).unwrap();
    assert_eq!(SavedGame::read(&path).unwrap(), game, "replaced");
    assert_eq!(
        files_in(&directory),
        ["game.json"],
        "no temporary file left"
    );

    // A save that fails leaves the old file and nothing else.
    let blocked = directory.join("blocked.json");
    std::fs::create_dir(&blocked).unwrap();
    assert!(game.write(&blocked).is_err());
    assert_eq!(files_in(&directory), ["blocked.json", "game.json"]);
    assert!(game.write(&directory.join("missing/game.json")).is_err());
    assert!(game.write(&directory.join("..")).is_err());
}

#[test]
fn unreadable_files_are_named() {
    let directory = scratch("read");
    let read = |name: &str| SavedGame::read(&directory.join(name)).unwrap_err();
    let missing = read("missing.json");
    assert!(matches!(missing, SavedGameError::Read(_)));
    assert_eq!(
        missing.to_string(),
        "cannot read the file: No such file or directory (os error 2)"
    );
    assert_eq!(
        SavedGame::read(&directory).unwrap_err().to_string(),
        "cannot read the file: it is a directory, not a file"
    );
    std::fs::write(
        directory.join("large.json"),
        vec![b' '; MAX_FILE_BYTES as usize + 1],
    )
    .unwrap();
    assert_eq!(
        read("large.json").to_string(),
        "not a saved game: larger than 1 MiB, and a saved game is a few hundred bytes"
    );
    // Exactly the limit is read (and found empty).
    std::fs::write(
        directory.join("limit.json"),
        vec![b' '; MAX_FILE_BYTES as usize],
    )
    .unwrap();
    assert_eq!(
        read("limit.json").to_string(),
        "not a saved game: the file is empty"
    );
    let mut latin1 = EXAMPLE.as_bytes().to_vec();
    latin1[3] = 0xe9;
    std::fs::write(directory.join("latin1.json"), latin1).unwrap();
    assert_eq!(
        read("latin1.json").to_string(),
        "not a saved game: not UTF-8 text (byte 4 is invalid)"
    );
    assert_eq!(
        SavedGame::read(std::path::Path::new("/dev/zero"))
            .unwrap_err()
            .to_string(),
        "cannot read the file: it is a device, not a regular file"
    );
}

#[test]
fn a_named_pipe_or_a_socket_is_refused_at_once() {
    let directory = scratch("fifo");
    let fifo = directory.join("game.json");
    common::make_fifo(&fifo);
    // Nothing writes to it: a reader that opened it would wait for ever.
    let read = common::within(std::time::Duration::from_secs(5), {
        let fifo = fifo.clone();
        move || SavedGame::read(&fifo).map_err(|error| error.to_string())
    });
    assert_eq!(
        read.expect("reading a named pipe returned"),
        Err("cannot read the file: it is a named pipe (FIFO), not a regular file".to_owned())
    );
    let socket_path = directory.join("socket.json");
    let _socket = std::os::unix::net::UnixListener::bind(&socket_path).unwrap();
    assert_eq!(
        SavedGame::read(&socket_path).unwrap_err().to_string(),
        "cannot read the file: it is a socket, not a regular file"
    );
}

#[test]
fn a_save_through_a_symbolic_link_replaces_the_file_it_names() {
    let directory = scratch("link");
    std::fs::create_dir(directory.join("games")).unwrap();
    let target = directory.join("games/kept.json");
    std::fs::write(&target, "old").unwrap();
    let link = directory.join("game.json");
    std::os::unix::fs::symlink("games/kept.json", &link).unwrap();
    let game = SavedGame::from_json(EXAMPLE).unwrap();
    game.write(&link).unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link is still a link"
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), EXAMPLE);
    assert_eq!(files_in(&directory.join("games")), ["kept.json"]);
}

/// A game of alphabeta-tt (X) against Monte Carlo (O) to its end, with
/// the search behind each move.
fn searched_game() -> SavedGame {
    let options = PlayerOptions {
        playouts: 300,
        ..PlayerOptions::default()
    };
    let players = [
        (PlayerKind::AlphaBetaTt, Difficulty::Hard),
        (PlayerKind::Mcts, Difficulty::Hard),
    ];
    let mut searchers = players.map(|(kind, _)| kind.create(&options));
    let mut record = GameRecord::new(Board::new(Shape::TIC_TAC_TOE));
    let mut searches = Vec::new();
    while record.position().outcome() == Outcome::Ongoing {
        let position = record.position();
        let report =
            searchers[position.side_to_move().index()].choose_move(&position, &CancelFlag::new());
        record.play(report.best.unwrap()).unwrap();
        searches.push(Some(report));
    }
    SavedGame {
        players,
        seed: 7,
        record,
        searches,
    }
}

#[test]
fn a_saved_game_keeps_the_searches_of_its_moves() {
    let game = searched_game();
    assert!(game.searches.iter().all(Option::is_some));
    assert_round_trip(&game);
    // A person's move keeps no search.
    let mut game = SavedGame::from_json(EXAMPLE).unwrap();
    let search = PlayerKind::AlphaBeta
        .create(&PlayerOptions::default())
        .choose_move(&game.record.start(), &CancelFlag::new());
    game.record = GameRecord::new(game.record.start());
    game.record.play(search.best.unwrap()).unwrap();
    game.record.play(8).unwrap();
    game.searches = vec![Some(search), None];
    assert_round_trip(&game);
}

#[test]
fn a_version_1_file_still_opens_without_searches() {
    let old = EXAMPLE.replace("\"version\": 2", "\"version\": 1").replace(
        ",\n  \"searches\": [\n    null,\n    null,\n    null\n  ]",
        "",
    );
    assert!(!old.contains("searches"), "{old}");
    let game = SavedGame::from_json(&old).unwrap();
    assert_eq!(game.record.played(), [4, 0, 8]);
    assert_eq!(game.searches, [None, None, None]);
    // It is saved again in the current version.
    assert_eq!(game.to_json(), EXAMPLE);
    assert_eq!(
        error(&old.replace(
            "\"moves\": [4, 0, 8]",
            "\"moves\": [4, 0, 8], \"searches\": []"
        )),
        "\"searches\" needs version 2 or later"
    );
}

#[test]
fn a_search_that_did_not_choose_its_move_is_refused_naming_the_move() {
    let text = searched_game().to_json();
    let lines: Vec<&str> = text.lines().collect();
    let search_line = |number: usize| {
        let start = lines
            .iter()
            .position(|line| line.contains("\"searches\""))
            .unwrap();
        lines[start + number]
    };
    // Move 2's search, moved to move 3, or with its best move changed.
    let swapped = text.replacen(search_line(3), search_line(2), 1);
    let best = serde_json::from_str::<serde_json::Value>(search_line(2).trim_end_matches(','))
        .unwrap()["best"]
        .as_u64()
        .unwrap();
    let other_best = search_line(2).replacen(
        &format!("\"best\":{best}"),
        &format!("\"best\":{}", (best + 1) % 9),
        1,
    );
    let cases = [
        (
            swapped,
            "move 3: its saved search is not the search that chose it",
        ),
        (
            text.replacen(search_line(2), &other_best, 1),
            "move 2: its saved search is not the search that chose it",
        ),
        (
            text.replacen(search_line(1), "    {\"player\": 3},", 1),
            "move 1: its saved search is not the search that chose it",
        ),
        (
            edited("    null,\n    null,\n    null\n", "    null\n"),
            "\"searches\" must be a list of one search or null per move (3), not [null]",
        ),
        (
            edited("  \"moves\": [4, 0, 8],\n", "  \"moves\": [4, 0, 8]\n}\n")
                .split_inclusive('\n')
                .take(12)
                .collect(),
            "missing \"searches\"",
        ),
    ];
    for (edited, message) in cases {
        assert_eq!(error(&edited), message, "{edited}");
    }
}

/// A game on another board names it: `in_a_row` and `gravity` are
/// written, read back, and a file of the three first boards stays as it was.
#[test]
fn a_game_on_another_board_names_its_rules() {
    let connect_four = EXAMPLE
        .replace(
            "\"3x3\"",
            "\"7x6\",\n  \"in_a_row\": 4,\n  \"gravity\": true",
        )
        .replace(
            ".../.../...",
            "......./......./......./......./......./.......",
        )
        .replace("[4, 0, 8]", "[38, 31, 24]");
    let game = SavedGame::from_json(&connect_four).unwrap();
    assert_eq!(game.shape(), Shape::CONNECT_FOUR);
    assert_eq!(game.to_json(), connect_four);
    let three = connect_four.replace("\"in_a_row\": 4", "\"in_a_row\": 3");
    assert_eq!(
        SavedGame::from_json(&three).unwrap().shape(),
        Shape::CONNECT_FOUR.with_in_a_row(3).unwrap()
    );
    // Without the two fields, the size says the board: 7x6 is Connect Four.
    let plain = connect_four.replace(",\n  \"in_a_row\": 4,\n  \"gravity\": true", "");
    assert_eq!(
        SavedGame::from_json(&plain).unwrap().shape(),
        Shape::CONNECT_FOUR
    );
    assert_eq!(SavedGame::from_json(EXAMPLE).unwrap().to_json(), EXAMPLE);
}
