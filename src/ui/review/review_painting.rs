//! The Game Review window's pictures, drawn with cairo: the game's value
//! after each move as a line over the moves (X's wins at the top, O's at
//! the bottom), and what the board view draws over one move's position:
//! the played cell ringed in its grade's colour and the better cells
//! marked.

use gtk::cairo;
use gtk::gdk::RGBA;

use crate::ui::shared::board_painting::{BoardLayout, frame_cell};
use crate::ui::shared::painting::{centred_text, set_colour};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::bits;
use tictactoe_engine::score::{EVAL_LIMIT, is_decisive};
use tictactoe_tools::review::{Grade, Review, Value};

/// Room around the graph, and between its scale's words and the graph.
const MARGIN: f64 = 12.0;
const SCALE_GAP: f64 = 8.0;
const FONT_SIZE: f64 = 12.0;

/// A grade's colour, the same in the graph, on the board and in the list.
pub fn grade_colour(grade: Grade) -> RGBA {
    let (red, green, blue) = match grade {
        Grade::Best => (0x26, 0xa2, 0x69),
        Grade::Slower => (0xe5, 0xa5, 0x0a),
        Grade::Mistake => (0xe6, 0x61, 0x00),
        Grade::Blunder => (0xc0, 0x1c, 0x28),
    };
    RGBA::new(
        f32::from(red as u8) / 255.0,
        f32::from(green as u8) / 255.0,
        f32::from(blue as u8) / 255.0,
        1.0,
    )
}

/// Where a value sits between O's wins (-1) and X's (+1): every win at the
/// edge, a draw in the middle, an estimate short of a win in between.
fn height_of(value: Value) -> f64 {
    if is_decisive(value.score) {
        f64::from(value.score.signum())
    } else {
        0.5 * f64::from(value.score) / f64::from(EVAL_LIMIT)
    }
}

/// The graph's geometry in a drawing of `width` by `height`.
pub struct GraphLayout {
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    points: usize,
}

impl GraphLayout {
    /// The layout for `points` values, with room on the left for `scale`'s
    /// words, however long a language makes them.
    pub fn new(width: f64, height: f64, points: usize, scale: &ScaleWords) -> GraphLayout {
        let left = MARGIN + scale.widest() + SCALE_GAP;
        GraphLayout {
            left,
            right: (width - MARGIN).max(left + 1.0),
            top: MARGIN,
            bottom: (height - MARGIN - 14.0).max(MARGIN + 1.0),
            points,
        }
    }

    fn x(&self, point: usize) -> f64 {
        let steps = self.points.saturating_sub(1).max(1) as f64;
        self.left + (self.right - self.left) * point as f64 / steps
    }

    fn y(&self, height: f64) -> f64 {
        let middle = (self.top + self.bottom) / 2.0;
        middle - height * (self.bottom - self.top) / 2.0
    }

    /// The point (0 the start, n after move n) nearest to `x`.
    pub fn point_at(&self, x: f64) -> usize {
        let steps = self.points.saturating_sub(1).max(1) as f64;
        let share = ((x - self.left) / (self.right - self.left)).clamp(0.0, 1.0);
        ((share * steps).round() as usize).min(self.points.saturating_sub(1))
    }
}

/// The words of the graph's scale, top to bottom.
pub struct ScaleWords {
    pub x_wins: String,
    pub draw: String,
    pub o_wins: String,
}

impl ScaleWords {
    /// The width of the longest, in the graph's font; measured on a
    /// surface of its own, so that a click is placed as the drawing was.
    fn widest(&self) -> f64 {
        let Ok(surface) = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1) else {
            return 0.0;
        };
        let Ok(cr) = cairo::Context::new(&surface) else {
            return 0.0;
        };
        cr.set_font_size(FONT_SIZE);
        [&self.x_wins, &self.draw, &self.o_wins]
            .into_iter()
            .filter_map(|words| cr.text_extents(words).ok())
            .map(|extents| extents.x_advance())
            .fold(0.0, f64::max)
    }
}

/// Draws the value graph of `review`, the move `selected` (from 0)
/// highlighted.
pub fn paint_graph(
    cr: &cairo::Context,
    width: f64,
    height: f64,
    review: &Review,
    selected: Option<usize>,
    scale: &ScaleWords,
    ink: RGBA,
) -> Result<(), cairo::Error> {
    let layout = GraphLayout::new(width, height, review.values.len(), scale);
    cr.set_font_size(FONT_SIZE);
    cr.set_line_width(1.0);
    for (height, words) in [
        (1.0, &scale.x_wins),
        (0.0, &scale.draw),
        (-1.0, &scale.o_wins),
    ] {
        let y = layout.y(height);
        set_colour(cr, ink, 0.25);
        cr.move_to(layout.left, y);
        cr.line_to(layout.right, y);
        cr.stroke()?;
        set_colour(cr, ink, 0.8);
        let extents = cr.text_extents(words)?;
        cr.move_to(
            layout.left - SCALE_GAP - extents.width() - extents.x_bearing(),
            y - extents.height() / 2.0 - extents.y_bearing(),
        );
        cr.show_text(words)?;
    }
    for point in 0..review.values.len() {
        set_colour(cr, ink, 0.7);
        centred_text(cr, &point.to_string(), layout.x(point), height - 8.0)?;
    }
    if let Some(selected) = selected {
        let x = layout.x(selected + 1);
        set_colour(cr, ink, 0.15);
        cr.rectangle(
            x - 9.0,
            layout.top - 6.0,
            18.0,
            layout.bottom - layout.top + 12.0,
        );
        cr.fill()?;
    }
    set_colour(cr, ink, 0.9);
    cr.set_line_width(2.0);
    for (point, value) in review.values.iter().enumerate() {
        let (x, y) = (layout.x(point), layout.y(height_of(*value)));
        if point == 0 {
            cr.move_to(x, y);
        } else {
            cr.line_to(x, y);
        }
    }
    cr.stroke()?;
    for (point, value) in review.values.iter().enumerate() {
        let colour = match point.checked_sub(1) {
            Some(index) => grade_colour(review.moves[index].grade),
            None => ink,
        };
        let radius = if selected.map(|index| index + 1) == Some(point) {
            7.0
        } else {
            5.0
        };
        set_colour(cr, colour, 1.0);
        cr.arc(
            layout.x(point),
            layout.y(height_of(*value)),
            radius,
            0.0,
            std::f64::consts::TAU,
        );
        if value.exact {
            cr.fill()?;
        } else {
            cr.stroke()?;
        }
    }
    Ok(())
}

/// What the board shows of a move: the position, the cell ringed in the
/// grade's colour and the cells marked as better.
#[derive(Clone, Copy)]
pub struct BoardPicture {
    pub board: Board,
    pub ringed: Option<(usize, Grade)>,
    pub better: u64,
}

/// Marks the picture over its board, which the board view has drawn in
/// `layout`: the better cells framed dashed, the played one ringed in its
/// grade's colour.
pub fn decorate_board(
    cr: &cairo::Context,
    layout: &BoardLayout,
    picture: &BoardPicture,
) -> Result<(), cairo::Error> {
    for index in bits(picture.better) {
        set_colour(cr, grade_colour(Grade::Best), 1.0);
        cr.set_dash(&[6.0, 4.0], 0.0);
        // Inside the cell's number in its corner, which stays readable.
        frame_cell(cr, layout, index, layout.cell * 0.22, 3.0)?;
        cr.set_dash(&[], 0.0);
    }
    if let Some((index, grade)) = picture.ringed {
        let (x, y) = layout.centre(index);
        set_colour(cr, grade_colour(grade), 1.0);
        cr.set_line_width(4.0);
        cr.new_sub_path();
        cr.arc(x, y, layout.cell * 0.44, 0.0, std::f64::consts::TAU);
        cr.stroke()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_engine::geometry::Shape;
    use tictactoe_engine::search::CancelFlag;
    use tictactoe_tools::review::{DEFAULT_TIME_LIMIT, Judge};

    /// Whether anything was drawn in the columns left of `x`.
    fn ink_left_of(surface: &mut cairo::ImageSurface, x: usize) -> bool {
        let stride = surface.stride() as usize;
        let height = surface.height() as usize;
        let data = surface.data().expect("the surface is not borrowed");
        (0..height).any(|row| (0..x).any(|column| data[row * stride + column * 4 + 3] != 0))
    }

    #[test]
    fn the_scale_words_keep_inside_the_graph_in_every_language() {
        let mut judge = Judge::new(DEFAULT_TIME_LIMIT, CancelFlag::new());
        let review = Review::of_game(&Board::new(Shape::TIC_TAC_TOE), &[4, 1, 0], &mut judge)
            .expect("a 3x3 game is judged");
        let german = ScaleWords {
            x_wins: "X gewinnt".to_owned(),
            draw: "unentschieden".to_owned(),
            o_wins: "O gewinnt".to_owned(),
        };
        let mut surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 900, 200).unwrap();
        {
            let cr = cairo::Context::new(&surface).unwrap();
            paint_graph(&cr, 900.0, 200.0, &review, None, &german, RGBA::BLACK).unwrap();
        }
        assert!(
            !ink_left_of(&mut surface, (MARGIN / 2.0) as usize),
            "the scale's words reach the graph's left edge"
        );
    }
}
