//! `tictactoe mcts-trace`: Monte Carlo tree search playout by playout,
//! each one's path with the UCB terms selection compared, the node
//! expansion added, the random playout, the result and the updated
//! statistics; a line of JSON per playout with `--json`.

use std::io::Write;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::args::McTraceArgs;
use super::output::{refuse, stopped};
use super::stop;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::players::mcts::trace::{Choice, PlayoutTrace};
use tictactoe_engine::players::mcts::{EXPLORATION, MctsSearch};
use tictactoe_engine::report::on_x_scale;
use tictactoe_words::numbers::group;
use tictactoe_words::position::{move_number, move_numbering, move_numbers};

/// Runs the playouts and prints each as it ends: nothing is kept but the
/// search's tree. A bad position, a finished one or a bad option exits 2.
pub(super) fn run(args: McTraceArgs) -> ExitCode {
    let (text, board) = match args.position.read() {
        Ok(read) => read,
        Err(message) => return refuse(&message),
    };
    let board = match board {
        Ok(board) => board,
        Err(message) => return refuse(&message),
    };
    let exploration = args.c.unwrap_or(EXPLORATION);
    let Some(mut search) = MctsSearch::new(&board, args.seed, exploration) else {
        return refuse(&format!(
            "the game is over in position '{}': there is nothing to search",
            text.trim()
        ));
    };
    let mut out = std::io::stdout().lock();
    if !args.json {
        out!(
            out,
            "mcts-trace {}: {} playouts from seed {}, c = {:.3}, {} to move. Means on X's scale \
             (+1 X wins, 0 a draw, -1 O wins); each UCB score is for the side choosing: the mean \
             result it earned (1 a win, 0.5 a draw, 0 a loss) + c*sqrt(ln N / n); {}.",
            text.trim(),
            group(u64::from(args.playouts)),
            args.seed,
            exploration,
            board.side_to_move().mark(),
            move_numbering(board.shape()),
        );
    }
    for _ in 0..args.playouts {
        if let Some(reason) = stop::reason() {
            return stopped(
                reason,
                format_args!("printed {} playouts", group(u64::from(search.playouts()))),
            );
        }
        let trace = search.traced_playout();
        let written = if args.json {
            writeln!(out, "{}", playout_json(&trace, &search))
        } else {
            write_playout(&mut out, &trace, &search, &board)
        };
        if written.is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The trace's path, cut to each node on it: the moves from the root
/// (indices from 0).
fn lines(trace: &PlayoutTrace) -> Vec<Vec<usize>> {
    let path: Vec<usize> = trace.path().collect();
    (0..=path.len())
        .map(|depth| path[..depth].to_vec())
        .collect()
}

/// A node by its moves from the root, in cells from 1 (columns on a
/// board with gravity): "root", "5 1".
fn line_text(shape: Shape, line: &[usize]) -> String {
    if line.is_empty() {
        return "root".to_owned();
    }
    move_numbers(shape, line, " ")
}

/// A mean result `for_mover` on X's scale, signed: "+0.333".
fn mean_text(mover: Side, for_mover: f64) -> String {
    format!("{:+.3}", on_x_scale(mover, for_mover))
}

fn result_text(winner: Option<Side>) -> String {
    match winner {
        Some(side) => format!("{} wins", side.mark()),
        None => "draw".to_owned(),
    }
}

/// One playout as text: a line per phase, a line per selection step.
fn write_playout(
    out: &mut impl Write,
    trace: &PlayoutTrace,
    search: &MctsSearch,
    board: &Board,
) -> std::io::Result<()> {
    let lines = lines(trace);
    let path = &lines[lines.len() - 1];
    let shape = board.shape();
    let line_text = |line: &[usize]| line_text(shape, line);
    let mut side = board.side_to_move();
    let moves: Vec<String> = path
        .iter()
        .map(|cell| {
            let text = format!("{} {}", side.mark(), move_number(shape, *cell));
            side = side.opponent();
            text
        })
        .collect();
    writeln!(out, "playout {}: path {}", trace.number, moves.join(", "))?;
    for (choice, line) in trace.selection.iter().zip(&lines) {
        writeln!(out, "  {}", choice_text(shape, choice, line))?;
    }
    let tree = search.tree();
    let node_line = |node: usize| {
        let depth = trace.updates.iter().position(|update| update.node == node);
        line_text(&lines[depth.expect("a node on the path")])
    };
    match (trace.expanded, trace.new_node) {
        (Some(expanded), Some(new_node)) => writeln!(
            out,
            "  expansion: {} gets its {} children; the new node is {}",
            node_line(expanded),
            tree[expanded].child_count,
            node_line(new_node)
        )?,
        (None, Some(new_node)) => {
            writeln!(out, "  expansion: the new node is {}", node_line(new_node))?
        }
        _ => writeln!(
            out,
            "  expansion: none, {} ends the game and was reached before",
            line_text(path)
        )?,
    }
    if trace.playout.is_empty() {
        writeln!(out, "  playout: none, {} ends the game", line_text(path))?;
    } else {
        let moves: Vec<String> = trace
            .playout
            .iter()
            .map(|cell| {
                let text = format!("{} {}", side.mark(), move_number(shape, *cell));
                side = side.opponent();
                text
            })
            .collect();
        writeln!(out, "  playout: {}", moves.join(", "))?;
    }
    writeln!(out, "  result: {}", result_text(trace.winner))?;
    let updates: Vec<String> = trace
        .updates
        .iter()
        .zip(&lines)
        .map(|(update, line)| {
            format!(
                "{} n={} mean {}",
                line_text(line),
                update.visits,
                mean_text(update.mover, update.mean())
            )
        })
        .collect();
    writeln!(out, "  update: {}", updates.join("; "))
}

/// A selection step: every child's visits, mean and UCB terms, and the
/// pick.
fn choice_text(shape: Shape, choice: &Choice, line: &[usize]) -> String {
    let place = if line.is_empty() {
        "at the root".to_owned()
    } else {
        format!("after {}", line_text(shape, line))
    };
    let children: Vec<String> = choice
        .children
        .iter()
        .map(|child| match child.terms {
            None => format!("{} unvisited", move_number(shape, child.cell)),
            Some((exploitation, exploration)) => format!(
                "{} n={} mean {} ucb {:.3} + {:.3} = {:.3}",
                move_number(shape, child.cell),
                child.visits,
                mean_text(choice.side, exploitation),
                exploitation,
                exploration,
                exploitation + exploration
            ),
        })
        .collect();
    let picked = choice.picked_child();
    let why = if picked.terms.is_none() {
        "the first unvisited"
    } else {
        "the highest ucb"
    };
    format!(
        "selection {place}, {} chooses (N={}): {} -> {} ({why})",
        choice.side.mark(),
        choice.visits,
        children.join("; "),
        move_number(shape, picked.cell)
    )
}

/// One playout as a JSON object: moves and lines as cell indices from 0,
/// means on X's scale, UCB terms for the side choosing.
fn playout_json(trace: &PlayoutTrace, search: &MctsSearch) -> Value {
    let lines = lines(trace);
    let line_of = |node: usize| {
        trace
            .updates
            .iter()
            .position(|update| update.node == node)
            .map(|depth| lines[depth].clone())
    };
    let selection: Vec<Value> = trace
        .selection
        .iter()
        .zip(&lines)
        .map(|(choice, line)| {
            let children: Vec<Value> = choice
                .children
                .iter()
                .map(|child| match child.terms {
                    None => json!({ "move": child.cell, "visits": 0 }),
                    Some((exploitation, exploration)) => json!({
                        "move": child.cell,
                        "visits": child.visits,
                        "mean": on_x_scale(choice.side, exploitation),
                        "exploitation": exploitation,
                        "exploration": exploration,
                        "ucb": exploitation + exploration,
                    }),
                })
                .collect();
            json!({
                "node": line,
                "to_move": choice.side,
                "visits": choice.visits,
                "c": choice.exploration,
                "children": children,
                "picked": choice.picked_child().cell,
            })
        })
        .collect();
    let updates: Vec<Value> = trace
        .updates
        .iter()
        .zip(&lines)
        .map(|(update, line)| {
            json!({
                "node": line,
                "visits": update.visits,
                "mean": on_x_scale(update.mover, update.mean()),
            })
        })
        .collect();
    json!({
        "playout": trace.number,
        "path": lines[lines.len() - 1],
        "selection": selection,
        "expanded": trace.expanded.and_then(line_of),
        "children_added": trace.expanded.map(|node| search.tree()[node].child_count),
        "new_node": trace.new_node.and_then(line_of),
        "playout_moves": trace.playout,
        "winner": trace.winner,
        "updates": updates,
    })
}
