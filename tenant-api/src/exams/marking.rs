//! A learner's answer, its checks against the question it answers, and the marks objective
//! answers get at once. Pure: unit-tested here.

use crate::questions::content::{self, Content};
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;
use utoipa::ToSchema;

const MAX_ANSWER_TEXT: usize = 20_000;
const MAX_BLANK: usize = 300;

/// What a learner answered. Which fields count depends on the question's type: `choices` (option
/// ids) for choice types, `text` for true/false (`true`/`false`), short answers, paragraphs, essays,
/// dates (DD/MM/YYYY) and times (HH:MM), `blanks` for fill in the blanks, `file` for assignments.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct Answer {
    pub choices: Vec<usize>,
    pub text: String,
    pub blanks: Vec<String>,
    pub file: Option<String>,
}

impl Answer {
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty() && self.text.trim().is_empty() && self.blanks.iter().all(|b| b.trim().is_empty()) && self.file.is_none()
    }
}

/// The answer as stored: only the fields of its type, within limits. `Err` names what is wrong.
pub fn check(kind: &str, content: &Content, answer: &Answer) -> Result<Answer, &'static str> {
    let mut out = Answer::default();
    match kind {
        "multiple_choice" | "dropdown" | "multiple_select" => {
            let mut choices = answer.choices.clone();
            choices.sort_unstable();
            choices.dedup();
            if choices.iter().any(|&c| c >= content.options.len()) || (kind != "multiple_select" && choices.len() > 1) {
                return Err("invalid_choice");
            }
            out.choices = choices;
        }
        "fill_blanks" => {
            if answer.blanks.len() > content.blanks.len() || answer.blanks.iter().any(|b| b.chars().count() > MAX_BLANK) {
                return Err("invalid_answer");
            }
            out.blanks = answer.blanks.clone();
        }
        "assignment" => out.file = answer.file.clone(),
        _ => {
            if answer.text.chars().count() > MAX_ANSWER_TEXT {
                return Err("too_long");
            }
            out.text = answer.text.clone();
        }
    }
    Ok(out)
}

/// How an answer was marked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Outcome {
    /// Marked by the machine with these marks (negative marking may make them less than 0).
    Auto(f64),
    /// Left for a teacher.
    NeedsMarking,
    Unanswered,
}

/// Text compared the way a teacher would: NFC, Bangla digits as ASCII, case and runs of spaces ignored.
pub fn normal(text: &str) -> String {
    let nfc: String = content::ascii_digits(text).nfc().collect();
    nfc.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

fn accepted(given: &str, accepted: &[String]) -> bool {
    let given = normal(given);
    !given.is_empty() && accepted.iter().any(|a| normal(a) == given)
}

/// Marks an answer that needs no teacher; subjective ones (and short answers that match none of
/// the accepted answers) go to the marking queue.
pub fn mark(kind: &str, c: &Content, answer: Option<&Answer>) -> Outcome {
    let Some(answer) = answer.filter(|a| !a.is_empty()) else { return Outcome::Unanswered };
    let right_or_wrong = |right: bool| Outcome::Auto(if right { c.marks } else { -c.negative_marks });
    match kind {
        "multiple_choice" | "dropdown" | "multiple_select" => {
            let key: Vec<usize> = c.options.iter().enumerate().filter(|(_, o)| o.correct).map(|(i, _)| i).collect();
            right_or_wrong(answer.choices == key)
        }
        "true_false" => right_or_wrong(answer.text.trim() == c.answer),
        "date" => right_or_wrong(content::parse_date(&answer.text).is_some_and(|d| d == c.answer)),
        "time" => right_or_wrong(content::parse_time(&answer.text).is_some_and(|t| t == c.answer)),
        "fill_blanks" => {
            let right = c.blanks.iter().enumerate().filter(|(i, acc)| answer.blanks.get(*i).is_some_and(|b| accepted(b, acc))).count();
            if right == 0 {
                Outcome::Auto(-c.negative_marks)
            } else {
                Outcome::Auto(content::round2(c.marks * right as f64 / c.blanks.len() as f64))
            }
        }
        "short_answer" if accepted(&answer.text, &c.accepted) => Outcome::Auto(c.marks),
        _ => Outcome::NeedsMarking,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::questions::content::QuestionOption;

    fn content() -> Content {
        Content { marks: 2.0, negative_marks: 0.5, ..Default::default() }
    }

    fn opts(correct: &[bool]) -> Vec<QuestionOption> {
        correct.iter().map(|&c| QuestionOption { text: "x".into(), text_bn: String::new(), correct: c }).collect()
    }

    fn text(t: &str) -> Answer {
        Answer { text: t.into(), ..Default::default() }
    }

    #[test]
    fn choices_are_all_or_nothing_with_negative_marks() {
        let mut c = content();
        c.options = opts(&[false, true, true]);
        let pick = |choices: Vec<usize>| Answer { choices, ..Default::default() };
        assert_eq!(mark("multiple_select", &c, Some(&pick(vec![1, 2]))), Outcome::Auto(2.0));
        assert_eq!(mark("multiple_select", &c, Some(&pick(vec![1]))), Outcome::Auto(-0.5));
        assert_eq!(mark("multiple_select", &c, Some(&pick(vec![]))), Outcome::Unanswered);
        assert_eq!(mark("multiple_select", &c, None), Outcome::Unanswered);
        assert_eq!(check("multiple_select", &c, &pick(vec![2, 1, 2])).unwrap().choices, [1, 2]);
        assert_eq!(check("multiple_choice", &c, &pick(vec![1, 2])), Err("invalid_choice"));
        assert_eq!(check("dropdown", &c, &pick(vec![3])), Err("invalid_choice"));
    }

    #[test]
    fn bangla_digits_and_spelling_variants_match() {
        let mut c = content();
        c.answer = "26/03/1971".into();
        assert_eq!(mark("date", &c, Some(&text("২৬/০৩/১৯৭১"))), Outcome::Auto(2.0));
        assert_eq!(mark("date", &c, Some(&text("26-3-1971"))), Outcome::Auto(2.0));
        assert_eq!(mark("date", &c, Some(&text("not a date"))), Outcome::Auto(-0.5));
        c.answer = "09:30".into();
        assert_eq!(mark("time", &c, Some(&text("০৯:৩০"))), Outcome::Auto(2.0));
        c.accepted = vec!["Padma  River".into()];
        assert_eq!(mark("short_answer", &c, Some(&text(" padma river "))), Outcome::Auto(2.0));
        assert_eq!(mark("short_answer", &c, Some(&text("Jamuna"))), Outcome::NeedsMarking);
        // A decomposed Bangla vowel sign (U+09C7 U+09BE) equals the composed one (U+09CB).
        c.accepted = vec!["\u{09A5}\u{09CB}".into()];
        assert_eq!(mark("short_answer", &c, Some(&text("\u{09A5}\u{09C7}\u{09BE}"))), Outcome::Auto(2.0));
    }

    #[test]
    fn blanks_earn_their_share() {
        let mut c = content();
        c.marks = 3.0;
        c.blanks = vec![vec!["a".into()], vec!["b".into(), "B2".into()], vec!["c".into()]];
        let blanks = |b: &[&str]| Answer { blanks: b.iter().map(|s| s.to_string()).collect(), ..Default::default() };
        assert_eq!(mark("fill_blanks", &c, Some(&blanks(&["a", "b2", "x"]))), Outcome::Auto(2.0));
        assert_eq!(mark("fill_blanks", &c, Some(&blanks(&["x", "", ""]))), Outcome::Auto(-0.5));
        assert_eq!(check("fill_blanks", &c, &blanks(&["a", "b", "c", "d"])), Err("invalid_answer"));
    }

    #[test]
    fn subjective_answers_wait_for_a_teacher() {
        let c = content();
        assert_eq!(mark("essay", &c, Some(&text("My essay"))), Outcome::NeedsMarking);
        assert_eq!(mark("paragraph", &c, Some(&text("   "))), Outcome::Unanswered);
        let file = Answer { file: Some("k".into()), ..Default::default() };
        assert_eq!(mark("assignment", &c, Some(&file)), Outcome::NeedsMarking);
        let mut tf = content();
        tf.answer = "false".into();
        assert_eq!(mark("true_false", &tf, Some(&text("false"))), Outcome::Auto(2.0));
        assert_eq!(check("essay", &c, &text(&"x".repeat(20_001))), Err("too_long"));
    }
}
