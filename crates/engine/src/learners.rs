//! The players that learn from games: MENACE's matchboxes, a
//! temporal-difference learner and a neural network that guides a search,
//! MENACE and TD on 3x3 only. Their arithmetic only: `tictactoe-files` keeps their states in files and
//! `tictactoe-tools` trains them.

pub mod menace;
pub mod network;
pub mod neural;
pub mod position;
pub mod td;

use super::board::{Board, BoardError, Side};
use super::geometry::Shape;
use super::player::Player;
use super::player_kind::{NotOnThisBoard, PlayerKind, PlayerOptions};
use menace::{Menace, MenacePlayer};
use network::Network;
use neural::NeuralPlayer;
use td::{Td, TdPlayer};

/// How a game ended for one side: what a learner learns from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultForSide {
    Win,
    Draw,
    Loss,
}

impl ResultForSide {
    /// `side`'s result in a finished game that `winner` won (`None`: a
    /// draw).
    pub fn of(side: Side, winner: Option<Side>) -> ResultForSide {
        match winner {
            Some(won) if won == side => ResultForSide::Win,
            Some(_) => ResultForSide::Loss,
            None => ResultForSide::Draw,
        }
    }
}

/// What a learner has learned, and how many games it learned from.
#[derive(Debug, Clone, PartialEq)]
pub struct LearnerState {
    pub learner: Learner,
    pub games: u64,
}

/// Any learner.
#[derive(Debug, Clone, PartialEq)]
pub enum Learner {
    Menace(Menace),
    Td(Td),
    Neural(Network),
}

impl LearnerState {
    /// A learner for `shape` that has learned nothing; `None` for players
    /// that do not learn (and MENACE and TD, on a board other than 3x3).
    pub fn fresh(kind: PlayerKind, shape: Shape) -> Option<LearnerState> {
        kind.check_shape(shape).ok()?;
        let learner = match kind {
            PlayerKind::Menace => Learner::Menace(Menace::new(false)),
            PlayerKind::Td => Learner::Td(Td::default()),
            PlayerKind::Neural => Learner::Neural(Network::new(shape, network::INITIAL_SEED)),
            _ => return None,
        };
        Some(LearnerState { learner, games: 0 })
    }

    /// Counts one more game learned from; the count stops at its largest
    /// value rather than start again from 0.
    pub fn count_game(&mut self) {
        self.games = self.games.saturating_add(1);
    }

    pub fn kind(&self) -> PlayerKind {
        match self.learner {
            Learner::Menace(_) => PlayerKind::Menace,
            Learner::Td(_) => PlayerKind::Td,
            Learner::Neural(_) => PlayerKind::Neural,
        }
    }

    /// The board it learned on.
    pub fn shape(&self) -> Shape {
        match &self.learner {
            Learner::Menace(_) | Learner::Td(_) => Shape::TIC_TAC_TOE,
            Learner::Neural(network) => network.shape(),
        }
    }

    /// A player that plays what this state learned (MENACE draws its
    /// beads from the options' seed; the neural player searches as its
    /// difficulty says).
    pub fn player(&self, options: &PlayerOptions) -> Box<dyn Player> {
        match &self.learner {
            Learner::Menace(menace) => Box::new(MenacePlayer::new(menace.clone(), options.seed)),
            Learner::Td(td) => Box::new(TdPlayer { td: td.clone() }),
            Learner::Neural(network) => Box::new(NeuralPlayer::new(
                network.clone(),
                options.difficulty,
                self.games,
            )),
        }
    }

    /// Learns from a game played elsewhere than in training (in the
    /// window): the moves played from `start`, the learner playing
    /// `sides`, won by `winner` (with a line, or because the other side
    /// resigned) or drawn (`None`). Every move of the learner's sides
    /// counts as its own: MENACE takes each one's bead from its box as if
    /// it had drawn it, TD learns from every position as in training.
    /// Refuses a game that is not a legal 3x3 line, learning nothing.
    pub fn learn_from_game(
        &mut self,
        start: &Board,
        moves: &[usize],
        sides: &[Side],
        winner: Option<Side>,
    ) -> Result<(), LearnError> {
        self.kind()
            .check_shape(start.shape())
            .map_err(LearnError::NotOnThisBoard)?;
        if let Learner::Neural(_) = self.learner {
            return Err(LearnError::SelfPlayOnly);
        }
        let mut positions = Vec::with_capacity(moves.len());
        let mut board = *start;
        for &cell in moves {
            positions.push(board);
            board.play(cell).map_err(LearnError::Move)?;
        }
        let ending_for = |side: Side| ResultForSide::of(side, winner);
        match &mut self.learner {
            Learner::Menace(menace) => {
                for &side in sides {
                    let drawn: Vec<(u16, u8)> = positions
                        .iter()
                        .zip(moves)
                        .filter(|(before, _)| {
                            before.side_to_move() == side && Menace::has_box(before.stone_count())
                        })
                        .map(|(before, &cell)| {
                            let canonical = position::canonical(before);
                            let bead =
                                position::bead_cell(canonical.code, canonical.to_canonical(cell));
                            (canonical.code, bead as u8)
                        })
                        .collect();
                    menace.learn(&drawn, ending_for(side));
                }
            }
            Learner::Td(td) => {
                for before in &positions {
                    td.observe(before);
                }
            }
            Learner::Neural(_) => unreachable!("refused above"),
        }
        self.count_game();
        Ok(())
    }
}

/// Why a game could not be learned from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LearnError {
    NotOnThisBoard(NotOnThisBoard),
    /// A move of the game is not legal where it was played.
    Move(BoardError),
    /// The neural player learns from its own self-play only: its targets
    /// are its search's visits, which a game played elsewhere has not.
    SelfPlayOnly,
}
