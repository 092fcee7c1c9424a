//! The Evaluation against the Truth window: for the positions of a test
//! set (a file of `MOVES [SCORE]` lines, chosen through the file chooser)
//! or of the game on the board, each named evaluation's static value
//! against the solver's exact score, both from X's point of view, as a
//! chart (a series per evaluation, its rank correlation in the legend)
//! and in words. The solving runs off the main thread, and Cancel (or
//! Escape) stops it.

use std::cell::RefCell;
use std::path::PathBuf;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::game::Sender;
use crate::ui::charts::chart::{Chart, ChartData};
use crate::ui::charts::chart_view::ChartView;
use crate::ui::shared::accessible;
use crate::ui::shared::background::{self, Job, JobWindow, show_status};
use crate::ui::shared::controls_row::{controls_row, unfocus_cells};
use crate::ui::shared::file_dialog::{FileAction, FileChooser, FileRequest, file_name};
use crate::ui::shared::help::{self, GuidePage};
use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver};
use tictactoe_files::whole::read_text;
use tictactoe_tools::truth::{
    EvaluationTruth, LineRefusal, TestLine, TestLineError, TestSetError, TestSetLines,
    TruePosition, against_truth, exact_score, true_position,
};
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::group;

/// A test set is read whole; the public ones are about 40 KB each.
const MOST_TEST_SET_BYTES: u64 = 4 << 20;

/// What the job sends.
enum Measured {
    /// Positions solved so far, of how many.
    Progress(usize, usize),
    /// Every evaluation against the positions solved (all, unless
    /// cancelled).
    Done {
        truths: Vec<EvaluationTruth>,
        positions: usize,
        cancelled: bool,
    },
    /// The test set could not be read.
    Refused(String),
}

/// The main window's game, its positions from the start.
type GamePositions = Box<dyn Fn() -> Vec<Board>>;

/// A position still to be solved.
enum Unsolved {
    /// A test set's line, which may give its score.
    Line(TestLine),
    /// A position of the game.
    Game(Board),
}

/// Where the positions come from.
enum Source {
    /// A test set's file, on the board of the window's game.
    TestSet(PathBuf, Shape),
    /// The game's positions, still to be played from.
    Game(Vec<Board>),
}

mod imp {
    use super::*;

    #[derive(Default)]
    pub struct EvaluationTruthView {
        pub(super) job: Job,
        pub(super) chooser: FileChooser,
        pub(super) open_button: RefCell<Option<gtk::Button>>,
        pub(super) game_button: RefCell<Option<gtk::Button>>,
        pub(super) cancel_button: RefCell<Option<gtk::Button>>,
        pub(super) status_label: RefCell<Option<gtk::Label>>,
        pub(super) chart: RefCell<Option<ChartView>>,
        pub(super) words: RefCell<Option<gtk::Label>>,
        /// The main window's game: its board's positions, played from.
        pub(super) game: RefCell<Option<GamePositions>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for EvaluationTruthView {
        const NAME: &'static str = "TictactoeEvaluationTruthView";
        type Type = super::EvaluationTruthView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            ChartView::ensure_type();
            klass.install_action("truth.open", None, |view, _, _| view.choose_test_set());
            klass.install_action("truth.game", None, |view, _, _| view.measure_game());
            klass.install_action("truth.cancel", None, |view, _, _| view.job().cancel());
            background::install_keys(klass, "truth", "truth.game");
            help::install_help_action(klass, "truth.help", GuidePage::Evaluation);
        }
    }

    impl ObjectImpl for EvaluationTruthView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().build();
        }
    }

    impl WidgetImpl for EvaluationTruthView {}
    impl WindowImpl for EvaluationTruthView {
        fn close_request(&self) -> glib::Propagation {
            self.job.abandon();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct EvaluationTruthView(ObjectSubclass<imp::EvaluationTruthView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

impl EvaluationTruthView {
    /// A window over `parent`; `game` gives the positions of the game on
    /// its board.
    pub fn new(
        parent: &impl IsA<gtk::Window>,
        game: impl Fn() -> Vec<Board> + 'static,
    ) -> EvaluationTruthView {
        let view: EvaluationTruthView = background::new_window(parent);
        view.imp().game.replace(Some(Box::new(game)));
        view
    }

    fn build(&self) {
        self.set_title(Some(&gettext("Evaluation against the Truth")));
        self.set_default_size(720, 640);
        let header = gtk::HeaderBar::new();
        let help_button = gtk::Button::from_icon_name("help-browser-symbolic");
        help_button.set_action_name(Some("truth.help"));
        help_button.set_tooltip_text(Some(&gettext(
            "Open the guide’s page on evaluation and the horizon (F1)",
        )));
        accessible::set_label(&help_button, &gettext("Help"));
        header.pack_end(&help_button);
        self.set_titlebar(Some(&header));
        let content = gtk::Box::new(gtk::Orientation::Vertical, 8);
        content.set_margin_top(12);
        content.set_margin_bottom(12);
        content.set_margin_start(12);
        content.set_margin_end(12);
        let intro = gtk::Label::new(Some(&gettext(
            "Each named evaluation's value of a position against the solver's exact score, both from X's point of view (a positive value favours X). The rank correlation says how well an evaluation orders the positions as the truth does: 1 the same order, −1 the reverse, 0 no relation.",
        )));
        intro.set_wrap(true);
        intro.set_xalign(0.0);
        content.append(&intro);
        let buttons = controls_row(&gettext("Positions to measure"), 3);
        let button = |label: &str, action: &str, tooltip: &str| {
            let button = gtk::Button::with_mnemonic(label);
            button.set_action_name(Some(action));
            button.set_tooltip_text(Some(tooltip));
            accessible::name_button_by_its_label(&button);
            buttons.insert(&button, -1);
            button
        };
        let open = button(
            &gettext("_Open Test Set…"),
            "truth.open",
            &gettext(
                "Measure on the positions of a test set: one per line, the columns played and optionally the score",
            ),
        );
        let game = button(
            &gettext("_Game on the Board"),
            "truth.game",
            &gettext("Measure on the positions of the game on the board (Ctrl+Enter)"),
        );
        let cancel = button(
            &gettext("_Cancel"),
            "truth.cancel",
            &gettext("Stop solving (Escape); the positions solved so far are shown"),
        );
        cancel.set_sensitive(false);
        unfocus_cells(&buttons);
        content.append(&buttons);
        let status = gtk::Label::new(None);
        status.set_wrap(true);
        status.set_xalign(0.0);
        content.append(&status);
        let chart = ChartView::default();
        chart.set_vexpand(true);
        content.append(&chart);
        let words = gtk::Label::new(None);
        words.set_wrap(true);
        words.set_wrap_mode(gtk::pango::WrapMode::WordChar);
        words.set_xalign(0.0);
        words.set_selectable(true);
        accessible::set_label(&words, &gettext("The chart in words"));
        let scroller = gtk::ScrolledWindow::builder()
            .child(&words)
            .hscrollbar_policy(gtk::PolicyType::Never)
            .min_content_height(120)
            .build();
        content.append(&scroller);
        let outer = gtk::ScrolledWindow::builder()
            .child(&content)
            .hscrollbar_policy(gtk::PolicyType::Never)
            .build();
        self.set_child(Some(&outer));
        let imp = self.imp();
        imp.open_button.replace(Some(open));
        imp.game_button.replace(Some(game));
        imp.cancel_button.replace(Some(cancel));
        imp.status_label.replace(Some(status));
        imp.words.replace(Some(words));
        imp.chart.replace(Some(chart));
        self.show_truths(Vec::new());
    }

    /// The chart, for the tests.
    pub fn chart_view(&self) -> ChartView {
        self.imp().chart.borrow().clone().expect("built")
    }

    /// The chart in words, as the window shows it.
    pub fn words(&self) -> String {
        self.imp()
            .words
            .borrow()
            .as_ref()
            .map(|label| label.label().to_string())
            .unwrap_or_default()
    }

    /// What the status line says.
    pub fn status(&self) -> String {
        self.status_label().label().to_string()
    }

    fn choose_test_set(&self) {
        if self.job().is_running() {
            return;
        }
        let Some(shape) = self.game_positions().first().map(Board::shape) else {
            return;
        };
        if !shape.gravity() {
            show_status(
                &self.status_label(),
                &gettext(
                    "A test set gives positions as the columns played: choose a board with gravity, such as Connect Four, first.",
                ),
                true,
            );
            return;
        }
        let request = FileRequest {
            title: &gettext("Open Test Set"),
            action: FileAction::Open,
            filter_name: &gettext("Test sets"),
            extension: "",
        };
        let view = self.downgrade();
        self.imp().chooser.ask(self, &request, move |path| {
            if let Some(view) = view.upgrade() {
                view.measure(Source::TestSet(path, shape));
            }
        });
    }

    fn measure_game(&self) {
        if self.job().is_running() {
            return;
        }
        let positions: Vec<Board> = self
            .game_positions()
            .into_iter()
            .filter(|board| board.outcome() == Outcome::Ongoing)
            .collect();
        self.measure(Source::Game(positions));
    }

    fn game_positions(&self) -> Vec<Board> {
        self.imp()
            .game
            .borrow()
            .as_ref()
            .map(|game| game())
            .unwrap_or_default()
    }

    fn measure(&self, source: Source) {
        self.set_running(true);
        show_status(
            &self.status_label(),
            &gettext("Solving the positions…"),
            false,
        );
        let view = self.downgrade();
        self.job().start(
            self,
            "evaluation-truth",
            move |cancel, sender: &Sender<Measured>| {
                let lines = match source {
                    Source::TestSet(path, shape) => match read_lines(&path, shape) {
                        Ok(lines) => lines,
                        Err(refusal) => {
                            sender.send(Measured::Refused(refusal));
                            return;
                        }
                    },
                    Source::Game(boards) => boards.into_iter().map(Unsolved::Game).collect(),
                };
                let total = lines.len();
                let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES);
                let mut positions: Vec<TruePosition> = Vec::new();
                for line in lines {
                    let solved = match line {
                        Unsolved::Line(line) => true_position(&mut solver, line, cancel),
                        Unsolved::Game(board) => {
                            exact_score(&mut solver, &board, cancel).map(|score| TruePosition {
                                label: board.to_string(),
                                board,
                                score,
                            })
                        }
                    };
                    let Some(position) = solved else {
                        break;
                    };
                    positions.push(position);
                    sender.send(Measured::Progress(positions.len(), total));
                }
                let evaluations: Vec<_> = NamedEvaluation::ALL
                    .iter()
                    .map(|named| (named.name().to_owned(), named.evaluation()))
                    .collect();
                sender.send(Measured::Done {
                    truths: against_truth(&positions, &evaluations),
                    positions: positions.len(),
                    cancelled: positions.len() < total,
                });
            },
            move |message| {
                if let Some(view) = view.upgrade() {
                    view.receive(message);
                }
            },
        );
    }

    fn receive(&self, message: Measured) {
        let status = self.status_label();
        match message {
            Measured::Progress(done, total) => show_status(
                &status,
                &fill(
                    &ngettext(
                        "Solved {done} of {total} position…",
                        "Solved {done} of {total} positions…",
                        plural_count(total as u64),
                    ),
                    &[
                        ("done", &group(done as u64)),
                        ("total", &group(total as u64)),
                    ],
                ),
                false,
            ),
            Measured::Done {
                truths,
                positions,
                cancelled,
            } => {
                self.job().finished();
                self.set_running(false);
                let count = plural_count(positions as u64);
                let said = if cancelled {
                    ngettext(
                        "Stopped: the chart shows the {count} position solved before.",
                        "Stopped: the chart shows the {count} positions solved before.",
                        count,
                    )
                } else {
                    ngettext(
                        "Measured on {count} position.",
                        "Measured on {count} positions.",
                        count,
                    )
                };
                show_status(
                    &status,
                    &fill(&said, &[("count", &group(positions as u64))]),
                    false,
                );
                self.show_truths(truths);
            }
            Measured::Refused(refusal) => {
                self.job().finished();
                self.set_running(false);
                show_status(&status, &refusal, true);
            }
        }
    }

    fn show_truths(&self, truths: Vec<EvaluationTruth>) {
        let chart = Chart {
            title: gettext(
                "Each evaluation's value against the exact score; ρ: its rank correlation",
            ),
            data: ChartData::AgainstTruth(truths),
        };
        if let Some(words) = self.imp().words.borrow().as_ref() {
            words.set_label(&chart.text());
        }
        self.chart_view().set_chart(chart);
    }

    fn set_running(&self, running: bool) {
        let imp = self.imp();
        for (button, sensitive) in [
            (&imp.open_button, !running),
            (&imp.game_button, !running),
            (&imp.cancel_button, running),
        ] {
            if let Some(button) = button.borrow().as_ref() {
                button.set_sensitive(sensitive);
            }
        }
    }
}

impl JobWindow for EvaluationTruthView {
    fn job(&self) -> &Job {
        &self.imp().job
    }

    fn status_label(&self) -> gtk::Label {
        self.imp().status_label.borrow().clone().expect("built")
    }

    fn job_crashed(&self) {
        self.set_running(false);
    }
}

/// The test set's lines, each a position; the refusal in words, naming
/// the file and the line.
fn read_lines(path: &std::path::Path, shape: Shape) -> Result<Vec<Unsolved>, String> {
    let name = file_name(path);
    let text = read_text(path, MOST_TEST_SET_BYTES).map_err(|error| {
        fill(
            &gettext("The test set {file} could not be read: {error}"),
            &[("file", &name), ("error", &error)],
        )
    })?;
    let mut lines = Vec::new();
    let mut reader = TestSetLines::new(text.as_bytes());
    loop {
        match reader.next_test_line(shape) {
            Ok(Some((_, line))) => lines.push(Unsolved::Line(line)),
            Ok(None) => break,
            Err(TestSetError::Read { error, .. }) => {
                return Err(fill(
                    &gettext("The test set {file} could not be read: {error}"),
                    &[("file", &name), ("error", &error)],
                ));
            }
            Err(TestSetError::Line { number, refusal }) => {
                let reason = match refusal {
                    LineRefusal::Refused(error) => test_line_words(&error),
                    LineRefusal::TooLong { .. } | LineRefusal::NotUtf8(_) => {
                        gettext("it is too long, or not text, to be a position")
                    }
                };
                return Err(fill(
                    &gettext("Line {number} of {file}: {reason}"),
                    &[("number", &number), ("file", &name), ("reason", &reason)],
                ));
            }
        }
    }
    if lines.is_empty() {
        return Err(fill(
            &gettext("The test set {file} holds no position."),
            &[("file", &name)],
        ));
    }
    Ok(lines)
}

/// Why a test-set line was refused, in the window's language.
fn test_line_words(error: &TestLineError) -> String {
    match error {
        TestLineError::NotColumns(moves) => fill(
            &gettext(
                "“{moves}” is no position: write the columns played, 1 on the left, such as 4453",
            ),
            &[("moves", moves)],
        ),
        TestLineError::IllegalMove {
            moves,
            index,
            error,
        } => fill(
            &gettext("move {index} of “{moves}”: {error}"),
            &[
                ("index", index),
                ("moves", moves),
                ("error", &error.words()),
            ],
        ),
        TestLineError::GameOver(moves) => fill(
            &gettext("the game of “{moves}” is over: a line gives a position still to be played"),
            &[("moves", moves)],
        ),
        TestLineError::BadScore { moves, score } => fill(
            &gettext("the score “{score}” after “{moves}” is no whole number"),
            &[("score", score), ("moves", moves)],
        ),
        TestLineError::Extra(extra) => fill(
            &gettext(
                "“{extra}” after the position and its score: a line holds the columns played and a score",
            ),
            &[("extra", extra)],
        ),
    }
}
