//! The practice record: the exercises' all-time `Score`, kept between runs
//! in the data directory as `practice.json`,
//!
//! ```json
//! { "format": "tictactoe-practice", "version": 1,
//!   "tallies": [
//!     { "kind": "minimax", "level": 1, "tried": 5, "solved": 3, "first_check": 2 },
//!     { "kind": "alphabeta", "level": null, "tried": 1, "solved": 0, "first_check": 0 } ] }
//! ```
//!
//! A tally per kind (as `tictactoe exercise --kind` names it) and level
//! (`null`: a tree typed in or a custom shape). Reading checks every count
//! and refuses anything else with its problem named (`Invalid`); a
//! missing file is an empty score. `PracticeRecord` keeps it as the window
//! does: a file that cannot be read is left as it is and never saved
//! over; one that holds no record is set aside
//! (`learner_state::set_aside`) before a new one is saved.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tictactoe_tools::exercise::score::{Attempt, Score, Tally};
use tictactoe_tools::exercise::{Kind, level, levels};
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::i18n::{fill, gettext};

use super::learner_state::{data_directory, set_aside};
use super::whole::{self, ReadError};

/// The value of `format` in every practice record.
pub const FORMAT: &str = "tictactoe-practice";
/// The version this app writes and reads.
pub const VERSION: u64 = 1;
/// The largest record read: one has at most a tally per kind and level,
/// about 2 kB.
pub const MAX_FILE_BYTES: u64 = 64 << 10;
/// The record's name in the data directory.
pub const FILE_NAME: &str = "practice.json";

/// The record's file in `directory`.
pub fn progress_path_in(directory: &Path) -> PathBuf {
    directory.join(FILE_NAME)
}

/// Where the record lives: `practice.json` in the directory the learners'
/// states are in (`learner_state::data_directory`). `None` without a home
/// directory.
pub fn default_progress_path() -> Option<PathBuf> {
    data_directory().map(|directory| progress_path_in(&directory))
}

/// The file's fields, as serde reads and writes them.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgressFile {
    format: String,
    version: u64,
    tallies: Vec<TallyFile>,
}

/// Read first, so that another format or version is called what it is
/// rather than by the first field this one does not know.
#[derive(Debug, Deserialize)]
struct Header {
    format: String,
    version: u64,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TallyFile {
    kind: String,
    /// Wider than a level, so that one out of range is named as such.
    level: Option<i64>,
    tried: u32,
    solved: u32,
    first_check: u32,
}

/// Why a file holds no practice record this app reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    /// It holds more than `MAX_FILE_BYTES`.
    TooLarge,
    /// It is not UTF-8 text: the 1-based offset of the first bad byte.
    NotUtf8 { byte: usize },
    /// Not JSON of the record's layout: the reader's message and place.
    Json(String),
    /// Another file's `format`, as the file spells it.
    Format(String),
    /// A version other than `VERSION`.
    Version(u64),
    /// A kind no exercise has, as the file spells it.
    UnknownKind(String),
    /// A level the exercises do not have.
    NoSuchLevel { kind: Kind, level: i64 },
    /// More solved than tried.
    SolvedOverTried {
        kind: Kind,
        level: Option<u8>,
        tally: Tally,
    },
    /// More solved at the first check than solved.
    FirstCheckOverSolved {
        kind: Kind,
        level: Option<u8>,
        tally: Tally,
    },
    /// A kind and level given twice.
    Twice { kind: Kind, level: Option<u8> },
}

/// A tally's kind and level: "minimax at level 2", "alphabeta without a
/// level".
fn entry_words(kind: Kind, level: Option<u8>) -> String {
    match level {
        Some(level) => fill(
            // Translators: {kind} is an exercise's kind as the file names
            // it (minimax, alphabeta, order, best-move, mcts).
            &gettext("{kind} at level {level}"),
            &[("kind", &kind.name()), ("level", &level)],
        ),
        None => fill(
            &gettext("{kind} without a level"),
            &[("kind", &kind.name())],
        ),
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = match self {
            Invalid::TooLarge => ReadError::TooLarge.to_string(),
            Invalid::NotUtf8 { byte } => ReadError::NotUtf8 { byte: *byte }.to_string(),
            Invalid::Json(message) => message.clone(),
            Invalid::Format(format) => fill(
                &gettext("not a practice record: format is '{format}', not '{expected}'"),
                &[
                    ("format", &escape_text(format, ECHO_CHARS)),
                    ("expected", &FORMAT),
                ],
            ),
            Invalid::Version(version) => fill(
                &gettext("version {version} is not one this app reads (it reads {expected})"),
                &[("version", version), ("expected", &VERSION)],
            ),
            Invalid::UnknownKind(kind) => fill(
                &gettext("'{kind}' is not a kind of exercise (they are {kinds})"),
                &[
                    ("kind", &escape_text(kind, ECHO_CHARS)),
                    ("kinds", &Kind::ALL.map(Kind::name).join(", ")),
                ],
            ),
            Invalid::NoSuchLevel { kind, level } => fill(
                &gettext("{kind}: level {level} is not one of the levels 1 to {last}"),
                &[
                    ("kind", &kind.name()),
                    ("level", level),
                    ("last", &levels().len()),
                ],
            ),
            Invalid::SolvedOverTried { kind, level, tally } => fill(
                &gettext("{entry}: {solved} solved, but only {tried} tried"),
                &[
                    ("entry", &entry_words(*kind, *level)),
                    ("solved", &tally.solved),
                    ("tried", &tally.tried),
                ],
            ),
            Invalid::FirstCheckOverSolved { kind, level, tally } => fill(
                &gettext("{entry}: {first} solved at the first check, but only {solved} solved"),
                &[
                    ("entry", &entry_words(*kind, *level)),
                    ("first", &tally.first_check),
                    ("solved", &tally.solved),
                ],
            ),
            Invalid::Twice { kind, level } => fill(
                &gettext("{entry} is given twice"),
                &[("entry", &entry_words(*kind, *level))],
            ),
        };
        f.write_str(&words)
    }
}

/// Why a practice record could not be read.
#[derive(Debug)]
pub enum ProgressError {
    /// It could not be opened or read (missing, denied, not a regular
    /// file, a loop of links): not corrupt.
    Read(io::Error),
    /// It holds something else than a record this app writes.
    Invalid(Invalid),
}

impl ProgressError {
    /// True when there is no file at all: nothing practised yet.
    pub fn is_missing(&self) -> bool {
        matches!(self, ProgressError::Read(error) if error.kind() == io::ErrorKind::NotFound)
    }
}

impl fmt::Display for ProgressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgressError::Read(error) => write!(f, "{error}"),
            ProgressError::Invalid(invalid) => write!(f, "{invalid}"),
        }
    }
}

/// The record as its file's JSON text.
pub fn to_json(score: &Score) -> String {
    let file = ProgressFile {
        format: FORMAT.into(),
        version: VERSION,
        tallies: score
            .entries()
            .map(|(kind, level, tally)| TallyFile {
                kind: kind.name().into(),
                level: level.map(i64::from),
                tried: tally.tried,
                solved: tally.solved,
                first_check: tally.first_check,
            })
            .collect(),
    };
    serde_json::to_string_pretty(&file).expect("plain data serialises") + "\n"
}

/// Reads a record from its JSON text, checking every field and count.
pub fn from_json(text: &str) -> Result<Score, Invalid> {
    let json = |error: serde_json::Error| Invalid::Json(whole::json_error(&error));
    let header: Header = serde_json::from_str(text).map_err(json)?;
    if header.format != FORMAT {
        return Err(Invalid::Format(header.format));
    }
    if header.version != VERSION {
        return Err(Invalid::Version(header.version));
    }
    let file: ProgressFile = serde_json::from_str(text).map_err(json)?;
    let mut score = Score::default();
    let mut seen = Vec::with_capacity(file.tallies.len());
    for entry in file.tallies {
        let kind = Kind::named(&entry.kind).ok_or(Invalid::UnknownKind(entry.kind))?;
        let level = match entry.level {
            None => None,
            Some(number) => Some(
                u8::try_from(number)
                    .ok()
                    .filter(|&number| level(number).is_some())
                    .ok_or(Invalid::NoSuchLevel {
                        kind,
                        level: number,
                    })?,
            ),
        };
        let tally = Tally {
            tried: entry.tried,
            solved: entry.solved,
            first_check: entry.first_check,
        };
        if tally.solved > tally.tried {
            return Err(Invalid::SolvedOverTried { kind, level, tally });
        }
        if tally.first_check > tally.solved {
            return Err(Invalid::FirstCheckOverSolved { kind, level, tally });
        }
        if seen.contains(&(kind, level)) {
            return Err(Invalid::Twice { kind, level });
        }
        seen.push((kind, level));
        score.set(kind, level, tally);
    }
    Ok(score)
}

/// Reads a record from a regular file of at most `MAX_FILE_BYTES`
/// (`whole::read_text`: a named pipe or a device is refused at once).
pub fn read(path: &Path) -> Result<Score, ProgressError> {
    let text = whole::read_text(path, MAX_FILE_BYTES).map_err(|error| match error {
        ReadError::Io(error) => ProgressError::Read(error),
        ReadError::TooLarge => ProgressError::Invalid(Invalid::TooLarge),
        ReadError::NotUtf8 { byte } => ProgressError::Invalid(Invalid::NotUtf8 { byte }),
    })?;
    from_json(&text).map_err(ProgressError::Invalid)
}

/// Saves `score` to `path`, whole or not at all, making its directory if
/// need be (through a symbolic link).
pub fn write(score: &Score, path: &Path) -> io::Result<()> {
    whole::make_directories_for(path)?;
    whole::write_whole(path, to_json(score).as_bytes())
}

/// What went wrong reading the record at start.
#[derive(Debug)]
pub enum LoadProblem {
    /// It could not be read (denied, not a regular file, a loop of
    /// links): left as it is, and this session's practice is not saved
    /// over it.
    LeftAsItIs { path: PathBuf, error: io::Error },
    /// It held no record: renamed to `aside`, and a new record started
    /// under the name.
    SetAside {
        path: PathBuf,
        problem: Invalid,
        aside: PathBuf,
    },
    /// It held no record and could not be renamed: left as it is, and
    /// not saved over.
    NotSetAside {
        path: PathBuf,
        problem: Invalid,
        error: io::Error,
    },
}

impl fmt::Display for LoadProblem {
    /// In a sentence for the window's status line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = match self {
            LoadProblem::LeftAsItIs { path, error } => fill(
                &gettext(
                    "Your practice record '{path}' could not be read ({error}); the file was left as it is, and this session's practice is not saved over it.",
                ),
                &[("path", &path.display()), ("error", error)],
            ),
            LoadProblem::SetAside {
                path,
                problem,
                aside,
            } => fill(
                &gettext(
                    "Your practice record '{path}' could not be read ({error}); it was kept as '{aside}' and a new one started.",
                ),
                &[
                    ("path", &path.display()),
                    ("error", problem),
                    ("aside", &aside.display()),
                ],
            ),
            LoadProblem::NotSetAside {
                path,
                problem,
                error,
            } => fill(
                &gettext(
                    "Your practice record '{path}' could not be read ({error}) nor set aside ({rename_error}); the file was left as it is, and this session's practice is not saved over it.",
                ),
                &[
                    ("path", &path.display()),
                    ("error", problem),
                    ("rename_error", error),
                ],
            ),
        };
        f.write_str(&words)
    }
}

/// The record could not be saved; what was recorded stays for the
/// session.
#[derive(Debug)]
pub struct SaveError {
    pub path: PathBuf,
    pub error: io::Error,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&fill(
            &gettext("Your practice record could not be saved to '{path}': {error}"),
            &[("path", &self.path.display()), ("error", &self.error)],
        ))
    }
}

/// The all-time score as the window keeps it: read at start, saved after
/// every exercise counted.
#[derive(Debug)]
pub struct PracticeRecord {
    score: Score,
    /// `None`: nowhere to save (no data directory, or a file there that
    /// must not be written over); the score lasts the session.
    path: Option<PathBuf>,
}

impl PracticeRecord {
    /// The record at `path` (`default_progress_path()`, or `None` for a
    /// session without one). A missing file is an empty record. One that
    /// cannot be read is left as it is and not saved over; one that holds
    /// no record is set aside (`learner_state::set_aside`), and a new
    /// record saved under its name. Loading writes nothing.
    pub fn load(path: Option<PathBuf>) -> (PracticeRecord, Option<LoadProblem>) {
        let Some(path) = path else {
            return (PracticeRecord::unsaved(), None);
        };
        match read(&path) {
            Ok(score) => (
                PracticeRecord {
                    score,
                    path: Some(path),
                },
                None,
            ),
            Err(error) if error.is_missing() => (
                PracticeRecord {
                    score: Score::default(),
                    path: Some(path),
                },
                None,
            ),
            Err(ProgressError::Read(error)) => (
                PracticeRecord::unsaved(),
                Some(LoadProblem::LeftAsItIs { path, error }),
            ),
            Err(ProgressError::Invalid(problem)) => match set_aside(&path) {
                Ok(aside) => (
                    PracticeRecord {
                        score: Score::default(),
                        path: Some(path.clone()),
                    },
                    Some(LoadProblem::SetAside {
                        path,
                        problem,
                        aside,
                    }),
                ),
                Err(error) => (
                    PracticeRecord::unsaved(),
                    Some(LoadProblem::NotSetAside {
                        path,
                        problem,
                        error,
                    }),
                ),
            },
        }
    }

    fn unsaved() -> PracticeRecord {
        PracticeRecord {
            score: Score::default(),
            path: None,
        }
    }

    /// Everything practised, this session included.
    pub fn score(&self) -> &Score {
        &self.score
    }

    /// Where the record is saved, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Counts one exercise and saves the record. An error says it could
    /// not be saved; it is counted all the same.
    pub fn record(
        &mut self,
        kind: Kind,
        level: Option<u8>,
        attempt: Attempt,
    ) -> Result<(), SaveError> {
        self.score.record(kind, level, attempt);
        let Some(path) = &self.path else {
            return Ok(());
        };
        write(&self.score, path).map_err(|error| SaveError {
            path: path.clone(),
            error,
        })
    }
}
