//! The status line: a message that wraps onto a second line when it must,
//! an error style for refusals, and a spinner while a computer searches.
//!
//! It lays out its two children itself, so that its width never depends on
//! its height: GtkLabel finds a width for a given height by a binary search
//! over text layouts, and in GTK 4.8 GtkPaned asks its children for exactly
//! that on every allocation. Nested in the boxes of the window's left side,
//! those searches cost tens of milliseconds each time the message changed,
//! and a frame with them missed its deadline.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

mod imp {
    use std::cell::{Cell, RefCell};

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, gdk, glib, prelude::*};

    /// Between the spinner and the message.
    const SPACING: i32 = 8;
    /// The icon GTK's spinner draws, at the size its theme gives it
    /// (`-gtk-icon-size: 16px` in GTK's default theme and in Adwaita).
    const SPINNER_ICON: &str = "process-working-symbolic";
    const SPINNER_ICON_SIZE: i32 = 16;

    #[derive(Default, CompositeTemplate, glib::Properties)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/status_line.ui")]
    #[properties(wrapper_type = super::StatusLine)]
    pub struct StatusLine {
        #[template_child]
        pub(super) spinner: TemplateChild<gtk::Spinner>,
        #[template_child]
        pub(super) message: TemplateChild<gtk::Label>,
        /// A computer player is searching: the spinner shows and spins.
        #[property(get, set)]
        busy: Cell<bool>,
        /// The spinner's icon, loaded ahead of its first use and held so
        /// that the icon theme keeps it.
        spinner_icon: RefCell<Option<gtk::IconPaintable>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for StatusLine {
        const NAME: &'static str = "TictactoeStatusLine";
        type Type = super::StatusLine;
        type ParentType = gtk::Widget;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
            klass.set_css_name("statusline");
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    #[glib::derived_properties]
    impl ObjectImpl for StatusLine {
        fn dispose(&self) {
            self.dispose_template();
        }
    }

    impl WidgetImpl for StatusLine {
        fn realize(&self) {
            self.parent_realize();
            self.load_spinner_icon();
        }

        fn request_mode(&self) -> gtk::SizeRequestMode {
            gtk::SizeRequestMode::HeightForWidth
        }

        fn measure(&self, orientation: gtk::Orientation, for_size: i32) -> (i32, i32, i32, i32) {
            let spinner_width = self.spinner_width();
            let (minimum, natural) = match orientation {
                // The message wraps at any width it is given, down to its
                // longest word, whatever the height.
                gtk::Orientation::Horizontal => {
                    let (minimum, natural, _, _) = self.message.measure(orientation, -1);
                    (minimum + spinner_width, natural + spinner_width)
                }
                _ => {
                    let message_width = if for_size < 0 {
                        -1
                    } else {
                        (for_size - spinner_width).max(0)
                    };
                    let (minimum, natural, _, _) = self.message.measure(orientation, message_width);
                    let spinner_height = self.spinner_size(orientation);
                    (minimum.max(spinner_height), natural.max(spinner_height))
                }
            };
            (minimum, natural, -1, -1)
        }

        fn size_allocate(&self, width: i32, height: i32, _baseline: i32) {
            let spinner_width = self.spinner_width();
            let right_to_left = WidgetExt::direction(&*self.obj()) == gtk::TextDirection::Rtl;
            if spinner_width > 0 {
                let size = spinner_width - SPACING;
                let spinner_height = self.spinner_size(gtk::Orientation::Vertical);
                let x = if right_to_left { width - size } else { 0 };
                let y = (height - spinner_height) / 2;
                self.spinner
                    .size_allocate(&gdk::Rectangle::new(x, y, size, spinner_height), -1);
            }
            let message_x = if right_to_left { 0 } else { spinner_width };
            self.message.size_allocate(
                &gdk::Rectangle::new(message_x, 0, (width - spinner_width).max(0), height),
                -1,
            );
        }
    }

    impl StatusLine {
        /// GTK loads an icon the first time it is drawn, within that frame:
        /// a few milliseconds of the first Start, when the spinner first
        /// spins. Loading it here, as the window is realized, moves that
        /// work to start-up. The spinner looks its icon up by name, size and
        /// scale and finds this one in the icon theme's cache; with another
        /// theme size it just loads its own, as before.
        fn load_spinner_icon(&self) {
            let obj = self.obj();
            let icon = gtk::IconTheme::for_display(&WidgetExt::display(&*obj)).lookup_icon(
                SPINNER_ICON,
                &[],
                SPINNER_ICON_SIZE,
                obj.scale_factor(),
                gtk::TextDirection::None,
                gtk::IconLookupFlags::empty(),
            );
            // Drawing it is what loads it.
            let size = f64::from(SPINNER_ICON_SIZE);
            icon.snapshot(
                gtk::Snapshot::new().upcast_ref::<gdk::Snapshot>(),
                size,
                size,
            );
            self.spinner_icon.replace(Some(icon));
        }

        /// The spinner's natural size in `orientation`.
        fn spinner_size(&self, orientation: gtk::Orientation) -> i32 {
            if self.spinner.should_layout() {
                self.spinner.measure(orientation, -1).1
            } else {
                0
            }
        }

        /// The width the spinner takes from the message, spacing included.
        fn spinner_width(&self) -> i32 {
            match self.spinner_size(gtk::Orientation::Horizontal) {
                0 => 0,
                size => size + SPACING,
            }
        }
    }
}

glib::wrapper! {
    pub struct StatusLine(ObjectSubclass<imp::StatusLine>)
        @extends gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget;
}

/// The style class of a message that reports an error.
const ERROR_CLASS: &str = "error";

impl StatusLine {
    /// Shows how things stand.
    pub fn show_message(&self, text: &str) {
        self.show(text, false);
    }

    /// Shows why something was refused or went wrong, in the error style.
    pub fn show_error(&self, text: &str) {
        self.show(text, true);
    }

    fn show(&self, text: &str, error: bool) {
        let message = &self.imp().message;
        if error {
            message.add_css_class(ERROR_CLASS);
        } else {
            message.remove_css_class(ERROR_CLASS);
        }
        message.set_label(text);
    }

    pub fn text(&self) -> String {
        self.imp().message.label().into()
    }

    /// True while the line shows an error.
    pub fn is_error(&self) -> bool {
        self.imp().message.has_css_class(ERROR_CLASS)
    }
}
