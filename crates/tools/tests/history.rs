//! The game record: every 3x3 game prefix with undo and redo, and random
//! play, undo and redo on every board against a plain list of moves.

use proptest::prelude::*;
use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_tools::history::GameRecord;

/// Who plays: nobody, a person as X, a person as O, two people.
const PEOPLE: [[bool; 2]; 4] = [[false, false], [true, false], [false, true], [true, true]];

/// The position after `moves` from `start`, played one by one.
fn replayed(start: Board, moves: &[usize]) -> Board {
    let mut board = start;
    for &cell in moves {
        board.play(cell).expect("a legal move");
    }
    board
}

/// The record's position agrees with the moves it lists, key included.
fn assert_consistent(record: &GameRecord) {
    let expected = replayed(record.start(), record.played());
    assert_eq!(record.position(), expected);
    assert_eq!(record.position().key(), expected.key());
    assert_eq!(record.position_at(record.len()), Some(expected));
}

fn person_to_move_or_over(board: &Board, human: [bool; 2]) -> bool {
    human[board.side_to_move().index()] || board.outcome() != Outcome::Ongoing
}

/// Undo's steps at one prefix for one set of people, checked against the
/// definition, and Redo's steps from there back.
fn check_steps(record: &GameRecord, human: [bool; 2]) {
    let steps = record.undo_steps(human);
    let mut undone = record.clone();
    assert_eq!(undone.undo(steps), steps);
    let nobody = human == [false, false];
    // Positions passed on the way back, each with the computer to move.
    let passed = (1..steps).map(|back| record.position_at(record.len() - back).unwrap());
    if nobody {
        assert_eq!(steps, record.len().min(1));
    } else if steps == 0 {
        assert!(
            (0..record.len())
                .map(|ply| record.position_at(ply).unwrap())
                .all(|board| !human[board.side_to_move().index()]),
            "no person's turn before {:?}",
            record.played()
        );
    } else {
        assert!(human[undone.position().side_to_move().index()]);
        for board in passed {
            assert!(!human[board.side_to_move().index()], "{board}");
        }
    }
    if person_to_move_or_over(&record.position(), human) || nobody {
        assert_eq!(undone.redo_steps(human), steps, "{:?}", record.played());
        undone.redo(steps);
        assert_eq!(&undone, record);
        assert_eq!(undone.position().key(), record.position().key());
    }
}

#[test]
fn every_3x3_game_prefix_undoes_and_redoes_exactly() {
    fn walk(record: &mut GameRecord, prefixes: &mut u64) {
        *prefixes += 1;
        assert_consistent(record);
        for human in PEOPLE {
            check_steps(record, human);
        }
        let position = record.position();
        if position.outcome() != Outcome::Ongoing {
            assert!(
                record
                    .play(position.legal_moves().next().unwrap_or(0))
                    .is_err()
            );
            return;
        }
        for cell in position.legal_moves() {
            record.play(cell).unwrap();
            walk(record, prefixes);
            assert_eq!(record.undo(1), 1);
            assert_eq!(record.taken_back()[0], cell);
            assert_eq!(record.position(), position);
        }
    }
    let mut prefixes = 0;
    walk(
        &mut GameRecord::new(Board::new(Shape::TIC_TAC_TOE)),
        &mut prefixes,
    );
    // Every node of the game tree, the empty board included.
    assert_eq!(prefixes, 549_946);
}

/// Something done to a record: play the n-th legal cell (counted round),
/// undo or redo up to a number of moves.
#[derive(Debug, Clone)]
enum Action {
    Play(usize),
    Undo(usize),
    Redo(usize),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        3 => (0..25usize).prop_map(Action::Play),
        1 => (0..4usize).prop_map(Action::Undo),
        1 => (0..4usize).prop_map(Action::Redo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256)
    ))]

    /// A record against a model: the list of every move and how many are
    /// played, its position replayed from the start after every action.
    #[test]
    fn random_play_undo_and_redo_match_a_plain_list(
        size in prop::sample::select(Shape::SQUARES.to_vec()),
        actions in prop::collection::vec(action(), 0..80),
    ) {
        let start = Board::new(size);
        let mut record = GameRecord::new(start);
        let mut moves: Vec<usize> = Vec::new();
        let mut played = 0;
        for action in actions {
            match action {
                Action::Play(index) => {
                    let legal: Vec<usize> = record.position().legal_moves().collect();
                    let over = record.position().outcome() != Outcome::Ongoing;
                    let cell = if legal.is_empty() { 0 } else { legal[index % legal.len()] };
                    let before = record.clone();
                    match record.play(cell) {
                        Ok(side) => {
                            prop_assert!(!over);
                            prop_assert_eq!(side, before.position().side_to_move());
                            if moves.get(played) != Some(&cell) {
                                moves.truncate(played);
                                moves.push(cell);
                            }
                            played += 1;
                        }
                        Err(_) => {
                            prop_assert!(over);
                            prop_assert_eq!(&record, &before);
                        }
                    }
                }
                Action::Undo(count) => {
                    let undone = record.undo(count);
                    prop_assert_eq!(undone, count.min(played));
                    played -= undone;
                }
                Action::Redo(count) => {
                    let redone = record.redo(count);
                    prop_assert_eq!(redone, count.min(moves.len() - played));
                    played += redone;
                }
            }
            prop_assert_eq!(record.played(), &moves[..played]);
            prop_assert_eq!(record.taken_back(), &moves[played..]);
            let expected = replayed(start, &moves[..played]);
            prop_assert_eq!(record.position(), expected);
            prop_assert_eq!(record.position().key(), expected.key());
            for ply in 0..=played {
                prop_assert_eq!(record.position_at(ply), Some(replayed(start, &moves[..ply])));
            }
            prop_assert_eq!(record.position_at(played + 1), None);
        }
    }
}
