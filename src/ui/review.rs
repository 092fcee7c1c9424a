//! Game review: the Game Review window (`review_view`), its pictures of the
//! value graph and the board (`review_painting`), and the judging that the
//! window, the coach and the session tally hand to a thread of its own.

pub mod review_painting;
pub mod review_view;

use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::review::{DEFAULT_TIME_LIMIT, Judge};

/// Runs `work` with a judge on a thread of its own and hands back what it
/// found; `None` if the thread failed. On 3x3 the perfect table answers at
/// once, the big boards search for up to the time limit per position, and
/// `cancel` stops them.
pub async fn judge_later<T: Send + 'static>(
    cancel: CancelFlag,
    work: impl FnOnce(&mut Judge) -> T + Send + 'static,
) -> Option<T> {
    let (sender, receiver) = async_channel::bounded(1);
    std::thread::spawn(move || {
        let mut judge = Judge::new(DEFAULT_TIME_LIMIT, cancel);
        let _ = sender.send_blocking(work(&mut judge));
    });
    receiver.recv().await.ok()
}
