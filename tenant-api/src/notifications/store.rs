//! The `notifications` table. Every write that changes someone's unread count announces it in
//! the same statement (`pg_notify` on [`CHANNEL`], delivered when the transaction commits), so an
//! edge never wakes a bell for a change that was rolled back.

use super::live::CHANNEL;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgExecutor, PgPool};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Notification {
    pub id: i64,
    /// What happened: `enrolment_approved`, …; the web app words it from `params`.
    pub kind: String,
    pub params: Value,
    /// The page it is about, when there is one.
    pub link: Option<String>,
    pub read: bool,
    pub created_at: DateTime<Utc>,
}

fn payload(tenant: i64, user_id: i64) -> String {
    format!("{tenant}:{user_id}")
}

/// Tells a person something (on the site of `tenant`, whose pool or transaction `db` is). A
/// notice that also goes by e-mail is marked for [`super::relay::relay`], which the caller runs
/// once its transaction commits.
pub async fn add(db: impl PgExecutor<'_>, tenant: i64, user_id: i64, kind: &str, params: Value, link: Option<&str>) -> sqlx::Result<()> {
    sqlx::query(
        "WITH added AS (INSERT INTO notifications (user_id, kind, params, link, relay_due) VALUES ($1, $2, $3, $4, $7) RETURNING id)
         SELECT pg_notify($5, $6) FROM added",
    )
    .bind(user_id)
    .bind(kind)
    .bind(params)
    .bind(link)
    .bind(CHANNEL)
    .bind(payload(tenant, user_id))
    .bind(super::relay::mailed(kind).is_some())
    .execute(db)
    .await?;
    Ok(())
}

/// Tells many people the same thing at once (a bulk message), each bell rung as for one.
pub async fn add_many(db: impl PgExecutor<'_>, tenant: i64, users: &[i64], kind: &str, params: Value) -> sqlx::Result<()> {
    sqlx::query(
        "WITH added AS (INSERT INTO notifications (user_id, kind, params) SELECT u, $2, $3 FROM unnest($1::bigint[]) u RETURNING user_id)
         SELECT pg_notify($4, $5 || ':' || user_id) FROM added",
    )
    .bind(users)
    .bind(kind)
    .bind(params)
    .bind(CHANNEL)
    .bind(tenant.to_string())
    .execute(db)
    .await?;
    Ok(())
}

pub async fn count(db: &PgPool, user_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM notifications WHERE user_id = $1").bind(user_id).fetch_one(db).await
}

pub async fn unread(db: &PgPool, user_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL").bind(user_id).fetch_one(db).await
}

/// A person's notifications, newest first.
pub async fn list(db: &PgPool, user_id: i64, limit: i64, offset: i64) -> sqlx::Result<Vec<Notification>> {
    sqlx::query_as(
        "SELECT id, kind, params, link, read_at IS NOT NULL AS read, created_at FROM notifications
          WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

/// Marks one of a person's notifications read; `false` when they have none by that id.
pub async fn mark_read(db: &PgPool, tenant: i64, user_id: i64, id: i64) -> sqlx::Result<bool> {
    let found: Option<(i64, i64)> = sqlx::query_as(
        "WITH target AS (SELECT id, read_at IS NULL AS unread FROM notifications WHERE id = $1 AND user_id = $2),
              marked AS (UPDATE notifications n SET read_at = now() FROM target WHERE n.id = target.id AND target.unread RETURNING n.id),
              told AS (SELECT pg_notify($3, $4) FROM marked)
         SELECT target.id, (SELECT count(*) FROM told) FROM target",
    )
    .bind(id)
    .bind(user_id)
    .bind(CHANNEL)
    .bind(payload(tenant, user_id))
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

/// Marks all of a person's notifications read.
pub async fn mark_all_read(db: &PgPool, tenant: i64, user_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "WITH marked AS (UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id)
         SELECT pg_notify($2, $3) WHERE EXISTS (SELECT 1 FROM marked)",
    )
    .bind(user_id)
    .bind(CHANNEL)
    .bind(payload(tenant, user_id))
    .execute(db)
    .await?;
    Ok(())
}

/// A notice still to be relayed beyond the bell ([`super::relay`]).
#[derive(sqlx::FromRow)]
pub struct Due {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub params: Value,
    pub link: Option<String>,
}

/// Locks up to `limit` notices due to be relayed, oldest first, for the caller's transaction;
/// another edge relaying the same site at once takes other rows.
pub async fn take_due(tx: &mut PgConnection, limit: i64) -> sqlx::Result<Vec<Due>> {
    sqlx::query_as("SELECT id, user_id, kind, params, link FROM notifications WHERE relay_due ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED")
        .bind(limit)
        .fetch_all(tx)
        .await
}

pub async fn relayed(tx: &mut PgConnection, ids: &[i64]) -> sqlx::Result<()> {
    sqlx::query("UPDATE notifications SET relay_due = false WHERE id = ANY($1)").bind(ids).execute(tx).await?;
    Ok(())
}

/// Whether a notice has waited at least `age` to be relayed (its edge stopped after the event).
pub async fn relay_owed(db: &PgPool, age: std::time::Duration) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM notifications WHERE relay_due AND created_at <= now() - make_interval(secs => $1))")
        .bind(age.as_secs_f64())
        .fetch_one(db)
        .await
}
