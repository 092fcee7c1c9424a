//! Comma-separated values as spreadsheets read them (RFC 4180): a field
//! with a comma, a quote or a line break is quoted, its quotes doubled;
//! lines end with CRLF.

use std::borrow::Cow;

/// One field, quoted when it needs to be.
pub fn field(text: &str) -> Cow<'_, str> {
    if text.contains([',', '"', '\n', '\r']) {
        Cow::Owned(format!("\"{}\"", text.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(text)
    }
}

/// One record: the fields, quoted where needed, joined by commas, with the
/// line ending.
pub fn record<S: AsRef<str>>(fields: impl IntoIterator<Item = S>) -> String {
    let mut line = fields
        .into_iter()
        .map(|text| field(text.as_ref()).into_owned())
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

/// An optional number as a field: empty when absent.
pub fn optional<T: ToString>(value: Option<T>) -> String {
    value.map_or(String::new(), |value| value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_they_need_it() {
        assert_eq!(field("alphabeta"), "alphabeta");
        assert_eq!(field("minimax, depth 3"), "\"minimax, depth 3\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
        assert_eq!(record(["a", "b,c", ""]), "a,\"b,c\",\r\n");
        assert_eq!(optional(Some(3)), "3");
        assert_eq!(optional::<u32>(None), "");
    }
}
