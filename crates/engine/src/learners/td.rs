//! A tabular temporal-difference learner. It keeps one number per position
//! reached after a move (an afterstate), up to symmetry: the result the
//! side that just moved expects from there (1 a win, ½ a draw, 0 a loss:
//! its chance of winning, a draw counting half; a position never seen
//! counts `UNSEEN`, a finished one its result). To move it plays the free cell whose afterstate it
//! values most; while training it plays a random free cell instead with
//! probability `EXPLORATION`. At every position of a game, whoever moves,
//! it pulls the position's value towards one minus the best value the side
//! to move has from there, by the fraction `LEARNING_RATE`: TD(0) with
//! negamax targets, as if each side then played its best. So it learns the
//! game's values from its own exploring moves and from any opponent's
//! moves alike (exploring does not bias what it learns, so it can explore
//! much), and its greedy play converges to play that never loses.

use std::time::Instant;

use rand::Rng;

use super::position::{self, CODES};
use crate::board::Board;
use crate::board::Outcome;
use crate::player::Player;
use crate::player_kind::NotOnThisBoard;
use crate::player_kind::PlayerKind;
use crate::report::SearchReport;
use crate::report::{MoveScore, Note};
use crate::search::CancelFlag;
use crate::search::game_over;

/// How far each update moves a value towards its target.
pub const LEARNING_RATE: f32 = 0.3;
/// The chance of a random move while training.
pub const EXPLORATION: f64 = 0.3;
/// The value of a position never seen: a little below a draw's, so that
/// greedy play prefers a draw it knows to a move it knows nothing of.
const UNSEEN: f32 = 0.45;

/// Learned values by canonical position code; NaN where never updated.
#[derive(Clone)]
pub struct Td {
    values: Vec<f32>,
}

/// Equal when they learned the same values for the same positions.
impl PartialEq for Td {
    fn eq(&self, other: &Td) -> bool {
        self.values().eq(other.values())
    }
}

impl std::fmt::Debug for Td {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.values()).finish()
    }
}

impl Default for Td {
    fn default() -> Td {
        Td {
            values: vec![f32::NAN; CODES],
        }
    }
}

/// One candidate move and the value of where it leads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    pub cell: usize,
    pub value: f32,
}

impl Td {
    /// The learned values, by canonical position code.
    pub fn values(&self) -> impl Iterator<Item = (u16, f32)> + '_ {
        self.values
            .iter()
            .enumerate()
            .filter(|(_, value)| !value.is_nan())
            .map(|(code, &value)| (code as u16, value))
    }

    /// Sets a value, as a state file holds it (checked by the caller).
    pub fn insert(&mut self, code: u16, value: f32) {
        self.values[usize::from(code)] = value;
    }

    /// The value of `after`, the position just after a move of `mover`:
    /// exact once the game is over, else learned.
    fn afterstate_value(&self, after: &Board) -> f32 {
        match after.outcome() {
            Outcome::Won(..) => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Ongoing => {
                let value = self.values[usize::from(position::canonical(after).code)];
                if value.is_nan() { UNSEEN } else { value }
            }
        }
    }

    /// Every free cell of `board` (an unfinished 3x3 position) with the
    /// value of its afterstate for the side to move.
    pub fn candidates(&self, board: &Board) -> Vec<Candidate> {
        board
            .legal_moves()
            .map(|cell| {
                let mut after = *board;
                after.play(cell).expect("a free cell");
                Candidate {
                    cell,
                    value: self.afterstate_value(&after),
                }
            })
            .collect()
    }

    /// The best candidate: the highest value, the lowest cell among equals.
    pub fn best(candidates: &[Candidate]) -> Candidate {
        *candidates
            .iter()
            .reduce(|best, next| if next.value > best.value { next } else { best })
            .expect("an unfinished board has a free cell")
    }

    /// Learns from `board`, a position of a game (anyone's move): the
    /// value of having reached it, for the side that just moved, is pulled
    /// towards one minus the best value the side to move has from here.
    /// Returns that side's candidates.
    pub fn observe(&mut self, board: &Board) -> Vec<Candidate> {
        let candidates = self.candidates(board);
        if board.stone_count() > 0 {
            let best = Td::best(&candidates);
            self.update(position::canonical(board).code, 1.0 - best.value);
        }
        candidates
    }

    /// A training move for the side to move in `board`: learns from the
    /// position, then picks the best candidate, or with probability
    /// `EXPLORATION` a random one.
    pub fn training_move(&mut self, board: &Board, rng: &mut impl Rng) -> usize {
        let candidates = self.observe(board);
        if rng.random_bool(EXPLORATION) {
            candidates[rng.random_range(0..candidates.len())].cell
        } else {
            Td::best(&candidates).cell
        }
    }

    fn update(&mut self, code: u16, target: f32) {
        let value = &mut self.values[usize::from(code)];
        let old = if value.is_nan() { UNSEEN } else { *value };
        *value = old + LEARNING_RATE * (target - old);
    }
}

/// The learner as a player: greedy, learning nothing by itself.
pub struct TdPlayer {
    pub td: Td,
}

impl Player for TdPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Td
    }

    fn choose_move(&mut self, board: &Board, _cancel: &CancelFlag) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(self.kind(), board);
        if game_over(&mut report, board) {
            // Nothing to play, on any board.
        } else if let Err(NotOnThisBoard(size)) = PlayerKind::Td.check_shape(board.shape()) {
            report.note = Some(Note::NotOnThisBoard(size));
        } else {
            let candidates = self.td.candidates(board);
            report.best = Some(Td::best(&candidates).cell);
            report.moves = candidates
                .iter()
                .map(|c| MoveScore::learned(c.cell, board.side_to_move(), f64::from(c.value)))
                .collect();
        }
        report.finish(started);
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finished_afterstates_are_exact_and_unseen_ones_just_below_a_draw() {
        let td = Td::default();
        // X wins at 2; 5 and 6 are unseen.
        let board: Board = "xx./oo./...".parse().unwrap();
        let candidates = td.candidates(&board);
        assert_eq!(
            Td::best(&candidates),
            Candidate {
                cell: 2,
                value: 1.0
            }
        );
        assert!(
            candidates
                .iter()
                .filter(|c| c.cell != 2)
                .all(|c| c.value == UNSEEN)
        );
    }
}
