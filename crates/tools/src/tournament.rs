//! Round-robin tournaments: every pair of entrants plays a number of games
//! with each colour, the games spread over a pool of worker threads.
//!
//! - **Repeatable**: each game's two seeds come from a ChaCha generator
//!   seeded with (tournament seed, pairing, colour, game index), each game
//!   gets freshly built players, and the results are gathered in the
//!   schedule's order, so a seed gives the same games and results whatever
//!   the number of threads. Only the time figures differ, and so would a
//!   game in which a time limit cut a search short (`time_limited_moves`
//!   counts those; none happen without a time limit, nor on 3x3).
//! - **Points**: a win 1, a draw 1/2, a loss 0.
//! - **Rating**: an Elo-style rating from each entrant's score fraction
//!   against the field, `400 * log10(p / (1 - p))`: 0 is an even score
//!   against the other entrants, +191 wins three points in four. `p` is
//!   taken after one virtual draw, `(points + 1/2) / (games + 1)`, so that
//!   an entrant that won (or lost) every game still gets a finite rating.
//!   Its uncertainty is one standard error: the per-game score's standard
//!   deviation over the square root of the games, carried to the rating
//!   scale by the formula's slope, `400 / ln 10 / (p (1 - p))`. Draws
//!   count in the deviation, so an entrant that drew every game has an
//!   error of 0. It measures the luck in the games played, not whether a
//!   different field would rank the same way.

use std::fmt;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::compare::{Contender, Family};
use crate::csv;
use crate::play::{GameEnd, GameStopped, PlayedGame, SearchEffort, play_game};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::report::TextStyle;

/// What a tournament is: who plays, on which board, how often, and with
/// which seed.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    /// At least two, no two alike. Their time limits (alphabeta-tt and
    /// perfect off 3x3 deepen until it) apply to every move; their seeds
    /// are replaced by each game's own.
    pub entrants: Vec<Contender>,
    pub size: Shape,
    /// Games each pairing plays with each colour.
    pub games_per_colour: u32,
    pub seed: u64,
    /// Worker threads; `None` for one per core.
    pub threads: Option<usize>,
}

/// How far a running tournament is. `games_per_second` and `time_left`
/// are worked out from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentProgress {
    pub games_done: u64,
    pub games_total: u64,
    /// Since the tournament started.
    pub elapsed: Duration,
}

impl TournamentProgress {
    pub fn games_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.games_done as f64 / seconds
        } else {
            0.0
        }
    }

    /// At the rate so far; `None` before the first game has finished.
    pub fn time_left(&self) -> Option<Duration> {
        let rate = self.games_per_second();
        (self.games_done > 0 && rate > 0.0).then(|| {
            Duration::from_secs_f64(self.games_total.saturating_sub(self.games_done) as f64 / rate)
        })
    }
}

/// Why a tournament cannot start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentError {
    TooFewEntrants,
    /// The human player was among the entrants.
    Human,
    /// Two entrants alike; the label says which.
    Duplicate(String),
    NoGames,
    /// The worker threads could not be started.
    Threads(String),
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            TournamentError::TooFewEntrants => gettext("a tournament needs at least two players"),
            TournamentError::Human => {
                gettext("the human player cannot take part: choose computer players")
            }
            TournamentError::Duplicate(label) => {
                fill(&gettext("{player} is entered twice"), &[("player", label)])
            }
            TournamentError::NoGames => gettext("every pairing has to play at least one game"),
            TournamentError::Threads(error) => fill(
                &gettext("the worker threads could not start: {error}"),
                &[("error", error)],
            ),
        })
    }
}

impl std::error::Error for TournamentError {}

/// Wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Tally {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// A win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// The tally of one game for `side` of it.
    fn of(end: GameEnd, side: Side) -> Tally {
        let mut tally = Tally::default();
        match end {
            GameEnd::Draw => tally.draws = 1,
            GameEnd::Won(winner) if winner == side => tally.wins = 1,
            GameEnd::Won(_) => tally.losses = 1,
        }
        tally
    }
}

/// One entrant's games against one other, from the entrant's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PairRecord {
    /// Playing X (moving first).
    pub as_x: Tally,
    pub as_o: Tally,
}

impl PairRecord {
    pub fn total(&self) -> Tally {
        let mut total = self.as_x;
        total.add(self.as_o);
        total
    }
}

/// An entrant as the results name it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entrant {
    /// The command line's label: "alphabeta, depth 4".
    pub label: String,
    pub player: PlayerKind,
    pub difficulty: Difficulty,
    /// The evaluation chosen for it (`Contender::evaluation_name`); `None`
    /// for the board's own.
    pub evaluation: Option<String>,
    pub family: Family,
    #[serde(skip)]
    pub contender: Contender,
}

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    /// The entrants (indices into `entrants`) that played X and O.
    pub x: usize,
    pub o: usize,
    /// The game's number within its pairing and colour, from 0.
    pub game: u32,
    /// X's and O's seeds.
    pub seeds: [u64; 2],
    pub moves: Vec<usize>,
    pub result: GameEnd,
}

/// One entrant's place in the ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// 1 for the best; entrants with equal points share a rank.
    pub rank: usize,
    /// Index into `entrants`.
    pub entrant: usize,
    pub label: String,
    pub total: Tally,
    pub as_x: Tally,
    pub as_o: Tally,
    pub points: f64,
    /// Points per game (0 to 1); `None` without games.
    pub score: Option<f64>,
    /// See the module's documentation; `None` without games.
    pub rating: Option<f64>,
    /// One standard error of the rating.
    pub rating_error: Option<f64>,
    /// Moves the entrant chose.
    pub moves: u64,
    pub mean_time_us: Option<f64>,
    pub mean_nodes: Option<f64>,
    /// Moves whose search a time limit cut short.
    pub time_limited_moves: u64,
}

/// A finished (or cancelled) tournament.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentResults {
    pub size: Shape,
    pub seed: u64,
    pub games_per_colour: u32,
    /// The worker threads it ran on.
    pub threads: usize,
    pub entrants: Vec<Entrant>,
    /// `cross[row][column]`: the row entrant's games against the column
    /// entrant (the diagonal stays empty).
    pub cross: Vec<Vec<PairRecord>>,
    /// Best first, by points; equal points keep the entrants' order and
    /// share a rank.
    pub standings: Vec<Standing>,
    /// Games a player failed in (a bug), not counted: the first
    /// `FAILURES_KEPT` of them, in the schedule's order.
    pub failures: Vec<String>,
    /// Every game a player failed in.
    pub failed_games: u64,
    pub games_played: u64,
    pub games_total: u64,
    /// Cancelled, or a game failed: fewer games than scheduled.
    pub partial: bool,
    pub elapsed_us: u64,
}

/// The failures a tournament's results name; more are only counted.
pub const FAILURES_KEPT: usize = 100;

/// Games played at a time by the worker pool: each batch's results are
/// counted, in the schedule's order, before the next starts, so memory
/// does not grow with the games, and a batch is large enough that threads
/// seldom wait for its last game.
const BATCH: u64 = 1024;

/// One scheduled game.
#[derive(Debug, Clone, Copy)]
struct Fixture {
    /// Entrants playing X and O.
    x: usize,
    o: usize,
    game: u32,
    seeds: [u64; 2],
}

impl Tournament {
    /// `entrants` on `size`, `games_per_colour` games per pairing and colour,
    /// on one thread per core.
    pub fn new(
        entrants: Vec<Contender>,
        size: Shape,
        games_per_colour: u32,
        seed: u64,
    ) -> Tournament {
        Tournament {
            entrants,
            size,
            games_per_colour,
            seed,
            threads: None,
        }
    }

    /// Games in the whole tournament: two colours per pairing.
    pub fn games_total(&self) -> u64 {
        let n = self.entrants.len() as u64;
        n * n.saturating_sub(1) * u64::from(self.games_per_colour)
    }

    /// Refuses what cannot be played.
    pub fn check(&self) -> Result<(), TournamentError> {
        if self.entrants.len() < 2 {
            return Err(TournamentError::TooFewEntrants);
        }
        if self.entrants.iter().any(|e| e.kind == PlayerKind::Human) {
            return Err(TournamentError::Human);
        }
        if let Some(index) = Contender::first_repeated(&self.entrants, self.size) {
            return Err(TournamentError::Duplicate(
                self.entrants[index].label(self.size, TextStyle::WINDOW),
            ));
        }
        if self.games_per_colour == 0 {
            return Err(TournamentError::NoGames);
        }
        Ok(())
    }

    /// The seeds of X's and O's players in game `game` of `pairing` (the
    /// index of the pair in the schedule) with `colour` (0: the first of
    /// the pair plays X, 1: the second does).
    pub fn game_seeds(&self, pairing: u64, colour: u64, game: u32) -> [u64; 2] {
        let mut key = [0u8; 32];
        for (chunk, word) in
            key.chunks_exact_mut(8)
                .zip([self.seed, pairing, colour, u64::from(game)])
        {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        let mut rng = ChaCha8Rng::from_seed(key);
        [rng.next_u64(), rng.next_u64()]
    }

    /// The pairs of entrants in the schedule's order: 0-1, 0-2, ..., 1-2, ...
    fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.entrants.len();
        (0..n)
            .flat_map(|first| (first + 1..n).map(move |second| (first, second)))
            .collect()
    }

    /// Game `index` of the schedule: pair by pair (`pairings`), the first
    /// of the pair as X and then as O, game by game.
    fn fixture(&self, pairings: &[(usize, usize)], index: u64) -> Fixture {
        let games = u64::from(self.games_per_colour);
        let pairing = index / (2 * games);
        let colour = index / games % 2;
        let game = (index % games) as u32;
        let (first, second) = pairings[pairing as usize];
        let (x, o) = if colour == 0 {
            (first, second)
        } else {
            (second, first)
        };
        Fixture {
            x,
            o,
            game,
            seeds: self.game_seeds(pairing, colour, game),
        }
    }

    /// Plays the tournament on a pool of `threads` workers. `progress` is
    /// called after every finished game, one call at a time. Once `cancel`
    /// is set, running games stop and no new one starts; the games
    /// finished are kept and the results are `partial`. Only the tallies
    /// are kept, not the games: `run_with_games` hands them out.
    pub fn run(
        &self,
        cancel: &CancelFlag,
        progress: impl FnMut(TournamentProgress) + Send,
    ) -> Result<TournamentResults, TournamentError> {
        self.run_with_games(cancel, progress, |_| {})
    }

    /// `run`, calling `game` with every finished game, in the schedule's
    /// order, on the calling thread.
    pub fn run_with_games(
        &self,
        cancel: &CancelFlag,
        progress: impl FnMut(TournamentProgress) + Send,
        mut game: impl FnMut(&GameSummary),
    ) -> Result<TournamentResults, TournamentError> {
        self.check()?;
        let mut builder = rayon::ThreadPoolBuilder::new();
        if let Some(threads) = self.threads {
            builder = builder.num_threads(threads);
        }
        let pool = builder
            .thread_name(|index| format!("tournament-{index}"))
            .build()
            .map_err(|error| TournamentError::Threads(error.to_string()))?;
        let started = Instant::now();
        let pairings = self.pairings();
        let games_total = self.games_total();
        let progress = Mutex::new((0u64, progress));
        let mut results = self.empty_results(pool.current_num_threads(), games_total);
        let mut efforts = vec![SearchEffort::default(); self.entrants.len()];
        let mut first = 0;
        while first < games_total && !cancel.is_cancelled() {
            let count = BATCH.min(games_total - first);
            let played: Vec<(Fixture, Result<PlayedGame, GameStopped>)> = pool.install(|| {
                (0..count as usize)
                    .into_par_iter()
                    .map(|offset| {
                        let fixture = self.fixture(&pairings, first + offset as u64);
                        let played = self.play(&fixture, cancel);
                        if played.is_ok() {
                            let mut guard = progress.lock().unwrap_or_else(|e| e.into_inner());
                            let (done, report) = &mut *guard;
                            *done += 1;
                            report(TournamentProgress {
                                games_done: *done,
                                games_total,
                                elapsed: started.elapsed(),
                            });
                        }
                        (fixture, played)
                    })
                    .collect()
            });
            for (fixture, played) in played {
                results.count(&fixture, played, &mut efforts, &mut game);
            }
            first += count;
        }
        results.partial = results.games_played < games_total;
        results.standings = standings(&results, &efforts);
        results.elapsed_us = started.elapsed().as_micros() as u64;
        Ok(results)
    }

    /// Plays one scheduled game with freshly built, freshly seeded players.
    fn play(&self, fixture: &Fixture, cancel: &CancelFlag) -> Result<PlayedGame, GameStopped> {
        if cancel.is_cancelled() {
            return Err(GameStopped::Cancelled);
        }
        let contenders = [self.entrants[fixture.x], self.entrants[fixture.o]];
        let mut players = [0, 1].map(|side| {
            let contender = contenders[side];
            contender.kind.create(&PlayerOptions {
                seed: fixture.seeds[side],
                ..contender.options
            })
        });
        play_game(Board::new(self.size), &mut players, cancel, |report| {
            let contender = contenders[report.side.index()];
            cut_short(contender, report)
        })
    }

    fn empty_results(&self, threads: usize, games_total: u64) -> TournamentResults {
        let n = self.entrants.len();
        TournamentResults {
            size: self.size,
            seed: self.seed,
            games_per_colour: self.games_per_colour,
            threads,
            entrants: self
                .entrants
                .iter()
                .map(|&contender| Entrant {
                    label: contender.label(self.size, TextStyle::COMMAND_LINE),
                    player: contender.kind,
                    difficulty: contender.options.difficulty,
                    evaluation: contender.evaluation_name(),
                    family: contender.family(),
                    contender,
                })
                .collect(),
            cross: vec![vec![PairRecord::default(); n]; n],
            standings: Vec::new(),
            failures: Vec::new(),
            failed_games: 0,
            games_played: 0,
            games_total,
            partial: false,
            elapsed_us: 0,
        }
    }
}

/// Whether a time limit made `contender`'s iterative deepening keep a
/// shallower depth than it was asked for.
fn cut_short(contender: Contender, report: &SearchReport) -> bool {
    if report.algorithm != PlayerKind::AlphaBetaTt {
        return false;
    }
    // Perfect off 3x3 searches to the end whatever its difficulty.
    let asked = match contender.kind {
        PlayerKind::Perfect => None,
        _ => contender.options.difficulty.depth(),
    };
    report.depth < asked.map_or(report.empty, |depth| depth.clamp(1, report.empty))
}

/// The ranking: by points, equal points in the entrants' order.
fn standings(results: &TournamentResults, efforts: &[SearchEffort]) -> Vec<Standing> {
    let mut standings: Vec<Standing> = results
        .entrants
        .iter()
        .enumerate()
        .map(|(index, entrant)| {
            let mut as_x = Tally::default();
            let mut as_o = Tally::default();
            for record in &results.cross[index] {
                as_x.add(record.as_x);
                as_o.add(record.as_o);
            }
            let mut total = as_x;
            total.add(as_o);
            let (rating, rating_error) = rating(total).unzip();
            let effort = efforts[index];
            let mean = |sum: u64| (effort.moves > 0).then(|| sum as f64 / effort.moves as f64);
            Standing {
                rank: 0,
                entrant: index,
                label: entrant.label.clone(),
                total,
                as_x,
                as_o,
                points: total.points(),
                score: (total.games() > 0).then(|| total.points() / total.games() as f64),
                rating,
                rating_error,
                moves: effort.moves,
                mean_time_us: mean(effort.time_us),
                mean_nodes: mean(effort.nodes),
                time_limited_moves: effort.time_limited,
            }
        })
        .collect();
    // Points are whole or half: twice them compares exactly.
    standings.sort_by_key(|s| std::cmp::Reverse((s.points * 2.0) as u64));
    for index in 0..standings.len() {
        standings[index].rank =
            if index > 0 && standings[index - 1].points == standings[index].points {
                standings[index - 1].rank
            } else {
                index + 1
            };
    }
    standings
}

/// The rating and its standard error from a tally (see the module's
/// documentation); `None` without games.
pub fn rating(tally: Tally) -> Option<(f64, f64)> {
    let games = tally.games() as f64;
    if games == 0.0 {
        return None;
    }
    let p = (tally.points() + 0.5) / (games + 1.0);
    let rating = 400.0 * (p / (1.0 - p)).log10();
    let mean = tally.points() / games;
    let mean_square = (tally.wins as f64 + tally.draws as f64 / 4.0) / games;
    let deviation = (mean_square - mean * mean).max(0.0).sqrt();
    let error = 400.0 / std::f64::consts::LN_10 / (p * (1.0 - p)) * deviation / games.sqrt();
    Some((rating, error))
}

impl TournamentResults {
    /// Counts a scheduled game as it ended, and hands a played one to `game`.
    fn count(
        &mut self,
        fixture: &Fixture,
        played: Result<PlayedGame, GameStopped>,
        efforts: &mut [SearchEffort],
        game: &mut impl FnMut(&GameSummary),
    ) {
        match played {
            Ok(played) => {
                self.cross[fixture.x][fixture.o]
                    .as_x
                    .add(Tally::of(played.end, Side::Max));
                self.cross[fixture.o][fixture.x]
                    .as_o
                    .add(Tally::of(played.end, Side::Min));
                for (entrant, effort) in
                    [(fixture.x, played.effort[0]), (fixture.o, played.effort[1])]
                {
                    efforts[entrant] += effort;
                }
                self.games_played += 1;
                game(&GameSummary {
                    x: fixture.x,
                    o: fixture.o,
                    game: fixture.game,
                    seeds: fixture.seeds,
                    moves: played.moves,
                    result: played.end,
                });
            }
            Err(GameStopped::Cancelled) => {}
            Err(GameStopped::Failed(message)) => {
                self.failed_games += 1;
                if self.failures.len() < FAILURES_KEPT {
                    self.failures.push(fill(
                        &gettext("game {game} of {x} against {o}: {message}"),
                        &[
                            ("game", &(fixture.game + 1)),
                            ("x", &self.entrants[fixture.x].label),
                            ("o", &self.entrants[fixture.o].label),
                            ("message", &message),
                        ],
                    ));
                }
            }
        }
    }

    /// The ranking as CSV, best first: rank, label, player, difficulty,
    /// evaluation (empty for the board's own), family, games, wins, draws, losses, points, score, rating,
    /// rating_error, the same tallies as X and as O, moves, mean time (µs)
    /// and nodes per move, time-limited moves.
    pub fn standings_csv(&self) -> String {
        let mut text = csv::record(STANDINGS_COLUMNS);
        for s in &self.standings {
            let entrant = &self.entrants[s.entrant];
            let mut fields = vec![
                s.rank.to_string(),
                s.label.clone(),
                entrant.player.name().to_owned(),
                entrant.difficulty.name(),
                entrant.evaluation.clone().unwrap_or_default(),
                entrant.family.name().to_owned(),
            ];
            for tally in [s.total, s.as_x, s.as_o] {
                fields.extend([
                    tally.games().to_string(),
                    tally.wins.to_string(),
                    tally.draws.to_string(),
                    tally.losses.to_string(),
                ]);
            }
            fields.extend([
                s.points.to_string(),
                csv::optional(s.score.map(|v| format!("{v:.4}"))),
                csv::optional(s.rating.map(|v| format!("{v:.1}"))),
                csv::optional(s.rating_error.map(|v| format!("{v:.1}"))),
                s.moves.to_string(),
                csv::optional(s.mean_time_us.map(|v| format!("{v:.1}"))),
                csv::optional(s.mean_nodes.map(|v| format!("{v:.1}"))),
                s.time_limited_moves.to_string(),
            ]);
            text.push_str(&csv::record(fields));
        }
        text
    }

    /// The cross table as CSV, one record per ordered pair of entrants:
    /// the row entrant's wins, draws and losses against the column entrant
    /// as X and as O.
    pub fn cross_table_csv(&self) -> String {
        let mut text = csv::record(CROSS_COLUMNS);
        for (row, records) in self.cross.iter().enumerate() {
            for (column, record) in records.iter().enumerate() {
                if row == column {
                    continue;
                }
                let mut fields = vec![
                    self.entrants[row].label.clone(),
                    self.entrants[column].label.clone(),
                ];
                for tally in [record.as_x, record.as_o] {
                    fields.extend([
                        tally.wins.to_string(),
                        tally.draws.to_string(),
                        tally.losses.to_string(),
                    ]);
                }
                text.push_str(&csv::record(fields));
            }
        }
        text
    }

    /// One game as a CSV record (`GAMES_COLUMNS`): X's and O's labels, the
    /// game's number in its pairing and colour, the seeds, the moves
    /// (space-separated cells) and the result ("x", "o" or "draw").
    pub fn game_csv(&self, game: &GameSummary) -> String {
        let moves: Vec<String> = game.moves.iter().map(usize::to_string).collect();
        csv::record([
            self.entrants[game.x].label.clone(),
            self.entrants[game.o].label.clone(),
            game.game.to_string(),
            game.seeds[0].to_string(),
            game.seeds[1].to_string(),
            moves.join(" "),
            game.result.name().to_owned(),
        ])
    }
}

/// A tournament as one JSON object, written while it is played so that its
/// games need not be kept: `size`, `seed`, `games_per_colour` and
/// `entrants` first, then `games`, one a line as they finish, then the
/// rest of `TournamentResults`' fields.
pub struct JsonWriter<W: Write> {
    out: W,
    games: u64,
}

/// The fields `JsonWriter` writes before the games.
const JSON_HEAD: [&str; 4] = ["size", "seed", "games_per_colour", "entrants"];

impl<W: Write> JsonWriter<W> {
    /// Writes the fields known before the games to `out`.
    pub fn begin(mut out: W, tournament: &Tournament) -> std::io::Result<JsonWriter<W>> {
        let setup = serde_json::to_value(tournament.empty_results(0, 0))?;
        write!(out, "{{")?;
        for key in JSON_HEAD {
            writeln!(out, "{}:{},", serde_json::to_string(key)?, setup[key])?;
        }
        writeln!(out, "\"games\":[")?;
        out.flush()?;
        Ok(JsonWriter { out, games: 0 })
    }

    /// Writes a finished game.
    pub fn game(&mut self, game: &GameSummary) -> std::io::Result<()> {
        let comma = if self.games == 0 { "" } else { "," };
        self.games += 1;
        writeln!(self.out, "{comma}{}", serde_json::to_string(game)?)
    }

    /// Closes the games and writes the results' other fields.
    pub fn end(mut self, results: &TournamentResults) -> std::io::Result<W> {
        write!(self.out, "]")?;
        if let serde_json::Value::Object(fields) = serde_json::to_value(results)? {
            for (key, value) in fields {
                if !JSON_HEAD.contains(&key.as_str()) {
                    write!(self.out, ",\n{}:{value}", serde_json::to_string(&key)?)?;
                }
            }
        }
        writeln!(self.out, "}}")?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// The columns of `standings_csv`.
pub const STANDINGS_COLUMNS: [&str; 26] = [
    "rank",
    "label",
    "player",
    "difficulty",
    "evaluation",
    "family",
    "games",
    "wins",
    "draws",
    "losses",
    "games_as_x",
    "wins_as_x",
    "draws_as_x",
    "losses_as_x",
    "games_as_o",
    "wins_as_o",
    "draws_as_o",
    "losses_as_o",
    "points",
    "score",
    "rating",
    "rating_error",
    "moves",
    "mean_time_us",
    "mean_nodes",
    "time_limited_moves",
];

/// The columns of `cross_table_csv`.
pub const CROSS_COLUMNS: [&str; 8] = [
    "player",
    "opponent",
    "wins_as_x",
    "draws_as_x",
    "losses_as_x",
    "wins_as_o",
    "draws_as_o",
    "losses_as_o",
];

/// The columns of `games_csv`.
pub const GAMES_COLUMNS: [&str; 7] = ["x", "o", "game", "seed_x", "seed_o", "moves", "result"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_are_even_at_half_and_finite_at_the_extremes() {
        let even = rating(Tally {
            wins: 5,
            draws: 0,
            losses: 5,
        })
        .unwrap();
        assert!(even.0.abs() < 1e-9);
        // Score 1/2 per game with deviation 1/2: error 400/ln10*4*0.5/sqrt(10).
        assert!((even.1 - 400.0 / std::f64::consts::LN_10 * 4.0 * 0.5 / 10f64.sqrt()).abs() < 1e-6);
        let all_draws = rating(Tally {
            wins: 0,
            draws: 8,
            losses: 0,
        })
        .unwrap();
        assert_eq!(all_draws, (0.0, 0.0));
        let all_wins = rating(Tally {
            wins: 9,
            draws: 0,
            losses: 0,
        })
        .unwrap();
        // p = 9.5/10: 400 log10(19).
        assert!((all_wins.0 - 400.0 * 19f64.log10()).abs() < 1e-9);
        assert!(all_wins.0.is_finite() && all_wins.1 == 0.0);
        assert_eq!(rating(Tally::default()), None);
    }

    #[test]
    fn seeds_differ_between_games_and_repeat_for_the_same_game() {
        let tournament = Tournament::new(
            Contender::computer_players(Difficulty::Hard),
            Shape::TIC_TAC_TOE,
            2,
            7,
        );
        let seeds = tournament.game_seeds(3, 1, 0);
        assert_eq!(seeds, tournament.game_seeds(3, 1, 0));
        assert_ne!(seeds, tournament.game_seeds(3, 0, 0));
        assert_ne!(seeds, tournament.game_seeds(3, 1, 1));
        assert_ne!(seeds, tournament.game_seeds(2, 1, 0));
        assert_ne!(seeds[0], seeds[1]);
        // Every ordered pair of different players, 2 games each.
        let players = Contender::computer_players(Difficulty::Hard).len() as u64;
        assert_eq!(tournament.games_total(), players * (players - 1) * 2);
        // The schedule: every ordered pair plays each game number once.
        let pairings = tournament.pairings();
        let mut seen = std::collections::HashSet::new();
        for index in 0..tournament.games_total() {
            let fixture = tournament.fixture(&pairings, index);
            assert_ne!(fixture.x, fixture.o);
            assert!(seen.insert((fixture.x, fixture.o, fixture.game)));
        }
        let fixture = tournament.fixture(&pairings, 3);
        assert_eq!((fixture.x, fixture.o, fixture.game), (1, 0, 1));
        assert_eq!(fixture.seeds, tournament.game_seeds(0, 1, 1));
    }

    #[test]
    fn progress_reports_rate_and_time_left() {
        let progress = TournamentProgress {
            games_done: 10,
            games_total: 30,
            elapsed: Duration::from_secs(2),
        };
        assert_eq!(progress.games_per_second(), 5.0);
        assert_eq!(progress.time_left(), Some(Duration::from_secs(4)));
        let none_yet = TournamentProgress {
            games_done: 0,
            ..progress
        };
        assert_eq!(none_yet.time_left(), None);
    }
}
