//! The charts of the Compare, Tournament and Training windows: the data and
//! its drawing on any cairo context (`chart`), and the widget that shows
//! one with its tooltips and save menu (`chart_view`).

pub mod chart;
pub mod chart_view;
