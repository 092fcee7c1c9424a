//! What a move decision did, as plain data: printable as text for the log and
//! the command line, serialisable as JSON.

use std::fmt::Write as _;

use serde::{Serialize, Serializer};

use super::board::{Board, Side};
use super::geometry::BoardSize;
use super::player::{Difficulty, PlayerKind};
use super::score;
use crate::i18n::{fill, gettext, ngettext, pgettext, plural_count};

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
    /// Its name, as JSON writes it: "exact", "lower", "upper".
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }

    /// The score as the log shows it: "995", ">= 0", "<= -3".
    pub fn format(self, score: i32) -> String {
        match self {
            Bound::Exact => score.to_string(),
            Bound::Lower => format!(">= {score}"),
            Bound::Upper => format!("<= {score}"),
        }
    }

    /// The same limit on the value for `mover`: Min's values are the
    /// negatives of Max's, so a lower bound caps what Min gets.
    pub fn for_mover(self, mover: Side) -> Bound {
        match (self, mover) {
            (Bound::Lower, Side::Min) => Bound::Upper,
            (Bound::Upper, Side::Min) => Bound::Lower,
            (bound, _) => bound,
        }
    }
}

/// What a score proves. A search's result is proven when it is decisive (a
/// forced win or loss found inside the horizon) or when the search reached
/// the end of the game (its depth covered every empty cell); otherwise it
/// rests on the static evaluation at the horizon and is only an estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Certainty {
    /// The proven game value.
    Exact,
    /// A proven limit on the game value; `Bound` says which way.
    Bound,
    /// A depth-limited search's horizon estimate (exact or a limit of it).
    Estimate,
    /// Monte Carlo: a mean of random playouts, no score at all.
    Sampled,
    /// A learner's beads or learned value: experience, no score at all.
    Learned,
}

impl Certainty {
    /// The certainty of a search score: proven if decisive or searched to
    /// the end (`full_depth`), else an estimate.
    pub fn of(score: i32, bound: Bound, full_depth: bool) -> Certainty {
        match (score::is_decisive(score) || full_depth, bound) {
            (false, _) => Certainty::Estimate,
            (true, Bound::Exact) => Certainty::Exact,
            (true, _) => Certainty::Bound,
        }
    }
}

/// One root move as the search saw it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveScore {
    pub cell: usize,
    /// From Max's point of view; `None` where the player does not score moves.
    pub score: Option<i32>,
    /// Which way the score limits the true value (or that it is the value).
    pub bound: Bound,
    /// Whether the score is proven, an estimate, (Monte Carlo) sampled or
    /// (learners) learned.
    pub certainty: Certainty,
    /// Monte Carlo only: how often the move was tried and its mean result
    /// on X's scale (+1 X wins, 0 a draw, -1 O wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
    /// MENACE only: the beads for this cell in the position's box.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beads: Option<u16>,
    /// The TD learner only: the learned value of the move's position on
    /// X's scale (+1 X wins, 0 a draw, -1 O wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learned: Option<f64>,
}

impl MoveScore {
    /// A proven score (exact, or a proven bound); `SearchReport::new`'s
    /// callers mark estimates with `Certainty::of`.
    pub fn scored(cell: usize, score: i32, bound: Bound) -> MoveScore {
        MoveScore {
            cell,
            score: Some(score),
            bound,
            certainty: Certainty::of(score, bound, true),
            visits: None,
            mean: None,
            beads: None,
            learned: None,
        }
    }

    /// A Monte Carlo move by `mover`: tried `visits` times, with the mean
    /// result `for_mover` (1 a win, 0.5 a draw, 0 a loss) that the search
    /// keeps.
    pub fn sampled(cell: usize, visits: u32, mover: Side, for_mover: f64) -> MoveScore {
        MoveScore {
            cell,
            score: None,
            bound: Bound::Exact,
            certainty: Certainty::Sampled,
            visits: Some(visits),
            mean: Some(on_x_scale(mover, for_mover)),
            beads: None,
            learned: None,
        }
    }

    /// A MENACE move: `beads` beads for it in the box.
    pub fn beads(cell: usize, beads: u16) -> MoveScore {
        MoveScore {
            beads: Some(beads),
            ..MoveScore::unscored(cell)
        }
    }

    /// A TD move by `mover`: the learned value of where it leads
    /// `for_mover` (1 a win, 0.5 a draw, 0 a loss), as TD keeps it.
    pub fn learned(cell: usize, mover: Side, for_mover: f64) -> MoveScore {
        MoveScore {
            learned: Some(on_x_scale(mover, for_mover)),
            ..MoveScore::unscored(cell)
        }
    }

    fn unscored(cell: usize) -> MoveScore {
        MoveScore {
            cell,
            score: None,
            bound: Bound::Exact,
            certainty: Certainty::Learned,
            visits: None,
            mean: None,
            beads: None,
            learned: None,
        }
    }
}

/// A result `for_mover` (1 a win, 0.5 a draw, 0 a loss) on X's scale,
/// from -1 (O wins) to +1 (X wins), the scale every value is read on.
pub fn on_x_scale(mover: Side, for_mover: f64) -> f64 {
    f64::from(mover.sign()) * (2.0 * for_mover - 1.0)
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

/// How a report's text names players: by short name on the command line,
/// by display name in the window. Cells are numbered from 1 in both, as
/// the board and the keys number them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextStyle {
    pub display_names: bool,
}

impl TextStyle {
    /// The command line: short names.
    pub const COMMAND_LINE: TextStyle = TextStyle {
        display_names: false,
    };
    /// The window: display names.
    pub const WINDOW: TextStyle = TextStyle {
        display_names: true,
    };

    /// A player's name in this style.
    pub fn player(self, kind: PlayerKind) -> String {
        if self.display_names {
            kind.display_name()
        } else {
            kind.name().to_owned()
        }
    }

    /// A cell's number as people read it: from 1, row by row.
    pub fn cell(self, cell: usize) -> usize {
        cell + 1
    }

    /// Cells in this style, separated by `separator`.
    pub fn cells(self, cells: &[usize], separator: &str) -> String {
        cells
            .iter()
            .map(|&cell| self.cell(cell).to_string())
            .collect::<Vec<_>>()
            .join(separator)
    }
}

/// A player with its strength, as people read it: "Minimax, depth 3",
/// "alphabeta-tt, full depth", "Random" (players without a depth have none).
pub fn describe_player(kind: PlayerKind, difficulty: Difficulty, style: TextStyle) -> String {
    if kind.uses_depth() {
        format!("{}, {difficulty}", style.player(kind))
    } else {
        style.player(kind)
    }
}

impl Serialize for PlayerKind {
    /// As its short name.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl Serialize for BoardSize {
    /// As its side: 3, 4 or 5.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.side() as u64)
    }
}

impl Serialize for Difficulty {
    /// As its name: "easy", "medium", "hard" or the depth, "7".
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

/// One decision, from the player that made it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchReport {
    /// The player (JSON: its short name).
    pub player: PlayerKind,
    /// The algorithm that searched: the player's own, except for `perfect`
    /// off 3x3, which searches with `alphabeta-tt`. Decides which counters
    /// the text shows.
    #[serde(skip)]
    pub algorithm: PlayerKind,
    pub side: Side,
    pub position: String,
    /// Stones on the board when the search started.
    #[serde(skip)]
    pub stones: u32,
    /// Empty cells when the search started.
    #[serde(skip)]
    pub empty: u32,
    pub best: Option<usize>,
    /// The chosen move's score, Max's point of view.
    pub score: Option<i32>,
    /// What `score` proves; `None` without a score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certainty: Option<Certainty>,
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
    /// The cells a random choice was made among: every free cell (random),
    /// the equally best moves (alphabeta-random), the rule's cells (rules).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The search was cancelled before it finished; `best` may be missing.
    pub aborted: bool,
    /// The player gives the game up (MENACE at an empty box): no move,
    /// and the other side wins.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub resigned: bool,
    /// Monte Carlo: the seed its search ran from, so that
    /// `SearchTree::record_report` replays exactly this search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_seed: Option<u64>,
}

impl SearchReport {
    /// An empty report for `player` deciding in `board`.
    pub fn new(player: PlayerKind, board: &Board) -> SearchReport {
        SearchReport {
            player,
            algorithm: player,
            side: board.side_to_move(),
            position: board.to_string(),
            stones: board.stone_count(),
            empty: board.empty().count_ones(),
            best: None,
            score: None,
            certainty: None,
            moves: Vec::new(),
            pv: Vec::new(),
            stats: SearchStats::default(),
            depth: 0,
            elapsed_us: 0,
            rule: None,
            choices: Vec::new(),
            note: None,
            aborted: false,
            resigned: false,
            replay_seed: None,
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

    /// The chosen move's score in words, if the player scores moves:
    /// "X wins in 3 moves (995)", "X better (estimate, +3)".
    pub fn score_in_words(&self) -> Option<String> {
        let score = self.score?;
        let best = self.moves.iter().find(|m| Some(m.cell) == self.best);
        let bound = best.map_or(Bound::Exact, |m| m.bound);
        let certainty = self
            .certainty
            .unwrap_or_else(|| Certainty::of(score, bound, false));
        Some(score_phrase(score, bound, certainty, self.stones))
    }

    /// The log's header row: who played what, how sure, and what it cost.
    pub fn summary(&self, style: TextStyle) -> String {
        let mut line = format!("{} {}", self.side.mark(), style.player(self.player));
        let nodes = count(self.stats.nodes, |n| {
            ngettext("{count} node", "{count} nodes", n)
        });
        let time = format_duration_us(self.elapsed_us);
        let depth = || fill(&gettext("depth {depth}"), &[("depth", &self.depth)]);
        if self.aborted {
            let stopped = gettext("stopped after {nodes} in {time}");
            write!(
                line,
                " {}",
                fill(&stopped, &[("nodes", &nodes), ("time", &time)])
            )
            .unwrap();
            match self.best {
                Some(cell) => {
                    let best = gettext("best so far: cell {cell}");
                    write!(line, "; {}", fill(&best, &[("cell", &style.cell(cell))])).unwrap();
                    if let Some(words) = self.score_in_words() {
                        write!(line, ", {words}").unwrap();
                    }
                    if self.depth > 0 {
                        write!(line, ", {}", depth()).unwrap();
                    }
                }
                None => write!(line, "; {}", gettext("no move finished")).unwrap(),
            }
        } else {
            match self.best {
                Some(cell) => {
                    let plays = gettext("plays {cell}");
                    write!(line, " {}", fill(&plays, &[("cell", &style.cell(cell))])).unwrap();
                }
                None => write!(line, " {}", gettext("chose no move")).unwrap(),
            }
            if let Some(words) = self.score_in_words() {
                write!(line, ", {words}").unwrap();
            }
            if let Some(rule) = self.rule {
                let rule = fill(&gettext("rule: {rule}"), &[("rule", &gettext(rule))]);
                write!(line, ", {rule}").unwrap();
            }
            if self.stats.nodes > 0 {
                let cost = gettext("{nodes} in {time}");
                write!(
                    line,
                    ", {}",
                    fill(&cost, &[("nodes", &nodes), ("time", &time)])
                )
                .unwrap();
                if let Some(rate) = self.rate_text() {
                    write!(line, " ({rate})").unwrap();
                }
                if self.algorithm.uses_cutoffs() {
                    let cutoffs = count(self.stats.cutoffs, |n| {
                        ngettext("{count} cutoff", "{count} cutoffs", n)
                    });
                    write!(line, ", {cutoffs}").unwrap();
                }
                if self.algorithm.uses_table() {
                    let hits = ngettext(
                        "{hits} of {probes} table hits",
                        "{hits} of {probes} table hits",
                        plural_count(self.stats.tt_probes),
                    );
                    let values: [(&str, &dyn std::fmt::Display); 2] = [
                        ("hits", &group(self.stats.tt_hits)),
                        ("probes", &group(self.stats.tt_probes)),
                    ];
                    write!(line, ", {}", fill(&hits, &values)).unwrap();
                }
                write!(line, ", {}", depth()).unwrap();
            } else {
                write!(line, ", {time}").unwrap();
            }
        }
        if !self.pv.is_empty() {
            let pv = fill(
                &gettext("pv {cells}"),
                &[("cells", &style.cells(&self.pv, " "))],
            );
            write!(line, ", {pv}").unwrap();
        }
        line
    }

    /// Nodes per second, when the time is long enough to mean something.
    fn rate_text(&self) -> Option<String> {
        (self.elapsed_us >= 100 && self.stats.nodes > 0)
            .then(|| format_rate(self.nodes_per_second()))
    }

    /// What the random choice was made among, as a detail row.
    fn choices_line(&self, style: TextStyle) -> Option<String> {
        let cells = style.cells(&self.choices, ", ");
        let n = self.choices.len();
        let message = match (self.player, n) {
            (_, 0) | (PlayerKind::Rules, 1) => return None,
            (PlayerKind::Random, 1) => gettext("the only free cell: {cells}"),
            (PlayerKind::Random, _) => gettext("random among {count} free cells: {cells}"),
            (PlayerKind::AlphaBetaRandom, 1) => gettext("the only best move: {cells}"),
            (PlayerKind::AlphaBetaRandom, _) => {
                gettext("random among {count} equally best: {cells}")
            }
            (PlayerKind::Rules, _) => {
                gettext("random among {count} cells the rule allows: {cells}")
            }
            (_, _) => gettext("chose among {cells}"),
        };
        Some(fill(&message, &[("count", &n), ("cells", &cells)]))
    }

    /// One candidate move's row: its cell and what it means for the side to
    /// move, with the number: "cell 5: O wins in 1 move (-995)", "cell 2:
    /// O: at best a draw (>= 0)", "cell 4: 1,234 visits, O's mean result
    /// 0.734".
    pub fn move_line(&self, m: &MoveScore, style: TextStyle) -> String {
        let mut line = fill(&gettext("cell {cell}"), &[("cell", &style.cell(m.cell))]);
        if let Some(score) = m.score {
            write!(
                line,
                ": {}",
                score_phrase(score, m.bound, m.certainty, self.stones)
            )
            .unwrap();
        }
        if let (Some(visits), Some(mean)) = (m.visits, m.mean) {
            write!(
                line,
                ": {}, {}",
                visits_words(u64::from(visits)),
                mean_result_words(mean)
            )
            .unwrap();
        }
        if let Some(beads) = m.beads {
            write!(line, ": {}", beads_words(beads)).unwrap();
        }
        if let Some(value) = m.learned {
            write!(line, ": {}", learned_value_words(value)).unwrap();
        }
        line
    }

    /// Every row under the summary: the note, what a random choice was
    /// made among, then one row per candidate move.
    pub fn detail_lines(&self, style: TextStyle) -> Vec<String> {
        let mut lines = Vec::with_capacity(self.moves.len() + 2);
        if let Some(note) = &self.note {
            lines.push(fill(&gettext("note: {note}"), &[("note", note)]));
        }
        lines.extend(self.choices_line(style));
        lines.extend(self.moves.iter().map(|m| self.move_line(m, style)));
        lines
    }

    /// The whole report as text (what `analyze` prints): the position, the
    /// summary and the detail rows, indented.
    pub fn to_text(&self, style: TextStyle) -> String {
        let heading = gettext("position {position} ({side} to move)");
        let mut text = fill(
            &heading,
            &[("position", &self.position), ("side", &self.side.mark())],
        );
        text.push('\n');
        text.push_str(&self.summary(style));
        text.push('\n');
        for line in self.detail_lines(style) {
            writeln!(text, "  {line}").unwrap();
        }
        text
    }
}

/// A score as a person reads it, with the number at the end, in a
/// position with `stones` stones. Every number is on X's scale (positive
/// favours X, negative O) and the words name the side they are about:
/// proven values "X wins in 3 moves (995)", "draw (0)"; proven bounds,
/// "≥" meaning this or better for X and "≤" this or better for O: "X wins
/// in 3 or faster (≥ 995)", "X: at least a draw (≥ 0)", "O: at best wins
/// in 2 (≥ -994)"; estimates: "X better (estimate, +3)", "even (estimate,
/// 0)", "O: at least even (estimate, ≤ 0)".
pub fn score_phrase(score: i32, bound: Bound, certainty: Certainty, stones: u32) -> String {
    let words = score_words(score, bound, certainty, stones);
    match certainty {
        Certainty::Estimate => {
            let number = match bound {
                Bound::Exact => format!("{score:+}").replace("+0", "0"),
                _ => bound.format(score),
            };
            fill(
                &gettext("{words} (estimate, {number})"),
                &[("words", &words), ("number", &number)],
            )
        }
        _ => format!("{words} ({})", bound.format(score)),
    }
}

/// MENACE's beads for a move: "4 beads".
pub fn beads_words(beads: u16) -> String {
    count(u64::from(beads), |n| {
        ngettext("{count} bead", "{count} beads", n)
    })
}

/// A result on X's scale, from -1 (O wins) to +1 (X wins), as the log
/// writes Monte Carlo means and learned values: "+0.468", "−0.250", "0.000".
pub fn result_number(value: f64, decimals: usize) -> String {
    let text = format!("{:.*}", decimals, value.abs());
    let sign = if text.bytes().all(|b| matches!(b, b'0' | b'.')) {
        ""
    } else if value < 0.0 {
        "−"
    } else {
        "+"
    };
    decimal(&format!("{sign}{text}"))
}

/// The TD learner's value of a move, on X's scale: "learned value +0.250".
pub fn learned_value_words(value: f64) -> String {
    fill(
        // Translators: an expected result learned from games, from -1 (O
        // wins) to +1 (X wins).
        &gettext("learned value {value}"),
        &[("value", &result_number(value, 3))],
    )
}

/// How often Monte Carlo tried a move: "1,234 visits".
pub fn visits_words(visits: u64) -> String {
    count(visits, |n| ngettext("{count} visit", "{count} visits", n))
}

/// A Monte Carlo move's mean result on X's scale (+1 X wins, 0 a draw, -1
/// O wins): "mean result −0.468".
pub fn mean_result_words(mean: f64) -> String {
    fill(
        &gettext("mean result {mean}"),
        &[("mean", &result_number(mean, 3))],
    )
}

/// `score_phrase` without its number (nor the word estimate): "X wins in
/// 3 moves", "X: at least a draw", "X better", "O: at least even".
pub fn score_words(score: i32, bound: Bound, certainty: Certainty, stones: u32) -> String {
    let estimate = certainty == Certainty::Estimate;
    // Whole phrases, not a limit word and a result word put together, so
    // that each language can order and inflect them.
    let (side, words) = match (bound, estimate) {
        (Bound::Exact, true) => return estimate_words(score),
        (Bound::Exact, false) => return score::describe(score, stones),
        (_, false) if score::is_decisive(score) => {
            let moves = score::moves_to_end(score, stones);
            let n = plural_count(u64::from(moves.unsigned_abs()));
            let winner = if score > 0 { Side::Max } else { Side::Min };
            // At the winner's own end of the scale the win is this fast or
            // faster; at the other end it is no faster.
            let phrase = if (bound == Bound::Lower) == (winner == Side::Max) {
                ngettext(
                    "{side} wins in {moves} or faster",
                    "{side} wins in {moves} or faster",
                    n,
                )
            } else {
                ngettext(
                    "at best {side} wins in {moves}",
                    "at best {side} wins in {moves}",
                    n,
                )
            };
            return fill(&phrase, &[("side", &winner.mark()), ("moves", &moves)]);
        }
        // "≥" says what X is sure of, "≤" what O is sure of.
        _ => {
            let sure = if bound == Bound::Lower {
                Side::Max
            } else {
                Side::Min
            };
            match (sure.sign() * score).signum() {
                0 if estimate => (sure, gettext("at least even for {side}")),
                0 => (sure, gettext("at least a draw for {side}")),
                1 => return estimate_words(score),
                // The other side is ahead, by no more than this.
                _ => (sure.opponent(), gettext("at best {side} better")),
            }
        }
    };
    fill(&words, &[("side", &side.mark())])
}

/// An estimate's words: "even", "X better", "O better".
fn estimate_words(score: i32) -> String {
    match score.signum() {
        0 => gettext("even"),
        1 => gettext("X better"),
        _ => gettext("O better"),
    }
}

/// `n` with thousands separators: "549,945" (in the window, the
/// separator of the user's language: "549.945" in German).
pub fn group(n: u64) -> String {
    let separator = pgettext("thousands separator", ",");
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * separator.len());
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push_str(&separator);
        }
        out.push(digit);
    }
    out
}

/// A number written with a '.' as its decimal point, with the user's
/// language's decimal point instead ("3,4" in German).
pub fn decimal(number: &str) -> String {
    number.replace('.', &pgettext("decimal separator", "."))
}

/// A count with its noun in the right plural form, the number grouped:
/// `count(n, |n| ngettext("{count} node", "{count} nodes", n))` reads "1
/// node", "549,945 nodes".
pub(crate) fn count(n: u64, forms: impl FnOnce(u32) -> String) -> String {
    fill(&forms(plural_count(n)), &[("count", &group(n))])
}

/// A time as people read it: "52 µs", "3.4 ms", "250 ms", "1.25 s".
pub fn format_duration_us(us: u64) -> String {
    if us < 1_000 {
        format!("{us} µs")
    } else if us < 100_000 {
        decimal(&format!("{:.1} ms", us as f64 / 1e3))
    } else if us < 1_000_000 {
        format!("{} ms", (us + 500) / 1_000)
    } else {
        decimal(&format!("{:.2} s", us as f64 / 1e6))
    }
}

/// A node rate: "5.6 M/s", "213 M/s", "830 k/s", "120/s".
pub fn format_rate(per_second: u64) -> String {
    let scaled = |value: f64, unit: &str| {
        if value < 10.0 {
            decimal(&format!("{value:.1} {unit}/s"))
        } else {
            format!("{value:.0} {unit}/s")
        }
    };
    if per_second >= 1_000_000 {
        scaled(per_second as f64 / 1e6, "M")
    } else if per_second >= 1_000 {
        scaled(per_second as f64 / 1e3, "k")
    } else {
        format!("{per_second}/s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(position: &str, kind: PlayerKind) -> SearchReport {
        SearchReport::new(kind, &position.parse::<Board>().unwrap())
    }

    #[test]
    fn text_and_json_carry_the_search() {
        let mut report = report("xx./oo./...", PlayerKind::Minimax);
        report.best = Some(2);
        report.score = Some(995);
        report.certainty = Some(Certainty::Exact);
        report.moves = vec![
            MoveScore::scored(2, 995, Bound::Exact),
            MoveScore::scored(5, 0, Bound::Upper),
        ];
        report.pv = vec![2];
        report.stats.nodes = 1_234_567;
        report.stats.cutoffs = 3;
        report.elapsed_us = 220_000;
        report.depth = 5;
        let text = report.to_text(TextStyle::COMMAND_LINE);
        assert_eq!(
            text,
            "position xx./oo./... (X to move)\n\
             X minimax plays 3, X wins in 1 move (995), 1,234,567 nodes in 220 ms (5.6 M/s), \
             depth 5, pv 3\n  \
             cell 3: X wins in 1 move (995)\n  \
             cell 6: at least a draw for O (<= 0)\n"
        );
        // The window: display names, and the same cell numbers.
        assert_eq!(
            report.summary(TextStyle::WINDOW),
            "X Minimax plays 3, X wins in 1 move (995), 1,234,567 nodes in 220 ms (5.6 M/s), \
             depth 5, pv 3"
        );
        let json: serde_json::Value = serde_json::to_value(&report).unwrap();
        assert_eq!(json["player"], "minimax");
        assert_eq!(json["side"], "x");
        assert_eq!(json["nodes"], 1_234_567);
        assert_eq!(json["certainty"], "exact");
        assert_eq!(json["moves"][1]["bound"], "upper");
        assert_eq!(json["moves"][1]["certainty"], "bound");
    }

    #[test]
    fn only_players_that_use_them_show_cutoffs_and_table_hits() {
        let board = "x.o/.x./..o";
        for (kind, cutoffs, table) in [
            (PlayerKind::Minimax, false, false),
            (PlayerKind::AlphaBeta, true, false),
            (PlayerKind::AlphaBetaTt, true, true),
            (PlayerKind::Mcts, false, false),
        ] {
            let mut report = report(board, kind);
            report.best = Some(5);
            report.stats.nodes = 1;
            report.elapsed_us = 52;
            let summary = report.summary(TextStyle::COMMAND_LINE);
            assert!(summary.contains(", 1 node in 52 µs,"), "{summary}");
            assert!(!summary.contains("/s"), "no rate under 100 µs: {summary}");
            assert_eq!(summary.contains("0 cutoffs"), cutoffs, "{summary}");
            assert_eq!(summary.contains("0 of 0 table hits"), table, "{summary}");
        }
        // Perfect off 3x3 searches with alphabeta-tt and shows its counters.
        let mut report = report("x.../..../..../....", PlayerKind::AlphaBetaTt);
        report.player = PlayerKind::Perfect;
        report.stats.nodes = 10;
        let summary = report.summary(TextStyle::COMMAND_LINE);
        assert!(summary.starts_with("O perfect chose no move"), "{summary}");
        assert!(summary.contains("0 of 0 table hits"), "{summary}");
    }

    #[test]
    fn estimates_never_read_as_results() {
        // O to move; depth 1 of 4 empty cells.
        let mut report = report("x.x/..o/xo.", PlayerKind::AlphaBetaTt);
        let mut results = vec![
            MoveScore::scored(4, 0, Bound::Exact),
            MoveScore::scored(8, 10, Bound::Lower),
            MoveScore::scored(1, 993, Bound::Lower),
        ];
        for m in &mut results {
            m.certainty = Certainty::of(m.score.unwrap(), m.bound, false);
        }
        report.best = Some(4);
        report.score = Some(0);
        report.certainty = Some(Certainty::Estimate);
        report.moves = results;
        let lines = report.detail_lines(TextStyle::COMMAND_LINE);
        assert_eq!(
            lines,
            [
                "cell 5: even (estimate, 0)",
                "cell 9: X better (estimate, >= 10)",
                "cell 2: X wins in 2 or faster (>= 993)",
            ]
        );
        assert!(
            report
                .summary(TextStyle::COMMAND_LINE)
                .starts_with("O alphabeta-tt plays 5, even (estimate, 0), ")
        );
        assert_eq!(
            score_phrase(3, Bound::Exact, Certainty::Estimate, 2),
            "X better (estimate, +3)"
        );
        assert_eq!(
            score_phrase(-995, Bound::Exact, Certainty::Exact, 4),
            "O wins in 1 move (-995)"
        );
        // Bounds on X's scale: "≥" this or better for X, "≤" for O.
        assert_eq!(
            score_phrase(-994, Bound::Upper, Certainty::Bound, 4),
            "O wins in 2 or faster (<= -994)"
        );
        assert_eq!(
            score_phrase(-994, Bound::Lower, Certainty::Bound, 4),
            "at best O wins in 2 (>= -994)"
        );
        assert_eq!(
            score_phrase(0, Bound::Lower, Certainty::Bound, 4),
            "at least a draw for X (>= 0)"
        );
        assert_eq!(
            score_phrase(0, Bound::Upper, Certainty::Bound, 4),
            "at least a draw for O (<= 0)"
        );
        assert_eq!(
            score_phrase(995, Bound::Lower, Certainty::Bound, 2),
            "X wins in 3 or faster (>= 995)"
        );
        assert_eq!(
            score_phrase(995, Bound::Upper, Certainty::Bound, 2),
            "at best X wins in 3 (<= 995)"
        );
        assert_eq!(
            score_phrase(0, Bound::Upper, Certainty::Estimate, 2),
            "at least even for O (estimate, <= 0)"
        );
        assert_eq!(
            score_phrase(-4, Bound::Lower, Certainty::Estimate, 2),
            "at best O better (estimate, >= -4)"
        );
        assert_eq!(
            score_phrase(4, Bound::Upper, Certainty::Estimate, 2),
            "at best X better (estimate, <= 4)"
        );
    }

    #[test]
    fn random_choices_and_samples_read_for_the_mover() {
        let mut report = report("x.o/.x./..o", PlayerKind::Random);
        report.best = Some(6);
        report.choices = vec![1, 3, 5, 6, 7];
        assert_eq!(
            report.detail_lines(TextStyle::WINDOW),
            ["random among 5 free cells: 2, 4, 6, 7, 8"]
        );
        report.player = PlayerKind::AlphaBetaRandom;
        report.note = Some("a note".into());
        assert_eq!(
            report.detail_lines(TextStyle::COMMAND_LINE),
            ["note: a note", "random among 5 equally best: 2, 4, 6, 7, 8"]
        );
        // O's mean 0.734 for itself is -0.468 on X's scale.
        let mut report = self::report("x.o/.x./...", PlayerKind::Mcts);
        report.moves = vec![MoveScore::sampled(5, 1234, Side::Min, 0.734)];
        assert_eq!(
            report.detail_lines(TextStyle::COMMAND_LINE),
            ["cell 6: 1,234 visits, mean result −0.468"]
        );
    }

    #[test]
    fn an_aborted_search_says_what_it_had() {
        let mut report = report(".........", PlayerKind::Minimax);
        report.aborted = true;
        report.stats.nodes = 1_234_567;
        report.elapsed_us = 1_204_000;
        assert_eq!(
            report.summary(TextStyle::WINDOW),
            "X Minimax stopped after 1,234,567 nodes in 1.20 s; no move finished"
        );
        report.best = Some(4);
        report.score = Some(3);
        report.certainty = Some(Certainty::Estimate);
        report.depth = 2;
        assert_eq!(
            report.summary(TextStyle::WINDOW),
            "X Minimax stopped after 1,234,567 nodes in 1.20 s; best so far: cell 5, \
             X better (estimate, +3), depth 2"
        );
    }

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1_000), "1,000");
        assert_eq!(group(549_945), "549,945");
        assert_eq!(group(1_234_567), "1,234,567");
        assert_eq!(format_duration_us(52), "52 µs");
        assert_eq!(format_duration_us(3_400), "3.4 ms");
        assert_eq!(format_duration_us(250_400), "250 ms");
        assert_eq!(format_duration_us(1_250_000), "1.25 s");
        assert_eq!(format_rate(5_600_000), "5.6 M/s");
        assert_eq!(format_rate(185_000_000), "185 M/s");
        assert_eq!(format_rate(830_000), "830 k/s");
        assert_eq!(format_rate(120), "120/s");
    }

    #[test]
    fn players_read_with_their_strength() {
        use crate::engine::Difficulty;
        assert_eq!(
            describe_player(PlayerKind::AlphaBetaTt, Difficulty::Hard, TextStyle::WINDOW),
            "Alpha-beta + ordering + table, full depth"
        );
        assert_eq!(
            describe_player(
                PlayerKind::Minimax,
                Difficulty::Medium,
                TextStyle::COMMAND_LINE
            ),
            "minimax, depth 3"
        );
        assert_eq!(
            describe_player(PlayerKind::Random, Difficulty::Hard, TextStyle::WINDOW),
            "Random"
        );
    }
}
