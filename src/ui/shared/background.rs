//! Work the Compare, Tournament, Training and Monte Carlo windows hand to
//! threads of their own (`crate::game::Work`: named, at a lower priority,
//! panics caught), and what those windows share around it: one job at a
//! time with Cancel, the keys that start and stop it, and the status line
//! that tells how it went, a crash included.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::game::{Crashed, Sender, Work};
use tictactoe_engine::search::CancelFlag;
use tictactoe_words::i18n::{fill, gettext};

/// A window's job on a thread of its own, one at a time.
#[derive(Default)]
pub struct Job {
    /// Set while the job runs (until it sends its last message, or
    /// crashes); Cancel sets the flag.
    running: Rc<RefCell<Option<CancelFlag>>>,
    /// Counts the jobs, so that a cancelled one's late messages never reach
    /// the next one.
    generation: Rc<Cell<u64>>,
    /// Waits for the newest job's thread to end and hands on the messages
    /// it left, for when the main loop will not run again. It owns the
    /// work: dropping it (the next job, the window gone) stops the job.
    finish_now: RefCell<Option<Box<dyn FnOnce()>>>,
}

impl Job {
    pub fn is_running(&self) -> bool {
        self.running.borrow().is_some()
    }

    /// Asks the running job to stop; its thread still sends what it has.
    pub fn cancel(&self) {
        if let Some(cancel) = self.running.borrow().as_ref() {
            cancel.cancel();
        }
    }

    /// Stops the running job and drops whatever it still sends: for a
    /// window that starts over.
    pub fn abandon(&self) {
        self.cancel();
        self.generation.set(self.generation.get() + 1);
        self.running.replace(None);
    }

    /// The job has sent its last message.
    pub fn finished(&self) {
        self.running.replace(None);
    }

    /// Stops the running job and waits for its thread, handing its last
    /// messages on at once: as the app quits, when the main loop that
    /// would receive them is not coming back.
    pub fn cancel_and_finish(&self) {
        self.cancel();
        if let Some(finish) = self.finish_now.take() {
            finish();
        }
    }

    /// Runs `work` on a thread called `name`, with the flag Cancel sets and
    /// a sender for its messages; `receive` gets them on the main thread,
    /// until the next job starts. If the thread panics (or cannot start),
    /// `window`'s status line says so and its controls come back.
    pub fn start<M: Send + 'static, W: JobWindow>(
        &self,
        window: &W,
        name: &str,
        work: impl FnOnce(&CancelFlag, &Sender<M>) + Send + 'static,
        receive: impl Fn(M) + 'static,
    ) {
        let generation = self.generation.get() + 1;
        self.generation.set(generation);
        let work = Work::start(name, work);
        self.running.replace(Some(work.cancel_flag()));
        let window = window.downgrade();
        let deliver: Rc<dyn Fn(Result<M, Crashed>)> = {
            let (running, current) = (Rc::clone(&self.running), Rc::clone(&self.generation));
            Rc::new(move |result| {
                if current.get() != generation {
                    return;
                }
                match result {
                    Ok(message) => receive(message),
                    Err(crash) => {
                        running.replace(None);
                        if let Some(window) = window.upgrade() {
                            window.job_crashed();
                            show_status(&window.status_label(), &crash_words(&crash), true);
                        }
                    }
                }
            })
        };
        let results = work.results();
        let finish_now = {
            let deliver = Rc::clone(&deliver);
            move || {
                for result in work.finish_now() {
                    deliver(result);
                }
            }
        };
        self.finish_now.replace(Some(Box::new(finish_now)));
        let current = Rc::clone(&self.generation);
        glib::spawn_future_local(async move {
            while let Ok(result) = results.recv().await {
                if current.get() != generation {
                    break;
                }
                deliver(result);
            }
        });
    }
}

/// What a status line says when a job's thread failed.
fn crash_words(crash: &Crashed) -> String {
    fill(
        // Translators: {error} is the failure's own words, in English.
        &gettext("The work stopped on an internal error: {error}"),
        &[("error", crash)],
    )
}

/// A window that runs a [`Job`].
pub trait JobWindow: IsA<gtk::Window> {
    fn job(&self) -> &Job;

    /// Where the window says how its work went.
    fn status_label(&self) -> gtk::Label;

    /// The job's thread failed (the status line then says so): what the
    /// job held goes, and the controls come back.
    fn job_crashed(&self);
}

/// Installs `prefix.escape` (Escape: Cancel while the job runs, else close
/// the window) and binds Ctrl+Return to the action `start`.
pub fn install_keys<C>(klass: &mut C, prefix: &str, start: &str)
where
    C: WidgetClassExt,
    <C::Type as ObjectSubclass>::Type: JobWindow,
{
    let escape = format!("{prefix}.escape");
    klass.install_action(&escape, None, |window, _, _| {
        if window.job().is_running() {
            window.job().cancel();
        } else {
            window.close();
        }
    });
    klass.add_binding_action(
        gtk::gdk::Key::Return,
        gtk::gdk::ModifierType::CONTROL_MASK,
        start,
    );
    klass.add_binding_action(
        gtk::gdk::Key::Escape,
        gtk::gdk::ModifierType::empty(),
        &escape,
    );
}

/// A window over `parent` that goes with it, and hides when closed so that
/// it keeps its choices and results till it is opened again.
pub fn new_window<W: IsA<glib::Object> + IsA<gtk::Window> + glib::object::IsClass>(
    parent: &impl IsA<gtk::Window>,
) -> W {
    glib::Object::builder()
        .property("transient-for", parent)
        .property("hide-on-close", true)
        .property("destroy-with-parent", true)
        .build()
}

/// Fills `bar` to the share `done` of `total` is, and writes `text` on it.
pub fn show_share(bar: &gtk::ProgressBar, done: u64, total: u64, text: &str) {
    bar.set_fraction(if total == 0 {
        0.0
    } else {
        done as f64 / total as f64
    });
    bar.set_text(Some(text));
}

/// Shows `text` in a window's status line, marked when it tells of an
/// error.
pub fn show_status(label: &gtk::Label, text: &str, error: bool) {
    label.set_label(text);
    if error {
        label.add_css_class("error");
    } else {
        label.remove_css_class("error");
    }
}
