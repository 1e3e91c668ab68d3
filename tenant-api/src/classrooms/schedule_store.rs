//! SQL of the `classroom_sessions` and `classroom_attendance` tables.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionFields {
    pub title: String,
    pub title_bn: Option<String>,
    pub description: String,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: i32,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionRow {
    pub id: i64,
    pub classroom_id: i64,
    #[sqlx(flatten)]
    pub fields: SessionFields,
    pub room: String,
    pub recording_file_id: Option<i64>,
    pub ends_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub present: i64,
}

const SESSION: &str = "SELECT s.id, s.classroom_id, s.title, s.title_bn, s.description, s.starts_at, s.duration_minutes, s.room,
        s.recording_file_id, s.starts_at + make_interval(mins => s.duration_minutes) AS ends_at, s.created_at,
        (SELECT count(*) FROM classroom_attendance a WHERE a.session_id = s.id AND a.present) AS present
   FROM classroom_sessions s";

/// Which sessions a schedule shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Not yet ended, soonest first.
    Now,
    /// Ended, latest first.
    Completed,
    All,
}

const WHERE: &str = "WHERE s.classroom_id = $1
   AND ($2 = 'all' OR ($2 = 'now') = (s.starts_at + make_interval(mins => s.duration_minutes) > now()))";

fn when(w: When) -> &'static str {
    match w {
        When::Now => "now",
        When::Completed => "completed",
        When::All => "all",
    }
}

pub async fn page(db: &PgPool, classroom_id: i64, w: When, limit: i64, offset: i64) -> sqlx::Result<(Vec<SessionRow>, i64)> {
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM classroom_sessions s {WHERE}")))
        .bind(classroom_id)
        .bind(when(w))
        .fetch_one(db)
        .await?;
    let order = if w == When::Completed { "s.starts_at DESC, s.id DESC" } else { "s.starts_at, s.id" };
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SESSION} {WHERE} ORDER BY {order} LIMIT $3 OFFSET $4")))
        .bind(classroom_id)
        .bind(when(w))
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((rows, total))
}

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<SessionRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SESSION} WHERE s.id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn insert(db: &PgPool, classroom_id: i64, f: &SessionFields, room: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO classroom_sessions (classroom_id, title, title_bn, description, starts_at, duration_minutes, room)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(classroom_id)
    .bind(&f.title)
    .bind(&f.title_bn)
    .bind(&f.description)
    .bind(f.starts_at)
    .bind(f.duration_minutes)
    .bind(room)
    .fetch_one(db)
    .await
}

pub async fn update(db: &PgPool, id: i64, f: &SessionFields) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE classroom_sessions SET title = $2, title_bn = $3, description = $4, starts_at = $5, duration_minutes = $6, updated_at = now()
          WHERE id = $1",
    )
    .bind(id)
    .bind(&f.title)
    .bind(&f.title_bn)
    .bind(&f.description)
    .bind(f.starts_at)
    .bind(f.duration_minutes)
    .execute(db)
    .await
    .map(|_| ())
}

pub async fn delete(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM classroom_sessions WHERE id = $1").bind(id).execute(db).await.map(|_| ())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Mark {
    pub user_id: i64,
    pub present: bool,
    pub joined_at: Option<DateTime<Utc>>,
    pub left_at: Option<DateTime<Utc>>,
    pub source: String,
}

pub async fn marks(db: &PgPool, session_id: i64) -> sqlx::Result<Vec<Mark>> {
    sqlx::query_as("SELECT user_id, present, joined_at, left_at, source FROM classroom_attendance WHERE session_id = $1").bind(session_id).fetch_all(db).await
}

/// A teacher's mark: present or absent, keeping when the student joined by the link.
pub async fn mark(tx: &mut PgConnection, session_id: i64, user_id: i64, present: bool) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO classroom_attendance (session_id, user_id, present, source) VALUES ($1, $2, $3, 'manual')
         ON CONFLICT (session_id, user_id) DO UPDATE SET present = excluded.present, source = 'manual', marked_at = now()",
    )
    .bind(session_id)
    .bind(user_id)
    .bind(present)
    .execute(tx)
    .await
    .map(|_| ())
}

/// A student took the session's join link: present, first join kept; a teacher's "absent" stands.
pub async fn joined(db: &PgPool, session_id: i64, user_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO classroom_attendance (session_id, user_id, present, source, joined_at) VALUES ($1, $2, true, 'join', now())
         ON CONFLICT (session_id, user_id) DO UPDATE SET joined_at = coalesce(classroom_attendance.joined_at, now())",
    )
    .bind(session_id)
    .bind(user_id)
    .execute(db)
    .await
    .map(|_| ())
}

/// The teacher closes the sheet at `at` (SPEC §4: attendance can receive an end time).
pub async fn set_ended(tx: &mut PgConnection, session_id: i64, at: DateTime<Utc>) -> sqlx::Result<()> {
    sqlx::query("UPDATE classroom_sessions SET ended_at = $2 WHERE id = $1").bind(session_id).bind(at).execute(tx).await.map(|_| ())
}

/// Sets (or, with `None`, takes off) a session's recording.
pub async fn set_recording(db: &PgPool, id: i64, file_id: Option<i64>) -> sqlx::Result<()> {
    sqlx::query("UPDATE classroom_sessions SET recording_file_id = $2, updated_at = now() WHERE id = $1").bind(id).bind(file_id).execute(db).await.map(|_| ())
}

/// The meeting server saw the student in the room at `at`: present, first join kept, back in the
/// room if they had left; a teacher's mark stands.
pub async fn seen_in_room(db: &PgPool, session_id: i64, user_id: i64, at: DateTime<Utc>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO classroom_attendance (session_id, user_id, present, source, joined_at) VALUES ($1, $2, true, 'provider', $3)
         ON CONFLICT (session_id, user_id) DO UPDATE SET
                source = CASE WHEN classroom_attendance.source = 'manual' THEN 'manual' ELSE 'provider' END,
                joined_at = least(coalesce(classroom_attendance.joined_at, $3), $3), left_at = NULL",
    )
    .bind(session_id)
    .bind(user_id)
    .bind(at)
    .execute(db)
    .await
    .map(|_| ())
}

/// The meeting server saw the student leave at `at`.
pub async fn left_room(db: &PgPool, session_id: i64, user_id: i64, at: DateTime<Utc>) -> sqlx::Result<()> {
    sqlx::query("UPDATE classroom_attendance SET left_at = $3 WHERE session_id = $1 AND user_id = $2 AND source = 'provider'")
        .bind(session_id)
        .bind(user_id)
        .bind(at)
        .execute(db)
        .await
        .map(|_| ())
}

/// Students the meeting server last saw in the room and not leave.
pub async fn in_room(db: &PgPool, session_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT user_id FROM classroom_attendance WHERE session_id = $1 AND source = 'provider' AND left_at IS NULL")
        .bind(session_id)
        .fetch_all(db)
        .await
}
