//! The app's own files, read and written whole: saved games, the learners'
//! states, and the tables and charts the windows save.
//!
//! - Reading takes a regular file only, and never waits: a named pipe, a
//!   device or a directory where a file is expected is refused before a
//!   byte is read (it is opened without blocking, and its type checked on
//!   the open file, so a file swapped in meanwhile cannot make it wait).
//!   At most a limit's worth is read, and the text must be UTF-8.
//! - Writing goes to a temporary file beside the target, which is then
//!   renamed over it: the target holds its old bytes or the new ones, never
//!   part of them. A symbolic link is written through: the file it names
//!   is replaced, in that file's directory, and the link stays a link.
//!   A temporary that a killed process left (`.<name>.<pid>-<n>.tmp`) is
//!   removed by the next write of the same file, once that process is gone.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::{self, File, FileType};
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::i18n::{fill, gettext};

/// Symbolic links followed at most, as the kernel does (`ELOOP` beyond).
const MAX_LINKS: usize = 40;

/// Bytes written at a time.
const WRITE_CHUNK: usize = 64 << 10;

/// Why a file's text could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// It could not be opened or read, or is no regular file.
    Io(io::Error),
    /// It holds more than the limit.
    TooLarge,
    /// It is not UTF-8 text: the 1-based offset of the first bad byte.
    NotUtf8 { byte: usize },
}

impl fmt::Display for ReadError {
    /// In words for the learners' states; saved games say it their way.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(error) => write!(f, "{error}"),
            ReadError::TooLarge => f.write_str(&gettext("the file is too large")),
            ReadError::NotUtf8 { byte } => f.write_str(&fill(
                &gettext("the file is not UTF-8 text (byte {byte} is invalid)"),
                &[("byte", byte)],
            )),
        }
    }
}

/// The text of the regular file at `path`, of at most `limit` bytes; a
/// larger one is refused after reading no more than `limit + 1`.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    // Checked before opening too: opening some devices does something.
    if let Ok(metadata) = fs::metadata(path) {
        refuse_irregular(metadata.file_type()).map_err(ReadError::Io)?;
    }
    let file = File::options()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(ReadError::Io)?;
    let metadata = file.metadata().map_err(ReadError::Io)?;
    refuse_irregular(metadata.file_type()).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge);
    }
    String::from_utf8(bytes).map_err(|error| ReadError::NotUtf8 {
        byte: error.utf8_error().valid_up_to() + 1,
    })
}

/// An error for anything but a regular file, naming what it is.
fn refuse_irregular(kind: FileType) -> io::Result<()> {
    if kind.is_file() {
        return Ok(());
    }
    let (error_kind, message) = if kind.is_dir() {
        (
            io::ErrorKind::IsADirectory,
            gettext("it is a directory, not a file"),
        )
    } else if kind.is_fifo() {
        (
            io::ErrorKind::InvalidInput,
            gettext("it is a named pipe (FIFO), not a regular file"),
        )
    } else if kind.is_socket() {
        (
            io::ErrorKind::InvalidInput,
            gettext("it is a socket, not a regular file"),
        )
    } else if kind.is_char_device() || kind.is_block_device() {
        (
            io::ErrorKind::InvalidInput,
            gettext("it is a device, not a regular file"),
        )
    } else {
        (
            io::ErrorKind::InvalidInput,
            gettext("it is not a regular file"),
        )
    };
    Err(io::Error::new(error_kind, message))
}

/// The name of the file `path` names; an error for a path that names a
/// directory (`..`, or ending in `/` or `/.`, which `Path` would drop).
pub fn file_name(path: &Path) -> io::Result<&OsStr> {
    let text = path.as_os_str().as_bytes();
    let names_directory = text.ends_with(b"/") || text.ends_with(b"/.") || text == b".";
    path.file_name()
        .filter(|_| !names_directory)
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                gettext("the path names no file"),
            )
        })
}

/// The directory `path` is in; `.` for a bare name.
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The file `path` leads to through symbolic links (itself if it is none);
/// it need not exist.
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                // An absolute target replaces the whole path.
                path = directory_of(&path).join(target);
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::from_raw_os_error(libc::ELOOP))
}

/// A name for a temporary file beside `name` that no other write of this
/// process or another one uses at the same time.
fn temporary_name(name: &OsStr) -> OsString {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut temporary = OsString::from(".");
    temporary.push(name);
    temporary.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    temporary
}

/// The process that wrote the temporary `entry` for the file `name`, if
/// `entry` is one.
fn temporary_owner(entry: &OsStr, name: &OsStr) -> Option<u32> {
    let rest = entry.as_bytes().strip_prefix(b".")?;
    let rest = rest.strip_prefix(name.as_bytes())?.strip_prefix(b".")?;
    let rest = std::str::from_utf8(rest.strip_suffix(b".tmp")?).ok()?;
    let (pid, number) = rest.split_once('-')?;
    number.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Whether the process `pid` is gone (it may be another user's, which
/// counts as running).
fn process_gone(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists.
    let result = unsafe { libc::kill(pid, 0) };
    result != 0 && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

/// Removes the temporaries of the file `name` in `directory` that
/// processes no longer running left behind (killed while writing).
fn remove_stale_temporaries(directory: &Path, name: &OsStr) {
    let Ok(entries) = fs::read_dir(directory) else {
        return;
    };
    for entry in entries.flatten() {
        let stale = temporary_owner(&entry.file_name(), name)
            .is_some_and(|pid| pid != std::process::id() && process_gone(pid));
        if stale && entry.file_type().is_ok_and(|kind| kind.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// A step of `write_whole`, at which a test can make it fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WriteStep {
    Create,
    /// Before writing the next chunk, with so many bytes written.
    Write(usize),
    Sync,
    Rename,
}

/// Writes `bytes` to `path` whole or not at all (see the module's
/// documentation); a failed write leaves the old file, or none.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_whole_with(path, bytes, WRITE_CHUNK, &mut |_| Ok(()))
}

/// `write_whole`, asking `step` before each step whether to go on.
fn write_whole_with(
    path: &Path,
    bytes: &[u8],
    chunk: usize,
    step: &mut dyn FnMut(WriteStep) -> io::Result<()>,
) -> io::Result<()> {
    file_name(path)?;
    let target = resolve_links(path)?;
    let name = file_name(&target)?;
    let directory = directory_of(&target);
    remove_stale_temporaries(directory, name);
    // The new file keeps the old one's permissions.
    let permissions = fs::metadata(&target).ok().map(|old| old.permissions());
    let temporary = directory.join(temporary_name(name));
    step(WriteStep::Create)?;
    let mut file = File::options()
        .write(true)
        .create_new(true)
        .open(&temporary)?;
    let write = || {
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        let mut written = 0;
        for piece in bytes.chunks(chunk.max(1)) {
            step(WriteStep::Write(written))?;
            file.write_all(piece)?;
            written += piece.len();
        }
        step(WriteStep::Sync)?;
        file.sync_all()?;
        step(WriteStep::Rename)?;
        fs::rename(&temporary, &target)
    };
    let written = write();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// Makes the directories the file `path` (through its links) is to be
/// written in, if they are missing.
pub fn make_directories_for(path: &Path) -> io::Result<()> {
    fs::create_dir_all(directory_of(&resolve_links(path)?))
}

/// Whether `path` (through its links) names a regular file or nothing, a
/// dangling link included: a named pipe, a device, a directory or a loop
/// of links is refused, without opening it.
pub fn check_regular_or_absent(path: &Path) -> io::Result<()> {
    match fs::metadata(path) {
        Ok(metadata) => refuse_irregular(metadata.file_type()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}

/// Whether `write_whole` could write `path` after
/// `make_directories_for`: the path names a file (through its links) that
/// is a regular file or none yet, and a file can be made in its directory,
/// or in the nearest one that exists. Leaves nothing behind.
pub fn check_writable(path: &Path) -> io::Result<()> {
    file_name(path)?;
    let target = resolve_links(path)?;
    let name = file_name(&target)?;
    check_regular_or_absent(&target)?;
    let mut directory = directory_of(&target).to_path_buf();
    loop {
        match fs::metadata(&directory) {
            Ok(metadata) if metadata.is_dir() => break,
            Ok(_) => return Err(io::Error::from_raw_os_error(libc::ENOTDIR)),
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                directory = directory_of(&directory).to_path_buf();
            }
            Err(error) => return Err(error),
        }
    }
    let probe = directory.join(temporary_name(name));
    File::options().write(true).create_new(true).open(&probe)?;
    fs::remove_file(&probe)
}

/// serde_json's message without the place it points to, which it
/// appends; the message may quote the file, so it is escaped and cut.
pub fn json_message(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let place = format!(" at line {} column {}", error.line(), error.column());
    let message = message.strip_suffix(&place).unwrap_or(&message);
    escape_text(message, 2 * ECHO_CHARS)
}

/// A JSON reader's error with its place: "unknown field `sede`, expected
/// ... (line 3, column 9)", escaped and cut.
pub fn json_error(error: &serde_json::Error) -> String {
    fill(
        // Translators: {error} is the JSON reader's own message, in
        // English, such as: unknown field `sede`, expected one of ...
        &gettext("{error} (line {line}, column {column})"),
        &[
            ("error", &json_message(error)),
            ("line", &error.line()),
            ("column", &error.column()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A fresh directory for one test's files.
    fn scratch(name: &str) -> PathBuf {
        let directory =
            std::env::temp_dir().join(format!("tictactoe-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&directory);
        fs::create_dir_all(&directory).unwrap();
        directory
    }

    fn names_in(directory: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(directory)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn temporaries_are_recognised_by_their_file_and_process() {
        let name = OsStr::new("menace.json");
        let temporary = temporary_name(name);
        assert_eq!(temporary_owner(&temporary, name), Some(std::process::id()));
        assert_eq!(
            temporary_owner(OsStr::new(".menace.json.12-0.tmp"), name),
            Some(12)
        );
        for other in [
            "menace.json",
            ".td.json.12-0.tmp",
            ".menace.json.12.tmp",
            ".menace.json.x-0.tmp",
            ".menace.json.12-0.tmp~",
        ] {
            assert_eq!(temporary_owner(OsStr::new(other), name), None, "{other}");
        }
    }

    #[test]
    fn paths_that_name_a_directory_name_no_file() {
        for path in ["dir/", "dir/.", ".", "..", "dir/..", "/"] {
            assert!(file_name(Path::new(path)).is_err(), "{path}");
        }
        assert_eq!(
            file_name(Path::new("dir/game.json")).unwrap(),
            OsStr::new("game.json")
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Seen at every step of a write, the file holds its old bytes
        /// (or is missing, as before); a write that fails at any step
        /// leaves it so and no temporary beside it, one that succeeds
        /// leaves the new bytes.
        #[test]
        fn a_write_leaves_the_old_file_or_the_new_at_every_step(
            old in prop::option::of(prop::collection::vec(any::<u8>(), 0..300)),
            new in prop::collection::vec(any::<u8>(), 0..300),
            chunk in 1usize..64,
            fail_at in prop::option::of(0usize..20),
        ) {
            let directory = scratch("interrupted");
            let path = directory.join("state.json");
            if let Some(old) = &old {
                fs::write(&path, old).unwrap();
            }
            let mut steps = 0;
            let mut seen = Vec::new();
            let result = write_whole_with(&path, &new, chunk, &mut |step| {
                seen.push((step, fs::read(&path).ok()));
                steps += 1;
                match fail_at {
                    Some(at) if steps > at => Err(io::Error::other("interrupted")),
                    _ => Ok(()),
                }
            });
            for (step, during) in &seen {
                prop_assert_eq!(during, &old, "at {:?}", step);
            }
            let now = fs::read(&path).ok();
            match &result {
                Ok(()) => prop_assert_eq!(now.as_ref(), Some(&new)),
                Err(_) => prop_assert_eq!(&now, &old),
            }
            prop_assert_eq!(
                names_in(&directory),
                if now.is_some() { vec!["state.json".to_owned()] } else { vec![] }
            );
            fs::remove_dir_all(&directory).unwrap();
        }
    }

    #[test]
    fn temporaries_of_processes_gone_are_removed_by_the_next_write() {
        let directory = scratch("stale");
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let gone = child.id();
        child.wait().unwrap();
        let stale = format!(".state.json.{gone}-0.tmp");
        let own = format!(".state.json.{}-999.tmp", std::process::id());
        // Process 1 runs as long as the system does.
        let running = ".state.json.1-0.tmp";
        let unrelated = format!(".other.json.{gone}-0.tmp");
        for name in [&stale, &own, running, &unrelated] {
            fs::write(directory.join(name), "half").unwrap();
        }
        write_whole(&directory.join("state.json"), b"new").unwrap();
        let mut expected = vec![own, running.to_owned(), unrelated, "state.json".to_owned()];
        expected.sort();
        assert_eq!(names_in(&directory), expected);
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn only_a_regular_file_or_nothing_passes_the_check() {
        let directory = scratch("regular");
        let file = directory.join("file");
        fs::write(&file, "text").unwrap();
        let pipe = directory.join("pipe");
        tictactoe_testing::make_fifo(&pipe);
        let loop_link = directory.join("loop");
        std::os::unix::fs::symlink("loop", &loop_link).unwrap();
        let dangling = directory.join("dangling");
        std::os::unix::fs::symlink("missing", &dangling).unwrap();
        for fine in [&file, &dangling, &directory.join("missing")] {
            assert!(check_regular_or_absent(fine).is_ok(), "{fine:?}");
        }
        for refused in [&pipe, &loop_link, &directory] {
            assert!(check_regular_or_absent(refused).is_err(), "{refused:?}");
        }
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn a_symbolic_link_is_written_through() {
        let directory = scratch("link");
        let elsewhere = directory.join("elsewhere");
        fs::create_dir(&elsewhere).unwrap();
        let target = elsewhere.join("kept.json");
        fs::write(&target, "old").unwrap();
        let link = directory.join("state.json");
        std::os::unix::fs::symlink("elsewhere/kept.json", &link).unwrap();
        write_whole(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(names_in(&elsewhere), ["kept.json"]);
        // A loop is an error, and nothing is written.
        let looped = directory.join("loop.json");
        std::os::unix::fs::symlink("loop.json", &looped).unwrap();
        let error = write_whole(&looped, b"new").unwrap_err();
        assert_eq!(error.raw_os_error(), Some(libc::ELOOP));
        assert_eq!(
            names_in(&directory),
            ["elsewhere", "loop.json", "state.json"]
        );
        fs::remove_dir_all(&directory).unwrap();
    }
}
