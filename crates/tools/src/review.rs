//! A game reviewed against perfect play: the game's value after every move
//! and each move graded by what it did to that value, with the facts on the
//! board that explain the grade (a win missed, a threat left open, a fork).
//! On 3x3 the values come from the perfect table and are exact; on a board
//! with gravity from the opening book, else from the solver where it
//! finishes within half the time limit, else (and on the other big
//! boards) from alphabeta-tt under the time limit, exact only where its
//! search reached the end. The sentences are in `words`.

pub mod words;

use std::time::{Duration, Instant};

use serde::Serialize;

use tictactoe_engine::board::{Board, BoardError, Outcome, Side};
use tictactoe_engine::move_values::move_values;
use tictactoe_engine::player_kind::SearchSettings;
use tictactoe_engine::players::{AlphaBetaTtPlayer, PerfectTable};
use tictactoe_engine::report::Certainty;
use tictactoe_engine::score::{self, win_score};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::Solver;
use tictactoe_engine::threats::{Fork, forks, winning_cells};

/// How long the big boards' search may look at one position by default.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);

/// A position's value on X's scale, and whether it is proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Value {
    pub score: i32,
    pub exact: bool,
}

impl Value {
    /// The value for `side`: higher is better for it.
    pub fn for_side(self, side: Side) -> i32 {
        side.sign() * self.score
    }
}

/// What a position is worth and which moves keep that worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judgement {
    pub value: Value,
    /// The best moves as a cell mask: every one on 3x3, the search's choice
    /// on the big boards; 0 once the game is over.
    pub best: u64,
}

/// The solver's table in a judge: small, as a judge is made for each move
/// the coach judges.
const SOLVER_TABLE_BYTES: usize = 16 << 20;

/// Values positions: the perfect table where it holds them; on a board
/// with gravity the solver, if it proves every move's value within half
/// the time limit; else alphabeta-tt within the time limit (its table kept
/// from one position to the next, as a game's positions share most of
/// their subtrees).
pub struct Judge {
    search: AlphaBetaTtPlayer,
    /// Made at the first position with gravity.
    solver: Option<Solver>,
    time_limit: Duration,
    cancel: CancelFlag,
}

impl Judge {
    /// A judge whose searches stop after `time_limit` or once `cancel` is set.
    pub fn new(time_limit: Duration, cancel: CancelFlag) -> Judge {
        Judge {
            search: AlphaBetaTtPlayer::new(None, Some(time_limit), SearchSettings::default()),
            solver: None,
            time_limit,
            cancel,
        }
    }

    /// The exact judgement of an unfinished position from the opening
    /// book's or the solver's value of every move, or `None` if one is not proven by `deadline`.
    fn solve(&mut self, board: &Board, deadline: Instant) -> Option<Judgement> {
        let solver = self
            .solver
            .get_or_insert_with(|| Solver::with_table_bytes(SOLVER_TABLE_BYTES));
        let side = board.side_to_move();
        // The book, else the solver on each move: one place for both (the
        // perfect player's), the time shared between the moves.
        let values = move_values(solver, board, &self.cancel, Some(deadline));
        let mut best: Option<(i32, u64)> = None;
        for (cell, score) in values.moves {
            let score = score?;
            best = match best {
                Some((known, _)) if side.sign() * score < side.sign() * known => best,
                Some((known, cells)) if score == known => Some((known, cells | 1 << cell)),
                _ => Some((score, 1 << cell)),
            };
        }
        let (score, best) = best?;
        Some(Judgement {
            value: Value { score, exact: true },
            best,
        })
    }

    /// The position's value and best moves; `None` once cancelled.
    pub fn judge(&mut self, board: &Board) -> Option<Judgement> {
        if let Outcome::Won(winner, _) = board.outcome() {
            let score = win_score(winner, board.stone_count());
            return Some(Judgement {
                value: Value { score, exact: true },
                best: 0,
            });
        }
        if board.outcome() == Outcome::Draw {
            return Some(Judgement {
                value: Value {
                    score: 0,
                    exact: true,
                },
                best: 0,
            });
        }
        let table = PerfectTable::global();
        if let Some(score) = table.value(board) {
            return Some(Judgement {
                value: Value { score, exact: true },
                best: table.best_moves(board),
            });
        }
        if board.shape().gravity() {
            let deadline = Instant::now() + self.time_limit / 2;
            if let Some(solved) = self.solve(board, deadline) {
                return Some(solved);
            }
            if self.cancel.is_cancelled() {
                return None;
            }
        }
        let report = self.search.search(board, &self.cancel, ());
        if report.aborted || self.cancel.is_cancelled() {
            return None;
        }
        Some(Judgement {
            value: Value {
                score: report.score?,
                exact: report.certainty == Some(Certainty::Exact),
            },
            best: report.best.map_or(0, |cell| 1 << cell),
        })
    }
}

/// How a move changed what the mover can get.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// Keeps the best the position holds.
    Best,
    /// Keeps a win but delays it, or hurries a loss.
    Slower,
    /// Gives a win up to a draw, or a draw up to a loss.
    Mistake,
    /// Turns a win into a loss.
    Blunder,
}

/// What a value is for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Result3 {
    Loss,
    Draw,
    Win,
}

fn result_for(side: Side, value: Value) -> Result3 {
    let score = value.for_side(side);
    if !score::is_decisive(score) {
        Result3::Draw
    } else if score > 0 {
        Result3::Win
    } else {
        Result3::Loss
    }
}

impl Grade {
    pub const ALL: [Grade; 4] = [Grade::Best, Grade::Slower, Grade::Mistake, Grade::Blunder];

    /// The grade of a move by `mover` that left `played` where `best` could
    /// be had. Estimates that disagree (the move looking better than the
    /// best) count as best.
    pub fn of(mover: Side, best: Value, played: Value) -> Grade {
        let (could, did) = (result_for(mover, best), result_for(mover, played));
        match (could, did) {
            (Result3::Win, Result3::Loss) => Grade::Blunder,
            (could, did) if did < could => Grade::Mistake,
            (could, did) if did == could && played.for_side(mover) < best.for_side(mover) => {
                if could == Result3::Draw {
                    Grade::Best
                } else {
                    Grade::Slower
                }
            }
            _ => Grade::Best,
        }
    }

    /// A mistake or a blunder: what the coach speaks up for.
    pub fn is_error(self) -> bool {
        matches!(self, Grade::Mistake | Grade::Blunder)
    }

    /// The stable English name (JSON, the command line's `--json`).
    pub fn name(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Slower => "slower",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }
}

/// The facts on the board around one move, for the sentence that explains
/// its grade. Cell sets are masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reasons {
    /// The move completed a line.
    pub wins: bool,
    /// Where the mover could have won at once, had it not (0 if it won).
    pub missed_wins: u64,
    /// The opponent's threats the move took away.
    pub blocked: u64,
    /// The opponent's threats still open after a move that did not win.
    pub unblocked: u64,
    /// The mover's threats after the move, when it made a fork.
    pub fork_made: u64,
    /// A fork the opponent can make next: any, when the move left its reply
    /// free; the forced block of the mover's one threat, when that forks.
    pub fork_allowed: Option<Fork>,
    /// A fork the mover could have made instead, when nothing more urgent
    /// (a win, a threat to block) stood on the board.
    pub fork_missed: Option<Fork>,
}

impl Reasons {
    /// The facts of `side`'s move on `cell` in `before`.
    pub fn of(before: &Board, cell: usize) -> Reasons {
        let side = before.side_to_move();
        let other = side.opponent();
        let mut after = *before;
        after.toggle(cell, side);
        let wins = after.completes_line(cell, side);
        let could_win = winning_cells(before, side);
        let threatened = winning_cells(before, other);
        let threats_after = winning_cells(&after, side);
        let open_after = winning_cells(&after, other);
        let quiet_before = could_win == 0 && threatened == 0;
        Reasons {
            wins,
            missed_wins: if wins { 0 } else { could_win },
            blocked: threatened & (1 << cell),
            unblocked: if wins { 0 } else { open_after },
            fork_made: if !wins && threats_after.count_ones() >= 2 {
                threats_after
            } else {
                0
            },
            fork_allowed: if wins || open_after != 0 || threats_after.count_ones() >= 2 {
                None
            } else if threats_after == 0 {
                forks(&after, other).next()
            } else {
                // The one block the opponent is forced to may fork.
                forks(&after, other).find(|fork| 1 << fork.cell == threats_after)
            },
            fork_missed: if quiet_before && threats_after.count_ones() < 2 {
                forks(before, side).next()
            } else {
                None
            },
        }
    }
}

/// One move of a game, graded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveReview {
    /// The move's place in the game, from 0.
    pub ply: usize,
    pub side: Side,
    pub cell: usize,
    /// The position the move was played in.
    pub before: Board,
    /// What the position held for the mover, and its best moves.
    pub best: Judgement,
    /// The value after the move.
    pub played: Value,
    pub grade: Grade,
    pub reasons: Reasons,
}

impl MoveReview {
    /// The move on `cell` in `before`, graded with `best` (the judgement of
    /// `before`) and `played` (the value of the position after it).
    pub fn new(
        ply: usize,
        before: &Board,
        cell: usize,
        best: Judgement,
        played: Value,
    ) -> MoveReview {
        let side = before.side_to_move();
        MoveReview {
            ply,
            side,
            cell,
            before: *before,
            best,
            played,
            grade: Grade::of(side, best.value, played),
            reasons: Reasons::of(before, cell),
        }
    }

    /// Both values proven.
    pub fn exact(&self) -> bool {
        self.best.value.exact && self.played.exact
    }

    /// The best moves other than the one played.
    pub fn better_cells(&self) -> u64 {
        self.best.best & !(1 << self.cell)
    }
}

/// Grades `side to move`'s move on `cell` in `before` alone (the coach, a
/// second try at a mistake); `None` once the judge is cancelled.
pub fn review_move(
    judge: &mut Judge,
    ply: usize,
    before: &Board,
    cell: usize,
) -> Result<Option<MoveReview>, BoardError> {
    before.validate_move(cell)?;
    let mut after = *before;
    after.play(cell)?;
    let Some(best) = judge.judge(before) else {
        return Ok(None);
    };
    let Some(played) = judge.judge(&after) else {
        return Ok(None);
    };
    Ok(Some(MoveReview::new(ply, before, cell, best, played.value)))
}

/// Why a game could not be reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewError {
    /// The move at `ply` (from 0) breaks the rules.
    IllegalMove {
        ply: usize,
        error: BoardError,
    },
    Cancelled,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub start: Board,
    /// The value before the first move and after each move.
    pub values: Vec<Value>,
    pub moves: Vec<MoveReview>,
}

impl Review {
    /// Reviews the game of `moves` from `start`, each position judged once.
    pub fn of_game(
        start: &Board,
        moves: &[usize],
        judge: &mut Judge,
    ) -> Result<Review, ReviewError> {
        let mut reviewer = GameReviewer::new(start, judge).ok_or(ReviewError::Cancelled)?;
        let mut values = Vec::with_capacity(moves.len() + 1);
        values.push(reviewer.value());
        let mut reviewed = Vec::with_capacity(moves.len());
        for &cell in moves {
            let review = reviewer.review(cell)?;
            values.push(review.played);
            reviewed.push(review);
        }
        Ok(Review {
            start: *start,
            values,
            moves: reviewed,
        })
    }

    /// `side`'s best moves and all its moves in the game.
    pub fn accuracy(&self, side: Side) -> Accuracy {
        let mut accuracy = Accuracy::default();
        for review in self.moves.iter().filter(|review| review.side == side) {
            accuracy.add(review.grade);
        }
        accuracy
    }

    /// Every value proven.
    pub fn exact(&self) -> bool {
        self.values.iter().all(|value| value.exact)
    }

    /// The mistakes and blunders of the sides `of` (by `Side::index`), in
    /// the order played.
    pub fn errors(&self, of: [bool; 2]) -> impl Iterator<Item = &MoveReview> {
        self.moves
            .iter()
            .filter(move |review| of[review.side.index()] && review.grade.is_error())
    }
}

/// A game reviewed move by move as it is given, each position judged
/// once: what prints each move as soon as it is graded.
pub struct GameReviewer<'a> {
    judge: &'a mut Judge,
    board: Board,
    judgement: Judgement,
    ply: usize,
}

impl<'a> GameReviewer<'a> {
    /// Starts at `start`, judged at once; `None` once the judge is cancelled.
    pub fn new(start: &Board, judge: &'a mut Judge) -> Option<GameReviewer<'a>> {
        let judgement = judge.judge(start)?;
        Some(GameReviewer {
            judge,
            board: *start,
            judgement,
            ply: 0,
        })
    }

    /// The value of the position reached.
    pub fn value(&self) -> Value {
        self.judgement.value
    }

    /// Plays `cell` and grades it. An illegal move or a cancelled judge
    /// leaves the reviewer where it was.
    pub fn review(&mut self, cell: usize) -> Result<MoveReview, ReviewError> {
        let ply = self.ply;
        let mut after = self.board;
        after
            .play(cell)
            .map_err(|error| ReviewError::IllegalMove { ply, error })?;
        let judged = self.judge.judge(&after).ok_or(ReviewError::Cancelled)?;
        let review = MoveReview::new(ply, &self.board, cell, self.judgement, judged.value);
        self.board = after;
        self.judgement = judged;
        self.ply += 1;
        Ok(review)
    }
}

/// How many of a player's moves were best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Accuracy {
    pub best: u32,
    pub moves: u32,
}

impl Accuracy {
    pub fn add(&mut self, grade: Grade) {
        self.moves += 1;
        self.best += u32::from(grade == Grade::Best);
    }

    pub fn merge(&mut self, other: Accuracy) {
        self.best += other.best;
        self.moves += other.moves;
    }

    /// The share of best moves in percent, none without moves.
    pub fn percent(self) -> Option<u32> {
        (self.moves > 0).then(|| (self.best * 100 + self.moves / 2) / self.moves)
    }
}
