//! SQL of `enrollments` and `lesson_progress`.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Enrollment {
    pub id: i64,
    pub course_id: i64,
    pub batch_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub user_email: Option<String>,
    pub status: String,
    pub last_lesson_id: Option<i64>,
    pub enrolled_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
}

const SELECT: &str =
    "SELECT id, course_id, batch_id, user_id, user_name, user_email, status, last_lesson_id, enrolled_at, completed_at FROM enrollments";

pub async fn of_user(db: &PgPool, course_id: i64, user_id: i64) -> sqlx::Result<Option<Enrollment>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE course_id = $1 AND user_id = $2")))
        .bind(course_id)
        .bind(user_id)
        .fetch_optional(db)
        .await
}

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<Enrollment>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE id = $1"))).bind(id).fetch_optional(db).await
}

pub struct NewEnrollment<'a> {
    pub course_id: i64,
    pub batch_id: i64,
    pub user_id: i64,
    pub user_name: &'a str,
    pub user_email: Option<&'a str>,
    pub status: &'a str,
}

/// Inserts inside the caller's transaction, which holds the batch row lock (seat counting).
pub async fn insert(tx: &mut PgConnection, e: NewEnrollment<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO enrollments (course_id, batch_id, user_id, user_name, user_email, status) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(e.course_id)
    .bind(e.batch_id)
    .bind(e.user_id)
    .bind(e.user_name)
    .bind(e.user_email)
    .bind(e.status)
    .fetch_one(tx)
    .await
}

/// Enrols a learner who paid: a new active enrolment, or their existing one (made active if it
/// waited for approval). Answers the enrolment and its batch.
pub async fn upsert_paid(tx: &mut PgConnection, e: NewEnrollment<'_>) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "INSERT INTO enrollments (course_id, batch_id, user_id, user_name, user_email, status) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ON CONSTRAINT enrollments_once
         DO UPDATE SET status = CASE WHEN enrollments.status = 'pending' THEN 'active' ELSE enrollments.status END
         RETURNING id, batch_id",
    )
    .bind(e.course_id)
    .bind(e.batch_id)
    .bind(e.user_id)
    .bind(e.user_name)
    .bind(e.user_email)
    .bind(e.status)
    .fetch_one(tx)
    .await
}

/// Ends a learner's enrolment in a course (a refunded seat): its progress goes with it.
pub async fn remove_of_user(tx: &mut PgConnection, course_id: i64, user_id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM enrollments WHERE course_id = $1 AND user_id = $2").bind(course_id).bind(user_id).execute(tx).await?;
    Ok(())
}

/// Locks the batch row and counts its taken seats (pending ones hold a seat too).
pub async fn lock_seats(tx: &mut PgConnection, batch_id: i64) -> sqlx::Result<i64> {
    sqlx::query("SELECT 1 FROM batches WHERE id = $1 FOR UPDATE").bind(batch_id).execute(&mut *tx).await?;
    sqlx::query_scalar("SELECT count(*) FROM enrollments WHERE batch_id = $1").bind(batch_id).fetch_one(tx).await
}

/// Completes an active enrolment; false when it was not active (already completed, waiting, gone).
pub async fn complete_if_active(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    sqlx::query("UPDATE enrollments SET status = 'completed', completed_at = now() WHERE id = $1 AND status = 'active'")
        .bind(id)
        .execute(db)
        .await
        .map(|r| r.rows_affected() == 1)
}

pub async fn set_status(db: impl sqlx::PgExecutor<'_>, id: i64, status: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE enrollments SET status = $2, completed_at = CASE WHEN $2 = 'completed' THEN COALESCE(completed_at, now()) END WHERE id = $1",
    )
    .bind(id)
    .bind(status)
    .execute(db)
    .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct EnrolledUser {
    pub enrollment_id: i64,
    pub user_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub status: String,
    pub progress_percent: i32,
    pub enrolled_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub tracking_code: Option<String>,
    pub certificate_status: Option<String>,
    #[serde(skip)]
    pub total: i64,
}

/// A batch's enrolments with progress, optionally of one status, newest first.
pub async fn of_batch(db: &PgPool, batch_id: i64, status: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<Vec<EnrolledUser>> {
    sqlx::query_as(
        "SELECT e.id AS enrollment_id, e.user_id, e.user_name AS name, e.user_email AS email, e.status,
                CASE WHEN t.total = 0 THEN 0 ELSE (100 * (SELECT count(*) FROM lesson_progress p WHERE p.enrollment_id = e.id) / t.total)::int END
                    AS progress_percent,
                e.enrolled_at, e.completed_at, c.tracking_code, c.status AS certificate_status, count(*) OVER () AS total
           FROM enrollments e
           CROSS JOIN LATERAL (SELECT count(*) AS total FROM lessons l WHERE l.course_id = e.course_id) t
           LEFT JOIN certificates c ON c.enrollment_id = e.id
          WHERE e.batch_id = $1 AND ($2::text IS NULL OR e.status = $2)
          ORDER BY e.enrolled_at DESC, e.id DESC LIMIT $3 OFFSET $4",
    )
    .bind(batch_id)
    .bind(status)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub async fn completed_lessons(db: &PgPool, enrollment_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT lesson_id FROM lesson_progress WHERE enrollment_id = $1 ORDER BY completed_at, lesson_id")
        .bind(enrollment_id)
        .fetch_all(db)
        .await
}

pub async fn complete_lesson(db: &PgPool, enrollment_id: i64, lesson_id: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO lesson_progress (enrollment_id, lesson_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(enrollment_id)
        .bind(lesson_id)
        .execute(db)
        .await?;
    sqlx::query("UPDATE enrollments SET last_lesson_id = $2 WHERE id = $1").bind(enrollment_id).bind(lesson_id).execute(db).await?;
    Ok(())
}

pub async fn set_last_lesson(db: &PgPool, enrollment_id: i64, lesson_id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE enrollments SET last_lesson_id = $2 WHERE id = $1").bind(enrollment_id).bind(lesson_id).execute(db).await?;
    Ok(())
}

/// A learner as lists of enrolments name them.
#[derive(Debug, Serialize, ToSchema)]
pub struct LearnerRef {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
}

/// An enrolment waiting for an author: a learner asking to join a batch that needs approval, or
/// a finished learner whose certificate waits for approval.
#[derive(Debug, sqlx::FromRow)]
pub struct Awaiting {
    pub enrollment_id: i64,
    pub batch_id: i64,
    pub batch_name: String,
    pub batch_name_bn: String,
    pub course_id: i64,
    pub course_uuid: uuid::Uuid,
    pub course_title: String,
    pub course_title_bn: String,
    pub user_id: i64,
    pub user_name: String,
    pub user_email: Option<String>,
    /// When the learner asked (enrolment) or finished (certificate).
    pub since: DateTime<Utc>,
    pub total: i64,
}

#[derive(Clone, Copy)]
pub enum Awaited {
    Enrolment,
    Certificate,
}

/// The oldest first, at most `limit`, each row carrying the total; only the courses `author`
/// created when given (a teacher's own courses).
pub async fn awaiting(db: &PgPool, what: Awaited, author: Option<i64>, limit: i64) -> sqlx::Result<Vec<Awaiting>> {
    let (from, since) = match what {
        Awaited::Enrolment => ("enrollments e", "e.enrolled_at"),
        Awaited::Certificate => ("certificates ct JOIN enrollments e ON e.id = ct.enrollment_id", "COALESCE(e.completed_at, ct.issued_at)"),
    };
    let pending = match what {
        Awaited::Enrolment => "e.status = 'pending'",
        Awaited::Certificate => "ct.status = 'pending'",
    };
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT e.id AS enrollment_id, e.batch_id, b.name AS batch_name, b.name_bn AS batch_name_bn, c.id AS course_id,
                c.uuid AS course_uuid, c.title AS course_title, c.title_bn AS course_title_bn, e.user_id, e.user_name,
                e.user_email, {since} AS since, count(*) OVER () AS total
           FROM {from} JOIN batches b ON b.id = e.batch_id JOIN courses c ON c.id = e.course_id
          WHERE {pending} AND ($1::bigint IS NULL OR c.created_by = $1)
          ORDER BY since, e.id LIMIT $2"
    )))
    .bind(author)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// A learner's own figures on the site: enrolments by state and certificates issued.
#[derive(Debug, Default, sqlx::FromRow)]
pub struct Track {
    pub enrolled: i64,
    pub in_progress: i64,
    pub completed: i64,
    pub certificates: i64,
}

pub async fn track(db: &PgPool, user_id: i64) -> sqlx::Result<Track> {
    sqlx::query_as(
        "SELECT count(*) AS enrolled, count(*) FILTER (WHERE status = 'active') AS in_progress,
                count(*) FILTER (WHERE status = 'completed') AS completed,
                (SELECT count(*) FROM certificates WHERE user_id = $1 AND status = 'issued') AS certificates
           FROM enrollments WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(db)
    .await
}

/// The lessons a learner completed on each Dhaka day of `[from, until)` (days without any left out).
pub async fn lessons_by_day(db: &PgPool, user_id: i64, from: DateTime<Utc>, until: DateTime<Utc>) -> sqlx::Result<Vec<(chrono::NaiveDate, i64)>> {
    sqlx::query_as(
        "SELECT (p.completed_at AT TIME ZONE 'Asia/Dhaka')::date, count(*)
           FROM enrollments e JOIN lesson_progress p ON p.enrollment_id = e.id
          WHERE e.user_id = $1 AND p.completed_at >= $2 AND p.completed_at < $3
          GROUP BY 1 ORDER BY 1",
    )
    .bind(user_id)
    .bind(from)
    .bind(until)
    .fetch_all(db)
    .await
}
