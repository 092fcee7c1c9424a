//! The game thread: one long-lived thread owns the running game and answers
//! hints; it takes commands and sends events. It sits between the engine and
//! the window (or the command line) and never touches GTK.

mod learning;
mod protocol;
mod recording;
mod thread;

pub use learning::{LEARNERS, LearnedStates};
pub use protocol::{
    Command, Event, GameId, GameResult, GameSetup, HINT_TIME_LIMIT, MAX_PAUSE, SEARCH_TIME_LIMIT,
};
pub use recording::{Recording, RecordingFailed, TreeJob};
pub use thread::GameThread;
