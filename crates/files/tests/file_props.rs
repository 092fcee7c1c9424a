//! Property tests of the files the app reads: saved games and the
//! learners' states, as written, as spelt by hand (every way of writing a
//! position, a position given twice) and mutated at random. Reading never
//! panics, takes what it should and round-trips it, refuses what it should,
//! and its messages are safe to print and short. `PROPTEST_CASES=100000
//! cargo test --release -p tictactoe-files file_props` runs more.

use super::common;

use std::collections::BTreeMap;

use proptest::prelude::*;
use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::menace::Menace;
use tictactoe_engine::learners::{Learner, LearnerState, position};
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_files::learner_state::LearnerFile;
use tictactoe_files::saved_game::SavedGame;

/// Cases per property: `PROPTEST_CASES`, or 256.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(256)
}

/// The longest message a refusal may be: its words, two echoes of at most
/// 80 characters and a JSON reader's message of at most 160.
const MESSAGE_CHARS: usize = 400;

/// A refusal's message: printable, and short whatever the file held.
fn check_message(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        !message
            .chars()
            .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{202e}' | '\u{feff}')),
        "{:?}",
        message
    );
    prop_assert!(
        message.chars().count() <= MESSAGE_CHARS,
        "{} characters: {:?}",
        message.chars().count(),
        message
    );
    Ok(())
}

/// A saved game with moves.
const GAME: &str = r#"{
  "format": "tictactoe-game",
  "version": 1,
  "size": "4x4",
  "players": {
    "x": { "player": "alphabeta-tt", "difficulty": "3" },
    "o": { "player": "human", "difficulty": "hard" }
  },
  "seed": 42,
  "start": "..../.x../..../....",
  "moves": [0, 15, 3]
}
"#;

/// Characters that make and break JSON and positions, and some a
/// terminal would act on.
fn noise() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '{', '}', '[', ']', '"', ':', ',', '\\', '.', '-', '/', 'x', 'X', 'o', '0', '9', 'e',
            ' ', '\n', '\u{1b}', '\u{7}', '\0', '\u{2028}', '\u{202e}', '\u{feff}', 'é',
        ]),
        any::<char>(),
    ]
}

/// An edit of a text: at a place (a fraction of its length), cut some
/// characters and put others in.
fn edits() -> impl Strategy<Value = Vec<(f64, usize, String)>> {
    prop::collection::vec(
        (
            0.0..1.0f64,
            0usize..4,
            prop::collection::vec(noise(), 0..6).prop_map(String::from_iter),
        ),
        1..5,
    )
}

fn edited(text: &str, edits: &[(f64, usize, String)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (place, cut, put) in edits {
        let at = ((chars.len() as f64) * place) as usize;
        let end = (at + cut).min(chars.len());
        chars.splice(at..end, put.chars());
    }
    chars.into_iter().collect()
}

/// Every canonical unfinished 3x3 position, by code.
fn canonical_positions() -> Vec<u16> {
    let mut codes: Vec<u16> = common::open_positions()
        .iter()
        .map(position::canonical)
        .map(|canonical| canonical.code)
        .collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

/// A way of writing a position: each stone in either case, empty cells as
/// `.` or `-`, with or without slashes, with white space around.
#[derive(Debug, Clone)]
struct Spelling {
    upper: Vec<bool>,
    dashes: Vec<bool>,
    slashes: bool,
    around: &'static str,
}

fn spelling() -> impl Strategy<Value = Spelling> {
    (
        prop::collection::vec(any::<bool>(), 9),
        prop::collection::vec(any::<bool>(), 9),
        any::<bool>(),
        prop::sample::select(vec!["", "", "", " ", "\t", "\n "]),
    )
        .prop_map(|(upper, dashes, slashes, around)| Spelling {
            upper,
            dashes,
            slashes,
            around,
        })
}

fn spelt(code: u16, spelling: &Spelling) -> String {
    let cells: String = position::board(code)
        .to_string()
        .chars()
        .filter(|&c| c != '/')
        .enumerate()
        .map(|(cell, c)| match c {
            '.' if spelling.dashes[cell] => '-',
            'x' | 'o' if spelling.upper[cell] => c.to_ascii_uppercase(),
            c => c,
        })
        .collect();
    let rows = if spelling.slashes {
        format!("{}/{}/{}", &cells[..3], &cells[3..6], &cells[6..])
    } else {
        cells
    };
    format!("{0}{rows}{0}", spelling.around)
}

/// A state file's entries: positions (by index into the canonical ones),
/// each spelt some way, with a value; some given again, spelt anew.
fn entries<V: std::fmt::Debug + Clone + 'static>(
    count: usize,
    value: impl Strategy<Value = V> + Clone + 'static,
) -> impl Strategy<Value = Vec<(u16, String, V)>> {
    let codes = canonical_positions();
    prop::collection::vec(
        (
            prop::sample::select(codes),
            spelling(),
            value,
            prop::option::weighted(0.03, spelling()),
        ),
        0..count,
    )
    .prop_map(|drawn| {
        let mut entries = Vec::new();
        for (code, first, value, again) in drawn {
            entries.push((code, spelt(code, &first), value.clone()));
            if let Some(again) = again {
                entries.push((code, spelt(code, &again), value));
            }
        }
        entries
    })
}

/// The JSON object of `entries`, each value written by `write`.
fn object<V>(entries: &[(u16, String, V)], write: impl Fn(&V) -> String) -> String {
    let fields: Vec<String> = entries
        .iter()
        .map(|(_, key, value)| format!("{}: {}", serde_json::to_string(key).unwrap(), write(value)))
        .collect();
    format!("{{{}}}", fields.join(", "))
}

/// Why a file of `entries` must be refused: a position that comes twice
/// (looked for first), else the first that `never_faced` names.
fn refusal<V>(
    entries: &[(u16, String, V)],
    never_faced: impl Fn(u16) -> Option<&'static str>,
) -> Option<&'static str> {
    let mut seen = std::collections::BTreeSet::new();
    if !entries.iter().all(|(code, _, _)| seen.insert(*code)) {
        return Some("given twice");
    }
    entries.iter().find_map(|(code, _, _)| never_faced(*code))
}

/// Checks what reading `text` gave: refused with a safe message when
/// `refuse` says why, else the learner `expected` holds, which its own
/// file reads back as.
fn check_state(
    text: &str,
    refuse: Option<&str>,
    games: u64,
    expected: impl Fn(&LearnerState) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    match (LearnerState::from_json(text), refuse) {
        (Err(error), Some(why)) => {
            check_message(&error)?;
            prop_assert!(error.contains(why), "{} for {}", error, text);
        }
        (Ok(state), None) => {
            prop_assert_eq!(state.games, games);
            expected(&state)?;
            prop_assert_eq!(LearnerState::from_json(&state.to_json()), Ok(state));
        }
        (read, _) => prop_assert!(false, "{:?} for {}", read, text),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// A saved game edited at random: read or refused, never a panic; one
    /// read writes back as a file that reads the same; a refusal is safe
    /// to print and short.
    #[test]
    fn a_saved_game_edited_at_random_is_read_whole_or_refused_safely(edits in edits()) {
        let text = edited(GAME, &edits);
        match SavedGame::from_json(&text) {
            Ok(game) => {
                prop_assert_eq!(SavedGame::from_json(&game.to_json()).ok(), Some(game));
            }
            Err(error) => check_message(&error.to_string())?,
        }
    }

    /// TD's values, each position spelt any way: read when every position
    /// comes once, with exactly these values; refused when one comes twice
    /// or is the empty board, where no move leads.
    #[test]
    fn td_values_are_read_exactly_and_a_position_given_twice_refused(
        entries in entries(20, (0u32..=1000).prop_map(|n| n as f32 / 1000.0)),
        games in any::<u64>(),
    ) {
        let text = format!(
            r#"{{"format": "tictactoe-learner", "version": 1, "learner": "td", "games": {games}, "values": {}}}"#,
            object(&entries, |value| serde_json::to_string(value).unwrap())
        );
        let refuse = refusal(&entries, |code| {
            (code == 0).then_some("TD keeps none for the empty board")
        });
        check_state(&text, refuse, games, |state| {
            let Learner::Td(td) = &state.learner else {
                return Err(TestCaseError::fail("not TD"));
            };
            let read: BTreeMap<u16, f32> = td.values().collect();
            let expected: BTreeMap<u16, f32> =
                entries.iter().map(|(code, _, value)| (*code, *value)).collect();
            prop_assert_eq!(read, expected);
            Ok(())
        })?;
    }

    /// MENACE's boxes, each position spelt any way, with beads on the
    /// cells that have their own: read when every position comes once and
    /// has a box, refused when one comes twice or is X's last move.
    #[test]
    fn menace_boxes_are_read_exactly_and_a_position_given_twice_refused(
        entries in entries(20, prop::collection::vec(0u16..500, 9)),
        refill in any::<bool>(),
    ) {
        // Beads only where the box keeps them.
        let entries: Vec<(u16, String, [u16; 9])> = entries
            .into_iter()
            .map(|(code, key, beads)| {
                let distinct = position::distinct_cells(code);
                let beads = std::array::from_fn(|cell| {
                    if distinct & 1 << cell != 0 { beads[cell] } else { 0 }
                });
                (code, key, beads)
            })
            .collect();
        let text = format!(
            r#"{{"format": "tictactoe-learner", "version": 1, "learner": "menace", "games": 3, "refill": {refill}, "boxes": {}}}"#,
            object(&entries, |beads| serde_json::to_string(beads).unwrap())
        );
        let refuse = refusal(&entries, |code| {
            (!Menace::has_box(position::board(code).stone_count()))
                .then_some("not a box MENACE keeps")
        });
        check_state(&text, refuse, 3, |state| {
            let Learner::Menace(menace) = &state.learner else {
                return Err(TestCaseError::fail("not MENACE"));
            };
            let expected: BTreeMap<u16, [u16; 9]> =
                entries.iter().map(|(code, _, beads)| (*code, *beads)).collect();
            prop_assert_eq!(menace.boxes(), &expected);
            prop_assert_eq!(menace.refill, refill);
            Ok(())
        })?;
    }

    /// A state file edited at random: read or refused, never a panic; one
    /// read writes back as a file that reads the same; a refusal is safe
    /// to print and short.
    #[test]
    fn a_state_edited_at_random_is_read_whole_or_refused_safely(
        entries in entries(6, (0u32..=1000).prop_map(|n| n as f32 / 1000.0)),
        edits in edits(),
    ) {
        let text = format!(
            r#"{{"format": "tictactoe-learner", "version": 1, "learner": "td", "games": 9, "values": {}}}"#,
            object(&entries, |value| serde_json::to_string(value).unwrap())
        );
        let text = edited(&text, &edits);
        match LearnerState::from_json(&text) {
            Ok(state) => {
                // Every position it holds is one TD can reach after a move.
                if let Learner::Td(td) = &state.learner {
                    for (code, value) in td.values() {
                        let board: Board = position::board(code);
                        prop_assert!(board.stone_count() > 0 && board.outcome() == Outcome::Ongoing);
                        prop_assert!((0.0..=1.0).contains(&value));
                    }
                }
                prop_assert_eq!(LearnerState::from_json(&state.to_json()), Ok(state));
            }
            Err(error) => check_message(&error)?,
        }
    }
}

#[test]
fn a_fresh_state_of_each_learner_round_trips() {
    for kind in [PlayerKind::Menace, PlayerKind::Td] {
        let state = LearnerState::fresh(kind, Shape::TIC_TAC_TOE).unwrap();
        assert_eq!(LearnerState::from_json(&state.to_json()), Ok(state));
    }
}
