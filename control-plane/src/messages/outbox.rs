//! SQL of the `outbox` table.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor, PgPool};

/// Channel of the NOTIFY that wakes the workers when a message is written.
pub const CHANNEL: &str = "outbox";
/// How long a claimed message belongs to its worker.
const LEASE_SECS: i64 = 300;
/// Attempts before a message is given up as failed; with the backoff below that is about a day.
pub const MAX_ATTEMPTS: i32 = 10;

/// A message to queue: an e-mail (subject, text and HTML parts) or a text message (text only).
pub struct Message<'a> {
    /// `email` or `sms`.
    pub channel: &'static str,
    /// An e-mail address, or a phone number as +8801XXXXXXXXX.
    pub to: &'a str,
    pub institution_id: Option<i64>,
    pub sender_name: &'a str,
    /// What the message is about (`password_reset`), for the record and for reports.
    pub kind: &'a str,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
}

/// Queues a message inside the caller's transaction; workers hear of it when that commits.
pub async fn enqueue(tx: &mut PgConnection, message: &Message<'_>) -> sqlx::Result<i64> {
    enqueue_at(tx, message, None).await
}

/// Queues a message to go out at `at` (now when `None`), such as a reminder the day before.
pub async fn enqueue_at(tx: &mut PgConnection, message: &Message<'_>, at: Option<DateTime<Utc>>) -> sqlx::Result<i64> {
    Ok(insert(tx, message, at, None).await?.expect("only a message with a once-only key is ever a repeat"))
}

/// Queues a message at most once for `once_ref` and its address (a bell notice relayed by
/// e-mail, asked again after an edge died between queueing it and marking it done); answers
/// whether it was new.
pub async fn enqueue_once(db: &PgPool, message: &Message<'_>, once_ref: &str) -> sqlx::Result<bool> {
    Ok(insert(db, message, None, Some(once_ref)).await?.is_some())
}

/// The row, and the NOTIFY that wakes the workers when it commits; `None` for a repeat.
async fn insert(db: impl PgExecutor<'_>, message: &Message<'_>, at: Option<DateTime<Utc>>, once_ref: Option<&str>) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "WITH added AS (
             INSERT INTO outbox (channel, recipient, institution_id, sender_name, kind, subject, body_text, body_html, next_attempt_at, once_ref)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, now()), $10)
             ON CONFLICT (once_ref, channel, recipient) WHERE once_ref IS NOT NULL DO NOTHING RETURNING id)
         SELECT id FROM added, pg_notify($11, '')",
    )
    .bind(message.channel)
    .bind(message.to)
    .bind(message.institution_id)
    .bind(message.sender_name)
    .bind(message.kind)
    .bind(&message.subject)
    .bind(&message.text)
    .bind(&message.html)
    .bind(at)
    .bind(once_ref)
    .bind(CHANNEL)
    .fetch_optional(db)
    .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct Due {
    pub id: i64,
    pub channel: String,
    pub recipient: String,
    pub sender_name: String,
    pub reply_to: Option<String>,
    pub subject: String,
    pub body_text: String,
    pub body_html: Option<String>,
    pub attempts: i32,
    /// An announcement's one-click unsubscribe address (RFC 8058).
    pub unsubscribe_url: Option<String>,
}

/// Leases up to `limit` due messages of `channels` to the caller: pending ones whose time has
/// come and ones whose worker's lease ran out. Concurrent workers never claim the same row.
pub async fn claim(db: &PgPool, limit: i64, channels: &[&str]) -> sqlx::Result<Vec<Due>> {
    sqlx::query_as(
        "WITH due AS (
             SELECT id FROM outbox
              WHERE state IN ('pending', 'sending') AND next_attempt_at <= now() AND channel = ANY($3)
                AND (locked_until IS NULL OR locked_until < now())
              ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
         UPDATE outbox o SET state = 'sending', attempts = o.attempts + 1, locked_until = now() + make_interval(secs => $2)
           FROM due
          WHERE o.id = due.id
         RETURNING o.id, o.channel, o.recipient, o.sender_name,
                   (SELECT contact_email FROM institutions WHERE id = o.institution_id) AS reply_to,
                   o.subject, o.body_text, o.body_html, o.attempts, o.unsubscribe_url",
    )
    .bind(limit)
    .bind(LEASE_SECS as f64)
    .bind(channels)
    .fetch_all(db)
    .await
}

/// Records a delivery and clears the bodies, which may hold links into an account.
pub async fn mark_sent(db: &PgPool, id: i64) -> sqlx::Result<()> {
    // A gateway may report a text undelivered before its worker got to this.
    sqlx::query(
        "UPDATE outbox SET state = CASE WHEN report = 'undelivered' THEN 'failed' ELSE 'sent' END, sent_at = now(),
                locked_until = NULL, last_error = CASE WHEN report = 'undelivered' THEN last_error END,
                body_text = '', body_html = NULL WHERE id = $1",
    )
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// Records what the SMS gateway reported on text `id`; a text not delivered has failed. Answers
/// whether there was such a text.
pub async fn record_report(db: &PgPool, id: i64, delivered: bool, detail: &str) -> sqlx::Result<bool> {
    let found = sqlx::query(
        "UPDATE outbox SET report = $2, reported_at = now(),
                state = CASE WHEN $2 = 'undelivered' AND state = 'sent' THEN 'failed' ELSE state END,
                last_error = CASE WHEN $2 = 'undelivered' THEN $3 ELSE last_error END
          WHERE id = $1 AND channel = 'sms' AND state IN ('sending', 'sent', 'failed')",
    )
    .bind(id)
    .bind(if delivered { "delivered" } else { "undelivered" })
    .bind(detail)
    .execute(db)
    .await?;
    Ok(found.rows_affected() == 1)
}

/// Records a failed attempt: due again after `retry_at`, or failed for good when there is none.
pub async fn mark_failed(db: &PgPool, id: i64, error: &str, retry_at: Option<DateTime<Utc>>) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outbox SET state = CASE WHEN $3::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
                next_attempt_at = coalesce($3, next_attempt_at), locked_until = NULL, last_error = $2,
                body_text = CASE WHEN $3::timestamptz IS NULL THEN '' ELSE body_text END,
                body_html = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE body_html END
          WHERE id = $1",
    )
    .bind(id)
    .bind(error)
    .bind(retry_at)
    .execute(db)
    .await?;
    Ok(())
}

/// Rewrites a message still waiting to go out (its subject, text and time), as when the event a
/// reminder is about moves; answers whether it was still waiting.
pub async fn reschedule(db: &PgPool, id: i64, message: &Message<'_>, at: DateTime<Utc>) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE outbox SET subject = $2, body_text = $3, body_html = $4, recipient = $5, next_attempt_at = $6
          WHERE id = $1 AND state = 'pending' AND attempts = 0",
    )
    .bind(id)
    .bind(&message.subject)
    .bind(&message.text)
    .bind(&message.html)
    .bind(message.to)
    .bind(at)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Withdraws messages not yet sent (a reminder of a cancelled registration).
pub async fn cancel(db: &PgPool, ids: &[i64]) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outbox SET state = 'cancelled', body_text = '', body_html = NULL, locked_until = NULL
          WHERE id = ANY($1) AND state = 'pending'",
    )
    .bind(ids)
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets delivered and failed messages after 30 days (kept that long for support questions).
pub async fn purge_old(db: &PgPool) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM outbox WHERE state IN ('sent', 'failed', 'cancelled') AND created_at < now() - interval '30 days'")
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
