//! Echoed input made safe for a terminal: what a person typed comes back
//! in an error message escaped and cut, never as raw control characters.

/// How many characters of a bad input an error message echoes.
pub const ECHO_CHARS: usize = 80;

/// `text` made safe to echo on a terminal, cut to its first `limit`
/// characters (then "…"): printable ASCII and letters and digits stay,
/// a backslash doubles, anything else (control characters such as ESC or
/// NUL, format characters such as a BOM, combining marks, symbols) becomes
/// `\u{hex}`.
pub fn escape_text(text: &str, limit: usize) -> String {
    let mut escaped = String::new();
    for (index, character) in text.chars().enumerate() {
        if index == limit {
            escaped.push('…');
            break;
        }
        match character {
            '\\' => escaped.push_str("\\\\"),
            ' '..='~' => escaped.push(character),
            c if !c.is_ascii() && c.is_alphanumeric() => escaped.push(c),
            c => escaped.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoes_are_escaped_and_cut() {
        assert_eq!(escape_text("x.o", 80), "x.o");
        assert_eq!(escape_text("\u{1b}[2J\0", 80), "\\u{1b}[2J\\u{0}");
        assert_eq!(escape_text("a\\b", 80), "a\\\\b");
        assert_eq!(escape_text("\u{feff}\u{202e}х", 80), "\\u{feff}\\u{202e}х");
        assert_eq!(
            escape_text(&"x".repeat(200), 80),
            format!("{}…", "x".repeat(80))
        );
        assert_eq!(escape_text(&"x".repeat(80), 80), "x".repeat(80));
    }
}
