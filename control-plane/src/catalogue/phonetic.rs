//! The sound of a word as a short string of Latin consonants, the same whether the word is
//! written in Bangla or typed in Latin letters the way Bangla phonetic keyboards (Avro) and
//! everyday chat spell it: গণিত, "gonit" and "ganit" are all `gnt`; পদার্থবিজ্ঞান and
//! "podartho biggan" (joined) are `pdrtbgn`.
//!
//! A key keeps consonants only. Vowels are where Latin spellings of Bangla disagree most (o/a
//! for the inherent vowel, i/ee, u/oo, a final vowel or none); consonants that Bangla
//! pronounces alike share a letter (ত/ট/থ/ঠ `t`, দ/ড/ধ/ঢ `d`, ন/ণ/ঞ `n`, শ/ষ/স `s`, জ/য/ঝ `j`,
//! ব/ভ `b`, ড়/ঢ়/র `r`); aspiration is dropped (kh, gh, ch, th, dh, ph, bh); doubled letters count
//! once, since a য-ফলা or ব-ফলা doubles a sound and Latin spellings double letters freely.
//! Conjuncts pronounced unlike their letters are spelled as heard: জ্ঞ `g` (biggan, bigyan),
//! ক্ষ `k` (shikkha, shiksha), ঙ্গ and ংগ `n` (Latin "ng").

/// The key of one word in either script; empty when the word has no consonant.
pub fn key(word: &str) -> String {
    let chars: Vec<char> = word.chars().flat_map(char::to_lowercase).collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let (sound, used) = match chars[i] {
            '\u{0980}'..='\u{09FF}' => bangla(&chars[i..]),
            _ => latin(&chars[i..]),
        };
        for c in sound.chars() {
            if !out.ends_with(c) {
                out.push(c);
            }
        }
        i += used;
    }
    out
}

/// The sound at the start of `s` (Bangla script) and how many characters it took.
fn bangla(s: &[char]) -> (&'static str, usize) {
    const VIRAMA: char = '\u{09CD}';
    const NUKTA: char = '\u{09BC}';
    let next = |n: usize| s.get(n).copied();
    match s[0] {
        'জ' if next(1) == Some(VIRAMA) && next(2) == Some('ঞ') => ("g", 3),
        'ক' if next(1) == Some(VIRAMA) && next(2) == Some('ষ') => ("k", 3),
        'ঙ' | 'ং' if next(1) == Some(VIRAMA) && next(2) == Some('গ') => ("n", 3),
        'ঙ' | 'ং' if next(1) == Some('গ') => ("n", 2),
        // A য-ফলা or ব-ফলা doubles the consonant before it (বিশ্ব bishsho, ব্যাকরণ bakoron),
        // except ম্ব, said "mb".
        VIRAMA if next(1) == Some('য') => ("", 2),
        'ম' if next(1) == Some(VIRAMA) && next(2) == Some('ব') => ("mb", 3),
        VIRAMA if next(1) == Some('ব') => ("", 2),
        'ড' | 'ঢ' if next(1) == Some(NUKTA) => ("r", 2),
        'য' if next(1) == Some(NUKTA) => ("", 2),
        c => (bangla_letter(c), 1),
    }
}

fn bangla_letter(c: char) -> &'static str {
    match c {
        'ক' | 'খ' => "k",
        'গ' | 'ঘ' => "g",
        'ঙ' | 'ং' | 'ন' | 'ণ' | 'ঞ' => "n",
        'চ' | 'ছ' => "c",
        'জ' | 'ঝ' | 'য' => "j",
        'ট' | 'ঠ' | 'ত' | 'থ' | 'ৎ' => "t",
        'ড' | 'ঢ' | 'দ' | 'ধ' => "d",
        'প' => "p",
        'ফ' => "f",
        'ব' | 'ভ' => "b",
        'ম' => "m",
        'র' | '\u{09DC}' | '\u{09DD}' | 'ঋ' | 'ৃ' | 'ৰ' => "r",
        'ল' => "l",
        'শ' | 'ষ' | 'স' => "s",
        'হ' => "h",
        // Vowels and vowel signs, য়, virama, candrabindu, visarga, digits.
        _ => "",
    }
}

/// The sound at the start of `s` (Latin letters) and how many characters it took.
fn latin(s: &[char]) -> (&'static str, usize) {
    let at = |n: usize| s.get(n).copied().unwrap_or(' ');
    match (s[0], at(1), at(2)) {
        ('k', 's', 'h') => ("k", 3),
        ('c', 'h', 'h') => ("c", 3),
        ('c', 'h', _) => ("c", 2),
        ('s', 'h', _) => ("s", 2),
        ('z', 'h', _) => ("j", 2),
        ('p', 'h', _) => ("f", 2),
        ('k' | 'g' | 't' | 'd' | 'b' | 'j' | 'r', 'h', _) => (latin_letter(s[0]), 2),
        ('n', 'g', _) => ("n", 2),
        (c, _, _) => (latin_letter(c), 1),
    }
}

fn latin_letter(c: char) -> &'static str {
    match c {
        'b' | 'v' => "b",
        'c' | 'k' | 'q' => "k",
        'd' => "d",
        'f' => "f",
        'p' => "p",
        'g' => "g",
        'h' => "h",
        'j' | 'z' => "j",
        'l' => "l",
        'm' => "m",
        'n' => "n",
        'r' => "r",
        's' => "s",
        't' => "t",
        'x' => "ks",
        // a e i o u w y, digits and other letters.
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::key;

    /// Every Latin spelling of the list sounds like its Bangla word (several words are typed as
    /// one compound, as the search joins them).
    #[test]
    fn latin_spellings_sound_like_their_bangla_words() {
        let mut failures = Vec::new();
        let mut count = 0;
        for line in include_str!("latin-spellings.tsv").lines().filter(|l| !l.starts_with('#')) {
            let (bangla, spellings) = line.split_once('\t').unwrap();
            count += 1;
            for spelling in spellings.split('|') {
                let (typed, written) = (key(&spelling.replace(' ', "")), key(bangla));
                if typed != written {
                    failures.push(format!("{spelling} = {typed}, {bangla} = {written}"));
                }
            }
        }
        assert!(count >= 50, "{count} words");
        assert!(failures.is_empty(), "{failures:#?}");
    }

    #[test]
    fn keys_keep_consonants_once() {
        assert_eq!(key("গণিত"), "gnt");
        assert_eq!(key("Physics"), "fsks");
        assert_eq!(key("অ"), "");
        assert_eq!(key("লম্বা"), "lmb");
        assert_eq!(key("বিশ্ব"), "bs");
    }
}
