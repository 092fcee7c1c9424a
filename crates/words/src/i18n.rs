//! Translation of what people read. Messages go through gettext; only the
//! window binds the text domain and sets the locale, so elsewhere (the
//! command line, the engine's tests) gettext hands back the English text
//! unchanged.

use std::fmt::Display;

pub use gettextrs::{gettext, ngettext, pgettext};

/// The gettext domain: the catalogues are `tictactoe.mo`.
pub const DOMAIN: &str = "tictactoe";

/// A translated message with its `{name}` placeholders filled from
/// `values`. Named rather than positional so that a translation may put
/// them in another order; an unknown name is left as written.
pub fn fill(message: &str, values: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            values
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (value, close))
        });
        match value {
            Some((value, close)) => {
                out.push_str(&value.to_string());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Marks a message for the catalogue where it must stay English (a stable
/// name, a JSON field) and is translated later with `gettext(message)`.
pub const fn translatable(message: &'static str) -> &'static str {
    message
}

/// `n` to gettext's plural choice; counts past `u32` take the plural form.
pub fn plural_count(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_by_name_in_any_order() {
        assert_eq!(
            fill("{b} after {a}, {a} again", &[("a", &1), ("b", &"two")]),
            "two after 1, 1 again"
        );
    }

    #[test]
    fn braces_without_a_known_name_stay_and_values_are_not_refilled() {
        assert_eq!(fill("{x} {} {", &[("y", &"{x}")]), "{x} {} {");
        assert_eq!(fill("file {f}", &[("f", &"{f}.json")]), "file {f}.json");
    }
}
