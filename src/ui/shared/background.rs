//! Work the Compare and Tournament windows hand to threads of their own
//! (a comparison, a tournament's workers), and what those windows share
//! around it: one job at a time with Cancel, the keys that start and stop
//! it, and the status line that tells how it went.
//!
//! The threads run at a lower priority than the GTK main thread, so that
//! on a machine whose cores they fill the main thread still gets a core the
//! moment a frame or an event needs it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use tictactoe_engine::search::CancelFlag;

/// How much nicer than the window the background threads are: at 10 the
/// scheduler gives a busy thread about a tenth of the weight of one at 0.
const NICENESS: std::ffi::c_int = 10;

/// Lowers the calling thread's priority; threads it starts after (a
/// tournament's worker pool) inherit it. Failing to is harmless: the work
/// only competes with the window on equal terms, as it would anyway.
fn lower_this_threads_priority() {
    unsafe extern "C" {
        fn setpriority(
            which: std::ffi::c_int,
            who: std::ffi::c_uint,
            priority: std::ffi::c_int,
        ) -> std::ffi::c_int;
    }
    /// `PRIO_PROCESS`: on Linux, with `who` 0, the calling thread alone.
    const PRIO_PROCESS: std::ffi::c_int = 0;
    // SAFETY: setpriority reads its three integers and nothing else.
    let _ = unsafe { setpriority(PRIO_PROCESS, 0, NICENESS) };
}

/// A window's job on a thread of its own, one at a time.
#[derive(Default)]
pub struct Job {
    /// Set while the job runs; Cancel sets it.
    running: RefCell<Option<CancelFlag>>,
    /// Counts the jobs, so that a cancelled one's late messages never reach
    /// the next one.
    generation: Rc<Cell<u64>>,
    /// Waits for the newest job's thread to end and hands on the messages
    /// it left, for when the main loop will not run again.
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

    /// Runs `work` on a thread called `name`, at the lower priority, with
    /// the flag Cancel sets and a sender for its messages; `receive` gets
    /// them on the main thread, until the next job starts. `Err` when the
    /// thread could not start: then nothing runs.
    pub fn start<M: Send + 'static>(
        &self,
        name: &str,
        work: impl FnOnce(&CancelFlag, &async_channel::Sender<M>) + Send + 'static,
        receive: impl Fn(M) + 'static,
    ) -> std::io::Result<()> {
        let generation = self.generation.get() + 1;
        self.generation.set(generation);
        let cancel = CancelFlag::new();
        let (sender, receiver) = async_channel::unbounded();
        let thread_cancel = cancel.clone();
        let thread = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                lower_this_threads_priority();
                work(&thread_cancel, &sender);
            })?;
        self.running.replace(Some(cancel));
        let receive = Rc::new(receive);
        let current = Rc::clone(&self.generation);
        let finish_now = {
            let (receiver, receive, current) =
                (receiver.clone(), Rc::clone(&receive), Rc::clone(&current));
            move || {
                let _ = thread.join();
                while let Ok(message) = receiver.try_recv() {
                    if current.get() == generation {
                        receive(message);
                    }
                }
            }
        };
        self.finish_now.replace(Some(Box::new(finish_now)));
        glib::spawn_future_local(async move {
            while let Ok(message) = receiver.recv().await {
                if current.get() != generation {
                    break;
                }
                receive(message);
            }
        });
        Ok(())
    }
}

/// A window that runs a [`Job`].
pub trait JobWindow: IsA<gtk::Window> {
    fn job(&self) -> &Job;
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
