//! The candidate networks for Connect Four (issue 40, step 1), bench-only:
//! none is wired into the player. Each reads a position from the side to
//! move's point of view and gives a prior over the free columns and a
//! value (tanh) for the side to move, with the loss and gradient of the
//! app's network (cross-entropy of the prior, squared error of the value).
//!
//! - `Today`: the app's own network (`learners::network`) at 7x6: 84
//!   inputs, two layers of 64, its prior over the 42 cells (summed here
//!   into columns: one free cell per column with gravity).
//! - `Mlp`: the same kind, wider (84 -> 256 -> 128), its prior over the 7
//!   columns.
//! - `Conv`: a small convolutional network: 3 planes of 7x6 (own stones,
//!   the opponent's, the playable cells), 4 layers of 3x3 convolutions of
//!   32 channels with ReLU, each after the first with a residual skip; a
//!   policy head (all features -> 7 columns) and a value head (all
//!   features -> 32 -> 1, tanh).
//!
//! All arithmetic is `f32` in a fixed order on one thread, as the app's.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::{MAX_CELLS, Shape, bits};
use tictactoe_engine::learners::network::{Input, Network, Sample, add_row, dot};

pub const COLUMNS: usize = 7;
pub const ROWS: usize = 6;
pub const CELLS: usize = COLUMNS * ROWS;

/// A position with what it should have given: a prior over the columns
/// (0 on full ones) and the value for the side to move.
#[derive(Debug, Clone, Copy)]
pub struct Labelled {
    pub board: Board,
    pub policy: [f32; COLUMNS],
    pub value: f32,
}

/// What a candidate says about a position.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    pub priors: [f32; COLUMNS],
    pub value: f32,
}

/// The columns of the cells in `cells` (with gravity: the free columns
/// when `cells` are the playable cells).
fn columns_of(cells: u64) -> u64 {
    bits(cells).fold(0, |columns, cell| columns | 1 << (cell % COLUMNS))
}

fn free_columns(input: Input) -> u64 {
    columns_of(
        Shape::CONNECT_FOUR
            .geometry()
            .playable(input.own | input.theirs),
    )
}

/// The softmax of `logits` over `free` columns; 0 elsewhere.
fn softmax(logits: &[f32; COLUMNS], free: u64) -> [f32; COLUMNS] {
    let mut priors = [0.0f32; COLUMNS];
    let Some(top) = bits(free).map(|c| logits[c]).reduce(f32::max) else {
        return priors;
    };
    let mut total = 0.0;
    for c in bits(free) {
        priors[c] = (logits[c] - top).exp();
        total += priors[c];
    }
    for c in bits(free) {
        priors[c] /= total;
    }
    priors
}

/// The loss of `output` against `sample` and its derivatives by the
/// logits and by the value's pre-activation.
fn head_gradients(output: &Output, sample: &Labelled) -> (f32, [f32; COLUMNS], f32) {
    let free = free_columns(Input::of(&sample.board));
    let mut loss = 0.0f32;
    let mut d_logits = [0.0f32; COLUMNS];
    for c in bits(free) {
        d_logits[c] = output.priors[c] - sample.policy[c];
        if sample.policy[c] > 0.0 {
            loss -= sample.policy[c] * output.priors[c].max(1e-30).ln();
        }
    }
    let error = output.value - sample.value;
    loss += error * error;
    (
        loss,
        d_logits,
        2.0 * error * (1.0 - output.value * output.value),
    )
}

/// A candidate network: a forward pass, and the gradient of one sample's
/// loss added to a list laid out as its parameters.
pub trait Candidate: Sync {
    fn name(&self) -> &'static str;
    fn parameter_count(&self) -> usize;
    fn evaluate(&self, board: &Board) -> Output;
    /// Adds the gradient of `sample`'s loss; returns the loss.
    fn add_gradient(&self, sample: &Labelled, gradient: &mut [f32]) -> f32;
}

/// A candidate whose parameters a training loop may change.
pub trait Trainable: Candidate {
    fn parameters_mut(&mut self) -> &mut [f32];
}

/// (a) The app's network of today at 7x6.
pub struct Today(pub Network);

impl Today {
    pub fn new(seed: u64) -> Today {
        Today(Network::new(Shape::CONNECT_FOUR, seed))
    }
}

impl Candidate for Today {
    fn name(&self) -> &'static str {
        "a: MLP 84-64-64 (today's)"
    }

    fn parameter_count(&self) -> usize {
        self.0.parameters().len()
    }

    fn evaluate(&self, board: &Board) -> Output {
        let evaluation = self.0.evaluate(board);
        let mut priors = [0.0; COLUMNS];
        for (cell, prior) in evaluation.priors[..CELLS].iter().enumerate() {
            priors[cell % COLUMNS] += prior;
        }
        Output {
            priors,
            value: evaluation.value,
        }
    }

    fn add_gradient(&self, sample: &Labelled, gradient: &mut [f32]) -> f32 {
        // The column's target goes to its one playable cell.
        let input = Input::of(&sample.board);
        let mut policy = [0.0; MAX_CELLS];
        for cell in bits(
            Shape::CONNECT_FOUR
                .geometry()
                .playable(input.own | input.theirs),
        ) {
            policy[cell] = sample.policy[cell % COLUMNS];
        }
        let cell_sample = Sample {
            input,
            policy,
            value: sample.value,
        };
        let loss = self.0.add_gradient(&cell_sample, gradient);
        (loss.policy + loss.value) as f32
    }
}

/// He's uniform initialisation of `range`, for `fan_in` inputs, scaled.
fn fill(parameters: &mut [f32], rng: &mut ChaCha8Rng, fan_in: usize, scale: f32) {
    let limit = scale * (6.0 / fan_in as f32).sqrt();
    for weight in parameters {
        *weight = rng.random_range(-limit..limit);
    }
}

/// (b) A multi-layer perceptron: 84 inputs (own stones, the opponent's),
/// two ReLU layers, a policy over the columns and a tanh value. Weights
/// stored input by output, as the app's.
pub struct Mlp {
    first: usize,
    second: usize,
    parameters: Vec<f32>,
}

/// Where each of the MLP's layers starts in its parameters.
struct MlpLayout {
    b1: usize,
    w2: usize,
    b2: usize,
    wp: usize,
    bp: usize,
    wv: usize,
    bv: usize,
}

impl Mlp {
    pub fn new(first: usize, second: usize, seed: u64) -> Mlp {
        let mut network = Mlp {
            first,
            second,
            parameters: Vec::new(),
        };
        let l = network.layout();
        network.parameters = vec![0.0; l.bv + 1];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let p = &mut network.parameters;
        // The first layer sees at most one input per cell.
        fill(&mut p[..l.b1], &mut rng, CELLS, 1.0);
        fill(&mut p[l.w2..l.b2], &mut rng, first, 1.0);
        fill(&mut p[l.wp..l.bp], &mut rng, second, 0.1);
        fill(&mut p[l.wv..l.bv], &mut rng, second, 0.1);
        network
    }

    fn layout(&self) -> MlpLayout {
        let b1 = 2 * CELLS * self.first;
        let w2 = b1 + self.first;
        let b2 = w2 + self.first * self.second;
        let wp = b2 + self.second;
        let bp = wp + self.second * COLUMNS;
        let wv = bp + COLUMNS;
        let bv = wv + self.second;
        MlpLayout {
            b1,
            w2,
            b2,
            wp,
            bp,
            wv,
            bv,
        }
    }

    fn forward(&self, input: Input) -> (Vec<f32>, Vec<f32>, Output) {
        let (l, p) = (self.layout(), &self.parameters);
        let (n1, n2) = (self.first, self.second);
        let mut first = p[l.b1..l.w2].to_vec();
        for row in bits(input.own).chain(bits(input.theirs).map(|cell| cell + CELLS)) {
            add_row(&mut first, &p[row * n1..(row + 1) * n1], 1.0);
        }
        relu(&mut first);
        let mut second = p[l.b2..l.wp].to_vec();
        for (unit, &a) in first.iter().enumerate() {
            if a != 0.0 {
                add_row(&mut second, &p[l.w2 + unit * n2..l.w2 + (unit + 1) * n2], a);
            }
        }
        relu(&mut second);
        let mut logits = [0.0f32; COLUMNS];
        logits.copy_from_slice(&p[l.bp..l.wv]);
        for (unit, &a) in second.iter().enumerate() {
            if a != 0.0 {
                add_row(
                    &mut logits,
                    &p[l.wp + unit * COLUMNS..l.wp + (unit + 1) * COLUMNS],
                    a,
                );
            }
        }
        let value = (p[l.bv] + dot(&p[l.wv..l.bv], &second)).tanh();
        let output = Output {
            priors: softmax(&logits, free_columns(input)),
            value,
        };
        (first, second, output)
    }
}

impl Candidate for Mlp {
    fn name(&self) -> &'static str {
        "b: MLP 84-256-128"
    }

    fn parameter_count(&self) -> usize {
        self.parameters.len()
    }

    fn evaluate(&self, board: &Board) -> Output {
        self.forward(Input::of(board)).2
    }

    fn add_gradient(&self, sample: &Labelled, gradient: &mut [f32]) -> f32 {
        let (l, p) = (self.layout(), &self.parameters);
        let (n1, n2) = (self.first, self.second);
        let input = Input::of(&sample.board);
        let (first, second, output) = self.forward(input);
        let (loss, d_logits, d_value) = head_gradients(&output, sample);
        let mut d_second = vec![0.0f32; n2];
        for unit in 0..n2 {
            let row = l.wp + unit * COLUMNS;
            if second[unit] > 0.0 {
                d_second[unit] = dot(&p[row..row + COLUMNS], &d_logits) + p[l.wv + unit] * d_value;
            }
            add_row(&mut gradient[row..row + COLUMNS], &d_logits, second[unit]);
            gradient[l.wv + unit] += d_value * second[unit];
        }
        add_row(&mut gradient[l.bp..l.wv], &d_logits, 1.0);
        gradient[l.bv] += d_value;
        let mut d_first = vec![0.0f32; n1];
        for (unit, d) in d_first.iter_mut().enumerate() {
            if first[unit] > 0.0 {
                let row = l.w2 + unit * n2;
                *d = dot(&p[row..row + n2], &d_second);
                add_row(&mut gradient[row..row + n2], &d_second, first[unit]);
            }
        }
        add_row(&mut gradient[l.b2..l.wp], &d_second, 1.0);
        for row in bits(input.own).chain(bits(input.theirs).map(|cell| cell + CELLS)) {
            add_row(&mut gradient[row * n1..(row + 1) * n1], &d_first, 1.0);
        }
        add_row(&mut gradient[l.b1..l.w2], &d_first, 1.0);
        loss
    }
}

impl Trainable for Mlp {
    fn parameters_mut(&mut self) -> &mut [f32] {
        &mut self.parameters
    }
}

fn relu(units: &mut [f32]) {
    for unit in units {
        *unit = unit.max(0.0);
    }
}

/// The convolutions' activations are kept cell by cell, each cell's
/// channels together, on the board padded by one empty cell all round
/// (9 x 8): a 3x3 window never leaves it, and a unit adds the weight rows
/// (one per input channel and tap, a value per output channel) of the
/// inputs that are not 0, as the MLP adds only active units' rows.
const PADDED_WIDTH: usize = COLUMNS + 2;
pub const PLANE: usize = PADDED_WIDTH * (ROWS + 2);
const TAPS: usize = 9;

/// The padded position of a board cell.
pub fn padded(cell: usize) -> usize {
    (cell / COLUMNS + 1) * PADDED_WIDTH + cell % COLUMNS + 1
}

/// The padded position of tap `t` (row by row, -1..=1 each way) of the
/// window centred on padded position `centre`.
fn tap(centre: usize, t: usize) -> usize {
    centre + (t / 3) * PADDED_WIDTH + t % 3 - PADDED_WIDTH - 1
}

/// The input planes of the convolutional network: own stones, the
/// opponent's, the playable cells.
pub const PLANES: usize = 3;

pub fn planes(input: Input) -> Vec<f32> {
    let mut planes = vec![0.0f32; PLANES * PLANE];
    let playable = Shape::CONNECT_FOUR
        .geometry()
        .playable(input.own | input.theirs);
    for (plane, mask) in [input.own, input.theirs, playable].into_iter().enumerate() {
        for cell in bits(mask) {
            planes[padded(cell) * PLANES + plane] = 1.0;
        }
    }
    planes
}

/// (c) The convolutional network.
pub struct Conv {
    channels: usize,
    layers: usize,
    value_hidden: usize,
    parameters: Vec<f32>,
}

/// Where each part of the convolutional network starts.
struct ConvLayout {
    /// Each convolution's weights (tap by input channel by output channel) and its biases.
    convolutions: Vec<(usize, usize)>,
    wp: usize,
    bp: usize,
    wh: usize,
    bh: usize,
    wv: usize,
    bv: usize,
}

impl Conv {
    pub fn new(channels: usize, layers: usize, seed: u64) -> Conv {
        let mut network = Conv {
            channels,
            layers,
            value_hidden: 32,
            parameters: Vec::new(),
        };
        let l = network.layout();
        network.parameters = vec![0.0; l.bv + 1];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let fan_ins: Vec<usize> = (0..layers).map(|l| network.inputs_of(l) * TAPS).collect();
        let p = &mut network.parameters;
        for (&(weights, biases), &fan_in) in l.convolutions.iter().zip(&fan_ins) {
            fill(&mut p[weights..biases], &mut rng, fan_in, 1.0);
        }
        let features = channels * CELLS;
        fill(&mut p[l.wp..l.bp], &mut rng, features, 0.1);
        fill(&mut p[l.wh..l.bh], &mut rng, features, 1.0);
        fill(&mut p[l.wv..l.bv], &mut rng, network.value_hidden, 0.1);
        network
    }

    fn inputs_of(&self, layer: usize) -> usize {
        if layer == 0 { PLANES } else { self.channels }
    }

    fn layout(&self) -> ConvLayout {
        let mut at = 0;
        let mut convolutions = Vec::new();
        for layer in 0..self.layers {
            let weights = at;
            at += self.channels * self.inputs_of(layer) * TAPS;
            convolutions.push((weights, at));
            at += self.channels;
        }
        let features = self.channels * CELLS;
        let wp = at;
        let bp = wp + features * COLUMNS;
        let wh = bp + COLUMNS;
        let bh = wh + features * self.value_hidden;
        let wv = bh + self.value_hidden;
        let bv = wv + self.value_hidden;
        ConvLayout {
            convolutions,
            wp,
            bp,
            wh,
            bh,
            wv,
            bv,
        }
    }

    /// Every layer's activations (the input planes first), the features
    /// (the last layer's units on the board's cells, cell by cell), the value
    /// head's hidden units and the output.
    fn forward(&self, input: Input) -> (Vec<Vec<f32>>, Vec<f32>, Vec<f32>, Output) {
        let (l, p) = (self.layout(), &self.parameters);
        let channels = self.channels;
        let mut activations = vec![planes(input)];
        for (layer, &(weights, biases)) in l.convolutions.iter().enumerate() {
            let before = &activations[layer];
            let inputs = self.inputs_of(layer);
            let mut after = vec![0.0f32; PLANE * channels];
            for cell in 0..CELLS {
                let centre = padded(cell);
                let units = &mut after[centre * channels..(centre + 1) * channels];
                units.copy_from_slice(&p[biases..biases + channels]);
                for t in 0..TAPS {
                    let from = tap(centre, t);
                    for (i, &x) in before[from * inputs..(from + 1) * inputs]
                        .iter()
                        .enumerate()
                    {
                        if x != 0.0 {
                            let row = weights + (t * inputs + i) * channels;
                            add_row(units, &p[row..row + channels], x);
                        }
                    }
                }
                if layer > 0 {
                    // The residual skip.
                    add_row(
                        units,
                        &before[centre * channels..(centre + 1) * channels],
                        1.0,
                    );
                }
                relu(units);
            }
            activations.push(after);
        }
        let last = activations.last().expect("at least one layer");
        let features: Vec<f32> = (0..CELLS)
            .flat_map(|cell| last[padded(cell) * channels..][..channels].iter().copied())
            .collect();
        let mut logits = [0.0f32; COLUMNS];
        logits.copy_from_slice(&p[l.bp..l.wh]);
        let hidden_count = self.value_hidden;
        let mut hidden = p[l.bh..l.wv].to_vec();
        for (k, &f) in features.iter().enumerate() {
            if f != 0.0 {
                add_row(&mut logits, &p[l.wp + k * COLUMNS..][..COLUMNS], f);
                add_row(
                    &mut hidden,
                    &p[l.wh + k * hidden_count..][..hidden_count],
                    f,
                );
            }
        }
        relu(&mut hidden);
        let value = (p[l.bv] + dot(&p[l.wv..l.bv], &hidden)).tanh();
        let output = Output {
            priors: softmax(&logits, free_columns(input)),
            value,
        };
        (activations, features, hidden, output)
    }
}

impl Candidate for Conv {
    fn name(&self) -> &'static str {
        "c: conv 4x32 3x3 residual"
    }

    fn parameter_count(&self) -> usize {
        self.parameters.len()
    }

    fn evaluate(&self, board: &Board) -> Output {
        self.forward(Input::of(board)).3
    }

    fn add_gradient(&self, sample: &Labelled, gradient: &mut [f32]) -> f32 {
        let (l, p) = (self.layout(), &self.parameters);
        let channels = self.channels;
        let hidden_count = self.value_hidden;
        let (activations, features, hidden, output) = self.forward(Input::of(&sample.board));
        let (loss, d_logits, d_value) = head_gradients(&output, sample);
        // The heads.
        let mut d_hidden = vec![0.0f32; hidden_count];
        for (j, d) in d_hidden.iter_mut().enumerate() {
            if hidden[j] > 0.0 {
                *d = p[l.wv + j] * d_value;
            }
            gradient[l.wv + j] += d_value * hidden[j];
        }
        gradient[l.bv] += d_value;
        add_row(&mut gradient[l.bh..l.wv], &d_hidden, 1.0);
        add_row(&mut gradient[l.bp..l.wh], &d_logits, 1.0);
        // The last layer's gradient by padded position and channel (0
        // where its output was 0: the ReLU and the padding).
        let mut d_after = vec![0.0f32; PLANE * channels];
        for (k, &f) in features.iter().enumerate() {
            if f > 0.0 {
                let policy_row = l.wp + k * COLUMNS;
                let hidden_row = l.wh + k * hidden_count;
                add_row(&mut gradient[policy_row..][..COLUMNS], &d_logits, f);
                add_row(&mut gradient[hidden_row..][..hidden_count], &d_hidden, f);
                let (cell, channel) = (k / channels, k % channels);
                d_after[padded(cell) * channels + channel] =
                    dot(&p[policy_row..][..COLUMNS], &d_logits)
                        + dot(&p[hidden_row..][..hidden_count], &d_hidden);
            }
        }
        // The convolutions, last first. Only inputs that are not 0 get a
        // gradient: the others' ReLU (or padding) stops it.
        for (layer, &(weights, biases)) in l.convolutions.iter().enumerate().rev() {
            let before = &activations[layer];
            let inputs = self.inputs_of(layer);
            let mut d_before = vec![0.0f32; PLANE * inputs];
            for cell in 0..CELLS {
                let centre = padded(cell);
                let d = &d_after[centre * channels..(centre + 1) * channels];
                add_row(&mut gradient[biases..biases + channels], d, 1.0);
                for t in 0..TAPS {
                    let from = tap(centre, t);
                    for i in 0..inputs {
                        let x = before[from * inputs + i];
                        if x != 0.0 {
                            let row = weights + (t * inputs + i) * channels;
                            add_row(&mut gradient[row..row + channels], d, x);
                            d_before[from * inputs + i] += dot(&p[row..row + channels], d);
                        }
                    }
                }
                if layer > 0 {
                    add_row(
                        &mut d_before[centre * channels..(centre + 1) * channels],
                        d,
                        1.0,
                    );
                }
            }
            if layer > 0 {
                // Through the previous layer's ReLU.
                for (d, &a) in d_before.iter_mut().zip(before) {
                    if a <= 0.0 {
                        *d = 0.0;
                    }
                }
                d_after = d_before;
            }
        }
        loss
    }
}

impl Trainable for Conv {
    fn parameters_mut(&mut self) -> &mut [f32] {
        &mut self.parameters
    }
}

/// The largest relative difference between `network`'s gradient and
/// finite differences of its loss over `samples`, at every `stride`-th
/// parameter, how many differ by more than 5% and how many were checked:
/// the hand-written backward passes checked.
pub fn gradient_error<N: Trainable>(
    network: &mut N,
    samples: &[Labelled],
    stride: usize,
) -> (f64, usize, usize) {
    // Biases start at 0, so a unit whose inputs are all 0 (an empty
    // corner of the board) sits exactly on its ReLU's kink, where finite
    // differences see half a slope: every parameter is moved off first.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for parameter in network.parameters_mut() {
        *parameter += rng.random_range(-0.01..0.01);
    }
    let mut gradient = vec![0.0f32; network.parameter_count()];
    for sample in samples {
        network.add_gradient(sample, &mut gradient);
    }
    let loss = |network: &N| -> f64 {
        let mut scratch = vec![0.0f32; network.parameter_count()];
        samples
            .iter()
            .map(|s| f64::from(network.add_gradient(s, &mut scratch)))
            .sum()
    };
    let step = 1e-3f32;
    let (mut worst, mut over, mut checked) = (0.0f64, 0, 0);
    for index in (0..gradient.len()).step_by(stride) {
        let original = network.parameters_mut()[index];
        network.parameters_mut()[index] = original + step;
        let up = loss(network);
        network.parameters_mut()[index] = original - step;
        let down = loss(network);
        network.parameters_mut()[index] = original;
        let numeric = (up - down) / (2.0 * f64::from(step));
        let analytic = f64::from(gradient[index]);
        let error = (numeric - analytic).abs() / (numeric.abs() + analytic.abs()).max(1e-2);
        worst = worst.max(error);
        checked += 1;
        over += usize::from(error > 0.05);
    }
    (worst, over, checked)
}
