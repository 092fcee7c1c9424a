//! A chart on the screen: the chart drawn on a drawing area in
//! the style's colours, a tooltip with the exact figure of the bar under the
//! pointer, the figures in words for screen readers, and a menu that saves
//! it as PNG or SVG, drawn by the same function.

use std::path::Path;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::charts::chart::{Chart, HitBox, ImageFormat, Palette, Rgba};
use crate::ui::shared::file_dialog::{self, SaveAs};
use crate::ui::shared::{accessible, background};
use tictactoe_words::i18n::{fill, gettext, pgettext};

/// The narrowest a saved chart is, whatever the window's width.
const SAVED_MIN_WIDTH: i32 = 640;

mod imp {
    use std::cell::RefCell;
    use std::sync::OnceLock;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    use crate::ui::charts::chart::{Chart, HitBox, ImageFormat};
    use crate::ui::shared::file_dialog::FileChooser;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/charts/chart_view.ui")]
    pub struct ChartView {
        #[template_child]
        pub(super) save_button: TemplateChild<gtk::MenuButton>,
        #[template_child]
        pub(super) drawing_area: TemplateChild<gtk::DrawingArea>,
        pub(super) motion: RefCell<Option<gtk::EventControllerMotion>>,
        pub(super) chart: RefCell<Option<Chart>>,
        /// Where the last drawing put each bar.
        pub(super) hits: RefCell<Vec<HitBox>>,
        /// The save menu's file chooser while it is open.
        pub(super) file_chooser: FileChooser,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for ChartView {
        const NAME: &'static str = "TictactoeChartView";
        type Type = super::ChartView;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
            klass.install_action("chart.save-png", None, |view, _, _| {
                view.choose_file(ImageFormat::Png);
            });
            klass.install_action("chart.save-svg", None, |view, _, _| {
                view.choose_file(ImageFormat::Svg);
            });
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for ChartView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }

        fn signals() -> &'static [glib::subclass::Signal] {
            static SIGNALS: OnceLock<Vec<glib::subclass::Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                // What became of a save, in a sentence, and whether it
                // went wrong.
                vec![
                    glib::subclass::Signal::builder("saved")
                        .param_types([String::static_type(), bool::static_type()])
                        .build(),
                ]
            })
        }
    }

    impl WidgetImpl for ChartView {}
    impl BoxImpl for ChartView {}
}

glib::wrapper! {
    pub struct ChartView(ObjectSubclass<imp::ChartView>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl Default for ChartView {
    fn default() -> ChartView {
        glib::Object::new()
    }
}

fn rgba(color: gtk::gdk::RGBA) -> Rgba {
    [
        f64::from(color.red()),
        f64::from(color.green()),
        f64::from(color.blue()),
        f64::from(color.alpha()),
    ]
}

impl ChartView {
    fn setup(&self) {
        let imp = self.imp();
        imp.drawing_area.set_draw_func(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_, context, width, height| view.draw(context, width, height)
        ));
        let motion = gtk::EventControllerMotion::new();
        motion.connect_motion(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_, x, y| view.hover(x, y)
        ));
        motion.connect_leave(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.imp().drawing_area.set_tooltip_text(None)
        ));
        imp.drawing_area.add_controller(motion.clone());
        imp.motion.replace(Some(motion));
        accessible::set_label(
            &*imp.save_button,
            &pgettext("button that saves a chart", "Save chart"),
        );
        self.show_chart(None);
        // The style's colours change with the dark style.
        adw::StyleManager::default().connect_dark_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.imp().drawing_area.queue_draw()
        ));
    }

    /// Shows `chart`, or an empty chart area when there is none yet.
    pub fn set_chart(&self, chart: Chart) {
        self.show_chart(Some(chart));
    }

    fn show_chart(&self, chart: Option<Chart>) {
        let imp = self.imp();
        let title = chart.as_ref().map(|chart| chart.title.clone());
        let height = chart.as_ref().map_or(120, Chart::natural_height);
        imp.drawing_area.set_content_height(height);
        let name = title.unwrap_or_else(|| gettext("Chart"));
        accessible::set_label(&*imp.drawing_area, &name);
        let words = chart
            .as_ref()
            .map_or_else(|| gettext("Nothing to show yet."), Chart::text);
        accessible::set_description(&*imp.drawing_area, &words);
        let savable = chart.as_ref().is_some_and(|chart| !chart.is_empty());
        self.action_set_enabled("chart.save-png", savable);
        self.action_set_enabled("chart.save-svg", savable);
        imp.save_button.set_sensitive(savable);
        imp.chart.replace(chart);
        imp.hits.replace(Vec::new());
        imp.drawing_area.set_tooltip_text(None);
        imp.drawing_area.queue_draw();
    }

    pub fn chart(&self) -> Option<Chart> {
        self.imp().chart.borrow().clone()
    }

    pub fn drawing_area(&self) -> gtk::DrawingArea {
        self.imp().drawing_area.get()
    }

    pub fn save_button(&self) -> gtk::MenuButton {
        self.imp().save_button.get()
    }

    /// The pointer's controller, for the tests to move the pointer.
    pub fn motion_controller(&self) -> Option<gtk::EventControllerMotion> {
        self.imp().motion.borrow().clone()
    }

    /// Where the last drawing put each bar, with what hovering it says.
    pub fn hit_boxes(&self) -> Vec<HitBox> {
        self.imp().hits.borrow().clone()
    }

    /// The chart's words for the bars: what the description says.
    pub fn text(&self) -> String {
        self.imp()
            .chart
            .borrow()
            .as_ref()
            .map_or_else(String::new, Chart::text)
    }

    /// The colours of the current style, as the style sheet names them.
    pub fn palette(&self) -> Palette {
        #[allow(deprecated)]
        let style = self.imp().drawing_area.style_context();
        #[allow(deprecated)]
        let foreground = style.color();
        #[allow(deprecated)]
        let named = |name: &str| rgba(style.lookup_color(name).unwrap_or(foreground));
        let mut grid = rgba(foreground);
        grid[3] *= 0.15;
        Palette {
            background: named("theme_base_color"),
            text: rgba(foreground),
            grid,
            families: tictactoe_tools::compare::Family::ALL
                .map(|family| named(crate::ui::charts::chart::family_color(family).0)),
            outcomes: [named("win_color"), named("draw_color"), named("loss_color")],
        }
    }

    fn draw(&self, context: &gtk::cairo::Context, width: i32, height: i32) {
        let imp = self.imp();
        let Some(chart) = imp.chart.borrow().clone() else {
            return;
        };
        let (width, height) = (width.max(1) as u32, height.max(1) as u32);
        // A chart too small to lay out draws nothing rather than failing
        // the frame.
        let hits = chart
            .draw(context, width, height, &self.palette())
            .unwrap_or_default();
        imp.hits.replace(hits);
    }

    fn hover(&self, x: f64, y: f64) {
        let text = self
            .imp()
            .hits
            .borrow()
            .iter()
            .find(|hit| hit.contains(x, y))
            .map(|hit| hit.text.clone());
        self.imp().drawing_area.set_tooltip_text(text.as_deref());
    }

    /// Saves the chart to `path` as the screen shows it, at least
    /// `SAVED_MIN_WIDTH` wide.
    pub fn save(&self, path: &Path, format: ImageFormat) -> Result<(), String> {
        let chart = self
            .chart()
            .filter(|chart| !chart.is_empty())
            .ok_or_else(|| gettext("There is no chart to save yet."))?;
        let area = self.drawing_area();
        let width = area.width().max(SAVED_MIN_WIDTH) as u32;
        let height = area.height().max(chart.natural_height()) as u32;
        chart.save(path, format, (width, height), &self.palette())
    }

    fn choose_file(&self, format: ImageFormat) {
        let Some(chart) = self.chart() else {
            return;
        };
        let name = file_dialog::file_stem(&chart.title);
        let (filter_name, title) = match format {
            ImageFormat::Png => (gettext("PNG images"), gettext("Save Chart as PNG")),
            ImageFormat::Svg => (gettext("SVG images"), gettext("Save Chart as SVG")),
        };
        let file = SaveAs {
            title: &title,
            stem: &name,
            filter_name: &filter_name,
            extension: format.extension(),
            saved: &gettext("Saved the chart to {file}."),
        };
        self.imp().file_chooser.save_as(
            self,
            &file,
            move |view, path| {
                view.save(path, format).map_err(|error| {
                    fill(
                        &gettext("Could not save the chart to {file}: {error}."),
                        &[("file", &file_dialog::file_name(path)), ("error", &error)],
                    )
                })
            },
            |view, message, failed| view.emit_by_name::<()>("saved", &[&message, &failed]),
        );
    }

    /// Calls `saved` with what became of each save and whether it failed.
    pub fn connect_saved(&self, saved: impl Fn(&ChartView, &str, bool) + 'static) {
        self.connect_local("saved", false, move |values| {
            if let (Ok(view), Ok(message), Ok(failed)) = (
                values[0].get::<ChartView>(),
                values[1].get::<String>(),
                values[2].get::<bool>(),
            ) {
                saved(&view, &message, failed);
            }
            None
        });
    }
}

/// Tells in `status` what became of each save of the `charts`.
pub fn show_saves(charts: &[&ChartView], status: &gtk::Label) {
    for chart in charts {
        chart.connect_saved(glib::clone!(
            #[weak]
            status,
            move |_, message, failed| background::show_status(&status, message, failed)
        ));
    }
}
