//! Setting up positions (edit mode) and hints.

use std::rc::Rc;

use gtk::glib;
use gtk::prelude::*;
use gtk::subclass::prelude::*;

use super::{EndingKey, Hint, Phase, TictactoeWindow, View, sentence};
use crate::game::{GameId, GameResult};
use tictactoe_engine::board::{Board, BoardError, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::report::{Note, SearchReport};
use tictactoe_words::Words;
use tictactoe_words::cell_marks::{CellMark, cell_marks};
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::position::move_numbers;
use tictactoe_words::report::ReportWords;

/// A hint's marks on a board of `shape`: every best cell highlighted,
/// none singled out.
pub(super) fn hint_marks(report: &SearchReport, shape: Shape) -> Vec<CellMark> {
    let mut marks = cell_marks(report, shape);
    for mark in &mut marks {
        mark.chosen = false;
    }
    marks
}

/// The status line for a set-up position between games.
pub(super) fn setup_words(board: &Board) -> String {
    match board.outcome() {
        Outcome::Ongoing => fill(
            &gettext(
                "Set-up position, {side} to move: Start plays from it with the chosen players; Hint shows the best moves.",
            ),
            &[("side", &board.side_to_move().label())],
        ),
        Outcome::Won(side, _) => fill(
            &gettext("Set-up position: {side} has won. It can be viewed but not played."),
            &[("side", &side.label())],
        ),
        Outcome::Draw => {
            gettext("Set-up position: the board is full. It can be viewed but not played.")
        }
    }
}

/// The cell's next state in edit mode: empty, X, O, empty.
fn cycled(mut board: Board, cell: usize) -> Board {
    match board.cell(cell) {
        None => board.toggle(cell, Side::Max),
        Some(Side::Max) => {
            board.toggle(cell, Side::Max);
            board.toggle(cell, Side::Min);
        }
        Some(Side::Min) => board.toggle(cell, Side::Min),
    }
    board
}

impl TictactoeWindow {
    pub(super) fn setup_position_editor(&self) {
        let editor = &self.imp().position_editor;
        editor.connect_position_typed(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_, text| match window.typed_position(text).map_err(|error| error.words()) {
                Ok(board) => {
                    window.imp().typing_problem.replace(None);
                    window.edit(board, false);
                }
                Err(error) => {
                    let problem = sentence(&error);
                    window.show_error(&problem);
                    window.imp().typing_problem.replace(Some(problem));
                    window.refresh();
                }
            }
        ));
        editor.connect_cleared(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| {
                if let Some(board) = window.imp().editing.get() {
                    window.imp().typing_problem.replace(None);
                    window.edit(Board::new(board.shape()), true);
                }
            }
        ));
    }

    /// The position a person typed in the edit bar: on a board with
    /// gravity the columns played, 1 from the left (as `--moves` and the
    /// Connect Four test sets give them; a test set's score after them is
    /// ignored, as `tictactoe solve` ignores it), else the rows.
    fn typed_position(&self, text: &str) -> Result<Board, BoardError> {
        let chosen = self.imp().settings.choice().size;
        let first = text.split_whitespace().next().unwrap_or_default();
        if chosen.gravity() && !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
            return Board::from_columns(chosen, first).map_err(|(_, error)| error);
        }
        Board::arrangement(text).and_then(|board| self.on_chosen_board(board))
    }

    /// A typed position on the board the Board picker shows when it has
    /// that board's size: a custom board's number in a row and gravity
    /// hold for it too. A position of another size keeps its own board.
    fn on_chosen_board(&self, board: Board) -> Result<Board, BoardError> {
        let chosen = self.imp().settings.choice().size;
        let same_size =
            (chosen.width(), chosen.height()) == (board.shape().width(), board.shape().height());
        if same_size && chosen != board.shape() {
            Board::arrangement_on(chosen, &board.to_string())
        } else {
            Ok(board)
        }
    }

    /// Ctrl+E and the Edit toggle.
    pub(super) fn toggle_edit_mode(&self) {
        if self.imp().editing.get().is_some() {
            self.leave_edit_mode();
        } else {
            self.enter_edit_mode();
        }
    }

    /// Edit mode starts from the shown position; a running game ends, on
    /// the second press, as Esc ends it.
    fn enter_edit_mode(&self) {
        let imp = self.imp();
        let (board, _, _) = self.shown();
        if self.game_running() || self.is_paused() {
            if !self.confirmed(EndingKey::Edit) {
                // The toggle shows the mode the window is in.
                self.refresh();
                return;
            }
            self.stop_run();
            self.finish(GameResult::Aborted(gettext("ended to set up a position")));
        }
        self.cancel_hint();
        imp.search_log.unselect();
        imp.view.replace(View::Current);
        imp.typing_problem.replace(None);
        imp.editing.set(Some(board));
        imp.position_editor.show_position(&board);
        self.refresh();
        self.show_status(&gettext(
            "Edit mode: click a cell to cycle it empty, X, O, or type the position. Done (Ctrl+E) keeps it.",
        ));
        imp.board_view.grab_focus();
    }

    /// Leaves edit mode if the position can arise in a game, which then
    /// becomes the set-up position; says why not otherwise.
    pub(super) fn leave_edit_mode(&self) -> bool {
        let imp = self.imp();
        let Some(board) = imp.editing.get() else {
            return true;
        };
        let problem = imp.typing_problem.borrow().clone().or_else(|| {
            board
                .check_reachable()
                .err()
                .map(|error| sentence(&error.words()))
        });
        if let Some(problem) = problem {
            self.show_error(&fill(
                &gettext("{problem} Correct the position, or Clear it, before leaving edit mode."),
                &[("problem", &problem)],
            ));
            self.refresh();
            return false;
        }
        imp.editing.set(None);
        imp.search_log.add_game_row(&fill(
            &gettext("Set up {position}."),
            &[("position", &board)],
        ));
        imp.settings.set_size(board.shape());
        imp.window_game.replace(None);
        imp.setup.set((board.stone_count() > 0).then_some(board));
        imp.phase.replace(Phase::NoGame);
        self.refresh();
        self.show_current_turn();
        true
    }

    /// Shows `board` as the position being edited; `from_board` says the
    /// change came from the board, so the text follows it.
    fn edit(&self, board: Board, from_board: bool) {
        let imp = self.imp();
        imp.editing.set(Some(board));
        if from_board {
            imp.position_editor.show_position(&board);
        }
        self.refresh();
        match self.playable(&board) {
            Ok(()) => self.show_status(&fill(
                &gettext("Edit mode: {side} to move in {position}."),
                &[
                    ("side", &board.side_to_move().label()),
                    ("position", &board),
                ],
            )),
            Err(reason) if board.check_reachable().is_ok() => self.show_status(&reason),
            Err(reason) => self.show_error(&reason),
        }
    }

    /// A click on a cell in edit mode.
    pub(super) fn cycle_cell(&self, cell: usize) {
        if let Some(board) = self.imp().editing.get() {
            self.imp().typing_problem.replace(None);
            self.edit(cycled(board, cell), true);
        }
    }

    /// Hint: the value of every free cell for the side to move; pressed
    /// again while it searches, it stops.
    pub(super) fn hint(&self) {
        let imp = self.imp();
        if matches!(*imp.hint.borrow(), Some(Hint::Asked { .. })) {
            self.cancel_hint();
            self.show_status(&gettext("Hint stopped."));
            return;
        }
        let (board, _, _) = self.shown();
        if let Err(reason) = self.playable(&board) {
            self.show_error(&reason);
            return;
        }
        let Some(id) = imp
            .game
            .borrow_mut()
            .as_mut()
            .map(|thread| thread.hint(board))
        else {
            return;
        };
        imp.hint.replace(Some(Hint::Asked { id, board }));
        // The 3x3 table answers at once; the search takes a moment.
        if board.shape() != Shape::TIC_TAC_TOE {
            self.set_thinking(true);
        }
        self.show_status(&fill(
            &gettext("Looking for the best moves for {side}…"),
            &[("side", &board.side_to_move().label())],
        ));
        self.refresh();
    }

    /// Stops a hint being searched.
    pub(super) fn cancel_hint(&self) {
        let imp = self.imp();
        if matches!(*imp.hint.borrow(), Some(Hint::Asked { .. })) {
            if let Some(thread) = imp.game.borrow_mut().as_mut() {
                thread.cancel_hint();
            }
            imp.hint.replace(None);
            self.set_thinking(
                self.game_running()
                    && !matches!(*imp.phase.borrow(), Phase::ToMove { human: true, .. }),
            );
            self.refresh();
        }
    }

    /// The game thread's answer to the hint `id`.
    pub(super) fn hint_answered(&self, id: GameId, report: Box<SearchReport>) {
        let imp = self.imp();
        let board = match &*imp.hint.borrow() {
            Some(Hint::Asked { id: asked, board }) if *asked == id => *board,
            _ => return,
        };
        self.set_thinking(false);
        if report.aborted {
            imp.hint.replace(None);
            self.show_status(&gettext("The hint was stopped before it found anything."));
            self.refresh();
            return;
        }
        let report = Rc::new(*report);
        let text = hint_words(&report, board.shape());
        imp.search_log.add_game_row(&text);
        imp.hint.replace(Some(Hint::Shown { board, report }));
        self.refresh();
        self.show_status(&text);
    }

    /// An error the game thread reported for the hint `id`.
    pub(super) fn hint_failed(&self, id: GameId, message: &str) {
        let imp = self.imp();
        if matches!(&*imp.hint.borrow(), Some(Hint::Asked { id: asked, .. }) if *asked == id) {
            imp.hint.replace(None);
            self.set_thinking(false);
            self.show_error(&fill(
                &gettext("The hint failed: {problem}"),
                &[("problem", &sentence(message))],
            ));
            self.refresh();
        }
    }
}

/// What a hint found, for the status line and the log: "Hint for Max (X):
/// cell 5 is best, draw (0)." with the depth where a time limit cut the
/// search, or on a board with gravity what the solver did. Where alpha-beta left other cells as bounds, it says so: those
/// were never searched to a value, and may be as good.
fn hint_words(report: &SearchReport, shape: Shape) -> String {
    let marks = hint_marks(report, shape);
    let best: Vec<usize> = marks
        .iter()
        .filter(|mark| mark.best)
        .map(|mark| mark.cell)
        .collect();
    let bounds = marks.iter().filter(|mark| mark.bound).count();
    let cells = match (best.len(), bounds, shape.gravity()) {
        (0, _, _) => gettext("no cell could be scored"),
        (1, 0, true) => gettext("column {cells} is best"),
        (1, 0, false) => gettext("cell {cells} is best"),
        (_, 0, true) => gettext("columns {cells} are best"),
        (_, 0, false) => gettext("cells {cells} are best"),
        (1, _, true) => gettext("column {cells} is the best found"),
        (1, _, false) => gettext("cell {cells} is the best found"),
        (_, _, true) => gettext("columns {cells} are the best found"),
        (_, _, false) => gettext("cells {cells} are the best found"),
    };
    let cells = fill(&cells, &[("cells", &move_numbers(shape, &best, ", "))]);
    let value = report
        .score_in_words()
        .map_or(String::new(), |words| format!(", {words}"));
    let proof = match (&report.note, report.certainty) {
        // The solver's hint says where its values come from, and how many
        // are only estimates.
        (Some(note @ Note::Solved { .. }), _) => format!("; {}", note.words()),
        (_, Some(tictactoe_engine::report::Certainty::Exact)) => String::new(),
        _ => fill(
            &gettext("; depth {depth}, not proven"),
            &[("depth", &report.depth)],
        ),
    };
    let others = if bounds == 0 {
        String::new()
    } else if shape.gravity() {
        // Short: the solver's note before it may already take a line.
        fill(
            &ngettext(
                "; {count} other column at most as good (dashed)",
                "; {count} other columns at most as good (dashed)",
                plural_count(bounds as u64),
            ),
            &[("count", &bounds)],
        )
    } else {
        fill(
            &ngettext(
                "; {count} other cell was only shown to be no better (dashed: a bound, not searched to a value)",
                "; {count} other cells were only shown to be no better (dashed: bounds, not searched to a value)",
                plural_count(bounds as u64),
            ),
            &[("count", &bounds)],
        )
    };
    fill(
        &gettext("Hint for {side}: {cells}{value}{proof}{others}."),
        &[
            ("side", &report.side.label()),
            ("cells", &cells),
            ("value", &value),
            ("proof", &proof),
            ("others", &others),
        ],
    )
}
