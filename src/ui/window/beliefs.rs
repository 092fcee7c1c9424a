//! What the network believes beside the truth: for a neural search the
//! board shows, each move's exact value (the solver's on boards with
//! gravity, the perfect table's on 3x3), found off the main thread one
//! position at a time and kept for the game it belongs to.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Duration;

use gtk::glib;
use gtk::prelude::*;
use gtk::subclass::prelude::*;

use super::TictactoeWindow;
use crate::game::Work;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::Solver;
use tictactoe_tools::truth::exact_move_values;
use tictactoe_words::cell_marks::{CellMark, cell_marks, cell_marks_with_truth, truth_row};

/// How long the solver may look for one position's exact values; a move
/// it has not solved by then is "unknown".
const TRUTH_TIME_LIMIT: Duration = Duration::from_secs(3);

/// The solver's table for the exact values: small, as one is made for
/// each position.
const TRUTH_TABLE_BYTES: usize = 16 << 20;

/// Each move's exact value of a position: its cell and its value on X's
/// scale, `None` where it was not found in time.
type MoveTruths = Rc<[(usize, Option<i32>)]>;

/// The exact values found for the window's game, and the one position
/// being solved.
#[derive(Default)]
pub(super) struct Truths {
    /// Each position solved, by its text.
    found: RefCell<HashMap<String, MoveTruths>>,
    /// The position being solved and the flag that stops it.
    running: RefCell<Option<(String, CancelFlag)>>,
    /// The newest position asked for while another was being solved: only
    /// the one shown last waits.
    waiting: RefCell<Option<String>>,
    /// The game they belong to (the window's count of games started when
    /// they were asked for): a late answer for another game is dropped.
    game: Cell<u64>,
}

impl TictactoeWindow {
    /// The marks of `report` on a board of `shape`: a neural search's with
    /// each move's exact value once it is found (asked for here, if it is
    /// not yet).
    pub(super) fn marks_of(&self, report: &SearchReport, shape: Shape) -> Vec<CellMark> {
        if report.aborted || !report.moves.iter().any(|m| m.prior.is_some()) {
            return cell_marks(report, shape);
        }
        let found = self
            .imp()
            .truths
            .found
            .borrow()
            .get(&report.position)
            .cloned();
        match found {
            Some(values) => cell_marks_with_truth(report, shape, &values),
            None => {
                self.ask_truth(&report.position);
                cell_marks(report, shape)
            }
        }
    }

    /// Solves `position` off the main thread, after the one being solved.
    fn ask_truth(&self, position: &str) {
        let truths = &self.imp().truths;
        let running = truths
            .running
            .borrow()
            .as_ref()
            .is_some_and(|(solving, _)| solving == position);
        if running || truths.waiting.borrow().as_deref() == Some(position) {
            return;
        }
        truths.waiting.replace(Some(position.to_owned()));
        self.solve_next();
    }

    /// Starts on the waiting position unless one is being solved.
    fn solve_next(&self) {
        let imp = self.imp();
        let truths = &imp.truths;
        if truths.running.borrow().is_some() {
            return;
        }
        let Some(position) = truths.waiting.take() else {
            return;
        };
        let Ok(board) = position.parse::<Board>() else {
            return;
        };
        let game = imp.games_started.get();
        truths.game.set(game);
        let work = Work::compute("exact values", move |cancel| {
            let mut solver = Solver::with_table_bytes(TRUTH_TABLE_BYTES);
            exact_move_values(&mut solver, &board, TRUTH_TIME_LIMIT, cancel)
        });
        truths
            .running
            .replace(Some((position.clone(), work.cancel_flag())));
        let window = self.downgrade();
        glib::spawn_future_local(async move {
            let solved = work.outcome().await;
            let Some(window) = window.upgrade() else {
                return;
            };
            let truths = &window.imp().truths;
            // Stopped for another game: what it found belongs to none.
            if truths.game.get() != game || window.imp().games_started.get() != game {
                return;
            }
            truths.running.replace(None);
            if let Ok(values) = solved {
                truths
                    .found
                    .borrow_mut()
                    .insert(position.clone(), values.into());
                window.truth_found(&position);
            }
            window.solve_next();
        });
    }

    /// Shows the exact values found for `position` on the board and, for
    /// the game's search of it, in the log.
    fn truth_found(&self, position: &str) {
        let imp = self.imp();
        let report = imp.window_game.borrow().as_ref().and_then(|game| {
            (1..=game.record.len())
                .filter_map(|ply| game.search_for(ply))
                .find(|report| report.position == position)
        });
        if let Some(report) = report {
            let shape = imp.board_view.board().shape();
            // Numbered as the log numbers the move: by its stone.
            let number = report.stones as usize + 1;
            if let Some(row) = truth_row(&self.marks_of(&report, shape), shape, number) {
                imp.search_log.add_game_row(&row);
            }
        }
        self.refresh();
    }

    /// Stops finding exact values and forgets those found: the game was
    /// replaced, or the window closes.
    pub(super) fn stop_truths(&self) {
        let truths = &self.imp().truths;
        if let Some((_, cancel)) = truths.running.take() {
            cancel.cancel();
        }
        truths.waiting.replace(None);
        truths.found.borrow_mut().clear();
        // A late answer of the job stopped is for no game.
        truths.game.set(u64::MAX);
    }
}
