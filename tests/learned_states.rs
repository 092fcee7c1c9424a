//! The learners' states as the window keeps them: loaded from the data
//! directory, taught by finished games and saved after each (through a
//! symbolic link too), reset, refused and set aside when their files are
//! corrupt, and left as they are when they cannot be read.

mod common;

use std::fs;
use std::path::PathBuf;

use tictactoe::game::{LEARNERS, LearnedStates};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_files::learner_state::{LearnerFile, state_path_in};

fn temporary_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tictactoe-learned-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn fresh(kind: PlayerKind) -> LearnerState {
    LearnerState::fresh(kind, Shape::TIC_TAC_TOE).unwrap()
}

/// X wins on the diagonal.
const X_WINS: [usize; 5] = [0, 1, 4, 2, 8];

#[test]
fn learners_start_fresh_learn_from_games_save_and_load_again() {
    let dir = temporary_dir("round-trip");
    let (mut learned, problems) = LearnedStates::load_from(Some(dir.clone()));
    assert!(problems.is_empty(), "{problems:?}");
    for kind in LEARNERS {
        assert_eq!(learned.state(kind), &fresh(kind));
    }
    assert!(!dir.exists(), "loading writes nothing");
    let start = Board::new(Shape::TIC_TAC_TOE);
    // A game without learners teaches nobody and saves nothing.
    let none = learned
        .learn_from_game(
            [PlayerKind::Perfect, PlayerKind::Random],
            &start,
            &X_WINS,
            Some(Side::Max),
        )
        .unwrap();
    assert!(none.is_empty() && !dir.exists());
    let taught = learned
        .learn_from_game(
            [PlayerKind::Menace, PlayerKind::Td],
            &start,
            &X_WINS,
            Some(Side::Max),
        )
        .unwrap();
    assert_eq!(taught, [PlayerKind::Menace, PlayerKind::Td]);
    // The neural player learns from its own self-play only: a game leaves
    // it as it was, and unsaved.
    let untaught = learned
        .learn_from_game(
            [PlayerKind::Neural, PlayerKind::Td],
            &start,
            &X_WINS,
            Some(Side::Max),
        )
        .unwrap();
    assert_eq!(untaught, [PlayerKind::Td]);
    assert_eq!(
        learned.state(PlayerKind::Neural),
        &fresh(PlayerKind::Neural)
    );
    assert!(!state_path_in(&dir, PlayerKind::Neural).exists());
    for (kind, games) in [(PlayerKind::Menace, 1), (PlayerKind::Td, 2)] {
        let state = learned.state(kind);
        assert_eq!(state.games, games);
        assert_ne!(state, &fresh(kind), "{kind:?} learned");
        let saved = LearnerState::read(&state_path_in(&dir, kind)).unwrap();
        assert_eq!(&saved, state, "{kind:?} saved after the game");
    }
    let (again, problems) = LearnedStates::load_from(Some(dir.clone()));
    assert!(problems.is_empty(), "{problems:?}");
    for kind in LEARNERS {
        assert_eq!(again.state(kind), learned.state(kind));
    }
    // Training's result takes the learner's place, saved.
    let mut trained = fresh(PlayerKind::Td);
    trained.games = 77;
    learned.replace(trained.clone()).unwrap();
    assert_eq!(learned.state(PlayerKind::Td), &trained);
    assert_eq!(
        LearnerState::read(&state_path_in(&dir, PlayerKind::Td)).unwrap(),
        trained
    );
    // Reset: both forget, on disk too.
    learned.reset().unwrap();
    for kind in LEARNERS {
        assert_eq!(learned.state(kind), &fresh(kind));
        assert_eq!(
            LearnerState::read(&state_path_in(&dir, kind)).unwrap(),
            fresh(kind)
        );
    }
    // An illegal game is refused, learning nothing.
    let error = learned
        .learn_from_game(
            [PlayerKind::Menace, PlayerKind::Human],
            &start,
            &[4, 4],
            None,
        )
        .unwrap_err();
    assert!(!error.is_empty());
    assert_eq!(
        learned.state(PlayerKind::Menace),
        &fresh(PlayerKind::Menace)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn corrupt_or_mismatched_files_are_set_aside_and_the_learner_starts_afresh() {
    let dir = temporary_dir("corrupt");
    fs::create_dir_all(&dir).unwrap();
    let menace_path = state_path_in(&dir, PlayerKind::Menace);
    let td_path = state_path_in(&dir, PlayerKind::Td);
    fs::write(&menace_path, "{ not json").unwrap();
    // TD's file holds MENACE's state.
    fresh(PlayerKind::Menace).write(&td_path).unwrap();
    let (mut learned, problems) = LearnedStates::load_from(Some(dir.clone()));
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].contains("MENACE") && problems[0].contains("set aside"));
    assert!(
        problems[1].contains("MENACE (matchboxes)'s state"),
        "{problems:?}"
    );
    assert!(!menace_path.exists() && !td_path.exists(), "both renamed");
    let aside: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(aside.len(), 2, "{aside:?}");
    assert!(aside.iter().all(|name| name.contains(".corrupt-")));
    // The corrupt text is kept as it was.
    let kept = aside
        .iter()
        .find(|name| name.starts_with("menace"))
        .unwrap();
    assert_eq!(fs::read_to_string(dir.join(kept)).unwrap(), "{ not json");
    for kind in LEARNERS {
        assert_eq!(learned.state(kind), &fresh(kind));
    }
    // The fresh learner saves under the free name.
    let start = Board::new(Shape::TIC_TAC_TOE);
    learned
        .learn_from_game(
            [PlayerKind::Menace, PlayerKind::Menace],
            &start,
            &X_WINS,
            Some(Side::Max),
        )
        .unwrap();
    assert_eq!(LearnerState::read(&menace_path).unwrap().games, 1);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn without_a_data_directory_learning_lasts_the_session() {
    let (mut learned, problems) = LearnedStates::load_from(None);
    assert!(problems.is_empty());
    let start = Board::new(Shape::TIC_TAC_TOE);
    learned
        .learn_from_game(
            [PlayerKind::Td, PlayerKind::Td],
            &start,
            &X_WINS,
            Some(Side::Max),
        )
        .unwrap();
    assert_eq!(learned.state(PlayerKind::Td).games, 1);
    assert_eq!(learned.path(PlayerKind::Td), None);
}

/// What lies at `path`, to compare before and after: its kind, its link's
/// target, its bytes.
fn snapshot(path: &std::path::Path) -> String {
    let metadata = fs::symlink_metadata(path).unwrap();
    let kind = metadata.file_type();
    if kind.is_symlink() {
        format!("link to {:?}", fs::read_link(path).unwrap())
    } else if kind.is_dir() {
        format!("directory of {}", fs::read_dir(path).unwrap().count())
    } else if kind.is_file() {
        format!("file of {:?}", fs::read(path).ok())
    } else {
        format!("{kind:?}")
    }
}

/// Loads the learners from `dir` on a thread: `None` if it did not return
/// within 5 s (a reader waiting on a named pipe).
fn load_within(dir: &std::path::Path) -> Option<(LearnedStates, Vec<String>)> {
    let dir = dir.to_path_buf();
    common::within(std::time::Duration::from_secs(5), move || {
        LearnedStates::load_from(Some(dir))
    })
}

/// Checks that `learned` starts both learners afresh, says that each file
/// was left as it is, and never saves over them.
fn left_as_they_are(dir: &std::path::Path, learned: (LearnedStates, Vec<String>)) {
    let (mut learned, problems) = learned;
    let before: Vec<String> = LEARNERS
        .iter()
        .map(|&kind| snapshot(&state_path_in(dir, kind)))
        .collect();
    assert_eq!(problems.len(), LEARNERS.len(), "{problems:?}");
    for (problem, name) in problems
        .iter()
        .zip(["MENACE", "Temporal-difference", "Neural network"])
    {
        assert!(
            problem.contains(name) && problem.contains("the file was left as it is"),
            "{problem}"
        );
        assert!(!problem.contains("set aside"), "{problem}");
    }
    for kind in LEARNERS {
        assert_eq!(learned.state(kind), &fresh(kind));
        assert_eq!(learned.path(kind), None, "{kind:?} would save");
    }
    learned
        .learn_from_game(
            [PlayerKind::Menace, PlayerKind::Td],
            &Board::new(Shape::TIC_TAC_TOE),
            &X_WINS,
            Some(Side::Max),
        )
        .unwrap();
    learned.reset().unwrap();
    let after: Vec<String> = LEARNERS
        .iter()
        .map(|&kind| snapshot(&state_path_in(dir, kind)))
        .collect();
    assert_eq!(after, before);
    assert_eq!(
        fs::read_dir(dir).unwrap().count(),
        LEARNERS.len(),
        "nothing set aside"
    );
}

#[test]
fn a_directory_or_a_named_pipe_by_a_states_name_is_left_as_it_is() {
    let dir = temporary_dir("not-files");
    fs::create_dir_all(state_path_in(&dir, PlayerKind::Menace)).unwrap();
    common::make_fifo(&state_path_in(&dir, PlayerKind::Td));
    common::make_fifo(&state_path_in(&dir, PlayerKind::Neural));
    let learned = load_within(&dir).expect("loading returned");
    left_as_they_are(&dir, learned);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_symbolic_link_loop_by_a_states_name_is_left_as_it_is() {
    let dir = temporary_dir("loop");
    fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink("menace.json", state_path_in(&dir, PlayerKind::Menace)).unwrap();
    std::os::unix::fs::symlink("td.json", state_path_in(&dir, PlayerKind::Td)).unwrap();
    std::os::unix::fs::symlink("neural.json", state_path_in(&dir, PlayerKind::Neural)).unwrap();
    left_as_they_are(&dir, load_within(&dir).expect("loading returned"));
    let _ = fs::remove_dir_all(&dir);
}

/// Set by the test below for the child process it runs as another user.
const UNREADABLE_DIR: &str = "TICTACTOE_TEST_UNREADABLE_DIR";

#[test]
fn a_state_file_that_cannot_be_read_is_not_corrupt_and_left_as_it_is() {
    if let Some(dir) = std::env::var_os(UNREADABLE_DIR) {
        // The child, as a user the files deny.
        let dir = PathBuf::from(dir);
        left_as_they_are(&dir, load_within(&dir).expect("loading returned"));
        return;
    }
    let dir = temporary_dir("unreadable");
    fs::create_dir_all(&dir).unwrap();
    use std::os::unix::fs::PermissionsExt;
    // Others may write in the directory: only the files deny.
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
    for kind in LEARNERS {
        let path = state_path_in(&dir, kind);
        let mut state = fresh(kind);
        state.games = 5;
        state.write(&path).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o200)).unwrap();
    }
    // This test again, in a process of its own, as an unprivileged user
    // when it runs as root.
    let program = std::env::current_exe().unwrap();
    let output = common::as_unprivileged(&program)
        .args([
            "--exact",
            "a_state_file_that_cannot_be_read_is_not_corrupt_and_left_as_it_is",
            "--nocapture",
        ])
        .env(UNREADABLE_DIR, &dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    for kind in LEARNERS {
        let path = state_path_in(&dir, kind);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(LearnerState::read(&path).unwrap().games, 5, "{kind:?}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_symbolically_linked_state_is_saved_through_the_link() {
    let dir = temporary_dir("link");
    let kept = dir.join("kept");
    fs::create_dir_all(&kept).unwrap();
    let link = state_path_in(&dir, PlayerKind::Td);
    std::os::unix::fs::symlink("kept/td.json", &link).unwrap();
    let (mut learned, problems) = LearnedStates::load_from(Some(dir.clone()));
    assert!(problems.is_empty(), "{problems:?}");
    learned
        .learn_from_game(
            [PlayerKind::Td, PlayerKind::Td],
            &Board::new(Shape::TIC_TAC_TOE),
            &X_WINS,
            Some(Side::Max),
        )
        .unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        LearnerState::read(&kept.join("td.json")).unwrap(),
        *learned.state(PlayerKind::Td)
    );
    let (again, _) = LearnedStates::load_from(Some(dir.clone()));
    assert_eq!(again.state(PlayerKind::Td).games, 1);
    let _ = fs::remove_dir_all(&dir);
}

/// The neural player keeps a network per board, each in a file that
/// names its board; a 3x3 network in Connect Four's file is refused with
/// a message, set aside and never overwritten, and 3x3's file is left
/// alone.
#[test]
fn the_neural_player_keeps_a_network_per_board_and_refuses_another_boards() {
    use tictactoe_files::learner_state::state_path_on;
    let dir = temporary_dir("boards");
    fs::create_dir_all(&dir).unwrap();
    let connect_four = state_path_on(&dir, PlayerKind::Neural, Shape::CONNECT_FOUR);
    assert_eq!(
        connect_four.file_name().unwrap(),
        "neural-connect-four.json"
    );
    let mut small = fresh(PlayerKind::Neural);
    small.games = 9;
    small.write(&connect_four).unwrap();
    let written = fs::read(&connect_four).unwrap();
    let (mut learned, problems) = LearnedStates::load_from(Some(dir.clone()));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("neural-connect-four.json")
            && problems[0].contains("3x3, 3 in a row")
            && problems[0].contains("set aside"),
        "{problems:?}"
    );
    let aside: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(fs::read(&aside[0]).unwrap(), written, "set aside whole");
    let state = learned
        .state_on(PlayerKind::Neural, Shape::CONNECT_FOUR)
        .unwrap();
    assert_eq!(
        (state.shape(), state.games),
        (Shape::CONNECT_FOUR, 0),
        "afresh"
    );
    assert_eq!(
        learned.state(PlayerKind::Neural),
        &fresh(PlayerKind::Neural)
    );
    assert_eq!(learned.state_on(PlayerKind::Td, Shape::CONNECT_FOUR), None);
    // Trained, it is saved in its own file and read back from it.
    let mut trained = state;
    trained.games = 32;
    learned.replace(trained.clone()).unwrap();
    assert_eq!(LearnerState::read(&connect_four).unwrap(), trained);
    assert!(!state_path_in(&dir, PlayerKind::Neural).exists(), "3x3's");
    let (again, problems) = LearnedStates::load_from(Some(dir.clone()));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(
        again.state_on(PlayerKind::Neural, Shape::CONNECT_FOUR),
        Some(trained)
    );
    assert_eq!(again.state(PlayerKind::Neural), &fresh(PlayerKind::Neural));
    // Reset forgets on every board.
    learned.reset().unwrap();
    assert_eq!(LearnerState::read(&connect_four).unwrap().games, 0);
    let _ = fs::remove_dir_all(&dir);
}
