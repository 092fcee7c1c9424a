//! Asking where to save a file: the system's file chooser (a portal's in a
//! sandbox), with a suggested name and a filter for the file's kind.

use std::path::{Path, PathBuf};

use gtk::{gio, prelude::*};

use crate::i18n::gettext;

/// The file name a path is shown by.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// What became of a save to `path`, for a status line: `saved` with its
/// `{file}` filled in, or the error; and whether it failed.
pub fn outcome(result: Result<(), String>, path: &Path, saved: &str) -> (String, bool) {
    match result {
        Ok(()) => (
            crate::i18n::fill(saved, &[("file", &file_name(path))]),
            false,
        ),
        Err(error) => (error, true),
    }
}

/// A file name made of a title: "Nodes searched" → "nodes-searched".
pub fn file_stem(title: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        "chart".to_owned()
    } else {
        words.join("-")
    }
}

/// Asks where to save a file of kind `filter_name` (ending in
/// `extension`), suggesting `suggested`; hands the chosen path to
/// `chosen`. Nothing happens when the person cancels.
pub fn ask_where(
    parent: &impl IsA<gtk::Widget>,
    title: &str,
    suggested: &str,
    filter_name: &str,
    extension: &str,
    chosen: impl Fn(PathBuf) + 'static,
) {
    let window = parent.root().and_downcast::<gtk::Window>();
    let dialog = gtk::FileChooserNative::new(
        Some(title),
        window.as_ref(),
        gtk::FileChooserAction::Save,
        Some(&gettext("_Save")),
        Some(&gettext("_Cancel")),
    );
    dialog.set_modal(true);
    let filter = gtk::FileFilter::new();
    filter.set_name(Some(filter_name));
    filter.add_suffix(extension);
    dialog.add_filter(&filter);
    dialog.set_current_name(suggested);
    dialog.connect_response(move |dialog, response| {
        if response == gtk::ResponseType::Accept
            && let Some(path) = dialog.file().as_ref().and_then(gio::File::path)
        {
            chosen(path);
        }
        dialog.destroy();
    });
    dialog.show();
}

/// A table's file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableFormat {
    Csv,
    Json,
}

impl TableFormat {
    pub fn extension(self) -> &'static str {
        match self {
            TableFormat::Csv => "csv",
            TableFormat::Json => "json",
        }
    }

    /// The file chooser's filter name.
    pub fn filter_name(self) -> String {
        match self {
            TableFormat::Csv => gettext("CSV tables"),
            TableFormat::Json => gettext("JSON files"),
        }
    }
}

/// Writes `text` to `path`; the error says what went wrong in a sentence:
/// "Could not save to results.csv: Permission denied (os error 13). Nothing
/// was written."
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|error| {
        crate::i18n::fill(
            &gettext("Could not save to {file}: {error}. Nothing was written."),
            &[("file", &file_name(path)), ("error", &error)],
        )
    })
}
