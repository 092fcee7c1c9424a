//! A small policy-and-value network, written out: it reads a position
//! from the side to move's point of view (one input per cell for its own
//! stones, one per cell for the opponent's), passes it through two hidden
//! layers of rectified units, and gives a prior over the moves (a softmax
//! over the playable ones: the policy) and the value of the position for
//! the side to move (tanh, -1 lost to +1 won: the value). A move is a
//! cell, or on a board with gravity a column: its one output stands for
//! whichever cell of the column is playable, so what is learned about a
//! column carries over as the column fills.
//!
//! All arithmetic is `f32` in a fixed order on one thread, so a seed
//! replays the same network bit for bit. The weights are stored input by
//! output, so a layer is a sum of rows scaled by its inputs: the first
//! layer adds the rows of the cells that hold a stone (at most one per
//! cell of the 2 x cells inputs), and the rows of units a ReLU left at
//! zero are skipped.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::{Board, Side};
use crate::geometry::bits;
use crate::geometry::{MAX_CELLS, Shape};

/// The most cells of a board whose network and self-play are those
/// measured on 3x3 (up to 5x5); larger boards' were measured on Connect
/// Four.
pub const SMALL_BOARD_CELLS: usize = 25;

/// Units in each of the two hidden layers on small boards: the narrowest
/// measured whose bare policy reaches 99% optimal first choices in 3,000
/// self-play games for every seed (README.md, "The neural network").
pub const HIDDEN: usize = 64;

/// Units in each hidden layer on larger boards: on Connect Four, 128 made
/// fewer mistakes after 12 minutes of self-play than 64 or 256
/// (docs/neural-connect-four.md, "Self-play compared").
pub const LARGE_HIDDEN: usize = 128;

/// The widest hidden layer of any board.
const MAX_HIDDEN: usize = LARGE_HIDDEN;

/// The network's shape: the board it reads and its layers' widths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layers {
    pub cells: usize,
    pub hidden: usize,
    /// The policy's outputs: one per cell, or per column with gravity.
    pub outputs: usize,
}

impl Layers {
    /// This app's network for boards of `size`.
    pub fn of(board: Shape) -> Layers {
        let cells = board.cells();
        Layers {
            cells,
            hidden: if cells <= SMALL_BOARD_CELLS {
                HIDDEN
            } else {
                LARGE_HIDDEN
            },
            outputs: if board.gravity() {
                board.width()
            } else {
                cells
            },
        }
    }

    /// Inputs: the side to move's stones, then the opponent's.
    pub fn inputs(self) -> usize {
        2 * self.cells
    }

    /// Every weight and bias, in the order `parameters` keeps them.
    pub fn parameters(self) -> usize {
        self.value_bias() + 1
    }

    fn first_biases(self) -> usize {
        self.inputs() * self.hidden
    }

    fn second_weights(self) -> usize {
        self.first_biases() + self.hidden
    }

    fn second_biases(self) -> usize {
        self.second_weights() + self.hidden * self.hidden
    }

    fn policy_weights(self) -> usize {
        self.second_biases() + self.hidden
    }

    fn policy_biases(self) -> usize {
        self.policy_weights() + self.hidden * self.outputs
    }

    fn value_weights(self) -> usize {
        self.policy_biases() + self.outputs
    }

    fn value_bias(self) -> usize {
        self.value_weights() + self.hidden
    }
}

/// What the network says about a position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    /// The prior of each free cell, summing to 1; 0 on taken cells.
    pub priors: [f32; MAX_CELLS],
    /// The position's value for the side to move: -1 lost, 0 drawn, +1 won.
    pub value: f32,
}

/// A network's weights.
#[derive(Clone, PartialEq)]
pub struct Network {
    /// The board it plays.
    board: Shape,
    shape: Layers,
    /// Layer by layer: first weights (input by unit) and biases, second
    /// weights (unit by unit) and biases, policy weights (unit by cell)
    /// and biases, value weights and bias.
    parameters: Vec<f32>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("board", &self.board)
            .field("shape", &self.shape)
            .field("parameters", &self.parameters.len())
            .finish()
    }
}

/// The seed of every fresh network: an untrained player is the same
/// random network everywhere.
pub const INITIAL_SEED: u64 = 0x6e65_7572_616c;

/// A position as the network reads it: the side to move's stones and the
/// opponent's, as cell masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Input {
    pub own: u64,
    pub theirs: u64,
}

impl Input {
    pub fn of(board: &Board) -> Input {
        let side: Side = board.side_to_move();
        Input {
            own: board.stones(side),
            theirs: board.stones(side.opponent()),
        }
    }

    /// The cells the side to move may play on `board`.
    fn free(self, board: Shape) -> u64 {
        board.geometry().playable(self.own | self.theirs)
    }
}

/// The activations of one forward pass, kept for the backward pass.
struct Activations {
    first: [f32; MAX_HIDDEN],
    second: [f32; MAX_HIDDEN],
    /// The prior of each playable cell.
    priors: [f32; MAX_CELLS],
    value: f32,
}

/// What a position should have given: the search's visit shares over the
/// cells (0 on taken cells) and the game's result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    pub input: Input,
    pub policy: [f32; MAX_CELLS],
    pub value: f32,
}

impl Sample {
    /// The same sample seen through one of the board's eight symmetries
    /// (`symmetry` maps each cell to its image).
    pub fn transformed(&self, symmetry: &[u8]) -> Sample {
        let map = |mask: u64| bits(mask).fold(0u64, |image, cell| image | 1 << symmetry[cell]);
        let mut policy = [0.0; MAX_CELLS];
        for (cell, &to) in symmetry.iter().enumerate() {
            policy[to as usize] = self.policy[cell];
        }
        Sample {
            input: Input {
                own: map(self.input.own),
                theirs: map(self.input.theirs),
            },
            policy,
            value: self.value,
        }
    }
}

/// The two parts of the loss over some samples, each a mean per sample.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Loss {
    /// Cross-entropy of the prior against the search's visit shares.
    pub policy: f64,
    /// Squared error of the value against the game's result.
    pub value: f64,
}

impl Network {
    /// A fresh network for `size`, its weights drawn from `seed` (He's
    /// uniform initialisation; the heads start small, so an untrained
    /// network's priors are nearly even and its values near 0).
    pub fn new(board: Shape, seed: u64) -> Network {
        let shape = Layers::of(board);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut parameters = vec![0.0f32; shape.parameters()];
        let mut fill = |range: std::ops::Range<usize>, limit: f32| {
            for weight in &mut parameters[range] {
                *weight = rng.random_range(-limit..limit);
            }
        };
        // The first layer sees at most one input per cell.
        let he = |fan_in: usize| (6.0 / fan_in as f32).sqrt();
        fill(0..shape.first_biases(), he(shape.cells));
        fill(
            shape.second_weights()..shape.second_biases(),
            he(shape.hidden),
        );
        fill(
            shape.policy_weights()..shape.policy_biases(),
            0.1 * he(shape.hidden),
        );
        fill(
            shape.value_weights()..shape.value_bias(),
            0.1 * he(shape.hidden),
        );
        Network {
            board,
            shape,
            parameters,
        }
    }

    /// A network for `board` of `shape` with these parameters, as a file
    /// holds them; `None` unless the shape is this app's for the board,
    /// the count fits it, and every number is finite.
    pub fn from_parameters(board: Shape, shape: Layers, parameters: Vec<f32>) -> Option<Network> {
        let fits = Layers::of(board) == shape
            && parameters.len() == shape.parameters()
            && parameters.iter().all(|p| p.is_finite());
        fits.then_some(Network {
            board,
            shape,
            parameters,
        })
    }

    /// Its layers' widths.
    pub fn layers(&self) -> Layers {
        self.shape
    }

    /// The board it plays.
    pub fn shape(&self) -> Shape {
        self.board
    }

    /// Every weight and bias, layer by layer.
    pub fn parameters(&self) -> &[f32] {
        &self.parameters
    }

    /// The prior over `board`'s free cells and the value for its side to
    /// move (a board of the network's size, not finished).
    pub fn evaluate(&self, board: &Board) -> Evaluation {
        let activations = self.forward(Input::of(board));
        Evaluation {
            priors: activations.priors,
            value: activations.value,
        }
    }

    /// The free cell of `board` with the highest prior (the lowest among
    /// equals): the bare policy's move, without a search.
    pub fn first_choice(&self, board: &Board) -> Option<usize> {
        let priors = self.evaluate(board).priors;
        bits(board.moves()).reduce(|best, cell| {
            if priors[cell] > priors[best] {
                cell
            } else {
                best
            }
        })
    }

    /// The policy's output for a move to `cell`: the cell, or its column
    /// on a board with gravity.
    fn output_of(&self, cell: usize) -> usize {
        if self.board.gravity() {
            cell % self.board.width()
        } else {
            cell
        }
    }

    fn forward(&self, input: Input) -> Activations {
        let shape = self.shape;
        let p = &self.parameters;
        let hidden = shape.hidden;
        let mut first = [0.0f32; MAX_HIDDEN];
        first[..hidden].copy_from_slice(&p[shape.first_biases()..shape.second_weights()]);
        let active = bits(input.own).chain(bits(input.theirs).map(|cell| cell + shape.cells));
        for row in active {
            add_row(
                &mut first[..hidden],
                &p[row * hidden..(row + 1) * hidden],
                1.0,
            );
        }
        relu(&mut first[..hidden]);
        let mut second = [0.0f32; MAX_HIDDEN];
        second[..hidden].copy_from_slice(&p[shape.second_biases()..shape.policy_weights()]);
        let weights = &p[shape.second_weights()..shape.second_biases()];
        for (unit, &activation) in first[..hidden].iter().enumerate() {
            if activation != 0.0 {
                add_row(
                    &mut second[..hidden],
                    &weights[unit * hidden..(unit + 1) * hidden],
                    activation,
                );
            }
        }
        relu(&mut second[..hidden]);
        let outputs = shape.outputs;
        let mut logits = [0.0f32; MAX_CELLS];
        logits[..outputs].copy_from_slice(&p[shape.policy_biases()..shape.value_weights()]);
        let weights = &p[shape.policy_weights()..shape.policy_biases()];
        for (unit, &activation) in second[..hidden].iter().enumerate() {
            if activation != 0.0 {
                add_row(
                    &mut logits[..outputs],
                    &weights[unit * outputs..(unit + 1) * outputs],
                    activation,
                );
            }
        }
        let value_weights = &p[shape.value_weights()..shape.value_bias()];
        let value = (p[shape.value_bias()] + dot(value_weights, &second[..hidden])).tanh();
        Activations {
            first,
            second,
            priors: self.softmax(&logits, input.free(self.board)),
            value,
        }
    }

    /// The prior of each cell of `free`, the softmax of its output's
    /// logit over theirs (a column has one playable cell, so no output
    /// counts twice); 0 elsewhere.
    fn softmax(&self, logits: &[f32; MAX_CELLS], free: u64) -> [f32; MAX_CELLS] {
        let mut priors = [0.0f32; MAX_CELLS];
        let logit = |cell: usize| logits[self.output_of(cell)];
        let Some(top) = bits(free).map(logit).reduce(f32::max) else {
            return priors;
        };
        let mut total = 0.0;
        for cell in bits(free) {
            priors[cell] = (logit(cell) - top).exp();
            total += priors[cell];
        }
        for cell in bits(free) {
            priors[cell] /= total;
        }
        priors
    }

    /// Adds the gradient of `sample`'s loss (cross-entropy of the prior
    /// plus the squared error of the value) to `gradient`, laid out as
    /// `parameters`; returns the loss.
    pub fn add_gradient(&self, sample: &Sample, gradient: &mut [f32]) -> Loss {
        let shape = self.shape;
        let (cells, hidden, outputs) = (shape.cells, shape.hidden, shape.outputs);
        let p = &self.parameters;
        let a = self.forward(sample.input);
        let free = sample.input.free(self.board);
        let mut policy_loss = 0.0f64;
        let mut d_logits = [0.0f32; MAX_CELLS];
        for cell in bits(free) {
            d_logits[self.output_of(cell)] = a.priors[cell] - sample.policy[cell];
            if sample.policy[cell] > 0.0 {
                policy_loss -=
                    f64::from(sample.policy[cell]) * f64::from(a.priors[cell].max(1e-30)).ln();
            }
        }
        let error = a.value - sample.value;
        let d_value = 2.0 * error * (1.0 - a.value * a.value);
        // The heads.
        let mut d_second = [0.0f32; MAX_HIDDEN];
        let policy_weights = shape.policy_weights();
        for unit in 0..hidden {
            let row = policy_weights + unit * outputs;
            let weights = &p[row..row + outputs];
            d_second[unit] =
                dot(weights, &d_logits[..outputs]) + p[shape.value_weights() + unit] * d_value;
            add_row(
                &mut gradient[row..row + outputs],
                &d_logits[..outputs],
                a.second[unit],
            );
            gradient[shape.value_weights() + unit] += d_value * a.second[unit];
        }
        add_row(
            &mut gradient[shape.policy_biases()..shape.value_weights()],
            &d_logits[..outputs],
            1.0,
        );
        gradient[shape.value_bias()] += d_value;
        // The second layer.
        let d_second = &mut d_second[..hidden];
        for (d, &activation) in d_second.iter_mut().zip(&a.second) {
            if activation <= 0.0 {
                *d = 0.0;
            }
        }
        let mut d_first = [0.0f32; MAX_HIDDEN];
        let second_weights = shape.second_weights();
        for (unit, (d, &activation)) in d_first[..hidden].iter_mut().zip(&a.first).enumerate() {
            let row = second_weights + unit * hidden;
            if activation > 0.0 {
                *d = dot(&p[row..row + hidden], d_second);
                add_row(&mut gradient[row..row + hidden], d_second, activation);
            }
        }
        add_row(
            &mut gradient[shape.second_biases()..shape.policy_weights()],
            d_second,
            1.0,
        );
        // The first layer: its inputs are 0 or 1.
        let d_first = &d_first[..hidden];
        let active =
            bits(sample.input.own).chain(bits(sample.input.theirs).map(|cell| cell + cells));
        for row in active {
            add_row(
                &mut gradient[row * hidden..(row + 1) * hidden],
                d_first,
                1.0,
            );
        }
        add_row(
            &mut gradient[shape.first_biases()..shape.second_weights()],
            d_first,
            1.0,
        );
        Loss {
            policy: policy_loss,
            value: f64::from(error * error),
        }
    }

    /// The loss of one sample, without a gradient: what the gradient is
    /// checked against.
    #[cfg(test)]
    fn loss(&self, sample: &Sample) -> Loss {
        let a = self.forward(sample.input);
        let policy = bits(sample.input.free(self.board))
            .filter(|&cell| sample.policy[cell] > 0.0)
            .map(|cell| -f64::from(sample.policy[cell]) * f64::from(a.priors[cell].max(1e-30)).ln())
            .sum();
        let error = a.value - sample.value;
        Loss {
            policy,
            value: f64::from(error * error),
        }
    }
}

/// `row += scale * other`, element by element (vectorised: each element
/// is its own sum, so the order of additions never changes). Public for
/// the candidate networks of benches/network.rs.
#[inline(always)]
pub fn add_row(row: &mut [f32], other: &[f32], scale: f32) {
    for (value, &add) in row.iter_mut().zip(other) {
        *value += scale * add;
    }
}

/// A dot product in a fixed order: eight running sums, then their total.
#[inline(always)]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut sums = [0.0f32; 8];
    let chunks = a.len() / 8 * 8;
    for (x, y) in a[..chunks].chunks_exact(8).zip(b[..chunks].chunks_exact(8)) {
        for lane in 0..8 {
            sums[lane] += x[lane] * y[lane];
        }
    }
    let tail: f32 = a[chunks..]
        .iter()
        .zip(&b[chunks..])
        .map(|(x, y)| x * y)
        .sum();
    sums.iter().sum::<f32>() + tail
}

fn relu(units: &mut [f32]) {
    for unit in units {
        *unit = unit.max(0.0);
    }
}

/// Adam (Kingma and Ba, 2015): a step for each weight scaled by running
/// means of its gradient and of its square, with a little weight decay.
/// Its moments live as long as one training run.
#[derive(Debug, Clone)]
pub struct Adam {
    rate: f32,
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

/// Adam's usual decay rates and a weight decay that keeps weights small.
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;
const WEIGHT_DECAY: f32 = 1e-4;

impl Adam {
    pub fn new(network: &Network, rate: f32) -> Adam {
        Adam::for_parameters(network.parameters.len(), rate)
    }

    /// Adam for any `count` parameters (the candidate networks of
    /// benches/network.rs).
    pub fn for_parameters(count: usize, rate: f32) -> Adam {
        Adam {
            rate,
            first: vec![0.0; count],
            second: vec![0.0; count],
            steps: 0,
        }
    }

    /// One step down `gradient`, summed over `batch` samples.
    pub fn step(&mut self, network: &mut Network, gradient: &[f32], batch: usize) {
        self.step_parameters(&mut network.parameters, gradient, batch);
    }

    /// `step` on a plain list of parameters.
    pub fn step_parameters(&mut self, parameters: &mut [f32], gradient: &[f32], batch: usize) {
        self.steps = self.steps.saturating_add(1);
        let scale = 1.0 / batch.max(1) as f32;
        let correction1 = 1.0 - BETA1.powi(self.steps);
        let correction2 = 1.0 - BETA2.powi(self.steps);
        for (((weight, &g), m), v) in parameters
            .iter_mut()
            .zip(gradient)
            .zip(&mut self.first)
            .zip(&mut self.second)
        {
            let g = g * scale + WEIGHT_DECAY * *weight;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *weight -= self.rate * (*m / correction1) / ((*v / correction2).sqrt() + EPSILON);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_of(board: &str, policy: &[(usize, f32)], value: f32) -> Sample {
        let board: Board = board.parse().unwrap();
        let mut target = [0.0; MAX_CELLS];
        for &(cell, share) in policy {
            target[cell] = share;
        }
        Sample {
            input: Input::of(&board),
            policy: target,
            value,
        }
    }

    fn total(loss: Loss) -> f64 {
        loss.policy + loss.value
    }

    /// Checks the gradient of `samples`' loss against central finite
    /// differences for every `stride`th parameter of `network`; returns
    /// how many were checked.
    fn check_gradients(mut network: Network, samples: &[Sample], stride: usize) -> usize {
        // Larger heads than a fresh network's, so that every layer's
        // gradient is well above the rounding of f32.
        let shape = network.shape;
        for weight in &mut network.parameters[shape.policy_weights()..] {
            *weight *= 10.0;
        }
        let mut gradient = vec![0.0f32; shape.parameters()];
        for sample in samples {
            network.add_gradient(sample, &mut gradient);
        }
        let loss_at =
            |network: &Network| -> f64 { samples.iter().map(|s| total(network.loss(s))).sum() };
        let step = 1e-3f32;
        let mut checked = 0;
        for index in (0..shape.parameters()).step_by(stride) {
            let mut up = network.clone();
            up.parameters[index] += step;
            let mut down = network.clone();
            down.parameters[index] -= step;
            let numeric = (loss_at(&up) - loss_at(&down)) / (2.0 * f64::from(step));
            let analytic = f64::from(gradient[index]);
            let error = (numeric - analytic).abs() / (numeric.abs() + analytic.abs()).max(1e-2);
            checked += 1;
            assert!(
                error < 0.05,
                "{:?}, parameter {index} of {}: finite differences {numeric}, gradient {analytic}",
                network.board,
                shape.parameters()
            );
        }
        checked
    }

    #[test]
    fn gradients_match_finite_differences() {
        let samples = [
            sample_of("x.o/.x./...", &[(8, 0.7), (3, 0.3)], -0.5),
            sample_of(".../.x./...", &[(0, 1.0)], 0.25),
            sample_of("xo./.../...", &[(4, 0.5), (8, 0.5)], 1.0),
        ];
        let checked = check_gradients(Network::new(Shape::TIC_TAC_TOE, 7), &samples, 7);
        assert!(checked > 800, "{checked} parameters checked");
    }

    /// Connect Four's network: the wider layers and the policy by column
    /// (a target on a column's playable cell is that column's).
    #[test]
    fn connect_four_gradients_match_finite_differences() {
        let shape = Shape::CONNECT_FOUR;
        let position = |columns: &[usize], policy: &[(usize, f32)], value: f32| {
            let mut board = Board::new(shape);
            let geometry = shape.geometry();
            for &column in columns {
                let cell = geometry.drop_cell(board.occupied(), column).unwrap();
                board.play(cell).unwrap();
            }
            let mut target = [0.0; MAX_CELLS];
            for &(column, share) in policy {
                target[geometry.drop_cell(board.occupied(), column).unwrap()] = share;
            }
            Sample {
                input: Input::of(&board),
                policy: target,
                value,
            }
        };
        let samples = [
            position(&[3, 3, 4, 2], &[(5, 0.6), (1, 0.4)], 0.5),
            // Not the empty board: its first layer is its biases, 0 in a
            // fresh network, on the ReLU's kink where a finite difference
            // sees half a slope.
            position(&[3], &[(3, 1.0)], 0.1),
            position(&[0, 0, 0, 0, 0, 0, 6, 5], &[(1, 0.5), (6, 0.5)], -1.0),
        ];
        let network = Network::new(shape, 11);
        assert_eq!(network.layers().outputs, 7);
        let checked = check_gradients(network, &samples, 31);
        assert!(checked > 800, "{checked} parameters checked");
    }

    #[test]
    fn priors_cover_the_free_cells_only_and_values_stay_within_one() {
        let network = Network::new(Shape::TIC_TAC_TOE, 1);
        let board: Board = "xo./.x./...".parse().unwrap();
        let evaluation = network.evaluate(&board);
        let sum: f32 = evaluation.priors.iter().sum();
        assert!((sum - 1.0).abs() < 1e-5);
        for cell in [0, 1, 4] {
            assert_eq!(evaluation.priors[cell], 0.0);
        }
        assert!(evaluation.value.abs() < 1.0);
        assert_eq!(
            network.first_choice(&board).map(|c| board.cell(c)),
            Some(None)
        );
    }

    #[test]
    fn adam_learns_a_position() {
        let mut network = Network::new(Shape::TIC_TAC_TOE, 3);
        let sample = sample_of("xx./oo./...", &[(2, 1.0)], 1.0);
        let before = network.loss(&sample);
        let mut adam = Adam::new(&network, 1e-2);
        for _ in 0..200 {
            let mut gradient = vec![0.0; network.parameters.len()];
            network.add_gradient(&sample, &mut gradient);
            adam.step(&mut network, &gradient, 1);
        }
        let after = network.loss(&sample);
        assert!(after.policy < before.policy / 10.0, "{before:?} {after:?}");
        assert!(after.value < before.value / 10.0, "{before:?} {after:?}");
        let board: Board = "xx./oo./...".parse().unwrap();
        assert_eq!(network.first_choice(&board), Some(2));
    }

    #[test]
    fn a_symmetric_sample_moves_its_stones_and_targets_together() {
        let geometry = Shape::TIC_TAC_TOE.geometry();
        let sample = sample_of("x../.o./...", &[(2, 1.0)], 0.5);
        for symmetry in &geometry.symmetries {
            let image = sample.transformed(symmetry);
            assert_eq!(image.input.own, 1 << symmetry[0]);
            assert_eq!(image.input.theirs, 1 << 4);
            assert_eq!(image.policy[symmetry[2] as usize], 1.0);
            assert_eq!(image.value, 0.5);
        }
    }
}
