//! The search-tree explorer: a window that records a search and shows
//! every node it visited, in a list of expandable rows (children are made
//! only when a row opens), with the selected node's position on a small
//! board and a step mode that replays the search one node at a time.

use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use gtk::subclass::prelude::*;
use gtk::{gio, glib, prelude::*};

use crate::game::{Recording, RecordingFailed, TreeJob};
use crate::ui::explorer::tree_item::{TreeItem, TreeItemKind};
use crate::ui::explorer::tree_row::TreeRow;
use crate::ui::shared::accessible;
use crate::ui::shared::help::{self, GuidePage};
use crate::ui::shared::tree_picture::{self, PictureFormat};
use crate::ui::widgets::board_view::BoardView;
use crate::ui::widgets::evaluation_panel::EvaluationPanel;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::learners::neural;
use tictactoe_engine::player_kind::{
    Difficulty, Fail, MoveOrder, PlayerKind, PlayerOptions, Prune, SearchSettings,
};
use tictactoe_engine::report::{Note, SearchReport};
use tictactoe_tools::feasibility::{cannot_finish, deepest_finishing_depth};
use tictactoe_tools::tree::{DEFAULT_BUDGET, SearchTree};
use tictactoe_tools::tree_drawing::{
    DEFAULT_MAX_PLY, Drawing, Layout, MAX_DRAWN, layout, search_drawing,
};
use tictactoe_tools::tree_steps::{StepCursor, principal_variation};
use tictactoe_tools::tree_words;
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::group;
use tictactoe_words::players::{PlayerWords, settings_words};
use tictactoe_words::report::TextStyle;

/// Below this width the small board and the step controls go under the
/// list instead of beside it.
const NARROW_WIDTH: i32 = 900;
/// The side's width beside the list, as its template sets it.
const SIDE_WIDTH: i32 = 300;

mod imp {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;
    use std::sync::Arc;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    use crate::game::Recording;
    use crate::ui::shared::file_dialog::FileChooser;
    use crate::ui::widgets::board_view::BoardView;
    use crate::ui::widgets::evaluation_panel::EvaluationPanel;
    use tictactoe_engine::board::Board;
    use tictactoe_engine::learners::network::Network;
    use tictactoe_engine::player_kind::{MoveOrder, PlayerKind};
    use tictactoe_tools::tree::SearchTree;
    use tictactoe_tools::tree_steps::StepCursor;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/explorer/tree_explorer.ui")]
    pub struct TreeExplorer {
        #[template_child]
        pub(super) header_bar: TemplateChild<gtk::HeaderBar>,
        #[template_child]
        pub(super) search_bar: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) player_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) depth_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) settings_button: TemplateChild<gtk::MenuButton>,
        #[template_child]
        pub(super) order_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) prune_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) fail_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) aspiration_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) recording_bar: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) recording_spinner: TemplateChild<gtk::Spinner>,
        #[template_child]
        pub(super) recording_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) record_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) expand_pv_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) export_button: TemplateChild<gtk::MenuButton>,
        #[template_child]
        pub(super) summary_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) value_heading: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) window_heading: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) nodes_heading: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) ending_heading: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) type_heading: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) headings_scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub(super) list_scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub(super) list_view: TemplateChild<gtk::ListView>,
        #[template_child]
        pub(super) board_view: TemplateChild<BoardView>,
        #[template_child]
        pub(super) details_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) evaluation_expander: TemplateChild<gtk::Expander>,
        #[template_child]
        pub(super) evaluation_panel: TemplateChild<EvaluationPanel>,
        #[template_child]
        pub(super) play_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub(super) speed_scale: TemplateChild<gtk::Scale>,
        #[template_child]
        pub(super) step_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) step_forward_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) headings: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) content_box: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) side_separator: TemplateChild<gtk::Separator>,
        #[template_child]
        pub(super) side_scroller: TemplateChild<gtk::ScrolledWindow>,
        /// The players whose searches can be recorded on the position's
        /// board, in the drop-down's order.
        pub(super) players: RefCell<Vec<PlayerKind>>,
        /// The move orders offered on the position's board, in the
        /// drop-down's order (best first needs the solved 3x3 game).
        pub(super) orders: RefCell<Vec<MoveOrder>>,
        /// The position searched.
        pub(super) position: Cell<Option<Board>>,
        /// The neural player's network, once a search of it was explored:
        /// the header bar's Record searches with it again.
        pub(super) network: RefCell<Option<Arc<Network>>>,
        pub(super) tree: RefCell<Option<Arc<SearchTree>>>,
        /// The recording under way, to stop it.
        pub(super) recording: RefCell<Option<Rc<Recording>>>,
        /// Why the recording under way searches less deep than asked,
        /// said above its tree once it shows.
        pub(super) shallower: RefCell<Option<String>>,
        pub(super) selection: RefCell<Option<gtk::SingleSelection>>,
        /// The principal variation's node ids, marked in the rows.
        pub(super) principal: RefCell<Vec<usize>>,
        pub(super) cursor: RefCell<StepCursor>,
        /// Set while a step selects its node, so that the selection does
        /// not move the cursor back to that node's first step.
        pub(super) stepping: Cell<bool>,
        pub(super) playing: RefCell<Option<glib::SourceId>>,
        /// The nodes a recording keeps (see `set_node_budget`).
        pub(super) budget: Cell<usize>,
        /// The widths of the value, window, type, nodes and ending columns,
        /// in pixels, for the headings and the rows alike.
        pub(super) column_widths: Cell<[i32; 5]>,
        /// The chooser open to save the tree's picture.
        pub(super) file_chooser: FileChooser,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TreeExplorer {
        const NAME: &'static str = "TictactoeTreeExplorer";
        type Type = super::TreeExplorer;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            EvaluationPanel::ensure_type();
            klass.bind_template();
            super::TreeExplorer::install_actions(klass);
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TreeExplorer {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }

        fn dispose(&self) {
            self.obj().stop_playing();
            self.recording.take();
        }
    }

    impl WidgetImpl for TreeExplorer {
        fn size_allocate(&self, width: i32, height: i32, baseline: i32) {
            self.parent_size_allocate(width, height, baseline);
            self.obj().fit_layout(width);
        }
    }
    impl WindowImpl for TreeExplorer {
        /// The recording stops as the explorer closes, not once whatever
        /// still holds the explorer lets go.
        fn close_request(&self) -> glib::Propagation {
            self.recording.take();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct TreeExplorer(ObjectSubclass<imp::TreeExplorer>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget,
            gtk::Native, gtk::Root, gtk::ShortcutManager;
}

impl TreeExplorer {
    pub fn new(parent: &impl IsA<gtk::Window>) -> TreeExplorer {
        glib::Object::builder()
            .property("transient-for", parent)
            .property("application", parent.as_ref().application())
            .build()
    }

    fn install_actions(klass: &mut <imp::TreeExplorer as ObjectSubclass>::Class) {
        use gtk::gdk::{Key, ModifierType};
        klass.install_action("explorer.record", None, |explorer, _, _| explorer.record());
        help::install_help_action(klass, "explorer.help", GuidePage::TreeExplorer);
        klass.install_action("explorer.cancel", None, |explorer, _, _| {
            if let Some(recording) = explorer.imp().recording.borrow().as_ref() {
                recording.cancel();
            }
        });
        klass.install_action("explorer.expand-pv", None, |explorer, _, _| {
            explorer.expand_principal_variation()
        });
        klass.install_action("explorer.step-forward", None, |explorer, _, _| {
            explorer.step(|cursor, tree| cursor.forward(tree));
        });
        klass.install_action("explorer.step-back", None, |explorer, _, _| {
            explorer.step(|cursor, tree| cursor.back(tree));
        });
        klass.install_action("explorer.step-first", None, |explorer, _, _| {
            explorer.step(|cursor, _| {
                *cursor = StepCursor::default();
                true
            });
        });
        klass.install_action("explorer.step-last", None, |explorer, _, _| {
            explorer.step(|cursor, tree| {
                while cursor.forward(tree) {}
                true
            });
        });
        klass.install_action("explorer.play", None, |explorer, _, _| {
            explorer.toggle_playing()
        });
        klass.install_action(
            "explorer.export",
            Some(glib::VariantTy::STRING),
            |explorer, _, format| {
                if let Some(format) =
                    format.and_then(|format| format.str().and_then(PictureFormat::named))
                {
                    explorer.choose_export_file(format);
                }
            },
        );
        for shortcut in tree_picture::shortcuts("explorer.export") {
            klass.add_shortcut(&shortcut);
        }
        klass.add_binding_action(Key::b, ModifierType::CONTROL_MASK, "explorer.expand-pv");
        klass.add_binding_action(Key::Right, ModifierType::ALT_MASK, "explorer.step-forward");
        klass.add_binding_action(Key::Left, ModifierType::ALT_MASK, "explorer.step-back");
        klass.add_binding_action(Key::F5, ModifierType::empty(), "explorer.play");
        klass.add_binding_action(Key::Escape, ModifierType::empty(), "window.close");
    }

    fn setup(&self) {
        let imp = self.imp();
        crate::ui::shared::popup_tooltips::give_way_to_popups(self);
        imp.budget.set(DEFAULT_BUDGET);
        self.scroll_headings_with_rows();
        self.offer_players(Shape::TIC_TAC_TOE);
        let player_name = gettext("Player to record");
        accessible::set_label(&*imp.player_dropdown, &player_name);
        accessible::name_dropdown_parts(&imp.player_dropdown, &player_name);
        // Depth 0 stands for a search to the end of the game.
        imp.depth_spin.connect_output(|spin| {
            let depth = spin.value() as u32;
            let text = if depth == 0 {
                gettext("full")
            } else {
                depth.to_string()
            };
            if spin.text() != text {
                spin.set_text(&text);
            }
            glib::Propagation::Stop
        });
        imp.depth_spin.connect_input(|spin| {
            let text = spin.text();
            if text == gettext("full") {
                Some(Ok(0.0))
            } else {
                text.trim().parse::<f64>().ok().map(Ok)
            }
        });
        imp.speed_scale.connect_value_changed(glib::clone!(
            #[weak(rename_to = explorer)]
            self,
            move |_| {
                if explorer.imp().playing.borrow().is_some() {
                    explorer.stop_playing();
                    explorer.start_playing();
                }
            }
        ));
        for button in [&*imp.record_button, &*imp.expand_pv_button] {
            accessible::name_button_by_its_label(button);
        }
        imp.list_view.set_factory(Some(&self.row_factory()));
        self.setup_settings();
        self.show_nothing_yet();
    }

    /// Keeps the headings over their columns when the rows scroll sideways:
    /// one adjustment for both, and the headings drawn anew as it moves
    /// (GTK 4.8 moved them without drawing them, and they went blank).
    fn scroll_headings_with_rows(&self) {
        let imp = self.imp();
        let sideways = imp.list_scroller.hadjustment();
        imp.headings_scroller.set_hadjustment(Some(&sideways));
        sideways.connect_value_changed(glib::clone!(
            #[weak(rename_to = explorer)]
            self,
            move |_| explorer.imp().headings_scroller.queue_draw()
        ));
    }

    /// The settings popover: the conventions' choices, named for a screen
    /// reader, and the button offered only for the players that take them.
    fn setup_settings(&self) {
        let imp = self.imp();
        let names = |words: Vec<String>| {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            gtk::StringList::new(&words)
        };
        imp.prune_dropdown
            .set_model(Some(&names(Prune::ALL.iter().map(Words::words).collect())));
        imp.fail_dropdown
            .set_model(Some(&names(Fail::ALL.iter().map(Words::words).collect())));
        for (dropdown, name) in [
            (&*imp.order_dropdown, gettext("Move order")),
            (&*imp.prune_dropdown, gettext("Pruning")),
            (&*imp.fail_dropdown, gettext("Values outside the window")),
        ] {
            accessible::set_label(dropdown, &name);
            accessible::name_dropdown_parts(dropdown, &name);
        }
        accessible::set_label(&*imp.aspiration_spin, &gettext("Aspiration window"));
        imp.aspiration_spin.connect_output(|spin| {
            let width = spin.value() as u32;
            let text = if width == 0 {
                gettext("off")
            } else {
                format!("±{width}")
            };
            if spin.text() != text {
                spin.set_text(&text);
            }
            glib::Propagation::Stop
        });
        imp.aspiration_spin.connect_input(|spin| {
            let text = spin.text();
            if text == gettext("off") {
                Some(Ok(0.0))
            } else {
                text.trim()
                    .trim_start_matches('±')
                    .parse::<f64>()
                    .ok()
                    .map(Ok)
            }
        });
        imp.player_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = explorer)]
            self,
            move |_| explorer.offer_settings()
        ));
        self.show_settings(SearchSettings::default());
        self.offer_settings();
    }

    /// Offers the settings for the chosen player only.
    fn offer_settings(&self) {
        let (player, _, _) = self.chosen_search();
        self.imp()
            .settings_button
            .set_sensitive(player.uses_search_settings());
    }

    /// Sets the settings popover to `settings`.
    fn show_settings(&self, settings: SearchSettings) {
        let imp = self.imp();
        let orders = imp.orders.borrow().clone();
        let index = |found: Option<usize>| found.unwrap_or(0) as u32;
        imp.order_dropdown
            .set_selected(index(orders.iter().position(|&o| o == settings.order)));
        imp.prune_dropdown
            .set_selected(index(Prune::ALL.iter().position(|&p| p == settings.prune)));
        imp.fail_dropdown
            .set_selected(index(Fail::ALL.iter().position(|&f| f == settings.fail)));
        imp.aspiration_spin
            .set_value(f64::from(settings.aspiration.unwrap_or(0)));
    }

    /// The settings chosen in the popover.
    fn chosen_settings(&self) -> SearchSettings {
        let imp = self.imp();
        let defaults = SearchSettings::default();
        let width = imp.aspiration_spin.value() as u32;
        SearchSettings {
            order: imp
                .orders
                .borrow()
                .get(imp.order_dropdown.selected() as usize)
                .copied()
                .unwrap_or(defaults.order),
            prune: Prune::ALL
                .get(imp.prune_dropdown.selected() as usize)
                .copied()
                .unwrap_or(defaults.prune),
            fail: Fail::ALL
                .get(imp.fail_dropdown.selected() as usize)
                .copied()
                .unwrap_or(defaults.fail),
            aspiration: (width > 0).then_some(width),
        }
    }

    /// Records `report`'s search: the same player, position and depth.
    pub fn explore_report(&self, report: &SearchReport) {
        let Ok(board) = Board::parse_for_move(&report.position) else {
            self.show_notice(&gettext("The search's position cannot be read."));
            return;
        };
        let searched_to_end = report.depth >= board.empty().count_ones();
        let depth = (!searched_to_end).then_some(report.depth);
        self.show_search(
            &board,
            report.algorithm,
            depth,
            report.settings.unwrap_or_default(),
        );
        self.start_recording(TreeJob::Report(Box::new(report.clone())));
    }

    /// Records the neural player's search a report tells of, with
    /// `network` (the window's: its search is the report's while the
    /// network has not learned since).
    pub fn explore_guided(&self, network: Arc<Network>, report: &SearchReport) {
        let Ok(board) = Board::parse_for_move(&report.position) else {
            self.show_notice(&gettext("The search's position cannot be read."));
            return;
        };
        let hard = neural::simulations(Difficulty::Hard, board.shape());
        let simulations = match report.note {
            Some(Note::Neural { simulations, .. }) => simulations,
            _ => hard,
        };
        self.imp().network.replace(Some(network.clone()));
        // Hard's simulations show as the full search, as a depth would.
        self.show_search(
            &board,
            report.algorithm,
            (simulations != hard).then_some(simulations),
            SearchSettings::default(),
        );
        self.start_recording(TreeJob::Guided {
            network,
            board,
            difficulty: Difficulty::Depth(simulations),
        });
    }

    /// Records `player`'s search of `board` to `depth` (`None`: to the end).
    pub fn explore(&self, board: &Board, player: PlayerKind, depth: Option<u32>) {
        self.show_search(board, player, depth, SearchSettings::default());
        self.record();
    }

    /// Puts the small board and the step controls under the list when the
    /// window is too narrow for them beside it, moves the search's controls
    /// from the header bar to a bar of their own under it (a long player
    /// name left the header bar wider than 640 px), and makes Expand Best
    /// Line and Settings icons, so that the header bar keeps the whole title. Called after
    /// each allocation; the switch waits for the idle loop, since a layout
    /// must not change while allocated.
    fn fit_layout(&self, width: i32) {
        let orientation = if width < NARROW_WIDTH {
            gtk::Orientation::Vertical
        } else {
            gtk::Orientation::Horizontal
        };
        if self.imp().content_box.orientation() == orientation {
            return;
        }
        glib::idle_add_local_once(glib::clone!(
            #[weak(rename_to = explorer)]
            self,
            move || {
                let imp = explorer.imp();
                let across = match orientation {
                    gtk::Orientation::Vertical => gtk::Orientation::Horizontal,
                    _ => gtk::Orientation::Vertical,
                };
                imp.content_box.set_orientation(orientation);
                imp.side_separator.set_orientation(across);
                let narrow = orientation == gtk::Orientation::Vertical;
                explorer.move_search_controls(narrow);
                // Under the list the side shares the height with it.
                imp.side_scroller.set_vexpand(narrow);
                imp.side_scroller
                    .set_width_request(if narrow { -1 } else { SIDE_WIDTH });
                let button = &imp.expand_pv_button;
                let settings = &imp.settings_button;
                if narrow {
                    button.set_icon_name("view-list-bullet-symbolic");
                    settings.set_icon_name("emblem-system-symbolic");
                } else {
                    button.set_label(&gettext("Expand _Best Line"));
                    button.set_use_underline(true);
                    settings.set_label(&gettext("_Settings"));
                    settings.set_use_underline(true);
                }
            }
        ));
    }

    /// Moves the player, depth, Settings and Record to the bar under the
    /// header bar (`narrow`), or back to the header bar, in their order.
    fn move_search_controls(&self, narrow: bool) {
        let imp = self.imp();
        if imp.search_bar.is_visible() == narrow {
            return;
        }
        let controls: [gtk::Widget; 4] = [
            imp.player_dropdown.get().upcast(),
            imp.depth_spin.get().upcast(),
            imp.settings_button.get().upcast(),
            imp.record_button.get().upcast(),
        ];
        for control in &controls {
            if narrow {
                imp.header_bar.remove(control);
                imp.search_bar.append(control);
            } else {
                imp.search_bar.remove(control);
                imp.header_bar.pack_start(control);
            }
        }
        imp.search_bar.set_visible(narrow);
    }

    /// Offers the players whose searches can be recorded on boards of
    /// `size` (Perfect only off 3x3, where it searches).
    fn offer_players(&self, size: Shape) {
        let imp = self.imp();
        let orders: Vec<MoveOrder> = MoveOrder::ALL
            .into_iter()
            .filter(|order| order.check_shape(size).is_ok())
            .collect();
        if *imp.orders.borrow() != orders {
            let chosen = self.chosen_settings();
            let words: Vec<String> = orders.iter().map(Words::words).collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            imp.order_dropdown
                .set_model(Some(&gtk::StringList::new(&words)));
            imp.orders.replace(orders);
            self.show_settings(chosen);
        }
        // The neural player once its network is known (from its log row).
        let neural = imp.network.borrow().is_some().then_some(PlayerKind::Neural);
        let players: Vec<PlayerKind> = PlayerKind::NON_LEARNERS
            .into_iter()
            .chain(neural)
            .filter(|&kind| SearchTree::supports(kind, size).is_ok())
            .collect();
        if *imp.players.borrow() == players {
            return;
        }
        let names: Vec<String> = players.iter().map(|kind| kind.display_name()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        imp.player_dropdown
            .set_model(Some(&gtk::StringList::new(&names)));
        imp.players.replace(players);
    }

    /// Sets the header bar to a search of `board`.
    fn show_search(
        &self,
        board: &Board,
        player: PlayerKind,
        depth: Option<u32>,
        settings: SearchSettings,
    ) {
        let imp = self.imp();
        imp.position.set(Some(*board));
        self.offer_players(board.shape());
        self.show_settings(settings);
        let index = imp
            .players
            .borrow()
            .iter()
            .position(|&kind| kind == player)
            .unwrap_or(0);
        imp.player_dropdown.set_selected(index as u32);
        imp.depth_spin.set_value(f64::from(depth.unwrap_or(0)));
        self.offer_settings();
    }

    /// The player, depth and settings chosen in the header bar.
    fn chosen_search(&self) -> (PlayerKind, Option<u32>, SearchSettings) {
        let imp = self.imp();
        let players = imp.players.borrow();
        let player = players
            .get(imp.player_dropdown.selected() as usize)
            .copied()
            .unwrap_or(PlayerKind::AlphaBeta);
        let depth = imp.depth_spin.value() as u32;
        (player, (depth > 0).then_some(depth), self.chosen_settings())
    }

    /// Records the search chosen in the header bar.
    fn record(&self) {
        let Some(board) = self.imp().position.get() else {
            return;
        };
        let (player, mut depth, settings) = self.chosen_search();
        // A search that would run for hours records what can finish, and
        // says so: the depth is the one offered.
        let mut shallower = None;
        if player != PlayerKind::Neural && cannot_finish(player, &board, depth, false) {
            let offered = deepest_finishing_depth(player, &board);
            self.imp().depth_spin.set_value(f64::from(offered));
            depth = Some(offered);
            shallower = Some(fill(
                &ngettext(
                    "{player} cannot search this position to the end in reasonable time ({empty} empty cells): recorded {depth} move ahead instead. Choose another depth and press Record.",
                    "{player} cannot search this position to the end in reasonable time ({empty} empty cells): recorded {depth} moves ahead instead. Choose another depth and press Record.",
                    plural_count(u64::from(offered)),
                ),
                &[
                    ("player", &player.display_name()),
                    ("empty", &board.empty().count_ones()),
                    ("depth", &offered),
                ],
            ));
        }
        let difficulty = depth.map_or(Difficulty::Hard, Difficulty::Depth);
        let network = self.imp().network.borrow().clone();
        if let (PlayerKind::Neural, Some(network)) = (player, network) {
            // Its depth is its simulations.
            self.start_recording(TreeJob::Guided {
                network,
                board,
                difficulty,
            });
            return;
        }
        let settings = if player.uses_search_settings() {
            settings
        } else {
            SearchSettings::default()
        };
        if let Err(refusal) = settings.order.check_shape(board.shape()) {
            self.show_notice(&refusal.words());
            return;
        }
        let options = PlayerOptions {
            difficulty,
            search: settings,
            ..PlayerOptions::default()
        };
        self.start_recording(TreeJob::Search {
            player,
            board,
            options,
        });
        self.imp().shallower.replace(shallower);
    }

    /// Starts recording `job` in the background, stopping the recording
    /// under way; the tree shows when it is done.
    fn start_recording(&self, job: TreeJob) {
        let imp = self.imp();
        if let Some(recording) = imp.recording.take() {
            recording.cancel();
        }
        imp.shallower.take();
        let recording = Rc::new(Recording::start(job, imp.budget.get()));
        let finished = recording.finished();
        // Only the explorer holds the recording: it stops when the
        // explorer goes.
        let this_recording = Rc::downgrade(&recording);
        imp.recording.replace(Some(recording));
        self.set_recording(true);
        let explorer = self.downgrade();
        glib::spawn_future_local(async move {
            let result = finished.await;
            let Some(explorer) = explorer.upgrade() else {
                return;
            };
            let imp = explorer.imp();
            // A newer recording replaced this one: it shows instead.
            let current = imp
                .recording
                .borrow()
                .as_ref()
                .is_some_and(|now| std::ptr::eq(Rc::as_ptr(now), this_recording.as_ptr()));
            if !current {
                return;
            }
            imp.recording.take();
            explorer.set_recording(false);
            let shallower = imp.shallower.take();
            match result {
                Ok(tree) => {
                    explorer.show_tree(Arc::new(tree));
                    if let Some(shallower) = shallower {
                        explorer.show_notice(&shallower);
                    }
                }
                Err(RecordingFailed::Cancelled) => explorer.show_notice(&gettext(
                    "Recording stopped. The tree shown before, if any, is unchanged.",
                )),
                Err(RecordingFailed::Refused(reason)) => {
                    explorer.show_notice(&reason.describe(TextStyle::WINDOW))
                }
                Err(RecordingFailed::Crashed(reason)) => explorer.show_notice(&fill(
                    &gettext("The recording failed: {reason}"),
                    &[("reason", &reason)],
                )),
            }
        });
    }

    fn set_recording(&self, recording: bool) {
        let imp = self.imp();
        imp.recording_bar.set_visible(recording);
        imp.recording_spinner.set_spinning(recording);
        self.action_set_enabled("explorer.record", !recording);
        self.action_set_enabled("explorer.cancel", recording);
    }

    /// Says `text` (a failure, or what became of a save) above the
    /// summary of the tree shown, if any.
    fn show_notice(&self, text: &str) {
        let imp = self.imp();
        if imp.tree.borrow().is_none() {
            imp.summary_label.set_label(text);
        } else {
            imp.summary_label
                .set_label(&format!("{text}\n{}", self.summary().unwrap_or_default()));
        }
    }

    fn show_nothing_yet(&self) {
        self.set_tree_actions_enabled(false);
        self.action_set_enabled("explorer.cancel", false);
    }

    /// The actions that act on a recorded tree.
    fn set_tree_actions_enabled(&self, enabled: bool) {
        for action in [
            "explorer.expand-pv",
            "explorer.export",
            "explorer.step-forward",
            "explorer.step-back",
            "explorer.step-first",
            "explorer.step-last",
            "explorer.play",
        ] {
            self.action_set_enabled(action, enabled);
        }
    }

    /// How many nodes the next recordings keep; past that, nodes are kept
    /// without their children, searched again when their rows open.
    pub fn set_node_budget(&self, nodes: usize) {
        self.imp().budget.set(nodes.max(1));
    }

    /// The recorded tree, if any.
    pub fn tree(&self) -> Option<Arc<SearchTree>> {
        self.imp().tree.borrow().clone()
    }

    /// The recorded tree's picture, from its start down as far as
    /// `tictactoe tree --svg` draws it unless told otherwise.
    fn picture(&self) -> Option<(Drawing, Layout)> {
        let tree = self.tree()?;
        let drawing = search_drawing(&tree, 0, DEFAULT_MAX_PLY, MAX_DRAWN);
        let placed = layout(&drawing);
        Some((drawing, placed))
    }

    /// Asks where to save the recorded tree's picture, in `format`.
    fn choose_export_file(&self, format: PictureFormat) {
        let Some(tree) = self.tree() else {
            return;
        };
        tree_picture::save_as(
            &self.imp().file_chooser,
            self,
            format,
            &format!("{}-tree", tree.player().name()),
            TreeExplorer::picture,
            |explorer: &TreeExplorer, message, _| explorer.show_notice(message),
        );
    }

    // What the explorer shows, for the tests to read as a person would.

    pub fn board_view(&self) -> BoardView {
        self.imp().board_view.get()
    }

    pub fn list_view(&self) -> gtk::ListView {
        self.imp().list_view.get()
    }

    /// The expander of the selected node's evaluation.
    pub fn evaluation_expander(&self) -> gtk::Expander {
        self.imp().evaluation_expander.get()
    }

    pub fn evaluation_panel(&self) -> EvaluationPanel {
        self.imp().evaluation_panel.get()
    }

    /// The header bar's depth ("full" at 0).
    pub fn depth_spin(&self) -> gtk::SpinButton {
        self.imp().depth_spin.get()
    }

    /// The players the header bar offers, in its order.
    pub fn offered(&self) -> Vec<PlayerKind> {
        self.imp().players.borrow().clone()
    }

    /// The columns' headings, left to right.
    pub fn headings(&self) -> gtk::Box {
        self.imp().headings.get()
    }

    /// The header bar's menu of the tree's pictures.
    pub fn export_button(&self) -> gtk::MenuButton {
        self.imp().export_button.get()
    }

    pub fn step_forward_button(&self) -> gtk::Button {
        self.imp().step_forward_button.get()
    }

    /// The step mode's steps per second.
    pub fn speed_scale(&self) -> gtk::Scale {
        self.imp().speed_scale.get()
    }

    /// The rows shown, each as a screen reader hears it.
    pub fn row_texts(&self) -> Vec<String> {
        let Some(selection) = self.imp().selection.borrow().clone() else {
            return Vec::new();
        };
        (0..selection.n_items())
            .filter_map(|position| self.item_at(&selection, position))
            .map(|item| item.sentence(TextStyle::WINDOW, self.is_principal(&item)))
            .collect()
    }

    /// The header bar's Settings button and its popover's order, pruning
    /// and fail drop-downs, as a person reaches them.
    pub fn settings_controls(&self) -> (gtk::MenuButton, [gtk::DropDown; 3]) {
        let imp = self.imp();
        (
            imp.settings_button.clone(),
            [
                imp.order_dropdown.clone(),
                imp.prune_dropdown.clone(),
                imp.fail_dropdown.clone(),
            ],
        )
    }

    /// The header bar's player drop-down.
    pub fn player_dropdown(&self) -> gtk::DropDown {
        self.imp().player_dropdown.clone()
    }

    /// Selects row `position`, as a click does.
    pub fn select_row(&self, position: u32) {
        if let Some(selection) = self.imp().selection.borrow().clone() {
            selection.set_selected(position);
        }
    }

    /// Opens or closes row `position`.
    pub fn set_row_expanded(&self, position: u32, expanded: bool) {
        let row = self
            .imp()
            .selection
            .borrow()
            .as_ref()
            .and_then(|selection| selection.item(position))
            .and_downcast::<gtk::TreeListRow>();
        if let Some(row) = row {
            row.set_expanded(expanded);
        }
    }

    /// The selected row's node id in the tree, if it is a recorded node.
    pub fn selected_node(&self) -> Option<usize> {
        self.selected_item()?.data().explorer_id
    }

    pub fn step_text(&self) -> String {
        self.imp().step_label.label().into()
    }

    pub fn summary_text(&self) -> String {
        self.imp().summary_label.label().into()
    }

    fn item_at(&self, selection: &gtk::SingleSelection, position: u32) -> Option<TreeItem> {
        selection
            .item(position)
            .and_downcast::<gtk::TreeListRow>()?
            .item()
            .and_downcast()
    }

    /// What was searched and how much: the line above the tree.
    fn summary(&self) -> Option<String> {
        let tree = self.tree()?;
        let board = tree.root_position();
        let depth = if tree.depth() >= board.empty().count_ones() {
            gettext("to the end of the game")
        } else {
            fill(
                &ngettext(
                    "{depth} move ahead",
                    "{depth} moves ahead",
                    plural_count(u64::from(tree.depth())),
                ),
                &[("depth", &tree.depth())],
            )
        };
        let below = tree.nodes_searched();
        let total = tree.node(0).subtree_nodes();
        let kept = group(tree.len() as u64);
        if tree.is_guided() {
            return Some(fill(
                &ngettext(
                    "{player} ran {count} simulation from the start with {side} to move, each down the moves with the highest PUCT score to a position its network evaluated: {kept} nodes kept. Each row gives the simulations through its move (visits), their mean value on X's scale (+1 X wins, −1 O wins), the network's prior for the move and its PUCT score for the side choosing it: its mean value for that side plus a bonus for a high prior and few visits.",
                    "{player} ran {count} simulations from the start with {side} to move, each down the moves with the highest PUCT score to a position its network evaluated: {kept} nodes kept. Each row gives the simulations through its move (visits), their mean value on X's scale (+1 X wins, −1 O wins), the network's prior for the move and its PUCT score for the side choosing it: its mean value for that side plus a bonus for a high prior and few visits.",
                    plural_count(total.saturating_sub(1)),
                ),
                &[
                    ("player", &tree.player().display_name()),
                    ("count", &group(total.saturating_sub(1))),
                    ("side", &board.side_to_move().mark()),
                    ("kept", &kept),
                ],
            ));
        }
        if let Some(question) = tree.proof_question() {
            return Some(fill(
                &ngettext(
                    "{player} asked whether {question} wins from the start, with {side} to move: its tree of that question has {count} node, {kept} kept. Each row gives a position's proof number (the fewest unsettled leaves whose proof would prove that {question} wins) and its disproof number (the fewest to disprove it); a node proved or disproved is settled. It always expands the most-proving node: down the child with the smallest proof number where {question} moves, the smallest disproof number where the other side moves.",
                    "{player} asked whether {question} wins from the start, with {side} to move: its tree of that question has {count} nodes, {kept} kept. Each row gives a position's proof number (the fewest unsettled leaves whose proof would prove that {question} wins) and its disproof number (the fewest to disprove it); a node proved or disproved is settled. It always expands the most-proving node: down the child with the smallest proof number where {question} moves, the smallest disproof number where the other side moves.",
                    plural_count(total),
                ),
                &[
                    ("player", &tree.player().display_name()),
                    ("question", &question.mark()),
                    ("count", &group(total)),
                    ("side", &board.side_to_move().mark()),
                    ("kept", &kept),
                ],
            ));
        }
        if !tree.has_windows() {
            return Some(fill(
                &ngettext(
                    "{player} played {count} random game from the start with {side} to move and grew a tree of the moves they began with: {kept} nodes kept. Each row gives the games that went through its move (visits) and their mean result on X's scale: +1 if X won them all, 0 for draws, −1 if O won them all.",
                    "{player} played {count} random games from the start with {side} to move and grew a tree of the moves they began with: {kept} nodes kept. Each row gives the games that went through its move (visits) and their mean result on X's scale: +1 if X won them all, 0 for draws, −1 if O won them all.",
                    plural_count(total),
                ),
                &[
                    ("player", &tree.player().display_name()),
                    ("count", &group(total)),
                    ("side", &board.side_to_move().mark()),
                    ("kept", &kept),
                ],
            ));
        }
        // A deepening search's log row counts every round, the tree one
        // search: then the log's count is not the tree's, and both are said.
        let logged = tree_words::logged_count_text(&tree);
        let summary = fill(
            &if logged.is_some() {
                ngettext(
                    "{player} searched {depth} with {side} to move: {total} node, the start and {count} position below it, {kept} kept. Values and windows are on X's scale: positive favours X, negative O; α is what X is already sure of, β what O is.",
                    "{player} searched {depth} with {side} to move: {total} nodes, the start and {count} positions below it, {kept} kept. Values and windows are on X's scale: positive favours X, negative O; α is what X is already sure of, β what O is.",
                    plural_count(total),
                )
            } else {
                ngettext(
                    "{player} searched {depth} with {side} to move: {total} node, the start and {count} position below it (the log's count), {kept} kept. Values and windows are on X's scale: positive favours X, negative O; α is what X is already sure of, β what O is.",
                    "{player} searched {depth} with {side} to move: {total} nodes, the start and {count} positions below it (the log's count), {kept} kept. Values and windows are on X's scale: positive favours X, negative O; α is what X is already sure of, β what O is.",
                    plural_count(total),
                )
            },
            &[
                ("player", &tree.player().display_name()),
                ("depth", &depth),
                ("side", &board.side_to_move().mark()),
                ("total", &group(total)),
                ("count", &group(below)),
                ("kept", &kept),
            ],
        );
        // The settings in force when not the defaults, and the node types.
        let settings = settings_words(tree.settings())
            .map(|words| fill(&gettext("Settings: {settings}."), &[("settings", &words)]));
        let types = tree_words::type_counts_text(&tree);
        Some(
            [Some(summary), logged, settings, Some(format!("{types}."))]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    /// The columns' headings for the kind of tree shown (values in a
    /// window, or Monte Carlo's visits and mean results), and the columns'
    /// widths: each its widest text's, in bold as the principal variation's
    /// rows are, so that no text is cut and the columns line up.
    fn show_headings(&self, tree: &SearchTree) {
        let imp = self.imp();
        let windows = tree.has_windows();
        let guided = tree.is_guided();
        let proof = tree.proof_question().is_some();
        imp.value_heading.set_label(&if windows {
            gettext("Value (X's scale)")
        } else if proof {
            gettext("Proof and disproof numbers")
        } else if guided {
            gettext("Mean value (X's scale)")
        } else {
            gettext("Mean result (X's scale)")
        });
        // The neural player's prior and PUCT score take the window's column.
        imp.window_heading.set_label(&if guided {
            gettext("Prior, PUCT score")
        } else {
            gettext("Window")
        });
        imp.window_heading
            .set_opacity(if windows || guided { 1.0 } else { 0.0 });
        imp.type_heading
            .set_opacity(if windows { 1.0 } else { 0.0 });
        imp.nodes_heading.set_label(&if windows || proof {
            gettext("Nodes")
        } else {
            gettext("Visits")
        });
        let (values, endings) = tree_words::column_samples(tree);
        let limit = tictactoe_words::numbers::window_limit(-(tictactoe_engine::score::WIN - 1));
        let window = if guided {
            fill(
                &gettext("{prior}, PUCT score {score}"),
                &[
                    ("prior", &tictactoe_words::report::prior_words(1.0)),
                    ("score", &"−0.999"),
                ],
            )
        } else {
            fill(
                &gettext("α {alpha}, β {beta}"),
                &[("alpha", &limit), ("beta", &limit)],
            )
        };
        let nodes = group(tree.node(0).subtree_nodes());
        let headings = [
            &*imp.value_heading,
            &*imp.window_heading,
            &*imp.type_heading,
            &*imp.nodes_heading,
            &*imp.ending_heading,
        ];
        let types = if windows {
            tree_words::node_type_samples()
        } else {
            Vec::new()
        };
        let samples = [values, vec![window], types, vec![nodes], endings];
        let mut widths = [0; 5];
        for ((width, heading), texts) in widths.iter_mut().zip(headings).zip(&samples) {
            *width = texts
                .iter()
                .map(String::as_str)
                .chain([heading.label().as_str()])
                .map(|text| self.bold_width(text))
                .max()
                .unwrap_or(0);
            heading.set_width_request(*width);
        }
        imp.column_widths.set(widths);
    }

    /// How wide `text` is in the list's font, in bold.
    fn bold_width(&self, text: &str) -> i32 {
        let layout = self.imp().list_view.create_pango_layout(Some(text));
        let attributes = gtk::pango::AttrList::new();
        attributes.insert(gtk::pango::AttrInt::new_weight(gtk::pango::Weight::Bold));
        layout.set_attributes(Some(&attributes));
        layout.pixel_size().0
    }

    /// Shows `tree`: its root row open, the root selected, the step
    /// cursor at the start.
    fn show_tree(&self, tree: Arc<SearchTree>) {
        let imp = self.imp();
        self.stop_playing();
        imp.principal.replace(principal_variation(&tree));
        imp.cursor.replace(StepCursor::default());
        imp.tree.replace(Some(tree.clone()));
        let roots = gio::ListStore::new::<TreeItem>();
        self.show_headings(&tree);
        roots.append(&TreeItem::root(tree));
        let model = gtk::TreeListModel::new(roots, false, false, |item| {
            item.downcast_ref::<TreeItem>()?
                .children()
                .map(|children| children.upcast())
        });
        let selection = gtk::SingleSelection::builder()
            .model(&model)
            .autoselect(false)
            .build();
        selection.connect_selected_item_notify(glib::clone!(
            #[weak(rename_to = explorer)]
            self,
            move |_| explorer.show_selected()
        ));
        imp.list_view.set_model(Some(&selection));
        imp.selection.replace(Some(selection.clone()));
        if let Some(root) = model.row(0) {
            root.set_expanded(true);
        }
        // The selection may hold the root already (a new selection picks its
        // first item), which tells no one: show it either way.
        selection.set_selected(0);
        self.show_selected();
        imp.summary_label
            .set_label(&self.summary().unwrap_or_default());
        self.set_tree_actions_enabled(true);
        self.show_step();
    }

    /// The rows: a `TreeRow` each, which searches an unrecorded node's
    /// subtree again when it is expanded.
    fn row_factory(&self) -> gtk::SignalListItemFactory {
        let factory = gtk::SignalListItemFactory::new();
        factory.connect_setup(|_, item| {
            if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
                item.set_child(Some(&TreeRow::default()));
            }
        });
        let explorer = self.downgrade();
        factory.connect_bind(move |_, item| {
            let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
                return;
            };
            let (Some(row), Some(widget), Some(explorer)) = (
                item.item().and_downcast::<gtk::TreeListRow>(),
                item.child().and_downcast::<TreeRow>(),
                explorer.upgrade(),
            ) else {
                return;
            };
            let Some(tree_item) = row.item().and_downcast::<TreeItem>() else {
                return;
            };
            let imp = explorer.imp();
            widget.set_column_widths(imp.column_widths.get());
            // The heading's plain words, where a person points at a type.
            widget.explain_node_type(imp.type_heading.tooltip_text().as_deref());
            widget.bind(&row, &tree_item, explorer.is_principal(&tree_item));
            let explorer = explorer.downgrade();
            widget.watch_expansion(&row, move |item| {
                if let Some(explorer) = explorer.upgrade() {
                    explorer.search_again(item);
                }
            });
        });
        factory.connect_unbind(|_, item| {
            if let Some(widget) = item
                .downcast_ref::<gtk::ListItem>()
                .and_then(|item| item.child().and_downcast::<TreeRow>())
            {
                widget.unbind();
            }
        });
        factory
    }

    /// Fills in an unrecorded node's children: its search run again, in the
    /// background.
    fn search_again(&self, item: &TreeItem) {
        if !item.awaits_expansion() {
            return;
        }
        let (Some(id), data) = (item.node_id(), item.data()) else {
            return;
        };
        let recording = Recording::start(
            TreeJob::Expand {
                tree: data.tree.clone(),
                id,
            },
            self.imp().budget.get(),
        );
        glib::spawn_future_local(glib::clone!(
            #[weak(rename_to = explorer)]
            self,
            #[weak]
            item,
            async move {
                match recording.finished().await {
                    Ok(subtree) => item.fill_from(Arc::new(subtree)),
                    Err(_) => {
                        explorer.show_notice(&gettext("The subtree could not be searched again."))
                    }
                }
            }
        ));
    }

    /// Whether `item` is a node of the principal variation.
    fn is_principal(&self, item: &TreeItem) -> bool {
        item.data()
            .explorer_id
            .is_some_and(|id| self.imp().principal.borrow().contains(&id))
    }

    /// The selected row's item.
    fn selected_item(&self) -> Option<TreeItem> {
        let selection = self.imp().selection.borrow().clone()?;
        self.item_at(&selection, selection.selected())
    }

    /// Shows the selected node on the board and in words, and moves the
    /// step cursor to it.
    fn show_selected(&self) {
        let imp = self.imp();
        let Some(item) = self.selected_item() else {
            return;
        };
        let data = item.data();
        imp.board_view
            .show_position(data.position, data.path.last().copied());
        imp.board_view.set_path(data.path.clone());
        imp.details_label.set_label(&self.details(&item));
        imp.evaluation_panel.show_board(data.position);
        if !imp.stepping.get()
            && let (Some(id), Some(tree)) = (data.explorer_id, self.tree())
        {
            imp.cursor.replace(StepCursor::entering(&tree, id));
            self.show_step();
        }
    }

    /// The selected row in full: its sentence, the moves that led to it,
    /// and for a cutoff the moves it pruned.
    fn details(&self, item: &TreeItem) -> String {
        let data = item.data();
        let style = TextStyle::WINDOW.on(data.tree.root_position().shape());
        let mut lines = vec![item.sentence(style, self.is_principal(item))];
        if !data.path.is_empty() {
            let root = *data.tree.root_position();
            let mut board = self.tree().map_or(root, |tree| *tree.root_position());
            let moves: Vec<String> = data
                .path
                .iter()
                .map(|&cell| {
                    let side = board.side_to_move();
                    board.toggle(cell, side);
                    format!("{} {}", side.mark(), style.move_number(cell))
                })
                .collect();
            lines.push(fill(
                &gettext("Moves from the start: {moves}"),
                &[("moves", &moves.join(", "))],
            ));
        }
        if let TreeItemKind::Node(id) = data.kind {
            let pruned = data.tree.pruned(id, &data.position);
            if !pruned.is_empty() {
                lines.push(fill(
                    &gettext("Pruned: {cells}"),
                    &[("cells", &style.move_numbers(&pruned, ", "))],
                ));
            }
        }
        lines.join("\n")
    }

    /// Opens the rows along the principal variation and selects its end.
    fn expand_principal_variation(&self) {
        let principal = self.imp().principal.borrow().clone();
        let (Some(&last), Some(tree)) = (principal.last(), self.tree()) else {
            return;
        };
        self.reveal(last);
        self.imp().cursor.replace(StepCursor::entering(&tree, last));
        self.show_step();
    }

    /// The list row of node `id` of the explorer's tree, its ancestors'
    /// rows opened.
    fn row_of(&self, id: usize) -> Option<gtk::TreeListRow> {
        let tree = self.tree()?;
        let selection = self.imp().selection.borrow().clone()?;
        let model = selection.model().and_downcast::<gtk::TreeListModel>()?;
        let path = tree.ancestry(id);
        let mut row = model.row(0)?;
        for pair in path.windows(2) {
            row.set_expanded(true);
            let index = tree.children(pair[0]).position(|child| child == pair[1])?;
            row = row.child_row(index as u32)?;
        }
        Some(row)
    }

    /// Opens the rows down to node `id`, selects it and scrolls to it.
    fn reveal(&self, id: usize) {
        let imp = self.imp();
        let (Some(row), Some(selection)) = (self.row_of(id), imp.selection.borrow().clone()) else {
            return;
        };
        let position = row.position();
        imp.stepping.set(true);
        selection.set_selected(position);
        imp.stepping.set(false);
        if !self.row_in_view(position, selection.n_items()) {
            // GTK 4.8 has no ListView::scroll_to; the list's own action
            // does it, at a cost worth paying only when the row is hidden.
            let _ = imp
                .list_view
                .activate_action("list.scroll-to-item", Some(&position.to_variant()));
        }
    }

    /// Whether row `position` of `rows` is in the scrolled list's view (the
    /// rows are one line each, so all of the same height).
    fn row_in_view(&self, position: u32, rows: u32) -> bool {
        let Some(adjustment) = self
            .imp()
            .list_view
            .parent()
            .and_downcast::<gtk::ScrolledWindow>()
            .map(|scrolled| scrolled.vadjustment())
        else {
            return false;
        };
        let height = adjustment.upper() / f64::from(rows.max(1));
        let top = f64::from(position) * height;
        top >= adjustment.value() && top + height <= adjustment.value() + adjustment.page_size()
    }

    /// Moves the step cursor with `step` and shows where it is.
    fn step(&self, step: impl FnOnce(&mut StepCursor, &SearchTree) -> bool) -> bool {
        let Some(tree) = self.tree() else {
            return false;
        };
        let moved = step(&mut self.imp().cursor.borrow_mut(), &tree);
        if moved {
            let node = self.imp().cursor.borrow().node();
            self.reveal(node);
            self.show_step();
        }
        moved
    }

    /// The step label, and which step buttons can act.
    fn show_step(&self) {
        let imp = self.imp();
        let Some(tree) = self.tree() else {
            return;
        };
        let cursor = imp.cursor.borrow().clone();
        imp.step_label
            .set_label(&tree_words::step_text(&tree, &cursor, TextStyle::WINDOW));
        let (first, last) = (cursor.is_first(), cursor.is_last(&tree));
        self.action_set_enabled("explorer.step-back", !first);
        self.action_set_enabled("explorer.step-first", !first);
        self.action_set_enabled("explorer.step-forward", !last);
        self.action_set_enabled("explorer.step-last", !last);
        if last {
            self.stop_playing();
        }
    }

    fn toggle_playing(&self) {
        if self.imp().playing.borrow().is_some() {
            self.stop_playing();
        } else {
            self.start_playing();
        }
    }

    /// Steps forward at the chosen speed until the last step.
    fn start_playing(&self) {
        let imp = self.imp();
        let per_second = imp.speed_scale.value().max(1.0);
        let source = glib::timeout_add_local(
            Duration::from_secs_f64(1.0 / per_second),
            glib::clone!(
                #[weak(rename_to = explorer)]
                self,
                #[upgrade_or]
                glib::ControlFlow::Break,
                move || {
                    if explorer.step(|cursor, tree| cursor.forward(tree)) {
                        glib::ControlFlow::Continue
                    } else {
                        explorer.imp().playing.take();
                        explorer.show_playing(false);
                        glib::ControlFlow::Break
                    }
                }
            ),
        );
        imp.playing.replace(Some(source));
        self.show_playing(true);
    }

    fn stop_playing(&self) {
        if let Some(source) = self.imp().playing.take() {
            source.remove();
        }
        self.show_playing(false);
    }

    fn show_playing(&self, playing: bool) {
        let button = &self.imp().play_button;
        button.set_active(playing);
        let (icon, name) = if playing {
            ("media-playback-pause-symbolic", gettext("Pause"))
        } else {
            ("media-playback-start-symbolic", gettext("Play"))
        };
        button.set_icon_name(icon);
        accessible::set_label(&**button, &name);
    }
}

/// The explorer of a window, made on first use and kept while open.
#[derive(Default)]
pub struct ExplorerSlot(glib::WeakRef<TreeExplorer>);

impl ExplorerSlot {
    /// The open explorer, or a new one for `parent`.
    pub fn get_or_open(&self, parent: &impl IsA<gtk::Window>) -> TreeExplorer {
        if let Some(explorer) = self.0.upgrade() {
            return explorer;
        }
        let explorer = TreeExplorer::new(parent);
        self.0.set(Some(&explorer));
        explorer
    }

    /// The open explorer, if any.
    pub fn get(&self) -> Option<TreeExplorer> {
        self.0.upgrade()
    }
}
