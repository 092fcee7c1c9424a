//! Game review: the Game Review window (`review_view`), its pictures of the
//! value graph and the board (`review_painting`), and the judging that the
//! window, the coach and the session tally hand to work of its own.

pub mod review_painting;
pub mod review_view;

use crate::game::Work;
use tictactoe_tools::review::{DEFAULT_TIME_LIMIT, Judge};

/// Starts `work` with a judge on a thread of its own, called "judge"; its
/// one result comes from [`Work::outcome`]. On 3x3 the perfect table
/// answers at once, the big boards search for up to the time limit per
/// position, until the owner cancels the work.
pub fn judge_later<T: Send + 'static>(
    work: impl FnOnce(&mut Judge) -> T + Send + 'static,
) -> Work<T> {
    Work::compute("judge", move |cancel| {
        work(&mut Judge::new(DEFAULT_TIME_LIMIT, cancel.clone()))
    })
}
