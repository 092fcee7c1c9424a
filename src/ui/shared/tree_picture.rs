//! A drawn tree saved as a picture, SVG, PNG or Graphviz DOT, as Practice
//! and the search-tree explorer save theirs: the same keys, the same file
//! chooser, and the same painters as the screen (PNG) and as
//! `tictactoe tree --svg` and `--dot`.

use std::path::Path;

use gtk::prelude::*;

use crate::ui::shared::file_dialog::{self, FileChooser, SaveAs};
use crate::ui::shared::tree_painting;
use tictactoe_tools::tree_drawing::{Drawing, Layout, dot, svg};
use tictactoe_words::i18n::gettext;

/// What a saved picture holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureFormat {
    Svg,
    Png,
    Dot,
}

impl PictureFormat {
    /// The format a save action's target names: "svg", "png" or "dot".
    pub fn named(name: &str) -> Option<PictureFormat> {
        match name {
            "svg" => Some(PictureFormat::Svg),
            "png" => Some(PictureFormat::Png),
            "dot" => Some(PictureFormat::Dot),
            _ => None,
        }
    }

    fn extension(self) -> &'static str {
        match self {
            PictureFormat::Svg => "svg",
            PictureFormat::Png => "png",
            PictureFormat::Dot => "dot",
        }
    }
}

/// The keys that save the tree, each with the format it saves in:
/// Ctrl+S SVG, Ctrl+Shift+S PNG, Ctrl+D DOT; each activates `action` (a
/// window action taking the format's name).
pub fn shortcuts(action: &str) -> Vec<gtk::Shortcut> {
    use gtk::gdk::{Key, ModifierType};
    let control = ModifierType::CONTROL_MASK;
    [
        (Key::s, control, "svg"),
        (Key::s, control | ModifierType::SHIFT_MASK, "png"),
        (Key::d, control, "dot"),
    ]
    .into_iter()
    .map(|(key, modifiers, format)| {
        let shortcut = gtk::Shortcut::new(
            Some(gtk::KeyvalTrigger::new(key, modifiers)),
            Some(gtk::NamedAction::new(action)),
        );
        shortcut.set_arguments(Some(&format.to_variant()));
        shortcut
    })
    .collect()
}

/// Asks where to save the tree in `format` over `widget`'s window,
/// suggesting `stem` for the name; then writes `picture`'s drawing and
/// layout (as they are when the chooser answers; nothing if there is none
/// then) there, and `done` hears what became of it (see
/// `FileChooser::save_as`).
pub fn save_as<W: IsA<gtk::Widget>>(
    chooser: &FileChooser,
    widget: &W,
    format: PictureFormat,
    stem: &str,
    picture: impl Fn(&W) -> Option<(Drawing, Layout)> + 'static,
    done: impl Fn(&W, &str, bool) + 'static,
) {
    let (filter, title) = match format {
        PictureFormat::Svg => (gettext("SVG images"), gettext("Save Tree as SVG")),
        PictureFormat::Png => (gettext("PNG images"), gettext("Save Tree as PNG")),
        PictureFormat::Dot => (gettext("Graphviz DOT files"), gettext("Save Tree as DOT")),
    };
    chooser.save_as(
        widget,
        &SaveAs {
            title: &title,
            stem,
            filter_name: &filter,
            extension: format.extension(),
            saved: &gettext("Saved the tree to {file}."),
        },
        move |widget: &W, path| match picture(widget) {
            Some((drawing, layout)) => write(&drawing, &layout, path, format),
            None => Ok(()),
        },
        done,
    );
}

/// Writes `drawing`, placed by `layout`, to `path` in `format`, whole or
/// not at all.
fn write(
    drawing: &Drawing,
    layout: &Layout,
    path: &Path,
    format: PictureFormat,
) -> Result<(), String> {
    match format {
        PictureFormat::Svg => file_dialog::write_text(path, &svg::write(drawing, layout)),
        PictureFormat::Dot => file_dialog::write_text(path, &dot::write(drawing)),
        PictureFormat::Png => tree_painting::write_png(drawing, layout, path)
            .map_err(|error| file_dialog::could_not_save(path, &error)),
    }
}
