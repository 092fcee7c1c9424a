//! A drawn tree (Practice's exercise, the explorer's recorded search)
//! painted with cairo, as the SVG export draws it
//! (tools' `tree_drawing::svg`): levels from the root down, Max nodes as
//! triangles pointing up, Min nodes down, chance nodes as circles, leaves
//! as squares, values inside, windows beside, pruned edges dashed and
//! unsearched ones faint, the principal variation bold; plus the node
//! selected, the node a step of Show solution is at and the first wrong
//! step. The same painting goes to the screen and to a PNG file; where a
//! click lands is worked out from the same places.

use std::path::Path;

use gtk::cairo;

use crate::ui::shared::painting::{centred_text, set_colour};

use tictactoe_tools::tree_drawing::{Drawing, Edge, Glyph, Layout};

/// Pixels per leaf across and per level down, and the margin.
const COLUMN: f64 = 64.0;
const ROW: f64 = 84.0;
const MARGIN: f64 = 40.0;
/// Half a node's size.
pub const HALF: f64 = 17.0;
/// How near an edge a click must be to mark it.
const EDGE_REACH: f64 = 6.0;
const FONT: &str = "Sans";

/// The colours a tree is painted in.
#[derive(Debug, Clone, Copy)]
pub struct Palette {
    /// `None`: the widget's own background shows through.
    pub background: Option<gtk::gdk::RGBA>,
    pub ink: gtk::gdk::RGBA,
    pub accent: gtk::gdk::RGBA,
    pub error: gtk::gdk::RGBA,
}

impl Palette {
    /// Black on white, for files.
    pub fn paper() -> Palette {
        Palette {
            background: Some(gtk::gdk::RGBA::WHITE),
            ink: gtk::gdk::RGBA::BLACK,
            accent: gtk::gdk::RGBA::new(0.11, 0.44, 0.85, 1.0),
            error: gtk::gdk::RGBA::new(0.75, 0.11, 0.16, 1.0),
        }
    }
}

/// The nodes marked besides what the drawing says.
#[derive(Debug, Clone, Copy, Default)]
pub struct Marks {
    pub selected: Option<usize>,
    /// The node Show solution's step is at.
    pub current: Option<usize>,
    /// The node of the first wrong step.
    pub wrong: Option<usize>,
}

/// The part of the picture that shows, (left, top, right, bottom): what
/// lies wholly outside is not painted, so that a large tree costs the
/// frame only what fits on the screen.
pub type Shown = (f64, f64, f64, f64);

/// Whether the box from (x1, y1) to (x2, y2), with room for the texts
/// beside a node, meets `shown`.
fn meets(shown: Option<Shown>, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) -> bool {
    let Some((left, top, right, bottom)) = shown else {
        return true;
    };
    let room = COLUMN * 2.0;
    x1.min(x2) - room <= right
        && x1.max(x2) + room >= left
        && y1.min(y2) - room <= bottom
        && y1.max(y2) + room >= top
}

/// The size a drawing laid out by `layout` needs, in pixels.
pub fn size(layout: &Layout) -> (i32, i32) {
    let width = 2.0 * MARGIN + layout.width.max(1) as f64 * COLUMN + 70.0;
    let height = 2.0 * MARGIN + layout.depth as f64 * ROW + 24.0;
    (width.ceil() as i32, height.ceil() as i32)
}

/// Where node `id`'s centre is.
pub fn place(layout: &Layout, id: usize) -> (f64, f64) {
    (
        MARGIN + layout.x[id] * COLUMN + COLUMN / 2.0,
        MARGIN + layout.level[id] as f64 * ROW,
    )
}

/// The node whose shape holds (x, y), if any.
pub fn node_at(layout: &Layout, (x, y): (f64, f64)) -> Option<usize> {
    (0..layout.x.len()).find(|&id| {
        let (cx, cy) = place(layout, id);
        (x - cx).abs() <= HALF + 4.0 && (y - cy).abs() <= HALF + 3.0
    })
}

/// The node whose edge from its parent passes within reach of (x, y).
pub fn edge_at(drawing: &Drawing, layout: &Layout, (x, y): (f64, f64)) -> Option<usize> {
    drawing.nodes.iter().enumerate().find_map(|(id, node)| {
        let parent = node.parent?;
        let ((x1, y1), (x2, y2)) = (place(layout, parent), place(layout, id));
        let (y1, y2) = (y1 + HALF, y2 - HALF);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let along = (((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
        let (nx, ny) = (x1 + along * dx, y1 + along * dy);
        (((x - nx).powi(2) + (y - ny).powi(2)).sqrt() <= EDGE_REACH).then_some(id)
    })
}

/// The outline of a node's shape at (x, y), `grow` pixels larger.
fn shape_path(cr: &cairo::Context, glyph: Glyph, (x, y): (f64, f64), grow: f64) {
    let half = HALF + grow;
    match glyph {
        Glyph::Max => {
            cr.move_to(x, y - half - 3.0);
            cr.line_to(x - half - 4.0, y + half);
            cr.line_to(x + half + 4.0, y + half);
            cr.close_path();
        }
        Glyph::Min => {
            cr.move_to(x, y + half + 3.0);
            cr.line_to(x - half - 4.0, y - half);
            cr.line_to(x + half + 4.0, y - half);
            cr.close_path();
        }
        Glyph::Chance => {
            cr.new_sub_path();
            cr.arc(x, y, half, 0.0, std::f64::consts::TAU);
        }
        Glyph::Leaf => cr.rectangle(
            x - half + 2.0,
            y - half + 2.0,
            2.0 * half - 4.0,
            2.0 * half - 4.0,
        ),
    }
}

/// Paints `drawing` placed by `layout` with `marks`, what meets `shown`
/// (all of it with `None`).
pub fn paint(
    cr: &cairo::Context,
    drawing: &Drawing,
    layout: &Layout,
    marks: Marks,
    palette: Palette,
    shown: Option<Shown>,
) -> Result<(), cairo::Error> {
    if let Some(background) = palette.background {
        set_colour(cr, background, 1.0);
        cr.paint()?;
    }
    cr.select_font_face(FONT, cairo::FontSlant::Normal, cairo::FontWeight::Normal);
    for (id, node) in drawing.nodes.iter().enumerate() {
        let Some(parent) = node.parent else { continue };
        let ((x1, y1), (x2, y2)) = (place(layout, parent), place(layout, id));
        if !meets(shown, (x1, y1), (x2, y2)) {
            continue;
        }
        let (width, alpha, dashes): (f64, f64, &[f64]) = match node.edge {
            Edge::Pruned => (1.5, 0.7, &[6.0, 4.0]),
            Edge::Unsearched => (1.0, 0.3, &[2.0, 3.0]),
            Edge::Searched => (if node.principal { 3.5 } else { 1.5 }, 0.9, &[]),
        };
        set_colour(cr, palette.ink, alpha);
        cr.set_line_width(width);
        cr.set_dash(dashes, 0.0);
        cr.move_to(x1, y1 + HALF);
        cr.line_to(x2, y2 - HALF);
        cr.stroke()?;
        if node.edge == Edge::Pruned {
            // A stroke across the middle of a pruned edge, as textbooks
            // draw the cut.
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            cr.set_dash(&[], 0.0);
            cr.set_line_width(2.0);
            cr.move_to(mx - 7.0, my + 5.0);
            cr.line_to(mx + 7.0, my - 5.0);
            cr.stroke()?;
        }
        set_colour(cr, palette.ink, 0.65);
        cr.set_font_size(10.0);
        cr.move_to((x1 + x2) / 2.0 + 5.0, (y1 + y2) / 2.0 - 2.0);
        cr.show_text(&node.edge_label)?;
    }
    cr.set_dash(&[], 0.0);
    for (id, node) in drawing.nodes.iter().enumerate() {
        let centre = place(layout, id);
        if !meets(shown, centre, centre) {
            continue;
        }
        let faint = node.edge != Edge::Searched && node.parent.is_some();
        let alpha = if faint { 0.45 } else { 1.0 };
        if marks.current == Some(id) {
            shape_path(cr, node.glyph, centre, 0.0);
            set_colour(cr, palette.accent, 0.3);
            cr.fill()?;
        }
        shape_path(cr, node.glyph, centre, 0.0);
        set_colour(cr, palette.ink, alpha);
        cr.set_line_width(if node.principal { 3.0 } else { 1.5 });
        cr.stroke()?;
        for (marked, colour, grow) in [
            (marks.selected, palette.accent, 5.0),
            (marks.wrong, palette.error, 9.0),
        ] {
            if marked == Some(id) {
                shape_path(cr, node.glyph, centre, grow);
                set_colour(cr, colour, 1.0);
                cr.set_line_width(2.5);
                cr.stroke()?;
            }
        }
        set_colour(cr, palette.ink, alpha);
        cr.set_font_size(11.0);
        let nudge = match node.glyph {
            Glyph::Max => 4.0,
            Glyph::Min => -4.0,
            _ => 0.0,
        };
        centred_text(cr, &node.value, centre.0, centre.1 + nudge)?;
        if !node.window.is_empty() {
            set_colour(cr, palette.accent, alpha);
            cr.set_font_size(9.0);
            cr.move_to(centre.0 + HALF + 6.0, centre.1 - 4.0);
            cr.show_text(&node.window)?;
        }
    }
    Ok(())
}

/// Writes `drawing` as a PNG image on white.
pub fn write_png(drawing: &Drawing, layout: &Layout, path: &Path) -> Result<(), String> {
    let (width, height) = size(layout);
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, width, height)
        .map_err(|error| error.to_string())?;
    let cr = cairo::Context::new(&surface).map_err(|error| error.to_string())?;
    paint(
        &cr,
        drawing,
        layout,
        Marks::default(),
        Palette::paper(),
        None,
    )
    .map_err(|error| error.to_string())?;
    drop(cr);
    let mut bytes = Vec::new();
    surface
        .write_to_png(&mut bytes)
        .map_err(|error| error.to_string())?;
    tictactoe_files::whole::write_whole(path, &bytes).map_err(|error| error.to_string())
}
