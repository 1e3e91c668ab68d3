//! SQL of `payout_requests`: partners asking the platform to pay out their share. The money
//! itself is in each partner's ledger (its own schema); this table is the platform's queue of
//! requests, so the super admin sees every partner's in one list.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PayoutRow {
    pub id: i64,
    pub institution_id: i64,
    pub institution_slug: String,
    pub institution_name: String,
    pub amount_poisha: i64,
    pub state: String,
    pub note: String,
    pub reason: Option<String>,
    pub requested_by: i64,
    pub requested_by_name: String,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    pub total: i64,
}

const SELECT: &str = "SELECT p.id, p.institution_id, i.slug AS institution_slug, i.institution_name, p.amount_poisha, p.state, p.note, p.reason,
        p.requested_by, p.requested_by_name, p.created_at, p.decided_at";

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<PayoutRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT}, 1::bigint AS total FROM payout_requests p JOIN institutions i ON i.id = p.institution_id WHERE p.id = $1"
    )))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// A page of requests, newest first: one partner's or (`None`) every partner's; `state`
/// `requested` includes approvals begun but not finished.
pub async fn list(db: &PgPool, institution: Option<i64>, state: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<Vec<PayoutRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT}, count(*) OVER () AS total
           FROM payout_requests p JOIN institutions i ON i.id = p.institution_id
          WHERE ($1::bigint IS NULL OR p.institution_id = $1)
            AND ($2::text IS NULL OR p.state = $2 OR ($2 = 'requested' AND p.state = 'approving'))
          ORDER BY p.id DESC LIMIT $3 OFFSET $4"
    )))
    .bind(institution)
    .bind(state)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

/// Locks the partner's row for the length of the caller's transaction, so that two requests
/// cannot both spend the same balance.
pub async fn lock_institution(tx: &mut PgConnection, institution: i64) -> sqlx::Result<()> {
    sqlx::query("SELECT 1 FROM institutions WHERE id = $1 FOR UPDATE").bind(institution).execute(tx).await?;
    Ok(())
}

/// What a partner has asked for and not yet been paid or refused.
pub async fn outstanding(db: impl sqlx::PgExecutor<'_>, institution: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(sum(amount_poisha), 0)::bigint FROM payout_requests WHERE institution_id = $1 AND state IN ('requested', 'approving')")
        .bind(institution)
        .fetch_one(db)
        .await
}

pub struct NewPayout<'a> {
    pub institution_id: i64,
    pub amount_poisha: i64,
    pub note: &'a str,
    pub requested_by: i64,
    pub requested_by_name: &'a str,
}

pub async fn insert(tx: &mut PgConnection, p: NewPayout<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO payout_requests (institution_id, amount_poisha, note, requested_by, requested_by_name) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(p.institution_id)
    .bind(p.amount_poisha)
    .bind(p.note)
    .bind(p.requested_by)
    .bind(p.requested_by_name)
    .fetch_one(tx)
    .await
}

/// Begins (or resumes) an approval; `None` when the request is not waiting.
pub async fn begin_approval(db: &PgPool, id: i64) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as("UPDATE payout_requests SET state = 'approving' WHERE id = $1 AND state IN ('requested', 'approving') RETURNING institution_id, amount_poisha")
        .bind(id)
        .fetch_optional(db)
        .await
}

pub async fn finish_approval(db: &PgPool, id: i64, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE payout_requests SET state = 'approved', decided_by = $2, decided_at = now() WHERE id = $1 AND state = 'approving'")
        .bind(id)
        .bind(by)
        .execute(db)
        .await?;
    Ok(())
}

/// False when the request is not waiting.
pub async fn reject(db: &PgPool, id: i64, by: i64, reason: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE payout_requests SET state = 'rejected', reason = $3, decided_by = $2, decided_at = now() WHERE id = $1 AND state = 'requested'")
        .bind(id)
        .bind(by)
        .bind(reason)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Withdraws a request still waiting; false otherwise.
pub async fn withdraw(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM payout_requests WHERE id = $1 AND state = 'requested'").bind(id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}
