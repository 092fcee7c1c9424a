//! What the next game is played with: a player and difficulty for each
//! side, the board, the pace of computer moves and the seed, and a note
//! while a running game no longer matches them.

use std::time::Duration;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;
use crate::ui::widgets::board_picker::BoardPicker;
use crate::ui::widgets::player_picker::PlayerPicker;
use tictactoe_engine::board::Side;
use tictactoe_engine::evaluation::{Evaluation, NamedEvaluation};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::evaluation::evaluation_name;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::numbers::decimal;
use tictactoe_words::report::{TextStyle, describe_player};

/// What the controls ask for: the players, the board and the pace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub size: Shape,
    /// Max's player and difficulty, then Min's.
    pub players: [(PlayerKind, Difficulty); 2],
    /// Max's evaluation at its search's horizon, then Min's.
    pub evaluations: [Evaluation; 2],
    pub pause: Duration,
}

impl Choice {
    /// Both players as the log and the tally name them.
    pub fn pairing(&self) -> String {
        let name = |side: Side| {
            let (kind, difficulty) = self.players[side.index()];
            let player = describe_player(kind, difficulty, self.size, TextStyle::WINDOW);
            let evaluation = self.evaluations[side.index()];
            if !kind.uses_depth()
                || evaluation == NamedEvaluation::default_for(self.size).evaluation()
            {
                return player;
            }
            let named = NamedEvaluation::ALL
                .into_iter()
                .find(|named| named.evaluation() == evaluation);
            let weights = named.map_or_else(|| gettext("custom weights"), evaluation_name);
            fill(
                &gettext("{player} with {evaluation}"),
                &[("player", &player), ("evaluation", &weights)],
            )
        };
        fill(
            &gettext("X {max} vs O {min}"),
            &[("max", &name(Side::Max)), ("min", &name(Side::Min))],
        )
    }
}

/// Emitted when anything the controls ask for changes.
const CHANGED: &str = "changed";

mod imp {
    use std::cell::Cell;
    use std::sync::OnceLock;

    use gtk::glib::subclass::Signal;
    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    use super::Choice;
    use crate::ui::widgets::board_picker::BoardPicker;
    use crate::ui::widgets::player_picker::PlayerPicker;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/game_settings.ui")]
    pub struct GameSettings {
        #[template_child]
        pub(super) max_picker: TemplateChild<PlayerPicker>,
        #[template_child]
        pub(super) min_picker: TemplateChild<PlayerPicker>,
        #[template_child]
        pub(super) board_picker: TemplateChild<BoardPicker>,
        #[template_child]
        pub(super) evaluation_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub(super) pace_scale: TemplateChild<gtk::Scale>,
        #[template_child]
        pub(super) seed_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) reuse_seed_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) pending_label: TemplateChild<gtk::Label>,
        /// What the running game was started with, while one runs.
        pub(super) running: Cell<Option<Choice>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for GameSettings {
        const NAME: &'static str = "TictactoeGameSettings";
        type Type = super::GameSettings;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            PlayerPicker::ensure_type();
            BoardPicker::ensure_type();
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for GameSettings {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| vec![Signal::builder(super::CHANGED).build()])
        }

        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup_controls();
        }
    }

    impl WidgetImpl for GameSettings {}
    impl BoxImpl for GameSettings {}
}

glib::wrapper! {
    pub struct GameSettings(ObjectSubclass<imp::GameSettings>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

/// Reads a seed field: empty for a new seed, else a whole number, which
/// may be grouped by commas, underscores or spaces; for anything else
/// `Err(refusal)`, its `{max}` filled in with the largest seed.
pub(crate) fn parse_seed(text: &str, refusal: &str) -> Result<Option<u64>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.replace([',', '_', ' '], "")
        .parse()
        .map(Some)
        .map_err(|_| fill(refusal, &[("max", &u64::MAX)]))
}

impl GameSettings {
    // The controls, for the tests to drive them as a person would.

    pub fn picker(&self, side: Side) -> PlayerPicker {
        match side {
            Side::Max => self.imp().max_picker.get(),
            Side::Min => self.imp().min_picker.get(),
        }
    }

    pub fn board_picker(&self) -> BoardPicker {
        self.imp().board_picker.get()
    }

    /// Σ beside the board's list: the evaluation panel.
    pub fn evaluation_button(&self) -> gtk::ToggleButton {
        self.imp().evaluation_button.get()
    }

    pub fn pace_scale(&self) -> gtk::Scale {
        self.imp().pace_scale.get()
    }

    pub fn seed_entry(&self) -> gtk::Entry {
        self.imp().seed_entry.get()
    }

    /// What the controls ask for now.
    pub fn choice(&self) -> Choice {
        let imp = self.imp();
        Choice {
            size: imp.board_picker.shape(),
            players: [imp.max_picker.selection(), imp.min_picker.selection()],
            evaluations: [imp.max_picker.evaluation(), imp.min_picker.evaluation()],
            pause: Duration::from_millis(imp.pace_scale.value().round() as u64),
        }
    }

    /// The seed typed in, `None` for a new one each game, or why the text
    /// is no seed.
    pub fn seed(&self) -> Result<Option<u64>, String> {
        parse_seed(
            &self.imp().seed_entry.text(),
            &gettext(
                "The seed must be a whole number from 0 to {max}, or empty for a new one: no game was started.",
            ),
        )
    }

    /// Selects the board `size`, as a person would.
    pub fn set_size(&self, size: Shape) {
        self.imp().board_picker.set_shape(size);
    }

    /// Selects the board and both players of a game read from a file.
    pub fn set_players(&self, size: Shape, players: [(PlayerKind, Difficulty); 2]) {
        self.set_size(size);
        let imp = self.imp();
        for (picker, (kind, difficulty)) in
            [&imp.max_picker, &imp.min_picker].into_iter().zip(players)
        {
            picker.select(kind);
            picker.select_difficulty(difficulty);
        }
    }

    /// Offers the evaluation panel's weights, by their name, to both sides'
    /// searches.
    pub fn set_custom_evaluation(&self, name: &str, evaluation: Evaluation) {
        let imp = self.imp();
        for picker in [&imp.max_picker, &imp.min_picker] {
            picker.set_custom_evaluation(Some((name.to_owned(), evaluation)));
        }
    }

    /// Shows both sides' evaluation lists (the evaluation panel is open),
    /// or only those not at the default.
    pub fn set_evaluations_offered(&self, offered: bool) {
        let imp = self.imp();
        for picker in [&imp.max_picker, &imp.min_picker] {
            picker.set_evaluation_offered(offered);
        }
    }

    /// Puts `seed` in the seed field, to replay its game.
    pub fn set_seed(&self, seed: u64) {
        self.imp().seed_entry.set_text(&seed.to_string());
    }

    /// What the running game was started with, or `None` between games: the
    /// note that changes wait for the next Start shows while they differ.
    pub fn set_running(&self, running: Option<Choice>) {
        self.imp().running.set(running);
        self.update_pending();
    }

    /// The note that changed settings wait for the next Start, if it shows.
    pub fn pending_text(&self) -> Option<String> {
        let label = &self.imp().pending_label;
        label.is_visible().then(|| label.label().into())
    }

    /// Calls `handler` whenever anything the controls ask for changes.
    pub fn connect_changed<F: Fn(&GameSettings) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(CHANGED, false, move |values| {
            handler(&values[0].get::<GameSettings>().ok()?);
            None
        })
    }

    fn setup_controls(&self) {
        let imp = self.imp();
        imp.max_picker.set_side(Side::Max, PlayerKind::Human);
        imp.min_picker.set_side(Side::Min, PlayerKind::AlphaBetaTt);

        accessible::name_button_by_its_label(&*imp.reuse_seed_button);

        imp.pace_scale.set_format_value_func(|_, milliseconds| {
            decimal(&format!("{:.1} s", milliseconds / 1000.0))
        });
        accessible::set_description(
            &*imp.pace_scale,
            &gettext("Pause before each computer move"),
        );

        let changed = glib::clone!(
            #[weak(rename_to = settings)]
            self,
            move || {
                settings.update_pending();
                settings.emit_by_name::<()>(CHANGED, &[]);
            }
        );
        imp.board_picker.connect_changed(glib::clone!(
            #[weak(rename_to = settings)]
            self,
            #[strong]
            changed,
            move |picker| {
                let size = picker.shape();
                let imp = settings.imp();
                imp.max_picker.set_board_size(size);
                imp.min_picker.set_board_size(size);
                changed();
            }
        ));
        imp.pace_scale.connect_value_changed({
            let changed = changed.clone();
            move |_| changed()
        });
        for picker in [&imp.max_picker, &imp.min_picker] {
            let changed = changed.clone();
            picker.connect_changed(move |_| changed());
        }
    }

    fn update_pending(&self) {
        let imp = self.imp();
        let differs = imp
            .running
            .get()
            .is_some_and(|running| running != self.choice());
        imp.pending_label.set_visible(differs);
    }
}
