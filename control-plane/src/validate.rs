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
        let value = value.trim();
        if value.is_empty() {
            self.add(field, "required", None);
        }
        self.max_len(field, value, max);
        value.to_owned()
    }

    /// An optional text: `None` when blank.
    pub fn optional_text(&mut self, field: &str, value: &str, max: usize) -> Option<String> {
        let value = value.trim();
        self.max_len(field, value, max);
        (!value.is_empty()).then(|| value.to_owned())
    }

    fn max_len(&mut self, field: &str, value: &str, max: usize) {
        if value.graphemes(true).count() > max {
            self.add(field, "too_long", Some(max));
        }
    }

    pub fn email(&mut self, field: &str, value: &str) -> String {
        let value = self.text(field, value, 254).to_lowercase();
        if !value.is_empty() && !is_email(&value) {
            self.add(field, "invalid_email", None);
        }
        value
    }

    /// A Bangladeshi mobile number, normalised to `01XXXXXXXXX`.
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
        if value.trim().is_empty() { None } else { Some(self.phone(field, value)) }
    }

    pub fn password(&mut self, field: &str, value: &str) -> String {
        if value.is_empty() {
            self.add(field, "required", None);
        } else if value.chars().count() < MIN_PASSWORD {
            self.add(field, "password_too_short", Some(MIN_PASSWORD));
        } else if value.len() > 1024 {
            self.add(field, "too_long", Some(1024));
        }
        value.to_owned()
    }

    pub fn finish(self) -> Result<(), AppError> {
        if self.errors.is_empty() { Ok(()) } else { Err(AppError::Validation(self.errors)) }
    }
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

/// `+8801712345678`, `8801712345678`, `01712345678` -> `01712345678`; operators 013-019.
pub fn normalize_phone(value: &str) -> Option<String> {
    let digits: String = value.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    let digits = digits.strip_prefix('+').unwrap_or(&digits);
    let local = digits.strip_prefix("88").filter(|d| d.len() == 11).unwrap_or(digits);
    let b = local.as_bytes();
    (local.len() == 11 && local.starts_with("01") && (b'3'..=b'9').contains(&b[2]) && local.bytes().all(|c| c.is_ascii_digit()))
        .then(|| local.to_owned())
}

pub fn is_colour(value: &str) -> bool {
    value.len() == 7 && value.starts_with('#') && value[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_normalised() {
        assert_eq!(normalize_phone("+8801712345678").as_deref(), Some("01712345678"));
        assert_eq!(normalize_phone("017-1234-5678").as_deref(), Some("01712345678"));
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
}
