//! What a move decision did, as plain data: printable as text for the log and
//! the command line, serialisable as JSON.

use std::fmt::Write as _;

use serde::{Serialize, Serializer};

use super::board::{Board, Side};
use super::score;

impl Serialize for Side {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match self {
            Side::Max => "x",
            Side::Min => "o",
        })
    }
}

/// How much a score says: the exact value, or only that the true value is at
/// least (lower bound) or at most (upper bound) this, as alpha-beta leaves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// The score as the log shows it: "995", ">= 0", "<= -3".
    pub fn format(self, score: i32) -> String {
        match self {
            Bound::Exact => score.to_string(),
            Bound::Lower => format!(">= {score}"),
            Bound::Upper => format!("<= {score}"),
        }
    }
}

/// One root move as the search saw it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveScore {
    pub cell: usize,
    /// From Max's point of view; `None` where the player does not score moves.
    pub score: Option<i32>,
    pub bound: Bound,
    /// Monte Carlo only: how often the move was tried and its mean result
    /// for the side to move (1 win, 0.5 draw, 0 loss).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
}

impl MoveScore {
    pub fn scored(cell: usize, score: i32, bound: Bound) -> MoveScore {
        MoveScore {
            cell,
            score: Some(score),
            bound,
            visits: None,
            mean: None,
        }
    }
}

/// Counters a search keeps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SearchStats {
    /// Positions entered below the root (every make-move).
    pub nodes: u64,
    /// Positions scored without looking deeper: won, drawn or at the horizon.
    pub leaf_evals: u64,
    /// Beta cutoffs: moves left unsearched because one refuted the position.
    pub cutoffs: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
    pub tt_stores: u64,
}

/// One decision, from the player that made it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchReport {
    /// The player's short name.
    pub player: &'static str,
    pub side: Side,
    pub position: String,
    /// Stones on the board when the search started.
    #[serde(skip)]
    pub stones: u32,
    pub best: Option<usize>,
    /// The chosen move's score, Max's point of view.
    pub score: Option<i32>,
    pub moves: Vec<MoveScore>,
    /// Principal variation: the expected continuation, starting with `best`.
    pub pv: Vec<usize>,
    #[serde(flatten)]
    pub stats: SearchStats,
    /// Deepest completed search depth in plies (0 for players that do not search).
    pub depth: u32,
    pub elapsed_us: u64,
    /// The rules player's rule that picked the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    /// The random player's choices.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The search was cancelled before it finished; `best` may be missing.
    pub aborted: bool,
}

impl SearchReport {
    /// An empty report for `player` deciding in `board`.
    pub fn new(player: &'static str, board: &Board) -> SearchReport {
        SearchReport {
            player,
            side: board.side_to_move(),
            position: board.to_string(),
            stones: board.stone_count(),
            best: None,
            score: None,
            moves: Vec::new(),
            pv: Vec::new(),
            stats: SearchStats::default(),
            depth: 0,
            elapsed_us: 0,
            rule: None,
            choices: Vec::new(),
            note: None,
            aborted: false,
        }
    }

    /// Records the time taken since `started`.
    pub fn finish(&mut self, started: std::time::Instant) {
        self.elapsed_us = started.elapsed().as_micros() as u64;
    }

    pub fn nodes_per_second(&self) -> u64 {
        self.stats
            .nodes
            .saturating_mul(1_000_000)
            .checked_div(self.elapsed_us)
            .unwrap_or(0)
    }

    /// The chosen move's score in words, if the player scores moves.
    pub fn score_in_words(&self) -> Option<String> {
        self.score.map(|score| score::describe(score, self.stones))
    }

    /// The one-line summary the log's header row shows.
    pub fn summary(&self) -> String {
        let mut line = format!("{} {}", self.side.mark(), self.player);
        match self.best {
            Some(cell) => write!(line, " plays {cell}").unwrap(),
            None => line.push_str(" chose no move"),
        }
        if let Some(words) = self.score_in_words() {
            write!(line, ", {words}").unwrap();
        }
        if let Some(rule) = self.rule {
            write!(line, ", rule: {rule}").unwrap();
        }
        if self.stats.nodes > 0 {
            write!(
                line,
                ", {} nodes in {} us ({} nodes/s), {} cutoffs, {} of {} table hits, depth {}",
                self.stats.nodes,
                self.elapsed_us,
                self.nodes_per_second(),
                self.stats.cutoffs,
                self.stats.tt_hits,
                self.stats.tt_probes,
                self.depth
            )
            .unwrap();
        } else {
            write!(line, ", {} us", self.elapsed_us).unwrap();
        }
        if !self.pv.is_empty() {
            write!(line, ", pv {}", join_cells(&self.pv)).unwrap();
        }
        if self.aborted {
            line.push_str(" (aborted)");
        }
        line
    }

    /// One line per candidate move, as the log's detail rows show them.
    pub fn move_lines(&self) -> Vec<String> {
        self.moves
            .iter()
            .map(|m| {
                let mut line = format!("cell {}", m.cell);
                if let Some(score) = m.score {
                    write!(line, ": {}", m.bound.format(score)).unwrap();
                    if m.bound == Bound::Exact {
                        write!(line, " ({})", score::describe(score, self.stones)).unwrap();
                    } else {
                        line.push_str(" (bound)");
                    }
                }
                if let (Some(visits), Some(mean)) = (m.visits, m.mean) {
                    write!(line, ": {visits} visits, mean result {mean:.3}").unwrap();
                }
                line
            })
            .collect()
    }

    /// The whole report as text: summary, notes and one line per move.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "position {} ({} to move)\n",
            self.position,
            self.side.mark()
        );
        text.push_str(&self.summary());
        text.push('\n');
        if !self.choices.is_empty() {
            writeln!(text, "  chose among {}", join_cells(&self.choices)).unwrap();
        }
        if let Some(note) = &self.note {
            writeln!(text, "  note: {note}").unwrap();
        }
        for line in self.move_lines() {
            writeln!(text, "  {line}").unwrap();
        }
        text
    }
}

pub fn join_cells(cells: &[usize]) -> String {
    cells
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_json_carry_the_search() {
        let board: Board = "xx./oo./...".parse().unwrap();
        let mut report = SearchReport::new("minimax", &board);
        report.best = Some(2);
        report.score = Some(995);
        report.moves = vec![
            MoveScore::scored(2, 995, Bound::Exact),
            MoveScore::scored(5, 0, Bound::Upper),
        ];
        report.pv = vec![2];
        report.stats.nodes = 100;
        report.elapsed_us = 50;
        let text = report.to_text();
        assert!(
            text.contains(
                "X minimax plays 2, X wins in 1 move, 100 nodes in 50 us (2000000 nodes/s)"
            ),
            "{text}"
        );
        assert!(text.contains("cell 5: <= 0 (bound)"), "{text}");
        let json: serde_json::Value = serde_json::to_value(&report).unwrap();
        assert_eq!(json["side"], "x");
        assert_eq!(json["nodes"], 100);
        assert_eq!(json["moves"][1]["bound"], "upper");
    }
}
