//! A solve on several threads: the solver's searches of one position
//! sharing its table (`Solver::share`, "lazy SMP"). Searcher 0's answer is
//! the one given; the helpers search the same position, the replies near
//! the root in orders of their own, and leave what they prove in the table
//! for it. See
//! docs/solver.md for what a second thread buys on this project's 2-core
//! machine.

use std::thread;

use tictactoe_engine::board::Board;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solution, Solver, Strength};

/// The threads a solve uses when nothing else is said: one per core.
pub fn default_threads() -> usize {
    thread::available_parallelism().map_or(1, |threads| threads.get())
}

/// `solver.solve_with_progress` on `threads` threads (the caller's and
/// `threads - 1` more): the same value, sooner. Where the solver's fast
/// search does not play, or a thread cannot be started, fewer threads do
/// the work. The solution's `nodes` count every thread's.
pub fn solve_on_threads(
    solver: &mut Solver,
    board: &Board,
    strength: Strength,
    threads: usize,
    cancel: &CancelFlag,
    progress: impl FnMut(i32, i32, u64),
) -> Option<Solution> {
    if threads > 1
        && let Some(shared) = solver.share(board, strength)
    {
        let helpers_stop = CancelFlag::new();
        let mut solution = thread::scope(|scope| {
            for searcher in 1..threads {
                let (shared, helpers_stop) = (&shared, &helpers_stop);
                let started = thread::Builder::new()
                    .name(format!("solver helper {searcher}"))
                    .spawn_scoped(scope, move || {
                        shared.search(searcher, helpers_stop, |_, _, _| {})
                    });
                if started.is_err() {
                    break;
                }
            }
            let solution = shared.search(0, cancel, progress);
            helpers_stop.cancel();
            solution
        })?;
        solution.stats.nodes = shared.nodes();
        return Some(solution);
    }
    solver.solve_with_progress(board, strength, cancel, progress)
}
