//! What an attack on the command line found (issue 35): files, arguments
//! and signals a person would not think of, each refused or handled in
//! words, with nothing lost.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tictactoe"))
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A directory of the test's own, empty.
fn home(name: &str) -> PathBuf {
    let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-attack-{name}"));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    home
}

/// A saved game of two people from the empty board with `moves` (the
/// file's cells, from 0).
fn saved_game(moves: &str) -> String {
    format!(
        "{{\"format\": \"tictactoe-game\", \"version\": 1, \"size\": \"3x3\", \
         \"players\": {{\"x\": {{\"player\": \"human\", \"difficulty\": \"hard\"}}, \
         \"o\": {{\"player\": \"human\", \"difficulty\": \"hard\"}}}}, \"seed\": 1, \
         \"start\": \".../.../...\", \"moves\": {moves}}}\n"
    )
}

#[test]
fn a_bad_saved_game_names_its_cells_from_1() {
    let home = home("cells");
    let cases = [
        ("[4, 4]", "move 2 (saved as 4): cell 5 is already taken"),
        (
            "[4, 9]",
            "move 2 (saved as 9): cell 10 is off the board (cells are 1-9)",
        ),
    ];
    for (moves, message) in cases {
        let path = home.join("game.json");
        std::fs::write(&path, saved_game(moves)).unwrap();
        let path = path.to_str().unwrap();
        for args in [["review", "--game", path], ["analyze", "--game", path]] {
            let output = binary().args(args).output().unwrap();
            assert_eq!(output.status.code(), Some(1), "{args:?}");
            assert!(
                stderr(&output).contains(message),
                "{args:?} {moves}: {}",
                stderr(&output)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&home);
}
