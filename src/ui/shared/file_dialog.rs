//! Asking which file to save to or to open, with the system's file chooser
//! (a portal's in a sandbox) and a filter for the file's kind; and what
//! became of a save, in a sentence.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use gtk::{gio, glib, prelude::*};

use tictactoe_files::whole as files;
use tictactoe_words::i18n::gettext;

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
            tictactoe_words::i18n::fill(saved, &[("file", &file_name(path))]),
            false,
        ),
        Err(error) => (error, true),
    }
}

/// Why nothing was saved to `path`: "Could not save to results.csv:
/// Permission denied (os error 13). Nothing was written."
pub fn could_not_save(path: &Path, error: &dyn std::fmt::Display) -> String {
    tictactoe_words::i18n::fill(
        &gettext("Could not save to {file}: {error}. Nothing was written."),
        &[("file", &file_name(path)), ("error", error)],
    )
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

/// Whether a file chooser saves (suggesting a name) or opens.
#[derive(Debug, Clone, Copy)]
pub enum FileAction<'a> {
    Save { suggested: &'a str },
    Open,
}

/// What a file chooser asks for: its title, Save or Open, and the kind of
/// file by its filter's name ("PNG images") and extension ("png").
#[derive(Debug, Clone, Copy)]
pub struct FileRequest<'a> {
    pub title: &'a str,
    pub action: FileAction<'a>,
    pub filter_name: &'a str,
    pub extension: &'a str,
}

/// A file to save, as a file chooser asks for it: its title, the name it
/// suggests (`stem`, then `.extension`), the kind of file by its filter's
/// name, and what the status line says once it is saved ("Saved the table
/// to {file}.").
#[derive(Debug, Clone, Copy)]
pub struct SaveAs<'a> {
    pub title: &'a str,
    pub stem: &'a str,
    pub filter_name: &'a str,
    pub extension: &'a str,
    pub saved: &'a str,
}

/// The file chooser a widget has open, one at a time. GTK holds no
/// reference to a native dialog: dropped before it answers, it goes away
/// at once (GTK's own chooser then says "Operation was cancelled"). So the
/// chooser is kept here until it answers, and dropped then.
#[derive(Default)]
pub struct FileChooser {
    open: Rc<RefCell<Option<gtk::FileChooserNative>>>,
}

impl FileChooser {
    /// Asks for a file as `request` says, over `parent`'s window, and hands
    /// the chosen path to `chosen`; Cancel, or closing the chooser, hands
    /// nothing. While a chooser is open, asking again leaves it as it is
    /// and opens no second one.
    pub fn ask(
        &self,
        parent: &impl IsA<gtk::Widget>,
        request: &FileRequest,
        chosen: impl Fn(PathBuf) + 'static,
    ) {
        if self.is_open() {
            return;
        }
        let (action, accept) = match request.action {
            FileAction::Save { .. } => (gtk::FileChooserAction::Save, gettext("_Save")),
            FileAction::Open => (gtk::FileChooserAction::Open, gettext("_Open")),
        };
        let window = parent.root().and_downcast::<gtk::Window>();
        let dialog = gtk::FileChooserNative::new(
            Some(request.title),
            window.as_ref(),
            action,
            Some(&accept),
            Some(&gettext("_Cancel")),
        );
        dialog.set_modal(true);
        let filter = gtk::FileFilter::new();
        filter.set_name(Some(request.filter_name));
        // No extension: any file (the test sets have none).
        if request.extension.is_empty() {
            filter.add_pattern("*");
        } else {
            filter.add_suffix(request.extension);
        }
        dialog.add_filter(&filter);
        if let FileAction::Save { suggested } = request.action {
            dialog.set_current_name(suggested);
        }
        dialog.connect_response(glib::clone!(
            #[weak(rename_to = open)]
            self.open,
            move |dialog, response| {
                // The last reference goes when this handler returns, as in
                // GTK's own examples; a chooser asked for by `chosen` may
                // take its place meanwhile.
                let _answered = open.take();
                if response == gtk::ResponseType::Accept
                    && let Some(path) = dialog.file().as_ref().and_then(gio::File::path)
                {
                    chosen(path);
                }
            }
        ));
        // Kept before it shows, in case it answers at once.
        self.open.replace(Some(dialog.clone()));
        dialog.show();
    }

    /// Asks where to save what `file` describes, over `widget`'s window; then
    /// `save` writes it there and `done` hears what became of it: `file`'s
    /// `saved` sentence with its `{file}` filled in, or the error, and
    /// whether it failed. Cancel saves nothing and says nothing.
    pub fn save_as<W: IsA<gtk::Widget>>(
        &self,
        widget: &W,
        file: &SaveAs,
        save: impl Fn(&W, &Path) -> Result<(), String> + 'static,
        done: impl Fn(&W, &str, bool) + 'static,
    ) {
        let request = FileRequest {
            title: file.title,
            action: FileAction::Save {
                suggested: &format!("{}.{}", file.stem, file.extension),
            },
            filter_name: file.filter_name,
            extension: file.extension,
        };
        let saved = file.saved.to_owned();
        let widget_ref = widget.downgrade();
        self.ask(widget, &request, move |path| {
            if let Some(widget) = widget_ref.upgrade() {
                let (message, failed) = outcome(save(&widget, &path), &path, &saved);
                done(&widget, &message, failed);
            }
        });
    }

    /// Whether a chooser is open, waiting for its answer.
    pub fn is_open(&self) -> bool {
        self.open.borrow().is_some()
    }
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

/// Writes `text` to `path`, whole or not at all (`files::write_whole`);
/// the error says what went wrong in a sentence (`could_not_save`).
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    files::write_whole(path, text.as_bytes()).map_err(|error| could_not_save(path, &error))
}

/// For the tests of the files the windows save: a failed write halfway.
#[cfg(test)]
pub(crate) mod test_support {
    use std::os::unix::process::CommandExt;
    use std::path::{Path, PathBuf};

    /// Set, to a directory, in the child process `rerun_with_file_size_limit`
    /// starts.
    const CHILD_DIRECTORY: &str = "TICTACTOE_TEST_FILE_SIZE_LIMIT";

    /// In that child, the directory its parent gave it.
    pub fn child_directory() -> Option<PathBuf> {
        std::env::var_os(CHILD_DIRECTORY).map(PathBuf::from)
    }

    /// Runs the unit test `name` again in a child process whose files
    /// cannot grow past `limit` bytes (a write beyond fails, as on a full
    /// disk), with `directory` for `child_directory`; returns what it said
    /// if it failed.
    pub fn rerun_with_file_size_limit(
        name: &str,
        directory: &Path,
        limit: u64,
    ) -> Result<(), String> {
        let mut command = std::process::Command::new(std::env::current_exe().unwrap());
        command
            .args(["--exact", name, "--nocapture"])
            .env(CHILD_DIRECTORY, directory);
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                let limits = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: limit,
                };
                // A write past the limit then fails instead of killing.
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limits) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
        let output = command.output().map_err(|error| error.to_string())?;
        if output.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{child_directory, rerun_with_file_size_limit};
    use super::*;

    #[test]
    fn a_table_that_cannot_be_written_whole_leaves_the_file_as_it_was() {
        let table = "player,nodes\r\n".repeat(1000);
        if let Some(directory) = child_directory() {
            // No more than a kilobyte a file: the table is larger.
            let error = write_text(&directory.join("table.csv"), &table).unwrap_err();
            assert!(error.ends_with("Nothing was written."), "{error}");
            return;
        }
        let directory = std::env::temp_dir().join(format!("table-limit-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let path = directory.join("table.csv");
        std::fs::write(&path, "the old table").unwrap();
        rerun_with_file_size_limit(
            "ui::file_dialog::tests::a_table_that_cannot_be_written_whole_leaves_the_file_as_it_was",
            &directory,
            1024,
        )
        .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old table");
        assert_eq!(std::fs::read_dir(&directory).unwrap().count(), 1);
        std::fs::remove_dir_all(&directory).unwrap();
    }
}
