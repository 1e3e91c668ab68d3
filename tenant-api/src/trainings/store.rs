//! SQL of `training_batches`, `training_trainers`, `training_sessions` and
//! `training_attendance`, and of a training batch's trainees with what they attended.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Settings {
    pub venue: String,
    pub venue_bn: String,
    pub address: String,
    pub completion_percent: i16,
    pub tax_basis_points: i32,
}

impl Default for Settings {
    /// What the table's defaults say, for a batch saved for the first time.
    fn default() -> Self {
        Self { venue: String::new(), venue_bn: String::new(), address: String::new(), completion_percent: 80, tax_basis_points: 1000 }
    }
}

pub async fn settings(db: &PgPool, batch_id: i64) -> sqlx::Result<Settings> {
    let row = sqlx::query_as("SELECT venue, venue_bn, address, completion_percent, tax_basis_points FROM training_batches WHERE batch_id = $1")
        .bind(batch_id)
        .fetch_optional(db)
        .await?;
    Ok(row.unwrap_or_default())
}

pub async fn save_settings(db: &PgPool, batch_id: i64, s: &Settings) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO training_batches (batch_id, venue, venue_bn, address, completion_percent, tax_basis_points)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (batch_id) DO UPDATE SET venue = $2, venue_bn = $3, address = $4, completion_percent = $5,
             tax_basis_points = $6, updated_at = now()",
    )
    .bind(batch_id)
    .bind(&s.venue)
    .bind(&s.venue_bn)
    .bind(&s.address)
    .bind(s.completion_percent)
    .bind(s.tax_basis_points)
    .execute(db)
    .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Venue {
    pub venue: String,
    pub venue_bn: String,
    pub address: String,
    /// Batches held there.
    pub batches: i64,
}

/// The venues this site's batches were held at, most used first.
pub async fn venues(db: &PgPool, pattern: Option<&str>) -> sqlx::Result<Vec<Venue>> {
    sqlx::query_as(
        "SELECT min(venue) AS venue, max(venue_bn) AS venue_bn, max(address) AS address, count(*) AS batches
           FROM training_batches
          WHERE venue <> '' AND ($1::text IS NULL OR venue ILIKE $1 OR venue_bn ILIKE $1 OR address ILIKE $1)
          GROUP BY lower(venue) ORDER BY count(*) DESC, lower(venue) LIMIT 50",
    )
    .bind(pattern)
    .fetch_all(db)
    .await
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Trainer {
    pub id: i64,
    pub batch_id: i64,
    pub user_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub rate_poisha: i64,
    /// Their sessions with attendance taken (held).
    pub sessions_taken: i64,
}

const TRAINERS: &str = "SELECT t.id, t.batch_id, t.user_id, t.name, t.email, t.rate_poisha,
        (SELECT count(*) FROM training_sessions s WHERE s.trainer_id = t.id AND s.attendance_taken_at IS NOT NULL) AS sessions_taken
   FROM training_trainers t";

pub async fn trainers(db: &PgPool, batch_id: i64) -> sqlx::Result<Vec<Trainer>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{TRAINERS} WHERE t.batch_id = $1 ORDER BY t.name, t.id"))).bind(batch_id).fetch_all(db).await
}

pub async fn trainer(db: &PgPool, id: i64) -> sqlx::Result<Option<Trainer>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{TRAINERS} WHERE t.id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn insert_trainer(db: &PgPool, batch_id: i64, user_id: i64, name: &str, email: Option<&str>, rate_poisha: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("INSERT INTO training_trainers (batch_id, user_id, name, email, rate_poisha) VALUES ($1, $2, $3, $4, $5) RETURNING id")
        .bind(batch_id)
        .bind(user_id)
        .bind(name)
        .bind(email)
        .bind(rate_poisha)
        .fetch_one(db)
        .await
}

pub async fn set_rate(db: &PgPool, id: i64, rate_poisha: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE training_trainers SET rate_poisha = $2 WHERE id = $1").bind(id).bind(rate_poisha).execute(db).await?;
    Ok(())
}

pub async fn delete_trainer(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM training_trainers WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[schema(as = TrainingSession)]
pub struct Session {
    pub id: i64,
    pub batch_id: i64,
    pub title: String,
    pub title_bn: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub trainer_id: Option<i64>,
    pub trainer_name: Option<String>,
    pub attendance_taken_at: Option<DateTime<Utc>>,
    /// Trainees marked present.
    pub present: i64,
}

const SESSIONS: &str = "SELECT s.id, s.batch_id, s.title, s.title_bn, s.starts_at, s.ends_at, s.trainer_id, t.name AS trainer_name,
        s.attendance_taken_at, (SELECT count(*) FROM training_attendance a WHERE a.session_id = s.id AND a.present) AS present
   FROM training_sessions s LEFT JOIN training_trainers t ON t.id = s.trainer_id";

pub async fn sessions(db: &PgPool, batch_id: i64) -> sqlx::Result<Vec<Session>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SESSIONS} WHERE s.batch_id = $1 ORDER BY s.starts_at, s.id"))).bind(batch_id).fetch_all(db).await
}

/// Every session of every batch of a training.
pub async fn course_sessions(db: &PgPool, course_id: i64) -> sqlx::Result<Vec<Session>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SESSIONS} JOIN batches b ON b.id = s.batch_id WHERE b.course_id = $1 ORDER BY s.id")))
        .bind(course_id)
        .fetch_all(db)
        .await
}

pub async fn session(db: &PgPool, id: i64) -> sqlx::Result<Option<Session>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SESSIONS} WHERE s.id = $1"))).bind(id).fetch_optional(db).await
}

pub struct SessionFields {
    pub title: String,
    pub title_bn: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub trainer_id: Option<i64>,
}

pub async fn insert_session(db: &PgPool, batch_id: i64, f: &SessionFields) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO training_sessions (batch_id, title, title_bn, starts_at, ends_at, trainer_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(batch_id)
    .bind(&f.title)
    .bind(&f.title_bn)
    .bind(f.starts_at)
    .bind(f.ends_at)
    .bind(f.trainer_id)
    .fetch_one(db)
    .await
}

pub async fn update_session(db: &PgPool, id: i64, f: &SessionFields) -> sqlx::Result<()> {
    sqlx::query("UPDATE training_sessions SET title = $2, title_bn = $3, starts_at = $4, ends_at = $5, trainer_id = $6 WHERE id = $1")
        .bind(id)
        .bind(&f.title)
        .bind(&f.title_bn)
        .bind(f.starts_at)
        .bind(f.ends_at)
        .bind(f.trainer_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes a session nobody's attendance was taken at; false when it was.
pub async fn delete_session(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM training_sessions WHERE id = $1 AND attendance_taken_at IS NULL").bind(id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[schema(as = TrainingAttendanceRow)]
pub struct AttendanceRow {
    pub enrollment_id: i64,
    pub user_id: i64,
    pub name: String,
    /// Null: not marked yet.
    pub present: Option<bool>,
}

/// The batch's trainees with their mark at the session, by name.
pub async fn attendance(db: &PgPool, batch_id: i64, session_id: i64) -> sqlx::Result<Vec<AttendanceRow>> {
    sqlx::query_as(
        "SELECT e.id AS enrollment_id, e.user_id, e.user_name AS name, a.present
           FROM enrollments e LEFT JOIN training_attendance a ON a.enrollment_id = e.id AND a.session_id = $2
          WHERE e.batch_id = $1 AND e.status <> 'pending'
          ORDER BY e.user_name, e.id",
    )
    .bind(batch_id)
    .bind(session_id)
    .fetch_all(db)
    .await
}

/// How many of `ids` are trainees (active or completed) of the batch.
pub async fn count_trainees(db: &PgPool, batch_id: i64, ids: &[i64]) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM enrollments WHERE batch_id = $1 AND status <> 'pending' AND id = ANY($2)")
        .bind(batch_id)
        .bind(ids)
        .fetch_one(db)
        .await
}

/// Writes the marks of one session in one statement (a batch of thousands is one round trip) and
/// notes that the session was held.
pub async fn mark(tx: &mut PgConnection, session_id: i64, ids: &[i64], present: &[bool], by: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO training_attendance (session_id, enrollment_id, present, marked_by)
         SELECT $1, x.id, x.present, $4 FROM unnest($2::bigint[], $3::boolean[]) AS x(id, present)
         ON CONFLICT (session_id, enrollment_id) DO UPDATE SET present = EXCLUDED.present, marked_by = EXCLUDED.marked_by, marked_at = now()",
    )
    .bind(session_id)
    .bind(ids)
    .bind(present)
    .bind(by)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE training_sessions SET attendance_taken_at = COALESCE(attendance_taken_at, now()) WHERE id = $1")
        .bind(session_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct TraineeRow {
    pub enrollment_id: i64,
    pub batch_id: i64,
    /// The training and batch, for the site-wide list of trained people.
    pub course_title: String,
    pub course_title_bn: String,
    pub batch_name: String,
    pub batch_name_bn: String,
    pub user_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub status: String,
    pub attended: i64,
    pub sessions: i64,
    pub held: i64,
    pub completion_percent: i16,
    pub certificate_code: Option<String>,
    #[serde(skip)]
    pub total: i64,
}

/// Who is listed: a batch's trainees, or the site's trainees who completed a training.
#[derive(Clone, Copy)]
pub enum Trainees<'a> {
    OfBatch { batch_id: i64, pattern: Option<&'a str> },
    Completed { batch_id: Option<i64> },
}

/// Trainees with what they attended, by name; `total` counts every match.
pub async fn trainees(db: &PgPool, which: Trainees<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<TraineeRow>> {
    let (batch_id, pattern, completed_only) = match which {
        Trainees::OfBatch { batch_id, pattern } => (Some(batch_id), pattern, false),
        Trainees::Completed { batch_id } => (batch_id, None, true),
    };
    // The page is chosen first and only its rows are counted up: counting every trainee's
    // attendance before the sort made the last page of a 5,000-trainee batch slow.
    sqlx::query_as(
        "WITH page AS (
             SELECT e.id, count(*) OVER () AS total
               FROM enrollments e
               JOIN courses co ON co.id = e.course_id AND co.course_type = 'training'
              WHERE ($1::bigint IS NULL OR e.batch_id = $1) AND e.status <> 'pending'
                AND (NOT $3 OR e.status = 'completed')
                AND ($2::text IS NULL OR e.user_name ILIKE $2 OR e.user_email ILIKE $2)
              ORDER BY e.user_name, e.id LIMIT $4 OFFSET $5)
         SELECT e.id AS enrollment_id, e.batch_id, co.title AS course_title, co.title_bn AS course_title_bn,
                b.name AS batch_name, b.name_bn AS batch_name_bn, e.user_id, e.user_name AS name, e.user_email AS email, e.status,
                (SELECT count(*) FROM training_attendance a JOIN training_sessions s ON s.id = a.session_id
                  WHERE a.enrollment_id = e.id AND a.present AND s.batch_id = e.batch_id) AS attended,
                (SELECT count(*) FROM training_sessions s WHERE s.batch_id = e.batch_id) AS sessions,
                (SELECT count(*) FROM training_sessions s WHERE s.batch_id = e.batch_id AND s.attendance_taken_at IS NOT NULL) AS held,
                COALESCE(tb.completion_percent, 80::smallint) AS completion_percent,
                c.tracking_code AS certificate_code, page.total
           FROM page
           JOIN enrollments e ON e.id = page.id
           JOIN courses co ON co.id = e.course_id
           JOIN batches b ON b.id = e.batch_id
           LEFT JOIN training_batches tb ON tb.batch_id = e.batch_id
           LEFT JOIN certificates c ON c.enrollment_id = e.id AND c.status <> 'revoked'
          ORDER BY e.user_name, e.id",
    )
    .bind(batch_id)
    .bind(pattern)
    .bind(completed_only)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

/// Completes the batch's active trainees who attended at least its completion share of its
/// sessions, and answers their enrolment ids.
pub async fn complete_eligible(db: &PgPool, batch_id: i64, completion_percent: i16) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "WITH n AS (SELECT count(*) AS sessions FROM training_sessions WHERE batch_id = $1)
         UPDATE enrollments e SET status = 'completed', completed_at = now()
           FROM n
          WHERE e.batch_id = $1 AND e.status = 'active' AND n.sessions > 0
            AND 100 * (SELECT count(*) FROM training_attendance a JOIN training_sessions s ON s.id = a.session_id
                        WHERE a.enrollment_id = e.id AND a.present AND s.batch_id = $1) >= $2 * n.sessions
          RETURNING e.id",
    )
    .bind(batch_id)
    .bind(i64::from(completion_percent))
    .fetch_all(db)
    .await
}

/// Active trainees left after completing the eligible ones.
pub async fn count_active(db: &PgPool, batch_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM enrollments WHERE batch_id = $1 AND status = 'active'").bind(batch_id).fetch_one(db).await
}

/// The trainer rows of this person (to let a trainer see their own honorarium).
pub async fn trainer_of(db: &PgPool, batch_id: i64, user_id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT id FROM training_trainers WHERE batch_id = $1 AND user_id = $2").bind(batch_id).bind(user_id).fetch_optional(db).await
}
