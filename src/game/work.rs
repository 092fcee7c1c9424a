//! The one way work leaves the main thread, for the window and the game
//! alike: a thread with a name (a profiler or `top -H` shows whose it is),
//! at a lower priority than the main thread, its panics caught and handed
//! on as a result, a cancel flag its owner sets, and its results on a
//! channel the main loop awaits. Dropping the [`Work`] sets its flag, so
//! an owner that lets go of its work (a window closing, a game or review
//! replaced, the app quitting) also stops it.
//!
//! The lower priority: on a machine whose cores the work fills, the main
//! thread still gets a core the moment a frame or an event needs it.

use std::fmt;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread::JoinHandle;

use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::play::panic_message;

/// How much nicer than the main thread the work is: at 10 the scheduler
/// gives a busy thread about a tenth of the weight of one at 0.
const NICENESS: std::ffi::c_int = 10;

/// Work that ended without its result: its thread panicked (a bug) or did
/// not start. Says what the failure said, in its own (English) words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crashed(pub String);

impl fmt::Display for Crashed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Starts `body` on a thread called `name`, at the lower priority; the
/// threads it starts in turn (a tournament's workers) inherit it. The only
/// place the app's window and game threads start.
pub(super) fn spawn_thread<T: Send + 'static>(
    name: &str,
    body: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<JoinHandle<T>> {
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            lower_this_threads_priority();
            body()
        })
}

/// Failing to lower the priority is harmless: the work only competes with
/// the window on equal terms.
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

/// What work sends its messages with, from its thread.
pub struct Sender<M>(async_channel::Sender<Result<M, Crashed>>);

impl<M> Clone for Sender<M> {
    fn clone(&self) -> Self {
        Sender(self.0.clone())
    }
}

impl<M> Sender<M> {
    /// Hands `message` on; nobody receiving any more (the owner let go)
    /// is no failure.
    pub fn send(&self, message: M) {
        let _ = self.0.send_blocking(Ok(message));
    }
}

/// Work on a thread of its own: its messages, then nothing more, or a
/// [`Crashed`] last.
pub struct Work<M> {
    cancel: CancelFlag,
    results: async_channel::Receiver<Result<M, Crashed>>,
    thread: Option<JoinHandle<()>>,
}

impl<M: Send + 'static> Work<M> {
    /// Runs `work` on a thread called `name` with the flag [`Work::cancel`]
    /// sets and a sender for any number of messages.
    pub fn start(
        name: &str,
        work: impl FnOnce(&CancelFlag, &Sender<M>) + Send + 'static,
    ) -> Work<M> {
        let cancel = CancelFlag::new();
        let (sender, results) = async_channel::unbounded();
        let stop = cancel.clone();
        let failed = sender.clone();
        let thread = spawn_thread(name, move || {
            let sender = Sender(sender);
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| work(&stop, &sender))) {
                let _ = sender.0.send_blocking(Err(Crashed(panic_message(&panic))));
            }
        });
        let thread = match thread {
            Ok(thread) => Some(thread),
            Err(error) => {
                let _ = failed.try_send(Err(Crashed(error.to_string())));
                None
            }
        };
        Work {
            cancel,
            results,
            thread,
        }
    }

    /// Runs `work`, which has one result, on a thread called `name`.
    pub fn compute(name: &str, work: impl FnOnce(&CancelFlag) -> M + Send + 'static) -> Work<M> {
        Work::start(name, move |cancel, sender| sender.send(work(cancel)))
    }

    /// The messages as they come, for the main loop to await; the channel
    /// closes after the last. Holding it does not keep the work going.
    pub fn results(&self) -> async_channel::Receiver<Result<M, Crashed>> {
        self.results.clone()
    }

    /// The one result of work [`Work::compute`] started, for the main loop
    /// to await.
    pub fn outcome(&self) -> impl Future<Output = Result<M, Crashed>> + 'static {
        let results = self.results();
        async move {
            results
                .recv()
                .await
                .unwrap_or_else(|_| Err(Crashed("the thread ended without a result".into())))
        }
    }

    /// Waits for the thread to end and hands back what it sent that was
    /// not received yet: for when the main loop will not run again.
    pub fn finish_now(mut self) -> Vec<Result<M, Crashed>> {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        std::iter::from_fn(|| self.results.try_recv().ok()).collect()
    }
}

impl<M> Work<M> {
    /// Asks the work to stop; what it sends then tells how far it got.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// The flag [`Work::cancel`] sets, for an owner that keeps the flags of
    /// works of different kinds.
    pub fn cancel_flag(&self) -> CancelFlag {
        self.cancel.clone()
    }
}

impl<M> Drop for Work<M> {
    fn drop(&mut self) {
        self.cancel();
    }
}
