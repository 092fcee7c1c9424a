//! The learners' states as the window keeps them: loaded from the data
//! directory, taught by finished games and saved after each, reset, and
//! refused and set aside when their files are corrupt.

use std::fs;
use std::path::PathBuf;

use tictactoe::engine::learners::{LearnerState, state_path_in};
use tictactoe::engine::{Board, BoardSize, PlayerKind, Side};
use tictactoe::game::{LEARNERS, LearnedStates};

fn temporary_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tictactoe-learned-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn fresh(kind: PlayerKind) -> LearnerState {
    LearnerState::fresh(kind).unwrap()
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
    let start = Board::new(BoardSize::Three);
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
    assert_eq!(taught, LEARNERS.to_vec());
    for kind in LEARNERS {
        let state = learned.state(kind);
        assert_eq!(state.games, 1);
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
    let start = Board::new(BoardSize::Three);
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
    let start = Board::new(BoardSize::Three);
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
