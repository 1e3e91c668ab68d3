//! iCalendar (RFC 5545) text: a VCALENDAR of VEVENTs with a reminder a day before, lines folded
//! and values escaped as the RFC says, so phone and desktop calendars read them.

use chrono::{DateTime, Utc};

/// One event of a calendar file.
pub struct VEvent<'a> {
    /// Unique and stable for the object (`event-12@dhaka.example.org`).
    pub uid: String,
    pub stamp: DateTime<Utc>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub summary: String,
    pub description: String,
    pub location: &'a str,
    pub url: String,
}

fn stamp(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value: backslashes, semicolons, commas and line breaks escaped (RFC 5545 §3.3.11).
fn text(value: &str) -> String {
    value.replace('\\', "\\\\").replace(';', "\\;").replace(',', "\\,").replace("\r\n", "\\n").replace(['\n', '\r'], "\\n")
}

/// Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1).
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
    out
}

/// A title in both languages when they differ: "Career fair 2026 / ক্যারিয়ার মেলা ২০২৬".
pub fn both(title: &str, title_bn: Option<&str>) -> String {
    match title_bn {
        Some(bn) if !bn.is_empty() && bn != title => format!("{title} / {bn}"),
        _ => title.to_owned(),
    }
}

/// A whole calendar file; `name` is what a subscribing calendar calls it.
pub fn calendar(name: &str, events: &[VEvent<'_>]) -> String {
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//LMS platform//Calendar//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        format!("X-WR-CALNAME:{}", text(name)),
    ];
    for e in events {
        lines.extend([
            "BEGIN:VEVENT".to_owned(),
            format!("UID:{}", e.uid),
            format!("DTSTAMP:{}", stamp(e.stamp)),
            format!("DTSTART:{}", stamp(e.starts_at)),
            format!("DTEND:{}", stamp(e.ends_at)),
            format!("SUMMARY:{}", text(&e.summary)),
            format!("DESCRIPTION:{}", text(&e.description)),
            format!("LOCATION:{}", text(e.location)),
            format!("URL:{}", e.url),
            "BEGIN:VALARM".to_owned(),
            "ACTION:DISPLAY".to_owned(),
            format!("DESCRIPTION:{}", text(&e.summary)),
            "TRIGGER:-P1D".to_owned(),
            "END:VALARM".to_owned(),
            "END:VEVENT".to_owned(),
        ]);
    }
    lines.push("END:VCALENDAR".to_owned());
    lines.iter().map(|l| fold(l)).collect()
}

#[cfg(test)]
mod tests {
    use super::{fold, text};

    #[test]
    fn long_lines_fold_between_characters() {
        let line = format!("SUMMARY:{}", "বাংলা".repeat(20));
        let folded = fold(&line);
        assert!(folded.split("\r\n").all(|l| l.len() <= 75));
        assert_eq!(folded.replace("\r\n ", "").trim_end(), line);
    }

    #[test]
    fn text_values_are_escaped() {
        assert_eq!(text("a, b; c\\d\ne"), "a\\, b\\; c\\\\d\\ne");
    }
}
