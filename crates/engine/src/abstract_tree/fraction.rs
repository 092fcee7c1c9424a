//! Exact values for chance nodes: the mean of its children's values with
//! equal probabilities is a fraction, kept exact so that a learner's answer
//! is compared with the value itself, not a rounding of it.
//!
//! A tree's caps keep every value's denominator at most
//! `MAX_DENOMINATOR` (2^48) and its numerator at most 999 times that, so
//! `i64` holds them and their sums over a node's children, and `i128`
//! their products.

use std::cmp::Ordering;
use std::fmt;

/// A fraction in lowest terms with a positive denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fraction {
    numerator: i64,
    denominator: i64,
}

impl Fraction {
    /// `numerator / denominator` in lowest terms; `None` for a zero
    /// denominator.
    pub fn new(numerator: i64, denominator: i64) -> Option<Fraction> {
        if denominator == 0 {
            return None;
        }
        let divisor = gcd(numerator.unsigned_abs(), denominator.unsigned_abs()) as i64;
        let sign = denominator.signum();
        Some(Fraction {
            numerator: sign * numerator / divisor,
            denominator: sign * denominator / divisor,
        })
    }

    pub fn integer(value: i64) -> Fraction {
        Fraction {
            numerator: value,
            denominator: 1,
        }
    }

    pub fn numerator(self) -> i64 {
        self.numerator
    }

    pub fn denominator(self) -> i64 {
        self.denominator
    }

    pub fn is_integer(self) -> bool {
        self.denominator == 1
    }

    /// The mean of `values`, each with the same weight; `None` for none.
    /// Within a tree's caps nothing overflows (see the module's comment).
    pub fn mean(values: &[Fraction]) -> Option<Fraction> {
        let count = i64::try_from(values.len()).ok().filter(|&n| n > 0)?;
        let denominator = values.iter().fold(1i64, |lcm, value| {
            lcm / gcd_i64(lcm, value.denominator) * value.denominator
        });
        let sum: i64 = values
            .iter()
            .map(|value| value.numerator * (denominator / value.denominator))
            .sum();
        Fraction::new(sum, denominator * count)
    }

    /// The value to `decimals` places, rounded half away from zero, as a
    /// fraction over a power of ten.
    pub fn rounded(self, decimals: u32) -> Fraction {
        let scale = 10i128.pow(decimals);
        let scaled = i128::from(self.numerator) * scale;
        let denominator = i128::from(self.denominator);
        let half = denominator / 2;
        let rounded = if scaled >= 0 {
            (scaled + half) / denominator
        } else {
            (scaled - half) / denominator
        };
        Fraction::new(rounded as i64, scale as i64).expect("a power of ten is not zero")
    }

    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl From<i32> for Fraction {
    fn from(value: i32) -> Fraction {
        Fraction::integer(i64::from(value))
    }
}

impl Ord for Fraction {
    fn cmp(&self, other: &Fraction) -> Ordering {
        (i128::from(self.numerator) * i128::from(other.denominator))
            .cmp(&(i128::from(other.numerator) * i128::from(self.denominator)))
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Fraction) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `3`, `-7/2`: the exact value, as answers may write it.
impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_integer() {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

fn gcd_i64(a: i64, b: i64) -> i64 {
    gcd(a.unsigned_abs(), b.unsigned_abs()) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(numerator: i64, denominator: i64) -> Fraction {
        Fraction::new(numerator, denominator).unwrap()
    }

    #[test]
    fn fractions_are_kept_in_lowest_terms_with_a_positive_denominator() {
        assert_eq!(f(6, -4), f(-3, 2));
        assert_eq!((f(6, -4).numerator(), f(6, -4).denominator()), (-3, 2));
        assert_eq!(f(0, 5), Fraction::integer(0));
        assert_eq!(Fraction::new(1, 0), None);
    }

    #[test]
    fn the_mean_is_exact_and_compares_by_value() {
        let mean = Fraction::mean(&[f(1, 2), f(1, 3), Fraction::integer(2)]).unwrap();
        assert_eq!(mean, f(17, 18));
        assert!(f(1, 3) < f(1, 2));
        assert!(f(-1, 2) < f(-1, 3));
        assert_eq!(mean.to_string(), "17/18");
        assert_eq!(Fraction::integer(-4).to_string(), "-4");
    }

    #[test]
    fn rounding_goes_half_away_from_zero() {
        assert_eq!(f(10, 3).rounded(2), f(333, 100));
        assert_eq!(f(-10, 3).rounded(2), f(-333, 100));
        assert_eq!(f(5, 8).rounded(2), f(63, 100));
        assert_eq!(f(-5, 8).rounded(2), f(-63, 100));
    }
}
