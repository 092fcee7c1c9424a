//! A drawing as Graphviz DOT: `dot -Tsvg` or `-Tpng` lays it out again in
//! its own way, for slides and worksheets. Max nodes are `triangle`, Min
//! nodes `invtriangle`, chance nodes `circle`, leaves `box`; values inside,
//! windows as external labels; pruned edges dashed with their reason as a
//! tooltip, unsearched ones grey, the principal variation bold.

use super::{Drawing, Edge, Glyph};

/// A DOT string's text: quotes and backslashes escaped, line breaks as
/// `\n`.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The DOT text of `drawing`.
pub fn write(drawing: &Drawing) -> String {
    let mut out = String::new();
    out.push_str("digraph tree {\n");
    out.push_str(&format!(
        "  graph [ordering=out, labelloc=t, label={}, tooltip={}];\n",
        quoted(&drawing.title),
        quoted(&drawing.title)
    ));
    out.push_str(
        "  node [fontname=\"sans-serif\", fontsize=11, width=0.5, height=0.45, margin=0.02];\n",
    );
    out.push_str("  edge [fontname=\"sans-serif\", fontsize=9, arrowhead=none];\n");
    for (id, node) in drawing.nodes.iter().enumerate() {
        let shape = match node.glyph {
            Glyph::Max => "triangle",
            Glyph::Min => "invtriangle",
            Glyph::Chance => "circle",
            Glyph::Leaf => "box",
        };
        let mut attributes = vec![
            format!("shape={shape}"),
            format!("label={}", quoted(&node.value)),
            format!("tooltip={}", quoted(&node.title)),
        ];
        if !node.window.is_empty() {
            attributes.push(format!("xlabel={}", quoted(&node.window)));
        }
        if node.principal {
            attributes.push("penwidth=2.5".to_owned());
        }
        if node.edge != Edge::Searched {
            attributes.push("color=gray55, fontcolor=gray40".to_owned());
        }
        out.push_str(&format!("  n{id} [{}];\n", attributes.join(", ")));
    }
    for (id, node) in drawing.nodes.iter().enumerate() {
        let Some(parent) = node.parent else { continue };
        let mut attributes = vec![format!("label={}", quoted(&node.edge_label))];
        match node.edge {
            Edge::Pruned => {
                attributes.push("style=dashed, color=gray40".to_owned());
                attributes.push(format!("tooltip={}", quoted(&node.edge_note)));
            }
            Edge::Unsearched => attributes.push("style=dotted, color=gray70".to_owned()),
            Edge::Searched if node.principal => attributes.push("penwidth=3".to_owned()),
            Edge::Searched => {}
        }
        out.push_str(&format!(
            "  n{parent} -> n{id} [{}];\n",
            attributes.join(", ")
        ));
    }
    out.push_str("}\n");
    out
}
