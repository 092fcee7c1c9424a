//! A step shown phase by phase: how far into selection, the playout or the
//! update the Monte Carlo window is, and what it says and draws there.

use tictactoe_engine::board::Board;
use tictactoe_engine::growing::{LeafValue, Step, StepChoice};
use tictactoe_words::mcts::{backup_words, expansion_words, leaf_words, selection_words};

/// Where in a step the window is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Selection's choices down to this depth are shown, the root's at 0.
    Selection(usize),
    /// Where the tree grew.
    Expansion,
    /// The leaf's value: a playout's first moves up to this many (its
    /// result once all are shown), or the network's value.
    Leaf(usize),
    /// The result carried back up the path.
    Update,
}

/// A step and the phase of it shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    pub step: Step,
    pub phase: Phase,
}

impl Shown {
    /// `step` at its first phase: the root's choice.
    pub fn first_phase(step: Step) -> Shown {
        Shown {
            step,
            phase: Phase::Selection(0),
        }
    }

    /// `step` with every phase shown.
    pub fn whole(step: Step) -> Shown {
        Shown {
            step,
            phase: Phase::Update,
        }
    }

    pub fn is_whole(&self) -> bool {
        self.phase == Phase::Update
    }

    /// Moves on to the next phase (at the update there is none).
    pub fn advance(&mut self) {
        self.phase = match self.phase {
            Phase::Selection(depth) if depth + 1 < self.step.selection.len() => {
                Phase::Selection(depth + 1)
            }
            Phase::Selection(_) => Phase::Expansion,
            Phase::Expansion => Phase::Leaf(1),
            Phase::Leaf(shown) if shown < self.playout().len() => Phase::Leaf(shown + 1),
            Phase::Leaf(_) | Phase::Update => Phase::Update,
        };
    }

    /// The random playout's moves (none for a network's value or a
    /// finished game).
    fn playout(&self) -> &[usize] {
        match &self.step.leaf {
            LeafValue::Playout { moves, .. } => moves,
            LeafValue::Network { .. } | LeafValue::GameOver { .. } => &[],
        }
    }

    /// The choices shown so far, from the root down.
    pub fn choices(&self) -> &[StepChoice] {
        let shown = match self.phase {
            Phase::Selection(depth) => depth + 1,
            _ => self.step.selection.len(),
        };
        &self.step.selection[..shown]
    }

    /// The choice to show with the phase, as selection weighed it before
    /// the update: selection's newest, till the update shows the tree as
    /// it stands (`None`).
    pub fn current_choice(&self) -> Option<(&StepChoice, Vec<usize>)> {
        let depth = match self.phase {
            Phase::Selection(depth) => depth,
            Phase::Expansion | Phase::Leaf(_) => self.step.selection.len() - 1,
            Phase::Update => return None,
        };
        Some((
            &self.step.selection[depth],
            self.step.path().take(depth).collect(),
        ))
    }

    /// The moves shown on the small board: the path's picks so far, then
    /// the playout's moves shown.
    pub fn moves_shown(&self) -> (Vec<usize>, &[usize]) {
        let path = self
            .choices()
            .iter()
            .map(|choice| choice.picked_child().cell);
        let playout = match self.phase {
            Phase::Selection(_) | Phase::Expansion => &[][..],
            Phase::Leaf(shown) => &self.playout()[..shown.min(self.playout().len())],
            Phase::Update => self.playout(),
        };
        (path.collect(), playout)
    }

    /// The phase in words, the search's root being `root`.
    pub fn words(&self, root: &Board) -> String {
        let (shape, root_side) = (root.shape(), root.side_to_move());
        match self.phase {
            Phase::Selection(depth) => selection_words(shape, &self.step, depth),
            Phase::Expansion => expansion_words(shape, &self.step),
            Phase::Leaf(shown) => {
                let plies = self.step.selection.len();
                let first = if plies.is_multiple_of(2) {
                    root_side
                } else {
                    root_side.opponent()
                };
                leaf_words(shape, &self.step, first, shown)
            }
            Phase::Update => backup_words(shape, &self.step),
        }
    }
}
