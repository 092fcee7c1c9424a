//! MENACE, Donald Michie's Matchbox Educable Noughts And Crosses Engine
//! (1961): one matchbox per position it can face, up to symmetry, holding
//! coloured beads, one colour per cell. To move it draws a bead at random
//! from the position's box and plays its cell; after the game every box it
//! used gets three beads of the drawn colour back on a win, one on a draw,
//! and loses the drawn bead on a loss. A box starts with 4, 3, 2 or 1
//! beads per distinct free cell on the machine's 1st, 2nd, 3rd or 4th move
//! (as X: the game's 1st, 3rd, 5th and 7th); its last move as X, into the
//! only free cell, has no box. A box with no beads left resigns the game.

use std::collections::BTreeMap;
use std::time::Instant;

use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::ResultForSide;
use super::position::{self, CELLS};
use crate::board::Board;
use crate::player::Player;
use crate::player_kind::NotOnThisBoard;
use crate::player_kind::PlayerKind;
use crate::report::SearchReport;
use crate::report::{MoveScore, Note};
use crate::search::CancelFlag;
use crate::search::game_over;

/// Beads per distinct free cell in a new box, by the machine's own move
/// number (1st to 4th).
pub const START_BEADS: [u16; 4] = [4, 3, 2, 1];
/// Beads of the drawn colour added to each box used, on a win.
pub const WIN_BEADS: u16 = 3;
/// The same on a draw.
pub const DRAW_BEADS: u16 = 1;

/// Boxes MENACE as X can need: positions with X to move on its 1st to 4th
/// move, the game not over, up to symmetry (Michie's 304; see the tests).
pub const BOXES_AS_X: usize = 304;
/// The same for O, on its 1st to 4th move (the game's 2nd, 4th, 6th and
/// 8th; O's 4th move always has two free cells, so it has boxes too).
pub const BOXES_AS_O: usize = 289;

/// The matchboxes: beads per cell of each canonical position faced so far.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Menace {
    boxes: BTreeMap<u16, [u16; CELLS]>,
    /// A later builders' variant: an empty box is filled again with its
    /// starting beads instead of resigning.
    pub refill: bool,
}

/// What MENACE does in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenaceMove {
    /// It drew a bead for `cell` from the box of `code`, as the canonical
    /// position's `bead` cell.
    Bead { code: u16, bead: u8, cell: usize },
    /// Its last move as X: one free cell, no box.
    Forced(usize),
    /// The box is empty.
    Resign,
}

/// One box as the position on the board sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoxView {
    /// Beads per cell of the board; `None` for cells that hold no beads of
    /// their own (taken, or the same move as another cell up to symmetry).
    pub beads: [Option<u16>; CELLS],
    /// The box is new: these are its starting beads.
    pub new: bool,
}

impl BoxView {
    pub fn total(&self) -> u32 {
        self.beads.iter().flatten().map(|&n| u32::from(n)).sum()
    }
}

impl Menace {
    pub fn new(refill: bool) -> Menace {
        Menace {
            boxes: BTreeMap::new(),
            refill,
        }
    }

    /// The boxes made so far, by canonical position code.
    pub fn boxes(&self) -> &BTreeMap<u16, [u16; CELLS]> {
        &self.boxes
    }

    /// Puts a box in, as a state file holds it (checked by the caller).
    pub fn insert_box(&mut self, code: u16, beads: [u16; CELLS]) {
        self.boxes.insert(code, beads);
    }

    /// Whether the machine has a box for a position with `stones` stones:
    /// all but X's last move.
    pub fn has_box(stones: u32) -> bool {
        stones < 8
    }

    /// A new box for the canonical position `code`.
    pub fn starting_box(code: u16) -> [u16; CELLS] {
        let board = position::board(code);
        let beads = START_BEADS[(board.stone_count() / 2) as usize];
        let distinct = position::distinct_cells(code);
        std::array::from_fn(|cell| if distinct & 1 << cell != 0 { beads } else { 0 })
    }

    /// The box for `board` (an unfinished 3x3 position with a box) as it
    /// stands or as it would start.
    pub fn box_view(&self, board: &Board) -> BoxView {
        let canonical = position::canonical(board);
        let stored = self.boxes.get(&canonical.code);
        let beads = stored
            .copied()
            .unwrap_or_else(|| Menace::starting_box(canonical.code));
        let distinct = position::distinct_cells(canonical.code);
        let mut view = [None; CELLS];
        for bead in 0..CELLS {
            if distinct & 1 << bead != 0 {
                view[canonical.from_canonical(bead)] = Some(beads[bead]);
            }
        }
        BoxView {
            beads: view,
            new: stored.is_none(),
        }
    }

    /// Beads in the box of the empty board: Michie's plot of how sure the
    /// machine grows of its opening.
    pub fn first_box_beads(&self) -> u32 {
        let beads = self
            .boxes
            .get(&0)
            .copied()
            .unwrap_or_else(|| Menace::starting_box(0));
        beads.iter().map(|&n| u32::from(n)).sum()
    }

    /// Draws a bead for the side to move in `board` (an unfinished 3x3
    /// position), making the box if it is new.
    pub fn choose(&mut self, board: &Board, rng: &mut impl Rng) -> MenaceMove {
        if !Menace::has_box(board.stone_count()) {
            let cell = board.legal_moves().next().expect("an unfinished board");
            return MenaceMove::Forced(cell);
        }
        let canonical = position::canonical(board);
        let refill = self.refill;
        let beads = self
            .boxes
            .entry(canonical.code)
            .or_insert_with(|| Menace::starting_box(canonical.code));
        let mut total: u32 = beads.iter().map(|&n| u32::from(n)).sum();
        if total == 0 {
            if !refill {
                return MenaceMove::Resign;
            }
            *beads = Menace::starting_box(canonical.code);
            total = beads.iter().map(|&n| u32::from(n)).sum();
        }
        let mut pick = rng.random_range(0..total);
        let bead = (0..CELLS)
            .find(|&cell| {
                let here = u32::from(beads[cell]);
                if pick < here {
                    true
                } else {
                    pick -= here;
                    false
                }
            })
            .expect("a bead below the total");
        MenaceMove::Bead {
            code: canonical.code,
            bead: bead as u8,
            cell: canonical.from_canonical(bead),
        }
    }

    /// Michie's reward: every box used in the game gets `WIN_BEADS` of the
    /// drawn colour on a win, `DRAW_BEADS` on a draw, and loses the drawn
    /// bead on a loss. `drawn` lists the moves' boxes and beads.
    pub fn learn(&mut self, drawn: &[(u16, u8)], ending: ResultForSide) {
        for &(code, bead) in drawn {
            let beads = self
                .boxes
                .entry(code)
                .or_insert_with(|| Menace::starting_box(code));
            let count = &mut beads[usize::from(bead)];
            *count = match ending {
                ResultForSide::Win => count.saturating_add(WIN_BEADS),
                ResultForSide::Draw => count.saturating_add(DRAW_BEADS),
                ResultForSide::Loss => count.saturating_sub(1),
            };
        }
    }
}

/// MENACE as a player: draws beads, learns nothing by itself (training
/// does that).
pub struct MenacePlayer {
    pub menace: Menace,
    rng: ChaCha8Rng,
}

impl MenacePlayer {
    pub fn new(menace: Menace, seed: u64) -> MenacePlayer {
        MenacePlayer {
            menace,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for MenacePlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Menace
    }

    fn choose_move(&mut self, board: &Board, _cancel: &CancelFlag) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(self.kind(), board);
        if game_over(&mut report, board) {
            // Nothing to play, on any board.
        } else if let Err(NotOnThisBoard(size)) = PlayerKind::Menace.check_shape(board.shape()) {
            report.note = Some(Note::NotOnThisBoard(size));
        } else {
            let view = Menace::has_box(board.stone_count()).then(|| self.menace.box_view(board));
            let decision = self.menace.choose(board, &mut self.rng);
            describe(&mut report, view.as_ref(), decision);
        }
        report.finish(started);
        report
    }
}

/// Fills `report` with the box and the bead drawn.
fn describe(report: &mut SearchReport, view: Option<&BoxView>, decision: MenaceMove) {
    if let Some(view) = view {
        report.moves = (0..CELLS)
            .filter_map(|cell| view.beads[cell].map(|n| MoveScore::beads(cell, n)))
            .collect();
    }
    let total = view.map_or(0, BoxView::total);
    let note = match decision {
        MenaceMove::Bead { cell, .. } => {
            report.best = Some(cell);
            Note::BeadDrawn { beads: total }
        }
        MenaceMove::Forced(cell) => {
            report.best = Some(cell);
            Note::LastFreeCell
        }
        MenaceMove::Resign => {
            report.resigned = true;
            Note::EmptyBox
        }
    };
    report.note = Some(note);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_boxes_hold_michies_beads() {
        let menace = Menace::new(false);
        let empty = Board::new(crate::geometry::Shape::TIC_TAC_TOE);
        // Corner, edge, centre: 4 beads each.
        assert_eq!(menace.box_view(&empty).total(), 12);
        assert_eq!(menace.first_box_beads(), 12);
        let third: Board = "xo./.../...".parse().unwrap();
        let view = menace.box_view(&third);
        assert_eq!(view.total(), 7 * 3);
        assert!(view.new);
        assert!(view.beads[0].is_none() && view.beads[1].is_none());
    }
}
