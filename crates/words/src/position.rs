//! The position's words: its state, why a position text or a move was
//! refused, the board's size, and a proven score.

use tictactoe_engine::board::{Board, BoardError, Outcome, Side};
use tictactoe_engine::geometry::{MAX_CELLS, Shape, ShapeError, UnknownShape};
use tictactoe_engine::score::{is_decisive, moves_to_end};

use super::Words;
use super::escape::{ECHO_CHARS, escape_text};
use super::i18n::{fill, gettext, ngettext, plural_count};

/// "in progress", "X won", "draw".
impl Words for Outcome {
    fn words(&self) -> String {
        match self {
            Outcome::Ongoing => gettext("in progress"),
            Outcome::Won(side, _) => fill(&gettext("{side} won"), &[("side", &side.mark())]),
            Outcome::Draw => gettext("draw"),
        }
    }
}

/// Why a position text or a move was refused.
impl Words for BoardError {
    fn words(&self) -> String {
        match self {
            BoardError::Empty => gettext(
                "empty position: write the rows with x, o and '.' (or '-'), e.g. x.o/.x./..o",
            ),
            BoardError::WrongLength(n) => fill(
                &gettext(
                    "wrong length: {count} cells; without '/' a position is a square board of 9, 16, 25, 36, 49 or 64 cells",
                ),
                &[("count", n)],
            ),
            BoardError::TooLong => fill(
                &gettext("too long: more than {max} cells, and the largest board has {max}"),
                &[("max", &MAX_CELLS)],
            ),
            BoardError::UnknownCharacter {
                character,
                position,
            } => fill(
                &gettext(
                    "unknown character '{character}' (U+{code}) at position {position}: use x, o, '.' or '-', with '/' between rows",
                ),
                &[
                    ("character", &escape_text(&character.to_string(), 1)),
                    ("code", &format!("{:04X}", *character as u32)),
                    ("position", position),
                ],
            ),
            BoardError::MisplacedSlash { position } => fill(
                &gettext(
                    "'/' at position {position} is not between two rows: '/' goes only between whole rows",
                ),
                &[("position", position)],
            ),
            BoardError::UnevenRows { row, cells, width } => fill(
                &ngettext(
                    "'/' goes only between whole rows: row {row} has {cells} cell, and row 1 has {n}",
                    "'/' goes only between whole rows: row {row} has {cells} cells, and row 1 has {n}",
                    plural_count(*cells as u64),
                ),
                &[("row", row), ("cells", cells), ("n", width)],
            ),
            BoardError::ImpossibleCounts { x, o } => fill(
                &gettext(
                    "impossible stone counts: {x} X and {o} O (X moves first, so X has as many stones as O or one more)",
                ),
                &[("x", x), ("o", o)],
            ),
            BoardError::BothWon => gettext("impossible position: both X and O have a line"),
            BoardError::MovedAfterWin(winner) => fill(
                &gettext("impossible position: {loser} moved after {winner} had already won"),
                &[
                    ("loser", &winner.opponent().mark()),
                    ("winner", &winner.mark()),
                ],
            ),
            BoardError::GameOver(outcome) => fill(
                &gettext("game is over: {outcome}"),
                &[("outcome", &outcome.words())],
            ),
            // Cells from 1, as a person counts them (docs/window.md).
            BoardError::CellOutOfRange { cell, cells } => fill(
                &gettext("cell {cell} is off the board (cells are 1-{last})"),
                &[("cell", &(cell + 1)), ("last", cells)],
            ),
            BoardError::CellOccupied(cell) => fill(
                &gettext("cell {cell} is already taken"),
                &[("cell", &(cell + 1))],
            ),
            BoardError::NotTheShape {
                shape,
                width,
                height,
            } => fill(
                &gettext("the position is {width}x{height}, but the board is {shape}"),
                &[
                    ("width", width),
                    ("height", height),
                    ("shape", &shape.words()),
                ],
            ),
            BoardError::NoSuchBoard { width, height } => fill(
                &gettext(
                    "no board is {width}x{height} (width x height): both go from {least} to {most}",
                ),
                &[
                    ("width", width),
                    ("height", height),
                    ("least", Shape::SIDES.start()),
                    ("most", Shape::SIDES.end()),
                ],
            ),
            BoardError::Floating(cell) => fill(
                &gettext(
                    "cell {cell} has an empty cell below it: with gravity a stone lies on the bottom row or on another stone",
                ),
                &[("cell", &(cell + 1))],
            ),
            // Columns from 1, as the test sets and a person count them.
            BoardError::ColumnOutOfRange { column, columns } => fill(
                &gettext("column {column} is off the board (columns are 1-{last})"),
                &[("column", &(column + 1)), ("last", columns)],
            ),
            BoardError::ColumnFull(column) => fill(
                &gettext("column {column} is full"),
                &[("column", &(column + 1))],
            ),
            BoardError::NoGravity => {
                gettext("moves given as columns need a board with gravity (--gravity)")
            }
        }
    }
}

/// "3x3, 3 in a row", "7x6, 4 in a row, with gravity": width x height.
impl Words for Shape {
    fn words(&self) -> String {
        let words = if self.gravity() {
            gettext("{width}x{height}, {count} in a row, with gravity")
        } else {
            gettext("{width}x{height}, {count} in a row")
        };
        let values: [(&str, &dyn std::fmt::Display); 3] = [
            ("width", &self.width()),
            ("height", &self.height()),
            ("count", &self.in_a_row()),
        ];
        fill(&words, &values)
    }
}

/// A preset board's name as people read it ("Connect Four"), or `None`
/// for a board that is no preset.
pub fn preset_display_name(shape: Shape) -> Option<String> {
    let name = match shape.preset_name()? {
        "tic-tac-toe" => gettext("Tic-Tac-Toe"),
        "4x4" => gettext("4x4"),
        "5x5" => gettext("5x5"),
        "connect-four" => gettext("Connect Four"),
        "five-in-a-row" => gettext("Five in a Row"),
        other => other.to_owned(),
    };
    Some(name)
}

/// A board as people name it: its preset's name ("Connect Four"), else
/// its size, stones in a row and gravity ("7x5, 4 in a row, with
/// gravity").
pub fn board_name(shape: Shape) -> String {
    preset_display_name(shape).unwrap_or_else(|| shape.words())
}

/// Why a board does not exist.
impl Words for ShapeError {
    fn words(&self) -> String {
        match self {
            ShapeError::Side(side) => fill(
                &gettext("a board is {least} to {most} cells wide and high, not {side}"),
                &[
                    ("least", Shape::SIDES.start()),
                    ("most", Shape::SIDES.end()),
                    ("side", side),
                ],
            ),
            ShapeError::InARow(count) => fill(
                &gettext("a game is won by {least} to {most} in a row, not {count}"),
                &[
                    ("least", Shape::IN_A_ROW.start()),
                    ("most", Shape::IN_A_ROW.end()),
                    ("count", count),
                ],
            ),
            ShapeError::LongerThanBoard {
                in_a_row,
                longer_side,
            } => fill(
                &gettext(
                    "{count} in a row cannot fit on a board whose longer side is {side} cells",
                ),
                &[("count", in_a_row), ("side", longer_side)],
            ),
        }
    }
}

/// The command line's refusal of a board (in English, as every argument
/// error).
impl Words for UnknownShape {
    fn words(&self) -> String {
        let presets: Vec<&str> = Shape::PRESETS.iter().map(|&(name, _)| name).collect();
        format!(
            "unknown board '{}': expected {}, or WxH (width x height, each {}-{})",
            escape_text(&self.0, ECHO_CHARS),
            presets.join(", "),
            Shape::SIDES.start(),
            Shape::SIDES.end(),
        )
    }
}

/// A proven score in words, seen from a position with `stones_now` stones:
/// "X wins in 3 moves", "draw". Moves are stones still to be placed by both
/// sides. (A score that is neither decisive nor 0 is no proven result; it
/// reads "+12 (X better)". Estimates have their own words:
/// `report::score_phrase`.)
pub fn describe_score(score: i32, stones_now: u32) -> String {
    if is_decisive(score) {
        let winner = if score > 0 { Side::Max } else { Side::Min };
        let moves = moves_to_end(score, stones_now);
        let wins = ngettext(
            "{side} wins in {moves} move",
            "{side} wins in {moves} moves",
            plural_count(u64::from(moves.unsigned_abs())),
        );
        fill(&wins, &[("side", &winner.mark()), ("moves", &moves)])
    } else if score == 0 {
        gettext("draw")
    } else {
        let better = if score > 0 { "X" } else { "O" };
        fill(
            &gettext("{score} ({side} better)"),
            &[("score", &format!("{score:+}")), ("side", &better)],
        )
    }
}

/// Who wins with best play, without how soon: "X wins", "draw".
pub fn describe_winner(winner: Option<Side>) -> String {
    match winner {
        Some(side) => fill(&gettext("{side} wins"), &[("side", &side.mark())]),
        None => gettext("draw"),
    }
}

/// The number a person reads for the move to `cell`: on a board with
/// gravity its column from 1 (left to right), as a stone is dropped into a
/// column; else the cell from 1, row by row from the top left.
pub fn move_number(shape: Shape, cell: usize) -> usize {
    if shape.gravity() {
        cell % shape.width() + 1
    } else {
        cell + 1
    }
}

/// Several moves' numbers (`move_number`), joined by `separator`.
pub fn move_numbers(shape: Shape, cells: &[usize], separator: &str) -> String {
    cells
        .iter()
        .map(|&cell| move_number(shape, cell).to_string())
        .collect::<Vec<_>>()
        .join(separator)
}

/// Where a move goes, in words: "column 4" on a board with gravity, else
/// "cell 5".
pub fn move_place(shape: Shape, cell: usize) -> String {
    let words = if shape.gravity() {
        gettext("column {number}")
    } else {
        gettext("cell {number}")
    };
    fill(&words, &[("number", &move_number(shape, cell))])
}

/// A move as a row of the log names it after a verb ("plays 5", "played
/// column 4"): a bare cell number, as the board shows cell numbers, but a
/// column in words, as a number alone would read as a cell.
pub fn move_name(shape: Shape, cell: usize) -> String {
    if shape.gravity() {
        move_place(shape, cell)
    } else {
        move_number(shape, cell).to_string()
    }
}

/// How the moves' numbers count, for a legend: "cells from 1" or
/// "columns from 1".
pub fn move_numbering(shape: Shape) -> String {
    if shape.gravity() {
        gettext("columns from 1")
    } else {
        gettext("cells from 1")
    }
}

/// A board row by row: "Board 3x3; row 1: X, O, empty; row 2: ...".
pub fn board_words(board: &Board) -> String {
    let (width, height) = (board.shape().width(), board.shape().height());
    let rows: Vec<String> = (0..height)
        .map(|row| {
            let cells: Vec<String> = (0..width)
                .map(|column| match board.cell(row * width + column) {
                    Some(side) => side.mark().to_owned(),
                    None => gettext("empty"),
                })
                .collect();
            fill(
                &gettext("row {row}: {cells}"),
                &[("row", &(row + 1)), ("cells", &cells.join(", "))],
            )
        })
        .collect();
    fill(
        &gettext("Board {size}; {rows}."),
        &[("size", &board.shape().words()), ("rows", &rows.join("; "))],
    )
}

#[cfg(test)]
mod tests {
    use tictactoe_engine::board::Board;

    use super::*;

    fn error(text: &str) -> String {
        text.parse::<Board>().unwrap_err().words()
    }

    #[test]
    fn rejects_bad_positions_with_a_reason() {
        assert_eq!(
            error("x.o/.x."),
            "no board is 3x2 (width x height): both go from 3 to 8"
        );
        assert_eq!(
            error("x.o.x."),
            "wrong length: 6 cells; without '/' a position is a square board of 9, 16, 25, 36, 49 or 64 cells"
        );
        assert_eq!(
            Board::parse_on(Shape::CONNECT_FOUR, "x../.../...").map_err(|error| error.words()),
            Err("the position is 3x3, but the board is 7x6, 4 in a row, with gravity".to_owned())
        );
        assert_eq!(
            Board::parse_on(Shape::CONNECT_FOUR, "x....../......./......./......./......./.......")
                .map_err(|error| error.words()),
            Err("cell 1 has an empty cell below it: with gravity a stone lies on the bottom row or on another stone".to_owned())
        );
        assert_eq!(
            error("x.o/.z./..o"),
            "unknown character 'z' (U+007A) at position 6: use x, o, '.' or '-', with '/' between rows"
        );
        assert!(error("xx.......").starts_with("impossible stone counts: 2 X and 0 O"));
        assert!(error("o........").starts_with("impossible stone counts: 0 X and 1 O"));
        assert_eq!(
            error("xxx/ooo/x.."),
            "impossible position: both X and O have a line"
        );
        assert_eq!(
            error("xxx/oo./o.."),
            "impossible position: O moved after X had already won"
        );
        assert_eq!(
            error("ooo/xx./xx."),
            "impossible position: X moved after O had already won"
        );
        assert_eq!(
            Board::parse_for_move("xxx/oo./...").unwrap_err().words(),
            "game is over: X won"
        );
        assert_eq!(
            Board::parse_for_move("xox/xoo/oxx").unwrap_err().words(),
            "game is over: draw"
        );
    }

    #[test]
    fn names_the_character_that_does_not_belong() {
        let at = |text: &str| match text.parse::<Board>() {
            Err(BoardError::UnknownCharacter {
                character,
                position,
            }) => (character, position),
            other => panic!("{text:?}: {other:?}"),
        };
        assert_eq!(at("x.o .x. ..o"), (' ', 4));
        assert_eq!(at("x.o\t.x.\t..o"), ('\t', 4));
        assert_eq!(at("\u{feff}x.o/.x./..o"), ('\u{feff}', 1));
        assert_eq!(at("x\u{301}.o/.x./..o"), ('\u{301}', 2));
        assert_eq!(at("  .\u{445}./.../..."), ('\u{445}', 4), "Cyrillic х");
        assert_eq!(
            error(".\u{445}./.../..."),
            "unknown character '\u{445}' (U+0445) at position 2: use x, o, '.' or '-', with '/' between rows"
        );
        assert_eq!(
            error("\u{1b}[31m"),
            "unknown character '\\u{1b}' (U+001B) at position 1: use x, o, '.' or '-', with '/' between rows"
        );
        let nul = error("x\0");
        assert!(nul.contains("'\\u{0}' (U+0000) at position 2") && !nul.contains('\0'));
    }

    #[test]
    fn blank_and_overlong_texts_are_refused() {
        for blank in ["", "   ", "\t\n"] {
            assert_eq!(blank.parse::<Board>(), Err(BoardError::Empty), "{blank:?}");
        }
        assert_eq!(".".repeat(65).parse::<Board>(), Err(BoardError::TooLong));
        let huge = ".".repeat(10_000_000);
        assert_eq!(huge.parse::<Board>(), Err(BoardError::TooLong));
        assert_eq!(
            error(&".".repeat(70)),
            "too long: more than 64 cells, and the largest board has 64"
        );
    }

    #[test]
    fn slashes_go_only_between_whole_rows() {
        assert_eq!(
            error("x.o.x/..o."),
            "'/' goes only between whole rows: row 2 has 4 cells, and row 1 has 5"
        );
        assert_eq!(
            "x.o//.x.//..o".parse::<Board>(),
            Err(BoardError::MisplacedSlash { position: 5 })
        );
        assert_eq!(
            "/x.o/.x./..o/".parse::<Board>(),
            Err(BoardError::MisplacedSlash { position: 1 })
        );
        assert_eq!(
            "x.o/.x./..o/".parse::<Board>(),
            Err(BoardError::MisplacedSlash { position: 12 })
        );
        assert_eq!(
            error("x.o/.x./..o/"),
            "'/' at position 12 is not between two rows: '/' goes only between whole rows"
        );
        assert!(error("x.o/.x...o").contains("row 2 has 6 cells"));
        assert_eq!(
            error("..../..../..../.../."),
            "'/' goes only between whole rows: row 4 has 3 cells, and row 1 has 4"
        );
        assert_eq!("x.o/.x./..o".parse::<Board>(), "x.o.x...o".parse::<Board>());
        assert!(" x.o/.x./..o\n".parse::<Board>().is_ok());
    }

    #[test]
    fn moves_are_validated() {
        let mut board: Board = "x........".parse().unwrap();
        assert_eq!(
            board.play(0).unwrap_err().words(),
            "cell 1 is already taken"
        );
        assert_eq!(
            board.play(9).unwrap_err().words(),
            "cell 10 is off the board (cells are 1-9)"
        );
        assert_eq!(board.to_string(), "x../.../...");
        assert_eq!(board.play(4), Ok(Side::Min));
    }

    #[test]
    fn sizes_parse() {
        assert_eq!("4x4".parse::<Shape>(), Ok(Shape::FOUR_BY_FOUR));
        assert_eq!("5".parse::<Shape>(), Ok(Shape::FIVE_BY_FIVE));
        assert_eq!(
            "6".parse::<Shape>(),
            Ok(Shape::new(6, 6, 4, false).unwrap())
        );
        assert_eq!("connect-four".parse::<Shape>(), Ok(Shape::CONNECT_FOUR));
        assert!(
            "9".parse::<Shape>()
                .unwrap_err()
                .words()
                .contains("unknown board '9'")
        );
        assert_eq!(
            "3\u{7}".parse::<Shape>().map_err(|error| error.words()),
            Err("unknown board '3\\u{7}': expected tic-tac-toe, 4x4, 5x5, connect-four, five-in-a-row, or WxH (width x height, each 3-8)".to_owned())
        );
        assert_eq!(Shape::CONNECT_FOUR.words(), "7x6, 4 in a row, with gravity");
        assert_eq!(
            Shape::new(4, 4, 7, false).map_err(|error| error.words()),
            Err("a game is won by 3 to 6 in a row, not 7".to_owned())
        );
        assert_eq!(
            Shape::new(4, 3, 5, false).map_err(|error| error.words()),
            Err("5 in a row cannot fit on a board whose longer side is 4 cells".to_owned())
        );
    }

    #[test]
    fn scores_read_as_words() {
        assert_eq!(describe_score(995, 2), "X wins in 3 moves");
        assert_eq!(describe_score(-994, 5), "O wins in 1 move");
        assert_eq!(describe_score(0, 0), "draw");
        assert_eq!(describe_score(12, 3), "+12 (X better)");
        assert_eq!(describe_score(-4, 3), "-4 (O better)");
        assert_eq!(describe_winner(Some(Side::Min)), "O wins");
        assert_eq!(describe_winner(None), "draw");
    }

    #[test]
    fn moves_are_named_by_column_with_gravity_and_by_cell_without() {
        // Cell 38 is row 5, column 3 of 7x6, counted from 0.
        assert_eq!(move_place(Shape::CONNECT_FOUR, 38), "column 4");
        assert_eq!(move_number(Shape::CONNECT_FOUR, 38), 4);
        assert_eq!(move_place(Shape::TIC_TAC_TOE, 4), "cell 5");
        assert_eq!(move_place(Shape::FIVE_IN_A_ROW, 38), "cell 39");
        let gravity_4x4 = Shape::FOUR_BY_FOUR.with_gravity(true);
        assert_eq!(move_numbers(gravity_4x4, &[12, 13, 9, 15], " "), "1 2 2 4");
        assert_eq!(move_numbers(Shape::FOUR_BY_FOUR, &[12, 13], ", "), "13, 14");
        assert_eq!(move_name(Shape::CONNECT_FOUR, 38), "column 4");
        assert_eq!(move_name(Shape::TIC_TAC_TOE, 4), "5");
        assert_eq!(move_numbering(Shape::CONNECT_FOUR), "columns from 1");
        assert_eq!(move_numbering(Shape::FIVE_BY_FIVE), "cells from 1");
    }
}
