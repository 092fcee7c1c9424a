//! Helpers the crates' integration tests share (a dev-dependency only):
//! positions, the minimax oracle, a learner's state, CSV, timeouts, named
//! pipes and running as an unprivileged user.

use std::collections::HashSet;

use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::menace::Menace;
use tictactoe_engine::learners::{Learner, LearnerState, ResultForSide};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;

/// The position after up to `moves` random moves from the empty board,
/// stopping before a move that would end the game: never finished.
pub fn random_open_position(size: Shape, moves: usize, rng: &mut impl rand::Rng) -> Board {
    use rand::seq::IndexedRandom;
    let mut board = Board::new(size);
    for _ in 0..moves {
        let legal: Vec<usize> = board.legal_moves().collect();
        let mut next = board;
        next.play(*legal.choose(rng).expect("an open board has a free cell"))
            .expect("a legal move");
        if next.outcome() != Outcome::Ongoing {
            break;
        }
        board = next;
    }
    board
}

/// `oo./.xx/o.x`, X to move: cells 3 and 4 (from 1) win at once, cell 8
/// loses (O then wins with either move left). Each playout's result is
/// certain, so a search's tree after any number of steps is known by hand.
pub fn two_wins_and_a_loss() -> Board {
    Board::parse_for_move("oo./.xx/o.x").unwrap()
}

/// `actual` is the hand-worked `expected` to 7 decimals.
#[track_caller]
pub fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 5e-7,
        "{actual} is not {expected}"
    );
}

/// Every position reachable from the empty 3x3 board, finished or not.
pub fn reachable_positions() -> Vec<Board> {
    reachable_positions_on(Shape::TIC_TAC_TOE)
}

/// Every position reachable from the empty board of `shape`, finished or
/// not (a small board: 4x3 has 2,000 or so).
pub fn reachable_positions_on(shape: Shape) -> Vec<Board> {
    fn walk(board: Board, seen: &mut HashSet<(u64, u64)>, out: &mut Vec<Board>) {
        let key = (
            board.stones(tictactoe_engine::board::Side::Max),
            board.stones(tictactoe_engine::board::Side::Min),
        );
        if !seen.insert(key) {
            return;
        }
        out.push(board);
        if board.outcome() != Outcome::Ongoing {
            return;
        }
        for cell in board.legal_moves() {
            let mut child = board;
            child.play(cell).unwrap();
            walk(child, seen, out);
        }
    }
    let mut out = Vec::new();
    walk(Board::new(shape), &mut HashSet::new(), &mut out);
    out
}

/// The reachable positions where the game goes on.
pub fn open_positions() -> Vec<Board> {
    reachable_positions()
        .into_iter()
        .filter(|b| b.outcome() == Outcome::Ongoing)
        .collect()
}

/// One decision of a freshly built player.
pub fn decide(kind: PlayerKind, options: &PlayerOptions, board: &Board) -> SearchReport {
    kind.create(options).choose_move(board, &CancelFlag::new())
}

/// Plain full-depth minimax's report: the oracle.
pub fn oracle(board: &Board) -> SearchReport {
    decide(PlayerKind::Minimax, &PlayerOptions::default(), board)
}

/// The oracle's score for `cell`.
pub fn oracle_score(oracle: &SearchReport, cell: usize) -> i32 {
    oracle
        .moves
        .iter()
        .find(|m| m.cell == cell)
        .and_then(|m| m.score)
        .expect("oracle scores every move")
}

/// Splits CSV text (RFC 4180, CRLF line ends) into records of fields.
pub fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {
                assert_eq!(chars.next(), Some('\n'), "CRLF line ends");
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(
        field.is_empty() && record.is_empty(),
        "ends with a line end"
    );
    records
}

/// MENACE with every bead of the empty board's box lost (corner, edge and
/// centre, four losses each): as X it resigns at once, unless `refill`.
pub fn with_empty_first_box(refill: bool) -> LearnerState {
    let mut menace = Menace::new(refill);
    for bead in [0, 1, 4] {
        for _ in 0..4 {
            menace.learn(&[(0, bead)], ResultForSide::Loss);
        }
    }
    assert_eq!(menace.first_box_beads(), 0);
    LearnerState {
        learner: Learner::Menace(menace),
        games: 0,
    }
}

/// `work`'s result if it finishes within `limit`; `None` if it is still
/// running then (left blocked on its thread, so that a hang fails the
/// test instead of stopping the suite).
pub fn within<T: Send + 'static>(
    limit: std::time::Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    receiver.recv_timeout(limit).ok()
}

/// Makes a named pipe (FIFO) at `path`.
pub fn make_fifo(path: &std::path::Path) {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("no NUL in the path");
    // SAFETY: a valid C string; mkfifo only makes the file.
    let made = unsafe { libc::mkfifo(name.as_ptr(), 0o644) };
    assert_eq!(made, 0, "mkfifo {}", path.display());
}

/// Whether this process runs as root, which reads and writes files
/// whatever their permissions say.
pub fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// `command` run as the unprivileged user `nobody` when this process is
/// root (for permissions to apply), else as it is.
pub fn as_unprivileged(command: &std::path::Path) -> std::process::Command {
    if running_as_root() {
        let mut wrapped = std::process::Command::new("setpriv");
        wrapped
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(command);
        wrapped
    } else {
        std::process::Command::new(command)
    }
}

/// A command's output if it ends within `limit`; else it is killed and
/// the result says how long it ran.
pub fn output_within(
    command: &mut std::process::Command,
    limit: std::time::Duration,
) -> Result<std::process::Output, String> {
    use std::io::Read;
    let mut child = command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|error| format!("{command:?} did not start: {error}"))?;
    // Read as they come, so that a full pipe never holds the child up.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|error| error.to_string())? {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{command:?} still ran after {limit:?}"));
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    Ok(std::process::Output {
        status,
        stdout,
        stderr,
    })
}
