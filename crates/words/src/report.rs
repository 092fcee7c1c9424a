//! A search report in words: the log's header row and detail rows, the
//! text `analyze` prints, a score as people read it, and the notes.

use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::neural;
use tictactoe_engine::player_kind::{Difficulty, NotOnThisBoard, PlayerKind};
use tictactoe_engine::report::{
    Bound, Certainty, Iteration, MoveScore, Note, Pass, ProvenResult, SearchReport,
};
use tictactoe_engine::score::{is_decisive, moves_to_end};

use super::Words;
use super::i18n::{fill, gettext, ngettext, plural_count};
use super::numbers::{
    count, format_duration_us, format_rate, group, percent, result_number, window_limit,
};
use super::players::{PlayerWords, RuleWords, settings_words};
use super::position::{describe_score, move_name, move_number, move_numbers, move_place};

/// How a report's text names players and moves: players by short name on
/// the command line, by display name in the window; moves as the board
/// numbers them (`position::move_number`: cells from 1, columns from 1 on
/// a board with gravity), so a style that names moves is `on` the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextStyle {
    pub display_names: bool,
    pub shape: Shape,
}

impl TextStyle {
    /// The command line: short names.
    pub const COMMAND_LINE: TextStyle = TextStyle {
        display_names: false,
        shape: Shape::TIC_TAC_TOE,
    };
    /// The window: display names.
    pub const WINDOW: TextStyle = TextStyle {
        display_names: true,
        shape: Shape::TIC_TAC_TOE,
    };

    /// This style naming the moves of a board of `shape`.
    pub fn on(self, shape: Shape) -> TextStyle {
        TextStyle { shape, ..self }
    }

    /// A player's name in this style.
    pub fn player(self, kind: PlayerKind) -> String {
        if self.display_names {
            kind.display_name()
        } else {
            kind.name().to_owned()
        }
    }

    /// A move's number as people read it (`position::move_number`).
    pub fn move_number(self, cell: usize) -> usize {
        move_number(self.shape, cell)
    }

    /// Moves' numbers, separated by `separator`.
    pub fn move_numbers(self, cells: &[usize], separator: &str) -> String {
        move_numbers(self.shape, cells, separator)
    }

    /// A move after a verb: "5", "column 4" (`position::move_name`).
    pub fn move_name(self, cell: usize) -> String {
        move_name(self.shape, cell)
    }

    /// Where a move goes: "cell 5", "column 4" (`position::move_place`).
    pub fn move_place(self, cell: usize) -> String {
        move_place(self.shape, cell)
    }
}

/// A player with its strength, as people read it: "Minimax, depth 3",
/// "alphabeta-tt, full depth", "Random" (players without a depth have none);
/// the neural player's simulations are those it runs on a board of `shape`.
pub fn describe_player(
    kind: PlayerKind,
    difficulty: Difficulty,
    shape: Shape,
    style: TextStyle,
) -> String {
    if kind == PlayerKind::Neural {
        format!(
            "{}, {}",
            style.player(kind),
            simulations_words(difficulty, shape)
        )
    } else if kind.uses_depth() {
        format!("{}, {}", style.player(kind), difficulty.words())
    } else {
        style.player(kind)
    }
}

/// The neural player's strength on a board of `shape`: "bare policy",
/// "200 simulations".
pub fn simulations_words(difficulty: Difficulty, shape: Shape) -> String {
    match neural::simulations(difficulty, shape) {
        0 => gettext("bare policy"),
        n => count(u64::from(n), |n| {
            ngettext("{count} simulation", "{count} simulations", n)
        }),
    }
}

/// A report as people read it.
pub trait ReportWords {
    /// The chosen move's score in words, if the player scores moves:
    /// "X wins in 3 moves (995)", "X better (estimate, +3)".
    fn score_in_words(&self) -> Option<String>;
    /// The log's header row: who played what, how sure, and what it cost.
    fn summary(&self, style: TextStyle) -> String;
    /// One candidate move's row.
    fn move_line(&self, m: &MoveScore, style: TextStyle) -> String;
    /// Every row under the summary: the note, what a random choice was
    /// made among, then one row per candidate move.
    fn detail_lines(&self, style: TextStyle) -> Vec<String>;
    /// The whole report as text (what `analyze` prints).
    fn to_text(&self, style: TextStyle) -> String;
}

impl ReportWords for SearchReport {
    /// The chosen move's score in words, if the player scores moves:
    /// "X wins in 3 moves (995)", "X better (estimate, +3)".
    fn score_in_words(&self) -> Option<String> {
        let Some(score) = self.score else {
            return self
                .proof
                .map(|proof| proven_words(proof.result, self.side));
        };
        let best = self.moves.iter().find(|m| Some(m.cell) == self.best);
        let bound = best.map_or(Bound::Exact, |m| m.bound);
        let certainty = self
            .certainty
            .unwrap_or_else(|| Certainty::of(score, bound, false));
        Some(score_phrase(score, bound, certainty, self.stones))
    }

    /// The log's header row: who played what, how sure, and what it cost:
    /// the side and player, what it did, then clauses after commas.
    fn summary(&self, style: TextStyle) -> String {
        let nodes = count(self.stats.nodes, |n| {
            ngettext("{count} node", "{count} nodes", n)
        });
        let time = format_duration_us(self.elapsed_us);
        let depth = || fill(&gettext("depth {depth}"), &[("depth", &self.depth)]);
        let mut clauses = Vec::new();
        let action = if self.aborted {
            let stopped = fill(
                &gettext("stopped after {nodes} in {time}"),
                &[("nodes", &nodes), ("time", &time)],
            );
            match self.best {
                Some(cell) => {
                    clauses.extend(self.score_in_words());
                    if self.depth > 0 {
                        clauses.push(depth());
                    }
                    let best = gettext("best so far: {place}");
                    format!(
                        "{stopped}; {}",
                        fill(&best, &[("place", &style.move_place(cell))])
                    )
                }
                None => format!("{stopped}; {}", gettext("no move finished")),
            }
        } else {
            clauses.extend(self.score_in_words());
            clauses.extend(self.rule.map(|rule| {
                fill(
                    &gettext("rule: {rule}"),
                    &[("rule", &gettext(rule.describe()))],
                )
            }));
            if self.stats.nodes > 0 {
                let cost = fill(
                    &gettext("{nodes} in {time}"),
                    &[("nodes", &nodes), ("time", &time)],
                );
                clauses.push(match rate_text(self) {
                    Some(rate) => format!("{cost} ({rate})"),
                    None => cost,
                });
                if self.algorithm.uses_cutoffs() {
                    clauses.push(count(self.stats.cutoffs, |n| {
                        ngettext("{count} cutoff", "{count} cutoffs", n)
                    }));
                }
                if self.algorithm == PlayerKind::Pvs {
                    clauses.push(count(self.stats.re_searches, |n| {
                        ngettext("{count} re-search", "{count} re-searches", n)
                    }));
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
                    clauses.push(fill(&hits, &values));
                }
                clauses.push(depth());
            } else {
                clauses.push(time);
            }
            match self.best {
                Some(cell) => fill(
                    &gettext("plays {cell}"),
                    &[("cell", &style.move_name(cell))],
                ),
                None => gettext("chose no move"),
            }
        };
        if !self.pv.is_empty() {
            clauses.push(fill(
                &gettext("pv {cells}"),
                &[("cells", &style.move_numbers(&self.pv, " "))],
            ));
        }
        let mut line = format!(
            "{} {} {action}",
            self.side.mark(),
            style.player(self.player)
        );
        for clause in clauses {
            line.push_str(", ");
            line.push_str(&clause);
        }
        line
    }

    /// One candidate move's row: its cell and what it means for the side to
    /// move, with the number: "cell 5: O wins in 1 move (-995)", "cell 2:
    /// O: at best a draw (>= 0)", "cell 4: 1,234 visits, O's mean result
    /// 0.734".
    fn move_line(&self, m: &MoveScore, style: TextStyle) -> String {
        let mut line = style.move_place(m.cell);
        if let Some(prior) = m.prior {
            // The network's prior and its search's visits, said apart.
            line.push_str(": ");
            line.push_str(&prior_words(prior));
            if let Some(value) = m.network_value {
                line.push_str("; ");
                line.push_str(&value_after_words(value));
            }
            if let (Some(visits), Some(mean)) = (m.visits, m.mean) {
                line.push_str("; ");
                line.push_str(&guided_words(visits, mean));
            }
            return line;
        }
        let score = m
            .score
            .map(|score| score_phrase(score, m.bound, m.certainty, self.stones));
        let visits = m.visits.zip(m.mean).map(|(visits, mean)| {
            format!(
                "{}, {}",
                visits_words(u64::from(visits)),
                mean_result_words(mean)
            )
        });
        let beads = m.beads.map(beads_words);
        let learned = m.learned.map(learned_value_words);
        for words in [score, visits, beads, learned].into_iter().flatten() {
            line.push_str(": ");
            line.push_str(&words);
        }
        line
    }

    /// Every row under the summary: the note, the search's settings where
    /// not the defaults, its iterations and passes, what a random choice
    /// was made among, then one row per candidate move.
    fn detail_lines(&self, style: TextStyle) -> Vec<String> {
        let mut lines = Vec::with_capacity(self.moves.len() + 2);
        if let Some(note) = &self.note {
            lines.push(fill(&gettext("note: {note}"), &[("note", &note.words())]));
        }
        if let Some(proof) = self.proof {
            lines.push(fill(
                &gettext("proof of {proof} nodes, of the {tree} its trees made"),
                &[
                    ("proof", &group(proof.proof_nodes)),
                    ("tree", &group(proof.tree_nodes)),
                ],
            ));
        }
        if let Some(value) = self.network_value {
            lines.push(network_value_words(value));
        }
        if let Some(settings) = self.settings.and_then(settings_words) {
            lines.push(fill(
                &gettext("settings: {settings}"),
                &[("settings", &settings)],
            ));
        }
        lines.extend(progress_lines(self, style));
        lines.extend(choices_line(self, style));
        lines.extend(self.moves.iter().map(|m| self.move_line(m, style)));
        lines
    }

    /// The whole report as text (what `analyze` prints): the position, the
    /// summary and the detail rows, indented.
    fn to_text(&self, style: TextStyle) -> String {
        let heading = gettext("position {position} ({side} to move)");
        let mut text = fill(
            &heading,
            &[("position", &self.position), ("side", &self.side.mark())],
        );
        text.push('\n');
        text.push_str(&self.summary(style));
        text.push('\n');
        for line in self.detail_lines(style) {
            text.push_str("  ");
            text.push_str(&line);
            text.push('\n');
        }
        text
    }
}

/// The rows of a deepening search and its passes, in the order they ran:
/// each depth's passes (MTD(f)'s null windows, aspiration windows), then
/// the iteration's result. A lone iteration repeats the summary and is
/// left out; the passes of an iteration the search did not finish come
/// last.
fn progress_lines(report: &SearchReport, style: TextStyle) -> Vec<String> {
    let mut lines = Vec::new();
    let show_iterations = report.iterations.len() > 1;
    let mut passes = report.passes.iter().peekable();
    // Node counts are the search's so far: a pass's own are those since
    // the pass or iteration before it.
    let mut pass_lines = |lines: &mut Vec<String>, last_depth: Option<u32>, mut since: u64| {
        let mut number = 0;
        let mut depth = None;
        while let Some(pass) = passes.next_if(|pass| last_depth.is_none_or(|d| pass.depth <= d)) {
            if depth != Some(pass.depth) {
                depth = Some(pass.depth);
                number = 0;
            }
            number += 1;
            lines.push(pass_words(pass, number, pass.nodes - since));
            since = pass.nodes;
        }
    };
    let mut nodes_before = 0;
    for iteration in &report.iterations {
        pass_lines(&mut lines, Some(iteration.depth), nodes_before);
        if show_iterations {
            lines.push(iteration_words(
                report,
                iteration,
                iteration.nodes - nodes_before,
                style,
            ));
        }
        nodes_before = iteration.nodes;
    }
    pass_lines(&mut lines, None, nodes_before);
    lines
}

/// One iteration of a deepening search: "depth 3: X better (estimate,
/// +3), best cell 5, 1,234 nodes"; `nodes` are the iteration's own.
pub fn iteration_words(
    report: &SearchReport,
    iteration: &Iteration,
    nodes: u64,
    style: TextStyle,
) -> String {
    let full_depth = iteration.depth >= report.empty;
    let certainty = Certainty::of(iteration.value, Bound::Exact, full_depth);
    let value = score_phrase(iteration.value, Bound::Exact, certainty, report.stones);
    let nodes = count(nodes, |n| ngettext("{count} node", "{count} nodes", n));
    match iteration.best {
        Some(cell) => fill(
            &gettext("depth {depth}: {value}, best {place}, {nodes}"),
            &[
                ("depth", &iteration.depth),
                ("value", &value),
                ("place", &style.move_place(cell)),
                ("nodes", &nodes),
            ],
        ),
        None => fill(
            &gettext("depth {depth}: {value}, {nodes}"),
            &[
                ("depth", &iteration.depth),
                ("value", &value),
                ("nodes", &nodes),
            ],
        ),
    }
}

/// One search of the root in a window, on X's scale, the `number`th at
/// its depth: "depth 6, pass 2, window α 0, β 1: fails high: value ≥ 1,
/// 30 nodes"; `nodes` are the pass's own.
pub fn pass_words(pass: &Pass, number: u32, nodes: u64) -> String {
    let value = window_limit(pass.value);
    let result = if pass.value >= pass.beta {
        fill(
            &gettext("fails high: value ≥ {value}"),
            &[("value", &value)],
        )
    } else if pass.value <= pass.alpha {
        fill(&gettext("fails low: value ≤ {value}"), &[("value", &value)])
    } else {
        fill(&gettext("value {value}"), &[("value", &value)])
    };
    fill(
        &gettext("depth {depth}, pass {number}, window α {alpha}, β {beta}: {result}, {nodes}"),
        &[
            ("depth", &pass.depth),
            ("number", &number),
            ("alpha", &window_limit(pass.alpha)),
            ("beta", &window_limit(pass.beta)),
            ("result", &result),
            (
                "nodes",
                &count(nodes, |n| ngettext("{count} node", "{count} nodes", n)),
            ),
        ],
    )
}

/// The Knuth–Moore minimal tree of a position as the order table's
/// reference line: "minimal tree (perfect ordering, Knuth–Moore): 25
/// nodes", or why it was not computed.
pub fn minimal_tree_words(nodes: Option<u64>, empty: u32, max_empty: u32) -> String {
    match nodes {
        Some(nodes) => fill(
            &gettext("minimal tree (perfect ordering, Knuth–Moore): {nodes}"),
            &[(
                "nodes",
                &count(nodes, |n| ngettext("{count} node", "{count} nodes", n)),
            )],
        ),
        None => fill(
            &gettext(
                "minimal tree: not computed ({empty} empty cells; it is computed up to {max})",
            ),
            &[("empty", &empty), ("max", &max_empty)],
        ),
    }
}

/// Nodes per second, when the time is long enough to mean something.
fn rate_text(report: &SearchReport) -> Option<String> {
    (report.elapsed_us >= 100 && report.stats.nodes > 0)
        .then(|| format_rate(report.nodes_per_second()))
}

/// What the random choice was made among, as a detail row.
fn choices_line(report: &SearchReport, style: TextStyle) -> Option<String> {
    let cells = style.move_numbers(&report.choices, ", ");
    let n = report.choices.len();
    let columns = style.shape.gravity();
    let message = match (report.player, n) {
        (_, 0) | (PlayerKind::Rules, 1) => return None,
        (PlayerKind::Random, 1) if columns => gettext("the only free column: {cells}"),
        (PlayerKind::Random, 1) => gettext("the only free cell: {cells}"),
        (PlayerKind::Random, _) if columns => gettext("random among {count} free columns: {cells}"),
        (PlayerKind::Random, _) => gettext("random among {count} free cells: {cells}"),
        (PlayerKind::AlphaBetaRandom, 1) => gettext("the only best move: {cells}"),
        (PlayerKind::AlphaBetaRandom, _) => gettext("random among {count} equally best: {cells}"),
        (PlayerKind::Rules, _) if columns => {
            gettext("random among {count} columns the rule allows: {cells}")
        }
        (PlayerKind::Rules, _) => gettext("random among {count} cells the rule allows: {cells}"),
        (_, _) => gettext("chose among {cells}"),
    };
    Some(fill(&message, &[("count", &n), ("cells", &cells)]))
}

/// Proof-number search's result for `side` to move, proved: "proved: X
/// wins", "proved: a draw".
pub fn proven_words(result: ProvenResult, side: Side) -> String {
    let winner = match result {
        ProvenResult::Win => side,
        ProvenResult::Loss => side.opponent(),
        ProvenResult::Draw => return gettext("proved: a draw"),
    };
    fill(&gettext("proved: {side} wins"), &[("side", &winner.mark())])
}

/// What a note says.
impl Words for Note {
    fn words(&self) -> String {
        match self {
            Note::GameOver(outcome) => fill(
                &gettext("no move: the game is over ({outcome})"),
                &[("outcome", &outcome.words())],
            ),
            Note::Human => gettext("a human chooses this move from outside the engine"),
            Note::TimeLimit { depth, max_depth } => fill(
                &gettext("time limit reached: kept depth {depth} of {max_depth}"),
                &[("depth", depth), ("max_depth", max_depth)],
            ),
            Note::Playouts { playouts, nodes } => fill(
                &gettext("{playouts} playouts, {nodes} tree nodes"),
                &[("playouts", &group(*playouts)), ("nodes", &group(*nodes))],
            ),
            Note::NoTable { size, search } => fill(
                &gettext("no table for {size}: searched with alphabeta-tt{note}"),
                &[
                    ("size", &size.words()),
                    (
                        "note",
                        &search
                            .as_ref()
                            .map_or(String::new(), |note| format!(" ({})", note.words())),
                    ),
                ],
            ),
            Note::Solved {
                from_book: true, ..
            } => gettext("every move's exact value from the opening book"),
            Note::Solved { stopped: 0, .. } => {
                gettext("every move's exact value, solved by the solver")
            }
            Note::Solved { stopped, .. } => fill(
                &ngettext(
                    "the solver was stopped: {count} move has alphabeta-tt's estimate",
                    "the solver was stopped: {count} moves have alphabeta-tt's estimates",
                    plural_count(u64::from(*stopped)),
                ),
                &[("count", stopped)],
            ),
            Note::TableLookup { positions } => fill(
                &gettext("table lookup among {count} positions"),
                &[("count", &group(*positions))],
            ),
            Note::BeadDrawn { beads } => fill(
                // Translators: MENACE's matchbox of coloured beads.
                &ngettext(
                    "drew one bead from a box of {total}",
                    "drew one bead from a box of {total}",
                    plural_count(u64::from(*beads)),
                ),
                &[("total", beads)],
            ),
            Note::LastFreeCell => gettext("the last free cell: no box"),
            Note::EmptyBox => gettext("the box is empty: MENACE resigns"),
            Note::NotOnThisBoard(size) => NotOnThisBoard(*size).words(),
            Note::Neural { simulations, games } => {
                let search = match simulations {
                    0 => gettext("bare policy: the network's first choice, no search"),
                    &n => fill(
                        &ngettext(
                            "PUCT search of {count} simulation guided by the network",
                            "PUCT search of {count} simulations guided by the network",
                            plural_count(u64::from(n)),
                        ),
                        &[("count", &group(u64::from(n)))],
                    ),
                };
                let training = match games {
                    0 => gettext(
                        "untrained: its weights are still random, so it plays as its random initial network does",
                    ),
                    &n => fill(
                        &ngettext(
                            "trained on {count} self-play game",
                            "trained on {count} self-play games",
                            plural_count(n),
                        ),
                        &[("count", &group(n))],
                    ),
                };
                fill(
                    &gettext("{search}; {training}"),
                    &[("search", &search), ("training", &training)],
                )
            }
            Note::NodeLimit { nodes } => fill(
                // Translators: proof-number search builds a tree of
                // positions; it stops when the tree is this big.
                &gettext(
                    "its tree reached the limit of {count} nodes before the proof was finished: it plays the most promising move, unproved",
                ),
                &[("count", &group(*nodes))],
            ),
            Note::ProofTimeLimit { nodes } => fill(
                &gettext(
                    "time limit reached after {count} nodes, before the proof was finished: it plays the most promising move, unproved",
                ),
                &[("count", &group(*nodes))],
            ),
            Note::NetworkSize { network, board } => fill(
                &gettext("the network reads {network}, not {board}"),
                &[("network", &network.words()), ("board", &board.words())],
            ),
        }
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

/// The TD learner's value of a move, on X's scale: "learned value +0.250".
pub fn learned_value_words(value: f64) -> String {
    fill(
        // Translators: an expected result learned from games, from -1 (O
        // wins) to +1 (X wins).
        &gettext("learned value {value}"),
        &[("value", &result_number(value, 3))],
    )
}

/// The network's prior for a move, before any search: "prior 41.2%".
pub fn prior_words(prior: f64) -> String {
    fill(
        // Translators: the neural network's first guess for a move, its
        // share of the policy, before the search looks at it.
        &gettext("prior {percent}"),
        &[("percent", &percent(100.0 * prior, 1))],
    )
}

/// The network's value of the position after a move, on X's scale:
/// "the network's value after the move +0.080".
pub fn value_after_words(value: f64) -> String {
    fill(
        // Translators: from -1 (O wins) to +1 (X wins).
        &gettext("the network's value after the move {value}"),
        &[("value", &result_number(value, 3))],
    )
}

/// The neural search's visits of a move and their mean value on X's
/// scale: "87 visits by the search, mean value +0.120".
pub fn guided_words(visits: u32, mean: f64) -> String {
    fill(
        &ngettext(
            "{count} visit by the search, mean value {mean}",
            "{count} visits by the search, mean value {mean}",
            plural_count(u64::from(visits)),
        ),
        &[
            ("count", &group(u64::from(visits))),
            ("mean", &result_number(mean, 3)),
        ],
    )
}

/// A neural search node's mean value on X's scale: "mean value −0.120".
pub fn mean_value_words(mean: f64) -> String {
    fill(
        &gettext("mean value {mean}"),
        &[("mean", &result_number(mean, 3))],
    )
}

/// The network's value of the searched position, on X's scale.
pub fn network_value_words(value: f64) -> String {
    fill(
        // Translators: from -1 (O wins) to +1 (X wins).
        &gettext("the network's value of this position: {value}"),
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
        (Bound::Exact, false) => return describe_score(score, stones),
        (_, false) if is_decisive(score) => {
            let moves = moves_to_end(score, stones);
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

#[cfg(test)]
mod tests {
    use tictactoe_engine::board::Board;
    use tictactoe_engine::report::{Bound, Certainty, Proof};
    use tictactoe_engine::score::INFINITY;

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
        report.note = Some(Note::Human);
        assert_eq!(
            report.detail_lines(TextStyle::COMMAND_LINE),
            [
                "note: a human chooses this move from outside the engine",
                "random among 5 equally best: 2, 4, 6, 7, 8"
            ]
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
    fn the_new_searches_say_their_settings_iterations_passes_and_re_searches() {
        use tictactoe_engine::player_kind::{Fail, MoveOrder, Prune, SearchSettings};
        use tictactoe_engine::report::{Iteration, Pass};
        // O to move, 6 empty cells.
        let mut report = report("x.o/.x./...", PlayerKind::Pvs);
        report.settings = Some(SearchSettings::default());
        report.best = Some(8);
        report.stats.nodes = 38;
        report.stats.re_searches = 2;
        report.iterations = vec![
            Iteration {
                depth: 5,
                value: 4,
                nodes: 20,
                best: Some(8),
            },
            Iteration {
                depth: 6,
                value: 0,
                nodes: 38,
                best: Some(8),
            },
        ];
        report.passes = vec![
            Pass {
                depth: 6,
                alpha: -6,
                beta: 14,
                value: -6,
                nodes: 30,
            },
            Pass {
                depth: 6,
                alpha: -INFINITY,
                beta: -6,
                value: 0,
                nodes: 38,
            },
        ];
        let lines = report.detail_lines(TextStyle::COMMAND_LINE);
        assert_eq!(
            lines,
            [
                "depth 5: X better (estimate, +4), best cell 9, 20 nodes",
                "depth 6, pass 1, window α −6, β 14: fails low: value ≤ −6, 10 nodes",
                "depth 6, pass 2, window α −∞, β −6: fails high: value ≥ 0, 8 nodes",
                "depth 6: draw (0), best cell 9, 18 nodes",
            ],
            "the default settings are not said"
        );
        let summary = report.summary(TextStyle::COMMAND_LINE);
        assert!(summary.contains(", 2 re-searches,"), "{summary}");
        report.settings = Some(SearchSettings {
            order: MoveOrder::WorstFirst,
            prune: Prune::Strict,
            fail: Fail::Hard,
            aspiration: None,
        });
        report.iterations.remove(0);
        report.passes[0].value = 3;
        assert_eq!(
            report.detail_lines(TextStyle::COMMAND_LINE)[..3],
            [
                "settings: moves worst first, prunes only at value > β, fail-hard",
                "depth 6, pass 1, window α −6, β 14: value 3, 30 nodes",
                "depth 6, pass 2, window α −∞, β −6: fails high: value ≥ 0, 8 nodes",
            ],
            "a lone iteration repeats the summary"
        );
        // Only principal variation search re-searches.
        report.player = PlayerKind::AlphaBetaTt;
        report.algorithm = PlayerKind::AlphaBetaTt;
        assert!(
            !report
                .summary(TextStyle::COMMAND_LINE)
                .contains("re-search")
        );
    }

    #[test]
    fn a_proof_reads_as_its_result_and_size() {
        let mut report = report("x../.o./...", PlayerKind::Pns);
        report.best = Some(2);
        report.stats.nodes = 45;
        report.elapsed_us = 19;
        report.depth = 6;
        report.proof = Some(Proof {
            result: ProvenResult::Draw,
            tree_nodes: 47,
            proof_nodes: 33,
        });
        assert_eq!(
            report.to_text(TextStyle::COMMAND_LINE),
            "position x../.o./... (X to move)\n\
             X pns plays 3, proved: a draw, 45 nodes in 19 µs, depth 6\n  \
             proof of 33 nodes, of the 47 its trees made\n"
        );
        assert_eq!(
            proven_words(ProvenResult::Loss, Side::Max),
            "proved: O wins"
        );
        assert_eq!(proven_words(ProvenResult::Win, Side::Min), "proved: O wins");
        report.note = Some(Note::NodeLimit { nodes: 8_000_000 });
        report.proof = None;
        report.aborted = true;
        report.best = None;
        assert_eq!(
            report.detail_lines(TextStyle::COMMAND_LINE),
            [
                "note: its tree reached the limit of 8,000,000 nodes before the proof was finished: it plays the most promising move, unproved"
            ]
        );
    }

    #[test]
    fn players_read_with_their_strength() {
        assert_eq!(
            describe_player(
                PlayerKind::AlphaBetaTt,
                Difficulty::Hard,
                Shape::TIC_TAC_TOE,
                TextStyle::WINDOW
            ),
            "Alpha-beta + ordering + table, full depth"
        );
        assert_eq!(
            describe_player(
                PlayerKind::Minimax,
                Difficulty::Medium,
                Shape::TIC_TAC_TOE,
                TextStyle::COMMAND_LINE
            ),
            "minimax, depth 3"
        );
        assert_eq!(
            describe_player(
                PlayerKind::Random,
                Difficulty::Hard,
                Shape::TIC_TAC_TOE,
                TextStyle::WINDOW
            ),
            "Random"
        );
        // The neural player searches more on a larger board.
        assert_eq!(
            describe_player(
                PlayerKind::Neural,
                Difficulty::Hard,
                Shape::TIC_TAC_TOE,
                TextStyle::COMMAND_LINE
            ),
            "neural, 200 simulations"
        );
        assert_eq!(
            describe_player(
                PlayerKind::Neural,
                Difficulty::Hard,
                Shape::CONNECT_FOUR,
                TextStyle::COMMAND_LINE
            ),
            "neural, 6,400 simulations"
        );
        assert_eq!(
            describe_player(
                PlayerKind::Neural,
                Difficulty::Medium,
                Shape::CONNECT_FOUR,
                TextStyle::COMMAND_LINE
            ),
            "neural, 200 simulations"
        );
    }

    #[test]
    fn connect_four_reports_name_columns() {
        let board = Board::from_columns(Shape::CONNECT_FOUR, "4453").unwrap();
        let mut report = SearchReport::new(PlayerKind::AlphaBetaTt, &board);
        // Cell 24 is column 4, on the two stones there; 36 is column 2.
        report.best = Some(24);
        report.score = Some(3);
        report.certainty = Some(Certainty::Estimate);
        report.moves = vec![
            MoveScore::scored(24, 3, Bound::Exact),
            MoveScore::scored(36, -2, Bound::Upper),
        ];
        for m in &mut report.moves {
            m.certainty = Certainty::Estimate;
        }
        report.pv = vec![24, 36, 17];
        report.depth = 2;
        let style = TextStyle::COMMAND_LINE.on(Shape::CONNECT_FOUR);
        let summary = report.summary(style);
        assert!(
            summary.starts_with("X alphabeta-tt plays column 4, X better (estimate, +3), "),
            "{summary}"
        );
        assert!(summary.ends_with(", pv 4 2 4"), "{summary}");
        assert_eq!(
            report.detail_lines(style),
            [
                "column 4: X better (estimate, +3)",
                "column 2: O better (estimate, <= -2)"
            ]
        );
        report.player = PlayerKind::Random;
        report.moves.clear();
        report.choices = vec![35, 36, 30, 24];
        assert_eq!(
            report.detail_lines(style),
            ["random among 4 free columns: 1, 2, 3, 4"]
        );
        report.aborted = true;
        assert!(
            report
                .summary(TextStyle::WINDOW.on(Shape::CONNECT_FOUR))
                .ends_with("best so far: column 4, X better (estimate, +3), depth 2, pv 4 2 4")
        );
    }
}
