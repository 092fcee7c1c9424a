//! `tictactoe train`: a learner plays games against an opponent or itself
//! and learns from each; the learning curve is printed one line per block
//! of games, and what it learned is saved. Also the loading of a learner's
//! state for `play` and `analyze` (`--state`).

use std::io::Write;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::args::{OpponentChoice, SideChoice, TeacherChoice, TrainArgs, can_be_opponent};
use super::output::{progress_bar, refuse, say};
use super::stop;
use crate::game::SEARCH_TIME_LIMIT;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::{Learner, LearnerState};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_files::learner_state::{self, LearnerFile};
use tictactoe_files::whole as files;
use tictactoe_tools::exam::TEST_SETS;
use tictactoe_tools::neural_training::{NetworkExam, Teacher};
use tictactoe_tools::training::{
    Block, Opponent, Sides, Training, TrainingStopped, block_line, train,
};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::report::{TextStyle, describe_player};

/// The state file to use: `--state`, else the data directory's for
/// `shape`, the window's too.
fn state_path(kind: PlayerKind, shape: Shape, given: Option<&Path>) -> Result<PathBuf, ExitCode> {
    match given {
        Some(path) => Ok(path.to_owned()),
        None => learner_state::default_state_path(kind, shape).ok_or_else(|| {
            refuse("no home directory to keep the learner's state in: give --state FILE")
        }),
    }
}

/// The learner `kind`'s state on `shape` from `path`; a fresh one if
/// there is no such file. A file that cannot be read as `kind`'s state,
/// or that learned on another board, is refused (exit 2) and left as it
/// is.
pub(super) fn load_state(
    kind: PlayerKind,
    path: &Path,
    shape: Shape,
) -> Result<LearnerState, ExitCode> {
    let Some(state) = read_state(kind, path)? else {
        return LearnerState::fresh(kind, shape)
            .ok_or_else(|| refuse(&kind.check_shape(shape).unwrap_err().words()));
    };
    if state.shape() != shape {
        let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
        return Err(refuse(&format!(
            "state '{name}' learned on a board of {}, not on this one of {}",
            state.shape().words(),
            shape.words()
        )));
    }
    Ok(state)
}

/// The learner `kind`'s state from `path`, on whatever board it learned;
/// `None` if there is no such file. A file that cannot be read as `kind`'s
/// state is refused (exit 2).
fn read_state(kind: PlayerKind, path: &Path) -> Result<Option<LearnerState>, ExitCode> {
    let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
    let state = match LearnerState::read(path) {
        Ok(state) => state,
        Err(error) if error.is_missing() => return Ok(None),
        Err(error) => {
            return Err(refuse(&format!(
                "state '{name}': {error}; it was left as it is: move it away or give another --state"
            )));
        }
    };
    if state.kind() != kind {
        return Err(refuse(&format!(
            "state '{name}' is {}'s, not {}'s",
            state.kind().name(),
            kind.name()
        )));
    }
    Ok(Some(state))
}

/// `--state` for `play`, `analyze` and `tree`: the learner's state from
/// the file (which must exist), or `None` when not given. It must have
/// learned on `size`, the board played, if the command knows it (`analyze`
/// without a board option checks each position's).
pub(super) fn given_state(
    kinds: &[PlayerKind],
    path: Option<&Path>,
    size: Option<Shape>,
) -> Result<Option<LearnerState>, ExitCode> {
    let learners: Vec<PlayerKind> = kinds.iter().copied().filter(|k| k.learns()).collect();
    if let Some(Err(refusal)) = size.and_then(|size| {
        learners
            .iter()
            .map(|kind| kind.check_shape(size))
            .find(Result::is_err)
    }) {
        return Err(refuse(&refusal.words()));
    }
    let Some(path) = path else {
        return Ok(None);
    };
    let Some(&kind) = learners.first() else {
        return Err(refuse(
            "--state is for the learning players, menace, td and neural",
        ));
    };
    if let Some(other) = learners.iter().find(|&&other| other != kind) {
        return Err(refuse(&format!(
            "--state holds one learner's state: {} and {} cannot share it",
            kind.name(),
            other.name()
        )));
    }
    if !path.exists() {
        let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
        return Err(refuse(&format!("state '{name}': no such file")));
    }
    match size {
        Some(size) => load_state(kind, path, size).map(Some),
        None => read_state(kind, path),
    }
}

pub(super) fn train_command(args: TrainArgs) -> ExitCode {
    if !args.player.learns() {
        return refuse(&format!(
            "{} does not learn: train menace, td or neural",
            args.player.name()
        ));
    }
    let shape = match args.board.shape() {
        Ok(shape) => shape,
        Err(message) => return refuse(&message),
    };
    if let Err(refusal) = args.player.check_shape(shape) {
        return refuse(&refusal.words());
    }
    if args.player == PlayerKind::Neural && args.opponent != OpponentChoice::Itself {
        return refuse("neural learns by self-play only: give --opponent self");
    }
    if args.threads.is_some() && args.player != PlayerKind::Neural {
        return refuse("--threads is for neural's self-play");
    }
    let opponent = match args.opponent {
        OpponentChoice::Itself => Opponent::Itself,
        OpponentChoice::Player(kind) if !can_be_opponent(kind) => {
            return refuse(&format!(
                "{} cannot be the opponent in training: choose a computer player that does not learn, or self",
                kind.name()
            ));
        }
        OpponentChoice::Player(kind) => Opponent::Player(
            kind,
            PlayerOptions {
                difficulty: args.depth.unwrap_or_default(),
                time_limit: Some(SEARCH_TIME_LIMIT),
                ..PlayerOptions::default()
            },
        ),
    };
    let path = match state_path(args.player, shape, args.state.as_deref()) {
        Ok(path) => path,
        Err(code) => return code,
    };
    // Held until the state is saved: a second training of the file would
    // save over this one's games. A lock file that cannot be made (no
    // such directory yet, a path that names none) is no other trainer:
    // the checks below name what is wrong with the path, if anything.
    let _lock = match learner_state::lock_for_training(&path) {
        Err(error @ learner_state::LockError::Busy) => {
            let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
            return refuse(&format!("state '{name}': {error}; nothing was trained"));
        }
        Ok(lock) => Some(lock),
        Err(learner_state::LockError::Io(_)) => None,
    };
    // Read even with --fresh: a file that is not this learner's state is
    // refused rather than overwritten.
    let mut state = match load_state(args.player, &path, shape) {
        Ok(_) if args.fresh => LearnerState::fresh(args.player, shape).expect("a learner"),
        Ok(state) => state,
        Err(code) => return code,
    };
    match (&mut state.learner, args.refill) {
        (Learner::Menace(menace), true) => menace.refill = true,
        (Learner::Td(_) | Learner::Neural(_), true) => {
            return refuse("--refill is for menace's boxes");
        }
        _ => {}
    }
    let teacher = match args.teacher {
        TeacherChoice::Search => Teacher::Search,
        TeacherChoice::Solver if args.player != PlayerKind::Neural => {
            return refuse("--teacher is for the neural player");
        }
        TeacherChoice::Solver if !shape.gravity() => {
            return refuse(&format!(
                "--teacher solver needs a board with gravity: the solver labels {} too slowly",
                shape.words()
            ));
        }
        TeacherChoice::Solver => Teacher::Solver,
    };
    // Found out now rather than after the training; the check makes nothing.
    if let Err(error) = files::check_writable(&path) {
        let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
        return refuse(&format!(
            "state '{name}' cannot be saved: {error}; nothing was trained"
        ));
    }
    let games = u64::from(args.games);
    let seed = args.seed.unwrap_or_else(|| rand::random::<u32>() as u64);
    let training = Training {
        opponent,
        sides: match args.side {
            SideChoice::X => Sides::X,
            SideChoice::O => Sides::O,
            SideChoice::Both => Sides::Both,
        },
        games,
        block: args.block.map_or((games / 20).max(1), u64::from),
        seed,
        threads: args.threads.map_or(0, usize::from),
        teacher,
    };
    let opponent_name = match opponent {
        Opponent::Itself => "itself".to_owned(),
        Opponent::Player(kind, options) => {
            describe_player(kind, options.difficulty, shape, TextStyle::COMMAND_LINE)
        }
    };
    let side_name = match args.side {
        SideChoice::X => "X",
        SideChoice::O => "O",
        SideChoice::Both => "X and O in turn",
    };
    let mut out = std::io::stdout().lock();
    let heading = format!(
        "training {} as {side_name} against {opponent_name}: {games} {}, seed {seed}, from {} games learned before",
        args.player.name(),
        if games == 1 { "game" } else { "games" },
        state.games
    );
    let written = if args.csv {
        writeln!(out, "{}", csv_heading())
    } else {
        writeln!(out, "{heading}")
    };
    if written.is_err() {
        return ExitCode::FAILURE;
    }
    let bar = progress_bar(
        games,
        "{bar:40} {pos}/{len} games, {rate} games/s, {eta} left",
    );
    let games_before = state.games;
    let mut previous = 0;
    let mut closed = false;
    // Each line as its block ends: nothing of the curve is kept.
    let result = train(&mut state, &training, &stop::flag(), |block| {
        bar.set_position(block.games);
        let line = if args.csv {
            csv_line(block)
        } else {
            block_line(previous, block)
        };
        previous = block.games;
        if !closed && bar.suspend(|| writeln!(out, "{line}")).is_err() {
            closed = true;
            stop::output_closed();
        }
    });
    bar.finish_and_clear();
    let played = state.games - games_before;
    let reason = match result {
        Ok(()) | Err(TrainingStopped::Cancelled) => stop::reason(),
        Err(TrainingStopped::SelfPlayOnly) => unreachable!("refused above"),
        Err(TrainingStopped::Failed(message)) => {
            say(format_args!(
                "error: training stopped after {played} games, nothing saved: {message}"
            ));
            return ExitCode::FAILURE;
        }
    };
    let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
    if let Err(error) = state.write(&path) {
        say(format_args!("error: saving the state to '{name}': {error}"));
        return ExitCode::FAILURE;
    }
    let saved = format!("saved to {name}: {} games learned in all", state.games);
    if let Some(reason) = reason {
        // Standard output may be gone, and what was saved is news even
        // then: it goes to standard error.
        say(format_args!(
            "{reason}: training stopped after {played} of {games} games; {saved}"
        ));
        return reason.exit_code();
    }
    if !args.csv && writeln!(out, "{saved}").is_err() {
        return ExitCode::FAILURE;
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

/// The CSV heading: the block's counts, the 3x3 exam, the losses, and
/// each test set's mistake rates bare and with search ("begin_easy_bare",
/// "begin_easy_searched", ...; empty off Connect Four).
fn csv_heading() -> String {
    let mut heading = "games,wins,draws,losses,resignations,first_box_beads,lost_lines_x,lost_lines_o,optimal_share,policy_loss,value_loss".to_owned();
    for set in TEST_SETS {
        let name = set.name.to_lowercase().replace('-', "_");
        heading += &format!(",{name}_bare,{name}_searched");
    }
    heading
}

/// A block as a CSV record, in the heading's order.
fn csv_line(block: &Block) -> String {
    let optional = |value: Option<String>| value.unwrap_or_default();
    let exam = |value: fn(&NetworkExam) -> f64| {
        optional(
            block
                .network
                .as_ref()
                .map(|exam| format!("{:.4}", value(exam))),
        )
    };
    let rates: String = match block.network.and_then(|exam| exam.test_sets) {
        Some(sets) => sets
            .iter()
            .map(|rates| format!(",{:.4},{:.4}", rates.bare, rates.searched))
            .collect(),
        None => ",".repeat(2 * TEST_SETS.len()),
    };
    format!(
        "{},{},{},{},{},{},{},{},{},{},{}{rates}",
        block.games,
        block.wins,
        block.draws,
        block.losses,
        block.resignations,
        optional(block.first_box_beads.map(|n| n.to_string())),
        optional(block.lost_lines.map(|[x, _]| x.to_string())),
        optional(block.lost_lines.map(|[_, o]| o.to_string())),
        exam(|exam| exam.optimal_share),
        exam(|exam| exam.policy_loss),
        exam(|exam| exam.value_loss),
    )
}
