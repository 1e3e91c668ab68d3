//! Field validation that collects every problem of a form at once. Lengths are counted in
//! graphemes, so a Bangla conjunct counts as the one letter a reader sees.

use crate::error::{AppError, FieldError, FieldErrors};
use unicode_segmentation::UnicodeSegmentation;

pub const MIN_PASSWORD: usize = 8;

#[derive(Default)]
pub struct Validator {
    errors: FieldErrors,
}

impl Validator {
    pub fn add(&mut self, field: &str, code: &'static str, param: Option<usize>) {
        self.errors.entry(field.to_owned()).or_default().push(FieldError { code, param });
    }

    pub fn has(&self, field: &str) -> bool {
        self.errors.contains_key(field)
    }

    /// A required text: trimmed, non-empty, at most `max` graphemes.
    pub fn text(&mut self, field: &str, value: &str, max: usize) -> String {
        let value = trim(value);
        if value.is_empty() {
            self.add(field, "required", None);
        }
        self.max_len(field, value, max);
        value.to_owned()
    }

    /// An optional text: `None` when blank.
    pub fn optional_text(&mut self, field: &str, value: &str, max: usize) -> Option<String> {
        let value = trim(value);
        self.max_len(field, value, max);
        (!value.is_empty()).then(|| value.to_owned())
    }

    fn max_len(&mut self, field: &str, value: &str, max: usize) {
        if value.graphemes(true).count() > max {
            self.add(field, "too_long", Some(max));
        }
    }

    /// A required RFC 3339 moment (`2026-12-20T10:00:00+06:00`), as UTC.
    pub fn date_time(&mut self, field: &str, value: &str) -> Option<chrono::DateTime<chrono::Utc>> {
        let value = self.text(field, value, 40);
        if value.is_empty() {
            return None;
        }
        let parsed = chrono::DateTime::parse_from_rfc3339(&value).ok().map(|d| d.with_timezone(&chrono::Utc));
        if parsed.is_none() {
            self.add(field, "invalid_date_time", None);
        }
        parsed
    }

    pub fn email(&mut self, field: &str, value: &str) -> String {
        let value = self.text(field, value, 254).to_lowercase();
        if !value.is_empty() && !is_email(&value) {
            self.add(field, "invalid_email", None);
        }
        value
    }

    /// A Bangladeshi mobile number, normalised to `+8801XXXXXXXXX`.
    pub fn phone(&mut self, field: &str, value: &str) -> String {
        let value = self.text(field, value, 20);
        if value.is_empty() {
            return value;
        }
        match normalize_phone(&value) {
            Some(phone) => phone,
            None => {
                self.add(field, "invalid_phone", None);
                value
            }
        }
    }

    pub fn optional_phone(&mut self, field: &str, value: &str) -> Option<String> {
        if trim(value).is_empty() { None } else { Some(self.phone(field, value)) }
    }

    /// A new password (ASVS 5.0 V6.2): at least 8 characters, any characters, no composition
    /// rules, and not one of the passwords people use most, nor the account's own name or
    /// address (`personal`).
    pub fn password(&mut self, field: &str, value: &str, personal: &[&str]) -> String {
        if value.is_empty() {
            self.add(field, "required", None);
        } else if value.chars().count() < MIN_PASSWORD {
            self.add(field, "password_too_short", Some(MIN_PASSWORD));
        } else if value.len() > 1024 {
            self.add(field, "too_long", Some(1024));
        } else if is_common_password(value, personal) {
            self.add(field, "password_common", None);
        }
        value.to_owned()
    }

    pub fn finish(self) -> Result<(), AppError> {
        if self.errors.is_empty() { Ok(()) } else { Err(AppError::Validation(self.errors)) }
    }
}

/// Trims Unicode white space and invisible format characters (zero-width space, joiners, marks,
/// BOM) from both ends, so a title of spaces or of a zero-width space counts as empty. Joiners
/// inside a word stay: Bangla spells with ZWJ/ZWNJ.
pub fn trim(value: &str) -> &str {
    value.trim_matches(|c: char| c.is_whitespace() || is_format(c))
}

/// Unicode general category Cf (format) characters a keyboard or a paste can produce.
fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

pub fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.rsplit_once('@') else { return false };
    !local.is_empty()
        && !value.chars().any(|c| c.is_whitespace() || c.is_control())
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '-')
}

/// One spelling per number, E.164: `+8801712345678`, `8801712345678`, `01712345678`,
/// `017-1234-5678`, `(017) 1234 5678` and Bangla digits `০১৭১২৩৪৫৬৭৮` all give `+8801712345678`;
/// operators 013-019.
pub fn normalize_phone(value: &str) -> Option<String> {
    let digits: String = value
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.' | '\u{00A0}'))
        .map(|c| match c {
            '০'..='৯' => char::from(b'0' + (c as u32 - '০' as u32) as u8),
            c => c,
        })
        .collect();
    let digits = digits.strip_prefix('+').unwrap_or(&digits);
    let local = digits.strip_prefix("88").filter(|d| d.len() == 11).unwrap_or(digits);
    let b = local.as_bytes();
    (local.len() == 11 && local.starts_with("01") && (b'3'..=b'9').contains(&b[2]) && local.bytes().all(|c| c.is_ascii_digit()))
        .then(|| format!("+88{local}"))
}

/// A sign-in identifier in its one spelling: a phone number as E.164, an e-mail in lower case.
pub fn normalize_login(value: &str) -> String {
    let value = trim(value);
    normalize_phone(value).unwrap_or_else(|| value.to_lowercase())
}

/// Whether a password is, as a whole, one of zxcvbn's 30,000 most used passwords (also spelt
/// backwards or in l33t) or one of the account's own words.
fn is_common_password(password: &str, personal: &[&str]) -> bool {
    use zxcvbn::matching::patterns::MatchPattern;
    use zxcvbn::Match;
    let last = password.chars().count() - 1;
    let whole = |m: &Match| m.i == 0 && m.j == last;
    // The crate does not export its dictionary type, only its Debug name.
    let listed = |m: &Match| match &m.pattern {
        MatchPattern::Dictionary(d) => matches!(format!("{:?}", d.dictionary_name).as_str(), "Passwords" | "UserInputs"),
        _ => false,
    };
    zxcvbn::zxcvbn(password, personal).sequence().iter().any(|m| whole(m) && listed(m))
}

pub fn is_colour(value: &str) -> bool {
    value.len() == 7 && value.starts_with('#') && value[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_and_personal_passwords_are_refused() {
        for weak in ["password1", "iloveyou", "P@ssw0rd", "12345678", "drowssap", "karim@example.com"] {
            assert!(is_common_password(weak, &["karim@example.com"]), "{weak}");
        }
        for fine in ["demo-pass-2026", "test-pass-123", "karim-pass-1", "আমার সোনার বাংলা"] {
            assert!(!is_common_password(fine, &["karim@example.com"]), "{fine}");
        }
    }

    #[test]
    fn phones_are_normalised() {
        for spelling in ["+8801712345678", "8801712345678", "01712345678", "017-1234-5678", "+88 017 1234 5678", "(017) 1234.5678", "০১৭১২৩৪৫৬৭৮"] {
            assert_eq!(normalize_phone(spelling).as_deref(), Some("+8801712345678"), "{spelling}");
        }
        assert_eq!(normalize_login(" Teacher@Example.com "), "teacher@example.com");
        assert_eq!(normalize_phone("01212345678"), None);
        assert_eq!(normalize_phone("0171234567"), None);
        assert_eq!(normalize_phone("0171234567a"), None);
    }

    #[test]
    fn emails_need_a_domain() {
        assert!(is_email("a@b.co"));
        assert!(!is_email("a@b"));
        assert!(!is_email("@b.co"));
        assert!(!is_email("a b@c.co"));
    }

    #[test]
    fn lengths_count_graphemes() {
        let mut v = Validator::default();
        v.text("name", "ঢাকা কলেজ", 9);
        assert!(v.finish().is_ok());
        let mut v = Validator::default();
        v.text("name", "  ", 9);
        assert!(v.has("name"));
    }

    #[test]
    fn invisible_text_is_empty() {
        for blank in ["\u{200B}", " \u{00A0}\u{3000} ", "\u{FEFF}\u{200D}\t", "\u{2060}\u{180E}"] {
            let mut v = Validator::default();
            v.text("title", blank, 100);
            assert!(v.has("title"), "{blank:?} counts as empty");
            assert_eq!(Validator::default().optional_text("title", blank, 100), None);
        }
        // A joiner inside a Bangla word is part of its spelling.
        assert_eq!(trim("\u{200B} র\u{200D}্যাব "), "র\u{200D}্যাব");
    }
}
