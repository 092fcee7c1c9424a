//! The Compare, Tournament and Training charts: what they show (`Chart`),
//! how they are drawn with plotters on any cairo context (the drawing area's, or a
//! PNG or SVG file's, so a saved chart is the chart on the screen), and
//! their text equivalent for screen readers and the clipboard.

use std::path::Path;

use gtk::cairo;
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::series::DashedLineSeries;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_cairo::CairoBackend;

use tictactoe_files::whole as files;
use tictactoe_tools::compare::Family;
use tictactoe_tools::training::{Block, block_line};
use tictactoe_tools::truth::{EvaluationTruth, Point};
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::{decimal, group, percent, percent_of, result_number};

/// A family's colour's name in `style.css` (`tests/contrast.py` checks
/// them), and its place in `Palette::families`.
pub fn family_color(family: Family) -> (&'static str, usize) {
    match family {
        Family::Minimax => ("chart_minimax_color", 0),
        Family::AlphaBeta => ("chart_alphabeta_color", 1),
        Family::Mcts => ("chart_mcts_color", 2),
        Family::Table => ("chart_table_color", 3),
        Family::ProofNumber => ("chart_proof_number_color", 4),
        Family::Other => ("chart_other_color", 5),
    }
}

/// How a bar's value reads on a logarithmic axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// A count: nodes.
    Count,
    /// A time in microseconds.
    Micros,
}

impl Scale {
    /// An axis label: "10k", "1M"; "100 µs", "2 ms".
    fn tick(self, value: f64) -> String {
        match self {
            Scale::Count => {
                let (divisor, suffix) = [(1e9, "G"), (1e6, "M"), (1e3, "k")]
                    .into_iter()
                    .find(|(divisor, _)| value >= *divisor)
                    .unwrap_or((1.0, ""));
                format!("{}{suffix}", axis_number(value / divisor))
            }
            Scale::Micros => {
                let (divisor, unit) = [(1e6, "s"), (1e3, "ms")]
                    .into_iter()
                    .find(|(divisor, _)| value >= *divisor)
                    .unwrap_or((1.0, "µs"));
                format!("{} {unit}", axis_number(value / divisor))
            }
        }
    }
}

/// An axis's number without needless decimals, with the user's language's
/// decimal point: "2", "2.5" ("2,5" in German).
pub fn axis_number(value: f64) -> String {
    let text = format!("{value:.1}");
    decimal(text.strip_suffix(".0").unwrap_or(&text))
}

/// One bar: a player's figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// The player: "Minimax, full depth".
    pub label: String,
    pub family: Family,
    pub value: f64,
    /// The uncertainty either side of `value`, drawn as an error bar.
    pub spread: Option<f64>,
    /// The exact figure, as the tooltip and the text equivalent say it.
    pub figure: String,
}

/// A reference value drawn as a line across bars: "minimal tree
/// (Knuth–Moore): 38 nodes".
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    pub label: String,
    pub value: f64,
    /// The exact figure, as the text equivalent says it.
    pub figure: String,
}

/// One player's results with each side, as wins, draws and losses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideResults {
    pub label: String,
    pub as_x: [u64; 3],
    pub as_o: [u64; 3],
}

/// What a chart shows.
#[derive(Debug, Clone, PartialEq)]
pub enum ChartData {
    /// Horizontal bars on a logarithmic axis (nodes, time), and a dashed
    /// line across them where there is a reference to measure them by.
    LogBars {
        scale: Scale,
        bars: Vec<Bar>,
        reference: Option<Reference>,
    },
    /// Horizontal bars on a linear axis from zero, with error bars (the
    /// ranking's ratings).
    Bars { axis: String, bars: Vec<Bar> },
    /// Per player, a stacked bar of wins, draws and losses as X and one as
    /// O.
    Sides(Vec<SideResults>),
    /// A learning curve over the games played: per block of games, its
    /// shares of wins, draws and losses stacked up to 100%.
    LearningCurve(Vec<Block>),
    /// MENACE's beads in the empty board's box at the end of each block, a
    /// line over the games played (Michie's own plot). Blocks without a
    /// count are left out.
    FirstBoxBeads(Vec<Block>),
    /// Lines over the games played, a dot per block, on one axis from 0
    /// (the neural player's exam, its losses).
    Lines { axis: String, series: Vec<Series> },
    /// Monte Carlo's estimates closing in: each move's mean on X's scale
    /// against the steps run (`steps`: "playouts"), its exact value a
    /// dashed line in its colour.
    Convergence {
        steps: String,
        moves: Vec<MoveEstimates>,
    },
    /// Evaluations against the truth: per evaluation a dot per position,
    /// its static value (across) against the solver's exact score (up),
    /// both from X's point of view; its rank correlation in the legend.
    AgainstTruth(Vec<EvaluationTruth>),
}

/// An evaluation's legend entry, short so that three fit 640 px: "lines
/// ρ = +0.236" (the title says what ρ is).
fn truth_legend(truth: &EvaluationTruth) -> String {
    match truth.correlation {
        Some(correlation) => fill(
            &gettext("{evaluation} ρ = {correlation}"),
            &[
                ("evaluation", &truth.evaluation),
                ("correlation", &result_number(correlation, 3)),
            ],
        ),
        None => fill(
            &gettext("{evaluation}, no ρ"),
            &[("evaluation", &truth.evaluation)],
        ),
    }
}

/// An evaluation and its rank correlation in words: "lines, rank
/// correlation +0.236".
fn truth_words(truth: &EvaluationTruth) -> String {
    fill(
        &gettext("{evaluation}, rank correlation {correlation}"),
        &[
            ("evaluation", &truth.evaluation),
            ("correlation", &correlation_words(truth.correlation)),
        ],
    )
}

/// A rank correlation as read: "+0.236", or why there is none.
fn correlation_words(correlation: Option<f64>) -> String {
    correlation.map_or_else(
        || gettext("none (the values or the scores are all alike)"),
        |correlation| result_number(correlation, 3),
    )
}

/// One point in words: "4453: value +3, exact score −980".
fn truth_point_words(point: &Point) -> String {
    fill(
        &gettext("{position}: value {value}, exact score {score}"),
        &[
            ("position", &point.position),
            ("value", &result_number(f64::from(point.value), 0)),
            ("score", &result_number(f64::from(point.score), 0)),
        ],
    )
}

/// One root move of a `ChartData::Convergence` chart.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveEstimates {
    /// "cell 5".
    pub name: String,
    /// Steps run, and the move's mean on X's scale then.
    pub points: Vec<(u64, f64)>,
    /// Its value under perfect play, on X's scale, where known.
    pub exact: Option<f64>,
}

impl MoveEstimates {
    /// Its legend entry: "cell 5, exact +1".
    fn legend(&self) -> String {
        match self.exact {
            Some(exact) => fill(
                &gettext("{move}, exact {value}"),
                &[("move", &self.name), ("value", &result_number(exact, 0))],
            ),
            None => self.name.clone(),
        }
    }

    /// "cell 5: mean +0.420 after 1,000 playouts (exact +1)".
    fn words(&self, steps: &str) -> Option<String> {
        let &(after, mean) = self.points.last()?;
        let exact = self.exact.map_or_else(
            || gettext("exact value unknown"),
            |exact| {
                fill(
                    &gettext("exact {value}"),
                    &[("value", &result_number(exact, 0))],
                )
            },
        );
        Some(fill(
            &gettext("{move}: mean {mean} after {count} {steps} ({exact})"),
            &[
                ("move", &self.name),
                ("mean", &result_number(mean, 3)),
                ("count", &group(after)),
                ("steps", &steps),
                ("exact", &exact),
            ],
        ))
    }
}

/// One line of a `ChartData::Lines` chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    /// Games played, and the value then.
    pub points: Vec<(u64, f64)>,
    /// Its figures as read: "99.2%", "0.412".
    pub decimals: usize,
    /// Whether its values are per cent.
    pub percent: bool,
}

impl Series {
    fn figure(&self, value: f64) -> String {
        if self.percent {
            percent(value, self.decimals)
        } else {
            decimal(&format!("{value:.*}", self.decimals))
        }
    }

    /// "first choice optimal: 99.2% after 1,000 games".
    fn point_words(&self, games: u64, value: f64) -> String {
        let point = fill(
            &gettext("{series}: {value}"),
            &[("series", &self.name), ("value", &self.figure(value))],
        );
        after_games(&point, games)
    }
}

/// A chart: its title and its data.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub title: String,
    pub data: ChartData,
}

/// Where a bar (or a part of one) was drawn, and what hovering it says.
#[derive(Debug, Clone, PartialEq)]
pub struct HitBox {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
    pub text: String,
}

impl HitBox {
    pub fn contains(&self, x: f64, y: f64) -> bool {
        (self.left..=self.right).contains(&x) && (self.top..=self.bottom).contains(&y)
    }

    pub fn centre(&self) -> (f64, f64) {
        (
            (self.left + self.right) / 2.0,
            (self.top + self.bottom) / 2.0,
        )
    }
}

/// An RGBA colour, each channel from 0 to 1.
pub type Rgba = [f64; 4];

/// The colours a chart is drawn in, looked up in the style sheet so that
/// they follow the light or dark style.
#[derive(Debug, Clone, PartialEq)]
pub struct Palette {
    pub background: Rgba,
    pub text: Rgba,
    pub grid: Rgba,
    pub families: [Rgba; 6],
    /// Wins, draws, losses.
    pub outcomes: [Rgba; 3],
}

/// A file a chart is saved as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Svg,
}

impl ImageFormat {
    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Png => "png",
            ImageFormat::Svg => "svg",
        }
    }
}

const FONT: &str = "sans-serif";
const FONT_SIZE: f64 = 13.0;
const TITLE_SIZE: f64 = 15.0;
/// From one line of a title to the next.
const TITLE_LINE: u32 = 20;
/// The width the save button takes over the title's line, at the chart's
/// top right corner, with a gap.
const SAVE_BUTTON_ROOM: u32 = 44;
/// A bar's thickness as a share of its row.
const BAR_SHARE: f64 = 0.7;
/// The height of a chart over the games played.
const CURVE_HEIGHT: i32 = 240;

fn color(rgba: Rgba) -> RGBAColor {
    let channel = |value: f64| (value.clamp(0.0, 1.0) * 255.0).round() as u8;
    RGBAColor(
        channel(rgba[0]),
        channel(rgba[1]),
        channel(rgba[2]),
        rgba[3],
    )
}

/// Words for win, draw and loss, in the order of `SideResults`.
fn outcome_names() -> [String; 3] {
    [gettext("wins"), gettext("draws"), gettext("losses")]
}

type DrawResult<T> = Result<T, String>;

fn drawing_error(error: impl std::fmt::Display) -> String {
    fill(
        &gettext("the chart could not be drawn: {error}"),
        &[("error", &error)],
    )
}

impl Chart {
    /// The rows down the chart's left, top first.
    fn row_labels(&self) -> Vec<String> {
        match &self.data {
            ChartData::LogBars { bars, .. } | ChartData::Bars { bars, .. } => {
                bars.iter().map(|bar| bar.label.clone()).collect()
            }
            ChartData::Sides(players) => players
                .iter()
                .flat_map(|player| {
                    [
                        fill(&gettext("{player} as X"), &[("player", &player.label)]),
                        fill(&gettext("{player} as O"), &[("player", &player.label)]),
                    ]
                })
                .collect(),
            ChartData::LearningCurve(_)
            | ChartData::FirstBoxBeads(_)
            | ChartData::Lines { .. }
            | ChartData::Convergence { .. }
            | ChartData::AgainstTruth(_) => Vec::new(),
        }
    }

    pub fn is_empty(&self) -> bool {
        match &self.data {
            ChartData::LearningCurve(blocks) => blocks.is_empty(),
            ChartData::FirstBoxBeads(blocks) => bead_points(blocks).is_empty(),
            ChartData::Lines { series, .. } => series.iter().all(|line| line.points.is_empty()),
            ChartData::Convergence { moves, .. } => moves.iter().all(|line| line.points.is_empty()),
            ChartData::AgainstTruth(truths) => truths.iter().all(|truth| truth.points.is_empty()),
            _ => self.row_labels().is_empty(),
        }
    }

    /// The chart in words, every figure in it: what a screen reader reads
    /// for it.
    pub fn text(&self) -> String {
        let items: Vec<String> = match &self.data {
            ChartData::LogBars {
                bars, reference, ..
            } => reference
                .iter()
                .map(|line| format!("{}: {}", line.label, line.figure))
                .chain(bars.iter().map(|bar| format!("{}: {}", bar.label, bar.figure)))
                .collect(),
            ChartData::Bars { bars, .. } => bars
                .iter()
                .map(|bar| format!("{}: {}", bar.label, bar.figure))
                .collect(),
            ChartData::Sides(players) => players
                .iter()
                .map(|player| {
                    let [wins, draws, losses] = player.as_x;
                    let [o_wins, o_draws, o_losses] = player.as_o;
                    fill(
                        &gettext(
                            "{player}: as X {wins} won, {draws} drawn, {losses} lost; as O {o_wins} won, {o_draws} drawn, {o_losses} lost",
                        ),
                        &[
                            ("player", &player.label),
                            ("wins", &wins),
                            ("draws", &draws),
                            ("losses", &losses),
                            ("o_wins", &o_wins),
                            ("o_draws", &o_draws),
                            ("o_losses", &o_losses),
                        ],
                    )
                })
                .collect(),
            ChartData::LearningCurve(blocks) => curve_words(blocks),
            ChartData::FirstBoxBeads(blocks) => beads_words(blocks),
            ChartData::Lines { series, .. } => series
                .iter()
                .flat_map(|line| {
                    let first = line.points.first().filter(|_| line.points.len() > 1);
                    first
                        .into_iter()
                        .chain(line.points.last())
                        .map(|&(games, value)| line.point_words(games, value))
                })
                .collect(),
            ChartData::Convergence { steps, moves } => {
                moves.iter().filter_map(|line| line.words(steps)).collect()
            }
            ChartData::AgainstTruth(truths) => truths
                .iter()
                .map(|truth| {
                    let points: Vec<String> = truth.points.iter().map(truth_point_words).collect();
                    format!("{}: {}", truth_words(truth), points.join(", "))
                })
                .collect(),
        };
        if items.is_empty() {
            return fill(
                &gettext("{title}: nothing to show yet."),
                &[("title", &self.title)],
            );
        }
        format!("{}: {}.", self.title, items.join("; "))
    }

    /// The height the chart wants at `width`: a row per bar and the axes.
    pub fn natural_height(&self) -> i32 {
        if matches!(
            self.data,
            ChartData::LearningCurve(_)
                | ChartData::FirstBoxBeads(_)
                | ChartData::Lines { .. }
                | ChartData::Convergence { .. }
                | ChartData::AgainstTruth(_)
        ) {
            return CURVE_HEIGHT;
        }
        let rows = self.row_labels().len().max(1) as i32;
        let legend = if self.has_legend() { 24 } else { 0 };
        60 + legend + rows * 28
    }

    fn has_legend(&self) -> bool {
        !self.is_empty()
    }

    /// Draws the chart on `context`, `width` by `height` pixels from its
    /// origin; returns where each bar went, for the tooltips.
    pub fn draw(
        &self,
        context: &cairo::Context,
        width: u32,
        height: u32,
        palette: &Palette,
    ) -> DrawResult<Vec<HitBox>> {
        let root = CairoBackend::new(context, (width, height))
            .map_err(drawing_error)?
            .into_drawing_area();
        root.fill(&color(palette.background))
            .map_err(drawing_error)?;
        let ink = color(palette.text);
        let text = TextStyle::from((FONT, FONT_SIZE).into_font()).color(&ink);
        let title =
            TextStyle::from((FONT, TITLE_SIZE).into_font().style(FontStyle::Bold)).color(&ink);
        let title_lines = title_lines(&self.title, width, |line| {
            text_width_at(context, line, TITLE_SIZE, cairo::FontWeight::Bold)
        });
        let more_lines = title_lines.len().saturating_sub(1) as u32;
        let (top, rest) = root.split_vertically(TITLE_SIZE as u32 + 12 + more_lines * TITLE_LINE);
        for (index, line) in title_lines.into_iter().enumerate() {
            top.draw(&Text::new(
                line,
                (4, 4 + index as i32 * TITLE_LINE as i32),
                title.pos(Pos::new(HPos::Left, VPos::Top)),
            ))
            .map_err(drawing_error)?;
        }
        if self.is_empty() {
            rest.draw(&Text::new(
                gettext("Nothing to show yet."),
                (4, 4),
                text.pos(Pos::new(HPos::Left, VPos::Top)),
            ))
            .map_err(drawing_error)?;
            return Ok(Vec::new());
        }
        let (legend, plot) = rest.split_vertically(24);
        self.draw_legend(&legend, palette, &text)?;
        let labels = self.row_labels();
        // A label wider than this goes on two lines, so that it is never
        // cut and the plot keeps room.
        let room = f64::from(width) * 0.45;
        let lines: Vec<Vec<String>> = labels
            .iter()
            .map(|label| wrap(label, room, |text| text_width(context, text)))
            .collect();
        let label_width = lines
            .iter()
            .flatten()
            .map(|line| text_width(context, line))
            .fold(0.0, f64::max)
            .ceil() as u32
            + 12;
        let plot = Plot {
            area: &plot,
            labels: &labels,
            lines: &lines,
            label_width,
            palette,
            text: &text,
        };
        match &self.data {
            ChartData::LogBars {
                scale,
                bars,
                reference,
            } => draw_log_bars(&plot, *scale, bars, reference.as_ref()),
            ChartData::Bars { axis, bars } => draw_linear_bars(&plot, axis, bars),
            ChartData::Sides(players) => draw_sides(&plot, players),
            ChartData::LearningCurve(blocks) => draw_learning_curve(&plot, blocks),
            ChartData::FirstBoxBeads(blocks) => draw_first_box_beads(&plot, blocks),
            ChartData::Lines { axis, series } => draw_series(&plot, axis, series),
            ChartData::Convergence { steps, moves } => draw_convergence(&plot, steps, moves),
            ChartData::AgainstTruth(truths) => draw_against_truth(&plot, truths),
        }
    }

    /// The legend under the title: the families of the bars, or wins,
    /// draws and losses.
    fn draw_legend(
        &self,
        area: &DrawingArea<CairoBackend<'_>, Shift>,
        palette: &Palette,
        text: &TextStyle<'_>,
    ) -> DrawResult<()> {
        let entries: Vec<(String, Rgba)> = match &self.data {
            ChartData::LogBars { bars, .. } | ChartData::Bars { bars, .. } => Family::ALL
                .into_iter()
                .filter(|family| bars.iter().any(|bar| bar.family == *family))
                .map(|family| {
                    (
                        family.display_name(),
                        palette.families[family_color(family).1],
                    )
                })
                .collect(),
            ChartData::Sides(_) | ChartData::LearningCurve(_) => {
                outcome_names().into_iter().zip(palette.outcomes).collect()
            }
            ChartData::FirstBoxBeads(_) => vec![(gettext("beads in the first box"), palette.text)],
            ChartData::Lines { series, .. } => series
                .iter()
                .enumerate()
                .map(|(index, line)| (line.name.clone(), line_colour(palette, index)))
                .collect(),
            ChartData::Convergence { moves, .. } => moves
                .iter()
                .enumerate()
                .map(|(index, line)| (line.legend(), move_colour(palette, index)))
                .collect(),
            ChartData::AgainstTruth(truths) => truths
                .iter()
                .enumerate()
                .map(|(index, truth)| (truth_legend(truth), line_colour(palette, index)))
                .collect(),
        };
        let mut x = 4;
        for (name, rgba) in entries {
            area.draw(&Rectangle::new(
                [(x, 6), (x + 12, 18)],
                color(rgba).filled(),
            ))
            .map_err(drawing_error)?;
            area.draw(&Text::new(
                name.clone(),
                (x + 17, 12),
                text.pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(drawing_error)?;
            x += 17
                + area
                    .estimate_text_size(&name, text)
                    .map_or(60, |size| size.0) as i32
                + 16;
        }
        // The reference line's entry: a dash, and what it stands for.
        if let ChartData::LogBars {
            reference: Some(line),
            ..
        } = &self.data
        {
            area.draw(&PathElement::new(
                [(x, 12), (x + 12, 12)],
                color(palette.text).stroke_width(2),
            ))
            .map_err(drawing_error)?;
            area.draw(&Text::new(
                format!("{}: {}", line.label, line.figure),
                (x + 17, 12),
                text.pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(drawing_error)?;
        }
        Ok(())
    }

    /// Saves the chart to `path`, `width` by `height` pixels (points for
    /// SVG), drawn as on the screen: made in memory, then written whole
    /// or not at all (`files::write_whole`).
    pub fn save(
        &self,
        path: &Path,
        format: ImageFormat,
        size: (u32, u32),
        palette: &Palette,
    ) -> DrawResult<()> {
        let bytes = self.encode(format, size, palette)?;
        files::write_whole(path, &bytes).map_err(|error| error.to_string())
    }

    /// The chart as the bytes of a PNG or SVG file.
    fn encode(
        &self,
        format: ImageFormat,
        (width, height): (u32, u32),
        palette: &Palette,
    ) -> DrawResult<Vec<u8>> {
        let io_error = |error: &dyn std::fmt::Display| error.to_string();
        match format {
            ImageFormat::Png => {
                let surface =
                    cairo::ImageSurface::create(cairo::Format::ARgb32, width as i32, height as i32)
                        .map_err(|error| io_error(&error))?;
                {
                    let context =
                        cairo::Context::new(&surface).map_err(|error| io_error(&error))?;
                    self.draw(&context, width, height, palette)?;
                }
                let mut bytes = Vec::new();
                surface
                    .write_to_png(&mut bytes)
                    .map_err(|error| io_error(&error))?;
                Ok(bytes)
            }
            ImageFormat::Svg => {
                let surface =
                    cairo::SvgSurface::for_stream(f64::from(width), f64::from(height), Vec::new())
                        .map_err(|error| io_error(&error))?;
                {
                    let context =
                        cairo::Context::new(&surface).map_err(|error| io_error(&error))?;
                    self.draw(&context, width, height, palette)?;
                }
                let stream = surface
                    .finish_output_stream()
                    .map_err(|error| io_error(&error))?;
                let bytes = stream
                    .downcast::<Vec<u8>>()
                    .expect("the stream the surface was made with");
                Ok(*bytes)
            }
        }
    }
}

/// The title's lines in a chart `width` wide, as `measure` measures them:
/// clear of the save button over the top right corner, broken at spaces.
fn title_lines(title: &str, width: u32, measure: impl Fn(&str) -> f64) -> Vec<String> {
    let room = f64::from(width) - f64::from(SAVE_BUTTON_ROOM) - 4.0;
    wrap(title, room, measure)
}

/// `text` in lines of at most `room` wide as `width` measures them, broken
/// at spaces (a word wider than `room` has a line of its own).
fn wrap(text: &str, room: f64, width: impl Fn(&str) -> f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if width(&format!("{line} {word}")) <= room => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// Draws `lines` one under the other, centred on `y`.
fn draw_lines(
    area: &DrawingArea<CairoBackend<'_>, Shift>,
    lines: &[String],
    (x, y): (i32, i32),
    style: &TextStyle<'_>,
) -> DrawResult<()> {
    let height = (FONT_SIZE + 2.0) as i32;
    let first = y - height * (lines.len() as i32 - 1) / 2;
    for (index, line) in lines.iter().enumerate() {
        area.draw(&Text::new(
            line.clone(),
            (x, first + height * index as i32),
            style.clone(),
        ))
        .map_err(drawing_error)?;
    }
    Ok(())
}

/// How wide `text` is in the chart's font.
fn text_width(context: &cairo::Context, text: &str) -> f64 {
    text_width_at(context, text, FONT_SIZE, cairo::FontWeight::Normal)
}

/// How wide `text` is in the chart's font at `size`, of `weight`.
fn text_width_at(
    context: &cairo::Context,
    text: &str,
    size: f64,
    weight: cairo::FontWeight,
) -> f64 {
    context.save().ok();
    context.select_font_face(FONT, cairo::FontSlant::Normal, weight);
    context.set_font_size(size);
    let width = context
        .text_extents(text)
        .map_or(text.chars().count() as f64 * 7.0, |extents| {
            extents.x_advance()
        });
    context.restore().ok();
    width
}

/// The rows' centres and thickness, top row first, in `rows` rows of
/// `0.0..rows` on the vertical axis (which grows upwards).
fn row_span(index: usize, rows: usize) -> (f64, f64) {
    let centre = (rows - index) as f64 - 0.5;
    (centre - BAR_SHARE / 2.0, centre + BAR_SHARE / 2.0)
}

/// Where a chart's rows are plotted, and what they are drawn with.
struct Plot<'a, 'b> {
    area: &'a DrawingArea<CairoBackend<'b>, Shift>,
    /// The rows' labels, top first: one row each.
    labels: &'a [String],
    /// The same labels in the lines they are drawn in.
    lines: &'a [Vec<String>],
    /// The room the labels take left of the plot.
    label_width: u32,
    palette: &'a Palette,
    text: &'a TextStyle<'a>,
}

/// A plot's coordinates: `X` across, the rows up.
type RowsPlot<'a, 'b, X> = ChartContext<'a, CairoBackend<'b>, Cartesian2d<X, RangedCoordf64>>;

impl<'a, 'b> Plot<'a, 'b> {
    /// The plot's coordinates over `x`, with its grid and x axis drawn:
    /// `ticks` ticks that read as `tick` says, the axis named `name`
    /// under them when it has one.
    fn frame<X>(
        &self,
        x: X,
        ticks: usize,
        tick: &dyn Fn(&f64) -> String,
        name: Option<&str>,
    ) -> DrawResult<RowsPlot<'a, 'b, X::CoordDescType>>
    where
        X: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
    {
        let mut chart = ChartBuilder::on(self.area)
            .margin_right(24)
            .margin_top(4)
            .x_label_area_size(if name.is_some() { 44 } else { 28 })
            .y_label_area_size(self.label_width)
            .build_cartesian_2d(x, 0.0..self.labels.len() as f64)
            .map_err(drawing_error)?;
        let mut mesh = chart.configure_mesh();
        mesh.disable_y_mesh()
            .y_labels(0)
            .x_labels(ticks)
            .x_label_formatter(tick)
            .x_label_style(self.text.clone())
            .axis_style(color(self.palette.text))
            .bold_line_style(color(self.palette.grid))
            .light_line_style(TRANSPARENT);
        if let Some(name) = name {
            mesh.x_desc(name).axis_desc_style(self.text.clone());
        }
        mesh.draw().map_err(drawing_error)?;
        Ok(chart)
    }

    /// A bar's figure instead of the bar, from `at` on; returns where it
    /// went.
    fn draw_note<X>(
        &self,
        chart: &RowsPlot<'a, 'b, X>,
        at: (f64, f64),
        bar: &Bar,
    ) -> DrawResult<HitBox>
    where
        X: Ranged<ValueType = f64>,
    {
        let (x, y) = chart.backend_coord(&at);
        let (area_x, area_y) = self.area.get_base_pixel();
        let style = self.text.pos(Pos::new(HPos::Left, VPos::Center));
        let (x, y) = (x - area_x + 6, y - area_y);
        let measure = |text: &str| {
            self.area
                .estimate_text_size(text, &style)
                .map_or(0.0, |(width, _)| f64::from(width))
        };
        // What is left of the plot's width, on as many lines as it takes.
        let room = f64::from(self.area.dim_in_pixel().0 as i32 - x - 24).max(1.0);
        let lines = wrap(&bar.figure, room, measure);
        draw_lines(self.area, &lines, (x, y), &style)?;
        let width = lines.iter().map(|line| measure(line)).fold(0.0, f64::max) as u32;
        let height = (FONT_SIZE + 2.0) as u32 * lines.len() as u32;
        let (left, middle) = (f64::from(x + area_x), f64::from(y + area_y));
        Ok(HitBox {
            left,
            top: middle - f64::from(height) / 2.0,
            right: left + f64::from(width),
            bottom: middle + f64::from(height) / 2.0,
            text: bar_text(bar),
        })
    }

    /// The row labels, right-aligned left of `left` on the x axis.
    fn draw_row_labels<X>(&self, chart: &RowsPlot<'a, 'b, X>, left: f64) -> DrawResult<()>
    where
        X: Ranged<ValueType = f64>,
    {
        let rows = self.lines.len();
        let style = self.text.pos(Pos::new(HPos::Right, VPos::Center));
        for (index, lines) in self.lines.iter().enumerate() {
            let (low, high) = row_span(index, rows);
            let (x, y) = chart.backend_coord(&(left, (low + high) / 2.0));
            let (area_x, area_y) = self.area.get_base_pixel();
            draw_lines(self.area, lines, (x - area_x - 8, y - area_y), &style)?;
        }
        Ok(())
    }
}

/// Fills the block from `corner` to `other` in `fill`; returns where it
/// went, with `text` for its tooltip.
fn draw_block<X>(
    chart: &mut RowsPlot<'_, '_, X>,
    corner: (f64, f64),
    other: (f64, f64),
    fill: RGBAColor,
    text: String,
) -> DrawResult<HitBox>
where
    X: Ranged<ValueType = f64>,
{
    chart
        .draw_series([Rectangle::new([corner, other], fill.filled())])
        .map_err(drawing_error)?;
    let (corner, other) = (chart.backend_coord(&corner), chart.backend_coord(&other));
    Ok(HitBox {
        left: f64::from(corner.0.min(other.0)),
        top: f64::from(corner.1.min(other.1)),
        right: f64::from(corner.0.max(other.0)),
        bottom: f64::from(corner.1.max(other.1)),
        text,
    })
}

/// A bar's colour: its family's.
fn bar_color(bar: &Bar, palette: &Palette) -> RGBAColor {
    color(palette.families[family_color(bar.family).1])
}

/// What a bar's tooltip says.
fn bar_text(bar: &Bar) -> String {
    format!("{}: {}", bar.label, bar.figure)
}

/// Horizontal bars on a logarithmic axis. Zero has no place on it: a bar
/// of zero (a player that looked its answer up and searched no node) is
/// its figure, written where the bar would start.
fn draw_log_bars(
    plot: &Plot<'_, '_>,
    scale: Scale,
    bars: &[Bar],
    reference: Option<&Reference>,
) -> DrawResult<Vec<HitBox>> {
    let values: Vec<f64> = bars
        .iter()
        .map(|bar| bar.value)
        .chain(reference.map(|line| line.value))
        .filter(|&value| value > 0.0)
        .collect();
    // Without any bar, an axis of one decade.
    let (smallest, largest) = if values.is_empty() {
        (1.0, 1.0)
    } else {
        (
            values.iter().copied().fold(f64::INFINITY, f64::min),
            values.iter().copied().fold(0.0, f64::max),
        )
    };
    // Strictly below the smallest value, so that every bar has a length.
    let low = 10f64.powf(smallest.log10().ceil() - 1.0);
    let high = 10f64.powf((largest * 1.05).log10().ceil()).max(low * 10.0);
    let decades = (high / low).log10().round() as usize;
    let mut chart = plot.frame(
        (low..high).log_scale(),
        decades + 1,
        &|value| scale.tick(*value),
        None,
    )?;
    let mut hits = Vec::new();
    for (index, bar) in bars.iter().enumerate() {
        let (bottom, top) = row_span(index, bars.len());
        if bar.value > 0.0 {
            hits.push(draw_block(
                &mut chart,
                (low, top),
                (bar.value, bottom),
                bar_color(bar, plot.palette),
                bar_text(bar),
            )?);
        } else {
            hits.push(plot.draw_note(&chart, (low, (bottom + top) / 2.0), bar)?);
        }
    }
    if let Some(line) = reference.filter(|line| line.value > 0.0) {
        hits.push(draw_reference(&mut chart, plot, line, bars.len())?);
    }
    plot.draw_row_labels(&chart, low)?;
    Ok(hits)
}

/// A dashed line at `line`'s value down all `rows` rows; returns where it
/// went.
fn draw_reference<X>(
    chart: &mut RowsPlot<'_, '_, X>,
    plot: &Plot<'_, '_>,
    line: &Reference,
    rows: usize,
) -> DrawResult<HitBox>
where
    X: Ranged<ValueType = f64>,
{
    let ink = color(plot.palette.text);
    let top = rows as f64;
    // Dashes a tenth of a row long, a tenth apart.
    let dashes = (0..(rows * 5)).map(|dash| {
        let from = dash as f64 * 0.2;
        PathElement::new(
            [(line.value, from), (line.value, from + 0.1)],
            ink.stroke_width(2),
        )
    });
    chart.draw_series(dashes).map_err(drawing_error)?;
    // The legend names it; hovering it says it too.
    let (x, y_top) = chart.backend_coord(&(line.value, top));
    let (_, y_bottom) = chart.backend_coord(&(line.value, 0.0));
    Ok(HitBox {
        left: f64::from(x - 3),
        top: f64::from(y_top),
        right: f64::from(x + 3),
        bottom: f64::from(y_bottom),
        text: format!("{}: {}", line.label, line.figure),
    })
}

fn draw_linear_bars(plot: &Plot<'_, '_>, axis: &str, bars: &[Bar]) -> DrawResult<Vec<HitBox>> {
    let reach = |bar: &Bar| {
        (
            bar.value - bar.spread.unwrap_or(0.0),
            bar.value + bar.spread.unwrap_or(0.0),
        )
    };
    let low = bars.iter().map(|bar| reach(bar).0).fold(0.0, f64::min);
    let high = bars.iter().map(|bar| reach(bar).1).fold(0.0, f64::max);
    let pad = ((high - low) * 0.05).max(1.0);
    let (low, high) = (if low < 0.0 { low - pad } else { 0.0 }, high + pad);
    let mut chart = plot.frame(low..high, 6, &|value| axis_number(*value), Some(axis))?;
    let mut hits = Vec::new();
    for (index, bar) in bars.iter().enumerate() {
        let (bottom, top) = row_span(index, bars.len());
        hits.push(draw_block(
            &mut chart,
            (0.0, top),
            (bar.value, bottom),
            bar_color(bar, plot.palette),
            bar_text(bar),
        )?);
        if let Some(spread) = bar.spread {
            let middle = (bottom + top) / 2.0;
            chart
                .draw_series([ErrorBar::new_horizontal(
                    middle,
                    bar.value - spread,
                    bar.value,
                    bar.value + spread,
                    color(plot.palette.text).stroke_width(2),
                    10,
                )])
                .map_err(drawing_error)?;
        }
    }
    plot.draw_row_labels(&chart, low)?;
    Ok(hits)
}

fn draw_sides(plot: &Plot<'_, '_>, players: &[SideResults]) -> DrawResult<Vec<HitBox>> {
    let most = players
        .iter()
        .flat_map(|player| [player.as_x, player.as_o])
        .map(|counts| counts.iter().sum::<u64>())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut chart = plot.frame(
        0.0..most as f64,
        6,
        &|value| axis_number(*value),
        Some(&gettext("games")),
    )?;
    let names = outcome_names();
    let mut hits = Vec::new();
    let counts = players.iter().flat_map(|player| [player.as_x, player.as_o]);
    for (index, (counts, label)) in counts.zip(plot.labels).enumerate() {
        let (bottom, top) = row_span(index, plot.labels.len());
        let mut start = 0.0;
        for ((count, rgba), name) in counts.iter().zip(plot.palette.outcomes).zip(&names) {
            if *count == 0 {
                continue;
            }
            let end = start + *count as f64;
            hits.push(draw_block(
                &mut chart,
                (start, top),
                (end, bottom),
                color(rgba),
                format!("{label}: {count} {name}"),
            )?);
            start = end;
        }
    }
    plot.draw_row_labels(&chart, 0.0)?;
    Ok(hits)
}

/// The coordinates of a chart over the games played: `0..games` across,
/// `0..top` up, with the grid and both axes drawn and named.
fn games_frame<'a, 'b>(
    plot: &Plot<'a, 'b>,
    games: u64,
    top: f64,
    name: &str,
    tick: &dyn Fn(&f64) -> String,
) -> DrawResult<RowsPlot<'a, 'b, RangedCoordf64>> {
    let mut chart = ChartBuilder::on(plot.area)
        .margin_right(24)
        .margin_top(4)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(0.0..games.max(1) as f64, 0.0..top)
        .map_err(drawing_error)?;
    let games_tick = |value: &f64| Scale::Count.tick(*value);
    chart
        .configure_mesh()
        .x_labels(6)
        .y_labels(6)
        .x_label_formatter(&games_tick)
        .y_label_formatter(tick)
        .x_label_style(plot.text.clone())
        .y_label_style(plot.text.clone())
        .x_desc(gettext("games played"))
        .y_desc(name)
        .axis_desc_style(plot.text.clone())
        .axis_style(color(plot.palette.text))
        .bold_line_style(color(plot.palette.grid))
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(drawing_error)?;
    Ok(chart)
}

/// Each block as a column from the games before it to its last game:
/// wins at the bottom, then draws, then losses, as shares of its games.
/// Every part's tooltip is the block in words.
fn draw_learning_curve(plot: &Plot<'_, '_>, blocks: &[Block]) -> DrawResult<Vec<HitBox>> {
    let games = blocks.last().map_or(1, |block| block.games);
    let mut chart = games_frame(plot, games, 100.0, &gettext("share of games"), &|value| {
        percent_of(&axis_number(*value))
    })?;
    let mut hits = Vec::new();
    let mut start = 0;
    for block in blocks {
        let played = block.played().max(1) as f64;
        let words = block_line(start, block);
        let mut bottom = 0.0;
        for (count, rgba) in [block.wins, block.draws, block.losses]
            .into_iter()
            .zip(plot.palette.outcomes)
        {
            if count == 0 {
                continue;
            }
            let top = bottom + 100.0 * count as f64 / played;
            hits.push(draw_block(
                &mut chart,
                (start as f64, top),
                (block.games as f64, bottom),
                color(rgba),
                words.clone(),
            )?);
            bottom = top;
        }
        start = block.games;
    }
    Ok(hits)
}

/// The blocks that counted the first box's beads: games played, beads.
fn bead_points(blocks: &[Block]) -> Vec<(u64, u32)> {
    blocks
        .iter()
        .filter_map(|block| block.first_box_beads.map(|beads| (block.games, beads)))
        .collect()
}

/// "1,200 beads after 400 games", "1 bead after 1 game".
fn beads_after(games: u64, beads: u32) -> String {
    let beads = fill(
        &ngettext("{count} bead", "{count} beads", beads),
        &[("count", &group(u64::from(beads)))],
    );
    after_games(&beads, games)
}

/// "{what} after 400 games", "{what} after 1 game".
fn after_games(what: &str, games: u64) -> String {
    fill(
        &ngettext(
            "{what} after {games} game",
            "{what} after {games} games",
            plural_count(games),
        ),
        &[("what", &what), ("games", &group(games))],
    )
}

/// The beads as a line with a dot per block; a dot's tooltip says its
/// count.
fn draw_first_box_beads(plot: &Plot<'_, '_>, blocks: &[Block]) -> DrawResult<Vec<HitBox>> {
    let points = bead_points(blocks);
    let games = points.last().map_or(1, |&(games, _)| games);
    let most = points.iter().map(|&(_, beads)| beads).max().unwrap_or(0);
    let mut chart = games_frame(
        plot,
        games,
        (f64::from(most) * 1.1).max(10.0),
        &gettext("beads"),
        &|value| Scale::Count.tick(*value),
    )?;
    let ink = color(plot.palette.text);
    let coords: Vec<(f64, f64)> = points
        .iter()
        .map(|&(games, beads)| (games as f64, f64::from(beads)))
        .collect();
    chart
        .draw_series([PathElement::new(coords.clone(), ink.stroke_width(2))])
        .map_err(drawing_error)?;
    chart
        .draw_series(
            coords
                .iter()
                .map(|&point| Circle::new(point, 3, ink.filled())),
        )
        .map_err(drawing_error)?;
    Ok(points
        .iter()
        .zip(&coords)
        .map(|(&(games, beads), point)| {
            let (x, y) = chart.backend_coord(point);
            let (x, y) = (f64::from(x), f64::from(y));
            HitBox {
                left: x - 6.0,
                top: y - 6.0,
                right: x + 6.0,
                bottom: y + 6.0,
                text: beads_after(games, beads),
            }
        })
        .collect())
}

/// The colour of a line chart's `index`th series: the text's, then the
/// families' that neither an outcome nor a side's mark shares: those
/// mean won, drawn, lost, X and O in every chart and on the board.
fn line_colour(palette: &Palette, index: usize) -> Rgba {
    [
        palette.text,
        palette.families[2],
        palette.families[0],
        palette.families[5],
    ][index % 4]
}

/// A line through `points` with a dot of radius `dot` at each (none at
/// 0), and a hit box around each point that says `words(index)`.
fn draw_line(
    chart: &mut RowsPlot<'_, '_, RangedCoordf64>,
    points: &[(f64, f64)],
    ink: RGBAColor,
    dot: u32,
    words: &dyn Fn(usize) -> String,
    hits: &mut Vec<HitBox>,
) -> DrawResult<()> {
    chart
        .draw_series([PathElement::new(points.to_vec(), ink.stroke_width(2))])
        .map_err(drawing_error)?;
    if dot > 0 {
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&point| Circle::new(point, dot, ink.filled())),
            )
            .map_err(drawing_error)?;
    }
    for (index, point) in points.iter().enumerate() {
        let (x, y) = chart.backend_coord(point);
        let (x, y) = (f64::from(x), f64::from(y));
        hits.push(HitBox {
            left: x - 6.0,
            top: y - 6.0,
            right: x + 6.0,
            bottom: y + 6.0,
            text: words(index),
        });
    }
    Ok(())
}

/// Each series as a line with a dot per block; a dot's tooltip says its
/// figure.
fn draw_series(plot: &Plot<'_, '_>, axis: &str, series: &[Series]) -> DrawResult<Vec<HitBox>> {
    let points = || series.iter().flat_map(|line| &line.points);
    let games = points().map(|&(games, _)| games).max().unwrap_or(1);
    let top = points().map(|&(_, value)| value).fold(0.0, f64::max);
    let percent = series.iter().all(|line| line.percent);
    let mut chart = games_frame(plot, games, (top * 1.1).max(1.0), axis, &|value| {
        if percent {
            percent_of(&axis_number(*value))
        } else {
            axis_number(*value)
        }
    })?;
    let mut hits = Vec::new();
    for (index, line) in series.iter().enumerate() {
        let ink = color(line_colour(plot.palette, index));
        let points: Vec<(f64, f64)> = line
            .points
            .iter()
            .map(|&(games, value)| (games as f64, value))
            .collect();
        let words = |index: usize| {
            let (games, value) = line.points[index];
            line.point_words(games, value)
        };
        draw_line(&mut chart, &points, ink, 3, &words, &mut hits)?;
    }
    Ok(hits)
}

/// The most points a convergence chart's line marks with a dot.
const MOST_DOTS: usize = 40;

/// The colour of a convergence chart's `index`th move.
fn move_colour(palette: &Palette, index: usize) -> Rgba {
    palette.families[index % palette.families.len()]
}

/// Each move's mean against the steps, a line with a dot per sample, and
/// its exact value a dashed line across in its colour; a dot's tooltip
/// says its figure.
fn draw_convergence(
    plot: &Plot<'_, '_>,
    steps: &str,
    moves: &[MoveEstimates],
) -> DrawResult<Vec<HitBox>> {
    let last = moves
        .iter()
        .flat_map(|line| &line.points)
        .map(|&(after, _)| after)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let mut chart = ChartBuilder::on(plot.area)
        .margin_right(24)
        .margin_top(4)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(0.0..last, -1.05..1.05)
        .map_err(drawing_error)?;
    let steps_tick = |value: &f64| Scale::Count.tick(*value);
    let mean_tick = |value: &f64| result_number(*value, 1);
    chart
        .configure_mesh()
        .x_labels(6)
        .y_labels(5)
        .x_label_formatter(&steps_tick)
        .y_label_formatter(&mean_tick)
        .x_label_style(plot.text.clone())
        .y_label_style(plot.text.clone())
        .x_desc(steps)
        .y_desc(gettext("mean on X's scale"))
        .axis_desc_style(plot.text.clone())
        .axis_style(color(plot.palette.text))
        .bold_line_style(color(plot.palette.grid))
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(drawing_error)?;
    let mut hits = Vec::new();
    for (index, line) in moves.iter().enumerate() {
        let ink = color(move_colour(plot.palette, index));
        if let Some(exact) = line.exact {
            chart
                .draw_series(DashedLineSeries::new(
                    [(0.0, exact), (last, exact)],
                    8,
                    5,
                    ink.stroke_width(1),
                ))
                .map_err(drawing_error)?;
        }
        let points: Vec<(f64, f64)> = line
            .points
            .iter()
            .map(|&(after, mean)| (after as f64, mean))
            .collect();
        let words = |index: usize| {
            let (after, mean) = line.points[index];
            fill(
                &gettext("{move}: mean {mean} after {count} {steps}"),
                &[
                    ("move", &line.name),
                    ("mean", &result_number(mean, 3)),
                    ("count", &group(after)),
                    ("steps", &steps),
                ],
            )
        };
        // Dots while they can be told apart; past that they only cost
        // time to draw.
        let dot = if points.len() <= MOST_DOTS { 2 } else { 0 };
        draw_line(&mut chart, &points, ink, dot, &words, &mut hits)?;
    }
    Ok(hits)
}

/// Each evaluation's dots: its value across, the exact score up.
fn draw_against_truth(plot: &Plot<'_, '_>, truths: &[EvaluationTruth]) -> DrawResult<Vec<HitBox>> {
    let points = || truths.iter().flat_map(|truth| &truth.points);
    let span = |low: i32, high: i32| {
        let pad = (f64::from(high - low) * 0.05).max(1.0);
        f64::from(low) - pad..f64::from(high) + pad
    };
    let values = points().map(|point| point.value);
    let scores = points().map(|point| point.score);
    let across = span(values.clone().min().unwrap_or(0), values.max().unwrap_or(0));
    let up = span(scores.clone().min().unwrap_or(0), scores.max().unwrap_or(0));
    let mut chart = ChartBuilder::on(plot.area)
        .margin_right(24)
        .margin_top(4)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(across, up)
        .map_err(drawing_error)?;
    let tick = |value: &f64| result_number(*value, 0);
    chart
        .configure_mesh()
        .x_labels(6)
        .y_labels(5)
        .x_label_formatter(&tick)
        .y_label_formatter(&tick)
        .x_label_style(plot.text.clone())
        .y_label_style(plot.text.clone())
        .x_desc(gettext("evaluation's value, from X's point of view"))
        .y_desc(gettext("exact score"))
        .axis_desc_style(plot.text.clone())
        .axis_style(color(plot.palette.text))
        .bold_line_style(color(plot.palette.grid))
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(drawing_error)?;
    let mut hits = Vec::new();
    for (index, truth) in truths.iter().enumerate() {
        let ink = color(line_colour(plot.palette, index));
        let dots = truth
            .points
            .iter()
            .map(|point| (f64::from(point.value), f64::from(point.score)));
        chart
            .draw_series(dots.clone().map(|dot| Circle::new(dot, 3, ink.filled())))
            .map_err(drawing_error)?;
        for (dot, point) in dots.zip(&truth.points) {
            let (x, y) = chart.backend_coord(&dot);
            let (x, y) = (f64::from(x), f64::from(y));
            hits.push(HitBox {
                left: x - 5.0,
                top: y - 5.0,
                right: x + 5.0,
                bottom: y + 5.0,
                text: format!("{}: {}", truth.evaluation, truth_point_words(point)),
            });
        }
    }
    Ok(hits)
}

/// A learning curve in words: its first block and its latest.
fn curve_words(blocks: &[Block]) -> Vec<String> {
    let mut items = Vec::new();
    if let [first, _, ..] = blocks {
        items.push(fill(
            &gettext("first {block}"),
            &[("block", &block_line(0, first))],
        ));
    }
    if let Some(last) = blocks.last() {
        let before = blocks.len().checked_sub(2).map_or(0, |i| blocks[i].games);
        items.push(fill(
            &gettext("latest {block}"),
            &[("block", &block_line(before, last))],
        ));
    }
    items
}

/// The first box's beads in words: at the start, the latest, the most.
fn beads_words(blocks: &[Block]) -> Vec<String> {
    let points = bead_points(blocks);
    let (Some(&(first_games, first)), Some(&(last_games, last))) = (points.first(), points.last())
    else {
        return Vec::new();
    };
    let mut items = vec![beads_after(first_games, first)];
    if points.len() > 1 {
        items.push(beads_after(last_games, last));
    }
    let most = points.iter().map(|&(_, beads)| beads).max().unwrap_or(0);
    items.push(fill(
        &gettext("at most {beads}"),
        &[("beads", &group(u64::from(most)))],
    ));
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_engine::player_kind::PlayerKind;

    fn palette() -> Palette {
        Palette {
            background: [1.0, 1.0, 1.0, 1.0],
            text: [0.0, 0.0, 0.0, 0.8],
            grid: [0.0, 0.0, 0.0, 0.15],
            families: [
                [0.8, 0.4, 0.0, 1.0],
                [0.1, 0.4, 0.8, 1.0],
                [0.5, 0.2, 0.6, 1.0],
                [0.1, 0.6, 0.4, 1.0],
                [0.1, 0.5, 0.6, 1.0],
                [0.5, 0.4, 0.3, 1.0],
            ],
            outcomes: [
                [0.1, 0.6, 0.4, 1.0],
                [0.3, 0.3, 0.3, 1.0],
                [0.8, 0.1, 0.1, 1.0],
            ],
        }
    }

    fn nodes_chart() -> Chart {
        let bar = |label: &str, kind, value: f64| Bar {
            label: label.to_owned(),
            family: Family::of(kind),
            value,
            spread: None,
            figure: if value > 0.0 {
                format!("{value} nodes")
            } else {
                "no node: it looked the answer up".to_owned()
            },
        };
        Chart {
            title: "Nodes searched".to_owned(),
            data: ChartData::LogBars {
                scale: Scale::Count,
                bars: vec![
                    bar("Minimax", PlayerKind::Minimax, 549_945.0),
                    bar("Alpha-beta", PlayerKind::AlphaBeta, 20_866.0),
                    bar("Perfect", PlayerKind::Perfect, 0.0),
                ],
                reference: None,
            },
        }
    }

    fn draw(chart: &Chart) -> Vec<HitBox> {
        draw_on_image(chart).0
    }

    /// The chart drawn 640 x 300 px, with the image.
    fn draw_on_image(chart: &Chart) -> (Vec<HitBox>, cairo::ImageSurface) {
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 640, 300).unwrap();
        let context = cairo::Context::new(&surface).unwrap();
        let hits = chart.draw(&context, 640, 300, &palette()).unwrap();
        drop(context);
        (hits, surface)
    }

    #[test]
    fn log_bars_grow_with_their_value_top_row_first() {
        let hits = draw(&nodes_chart());
        assert_eq!(hits.len(), 3);
        let widths: Vec<f64> = hits.iter().map(|hit| hit.right - hit.left).collect();
        assert!(widths[0] > widths[1] && widths[1] > 0.0, "{widths:?}");
        assert!(hits[0].bottom <= hits[1].top && hits[1].bottom <= hits[2].top);
        assert_eq!(hits[0].text, "Minimax: 549945 nodes");
        assert!(hits[1].contains(hits[1].centre().0, hits[1].centre().1));
    }

    /// Zero has no place on a log scale: a player that searched no node
    /// gets no bar (none reaching 1), but its figure in the bar's place.
    #[test]
    fn long_labels_wrap_at_spaces_and_keep_every_word() {
        // A character is 10 wide, a space too.
        let width = |text: &str| text.chars().count() as f64 * 10.0;
        let label = "Alpha-Beta + Sortierung + Tabelle, volle Tiefe";
        let lines = wrap(label, 200.0, width);
        assert_eq!(
            lines,
            ["Alpha-Beta +", "Sortierung +", "Tabelle, volle Tiefe"]
        );
        assert!(lines.iter().all(|line| width(line) <= 200.0));
        assert_eq!(lines.join(" "), label);
        // A label that fits stays on one line; a word wider than the room
        // has a line of its own, never cut.
        assert_eq!(wrap("Minimax", 200.0, width), ["Minimax"]);
        assert_eq!(
            wrap("Nachschlagetabellen gut", 100.0, width),
            ["Nachschlagetabellen", "gut"]
        );
    }

    #[test]
    fn a_search_of_no_node_is_its_figure_not_a_bar() {
        let (hits, mut surface) = draw_on_image(&nodes_chart());
        assert_eq!(hits[2].text, "Perfect: no node: it looked the answer up");
        let (row_top, row_bottom) = (hits[2].top as usize, hits[2].bottom as usize);
        let stride = surface.stride() as usize;
        let data = surface.data().unwrap();
        // The table family's colour, [0.1, 0.6, 0.4], as the image keeps
        // it: blue, green, red, alpha.
        let table = [102, 153, 26, 255];
        let bar_pixels = (row_top..row_bottom)
            .flat_map(|y| (0..640).map(move |x| y * stride + x * 4))
            .filter(|&at| data[at..at + 4] == table)
            .count();
        assert_eq!(bar_pixels, 0, "Perfect's row has a bar");
        // The other bars are drawn in their colours, so the check can fail.
        let alphabeta = [204, 102, 26, 255];
        let (top, bottom) = (hits[1].top as usize, hits[1].bottom as usize);
        assert!(
            (top..bottom)
                .flat_map(|y| (0..640).map(move |x| y * stride + x * 4))
                .any(|at| data[at..at + 4] == alphabeta),
            "Alpha-beta's bar is not drawn in its colour"
        );
    }

    #[test]
    fn ratings_below_zero_go_left_of_the_axis() {
        let bar = |label: &str, value: f64| Bar {
            label: label.to_owned(),
            family: Family::Other,
            value,
            spread: Some(20.0),
            figure: format!("rating {value}"),
        };
        let chart = Chart {
            title: "Ranking".to_owned(),
            data: ChartData::Bars {
                axis: "rating".to_owned(),
                bars: vec![bar("Rules", 120.0), bar("Random", -400.0)],
            },
        };
        let hits = draw(&chart);
        assert_eq!(hits.len(), 2);
        // Both bars start at zero: the winner's left edge is the loser's
        // right edge, and the loser is longer.
        assert!((hits[0].left - hits[1].right).abs() <= 1.0, "{hits:?}");
        assert!(hits[1].right - hits[1].left > 3.0 * (hits[0].right - hits[0].left));
        assert_eq!(
            chart.text(),
            "Ranking: Rules: rating 120; Random: rating -400."
        );
    }

    #[test]
    fn sides_stack_wins_draws_and_losses_as_x_and_as_o() {
        let chart = Chart {
            title: "Results".to_owned(),
            data: ChartData::Sides(vec![SideResults {
                label: "Rules".to_owned(),
                as_x: [3, 1, 0],
                as_o: [0, 2, 2],
            }]),
        };
        let hits = draw(&chart);
        // Parts with no game are not drawn: 2 as X, 2 as O.
        assert_eq!(hits.len(), 4, "{hits:?}");
        assert_eq!(hits[0].text, "Rules as X: 3 wins");
        assert_eq!(hits[3].text, "Rules as O: 2 losses");
        assert!((hits[0].right - hits[0].left) > 2.5 * (hits[1].right - hits[1].left));
        assert!(
            chart
                .text()
                .contains("as X 3 won, 1 drawn, 0 lost; as O 0 won, 2 drawn, 2 lost")
        );
    }

    #[test]
    fn a_learning_curve_stacks_each_blocks_shares_to_the_top() {
        let block = |games, wins, draws, losses, beads| Block {
            games,
            wins,
            draws,
            losses,
            first_box_beads: Some(beads),
            ..Block::default()
        };
        let blocks = vec![block(10, 5, 0, 5, 12), block(20, 2, 6, 2, 30)];
        let curve = Chart {
            title: "Learning curve".to_owned(),
            data: ChartData::LearningCurve(blocks.clone()),
        };
        let hits = draw(&curve);
        // No draws in the first block: two parts, then three.
        assert_eq!(hits.len(), 5, "{hits:?}");
        let height = |hit: &HitBox| hit.bottom - hit.top;
        assert!((height(&hits[0]) - height(&hits[1])).abs() <= 1.0);
        assert!((height(&hits[3]) - 3.0 * height(&hits[2])).abs() <= 2.0);
        // Wins at the bottom, losses on top, both blocks as tall.
        assert!(hits[0].top >= hits[1].bottom - 1.0);
        assert!((hits[0].bottom - hits[2].bottom).abs() <= 1.0);
        assert!((hits[1].top - hits[4].top).abs() <= 1.0);
        // The second block starts where the first ends, as wide.
        assert!((hits[0].right - hits[2].left).abs() <= 1.0);
        assert!(hits[0].right - hits[0].left > 10.0);
        assert_eq!(hits[2].text, block_line(10, &blocks[1]));
        assert_eq!(
            curve.text(),
            format!(
                "Learning curve: first {}; latest {}.",
                block_line(0, &blocks[0]),
                block_line(10, &blocks[1])
            )
        );
        let beads = Chart {
            title: "Beads".to_owned(),
            data: ChartData::FirstBoxBeads(blocks),
        };
        let dots = draw(&beads);
        assert_eq!(dots.len(), 2);
        assert!(dots[1].centre().0 > dots[0].centre().0 && dots[1].centre().1 < dots[0].centre().1);
        assert_eq!(dots[1].text, "30 beads after 20 games");
        assert_eq!(
            beads.text(),
            "Beads: 12 beads after 10 games; 30 beads after 20 games; at most 30."
        );
    }

    #[test]
    fn saved_charts_are_png_and_svg_files() {
        let directory = std::env::temp_dir().join(format!("chart-test-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let png = directory.join("nodes.png");
        let svg = directory.join("nodes.svg");
        let chart = nodes_chart();
        chart
            .save(&png, ImageFormat::Png, (640, 300), &palette())
            .unwrap();
        chart
            .save(&svg, ImageFormat::Svg, (640, 300), &palette())
            .unwrap();
        let png_bytes = std::fs::read(&png).unwrap();
        assert!(png_bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
        let svg_text = std::fs::read_to_string(&svg).unwrap();
        assert!(
            svg_text.starts_with("<?xml") && svg_text.contains("<svg"),
            "{svg_text:.200}"
        );
        assert!(
            chart
                .save(
                    &directory.join("missing/nodes.png"),
                    ImageFormat::Png,
                    (640, 300),
                    &palette()
                )
                .is_err()
        );
        std::fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn a_chart_that_cannot_be_written_whole_leaves_the_file_as_it_was() {
        use crate::ui::shared::file_dialog::test_support::{
            child_directory, rerun_with_file_size_limit,
        };
        let files = |directory: &Path| {
            [ImageFormat::Png, ImageFormat::Svg].map(|format| {
                (
                    format,
                    directory.join(format!("nodes.{}", format.extension())),
                )
            })
        };
        if let Some(directory) = child_directory() {
            // No more than a kilobyte a file: the charts are larger.
            for (format, path) in files(&directory) {
                let saved = nodes_chart().save(&path, format, (640, 300), &palette());
                assert!(saved.is_err(), "{format:?} saved");
            }
            return;
        }
        let directory = std::env::temp_dir().join(format!("chart-limit-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        for (_, path) in files(&directory) {
            std::fs::write(&path, "the old chart").unwrap();
        }
        rerun_with_file_size_limit(
            "ui::chart::tests::a_chart_that_cannot_be_written_whole_leaves_the_file_as_it_was",
            &directory,
            1024,
        )
        .unwrap();
        for (format, path) in files(&directory) {
            let kept = std::fs::read(&path).unwrap();
            assert!(
                kept == b"the old chart",
                "{format:?}: {} bytes, starting {:?}",
                kept.len(),
                String::from_utf8_lossy(&kept[..kept.len().min(8)])
            );
        }
        let names = std::fs::read_dir(&directory).unwrap().count();
        assert_eq!(names, 2, "no temporary file left");
        std::fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn a_long_title_wraps_clear_of_the_save_button() {
        // 8 px a character, as a stand-in for the font.
        let measure = |text: &str| text.chars().count() as f64 * 8.0;
        let title = "The bare policy's exam: the lines of replies that beat it";
        let lines = title_lines(title, 300, measure);
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(lines.join(" "), title);
        for line in &lines {
            assert!(
                measure(line) <= f64::from(300 - SAVE_BUTTON_ROOM),
                "{line:?}"
            );
        }
        assert_eq!(title_lines("Ranking", 300, measure), ["Ranking"]);
    }

    #[test]
    fn lines_take_no_colour_that_means_an_outcome() {
        let palette = palette();
        for index in 0..4 {
            let colour = line_colour(&palette, index);
            assert!(
                !palette.outcomes.contains(&colour),
                "line {index} is drawn in an outcome's colour {colour:?}"
            );
        }
    }

    #[test]
    fn ticks_read_as_people_write_numbers() {
        assert_eq!(Scale::Count.tick(1.0), "1");
        assert_eq!(Scale::Count.tick(10_000.0), "10k");
        assert_eq!(Scale::Count.tick(2_500_000.0), "2.5M");
        assert_eq!(Scale::Micros.tick(100.0), "100 µs");
        assert_eq!(Scale::Micros.tick(1000.0), "1 ms");
        assert_eq!(Scale::Micros.tick(10_000_000.0), "10 s");
    }
}
