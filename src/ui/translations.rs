//! The window speaks the user's language: the locale from the environment
//! and the catalogues compiled from `po/`. Only the window does this, so the
//! command line keeps its English.

use std::path::{Path, PathBuf};

use gettextrs::{LocaleCategory, bind_textdomain_codeset, bindtextdomain, setlocale, textdomain};

use super::shared::data_dir;
use tictactoe_words::i18n::DOMAIN;

/// Where `build.rs` compiled the catalogues, for runs from the build tree.
const BUILT_CATALOGUES: &str = concat!(env!("OUT_DIR"), "/locale");

/// Sets the locale from the environment and makes gettext, and so the
/// templates GtkBuilder reads, translate from this app's catalogues. Call
/// before the window is built.
pub fn use_user_language() {
    setlocale(LocaleCategory::LcAll, "");
    // Without catalogues gettext hands back the English text, so a failure
    // to bind leaves an English window rather than none.
    let bound = bindtextdomain(DOMAIN, catalogue_dir())
        .and_then(|_| bind_textdomain_codeset(DOMAIN, "UTF-8"))
        .and_then(|_| textdomain(DOMAIN));
    if let Err(error) = bound {
        gtk::glib::g_warning!("tictactoe", "translations unavailable: {error}");
    }
}

/// An installed binary's `../share/locale` (where the install script puts
/// the catalogues) if it holds this app's, else the ones built with it.
fn catalogue_dir() -> PathBuf {
    data_dir::beside_binary()
        .map(|share| share.join("locale"))
        .filter(|dir| holds_catalogues(dir))
        .unwrap_or_else(|| PathBuf::from(BUILT_CATALOGUES))
}

fn holds_catalogues(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|languages| {
        languages.flatten().any(|language| {
            language
                .path()
                .join(format!("LC_MESSAGES/{DOMAIN}.mo"))
                .is_file()
        })
    })
}
