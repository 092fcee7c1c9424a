//! Reports written as JSON read back whole: what a saved game keeps of the
//! searches shown.

use tictactoe_engine::board::Board;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;

/// A report as JSON, read back through `SearchReport::restored`.
fn read_back(report: &SearchReport) -> SearchReport {
    let json = serde_json::to_value(report).unwrap();
    let read: SearchReport = serde_json::from_value(json).unwrap();
    read.restored().unwrap()
}

#[test]
fn every_players_report_reads_back_as_it_was_written() {
    let options = PlayerOptions {
        playouts: 500,
        ..PlayerOptions::default()
    };
    for (kind, position) in PlayerKind::ALL
        .into_iter()
        .map(|kind| (kind, "x../.o./..."))
        // Perfect off 3x3 searches with alphabeta-tt, which the report
        // does not write but must say again when read.
        .chain([(PlayerKind::Perfect, "xo../.x../..o./....")])
    {
        let board: Board = position.parse().unwrap();
        let report = kind
            .create(&options)
            .choose_move(&board, &CancelFlag::new());
        assert_eq!(read_back(&report), report, "{kind} on {position}");
    }
}

#[test]
fn a_report_whose_position_is_no_board_is_not_restored() {
    let board: Board = "x../.o./...".parse().unwrap();
    let mut json = serde_json::to_value(SearchReport::new(PlayerKind::Minimax, &board)).unwrap();
    json["position"] = "xxx/xxx/xxx".into();
    let read: SearchReport = serde_json::from_value(json).unwrap();
    assert_eq!(read.restored(), None);
}
