//! Where an installed binary finds its data: `../share` beside it, as
//! `scripts/install` lays it out under any prefix.

use std::path::PathBuf;

/// The binary's `../share`; whether it holds what the caller looks for
/// (or the binary runs from the build tree) is the caller's to check.
pub fn beside_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.parent()?.join("share"))
}
