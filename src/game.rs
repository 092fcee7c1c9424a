//! The game thread: one long-lived thread owns the running game and answers
//! hints; it takes commands and sends events. Beside it, the one runner of
//! work off the main thread (`Work`). It sits between the layers
//! below (the engine, words, tools and files) and the window or the command
//! line.
//!
//! # Invariants
//!
//! - **Knows neither the window nor the command line**: no GTK, no
//!   terminal; its events go out on an `async-channel`, which the window
//!   reads on the GTK main loop and the command line with a blocking read.
//! - **Every event names its game** (`GameId`), so the events of a game
//!   that was replaced are told apart and dropped.
//! - **Nothing waits for ever**: ending a game sets its search's cancel
//!   flag at once; a panic in a player ends only its game.
//! - **One way off the main thread**: the game thread, the recorder and
//!   the window's work all start on `work` (a name, a lower priority, panics
//!   caught, a cancel flag the owner sets); no other module of `game` or
//!   `ui` starts a thread.

mod learning;
mod protocol;
mod recording;
mod thread;
mod work;

pub use learning::{LEARNERS, LearnedStates};
pub use protocol::{
    Command, Event, GRAVITY_HINT_TIME_LIMIT, GameId, GameResult, GameSetup, HINT_TIME_LIMIT,
    MAX_PAUSE, SEARCH_TIME_LIMIT,
};
pub use recording::{Recording, RecordingFailed, TreeJob};
pub use thread::GameThread;
pub use work::{Crashed, Sender, Work};
