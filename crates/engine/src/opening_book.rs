//! Opening books: for the first plies of a board with gravity, every
//! position's exact value of each column, computed beforehand by the
//! solver (`tictactoe solve --book`) and compiled in, so that the first
//! moves are judged at once where the solver would take minutes.
//!
//! A book is text, a header and then one position a line:
//!
//! ```text
//! tictactoe-opening-book 1
//! board 7 4 4
//! plies 2
//! ......./......./......./.......  0 0 0 0 0 0 0
//! ```
//!
//! The header names the board (width, height, stones in a row; gravity is
//! implied) and the plies covered: every unfinished position with at most
//! that many stones. Each line is the position (rows from the top, as
//! `Board` writes it), then one value per column from the left on the
//! app's scale from X's point of view (`score::win_score`; a draw 0): the
//! value of the position after the side to move drops a stone there, `-`
//! where the column is full. Lines starting with `#` are comments.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::LazyLock;

use crate::board::{Board, Outcome, Side};
use crate::geometry::Shape;
use crate::score::WIN;
use crate::solver::Solution;

const MAGIC: &str = "tictactoe-opening-book 1";

/// The books compiled in, one per board.
const BOOKS: [&str; 2] = [
    include_str!("../books/7x4.book"),
    include_str!("../books/7x6.book"),
];

static GLOBAL: LazyLock<Vec<OpeningBook>> = LazyLock::new(|| {
    // A book that does not read is left out (the unit test refuses it
    // before it is ever shipped), so no panic reaches the user.
    BOOKS
        .iter()
        .filter_map(|text| OpeningBook::parse(text).ok())
        .collect()
});

/// One board's opening book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningBook {
    shape: Shape,
    plies: u32,
    /// By the two sides' stones (X, O): each column's value, `None` where
    /// the column is full.
    entries: HashMap<(u64, u64), Vec<Option<i32>>>,
}

impl OpeningBook {
    /// The books compiled into the engine.
    pub fn compiled_in() -> &'static [OpeningBook] {
        &GLOBAL
    }

    /// The value of each legal move of `board` from the compiled-in books,
    /// as (cell, value on X's scale), in the order of the cells; `None`
    /// where no book holds the position.
    pub fn lookup(board: &Board) -> Option<Vec<(usize, i32)>> {
        Self::compiled_in()
            .iter()
            .find_map(|book| book.move_values(board))
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The most stones a position in the book has.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// How many positions the book holds.
    pub fn positions(&self) -> usize {
        self.entries.len()
    }

    /// Each position in the book with each column's value (`None`: full).
    pub fn entries(&self) -> impl Iterator<Item = (Board, &[Option<i32>])> + '_ {
        self.entries.iter().map(|(&(x, o), values)| {
            let mut board = Board::new(self.shape);
            for (stones, side) in [(x, Side::Max), (o, Side::Min)] {
                for cell in crate::geometry::bits(stones) {
                    board.toggle(cell, side);
                }
            }
            (board, values.as_slice())
        })
    }

    /// This book's values of `board`'s legal moves (cell, value).
    pub fn move_values(&self, board: &Board) -> Option<Vec<(usize, i32)>> {
        if board.shape() != self.shape {
            return None;
        }
        let values = self
            .entries
            .get(&(board.stones(Side::Max), board.stones(Side::Min)))?;
        board
            .legal_moves()
            .map(|cell| Some((cell, values[cell % self.shape.width()]?)))
            .collect()
    }

    /// Solves every unfinished position of `shape` (with gravity) with at
    /// most `plies` stones: each column's value, `solve` giving each
    /// position's strong solution (a `Solver`'s, on as many threads as the
    /// caller has). `None` if `solve` gave none (stopped); `progress` hears
    /// the positions done and to do.
    pub fn compute(
        shape: Shape,
        plies: u32,
        mut solve: impl FnMut(&Board) -> Option<Solution>,
        mut progress: impl FnMut(usize, usize),
    ) -> Option<OpeningBook> {
        let mut positions = Vec::new();
        let mut seen = HashMap::new();
        let mut frontier = vec![Board::new(shape)];
        for _ in 0..=plies {
            let mut next = Vec::new();
            for board in frontier {
                let key = (board.stones(Side::Max), board.stones(Side::Min));
                if board.outcome() != Outcome::Ongoing || seen.insert(key, ()).is_some() {
                    continue;
                }
                positions.push(board);
                for cell in board.legal_moves() {
                    let mut child = board;
                    child.toggle(cell, board.side_to_move());
                    next.push(child);
                }
            }
            frontier = next;
        }
        let mut entries = HashMap::new();
        for (done, board) in positions.iter().enumerate() {
            progress(done, positions.len());
            let mut values = vec![None; shape.width()];
            for cell in board.legal_moves() {
                let mut child = *board;
                child.toggle(cell, board.side_to_move());
                let solved = solve(&child)?;
                values[cell % shape.width()] = solved.score();
            }
            entries.insert((board.stones(Side::Max), board.stones(Side::Min)), values);
        }
        Some(OpeningBook {
            shape,
            plies,
            entries,
        })
    }

    /// The book as its file holds it, positions in order of their stones
    /// and then of their text.
    pub fn to_text(&self) -> String {
        let mut lines: Vec<(u32, String)> = self
            .entries()
            .map(|(board, values)| {
                let values: Vec<String> = values
                    .iter()
                    .map(|value| value.map_or("-".to_string(), |value| value.to_string()))
                    .collect();
                (board.stone_count(), format!("{board} {}", values.join(" ")))
            })
            .collect();
        lines.sort();
        let mut text = format!(
            "{MAGIC}\nboard {} {} {}\nplies {}\n",
            self.shape.width(),
            self.shape.height(),
            self.shape.in_a_row(),
            self.plies
        );
        for (_, line) in lines {
            let _ = writeln!(text, "{line}");
        }
        text
    }

    /// Reads a book, refusing anything that is not one: the error names the
    /// line (1-based) and what is wrong with it.
    pub fn parse(text: &str) -> Result<OpeningBook, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
        let mut header = |name: &str| {
            let (number, line) = lines.next().ok_or(format!("no {name} line"))?;
            line.strip_prefix(name)
                .map(|rest| (number, rest.trim().to_string()))
                .ok_or(format!("line {number}: expected \"{name} ...\""))
        };
        let (number, rest) = header("tictactoe-opening-book")?;
        if rest != "1" {
            return Err(format!("line {number}: unknown book version {rest:?}"));
        }
        let (number, rest) = header("board")?;
        let numbers: Vec<usize> = rest
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| format!("line {number}: the board is three numbers"))?;
        let shape = match numbers[..] {
            [width, height, in_a_row] => Shape::new(width, height, in_a_row, true)
                .map_err(|error| format!("line {number}: {error:?}"))?,
            _ => return Err(format!("line {number}: the board is three numbers")),
        };
        let (number, rest) = header("plies")?;
        let plies: u32 = rest
            .parse()
            .map_err(|_| format!("line {number}: the plies are a number"))?;
        let mut entries = HashMap::new();
        for (number, line) in lines {
            let mut words = line.split_whitespace();
            let position = words.next().unwrap_or_default();
            let board = Board::parse_on(shape, position)
                .map_err(|error| format!("line {number}: {error:?}"))?;
            if board.outcome() != Outcome::Ongoing || board.stone_count() > plies {
                return Err(format!(
                    "line {number}: the game is over or has more stones than the book's plies"
                ));
            }
            let values: Vec<Option<i32>> = words
                .map(|word| match word {
                    "-" => Ok(None),
                    _ => word
                        .parse::<i32>()
                        .ok()
                        .filter(|value| value.abs() < WIN)
                        .map(Some)
                        .ok_or(format!("line {number}: {word:?} is no value")),
                })
                .collect::<Result<_, _>>()?;
            let full = |column: usize| board.drop_cell(column).is_err();
            if values.len() != shape.width()
                || (0..shape.width()).any(|column| values[column].is_none() != full(column))
            {
                return Err(format!(
                    "line {number}: one value per column, \"-\" exactly where it is full"
                ));
            }
            let key = (board.stones(Side::Max), board.stones(Side::Min));
            if entries.insert(key, values).is_some() {
                return Err(format!("line {number}: the position is in the book twice"));
            }
        }
        Ok(OpeningBook {
            shape,
            plies,
            entries,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every book compiled in reads, holds every position up to its plies,
    /// and each position's values agree with the next ply's: a position's
    /// value is its mover's best column.
    #[test]
    fn the_compiled_in_books_are_whole_and_consistent() {
        for text in BOOKS {
            let book = OpeningBook::parse(text).expect("a book that reads");
            assert_eq!(OpeningBook::parse(&book.to_text()), Ok(book.clone()));
            let empty = Board::new(book.shape());
            assert!(book.move_values(&empty).is_some(), "the empty board");
            for (board, values) in book.entries() {
                if board.stone_count() == book.plies() {
                    continue;
                }
                let side = board.side_to_move();
                for cell in board.legal_moves() {
                    let mut child = board;
                    child.toggle(cell, side);
                    if child.outcome() != Outcome::Ongoing {
                        continue;
                    }
                    let next = book
                        .move_values(&child)
                        .expect("the next ply is in the book");
                    let best = next
                        .iter()
                        .map(|&(_, value)| value)
                        .max_by_key(|&value| child.side_to_move().sign() * value);
                    assert_eq!(best, values[cell % book.shape().width()], "{child}");
                }
            }
        }
        assert_eq!(OpeningBook::compiled_in().len(), BOOKS.len());
    }

    #[test]
    fn a_corrupt_book_is_refused_with_its_line() {
        let text = BOOKS[0];
        let line = |number: usize| text.lines().nth(number - 1).unwrap();
        let replace = |number: usize, new: &str| {
            text.lines()
                .enumerate()
                .map(|(index, old)| if index + 1 == number { new } else { old })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let first_entry = 4;
        let broken = [
            (replace(1, "tictactoe-opening-book 2"), 1),
            (replace(2, "board 7 4"), 2),
            (replace(3, "plies many"), 3),
            // A value missing, a word no value, a full column given one.
            (
                replace(first_entry, line(first_entry).rsplit_once(' ').unwrap().0),
                4,
            ),
            (
                replace(first_entry, &line(first_entry).replace(" 0", " zero")),
                4,
            ),
            (replace(first_entry, &format!("{} 0", line(first_entry))), 4),
            (
                format!("{text}{}\n", line(first_entry)),
                text.lines().count() + 1,
            ),
            (
                format!("{text}xxxx.../......./......./ooo....\n"),
                text.lines().count() + 1,
            ),
        ];
        for (corrupt, number) in broken {
            let error = OpeningBook::parse(&corrupt).unwrap_err();
            assert!(error.starts_with(&format!("line {number}:")), "{error}");
        }
    }
}
