//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::HashSet;

use tictactoe::engine::learners::{Ending, Learner, LearnerState, Menace};
use tictactoe::engine::{
    Board, BoardSize, CancelFlag, Outcome, PlayerKind, PlayerOptions, SearchReport,
};

/// The position after up to `moves` random moves from the empty board,
/// stopping before a move that would end the game: never finished.
pub fn random_open_position(size: BoardSize, moves: usize, rng: &mut impl rand::Rng) -> Board {
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

/// Every position reachable from the empty 3x3 board, finished or not.
pub fn reachable_positions() -> Vec<Board> {
    fn walk(board: Board, seen: &mut HashSet<(u32, u32)>, out: &mut Vec<Board>) {
        let key = (
            board.stones(tictactoe::engine::Side::Max),
            board.stones(tictactoe::engine::Side::Min),
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
    walk(Board::new(BoardSize::Three), &mut HashSet::new(), &mut out);
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

/// Events of the game thread until `game` is over (panics after 20 s).
pub fn events_until_over(
    events: &async_channel::Receiver<tictactoe::game::Event>,
    game: tictactoe::game::GameId,
) -> Vec<tictactoe::game::Event> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut seen = Vec::new();
    loop {
        match events.try_recv() {
            Ok(event) => {
                let over = event.game() == game
                    && matches!(event, tictactoe::game::Event::GameOver { .. });
                seen.push(event);
                if over {
                    return seen;
                }
            }
            Err(async_channel::TryRecvError::Empty) => {
                assert!(
                    std::time::Instant::now() < deadline,
                    "game {game} did not end: {seen:#?}"
                );
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            Err(error) => panic!("event channel: {error}"),
        }
    }
}

/// The next event, waiting at most 5 s.
pub fn next_event(
    events: &async_channel::Receiver<tictactoe::game::Event>,
) -> tictactoe::game::Event {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        if let Ok(event) = events.try_recv() {
            return event;
        }
        assert!(std::time::Instant::now() < deadline, "no event within 5 s");
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
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
            menace.learn(&[(0, bead)], Ending::Loss);
        }
    }
    assert_eq!(menace.first_box_beads(), 0);
    LearnerState {
        learner: Learner::Menace(menace),
        games: 0,
    }
}
