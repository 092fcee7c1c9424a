//! Reading back the values JSON writes by name ("x", "alphabeta",
//! "worst"): the one way every such type is read.

use serde::Deserialize;
use serde::de::{Deserializer, Error};

/// The one of `all` whose `name` is the string read, or an error that
/// quotes the string.
pub(crate) fn deserialize_by_name<'de, D, T>(
    deserializer: D,
    all: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Copy,
{
    let text = String::deserialize(deserializer)?;
    all.iter()
        .copied()
        .find(|value| name(*value) == text)
        .ok_or_else(|| D::Error::custom(format!("unknown name {text:?}")))
}
