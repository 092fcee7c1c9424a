//! `tictactoe compare` and `tictactoe tournament`: the engine's comparisons
//! and round robins, printed as tables, JSON or CSV.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use super::args::{CompareArgs, EvaluationArgs, SearchArgs, TournamentArgs};
use super::checks::{cannot_finish, check_search_args, chosen_evaluation, search_name};
use super::output::{progress_bar, refuse, say, stopped};
use super::stop;
use crate::game::SEARCH_TIME_LIMIT;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_tools::compare::{CompareSettings, Comparison, Contender, Optimality};
use tictactoe_tools::orders::{MINIMAL_TREE_MAX_EMPTY, OrderTable};
use tictactoe_tools::tournament::{JsonWriter, Tally, Tournament, TournamentResults};
use tictactoe_words::Words;
use tictactoe_words::numbers::{format_duration_us, format_rate, group};
use tictactoe_words::position::move_number;
use tictactoe_words::report::{TextStyle, minimal_tree_words};

/// How a column of a text table lines up.
#[derive(Clone, Copy, PartialEq)]
enum Align {
    Left,
    Right,
}

/// Rows of cells as lines, every column as wide as its widest cell,
/// separated by two spaces; the first row is the heading.
fn table(align: &[Align], rows: &[Vec<String>]) -> Vec<String> {
    let mut widths = vec![0; align.len()];
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .zip(align)
                .map(|((cell, &width), &align)| match align {
                    Align::Left => format!("{cell:<width$}"),
                    Align::Right => format!("{cell:>width$}"),
                })
                .collect();
            cells.join("  ").trim_end().to_owned()
        })
        .collect()
}

/// The contenders named by `--players` (each at `--depth` unless it gives
/// its own), or the message that refuses them.
fn contenders(
    names: &[String],
    depth: Option<Difficulty>,
    time: std::time::Duration,
    size: Shape,
) -> Result<Vec<Contender>, String> {
    let difficulty = depth.unwrap_or_default();
    let mut contenders = Vec::with_capacity(names.len());
    for name in names {
        let mut contender = Contender::parse(name, difficulty)?;
        contender
            .kind
            .check_shape(size)
            .map_err(|error| error.words())?;
        contender.options.time_limit = Some(time);
        contenders.push(contender);
    }
    Ok(contenders)
}

/// Refuses a contender that plays as an earlier one on `size` (once each
/// has its evaluation: on Connect Four `alphabeta:3` and
/// `alphabeta:3:threats` are one player).
fn refuse_repeated(contenders: &[Contender], size: Shape) -> Result<(), String> {
    match Contender::first_repeated(contenders, size) {
        Some(index) => Err(format!(
            "{} is given twice",
            contenders[index].label(size, TextStyle::COMMAND_LINE)
        )),
        None => Ok(()),
    }
}

/// Gives the contenders the search settings asked for, or the message that
/// refuses them (see `check_search_args`).
fn with_search_args(
    contenders: &mut [Contender],
    search: SearchArgs,
    size: Shape,
) -> Result<(), String> {
    let kinds: Vec<PlayerKind> = contenders.iter().map(|contender| contender.kind).collect();
    check_search_args(search, &kinds, Some(size))?;
    for contender in contenders {
        contender.options.search = search.settings();
    }
    Ok(())
}

/// Gives the contenders that name no evaluation of their own the one
/// `--evaluation` asks for, or the message that refuses it (see
/// `chosen_evaluation`).
fn with_evaluation(
    contenders: &mut [Contender],
    evaluation: &EvaluationArgs,
    size: Shape,
) -> Result<(), String> {
    let kinds: Vec<PlayerKind> = contenders.iter().map(|contender| contender.kind).collect();
    let evaluation = chosen_evaluation(evaluation, &kinds, Some(size))?;
    for contender in contenders {
        if contender.kind.uses_depth() && contender.options.evaluation.is_none() {
            contender.options.evaluation = evaluation;
        }
    }
    Ok(())
}

/// Prints `text` to standard output; false if it could not be written.
fn print(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}

/// Runs the players on one position and prints their rows. A bad position
/// or player list is a usage error (2).
pub(super) fn compare(args: CompareArgs) -> ExitCode {
    let read = match args.position.read() {
        Ok(read) => read,
        Err(message) => return refuse(&message),
    };
    let board = match read.1 {
        Ok(board) => board,
        Err(message) => return refuse(&message),
    };
    if args.orders {
        // Searched to the end without a time limit, as alphabeta-tt is.
        if cannot_finish(PlayerKind::AlphaBetaTt, &board, None, false)
            && !say(format_args!(
                "warning: the searches to the end cannot finish in reasonable time ({} empty \
                 cells); Ctrl+C stops them",
                board.empty().count_ones()
            ))
        {
            return ExitCode::FAILURE;
        }
        return orders(&board, args.json);
    }
    let time = args.time.unwrap_or(SEARCH_TIME_LIMIT);
    let mut contenders = if args.players.is_empty() {
        let mut all = Contender::computer_players(args.depth.unwrap_or_default());
        for contender in &mut all {
            contender.options.time_limit = Some(time);
        }
        all
    } else {
        match contenders(&args.players, args.depth, time, board.shape()) {
            Ok(contenders) => contenders,
            Err(message) => return refuse(&message),
        }
    };
    if let Err(message) = with_search_args(&mut contenders, args.search, board.shape())
        .and_then(|()| with_evaluation(&mut contenders, &args.evaluation, board.shape()))
        .and_then(|()| refuse_repeated(&contenders, board.shape()))
    {
        return refuse(&message);
    }
    let bar = progress_bar(
        contenders.len() as u64,
        "{bar:30} {pos}/{len} players, {elapsed} (last: {msg})",
    );
    let comparison = match Comparison::run(
        &board,
        &contenders,
        &CompareSettings::default(),
        &stop::flag(),
        |_, row| {
            bar.set_message(row.label.clone());
            bar.inc(1);
        },
    ) {
        Ok(comparison) => comparison,
        Err(error) => {
            bar.finish_and_clear();
            return refuse(&error.to_string());
        }
    };
    bar.finish_and_clear();
    let text = if args.json {
        format!("{}\n", comparison.to_json())
    } else if args.csv {
        comparison.to_csv()
    } else {
        comparison_text(&comparison)
    };
    if !print(&text) {
        return ExitCode::FAILURE;
    }
    if let Some(reason) = stop::reason() {
        return stopped(
            reason,
            format_args!(
                "{} of {} players finished",
                comparison.rows.len(),
                contenders.len()
            ),
        );
    }
    if comparison.rows.iter().any(|row| row.error.is_some()) {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// `compare --orders`: the ordered players under every move order on
/// `board`, as a table or one JSON object.
fn orders(board: &Board, json: bool) -> ExitCode {
    let table = OrderTable::run(board, &stop::flag());
    let text = if json {
        format!(
            "{}\n",
            serde_json::to_string(&table).expect("plain data serialises")
        )
    } else {
        orders_text(board, &table)
    };
    if !print(&text) {
        return ExitCode::FAILURE;
    }
    if let Some(reason) = stop::reason() {
        return stopped(
            reason,
            format_args!("{} searches finished", table.rows.len()),
        );
    }
    ExitCode::SUCCESS
}

/// The order table: the position, the minimal tree, a row per player and
/// order with its nodes as a multiple of the minimal tree.
fn orders_text(board: &Board, orders: &OrderTable) -> String {
    let empty = board.empty().count_ones();
    let mut text = format!(
        "position {} ({} to move)\n{}\n",
        orders.position,
        board.side_to_move().mark(),
        minimal_tree_words(orders.minimal_tree, empty, MINIMAL_TREE_MAX_EMPTY)
    );
    let mut rows = vec![
        ["player", "order", "nodes", "time", "x minimal", "value"]
            .map(str::to_owned)
            .to_vec(),
    ];
    for row in &orders.rows {
        let ratio = match (orders.minimal_tree, row.aborted) {
            (Some(minimal), false) if minimal > 0 => {
                format!("{:.2}", row.nodes as f64 / minimal as f64)
            }
            _ => "-".to_owned(),
        };
        rows.push(vec![
            row.player.name().to_owned(),
            row.order.name().to_owned(),
            group(row.nodes),
            format_duration_us(row.time_us),
            ratio,
            match (row.aborted, row.score) {
                (true, _) => "stopped".to_owned(),
                (false, Some(score)) => score.to_string(),
                (false, None) => "-".to_owned(),
            },
        ]);
    }
    let align = [
        Align::Left,
        Align::Left,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
    ];
    for line in table(&align, &rows) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The comparison as a heading and an aligned table.
fn comparison_text(comparison: &Comparison) -> String {
    let reference = match &comparison.reference {
        Some(reference) => format!(
            "exact value by {}: {} ({})",
            reference.player.name(),
            reference.words,
            reference.value
        ),
        None => "exact value unknown (the reference search did not finish in time)".to_owned(),
    };
    let mut text = format!(
        "position {} ({} to move); {reference}\n",
        comparison.position,
        comparison.to_move.mark()
    );
    let dash = || "-".to_owned();
    let mut rows = vec![
        [
            "player",
            if comparison.size.gravity() {
                "column"
            } else {
                "move"
            },
            "value",
            "nodes",
            "time",
            "nodes/s",
            "cutoffs",
            "table hits",
            "branching",
            "optimal",
        ]
        .map(str::to_owned)
        .to_vec(),
    ];
    for row in &comparison.rows {
        let value = match (&row.error, row.aborted, &row.value) {
            (Some(error), _, _) => format!("error: {error}"),
            (None, true, _) => "stopped by the time limit".to_owned(),
            (None, false, Some(value)) => value.clone(),
            (None, false, None) => dash(),
        };
        rows.push(vec![
            row.label.clone(),
            row.best
                .map_or_else(dash, |cell| move_number(comparison.size, cell).to_string()),
            value,
            group(row.nodes),
            format_duration_us(row.time_us),
            row.shown_rate().map_or_else(dash, format_rate),
            row.cutoffs.map_or_else(dash, group),
            match (row.table_hits, row.table_probes) {
                (Some(hits), Some(probes)) => format!("{} of {}", group(hits), group(probes)),
                _ => dash(),
            },
            row.branching_factor
                .map_or_else(dash, |factor| format!("{factor:.2}")),
            match row.optimal {
                Optimality::Optimal => "yes",
                Optimality::Suboptimal => "no",
                Optimality::Unknown => "unknown",
            }
            .to_owned(),
        ]);
    }
    use Align::{Left, Right};
    let align = [
        Left, Right, Left, Right, Right, Right, Right, Right, Right, Left,
    ];
    for line in table(&align, &rows) {
        text.push_str(&line);
        text.push('\n');
    }
    if comparison.cancelled {
        text.push_str("(cancelled: not every player finished)\n");
    }
    text
}

/// Plays the round robin with a progress bar on a terminal and prints the
/// results; with `--json` every game as it is counted, so that none is
/// kept. Bad players or options are usage errors (2); a game a player
/// failed in makes the exit code 1. Stopped by a signal, the games played
/// so far are the results, marked partial.
pub(super) fn tournament(args: TournamentArgs) -> ExitCode {
    let time = args.time.unwrap_or(SEARCH_TIME_LIMIT);
    let mut entrants = match contenders(&args.players, args.depth, time, args.size) {
        Ok(entrants) => entrants,
        Err(message) => return refuse(&message),
    };
    if let Err(message) = with_search_args(&mut entrants, args.search, args.size)
        .and_then(|()| with_evaluation(&mut entrants, &args.evaluation, args.size))
        .and_then(|()| refuse_repeated(&entrants, args.size))
    {
        return refuse(&message);
    }
    let seed = args.seed.unwrap_or_else(|| rand::random::<u32>() as u64);
    let mut tournament = Tournament::new(entrants, args.size, args.games, seed);
    tournament.threads = args.threads.map(usize::from);
    if let Err(error) = tournament.check() {
        return refuse(&error.to_string());
    }
    for entrant in &tournament.entrants {
        if cannot_finish(
            entrant.kind,
            &Board::new(args.size),
            entrant.options.difficulty.depth(),
            true,
        ) && !say(format_args!(
            "warning: {} cannot finish a {} search on the empty {} board in \
             reasonable time; give it a depth ({}:3)",
            search_name(entrant.kind),
            entrant.options.difficulty.words(),
            args.size.words(),
            entrant.kind.name()
        )) {
            return ExitCode::FAILURE;
        }
    }
    let mut json = if args.json {
        match JsonWriter::begin(BufWriter::new(std::io::stdout().lock()), &tournament) {
            Ok(json) => Some(json),
            Err(_) => return ExitCode::FAILURE,
        }
    } else {
        None
    };
    let bar = progress_bar(
        tournament.games_total(),
        "{bar:30} {human_pos}/{human_len} games, {rate} games/s, {eta} left",
    );
    let shown = bar.clone();
    let mut written = true;
    let run = tournament.run_with_games(
        &stop::flag(),
        move |progress| shown.set_position(progress.games_done),
        |game| {
            if let Some(json) = &mut json
                && written
                && json.game(game).is_err()
            {
                written = false;
                stop::output_closed();
            }
        },
    );
    bar.finish_and_clear();
    let results = match run {
        Ok(results) => results,
        Err(error) => return refuse(&error.to_string()),
    };
    for failure in &results.failures {
        if !say(format_args!("error: {failure}")) {
            return ExitCode::FAILURE;
        }
    }
    let unnamed = results.failed_games - results.failures.len() as u64;
    if unnamed > 0
        && !say(format_args!(
            "error: and {} more failed games",
            group(unnamed)
        ))
    {
        return ExitCode::FAILURE;
    }
    written &= match json {
        Some(json) => json.end(&results).is_ok(),
        None if args.csv => print(&results.standings_csv()),
        None => print(&tournament_text(&results)),
    };
    if !written {
        return ExitCode::FAILURE;
    }
    if let Some(reason) = stop::reason() {
        return stopped(
            reason,
            format_args!(
                "played {} of {} games",
                group(results.games_played),
                group(results.games_total)
            ),
        );
    }
    if results.failed_games > 0 {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// A tally as "W-D-L".
fn wdl(tally: Tally) -> String {
    format!("{}-{}-{}", tally.wins, tally.draws, tally.losses)
}

/// The results as a heading, the ranking and the cross table.
fn tournament_text(results: &TournamentResults) -> String {
    let players = results.entrants.len();
    let mut text = format!(
        "round robin on {}: {players} players, {} {} per pairing and colour, seed {}, {} {}; \
         {} of {} games in {}\n",
        results.size.words(),
        results.games_per_colour,
        if results.games_per_colour == 1 {
            "game"
        } else {
            "games"
        },
        results.seed,
        results.threads,
        if results.threads == 1 {
            "thread"
        } else {
            "threads"
        },
        group(results.games_played),
        group(results.games_total),
        format_duration_us(results.elapsed_us),
    );
    if results.partial {
        text.push_str("partial: not every game was played\n");
    }
    text.push('\n');
    let dash = || "-".to_owned();
    let mut rows = vec![
        [
            "rank",
            "player",
            "games",
            "W-D-L",
            "points",
            "score",
            "rating",
            "±",
            "as X",
            "as O",
            "time/move",
            "nodes/move",
        ]
        .map(str::to_owned)
        .to_vec(),
    ];
    for s in &results.standings {
        rows.push(vec![
            s.rank.to_string(),
            s.label.clone(),
            group(s.total.games()),
            wdl(s.total),
            format!("{}", s.points),
            s.score.map_or_else(dash, |score| format!("{score:.3}")),
            s.rating.map_or_else(dash, |rating| format!("{rating:+.0}")),
            s.rating_error
                .map_or_else(dash, |error| format!("{error:.0}")),
            wdl(s.as_x),
            wdl(s.as_o),
            s.mean_time_us
                .map_or_else(dash, |us| format_duration_us(us.round() as u64)),
            s.mean_nodes
                .map_or_else(dash, |nodes| group(nodes.round() as u64)),
        ]);
    }
    use Align::{Left, Right};
    let align = [
        Right, Left, Right, Right, Right, Right, Right, Right, Right, Right, Right, Right,
    ];
    for line in table(&align, &rows) {
        text.push_str(&line);
        text.push('\n');
    }
    let limited: u64 = results.standings.iter().map(|s| s.time_limited_moves).sum();
    if limited > 0 {
        text.push_str(&format!(
            "{} moves were cut short by the time limit: these games may differ between runs\n",
            group(limited)
        ));
    }
    text.push_str(
        "\nCross table: the row player's wins-draws-losses against the column player, \
         as X / as O\n",
    );
    let mut heading = vec![String::new(), String::new()];
    heading.extend((1..=players).map(|number| number.to_string()));
    let mut rows = vec![heading];
    for (row, records) in results.cross.iter().enumerate() {
        let mut cells = vec![(row + 1).to_string(), results.entrants[row].label.clone()];
        cells.extend(records.iter().enumerate().map(|(column, record)| {
            if row == column {
                dash()
            } else {
                format!("{} / {}", wdl(record.as_x), wdl(record.as_o))
            }
        }));
        rows.push(cells);
    }
    let mut align = vec![Right, Left];
    align.extend(std::iter::repeat_n(Right, players));
    for line in table(&align, &rows) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}
