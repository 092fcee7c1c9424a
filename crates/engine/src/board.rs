//! The bitboard position: one bit board per side, the occupied cells and a
//! Zobrist key, all kept in step by a single XOR move function.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::by_name::deserialize_by_name;

use super::geometry::{Geometry, MAX_CELLS, Shape, bits};

/// A side. Max plays X and moves first; Min plays O.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Max,
    Min,
}

impl Side {
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::Max => Side::Min,
            Side::Min => Side::Max,
        }
    }

    /// +1 for Max, -1 for Min: turns a Max-view score into the mover's view.
    #[inline]
    pub fn sign(self) -> i32 {
        match self {
            Side::Max => 1,
            Side::Min => -1,
        }
    }

    /// "X" or "O".
    pub fn mark(self) -> &'static str {
        match self {
            Side::Max => "X",
            Side::Min => "O",
        }
    }

    /// "x" or "o", as JSON and CSV name the side.
    pub fn name(self) -> &'static str {
        match self {
            Side::Max => "x",
            Side::Min => "o",
        }
    }

    /// "Max (X)" or "Min (O)".
    pub fn label(self) -> &'static str {
        match self {
            Side::Max => "Max (X)",
            Side::Min => "Min (O)",
        }
    }
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_by_name(deserializer, &[Side::Max, Side::Min], Side::name)
    }
}

impl Serialize for Side {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// How a position stands: still open, won by a side, or drawn. A
/// position's, read off its stones; how a game ended (a resignation too)
/// is the layers' above.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Ongoing,
    /// The side won; the mask holds the winning line(s).
    Won(Side, u64),
    Draw,
}

impl Outcome {
    /// The side with a line, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Won(side, _) => Some(side),
            Outcome::Ongoing | Outcome::Draw => None,
        }
    }
}

/// Why a position text or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// No cells at all: an empty or blank text.
    Empty,
    WrongLength(usize),
    /// More cells than the largest board has; reading stopped there.
    TooLong,
    /// A character that is neither a cell nor a `/`, at its 1-based
    /// position (in characters) in the text.
    UnknownCharacter {
        character: char,
        position: usize,
    },
    /// A `/` that does not stand between two rows (first, last, or doubled),
    /// at its 1-based position in the text.
    MisplacedSlash {
        position: usize,
    },
    /// Rows separated by `/` that are not whole rows of the board: the
    /// 1-based row with the wrong number of cells.
    UnevenRows {
        row: usize,
        cells: usize,
        width: usize,
    },
    /// A text whose size is not the board's that was asked for.
    NotTheShape {
        shape: Shape,
        width: usize,
        height: usize,
    },
    /// Rows of these lengths make no board the engine takes.
    NoSuchBoard {
        width: usize,
        height: usize,
    },
    ImpossibleCounts {
        x: u32,
        o: u32,
    },
    BothWon,
    MovedAfterWin(Side),
    GameOver(Outcome),
    CellOutOfRange {
        cell: usize,
        cells: usize,
    },
    CellOccupied(usize),
    /// On a board with gravity, a stone or a move on a cell whose cell
    /// below is empty.
    Floating(usize),
    /// A column (0-based) the board does not have.
    ColumnOutOfRange {
        column: usize,
        columns: usize,
    },
    /// A full column (0-based).
    ColumnFull(usize),
    /// Columns given for a board without gravity.
    NoGravity,
}

/// A position. Copying is cheap (a few words).
#[derive(Clone, Copy)]
pub struct Board {
    geometry: &'static Geometry,
    /// Stones of X (index 0) and O (index 1).
    stones: [u64; 2],
    occupied: u64,
    key: u64,
}

impl Board {
    pub fn new(shape: Shape) -> Board {
        Board {
            geometry: shape.geometry(),
            stones: [0, 0],
            occupied: 0,
            key: 0,
        }
    }

    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    pub fn shape(&self) -> Shape {
        self.geometry.shape
    }

    #[inline]
    pub fn cells(&self) -> usize {
        self.geometry.cells
    }

    #[inline]
    pub fn stones(&self, side: Side) -> u64 {
        self.stones[side.index()]
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.occupied
    }

    #[inline]
    pub fn empty(&self) -> u64 {
        !self.occupied & self.geometry.full
    }

    /// The cells the side to move may play (`Geometry::playable`).
    #[inline]
    pub fn moves(&self) -> u64 {
        self.geometry.playable(self.occupied)
    }

    #[inline]
    pub fn stone_count(&self) -> u32 {
        self.occupied.count_ones()
    }

    /// The Zobrist key of the position.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// X moves first, so the side to move follows from the stone counts.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        if self.stones[0].count_ones() == self.stones[1].count_ones() {
            Side::Max
        } else {
            Side::Min
        }
    }

    /// The stone on `cell`, if any; `None` for an empty cell and for a cell
    /// off the board.
    pub fn cell(&self, cell: usize) -> Option<Side> {
        if cell >= self.cells() {
            None
        } else if self.stones[0] & 1 << cell != 0 {
            Some(Side::Max)
        } else if self.stones[1] & 1 << cell != 0 {
            Some(Side::Min)
        } else {
            None
        }
    }

    /// Puts a stone of `side` on `cell`, or takes it away again: the same
    /// XOR step makes and unmakes a move.
    #[inline]
    pub fn toggle(&mut self, cell: usize, side: Side) {
        let bit = 1u64 << cell;
        self.stones[side.index()] ^= bit;
        self.occupied ^= bit;
        self.key ^= self.geometry.zobrist(side.index(), cell);
    }

    /// True if `side`'s stone on `cell` completes a line. Only the lines
    /// through that cell are looked at, all at once, without a branch.
    #[inline]
    pub fn completes_line(&self, cell: usize, side: Side) -> bool {
        self.geometry
            .completes_line(cell, self.stones[side.index()])
    }

    /// All lines `side` has completed, as one mask (0 if none).
    pub fn winning_lines(&self, side: Side) -> u64 {
        let stones = self.stones[side.index()];
        self.geometry
            .lines
            .iter()
            .filter(|&&line| stones & line == line)
            .fold(0, |mask, line| mask | line)
    }

    pub fn outcome(&self) -> Outcome {
        for side in [Side::Max, Side::Min] {
            let lines = self.winning_lines(side);
            if lines != 0 {
                return Outcome::Won(side, lines);
            }
        }
        if self.empty() == 0 {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    /// The legal moves in ascending order of their cells.
    pub fn legal_moves(&self) -> impl Iterator<Item = usize> + use<> {
        bits(self.moves())
    }

    /// Checks that the side to move may play `cell`.
    pub fn validate_move(&self, cell: usize) -> Result<(), BoardError> {
        let outcome = self.outcome();
        if outcome != Outcome::Ongoing {
            return Err(BoardError::GameOver(outcome));
        }
        if cell >= self.cells() {
            return Err(BoardError::CellOutOfRange {
                cell,
                cells: self.cells(),
            });
        }
        if self.occupied & 1 << cell != 0 {
            return Err(BoardError::CellOccupied(cell));
        }
        if self.moves() & 1 << cell == 0 {
            return Err(BoardError::Floating(cell));
        }
        Ok(())
    }

    /// Plays `cell` for the side to move after checking it; on error the
    /// board is unchanged.
    pub fn play(&mut self, cell: usize) -> Result<Side, BoardError> {
        self.validate_move(cell)?;
        let side = self.side_to_move();
        self.toggle(cell, side);
        Ok(side)
    }

    /// The cell a stone dropped into `column` (0-based from the left) lands
    /// on, on a board with gravity.
    pub fn drop_cell(&self, column: usize) -> Result<usize, BoardError> {
        if !self.shape().gravity() {
            return Err(BoardError::NoGravity);
        }
        let columns = self.geometry.width;
        if column >= columns {
            return Err(BoardError::ColumnOutOfRange { column, columns });
        }
        self.geometry
            .drop_cell(self.occupied, column)
            .ok_or(BoardError::ColumnFull(column))
    }

    /// The position after the columns in `moves` were played from the
    /// empty board, one digit per move, `1` the leftmost column: the
    /// notation of the Connect Four test sets (`4453`). The error names the
    /// move (1-based) that could not be played.
    pub fn from_columns(shape: Shape, moves: &str) -> Result<Board, (usize, BoardError)> {
        let mut board = Board::new(shape);
        for (index, character) in moves.trim().chars().enumerate() {
            let column = character
                .to_digit(10)
                .filter(|&digit| digit > 0)
                .map(|digit| digit as usize - 1)
                .ok_or((
                    index + 1,
                    BoardError::UnknownCharacter {
                        character,
                        position: index + 1,
                    },
                ))?;
            board
                .drop_cell(column)
                .and_then(|cell| board.play(cell))
                .map_err(|error| (index + 1, error))?;
        }
        Ok(board)
    }

    /// Parses a position and also requires that the game is not over, for
    /// places that ask for a move.
    pub fn parse_for_move(text: &str) -> Result<Board, BoardError> {
        let board: Board = text.parse()?;
        match board.outcome() {
            Outcome::Ongoing => Ok(board),
            finished => Err(BoardError::GameOver(finished)),
        }
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.geometry.shape == other.geometry.shape && self.stones == other.stones
    }
}

impl Eq for Board {}

impl FromStr for Board {
    type Err = BoardError;

    /// A position that can arise in a game: `Board::arrangement`, then
    /// `check_reachable`.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let board = Board::arrangement(text)?;
        board.check_reachable()?;
        Ok(board)
    }
}

impl Board {
    /// The stones a text sets out, whether or not a game can reach them
    /// (a position editor shows impossible arrangements too), on the board
    /// its rows make (`Shape::of_dimensions`).
    ///
    /// Rows from top to bottom: `x`/`X`, `o`/`O`, and `.` or `-` for empty,
    /// with `/` between rows (between every two rows, or none: then the
    /// board is the square of that many cells); whitespace around the text
    /// is ignored. Reading stops at the first character that cannot be part
    /// of a position, so a long text costs no more than a board's worth.
    pub fn arrangement(text: &str) -> Result<Board, BoardError> {
        let read = ReadCells::of(text)?;
        let (width, height) = read.dimensions()?;
        let shape = Shape::of_dimensions(width, height)
            .map_err(|_| BoardError::NoSuchBoard { width, height })?;
        Ok(read.on(shape))
    }

    /// `arrangement` on a board of `shape`: the text must have its size.
    pub fn arrangement_on(shape: Shape, text: &str) -> Result<Board, BoardError> {
        let read = ReadCells::of(text)?;
        let fits = if read.row_count > 1 {
            read.dimensions()? == (shape.width(), shape.height())
        } else {
            read.count == shape.cells()
        };
        if !fits {
            let (width, height) = read.dimensions().unwrap_or((read.count, 1));
            return Err(BoardError::NotTheShape {
                shape,
                width,
                height,
            });
        }
        Ok(read.on(shape))
    }

    /// A position that can arise in a game on a board of `shape`.
    pub fn parse_on(shape: Shape, text: &str) -> Result<Board, BoardError> {
        let board = Board::arrangement_on(shape, text)?;
        board.check_reachable()?;
        Ok(board)
    }

    /// Whether a game can reach these stones: X moves first, and nobody
    /// moves after a line is complete.
    pub fn check_reachable(&self) -> Result<(), BoardError> {
        let x = self.stones[0].count_ones();
        let o = self.stones[1].count_ones();
        if x != o && x != o + 1 {
            return Err(BoardError::ImpossibleCounts { x, o });
        }
        match (
            self.winning_lines(Side::Max) != 0,
            self.winning_lines(Side::Min) != 0,
        ) {
            (true, true) => return Err(BoardError::BothWon),
            // A win ends the game, so the winner made the last move.
            (true, false) if x == o => return Err(BoardError::MovedAfterWin(Side::Max)),
            (false, true) if x > o => return Err(BoardError::MovedAfterWin(Side::Min)),
            _ => {}
        }
        if let Some(cell) = self.floating_cells().next() {
            return Err(BoardError::Floating(cell));
        }
        Ok(())
    }

    /// On a board with gravity, the stones with an empty cell below them,
    /// top first.
    pub fn floating_cells(&self) -> impl Iterator<Item = usize> + use<> {
        let floating = if self.shape().gravity() {
            let below_empty = self.empty() >> self.geometry.width;
            self.occupied & below_empty
        } else {
            0
        };
        bits(floating)
    }
}

/// The cells a position text sets out, before they are put on a board.
struct ReadCells {
    /// 0 empty, 1 X, 2 O.
    cells: [u8; MAX_CELLS],
    count: usize,
    /// The cells in each row; `row_count` rows, at least one.
    rows: [usize; MAX_CELLS],
    row_count: usize,
}

impl ReadCells {
    fn of(text: &str) -> Result<ReadCells, BoardError> {
        let body = text.trim_start();
        let leading = text[..text.len() - body.len()].chars().count();
        let body = body.trim_end();
        if body.is_empty() {
            return Err(BoardError::Empty);
        }
        let mut read = ReadCells {
            cells: [0; MAX_CELLS],
            count: 0,
            rows: [0; MAX_CELLS],
            row_count: 0,
        };
        let mut row_length = 0;
        let mut last_slash = None;
        for (index, character) in body.chars().enumerate() {
            let position = leading + index + 1;
            let stone = match character {
                'x' | 'X' => 1,
                'o' | 'O' => 2,
                '.' | '-' => 0,
                '/' => {
                    if row_length == 0 || read.row_count + 1 == MAX_CELLS {
                        return Err(BoardError::MisplacedSlash { position });
                    }
                    read.rows[read.row_count] = row_length;
                    read.row_count += 1;
                    row_length = 0;
                    last_slash = Some(position);
                    continue;
                }
                _ => {
                    return Err(BoardError::UnknownCharacter {
                        character,
                        position,
                    });
                }
            };
            if read.count == MAX_CELLS {
                return Err(BoardError::TooLong);
            }
            read.cells[read.count] = stone;
            read.count += 1;
            row_length += 1;
        }
        if let Some(position) = last_slash
            && row_length == 0
        {
            return Err(BoardError::MisplacedSlash { position });
        }
        read.rows[read.row_count] = row_length;
        read.row_count += 1;
        Ok(read)
    }

    /// Width and height: the rows' if there are several (all of the first
    /// one's length), else the square of that many cells.
    fn dimensions(&self) -> Result<(usize, usize), BoardError> {
        if self.row_count == 1 {
            let side = (1..=8).find(|side| side * side == self.count);
            return side
                .map(|side| (side, side))
                .ok_or(BoardError::WrongLength(self.count));
        }
        let width = self.rows[0];
        if let Some((row, &cells)) = self.rows[..self.row_count]
            .iter()
            .enumerate()
            .find(|&(_, &length)| length != width)
        {
            return Err(BoardError::UnevenRows {
                row: row + 1,
                cells,
                width,
            });
        }
        Ok((width, self.row_count))
    }

    /// The stones on a board of `shape`, which has `count` cells.
    fn on(&self, shape: Shape) -> Board {
        let mut board = Board::new(shape);
        for (cell, &stone) in self.cells[..self.count].iter().enumerate() {
            match stone {
                1 => board.toggle(cell, Side::Max),
                2 => board.toggle(cell, Side::Min),
                _ => {}
            }
        }
        board
    }
}

impl fmt::Display for Board {
    /// Rows separated by `/`, e.g. `x.o/.x./..o`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Built on the stack and written once: every report prints its
        // position, and one write allocates once.
        let side = self.geometry.width;
        let mut text = [0u8; 2 * MAX_CELLS];
        let mut length = 0;
        for cell in 0..self.cells() {
            if cell > 0 && cell % side == 0 {
                text[length] = b'/';
                length += 1;
            }
            text[length] = match self.cell(cell) {
                Some(Side::Max) => b'x',
                Some(Side::Min) => b'o',
                None => b'.',
            };
            length += 1;
        }
        f.write_str(std::str::from_utf8(&text[..length]).expect("ASCII"))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_positions() {
        let board: Board = "x.o/.x./..o".parse().unwrap();
        assert_eq!(board.to_string(), "x.o/.x./..o");
        assert_eq!(board.cell(0), Some(Side::Max));
        assert_eq!(board.cell(2), Some(Side::Min));
        assert_eq!(board.side_to_move(), Side::Max);
        let same: Board = "X-O-X---O".parse().unwrap();
        assert_eq!(board, same);
        assert_eq!(board.key(), same.key());
        assert_eq!(
            "................".parse::<Board>().unwrap().shape(),
            Shape::FOUR_BY_FOUR
        );
        assert_eq!(
            "........................."
                .parse::<Board>()
                .unwrap()
                .shape(),
            Shape::FIVE_BY_FIVE
        );
    }

    #[test]
    fn an_arrangement_holds_impossible_stones_that_a_position_refuses() {
        for text in ["xx.......", "xxx/ooo/x..", "ooo/xx./xx."] {
            let arrangement = Board::arrangement(text).unwrap();
            assert_eq!(
                arrangement.to_string().replace('/', ""),
                text.replace('/', "")
            );
            assert_eq!(
                arrangement.check_reachable(),
                Err(text.parse::<Board>().unwrap_err())
            );
        }
        assert_eq!(
            Board::arrangement("x.o/.x"),
            Err(BoardError::UnevenRows {
                row: 2,
                cells: 2,
                width: 3
            })
        );
        assert_eq!(Board::arrangement("x.o.x"), Err(BoardError::WrongLength(5)));
        assert_eq!(
            Board::arrangement("x.o/.x./..o").unwrap().check_reachable(),
            Ok(())
        );
    }

    #[test]
    fn one_xor_step_makes_and_unmakes() {
        let mut board = Board::new(Shape::TIC_TAC_TOE);
        let before = board;
        board.toggle(4, Side::Max);
        assert_ne!(board.key(), before.key());
        assert_eq!(board.side_to_move(), Side::Min);
        board.toggle(4, Side::Max);
        assert_eq!(board, before);
        assert_eq!(board.key(), before.key());
        assert_eq!(board.occupied(), 0);
    }

    #[test]
    fn keys_depend_on_the_position_not_the_move_order() {
        let mut a = Board::new(Shape::TIC_TAC_TOE);
        let mut b = Board::new(Shape::TIC_TAC_TOE);
        for cell in [0, 4, 8] {
            a.play(cell).unwrap();
        }
        for cell in [8, 4, 0] {
            b.toggle(cell, if cell == 4 { Side::Min } else { Side::Max });
        }
        assert_eq!(a.key(), b.key());
    }

    #[test]
    fn outcome_reports_the_winning_line() {
        let board: Board = "xxx/oo./...".parse().unwrap();
        assert_eq!(board.outcome(), Outcome::Won(Side::Max, 0b111));
        assert!(board.completes_line(1, Side::Max));
        let draw: Board = "xox/xoo/oxx".parse().unwrap();
        assert_eq!(draw.outcome(), Outcome::Draw);
    }
}
