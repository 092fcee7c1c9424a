//! What a command checks before it searches: a depth that means nothing
//! to the player, search settings no player of the command has, and a
//! plain search that cannot finish in reasonable time.

use tictactoe_engine::evaluation::Evaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_files::weights::read_weights;
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};

pub(super) use tictactoe_tools::feasibility::cannot_finish;

use super::args::{EvaluationArgs, EvaluationChoice, SearchArgs};
use super::output::say;

/// Refuses `--order`, `--prune` or `--fail` when none of `kinds` searches
/// with them (they would change nothing), and best-first order off 3x3
/// (`size`, when the command knows it), where there is no solved game to
/// order by: the message, for exit code 2.
pub(super) fn check_search_args(
    search: SearchArgs,
    kinds: &[PlayerKind],
    size: Option<Shape>,
) -> Result<(), String> {
    let given = search.given();
    if !given.is_empty() && !kinds.iter().any(|kind| kind.uses_search_settings()) {
        let names: Vec<&str> = kinds.iter().map(|kind| kind.name()).collect();
        let (them, verb) = if given.len() == 1 {
            ("it", "applies")
        } else {
            ("them", "apply")
        };
        return Err(format!(
            "{} {verb} to alphabeta-tt, pvs and mtdf only, and no player here ({}) searches \
             with {them}",
            given.join(" and "),
            names.join(", ")
        ));
    }
    if search.aspiration.is_some()
        && !kinds
            .iter()
            .any(|&kind| matches!(kind, PlayerKind::AlphaBetaTt | PlayerKind::Pvs))
    {
        let names: Vec<&str> = kinds.iter().map(|kind| kind.name()).collect();
        return Err(format!(
            "--aspiration applies to the deepening searches alphabeta-tt and pvs only, and no \
             player here ({}) deepens with it",
            names.join(", ")
        ));
    }
    if let Some(size) = size {
        check_order_size(search, size)?;
    }
    Ok(())
}

/// Refuses best-first order on `size` off 3x3.
pub(super) fn check_order_size(search: SearchArgs, size: Shape) -> Result<(), String> {
    search
        .settings()
        .order
        .check_shape(size)
        .map_err(|refusal| {
            format!(
                "--order best orders moves by the solved game's values, which exist for 3x3 \
                 only, not for {}",
                refusal.0.words()
            )
        })
}

/// Warns that `--depth` (named `option`) means nothing to `kind`.
pub(super) fn warn_unused_depth(option: &str, kind: PlayerKind, depth: Option<Difficulty>) -> bool {
    if depth.is_none() || kind.uses_difficulty() {
        return true;
    }
    say(format_args!(
        "warning: {option} is ignored: {} has no search depth",
        kind.name()
    ))
}

/// The search `cannot_finish` warns about, as its warning names it: "plain
/// minimax", "plain alphabeta", "alphabeta-tt".
pub(super) fn search_name(kind: PlayerKind) -> String {
    match kind {
        PlayerKind::Minimax | PlayerKind::AlphaBeta => format!("plain {}", kind.name()),
        _ => kind.name().to_owned(),
    }
}

/// The evaluation `--evaluation` asks for (None without it: the board's
/// own, `NamedEvaluation::default_for`), for the
/// players `kinds` on `size` (when the command knows the board): refused
/// when no player of `kinds` searches to a horizon, and a weights file
/// when it cannot be read, is malformed or is for another board. The
/// message, for exit code 2.
pub(super) fn chosen_evaluation(
    args: &EvaluationArgs,
    kinds: &[PlayerKind],
    size: Option<Shape>,
) -> Result<Option<Evaluation>, String> {
    evaluation_of(args.evaluation.as_ref(), "--evaluation", kinds, size)
}

/// `chosen_evaluation` for the choice given to `option` (`--evaluation`,
/// `--evaluation-max`, `--evaluation-min`).
pub(super) fn evaluation_of(
    choice: Option<&EvaluationChoice>,
    option: &str,
    kinds: &[PlayerKind],
    size: Option<Shape>,
) -> Result<Option<Evaluation>, String> {
    let Some(choice) = choice else {
        return Ok(None);
    };
    // The players that search to a depth evaluate at it.
    if !kinds.iter().any(|kind| kind.uses_depth()) {
        let names: Vec<&str> = kinds.iter().map(|kind| kind.name()).collect();
        return Err(format!(
            "{option} applies to the depth-limited searches (minimax, alphabeta, \
             alphabeta-tt, alphabeta-random, pvs, mtdf) only, and no player here ({}) \
             evaluates at a horizon",
            names.join(", ")
        ));
    }
    evaluation_weights(choice, size).map(Some)
}

/// The weights `choice` names: a named evaluation's, or a weights file's
/// for `size` (the message when the file is refused).
pub(super) fn evaluation_weights(
    choice: &EvaluationChoice,
    size: Option<Shape>,
) -> Result<Evaluation, String> {
    match choice {
        EvaluationChoice::Named(named) => Ok(named.evaluation()),
        EvaluationChoice::File(path) => {
            let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
            let Some(size) = size else {
                return Err(format!(
                    "the weights file '{name}' is for one board: give it with --board"
                ));
            };
            read_weights(path, size).map_err(|error| format!("weights file '{name}': {error}"))
        }
    }
}
