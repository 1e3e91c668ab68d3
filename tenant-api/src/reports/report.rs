//! A report list as a spreadsheet: its file name, header, and rows as text, read a chunk at a
//! time. The lists' synchronous `?format=` download and the background exports share it.

use super::store::{self, CourseLine, EnrolmentLine, Of};
use chrono::{DateTime, Utc};
use control_plane::AppError;
use serde::Serialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

/// `part` of `whole` in whole percent (0 without a whole).
fn percent(part: i64, whole: i64) -> i64 {
    if whole <= 0 { 0 } else { (part * 100 / whole).clamp(0, 100) }
}

fn day(t: Option<DateTime<Utc>>) -> String {
    t.map(|t| control_plane::dhaka::day(t).to_string()).unwrap_or_default()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CourseReport {
    #[serde(flatten)]
    pub course: CourseLine,
    /// `completed` of `enrolments`, in whole percent.
    pub completion_percent: i64,
}

impl From<CourseLine> for CourseReport {
    fn from(course: CourseLine) -> Self {
        Self { completion_percent: percent(course.completed, course.enrolments), course }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentReport {
    #[serde(flatten)]
    pub enrolment: EnrolmentLine,
    /// Lessons completed of the course's, in whole percent (100 once completed).
    pub percent: i64,
}

impl From<EnrolmentLine> for EnrolmentReport {
    fn from(e: EnrolmentLine) -> Self {
        Self { percent: if e.status == "completed" { 100 } else { percent(e.lessons_completed, e.lessons_total) }, enrolment: e }
    }
}

/// One of the four lists.
#[derive(Clone, Copy, Debug)]
pub enum Report {
    Courses,
    Learners,
    Enrolments(Of),
}

impl Report {
    /// A list by its key (`courses`, `learners`, `course-users`, `learner-courses`) and, for the
    /// last two, the course's or the user's id.
    pub fn parse(list: &str, id: Option<i64>) -> Result<Self, AppError> {
        match (list, id) {
            ("courses", _) => Ok(Report::Courses),
            ("learners", _) => Ok(Report::Learners),
            ("course-users", Some(id)) => Ok(Report::Enrolments(Of::Course(id))),
            ("learner-courses", Some(id)) => Ok(Report::Enrolments(Of::Learner(id))),
            ("course-users" | "learner-courses", None) => Err(AppError::field("id", "required")),
            _ => Err(AppError::field("list", "invalid_choice")),
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Report::Courses => "courses",
            Report::Learners => "learners",
            Report::Enrolments(Of::Course(_)) => "course-users",
            Report::Enrolments(Of::Learner(_)) => "learner-courses",
        }
    }

    pub fn target(self) -> Option<i64> {
        match self {
            Report::Courses | Report::Learners => None,
            Report::Enrolments(Of::Course(id) | Of::Learner(id)) => Some(id),
        }
    }

    /// The file's name without its extension.
    pub fn file_stem(self) -> String {
        match self {
            Report::Courses => "courses-report".into(),
            Report::Learners => "learners-report".into(),
            Report::Enrolments(Of::Course(id)) => format!("course-{id}-learners"),
            Report::Enrolments(Of::Learner(id)) => format!("learner-{id}-courses"),
        }
    }

    pub fn headers(self) -> &'static [&'static str] {
        match self {
            Report::Courses => &["Course", "Course (Bangla)", "Type", "Published", "Enrolments", "Completed", "Completed %", "Lessons completed", "Certificates"],
            Report::Learners => &["Name", "E-mail", "Courses", "Completed", "Certificates", "First enrolled"],
            Report::Enrolments(_) => &["Name", "E-mail", "Course", "Course (Bangla)", "Batch", "Status", "Enrolled", "Completed", "Lessons completed", "Progress %", "Certificate"],
        }
    }

    /// How many rows match `pattern`.
    pub async fn count(self, db: &mut PgConnection, pattern: Option<&str>) -> sqlx::Result<i64> {
        match self {
            Report::Courses => store::count_courses(db, pattern).await,
            Report::Learners => store::count_learners(db, pattern).await,
            Report::Enrolments(of) => store::count_enrolments(db, of, pattern).await,
        }
    }

    /// Rows `offset..offset + limit` of the list, in its order, as the sheet's cells.
    pub async fn cells(self, db: &mut PgConnection, pattern: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<Vec<Vec<String>>> {
        Ok(match self {
            Report::Courses => store::courses(db, pattern, limit, offset).await?.into_iter().map(|c| course_cells(&c.into())).collect(),
            Report::Learners => store::learners(db, pattern, limit, offset).await?.into_iter().map(|l| {
                vec![
                    l.name,
                    l.email.unwrap_or_default(),
                    l.courses.to_string(),
                    l.completed.to_string(),
                    l.certificates.to_string(),
                    day(Some(l.first_enrolled_at)),
                ]
            }).collect(),
            Report::Enrolments(of) => store::enrolments(db, of, pattern, limit, offset).await?.into_iter().map(|e| enrolment_cells(&e.into())).collect(),
        })
    }
}

fn course_cells(c: &CourseReport) -> Vec<String> {
    let line = &c.course;
    vec![
        line.title.clone(),
        line.title_bn.clone(),
        line.course_type.clone(),
        if line.published { "yes" } else { "no" }.into(),
        line.enrolments.to_string(),
        line.completed.to_string(),
        c.completion_percent.to_string(),
        line.lessons_completed.to_string(),
        line.certificates.to_string(),
    ]
}

fn enrolment_cells(r: &EnrolmentReport) -> Vec<String> {
    let e = &r.enrolment;
    vec![
        e.name.clone(),
        e.email.clone().unwrap_or_default(),
        e.title.clone(),
        e.title_bn.clone(),
        if e.batch_name.is_empty() { e.batch_name_bn.clone() } else { e.batch_name.clone() },
        e.status.clone(),
        day(Some(e.enrolled_at)),
        day(e.completed_at),
        format!("{}/{}", e.lessons_completed, e.lessons_total),
        r.percent.to_string(),
        e.certificate_code.clone().unwrap_or_default(),
    ]
}
