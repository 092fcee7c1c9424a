//! What the learning players learned, kept between games and sessions for
//! the window: the learners' states, loaded from the data directory at
//! start, taught by every finished game and saved after it (the neural
//! player learns from its own self-play only, so a game leaves it as it
//! is).

use std::path::{Path, PathBuf};

use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::{LearnError, LearnerState};
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_files::learner_state::{self, LearnerFile, StateError};
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::players::PlayerWords;

/// The learners' states and where they are saved.
#[derive(Debug)]
pub struct LearnedStates {
    /// In the order of `LEARNERS`.
    states: Vec<LearnerState>,
    /// `None`: nowhere to save (no home directory); learning lasts the
    /// session.
    directory: Option<PathBuf>,
    /// Learners whose file could not be read (denied, not a regular file)
    /// or, corrupt, could not be set aside: it stays as it is, and what
    /// they learn this session is not saved over it.
    unsaved: Vec<PlayerKind>,
}

/// The learners, in the order they are named.
pub const LEARNERS: [PlayerKind; 3] = [PlayerKind::Menace, PlayerKind::Td, PlayerKind::Neural];

impl LearnedStates {
    /// Both learners from their files in the data directory
    /// (`learner_state::data_directory`).
    pub fn load() -> (LearnedStates, Vec<String>) {
        LearnedStates::load_from(learner_state::data_directory())
    }

    /// Both learners from their files in `directory`. A missing file is a
    /// learner that has learned nothing yet. A file that cannot be read
    /// (permission denied, a directory or a named pipe by the name) is
    /// left as it is and not saved over this session; one that can be read
    /// but holds no state of its learner is corrupt: set aside (renamed,
    /// never overwritten). Either way the learner starts afresh. Returns
    /// what went wrong, in sentences.
    pub fn load_from(directory: Option<PathBuf>) -> (LearnedStates, Vec<String>) {
        let mut problems = Vec::new();
        let mut unsaved = Vec::new();
        let mut states = Vec::new();
        for kind in LEARNERS {
            let fresh = || LearnerState::fresh(kind, Shape::TIC_TAC_TOE).expect("a learner");
            let state = match &directory {
                None => fresh(),
                Some(directory) => {
                    let path = learner_state::state_path_in(directory, kind);
                    match read_state(kind, &path) {
                        Ok(state) => state,
                        Err(Unread::Missing) => fresh(),
                        Err(Unread::Unreadable(error)) => {
                            problems.push(left_as_it_is(kind, &path, &error));
                            unsaved.push(kind);
                            fresh()
                        }
                        Err(Unread::Corrupt(error)) => {
                            let (problem, kept) = set_aside(kind, &path, &error);
                            problems.push(problem);
                            if !kept {
                                unsaved.push(kind);
                            }
                            fresh()
                        }
                    }
                }
            };
            states.push(state);
        }
        let learned = LearnedStates {
            states,
            directory,
            unsaved,
        };
        (learned, problems)
    }

    /// What `kind` (a learner) has learned.
    pub fn state(&self, kind: PlayerKind) -> &LearnerState {
        &self.states[LearnedStates::index(kind)]
    }

    fn index(kind: PlayerKind) -> usize {
        LEARNERS
            .iter()
            .position(|&learner| learner == kind)
            .expect("a learner")
    }

    /// Both learners' states.
    pub fn states(&self) -> impl Iterator<Item = &LearnerState> {
        self.states.iter()
    }

    /// Where `kind`'s state is saved, if anywhere.
    pub fn path(&self, kind: PlayerKind) -> Option<PathBuf> {
        self.directory
            .as_deref()
            .filter(|_| !self.unsaved.contains(&kind))
            .map(|directory| learner_state::state_path_in(directory, kind))
    }

    /// Teaches each learner among `players` (X's, then O's) the game
    /// played from `start` with `moves`, won by `winner` or drawn
    /// (`None`), and saves what it learned. Returns the learners that
    /// learned (not the neural player, which learns from self-play only);
    /// an error says what could not be learned or saved (what was learned
    /// stays for the session).
    pub fn learn_from_game(
        &mut self,
        players: [PlayerKind; 2],
        start: &Board,
        moves: &[usize],
        winner: Option<Side>,
    ) -> Result<Vec<PlayerKind>, String> {
        let mut learned = Vec::new();
        for kind in LEARNERS {
            let sides: Vec<Side> = [Side::Max, Side::Min]
                .into_iter()
                .filter(|side| players[side.index()] == kind)
                .collect();
            if sides.is_empty() {
                continue;
            }
            let state = &mut self.states[LearnedStates::index(kind)];
            match state.learn_from_game(start, moves, &sides, winner) {
                Ok(()) => learned.push(kind),
                Err(LearnError::SelfPlayOnly) => {}
                Err(error) => return Err(error.words()),
            }
        }
        for &kind in &learned {
            self.save(kind)?;
        }
        Ok(learned)
    }

    /// Puts `state` (trained elsewhere) in its learner's place and saves it.
    pub fn replace(&mut self, state: LearnerState) -> Result<(), String> {
        let kind = state.kind();
        self.states[LearnedStates::index(kind)] = state;
        self.save(kind)
    }

    /// Every learner forgets everything; their files then hold fresh
    /// states.
    pub fn reset(&mut self) -> Result<(), String> {
        self.states = LEARNERS
            .map(|kind| LearnerState::fresh(kind, Shape::TIC_TAC_TOE).expect("a learner"))
            .into();
        LEARNERS.into_iter().try_for_each(|kind| self.save(kind))
    }

    fn save(&self, kind: PlayerKind) -> Result<(), String> {
        let Some(path) = self.path(kind) else {
            return Ok(());
        };
        self.state(kind).write(&path).map_err(|error| {
            fill(
                &gettext("{player}'s learning could not be saved to '{path}': {error}"),
                &[
                    ("player", &kind.display_name()),
                    ("path", &path.display()),
                    ("error", &error),
                ],
            )
        })
    }
}

/// Why a learner's state was not read from its file.
enum Unread {
    /// There is no file: the learner has learned nothing yet.
    Missing,
    /// The file could not be read, why in words: it is not corrupt.
    Unreadable(String),
    /// The file holds no state of the learner, why in words.
    Corrupt(String),
}

/// `kind`'s state from `path`, or why not.
fn read_state(kind: PlayerKind, path: &Path) -> Result<LearnerState, Unread> {
    match LearnerState::read(path) {
        Ok(state) if state.kind() == kind => Ok(state),
        Ok(state) => Err(Unread::Corrupt(fill(
            &gettext("it holds {other}'s state"),
            &[("other", &state.kind().display_name())],
        ))),
        Err(error) if error.is_missing() => Err(Unread::Missing),
        Err(StateError::Read(error)) => Err(Unread::Unreadable(error.to_string())),
        Err(error) => Err(Unread::Corrupt(error.to_string())),
    }
}

/// Says that a state file that could not be read was left as it is.
fn left_as_it_is(kind: PlayerKind, path: &Path, error: &str) -> String {
    fill(
        &gettext(
            "{player}'s learning in '{path}' could not be read ({error}); the file was left as it is, {player} starts afresh, and what it learns is not saved this session.",
        ),
        &[
            ("player", &kind.display_name()),
            ("path", &path.display()),
            ("error", &error),
        ],
    )
}

/// Renames a corrupt state file out of the way; says what happened and
/// whether the name is free to save to.
fn set_aside(kind: PlayerKind, path: &Path, error: &str) -> (String, bool) {
    match learner_state::set_aside(path) {
        Ok(aside) => (
            fill(
                &gettext(
                    "{player}'s learning in '{path}' could not be read ({error}); it was set aside as '{aside}' and {player} starts afresh.",
                ),
                &[
                    ("player", &kind.display_name()),
                    ("path", &path.display()),
                    ("error", &error),
                    ("aside", &aside.display()),
                ],
            ),
            true,
        ),
        Err(rename_error) => (
            fill(
                &gettext(
                    "{player}'s learning in '{path}' could not be read ({error}) nor set aside ({rename_error}); {player} starts afresh and nothing it learns is saved over the file.",
                ),
                &[
                    ("player", &kind.display_name()),
                    ("path", &path.display()),
                    ("error", &error),
                    ("rename_error", &rename_error),
                ],
            ),
            false,
        ),
    }
}
