//! The reports' reads over the site's learning tables (courses, batches, enrolments, lesson
//! progress, certificates) and the dashboard's summary of them: read-only joins that belong to
//! no one table, kept here rather than spread over the owners' modules.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::PgPool;
use uuid::Uuid;

#[derive(Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct CourseLine {
    pub id: i64,
    pub uuid: Uuid,
    pub title: String,
    pub title_bn: String,
    pub course_type: String,
    pub published: bool,
    pub enrolments: i64,
    pub completed: i64,
    pub lessons_completed: i64,
    pub certificates: i64,
}

const COURSE_FILTER: &str = "WHERE ($1::text IS NULL OR c.title ILIKE $1 OR c.title_bn ILIKE $1)";

pub async fn count_courses(db: impl sqlx::PgExecutor<'_>, pattern: Option<&str>) -> sqlx::Result<i64> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM courses c {COURSE_FILTER}"))).bind(pattern).fetch_one(db).await
}

/// The site's courses, newest first, with what happened on each (one summary row per course
/// and day, read by its key).
pub async fn courses(db: impl sqlx::PgExecutor<'_>, pattern: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<Vec<CourseLine>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT c.id, c.uuid, c.title, c.title_bn, c.course_type, c.published,
                coalesce(d.enrolments, 0) AS enrolments, coalesce(d.completions, 0) AS completed,
                coalesce(d.lessons, 0) AS lessons_completed, coalesce(d.certificates, 0) AS certificates
           FROM courses c
           LEFT JOIN LATERAL (SELECT sum(enrolments)::int8 AS enrolments, sum(completions)::int8 AS completions, sum(lessons)::int8 AS lessons,
                                     sum(certificates)::int8 AS certificates
                                FROM dashboard_course_days WHERE course_id = c.id) d ON true
           {COURSE_FILTER}
          ORDER BY c.created_at DESC, c.id DESC LIMIT $2 OFFSET $3"
    )))
    .bind(pattern)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

/// A learner of the site, as the learners report lists them.
#[derive(Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct LearnerLine {
    pub user_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub courses: i64,
    pub completed: i64,
    pub certificates: i64,
    pub first_enrolled_at: DateTime<Utc>,
}

const LEARNER_FILTER: &str = "WHERE ($1::text IS NULL OR e.user_name ILIKE $1 OR e.user_email ILIKE $1)";

pub async fn count_learners(db: impl sqlx::PgExecutor<'_>, pattern: Option<&str>) -> sqlx::Result<i64> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(DISTINCT e.user_id) FROM enrollments e {LEARNER_FILTER}"))).bind(pattern).fetch_one(db).await
}

/// Everyone enrolled on the site, most recently enrolled first.
pub async fn learners(db: impl sqlx::PgExecutor<'_>, pattern: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<Vec<LearnerLine>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT e.user_id, max(e.user_name) AS name, max(e.user_email) AS email, count(*) AS courses,
                count(*) FILTER (WHERE e.status = 'completed') AS completed,
                (SELECT count(*) FROM certificates c WHERE c.user_id = e.user_id AND c.status = 'issued') AS certificates,
                min(e.enrolled_at) AS first_enrolled_at
           FROM enrollments e {LEARNER_FILTER}
          GROUP BY e.user_id ORDER BY max(e.enrolled_at) DESC, e.user_id DESC LIMIT $2 OFFSET $3"
    )))
    .bind(pattern)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct EnrolmentLine {
    pub enrollment_id: i64,
    pub user_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub course_id: i64,
    pub course_uuid: Uuid,
    pub title: String,
    pub title_bn: String,
    pub course_type: String,
    pub batch_id: i64,
    pub batch_name: String,
    pub batch_name_bn: String,
    /// `pending`, `active` or `completed`.
    pub status: String,
    pub enrolled_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub lessons_completed: i64,
    pub lessons_total: i64,
    /// The issued certificate's tracking code.
    pub certificate_code: Option<String>,
}

/// Of one course, or of one learner.
#[derive(Debug, Clone, Copy)]
pub enum Of {
    Course(i64),
    Learner(i64),
}

impl Of {
    fn ids(self) -> (Option<i64>, Option<i64>) {
        match self {
            Of::Course(id) => (Some(id), None),
            Of::Learner(id) => (None, Some(id)),
        }
    }
}

const ENROLMENT_FILTER: &str = "WHERE ($1::int8 IS NULL OR e.course_id = $1) AND ($2::int8 IS NULL OR e.user_id = $2)
                                  AND ($3::text IS NULL OR e.user_name ILIKE $3 OR e.user_email ILIKE $3)";

pub async fn count_enrolments(db: impl sqlx::PgExecutor<'_>, of: Of, pattern: Option<&str>) -> sqlx::Result<i64> {
    let (course, user) = of.ids();
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM enrollments e {ENROLMENT_FILTER}")))
        .bind(course)
        .bind(user)
        .bind(pattern)
        .fetch_one(db)
        .await
}

/// The enrolments of a course or of a learner, newest first, with each one's progress.
pub async fn enrolments(db: impl sqlx::PgExecutor<'_>, of: Of, pattern: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<Vec<EnrolmentLine>> {
    let (course, user) = of.ids();
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT e.id AS enrollment_id, e.user_id, e.user_name AS name, e.user_email AS email, e.course_id, c.uuid AS course_uuid,
                c.title, c.title_bn, c.course_type, e.batch_id, b.name AS batch_name, b.name_bn AS batch_name_bn, e.status,
                e.enrolled_at, e.completed_at,
                (SELECT count(*) FROM lesson_progress p WHERE p.enrollment_id = e.id) AS lessons_completed,
                (SELECT count(*) FROM lessons l WHERE l.course_id = e.course_id) AS lessons_total,
                (SELECT ct.tracking_code FROM certificates ct WHERE ct.enrollment_id = e.id AND ct.status = 'issued') AS certificate_code
           FROM enrollments e JOIN courses c ON c.id = e.course_id JOIN batches b ON b.id = e.batch_id
           {ENROLMENT_FILTER}
          ORDER BY e.enrolled_at DESC, e.id DESC LIMIT $4 OFFSET $5"
    )))
    .bind(course)
    .bind(user)
    .bind(pattern)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct BatchLine {
    pub id: i64,
    pub name: String,
    pub name_bn: String,
    pub start_date: NaiveDate,
    /// Enrolled (waiting for approval included).
    pub learners: i64,
    pub completed: i64,
}

/// A course's batches by start, with their learners.
pub async fn batches(db: &PgPool, course_id: i64) -> sqlx::Result<Vec<BatchLine>> {
    sqlx::query_as(
        "SELECT b.id, b.name, b.name_bn, b.start_date, count(e.id) AS learners, count(e.id) FILTER (WHERE e.status = 'completed') AS completed
           FROM batches b LEFT JOIN enrollments e ON e.batch_id = b.id
          WHERE b.course_id = $1 GROUP BY b.id ORDER BY b.start_date, b.id",
    )
    .bind(course_id)
    .fetch_all(db)
    .await
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct LearnerSummary {
    #[serde(skip)]
    pub name: String,
    #[serde(skip)]
    pub email: Option<String>,
    pub enrolled: i64,
    pub in_progress: i64,
    pub completed: i64,
    pub certificates: i64,
    pub lessons_completed: i64,
    pub first_enrolled_at: DateTime<Utc>,
    pub last_lesson_at: Option<DateTime<Utc>>,
}

/// A learner on the site; `None` when they never enrolled here.
pub async fn learner(db: &PgPool, user_id: i64) -> sqlx::Result<Option<LearnerSummary>> {
    sqlx::query_as(
        "SELECT max(e.user_name) AS name, max(e.user_email) AS email, count(*) AS enrolled,
                count(*) FILTER (WHERE e.status = 'active') AS in_progress, count(*) FILTER (WHERE e.status = 'completed') AS completed,
                (SELECT count(*) FROM certificates c WHERE c.user_id = $1 AND c.status = 'issued') AS certificates,
                (SELECT count(*) FROM lesson_progress p JOIN enrollments mine ON mine.id = p.enrollment_id WHERE mine.user_id = $1) AS lessons_completed,
                min(e.enrolled_at) AS first_enrolled_at,
                (SELECT max(p.completed_at) FROM lesson_progress p JOIN enrollments mine ON mine.id = p.enrollment_id WHERE mine.user_id = $1) AS last_lesson_at
           FROM enrollments e WHERE e.user_id = $1 HAVING count(*) > 0",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await
}
