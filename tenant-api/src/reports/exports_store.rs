//! Table `report_exports`: one row per export, its progress and its file. Every write of a
//! running export names its `attempt`, so an edge that lost its job to another (its heartbeat
//! stopped) or whose job was cancelled writes nothing more.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

/// A job that shows no heartbeat for this long is taken to have lost its edge.
const STALE_SECS: f64 = 30.0;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[schema(as = ReportExport)]
pub struct Export {
    pub id: Uuid,
    #[serde(skip)]
    pub user_id: i64,
    /// `courses`, `learners`, `course-users` or `learner-courses`.
    pub list: String,
    /// The course of `course-users`, the user of `learner-courses`.
    pub target_id: Option<i64>,
    pub search: String,
    /// `csv` or `xlsx`.
    pub format: String,
    /// `queued`, `running`, `done`, `failed` or `cancelled`.
    pub status: String,
    #[serde(skip)]
    pub attempt: i32,
    pub rows_done: i64,
    /// Known once the export has counted its rows.
    pub rows_total: Option<i64>,
    pub size_bytes: Option<i64>,
    pub file_name: String,
    /// Why it failed (an error code).
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// It and its file are gone after this.
    pub expires_at: DateTime<Utc>,
}

impl Export {
    /// Where its file lies in the site's bucket.
    pub fn key(&self) -> String {
        key_of(self.id, &self.format)
    }
}

fn key_of(id: Uuid, format: &str) -> String {
    format!("exports/{id}.{format}")
}

const COLUMNS: &str = "id, user_id, list, target_id, search, format, status, attempt, rows_done, rows_total, size_bytes, file_name, error,
                       created_at, finished_at, expires_at";

pub struct NewExport<'a> {
    pub user_id: i64,
    pub list: &'a str,
    pub target_id: Option<i64>,
    pub search: &'a str,
    pub format: &'a str,
    pub file_name: &'a str,
}

/// Queues an export unless the user has `at_most` still queued or running (then `None`); the
/// user's row lock makes two requests at once count each other.
pub async fn create(db: &PgPool, new: NewExport<'_>, at_most: i64) -> sqlx::Result<Option<Export>> {
    let mut tx = db.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('report_exports', $1))").bind(new.user_id).execute(&mut *tx).await?;
    let active: i64 = sqlx::query_scalar("SELECT count(*) FROM report_exports WHERE user_id = $1 AND status IN ('queued', 'running') AND expires_at > now()")
        .bind(new.user_id)
        .fetch_one(&mut *tx)
        .await?;
    if active >= at_most {
        return Ok(None);
    }
    let export = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO report_exports (id, user_id, list, target_id, search, format, file_name) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {COLUMNS}"
    )))
    .bind(Uuid::new_v4())
    .bind(new.user_id)
    .bind(new.list)
    .bind(new.target_id)
    .bind(new.search)
    .bind(new.format)
    .bind(new.file_name)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(export))
}

/// The user's export, unless it has expired.
pub async fn find(db: &PgPool, user_id: i64, id: Uuid) -> sqlx::Result<Option<Export>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM report_exports WHERE id = $1 AND user_id = $2 AND expires_at > now()")))
        .bind(id)
        .bind(user_id)
        .fetch_optional(db)
        .await
}

/// The user's exports, newest first.
pub async fn list(db: &PgPool, user_id: i64, limit: i64) -> sqlx::Result<Vec<Export>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM report_exports WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC, id LIMIT $2"
    )))
    .bind(user_id)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Takes a queued export, or one whose edge stopped beating, for a new attempt (from the start).
pub async fn claim(db: &PgPool, id: Uuid) -> sqlx::Result<Option<Export>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE report_exports SET status = 'running', attempt = attempt + 1, rows_done = 0, heartbeat_at = now()
          WHERE id = $1 AND (status = 'queued' OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => $2)))
          RETURNING {COLUMNS}"
    )))
    .bind(id)
    .bind(STALE_SECS)
    .fetch_optional(db)
    .await
}

/// Whether the export is still this attempt's to write (not cancelled, not taken over).
async fn write_if_mine(db: &PgPool, id: Uuid, attempt: i32, set: &str, binds: (Option<i64>, Option<&str>)) -> sqlx::Result<bool> {
    let done = sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE report_exports SET {set}, heartbeat_at = now() WHERE id = $1 AND attempt = $2 AND status = 'running'")))
        .bind(id)
        .bind(attempt)
        .bind(binds.0)
        .bind(binds.1)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_total(db: &PgPool, id: Uuid, attempt: i32, total: i64) -> sqlx::Result<bool> {
    write_if_mine(db, id, attempt, "rows_total = $3, error = $4", (Some(total), None)).await
}

pub async fn progress(db: &PgPool, id: Uuid, attempt: i32, rows_done: i64) -> sqlx::Result<bool> {
    write_if_mine(db, id, attempt, "rows_done = $3, error = $4", (Some(rows_done), None)).await
}

pub async fn finish(db: &PgPool, id: Uuid, attempt: i32, size_bytes: i64) -> sqlx::Result<bool> {
    write_if_mine(db, id, attempt, "status = 'done', size_bytes = $3, error = $4, finished_at = now(), expires_at = now() + interval '1 day'", (Some(size_bytes), None))
        .await
}

pub async fn fail(db: &PgPool, id: Uuid, attempt: i32, error: &str) -> sqlx::Result<bool> {
    write_if_mine(db, id, attempt, "status = 'failed', size_bytes = $3, error = $4, finished_at = now()", (None, Some(error))).await
}

/// Stops a queued or running export (`Some(true)`), or removes a finished one (`Some(false)`).
pub async fn cancel_or_remove(db: &PgPool, user_id: i64, id: Uuid) -> sqlx::Result<Option<bool>> {
    let cancelled = sqlx::query("UPDATE report_exports SET status = 'cancelled', finished_at = now() WHERE id = $1 AND user_id = $2 AND status IN ('queued', 'running')")
        .bind(id)
        .bind(user_id)
        .execute(db)
        .await?;
    if cancelled.rows_affected() == 1 {
        return Ok(Some(true));
    }
    let removed = sqlx::query("DELETE FROM report_exports WHERE id = $1 AND user_id = $2").bind(id).bind(user_id).execute(db).await?;
    Ok((removed.rows_affected() == 1).then_some(false))
}

/// Removes the user's expired exports, answering their keys (their files go too).
pub async fn remove_expired(db: &PgPool, user_id: i64) -> sqlx::Result<Vec<String>> {
    let gone: Vec<(Uuid, String)> = sqlx::query_as("DELETE FROM report_exports WHERE user_id = $1 AND expires_at <= now() RETURNING id, format")
        .bind(user_id)
        .fetch_all(db)
        .await?;
    Ok(gone.into_iter().map(|(id, format)| key_of(id, &format)).collect())
}
