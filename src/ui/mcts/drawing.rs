//! The Monte Carlo window's pictures, drawn with cairo: the path selection
//! took (a row of children per node on it, the pick filled and joined to
//! the row below), and what the window adds on its board (a `BoardView`
//! that numbers the path's moves): the random playout's moves, numbered
//! on in the order played. Their words are the phase's sentence, the
//! children's rows and the board's description (`stepping`,
//! `tictactoe_words::mcts`).

use gtk::cairo;

use crate::ui::shared::painting::{centred_text, set_colour};

use super::stepping::{Phase, Shown};
use crate::ui::shared::board_painting::{BoardLayout, BoardPalette, draw_move_number, draw_stone};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::growing::{LeafValue, StepChoice, StepUpdate};
use tictactoe_words::i18n::gettext;
use tictactoe_words::numbers::result_number;
use tictactoe_words::position::move_number;

const ROW_HEIGHT: f64 = 46.0;
const ROW_GAP: f64 = 22.0;
const MARGIN: f64 = 8.0;
const FONT: &str = "Sans";

/// The height the path picture needs for `shown`.
pub fn path_height(shown: Option<&Shown>) -> i32 {
    let rows = shown.map_or(1, |shown| shown.choices().len() + 1);
    (MARGIN * 2.0 + rows as f64 * (ROW_HEIGHT + ROW_GAP)) as i32
}

/// One row: the children of `choice`, each numbered as on a board of
/// `shape`, the picked one filled, with its statistics after the update
/// when `updated` has them; where the picked child's box is centred.
fn draw_row(
    cr: &cairo::Context,
    shape: Shape,
    choice: &StepChoice,
    (top, width): (f64, f64),
    colours: &BoardPalette,
    picked_filled: bool,
    updated: &[StepUpdate],
) -> Result<f64, cairo::Error> {
    let count = choice.children.len().max(1) as f64;
    let slot = ((width - 2.0 * MARGIN) / count).min(72.0);
    let left = (width - slot * count) / 2.0;
    let mut picked_centre = width / 2.0;
    for (index, child) in choice.children.iter().enumerate() {
        let x = left + slot * index as f64;
        let picked = child.node == choice.picked;
        if picked {
            picked_centre = x + slot / 2.0;
        }
        cr.rectangle(x + 2.0, top, slot - 4.0, ROW_HEIGHT);
        if picked && picked_filled {
            set_colour(cr, colours.accent, 0.35);
            cr.fill_preserve()?;
            set_colour(cr, colours.accent, 1.0);
            cr.set_line_width(3.0);
        } else {
            set_colour(cr, colours.foreground, 0.5);
            cr.set_line_width(1.0);
        }
        cr.stroke()?;
        set_colour(cr, colours.foreground, 1.0);
        cr.select_font_face(FONT, cairo::FontSlant::Normal, cairo::FontWeight::Bold);
        cr.set_font_size(13.0);
        centred_text(
            cr,
            &move_number(shape, child.cell).to_string(),
            x + slot / 2.0,
            top + 11.0,
        )?;
        cr.select_font_face(FONT, cairo::FontSlant::Normal, cairo::FontWeight::Normal);
        cr.set_font_size(10.0);
        let (visits, mean) = updated
            .iter()
            .find(|update| update.node == child.node)
            .map_or((child.visits, child.mean), |update| {
                (update.visits, Some(update.mean))
            });
        centred_text(cr, &visits.to_string(), x + slot / 2.0, top + 25.0)?;
        if let Some(mean) = mean {
            centred_text(cr, &result_number(mean, 2), x + slot / 2.0, top + 38.0)?;
        }
    }
    Ok(picked_centre)
}

/// The path picture: a row per choice shown (the move's number on a board
/// of `shape`, visits, mean on X's scale), the pick filled and joined to
/// the row below; past selection, the leaf's value under the last row.
/// With no step shown, `now` (the root's choice as it stands) alone.
pub fn draw_path(
    cr: &cairo::Context,
    width: f64,
    shape: Shape,
    shown: Option<&Shown>,
    now: Option<&StepChoice>,
    colours: &BoardPalette,
) -> Result<(), cairo::Error> {
    let choices: Vec<&StepChoice> = match shown {
        Some(shown) => shown.choices().iter().collect(),
        None => now.into_iter().collect(),
    };
    let mut top = MARGIN;
    let mut above: Option<f64> = None;
    for choice in &choices {
        if let Some(x) = above {
            set_colour(cr, colours.accent, 1.0);
            cr.set_line_width(3.0);
            cr.move_to(x, top - ROW_GAP);
            cr.line_to(width / 2.0, top);
            cr.stroke()?;
        }
        // At the update the path's boxes show their new statistics.
        let updated = match shown {
            Some(shown) if shown.phase == Phase::Update => &shown.step.updates[..],
            _ => &[],
        };
        above = Some(draw_row(
            cr,
            shape,
            choice,
            (top, width),
            colours,
            shown.is_some(),
            updated,
        )?);
        top += ROW_HEIGHT + ROW_GAP;
    }
    let (Some(shown), Some(x)) = (shown, above) else {
        return Ok(());
    };
    if matches!(shown.phase, Phase::Selection(_)) {
        return Ok(());
    }
    // Past selection: a dashed line down to what valued the leaf.
    set_colour(cr, colours.foreground, 1.0);
    cr.set_line_width(2.0);
    cr.set_dash(&[5.0, 4.0], 0.0);
    cr.move_to(x, top - ROW_GAP);
    cr.line_to(x, top + 6.0);
    cr.stroke()?;
    cr.set_dash(&[], 0.0);
    if shown.phase == Phase::Expansion && shown.step.new_node.is_some() {
        cr.select_font_face(FONT, cairo::FontSlant::Italic, cairo::FontWeight::Bold);
        cr.set_font_size(13.0);
        // Translators: under the node new to the Monte Carlo tree.
        centred_text(cr, &gettext("new"), x, top + 18.0)?;
    }
    let result_known = match shown.phase {
        Phase::Update => true,
        Phase::Leaf(moves) => moves >= playout_length(shown),
        Phase::Selection(_) | Phase::Expansion => false,
    };
    if result_known {
        cr.select_font_face(FONT, cairo::FontSlant::Normal, cairo::FontWeight::Bold);
        cr.set_font_size(13.0);
        let result = result_number(shown.step.result, 2);
        let text = if shown.phase == Phase::Update {
            format!("{result} ↑")
        } else {
            result
        };
        centred_text(cr, &text, x, top + 18.0)?;
    }
    Ok(())
}

/// The number of moves in the step's playout.
fn playout_length(shown: &Shown) -> usize {
    match &shown.step.leaf {
        LeafValue::Playout { moves, .. } => moves.len(),
        _ => 0,
    }
}

/// The random playout's moves over `board`, the position at the end of
/// the path as `BoardView` shows it with the path's `numbered` moves
/// numbered: each a faint stone, numbered on from the path's in the order
/// played.
pub fn draw_playout(
    cr: &cairo::Context,
    layout: &BoardLayout,
    colours: &BoardPalette,
    board: &Board,
    playout: &[usize],
    numbered: usize,
) -> Result<(), cairo::Error> {
    let mut mover = board.side_to_move();
    for (order, &cell) in playout.iter().enumerate() {
        set_colour(cr, colours.stone(mover), 0.45);
        draw_stone(cr, layout.centre(cell), layout.cell, mover)?;
        set_colour(cr, colours.stone(mover), 1.0);
        draw_move_number(cr, layout, cell, numbered + order + 1)?;
        mover = mover.opponent();
    }
    Ok(())
}
