//! The guide that ships with the app: Mallard pages (`help/`) that the
//! desktop's help viewer (Yelp) shows. F1 opens the page of the window it is
//! pressed in, as each window's Help button does; the main window's opens
//! the guide's first page.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use adw::prelude::*;
use gtk::{gio, glib, subclass::prelude::*};
use tictactoe_words::i18n::gettext;

use super::data_dir;
use crate::ui::APP_ID;

/// Where `build.rs` built the guide, for runs from the build tree.
const BUILT_DATA_DIR: &str = concat!(env!("OUT_DIR"), "/share");

/// Where a help viewer looks when `XDG_DATA_DIRS` is unset (the XDG Base
/// Directory specification's default).
const DEFAULT_DATA_DIRS: &str = "/usr/local/share:/usr/share";

/// The pages a window opens, each `help/C/<id>.page`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuidePage {
    Index,
    AnalysisBoard,
    TreeExplorer,
    Compare,
    Tournament,
    Training,
    MonteCarlo,
    Review,
    Practice,
    Evaluation,
}

impl GuidePage {
    pub const ALL: [GuidePage; 10] = [
        GuidePage::Index,
        GuidePage::AnalysisBoard,
        GuidePage::TreeExplorer,
        GuidePage::Compare,
        GuidePage::Tournament,
        GuidePage::Training,
        GuidePage::MonteCarlo,
        GuidePage::Review,
        GuidePage::Practice,
        GuidePage::Evaluation,
    ];

    /// The page's Mallard id, its file's name.
    pub fn id(self) -> &'static str {
        match self {
            GuidePage::Index => "index",
            GuidePage::AnalysisBoard => "analysis-board",
            GuidePage::TreeExplorer => "tree-explorer",
            GuidePage::Compare => "compare",
            GuidePage::Tournament => "tournament",
            GuidePage::Training => "training",
            GuidePage::MonteCarlo => "monte-carlo",
            GuidePage::Review => "review",
            GuidePage::Practice => "practice",
            GuidePage::Evaluation => "evaluation",
        }
    }

    /// The `help:` URI that opens the page in the user's language.
    pub fn uri(self) -> String {
        match self {
            GuidePage::Index => format!("help:{APP_ID}"),
            page => format!("help:{APP_ID}/{}", page.id()),
        }
    }
}

/// Installs the action `name`, which opens `page`, and binds F1 to it.
pub fn install_help_action<C>(klass: &mut C, name: &'static str, page: GuidePage)
where
    C: WidgetClassExt,
    <C::Type as ObjectSubclass>::Type: IsA<gtk::Window>,
{
    klass.install_action(name, None, move |window, _, _| show_help(window, page));
    klass.add_binding_action(gtk::gdk::Key::F1, gtk::gdk::ModifierType::empty(), name);
}

/// Opens `page` in the help viewer, or says over `parent` why it cannot.
pub fn show_help(parent: &impl IsA<gtk::Window>, page: GuidePage) {
    let parent = parent.upcast_ref::<gtk::Window>();
    if gio::AppInfo::default_for_uri_scheme("help").is_none() {
        tell(
            parent,
            &gettext("No Help Viewer Installed"),
            &gettext(
                "The guide opens in the desktop's help viewer, and none is installed. Install GNOME Help (the package yelp; on Debian and Ubuntu: sudo apt install yelp), then try again.",
            ),
        );
        return;
    }
    let context = WidgetExt::display(parent).app_launch_context();
    context.setenv("XDG_DATA_DIRS", data_dirs_with(&guide_data_dir()));
    gio::AppInfo::launch_default_for_uri_async(
        &page.uri(),
        Some(&context),
        None::<&gio::Cancellable>,
        glib::clone!(
            #[weak]
            parent,
            move |result| {
                if let Err(error) = result {
                    tell(
                        &parent,
                        &gettext("Help Could Not Be Opened"),
                        error.message(),
                    );
                }
            }
        ),
    );
}

/// The data directory that holds the guide: an installed binary's
/// `../share`, where the install put it, else the build tree's.
pub fn guide_data_dir() -> PathBuf {
    data_dir::beside_binary()
        .filter(|dir| holds_guide(dir))
        .unwrap_or_else(|| PathBuf::from(BUILT_DATA_DIR))
}

fn holds_guide(dir: &Path) -> bool {
    dir.join(format!("help/C/{APP_ID}/index.page")).is_file()
}

/// The data directories the help viewer searches, `first` before those of
/// this process: an install under any prefix, or the build tree, is found.
fn data_dirs_with(first: &Path) -> OsString {
    let current = std::env::var_os("XDG_DATA_DIRS")
        .filter(|dirs| !dirs.is_empty())
        .unwrap_or_else(|| DEFAULT_DATA_DIRS.into());
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&current).collect();
    if !dirs.iter().any(|dir| dir == first) {
        dirs.insert(0, first.to_owned());
    }
    std::env::join_paths(dirs).unwrap_or(current)
}

fn tell(parent: &gtk::Window, heading: &str, body: &str) {
    let dialog = adw::MessageDialog::new(Some(parent), Some(heading), Some(body));
    dialog.add_response("close", &gettext("_Close"));
    dialog.set_default_response(Some("close"));
    dialog.set_close_response("close");
    dialog.present();
}
