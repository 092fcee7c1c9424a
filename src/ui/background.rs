//! Work the window hands to threads of its own (a comparison, a
//! tournament's workers) runs at a lower priority than the GTK main thread,
//! so that on a machine whose cores it fills the main thread still gets a
//! core the moment a frame or an event needs it.

/// How much nicer than the window the background threads are: at 10 the
/// scheduler gives a busy thread about a tenth of the weight of one at 0.
const NICENESS: std::ffi::c_int = 10;

/// Lowers the calling thread's priority; threads it starts after (a
/// tournament's worker pool) inherit it. Failing to is harmless: the work
/// only competes with the window on equal terms, as it would anyway.
pub fn lower_this_threads_priority() {
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
