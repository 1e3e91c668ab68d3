//! What a course is found by, and what a visitor typed turned into a query over it.
//!
//! A published course carries search terms computed here ([`doc_terms`]) in its `search_doc`
//! (migration V8): `^` + every prefix of every title word (`^গ`, `^গণ`, … `^গণিত`), `^` + every
//! whole word of the summary, and `~` + the prefixes of every title word's sound key
//! ([`super::phonetic`]). A search is then a query of whole index entries only: a typed word
//! `w` is the one entry `^w`, which GIN intersects by skipping through the posting lists,
//! where a prefix query (`'w':*`) would first collect every posting of every word starting
//! with `w`. The same function normalises both sides, so what is indexed and what is asked
//! always agree.
//!
//! The order of results still comes from the title and summary words with their positions and
//! weights (`rank`, every word a prefix, as before the terms existed).

use super::phonetic;
use unicode_normalization::UnicodeNormalization;

/// Prefixes longer than this are not indexed; a longer typed word is matched by its first
/// this many characters.
const MAX_PREFIX: usize = 24;
/// Words of a query that count.
const MAX_WORDS: usize = 8;
/// The words themselves and the four ways of cutting three words into runs.
pub const MAX_BRANCHES: usize = 5;

/// A search for what a visitor typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Words {
    /// Ways a course matches, each a conjunction of index entries (a tsquery to cast, not to
    /// parse): the typed words, or their sounds (one by one, or runs of them joined). At most
    /// [`MAX_BRANCHES`]. They are searched as separate index scans, OR-ed as bitmaps: GIN skips
    /// through the lists of a conjunction, while one query OR-ing them would walk every posting
    /// of every entry.
    pub branches: Vec<String>,
    /// For `to_tsquery('simple', …)`: every word a prefix; orders the results.
    pub rank: String,
    /// For several words that no course has together: courses with any of them (each word or
    /// its sound), and the rank that counts how many they have.
    pub any_word: Option<(String, String)>,
    /// The typed text, lower case, for trigram similarity when nothing matches.
    pub raw: String,
    /// The normalised words.
    pub words: Vec<String>,
}

/// `None` when nothing searchable was typed.
pub fn parse(input: &str) -> Option<Words> {
    let words: Vec<String> = normalised_words(input).into_iter().take(MAX_WORDS).collect();
    let rank = prefix_tsquery(input)?;
    if words.is_empty() {
        return None;
    }
    let mut branches = vec![words.iter().map(|w| entry('^', w)).collect::<Vec<_>>().join(" & ")];
    for segments in segmentations(&words) {
        let sounds: Option<Vec<String>> = segments.iter().map(|s| sound_entry(s)).collect();
        if let Some(sounds) = sounds.map(|s| s.join(" & ")).filter(|b| !branches.contains(b)) {
            branches.push(sounds);
        }
    }
    let any_word = (words.len() > 1).then(|| {
        let entries: Vec<String> = words.iter().flat_map(|w| [Some(entry('^', w)), sound_entry(std::slice::from_ref(w))]).flatten().collect();
        (entries.join(" | "), rank.replace(" & ", " | "))
    });
    Some(Words { branches, rank, any_word, raw: input.trim().chars().take(100).collect::<String>().to_lowercase(), words })
}

/// The index entries of a course (see the module's comment).
pub fn doc_terms(title: &str, title_bn: &str, summary: &str) -> Vec<String> {
    let mut terms = Vec::new();
    for word in normalised_words(title).into_iter().chain(normalised_words(title_bn)) {
        let chars: Vec<char> = word.chars().take(MAX_PREFIX).collect();
        terms.extend((1..=chars.len()).map(|n| format!("^{}", chars[..n].iter().collect::<String>())));
        let key: Vec<char> = phonetic::key(&word).chars().take(MAX_PREFIX).collect();
        terms.extend((2..=key.len()).map(|n| format!("~{}", key[..n].iter().collect::<String>())));
    }
    terms.extend(normalised_words(summary).iter().map(|w| format!("^{}", w.chars().take(MAX_PREFIX).collect::<String>())));
    terms.sort_unstable();
    terms.dedup();
    terms
}

/// Whether every typed word starts a word of `text`: a course found by its words rather than
/// by their sound.
pub fn starts_words(text: &str, words: &[String]) -> bool {
    let own = normalised_words(text);
    words.iter().all(|w| own.iter().any(|o| o.starts_with(w.as_str())))
}

/// Words as both sides see them: NFC, lower case, Bangla digits as ASCII, joiners dropped;
/// a word is a run of letters, digits and Bangla signs.
fn normalised_words(text: &str) -> Vec<String> {
    let text: String = text
        .nfc()
        .flat_map(char::to_lowercase)
        .filter(|c| !matches!(c, '\u{200C}' | '\u{200D}'))
        .map(|c| match c {
            '০'..='৯' => char::from(b'0' + (c as u32 - '০' as u32) as u8),
            c => c,
        })
        .collect();
    text.split(|c: char| !(c.is_alphanumeric() || ('\u{0980}'..='\u{09FF}').contains(&c)))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

fn entry(marker: char, text: &str) -> String {
    let text: String = text.chars().take(MAX_PREFIX).collect();
    format!("'{marker}{}'", text.replace('\\', "\\\\").replace('\'', "''"))
}

/// The sound of a run of typed words written as one (Bangla writes compounds whole that Latin
/// spellings split: পদার্থবিজ্ঞান, "podartho biggan"). A single word with too short a sound
/// to be telling is matched as itself; a joined run needs a sound of its own.
fn sound_entry(segment: &[String]) -> Option<String> {
    let joined = segment.concat();
    let key = phonetic::key(&joined);
    match key.chars().count() {
        2.. => Some(entry('~', &key)),
        _ if segment.len() == 1 => Some(entry('^', &joined)),
        _ => None,
    }
}

/// Every way of cutting the words into runs of neighbours, for up to three words (four ways);
/// more words are only taken one by one.
fn segmentations(words: &[String]) -> Vec<Vec<&[String]>> {
    if words.len() > 3 {
        return vec![words.chunks(1).collect()];
    }
    let cuts = words.len().saturating_sub(1);
    (0..1u32 << cuts)
        .map(|mask| {
            let mut runs = Vec::new();
            let mut start = 0;
            for i in 0..cuts {
                if mask & (1 << i) == 0 {
                    runs.push(&words[start..=i]);
                    start = i + 1;
                }
            }
            runs.push(&words[start..]);
            runs
        })
        .collect()
}

/// Every word a prefix (`'ব্যাক':*`), for ranking with `to_tsquery('simple', …)`.
fn prefix_tsquery(input: &str) -> Option<String> {
    let words: Vec<String> = input
        .split(|c: char| c.is_whitespace() || c.is_ascii_punctuation() || c == '।')
        .map(|w| w.chars().filter(|c| !matches!(c, '\'' | '\\' | ':' | '&' | '|' | '!' | '(' | ')' | '<' | '>' | '*')).collect::<String>())
        .filter(|w| !w.is_empty())
        .take(MAX_WORDS)
        .map(|w| format!("'{}':*", w.to_lowercase()))
        .collect();
    (!words.is_empty()).then(|| words.join(" & "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_words_become_prefixes_and_operators_are_dropped() {
        assert_eq!(prefix_tsquery("বাংলা ব্যাক").as_deref(), Some("'বাংলা':* & 'ব্যাক':*"));
        assert_eq!(prefix_tsquery("Rust's (async) & | !").as_deref(), Some("'rust':* & 's':* & 'async':*"));
        assert_eq!(prefix_tsquery("  ' : * "), None);
        assert_eq!(prefix_tsquery("ভাষা। শিক্ষা").as_deref(), Some("'ভাষা':* & 'শিক্ষা':*"));
    }

    #[test]
    fn typed_words_match_index_entries_or_their_sounds() {
        let q = parse("Gonit").unwrap();
        assert_eq!(q.branches, ["'^gonit'", "'~gnt'"]);
        assert_eq!(q.rank, "'gonit':*");
        // Two words: each by itself, or both as one compound.
        let q = parse("podartho biggan").unwrap();
        assert_eq!(q.branches, ["'^podartho' & '^biggan'", "'~pdrt' & '~bgn'", "'~pdrtbgn'"]);
        let any = q.any_word.unwrap();
        assert_eq!((any.0.as_str(), any.1.as_str()), ("'^podartho' | '~pdrt' | '^biggan' | '~bgn'", "'podartho':* | 'biggan':*"));
        assert_eq!(parse("gonit").unwrap().any_word, None);
        // A word too short to have a telling sound stays itself.
        assert_eq!(parse("C programming").unwrap().branches, ["'^c' & '^programming'", "'^c' & '~prgrmn'", "'~kprgrmn'"]);
        // Bangla digits are ASCII digits; joiners and punctuation go.
        assert_eq!(parse("ক্লাস ৯").unwrap().words, vec!["ক্লাস", "9"]);
        assert_eq!(parse("র\u{200D}্যাব!").unwrap().words, vec!["র্যাব"]);
        assert_eq!(parse(" ' : * "), None);
        assert_eq!(parse("gonit podartho rosayon bangla").unwrap().branches.len(), 2, "more than three words are not joined");
        assert!(parse("gonit podartho rosayon").unwrap().branches.len() <= MAX_BRANCHES);
    }

    #[test]
    fn a_course_is_indexed_by_prefixes_sounds_and_summary_words() {
        let terms = doc_terms("SSC Math", "গণিত", "Algebra, geometry");
        for t in ["^s", "^ss", "^ssc", "^m", "^math", "^গ", "^গণ", "^গণি", "^গণিত", "~sk", "~mt", "~gn", "~gnt", "^algebra", "^geometry"] {
            assert!(terms.contains(&t.to_owned()), "{t} in {terms:?}");
        }
        assert!(!terms.contains(&"^alg".to_owned()), "summary words are whole words");
        assert!(starts_words("Physics for SSC", &["phy".to_owned(), "ssc".to_owned()]));
        assert!(!starts_words("Physics", &["gonit".to_owned()]));
    }
}
