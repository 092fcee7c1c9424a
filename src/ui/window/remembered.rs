//! What the window remembers between runs: both players, difficulties and
//! evaluations (a named one; the evaluation panel's weights are not kept),
//! the coach for each side, the board (its size, number in a row and
//! gravity), the pace, the scores on the board, the window's size and
//! maximised state, and the board's share of the window in each layout.
//!
//! They live in GSettings under the schema `io.github.tictactoe.Tictactoe`:
//! the installed one, else the one `build.rs` compiled into the build tree.
//! Without either the window opens with its defaults and remembers nothing,
//! and stderr says so once. GSettings itself checks the numbers' types and
//! ranges; what it lets through is checked here: a value that is not UTF-8
//! text, a number that is not a number (NaN passes a range), and the names
//! of players, difficulties and board sizes. A bad one is reported on
//! stderr in one line, reset, and replaced by its default.
//!
//! Before GTK starts, the file GLib keeps the settings in is checked: a
//! named pipe there would make GLib wait forever to open it, a loop of
//! links would be replaced by a file as the window closes. Either keeps
//! the settings in memory for the run (the file left as it is), and the
//! status line says so as the window opens.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Once, OnceLock};

use gtk::subclass::prelude::*;
use gtk::{gio, glib, prelude::*};

use super::TictactoeWindow;
use crate::ui::APP_ID;
use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::{Shape, UnknownShape};
use tictactoe_engine::player_kind::{UnknownDifficulty, UnknownPlayer};
use tictactoe_files::whole::check_regular_or_absent;
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext};

/// Where `build.rs` compiled the schema, for a build that is not installed.
const BUILT_SCHEMA_DIR: &str = env!("OUT_DIR");

/// Every key the window uses: an installed schema from an older version
/// that lacks one is passed over, since GSettings aborts on unknown keys.
const KEYS: [&str; 19] = [
    "max-player",
    "max-difficulty",
    "min-player",
    "min-difficulty",
    "max-evaluation",
    "min-evaluation",
    "board-size",
    "board-in-a-row",
    "board-gravity",
    "pace",
    "show-scores",
    "learn-from-games",
    "max-coach",
    "min-coach",
    "window-width",
    "window-height",
    "window-maximized",
    "board-share-wide",
    "board-share-narrow",
];

/// The board's share of the window in each layout, as the schema's
/// defaults have it, for when there are no settings.
const DEFAULT_SHARE_WIDE: f64 = 0.54;
const DEFAULT_SHARE_NARROW: f64 = 0.6;
/// The schema's range for the shares: neither side is ever squeezed out.
const SHARE_RANGE: std::ops::RangeInclusive<f64> = 0.2..=0.8;

/// The settings file this run does not use, and why, once it is checked.
static UNUSABLE_STORE: OnceLock<Option<(PathBuf, String)>> = OnceLock::new();

/// The files GLib may keep the settings in: the dconf database or the
/// keyfile, as `GSETTINGS_BACKEND` chooses; without it GLib takes dconf
/// where it is installed, else the keyfile, so both are checked.
fn settings_stores() -> Vec<PathBuf> {
    let config = glib::user_config_dir();
    let dconf = config.join("dconf").join("user");
    let keyfile = config.join("glib-2.0").join("settings").join("keyfile");
    match std::env::var_os("GSETTINGS_BACKEND").as_deref() {
        Some(backend) if backend == OsStr::new("memory") => Vec::new(),
        Some(backend) if backend == OsStr::new("dconf") => vec![dconf],
        Some(backend) if backend == OsStr::new("keyfile") => vec![keyfile],
        _ => vec![dconf, keyfile],
    }
}

/// Keeps the settings in memory for this run when a file GLib would keep
/// them in is no regular file (`check_regular_or_absent`). libadwaita's
/// settings portal is left alone too: the portal reads the same file and
/// would keep the window waiting 25 s for its answer. Called as the first
/// application is made, before GTK, libadwaita or GSettings start and
/// while the process has no other thread.
pub fn avoid_unusable_settings_store() {
    UNUSABLE_STORE.get_or_init(|| {
        let (path, error) = settings_stores().into_iter().find_map(|path| {
            check_regular_or_absent(&path)
                .err()
                .map(|error| (path, error.to_string()))
        })?;
        // SAFETY: no other thread runs yet (see above), so none reads the
        // environment meanwhile.
        unsafe {
            std::env::set_var("GSETTINGS_BACKEND", "memory");
            std::env::set_var("ADW_DISABLE_PORTAL", "1");
        }
        Some((path, error))
    });
}

/// Says that the settings file is not used this run, if it is not.
pub(super) fn unusable_store_note() -> Option<String> {
    let (path, error) = UNUSABLE_STORE.get()?.as_ref()?;
    Some(fill(
        &gettext(
            "Settings are neither read nor saved this session: '{path}' could not be read ({error}) and was left as it is.",
        ),
        &[("path", &path.display()), ("error", error)],
    ))
}

/// The schema, installed or built, or why there is none.
fn find_schema() -> Result<gio::SettingsSchema, String> {
    let complete = |schema: &gio::SettingsSchema| KEYS.iter().all(|key| schema.has_key(key));
    let installed = gio::SettingsSchemaSource::default();
    if let Some(schema) = installed
        .as_ref()
        .and_then(|source| source.lookup(APP_ID, true))
        .filter(complete)
    {
        return Ok(schema);
    }
    let built =
        gio::SettingsSchemaSource::from_directory(BUILT_SCHEMA_DIR, installed.as_ref(), false)
            .map_err(|error| format!("the schema {APP_ID} is not installed, and {error}"))?;
    built.lookup(APP_ID, false).filter(complete).ok_or_else(|| {
        format!("the schema {APP_ID} is neither installed nor in {BUILT_SCHEMA_DIR}")
    })
}

/// The app's settings, or `None` when there is no schema, which stderr
/// reports once per run.
fn open_settings() -> Option<gio::Settings> {
    static REPORT: Once = Once::new();
    match find_schema() {
        Ok(schema) => Some(gio::Settings::new_full(
            &schema,
            None::<&gio::SettingsBackend>,
            None,
        )),
        Err(why) => {
            REPORT.call_once(|| eprintln!("tictactoe: settings will not be remembered: {why}"));
            None
        }
    }
}

/// `read`'s result, and whether GLib complained meanwhile that a text was
/// not UTF-8: its parser says so for a value in the settings (a keyfile
/// edited by hand) and falls back on the default. Its complaint is taken
/// here instead, for the key to be reported once, in the app's words.
fn noting_invalid_text<T>(read: impl FnOnce() -> T) -> (T, bool) {
    let invalid = Arc::new(AtomicBool::new(false));
    let handler = glib::log_set_handler(
        Some("GLib"),
        glib::LogLevels::LEVEL_CRITICAL,
        false,
        false,
        glib::clone!(
            #[strong]
            invalid,
            move |domain, level, message| {
                if message.contains("g_utf8_validate") {
                    invalid.store(true, Ordering::Relaxed);
                } else {
                    glib::log_default_handler(domain, level, Some(message));
                }
            }
        ),
    );
    let value = read();
    glib::log_remove_handler(Some("GLib"), handler);
    (value, invalid.load(Ordering::Relaxed))
}

/// Resets every key whose value GSettings lets through though the window
/// cannot use it: a text that is not UTF-8, or a number that is NaN. Each
/// is reported on stderr in one line.
fn reset_unusable_values(settings: &gio::Settings) {
    for key in KEYS {
        let (value, invalid_text) = noting_invalid_text(|| settings.value(key));
        let problem = if invalid_text {
            Some("not UTF-8 text".to_owned())
        } else {
            value
                .get::<f64>()
                .filter(|number| number.is_nan())
                .map(|_| "NaN is not a number".to_owned())
        };
        if let Some(problem) = problem {
            eprintln!("tictactoe: setting {key}: {problem}; using the default");
            settings.reset(key);
        }
    }
}

/// The string `key` holds, read by `parse`. An unknown one is reported on
/// stderr and reset, so that it is reported once, and the default is read.
fn read_name<T>(
    settings: &gio::Settings,
    key: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Option<T> {
    match parse(&settings.string(key)) {
        Ok(value) => Some(value),
        Err(problem) => {
            eprintln!("tictactoe: setting {key}: {problem}; using the default");
            settings.reset(key);
            parse(&settings.string(key)).ok()
        }
    }
}

/// Writes `value` to `key` unless it holds it already, which spares the
/// backend a write for every change of the other controls.
fn store(settings: &gio::Settings, key: &str, value: impl ToVariant) {
    let value = value.to_variant();
    if settings.value(key) != value
        && let Err(error) = settings.set_value(key, &value)
    {
        eprintln!("tictactoe: setting {key} was not saved: {error}");
    }
}

/// The board remembered: its size, the number in a row (0 for the size's
/// usual one) and gravity. A number in a row the board cannot hold is
/// reported on stderr and reset, as an unknown name is.
fn read_board(settings: &gio::Settings) -> Option<Shape> {
    let size: Shape = read_name(settings, "board-size", |text| {
        text.parse().map_err(|error: UnknownShape| error.words())
    })?;
    let key = "board-in-a-row";
    let in_a_row = settings.int(key).max(0) as usize;
    let shape = match size.with_in_a_row(in_a_row) {
        _ if in_a_row == 0 => size,
        Ok(shape) => shape,
        Err(problem) => {
            eprintln!(
                "tictactoe: setting {key}: {}; using the default",
                problem.words()
            );
            settings.reset(key);
            size
        }
    };
    Some(shape.with_gravity(settings.boolean("board-gravity")))
}

/// Remembers `board` as `read_board` reads it.
fn store_board(settings: &gio::Settings, board: Shape) {
    store(settings, "board-size", size_name(board));
    store(settings, "board-in-a-row", board.in_a_row() as i32);
    store(settings, "board-gravity", board.gravity());
}

/// The keys of one side's player and difficulty.
fn player_keys(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Max => ("max-player", "max-difficulty"),
        Side::Min => ("min-player", "min-difficulty"),
    }
}

/// The key of `side`'s evaluation.
fn evaluation_key(side: Side) -> &'static str {
    match side {
        Side::Max => "max-evaluation",
        Side::Min => "min-evaluation",
    }
}

/// The key of the board's share of the window in the layout `orientation`.
fn share_key(orientation: gtk::Orientation) -> &'static str {
    match orientation {
        gtk::Orientation::Vertical => "board-share-narrow",
        _ => "board-share-wide",
    }
}

/// A board size as it is stored: "7x6", width x height.
fn size_name(size: Shape) -> String {
    format!("{}x{}", size.width(), size.height())
}

impl TictactoeWindow {
    /// Restores what the last run left, then keeps the settings up to date
    /// with the controls.
    pub(super) fn remember_settings(&self) {
        let Some(settings) = open_settings() else {
            return;
        };
        // Before anything reads or binds them.
        reset_unusable_values(&settings);
        let imp = self.imp();
        settings.bind("window-width", self, "default-width").build();
        settings
            .bind("window-height", self, "default-height")
            .build();
        settings.bind("window-maximized", self, "maximized").build();
        settings
            .bind("pace", &imp.settings.pace_scale().adjustment(), "value")
            .build();
        for (side, key) in [(Side::Max, "max-coach"), (Side::Min, "min-coach")] {
            settings
                .bind(key, &imp.settings.picker(side).coach_check(), "active")
                .build();
        }
        // An action's state is a variant, which GSettings cannot bind.
        for key in ["show-scores", "learn-from-games"] {
            let Some(action) = self.lookup_action(key) else {
                continue;
            };
            action.change_state(&settings.boolean(key).to_variant());
            action.connect_state_notify(glib::clone!(
                #[strong]
                settings,
                move |action| {
                    if let Some(on) = action.state().and_then(|state| state.get::<bool>())
                        && let Err(error) = settings.set_boolean(key, on)
                    {
                        eprintln!("tictactoe: setting {key} was not saved: {error}");
                    }
                }
            ));
        }

        // Everything is read before anything is selected: each selection
        // saves the choice, which would overwrite the keys not yet read.
        let shown = imp.settings.choice();
        let size = read_board(&settings).unwrap_or(shown.size);
        let players = [Side::Max, Side::Min].map(|side| {
            let (player_key, difficulty_key) = player_keys(side);
            let (kind, difficulty) = shown.players[side.index()];
            (
                read_name(&settings, player_key, |text| {
                    text.parse().map_err(|error: UnknownPlayer| error.words())
                })
                .unwrap_or(kind),
                read_name(&settings, difficulty_key, |text| {
                    text.parse()
                        .map_err(|error: UnknownDifficulty| error.words())
                })
                .unwrap_or(difficulty),
            )
        });
        let evaluations = [Side::Max, Side::Min].map(|side| {
            let key = evaluation_key(side);
            (key, settings.string(key))
        });
        imp.settings.set_players(size, players);
        for (side, (key, remembered)) in [Side::Max, Side::Min].into_iter().zip(evaluations) {
            let picker = imp.settings.picker(side);
            picker.select_evaluation_key(&remembered);
            // The panel's weights are not kept: the default stands in.
            if picker.evaluation_key() != remembered.as_str() {
                settings.reset(key);
            }
        }
        imp.settings.connect_changed(glib::clone!(
            #[strong]
            settings,
            move |controls| {
                let choice = controls.choice();
                store_board(&settings, choice.size);
                for side in [Side::Max, Side::Min] {
                    let (player_key, difficulty_key) = player_keys(side);
                    let (kind, difficulty) = choice.players[side.index()];
                    store(&settings, player_key, kind.name());
                    store(&settings, difficulty_key, difficulty.name());
                    let evaluation = controls.picker(side).evaluation_key();
                    store(&settings, evaluation_key(side), evaluation);
                }
            }
        ));
        let _ = imp.remembered.set(settings);
    }

    /// How much of the window the board's side takes in the layout
    /// `orientation`, as last remembered.
    pub(super) fn board_share(&self, orientation: gtk::Orientation) -> f64 {
        match self.imp().remembered.get() {
            Some(settings) => settings.double(share_key(orientation)),
            None if orientation == gtk::Orientation::Vertical => DEFAULT_SHARE_NARROW,
            None => DEFAULT_SHARE_WIDE,
        }
    }

    /// Remembers the board's share of the window in the layout it has now,
    /// and writes out what the backend still holds: the window closes.
    pub(super) fn remember_layout(&self) {
        let Some(settings) = self.imp().remembered.get() else {
            return;
        };
        let paned = self.imp().paned.get();
        let orientation = paned.orientation();
        // Of the window's length, as the layout applies it.
        let length = match orientation {
            gtk::Orientation::Vertical => self.height(),
            _ => self.width(),
        };
        if length > 0 {
            let share = f64::from(paned.position()) / f64::from(length);
            let share = share.clamp(*SHARE_RANGE.start(), *SHARE_RANGE.end());
            if let Err(error) = settings.set_double(share_key(orientation), share) {
                eprintln!("tictactoe: the log's position was not saved: {error}");
            }
        }
        gio::Settings::sync();
    }
}
