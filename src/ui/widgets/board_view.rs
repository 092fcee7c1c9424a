//! The board: a drawing area that draws the position with cairo and turns
//! clicks and keys into a "cell-activated" signal. It knows no rules: the
//! window decides what an activation means.

use gtk::subclass::prelude::*;
use gtk::{cairo, gdk, glib, graphene, pango, prelude::*};

use crate::ui::shared::accessible;
use crate::ui::shared::board_painting::{
    self, BoardLayout, BoardPalette, Falling, Painting, Target, arrow_step, digit_choice,
    draw_stone, frame_cell, key_cell, key_target, rounded_rectangle, tint_cell,
};
use crate::ui::shared::painting::set_colour;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_words::cell_marks::{CellMark, Tone, Truth, network_value_label, prior_label};
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::position::{board_words, move_number, move_place};

mod imp {
    use std::cell::{Cell, RefCell};
    use std::sync::OnceLock;

    use gtk::glib::subclass::Signal;
    use gtk::subclass::prelude::*;
    use gtk::{glib, prelude::*};

    use tictactoe_words::cell_marks::CellMark;

    use tictactoe_engine::board::Board;

    use tictactoe_engine::geometry::Shape;

    use crate::ui::shared::board_painting::Falling;

    pub struct BoardView {
        pub(super) board: Cell<Board>,
        pub(super) last_move: Cell<Option<usize>>,
        /// The cell under the pointer.
        pub(super) hover: Cell<Option<usize>>,
        /// The cell the arrow keys move and Enter plays.
        pub(super) focus_cell: Cell<usize>,
        /// A person is to move: the hover and focus feedback show.
        pub(super) accepting: Cell<bool>,
        /// Whose turn or how the game ended, for the accessible description.
        pub(super) state_text: RefCell<String>,
        /// The last search's result for each candidate cell.
        pub(super) marks: RefCell<Vec<CellMark>>,
        pub(super) marks_visible: Cell<bool>,
        /// Moves numbered in order on their stones: the way from a
        /// searched position to the node the tree explorer shows.
        pub(super) path: RefCell<Vec<usize>>,
        /// The stone falling down its column, on a board with gravity.
        pub(super) falling: Cell<Option<Falling>>,
        /// When it began to fall, in the frame clock's microseconds: the
        /// first frame after the move.
        pub(super) fall_started: Cell<Option<i64>>,
        pub(super) fall_tick: RefCell<Option<gtk::TickCallbackId>>,
        /// What the window draws over the position (see `set_decoration`).
        pub(super) decoration: RefCell<Option<Box<super::Decoration>>>,
    }

    impl Default for BoardView {
        fn default() -> BoardView {
            let board = Board::new(Shape::default());
            BoardView {
                board: Cell::new(board),
                last_move: Cell::new(None),
                hover: Cell::new(None),
                focus_cell: Cell::new(super::centre_cell(board.shape())),
                accepting: Cell::new(false),
                state_text: RefCell::default(),
                marks: RefCell::default(),
                marks_visible: Cell::new(true),
                path: RefCell::default(),
                falling: Cell::new(None),
                fall_started: Cell::new(None),
                fall_tick: RefCell::new(None),
                decoration: RefCell::new(None),
            }
        }
    }

    #[glib::object_subclass]
    impl ObjectSubclass for BoardView {
        const NAME: &'static str = "TictactoeBoardView";
        type Type = super::BoardView;
        type ParentType = gtk::DrawingArea;

        fn class_init(klass: &mut Self::Class) {
            klass.set_css_name("boardview");
        }
    }

    impl ObjectImpl for BoardView {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder(super::CELL_ACTIVATED)
                        .param_types([u32::static_type()])
                        .build(),
                    Signal::builder(super::GRID_MISSED).build(),
                ]
            })
        }

        fn constructed(&self) {
            self.parent_constructed();
            let view = self.obj();
            view.set_focusable(true);
            view.set_focus_on_click(true);
            // The area owns the draw function, so it reaches the view through
            // its argument rather than holding a reference to itself.
            view.set_draw_func(|area, cr, width, height| {
                if let Some(view) = area.downcast_ref::<super::BoardView>() {
                    view.draw(cr, f64::from(width), f64::from(height));
                }
            });
            view.connect_input();
            view.update_description();
        }
    }

    impl WidgetImpl for BoardView {
        fn snapshot(&self, snapshot: &gtk::Snapshot) {
            self.parent_snapshot(snapshot);
            self.obj().snapshot_marks(snapshot);
        }
    }

    impl DrawingAreaImpl for BoardView {}
}

glib::wrapper! {
    pub struct BoardView(ObjectSubclass<imp::BoardView>)
        @extends gtk::DrawingArea, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget;
}

/// Drawing a window adds over the position, laid out as the board is.
pub type Decoration =
    dyn Fn(&cairo::Context, &BoardLayout, &BoardPalette) -> Result<(), cairo::Error>;

const CELL_ACTIVATED: &str = "cell-activated";
const GRID_MISSED: &str = "grid-missed";

/// Where the focus cell starts: the centre, or next to it up and left on
/// boards without one.
fn centre_cell(size: Shape) -> usize {
    ((size.height() - 1) / 2) * size.width() + (size.width() - 1) / 2
}

/// How long a stone takes to fall down its column, in microseconds.
const FALL_TIME: i64 = 250_000;

/// How much of a cell's width a mark's text may take; of its height, three
/// quarters of that, which keeps it clear of the cell's number.
const MARK_ROOM: f64 = 0.7;

fn with_alpha(colour: &gdk::RGBA, alpha: f64) -> gdk::RGBA {
    let mut colour = *colour;
    colour.set_alpha(colour.alpha() * alpha as f32);
    colour
}

/// What surrounds a mark's text of `text_size` pixels: a tint of the cell
/// for the best moves, and a ring round the text, solid for the chosen
/// move and dashed for a bound, so a bound never looks exact.
fn draw_mark_frame(
    cr: &cairo::Context,
    layout: &BoardLayout,
    palette: &BoardPalette,
    mark: &CellMark,
    text_size: (i32, i32),
) -> Result<(), cairo::Error> {
    let colour = palette.tone(mark.tone);
    if mark.best {
        tint_cell(cr, layout, mark.cell, colour, 0.12)?;
    }
    if !(mark.chosen || mark.bound) {
        return Ok(());
    }
    let (x, y) = layout.centre(mark.cell);
    let padding = layout.cell * 0.06;
    let height = f64::from(text_size.1) + padding;
    let width = (f64::from(text_size.0) + 2.0 * padding).max(height);
    // A pill round one line; round two lines a rounded box, which keeps
    // clear of their corners.
    let radius = (height / 2.0).min(layout.cell * 0.12);
    rounded_rectangle(cr, x - width / 2.0, y - height / 2.0, width, height, radius);
    let line_width = if mark.chosen {
        (layout.cell * 0.03).max(2.5)
    } else {
        1.5
    };
    cr.set_line_width(line_width);
    if mark.bound {
        cr.set_dash(&[line_width * 2.5, line_width * 2.0], 0.0);
    }
    set_colour(cr, colour, if mark.bound { 0.7 } else { 1.0 });
    let stroked = cr.stroke();
    cr.set_dash(&[], 0.0);
    stroked
}

/// The neural player's prior for a cell, a mark apart from its search's
/// visits in the middle: a bar along the foot of the cell, as long as the
/// prior's share of the cell's width (over a faint track of the whole
/// width), with the percentage above its right end and the network's
/// value after the move above its left end.
fn draw_prior(
    cr: &cairo::Context,
    layout: &BoardLayout,
    palette: &BoardPalette,
    cell: usize,
    prior: f64,
    network_value: Option<f64>,
) -> Result<(), cairo::Error> {
    let (x, y) = layout.corner(cell);
    let left = x + layout.cell * 0.08;
    let width = layout.cell * 0.84;
    let height = (layout.cell * 0.05).max(3.0);
    let top = y + layout.cell * 0.86;
    cr.rectangle(left, top, width, height);
    set_colour(cr, palette.foreground, 0.15);
    cr.fill()?;
    cr.rectangle(left, top, width * prior.clamp(0.0, 1.0), height);
    set_colour(cr, palette.foreground, 0.85);
    cr.fill()?;
    let mut font_size = (layout.cell * 0.11).max(9.0);
    cr.select_font_face("Sans", cairo::FontSlant::Italic, cairo::FontWeight::Normal);
    cr.set_font_size(font_size);
    let percent = prior_label(prior);
    let value = network_value.map(network_value_label);
    // Both over the bar, smaller where a narrow cell leaves them no room.
    let gap = font_size * 0.5;
    let mut needed = cr.text_extents(&percent)?.x_advance();
    if let Some(value) = &value {
        needed += gap + cr.text_extents(value)?.x_advance();
    }
    if needed > width {
        font_size *= width / needed;
        cr.set_font_size(font_size);
    }
    let baseline = top - font_size * 0.35;
    let extents = cr.text_extents(&percent)?;
    cr.move_to(left + width - extents.x_advance(), baseline);
    cr.show_text(&percent)?;
    // The network's value after the move, at the left end of the bar.
    if let Some(value) = value {
        cr.move_to(left, baseline);
        cr.show_text(&value)?;
    }
    Ok(())
}

/// A move's exact value beside the network's beliefs: a badge at the top
/// right of the cell in its value's colour, boxed where the network
/// prefers the move and it throws a better value away.
fn draw_truth(
    cr: &cairo::Context,
    layout: &BoardLayout,
    palette: &BoardPalette,
    cell: usize,
    truth: &Truth,
) -> Result<(), cairo::Error> {
    let (x, y) = layout.corner(cell);
    let mut font_size = (layout.cell * 0.13).max(9.0);
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size(font_size);
    let mut extents = cr.text_extents(&truth.text)?;
    // Smaller in a cell too narrow for it, so that it stays in its cell.
    let room = layout.cell * 0.8;
    if extents.x_advance() > room {
        font_size *= room / extents.x_advance();
        cr.set_font_size(font_size);
        extents = cr.text_extents(&truth.text)?;
    }
    let right = x + layout.cell * 0.92;
    let baseline = y + layout.cell * 0.06 + font_size;
    let colour = palette.tone(truth.tone);
    if truth.thrown_away {
        let padding = font_size * 0.25;
        rounded_rectangle(
            cr,
            right - extents.x_advance() - padding,
            baseline - font_size - padding * 0.5,
            extents.x_advance() + 2.0 * padding,
            font_size + 1.5 * padding,
            padding,
        );
        cr.set_line_width((layout.cell * 0.02).max(1.5));
        set_colour(cr, colour, 1.0);
        cr.stroke()?;
    }
    set_colour(cr, colour, 1.0);
    cr.move_to(right - extents.x_advance(), baseline);
    cr.show_text(&truth.text)
}

impl BoardView {
    /// The position shown.
    pub fn board(&self) -> Board {
        self.imp().board.get()
    }

    /// Shows an empty board of `size`, without marks: no search has
    /// looked at it yet.
    pub fn reset(&self, size: Shape) {
        let imp = self.imp();
        let board = Board::new(size);
        imp.focus_cell.set(centre_cell(size));
        imp.hover.set(None);
        imp.marks.borrow_mut().clear();
        self.show_position(board, None);
    }

    /// Shows `board`, with `last_move` marked.
    pub fn show_position(&self, board: Board, last_move: Option<usize>) {
        let imp = self.imp();
        if imp.board.get() == board && imp.last_move.get() == last_move {
            return;
        }
        let before = imp.board.replace(board);
        imp.last_move.set(last_move);
        // A stone new on a board with gravity falls to its cell.
        match last_move {
            Some(cell)
                if board.shape().gravity()
                    && before.shape() == board.shape()
                    && before.cell(cell).is_none()
                    && board.cell(cell).is_some() =>
            {
                self.let_fall(cell);
            }
            _ => self.stop_falling(),
        }
        self.update_description();
        self.queue_draw();
    }

    /// The cell whose stone is still falling, if one is.
    pub fn falling(&self) -> Option<usize> {
        self.imp().falling.get().map(|falling| falling.cell)
    }

    /// Lets the stone in `cell` fall down its column, briefly; at once in
    /// place where the desktop asks for reduced motion or nothing is shown.
    fn let_fall(&self, cell: usize) {
        let imp = self.imp();
        if !self.settings().is_gtk_enable_animations() || !self.is_mapped() {
            self.stop_falling();
            return;
        }
        imp.falling.set(Some(Falling {
            cell,
            progress: 0.0,
        }));
        imp.fall_started.set(None);
        if imp.fall_tick.borrow().is_some() {
            return;
        }
        let tick = self.add_tick_callback(|view, clock| {
            let imp = view.imp();
            let now = clock.frame_time();
            let started = imp.fall_started.get().unwrap_or(now);
            imp.fall_started.set(Some(started));
            let progress = (now - started) as f64 / FALL_TIME as f64;
            view.queue_draw();
            match imp.falling.get() {
                Some(falling) if progress < 1.0 => {
                    imp.falling.set(Some(Falling {
                        progress,
                        ..falling
                    }));
                    glib::ControlFlow::Continue
                }
                _ => {
                    imp.falling.set(None);
                    imp.fall_tick.take();
                    glib::ControlFlow::Break
                }
            }
        });
        imp.fall_tick.replace(Some(tick));
    }

    fn stop_falling(&self) {
        let imp = self.imp();
        imp.falling.set(None);
        if let Some(tick) = imp.fall_tick.take() {
            tick.remove();
        }
    }

    /// Whether a person is to move here.
    pub fn accepting(&self) -> bool {
        self.imp().accepting.get()
    }

    /// Whether a person is to move, which turns on the hover and focus cell.
    pub fn set_accepting(&self, accepting: bool) {
        if self.imp().accepting.replace(accepting) != accepting {
            self.queue_draw();
        }
    }

    /// Whose turn it is or how the game ended, told to assistive technology
    /// with the position.
    pub fn set_state_text(&self, text: &str) {
        if *self.imp().state_text.borrow() != text {
            self.imp().state_text.replace(text.to_owned());
            self.update_description();
        }
    }

    /// Shows a search's result in each candidate cell (see `cell_marks`),
    /// in place of the marks before. Cells taken since show none.
    pub fn set_marks(&self, marks: Vec<CellMark>) {
        if *self.imp().marks.borrow() != marks {
            self.imp().marks.replace(marks);
            self.update_description();
            self.queue_draw();
        }
    }

    pub fn clear_marks(&self) {
        self.set_marks(Vec::new());
    }

    /// Whether the marks show at all; hidden ones are kept for showing
    /// again.
    pub fn set_marks_visible(&self, visible: bool) {
        if self.imp().marks_visible.replace(visible) != visible {
            self.update_description();
            self.queue_draw();
        }
    }

    /// Draws `decoration` over the position from now on, in place of the
    /// one before: what a window marks on its board (Game Review's grade
    /// ring, say). It is asked again at every redraw; `queue_draw` after
    /// what it draws changed.
    pub fn set_decoration(
        &self,
        decoration: impl Fn(&cairo::Context, &BoardLayout, &BoardPalette) -> Result<(), cairo::Error>
        + 'static,
    ) {
        self.imp().decoration.replace(Some(Box::new(decoration)));
        self.queue_draw();
    }

    /// Numbers the stones of `cells` 1, 2, ... in that order: the moves
    /// that led from a searched position to the one shown.
    pub fn set_path(&self, cells: Vec<usize>) {
        if *self.imp().path.borrow() != cells {
            self.imp().path.replace(cells);
            self.update_description();
            self.queue_draw();
        }
    }

    /// The moves numbered on their stones (see `set_path`).
    pub fn path(&self) -> Vec<usize> {
        self.imp().path.borrow().clone()
    }

    /// The marks shown: those in empty cells, while marks are visible.
    pub fn marks(&self) -> Vec<CellMark> {
        let imp = self.imp();
        if !imp.marks_visible.get() {
            return Vec::new();
        }
        let board = self.board();
        imp.marks
            .borrow()
            .iter()
            .filter(|mark| mark.cell < board.cells() && board.cell(mark.cell).is_none())
            .cloned()
            .collect()
    }

    /// The position in words, as the accessible description tells it.
    pub fn description(&self) -> String {
        let board = self.board();
        let mut text = board_words(&board);
        if let Some(cell) = self.imp().last_move.get() {
            let last_move = fill(
                &gettext("Last move: {place}."),
                &[("place", &move_place(board.shape(), cell))],
            );
            text.push_str(&format!(" {last_move}"));
        }
        let path = self.imp().path.borrow();
        if !path.is_empty() {
            let moves: Vec<String> = path
                .iter()
                .filter_map(|&cell| {
                    let side = board.cell(cell)?;
                    Some(format!(
                        "{} {}",
                        side.mark(),
                        move_number(board.shape(), cell)
                    ))
                })
                .collect();
            let moves = fill(
                &gettext("Moves from the searched position: {moves}."),
                &[("moves", &moves.join(", "))],
            );
            text.push_str(&format!(" {moves}"));
        }
        let shape = board.shape();
        if shape.gravity() {
            let keys = fill(
                &gettext(
                    "The columns are numbered 1 to {columns} from the left; a stone dropped into a column falls to its lowest free cell.",
                ),
                &[("columns", &shape.width())],
            );
            text.push_str(&format!(" {keys}"));
        }
        let state = self.imp().state_text.borrow();
        if !state.is_empty() {
            text.push_str(&format!(" {state}"));
        }
        let marks = self.marks();
        if !marks.is_empty() {
            let words: Vec<&str> = marks.iter().map(|mark| mark.words.as_str()).collect();
            let scores = fill(
                &gettext("Scores of the last search: {scores}."),
                &[("scores", &words.join("; "))],
            );
            text.push_str(&format!(" {scores}"));
        }
        text
    }

    fn update_description(&self) {
        accessible::set_description(self, &self.description());
    }

    /// The centre of `cell` in widget coordinates.
    pub fn cell_centre(&self, cell: usize) -> (f64, f64) {
        self.layout().centre(cell)
    }

    /// A click at widget coordinates: what the click gesture calls. A click
    /// beside the grid is reported too, so that it never goes unanswered;
    /// one in a full column only rings the bell.
    pub fn click(&self, x: f64, y: f64) {
        match self.layout().target_at(&self.board(), x, y) {
            Target::Cell(cell) => {
                self.set_focus_cell(cell);
                self.activate_cell(cell);
            }
            Target::FullColumn(column) => {
                self.set_focus_cell(column);
                self.error_bell();
            }
            Target::Outside => self.emit_by_name::<()>(GRID_MISSED, &[]),
        }
    }

    /// A key press on the board: arrows move the focus cell (on a board
    /// with gravity Left and Right the column), Enter plays it, and so does
    /// Space while a person is to move. Digits are the window's, so they
    /// work wherever the focus is.
    pub fn key_pressed(&self, key: gdk::Key, modifiers: gdk::ModifierType) -> glib::Propagation {
        // Leave shortcuts such as Ctrl+N to the application.
        if modifiers.intersects(gdk::ModifierType::CONTROL_MASK | gdk::ModifierType::ALT_MASK) {
            return glib::Propagation::Proceed;
        }
        let focus = self.focus_cell();
        if let Some(moved) = arrow_step(self.board().shape(), focus, key) {
            self.set_focus_cell(moved);
            return glib::Propagation::Stop;
        }
        match key {
            // Space is the window's (pause, resume) unless a person is to move.
            gdk::Key::space | gdk::Key::KP_Space if !self.accepting() => glib::Propagation::Proceed,
            gdk::Key::Return | gdk::Key::KP_Enter | gdk::Key::space | gdk::Key::KP_Space => {
                self.play_column_or_cell(focus);
                glib::Propagation::Stop
            }
            _ => glib::Propagation::Proceed,
        }
    }

    /// The cell the arrow keys move and Enter plays: on a board with
    /// gravity the cell a stone dropped into the focus column lands on (its
    /// top cell while it is full).
    pub fn focus_cell(&self) -> usize {
        key_cell(&self.board(), self.imp().focus_cell.get())
    }

    /// Plays the cell a digit key names: 1-9 on the 3x3 board, row by row
    /// from the top left; on a board with gravity 1 to its width, the
    /// columns from the left. Returns whether the key was such a digit.
    pub fn play_digit(&self, key: gdk::Key) -> bool {
        let named = digit_choice(self.board().shape(), key);
        if let Some(cell) = named {
            self.set_focus_cell(cell);
            self.play_column_or_cell(cell);
        }
        named.is_some()
    }

    /// Plays `cell`, or on a board with gravity the column it is in; a full
    /// column only rings the bell.
    fn play_column_or_cell(&self, cell: usize) {
        match key_target(&self.board(), cell) {
            Target::Cell(cell) => self.activate_cell(cell),
            _ => self.error_bell(),
        }
    }

    /// Calls `handler` with the cell a person clicked or chose by keyboard.
    pub fn connect_cell_activated<F: Fn(&BoardView, usize) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(CELL_ACTIVATED, false, move |values| {
            let view = values[0].get::<BoardView>().ok()?;
            let cell = values[1].get::<u32>().ok()?;
            handler(&view, cell as usize);
            None
        })
    }

    /// Calls `handler` when a click lands on the board beside the grid.
    pub fn connect_grid_missed<F: Fn(&BoardView) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(GRID_MISSED, false, move |values| {
            handler(&values[0].get::<BoardView>().ok()?);
            None
        })
    }

    fn activate_cell(&self, cell: usize) {
        self.emit_by_name::<()>(CELL_ACTIVATED, &[&(cell as u32)]);
    }

    /// Puts the cell the arrow keys move and Enter plays on `cell`.
    pub fn set_focus_cell(&self, cell: usize) {
        if self.imp().focus_cell.replace(cell) != cell {
            self.queue_draw();
        }
    }

    fn set_hover(&self, cell: Option<usize>) {
        let imp = self.imp();
        if imp.hover.replace(cell) != cell && imp.accepting.get() {
            self.queue_draw();
        }
    }

    fn layout(&self) -> BoardLayout {
        BoardLayout::new(
            f64::from(WidgetExt::width(self)),
            f64::from(WidgetExt::height(self)),
            self.board().shape(),
        )
    }

    fn connect_input(&self) {
        let click = gtk::GestureClick::new();
        click.connect_released(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |gesture, _presses, x, y| {
                gesture.set_state(gtk::EventSequenceState::Claimed);
                view.grab_focus();
                view.click(x, y);
            }
        ));
        self.add_controller(click);

        let motion = gtk::EventControllerMotion::new();
        motion.connect_motion(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_, x, y| {
                let target = view.layout().target_at(&view.board(), x, y);
                view.set_hover(match target {
                    Target::Cell(cell) => Some(cell),
                    Target::FullColumn(_) | Target::Outside => None,
                });
            }
        ));
        motion.connect_leave(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.set_hover(None)
        ));
        self.add_controller(motion);

        let keys = gtk::EventControllerKey::new();
        keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _code, modifiers| view.key_pressed(key, modifiers)
        ));
        self.add_controller(keys);

        // The focus cell is drawn only while the board has the focus.
        let focus = gtk::EventControllerFocus::new();
        focus.connect_enter(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.queue_draw()
        ));
        focus.connect_leave(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.queue_draw()
        ));
        self.add_controller(focus);

        // A mark's words and what its kind means, asked for when shown.
        self.set_has_tooltip(true);
        self.connect_query_tooltip(|view, x, y, _keyboard, tooltip| {
            let Some(text) = view.mark_tooltip(f64::from(x), f64::from(y)) else {
                return false;
            };
            // A label of its own, since a tooltip's text does not wrap.
            let label = gtk::Label::new(Some(&text));
            label.set_wrap(true);
            label.set_max_width_chars(50);
            label.set_xalign(0.0);
            tooltip.set_custom(Some(&label));
            true
        });
    }

    /// The tooltip of the mark at widget coordinates, if a mark is there:
    /// its words ("cell 5: X wins in 3 moves") and what such a mark means.
    pub fn mark_tooltip(&self, x: f64, y: f64) -> Option<String> {
        let cell = self.layout().cell_at(x, y)?;
        let mark = self.marks().into_iter().find(|mark| mark.cell == cell)?;
        let mut words = mark.words;
        if let Some(first) = words.get(..1) {
            words.replace_range(..1, &first.to_uppercase());
        }
        Some(format!("{words}.\n{}", mark.meaning))
    }

    /// Draws the marks over the position. The snapshot draws them rather
    /// than the cairo function, since their text is laid out by pango.
    fn snapshot_marks(&self, snapshot: &gtk::Snapshot) {
        let marks = self.marks();
        if marks.is_empty() {
            return;
        }
        let layout = self.layout();
        let palette = BoardPalette::of(self);
        let texts: Vec<pango::Layout> = marks
            .iter()
            .map(|mark| self.mark_text(mark, layout.cell))
            .collect();
        let (width, height) = (WidgetExt::width(self), WidgetExt::height(self));
        let cr = snapshot.append_cairo(&graphene::Rect::new(0.0, 0.0, width as f32, height as f32));
        for (mark, text) in marks.iter().zip(&texts) {
            if let Err(error) = draw_mark_frame(&cr, &layout, &palette, mark, text.pixel_size()) {
                glib::g_warning!("tictactoe", "drawing a score failed: {error}");
            }
            if let Some(prior) = mark.prior
                && let Err(error) =
                    draw_prior(&cr, &layout, &palette, mark.cell, prior, mark.network_value)
            {
                glib::g_warning!("tictactoe", "drawing a prior failed: {error}");
            }
            if let Some(truth) = &mark.truth
                && let Err(error) = draw_truth(&cr, &layout, &palette, mark.cell, truth)
            {
                glib::g_warning!("tictactoe", "drawing an exact value failed: {error}");
            }
        }
        for (mark, text) in marks.iter().zip(&texts) {
            let (text_width, text_height) = text.pixel_size();
            let (x, y) = layout.centre(mark.cell);
            let colour = palette.tone(mark.tone);
            // Bounds palest; anything but a proven value a little muted.
            let alpha = if mark.bound {
                0.7
            } else if mark.estimate
                || matches!(mark.tone, Tone::Sampled | Tone::Rule | Tone::Learned)
            {
                0.8
            } else {
                1.0
            };
            snapshot.save();
            snapshot.translate(&graphene::Point::new(
                (x - f64::from(text_width) / 2.0) as f32,
                (y - f64::from(text_height) / 2.0) as f32,
            ));
            snapshot.append_layout(text, &with_alpha(&colour, alpha));
            snapshot.restore();
        }
    }

    /// A mark's text in the widget's font, as large as fits a cell `cell`
    /// pixels wide: bold for proven results, italic for estimates.
    fn mark_text(&self, mark: &CellMark, cell: f64) -> pango::Layout {
        let text = self.create_pango_layout(Some(&mark.text));
        text.set_alignment(pango::Alignment::Center);
        let mut font = text.context().font_description().unwrap_or_default();
        let proven = matches!(mark.tone, Tone::XWins | Tone::Draw | Tone::OWins);
        font.set_weight(if proven {
            pango::Weight::Bold
        } else {
            pango::Weight::Normal
        });
        if mark.estimate {
            font.set_style(pango::Style::Italic);
        }
        let lines = mark.text.lines().count().max(1) as f64;
        let mut size = cell * 0.28 / lines.sqrt();
        font.set_absolute_size(size * f64::from(pango::SCALE));
        text.set_font_description(Some(&font));
        // Long labels ("≤ −10", "1.2k×") shrink to stay clear of the grid
        // and the cell's number.
        let (width, height) = text.pixel_size();
        // A neural mark leaves the top to the exact value and the foot to
        // the prior and the network's value.
        let room_height = if mark.prior.is_some() { 0.5 } else { 0.75 };
        let fit = (cell * MARK_ROOM / f64::from(width.max(1)))
            .min(cell * MARK_ROOM * room_height / f64::from(height.max(1)));
        if fit < 1.0 {
            size *= fit;
            font.set_absolute_size(size * f64::from(pango::SCALE));
            text.set_font_description(Some(&font));
        }
        text
    }

    fn draw(&self, cr: &cairo::Context, width: f64, height: f64) {
        if let Err(error) = self.try_draw(cr, width, height) {
            glib::g_warning!("tictactoe", "drawing the board failed: {error}");
        }
    }

    fn try_draw(&self, cr: &cairo::Context, width: f64, height: f64) -> Result<(), cairo::Error> {
        let imp = self.imp();
        let board = self.board();
        let layout = BoardLayout::new(width, height, board.shape());
        let palette = BoardPalette::of(self);

        if imp.accepting.get()
            && let Some(cell) = imp.hover.get().filter(|&cell| board.cell(cell).is_none())
        {
            tint_cell(cr, &layout, cell, palette.foreground, 0.06)?;
            // A faint preview of the mark a click would place, where it
            // would not cover a score.
            if self.marks().iter().all(|mark| mark.cell != cell) {
                let side = board.side_to_move();
                set_colour(cr, palette.stone(side), 0.3);
                draw_stone(cr, layout.centre(cell), layout.cell, side)?;
            }
        }

        if imp.accepting.get() && self.has_focus() {
            set_colour(cr, palette.focus, 1.0);
            frame_cell(cr, &layout, self.focus_cell(), layout.cell * 0.05, 3.0)?;
        }

        board_painting::paint(
            cr,
            &layout,
            &palette,
            &board,
            &Painting {
                last_move: imp.last_move.get(),
                path: &imp.path.borrow(),
                falling: imp.falling.get(),
            },
        )?;
        match imp.decoration.borrow().as_ref() {
            Some(decoration) => decoration(cr, &layout, &palette),
            None => Ok(()),
        }
    }
}
