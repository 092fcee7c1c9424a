//! The legend of the board's marks: a popover with a sample of every kind
//! of mark, styled as the board draws it, and what it means.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;
use tictactoe_words::cell_marks::{MarkPart, Tone, legend, network_value_label, prior_label};

mod imp {
    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/board_legend.ui")]
    pub struct BoardLegend {
        #[template_child]
        pub(super) rows: TemplateChild<gtk::Grid>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for BoardLegend {
        const NAME: &'static str = "TictactoeBoardLegend";
        type Type = super::BoardLegend;
        type ParentType = gtk::Popover;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for BoardLegend {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().fill();
        }
    }
    impl WidgetImpl for BoardLegend {}
    impl PopoverImpl for BoardLegend {}
}

glib::wrapper! {
    pub struct BoardLegend(ObjectSubclass<imp::BoardLegend>)
        @extends gtk::Popover, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::ShortcutManager;
}

impl Default for BoardLegend {
    fn default() -> BoardLegend {
        glib::Object::new()
    }
}

impl BoardLegend {
    /// A row per kind of mark: the sample, then what it means.
    fn fill(&self) {
        let rows = &self.imp().rows;
        for (row, entry) in legend().into_iter().enumerate() {
            let mark = &entry.mark;
            // The neural player's prior and its value after the move are
            // a mark of their own under the cell's visits (the exact value's
            // badge is told in its tooltip and the guide: a row more would
            // not fit an 800 px screen).
            let (text, tone) = match (entry.part, mark.prior) {
                (MarkPart::Prior, Some(prior)) => {
                    let prior = prior_label(prior);
                    let text = match mark.network_value {
                        Some(value) => format!("{}  {prior}", network_value_label(value)),
                        None => prior,
                    };
                    (text, mark.tone)
                }
                _ => (mark.text.clone(), mark.tone),
            };
            let sample = gtk::Label::new(Some(&text));
            sample.set_justify(gtk::Justification::Center);
            sample.set_valign(gtk::Align::Center);
            sample.set_halign(gtk::Align::Center);
            let mut classes = vec!["legend-mark", tone_class(tone)];
            if mark.bound {
                classes.push("bound");
            }
            if mark.estimate {
                classes.push("estimate");
            }
            if mark.chosen {
                classes.push("chosen");
            }
            if mark.best {
                classes.push("best");
            }
            if entry.part == MarkPart::Prior {
                classes.push("prior");
            }
            sample.set_css_classes(&classes);
            let description = gtk::Label::new(Some(&entry.description));
            description.set_wrap(true);
            // As wide as it may be: a popover measured for a narrower
            // width asks for the height of more lines than it shows.
            description.set_width_chars(56);
            description.set_max_width_chars(56);
            description.set_xalign(0.0);
            description.set_hexpand(true);
            // A screen reader hears the sample with its meaning.
            accessible::set_description(&sample, &entry.description);
            rows.attach(&sample, 0, row as i32, 1, 1);
            rows.attach(&description, 1, row as i32, 1, 1);
        }
    }
}

/// The style class that gives a sample its tone's colour, as the board
/// colours the mark.
fn tone_class(tone: Tone) -> &'static str {
    match tone {
        Tone::XWins | Tone::XBetter => "x",
        Tone::OWins | Tone::OBetter => "o",
        Tone::Draw | Tone::Even => "draw",
        Tone::Sampled | Tone::Rule | Tone::Learned => "plain",
    }
}
