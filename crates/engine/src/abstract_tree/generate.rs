//! Trees drawn at random from a seed, for exercises: every leaf at the
//! same depth, each inner node's children counted from a range, each
//! leaf's value from a range. The generator is `rand_chacha`'s ChaCha8,
//! whose stream is fixed, and the draws are reduced to a range here, not
//! by `rand`'s samplers (which may change between its versions), so a seed
//! gives the same tree in every version.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    AbstractTree, Decision, MAX_CHILDREN, MAX_DEPTH, MAX_NODES, MAX_VALUE, MIN_VALUE, TreeBuilder,
};

/// What a generated tree looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Levels below the root: the leaves are this deep (1 to `MAX_DEPTH`).
    pub depth: usize,
    /// The fewest and most children of an inner node (1 to
    /// `MAX_CHILDREN`); equal for a fixed branching factor.
    pub branching: (usize, usize),
    /// The lowest and highest leaf value (within `MIN_VALUE..=MAX_VALUE`).
    pub values: (i32, i32),
    /// Chance nodes on every second level below the root (levels 1, 3,
    /// ...): Max, chance, Min, chance, ... as expectimax is drawn.
    pub chance: bool,
    pub root: Decision,
}

/// Why a shape cannot be generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeError {
    /// A depth of 0 or above `MAX_DEPTH`.
    Depth,
    /// A branching factor of 0, above `MAX_CHILDREN`, or a range upside down.
    Branching,
    /// A value range outside `MIN_VALUE..=MAX_VALUE` or upside down.
    Values,
    /// Its largest trees would have more than `MAX_NODES` nodes.
    TooManyNodes,
    /// Chance nodes of this many children this deep would need fractions
    /// finer than the tree's cap.
    TooManyOutcomes,
}

impl Shape {
    /// The most nodes a tree of this shape can have: every inner node with
    /// the most children (saturating).
    pub fn most_nodes(&self) -> usize {
        let mut level = 1usize;
        let mut total = 1usize;
        for _ in 0..self.depth {
            level = level.saturating_mul(self.branching.1);
            total = total.saturating_add(level);
        }
        total
    }

    /// Ok when every tree of this shape can be generated.
    pub fn check(&self) -> Result<(), ShapeError> {
        if self.depth == 0 || self.depth > MAX_DEPTH {
            return Err(ShapeError::Depth);
        }
        let (fewest, most) = self.branching;
        if fewest == 0 || fewest > most || most > MAX_CHILDREN {
            return Err(ShapeError::Branching);
        }
        let (low, high) = self.values;
        if low > high || low < MIN_VALUE || high > MAX_VALUE {
            return Err(ShapeError::Values);
        }
        if self.most_nodes() > MAX_NODES {
            return Err(ShapeError::TooManyNodes);
        }
        Ok(())
    }
}

/// A tree of `shape` drawn from `seed`: nodes in search order, each inner
/// node's number of children drawn when it is reached, each leaf's value
/// when it is.
pub fn generate(shape: &Shape, seed: u64) -> Result<AbstractTree, ShapeError> {
    shape.check()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut builder = TreeBuilder::new(shape.root);
    // The children still to add to each open node.
    let mut pending: Vec<usize> = Vec::with_capacity(shape.depth + 1);
    builder.open(false).map_err(|_| ShapeError::TooManyNodes)?;
    pending.push(draw(&mut rng, shape.branching.0, shape.branching.1));
    while let Some(left) = pending.last_mut() {
        if *left == 0 {
            pending.pop();
            builder.close().map_err(|_| ShapeError::TooManyOutcomes)?;
            continue;
        }
        *left -= 1;
        let depth = pending.len();
        if depth == shape.depth {
            let (low, high) = shape.values;
            let value = low + draw(&mut rng, 0, (high - low) as usize) as i32;
            builder.leaf(value).map_err(|_| ShapeError::Values)?;
        } else {
            let chance = shape.chance && depth % 2 == 1;
            builder.open(chance).map_err(|_| ShapeError::TooManyNodes)?;
            pending.push(draw(&mut rng, shape.branching.0, shape.branching.1));
        }
    }
    Ok(builder.finish().expect("the root was closed"))
}

/// A number from `low` to `high`, both included, from the generator's next
/// draws: uniform, by rejecting the draws past the last whole multiple of
/// the range's size.
pub fn draw(rng: &mut ChaCha8Rng, low: usize, high: usize) -> usize {
    let size = (high - low) as u64 + 1;
    let limit = u64::MAX - u64::MAX % size;
    loop {
        let value = rng.next_u64();
        if value < limit {
            return low + (value % size) as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape() -> Shape {
        Shape {
            depth: 3,
            branching: (2, 3),
            values: (-9, 9),
            chance: false,
            root: Decision::Max,
        }
    }

    #[test]
    fn a_seed_gives_the_same_tree_in_every_version() {
        // Written down once from this generator: ChaCha8's stream is fixed,
        // and the reduction to a range is ours.
        let tree = generate(&shape(), 7).unwrap();
        assert_eq!(tree.to_string(), PINNED_SEED_7);
        assert_eq!(generate(&shape(), 7).unwrap(), tree);
        assert_ne!(generate(&shape(), 8).unwrap(), tree);
    }

    const PINNED_SEED_7: &str = "(((-6 -1 9) (-8 5 9)) ((-4 -6 -4) (8 4)) ((0 8 -2) (-3 7)))";

    #[test]
    fn every_tree_has_the_shape_asked_for() {
        for seed in 0..200 {
            let chance = seed % 2 == 0;
            let tree = generate(&Shape { chance, ..shape() }, seed).unwrap();
            for (id, node) in tree.nodes().iter().enumerate() {
                if node.is_leaf() {
                    assert_eq!(node.depth, 3);
                    assert!((-9..=9).contains(&node.leaf_value().unwrap()));
                } else {
                    assert!((2..=3).contains(&node.children.len()), "node {id}");
                    assert_eq!(node.decision().is_none(), chance && node.depth % 2 == 1);
                }
            }
        }
    }

    #[test]
    fn shapes_past_the_caps_are_refused() {
        let refused = |shape: Shape| generate(&shape, 0).unwrap_err();
        assert_eq!(
            refused(Shape {
                depth: 0,
                ..shape()
            }),
            ShapeError::Depth
        );
        assert_eq!(
            refused(Shape {
                depth: 13,
                ..shape()
            }),
            ShapeError::Depth
        );
        assert_eq!(
            refused(Shape {
                branching: (3, 2),
                ..shape()
            }),
            ShapeError::Branching
        );
        assert_eq!(
            refused(Shape {
                branching: (0, 2),
                ..shape()
            }),
            ShapeError::Branching
        );
        assert_eq!(
            refused(Shape {
                values: (5, 4),
                ..shape()
            }),
            ShapeError::Values
        );
        assert_eq!(
            refused(Shape {
                values: (0, 1000),
                ..shape()
            }),
            ShapeError::Values
        );
        assert_eq!(
            refused(Shape {
                depth: 12,
                branching: (2, 2),
                ..shape()
            }),
            ShapeError::TooManyNodes
        );
        assert!(
            generate(
                &Shape {
                    depth: 11,
                    branching: (2, 2),
                    ..shape()
                },
                0
            )
            .is_ok()
        );
    }
}
