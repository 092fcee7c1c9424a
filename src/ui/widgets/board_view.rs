//! The board: a drawing area that draws the position with cairo and turns
//! clicks and keys into a "cell-activated" signal. It knows no rules: the
//! window decides what an activation means.

use gtk::subclass::prelude::*;
use gtk::{cairo, gdk, glib, graphene, pango, prelude::*};

use crate::ui::shared::accessible;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_words::cell_marks::{CellMark, Tone, prior_label};
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

const CELL_ACTIVATED: &str = "cell-activated";
const GRID_MISSED: &str = "grid-missed";

/// Where the focus cell starts: the centre, or next to it up and left on
/// boards without one.
fn centre_cell(size: Shape) -> usize {
    let middle = (size.width() - 1) / 2;
    middle * size.width() + middle
}

/// Where the grid sits in the widget: a centred square with a margin.
#[derive(Debug, Clone, Copy)]
struct Layout {
    left: f64,
    top: f64,
    cell: f64,
    side: usize,
}

impl Layout {
    fn new(width: f64, height: f64, side: usize) -> Layout {
        let square = width.min(height);
        let margin = square * 0.05;
        Layout {
            left: (width - square) / 2.0 + margin,
            top: (height - square) / 2.0 + margin,
            cell: (square - 2.0 * margin) / side as f64,
            side,
        }
    }

    /// The top left corner of a cell.
    fn corner(&self, cell: usize) -> (f64, f64) {
        let (row, column) = (cell / self.side, cell % self.side);
        (
            self.left + column as f64 * self.cell,
            self.top + row as f64 * self.cell,
        )
    }

    fn centre(&self, cell: usize) -> (f64, f64) {
        let (x, y) = self.corner(cell);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    fn cell_at(&self, x: f64, y: f64) -> Option<usize> {
        let column = ((x - self.left) / self.cell).floor();
        let row = ((y - self.top) / self.cell).floor();
        let side = self.side as f64;
        ((0.0..side).contains(&column) && (0.0..side).contains(&row))
            .then(|| row as usize * self.side + column as usize)
    }
}

/// The colours of one frame, from the theme and the application's CSS.
struct Palette {
    foreground: gdk::RGBA,
    cell_number: gdk::RGBA,
    x_mark: gdk::RGBA,
    o_mark: gdk::RGBA,
    focus: gdk::RGBA,
    draw: gdk::RGBA,
}

impl Palette {
    fn mark(&self, side: Side) -> &gdk::RGBA {
        match side {
            Side::Max => &self.x_mark,
            Side::Min => &self.o_mark,
        }
    }

    /// A value takes the colour of the side it favours, as its stones
    /// have; an estimate that of the side it leans to.
    fn tone(&self, tone: Tone) -> &gdk::RGBA {
        match tone {
            Tone::XWins | Tone::XBetter => &self.x_mark,
            Tone::Draw | Tone::Even => &self.draw,
            Tone::OWins | Tone::OBetter => &self.o_mark,
            Tone::Sampled | Tone::Rule | Tone::Learned => &self.foreground,
        }
    }
}

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
    layout: &Layout,
    palette: &Palette,
    mark: &CellMark,
    text_size: (i32, i32),
) -> Result<(), cairo::Error> {
    let colour = palette.tone(mark.tone);
    if mark.best {
        rounded_cell(cr, layout, mark.cell, layout.cell * 0.06);
        set_source(cr, colour, 0.12);
        cr.fill()?;
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
    set_source(cr, colour, if mark.bound { 0.7 } else { 1.0 });
    let stroked = cr.stroke();
    cr.set_dash(&[], 0.0);
    stroked
}

/// The neural player's prior for a cell, a mark apart from its search's
/// visits in the middle: a bar along the foot of the cell, as long as the
/// prior's share of the cell's width (over a faint track of the whole
/// width), with the percentage above its right end.
fn draw_prior(
    cr: &cairo::Context,
    layout: &Layout,
    palette: &Palette,
    cell: usize,
    prior: f64,
) -> Result<(), cairo::Error> {
    let (x, y) = layout.corner(cell);
    let left = x + layout.cell * 0.12;
    let width = layout.cell * 0.76;
    let height = (layout.cell * 0.05).max(3.0);
    let top = y + layout.cell * 0.86;
    cr.rectangle(left, top, width, height);
    set_source(cr, &palette.foreground, 0.15);
    cr.fill()?;
    cr.rectangle(left, top, width * prior.clamp(0.0, 1.0), height);
    set_source(cr, &palette.foreground, 0.85);
    cr.fill()?;
    let font_size = (layout.cell * 0.11).max(9.0);
    cr.select_font_face("Sans", cairo::FontSlant::Italic, cairo::FontWeight::Normal);
    cr.set_font_size(font_size);
    let text = prior_label(prior);
    let extents = cr.text_extents(&text)?;
    cr.move_to(left + width - extents.x_advance(), top - font_size * 0.35);
    cr.show_text(&text)
}

fn set_source(cr: &cairo::Context, colour: &gdk::RGBA, alpha: f64) {
    cr.set_source_rgba(
        f64::from(colour.red()),
        f64::from(colour.green()),
        f64::from(colour.blue()),
        f64::from(colour.alpha()) * alpha,
    );
}

fn rounded_cell(cr: &cairo::Context, layout: &Layout, cell: usize, inset: f64) {
    let (x, y) = layout.corner(cell);
    let size = layout.cell - 2.0 * inset;
    rounded_rectangle(cr, x + inset, y + inset, size, size, layout.cell * 0.08);
}

fn rounded_rectangle(cr: &cairo::Context, x: f64, y: f64, width: f64, height: f64, radius: f64) {
    cr.new_sub_path();
    cr.arc(
        x + width - radius,
        y + radius,
        radius,
        -std::f64::consts::FRAC_PI_2,
        0.0,
    );
    cr.arc(
        x + width - radius,
        y + height - radius,
        radius,
        0.0,
        std::f64::consts::FRAC_PI_2,
    );
    cr.arc(
        x + radius,
        y + height - radius,
        radius,
        std::f64::consts::FRAC_PI_2,
        std::f64::consts::PI,
    );
    cr.arc(
        x + radius,
        y + radius,
        radius,
        std::f64::consts::PI,
        1.5 * std::f64::consts::PI,
    );
    cr.close_path();
}

fn draw_mark(
    cr: &cairo::Context,
    layout: &Layout,
    cell: usize,
    side: Side,
) -> Result<(), cairo::Error> {
    draw_stone(cr, layout.centre(cell), layout.cell, side)
}

/// An X or an O centred on `centre` in a cell `cell` pixels wide: the
/// board's marks, and the Monte Carlo window's small board's.
pub fn draw_stone(
    cr: &cairo::Context,
    (x, y): (f64, f64),
    cell: f64,
    side: Side,
) -> Result<(), cairo::Error> {
    cr.set_line_width(cell * 0.09);
    cr.set_line_cap(cairo::LineCap::Round);
    match side {
        Side::Max => {
            let arm = cell * 0.24;
            cr.move_to(x - arm, y - arm);
            cr.line_to(x + arm, y + arm);
            cr.move_to(x + arm, y - arm);
            cr.line_to(x - arm, y + arm);
        }
        Side::Min => {
            cr.new_sub_path();
            cr.arc(x, y, cell * 0.25, 0.0, std::f64::consts::TAU);
        }
    }
    cr.stroke()
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
        imp.board.set(board);
        imp.last_move.set(last_move);
        self.update_description();
        self.queue_draw();
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

    /// Numbers the stones of `cells` 1, 2, ... in that order: the moves
    /// that led from a searched position to the one shown.
    pub fn set_path(&self, cells: Vec<usize>) {
        if *self.imp().path.borrow() != cells {
            self.imp().path.replace(cells);
            self.update_description();
            self.queue_draw();
        }
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
    /// beside the grid is reported too, so that it never goes unanswered.
    pub fn click(&self, x: f64, y: f64) {
        match self.layout().cell_at(x, y) {
            Some(cell) => {
                self.set_focus_cell(cell);
                self.activate_cell(cell);
            }
            None => self.emit_by_name::<()>(GRID_MISSED, &[]),
        }
    }

    /// A key press on the board: arrows move the focus cell, Enter plays
    /// it, and so does Space while a person is to move. Digits are the
    /// window's, so they work wherever the focus is.
    pub fn key_pressed(&self, key: gdk::Key, modifiers: gdk::ModifierType) -> glib::Propagation {
        // Leave shortcuts such as Ctrl+N to the application.
        if modifiers.intersects(gdk::ModifierType::CONTROL_MASK | gdk::ModifierType::ALT_MASK) {
            return glib::Propagation::Proceed;
        }
        let side = self.board().shape().width();
        let focus = self.imp().focus_cell.get();
        let (row, column) = (focus / side, focus % side);
        let moved = match key {
            gdk::Key::Left | gdk::Key::KP_Left => Some((row, column.saturating_sub(1))),
            gdk::Key::Right | gdk::Key::KP_Right => Some((row, (column + 1).min(side - 1))),
            gdk::Key::Up | gdk::Key::KP_Up => Some((row.saturating_sub(1), column)),
            gdk::Key::Down | gdk::Key::KP_Down => Some(((row + 1).min(side - 1), column)),
            _ => None,
        };
        if let Some((row, column)) = moved {
            self.set_focus_cell(row * side + column);
            return glib::Propagation::Stop;
        }
        match key {
            // Space is the window's (pause, resume) unless a person is to move.
            gdk::Key::space | gdk::Key::KP_Space if !self.accepting() => glib::Propagation::Proceed,
            gdk::Key::Return | gdk::Key::KP_Enter | gdk::Key::space | gdk::Key::KP_Space => {
                self.activate_cell(focus);
                glib::Propagation::Stop
            }
            _ => glib::Propagation::Proceed,
        }
    }

    /// The cell the arrow keys move and Enter plays.
    pub fn focus_cell(&self) -> usize {
        self.imp().focus_cell.get()
    }

    /// Plays the cell a digit key names: 1-9 on the 3x3 board, row by row
    /// from the top left. Returns whether the key was such a digit.
    pub fn play_digit(&self, key: gdk::Key) -> bool {
        let cell = key
            .to_unicode()
            .and_then(|c| c.to_digit(10))
            .filter(|digit| (1..=9).contains(digit) && self.board().shape() == Shape::TIC_TAC_TOE)
            .map(|digit| digit as usize - 1);
        if let Some(cell) = cell {
            self.set_focus_cell(cell);
            self.activate_cell(cell);
        }
        cell.is_some()
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

    fn set_focus_cell(&self, cell: usize) {
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

    fn layout(&self) -> Layout {
        Layout::new(
            f64::from(WidgetExt::width(self)),
            f64::from(WidgetExt::height(self)),
            self.board().shape().width(),
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
            move |_, x, y| view.set_hover(view.layout().cell_at(x, y))
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

    fn palette(&self) -> Palette {
        let style = self.style_context();
        let foreground = style.color();
        let named = |name: &str| style.lookup_color(name).unwrap_or(foreground);
        Palette {
            foreground,
            cell_number: named("cell_number_color"),
            x_mark: named("x_mark_color"),
            o_mark: named("o_mark_color"),
            focus: named("focus_cell_color"),
            draw: named("draw_color"),
        }
    }

    /// Draws the marks over the position. The snapshot draws them rather
    /// than the cairo function, since their text is laid out by pango.
    fn snapshot_marks(&self, snapshot: &gtk::Snapshot) {
        let marks = self.marks();
        if marks.is_empty() {
            return;
        }
        let layout = self.layout();
        let palette = self.palette();
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
                && let Err(error) = draw_prior(&cr, &layout, &palette, mark.cell, prior)
            {
                glib::g_warning!("tictactoe", "drawing a prior failed: {error}");
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
            snapshot.append_layout(text, &with_alpha(colour, alpha));
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
        let fit = (cell * MARK_ROOM / f64::from(width.max(1)))
            .min(cell * MARK_ROOM * 0.75 / f64::from(height.max(1)));
        if fit < 1.0 {
            size *= fit;
            font.set_absolute_size(size * f64::from(pango::SCALE));
            text.set_font_description(Some(&font));
        }
        text
    }

    /// Each path stone's number in a badge at its cell's lower right,
    /// in the colour of its side.
    fn draw_path(
        &self,
        cr: &cairo::Context,
        layout: &Layout,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        let board = self.board();
        let font_size = (layout.cell * 0.2).max(10.0);
        cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
        cr.set_font_size(font_size);
        for (number, &cell) in self.imp().path.borrow().iter().enumerate() {
            let Some(side) = board.cell(cell) else {
                continue;
            };
            rounded_cell(cr, layout, cell, layout.cell * 0.06);
            set_source(cr, palette.mark(side), 0.12);
            cr.fill()?;
            let text = (number + 1).to_string();
            let extents = cr.text_extents(&text)?;
            let (x, y) = layout.corner(cell);
            let right = x + layout.cell * 0.92;
            let bottom = y + layout.cell * 0.9;
            set_source(cr, palette.mark(side), 1.0);
            cr.move_to(right - extents.x_advance(), bottom);
            cr.show_text(&text)?;
        }
        Ok(())
    }

    fn draw(&self, cr: &cairo::Context, width: f64, height: f64) {
        if let Err(error) = self.try_draw(cr, width, height) {
            glib::g_warning!("tictactoe", "drawing the board failed: {error}");
        }
    }

    fn try_draw(&self, cr: &cairo::Context, width: f64, height: f64) -> Result<(), cairo::Error> {
        let imp = self.imp();
        let board = self.board();
        let layout = Layout::new(width, height, board.shape().width());
        let palette = self.palette();
        let cells = board.cells();

        if let Some(cell) = imp.last_move.get()
            && let Some(side) = board.cell(cell)
        {
            rounded_cell(cr, &layout, cell, layout.cell * 0.06);
            set_source(cr, palette.mark(side), 0.14);
            cr.fill()?;
        }

        if imp.accepting.get()
            && let Some(cell) = imp.hover.get().filter(|&cell| board.cell(cell).is_none())
        {
            rounded_cell(cr, &layout, cell, layout.cell * 0.06);
            set_source(cr, &palette.foreground, 0.06);
            cr.fill()?;
            // A faint preview of the mark a click would place, where it
            // would not cover a score.
            if self.marks().iter().all(|mark| mark.cell != cell) {
                let side = board.side_to_move();
                set_source(cr, palette.mark(side), 0.3);
                draw_mark(cr, &layout, cell, side)?;
            }
        }

        if imp.accepting.get() && self.has_focus() {
            rounded_cell(cr, &layout, imp.focus_cell.get(), layout.cell * 0.05);
            set_source(cr, &palette.focus, 1.0);
            cr.set_line_width(3.0);
            cr.stroke()?;
        }

        // The inner grid lines, as the game is drawn on paper.
        let extent = layout.cell * layout.side as f64;
        set_source(cr, &palette.foreground, 0.35);
        cr.set_line_width((layout.cell * 0.025).max(2.0));
        cr.set_line_cap(cairo::LineCap::Round);
        for line in 1..layout.side {
            let offset = line as f64 * layout.cell;
            cr.move_to(layout.left + offset, layout.top);
            cr.line_to(layout.left + offset, layout.top + extent);
            cr.move_to(layout.left, layout.top + offset);
            cr.line_to(layout.left + extent, layout.top + offset);
        }
        cr.stroke()?;

        // Each cell's number in its corner, from 1 as the keys and the log
        // number them.
        let font_size = (layout.cell * 0.11).max(9.0);
        cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
        cr.set_font_size(font_size);
        set_source(cr, &palette.cell_number, 1.0);
        for cell in 0..cells {
            let (x, y) = layout.corner(cell);
            cr.move_to(x + layout.cell * 0.08, y + layout.cell * 0.06 + font_size);
            cr.show_text(&(cell + 1).to_string())?;
        }

        for cell in 0..cells {
            if let Some(side) = board.cell(cell) {
                set_source(cr, palette.mark(side), 1.0);
                draw_mark(cr, &layout, cell, side)?;
            }
        }

        self.draw_path(cr, &layout, &palette)?;

        if let Outcome::Won(_, mask) = board.outcome() {
            set_source(cr, &palette.foreground, 0.85);
            cr.set_line_width(layout.cell * 0.07);
            cr.set_line_cap(cairo::LineCap::Round);
            let won_lines = board
                .geometry()
                .lines
                .iter()
                .filter(|&&line| line & mask == line);
            for &line in won_lines {
                let first = layout.centre(line.trailing_zeros() as usize);
                let last = layout.centre(31 - line.leading_zeros() as usize);
                // Run a little past the end cells, as a pen would.
                let (dx, dy) = (last.0 - first.0, last.1 - first.1);
                let overshoot = layout.cell * 0.3 / dx.hypot(dy);
                cr.move_to(first.0 - dx * overshoot, first.1 - dy * overshoot);
                cr.line_to(last.0 + dx * overshoot, last.1 + dy * overshoot);
            }
            cr.stroke()?;
        }
        Ok(())
    }
}
