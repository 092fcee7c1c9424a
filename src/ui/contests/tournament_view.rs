//! The Tournament window: the chosen players play every pairing with both
//! colours on all cores, in the background, with progress, games per
//! second and time left; Cancel keeps the games finished, shown as
//! partial. The ranking (points, rating ± its uncertainty, mean time and
//! nodes per move), the cross table and two charts show the results, which
//! save as CSV or JSON.

use std::path::Path;
use std::time::{Duration, Instant};

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::charts::chart::{Bar, Chart, ChartData, SideResults};
use crate::ui::charts::chart_view::{self, ChartView};
use crate::ui::shared::background::{self, Job, JobWindow};
use crate::ui::shared::file_dialog::{self, SaveAs, TableFormat};
use crate::ui::shared::{accessible, popup_tooltips};
use crate::ui::widgets::board_picker::BoardPicker;
use crate::ui::widgets::game_settings::parse_seed;
use crate::ui::widgets::player_choices::PlayerChoices;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_tools::tournament::{JsonWriter, Tally, TournamentError};
use tictactoe_tools::tournament::{Tournament, TournamentProgress, TournamentResults};
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::{decimal, format_duration_us, group};
use tictactoe_words::report::TextStyle;

/// How often the worker threads report progress to the window at most:
/// games on 3x3 finish far faster than a person reads.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// The players a new Tournament window starts with: one of each family, at
/// strengths that make a ranking.
const FIRST_CHOICE: [(PlayerKind, Difficulty); 5] = [
    (PlayerKind::Random, Difficulty::Hard),
    (PlayerKind::Rules, Difficulty::Hard),
    (PlayerKind::AlphaBeta, Difficulty::Easy),
    (PlayerKind::Mcts, Difficulty::Hard),
    (PlayerKind::Perfect, Difficulty::Hard),
];

/// What the tournament's thread tells the window.
enum Message {
    Progress(TournamentProgress),
    /// The results, and all of them as JSON (with every game) for Save.
    Done(Result<(TournamentResults, String), TournamentError>),
}

/// The files the results save as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultsFile {
    /// The ranking as CSV.
    Ranking,
    /// The cross table as CSV.
    CrossTable,
    /// Everything as JSON.
    Json,
}

impl ResultsFile {
    fn extension(self) -> &'static str {
        match self {
            ResultsFile::Ranking | ResultsFile::CrossTable => "csv",
            ResultsFile::Json => "json",
        }
    }
}

/// "3–1–0": won, drawn, lost.
fn tally_text(tally: Tally) -> String {
    format!("{}–{}–{}", tally.wins, tally.draws, tally.losses)
}

/// A tally in words: "3 won, 1 drawn, 0 lost".
fn tally_words(tally: Tally) -> String {
    fill(
        &gettext("{wins} won, {draws} drawn, {losses} lost"),
        &[
            ("wins", &tally.wins),
            ("draws", &tally.draws),
            ("losses", &tally.losses),
        ],
    )
}

/// "+191 ± 35".
fn rating_text(rating: Option<f64>, error: Option<f64>) -> String {
    match (rating, error) {
        (Some(rating), Some(error)) => format!("{rating:+.0} ± {error:.0}"),
        (Some(rating), None) => format!("{rating:+.0}"),
        _ => "—".to_owned(),
    }
}

/// "12 of 40 games".
fn games_text(done: u64, total: u64) -> String {
    fill(
        &ngettext(
            "{done} of {total} game",
            "{done} of {total} games",
            plural_count(total),
        ),
        &[("done", &group(done)), ("total", &group(total))],
    )
}

/// A duration as "1 min 20 s" or "12 s".
fn time_left_text(left: Duration) -> String {
    let seconds = left.as_secs();
    if seconds >= 60 {
        fill(
            &gettext("{minutes} min {seconds} s"),
            &[("minutes", &(seconds / 60)), ("seconds", &(seconds % 60))],
        )
    } else {
        fill(&gettext("{seconds} s"), &[("seconds", &seconds)])
    }
}

mod imp {
    use crate::ui::shared::help::{self, GuidePage};
    use std::cell::RefCell;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    use super::ResultsFile;
    use crate::ui::charts::chart_view::ChartView;
    use crate::ui::shared::background::{self, Job};
    use crate::ui::shared::file_dialog::FileChooser;
    use crate::ui::widgets::player_choices::PlayerChoices;
    use tictactoe_tools::tournament::TournamentResults;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/contests/tournament_view.ui")]
    pub struct TournamentView {
        #[template_child]
        pub(super) start_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) cancel_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) save_button: TemplateChild<gtk::MenuButton>,
        #[template_child]
        pub(super) choices: TemplateChild<PlayerChoices>,
        #[template_child]
        pub(super) board_picker: TemplateChild<super::BoardPicker>,
        #[template_child]
        pub(super) games_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) seed_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) progress_bar: TemplateChild<gtk::ProgressBar>,
        #[template_child]
        pub(super) status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) ranking_grid: TemplateChild<gtk::Grid>,
        #[template_child]
        pub(super) ranking_note: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) cross_grid: TemplateChild<gtk::Grid>,
        #[template_child]
        pub(super) ranking_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) sides_chart: TemplateChild<ChartView>,
        /// The running tournament.
        pub(super) job: Job,
        pub(super) results: RefCell<Option<TournamentResults>>,
        /// The results as JSON, with every game: the games are not kept
        /// otherwise.
        pub(super) results_json: RefCell<String>,
        /// Save's file chooser while it is open.
        pub(super) file_chooser: FileChooser,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TournamentView {
        const NAME: &'static str = "TictactoeTournamentView";
        type Type = super::TournamentView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            PlayerChoices::ensure_type();
            ChartView::ensure_type();
            super::BoardPicker::ensure_type();
            klass.bind_template();
            klass.install_action("tournament.start", None, |view, _, _| view.start());
            klass.install_action("tournament.cancel", None, |view, _, _| view.cancel());
            for (action, file) in [
                ("tournament.save-ranking", ResultsFile::Ranking),
                ("tournament.save-cross", ResultsFile::CrossTable),
                ("tournament.save-json", ResultsFile::Json),
            ] {
                klass.install_action(action, None, move |view, _, _| {
                    view.choose_results_file(file);
                });
            }
            background::install_keys(klass, "tournament", "tournament.start");
            help::install_help_action(klass, "tournament.help", GuidePage::Tournament);
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TournamentView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }
    }

    impl WidgetImpl for TournamentView {}

    impl WindowImpl for TournamentView {
        fn close_request(&self) -> glib::Propagation {
            // The games on the worker threads stop with the window.
            self.obj().cancel();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct TournamentView(ObjectSubclass<imp::TournamentView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

impl TournamentView {
    /// A Tournament window over `parent`.
    pub fn new(parent: &impl IsA<gtk::Window>) -> TournamentView {
        background::new_window(parent)
    }

    fn setup(&self) {
        let imp = self.imp();
        popup_tooltips::give_way_to_popups(self);
        for button in [&*imp.start_button, &*imp.cancel_button] {
            accessible::name_button_by_its_label(button);
        }
        imp.choices.set_chosen(&FIRST_CHOICE);
        chart_view::show_saves(&[&imp.ranking_chart, &imp.sides_chart], &imp.status_label);
        self.show_results();
        self.enable_controls();
        self.show_status(
            &gettext("Choose the players, the board and how many games, then press Start."),
            false,
        );
    }

    // The controls, for the tests to drive the window as a person would.

    pub fn choices(&self) -> PlayerChoices {
        self.imp().choices.get()
    }

    pub fn board_picker(&self) -> BoardPicker {
        self.imp().board_picker.get()
    }

    pub fn games_spin(&self) -> gtk::SpinButton {
        self.imp().games_spin.get()
    }

    pub fn seed_entry(&self) -> gtk::Entry {
        self.imp().seed_entry.get()
    }

    pub fn start_button(&self) -> gtk::Button {
        self.imp().start_button.get()
    }

    pub fn cancel_button(&self) -> gtk::Button {
        self.imp().cancel_button.get()
    }

    pub fn ranking_chart(&self) -> ChartView {
        self.imp().ranking_chart.get()
    }

    pub fn sides_chart(&self) -> ChartView {
        self.imp().sides_chart.get()
    }

    pub fn cross_grid(&self) -> gtk::Grid {
        self.imp().cross_grid.get()
    }

    /// The note under the ranking, if it shows.
    pub fn ranking_note_text(&self) -> Option<String> {
        let note = &self.imp().ranking_note;
        note.is_visible().then(|| note.label().into())
    }

    pub fn status_text(&self) -> String {
        self.imp().status_label.label().into()
    }

    pub fn progress_text(&self) -> String {
        self.imp()
            .progress_bar
            .text()
            .map(String::from)
            .unwrap_or_default()
    }

    pub fn results(&self) -> Option<TournamentResults> {
        self.imp().results.borrow().clone()
    }

    pub fn is_running(&self) -> bool {
        self.imp().job.is_running()
    }

    /// Start: the tournament the controls describe, on all cores.
    pub fn start(&self) {
        let imp = self.imp();
        if self.is_running() {
            return;
        }
        let seed = match parse_seed(
            &imp.seed_entry.text(),
            &gettext(
                "The seed must be a whole number from 0 to {max}, or empty for a new one: no tournament was started.",
            ),
        ) {
            Ok(seed) => seed.unwrap_or_else(rand::random::<u64>),
            Err(refusal) => {
                self.show_status(&refusal, true);
                return;
            }
        };
        let size = imp.board_picker.shape();
        let entrants = imp.choices.contenders();
        let games = imp.games_spin.value_as_int().max(1) as u32;
        let tournament = Tournament::new(entrants, size, games, seed);
        if let Err(error) = tournament.check() {
            self.show_refusal(&error);
            return;
        }
        let games_total = tournament.games_total();
        imp.job.start(
            self,
            "tournament",
            move |cancel, sender| {
                // The worker pool, started from here, inherits the lower
                // priority.
                let progress_sender = sender.clone();
                let mut last_report: Option<Instant> = None;
                let mut json = JsonWriter::begin(Vec::new(), &tournament)
                    .expect("writing into memory succeeds");
                let result = tournament.run_with_games(
                    cancel,
                    move |progress| {
                        if last_report.is_none_or(|last| last.elapsed() >= PROGRESS_INTERVAL) {
                            last_report = Some(Instant::now());
                            progress_sender.send(Message::Progress(progress));
                        }
                    },
                    |game| json.game(game).expect("writing into memory succeeds"),
                );
                let result = result.map(|results| {
                    let json = json.end(&results).expect("writing into memory succeeds");
                    let json = String::from_utf8(json).expect("JSON is UTF-8");
                    (results, json)
                });
                sender.send(Message::Done(result));
            },
            glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |message| view.receive(message)
            ),
        );
        self.enable_controls();
        self.show_progress(TournamentProgress {
            games_done: 0,
            games_total,
            elapsed: Duration::ZERO,
        });
    }

    /// Cancel: no new game starts and the running ones stop; the finished
    /// games are kept.
    pub fn cancel(&self) {
        self.imp().job.cancel();
    }

    fn receive(&self, message: Message) {
        match message {
            Message::Progress(progress) => self.show_progress(progress),
            Message::Done(result) => {
                self.imp().job.finished();
                self.enable_controls();
                match result {
                    Ok((results, json)) => self.finish(results, json),
                    Err(error) => self.show_refusal(&error),
                }
            }
        }
    }

    /// Says why no tournament started.
    fn show_refusal(&self, error: &TournamentError) {
        self.show_status(
            &fill(
                &gettext("No tournament was started: {reason}."),
                &[("reason", error)],
            ),
            true,
        );
    }

    fn show_progress(&self, progress: TournamentProgress) {
        let imp = self.imp();
        let mut text = games_text(progress.games_done, progress.games_total);
        if progress.games_done > 0 {
            text.push_str(&format!(
                " · {}",
                fill(
                    &gettext("{rate} games/s"),
                    &[(
                        "rate",
                        &decimal(&format!("{:.1}", progress.games_per_second()))
                    )],
                )
            ));
        }
        if let Some(left) = progress.time_left() {
            text.push_str(&format!(
                " · {}",
                fill(&gettext("{time} left"), &[("time", &time_left_text(left))])
            ));
        }
        background::show_share(
            &imp.progress_bar,
            progress.games_done,
            progress.games_total,
            &text,
        );
        self.show_status(&gettext("The tournament is running…"), false);
    }

    fn finish(&self, results: TournamentResults, json: String) {
        let imp = self.imp();
        let elapsed = format_duration_us(results.elapsed_us);
        let summary = fill(
            &ngettext(
                "{played} of {total} game played in {time} on {threads} thread, seed {seed}.",
                "{played} of {total} games played in {time} on {threads} threads, seed {seed}.",
                plural_count(results.threads as u64),
            ),
            &[
                ("played", &group(results.games_played)),
                ("total", &group(results.games_total)),
                ("time", &elapsed),
                ("threads", &results.threads),
                ("seed", &results.seed),
            ],
        );
        let mut message = if results.partial {
            fill(
                &gettext("Partial results: {summary}"),
                &[("summary", &summary)],
            )
        } else {
            fill(&gettext("Finished: {summary}"), &[("summary", &summary)])
        };
        for failure in &results.failures {
            message.push_str(&format!(
                " {}",
                fill(&gettext("Not counted: {failure}."), &[("failure", failure)])
            ));
        }
        background::show_share(
            &imp.progress_bar,
            results.games_played,
            results.games_total,
            &games_text(results.games_played, results.games_total),
        );
        imp.results.replace(Some(results));
        imp.results_json.replace(json);
        self.show_results();
        self.enable_controls();
        self.show_status(&message, false);
    }

    /// Enables the controls for what can be done now: Start or Cancel,
    /// the settings between tournaments, and Save once there are results.
    fn enable_controls(&self) {
        let imp = self.imp();
        let running = imp.job.is_running();
        self.action_set_enabled("tournament.start", !running);
        self.action_set_enabled("tournament.cancel", running);
        for control in [
            imp.choices.upcast_ref::<gtk::Widget>(),
            imp.board_picker.upcast_ref(),
            imp.games_spin.upcast_ref(),
            imp.seed_entry.upcast_ref(),
        ] {
            control.set_sensitive(!running);
        }
        let savable = !running && imp.results.borrow().is_some();
        for action in [
            "tournament.save-ranking",
            "tournament.save-cross",
            "tournament.save-json",
        ] {
            self.action_set_enabled(action, savable);
        }
        imp.save_button.set_sensitive(savable);
    }

    fn show_status(&self, text: &str, error: bool) {
        background::show_status(&self.imp().status_label, text, error);
    }

    /// The entrants' names as the window shows them, in the entrants'
    /// order.
    fn labels(results: &TournamentResults) -> Vec<String> {
        results
            .entrants
            .iter()
            .map(|entrant| entrant.contender.label(results.size, TextStyle::WINDOW))
            .collect()
    }

    /// Fills the ranking, the cross table and the charts.
    fn show_results(&self) {
        let imp = self.imp();
        for grid in [&*imp.ranking_grid, &*imp.cross_grid] {
            while let Some(child) = grid.first_child() {
                grid.remove(&child);
            }
        }
        let results = imp.results.borrow();
        let Some(results) = results.as_ref() else {
            let none = || {
                gtk::Label::builder()
                    .label(gettext("No results yet."))
                    .xalign(0.0)
                    .css_classes(["dim-label"])
                    .build()
            };
            imp.ranking_grid.attach(&none(), 0, 0, 1, 1);
            imp.ranking_note.set_visible(false);
            imp.cross_grid.attach(&none(), 0, 0, 1, 1);
            imp.ranking_chart.set_chart(self.ranking_chart_of(None));
            imp.sides_chart.set_chart(self.sides_chart_of(None));
            return;
        };
        self.fill_ranking(results);
        let note = unbeaten_below_note(results);
        imp.ranking_note.set_visible(note.is_some());
        imp.ranking_note.set_label(&note.unwrap_or_default());
        self.fill_cross_table(results);
        imp.ranking_chart
            .set_chart(self.ranking_chart_of(Some(results)));
        imp.sides_chart
            .set_chart(self.sides_chart_of(Some(results)));
    }

    fn fill_ranking(&self, results: &TournamentResults) {
        let grid = &self.imp().ranking_grid;
        let labels = Self::labels(results);
        let headers = [
            gettext("Rank"),
            gettext("Player"),
            gettext("Games"),
            gettext("Won"),
            gettext("Drawn"),
            gettext("Lost"),
            gettext("Points"),
            gettext("Rating"),
            gettext("Time per move"),
            gettext("Nodes per move"),
        ];
        for (column, header) in headers.iter().enumerate() {
            grid.attach(
                &table_label(header, column != 1, true),
                column as i32,
                0,
                1,
                1,
            );
        }
        for (row, standing) in results.standings.iter().enumerate() {
            let cells = [
                standing.rank.to_string(),
                labels[standing.entrant].clone(),
                group(standing.total.games()),
                group(standing.total.wins),
                group(standing.total.draws),
                group(standing.total.losses),
                decimal(&trim_points(standing.points)),
                rating_text(standing.rating, standing.rating_error),
                standing.mean_time_us.map_or_else(
                    || "—".to_owned(),
                    |us| format_duration_us(us.round() as u64),
                ),
                standing
                    .mean_nodes
                    .map_or_else(|| "—".to_owned(), |nodes| group(nodes.round() as u64)),
            ];
            for (column, cell) in cells.iter().enumerate() {
                grid.attach(
                    &table_label(cell, column != 1, false),
                    column as i32,
                    row as i32 + 1,
                    1,
                    1,
                );
            }
        }
    }

    fn fill_cross_table(&self, results: &TournamentResults) {
        let grid = &self.imp().cross_grid;
        let labels = Self::labels(results);
        for (column, _) in labels.iter().enumerate() {
            let header = table_label(&(column + 1).to_string(), true, true);
            header.set_tooltip_text(Some(&labels[column]));
            grid.attach(&header, column as i32 + 1, 0, 1, 1);
        }
        for (row, records) in results.cross.iter().enumerate() {
            let name = table_label(&format!("{}. {}", row + 1, labels[row]), false, true);
            grid.attach(&name, 0, row as i32 + 1, 1, 1);
            for (column, record) in records.iter().enumerate() {
                let (text, words) = if row == column {
                    ("—".to_owned(), None)
                } else {
                    (
                        format!(
                            "X {}\nO {}",
                            tally_text(record.as_x),
                            tally_text(record.as_o)
                        ),
                        Some(fill(
                            &gettext("{player} against {opponent}: as X {as_x}; as O {as_o}"),
                            &[
                                ("player", &labels[row]),
                                ("opponent", &labels[column]),
                                ("as_x", &tally_words(record.as_x)),
                                ("as_o", &tally_words(record.as_o)),
                            ],
                        )),
                    )
                };
                let cell = table_label(&text, true, false);
                if let Some(words) = words {
                    cell.set_tooltip_text(Some(&words));
                    accessible::set_label(&cell, &words);
                }
                grid.attach(&cell, column as i32 + 1, row as i32 + 1, 1, 1);
            }
        }
    }

    /// The cross table as it shows: a line per row, the cells' texts.
    pub fn cross_table_text(&self) -> Vec<Vec<String>> {
        let size = self
            .results()
            .map_or(0, |results| results.entrants.len() as i32);
        Self::grid_text(&self.cross_grid(), size + 1, size + 1)
    }

    /// The ranking as it shows: its header, then a line per player.
    pub fn ranking_text(&self) -> Vec<Vec<String>> {
        let rows = self
            .results()
            .map_or(0, |results| results.standings.len() as i32);
        let columns = self
            .imp()
            .ranking_grid
            .last_child()
            .map_or(0, |last| self.imp().ranking_grid.query_child(&last).0 + 1);
        Self::grid_text(&self.imp().ranking_grid, rows + 1, columns)
    }

    /// The texts of a table's `rows` by `columns` cells.
    fn grid_text(grid: &gtk::Grid, rows: i32, columns: i32) -> Vec<Vec<String>> {
        if rows <= 1 {
            return Vec::new();
        }
        (0..rows)
            .map(|row| {
                (0..columns)
                    .map(|column| {
                        grid.child_at(column, row)
                            .and_downcast::<gtk::Label>()
                            .map(|label| label.label().to_string())
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .collect()
    }

    fn ranking_chart_of(&self, results: Option<&TournamentResults>) -> Chart {
        let bars = results.map_or_else(Vec::new, |results| {
            let labels = Self::labels(results);
            results
                .standings
                .iter()
                .filter_map(|standing| {
                    let rating = standing.rating?;
                    Some(Bar {
                        label: labels[standing.entrant].clone(),
                        family: results.entrants[standing.entrant].family,
                        value: rating,
                        spread: standing.rating_error,
                        figure: fill(
                            &gettext("{points} points, rating {rating}"),
                            &[
                                ("points", &decimal(&trim_points(standing.points))),
                                (
                                    "rating",
                                    &rating_text(standing.rating, standing.rating_error),
                                ),
                            ],
                        ),
                    })
                })
                .collect()
        });
        Chart {
            title: gettext("Ranking: rating ± one standard error"),
            data: ChartData::Bars {
                axis: gettext("rating (0: an even score against the field)"),
                bars,
            },
        }
    }

    fn sides_chart_of(&self, results: Option<&TournamentResults>) -> Chart {
        let players = results.map_or_else(Vec::new, |results| {
            let labels = Self::labels(results);
            results
                .standings
                .iter()
                .map(|standing| {
                    let counts = |tally: Tally| [tally.wins, tally.draws, tally.losses];
                    SideResults {
                        label: labels[standing.entrant].clone(),
                        as_x: counts(standing.as_x),
                        as_o: counts(standing.as_o),
                    }
                })
                .collect()
        });
        Chart {
            title: gettext("Results as X and as O"),
            data: ChartData::Sides(players),
        }
    }

    /// Saves the results to `path`.
    pub fn save_results(&self, path: &Path, file: ResultsFile) -> Result<(), String> {
        let results = self.imp().results.borrow();
        let results = results
            .as_ref()
            .ok_or_else(|| gettext("There are no results to save yet."))?;
        let text = match file {
            ResultsFile::Ranking => results.standings_csv(),
            ResultsFile::CrossTable => results.cross_table_csv(),
            ResultsFile::Json => self.imp().results_json.borrow().clone(),
        };
        file_dialog::write_text(path, &text)
    }

    fn choose_results_file(&self, file: ResultsFile) {
        let (title, name, filter) = match file {
            ResultsFile::Ranking => (
                gettext("Save Ranking"),
                gettext("ranking"),
                TableFormat::Csv.filter_name(),
            ),
            ResultsFile::CrossTable => (
                gettext("Save Cross Table"),
                gettext("cross-table"),
                TableFormat::Csv.filter_name(),
            ),
            ResultsFile::Json => (
                gettext("Save Results"),
                gettext("tournament"),
                TableFormat::Json.filter_name(),
            ),
        };
        let saved = SaveAs {
            title: &title,
            stem: &name,
            filter_name: &filter,
            extension: file.extension(),
            saved: &gettext("Saved the results to {file}."),
        };
        self.imp().file_chooser.save_as(
            self,
            &saved,
            move |view, path| view.save_results(path, file),
            |view, message, failed| view.show_status(message, failed),
        );
    }
}

impl JobWindow for TournamentView {
    fn job(&self) -> &Job {
        &self.imp().job
    }

    fn status_label(&self) -> gtk::Label {
        self.imp().status_label.get()
    }

    fn job_crashed(&self) {
        self.enable_controls();
    }
}

/// Why a player that lost no game ranks below another, if one does: the
/// points count every game, and the players that never lose draw each
/// other, so their order is only how often each beat the weaker ones.
fn unbeaten_below_note(results: &TournamentResults) -> Option<String> {
    let labels = TournamentView::labels(results);
    let top = results.standings.first()?;
    let unbeaten = results
        .standings
        .iter()
        .find(|standing| standing.total.losses == 0 && standing.rank > top.rank)?;
    Some(fill(
        &gettext(
            "{player} lost no game and still ranks below {above}: points count every game, and against each other the players that never lose only draw, so their order says how often each beat the weaker players. A perfect player keeps the best result with any move that does; it does not look for the moves that give a weak opponent the most chances to go wrong.",
        ),
        &[
            ("player", &labels[unbeaten.entrant]),
            ("above", &labels[top.entrant]),
        ],
    ))
}

/// Points as whole or half: "3", "2.5".
fn trim_points(points: f64) -> String {
    if points.fract() == 0.0 {
        format!("{points:.0}")
    } else {
        format!("{points:.1}")
    }
}

/// A cell of a results table.
fn table_label(text: &str, numeric: bool, header: bool) -> gtk::Label {
    let label = gtk::Label::builder()
        .label(text)
        .xalign(if numeric { 1.0 } else { 0.0 })
        .build();
    if numeric {
        label.add_css_class("numeric");
    }
    if header {
        label.add_css_class("heading");
    }
    label
}
