//! Turning what a visitor typed into a safe full-text query: every word becomes a prefix match
//! (`'ব্যাক':*`), so partial words find courses; trigram similarity covers misspellings.

/// `None` when nothing searchable is left.
pub fn prefix_tsquery(input: &str) -> Option<String> {
    let words: Vec<String> = input
        .split(|c: char| c.is_whitespace() || c.is_ascii_punctuation() || c == '।')
        .map(|w| w.chars().filter(|c| !matches!(c, '\'' | '\\' | ':' | '&' | '|' | '!' | '(' | ')' | '<' | '>' | '*')).collect::<String>())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(|w| format!("'{}':*", w.to_lowercase()))
        .collect();
    (!words.is_empty()).then(|| words.join(" & "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_become_prefixes_and_operators_are_dropped() {
        assert_eq!(prefix_tsquery("বাংলা ব্যাক").as_deref(), Some("'বাংলা':* & 'ব্যাক':*"));
        assert_eq!(prefix_tsquery("Rust's (async) & | !").as_deref(), Some("'rust':* & 's':* & 'async':*"));
        assert_eq!(prefix_tsquery("  ' : * "), None);
        assert_eq!(prefix_tsquery("ভাষা। শিক্ষা").as_deref(), Some("'ভাষা':* & 'শিক্ষা':*"));
    }
}
