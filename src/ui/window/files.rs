//! Saving the game on the board to a file, and opening one.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use gtk::glib;
use gtk::subclass::prelude::*;

use super::history::{WindowGame, result_of};
use super::{Phase, TictactoeWindow, View};
use crate::ui::shared::file_dialog::{FileAction, FileRequest, could_not_save, file_name, outcome};
use tictactoe_files::saved_game::SavedGame;
use tictactoe_tools::history::GameRecord;
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext, ngettext, pgettext, plural_count};

impl TictactoeWindow {
    /// The game on the board as a file would keep it: the game's moves, or
    /// a set-up position with the players in the pickers.
    pub fn saved_game(&self) -> Option<SavedGame> {
        let imp = self.imp();
        if let Some(game) = imp.window_game.borrow().as_ref() {
            let mut record = GameRecord::new(game.record.start());
            for &cell in game.record.played() {
                record.play(cell).ok()?;
            }
            return Some(SavedGame {
                players: game.choice.players,
                seed: game.seed,
                record,
                searches: game.played_searches(),
            });
        }
        let setup = imp.setup.get()?;
        Some(SavedGame {
            players: imp.settings.choice().players,
            seed: imp.settings.seed().ok().flatten().unwrap_or_default(),
            record: GameRecord::new(setup),
            searches: Vec::new(),
        })
    }

    /// Ctrl+S: asks where, then saves.
    pub(super) fn choose_save_file(&self) {
        if self.saved_game().is_none() {
            self.show_error(&gettext(
                "There is nothing to save yet: play a game or set up a position first.",
            ));
            return;
        }
        let suggested = format!("{}.json", pgettext("saved game file name", "game"));
        self.ask_for_game_file(
            &gettext("Save Game"),
            FileAction::Save {
                suggested: &suggested,
            },
            |window, path| window.save_to(&path),
        );
    }

    /// Ctrl+O: asks which file, then opens it.
    pub(super) fn choose_file_to_open(&self) {
        self.ask_for_game_file(&gettext("Open Game"), FileAction::Open, |window, path| {
            window.open_file(&path);
        });
    }

    /// Asks for a saved game's file and hands its path to `chosen`.
    fn ask_for_game_file(
        &self,
        title: &str,
        action: FileAction,
        chosen: impl Fn(&TictactoeWindow, PathBuf) + 'static,
    ) {
        let request = FileRequest {
            title,
            action,
            filter_name: &gettext("Saved games (JSON)"),
            extension: "json",
        };
        self.imp().file_chooser.ask(
            self,
            &request,
            glib::clone!(
                #[weak(rename_to = window)]
                self,
                move |path| chosen(&window, path)
            ),
        );
    }

    /// Saves the game on the board to `path`; the status line says how it
    /// went.
    pub fn save_to(&self, path: &Path) {
        let Some(saved) = self.saved_game() else {
            self.show_error(&gettext(
                "There is nothing to save yet: play a game or set up a position first.",
            ));
            return;
        };
        let written = saved
            .write(path)
            .map_err(|error| could_not_save(path, &error));
        match outcome(written, path, &gettext("Saved the game to {file}.")) {
            (message, false) => self.show_status(&message),
            (error, true) => self.show_error(&error),
        }
    }

    /// Opens the game saved in `path` at its last position, ready to browse
    /// or continue. A file that is no saved game is refused with what is
    /// wrong with it, and the game on the board stays as it was.
    pub fn open_file(&self, path: &Path) {
        let offered = |saved: SavedGame| {
            for (kind, _) in saved.players {
                kind.check_shape(saved.shape())
                    .map_err(|refusal| refusal.words())?;
            }
            Ok(saved)
        };
        let saved = match SavedGame::read(path)
            .map_err(|error| error.to_string())
            .and_then(offered)
        {
            Ok(saved) => saved,
            Err(error) => {
                self.show_error(&fill(
                    &gettext("Could not open {file}: {error}. The game on the board is unchanged."),
                    &[("file", &file_name(path)), ("error", &error)],
                ));
                return;
            }
        };
        let imp = self.imp();
        if imp.editing.get().is_some() {
            imp.editing.set(None);
        }
        self.stop_run();
        self.cancel_hint();
        self.stop_truths();
        imp.settings.set_players(saved.shape(), saved.players);
        let mut choice = imp.settings.choice();
        choice.size = saved.shape();
        choice.players = saved.players;
        let number = imp.games_started.get() + 1;
        imp.games_started.set(number);
        let record = saved.record;
        let position = record.position();
        imp.board_view.reset(position.shape());
        imp.search_log.clear();
        let opened = ngettext(
            "Game {number}: opened {file}: {players}, {size}, seed {seed}, {count} move",
            "Game {number}: opened {file}: {players}, {size}, seed {seed}, {count} moves",
            plural_count(record.len() as u64),
        );
        imp.search_log.add_game_row(&fill(
            &opened,
            &[
                ("number", &number),
                ("file", &file_name(path)),
                ("players", &choice.pairing()),
                ("size", &choice.size.words()),
                ("seed", &saved.seed),
                ("count", &record.len()),
            ],
        ));
        // The searches the file kept show as they did in play; a move
        // without one (a person's, or from an older file) as a plain row.
        for (ply, search) in (1..=record.len()).zip(&saved.searches) {
            match (search, record.move_at(ply), record.position_at(ply - 1)) {
                (Some(report), _, _) => imp
                    .search_log
                    .add_report(Rc::new(report.clone()), choice.size),
                (None, Some((side, cell)), Some(before)) => {
                    let player = saved.players[side.index()].0;
                    imp.search_log.add_move(
                        before.stone_count() + 1,
                        side,
                        player,
                        cell,
                        choice.size,
                    );
                }
                _ => {}
            }
        }
        let mut game = WindowGame::new(choice, saved.seed, record).with_searches(saved.searches);
        // A finished game from a file is no result of this session.
        game.tallied = true;
        imp.window_game.replace(Some(game));
        imp.view.replace(View::Current);
        imp.setup.set(None);
        let next = match result_of(&position) {
            Some(result) => {
                let words = super::view::result_words(&result);
                imp.phase.replace(Phase::Over(result));
                fill(
                    &gettext("the game is over ({result}). Alt+Left browses"),
                    &[("result", &words)],
                )
            }
            None => {
                imp.phase.replace(Phase::Paused);
                fill(
                    &gettext("{side} to move. Resume (Space) plays on, Alt+Left browses"),
                    &[("side", &position.side_to_move().label())],
                )
            }
        };
        self.refresh();
        self.show_status(&fill(
            &gettext(
                "Opened {file}: {next}; Continue from here starts a new game from the shown position.",
            ),
            &[("file", &file_name(path)), ("next", &next)],
        ));
    }
}
