//! A drawing as an SVG image, laid out by `layout`: the textbook picture,
//! readable without Graphviz. Every node and pruned edge has a `<title>`
//! (a tooltip, and what a screen reader says), the picture its `<title>`
//! and `<desc>`.

use std::fmt::Write;

use super::{Drawing, Edge, Glyph, Layout};

/// Pixels per leaf across and per level down, and the margin.
const COLUMN: f64 = 64.0;
const ROW: f64 = 96.0;
const MARGIN: f64 = 48.0;
/// Half a node's size.
const HALF: f64 = 17.0;

/// Text made safe inside XML: the five characters it reserves escaped,
/// control characters left out.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// The SVG text of `drawing` placed by `layout`.
pub fn write(drawing: &Drawing, layout: &Layout) -> String {
    let place = |id: usize| {
        (
            MARGIN + layout.x[id] * COLUMN + COLUMN / 2.0,
            MARGIN + layout.level[id] as f64 * ROW,
        )
    };
    let width = 2.0 * MARGIN + layout.width.max(1) as f64 * COLUMN + 60.0;
    let height = 2.0 * MARGIN + layout.depth as f64 * ROW + 20.0;
    let title = escaped(&drawing.title);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" role=\"img\" aria-labelledby=\"title desc\" \
         font-family=\"sans-serif\">"
    );
    let _ = writeln!(out, "<title id=\"title\">{title}</title>");
    let _ = writeln!(
        out,
        "<desc id=\"desc\">{}</desc>",
        escaped(
            &drawing
                .nodes
                .iter()
                .map(|node| node.title.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        )
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    for (id, node) in drawing.nodes.iter().enumerate() {
        let Some(parent) = node.parent else { continue };
        let ((x1, y1), (x2, y2)) = (place(parent), place(id));
        let (style, width) = match node.edge {
            Edge::Pruned => (" stroke-dasharray=\"6 4\" stroke=\"#666\"", 1.5),
            Edge::Unsearched => (" stroke-dasharray=\"2 3\" stroke=\"#bbb\"", 1.0),
            Edge::Searched => (" stroke=\"#222\"", if node.principal { 3.5 } else { 1.5 }),
        };
        let _ = write!(
            out,
            "<g><line x1=\"{x1:.1}\" y1=\"{:.1}\" x2=\"{x2:.1}\" y2=\"{:.1}\" stroke-width=\"{width}\"{style}/>",
            y1 + HALF,
            y2 - HALF
        );
        if node.edge == Edge::Pruned {
            let _ = write!(out, "<title>{}</title>", escaped(&node.edge_note));
        }
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#555\">{}</text></g>",
            (x1 + x2) / 2.0 + 4.0,
            (y1 + y2) / 2.0,
            escaped(&node.edge_label)
        );
    }
    for (id, node) in drawing.nodes.iter().enumerate() {
        let (x, y) = place(id);
        let faint = node.edge != Edge::Searched && node.parent.is_some();
        let stroke = if faint { "#999" } else { "#222" };
        let stroke_width = if node.principal { 3.0 } else { 1.5 };
        let paint = format!("fill=\"white\" stroke=\"{stroke}\" stroke-width=\"{stroke_width}\"");
        let shape = match node.glyph {
            Glyph::Max => format!(
                "<polygon points=\"{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" {paint}/>",
                y - HALF - 3.0,
                x - HALF - 4.0,
                y + HALF,
                x + HALF + 4.0,
                y + HALF
            ),
            Glyph::Min => format!(
                "<polygon points=\"{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" {paint}/>",
                y + HALF + 3.0,
                x - HALF - 4.0,
                y - HALF,
                x + HALF + 4.0,
                y - HALF
            ),
            Glyph::Chance => format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{HALF}\" {paint}/>"),
            Glyph::Leaf => format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{}\" height=\"{}\" {paint}/>",
                x - HALF + 2.0,
                y - HALF + 2.0,
                2.0 * HALF - 4.0,
                2.0 * HALF - 4.0
            ),
        };
        let _ = write!(out, "<g><title>{}</title>{shape}", escaped(&node.title));
        let fill = if faint { "#888" } else { "#000" };
        let _ = write!(
            out,
            "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"{fill}\">{}</text>",
            y + 4.0,
            escaped(&node.value)
        );
        if !node.window.is_empty() {
            let _ = write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" fill=\"#335\">{}</text>",
                x + HALF + 6.0,
                y - 4.0,
                escaped(&node.window)
            );
        }
        let _ = writeln!(out, "</g>");
    }
    out.push_str("</svg>\n");
    out
}
