//! The evaluation panel: what a depth-limited search would estimate the
//! position on the board at, as the sum of feature times weight, from X's
//! view as every value in the window. Each weight is a spin button: an
//! edit changes the sums at once and offers the weights to the players
//! ("Custom"); Save… and Open… keep them in a weights file.

use std::path::Path;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;
use crate::ui::shared::file_dialog::{FileAction, FileRequest, SaveAs, could_not_save, file_name};
use crate::ui::widgets::player_picker::fill_evaluation_list;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::evaluation::{Breakdown, Evaluation, Feature, NamedEvaluation};
use tictactoe_engine::geometry::Shape;
use tictactoe_files::weights::{MAX_WEIGHT, read_weights, write_weights};
use tictactoe_words::evaluation::{feature_description, feature_name};
use tictactoe_words::i18n::{fill, gettext};

/// One feature's line: its name, X's count, O's count, the weight and the
/// contribution.
#[derive(Debug, Clone)]
struct FeatureLine {
    feature: Feature,
    x_count: gtk::Label,
    o_count: gtk::Label,
    weight: gtk::SpinButton,
    contribution: gtk::Label,
}

/// Emitted when the weights become the panel's own: edited, or opened
/// from a file.
const CUSTOM_CHANGED: &str = "custom-changed";

mod imp {
    use std::cell::{Cell, OnceCell, RefCell};
    use std::sync::OnceLock;

    use gtk::glib;
    use gtk::glib::subclass::Signal;
    use gtk::subclass::prelude::*;

    use crate::ui::shared::file_dialog::FileChooser;
    use tictactoe_engine::board::Board;
    use tictactoe_engine::evaluation::{Evaluation, NamedEvaluation};

    /// The panel's weights: `lines`' until the board's own or a person's.
    #[derive(Clone, Copy, PartialEq)]
    pub struct Weights(pub Evaluation);

    impl Default for Weights {
        fn default() -> Weights {
            Weights(NamedEvaluation::Lines.evaluation())
        }
    }

    #[derive(Default)]
    pub struct EvaluationPanel {
        pub(super) board: Cell<Option<Board>>,
        pub(super) evaluation: Cell<Weights>,
        /// The name of the panel's own weights ("Custom", or the file's
        /// name), once they are its own.
        pub(super) custom_name: RefCell<Option<String>>,
        /// Set while the spin buttons are set from the weights, not by a
        /// person.
        pub(super) filling: Cell<bool>,
        pub(super) weights_dropdown: OnceCell<gtk::DropDown>,
        pub(super) grid: OnceCell<gtk::Grid>,
        pub(super) lines: RefCell<Vec<super::FeatureLine>>,
        pub(super) total: OnceCell<gtk::Label>,
        pub(super) message: OnceCell<gtk::Label>,
        pub(super) open_button: OnceCell<gtk::Button>,
        pub(super) save_button: OnceCell<gtk::Button>,
        pub(super) file_chooser: FileChooser,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for EvaluationPanel {
        const NAME: &'static str = "TictactoeEvaluationPanel";
        type Type = super::EvaluationPanel;
        type ParentType = gtk::Box;
    }

    impl ObjectImpl for EvaluationPanel {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| vec![Signal::builder(super::CUSTOM_CHANGED).build()])
        }

        fn constructed(&self) {
            self.parent_constructed();
            self.obj().build();
        }
    }

    impl WidgetImpl for EvaluationPanel {}
    impl BoxImpl for EvaluationPanel {}
}

glib::wrapper! {
    pub struct EvaluationPanel(ObjectSubclass<imp::EvaluationPanel>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl Default for EvaluationPanel {
    fn default() -> EvaluationPanel {
        glib::Object::new()
    }
}

/// A value with its sign, as the log writes estimates: "+12", "-3", "0".
fn signed(value: i32) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

/// A label of the grid: numbers to the right, names to the left.
fn cell_label(text: &str, xalign: f32) -> gtk::Label {
    gtk::Label::builder().label(text).xalign(xalign).build()
}

impl EvaluationPanel {
    fn build(&self) {
        let imp = self.imp();
        self.set_orientation(gtk::Orientation::Vertical);
        self.set_spacing(6);
        self.add_css_class("card");
        let heading = gtk::Label::builder()
            .label(gettext(
                "Evaluation: the sum of each feature's count for X minus O's, times its weight. Positive favours X.",
            ))
            .wrap(true)
            .xalign(0.0)
            .margin_top(8)
            .margin_start(10)
            .margin_end(10)
            .build();
        heading.add_css_class("heading");
        self.append(&heading);

        let controls = gtk::Box::builder()
            .spacing(6)
            .margin_start(10)
            .margin_end(10)
            .build();
        let weights_label = gtk::Label::builder()
            .label(gettext("_Weights"))
            .use_underline(true)
            .build();
        let weights_dropdown = gtk::DropDown::default();
        weights_label.set_mnemonic_widget(Some(&weights_dropdown));
        weights_dropdown.set_tooltip_text(Some(&gettext(
            "Set the weights to a named evaluation's, to edit them from there",
        )));
        let weights_name = gettext("Weights");
        accessible::set_label(&weights_dropdown, &weights_name);
        accessible::name_dropdown_parts(&weights_dropdown, &weights_name);
        let open_button = gtk::Button::with_mnemonic(&gettext("_Open…"));
        open_button.set_tooltip_text(Some(&gettext("Open weights saved in a file")));
        accessible::set_label(&open_button, &gettext("Open weights"));
        let save_button = gtk::Button::with_mnemonic(&gettext("Sa_ve…"));
        save_button.set_tooltip_text(Some(&gettext(
            "Save the weights to a file, for the window or tictactoe --evaluation FILE.json",
        )));
        accessible::set_label(&save_button, &gettext("Save weights"));
        controls.append(&weights_label);
        controls.append(&weights_dropdown);
        controls.append(&open_button);
        controls.append(&save_button);
        self.append(&controls);

        let grid = gtk::Grid::builder()
            .column_spacing(12)
            .row_spacing(4)
            .margin_start(10)
            .margin_end(10)
            .build();
        self.append(&grid);
        let total = cell_label("", 0.0);
        total.set_wrap(true);
        total.set_margin_start(10);
        total.set_margin_end(10);
        total.add_css_class("heading");
        self.append(&total);
        let message = cell_label("", 0.0);
        message.set_wrap(true);
        message.set_margin_start(10);
        message.set_margin_end(10);
        message.set_margin_bottom(8);
        self.append(&message);

        let _ = imp.weights_dropdown.set(weights_dropdown.clone());
        let _ = imp.grid.set(grid);
        let _ = imp.total.set(total);
        let _ = imp.message.set(message);
        let _ = imp.open_button.set(open_button.clone());
        let _ = imp.save_button.set(save_button.clone());
        self.fill_weights_list();

        weights_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = panel)]
            self,
            move |dropdown| {
                if panel.imp().filling.get() {
                    return;
                }
                if let Some(&named) = NamedEvaluation::ALL.get(dropdown.selected() as usize) {
                    panel.set_weights(named.evaluation());
                    panel.say("");
                }
            }
        ));
        open_button.connect_clicked(glib::clone!(
            #[weak(rename_to = panel)]
            self,
            move |_| panel.ask_to_open()
        ));
        save_button.connect_clicked(glib::clone!(
            #[weak(rename_to = panel)]
            self,
            move |_| panel.ask_to_save()
        ));
    }

    /// The weights list: the named evaluations, then the panel's own
    /// weights once it has them, chosen as they are.
    fn fill_weights_list(&self) {
        let imp = self.imp();
        let Some(dropdown) = imp.weights_dropdown.get() else {
            return;
        };
        imp.filling.set(true);
        fill_evaluation_list(dropdown, imp.custom_name.borrow().as_deref());
        let evaluation = imp.evaluation.get().0;
        let chosen = NamedEvaluation::ALL
            .iter()
            .position(|named| named.evaluation() == evaluation)
            .unwrap_or(NamedEvaluation::ALL.len());
        dropdown.set_selected(chosen as u32);
        imp.filling.set(false);
    }

    // The controls, for the tests to use them as a person would.

    /// The spin button of `feature`'s weight, if the board counts it.
    pub fn weight_spin(&self, feature: Feature) -> Option<gtk::SpinButton> {
        self.line(feature).map(|line| line.weight)
    }

    /// The texts of `feature`'s line as a person reads them: X's count,
    /// O's count, the weight and the contribution.
    pub fn line_texts(&self, feature: Feature) -> Option<[String; 4]> {
        self.line(feature).map(|line| {
            [
                line.x_count.label().into(),
                line.o_count.label().into(),
                line.weight.text().into(),
                line.contribution.label().into(),
            ]
        })
    }

    /// The line under the grid that gives the total.
    pub fn total_text(&self) -> String {
        self.imp()
            .total
            .get()
            .map(|label| label.label().into())
            .unwrap_or_default()
    }

    /// What the panel last said about a file, or "".
    pub fn message_text(&self) -> String {
        self.imp()
            .message
            .get()
            .map(|label| label.label().into())
            .unwrap_or_default()
    }

    pub fn weights_dropdown(&self) -> Option<gtk::DropDown> {
        self.imp().weights_dropdown.get().cloned()
    }

    pub fn open_button(&self) -> Option<gtk::Button> {
        self.imp().open_button.get().cloned()
    }

    pub fn save_button(&self) -> Option<gtk::Button> {
        self.imp().save_button.get().cloned()
    }

    /// The weights the panel shows.
    pub fn evaluation(&self) -> Evaluation {
        self.imp().evaluation.get().0
    }

    /// The name of the panel's own weights, once it has them.
    pub fn custom_name(&self) -> Option<String> {
        self.imp().custom_name.borrow().clone()
    }

    /// Calls `handler` when the weights become the panel's own (edited or
    /// opened), with their name and weights.
    pub fn connect_custom_changed<F: Fn(&EvaluationPanel) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(CUSTOM_CHANGED, false, move |values| {
            handler(&values[0].get::<EvaluationPanel>().ok()?);
            None
        })
    }

    /// Shows the sums for `board`: a line per feature the board counts.
    pub fn show_board(&self, board: Board) {
        let imp = self.imp();
        let shape_changed = imp
            .board
            .get()
            .is_none_or(|shown| shown.shape() != board.shape());
        let shown = imp.board.replace(Some(board));
        if shape_changed {
            self.build_lines(&board);
            // The board's own weights follow the board, as the players'
            // evaluation lists do, until others are chosen.
            let own = |shape| NamedEvaluation::default_for(shape).evaluation();
            let before = shown.map_or(Shape::TIC_TAC_TOE, |shown| shown.shape());
            if imp.custom_name.borrow().is_none() && imp.evaluation.get().0 == own(before) {
                self.set_weights(own(board.shape()));
                return;
            }
        }
        self.update_sums();
    }

    fn line(&self, feature: Feature) -> Option<FeatureLine> {
        self.imp()
            .lines
            .borrow()
            .iter()
            .find(|line| line.feature == feature)
            .cloned()
    }

    /// The header and a line per feature `board` counts, with its weight's
    /// spin button.
    fn build_lines(&self, board: &Board) {
        let imp = self.imp();
        let Some(grid) = imp.grid.get() else {
            return;
        };
        while let Some(child) = grid.first_child() {
            grid.remove(&child);
        }
        let headers = [
            (gettext("Feature"), 0.0),
            (gettext("X"), 1.0),
            (gettext("O"), 1.0),
            (gettext("Weight"), 1.0),
            (gettext("X − O × weight"), 1.0),
        ];
        for (column, (text, xalign)) in headers.iter().enumerate() {
            let header = cell_label(text, *xalign);
            header.add_css_class("dim-label");
            grid.attach(&header, column as i32, 0, 1, 1);
        }
        let mut lines = Vec::new();
        for (row, feature) in Feature::ALL
            .into_iter()
            .filter(|feature| feature.applies_to(board.shape()))
            .enumerate()
        {
            let row = row as i32 + 1;
            let name = cell_label(&feature_name(feature), 0.0);
            name.set_wrap(true);
            name.set_hexpand(true);
            name.set_tooltip_text(Some(&feature_description(feature)));
            let x_count = cell_label("", 1.0);
            let o_count = cell_label("", 1.0);
            let weight =
                gtk::SpinButton::with_range(f64::from(-MAX_WEIGHT), f64::from(MAX_WEIGHT), 1.0);
            weight.set_digits(0);
            weight.set_numeric(true);
            weight.set_width_chars(5);
            weight.set_value(f64::from(imp.evaluation.get().0.weight(feature)));
            let weight_name = fill(
                &gettext("Weight of {feature}"),
                &[("feature", &feature_name(feature))],
            );
            accessible::set_label(&weight, &weight_name);
            weight.set_tooltip_text(Some(&weight_name));
            let contribution = cell_label("", 1.0);
            weight.connect_value_changed(glib::clone!(
                #[weak(rename_to = panel)]
                self,
                move |spin| panel.weight_edited(feature, spin.value_as_int())
            ));
            grid.attach(&name, 0, row, 1, 1);
            grid.attach(&x_count, 1, row, 1, 1);
            grid.attach(&o_count, 2, row, 1, 1);
            grid.attach(&weight, 3, row, 1, 1);
            grid.attach(&contribution, 4, row, 1, 1);
            lines.push(FeatureLine {
                feature,
                x_count,
                o_count,
                weight,
                contribution,
            });
        }
        imp.lines.replace(lines);
    }

    /// A person changed `feature`'s weight: the weights are the panel's
    /// own from now on.
    fn weight_edited(&self, feature: Feature, weight: i32) {
        let imp = self.imp();
        if imp.filling.get() {
            return;
        }
        let evaluation = imp.evaluation.get().0;
        let edited = Evaluation::from_weights(
            evaluation
                .weights()
                .map(|(each, old)| (each, if each == feature { weight } else { old })),
        );
        imp.evaluation.set(imp::Weights(edited));
        if imp.custom_name.borrow().is_none() {
            imp.custom_name.replace(Some(gettext("Custom")));
        }
        self.fill_weights_list();
        self.update_sums();
        self.say("");
        self.emit_by_name::<()>(CUSTOM_CHANGED, &[]);
    }

    /// Shows `evaluation`'s weights in the spin buttons and the sums.
    fn set_weights(&self, evaluation: Evaluation) {
        let imp = self.imp();
        imp.evaluation.set(imp::Weights(evaluation));
        imp.filling.set(true);
        for line in imp.lines.borrow().iter() {
            line.weight
                .set_value(f64::from(evaluation.weight(line.feature)));
        }
        imp.filling.set(false);
        self.fill_weights_list();
        self.update_sums();
    }

    /// The counts, contributions and total of the board shown.
    fn update_sums(&self) {
        let imp = self.imp();
        let Some(board) = imp.board.get() else {
            return;
        };
        let breakdown = imp.evaluation.get().0.breakdown(&board, Side::Max);
        for line in imp.lines.borrow().iter() {
            let Some(term) = breakdown
                .terms
                .iter()
                .find(|term| term.feature == line.feature)
            else {
                continue;
            };
            line.x_count.set_label(&term.mine.to_string());
            line.o_count.set_label(&term.theirs.to_string());
            line.contribution.set_label(&signed(term.contribution));
        }
        if let Some(total) = imp.total.get() {
            total.set_label(&total_words(&breakdown));
        }
    }

    fn say(&self, text: &str) {
        if let Some(message) = self.imp().message.get() {
            message.set_label(text);
            message.set_visible(!text.is_empty());
        }
    }

    fn ask_to_save(&self) {
        let Some(board) = self.imp().board.get() else {
            return;
        };
        let title = gettext("Save Weights");
        let filter_name = gettext("Weights files");
        let saved = gettext("Saved the weights to {file}.");
        self.imp().file_chooser.save_as(
            self,
            &SaveAs {
                title: &title,
                stem: "weights",
                filter_name: &filter_name,
                extension: "json",
                saved: &saved,
            },
            move |panel: &EvaluationPanel, path: &Path| {
                write_weights(path, &panel.evaluation(), board.shape())
                    .map_err(|error| could_not_save(path, &error))
            },
            |panel: &EvaluationPanel, message: &str, _failed: bool| panel.say(message),
        );
    }

    fn ask_to_open(&self) {
        let title = gettext("Open Weights");
        let filter_name = gettext("Weights files");
        self.imp().file_chooser.ask(
            self,
            &FileRequest {
                title: &title,
                action: FileAction::Open,
                filter_name: &filter_name,
                extension: "json",
            },
            glib::clone!(
                #[weak(rename_to = panel)]
                self,
                move |path| panel.open_weights(&path)
            ),
        );
    }

    /// Reads the weights file at `path` for the board shown; a file
    /// refused leaves the weights as they were and says why.
    pub fn open_weights(&self, path: &Path) {
        let imp = self.imp();
        let Some(board) = imp.board.get() else {
            return;
        };
        match read_weights(path, board.shape()) {
            Ok(evaluation) => {
                imp.custom_name.replace(Some(file_name(path)));
                self.set_weights(evaluation);
                self.say(&fill(
                    &gettext("Opened the weights of {file}."),
                    &[("file", &file_name(path))],
                ));
                self.emit_by_name::<()>(CUSTOM_CHANGED, &[]);
            }
            Err(error) => self.say(&fill(
                &gettext("Could not open {file}: {error}. The weights are as they were."),
                &[("file", &file_name(path)), ("error", &error)],
            )),
        }
    }
}

/// "Total for X: +12", with the value the searches use when the total is
/// beyond what an estimate may be.
fn total_words(breakdown: &Breakdown) -> String {
    if breakdown.value == breakdown.total {
        fill(
            &gettext("Total, from X's view: {total}"),
            &[("total", &signed(breakdown.total))],
        )
    } else {
        fill(
            &gettext("Total, from X's view: {total}, which the searches hold at {value}"),
            &[
                ("total", &signed(breakdown.total)),
                ("value", &signed(breakdown.value)),
            ],
        )
    }
}
