//! The save file: a game's players, seed, start position and played moves
//! as a small JSON document, meant to be readable and editable by hand.
//!
//! ```json
//! {
//!   "format": "tictactoe-game",
//!   "version": 2,
//!   "size": "3x3",
//!   "players": {
//!     "x": { "player": "alphabeta", "difficulty": "hard" },
//!     "o": { "player": "human", "difficulty": "hard" }
//!   },
//!   "seed": 42,
//!   "start": ".../.../...",
//!   "moves": [4, 0, 8],
//!   "searches": [
//!     null,
//!     null,
//!     null
//!   ]
//! }
//! ```
//!
//! - `format` is always `"tictactoe-game"`, and `version` 2 (1 is still
//!   read: it has no `searches`): a file of a newer version is refused
//!   rather than half understood.
//! - `size`: the board, width x height: `"3x3"`, `"7x6"`, each side from 3
//!   to 8.
//! - `in_a_row`: stones in a row that win, 3 to 6; `gravity`: whether a
//!   stone drops to the lowest free cell of its column (`true` or
//!   `false`). Written for every board but the three square ones the app
//!   began with (3x3 with three in a row, 4x4 and 5x5 with four, no
//!   gravity), whose files stay as they were; without them `size` alone
//!   says the board as the command line reads it (`7x6` is Connect Four).
//! - `players`: X's and O's player by short name (as `tictactoe players`
//!   lists them) and difficulty: `"easy"`, `"medium"`, `"hard"` or a
//!   depth from `"1"` to `"25"` (a number is taken too). Every player has
//!   one, though only the search players use it.
//! - `seed`: the game's seed, a whole number from 0 to 2^64 - 1.
//! - `start`: the position the game started from, in the command line's
//!   notation (rows of `x`, `o` and `.`, with `/` between them).
//! - `moves`: the cells played since, numbered from 0 row by row. Only the
//!   moves on the board are saved, not those taken back.
//! - `searches`: one entry per move: the search that chose it, as the
//!   command line's `--json` writes a report (`{"player": "alphabeta",
//!   "side": "x", "position": ".../.../...", "best": 4, ...}`), or `null`
//!   where a person moved or no search was kept. Each must be of that move's position and side, by that side's
//!   player, and have chosen the move played.
//!
//! Every field is required and no other is allowed, so a misspelt name is
//! named rather than ignored. Reading checks everything a game needs: the
//! start position must be possible and of the stated size, every move legal
//! in turn, and none after the game is over. A refusal names the field,
//! the move (counted from 1) or the line and column of the problem.

use std::fmt;
use std::io;
use std::path::Path;

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;

use super::whole::{self, ReadError, json_error, json_message};
use tictactoe_engine::board::{Board, BoardError};
use tictactoe_engine::geometry::{Shape, UnknownShape};
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::player_kind::{UnknownDifficulty, UnknownPlayer};
use tictactoe_engine::report::SearchReport;
use tictactoe_tools::history::GameRecord;
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::i18n::{fill, gettext};

/// The value of `format` in every saved game.
pub const FORMAT: &str = "tictactoe-game";

/// The format version this app writes, and the newest it reads.
pub const VERSION: u64 = 2;

/// The first version that saves the searches.
const SEARCHES_SINCE: u64 = 2;

/// The largest file `SavedGame::read` takes. A saved game is a few hundred
/// bytes, so anything near this is something else.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// A game as saved: who played, its seed, its record (only the played
/// moves are saved; taken-back ones are not) and the searches shown.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedGame {
    /// X's player and difficulty, then O's.
    pub players: [(PlayerKind, Difficulty); 2],
    pub seed: u64,
    pub record: GameRecord,
    /// The search behind each played move, in order; `None` where a
    /// person moved (or the file is of version 1). As long as the record.
    pub searches: Vec<Option<SearchReport>>,
}

/// Why a saved game could not be read.
#[derive(Debug)]
pub enum SavedGameError {
    /// The file could not be opened or read.
    Read(io::Error),
    /// The file holds more than `MAX_FILE_BYTES`.
    TooLarge,
    /// The file is not UTF-8 text: the 1-based offset of the first bad byte.
    NotUtf8 { byte: usize },
    /// The file was saved in a format version newer than `VERSION`.
    NewerVersion(u64),
    /// Anything else that makes the text no saved game, or an impossible
    /// one, in words that name the field or move.
    Invalid(String),
}

impl fmt::Display for SavedGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedGameError::Read(error) => f.write_str(&fill(
                &gettext("cannot read the file: {error}"),
                &[("error", error)],
            )),
            SavedGameError::TooLarge => f.write_str(&fill(
                &gettext(
                    "not a saved game: larger than {size} MiB, and a saved game is a few hundred bytes",
                ),
                &[("size", &(MAX_FILE_BYTES >> 20))],
            )),
            SavedGameError::NotUtf8 { byte } => f.write_str(&fill(
                &gettext("not a saved game: not UTF-8 text (byte {byte} is invalid)"),
                &[("byte", byte)],
            )),
            SavedGameError::NewerVersion(version) => f.write_str(&fill(
                &gettext(
                    "version {version} is newer than this version of the app reads ({current})",
                ),
                &[("version", version), ("current", &VERSION)],
            )),
            SavedGameError::Invalid(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for SavedGameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SavedGameError::Read(error) => Some(error),
            _ => None,
        }
    }
}

fn invalid(message: impl Into<String>) -> SavedGameError {
    SavedGameError::Invalid(message.into())
}

/// A value from the file as JSON, safe to echo and cut.
fn echo(value: &Value) -> String {
    escape_text(&value.to_string(), ECHO_CHARS)
}

/// The layout of a saved game, read by serde after the format and version
/// are known, so that it names a misspelt or doubled field with its line.
/// Values are checked afterwards, with messages that name their field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, expecting = "a saved game (a JSON object)")]
struct GameFields {
    // Checked before; here so that the layout allows them, once.
    #[serde(rename = "format")]
    _format: Option<IgnoredAny>,
    #[serde(rename = "version")]
    _version: Option<IgnoredAny>,
    size: Option<Value>,
    in_a_row: Option<Value>,
    gravity: Option<Value>,
    players: Option<PlayersFields>,
    seed: Option<Value>,
    start: Option<Value>,
    moves: Option<Value>,
    searches: Option<Value>,
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "the players: {\"x\": {...}, \"o\": {...}}"
)]
struct PlayersFields {
    x: Option<PlayerFields>,
    o: Option<PlayerFields>,
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a player: {\"player\": \"alphabeta\", \"difficulty\": \"hard\"}"
)]
struct PlayerFields {
    player: Option<Value>,
    difficulty: Option<Value>,
}

/// The field `name`, or the message that it is missing.
fn required<T>(field: Option<T>, name: &str) -> Result<T, String> {
    // Translators: {name} is a field of the file, such as "seed", which
    // stays as it is written.
    field.ok_or_else(|| fill(&gettext("missing \"{name}\""), &[("name", &name)]))
}

/// The first checks: JSON, an object, the format and a version this app
/// reads. Done on a plain JSON value, so that another JSON file, or a
/// newer version with fields this one does not know, is called what it is.
fn check_format_and_version(text: &str) -> Result<u64, SavedGameError> {
    if text.trim().is_empty() {
        return Err(invalid(gettext("not a saved game: the file is empty")));
    }
    let value: Value = serde_json::from_str(text).map_err(|error| {
        invalid(fill(
            // Translators: {error} is the JSON reader's own message, in English.
            &gettext("not a saved game: expected JSON (line {line}, column {column}: {error})"),
            &[
                ("line", &error.line()),
                ("column", &error.column()),
                ("error", &json_message(&error)),
            ],
        ))
    })?;
    let Value::Object(fields) = &value else {
        return Err(invalid(fill(
            // Translators: {value} is the file's text, as JSON.
            &gettext("not a saved game: expected a JSON object, not {value}"),
            &[("value", &echo(&value))],
        )));
    };
    match fields.get("format") {
        Some(Value::String(format)) if format == FORMAT => {}
        None => {
            return Err(invalid(fill(
                &gettext("not a saved game: missing \"format\": \"{format}\""),
                &[("format", &FORMAT)],
            )));
        }
        Some(other) => {
            return Err(invalid(fill(
                &gettext("not a saved game: \"format\" is {value}, not \"{format}\""),
                &[("value", &echo(other)), ("format", &FORMAT)],
            )));
        }
    }
    let version = required(fields.get("version"), "version").map_err(invalid)?;
    match version.as_u64() {
        Some(known @ 1..=VERSION) => Ok(known),
        Some(newer) if newer > VERSION => Err(SavedGameError::NewerVersion(newer)),
        _ => Err(invalid(fill(
            &gettext("\"version\" must be a whole number from 1 up, not {value}"),
            &[("value", &echo(version))],
        ))),
    }
}

/// The board from `size` (`"7x6"`) and, where given, `in_a_row` and
/// `gravity`.
fn parse_shape(
    size: Value,
    in_a_row: Option<Value>,
    gravity: Option<Value>,
) -> Result<Shape, SavedGameError> {
    let mut shape: Shape = match &size {
        Value::String(text) if text.contains(['x', 'X']) => text
            .parse()
            .map_err(|error: UnknownShape| invalid(format!("\"size\": {}", error.words())))?,
        _ => {
            return Err(invalid(fill(
                &gettext("\"size\" must be width x height such as \"3x3\" or \"7x6\", not {value}"),
                &[("value", &echo(&size))],
            )));
        }
    };
    if let Some(value) = in_a_row {
        let count = value
            .as_u64()
            .and_then(|count| usize::try_from(count).ok())
            .and_then(|count| shape.with_in_a_row(count).ok());
        shape = count.ok_or_else(|| {
            invalid(fill(
                &gettext(
                    "\"in_a_row\" must be a whole number from 3 to 6 and no more than the longer side, not {value}",
                ),
                &[("value", &echo(&value))],
            ))
        })?;
    }
    if let Some(value) = gravity {
        let Value::Bool(gravity) = value else {
            return Err(invalid(fill(
                &gettext("\"gravity\" must be true or false, not {value}"),
                &[("value", &echo(&value))],
            )));
        };
        shape = shape.with_gravity(gravity);
    }
    Ok(shape)
}

/// One side's player and difficulty; `side` is "X" or "O".
fn parse_player(
    fields: Option<PlayerFields>,
    side: &str,
) -> Result<(PlayerKind, Difficulty), SavedGameError> {
    let fields = required(fields, &side.to_ascii_lowercase())
        .map_err(|error| invalid(format!("\"players\": {error}")))?;
    let here = |error: String| {
        invalid(fill(
            // Translators: {side} is X or O; {problem} what is wrong with the
            // player's fields.
            &gettext("{side}'s player: {problem}"),
            &[("side", &side), ("problem", &error)],
        ))
    };
    let kind = match required(fields.player, "player").map_err(here)? {
        Value::String(name) => name
            .parse()
            .map_err(|error: UnknownPlayer| here(error.words()))?,
        other => {
            return Err(here(fill(
                &gettext("\"player\" must be a short name such as \"alphabeta\", not {value}"),
                &[("value", &echo(&other))],
            )));
        }
    };
    let difficulty = match required(fields.difficulty, "difficulty").map_err(here)? {
        Value::String(text) => text
            .parse()
            .map_err(|error: UnknownDifficulty| here(error.words()))?,
        Value::Number(depth) => depth
            .to_string()
            .parse()
            .map_err(|error: UnknownDifficulty| here(error.words()))?,
        other => {
            return Err(here(fill(
                &gettext(
                    // Translators: easy, medium and hard are the values the
                    // file takes, which stay as they are written.
                    "\"difficulty\" must be easy, medium, hard or a depth from 1 to 25, not {value}",
                ),
                &[("value", &echo(&other))],
            )));
        }
    };
    Ok((kind, difficulty))
}

fn parse_seed(value: Value) -> Result<u64, SavedGameError> {
    value.as_u64().ok_or_else(|| {
        invalid(fill(
            &gettext("\"seed\" must be a whole number from 0 to {max}, not {value}"),
            &[("max", &u64::MAX), ("value", &echo(&value))],
        ))
    })
}

fn parse_start(value: Value, shape: Shape) -> Result<Board, SavedGameError> {
    match &value {
        Value::String(text) => Board::parse_on(shape, text).map_err(|error: BoardError| {
            invalid(fill(
                &gettext("start position: {error}"),
                &[("error", &error.words())],
            ))
        }),
        _ => Err(invalid(fill(
            &gettext("\"start\" must be a position such as \".../.x./...\", not {value}"),
            &[("value", &echo(&value))],
        ))),
    }
}

/// The record of `moves` played from `start`, each checked in turn.
fn parse_moves(value: Value, start: Board) -> Result<GameRecord, SavedGameError> {
    let Value::Array(moves) = value else {
        return Err(invalid(fill(
            &gettext("\"moves\" must be a list of cells such as [4, 0, 8], not {value}"),
            &[("value", &echo(&value))],
        )));
    };
    let mut record = GameRecord::new(start);
    for (index, item) in moves.iter().enumerate() {
        let number = index + 1;
        let Some(cell) = item.as_u64().and_then(|cell| usize::try_from(cell).ok()) else {
            return Err(invalid(fill(
                &gettext(
                    "move {number}: {value} is not a cell number (the file numbers cells 0-{last})",
                ),
                &[
                    ("number", &number),
                    ("value", &echo(item)),
                    ("last", &(start.cells() - 1)),
                ],
            )));
        };
        match record.play(cell) {
            Ok(_) => {}
            Err(BoardError::GameOver(outcome)) => {
                return Err(invalid(fill(
                    &gettext("move {number}: the game was already over ({outcome})"),
                    &[("number", &number), ("outcome", &outcome.words())],
                )));
            }
            Err(error) => {
                return Err(invalid(fill(
                    // The error names the cell from 1; the file's own
                    // number (from 0) is for whoever mends the file.
                    &gettext("move {number} (saved as {saved}): {error}"),
                    &[
                        ("number", &number),
                        ("saved", &cell),
                        ("error", &error.words()),
                    ],
                )));
            }
        }
    }
    Ok(record)
}

/// The searches of `record`'s moves from `value` (absent before version
/// 2), each checked against its move: a hand-edited search that did not
/// choose the move played is refused, named by the move (from 1).
fn parse_searches(
    value: Option<Value>,
    version: u64,
    record: &GameRecord,
    players: [(PlayerKind, Difficulty); 2],
) -> Result<Vec<Option<SearchReport>>, SavedGameError> {
    if version < SEARCHES_SINCE {
        if value.is_some() {
            return Err(invalid(fill(
                &gettext("\"searches\" needs version {version} or later"),
                &[("version", &SEARCHES_SINCE)],
            )));
        }
        return Ok(vec![None; record.len()]);
    }
    let value = required(value, "searches").map_err(invalid)?;
    let searches = match value {
        Value::Array(searches) if searches.len() == record.len() => searches,
        _ => {
            return Err(invalid(fill(
                &gettext(
                    "\"searches\" must be a list of one search or null per move ({moves}), not {value}",
                ),
                &[("moves", &record.len()), ("value", &echo(&value))],
            )));
        }
    };
    let moves = record.played_with_positions();
    searches
        .into_iter()
        .zip(moves)
        .enumerate()
        .map(|(index, (search, (before, cell)))| {
            if search.is_null() {
                return Ok(None);
            }
            let side = before.side_to_move();
            serde_json::from_value::<SearchReport>(search)
                .ok()
                .and_then(SearchReport::restored)
                .filter(|report| {
                    report.position == before.to_string()
                        && report.side == side
                        && report.player == players[side.index()].0
                        && report.best == Some(cell)
                })
                .map(Some)
                .ok_or_else(|| {
                    invalid(fill(
                        &gettext("move {number}: its saved search is not the search that chose it"),
                        &[("number", &(index + 1))],
                    ))
                })
        })
        .collect()
}

impl SavedGame {
    pub fn shape(&self) -> Shape {
        self.record.start().shape()
    }

    /// The save file's text: the layout of the module's example, ending
    /// with a newline.
    pub fn to_json(&self) -> String {
        let quoted = |text: &str| serde_json::to_string(text).expect("a string serialises");
        let player = |(kind, difficulty): (PlayerKind, Difficulty)| {
            format!(
                "{{ \"player\": {}, \"difficulty\": {} }}",
                quoted(kind.name()),
                quoted(&difficulty.name())
            )
        };
        let moves: Vec<String> = self.record.played().iter().map(usize::to_string).collect();
        // One per played move, whatever was taken back since.
        let searches: Vec<String> = (0..self.record.len())
            .map(|index| self.searches.get(index).and_then(Option::as_ref))
            .map(|search| serde_json::to_string(&search).expect("a report serialises"))
            .collect();
        let searches = if searches.is_empty() {
            String::new()
        } else {
            format!("\n    {}\n  ", searches.join(",\n    "))
        };
        format!(
            "{{\n  \"format\": {},\n  \"version\": {VERSION},\n  \"size\": \"{width}x{height}\",\n  \
             {rules}\
             \"players\": {{\n    \"x\": {},\n    \"o\": {}\n  }},\n  \"seed\": {},\n  \
             \"start\": {},\n  \"moves\": [{}],\n  \"searches\": [{searches}]\n}}\n",
            quoted(FORMAT),
            player(self.players[0]),
            player(self.players[1]),
            self.seed,
            quoted(&self.record.start().to_string()),
            moves.join(", "),
            width = self.shape().width(),
            height = self.shape().height(),
            rules = if Shape::SQUARES.contains(&self.shape()) {
                String::new()
            } else {
                format!(
                    "\"in_a_row\": {},\n  \"gravity\": {},\n  ",
                    self.shape().in_a_row(),
                    self.shape().gravity()
                )
            },
        )
    }

    /// Reads a saved game's text, checking everything (see the module's
    /// documentation); the first problem found is the error.
    pub fn from_json(text: &str) -> Result<SavedGame, SavedGameError> {
        // Some editors start UTF-8 files with a byte order mark, which JSON
        // readers may ignore.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let version = check_format_and_version(text)?;
        let fields: GameFields =
            serde_json::from_str(text).map_err(|error| invalid(json_error(&error)))?;
        let shape = parse_shape(
            required(fields.size, "size").map_err(invalid)?,
            fields.in_a_row,
            fields.gravity,
        )?;
        let players = required(fields.players, "players").map_err(invalid)?;
        let players = [parse_player(players.x, "X")?, parse_player(players.o, "O")?];
        let seed = parse_seed(required(fields.seed, "seed").map_err(invalid)?)?;
        let start = parse_start(required(fields.start, "start").map_err(invalid)?, shape)?;
        let record = parse_moves(required(fields.moves, "moves").map_err(invalid)?, start)?;
        let searches = parse_searches(fields.searches, version, &record, players)?;
        Ok(SavedGame {
            players,
            seed,
            record,
            searches,
        })
    }

    /// Reads a saved game from a regular file of at most
    /// `MAX_FILE_BYTES` (`whole::read_text`).
    pub fn read(path: &Path) -> Result<SavedGame, SavedGameError> {
        let text = whole::read_text(path, MAX_FILE_BYTES).map_err(|error| match error {
            ReadError::Io(error) => SavedGameError::Read(error),
            ReadError::TooLarge => SavedGameError::TooLarge,
            ReadError::NotUtf8 { byte } => SavedGameError::NotUtf8 { byte },
        })?;
        SavedGame::from_json(&text)
    }

    /// Saves the game to `path`, whole or not at all
    /// (`whole::write_whole`).
    pub fn write(&self, path: &Path) -> io::Result<()> {
        whole::write_whole(path, self.to_json().as_bytes())
    }
}
