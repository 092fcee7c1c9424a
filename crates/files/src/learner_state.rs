//! The learners' state files: JSON small enough to read,
//!
//! ```json
//! { "format": "tictactoe-learner", "version": 1, "learner": "menace",
//!   "games": 2000, "refill": false,
//!   "boxes": { ".../.../...": [4, 4, 0, 0, 4, 0, 0, 0, 0], ... } }
//! { "format": "tictactoe-learner", "version": 1, "learner": "td",
//!   "games": 200000, "values": { "x../.../...": 0.5, ... } }
//! { "format": "tictactoe-learner", "version": 1, "learner": "neural",
//!   "games": 1000, "network": { "cells": 9, "inputs": 18, "hidden": 64,
//!   "outputs": 9, "parameters": [0.0123, ...] } }
//! ```
//!
//! Positions are canonical (the smallest of their eight symmetric forms,
//! as `position` numbers them), written in the command line's notation;
//! a MENACE box lists beads per cell from 0, a value is the expected
//! result for the side that just moved (1 win, 0.5 draw, 0 loss); a
//! network's parameters are its weights and biases layer by layer, as
//! `network::Network` keeps them, and must fit its shape. Reading
//! checks all of it and refuses anything else, naming the problem (a
//! position given twice, in any spelling, or one the learner never faces
//! too); a file refused is never written over: `set_aside` renames it
//! first.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tictactoe_engine::board::{Board, BoardError, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::menace::Menace;
use tictactoe_engine::learners::network::{Layers, Network};
use tictactoe_engine::learners::td::Td;
use tictactoe_engine::learners::{Learner, LearnerState, position};
use tictactoe_engine::player_kind::PlayerKind;

use super::whole::{self, ReadError};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::i18n::{fill, gettext};

/// The value of `format` in every state file.
pub const FORMAT: &str = "tictactoe-learner";
/// The state file version this app writes and reads.
pub const VERSION: u64 = 1;
/// The largest state file read; a full TD table is about 200 kB, a
/// network about 80 kB.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// A learner's state as a file.
pub trait LearnerFile: Sized {
    /// The state as its file's JSON text.
    fn to_json(&self) -> String;
    /// Reads a state from its JSON text, checking every field.
    fn from_json(text: &str) -> Result<Self, String>;
    /// Reads a state from a regular file of at most `MAX_FILE_BYTES`.
    fn read(path: &Path) -> Result<Self, StateError>;
    /// Saves the state to `path`, whole or not at all, making its
    /// directory if need be (through a symbolic link).
    fn write(&self, path: &Path) -> io::Result<()>;
}

impl LearnerFile for LearnerState {
    /// The state as its file's JSON text.
    fn to_json(&self) -> String {
        let position = |code: u16| position::board(code).to_string();
        let file = match &self.learner {
            Learner::Menace(menace) => StateFile {
                format: FORMAT.into(),
                version: VERSION,
                learner: PlayerKind::Menace.name().into(),
                board: Some(self.shape()),
                games: self.games,
                refill: Some(menace.refill),
                boxes: Some(Positions::sorted(
                    menace
                        .boxes()
                        .iter()
                        .map(|(&code, beads)| (position(code), *beads)),
                )),
                values: None,
                network: None,
            },
            Learner::Td(td) => StateFile {
                format: FORMAT.into(),
                version: VERSION,
                learner: PlayerKind::Td.name().into(),
                board: Some(self.shape()),
                games: self.games,
                refill: None,
                boxes: None,
                values: Some(Positions::sorted(
                    td.values().map(|(code, value)| (position(code), value)),
                )),
                network: None,
            },
            Learner::Neural(network) => StateFile {
                format: FORMAT.into(),
                version: VERSION,
                learner: PlayerKind::Neural.name().into(),
                board: Some(self.shape()),
                games: self.games,
                refill: None,
                boxes: None,
                values: None,
                network: Some(NetworkFile {
                    cells: network.layers().cells,
                    inputs: network.layers().inputs(),
                    hidden: network.layers().hidden,
                    outputs: Some(network.layers().outputs),
                    parameters: network.parameters().to_vec(),
                }),
            },
        };
        serde_json::to_string_pretty(&file).expect("plain data serialises") + "\n"
    }

    /// Reads a state from its JSON text, checking every field.
    fn from_json(text: &str) -> Result<LearnerState, String> {
        let file: StateFile =
            serde_json::from_str(text).map_err(|error| whole::json_error(&error))?;
        if file.format != FORMAT {
            return Err(fill(
                &gettext("not a learner's state: format is '{format}', not '{expected}'"),
                &[
                    ("format", &escape_text(&file.format, ECHO_CHARS)),
                    ("expected", &FORMAT),
                ],
            ));
        }
        if file.version != VERSION {
            return Err(fill(
                &gettext("version {version} is not one this app reads (it reads {expected})"),
                &[("version", &file.version), ("expected", &VERSION)],
            ));
        }
        let board = file.board.unwrap_or(Shape::TIC_TAC_TOE);
        if let Ok(kind) = file.learner.parse::<PlayerKind>()
            && let Err(refusal) = kind.check_shape(board)
        {
            return Err(refusal.words());
        }
        let learner = match (file.learner.as_str(), file.boxes, file.values, file.network) {
            ("neural", None, None, Some(network)) if file.refill.is_none() => {
                Learner::Neural(network.checked(board)?)
            }
            ("menace", Some(boxes), None, None) => {
                let mut menace = Menace::new(file.refill.unwrap_or(false));
                for (code, text, beads) in boxes.checked()? {
                    let board = position::board(code);
                    let distinct = position::distinct_cells(code);
                    let stray = (0..position::CELLS)
                        .find(|&cell| beads[cell] > 0 && distinct & 1 << cell == 0);
                    if !Menace::has_box(board.stone_count()) || stray.is_some() {
                        return Err(fill(
                            &gettext("box {position}: not a box MENACE keeps"),
                            &[("position", &echo(text))],
                        ));
                    }
                    menace.insert_box(code, *beads);
                }
                Learner::Menace(menace)
            }
            ("td", None, Some(values), None) if file.refill.is_none() => {
                let mut td = Td::default();
                for (code, text, value) in values.checked()? {
                    if code == 0 {
                        return Err(fill(
                            &gettext(
                                "value of {position}: TD keeps none for the empty board, which no move leads to",
                            ),
                            &[("position", &echo(text))],
                        ));
                    }
                    if !(0.0..=1.0).contains(value) {
                        return Err(fill(
                            &gettext("value of {position}: {value} is not between 0 and 1"),
                            &[("position", &echo(text)), ("value", &value)],
                        ));
                    }
                    td.insert(code, *value);
                }
                Learner::Td(td)
            }
            (name, ..) => {
                return Err(fill(
                    &gettext(
                        "learner '{name}' with these fields is not one this app knows: menace has boxes, td has values, neural has a network",
                    ),
                    &[("name", &escape_text(name, ECHO_CHARS))],
                ));
            }
        };
        Ok(LearnerState {
            learner,
            games: file.games,
        })
    }

    /// Reads a state from a regular file of at most `MAX_FILE_BYTES`
    /// (`whole::read_text`).
    fn read(path: &Path) -> Result<LearnerState, StateError> {
        let text = whole::read_text(path, MAX_FILE_BYTES).map_err(|error| match error {
            ReadError::Io(error) => StateError::Read(error),
            other => StateError::Invalid(other.to_string()),
        })?;
        LearnerState::from_json(&text).map_err(StateError::Invalid)
    }

    /// Saves the state to `path`, whole or not at all, making its
    /// directory if need be (`whole::write_whole`, through a symbolic
    /// link).
    /// A state that would not read back (a network trained into NaN,
    /// which JSON writes as null) is not written: the old file stays.
    fn write(&self, path: &Path) -> io::Result<()> {
        let json = self.to_json();
        let finite = match &self.learner {
            Learner::Neural(network) => finite(network.parameters()),
            _ => Ok(()),
        };
        if let Err(problem) = finite.and_then(|()| LearnerState::from_json(&json).map(drop)) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                fill(
                    &gettext("{problem}: it would not read back, so the file was left as it is"),
                    &[("problem", &problem)],
                ),
            ));
        }
        whole::make_directories_for(path)?;
        whole::write_whole(path, json.as_bytes())
    }
}

/// A learner's state file held by one trainer, from before it reads the
/// state until it has saved it: a second trainer of the same file (the
/// command line's `train`, the window's Training) is refused instead of
/// saving over the first one's games. An advisory lock (`flock`) on
/// `.<name>.lock` beside the file (through its links), which the kernel
/// lets go when the process ends, however it ends; dropping it lets go.
#[derive(Debug)]
pub struct TrainingLock {
    file: fs::File,
    path: PathBuf,
}

/// The lock file goes while still locked, so that none is left behind; a
/// trainer that opened it meanwhile finds it gone and does not count it.
impl Drop for TrainingLock {
    fn drop(&mut self) {
        if same_file(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Whether `path` still names the open `file`.
fn same_file(file: &fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(open), Ok(named)) => (open.dev(), open.ino()) == (named.dev(), named.ino()),
        _ => false,
    }
}

/// Why a state file could not be locked for training.
#[derive(Debug)]
pub enum LockError {
    /// Another trainer holds it.
    Busy,
    /// The lock file could not be made or opened.
    Io(io::Error),
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Busy => f.write_str(&gettext(
                "another training of this state is under way (in the window or another command); wait until it has finished, or train another file",
            )),
            LockError::Io(error) => f.write_str(&fill(
                &gettext("cannot lock it for training: {error}"),
                &[("error", error)],
            )),
        }
    }
}

/// Locks the state file `path` for training (see `TrainingLock`), at once
/// or not at all: never waits.
pub fn lock_for_training(path: &Path) -> Result<TrainingLock, LockError> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let target = whole::resolve_links(path).map_err(LockError::Io)?;
    let name = whole::file_name(&target).map_err(LockError::Io)?;
    let mut lock_name = std::ffi::OsString::from(".");
    lock_name.push(name);
    lock_name.push(".lock");
    // Not through a link, and never waiting on a pipe put there; one that
    // another user made is locked through reading it.
    let lock_path = target.with_file_name(lock_name);
    let open = |write: bool| {
        fs::File::options()
            .read(true)
            .write(write)
            .create(write)
            .truncate(false)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
            .open(&lock_path)
    };
    // A lock file its holder removed as this one opened it is tried anew.
    for _ in 0..3 {
        let file = match open(true) {
            Err(error) if error.kind() == io::ErrorKind::PermissionDenied => open(false),
            opened => opened,
        }
        .map_err(LockError::Io)?;
        // SAFETY: flock on the descriptor of a file this function owns.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let error = io::Error::last_os_error();
            return Err(if error.kind() == io::ErrorKind::WouldBlock {
                LockError::Busy
            } else {
                LockError::Io(error)
            });
        }
        if same_file(&file, &lock_path) {
            return Ok(TrainingLock {
                file,
                path: lock_path,
            });
        }
    }
    Err(LockError::Busy)
}

/// A position's text from the file, safe to echo.
fn echo(text: &str) -> String {
    escape_text(text, ECHO_CHARS)
}

/// A position of a state file: an unfinished, reachable 3x3 position in
/// its canonical form.
fn canonical_code(text: &str) -> Result<u16, String> {
    let board: Board = text.parse().map_err(|error: BoardError| {
        fill(
            &gettext("position '{position}': {error}"),
            &[("position", &echo(text)), ("error", &error.words())],
        )
    })?;
    let fits = board.shape() == Shape::TIC_TAC_TOE
        && board.outcome() == Outcome::Ongoing
        && board.check_reachable().is_ok()
        && position::canonical(&board).code == position::code(&board);
    if fits {
        Ok(position::code(&board))
    } else {
        Err(fill(
            &gettext("position '{position}' is not an unfinished 3x3 position in canonical form"),
            &[("position", &echo(text))],
        ))
    }
}

/// A JSON object keyed by positions, in the file's order, every key kept:
/// serde's maps keep the last of keys given twice, which would hide them.
#[derive(Debug)]
struct Positions<V>(Vec<(String, V)>);

impl<V> Positions<V> {
    /// As a file holds them: sorted by their text.
    fn sorted(entries: impl Iterator<Item = (String, V)>) -> Positions<V> {
        let mut entries: Vec<(String, V)> = entries.collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Positions(entries)
    }

    /// Each position's code, text and value; refuses a position that is
    /// not a canonical one, or one given twice, however spelt (`x../...`
    /// and `X../...`, `.........` and `---/---/---`).
    fn checked(&self) -> Result<impl Iterator<Item = (u16, &str, &V)>, String> {
        let mut seen: BTreeMap<u16, &str> = BTreeMap::new();
        let mut checked = Vec::with_capacity(self.0.len());
        for (text, value) in &self.0 {
            let code = canonical_code(text)?;
            if let Some(first) = seen.insert(code, text) {
                return Err(if first == text {
                    fill(
                        &gettext("position '{position}' is given twice"),
                        &[("position", &echo(text))],
                    )
                } else {
                    fill(
                        &gettext("'{first}' and '{second}' are the same position, given twice"),
                        &[("first", &echo(first)), ("second", &echo(text))],
                    )
                });
            }
            checked.push((code, text.as_str(), value));
        }
        Ok(checked.into_iter())
    }
}

impl<V: Serialize> Serialize for Positions<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (position, value) in &self.0 {
            map.serialize_entry(position, value)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Positions<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Entries<V> {
            type Value = Positions<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object keyed by positions")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Positions<V>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Positions(entries))
            }
        }
        deserializer.deserialize_map(Entries(PhantomData))
    }
}

/// A network as its file holds it: its layers and every weight and bias.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NetworkFile {
    cells: usize,
    inputs: usize,
    hidden: usize,
    /// The policy's outputs: one per cell, or one per column on a board
    /// with gravity. Files written before gravity boards had a policy by
    /// column leave it out: theirs was one per cell.
    #[serde(default)]
    outputs: Option<usize>,
    parameters: Vec<f32>,
}

impl NetworkFile {
    /// The network, if the file's shape is this app's network's for
    /// `board` and its parameters fit it, every one a finite number.
    fn checked(self, board: Shape) -> Result<Network, String> {
        let expected = Layers::of(board);
        if (self.cells, self.inputs, self.hidden)
            != (expected.cells, expected.inputs(), expected.hidden)
        {
            return Err(fill(
                &gettext(
                    "the network's shape is {cells} cells, {inputs} inputs, {hidden} hidden units; this app's is {expected_cells}, {expected_inputs}, {expected_hidden}",
                ),
                &[
                    ("cells", &self.cells),
                    ("inputs", &self.inputs),
                    ("hidden", &self.hidden),
                    ("expected_cells", &expected.cells),
                    ("expected_inputs", &expected.inputs()),
                    ("expected_hidden", &expected.hidden),
                ],
            ));
        }
        let outputs = self.outputs.unwrap_or(self.cells);
        if outputs != expected.outputs {
            return Err(fill(
                &gettext(
                    "the network's policy has {outputs} outputs; this app's has {expected} on this board (one per column with gravity, else one per cell)",
                ),
                &[("outputs", &outputs), ("expected", &expected.outputs)],
            ));
        }
        if self.parameters.len() != expected.parameters() {
            return Err(fill(
                &gettext("the network has {count} parameters; its shape needs {expected}"),
                &[
                    ("count", &self.parameters.len()),
                    ("expected", &expected.parameters()),
                ],
            ));
        }
        finite(&self.parameters)?;
        Network::from_parameters(board, expected, self.parameters)
            .ok_or_else(|| gettext("the network does not fit its shape"))
    }
}

/// Every parameter a finite number, or the first that is not.
fn finite(parameters: &[f32]) -> Result<(), String> {
    match parameters.iter().position(|p| !p.is_finite()) {
        Some(index) => Err(fill(
            &gettext("the network's parameter {index} is not a finite number"),
            &[("index", &index)],
        )),
        None => Ok(()),
    }
}

/// The file's fields, as serde reads and writes them.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateFile {
    format: String,
    version: u64,
    learner: String,
    /// The board it learned on; files from before boards had shapes have
    /// none: 3x3.
    #[serde(default)]
    board: Option<Shape>,
    games: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refill: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    boxes: Option<Positions<[u16; position::CELLS]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    values: Option<Positions<f32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    network: Option<NetworkFile>,
}

/// Why a state file could not be read.
#[derive(Debug)]
pub enum StateError {
    /// It could not be opened or read.
    Read(io::Error),
    /// It holds something else than a state this app writes.
    Invalid(String),
}

impl StateError {
    /// True when there is no file at all: the learner starts fresh.
    pub fn is_missing(&self) -> bool {
        matches!(self, StateError::Read(error) if error.kind() == io::ErrorKind::NotFound)
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Read(error) => write!(f, "{error}"),
            StateError::Invalid(message) => f.write_str(message),
        }
    }
}

/// Renames a state file that could not be read to
/// `<name>.corrupt-<seconds since 1970>` beside it (with `-2`, `-3`... if
/// taken), so that a fresh state saved under the name never overwrites it.
/// Returns the new path.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let name = whole::file_name(path)?;
    for attempt in 1u32.. {
        let mut aside = name.to_os_string();
        aside.push(format!(".corrupt-{seconds}"));
        if attempt > 1 {
            aside.push(format!("-{attempt}"));
        }
        let aside = path.with_file_name(aside);
        if fs::symlink_metadata(&aside).is_err() {
            fs::rename(path, &aside)?;
            return Ok(aside);
        }
    }
    unreachable!("some name is free")
}

/// Where the learners' states live unless a file is given:
/// `$XDG_DATA_HOME/tictactoe`, or with `XDG_DATA_HOME` unset or not
/// absolute `~/.local/share/tictactoe` — the directory
/// `glib::user_data_dir()` names, so the window and the command line share
/// what was learned. `None` without a home directory.
pub fn data_directory() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|path| path.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .map(PathBuf::from)
                .filter(|path| path.is_absolute())
                .map(|home| home.join(".local").join("share"))
        })?;
    Some(data.join("tictactoe"))
}

/// A learner's 3x3 state file in `directory`: `<name>.json`.
pub fn state_path_in(directory: &Path, kind: PlayerKind) -> PathBuf {
    state_path_on(directory, kind, Shape::TIC_TAC_TOE)
}

/// A learner's state file for `shape` in `directory`: `<name>.json` on
/// 3x3 (the name it always had), else `<name>-<board>.json` with the
/// board as the command line names it: its preset's name
/// (`neural-connect-four.json`), or its size, stones in a row and gravity
/// (`neural-7x5-k4-gravity.json`).
pub fn state_path_on(directory: &Path, kind: PlayerKind, shape: Shape) -> PathBuf {
    let name = kind.name();
    if shape == Shape::TIC_TAC_TOE {
        return directory.join(format!("{name}.json"));
    }
    let board = match shape.preset_name() {
        Some(preset) => preset.to_owned(),
        None => format!(
            "{}x{}-k{}{}",
            shape.width(),
            shape.height(),
            shape.in_a_row(),
            if shape.gravity() { "-gravity" } else { "" }
        ),
    };
    directory.join(format!("{name}-{board}.json"))
}

/// Where a learner's state for `shape` lives unless a file is given: its
/// file in `data_directory()`.
pub fn default_state_path(kind: PlayerKind, shape: Shape) -> Option<PathBuf> {
    data_directory().map(|directory| state_path_on(&directory, kind, shape))
}
