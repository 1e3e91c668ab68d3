//! What an author sends to create or change a single exam, and the rules it must meet. Pure: the
//! parts' references to the bank are checked by the handler against the database.

use chrono::{DateTime, Utc};
use control_plane::validate::Validator;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const MAX_TITLE: usize = 250;
const MAX_INSTRUCTIONS: usize = 5000;
pub const MAX_PARTS: usize = 200;
pub const RELEASES: [&str; 2] = ["on_submit", "after_close"];

/// One piece of the paper: a question of the bank, or `pick` questions drawn from a folder for
/// each attempt.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct PartInput {
    pub question_id: Option<i64>,
    pub folder_id: Option<i64>,
    pub pick: Option<i32>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ExamInput {
    pub title: String,
    pub title_bn: String,
    pub instructions: String,
    pub instructions_bn: String,
    /// When learners may start (RFC 3339).
    pub starts_at: Option<DateTime<Utc>>,
    /// When the window closes: no start after it, and no attempt runs past it.
    pub ends_at: Option<DateTime<Utc>>,
    /// 1 to 1440.
    pub duration_minutes: Option<i32>,
    /// 1 to 100.
    pub attempts_allowed: Option<i32>,
    /// 0 to 100.
    pub pass_percent: Option<f64>,
    pub shuffle_questions: bool,
    pub shuffle_options: bool,
    /// `on_submit` (once marked) or `after_close` (after `ends_at`).
    pub results_release: String,
    /// Show the key and the explanations with the results.
    pub show_answers: bool,
    /// Seconds after the deadline in which saves and a submission still count (flagged late): 0 to 3600.
    pub grace_seconds: Option<i32>,
    pub published: bool,
    pub parts: Vec<PartInput>,
}

/// The input after its checks: every field present and in range.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub title: String,
    pub title_bn: String,
    pub instructions: String,
    pub instructions_bn: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub duration_minutes: i32,
    pub attempts_allowed: i32,
    pub pass_percent: f64,
    pub shuffle_questions: bool,
    pub shuffle_options: bool,
    pub results_release: String,
    pub show_answers: bool,
    pub grace_seconds: i32,
    pub published: bool,
    pub parts: Vec<PartInput>,
}

fn in_range(v: &mut Validator, field: &str, value: Option<i32>, range: std::ops::RangeInclusive<i32>, code: &'static str) -> i32 {
    match value {
        None => {
            v.add(field, "required", None);
            0
        }
        Some(n) if !range.contains(&n) => {
            v.add(field, code, None);
            0
        }
        Some(n) => n,
    }
}

/// Checks an exam's settings and the shape of its parts; every problem is reported at once.
pub fn validate(v: &mut Validator, input: &ExamInput) -> Settings {
    let title = v.optional_text("title", &input.title, MAX_TITLE).unwrap_or_default();
    let title_bn = v.optional_text("title_bn", &input.title_bn, MAX_TITLE).unwrap_or_default();
    if title.is_empty() && title_bn.is_empty() {
        v.add("title", "required", None);
    }
    let now = Utc::now();
    let starts_at = input.starts_at.unwrap_or_else(|| {
        v.add("starts_at", "required", None);
        now
    });
    let ends_at = input.ends_at.unwrap_or_else(|| {
        v.add("ends_at", "required", None);
        now
    });
    if input.starts_at.is_some() && input.ends_at.is_some() && ends_at <= starts_at {
        v.add("ends_at", "invalid_window", None);
    }
    // Within this century, and so within what the database stores.
    for (field, at) in [("starts_at", input.starts_at), ("ends_at", input.ends_at)] {
        if at.is_some_and(|t| !(2000..2100).contains(&chrono::Datelike::year(&t))) {
            v.add(field, "date_out_of_range", None);
        }
    }
    let pass_percent = match input.pass_percent {
        None => {
            v.add("pass_percent", "required", None);
            0.0
        }
        Some(p) if !(p.is_finite() && (0.0..=100.0).contains(&p)) => {
            v.add("pass_percent", "invalid_pass_percent", None);
            0.0
        }
        Some(p) => crate::questions::content::round2(p),
    };
    let results_release = input.results_release.trim();
    if !RELEASES.contains(&results_release) {
        v.add("results_release", if results_release.is_empty() { "required" } else { "invalid_choice" }, None);
    }
    if input.parts.is_empty() {
        v.add("parts", "no_parts", None);
    } else if input.parts.len() > MAX_PARTS {
        v.add("parts", "too_many", Some(MAX_PARTS));
    }
    for (i, part) in input.parts.iter().enumerate() {
        match (part.question_id, part.folder_id, part.pick) {
            (Some(_), None, None) => {}
            (None, Some(_), Some(n)) if n >= 1 => {}
            (None, Some(_), _) => v.add(&format!("parts.{i}.pick"), "invalid_pick", None),
            _ => v.add(&format!("parts.{i}"), "invalid_part", None),
        }
    }
    Settings {
        title,
        title_bn,
        instructions: v.optional_text("instructions", &input.instructions, MAX_INSTRUCTIONS).unwrap_or_default(),
        instructions_bn: v.optional_text("instructions_bn", &input.instructions_bn, MAX_INSTRUCTIONS).unwrap_or_default(),
        starts_at,
        ends_at,
        duration_minutes: in_range(v, "duration_minutes", input.duration_minutes, 1..=1440, "invalid_duration"),
        attempts_allowed: in_range(v, "attempts_allowed", input.attempts_allowed, 1..=100, "invalid_attempts"),
        pass_percent,
        shuffle_questions: input.shuffle_questions,
        shuffle_options: input.shuffle_options,
        results_release: results_release.to_owned(),
        show_answers: input.show_answers,
        grace_seconds: in_range(v, "grace_seconds", input.grace_seconds, 0..=3600, "invalid_grace"),
        published: input.published,
        parts: input.parts.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(input: &ExamInput) -> Vec<String> {
        let mut v = Validator::default();
        validate(&mut v, input);
        match v.finish() {
            Ok(()) => vec![],
            Err(control_plane::AppError::Validation(errors)) => {
                errors.iter().flat_map(|(f, es)| es.iter().map(move |e| format!("{f}:{}", e.code))).collect()
            }
            Err(e) => panic!("{e:?}"),
        }
    }

    fn good() -> ExamInput {
        let start = Utc::now();
        ExamInput {
            title: "Physics".into(),
            starts_at: Some(start),
            ends_at: Some(start + chrono::Duration::hours(2)),
            duration_minutes: Some(30),
            attempts_allowed: Some(1),
            pass_percent: Some(40.0),
            results_release: "on_submit".into(),
            grace_seconds: Some(60),
            parts: vec![PartInput { question_id: Some(1), ..Default::default() }],
            ..Default::default()
        }
    }

    #[test]
    fn a_complete_exam_passes() {
        assert!(codes(&good()).is_empty());
    }

    #[test]
    fn window_duration_and_parts_are_checked() {
        let mut e = good();
        e.ends_at = e.starts_at;
        e.duration_minutes = Some(0);
        e.attempts_allowed = Some(101);
        e.pass_percent = Some(f64::NAN);
        e.grace_seconds = Some(-1);
        e.results_release = "sometime".into();
        e.parts = vec![
            PartInput { folder_id: Some(2), pick: Some(0), ..Default::default() },
            PartInput { question_id: Some(1), folder_id: Some(2), pick: None },
        ];
        let mut got = codes(&e);
        got.sort();
        assert_eq!(
            got,
            [
                "attempts_allowed:invalid_attempts",
                "duration_minutes:invalid_duration",
                "ends_at:invalid_window",
                "grace_seconds:invalid_grace",
                "parts.0.pick:invalid_pick",
                "parts.1:invalid_part",
                "pass_percent:invalid_pass_percent",
                "results_release:invalid_choice",
            ]
        );
        let mut e = good();
        e.starts_at = "0001-01-01T00:00:00Z".parse().ok();
        assert_eq!(codes(&e), ["starts_at:date_out_of_range"]);
        let empty = ExamInput::default();
        let got = codes(&empty);
        for field in ["title:required", "starts_at:required", "parts:no_parts", "duration_minutes:required"] {
            assert!(got.contains(&field.to_owned()), "{field} in {got:?}");
        }
    }
}
