//! A player examined against the solver on test-set positions (`MOVES
//! [SCORE]`, the Connect Four test sets' format): for each position the
//! player chooses a move, and the move is a mistake when it throws the
//! position's value away (a win made a draw or a loss, a draw a loss). The
//! line's score gives the value before the move where it is given; the
//! solver, or the values a sample line carries, the value after it.
//!
//! The sample that ships (`SAMPLE`, from `data/exam-sample`) carries the
//! value after every move, so that it is judged without the solver: the
//! neural player's exam after each block of training takes milliseconds.

use rayon::prelude::*;
use serde::Serialize;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player::Player;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength};

use crate::truth::{TestLine, read_test_line};

/// A position's value for the side to move, as far as a mistake goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Loss,
    Draw,
    Win,
}

impl Value {
    /// From a score's sign (the test sets', or the solver's for the mover).
    pub fn of_sign(score: i32) -> Value {
        match score.signum() {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }

    /// The value for the other side.
    fn turned(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }

    /// The sample file's letter: `+` a win, `=` a draw, `-` a loss.
    fn letter(self) -> char {
        match self {
            Value::Win => '+',
            Value::Draw => '=',
            Value::Loss => '-',
        }
    }
}

/// One move judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judged {
    /// The column played, 1 on the left.
    pub column: usize,
    /// The position's value for the side to move, and the value after the
    /// move for the same side.
    pub before: Value,
    pub after: Value,
    /// The player's time for the move, in microseconds.
    pub move_us: u64,
}

impl Judged {
    pub fn is_mistake(&self) -> bool {
        self.after < self.before
    }
}

/// What an exam found so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub positions: u64,
    pub mistakes: u64,
    /// The player's time over all positions, in microseconds.
    pub move_us: u64,
}

impl Tally {
    fn add(&mut self, judged: &Judged) {
        self.positions += 1;
        self.mistakes += u64::from(judged.is_mistake());
        self.move_us += judged.move_us;
    }

    /// Mistakes per position examined, 0 to 1 (0 with none examined).
    pub fn rate(&self) -> f64 {
        if self.positions == 0 {
            return 0.0;
        }
        self.mistakes as f64 / self.positions as f64
    }

    /// The player's mean time per move, in microseconds.
    pub fn mean_move_us(&self) -> u64 {
        self.move_us / self.positions.max(1)
    }
}

/// What the value after a move is taken from.
pub enum Truth<'a> {
    /// Solved after the move.
    Solver(&'a mut Solver),
    /// Known for each column (`None`: a full column), as a sample line
    /// carries them.
    Known(&'a [Option<Value>]),
}

/// Asks `player` for its move in `line`'s position and judges it; `None`
/// once `cancel` is set (or the player has no move).
pub fn judge_move(
    player: &mut dyn Player,
    line: &TestLine,
    truth: Truth,
    cancel: &CancelFlag,
) -> Option<Judged> {
    let board = &line.board;
    let report = player.choose_move(board, cancel);
    if report.aborted {
        return None;
    }
    let cell = report.best?;
    let column = cell % board.shape().width();
    let (before, after) = match truth {
        Truth::Known(after) => (
            Value::of_sign(line.score.expect("a sample line's score")),
            after[column].expect("the player plays a free column"),
        ),
        Truth::Solver(solver) => {
            let before = match line.score {
                Some(score) => Value::of_sign(score),
                None => solve(solver, board, cancel)?,
            };
            (before, value_after(solver, board, cell, cancel)?)
        }
    };
    Some(Judged {
        column: column + 1,
        before,
        after,
        move_us: report.elapsed_us,
    })
}

/// Win, draw or loss for `board`'s side to move; `None` once stopped.
fn solve(solver: &mut Solver, board: &Board, cancel: &CancelFlag) -> Option<Value> {
    solver
        .solve(board, Strength::Weak, cancel)
        .map(|solution| Value::of_sign(solution.for_mover))
}

/// The value of playing `cell` in `board` for its side to move.
fn value_after(
    solver: &mut Solver,
    board: &Board,
    cell: usize,
    cancel: &CancelFlag,
) -> Option<Value> {
    let mut after = *board;
    after.toggle(cell, board.side_to_move());
    // The value after the move is the opponent's, turned round.
    solve(solver, &after, cancel).map(Value::turned)
}

/// Examines `player` (a fresh one for every position: nothing an earlier
/// search left changes the next) on each line until their end, calling
/// `examined` after each; stops, with what was examined, once `cancel` is
/// set. The first error of a line or of `examined` ends the exam.
pub fn examine<E>(
    lines: impl IntoIterator<Item = Result<(u64, TestLine), E>>,
    mut player: impl FnMut() -> Box<dyn Player>,
    solver: &mut Solver,
    cancel: &CancelFlag,
    mut examined: impl FnMut(u64, &TestLine, &Judged, &Tally) -> Result<(), E>,
) -> Result<Tally, E> {
    let mut tally = Tally::default();
    for read in lines {
        let (number, line) = read?;
        let Some(judged) = judge_move(player().as_mut(), &line, Truth::Solver(solver), cancel)
        else {
            break;
        };
        tally.add(&judged);
        examined(number, &line, &judged, &tally)?;
    }
    Ok(tally)
}

/// A test set's name and its file among Pons' sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TestSet {
    pub name: &'static str,
    pub file: &'static str,
}

/// The six public Connect Four test sets, in the order of AlphaZero.jl's
/// benchmark table.
pub const TEST_SETS: [TestSet; 6] = [
    TestSet {
        name: "Begin-Easy",
        file: "Test_L1_R1",
    },
    TestSet {
        name: "Middle-Easy",
        file: "Test_L2_R1",
    },
    TestSet {
        name: "End-Easy",
        file: "Test_L3_R1",
    },
    TestSet {
        name: "Begin-Medium",
        file: "Test_L1_R2",
    },
    TestSet {
        name: "Middle-Medium",
        file: "Test_L2_R2",
    },
    TestSet {
        name: "Begin-Hard",
        file: "Test_L1_R3",
    },
];

/// The sample that ships: `SAMPLE_LINES` lines of each set, with the
/// values after every move (`data/exam-sample`, its README says how it
/// was made).
pub const SAMPLE: &str = include_str!("../data/exam-sample");

/// Lines of each set in `SAMPLE`: the first of each set.
pub const SAMPLE_LINES: usize = 50;

/// One line of the sample: the position, its score, and the value after
/// each column for the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleLine {
    pub line: TestLine,
    pub after: Vec<Option<Value>>,
}

/// A sample line as the file writes it: `MOVES SCORE VALUES`, the values
/// after the columns from the left, `+` `=` `-` (a win, a draw, a loss for
/// the side that moved) or `x` (a full column).
pub fn sample_line(line: &SampleLine) -> String {
    let values: String = line
        .after
        .iter()
        .map(|value| value.map_or('x', Value::letter))
        .collect();
    let score = line.line.score.expect("a sample line's score");
    format!("{} {score} {values}", line.line.moves)
}

/// Reads a line `sample_line` wrote, on Connect Four's board; `None` for
/// one that is not such a line.
fn read_sample_line(text: &str) -> Option<SampleLine> {
    let (position, values) = text.rsplit_once(' ')?;
    let line = read_test_line(Shape::CONNECT_FOUR, position).ok()??;
    line.score?;
    let after = values
        .chars()
        .map(|letter| match letter {
            '+' => Some(Some(Value::Win)),
            '=' => Some(Some(Value::Draw)),
            '-' => Some(Some(Value::Loss)),
            'x' => Some(None),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    (after.len() == Shape::CONNECT_FOUR.width()).then_some(SampleLine { line, after })
}

/// `line` with the value after each of its moves, by `solver`; `None`
/// once `cancel` is set. Makes the sample's lines.
pub fn with_values_after(
    solver: &mut Solver,
    line: TestLine,
    cancel: &CancelFlag,
) -> Option<SampleLine> {
    let board = line.board;
    let mut after = vec![None; board.shape().width()];
    for cell in board.legal_moves() {
        after[cell % board.shape().width()] = Some(value_after(solver, &board, cell, cancel)?);
    }
    Some(SampleLine { line, after })
}

/// The shipped sample's lines of each set, in `TEST_SETS`' order.
pub fn sample() -> Vec<(TestSet, Vec<SampleLine>)> {
    let mut sets: Vec<(TestSet, Vec<SampleLine>)> =
        TEST_SETS.iter().map(|&set| (set, Vec::new())).collect();
    let mut current = None;
    for text in SAMPLE.lines() {
        if let Some(file) = text.strip_prefix("# ") {
            current = sets.iter().position(|(set, _)| set.file == file);
        } else if let Some(index) = current {
            let line = read_sample_line(text).expect("the sample's lines are well formed");
            sets[index].1.push(line);
        }
    }
    sets
}

/// `player`'s mistakes on sample `lines`, on the pool the caller installs
/// (the lines in parallel; the tally is the same on any number of threads
/// when the player's moves are); `None` once `cancel` is set.
pub fn examine_sample(
    lines: &[SampleLine],
    player: impl Fn() -> Box<dyn Player> + Sync,
    cancel: &CancelFlag,
) -> Option<Tally> {
    let judged: Option<Vec<Judged>> = lines
        .par_iter()
        .map(|sample| {
            judge_move(
                player().as_mut(),
                &sample.line,
                Truth::Known(&sample.after),
                cancel,
            )
        })
        .collect();
    let mut tally = Tally::default();
    for judged in judged? {
        tally.add(&judged);
    }
    Some(tally)
}
