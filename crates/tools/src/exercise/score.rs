//! What a learner has done: how many exercises of each kind and level were
//! tried, solved, and solved at the first check. Plain data; the window
//! keeps one `Score` for the session and one for all time (kept between
//! runs by `tictactoe_files::practice_progress`).

use super::Kind;

/// How one exercise went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempt {
    /// A check said correct before the solution was shown.
    pub solved: bool,
    /// Correct at the very first check (so solved too), before any Show
    /// solution.
    pub first_check: bool,
}

/// The counts of one kind and level, saturating at `u32::MAX`. A tally
/// `record` made always has `first_check <= solved <= tried`.
#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Tally {
    /// Exercises checked at least once or whose solution was shown.
    pub tried: u32,
    pub solved: u32,
    pub first_check: u32,
}

impl Tally {
    /// Counts `attempt`: first-check counts only a solved exercise.
    fn add(&mut self, attempt: Attempt) {
        self.tried = self.tried.saturating_add(1);
        if attempt.solved {
            self.solved = self.solved.saturating_add(1);
            if attempt.first_check {
                self.first_check = self.first_check.saturating_add(1);
            }
        }
    }

    /// The sum of two tallies, each count saturating.
    fn plus(self, other: Tally) -> Tally {
        Tally {
            tried: self.tried.saturating_add(other.tried),
            solved: self.solved.saturating_add(other.solved),
            first_check: self.first_check.saturating_add(other.first_check),
        }
    }

    /// True when nothing is counted.
    pub fn is_empty(&self) -> bool {
        *self == Tally::default()
    }
}

/// A tally per kind and level (`None`: a tree typed in or a custom
/// shape, with no level).
#[derive(Default, Clone, PartialEq, Eq, Debug)]
pub struct Score {
    /// In `entries` order, none of them empty: at most one per kind and
    /// level, so it stays small however many exercises are counted.
    tallies: Vec<(Kind, Option<u8>, Tally)>,
}

/// Where `(kind, level)` sorts: `Kind::ALL` order, then the levels from 1,
/// then no level.
fn order(kind: Kind, level: Option<u8>) -> (usize, bool, u8) {
    let kind = Kind::ALL
        .iter()
        .position(|&other| other == kind)
        .expect("every kind is in Kind::ALL");
    (kind, level.is_none(), level.unwrap_or(0))
}

impl Score {
    /// Counts one exercise of `kind` at `level`.
    pub fn record(&mut self, kind: Kind, level: Option<u8>, attempt: Attempt) {
        let mut tally = self.tally(kind, level);
        tally.add(attempt);
        self.set(kind, level, tally);
    }

    /// The counts of `kind` at `level` (zeros if none).
    pub fn tally(&self, kind: Kind, level: Option<u8>) -> Tally {
        self.find(kind, level)
            .map_or(Tally::default(), |index| self.tallies[index].2)
    }

    /// Puts `tally` in the place of `kind` at `level` (an empty one
    /// removes it): for a score read back from its file.
    pub fn set(&mut self, kind: Kind, level: Option<u8>, tally: Tally) {
        match self.find(kind, level) {
            Ok(index) if tally.is_empty() => {
                self.tallies.remove(index);
            }
            Ok(index) => self.tallies[index].2 = tally,
            Err(_) if tally.is_empty() => {}
            Err(index) => self.tallies.insert(index, (kind, level, tally)),
        }
    }

    /// Every kind and level together.
    pub fn total(&self) -> Tally {
        self.tallies
            .iter()
            .fold(Tally::default(), |total, &(_, _, tally)| total.plus(tally))
    }

    /// The kinds and levels with something counted, in `Kind::ALL` order,
    /// then by level from 1, then the exercises without a level.
    pub fn entries(&self) -> impl Iterator<Item = (Kind, Option<u8>, Tally)> + '_ {
        self.tallies.iter().copied()
    }

    /// True when nothing is counted.
    pub fn is_empty(&self) -> bool {
        self.tallies.is_empty()
    }

    /// Where `(kind, level)` is, or would go.
    fn find(&self, kind: Kind, level: Option<u8>) -> Result<usize, usize> {
        let key = order(kind, level);
        self.tallies
            .binary_search_by_key(&key, |&(kind, level, _)| order(kind, level))
    }
}
