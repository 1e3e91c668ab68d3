//! Page-numbered lists: `{"data": [...], "current_page", "last_page", "per_page", "total"}`.
//! A page beyond the last answers the last page (SPEC §2 pager).

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub search: Option<String>,
}

#[derive(Debug, Clone, Copy)]
pub struct PageRequest {
    pub page: i64,
    pub per_page: i64,
}

/// No list is this long; a larger page number is served as the last page anyway, and the
/// cap keeps offsets far from overflowing.
const MAX_PAGE: i64 = 1_000_000;

impl PageRequest {
    pub fn new(page: Option<i64>, limit: Option<i64>, default_limit: i64) -> Self {
        Self { page: page.unwrap_or(1).clamp(1, MAX_PAGE), per_page: limit.unwrap_or(default_limit).clamp(1, 100) }
    }

    /// The offset of the page asked for, before the total is known.
    pub fn offset(self) -> i64 {
        (self.page - 1) * self.per_page
    }

    /// The page actually served and its offset, once the total is known.
    pub fn clamp(self, total: i64) -> (i64, i64, i64) {
        let last_page = ((total + self.per_page - 1) / self.per_page).max(1);
        let page = self.page.min(last_page);
        (page, last_page, (page - 1) * self.per_page)
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub current_page: i64,
    pub last_page: i64,
    pub per_page: i64,
    pub total: i64,
}

impl<T> Page<T> {
    /// The same page with each item turned into another type.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page { data: self.data.into_iter().map(f).collect(), current_page: self.current_page, last_page: self.last_page, per_page: self.per_page, total: self.total }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_beyond_the_last_load_the_last() {
        let r = PageRequest::new(Some(9), Some(5), 10);
        assert_eq!(r.clamp(12), (3, 3, 10));
        assert_eq!(PageRequest::new(None, None, 10).clamp(0), (1, 1, 0));
        assert_eq!(PageRequest::new(Some(-3), Some(1000), 10).per_page, 100);
        let huge = PageRequest::new(Some(i64::MAX - 1), Some(100), 10);
        assert_eq!(huge.clamp(250), (3, 3, 200), "no overflow on absurd pages");
        assert!(huge.offset() < i64::MAX / 2);
    }
}

/// `%words%` for an ILIKE search, LIKE's own special characters (`%`, `_` and the escape `\\`)
/// escaped so that they match themselves; `None` for no words.
pub fn contains_pattern(search: Option<&str>) -> Option<String> {
    // A fill-in-the-blank question's "___" or a "50%" is searched for as written.
    search.map(str::trim).filter(|s| !s.is_empty()).map(|s| {
        let mut pattern = String::with_capacity(s.len() + 2);
        pattern.push('%');
        for c in s.chars() {
            if matches!(c, '%' | '_' | '\\') {
                pattern.push('\\');
            }
            pattern.push(c);
        }
        pattern.push('%');
        pattern
    })
}

#[cfg(test)]
mod pattern_tests {
    #[test]
    fn search_words_become_a_literal_contains_pattern() {
        assert_eq!(super::contains_pattern(Some(" 50%_off\\ ")), Some(r"%50\%\_off\\%".to_owned()));
        assert_eq!(super::contains_pattern(Some("  ")), None);
    }
}
