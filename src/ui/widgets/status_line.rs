//! The status line: how things stand, in at most two lines, an error style
//! for refusals, and while a computer searches a still busy sign with the
//! seconds it has taken.
//!
//! It draws its text itself and its size never depends on the text: a new
//! message is only a redraw. A label would ask the whole window to lay
//! itself out again on every message, several times a move, and GtkPaned
//! (GTK 4.8) then measures its children anew at every height it tries,
//! which made the frame after a move miss its deadline.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;

mod imp {
    use std::cell::{Cell, RefCell};
    use std::time::Instant;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, gdk, glib, graphene, pango, prelude::*};

    /// Between the busy sign, its seconds and the message.
    const SPACING: i32 = 6;
    /// The lines a message may take; a longer one ends in an ellipsis.
    const LINES: i32 = 2;
    /// The narrowest the line gets, whatever its message.
    const MINIMUM_WIDTH: i32 = 160;

    #[derive(Default, CompositeTemplate, glib::Properties)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/status_line.ui")]
    #[properties(wrapper_type = super::StatusLine)]
    pub struct StatusLine {
        #[template_child]
        pub(super) busy_icon: TemplateChild<gtk::Image>,
        /// A computer player is searching: the busy sign shows and counts.
        #[property(get, set = Self::set_busy)]
        busy: Cell<bool>,
        pub(super) message: RefCell<String>,
        /// Seconds since the search began, once there is a whole one.
        pub(super) elapsed: RefCell<String>,
        /// Counts the seconds while busy.
        clock: RefCell<Option<glib::SourceId>>,
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
        fn measure(&self, orientation: gtk::Orientation, _for_size: i32) -> (i32, i32, i32, i32) {
            let size = match orientation {
                gtk::Orientation::Horizontal => MINIMUM_WIDTH,
                _ => (self.line_height() * LINES).max(self.icon_size().1),
            };
            (size, size, -1, -1)
        }

        fn size_allocate(&self, width: i32, height: i32, _baseline: i32) {
            let (icon_width, icon_height) = self.icon_size();
            let x = if self.right_to_left() {
                width - icon_width
            } else {
                0
            };
            self.busy_icon.size_allocate(
                &gdk::Rectangle::new(x, (height - icon_height) / 2, icon_width, icon_height),
                -1,
            );
        }

        fn snapshot(&self, snapshot: &gtk::Snapshot) {
            let obj = self.obj();
            obj.snapshot_child(&*self.busy_icon, snapshot);
            #[allow(deprecated)] // GtkWidget::color is GTK 4.10.
            let colour = obj.style_context().color();
            let (width, height) = (obj.width(), obj.height());
            let right_to_left = self.right_to_left();
            let mut start = self.icon_size().0 + SPACING;

            let elapsed = self.elapsed.borrow();
            if self.busy.get() && !elapsed.is_empty() {
                let layout = obj.create_pango_layout(Some(&elapsed));
                let (seconds_width, seconds_height) = layout.pixel_size();
                let x = if right_to_left {
                    width - start - seconds_width
                } else {
                    start
                };
                let dimmed = gdk::RGBA::new(
                    colour.red(),
                    colour.green(),
                    colour.blue(),
                    colour.alpha() * 0.6,
                );
                snapshot.save();
                snapshot.translate(&graphene::Point::new(
                    x as f32,
                    ((height - seconds_height) / 2) as f32,
                ));
                snapshot.append_layout(&layout, &dimmed);
                snapshot.restore();
                start += seconds_width + SPACING;
            }

            let layout = obj.create_pango_layout(Some(&self.message.borrow()));
            layout.set_width((width - start).max(1) * pango::SCALE);
            layout.set_height(-LINES);
            layout.set_wrap(pango::WrapMode::WordChar);
            layout.set_ellipsize(pango::EllipsizeMode::End);
            if right_to_left {
                layout.set_alignment(pango::Alignment::Right);
            }
            let text_height = layout.pixel_size().1;
            let x = if right_to_left { 0 } else { start };
            snapshot.save();
            snapshot.translate(&graphene::Point::new(
                x as f32,
                ((height - text_height) / 2) as f32,
            ));
            snapshot.append_layout(&layout, &colour);
            snapshot.restore();
        }
    }

    impl StatusLine {
        fn set_busy(&self, busy: bool) {
            if self.busy.replace(busy) == busy {
                return;
            }
            self.stop_clock();
            self.elapsed.borrow_mut().clear();
            self.busy_icon.set_opacity(if busy { 1.0 } else { 0.0 });
            self.obj().queue_draw();
            if busy {
                let started = Instant::now();
                let line = self.obj().downgrade();
                let clock = glib::timeout_add_seconds_local(1, move || {
                    let Some(line) = line.upgrade() else {
                        return glib::ControlFlow::Break;
                    };
                    let seconds = started.elapsed().as_secs_f64().round();
                    line.imp().elapsed.replace(format!("{seconds} s"));
                    line.queue_draw();
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

        fn right_to_left(&self) -> bool {
            WidgetExt::direction(&*self.obj()) == gtk::TextDirection::Rtl
        }

        /// The busy sign's natural size; its room is kept whether it shows
        /// or not, so that showing it moves nothing.
        fn icon_size(&self) -> (i32, i32) {
            let width = self.busy_icon.measure(gtk::Orientation::Horizontal, -1).1;
            let height = self.busy_icon.measure(gtk::Orientation::Vertical, -1).1;
            (width, height)
        }

        /// One line of the message's font.
        fn line_height(&self) -> i32 {
            let (_, logical) = self.obj().create_pango_layout(Some("Xg")).pixel_extents();
            logical.height()
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
        if error {
            self.add_css_class(ERROR_CLASS);
        } else {
            self.remove_css_class(ERROR_CLASS);
        }
        if *self.imp().message.borrow() != text {
            self.imp().message.replace(text.to_owned());
            // What a screen reader reads for this status.
            accessible::set_label(self, text);
            self.queue_draw();
        }
    }

    pub fn text(&self) -> String {
        self.imp().message.borrow().clone()
    }

    /// True while the line shows an error.
    pub fn is_error(&self) -> bool {
        self.has_css_class(ERROR_CLASS)
    }
}
