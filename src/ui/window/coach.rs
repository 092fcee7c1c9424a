//! The coach: a person's move on a side with the coach on is judged as it
//! is played. A mistake or a blunder pauses the game and is said at once,
//! with why, and Take Back or Play On; a good move passes in silence.

use gtk::glib;
use gtk::prelude::*;
use gtk::subclass::prelude::*;

use super::TictactoeWindow;
use crate::ui::review::judge_later;
use crate::ui::shared::accessible;
use tictactoe_engine::board::{Board, Side};
use tictactoe_tools::review::words::verdict_words;
use tictactoe_tools::review::{MoveReview, review_move};
use tictactoe_words::i18n::{fill, gettext};

impl TictactoeWindow {
    /// Judges the person's move `cell` for `side` that led to `after`, if
    /// the coach is on for that side.
    pub(super) fn coach_move(&self, side: Side, cell: usize, after: Board) {
        let imp = self.imp();
        if !imp.settings.picker(side).coaching() {
            return;
        }
        let mut before = after;
        before.toggle(cell, side);
        let Some(ply) = imp
            .window_game
            .borrow()
            .as_ref()
            .and_then(|game| game.record.len().checked_sub(1))
        else {
            return;
        };
        let judging = judge_later(move |judge| review_move(judge, ply, &before, cell));
        imp.coach_judging.borrow_mut().push(judging.cancel_flag());
        let window = self.downgrade();
        glib::spawn_future_local(async move {
            let judged = judging.outcome().await;
            let (Some(window), Ok(Ok(Some(review)))) = (window.upgrade(), judged) else {
                return;
            };
            if review.grade.is_error() && window.still_played(&review) {
                window.show_coach(&review);
            }
        });
    }

    /// Stops the coach's judging of the moves on the board: the game was
    /// replaced, moves taken back, or the window closes.
    pub(super) fn stop_coaching(&self) {
        for cancel in self.imp().coach_judging.take() {
            cancel.cancel();
        }
    }

    /// True if the game on the board still has `review`'s move where it
    /// was played.
    fn still_played(&self, review: &MoveReview) -> bool {
        self.imp()
            .window_game
            .borrow()
            .as_ref()
            .is_some_and(|game| {
                game.record.played().get(review.ply) == Some(&review.cell)
                    && game.record.position_at(review.ply) == Some(review.before)
            })
    }

    /// Says the mistake, paused, with Take Back and Play On; the focus
    /// goes to Take Back, so that a screen reader reads the sentence.
    fn show_coach(&self, review: &MoveReview) {
        let imp = self.imp();
        if self.game_running() {
            self.pause_here();
        }
        let text = fill(
            &gettext("{verdict} Take the move back and try another, or play on?"),
            &[("verdict", &verdict_words(review))],
        );
        imp.coach_label.set_label(&text);
        accessible::set_description(&*imp.coach_undo_button, &text);
        imp.coach_bar.set_visible(true);
        imp.coach_undo_button.grab_focus();
    }

    pub(super) fn hide_coach(&self) {
        self.imp().coach_bar.set_visible(false);
    }

    /// Take Back: the move the coach spoke up about, and what followed.
    pub(super) fn coach_take_back(&self) {
        self.hide_coach();
        self.undo();
        self.imp().board_view.grab_focus();
    }

    /// Play On: the game goes on from where the coach paused it.
    pub(super) fn coach_play_on(&self) {
        self.hide_coach();
        if self.is_paused() {
            self.play_on();
        }
        self.imp().board_view.grab_focus();
    }

    /// The coach's words while they show.
    pub fn coach_text(&self) -> Option<String> {
        let imp = self.imp();
        imp.coach_bar
            .is_visible()
            .then(|| imp.coach_label.label().to_string())
    }
}
