//! The Monte Carlo window, driven as a person would: opened by its
//! shortcut on the main window's position, stepped one playout at a time,
//! its rows (one per child of the root) saying the visits and UCB terms of
//! the search the `mcts` player runs, the next pick marked. Needs a
//! display: `xvfb-run -a cargo test --release --test ui_mcts`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{Results, ensure, open_window, use_test_environment, wait_until};
use tictactoe::ui::{MctsView, TictactoeApplication, TictactoeWindow};
use tictactoe_engine::board::Board;
use tictactoe_engine::players::mcts::{EXPLORATION, MctsSearch};
use tictactoe_engine::search::CancelFlag;

/// X to move with seven open cells: a root with seven children.
const POSITION: &str = "x../.o./...";

/// Playouts stepped: more than the children, so that every one is visited
/// and the pick is made by UCB rather than by cell order.
const STEPS: u32 = 25;

fn activate(widget: &impl IsA<gtk::Widget>, action: &str) -> Result<(), String> {
    WidgetExt::activate_action(widget, action, None).map_err(|error| format!("{action}: {error}"))
}

fn open_on_position(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<MctsView, String> {
    activate(window, "win.edit")?;
    window.position_editor().entry().set_text(POSITION);
    activate(window, "win.edit")?;
    let accels = app.accels_for_action("win.mcts");
    ensure(
        accels.iter().any(|each| each == "<Shift><Control>m"),
        || format!("win.mcts has the shortcuts {accels:?}"),
    )?;
    activate(window, "win.mcts")?;
    let view = window
        .mcts_view()
        .ok_or("Ctrl+Shift+M opened no Monte Carlo window")?;
    wait_until(
        "the Monte Carlo window to show",
        Duration::from_secs(5),
        || view.is_visible() && view.width() > 0,
    )?;
    Ok(view)
}

fn stepping_shows_the_roots_children_as_selection_sees_them(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_on_position(app, window)?;
    ensure(view.picked_text().is_none(), || {
        format!(
            "before any playout a pick is marked: {:?}",
            view.child_texts()
        )
    })?;
    for _ in 0..STEPS {
        activate(&view, "mcts.step")?;
    }
    ensure(view.summary_text().contains("25 playouts"), || {
        format!("the summary says {:?}", view.summary_text())
    })?;
    let board: Board = POSITION.parse().map_err(|_| "the position parses")?;
    let mut search =
        MctsSearch::new(&board, MctsView::SEED, EXPLORATION).ok_or("the game is open")?;
    search.run(STEPS, &CancelFlag::new());
    let choice = search
        .choice(0, EXPLORATION)
        .ok_or("the root is expanded")?;
    let texts = view.child_texts();
    ensure(texts.len() == choice.children.len(), || {
        format!(
            "{} rows for {} children: {texts:?}",
            texts.len(),
            choice.children.len()
        )
    })?;
    for (text, child) in texts.iter().zip(&choice.children) {
        let (earned, exploration) = child.terms.ok_or("every child is visited")?;
        let expected = [
            format!("Cell {}: {} visits", child.cell + 1, child.visits),
            format!("UCB {earned:.3} earned + {exploration:.3} exploration"),
        ];
        for part in expected {
            ensure(text.contains(&part), || format!("{text:?} lacks {part:?}"))?;
        }
    }
    let visits: u32 = choice.children.iter().map(|child| child.visits).sum();
    // Every playout goes through one child of the root (the first one
    // expands the root and visits a child it adds).
    ensure(visits == STEPS, || {
        format!("the children's visits add up to {visits}, not to the playouts")
    })?;
    let picked = choice.picked_child();
    let picked_text = view
        .picked_text()
        .ok_or("no row is marked as the next pick")?;
    ensure(
        picked_text.starts_with(&format!("Cell {}:", picked.cell + 1))
            && picked_text.ends_with("selection picks it next"),
        || {
            format!(
                "the marked row is {picked_text:?}, selection picks cell {}",
                picked.cell + 1
            )
        },
    )?;
    let marked = texts
        .iter()
        .filter(|text| text.contains("picks it next"))
        .count();
    ensure(marked == 1, || {
        format!("{marked} rows say they are picked next: {texts:?}")
    })
}

type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 1] = [(
        "stepping shows the root's children as selection sees them",
        stepping_shows_the_roots_children_as_selection_sees_them,
    )];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&app, &window));
    }
    results.finish()
}
