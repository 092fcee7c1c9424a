//! The one board painter: where a board of any width and height sits in a
//! drawing (and so which cell or column a point is in), the colours of its
//! stones and marks from the style, and its grid, numbers, stones, last
//! move, win line and numbered path. `BoardView` alone paints a board
//! with it, in every window: the main window, Practice, Game Review and
//! the Monte Carlo view; each window adds only its own rings and marks.

use gtk::{cairo, gdk, prelude::*};

use crate::ui::shared::painting::set_colour;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_words::cell_marks::Tone;

/// How much of the drawing's shorter side is left free round the board.
const MARGIN: f64 = 0.05;
/// The height of the row of column numbers under a board with gravity, in
/// cells.
const COLUMN_NUMBERS: f64 = 0.45;

/// Where a board's cells sit in a drawing: square cells, as large as fit,
/// the board centred, and on a board with gravity a row for the column
/// numbers under it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    pub left: f64,
    pub top: f64,
    /// A cell's side in pixels.
    pub cell: f64,
    shape: Shape,
}

/// What a point of the drawing plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// This free or taken cell: the cell under the point, or on a board
    /// with gravity the cell a stone dropped into the point's column lands
    /// on.
    Cell(usize),
    /// A column with gravity that has no room left.
    FullColumn(usize),
    /// Beside the board.
    Outside,
}

impl BoardLayout {
    /// The layout of a board of `shape` in a drawing `width` by `height`.
    pub fn new(width: f64, height: f64, shape: Shape) -> BoardLayout {
        let margin = width.min(height) * MARGIN;
        let rows = shape.height() as f64 + if shape.gravity() { COLUMN_NUMBERS } else { 0.0 };
        let cell = ((width - 2.0 * margin) / shape.width() as f64)
            .min((height - 2.0 * margin) / rows)
            .max(1.0);
        BoardLayout {
            left: (width - cell * shape.width() as f64) / 2.0,
            top: (height - cell * rows) / 2.0,
            cell,
            shape,
        }
    }

    /// The drawing's width and height in which a board of `shape` has
    /// cells of `cell` pixels and fills it to its margins: the drawing's
    /// proportions for that board.
    pub fn drawing_size(shape: Shape, cell: f64) -> (f64, f64) {
        let rows = shape.height() as f64 + if shape.gravity() { COLUMN_NUMBERS } else { 0.0 };
        let (width, height) = (shape.width() as f64 * cell, rows * cell);
        // The margin is a share of the shorter side, on both sides.
        let free = 1.0 - 2.0 * MARGIN;
        if width >= height {
            let drawn_height = height / free;
            (width + 2.0 * MARGIN * drawn_height, drawn_height)
        } else {
            let drawn_width = width / free;
            (drawn_width, height + 2.0 * MARGIN * drawn_width)
        }
    }

    /// The grid's width and height in pixels.
    pub fn extent(&self) -> (f64, f64) {
        (
            self.cell * self.shape.width() as f64,
            self.cell * self.shape.height() as f64,
        )
    }

    /// The top left corner of a cell.
    pub fn corner(&self, cell: usize) -> (f64, f64) {
        let width = self.shape.width();
        let (row, column) = (cell / width, cell % width);
        (
            self.left + column as f64 * self.cell,
            self.top + row as f64 * self.cell,
        )
    }

    pub fn centre(&self, cell: usize) -> (f64, f64) {
        let (x, y) = self.corner(cell);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// The cell under (x, y), if the point is on the grid.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<usize> {
        let column = self.column_at(x)?;
        let row = ((y - self.top) / self.cell).floor();
        (0.0..self.shape.height() as f64)
            .contains(&row)
            .then(|| row as usize * self.shape.width() + column)
    }

    /// The column (from 0) under `x`, if it is over the grid.
    pub fn column_at(&self, x: f64) -> Option<usize> {
        let column = ((x - self.left) / self.cell).floor();
        (0.0..self.shape.width() as f64)
            .contains(&column)
            .then_some(column as usize)
    }

    /// What a click at (x, y) plays on `board`: on a board with gravity
    /// anywhere in a column (its numbers too) drops a stone there.
    pub fn target_at(&self, board: &Board, x: f64, y: f64) -> Target {
        if !board.shape().gravity() {
            return self.cell_at(x, y).map_or(Target::Outside, Target::Cell);
        }
        let (_, height) = self.extent();
        let below = self.top + height + self.cell * COLUMN_NUMBERS;
        match self.column_at(x) {
            Some(column) if (self.top..below).contains(&y) => board
                .drop_cell(column)
                .map_or(Target::FullColumn(column), Target::Cell),
            _ => Target::Outside,
        }
    }
}

/// Where an arrow `key` moves the keyboard's cell from `focus` on a board
/// of `shape`, staying on the board: on a board with gravity Left and
/// Right go from column to column, and Up and Down are no move; `None` for
/// any other key.
pub fn arrow_step(shape: Shape, focus: usize, key: gdk::Key) -> Option<usize> {
    let (width, height) = (shape.width(), shape.height());
    let (row, column) = (focus / width, focus % width);
    let (row, column) = match key {
        gdk::Key::Left | gdk::Key::KP_Left => (row, column.saturating_sub(1)),
        gdk::Key::Right | gdk::Key::KP_Right => (row, (column + 1).min(width - 1)),
        gdk::Key::Up | gdk::Key::KP_Up if !shape.gravity() => (row.saturating_sub(1), column),
        gdk::Key::Down | gdk::Key::KP_Down if !shape.gravity() => {
            ((row + 1).min(height - 1), column)
        }
        _ => return None,
    };
    Some(row * width + column)
}

/// What a digit `key` names on a board of `shape`, from 0: 1-9 a cell on
/// 3x3, row by row from the top left; on a board with gravity 1 to its
/// width a column from the left (its top cell); no other board has digits.
pub fn digit_choice(shape: Shape, key: gdk::Key) -> Option<usize> {
    key.to_unicode()
        .and_then(|c| c.to_digit(10))
        .map(|digit| digit as usize)
        .filter(|&digit| {
            if shape.gravity() {
                (1..=shape.width()).contains(&digit)
            } else {
                (1..=9).contains(&digit) && shape == Shape::TIC_TAC_TOE
            }
        })
        .map(|digit| digit - 1)
}

/// What the keyboard's cell `focus` plays on `board`: the cell, or on a
/// board with gravity where a stone dropped into its column lands.
pub fn key_target(board: &Board, focus: usize) -> Target {
    if !board.shape().gravity() {
        return Target::Cell(focus);
    }
    let column = focus % board.shape().width();
    board
        .drop_cell(column)
        .map_or(Target::FullColumn(column), Target::Cell)
}

/// The cell the keyboard's `focus` shows on `board`: on a board with
/// gravity where a stone dropped into its column lands (the column's top
/// cell while it is full).
pub fn key_cell(board: &Board, focus: usize) -> usize {
    match key_target(board, focus) {
        Target::Cell(cell) => cell,
        Target::FullColumn(column) => column,
        Target::Outside => focus,
    }
}

/// The colours of a board, from the theme and the application's style
/// sheet: the one place that reads them.
#[derive(Debug, Clone, Copy)]
pub struct BoardPalette {
    pub foreground: gdk::RGBA,
    pub cell_number: gdk::RGBA,
    pub x_mark: gdk::RGBA,
    pub o_mark: gdk::RGBA,
    pub focus: gdk::RGBA,
    pub draw: gdk::RGBA,
    pub accent: gdk::RGBA,
}

impl BoardPalette {
    /// The colours `widget`'s style gives, light or dark.
    pub fn of(widget: &impl IsA<gtk::Widget>) -> BoardPalette {
        #[allow(deprecated)]
        let style = widget.style_context();
        #[allow(deprecated)]
        let foreground = style.color();
        #[allow(deprecated)]
        let named = |name: &str| style.lookup_color(name).unwrap_or(foreground);
        BoardPalette {
            foreground,
            cell_number: named("cell_number_color"),
            x_mark: named("x_mark_color"),
            o_mark: named("o_mark_color"),
            focus: named("focus_cell_color"),
            draw: named("draw_color"),
            accent: named("accent_color"),
        }
    }

    /// The colour of `side`'s stones.
    pub fn stone(&self, side: Side) -> gdk::RGBA {
        match side {
            Side::Max => self.x_mark,
            Side::Min => self.o_mark,
        }
    }

    /// A value takes the colour of the side it favours, as its stones
    /// have; an estimate that of the side it leans to.
    pub fn tone(&self, tone: Tone) -> gdk::RGBA {
        match tone {
            Tone::XWins | Tone::XBetter => self.x_mark,
            Tone::Draw | Tone::Even => self.draw,
            Tone::OWins | Tone::OBetter => self.o_mark,
            Tone::Sampled | Tone::Rule | Tone::Learned => self.foreground,
        }
    }
}

/// A stone on its way down its column: `progress` from 0 (above the
/// board) to 1 (in its cell).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Falling {
    pub cell: usize,
    pub progress: f64,
}

/// What to paint of a position besides its stones.
#[derive(Debug, Clone, Copy, Default)]
pub struct Painting<'a> {
    /// Tinted in the mover's colour.
    pub last_move: Option<usize>,
    /// Stones numbered 1, 2, ... in this order.
    pub path: &'a [usize],
    pub falling: Option<Falling>,
}

/// Paints `board`: the last move's tint, the grid, the numbers, the stones
/// (the falling one on its way), the path's numbers and the win line.
pub fn paint(
    cr: &cairo::Context,
    layout: &BoardLayout,
    palette: &BoardPalette,
    board: &Board,
    painting: &Painting,
) -> Result<(), cairo::Error> {
    if let Some(cell) = painting.last_move
        && let Some(side) = board.cell(cell)
        && painting.falling.is_none_or(|falling| falling.cell != cell)
    {
        tint_cell(cr, layout, cell, palette.stone(side), 0.14)?;
    }
    draw_grid(cr, layout, palette)?;
    draw_numbers(cr, layout, palette)?;
    for cell in 0..board.cells() {
        let Some(side) = board.cell(cell) else {
            continue;
        };
        set_colour(cr, palette.stone(side), 1.0);
        let centre = match painting.falling {
            Some(falling) if falling.cell == cell => falling_centre(layout, falling),
            _ => layout.centre(cell),
        };
        draw_stone(cr, centre, layout.cell, side)?;
    }
    draw_path(cr, layout, palette, board, painting.path)?;
    if painting.falling.is_none() {
        draw_win_line(cr, layout, palette, board)?;
    }
    Ok(())
}

/// Where a falling stone is: from above its column's top cell down to its
/// own, faster as it falls.
fn falling_centre(layout: &BoardLayout, falling: Falling) -> (f64, f64) {
    let (x, y) = layout.centre(falling.cell);
    let start = layout.top - layout.cell / 2.0;
    let progress = falling.progress.clamp(0.0, 1.0);
    (x, start + (y - start) * progress * progress)
}

/// The inner grid lines, as the game is drawn on paper; a board with
/// gravity is a frame the stones stand in, so it has its outer lines too.
pub fn draw_grid(
    cr: &cairo::Context,
    layout: &BoardLayout,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let (width, height) = layout.extent();
    let (columns, rows) = (layout.shape.width(), layout.shape.height());
    set_colour(cr, palette.foreground, 0.35);
    cr.set_line_width((layout.cell * 0.025).max(2.0));
    cr.set_line_cap(cairo::LineCap::Round);
    let outer = usize::from(layout.shape.gravity());
    for line in 1 - outer..columns + outer {
        let x = layout.left + line as f64 * layout.cell;
        cr.move_to(x, layout.top);
        cr.line_to(x, layout.top + height);
    }
    for line in 1..rows + outer {
        let y = layout.top + line as f64 * layout.cell;
        cr.move_to(layout.left, y);
        cr.line_to(layout.left + width, y);
    }
    cr.stroke()
}

/// The numbers the keys and the log use, from 1: each cell's in its
/// corner, or on a board with gravity each column's under it.
pub fn draw_numbers(
    cr: &cairo::Context,
    layout: &BoardLayout,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    set_colour(cr, palette.cell_number, 1.0);
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
    if layout.shape.gravity() {
        cr.set_font_size((layout.cell * COLUMN_NUMBERS * 0.6).max(9.0));
        let (_, height) = layout.extent();
        let y = layout.top + height + layout.cell * COLUMN_NUMBERS / 2.0;
        for column in 0..layout.shape.width() {
            let (x, _) = layout.centre(column);
            super::painting::centred_text(cr, &(column + 1).to_string(), x, y)?;
        }
        return Ok(());
    }
    let font_size = (layout.cell * 0.11).max(9.0);
    cr.set_font_size(font_size);
    for cell in 0..layout.shape.cells() {
        let (x, y) = layout.corner(cell);
        cr.move_to(x + layout.cell * 0.08, y + layout.cell * 0.06 + font_size);
        cr.show_text(&(cell + 1).to_string())?;
    }
    Ok(())
}

/// An X or an O centred on `centre` in a cell `cell` pixels wide, in the
/// colour set.
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

/// Fills `cell`, its corners rounded, with `colour` at `alpha`.
pub fn tint_cell(
    cr: &cairo::Context,
    layout: &BoardLayout,
    cell: usize,
    colour: gdk::RGBA,
    alpha: f64,
) -> Result<(), cairo::Error> {
    rounded_cell(cr, layout, cell, layout.cell * 0.06);
    set_colour(cr, colour, alpha);
    cr.fill()
}

/// A frame round `cell`, `inset` pixels inside its edges.
pub fn frame_cell(
    cr: &cairo::Context,
    layout: &BoardLayout,
    cell: usize,
    inset: f64,
    line_width: f64,
) -> Result<(), cairo::Error> {
    rounded_cell(cr, layout, cell, inset);
    cr.set_line_width(line_width);
    cr.stroke()
}

/// The path of a cell with rounded corners, `inset` inside its edges.
pub fn rounded_cell(cr: &cairo::Context, layout: &BoardLayout, cell: usize, inset: f64) {
    let (x, y) = layout.corner(cell);
    let size = layout.cell - 2.0 * inset;
    rounded_rectangle(cr, x + inset, y + inset, size, size, layout.cell * 0.08);
}

pub fn rounded_rectangle(
    cr: &cairo::Context,
    x: f64,
    y: f64,
    width: f64,
    height: f64,
    radius: f64,
) {
    use std::f64::consts::{FRAC_PI_2, PI};
    cr.new_sub_path();
    cr.arc(x + width - radius, y + radius, radius, -FRAC_PI_2, 0.0);
    cr.arc(
        x + width - radius,
        y + height - radius,
        radius,
        0.0,
        FRAC_PI_2,
    );
    cr.arc(x + radius, y + height - radius, radius, FRAC_PI_2, PI);
    cr.arc(x + radius, y + radius, radius, PI, 1.5 * PI);
    cr.close_path();
}

/// Each path stone's number at its cell's lower right, in the colour of
/// its side, its cell tinted.
fn draw_path(
    cr: &cairo::Context,
    layout: &BoardLayout,
    palette: &BoardPalette,
    board: &Board,
    path: &[usize],
) -> Result<(), cairo::Error> {
    for (number, &cell) in path.iter().enumerate() {
        let Some(side) = board.cell(cell) else {
            continue;
        };
        tint_cell(cr, layout, cell, palette.stone(side), 0.12)?;
        set_colour(cr, palette.stone(side), 1.0);
        draw_move_number(cr, layout, cell, number + 1)?;
    }
    Ok(())
}

/// A move's `number` in the order played, at its cell's lower right, in
/// the colour set.
pub fn draw_move_number(
    cr: &cairo::Context,
    layout: &BoardLayout,
    cell: usize,
    number: usize,
) -> Result<(), cairo::Error> {
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size((layout.cell * 0.2).max(10.0));
    let text = number.to_string();
    let extents = cr.text_extents(&text)?;
    let (x, y) = layout.corner(cell);
    cr.move_to(
        x + layout.cell * 0.92 - extents.x_advance(),
        y + layout.cell * 0.9,
    );
    cr.show_text(&text)
}

/// The first and the last cell of a line (a mask of up to 64 cells).
fn line_ends(line: u64) -> (usize, usize) {
    (
        line.trailing_zeros() as usize,
        (u64::BITS - 1 - line.leading_zeros()) as usize,
    )
}

/// A stroke through each completed line of a won game, a little past its
/// end cells as a pen would run.
fn draw_win_line(
    cr: &cairo::Context,
    layout: &BoardLayout,
    palette: &BoardPalette,
    board: &Board,
) -> Result<(), cairo::Error> {
    let Outcome::Won(_, mask) = board.outcome() else {
        return Ok(());
    };
    set_colour(cr, palette.foreground, 0.85);
    cr.set_line_width(layout.cell * 0.07);
    cr.set_line_cap(cairo::LineCap::Round);
    for &line in board
        .geometry()
        .lines
        .iter()
        .filter(|&&line| line & mask == line)
    {
        let (first, last) = line_ends(line);
        let (first, last) = (layout.centre(first), layout.centre(last));
        let (dx, dy) = (last.0 - first.0, last.1 - first.1);
        let overshoot = layout.cell * 0.3 / dx.hypot(dy);
        cr.move_to(first.0 - dx * overshoot, first.1 - dy * overshoot);
        cr.line_to(last.0 + dx * overshoot, last.1 + dy * overshoot);
    }
    cr.stroke()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_engine::geometry::bits;

    #[test]
    fn a_win_line_runs_from_its_first_cell_to_its_last_on_any_board() {
        let board = Board::from_columns(Shape::CONNECT_FOUR, "1122334").expect("legal moves");
        let Outcome::Won(Side::Max, mask) = board.outcome() else {
            panic!("X has four on the bottom row: {board}");
        };
        let line = *board
            .geometry()
            .lines
            .iter()
            .find(|&&line| line & mask == line)
            .expect("the won line is one of the board's");
        let cells: Vec<usize> = bits(line).collect();
        assert_eq!(line_ends(line), (cells[0], cells[cells.len() - 1]));
        assert_eq!(line_ends(line), (35, 38));
    }

    #[test]
    fn a_rectangular_board_fits_its_drawing_centred_and_clicks_find_its_cells() {
        let layout = BoardLayout::new(800.0, 400.0, Shape::FIVE_IN_A_ROW);
        let (width, height) = layout.extent();
        assert!(height <= 400.0 && (layout.left * 2.0 + width - 800.0).abs() < 1e-9);
        assert_eq!(layout.cell_at(layout.left + 1.0, layout.top + 1.0), Some(0));
        let (x, y) = layout.centre(48);
        assert_eq!(layout.cell_at(x, y), Some(48));
        assert_eq!(layout.cell_at(layout.left - 1.0, y), None);

        let board = Board::from_columns(Shape::CONNECT_FOUR, "444444").expect("legal moves");
        let layout = BoardLayout::new(700.0, 700.0, Shape::CONNECT_FOUR);
        let (x, _) = layout.centre(3);
        // The top of column 4 plays column 4's lowest free cell; column 4
        // full, nothing.
        let empty = Board::new(Shape::CONNECT_FOUR);
        assert_eq!(
            layout.target_at(&empty, x, layout.top + 1.0),
            Target::Cell(38)
        );
        assert_eq!(
            layout.target_at(&board, x, layout.top + 1.0),
            Target::FullColumn(3)
        );
        assert_eq!(
            layout.target_at(&empty, layout.left - 1.0, layout.top + 1.0),
            Target::Outside
        );
    }

    #[test]
    fn a_drawing_of_the_boards_own_size_fits_it_to_its_margins() {
        let tall = Shape::new(3, 5, 3, false).expect("a 3x5 board");
        for shape in [
            Shape::TIC_TAC_TOE,
            Shape::CONNECT_FOUR,
            Shape::FIVE_IN_A_ROW,
            tall,
        ] {
            let (width, height) = BoardLayout::drawing_size(shape, 30.0);
            let layout = BoardLayout::new(width, height, shape);
            assert!((layout.cell - 30.0).abs() < 1e-9, "{shape:?}: {layout:?}");
            let margin = width.min(height) * MARGIN;
            // Filled across and down, to the margins.
            assert!((layout.top - margin).abs() < 1e-9, "{shape:?}: {layout:?}");
            assert!((layout.left - margin).abs() < 1e-9, "{shape:?}: {layout:?}");
        }
    }
}
