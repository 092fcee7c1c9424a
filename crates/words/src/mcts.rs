//! Monte Carlo tree search as it works, in words: each child of the node
//! selection chooses at, with its visits, its mean result on X's scale, the
//! two terms of its UCB score, and whether selection takes it next.

use tictactoe_engine::board::Side;
use tictactoe_engine::players::mcts::trace::ChildTerms;
use tictactoe_engine::report::on_x_scale;

use super::i18n::{fill, gettext, ngettext};
use super::numbers::{count, decimal, result_number};

/// A UCB term, on the chooser's scale as UCB adds them: "0.667".
fn term(value: f64) -> String {
    decimal(&format!("{value:.3}"))
}

/// One child as selection at a node where `chooser` moves sees it, cell
/// numbered from 1: "Cell 5: 4 visits, mean +0.500 on X's scale; UCB
/// 0.750 earned + 0.833 exploration = 1.583; selection picks it next".
pub fn child_line(child: &ChildTerms, chooser: Side, picked_next: bool) -> String {
    let cell = child.cell + 1;
    let line = match child.terms {
        None => fill(
            &gettext("Cell {cell}: not visited yet, so selection takes it before any visited cell"),
            &[("cell", &cell)],
        ),
        Some((exploitation, exploration)) => fill(
            &gettext(
                "Cell {cell}: {visits}, mean {mean} on X's scale; UCB {earned} earned + {exploration} exploration = {ucb}",
            ),
            &[
                ("cell", &cell),
                (
                    "visits",
                    &count(u64::from(child.visits), |n| {
                        ngettext("{count} visit", "{count} visits", n)
                    }),
                ),
                ("mean", &result_number(on_x_scale(chooser, exploitation), 3)),
                ("earned", &term(exploitation)),
                ("exploration", &term(exploration)),
                ("ucb", &term(exploitation + exploration)),
            ],
        ),
    };
    if picked_next {
        fill(
            &gettext("{line}; selection picks it next"),
            &[("line", &line)],
        )
    } else {
        line
    }
}

/// How far the search is: "12 playouts run".
pub fn playouts_run(playouts: u32) -> String {
    count(u64::from(playouts), |n| {
        ngettext("{count} playout run", "{count} playouts run", n)
    })
}
