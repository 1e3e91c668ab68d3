//! What a question says and how it is answered, per type (SPEC §3), and the rules an author's
//! input must meet. Pure: no database, so every rule is unit-tested here.

use control_plane::validate::{Validator, trim};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The 11 question types.
pub const TYPES: [&str; 11] = [
    "multiple_choice",
    "multiple_select",
    "true_false",
    "dropdown",
    "fill_blanks",
    "short_answer",
    "paragraph",
    "essay",
    "assignment",
    "date",
    "time",
];

/// Types whose answer is one or more of the listed options.
const WITH_OPTIONS: [&str; 3] = ["multiple_choice", "multiple_select", "dropdown"];
const MAX_OPTIONS: usize = 10;
const MAX_BLANKS: usize = 20;
const MAX_ACCEPTED: usize = 20;
const MAX_TEXT: usize = 5000;
const MAX_SHORT: usize = 300;
const MAX_MARKS: f64 = 1000.0;
/// The mark of a gap in a fill-in-the-blanks question's text.
pub const GAP: &str = "___";

#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct QuestionOption {
    pub text: String,
    pub text_bn: String,
    pub correct: bool,
}

/// An author's question, as sent to create or update (the whole question each time).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct QuestionInput {
    /// One of `multiple_choice`, `multiple_select`, `true_false`, `dropdown`, `fill_blanks`,
    /// `short_answer`, `paragraph`, `essay`, `assignment`, `date`, `time`.
    pub question_type: String,
    pub folder_id: Option<i64>,
    pub category_id: Option<i64>,
    pub text: String,
    pub text_bn: String,
    /// A picture shown with the question: empty, or a `/question-media/<name>` address from
    /// `POST /question-bank/media`.
    pub image: String,
    /// More than 0, at most 1000, two decimals.
    pub marks: Option<f64>,
    /// Taken off for a wrong answer: from 0 to `marks`.
    pub negative_marks: Option<f64>,
    pub explanation: String,
    pub explanation_bn: String,
    /// multiple_choice, dropdown (exactly one correct), multiple_select (at least one): 2 to 10.
    pub options: Vec<QuestionOption>,
    /// fill_blanks: the accepted answers of each gap (`___` in the text), in order.
    pub blanks: Vec<Vec<String>>,
    /// short_answer: accepted answers; none means a teacher marks it.
    pub accepted: Vec<String>,
    /// true_false `true`/`false`; date `DD/MM/YYYY`; time `HH:MM` (24 h). Bangla digits are accepted.
    pub answer: String,
}

/// A question's content as stored in a version: validated and normalised.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct Content {
    pub text: String,
    pub text_bn: String,
    /// Empty, or the picture's `/question-media/<name>` address.
    pub image: String,
    pub marks: f64,
    pub negative_marks: f64,
    pub explanation: String,
    pub explanation_bn: String,
    pub options: Vec<QuestionOption>,
    pub blanks: Vec<Vec<String>>,
    pub accepted: Vec<String>,
    pub answer: String,
}

/// Checks an author's input against the rules of its type; every problem is reported at once.
pub fn validate(v: &mut Validator, input: &QuestionInput) -> Content {
    let kind = input.question_type.trim();
    if !TYPES.contains(&kind) {
        v.add("question_type", if kind.is_empty() { "required" } else { "invalid_choice" }, None);
    }
    let text = v.optional_text("text", &input.text, MAX_TEXT).unwrap_or_default();
    let text_bn = v.optional_text("text_bn", &input.text_bn, MAX_TEXT).unwrap_or_default();
    if text.is_empty() && text_bn.is_empty() {
        v.add("text", "question_text_required", None);
    }
    let marks = round2(input.marks.unwrap_or(0.0));
    if !(marks > 0.0 && marks <= MAX_MARKS) {
        v.add("marks", "invalid_marks", None);
    }
    let negative_marks = round2(input.negative_marks.unwrap_or(0.0));
    if !(0.0..=marks.max(0.0)).contains(&negative_marks) {
        v.add("negative_marks", "invalid_negative_marks", None);
    }
    let image = trim(&input.image).to_owned();
    if !image.is_empty() && !super::media::is_address(&image) {
        v.add("image", "invalid_choice", None);
    }
    let mut content = Content {
        text,
        text_bn,
        image,
        marks,
        negative_marks,
        explanation: v.optional_text("explanation", &input.explanation, MAX_TEXT).unwrap_or_default(),
        explanation_bn: v.optional_text("explanation_bn", &input.explanation_bn, MAX_TEXT).unwrap_or_default(),
        ..Content::default()
    };
    if WITH_OPTIONS.contains(&kind) {
        content.options = options(v, kind, &input.options);
    }
    match kind {
        "fill_blanks" => content.blanks = blanks(v, &content, &input.blanks),
        "short_answer" => content.accepted = answers(v, "accepted", &input.accepted),
        "true_false" => match trim(&input.answer) {
            a @ ("true" | "false") => content.answer = a.to_owned(),
            "" => v.add("answer", "required", None),
            _ => v.add("answer", "invalid_choice", None),
        },
        "date" => content.answer = keyed(v, &input.answer, parse_date, "invalid_answer_date"),
        "time" => content.answer = keyed(v, &input.answer, parse_time, "invalid_answer_time"),
        _ => {}
    }
    content
}

fn options(v: &mut Validator, kind: &str, given: &[QuestionOption]) -> Vec<QuestionOption> {
    if given.len() < 2 {
        v.add("options", "too_few_options", Some(2));
    } else if given.len() > MAX_OPTIONS {
        v.add("options", "too_many", Some(MAX_OPTIONS));
    }
    let out: Vec<QuestionOption> = given
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let field = format!("options.{i}.text");
            let text = v.optional_text(&field, &o.text, MAX_SHORT).unwrap_or_default();
            let text_bn = v.optional_text(&field, &o.text_bn, MAX_SHORT).unwrap_or_default();
            if text.is_empty() && text_bn.is_empty() {
                v.add(&field, "required", None);
            }
            QuestionOption { text, text_bn, correct: o.correct }
        })
        .collect();
    let correct = out.iter().filter(|o| o.correct).count();
    if given.len() >= 2 {
        if correct == 0 {
            v.add("options", "no_correct_option", None);
        } else if correct > 1 && kind != "multiple_select" {
            v.add("options", "one_correct_option", None);
        }
    }
    out
}

fn blanks(v: &mut Validator, content: &Content, given: &[Vec<String>]) -> Vec<Vec<String>> {
    if given.is_empty() {
        v.add("blanks", "required", None);
    } else if given.len() > MAX_BLANKS {
        v.add("blanks", "too_many", Some(MAX_BLANKS));
    }
    let out: Vec<Vec<String>> = given.iter().enumerate().map(|(i, answers_of)| answers(v, &format!("blanks.{i}"), answers_of)).collect();
    for (i, b) in out.iter().enumerate() {
        if b.is_empty() {
            v.add(&format!("blanks.{i}"), "blank_without_answer", None);
        }
    }
    for (field, text) in [("text", &content.text), ("text_bn", &content.text_bn)] {
        if !text.is_empty() && !given.is_empty() && gaps(text) != given.len() {
            v.add(field, "gap_count_mismatch", Some(given.len()));
        }
    }
    out
}

/// Accepted answers: trimmed, blanks dropped, duplicates (ignoring case) dropped.
fn answers(v: &mut Validator, field: &str, given: &[String]) -> Vec<String> {
    if given.len() > MAX_ACCEPTED {
        v.add(field, "too_many", Some(MAX_ACCEPTED));
    }
    let mut out: Vec<String> = Vec::new();
    for a in given {
        if let Some(a) = v.optional_text(field, a, MAX_SHORT)
            && !out.iter().any(|o| o.to_lowercase() == a.to_lowercase())
        {
            out.push(a);
        }
    }
    out
}

/// A date or time key, normalised by `parse`.
fn keyed(v: &mut Validator, given: &str, parse: fn(&str) -> Option<String>, invalid: &'static str) -> String {
    if trim(given).is_empty() {
        v.add("answer", "required", None);
        return String::new();
    }
    parse(given).unwrap_or_else(|| {
        v.add("answer", invalid, None);
        String::new()
    })
}

/// How many gaps (`___`, or a longer run of underscores) a text has.
pub fn gaps(text: &str) -> usize {
    let mut count = 0;
    let mut run = 0;
    for c in text.chars().chain(std::iter::once(' ')) {
        if c == '_' {
            run += 1;
        } else {
            if run >= GAP.len() {
                count += 1;
            }
            run = 0;
        }
    }
    count
}

/// Bangla digits (০-৯) as ASCII digits; everything else as it is.
pub fn ascii_digits(value: &str) -> String {
    value.chars().map(|c| if ('০'..='৯').contains(&c) { char::from(b'0' + (c as u32 - '০' as u32) as u8) } else { c }).collect()
}

/// `DD/MM/YYYY` (Bangla or ASCII digits, `-` or `.` also separate) as `DD/MM/YYYY`.
pub fn parse_date(value: &str) -> Option<String> {
    let value = ascii_digits(trim(value));
    let parts: Vec<&str> = value.split(['/', '-', '.']).collect();
    let [d, m, y] = parts.as_slice() else { return None };
    let date = chrono::NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)?;
    (y.len() == 4).then(|| date.format("%d/%m/%Y").to_string())
}

/// `HH:MM` on a 24-hour clock (Bangla or ASCII digits) as `HH:MM`.
pub fn parse_time(value: &str) -> Option<String> {
    let value = ascii_digits(trim(value));
    let (h, m) = value.split_once(':')?;
    let time = chrono::NaiveTime::from_hms_opt(h.parse().ok()?, m.parse().ok()?, 0)?;
    (m.len() == 2).then(|| time.format("%H:%M").to_string())
}

/// Marks to two decimals; a non-number is 0.
pub fn round2(x: f64) -> f64 {
    if x.is_finite() { (x * 100.0).round() / 100.0 } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: QuestionInput) -> Result<Content, Vec<String>> {
        let mut v = Validator::default();
        let content = validate(&mut v, &input);
        match v.finish() {
            Ok(()) => Ok(content),
            Err(control_plane::AppError::Validation(errors)) => {
                Err(errors.iter().flat_map(|(f, es)| es.iter().map(move |e| format!("{f}:{}", e.code))).collect())
            }
            Err(e) => panic!("{e:?}"),
        }
    }

    fn q(kind: &str) -> QuestionInput {
        QuestionInput { question_type: kind.into(), text: "What?".into(), marks: Some(1.0), ..Default::default() }
    }

    fn opt(text: &str, correct: bool) -> QuestionOption {
        QuestionOption { text: text.into(), text_bn: String::new(), correct }
    }

    #[test]
    fn choice_types_need_their_correct_options() {
        let mut mc = q("multiple_choice");
        mc.options = vec![opt("a", false), opt("b", false)];
        assert_eq!(check(mc.clone()).unwrap_err(), ["options:no_correct_option"]);
        mc.options = vec![opt("a", true), opt("b", true)];
        assert_eq!(check(mc.clone()).unwrap_err(), ["options:one_correct_option"]);
        mc.options = vec![opt("a", true)];
        assert_eq!(check(mc.clone()).unwrap_err(), ["options:too_few_options"]);
        mc.options = vec![opt("a", true), opt(" \u{200b}", false)];
        assert_eq!(check(mc.clone()).unwrap_err(), ["options.1.text:required"]);
        let mut ms = q("multiple_select");
        ms.options = vec![opt("a", true), opt("b", true), opt("c", false)];
        assert_eq!(check(ms).unwrap().options.iter().filter(|o| o.correct).count(), 2);
        assert!(check(q("essay")).unwrap().options.is_empty(), "options only where the type has them");
    }

    #[test]
    fn blanks_match_the_gaps_of_the_text() {
        let mut fb = q("fill_blanks");
        fb.text = "Dhaka is the ___ of ____.".into();
        fb.blanks = vec![vec!["capital".into(), " Capital ".into()], vec!["Bangladesh".into()]];
        assert_eq!(check(fb.clone()).unwrap().blanks, vec![vec!["capital".to_owned()], vec!["Bangladesh".to_owned()]]);
        fb.blanks = vec![vec!["capital".into()], vec![" ".into()]];
        assert_eq!(check(fb.clone()).unwrap_err(), ["blanks.1:blank_without_answer"]);
        fb.blanks = vec![vec!["capital".into()]];
        assert_eq!(check(fb).unwrap_err(), ["text:gap_count_mismatch"]);
        assert_eq!(gaps("a __ b ___ c _____"), 2);
    }

    #[test]
    fn keyed_answers_accept_bangla_digits() {
        let mut d = q("date");
        d.answer = "২৬/০৩/১৯৭১".into();
        assert_eq!(check(d.clone()).unwrap().answer, "26/03/1971");
        d.answer = "31/02/2020".into();
        assert_eq!(check(d).unwrap_err(), ["answer:invalid_answer_date"]);
        let mut t = q("time");
        t.answer = "০৯:৩০".into();
        assert_eq!(check(t.clone()).unwrap().answer, "09:30");
        t.answer = "25:00".into();
        assert_eq!(check(t).unwrap_err(), ["answer:invalid_answer_time"]);
        let mut tf = q("true_false");
        tf.answer = "yes".into();
        assert_eq!(check(tf).unwrap_err(), ["answer:invalid_choice"]);
    }

    #[test]
    fn marks_text_and_type_are_required() {
        let input = QuestionInput { question_type: "riddle".into(), text: "\u{200b}".into(), marks: Some(0.0), negative_marks: Some(2.0), ..Default::default() };
        let mut errors = check(input).unwrap_err();
        errors.sort();
        assert_eq!(errors, ["marks:invalid_marks", "negative_marks:invalid_negative_marks", "question_type:invalid_choice", "text:question_text_required"]);
        let mut sa = q("short_answer");
        sa.marks = Some(2.345);
        sa.accepted = vec!["Padma".into(), "padma".into(), "".into()];
        let c = check(sa).unwrap();
        assert_eq!((c.marks, c.accepted), (2.35, vec!["Padma".to_owned()]));
    }
}
