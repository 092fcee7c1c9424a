//! The game thread: one long-lived thread owns the running game and answers
//! hints; it takes commands and sends events. It sits between the engine and
//! the window (or the command line) and never touches GTK.

mod protocol;
mod thread;

pub use protocol::{
    Command, Event, GameId, GameResult, GameSetup, HINT_TIME_LIMIT, MAX_PAUSE, SEARCH_TIME_LIMIT,
};
pub use thread::GameThread;
