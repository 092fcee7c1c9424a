//! Every sentence a person reads about the engine's facts, in the user's
//! language: the log's text, the notes, the explorer's words, the board's
//! marks and legend, numbers and durations, and the error messages of the
//! layers below.
//!
//! # Invariants
//!
//! - **Says, never decides.** Everything here turns a fact into text; no
//!   search, game, file or window is started from here.
//! - **The one way to gettext** (`i18n`): the layers above translate through
//!   its helpers. The command line stays English because only the window
//!   binds the catalogues.
//! - **Knows the engine only.** The tools, the files and the app speak
//!   through it; it knows none of them (it is a crate of its own, so an
//!   import of theirs does not build).

pub mod abstract_tree;
pub mod cell_marks;
pub mod escape;
pub mod evaluation;
pub mod i18n;
pub mod mcts;
pub mod numbers;
pub mod players;
pub mod position;
pub mod report;

/// A fact said in words, in the user's language (English on the command
/// line). The engine's types carry no text of their own; this is theirs.
pub trait Words {
    fn words(&self) -> String;
}
