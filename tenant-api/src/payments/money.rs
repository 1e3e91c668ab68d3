//! Amounts in poisha (1 taka = 100 poisha), read from and written as decimal strings without
//! ever passing through floating point: a gateway's "1500.00" and an author's "১৫০০" are exact.

/// Parses a taka amount: digits (Bangla or Latin), an optional `.` and at most two decimals,
/// optional thousands commas and a leading `৳`. `None` for anything else, or beyond `max`.
pub fn parse_taka(text: &str, max_poisha: i64) -> Option<i64> {
    let text: String = text
        .trim()
        .trim_start_matches('৳')
        .trim()
        .chars()
        .filter(|c| *c != ',')
        .map(|c| match c {
            '০'..='৯' => char::from(b'0' + (c as u32 - '০' as u32) as u8),
            c => c,
        })
        .collect();
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    if whole.is_empty() || whole.len() > 15 || fraction.len() > 2 || !(whole.bytes().chain(fraction.bytes())).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fraction = format!("{fraction:0<2}");
    let poisha = whole.parse::<i64>().ok()?.checked_mul(100)?.checked_add(fraction.parse::<i64>().ok()?)?;
    (poisha <= max_poisha).then_some(poisha)
}

/// `150050` -> `"1500.50"`: how the gateways take amounts.
pub fn taka_string(poisha: i64) -> String {
    format!("{}.{:02}", poisha / 100, poisha % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: i64 = 10_000_000_00;

    #[test]
    fn reads_taka_exactly() {
        assert_eq!(parse_taka("1500", MAX), Some(150_000));
        assert_eq!(parse_taka("1500.5", MAX), Some(150_050));
        assert_eq!(parse_taka(" ৳১,৫০০.০৫ ", MAX), Some(150_005));
        assert_eq!(parse_taka("0.10", MAX), Some(10));
        assert_eq!(parse_taka("19.99", MAX), Some(1_999));
        assert_eq!(parse_taka("0", MAX), Some(0));
    }

    #[test]
    fn refuses_what_is_not_an_amount() {
        for bad in ["", "-5", "1.234", "1e3", "abc", ".5", "1 000", "99999999999999999999", "10000001"] {
            assert_eq!(parse_taka(bad, MAX), None, "{bad}");
        }
    }

    #[test]
    fn writes_gateway_amounts() {
        assert_eq!(taka_string(150_000), "1500.00");
        assert_eq!(taka_string(5), "0.05");
    }
}
