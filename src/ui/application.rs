//! The application: the application-wide actions and their keyboard
//! shortcuts, and the About window. It is a libadwaita application, which
//! follows the system's dark style and loads `style.css` from the
//! resources by itself.

use adw::prelude::*;
use gtk::{gio, glib};

use super::window::avoid_unusable_settings_store;
use super::{APP_ID, RESOURCE_PATH};
use tictactoe_words::i18n::gettext;

/// The project's home, as the app id names it, and where to report a bug.
const WEBSITE: &str = "https://github.com/tictactoe/tictactoe";
const ISSUES: &str = "https://github.com/tictactoe/tictactoe/issues";

mod imp {
    use gtk::subclass::prelude::*;
    use gtk::{glib, prelude::*};

    use crate::ui::window::TictactoeWindow;

    #[derive(Default)]
    pub struct TictactoeApplication;

    #[glib::object_subclass]
    impl ObjectSubclass for TictactoeApplication {
        const NAME: &'static str = "TictactoeApplication";
        type Type = super::TictactoeApplication;
        type ParentType = adw::Application;
    }

    impl ObjectImpl for TictactoeApplication {}

    impl ApplicationImpl for TictactoeApplication {
        fn startup(&self) {
            self.parent_startup();
            self.obj().setup_actions();
        }

        fn activate(&self) {
            self.parent_activate();
            let app = self.obj();
            let window = app
                .active_window()
                .unwrap_or_else(|| TictactoeWindow::new(&*app).upcast());
            window.present();
        }
    }

    impl GtkApplicationImpl for TictactoeApplication {
        fn window_added(&self, window: &gtk::Window) {
            self.parent_window_added(window);
            // GtkApplication has given the window its shortcuts window.
            if let Some(overlay) = window
                .downcast_ref::<gtk::ApplicationWindow>()
                .and_then(|window| window.help_overlay())
            {
                super::flow_shortcuts(&overlay);
            }
        }
    }
    impl adw::subclass::prelude::AdwApplicationImpl for TictactoeApplication {}
}

glib::wrapper! {
    pub struct TictactoeApplication(ObjectSubclass<imp::TictactoeApplication>)
        @extends adw::Application, gtk::Application, gio::Application,
        @implements gio::ActionGroup, gio::ActionMap;
}

/// The lines (shortcuts and group titles) in a column of the shortcuts
/// window: two columns a page fit an 800 px high screen.
const SHORTCUT_LINES: u32 = 12;

/// Flows the shortcuts window's groups into columns and pages, once all
/// are in (see `resources/gtk/help-overlay.ui`).
fn flow_shortcuts(overlay: &gtk::ShortcutsWindow) {
    let mut pending: Vec<gtk::Widget> = overlay.first_child().into_iter().collect();
    while let Some(widget) = pending.pop() {
        pending.extend(widget.next_sibling());
        if widget.is::<gtk::ShortcutsSection>() {
            widget.set_property("max-height", SHORTCUT_LINES);
        } else {
            pending.extend(widget.first_child());
        }
    }
}

impl Default for TictactoeApplication {
    fn default() -> TictactoeApplication {
        TictactoeApplication::new()
    }
}

impl TictactoeApplication {
    /// The app, its settings file checked first: GTK reads it as it
    /// starts.
    pub fn new() -> TictactoeApplication {
        avoid_unusable_settings_store();
        super::register_resources();
        glib::Object::builder()
            .property("application-id", APP_ID)
            .property("resource-base-path", RESOURCE_PATH)
            .build()
    }

    fn setup_actions(&self) {
        let quit = gio::ActionEntry::builder("quit")
            .activate(|app: &TictactoeApplication, _, _| app.close_windows())
            .build();
        let about = gio::ActionEntry::builder("about")
            .activate(|app: &TictactoeApplication, _, _| app.show_about())
            .build();
        self.add_action_entries([quit, about]);
        self.set_accels_for_action("app.quit", &["<Control>q"]);
        self.set_accels_for_action("win.start", &["<Control>n"]);
        self.set_accels_for_action("win.request-end", &["Escape"]);
        self.set_accels_for_action("win.copy-log", &["<Control><Shift>c"]);
        self.set_accels_for_action("win.undo", &["<Control>z"]);
        self.set_accels_for_action("win.redo", &["<Control><Shift>z"]);
        self.set_accels_for_action("win.browse-back", &["<Alt>Left"]);
        self.set_accels_for_action("win.browse-forward", &["<Alt>Right"]);
        self.set_accels_for_action("win.continue", &["<Control><Shift>n"]);
        self.set_accels_for_action("win.hint", &["<Control>h"]);
        self.set_accels_for_action("win.explore", &["<Control><Shift>e"]);
        self.set_accels_for_action("win.edit", &["<Control>e"]);
        self.set_accels_for_action("win.save", &["<Control>s"]);
        self.set_accels_for_action("win.open", &["<Control>o"]);
        self.set_accels_for_action("win.compare", &["<Control>m"]);
        self.set_accels_for_action("win.mcts", &["<Control><Shift>m"]);
        self.set_accels_for_action("win.practice", &["<Control>p"]);
        self.set_accels_for_action("win.help", &["F1"]);
        self.set_accels_for_action("win.review", &["<Control>r"]);
        self.set_accels_for_action("win.tournament", &["<Control>t"]);
        self.set_accels_for_action("win.training", &["<Control>l"]);
        self.set_accels_for_action("win.evaluation-truth", &["<Control><Shift>t"]);
        self.set_accels_for_action("win.horizon", &["<Control><Shift>h"]);
        self.set_accels_for_action("win.show-evaluation", &["<Control>b"]);
    }

    /// Closes every window, which stops their game threads; the application
    /// ends with its last window.
    fn close_windows(&self) {
        for window in self.windows() {
            window.close();
        }
        self.quit();
    }

    fn show_about(&self) {
        let about = adw::AboutWindow::builder()
            .modal(true)
            .application_name("Tic-Tac-Toe")
            .application_icon(APP_ID)
            .developer_name(gettext("The Tic-Tac-Toe developers"))
            .version(env!("CARGO_PKG_VERSION"))
            // Cargo.toml's description, which xgettext cannot read there.
            .comments(gettext(
                "Play Tic-Tac-Toe against game-tree search algorithms and watch them think",
            ))
            .website(WEBSITE)
            .issue_url(ISSUES)
            .copyright(gettext("© 2026 The Tic-Tac-Toe developers"))
            .license_type(gtk::License::Gpl30)
            .developers([gettext("The Tic-Tac-Toe developers")])
            .translator_credits(gettext("translator-credits"))
            .build();
        about.set_transient_for(self.active_window().as_ref());
        about.present();
    }
}
