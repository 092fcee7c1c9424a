//! The status line: a message that wraps onto a second line when it must,
//! an error style for refusals, and while a computer searches a busy sign
//! with the seconds it has taken.
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

    /// Between the busy sign and the message.
    const SPACING: i32 = 8;

    #[derive(Default, CompositeTemplate, glib::Properties)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/status_line.ui")]
    #[properties(wrapper_type = super::StatusLine)]
    pub struct StatusLine {
        #[template_child]
        pub(super) busy_box: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) elapsed: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) message: TemplateChild<gtk::Label>,
        /// A computer player is searching: the busy sign shows and counts.
        #[property(get, set = Self::set_busy)]
        busy: Cell<bool>,
        /// Counts the seconds while busy.
        pub(super) clock: RefCell<Option<glib::SourceId>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for StatusLine {
        const NAME: &'static str = "TictactoeStatusLine";
        type Type = super::StatusLine;
        type ParentType = gtk::Widget;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
            klass.set_css_name("statusline");
            klass.set_accessible_role(gtk::AccessibleRole::Status);
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    #[glib::derived_properties]
    impl ObjectImpl for StatusLine {
        fn dispose(&self) {
            self.stop_clock();
            self.dispose_template();
        }
    }

    impl WidgetImpl for StatusLine {
        fn request_mode(&self) -> gtk::SizeRequestMode {
            gtk::SizeRequestMode::HeightForWidth
        }

        fn measure(&self, orientation: gtk::Orientation, for_size: i32) -> (i32, i32, i32, i32) {
            let busy_width = self.busy_width();
            let (minimum, natural) = match orientation {
                // The message wraps at any width it is given, down to its
                // longest word, whatever the height.
                gtk::Orientation::Horizontal => {
                    let (minimum, natural, _, _) = self.message.measure(orientation, -1);
                    (minimum + busy_width, natural + busy_width)
                }
                _ => {
                    let message_width = if for_size < 0 {
                        -1
                    } else {
                        (for_size - busy_width).max(0)
                    };
                    let (minimum, natural, _, _) = self.message.measure(orientation, message_width);
                    let busy_height = self.busy_size(orientation);
                    (minimum.max(busy_height), natural.max(busy_height))
                }
            };
            (minimum, natural, -1, -1)
        }

        fn size_allocate(&self, width: i32, height: i32, _baseline: i32) {
            let busy_width = self.busy_width();
            let right_to_left = WidgetExt::direction(&*self.obj()) == gtk::TextDirection::Rtl;
            if busy_width > 0 {
                let size = busy_width - SPACING;
                let busy_height = self.busy_size(gtk::Orientation::Vertical);
                let x = if right_to_left { width - size } else { 0 };
                let y = (height - busy_height) / 2;
                self.busy_box
                    .size_allocate(&gdk::Rectangle::new(x, y, size, busy_height), -1);
            }
            let message_x = if right_to_left { 0 } else { busy_width };
            self.message.size_allocate(
                &gdk::Rectangle::new(message_x, 0, (width - busy_width).max(0), height),
                -1,
            );
        }
    }

    impl StatusLine {
        fn set_busy(&self, busy: bool) {
            if self.busy.replace(busy) == busy {
                return;
            }
            self.stop_clock();
            self.elapsed.set_label("");
            if busy {
                let started = std::time::Instant::now();
                let line = self.obj().downgrade();
                let clock = glib::timeout_add_seconds_local(1, move || {
                    let Some(line) = line.upgrade() else {
                        return glib::ControlFlow::Break;
                    };
                    let seconds = started.elapsed().as_secs_f64().round();
                    line.imp().elapsed.set_label(&format!("{seconds} s"));
                    glib::ControlFlow::Continue
                });
                self.clock.replace(Some(clock));
            }
        }

        fn stop_clock(&self) {
            if let Some(clock) = self.clock.take() {
                clock.remove();
            }
        }

        /// The busy sign's natural size in `orientation`.
        fn busy_size(&self, orientation: gtk::Orientation) -> i32 {
            if self.busy_box.should_layout() {
                self.busy_box.measure(orientation, -1).1
            } else {
                0
            }
        }

        /// The width the busy sign takes from the message, spacing included.
        fn busy_width(&self) -> i32 {
            match self.busy_size(gtk::Orientation::Horizontal) {
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
