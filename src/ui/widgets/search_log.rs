//! The search log: what every move's search did, one row per line, in a
//! list view that keeps the newest row in sight. A search's rows enter the
//! list a few per frame, so that laying them out never makes a frame late.
//! Selecting a search's row shows that search on the board; selecting it
//! again lets go.

use std::rc::Rc;

use gtk::subclass::prelude::*;
use gtk::{gio, glib, prelude::*};

use crate::ui::widgets::log_entry::{LogEntry, LogKind};
use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_engine::report::SearchReport;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::report::ReportWords;
use tictactoe_words::report::TextStyle;

/// Emitted when the selected search changes, or no search is selected.
const SEARCH_SELECTED: &str = "search-selected";

/// A row waiting to enter the list: its kind, text and search.
type QueuedRow = (LogKind, String, Option<Rc<SearchReport>>);

/// How many rows enter the list in one frame. Each new row is a label to
/// lay out and draw; a whole report at once (some 27 rows on 5x5) made its
/// frame miss the display's deadline.
const ROWS_PER_FRAME: usize = 2;

mod imp {
    use std::cell::{Cell, OnceCell, RefCell};
    use std::collections::VecDeque;
    use std::sync::OnceLock;

    use gtk::glib::subclass::Signal;
    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, gio, glib, prelude::*};

    use super::QueuedRow;
    use crate::ui::widgets::log_entry::LogEntry;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/search_log.ui")]
    pub struct SearchLog {
        #[template_child]
        pub(super) scrolled_window: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub(super) list_view: TemplateChild<gtk::ListView>,
        #[template_child]
        pub(super) placeholder: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) copy_button: TemplateChild<gtk::Button>,
        pub(super) entries: OnceCell<gio::ListStore>,
        pub(super) selection: OnceCell<gtk::SingleSelection>,
        /// The view stays at the newest row until the person scrolls up.
        pub(super) following: Cell<bool>,
        pub(super) scroll_pending: Cell<bool>,
        /// Rows waiting for a frame to enter the list.
        pub(super) queued: RefCell<VecDeque<QueuedRow>>,
        /// Feeds the queued rows in, one batch per frame, while there are any.
        pub(super) feeding: RefCell<Option<gtk::TickCallbackId>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for SearchLog {
        const NAME: &'static str = "TictactoeSearchLog";
        type Type = super::SearchLog;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for SearchLog {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| vec![Signal::builder(super::SEARCH_SELECTED).build()])
        }

        fn constructed(&self) {
            self.parent_constructed();
            let entries = gio::ListStore::new::<LogEntry>();
            let selection = gtk::SingleSelection::builder()
                .model(&entries)
                .autoselect(false)
                .build();
            let log = self.obj().downgrade();
            selection.connect_selection_changed(move |_, _, _| {
                if let Some(log) = log.upgrade() {
                    log.emit_by_name::<()>(super::SEARCH_SELECTED, &[]);
                }
            });
            self.list_view.set_model(Some(&selection));
            self.list_view
                .set_factory(Some(&super::row_factory(&selection)));
            // A double click (or Enter) on a search's row explores it. The
            // double click's second press has let go of the row: select it
            // again.
            self.list_view.connect_activate(glib::clone!(
                #[weak]
                selection,
                move |list_view, position| {
                    let searched = selection
                        .item(position)
                        .and_downcast::<LogEntry>()
                        .is_some_and(|entry| entry.search().is_some());
                    if searched {
                        selection.select_item(position, true);
                        let _ = list_view.activate_action("win.explore", None);
                    }
                }
            ));
            self.entries
                .set(entries)
                .expect("constructed runs once per object");
            self.selection
                .set(selection)
                .expect("constructed runs once per object");
            self.following.set(true);
            self.obj().follow_new_rows();
        }
    }

    impl WidgetImpl for SearchLog {}
    impl BoxImpl for SearchLog {}
}

glib::wrapper! {
    pub struct SearchLog(ObjectSubclass<imp::SearchLog>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

/// A right click on a search's row selects it and offers to explore its
/// tree.
fn context_menu_click(
    item: &gtk::ListItem,
    selection: glib::WeakRef<gtk::SingleSelection>,
) -> gtk::GestureClick {
    let click = gtk::GestureClick::builder()
        .button(gtk::gdk::BUTTON_SECONDARY)
        .build();
    click.connect_pressed(glib::clone!(
        #[weak]
        item,
        move |gesture, _, x, y| {
            let (Some(entry), Some(row), Some(selection)) = (
                item.item().and_downcast::<LogEntry>(),
                gesture.widget(),
                selection.upgrade(),
            ) else {
                return;
            };
            if entry.search().is_none() {
                return;
            }
            selection.select_item(item.position(), true);
            let menu = gio::Menu::new();
            menu.append(Some(&gettext("_Explore This Search")), Some("win.explore"));
            let popover = gtk::PopoverMenu::from_model(Some(&menu));
            popover.set_parent(&row);
            popover.set_pointing_to(Some(&gtk::gdk::Rectangle::new(x as i32, y as i32, 1, 1)));
            popover.connect_closed(|popover| {
                // After the menu's action has run.
                glib::idle_add_local_once(glib::clone!(
                    #[weak]
                    popover,
                    move || popover.unparent()
                ));
            });
            popover.popup();
        }
    ));
    click
}

/// A detail row longer than this wraps, so that it cannot widen the log
/// (and narrow the board's side) past what the header rows take.
const WRAPPED_DETAIL_CHARS: usize = 60;

/// The rows' widgets: one wrapping label each, styled by kind and by
/// position for the alternating colours. A click on the selected row lets
/// go of it, which a list's own click never does.
fn row_factory(selection: &gtk::SingleSelection) -> gtk::SignalListItemFactory {
    let factory = gtk::SignalListItemFactory::new();
    let selection = selection.downgrade();
    factory.connect_setup(move |_, item| {
        if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
            let label = gtk::Label::builder()
                .xalign(0.0)
                .wrap_mode(gtk::pango::WrapMode::WordChar)
                .css_classes(["log-row"])
                .build();
            let click = gtk::GestureClick::new();
            // Whether the row was selected before this click selected it.
            let was_selected = std::rc::Rc::new(std::cell::Cell::new(false));
            click.connect_pressed(glib::clone!(
                #[weak]
                item,
                #[strong]
                was_selected,
                move |_, _, _, _| was_selected.set(item.is_selected())
            ));
            click.connect_released(glib::clone!(
                #[strong]
                selection,
                move |_, _, _, _| {
                    if was_selected.get()
                        && let Some(selection) = selection.upgrade()
                    {
                        selection.set_selected(gtk::INVALID_LIST_POSITION);
                    }
                }
            ));
            label.add_controller(click);
            label.add_controller(context_menu_click(item, selection.clone()));
            item.set_child(Some(&label));
        }
    });
    factory.connect_bind(|_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let (Some(entry), Some(label)) = (
            item.item().and_downcast::<LogEntry>(),
            item.child().and_downcast::<gtk::Label>(),
        ) else {
            return;
        };
        label.set_label(&entry.text());
        // Header rows and the rare long detail row (a note) wrap; the
        // many short detail rows do not, as measuring a wrapping label
        // costs a full text layout per width tried.
        label.set_wrap(
            entry.kind() != LogKind::Detail || entry.text().chars().count() > WRAPPED_DETAIL_CHARS,
        );
        // Rows are recycled: drop the classes of the entry shown before.
        let mut classes = vec!["log-row", entry.kind().css_class()];
        if entry.index() % 2 == 1 {
            classes.push("odd");
        }
        // Restyling is costly; a recycled row often keeps its classes.
        if label.css_classes() != classes {
            label.set_css_classes(&classes);
        }
    });
    factory
}

impl SearchLog {
    fn entries(&self) -> &gio::ListStore {
        self.imp()
            .entries
            .get()
            .expect("the store is made in constructed")
    }

    pub fn copy_button(&self) -> gtk::Button {
        self.imp().copy_button.get()
    }

    pub fn list_view(&self) -> gtk::ListView {
        self.imp().list_view.get()
    }

    /// The search of the selected row, if it is one's.
    pub fn selected_search(&self) -> Option<Rc<SearchReport>> {
        let selection = self.imp().selection.get()?;
        selection
            .selected_item()
            .and_downcast::<LogEntry>()?
            .search()
    }

    /// Selects row `position` of the log, as a click does.
    pub fn select_row(&self, position: u32) {
        self.flush();
        if let Some(selection) = self.imp().selection.get() {
            selection.select_item(position, true);
        }
    }

    /// Lets go of the selected row, if any.
    pub fn unselect(&self) {
        if let Some(selection) = self.imp().selection.get()
            && selection.selected() != gtk::INVALID_LIST_POSITION
        {
            selection.set_selected(gtk::INVALID_LIST_POSITION);
        }
    }

    /// Calls `handler` whenever another row, or none, is selected.
    pub fn connect_search_selected<F: Fn(&SearchLog) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(SEARCH_SELECTED, false, move |values| {
            handler(&values[0].get::<SearchLog>().ok()?);
            None
        })
    }

    pub fn clear(&self) {
        let imp = self.imp();
        imp.queued.borrow_mut().clear();
        if let Some(feeding) = imp.feeding.take() {
            feeding.remove();
        }
        self.entries().remove_all();
        imp.placeholder.set_visible(true);
        imp.following.set(true);
    }

    /// A row about the game as a whole: its players or its result.
    pub fn add_game_row(&self, text: &str) {
        self.append(vec![(LogKind::Game, text.to_owned(), None)]);
    }

    /// A computer move on a board of `shape`: a header row, then a row per
    /// note and candidate; every row shows the search when selected.
    pub fn add_report(&self, report: Rc<SearchReport>, shape: Shape) {
        let number = report.stones + 1;
        let style = TextStyle::WINDOW.on(shape);
        let mut rows = vec![(
            LogKind::Move,
            format!("{number}. {}", report.summary(style)),
            Some(report.clone()),
        )];
        rows.extend(
            report
                .detail_lines(style)
                .into_iter()
                .map(|line| (LogKind::Detail, line, Some(report.clone()))),
        );
        self.append(rows);
    }

    /// A person's move on a board of `shape`, numbered like the computer
    /// moves; `cell` counts from 0 as the engine does and is shown as the
    /// board numbers it (from 1; a column on a board with gravity).
    pub fn add_human_move(&self, number: u32, side: Side, cell: usize, shape: Shape) {
        self.add_move(number, side, PlayerKind::Human, cell, shape);
    }

    /// A move without its search (a person's, or one read from a file).
    pub fn add_move(&self, number: u32, side: Side, player: PlayerKind, cell: usize, shape: Shape) {
        let style = TextStyle::WINDOW.on(shape);
        let plays = fill(
            &gettext("plays {cell}"),
            &[("cell", &style.move_name(cell))],
        );
        let text = format!("{number}. {} {} {plays}", side.mark(), style.player(player));
        self.append(vec![(LogKind::Move, text, None)]);
    }

    /// How many rows of `kind` the log holds.
    pub fn count(&self, kind: LogKind) -> usize {
        self.rows().filter(|entry| entry.kind() == kind).count()
    }

    /// The whole log as text, one line per row.
    pub fn text(&self) -> String {
        self.rows()
            .map(|entry| entry.to_plain_text() + "\n")
            .collect()
    }

    pub fn copy_to_clipboard(&self) {
        WidgetExt::clipboard(self).set_text(&self.text());
    }

    /// Every row, the queued ones too.
    fn rows(&self) -> impl Iterator<Item = LogEntry> + '_ {
        self.flush();
        let entries = self.entries();
        (0..entries.n_items()).filter_map(|position| entries.item(position).and_downcast())
    }

    /// Queues rows for the next frames. They start a frame late: a move
    /// arrives with its report, and the frame that draws the move on the
    /// board and the status line has enough to do.
    fn append(&self, rows: Vec<QueuedRow>) {
        let imp = self.imp();
        imp.queued.borrow_mut().extend(rows);
        if imp.feeding.borrow().is_some() {
            return;
        }
        let first_frame = std::cell::Cell::new(true);
        let feeding = self.add_tick_callback(move |log, _| {
            if first_frame.replace(false) {
                return glib::ControlFlow::Continue;
            }
            log.enter_rows(ROWS_PER_FRAME);
            if log.imp().queued.borrow().is_empty() {
                log.imp().feeding.take();
                glib::ControlFlow::Break
            } else {
                glib::ControlFlow::Continue
            }
        });
        imp.feeding.replace(Some(feeding));
    }

    /// Puts every queued row in the list now.
    fn flush(&self) {
        let imp = self.imp();
        if let Some(feeding) = imp.feeding.take() {
            feeding.remove();
        }
        self.enter_rows(usize::MAX);
    }

    /// Moves up to `limit` queued rows into the list.
    fn enter_rows(&self, limit: usize) {
        let imp = self.imp();
        let entries = self.entries();
        let first = entries.n_items();
        let new_entries: Vec<LogEntry> = {
            let mut queued = imp.queued.borrow_mut();
            let count = limit.min(queued.len());
            queued
                .drain(..count)
                .zip(first..)
                .map(|((kind, text, search), index)| LogEntry::new(kind, &text, index, search))
                .collect()
        };
        if new_entries.is_empty() {
            return;
        }
        entries.extend_from_slice(&new_entries);
        imp.placeholder.set_visible(false);
        if imp.following.get() {
            self.scroll_to_end();
        }
    }

    fn scroll_to_end(&self) {
        let count = self.entries().n_items();
        if count > 0 {
            // GTK 4.8 has no ListView::scroll_to yet; its list action does it.
            let _ = self
                .imp()
                .list_view
                .activate_action("list.scroll-to-item", Some(&(count - 1).to_variant()));
        }
    }

    /// Keeps the newest row in view while the view is at the bottom. The
    /// list scrolls to its rows' estimated heights and learns the real ones
    /// as it lays them out, so it scrolls again once the height changes.
    fn follow_new_rows(&self) {
        /// About a row: closer to the end than this counts as at the end.
        const NEAR_END: f64 = 32.0;
        let adjustment = self.imp().scrolled_window.vadjustment();
        adjustment.connect_value_changed(glib::clone!(
            #[weak(rename_to = log)]
            self,
            move |adjustment| {
                let end = adjustment.upper() - adjustment.page_size();
                log.imp()
                    .following
                    .set(adjustment.value() >= end - NEAR_END);
            }
        ));
        adjustment.connect_changed(glib::clone!(
            #[weak(rename_to = log)]
            self,
            move |adjustment| {
                let imp = log.imp();
                let end = adjustment.upper() - adjustment.page_size();
                if imp.following.get()
                    && adjustment.value() < end
                    && !imp.scroll_pending.replace(true)
                {
                    // Not from inside the list's own layout, which would
                    // ignore it.
                    glib::idle_add_local_once(glib::clone!(
                        #[weak]
                        log,
                        move || {
                            log.imp().scroll_pending.set(false);
                            log.scroll_to_end();
                        }
                    ));
                }
            }
        ));
    }
}
