//! Property tests of the command line as a process: random argument
//! vectors (never a panic, exit codes as documented, nothing written but
//! standard output and error and a learner's state by `train`), and
//! random input to `analyze` (never a panic or a hang, every bad line named
//! by its number, every good one analysed). `PROPTEST_CASES` sets the cases
//! (256 by default, some 10 s: each case starts the binary).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use super::common::random_open_position;

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(256)
}

/// How long a case may run before it is interrupted; then it must stop
/// within `STOP_TIME` with the exit code for Ctrl+C.
const RUN_TIME: Duration = Duration::from_secs(20);
const STOP_TIME: Duration = Duration::from_secs(10);

/// A directory of the case's own: the working directory, the home and the
/// data and temporary directories all lie in it.
struct Sandbox {
    root: PathBuf,
}

impl Sandbox {
    fn new() -> Sandbox {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "cli_props-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&root);
        for directory in ["work", "home", "data", "tmp"] {
            std::fs::create_dir_all(root.join(directory)).unwrap();
        }
        Sandbox { root }
    }

    fn command(&self, args: &[OsString]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tictactoe"));
        command
            .args(args)
            .current_dir(self.root.join("work"))
            .env("HOME", self.root.join("home"))
            .env("XDG_DATA_HOME", self.root.join("data"))
            .env("TMPDIR", self.root.join("tmp"))
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY");
        command
    }

    /// Every file under the sandbox with its size and time of change, and
    /// every directory.
    fn files(&self) -> BTreeMap<PathBuf, (u64, SystemTime)> {
        fn walk(directory: &Path, files: &mut BTreeMap<PathBuf, (u64, SystemTime)>) {
            for entry in std::fs::read_dir(directory).unwrap() {
                let entry = entry.unwrap();
                let metadata = entry.metadata().unwrap();
                if metadata.is_dir() {
                    walk(&entry.path(), files);
                    files.insert(entry.path(), (0, SystemTime::UNIX_EPOCH));
                } else {
                    files.insert(entry.path(), (metadata.len(), metadata.modified().unwrap()));
                }
            }
        }
        let mut files = BTreeMap::new();
        walk(&self.root, &mut files);
        files
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A finished case: its status, output and errors, and whether it had to
/// be interrupted.
struct Finished {
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    interrupted: bool,
}

/// Waits for `child`, writing `input` to it; interrupts it (SIGINT) after
/// `RUN_TIME`. Fails if it does not end `STOP_TIME` after that.
fn finish(mut child: Child, input: Vec<u8>) -> Result<Finished, TestCaseError> {
    let mut stdin = child.stdin.take();
    let writer = std::thread::spawn(move || {
        if let Some(stdin) = &mut stdin {
            let _ = stdin.write_all(&input);
        }
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let started = Instant::now();
    let mut interrupted = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if !interrupted && started.elapsed() > RUN_TIME {
            interrupted = true;
            // SAFETY: signals our own child, not yet waited for.
            unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
        }
        if started.elapsed() > RUN_TIME + STOP_TIME {
            let _ = child.kill();
            let _ = child.wait();
            return Err(TestCaseError::fail("it went on after Ctrl+C"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    writer.join().unwrap();
    Ok(Finished {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
        interrupted,
    })
}

/// Words of the command line: commands, options, and values good and bad.
fn word() -> impl Strategy<Value = OsString> {
    let words = prop::sample::select(vec![
        "players",
        "play",
        "analyze",
        "tree",
        "compare",
        "tournament",
        "train",
        "exercise",
        "--help",
        "--version",
        "-h",
        "--max",
        "--min",
        "--games",
        "--size",
        "--seed",
        "--depth-max",
        "--depth-min",
        "--time",
        "--state",
        "--verbose",
        "--json",
        "--csv",
        "--player",
        "--depth",
        "--game",
        "--max-ply",
        "--players",
        "--threads",
        "--opponent",
        "--side",
        "--block",
        "--fresh",
        "--refill",
        "--kind",
        "--level",
        "--tree",
        "--branching",
        "--values",
        "--chance",
        "--root",
        "--position",
        "--windows",
        "--answer",
        "--solution",
        "--dot",
        "--svg",
        "--from",
        "--prune",
        "--",
        "random",
        "rules",
        "minimax",
        "alphabeta",
        "alphabeta-tt",
        "alphabeta-random",
        "mcts",
        "perfect",
        "menace",
        "td",
        "human",
        "self",
        "nobody",
        "random,rules",
        "perfect,alphabeta:2",
        "minimax:3,random",
        "mcts:4",
        "5,1",
        "O 2, X 4",
        "pass 2",
        "9 again",
        "random,random",
        "x",
        "o",
        "both",
        "3",
        "4",
        "5",
        "6",
        "0",
        "1",
        "2",
        "-1",
        "25",
        "26",
        "easy",
        "medium",
        "hard",
        "0.05",
        "nan",
        "inf",
        "-0",
        "1e400",
        "4294967295",
        "4294967296",
        "18446744073709551616",
        "",
        " ",
        "x.o/.x./..o",
        "x........",
        ".........",
        "---------",
        "-x-------",
        "xxx/ooo/...",
        "xx./oo./...",
        "x.o/.x./..",
        "................",
        "x...o...........",
        "state.json",
        "game.json",
        "missing.json",
        "/",
        "\u{1b}]0;t\u{7}",
        "\u{feff}",
        "x.o\u{301}",
        "order",
        "best-move",
        "max",
        "on-equal",
        "((3 12 8) (2 4 6) (14 5 2))",
        "([1 2] (3 4))",
        "((1 (2",
        "pruned 2.2 2.3; root = 3; 1 = 3; 2 = 2; 3 = 2",
        "root = 9/2; 1 = 4.50",
        "root: 2 1; leaves 3",
        "move 5; outcome D; bounded",
        "pick 3",
        "{\"pruned\": [[1, 1]]}",
        "1..3",
        "-20..20",
    ]);
    prop_oneof![
        8 => words.prop_map(OsString::from),
        // Any bytes but NUL, which no argument can hold.
        1 => prop::collection::vec(1u8.., 0..12).prop_map(OsString::from_vec),
    ]
}

/// The program's name as the process gets it: its path, or any bytes.
fn program_name() -> impl Strategy<Value = Option<OsString>> {
    prop_oneof![
        1 => Just(None),
        1 => prop::collection::vec(1u8.., 1..12).prop_map(|name| Some(OsString::from_vec(name))),
    ]
}

/// An argument vector that names a command first (never the window's
/// empty one).
fn arguments() -> impl Strategy<Value = Vec<OsString>> {
    let command = prop::sample::select(vec![
        "players",
        "play",
        "analyze",
        "tree",
        "compare",
        "tournament",
        "train",
        "exercise",
        "--help",
        "frob",
    ]);
    (command, prop::collection::vec(word(), 0..8)).prop_map(|(command, rest)| {
        let mut args = vec![OsString::from(command)];
        args.extend(rest);
        args
    })
}

/// The files a command may write: a learner's state for `train`.
fn may_write(args: &[OsString], sandbox: &Sandbox, path: &Path) -> bool {
    if args[0] != "train" {
        return false;
    }
    let work = sandbox.root.join("work");
    let data = sandbox.root.join("data").join("tictactoe");
    path == work.join("state.json")
        || path == data
        || path == data.join("menace.json")
        || path == data.join("td.json")
}

fn check_arguments(name: Option<OsString>, args: Vec<OsString>) -> Result<(), TestCaseError> {
    let sandbox = Sandbox::new();
    // A saved game that is not one.
    std::fs::write(sandbox.root.join("work").join("game.json"), "{}").unwrap();
    let before = sandbox.files();
    let mut command = sandbox.command(&args);
    if let Some(name) = name {
        command.arg0(name);
    }
    let child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // `analyze` without positions reads two from standard input.
    let run = finish(child, b"x........\n.o./.x./...\n".to_vec())?;
    let errors = String::from_utf8_lossy(&run.stderr);
    prop_assert!(!errors.contains("panicked"), "{:?}: {}", args, errors);
    let code = run.status.code();
    if run.interrupted {
        prop_assert_eq!(code, Some(130), "{:?}: {}", args, errors);
    } else {
        prop_assert!(
            matches!(code, Some(0..=2)),
            "{:?} exited with {:?}: {}",
            args,
            run.status,
            errors
        );
    }
    if code == Some(2) {
        prop_assert!(errors.contains("error: "), "{:?}: {}", args, errors);
    }
    if code == Some(0) {
        prop_assert!(!run.stdout.is_empty(), "{:?} printed nothing", args);
    }
    let after = sandbox.files();
    for (path, file) in &after {
        if before.get(path) != Some(file) {
            prop_assert!(
                may_write(&args, &sandbox, path),
                "{:?} wrote {}",
                args,
                path.display()
            );
        }
    }
    for path in before.keys() {
        prop_assert!(
            after.contains_key(path),
            "{:?} removed {}",
            args,
            path.display()
        );
    }
    Ok(())
}

/// One line of input to `analyze`: a position, or anything else.
fn input_line() -> impl Strategy<Value = Vec<u8>> {
    let size = prop::sample::select(vec![
        Shape::TIC_TAC_TOE,
        Shape::TIC_TAC_TOE,
        Shape::FOUR_BY_FOUR,
    ]);
    let position = (size, any::<u64>()).prop_map(|(size, seed)| {
        let mut rng = StdRng::seed_from_u64(seed);
        let moves = (seed % size.cells() as u64) as usize;
        random_open_position(size, moves.max(1), &mut rng)
            .to_string()
            .into_bytes()
    });
    let near = prop::collection::vec(
        prop::sample::select(b"xXoO.-/ \t\r\x1b\xff\xe9z0".to_vec()),
        0..30,
    );
    prop_oneof![
        4 => position,
        3 => near,
        1 => prop::collection::vec(any::<u8>(), 0..40),
        1 => (1025usize..3000).prop_map(|length| vec![b'.'; length]),
        1 => Just(b"xxx/oo./...".to_vec()),
        1 => Just(Vec::new()),
    ]
    .prop_map(|mut line| {
        line.retain(|&byte| byte != b'\n');
        line
    })
}

/// What `analyze` must make of a line: `None` if it is skipped (blank),
/// else whether it is a position it analyses.
fn expected(line: &[u8]) -> Option<bool> {
    if line.len() > 1024 {
        return Some(false);
    }
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    match std::str::from_utf8(line) {
        Ok(text) if text.trim().is_empty() => None,
        Ok(text) => Some(Board::parse_for_move(text).is_ok()),
        Err(_) => Some(false),
    }
}

fn check_input(lines: Vec<Vec<u8>>, final_newline: bool) -> Result<(), TestCaseError> {
    let sandbox = Sandbox::new();
    let mut input = lines.join(&b'\n');
    if final_newline {
        input.push(b'\n');
    }
    let child = sandbox
        .command(&[OsString::from("analyze")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let run = finish(child, input)?;
    prop_assert!(!run.interrupted, "analyze hung on {:?}", lines);
    let errors = String::from_utf8_lossy(&run.stderr);
    let output = String::from_utf8_lossy(&run.stdout);
    prop_assert!(!errors.contains("panicked"), "{}", errors);
    // A line read without its newline at the very end is still a line.
    let given: Vec<(usize, Option<bool>)> = lines
        .iter()
        .enumerate()
        .filter(|(number, line)| final_newline || !line.is_empty() || number + 1 < lines.len())
        .map(|(number, line)| (number + 1, expected(line)))
        .collect();
    let good = given.iter().filter(|(_, kind)| *kind == Some(true)).count();
    let bad: Vec<usize> = given
        .iter()
        .filter(|(_, kind)| *kind == Some(false))
        .map(|(number, _)| *number)
        .collect();
    for number in &bad {
        prop_assert!(
            errors.contains(&format!("error: line {number}: ")),
            "line {} not named: {}",
            number,
            errors
        );
    }
    let reports = output
        .lines()
        .filter(|line| line.starts_with("position "))
        .count();
    prop_assert_eq!(reports, good, "{}", output);
    let code = match (good, bad.len()) {
        (0, 0) => 2,
        (_, 0) => 0,
        _ => 1,
    };
    prop_assert_eq!(run.status.code(), Some(code), "{}", errors);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn any_arguments_end_with_a_documented_code_and_write_nothing_else(
        name in program_name(),
        args in arguments(),
    ) {
        check_arguments(name, args)?;
    }

    #[test]
    fn any_input_to_analyze_is_read_line_by_line(
        lines in prop::collection::vec(input_line(), 0..12),
        final_newline in any::<bool>(),
    ) {
        check_input(lines, final_newline)?;
    }
}

#[test]
fn the_sandbox_sees_what_a_command_writes() {
    let sandbox = Sandbox::new();
    let before = sandbox.files();
    let args: Vec<OsString> = [
        "train",
        "--player",
        "td",
        "--opponent",
        "random",
        "--games",
        "3",
    ]
    .map(OsString::from)
    .to_vec();
    let status = sandbox.command(&args).output().unwrap().status;
    assert!(status.success());
    let written: Vec<PathBuf> = sandbox
        .files()
        .into_iter()
        .filter(|(path, file)| before.get(path) != Some(file))
        .map(|(path, _)| path)
        .collect();
    let state = sandbox.root.join("data").join("tictactoe").join("td.json");
    assert!(written.contains(&state), "{written:?}");
    assert!(written.iter().all(|path| may_write(&args, &sandbox, path)));
}
