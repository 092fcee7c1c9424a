//! The status line: how things stand, wrapped whole, an error style for
//! refusals, and while a computer searches a still busy sign with the
//! seconds it has taken.
//!
//! It draws its text itself and keeps the height of two lines whatever a
//! message of up to two lines says: such a message is only a redraw. A
//! label would ask the whole window to lay itself out again on every
//! message, several times a move, and GtkPaned (GTK 4.8) then measures its
//! children anew at every height it tries, which made the frame after a
//! move miss its deadline. Only a longer message (a hint on the larger
//! boards, a refused position) makes the line taller, as tall as the
//! message needs at its width, and the next short one makes it two lines
//! again.

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
    /// The lines the line keeps room for, whatever its message.
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
        /// The line was measured again for its message's width.
        pub(super) remeasured: Cell<bool>,
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
        fn request_mode(&self) -> gtk::SizeRequestMode {
            gtk::SizeRequestMode::HeightForWidth
        }

        fn measure(&self, orientation: gtk::Orientation, for_size: i32) -> (i32, i32, i32, i32) {
            let size = match orientation {
                gtk::Orientation::Horizontal => MINIMUM_WIDTH,
                _ => {
                    let lines = if for_size < 0 {
                        LINES
                    } else {
                        self.lines_at(for_size)
                    };
                    (self.line_height() * lines).max(self.icon_size().1)
                }
            };
            (size, size, -1, -1)
        }

        fn size_allocate(&self, width: i32, height: i32, _baseline: i32) {
            // A width the window chose after the message came may need
            // more lines than the height measured then: measure again,
            // once for the message, so that no layout can repeat forever.
            if self.lines_at(width) > (height / self.line_height()).max(LINES)
                && !self.remeasured.replace(true)
            {
                let line = self.obj().downgrade();
                glib::idle_add_local_once(move || {
                    if let Some(line) = line.upgrade() {
                        line.queue_resize();
                    }
                });
            }
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
            let start = self.icon_size().0 + SPACING;

            let seconds = self.seconds_layout();
            if let Some(layout) = &seconds {
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
                snapshot.append_layout(layout, &dimmed);
                snapshot.restore();
            }

            let (layout, start) = self.drawn_message(seconds.as_ref());
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

        /// The seconds the search has taken, while the busy sign counts.
        pub(super) fn seconds_layout(&self) -> Option<pango::Layout> {
            let elapsed = self.elapsed.borrow();
            (self.busy.get() && !elapsed.is_empty())
                .then(|| self.obj().create_pango_layout(Some(&elapsed)))
        }

        /// The message as drawn in the line's allocation, after the busy
        /// sign and `seconds`, and where it starts. The seconds beside a
        /// message that needs all of its lines cut its end, rather than
        /// lay the window out again every second.
        pub(super) fn drawn_message(
            &self,
            seconds: Option<&pango::Layout>,
        ) -> (pango::Layout, i32) {
            let obj = self.obj();
            let mut start = self.icon_size().0 + SPACING;
            if let Some(seconds) = seconds {
                start += seconds.pixel_size().0 + SPACING;
            }
            let layout = self.message_layout(obj.width() - start);
            layout.set_height(-self.allocated_lines());
            layout.set_ellipsize(pango::EllipsizeMode::End);
            if self.right_to_left() {
                layout.set_alignment(pango::Alignment::Right);
            }
            (layout, start)
        }

        /// The message laid out, wrapped, `width` pixels wide.
        fn message_layout(&self, width: i32) -> pango::Layout {
            let layout = self.obj().create_pango_layout(Some(&self.message.borrow()));
            layout.set_width(width.max(1) * pango::SCALE);
            layout.set_wrap(pango::WrapMode::WordChar);
            layout
        }

        /// The lines the line needs when `width` pixels wide: its message's
        /// beside the busy sign, at least `LINES`.
        pub(super) fn lines_at(&self, width: i32) -> i32 {
            let text_width = width - self.icon_size().0 - SPACING;
            self.message_layout(text_width).line_count().max(LINES)
        }

        /// The lines of text the line's height holds.
        pub(super) fn allocated_lines(&self) -> i32 {
            (self.obj().height() / self.line_height()).max(LINES)
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
        let imp = self.imp();
        if *imp.message.borrow() != text {
            imp.message.replace(text.to_owned());
            imp.remeasured.set(false);
            // What a screen reader reads for this status.
            accessible::set_label(self, text);
            // Only a message that needs other lines than the line has,
            // more, or fewer after a long one, lays the window out again.
            let width = self.width();
            if width == 0 || imp.lines_at(width) != imp.allocated_lines() {
                self.queue_resize();
            } else {
                self.queue_draw();
            }
        }
    }

    /// True when the whole message shows, none of it cut off.
    pub fn shows_whole_message(&self) -> bool {
        let imp = self.imp();
        let (layout, _) = imp.drawn_message(imp.seconds_layout().as_ref());
        !layout.is_ellipsized()
    }

    pub fn text(&self) -> String {
        self.imp().message.borrow().clone()
    }

    /// True while the line shows an error.
    pub fn is_error(&self) -> bool {
        self.has_css_class(ERROR_CLASS)
    }
}
