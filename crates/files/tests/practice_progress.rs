//! The practice score (`tictactoe_tools::exercise::score`) and its file
//! (`tictactoe_files::practice_progress`): counts as the window makes
//! them, in words; the record read back as written; every bad record
//! refused with its problem named, set aside and never written over; a
//! file that cannot be read (a named pipe, a directory, a loop of links)
//! left as it is without waiting; a missing one an empty score.

use super::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use proptest::prelude::*;
use tictactoe_files::practice_progress::{
    self, FILE_NAME, Invalid, LoadProblem, MAX_FILE_BYTES, PracticeRecord, ProgressError,
    default_progress_path, from_json, progress_path_in, to_json,
};
use tictactoe_tools::exercise::Kind;
use tictactoe_tools::exercise::score::{Attempt, Score, Tally};
use tictactoe_tools::exercise::words::tally_words;

fn temporary_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tictactoe-practice-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

const SOLVED_FIRST: Attempt = Attempt {
    solved: true,
    first_check: true,
};
const SOLVED_LATER: Attempt = Attempt {
    solved: true,
    first_check: false,
};
const NOT_SOLVED: Attempt = Attempt {
    solved: false,
    first_check: false,
};

fn tally(tried: u32, solved: u32, first_check: u32) -> Tally {
    Tally {
        tried,
        solved,
        first_check,
    }
}

/// A score of a few kinds and levels, one without a level.
fn sample_score() -> Score {
    let mut score = Score::default();
    for attempt in [SOLVED_FIRST, SOLVED_LATER, NOT_SOLVED, SOLVED_FIRST] {
        score.record(Kind::AlphaBeta, Some(3), attempt);
    }
    score.record(Kind::Minimax, None, SOLVED_LATER);
    score.record(Kind::Mcts, Some(1), NOT_SOLVED);
    score
}

#[test]
fn a_score_counts_each_kind_and_level_apart_in_order() {
    let mut score = sample_score();
    score.record(Kind::Minimax, Some(2), SOLVED_FIRST);
    // First-check without solved is no first check.
    score.record(
        Kind::Minimax,
        Some(2),
        Attempt {
            solved: false,
            first_check: true,
        },
    );
    assert_eq!(score.tally(Kind::AlphaBeta, Some(3)), tally(4, 3, 2));
    assert_eq!(score.tally(Kind::Minimax, Some(2)), tally(2, 1, 1));
    assert_eq!(score.tally(Kind::Minimax, None), tally(1, 1, 0));
    assert_eq!(score.tally(Kind::Order, Some(1)), Tally::default());
    assert_eq!(score.total(), tally(8, 5, 3));
    // Kind::ALL order, then the levels, then no level.
    let keys: Vec<(Kind, Option<u8>)> = score
        .entries()
        .map(|(kind, level, _)| (kind, level))
        .collect();
    assert_eq!(
        keys,
        [
            (Kind::Minimax, Some(2)),
            (Kind::Minimax, None),
            (Kind::AlphaBeta, Some(3)),
            (Kind::Mcts, Some(1)),
        ]
    );
    // The counts saturate.
    let mut full = Score::default();
    full.set(Kind::Order, Some(4), tally(u32::MAX, u32::MAX, u32::MAX));
    full.record(Kind::Order, Some(4), SOLVED_FIRST);
    full.set(Kind::Order, None, tally(5, 5, 5));
    assert_eq!(
        full.tally(Kind::Order, Some(4)),
        tally(u32::MAX, u32::MAX, u32::MAX)
    );
    assert_eq!(full.total(), tally(u32::MAX, u32::MAX, u32::MAX));
}

#[test]
fn a_tally_in_words() {
    assert_eq!(
        tally_words(&tally(5, 3, 2)),
        "3 of 5 exercises solved, 2 at the first check"
    );
    assert_eq!(
        tally_words(&tally(1, 1, 1)),
        "1 of 1 exercise solved, 1 at the first check"
    );
    assert_eq!(
        tally_words(&tally(1_234, 0, 0)),
        "0 of 1,234 exercises solved, 0 at the first check"
    );
    assert_eq!(tally_words(&Tally::default()), "no exercise tried yet");
}

/// Any score: a few kinds and levels (or none), each tally consistent.
fn any_score() -> impl Strategy<Value = Score> {
    let entry = (
        0..Kind::ALL.len(),
        prop::option::of(1u8..=4),
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
    );
    prop::collection::vec(entry, 0..12).prop_map(|entries| {
        let mut score = Score::default();
        for (kind, level, tried, solved, first_check) in entries {
            let solved = solved.min(tried);
            score.set(
                Kind::ALL[kind],
                level,
                tally(tried, solved, first_check.min(solved)),
            );
        }
        score
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// A score reads back the same from its text and from its file.
    #[test]
    fn a_score_reads_back_as_written(score in any_score()) {
        let text = to_json(&score);
        prop_assert_eq!(&from_json(&text).unwrap(), &score, "{}", text);
        let dir = temporary_dir("round-trip");
        let path = progress_path_in(&dir);
        practice_progress::write(&score, &path).unwrap();
        prop_assert_eq!(practice_progress::read(&path).unwrap(), score);
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// The sample score's text with `from` replaced by `to` (which must
/// change it).
fn edited(from: &str, to: &str) -> String {
    let good = to_json(&sample_score());
    let text = good.replacen(from, to, 1);
    assert_ne!(text, good, "{from} is in {good}");
    text
}

#[test]
fn each_bad_record_is_refused_with_its_problem_named() {
    let cases: Vec<(&str, String, Invalid, &str)> = vec![
        (
            "not JSON",
            "{ \"format\": \"tictactoe-practice\", ".to_owned(),
            Invalid::Json(String::new()),
            "EOF while parsing a value (line 1, column 34)",
        ),
        (
            "another format",
            edited("tictactoe-practice", "tictactoe-learner"),
            Invalid::Format("tictactoe-learner".into()),
            "not a practice record: format is 'tictactoe-learner'",
        ),
        (
            "another version",
            edited("\"version\": 1", "\"version\": 2"),
            Invalid::Version(2),
            "version 2 is not one this app reads",
        ),
        (
            "an unknown field",
            edited("\"first_check\"", "\"first_try\""),
            Invalid::Json(String::new()),
            "unknown field `first_try`",
        ),
        (
            "an unknown kind",
            edited("\"mcts\"", "\"expectimax\""),
            Invalid::UnknownKind("expectimax".into()),
            "'expectimax' is not a kind of exercise (they are minimax, alphabeta",
        ),
        (
            "level 0",
            edited("\"level\": 3", "\"level\": 0"),
            Invalid::NoSuchLevel {
                kind: Kind::AlphaBeta,
                level: 0,
            },
            "alphabeta: level 0 is not one of the levels 1 to 4",
        ),
        (
            "level 5",
            edited("\"level\": 3", "\"level\": 5"),
            Invalid::NoSuchLevel {
                kind: Kind::AlphaBeta,
                level: 5,
            },
            "level 5 is not one",
        ),
        (
            "a level past a byte",
            edited("\"level\": 3", "\"level\": 259"),
            Invalid::NoSuchLevel {
                kind: Kind::AlphaBeta,
                level: 259,
            },
            "level 259 is not one",
        ),
        (
            "a negative level",
            edited("\"level\": 3", "\"level\": -1"),
            Invalid::NoSuchLevel {
                kind: Kind::AlphaBeta,
                level: -1,
            },
            "level -1 is not one",
        ),
        (
            "more solved than tried",
            edited("\"solved\": 3", "\"solved\": 5"),
            Invalid::SolvedOverTried {
                kind: Kind::AlphaBeta,
                level: Some(3),
                tally: tally(4, 5, 2),
            },
            "alphabeta at level 3: 5 solved, but only 4 tried",
        ),
        (
            "more at the first check than solved",
            edited("\"first_check\": 0", "\"first_check\": 2"),
            Invalid::FirstCheckOverSolved {
                kind: Kind::Minimax,
                level: None,
                tally: tally(1, 1, 2),
            },
            "minimax without a level: 2 solved at the first check, but only 1 solved",
        ),
        (
            "a kind and level twice",
            edited("\"kind\": \"mcts\"", "\"kind\": \"alphabeta\"").replacen(
                "\"level\": 1",
                "\"level\": 3",
                1,
            ),
            Invalid::Twice {
                kind: Kind::AlphaBeta,
                level: Some(3),
            },
            "alphabeta at level 3 is given twice",
        ),
        (
            "a count past 2^32 - 1",
            edited("\"tried\": 4", "\"tried\": 4294967296"),
            Invalid::Json(String::new()),
            "expected u32",
        ),
        (
            "a negative count",
            edited("\"tried\": 4", "\"tried\": -4"),
            Invalid::Json(String::new()),
            "expected u32",
        ),
    ];
    let dir = temporary_dir("refused");
    let path = progress_path_in(&dir);
    for (what, text, expected, words) in cases {
        let error = from_json(&text).unwrap_err();
        match (&error, &expected) {
            (Invalid::Json(_), Invalid::Json(_)) => {}
            _ => assert_eq!(error, expected, "{what}"),
        }
        assert!(
            error.to_string().contains(words),
            "{what}: {error} does not say {words}"
        );
        // From its file: the same refusal, and the file as it was.
        fs::write(&path, &text).unwrap();
        match practice_progress::read(&path) {
            Err(ProgressError::Invalid(invalid)) => {
                assert_eq!(invalid.to_string(), error.to_string(), "{what}")
            }
            other => panic!("{what}: {other:?}"),
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{what}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_oversized_file_or_one_not_utf8_is_refused() {
    let dir = temporary_dir("oversized");
    let path = progress_path_in(&dir);
    // A good record padded with white space past the limit.
    let good = to_json(&sample_score());
    let padded = format!(
        "{good}{}",
        " ".repeat(MAX_FILE_BYTES as usize + 1 - good.len())
    );
    assert_eq!(padded.len() as u64, MAX_FILE_BYTES + 1);
    assert_eq!(from_json(&padded).unwrap(), sample_score());
    fs::write(&path, &padded).unwrap();
    assert!(
        matches!(
            practice_progress::read(&path),
            Err(ProgressError::Invalid(Invalid::TooLarge))
        ),
        "{:?}",
        practice_progress::read(&path)
    );
    // At the limit it is read.
    fs::write(&path, &padded[..padded.len() - 1]).unwrap();
    assert_eq!(practice_progress::read(&path).unwrap(), sample_score());
    let mut bytes = good.into_bytes();
    bytes[3] = 0xff;
    fs::write(&path, &bytes).unwrap();
    match practice_progress::read(&path) {
        Err(ProgressError::Invalid(invalid @ Invalid::NotUtf8 { byte: 4 })) => {
            assert!(invalid.to_string().contains("not UTF-8"), "{invalid}")
        }
        other => panic!("{other:?}"),
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_corrupt_record_is_set_aside_never_overwritten_and_a_new_one_started() {
    let dir = temporary_dir("corrupt");
    let path = progress_path_in(&dir);
    let corrupt = [
        "{ half a record".to_owned(),
        edited("\"solved\": 3", "\"solved\": 5"),
        edited("\"version\": 1", "\"version\": 7"),
    ];
    let mut kept = Vec::new();
    for (round, text) in corrupt.iter().enumerate() {
        fs::write(&path, text).unwrap();
        let (mut record, problem) = PracticeRecord::load(Some(path.clone()));
        let Some(LoadProblem::SetAside { aside, .. }) = &problem else {
            panic!("{problem:?}");
        };
        let sentence = problem.as_ref().unwrap().to_string();
        assert!(
            sentence.starts_with(&format!(
                "Your practice record '{}' could not be read (",
                path.display()
            )) && sentence.ends_with(&format!(
                "); it was kept as '{}' and a new one started.",
                aside.display()
            )),
            "{sentence}"
        );
        let name = aside.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("practice.json.corrupt-"), "{name}");
        assert!(!kept.contains(&name), "{name} set aside twice");
        assert_eq!(&fs::read_to_string(aside).unwrap(), text);
        assert!(!path.exists(), "loading writes nothing");
        assert!(record.score().is_empty());
        assert_eq!(record.path(), Some(path.as_path()));
        // The new record is saved under the name; what was set aside stays.
        record.record(Kind::Order, Some(2), SOLVED_FIRST).unwrap();
        assert_eq!(
            practice_progress::read(&path)
                .unwrap()
                .tally(Kind::Order, Some(2)),
            tally(1, 1, 1)
        );
        assert_eq!(&fs::read_to_string(aside).unwrap(), text);
        kept.push(name);
        assert_eq!(names_in(&dir).len(), round + 2);
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_record_is_an_empty_score_saved_after_the_first_exercise() {
    let dir = temporary_dir("missing");
    // In a directory still to be made.
    let path = progress_path_in(&dir.join("tictactoe"));
    let (mut record, problem) = PracticeRecord::load(Some(path.clone()));
    assert!(problem.is_none(), "{problem:?}");
    assert!(record.score().is_empty());
    assert!(names_in(&dir).is_empty(), "loading writes nothing");
    assert!(practice_progress::read(&path).unwrap_err().is_missing());
    for attempt in [SOLVED_FIRST, NOT_SOLVED] {
        record.record(Kind::BestMove, Some(1), attempt).unwrap();
    }
    let (again, problem) = PracticeRecord::load(Some(path.clone()));
    assert!(problem.is_none(), "{problem:?}");
    assert_eq!(again.score(), record.score());
    assert_eq!(again.score().tally(Kind::BestMove, Some(1)), tally(2, 1, 1));
    // Without a data directory the record lasts the session.
    let (mut session, problem) = PracticeRecord::load(None);
    assert!(problem.is_none());
    session.record(Kind::Mcts, None, SOLVED_LATER).unwrap();
    assert_eq!(session.score().total(), tally(1, 1, 0));
    assert_eq!(session.path(), None);
    // The default place is the learners' data directory's.
    if let Some(default) = default_progress_path() {
        assert_eq!(default.file_name().unwrap(), FILE_NAME);
        assert_eq!(
            Some(default.parent().unwrap().to_path_buf()),
            tictactoe_files::learner_state::data_directory()
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// What lies at `path`, to compare before and after: its kind, its link's
/// target, its bytes.
fn snapshot(path: &Path) -> String {
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

/// Loads the record at `path` on a thread: it must return within 5 s (a
/// reader waiting on a named pipe would not), leave the file as it is,
/// say so, and never save over it.
fn left_as_it_is(path: &Path, why: &str) {
    let before = snapshot(path);
    let names = names_in(path.parent().unwrap());
    let loading = path.to_path_buf();
    let (mut record, problem) = common::within(Duration::from_secs(5), move || {
        PracticeRecord::load(Some(loading))
    })
    .expect("loading returned");
    let Some(problem @ LoadProblem::LeftAsItIs { error, .. }) = &problem else {
        panic!("{problem:?}");
    };
    let sentence = problem.to_string();
    assert!(
        sentence.contains(why)
            && sentence.contains(&error.to_string())
            && sentence.contains("the file was left as it is"),
        "{sentence}"
    );
    assert_eq!(record.path(), None);
    record.record(Kind::Minimax, Some(1), SOLVED_FIRST).unwrap();
    assert_eq!(record.score().total(), tally(1, 1, 1));
    assert_eq!(snapshot(path), before);
    assert_eq!(names_in(path.parent().unwrap()), names, "nothing set aside");
}

#[test]
fn a_named_pipe_is_not_waited_on_and_left_as_it_is() {
    let dir = temporary_dir("fifo");
    let path = progress_path_in(&dir);
    common::make_fifo(&path);
    left_as_it_is(&path, "named pipe");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_is_left_as_it_is() {
    let dir = temporary_dir("directory");
    let path = progress_path_in(&dir);
    fs::create_dir_all(path.join("inside")).unwrap();
    left_as_it_is(&path, "it is a directory");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_symbolic_link_is_read_and_saved_through_and_one_to_something_bad_refused() {
    use std::os::unix::fs::symlink;
    let dir = temporary_dir("links");
    let path = progress_path_in(&dir);
    // To a pipe, to a directory, to itself: left as they are.
    let pipe = dir.join("pipe");
    common::make_fifo(&pipe);
    symlink("pipe", &path).unwrap();
    left_as_it_is(&path, "named pipe");
    fs::remove_file(&path).unwrap();
    fs::create_dir(dir.join("folder")).unwrap();
    symlink("folder", &path).unwrap();
    left_as_it_is(&path, "it is a directory");
    fs::remove_file(&path).unwrap();
    symlink(FILE_NAME, &path).unwrap();
    left_as_it_is(&path, "symbolic links");
    fs::remove_file(&path).unwrap();
    // To a corrupt file: the link is set aside, the file it names kept.
    let kept = dir.join("kept");
    fs::create_dir(&kept).unwrap();
    let corrupt = kept.join("corrupt.json");
    fs::write(&corrupt, "[]").unwrap();
    symlink("kept/corrupt.json", &path).unwrap();
    let (mut record, problem) = PracticeRecord::load(Some(path.clone()));
    let Some(LoadProblem::SetAside { aside, .. }) = &problem else {
        panic!("{problem:?}");
    };
    assert_eq!(
        fs::read_link(aside).unwrap(),
        Path::new("kept/corrupt.json")
    );
    record.record(Kind::Order, None, NOT_SOLVED).unwrap();
    assert_eq!(fs::read_to_string(&corrupt).unwrap(), "[]");
    assert!(fs::symlink_metadata(&path).unwrap().is_file());
    fs::remove_file(&path).unwrap();
    // To a good record, or to none yet: read and saved through the link.
    symlink("kept/practice.json", &path).unwrap();
    let (mut record, problem) = PracticeRecord::load(Some(path.clone()));
    assert!(problem.is_none(), "{problem:?}");
    record.record(Kind::Order, None, SOLVED_LATER).unwrap();
    let (mut record, problem) = PracticeRecord::load(Some(path.clone()));
    assert!(problem.is_none(), "{problem:?}");
    assert_eq!(record.score().tally(Kind::Order, None), tally(1, 1, 0));
    record.record(Kind::Order, None, SOLVED_FIRST).unwrap();
    assert!(fs::symlink_metadata(&path).unwrap().is_symlink());
    assert_eq!(
        practice_progress::read(&kept.join("practice.json"))
            .unwrap()
            .tally(Kind::Order, None),
        tally(2, 2, 1)
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Set by the test below for the child process it runs as another user.
const UNREADABLE_DIR: &str = "TICTACTOE_TEST_UNREADABLE_PRACTICE";

#[test]
fn a_record_that_may_not_be_read_is_not_corrupt_and_left_as_it_is() {
    if let Some(dir) = std::env::var_os(UNREADABLE_DIR) {
        // The child, as a user the file denies.
        left_as_it_is(&progress_path_in(Path::new(&dir)), "Permission denied");
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = temporary_dir("unreadable");
    // Others may write in the directory: only the file denies.
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
    let path = progress_path_in(&dir);
    practice_progress::write(&sample_score(), &path).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o200)).unwrap();
    // This test again, in a process of its own, as an unprivileged user
    // when it runs as root.
    let output = common::as_unprivileged(&std::env::current_exe().unwrap())
        .args([
            "--exact",
            "a_record_that_may_not_be_read_is_not_corrupt_and_left_as_it_is",
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
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(practice_progress::read(&path).unwrap(), sample_score());
    assert_eq!(names_in(&dir), [FILE_NAME]);
    fs::remove_dir_all(&dir).unwrap();
}
