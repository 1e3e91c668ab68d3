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
//! Several common words that few courses have together would make GIN decode every word's
//! long list in every partition (every word of a 16-word vocabulary is in a fifth of the
//! catalogue). So a course also carries rare entries: `%^` + the first [`PAIR_KEY`] characters
//! of two of its title words (`%^গণি+পদা`), `%~` + the first [`PAIR_KEY`] letters of two title
//! words' sounds, and `=` + every whole summary word. A query of several words is then one
//! condition over those short lists only ([`paired`]), implied by the words themselves, and the
//! rows it finds are checked exactly on two small columns of the row ([`Words::exact`]): the
//! courses found are the same as the words' own lists would give.
//!
//! Three common words can still have common pairs (a pair of a 16-word vocabulary is in 1 of 40
//! courses): intersecting three such lists in each of the 32 partitions made three-word searches
//! the slowest. So a course also carries its title keys three at a time (`%^গণি+পদা+রসা`, and
//! `%~` the same for sounds), and three different typed keys are that one short list. A title of
//! more than [`MAX_TRIPLE_KEYS`] keys carries the marker `%^*` (`%~*`) instead of its triples, and
//! is found by the marker with the pairs, as before.
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
/// Characters of a word, or letters of a sound, that pair entries keep. A typed word shorter
/// than this is in no pair (its pair with a title word could not be told from the key).
const PAIR_KEY: usize = 3;
/// Keys of a title beyond which it carries no triples (k keys have k(k-1)(k-2)/6: 56 at 8, 455
/// at 15) but the marker `*`.
const MAX_TRIPLE_KEYS: usize = 8;

/// A search for what a visitor typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Words {
    /// Ways a course matches, each a conjunction of index entries (a tsquery to cast, not to
    /// parse): the typed words, or their sounds (one by one, or runs of them joined). At most
    /// [`MAX_BRANCHES`]. They are searched as separate index scans, OR-ed as bitmaps: GIN skips
    /// through the lists of a conjunction, while one query OR-ing them would walk every posting
    /// of every entry. Several words long enough to pair are one branch of short lists only
    /// (see [`Words::exact`]).
    pub branches: Vec<String>,
    /// When the branch is read from pairs: what a course it finds must have, checked on its
    /// row. For `to_tsquery('simple', …)` on `rank_doc`: every word starts a title word or is a
    /// summary word; or, a tsquery on `sound_doc`: the sounds' conjunctions, OR-ed.
    pub exact: Option<(String, String)>,
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

/// A typed word, or a run of them, matched by sound: its entry, and its sound when it has one.
struct Sound {
    entry: String,
    key: Option<String>,
    joined: bool,
}

/// `None` when nothing searchable was typed.
pub fn parse(input: &str) -> Option<Words> {
    let words: Vec<String> = normalised_words(input).into_iter().take(MAX_WORDS).collect();
    let typed = rank_words(input);
    if words.is_empty() || typed.is_empty() {
        return None;
    }
    let rank = typed.iter().map(|w| format!("'{w}':*")).collect::<Vec<_>>().join(" & ");
    let sound_branches: Vec<Vec<Sound>> =
        segmentations(&words).into_iter().filter_map(|segments| segments.iter().map(|s| sound_entry(s)).collect()).collect();
    let conjunction = |sounds: &[Sound]| sounds.iter().map(|s| s.entry.as_str()).collect::<Vec<_>>().join(" & ");
    let (branches, exact) = match paired(&words, &sound_branches) {
        Some(paired) => {
            let in_title_or_summary = typed.iter().map(|w| format!("( '{w}':*A | '{w}':C )")).collect::<Vec<_>>().join(" & ");
            let sounds = sound_branches.iter().map(|b| format!("( {} )", conjunction(b))).collect::<Vec<_>>().join(" | ");
            (vec![paired], Some((in_title_or_summary, sounds)))
        }
        None => {
            let mut branches = vec![words.iter().map(|w| entry('^', w)).collect::<Vec<_>>().join(" & ")];
            for branch in sound_branches.iter().map(|b| conjunction(b)) {
                if !branches.contains(&branch) {
                    branches.push(branch);
                }
            }
            (branches, None)
        }
    };
    let any_word = (words.len() > 1).then(|| {
        let entries: Vec<String> =
            words.iter().flat_map(|w| [Some(entry('^', w)), sound_entry(std::slice::from_ref(w)).map(|s| s.entry)]).flatten().collect();
        (entries.join(" | "), rank.replace(" & ", " | "))
    });
    Some(Words { branches, exact, rank, any_word, raw: input.trim().chars().take(100).collect::<String>().to_lowercase(), words })
}

/// Several words, each long enough to pair by its letters and by its sound, as one condition of
/// short lists: every pair of them is a pair of title words, or one of them is a summary word;
/// or every pair of their sounds is a pair of title words' sounds; or, for each way of joining
/// them into runs, the runs' sounds. Whatever matches the words or their sounds matches this
/// (what it asks is implied), so checking [`Words::exact`] on the rows found gives exactly the
/// courses the words' own lists would.
fn paired(words: &[String], sound_branches: &[Vec<Sound>]) -> Option<String> {
    let keys: Option<Vec<String>> = words.iter().map(|w| pair_key(w)).collect();
    let word_pairs = together(&keys?, "%^")?;
    let in_summary = words.iter().map(|w| entry('=', w)).collect::<Vec<_>>().join(" | ");
    let mut ways = vec![format!("( {word_pairs} ) | {in_summary}")];
    for branch in sound_branches {
        // A joined run's sound is rare in itself: pairs beside it would only cost their lists.
        let joined: Vec<&str> = branch.iter().filter(|s| s.joined).map(|s| s.entry.as_str()).collect();
        let way = if joined.is_empty() {
            let keys: Option<Vec<String>> = branch.iter().map(|s| s.key.as_deref().and_then(pair_key)).collect();
            format!("( {} )", together(&keys?, "%~")?)
        } else {
            format!("( {} )", joined.join(" & "))
        };
        if !ways.contains(&way) {
            ways.push(way);
        }
    }
    Some(ways.join(" | "))
}

/// The first [`PAIR_KEY`] characters, for words at least that long.
fn pair_key(word: &str) -> Option<String> {
    (word.chars().count() >= PAIR_KEY).then(|| word.chars().take(PAIR_KEY).collect())
}

/// The pair entry of two keys, in a fixed order.
fn pair_entry(marker: &str, a: &str, b: &str) -> String {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    format!("{marker}{a}+{b}")
}

/// The pair entries of every two of `keys`, and of each key with itself when `itself`.
fn pair_entries(marker: &str, keys: &[String], itself: bool) -> Vec<String> {
    let from = usize::from(!itself);
    (0..keys.len()).flat_map(|i| (i + from..keys.len()).map(move |j| pair_entry(marker, &keys[i], &keys[j]))).collect()
}

/// Every pair of `keys` as a conjunction of entries; `None` for fewer than two keys.
fn pairs(keys: &[String], marker: &str) -> Option<String> {
    let mut entries: Vec<String> = pair_entries(marker, keys, false).iter().map(|e| entry_text(e)).collect();
    entries.sort_unstable();
    entries.dedup();
    (!entries.is_empty()).then(|| entries.join(" & "))
}

/// What a course whose title has every one of `keys` carries: for three different keys, their
/// triple, or the marker of a title too long for triples with their pairs; otherwise their pairs.
/// `None` for fewer than two keys.
fn together(keys: &[String], marker: &str) -> Option<String> {
    let pairs = pairs(keys, marker)?;
    let mut distinct = keys.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    Some(match triple_entries(marker, &distinct).as_slice() {
        [triple] if distinct.len() == 3 => format!("{} | ( {} & {pairs} )", entry_text(triple), entry_text(&format!("{marker}*"))),
        _ => pairs,
    })
}

/// The triple entries of distinct, sorted `keys`, or the marker `*` when there are more than
/// [`MAX_TRIPLE_KEYS`].
fn triple_entries(marker: &str, keys: &[String]) -> Vec<String> {
    if keys.len() > MAX_TRIPLE_KEYS {
        return vec![format!("{marker}*")];
    }
    let n = keys.len();
    (0..n)
        .flat_map(|i| (i + 1..n).flat_map(move |j| (j + 1..n).map(move |l| format!("{marker}{}+{}+{}", keys[i], keys[j], keys[l]))))
        .collect()
}

/// The index entries of a course (see the module's comment).
pub fn doc_terms(title: &str, title_bn: &str, summary: &str) -> Vec<String> {
    let mut terms = Vec::new();
    let (mut word_keys, mut sound_keys) = (Vec::new(), Vec::new());
    for word in normalised_words(title).into_iter().chain(normalised_words(title_bn)) {
        let chars: Vec<char> = word.chars().take(MAX_PREFIX).collect();
        terms.extend((1..=chars.len()).map(|n| format!("^{}", chars[..n].iter().collect::<String>())));
        let key: Vec<char> = phonetic::key(&word).chars().take(MAX_PREFIX).collect();
        terms.extend((2..=key.len()).map(|n| format!("~{}", key[..n].iter().collect::<String>())));
        word_keys.extend(pair_key(&word));
        sound_keys.extend(pair_key(&key.iter().collect::<String>()));
    }
    // Every pair of title words' keys, a key with itself too: two typed words may start the
    // same title word. And every three different keys, or the marker of too many.
    for (marker, keys) in [("%^", &mut word_keys), ("%~", &mut sound_keys)] {
        keys.sort_unstable();
        keys.dedup();
        terms.extend(pair_entries(marker, keys, true));
        terms.extend(triple_entries(marker, keys));
    }
    for word in normalised_words(summary) {
        let word: String = word.chars().take(MAX_PREFIX).collect();
        terms.push(format!("={word}"));
        terms.push(format!("^{word}"));
    }
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
        .map(ascii_digit)
        .collect();
    text.split(|c: char| !(c.is_alphanumeric() || ('\u{0980}'..='\u{09FF}').contains(&c)))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

fn entry(marker: char, text: &str) -> String {
    let text: String = text.chars().take(MAX_PREFIX).collect();
    entry_text(&format!("{marker}{text}"))
}

/// An index entry quoted for a tsquery.
fn entry_text(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "''"))
}

/// The sound of a run of typed words written as one (Bangla writes compounds whole that Latin
/// spellings split: পদার্থবিজ্ঞান, "podartho biggan"). A single word with too short a sound to be
/// telling is matched as itself; a joined run needs a sound of its own.
fn sound_entry(segment: &[String]) -> Option<Sound> {
    let joined = segment.concat();
    let key = phonetic::key(&joined);
    match key.chars().count() {
        2.. => Some(Sound { entry: entry('~', &key), key: Some(key), joined: segment.len() > 1 }),
        _ if segment.len() == 1 => Some(Sound { entry: entry('^', &joined), key: None, joined: false }),
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

/// The typed words as `to_tsquery('simple', …)` lexemes: NFC, lower case, Bangla digits as ASCII
/// (as `rank_doc` has them), without the characters its syntax gives a meaning.
fn rank_words(input: &str) -> Vec<String> {
    let input: String = input.nfc().map(ascii_digit).collect();
    input
        .split(|c: char| c.is_whitespace() || c.is_ascii_punctuation() || c == '।')
        .map(|w| w.chars().filter(|c| !matches!(c, '\'' | '\\' | ':' | '&' | '|' | '!' | '(' | ')' | '<' | '>' | '*')).collect::<String>())
        .filter(|w| !w.is_empty())
        .take(MAX_WORDS)
        .map(|w| w.to_lowercase())
        .collect()
}

fn ascii_digit(c: char) -> char {
    match c {
        '০'..='৯' => char::from(b'0' + (c as u32 - '০' as u32) as u8),
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_words_become_prefixes_and_operators_are_dropped() {
        let rank = |input: &str| parse(input).map(|w| w.rank);
        assert_eq!(rank("বাংলা ব্যাক").as_deref(), Some("'বাংলা':* & 'ব্যাক':*"));
        assert_eq!(rank("Rust's (async) & | !").as_deref(), Some("'rust':* & 's':* & 'async':*"));
        assert_eq!(rank("  ' : * "), None);
        assert_eq!(rank("ভাষা। শিক্ষা").as_deref(), Some("'ভাষা':* & 'শিক্ষা':*"));
        assert_eq!(rank("ক্লাস ৯").as_deref(), Some("'ক্লাস':* & '9':*"), "digits as rank_doc has them");
    }

    #[test]
    fn typed_words_match_index_entries_or_their_sounds() {
        let q = parse("Gonit").unwrap();
        assert_eq!(q.branches, ["'^gonit'", "'~gnt'"]);
        assert_eq!(q.rank, "'gonit':*");
        assert_eq!(q.exact, None, "one word is read from its own lists");
        // Two words long enough to pair: one condition of short lists (their pair or one a
        // summary word; their sounds' pair; both as one compound), and the exact check.
        let q = parse("podartho biggan").unwrap();
        assert_eq!(
            q.branches,
            ["( '%^big+pod' ) | '=podartho' | '=biggan' | ( '%~bgn+pdr' ) | ( '~pdrtbgn' )"]
        );
        let (words, sounds) = q.exact.clone().unwrap();
        assert_eq!(words, "( 'podartho':*A | 'podartho':C ) & ( 'biggan':*A | 'biggan':C )");
        assert_eq!(sounds, "( '~pdrt' & '~bgn' ) | ( '~pdrtbgn' )");
        let any = q.any_word.unwrap();
        assert_eq!((any.0.as_str(), any.1.as_str()), ("'^podartho' | '~pdrt' | '^biggan' | '~bgn'", "'podartho':* | 'biggan':*"));
        assert_eq!(parse("gonit").unwrap().any_word, None);
        // A word too short to pair, or to have a telling sound (matched as itself): the words'
        // and sounds' own lists, as before.
        let q = parse("C programming").unwrap();
        assert_eq!(q.branches, ["'^c' & '^programming'", "'^c' & '~prgrmn'", "'~kprgrmn'"]);
        assert_eq!(q.exact, None);
        // Two typed words may start the same title word: their pair is that word's with itself.
        assert!(parse("গণিত গণিতজ্ঞ").unwrap().branches[0].starts_with("( '%^গণি+গণি' ) | '=গণিত' | '=গণিতজ্ঞ'"));
        // Bangla digits are ASCII digits; joiners and punctuation go.
        assert_eq!(parse("ক্লাস ৯").unwrap().words, vec!["ক্লাস", "9"]);
        assert_eq!(parse("র\u{200D}্যাব!").unwrap().words, vec!["র্যাব"]);
        assert_eq!(parse(" ' : * "), None);
        assert_eq!(parse("gonit podartho rosayon bangla").unwrap().exact.unwrap().1.matches('|').count(), 0, "more than three words are not joined");
        assert_eq!(parse("gonit podartho rosayon").unwrap().exact.unwrap().1.matches('|').count(), 3);
        // Three different keys: their triple, or a long title's marker with their pairs.
        let three = parse("gonit podartho rosayon").unwrap().branches;
        assert!(three[0].starts_with("( '%^gon+pod+ros' | ( '%^*' & '%^gon+pod' & '%^gon+ros' & '%^pod+ros' ) ) | '=gonit'"), "{three:?}");
        assert!(parse("gonit gonit podartho").unwrap().branches[0].starts_with("( '%^gon+gon' & '%^gon+pod' ) |"), "two different keys: their pairs");
        assert!(parse("c gonit podartho").unwrap().branches.len() <= MAX_BRANCHES);
    }

    #[test]
    fn a_course_is_indexed_by_prefixes_sounds_and_summary_words() {
        let terms = doc_terms("SSC Math", "গণিত", "Algebra, geometry");
        for t in ["^s", "^ss", "^ssc", "^m", "^math", "^গ", "^গণ", "^গণি", "^গণিত", "~sk", "~mt", "~gn", "~gnt", "^algebra", "^geometry"] {
            assert!(terms.contains(&t.to_owned()), "{t} in {terms:?}");
        }
        assert!(!terms.contains(&"^alg".to_owned()), "summary words are whole words");
        for t in ["=algebra", "=geometry", "%^mat+ssc", "%^mat+গণি", "%^গণি+গণি", "%^ssc+ssc", "%~gnt+gnt", "%^mat+ssc+গণি"] {
            assert!(terms.contains(&t.to_owned()), "{t} in {terms:?}");
        }
        assert!(!terms.iter().any(|t| t.starts_with("%~") && t.contains("sk")), "sounds shorter than a key are in no pair: {terms:?}");
        assert!(!terms.iter().any(|t| t.ends_with('*')), "a short title has its triples: {terms:?}");
        let long = doc_terms("one two three four five six seven eight nine", "", "");
        assert!(long.contains(&"%^*".to_owned()) && !long.iter().any(|t| t.starts_with("%^") && t.matches('+').count() == 2), "{long:?}");
        assert!(long.contains(&"%^eig+nin".to_owned()), "its pairs stay: {long:?}");
        assert!(starts_words("Physics for SSC", &["phy".to_owned(), "ssc".to_owned()]));
        assert!(!starts_words("Physics", &["gonit".to_owned()]));
    }
}
