//! The candidates (b) and (c) of benches/network.rs written with candle:
//! the same shapes (an MLP 84 -> 256 -> 128; four 3x3 convolutions of 32
//! channels on 3 planes of 7x6, each after the first with a residual
//! skip; a policy head over the 7 columns and a value head through 32
//! units, tanh), timed as there: one position, batches of 32 and 256, and
//! forward plus backward at batch 32. The inputs are random stones: only
//! the time is measured here.

use std::time::{Duration, Instant};

use candle_core::{DType, Device, Module, Result, Tensor};
use candle_nn::{Conv2d, Conv2dConfig, Linear, VarBuilder, VarMap, conv2d, linear};

const COLUMNS: usize = 7;
const ROWS: usize = 6;
const PLANES: usize = 3;
const CHANNELS: usize = 32;

trait Net {
    fn input(&self, batch: usize, device: &Device) -> Result<Tensor>;
    /// Policy logits (batch x 7) and values (batch x 1).
    fn forward(&self, input: &Tensor) -> Result<(Tensor, Tensor)>;
}

struct Mlp {
    first: Linear,
    second: Linear,
    policy: Linear,
    value: Linear,
}

impl Mlp {
    fn new(vb: VarBuilder) -> Result<Mlp> {
        Ok(Mlp {
            first: linear(2 * COLUMNS * ROWS, 256, vb.pp("first"))?,
            second: linear(256, 128, vb.pp("second"))?,
            policy: linear(128, COLUMNS, vb.pp("policy"))?,
            value: linear(128, 1, vb.pp("value"))?,
        })
    }
}

impl Net for Mlp {
    fn input(&self, batch: usize, device: &Device) -> Result<Tensor> {
        stones((batch, 2 * COLUMNS * ROWS), device)
    }

    fn forward(&self, input: &Tensor) -> Result<(Tensor, Tensor)> {
        let hidden = self.first.forward(input)?.relu()?;
        let hidden = self.second.forward(&hidden)?.relu()?;
        Ok((
            self.policy.forward(&hidden)?,
            self.value.forward(&hidden)?.tanh()?,
        ))
    }
}

struct Conv {
    layers: Vec<Conv2d>,
    policy: Linear,
    value_hidden: Linear,
    value: Linear,
}

impl Conv {
    fn new(vb: VarBuilder) -> Result<Conv> {
        let config = Conv2dConfig {
            padding: 1,
            ..Default::default()
        };
        let mut layers = vec![conv2d(PLANES, CHANNELS, 3, config, vb.pp("conv0"))?];
        for layer in 1..4 {
            layers.push(conv2d(
                CHANNELS,
                CHANNELS,
                3,
                config,
                vb.pp(format!("conv{layer}")),
            )?);
        }
        let features = CHANNELS * COLUMNS * ROWS;
        Ok(Conv {
            layers,
            policy: linear(features, COLUMNS, vb.pp("policy"))?,
            value_hidden: linear(features, 32, vb.pp("value_hidden"))?,
            value: linear(32, 1, vb.pp("value"))?,
        })
    }
}

impl Net for Conv {
    fn input(&self, batch: usize, device: &Device) -> Result<Tensor> {
        stones((batch, PLANES, ROWS, COLUMNS), device)
    }

    fn forward(&self, input: &Tensor) -> Result<(Tensor, Tensor)> {
        let mut x = self.layers[0].forward(input)?.relu()?;
        for layer in &self.layers[1..] {
            x = (layer.forward(&x)? + &x)?.relu()?;
        }
        let features = x.flatten_from(1)?;
        let hidden = self.value_hidden.forward(&features)?.relu()?;
        Ok((
            self.policy.forward(&features)?,
            self.value.forward(&hidden)?.tanh()?,
        ))
    }
}

/// Random 0/1 inputs of `shape`.
fn stones<S: Into<candle_core::Shape>>(shape: S, device: &Device) -> Result<Tensor> {
    Tensor::rand(0f32, 1f32, shape, device)?
        .ge(0.7)?
        .to_dtype(DType::F32)
}

/// The median time of `run` over repeats filling about `budget`.
fn median(budget: Duration, mut run: impl FnMut() -> Result<()>) -> Result<Duration> {
    for _ in 0..10 {
        run()?;
    }
    let started = Instant::now();
    let mut times = Vec::new();
    while started.elapsed() < budget || times.len() < 10 {
        let start = Instant::now();
        run()?;
        times.push(start.elapsed());
    }
    times.sort();
    Ok(times[times.len() / 2])
}

fn measure(name: &str, net: &dyn Net, varmap: &VarMap, device: &Device) -> Result<()> {
    let parameters: usize = varmap.all_vars().iter().map(|v| v.elem_count()).sum();
    println!("{name}: {parameters} parameters");
    let budget = Duration::from_secs(3);
    for batch in [1, 32, 256] {
        let input = net.input(batch, device)?;
        let time = median(budget, || net.forward(&input).map(|_| ()))?;
        println!(
            "  forward, batch {batch:3}: {:9.1} us a call, {:9.0} positions/s",
            time.as_secs_f64() * 1e6,
            batch as f64 / time.as_secs_f64()
        );
    }
    let batch = 32;
    let input = net.input(batch, device)?;
    let policy_target =
        candle_nn::ops::softmax(&Tensor::randn(0f32, 1f32, (batch, COLUMNS), device)?, 1)?;
    let value_target = Tensor::rand(-1f32, 1f32, (batch, 1), device)?;
    let time = median(budget, || {
        let (logits, value) = net.forward(&input)?;
        let policy_loss = (candle_nn::ops::log_softmax(&logits, 1)? * &policy_target)?
            .sum_all()?
            .neg()?;
        let value_loss = (value - &value_target)?.sqr()?.sum_all()?;
        let loss = ((policy_loss + value_loss)? / batch as f64)?;
        loss.backward().map(|_| ())
    })?;
    println!(
        "  forward+backward, batch 32: {:9.1} us a call, {:9.1} us a sample",
        time.as_secs_f64() * 1e6,
        time.as_secs_f64() * 1e6 / batch as f64
    );
    Ok(())
}

fn main() -> Result<()> {
    let device = Device::Cpu;
    let varmap = VarMap::new();
    let mlp = Mlp::new(VarBuilder::from_varmap(&varmap, DType::F32, &device))?;
    measure("b: MLP 84-256-128 (candle)", &mlp, &varmap, &device)?;
    let varmap = VarMap::new();
    let conv = Conv::new(VarBuilder::from_varmap(&varmap, DType::F32, &device))?;
    measure(
        "c: conv 4x32 3x3 residual (candle)",
        &conv,
        &varmap,
        &device,
    )?;
    Ok(())
}
