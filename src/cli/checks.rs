//! What a command checks before it searches: a depth that means nothing
//! to the player, search settings no player of the command has, and a
//! plain search that cannot finish in reasonable time.

use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::Words;

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

/// The most positions plain minimax is let visit without a word: well
/// under a minute (it visits some 200 million a second).
const MINIMAX_NODES_LIMIT: f64 = 1e10;

/// The same limit for plain alphabeta, on the positions plain minimax would
/// visit: in natural move order and without a table it was measured to
/// visit about their three-quarter power (from 0.63 for the empty 4x4
/// board to 0.78 for the empty 5x5 board at depth 5). The empty 4x4 board
/// passes (5.7e13; alphabeta: 554 million nodes, 4 s); 5x5 at full depth
/// with 17 or more empty cells and the empty 5x5 board from depth 11 (at
/// depth 10 it took 113 s) do not.
const ALPHABETA_MINIMAX_NODES_LIMIT: f64 = 1e14;

/// The most empty cells a deepening search with a table (alphabeta-tt,
/// pvs, mtdf, perfect off 3x3) is let search to the end without a word:
/// the old boards' 25. Past them (Connect Four's 42, 7x7's 49) a search to
/// the end takes hours or more.
const DEEPENING_EMPTY_CELLS_LIMIT: u32 = 25;

/// True if `kind` searching `board` to `depth` cannot be expected to finish
/// in reasonable time: plain minimax or plain alphabeta over its limit, by
/// the positions minimax visits (counted without wins that end lines early,
/// so an overestimate on crowded boards), or a deepening search without a
/// time limit (`timed` false) and without a depth on more empty cells than
/// its limit. Monte Carlo ends after its playouts, proof-number search at
/// its node limit, the others at once.
pub(super) fn cannot_finish(
    kind: PlayerKind,
    board: &Board,
    depth: Option<u32>,
    timed: bool,
) -> bool {
    let empty = board.empty().count_ones();
    let limit = match kind {
        PlayerKind::Minimax => MINIMAX_NODES_LIMIT,
        PlayerKind::AlphaBeta => ALPHABETA_MINIMAX_NODES_LIMIT,
        _ if kind.deepens_iteratively() => {
            return !timed && depth.is_none() && empty > DEEPENING_EMPTY_CELLS_LIMIT;
        }
        _ => return false,
    };
    let depth = depth.map_or(empty, |d| d.min(empty));
    let mut nodes = 0.0;
    let mut line = 1.0;
    for ply in 0..depth {
        line *= (empty - ply) as f64;
        nodes += line;
    }
    nodes > limit
}

/// The search `cannot_finish` warns about, as its warning names it: "plain
/// minimax", "plain alphabeta", "alphabeta-tt".
pub(super) fn search_name(kind: PlayerKind) -> String {
    match kind {
        PlayerKind::Minimax | PlayerKind::AlphaBeta => format!("plain {}", kind.name()),
        _ => kind.name().to_owned(),
    }
}
