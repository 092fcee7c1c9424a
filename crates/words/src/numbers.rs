//! Numbers and durations as people read them, with the separators of
//! their language: "549,945" ("549.945" in German), "3.4 ms", "5.6 M/s".

use tictactoe_engine::score::INFINITY;

use super::i18n::{fill, pgettext, plural_count};

/// A result on X's scale, from -1 (O wins) to +1 (X wins), as the log
/// writes Monte Carlo means and learned values: "+0.468", "−0.250", "0.000".
pub fn result_number(value: f64, decimals: usize) -> String {
    let text = format!("{:.*}", decimals, value.abs());
    let sign = if text.bytes().all(|b| matches!(b, b'0' | b'.')) {
        ""
    } else if value < 0.0 {
        "−"
    } else {
        "+"
    };
    decimal(&format!("{sign}{text}"))
}

/// A window's edge on X's scale, with a real minus sign and the search's
/// infinity as ∞: "−∞", "−3", "0", "+∞".
pub fn window_limit(limit: i32) -> String {
    match limit {
        INFINITY => "+∞".to_owned(),
        limit if limit == -INFINITY => "−∞".to_owned(),
        limit if limit < 0 => format!("−{}", limit.unsigned_abs()),
        limit => limit.to_string(),
    }
}

/// `n` with thousands separators: "549,945" (in the window, the
/// separator of the user's language: "549.945" in German).
pub fn group(n: u64) -> String {
    let separator = pgettext("thousands separator", ",");
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * separator.len());
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push_str(&separator);
        }
        out.push(digit);
    }
    out
}

/// A number written with a '.' as its decimal point, with the user's
/// language's decimal point instead ("3,4" in German).
pub fn decimal(number: &str) -> String {
    number.replace('.', &pgettext("decimal separator", "."))
}

/// `value` with `decimals` places and the user's language's decimal
/// point: "1.41" ("1,41" in German).
pub fn fixed(value: f64, decimals: usize) -> String {
    decimal(&format!("{value:.decimals$}"))
}

/// A number as a person types it, with their language's decimal point or
/// a '.', and a real minus sign or a hyphen: "2,5" and "2.5" both read 2.5
/// in German. `None` when it is no number.
pub fn read_decimal(text: &str) -> Option<f64> {
    let point = pgettext("decimal separator", ".");
    text.trim()
        .replace(point.as_str(), ".")
        .replace('−', "-")
        .parse::<f64>()
        .ok()
        .filter(|value| value.is_finite())
}

/// A count with its noun in the right plural form, the number grouped:
/// `count(n, |n| ngettext("{count} node", "{count} nodes", n))` reads "1
/// node", "549,945 nodes".
pub fn count(n: u64, forms: impl FnOnce(u32) -> String) -> String {
    fill(&forms(plural_count(n)), &[("count", &group(n))])
}

/// A share in per cent as the user's language writes it: "67%" in
/// English, "67 %" in German, `decimals` digits after the point.
pub fn percent(value: f64, decimals: usize) -> String {
    percent_of(&decimal(&format!("{value:.decimals$}")))
}

/// A number already written out, as a percentage: "12.5" reads "12.5%"
/// ("12,5 %" in German, given "12,5").
pub fn percent_of(number: &str) -> String {
    // Translators: a percentage; German puts a space before the sign.
    fill(&pgettext("percentage", "{number}%"), &[("number", &number)])
}

/// A time as people read it: "52 µs", "3.4 ms", "250 ms", "1.25 s"; a
/// time measured in whole microseconds as none took less than one: "< 1 µs".
pub fn format_duration_us(us: u64) -> String {
    if us == 0 {
        "< 1 µs".to_owned()
    } else if us < 1_000 {
        format!("{us} µs")
    } else if us < 100_000 {
        decimal(&format!("{:.1} ms", us as f64 / 1e3))
    } else if us < 1_000_000 {
        format!("{} ms", (us + 500) / 1_000)
    } else {
        decimal(&format!("{:.2} s", us as f64 / 1e6))
    }
}

/// A node rate: "5.6 M/s", "213 M/s", "830 k/s", "120/s".
pub fn format_rate(per_second: u64) -> String {
    let scaled = |value: f64, unit: &str| {
        if value < 10.0 {
            decimal(&format!("{value:.1} {unit}/s"))
        } else {
            format!("{value:.0} {unit}/s")
        }
    };
    if per_second >= 1_000_000 {
        scaled(per_second as f64 / 1e6, "M")
    } else if per_second >= 1_000 {
        scaled(per_second as f64 / 1e3, "k")
    } else {
        format!("{per_second}/s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1_000), "1,000");
        assert_eq!(group(549_945), "549,945");
        assert_eq!(group(1_234_567), "1,234,567");
        assert_eq!(format_duration_us(0), "< 1 µs");
        assert_eq!(format_duration_us(52), "52 µs");
        assert_eq!(percent(67.0, 0), "67%");
        assert_eq!(percent(97.04, 1), "97.0%");
        assert_eq!(percent_of("12.5"), "12.5%");
        assert_eq!(format_duration_us(3_400), "3.4 ms");
        assert_eq!(format_duration_us(250_400), "250 ms");
        assert_eq!(format_duration_us(1_250_000), "1.25 s");
        assert_eq!(format_rate(5_600_000), "5.6 M/s");
        assert_eq!(format_rate(185_000_000), "185 M/s");
        assert_eq!(format_rate(830_000), "830 k/s");
        assert_eq!(format_rate(120), "120/s");
        assert_eq!(fixed(std::f64::consts::SQRT_2, 2), "1.41");
        assert_eq!(read_decimal(" 2.5 "), Some(2.5));
        assert_eq!(read_decimal("−1"), Some(-1.0));
        assert_eq!(read_decimal("two"), None);
    }
}
