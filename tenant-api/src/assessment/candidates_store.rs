//! SQL of `exam_candidates`: the people a restricted batch admits, each with their own link.

use chrono::{DateTime, Utc};
use sqlx::{PgPool, Postgres, Transaction};
use uuid::Uuid;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CandidateRow {
    pub id: i64,
    pub batch_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub token: Uuid,
    pub user_id: Option<i64>,
    pub enrolled_at: Option<DateTime<Utc>>,
    pub invited_at: Option<DateTime<Utc>>,
}

const SELECT: &str = "SELECT id, batch_id, name, email, phone, token, user_id, enrolled_at, invited_at FROM exam_candidates";

/// Who a candidate is, already validated (at least one of e-mail and phone).
pub struct CandidateFields {
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<CandidateRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn by_token(db: &PgPool, token: Uuid) -> sqlx::Result<Option<CandidateRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE token = $1"))).bind(token).fetch_optional(db).await
}

/// A batch's candidates in the order they were listed, optionally filtered by name, e-mail or
/// phone; with the total.
pub async fn page(db: &PgPool, batch_id: i64, search: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<(Vec<CandidateRow>, i64)> {
    let pattern = control_plane::pagination::contains_pattern(search);
    const FILTER: &str = "WHERE batch_id = $1 AND ($2::text IS NULL OR name ILIKE $2 OR email ILIKE $2 OR phone ILIKE $2)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM exam_candidates {FILTER}")))
        .bind(batch_id)
        .bind(&pattern)
        .fetch_one(db)
        .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} {FILTER} ORDER BY id LIMIT $3 OFFSET $4")))
        .bind(batch_id)
        .bind(&pattern)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((rows, total))
}

pub async fn insert(tx: &mut Transaction<'_, Postgres>, batch_id: i64, f: &CandidateFields) -> sqlx::Result<i64> {
    sqlx::query_scalar("INSERT INTO exam_candidates (batch_id, name, email, phone) VALUES ($1, $2, $3, $4) RETURNING id")
        .bind(batch_id)
        .bind(&f.name)
        .bind(&f.email)
        .bind(&f.phone)
        .fetch_one(&mut **tx)
        .await
}

pub async fn update(db: &PgPool, id: i64, f: &CandidateFields) -> sqlx::Result<()> {
    sqlx::query("UPDATE exam_candidates SET name = $2, email = $3, phone = $4 WHERE id = $1")
        .bind(id)
        .bind(&f.name)
        .bind(&f.email)
        .bind(&f.phone)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes a candidate who has not used their link; answers whether one was deleted.
pub async fn delete_unused(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM exam_candidates WHERE id = $1 AND user_id IS NULL").bind(id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

/// Binds the link to the learner who used it first; answers false when another learner holds it.
pub async fn claim(db: &PgPool, id: i64, user_id: i64) -> sqlx::Result<bool> {
    let claimed = sqlx::query(
        "UPDATE exam_candidates SET user_id = $2, enrolled_at = COALESCE(enrolled_at, now())
          WHERE id = $1 AND (user_id IS NULL OR user_id = $2)",
    )
    .bind(id)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Gives a link back when the enrolment it was claimed for could not be made.
pub async fn unclaim(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE exam_candidates SET user_id = NULL, enrolled_at = NULL WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

pub async fn mark_invited(db: &PgPool, ids: &[i64]) -> sqlx::Result<()> {
    sqlx::query("UPDATE exam_candidates SET invited_at = now() WHERE id = ANY($1)").bind(ids).execute(db).await?;
    Ok(())
}
