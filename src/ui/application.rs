//! The application: the style sheet, the application-wide actions and
//! their keyboard shortcuts, and the About dialog.

use gtk::{gdk, gio, glib, prelude::*};

use super::{APP_ID, RESOURCE_PATH};
use crate::i18n::gettext;

mod imp {
    use gtk::subclass::prelude::*;
    use gtk::{glib, prelude::*};

    use super::super::window::TictactoeWindow;

    #[derive(Default)]
    pub struct TictactoeApplication;

    #[glib::object_subclass]
    impl ObjectSubclass for TictactoeApplication {
        const NAME: &'static str = "TictactoeApplication";
        type Type = super::TictactoeApplication;
        type ParentType = gtk::Application;
    }

    impl ObjectImpl for TictactoeApplication {}

    impl ApplicationImpl for TictactoeApplication {
        fn startup(&self) {
            self.parent_startup();
            let app = self.obj();
            app.load_style();
            app.setup_actions();
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

    impl GtkApplicationImpl for TictactoeApplication {}
}

glib::wrapper! {
    pub struct TictactoeApplication(ObjectSubclass<imp::TictactoeApplication>)
        @extends gtk::Application, gio::Application,
        @implements gio::ActionGroup, gio::ActionMap;
}

impl Default for TictactoeApplication {
    fn default() -> TictactoeApplication {
        TictactoeApplication::new()
    }
}

impl TictactoeApplication {
    pub fn new() -> TictactoeApplication {
        super::register_resources();
        glib::Object::builder()
            .property("application-id", APP_ID)
            .property("resource-base-path", RESOURCE_PATH)
            .build()
    }

    fn load_style(&self) {
        let Some(display) = gdk::Display::default() else {
            return;
        };
        let provider = gtk::CssProvider::new();
        provider.load_from_resource(&format!("{RESOURCE_PATH}/style.css"));
        gtk::style_context_add_provider_for_display(
            &display,
            &provider,
            gtk::STYLE_PROVIDER_PRIORITY_APPLICATION,
        );
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
        self.set_accels_for_action("win.edit", &["<Control>e"]);
        self.set_accels_for_action("win.save", &["<Control>s"]);
        self.set_accels_for_action("win.open", &["<Control>o"]);
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
        let dialog = gtk::AboutDialog::builder()
            .modal(true)
            .program_name("Tic-Tac-Toe")
            .logo_icon_name(APP_ID)
            .version(env!("CARGO_PKG_VERSION"))
            // Cargo.toml's description, which xgettext cannot read there.
            .comments(gettext(
                "Play Tic-Tac-Toe against game-tree search algorithms and watch them think",
            ))
            .license_type(gtk::License::Gpl30)
            .authors([gettext("The Tic-Tac-Toe developers")])
            .translator_credits(gettext("translator-credits"))
            .build();
        dialog.set_transient_for(self.active_window().as_ref());
        dialog.present();
    }
}
