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
    /// The 3x3 states in the order of `LEARNERS`, then the neural
    /// player's on the other boards it has a file for or was trained on
    /// (one state per learner and board).
    states: Vec<LearnerState>,
    /// `None`: nowhere to save (no home directory); learning lasts the
    /// session.
    directory: Option<PathBuf>,
    /// Learners and boards whose file could not be read (denied, not a
    /// regular file) or, corrupt, could not be set aside: it stays as it
    /// is, and what they learn this session is not saved over it.
    unsaved: Vec<(PlayerKind, Shape)>,
}

/// The learners, in the order they are named.
pub const LEARNERS: [PlayerKind; 3] = [PlayerKind::Menace, PlayerKind::Td, PlayerKind::Neural];

impl LearnedStates {
    /// The learners from their files in the data directory
    /// (`learner_state::data_directory`).
    pub fn load() -> (LearnedStates, Vec<String>) {
        LearnedStates::load_from(learner_state::data_directory())
    }

    /// The learners from their files in `directory` (3x3's, and the
    /// neural player's for every other board: `state_path_on`). A
    /// missing file is a learner that has learned nothing yet. A file
    /// that cannot be read (permission denied, a directory or a named
    /// pipe by the name) is left as it is and not saved over this
    /// session; one that can be read but holds no state of its learner on
    /// its board is corrupt: set aside (renamed, never overwritten).
    /// Either way the learner starts afresh. Returns what went wrong, in
    /// sentences.
    pub fn load_from(directory: Option<PathBuf>) -> (LearnedStates, Vec<String>) {
        let mut learned = LearnedStates {
            states: Vec::new(),
            directory,
            unsaved: Vec::new(),
        };
        let mut problems = Vec::new();
        for kind in LEARNERS {
            let state = learned
                .load_one(kind, Shape::TIC_TAC_TOE, &mut problems)
                .unwrap_or_else(|| fresh(kind, Shape::TIC_TAC_TOE));
            learned.states.push(state);
        }
        for shape in Shape::all().filter(|&shape| shape != Shape::TIC_TAC_TOE) {
            if let Some(state) = learned.load_one(PlayerKind::Neural, shape, &mut problems) {
                learned.states.push(state);
            }
        }
        (learned, problems)
    }

    /// `kind`'s state on `shape` from its file, if it has one that reads;
    /// says in `problems` what went wrong with one that does not.
    fn load_one(
        &mut self,
        kind: PlayerKind,
        shape: Shape,
        problems: &mut Vec<String>,
    ) -> Option<LearnerState> {
        let path = learner_state::state_path_on(self.directory.as_deref()?, kind, shape);
        match read_state(kind, shape, &path) {
            Ok(state) => Some(state),
            Err(Unread::Missing) => None,
            Err(Unread::Unreadable(error)) => {
                problems.push(left_as_it_is(kind, &path, &error));
                self.unsaved.push((kind, shape));
                None
            }
            Err(Unread::Corrupt(error)) => {
                let (problem, kept) = set_aside(kind, &path, &error);
                problems.push(problem);
                if !kept {
                    self.unsaved.push((kind, shape));
                }
                None
            }
        }
    }

    /// What `kind` (a learner) has learned on 3x3.
    pub fn state(&self, kind: PlayerKind) -> &LearnerState {
        self.learned_on(kind, Shape::TIC_TAC_TOE)
            .expect("every learner has a 3x3 state")
    }

    /// What `kind` has learned on `shape`: a fresh state if nothing yet;
    /// `None` if it does not play that board (MENACE and TD beyond 3x3).
    pub fn state_on(&self, kind: PlayerKind, shape: Shape) -> Option<LearnerState> {
        match self.learned_on(kind, shape) {
            Some(state) => Some(state.clone()),
            None => LearnerState::fresh(kind, shape),
        }
    }

    fn learned_on(&self, kind: PlayerKind, shape: Shape) -> Option<&LearnerState> {
        self.states
            .iter()
            .find(|state| state.kind() == kind && state.shape() == shape)
    }

    /// Every state kept, each on its own board: a game takes those of
    /// its board (`GameSetup::with_learners`).
    pub fn states(&self) -> impl Iterator<Item = &LearnerState> {
        self.states.iter()
    }

    /// Where `kind`'s 3x3 state is saved, if anywhere.
    pub fn path(&self, kind: PlayerKind) -> Option<PathBuf> {
        self.path_on(kind, Shape::TIC_TAC_TOE)
    }

    /// Where `kind`'s state on `shape` is saved, if anywhere.
    pub fn path_on(&self, kind: PlayerKind, shape: Shape) -> Option<PathBuf> {
        self.directory
            .as_deref()
            .filter(|_| !self.unsaved.contains(&(kind, shape)))
            .map(|directory| learner_state::state_path_on(directory, kind, shape))
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
            self.save(kind, Shape::TIC_TAC_TOE)?;
        }
        Ok(learned)
    }

    /// The place of `kind`'s 3x3 state.
    fn index(kind: PlayerKind) -> usize {
        LEARNERS
            .iter()
            .position(|&learner| learner == kind)
            .expect("a learner")
    }

    /// Puts `state` (trained elsewhere) in the place of its learner's on
    /// its board and saves it.
    pub fn replace(&mut self, state: LearnerState) -> Result<(), String> {
        let (kind, shape) = (state.kind(), state.shape());
        match self
            .states
            .iter_mut()
            .find(|kept| kept.kind() == kind && kept.shape() == shape)
        {
            Some(kept) => *kept = state,
            None => self.states.push(state),
        }
        self.save(kind, shape)
    }

    /// Every learner forgets everything, on every board; their files then
    /// hold fresh states.
    pub fn reset(&mut self) -> Result<(), String> {
        for state in &mut self.states {
            *state = fresh(state.kind(), state.shape());
        }
        let kept: Vec<(PlayerKind, Shape)> = self
            .states
            .iter()
            .map(|state| (state.kind(), state.shape()))
            .collect();
        kept.into_iter()
            .try_for_each(|(kind, shape)| self.save(kind, shape))
    }

    fn save(&self, kind: PlayerKind, shape: Shape) -> Result<(), String> {
        let (Some(path), Some(state)) = (self.path_on(kind, shape), self.learned_on(kind, shape))
        else {
            return Ok(());
        };
        state.write(&path).map_err(|error| {
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

/// `kind`'s state on `shape` before it learns anything.
fn fresh(kind: PlayerKind, shape: Shape) -> LearnerState {
    LearnerState::fresh(kind, shape).expect("a learner on a board it plays")
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

/// `kind`'s state on `shape` from `path`, or why not.
fn read_state(kind: PlayerKind, shape: Shape, path: &Path) -> Result<LearnerState, Unread> {
    match LearnerState::read(path) {
        Ok(state) if state.kind() == kind && state.shape() == shape => Ok(state),
        Ok(state) if state.kind() == kind => Err(Unread::Corrupt(fill(
            &gettext("it holds what {player} learned on a board of {other}, not of {board}"),
            &[
                ("player", &kind.display_name()),
                ("other", &state.shape().words()),
                ("board", &shape.words()),
            ],
        ))),
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
