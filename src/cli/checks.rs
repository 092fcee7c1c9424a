//! What a command checks before it searches: a depth that means nothing
//! to the player, search settings no player of the command has, and a
//! plain search that cannot finish in reasonable time.

use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::Words;

pub(super) use tictactoe_tools::feasibility::cannot_finish;

use super::args::SearchArgs;
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
