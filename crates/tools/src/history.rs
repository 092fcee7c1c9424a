//! A game's record: where it started and the moves played since, with the
//! moves taken back kept for redo.

use tictactoe_engine::board::{Board, BoardError, Side};

/// Where a game started and every move since: the played moves, then the
/// moves taken back, which redo plays again. Every move in the list is
/// legal in turn from the start, taken-back ones included, so redo never
/// needs to check one again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    start: Board,
    /// The played moves, then the taken-back ones (the next to redo first).
    moves: Vec<usize>,
    /// How many of `moves` are on the board.
    played: usize,
    /// The position after the played moves, kept in step by undo and redo.
    position: Board,
}

impl GameRecord {
    /// A record of a game starting from `start` (which may already be over).
    pub fn new(start: Board) -> GameRecord {
        GameRecord {
            start,
            moves: Vec::new(),
            played: 0,
            position: start,
        }
    }

    pub fn start(&self) -> Board {
        self.start
    }

    /// The position after the played moves.
    pub fn position(&self) -> Board {
        self.position
    }

    /// The moves on the board now, in the order they were played.
    pub fn played(&self) -> &[usize] {
        &self.moves[..self.played]
    }

    /// The moves redo would play again, the next one first.
    pub fn taken_back(&self) -> &[usize] {
        &self.moves[self.played..]
    }

    /// How many moves are on the board since the start.
    pub fn len(&self) -> usize {
        self.played
    }

    /// True if no move has been played since the start (or all were taken
    /// back).
    pub fn is_empty(&self) -> bool {
        self.played == 0
    }

    /// Plays `cell` for the side to move; an illegal move is refused and
    /// changes nothing. Playing the move redo would play keeps the rest of
    /// the taken-back moves; any other move drops them.
    pub fn play(&mut self, cell: usize) -> Result<Side, BoardError> {
        let side = self.position.play(cell)?;
        if self.moves.get(self.played) != Some(&cell) {
            self.moves.truncate(self.played);
            self.moves.push(cell);
        }
        self.played += 1;
        Ok(side)
    }

    /// Takes back up to `count` moves, the last played first; returns how
    /// many were taken back.
    pub fn undo(&mut self, count: usize) -> usize {
        let count = count.min(self.played);
        for _ in 0..count {
            self.played -= 1;
            // The side that made the last move is the one not to move now.
            let mover = self.position.side_to_move().opponent();
            self.position.toggle(self.moves[self.played], mover);
        }
        count
    }

    /// Plays up to `count` taken-back moves again; returns how many.
    pub fn redo(&mut self, count: usize) -> usize {
        let count = count.min(self.moves.len() - self.played);
        for _ in 0..count {
            let mover = self.position.side_to_move();
            self.position.toggle(self.moves[self.played], mover);
            self.played += 1;
        }
        count
    }

    /// The position after the first `ply` played moves (`ply` from 0, the
    /// start, to `len()`); `None` beyond.
    pub fn position_at(&self, ply: usize) -> Option<Board> {
        (ply <= self.played).then(|| {
            let mut board = self.start;
            for &cell in &self.moves[..ply] {
                board.toggle(cell, board.side_to_move());
            }
            board
        })
    }

    /// The side and cell of the move that led to `position_at(ply)`, for
    /// `ply` from 1 to `len()`; `None` otherwise.
    pub fn move_at(&self, ply: usize) -> Option<(Side, usize)> {
        let cell = *self.played().get(ply.checked_sub(1)?)?;
        Some((self.mover(ply), cell))
    }

    /// The side that makes the `ply`th move since the start (from 1): every
    /// move adds a stone of the side to move, so the sides alternate.
    fn mover(&self, ply: usize) -> Side {
        let first = self.start.side_to_move();
        if ply % 2 == 1 {
            first
        } else {
            first.opponent()
        }
    }

    /// Every played move in order, with the position it was played in
    /// (whose side to move made it).
    pub fn played_with_positions(&self) -> impl Iterator<Item = (Board, usize)> + '_ {
        let mut board = self.start;
        self.played().iter().map(move |&cell| {
            let before = board;
            board.toggle(cell, board.side_to_move());
            (before, cell)
        })
    }

    /// How many moves Undo takes back when a person plays the sides marked
    /// in `human` (indexed by `Side::index`: X, then O). With no person,
    /// one move. Otherwise back to the person's previous turn: the last
    /// move and on until a person is to move, so a person's move goes back
    /// together with the computer's replies; 0 if no played move is a
    /// person's (the computer moved first and the person has not yet).
    pub fn undo_steps(&self, human: [bool; 2]) -> usize {
        if human == [false; 2] {
            return self.played.min(1);
        }
        (1..=self.played)
            .find(|&steps| human[self.mover(self.played + 1 - steps).index()])
            .unwrap_or(0)
    }

    /// How many moves Redo plays again when a person plays the sides marked
    /// in `human`: with no person, one move; otherwise at least one and on
    /// until a person is to move or nothing is left to redo (which is where
    /// a finished game stops: no move follows its last). 0 if there is
    /// nothing to redo.
    pub fn redo_steps(&self, human: [bool; 2]) -> usize {
        let waiting = self.taken_back();
        if human == [false; 2] {
            return waiting.len().min(1);
        }
        let first = self.played + 1;
        (first..=self.moves.len())
            .find(|&ply| human[self.mover(ply + 1).index()])
            .map_or(waiting.len(), |ply| ply + 1 - first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_engine::geometry::Shape;

    use tictactoe_words::Words;

    const NOBODY: [bool; 2] = [false, false];
    const PERSON_IS_X: [bool; 2] = [true, false];
    const PERSON_IS_O: [bool; 2] = [false, true];
    const TWO_PEOPLE: [bool; 2] = [true, true];

    fn record_of(moves: &[usize]) -> GameRecord {
        let mut record = GameRecord::new(Board::new(Shape::TIC_TAC_TOE));
        for &cell in moves {
            record.play(cell).unwrap();
        }
        record
    }

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn undo_and_redo_restore_the_exact_position() {
        let mut record = record_of(&[4, 0, 8, 2]);
        let after = record.position();
        assert_eq!(after, board("o.o/.x./..x"));
        assert_eq!(record.undo(3), 3);
        assert_eq!(record.position(), board(".../.x./..."));
        assert_eq!(record.position().key(), board(".../.x./...").key());
        assert_eq!(record.position().side_to_move(), Side::Min);
        assert_eq!(record.played(), [4]);
        assert_eq!(record.taken_back(), [0, 8, 2]);
        assert_eq!(record.redo(2), 2);
        assert_eq!(record.position(), board("o../.x./..x"));
        assert_eq!(record.redo(5), 1, "only one move was left to redo");
        assert_eq!(record.position(), after);
        assert_eq!(record.position().key(), after.key());
        assert_eq!(record.redo(1), 0);
        assert_eq!(record.undo(9), 4);
        assert_eq!(record.position(), record.start());
        assert_eq!(record.position().key(), 0);
        assert!(record.is_empty());
        assert_eq!(record.undo(1), 0);
    }

    #[test]
    fn replaying_the_next_move_keeps_the_redo_list_and_another_drops_it() {
        let mut record = record_of(&[4, 0, 8, 2]);
        record.undo(3);
        assert_eq!(record.play(0), Ok(Side::Min));
        assert_eq!(
            record.taken_back(),
            [8, 2],
            "the same move as the next to redo"
        );
        assert_eq!(record.play(6), Ok(Side::Max));
        assert_eq!(record.played(), [4, 0, 6]);
        assert!(record.taken_back().is_empty(), "another move");
        assert_eq!(record.redo(1), 0);
    }

    #[test]
    fn illegal_moves_change_nothing() {
        let mut record = record_of(&[4, 0]);
        record.undo(1);
        let before = record.clone();
        assert_eq!(record.play(4), Err(BoardError::CellOccupied(4)));
        assert_eq!(
            record.play(9),
            Err(BoardError::CellOutOfRange { cell: 9, cells: 9 })
        );
        assert_eq!(record, before);
        let mut won = record_of(&[0, 3, 1, 4, 2]);
        let outcome = won.position().outcome();
        assert_eq!(won.play(8), Err(BoardError::GameOver(outcome)));
        assert_eq!(won.len(), 5);
    }

    #[test]
    fn positions_and_moves_by_ply() {
        let start = board("x../.o./...");
        let mut record = GameRecord::new(start);
        for cell in [8, 2, 6] {
            record.play(cell).unwrap();
        }
        record.undo(1);
        assert_eq!(record.position_at(0), Some(start));
        assert_eq!(record.position_at(1), Some(board("x../.o./..x")));
        assert_eq!(record.position_at(2), Some(record.position()));
        assert_eq!(record.position_at(3), None, "a taken-back move");
        assert_eq!(record.move_at(0), None);
        assert_eq!(record.move_at(1), Some((Side::Max, 8)));
        assert_eq!(record.move_at(2), Some((Side::Min, 2)));
        assert_eq!(record.move_at(3), None);
        let pairs: Vec<_> = record.played_with_positions().collect();
        assert_eq!(pairs, [(start, 8), (board("x../.o./..x"), 2)]);
        // A start with O to move.
        let record = GameRecord::new(board("x../.../..."));
        let mut record = record;
        record.play(4).unwrap();
        assert_eq!(record.move_at(1), Some((Side::Min, 4)));
    }

    #[test]
    fn undo_goes_back_to_the_persons_turn() {
        // X a person, O the computer: X 4, O 0, X 8, O 2, X to move.
        let record = record_of(&[4, 0, 8, 2]);
        assert_eq!(record.undo_steps(PERSON_IS_X), 2);
        assert_eq!(record.undo_steps(NOBODY), 1);
        assert_eq!(record.undo_steps(TWO_PEOPLE), 1);
        // The computer (O) to move after the person's move: just that move.
        let record = record_of(&[4, 0, 8]);
        assert_eq!(record.undo_steps(PERSON_IS_X), 1);
        // O a person: the computer moved first, the person has not moved.
        let record = record_of(&[4]);
        assert_eq!(record.undo_steps(PERSON_IS_O), 0);
        assert_eq!(record.undo_steps(PERSON_IS_X), 1);
        assert_eq!(record_of(&[4, 0]).undo_steps(PERSON_IS_O), 1);
        assert_eq!(record_of(&[4, 0, 8]).undo_steps(PERSON_IS_O), 2);
        assert_eq!(record_of(&[]).undo_steps(PERSON_IS_X), 0);
        assert_eq!(record_of(&[]).undo_steps(NOBODY), 0);
        // A game the computer won goes back to the person's last turn.
        let record = record_of(&[1, 0, 5, 4, 7, 8]);
        assert_eq!(record.position().outcome().words(), "O won");
        assert_eq!(record.undo_steps(PERSON_IS_X), 2);
        // Each person's own move is one step when two people play.
        assert_eq!(record.undo_steps(TWO_PEOPLE), 1);
    }

    #[test]
    fn redo_goes_forward_to_the_persons_turn_or_the_end() {
        let mut record = record_of(&[1, 0, 5, 4, 7, 8]);
        record.undo(6);
        // X's own move and the computer's reply.
        assert_eq!(record.redo_steps(PERSON_IS_X), 2);
        record.redo(1);
        assert_eq!(record.redo_steps(PERSON_IS_X), 1);
        assert_eq!(record.redo_steps(PERSON_IS_O), 2);
        assert_eq!(record.redo_steps(NOBODY), 1);
        assert_eq!(record.redo_steps(TWO_PEOPLE), 1);
        record.redo(4);
        // O's winning move ends the game and the list: one step, though X
        // would be next.
        assert_eq!(record.redo_steps(PERSON_IS_O), 1);
        assert_eq!(record.redo_steps(PERSON_IS_X), 1);
        record.redo(1);
        assert_eq!(record.redo_steps(PERSON_IS_X), 0);
        assert_eq!(record.redo_steps(NOBODY), 0);
        // Nothing left to redo stops short of the person's turn.
        let mut record = record_of(&[4, 0, 8]);
        record.undo(1);
        assert_eq!(record.redo_steps(PERSON_IS_X), 1);
    }
}
