//! The control side of bulk messages (tenant_api::bulk): the cross-site queue of due messages
//! (`bulk_jobs`) and a message's e-mails and texts in the outbox, named by its once-only key (`once_ref`)
//! (`<institution>:<message>`) and unique per recipient, so a batch handed on twice is queued once.

use super::outbox::CHANNEL;
use chrono::{DateTime, Utc};
use sqlx::{PgExecutor, PgPool};
use std::collections::HashMap;

/// How long a claimed job belongs to its edge without a sign of life.
const LEASE_SECS: f64 = 60.0;

pub fn reference(institution_id: i64, message_id: i64) -> String {
    format!("{institution_id}:{message_id}")
}

pub async fn schedule(db: impl PgExecutor<'_>, institution_id: i64, message_id: i64, send_at: DateTime<Utc>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO bulk_jobs (institution_id, message_id, send_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(institution_id)
        .bind(message_id)
        .bind(send_at)
        .execute(db)
        .await?;
    Ok(())
}

/// Leases the longest-due job nobody holds: `(institution, message)`.
pub async fn claim(db: &PgPool) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as(
        "UPDATE bulk_jobs j SET locked_until = now() + make_interval(secs => $1)
           FROM (SELECT institution_id, message_id FROM bulk_jobs
                  WHERE send_at <= now() AND (locked_until IS NULL OR locked_until < now())
                  ORDER BY send_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
          WHERE (j.institution_id, j.message_id) = (due.institution_id, due.message_id)
         RETURNING j.institution_id, j.message_id",
    )
    .bind(LEASE_SECS)
    .fetch_optional(db)
    .await
}

/// Keeps the lease of a job still being worked on.
pub async fn renew(db: &PgPool, institution_id: i64, message_id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE bulk_jobs SET locked_until = now() + make_interval(secs => $3) WHERE institution_id = $1 AND message_id = $2")
        .bind(institution_id)
        .bind(message_id)
        .bind(LEASE_SECS)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn done(db: &PgPool, institution_id: i64, message_id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM bulk_jobs WHERE institution_id = $1 AND message_id = $2").bind(institution_id).bind(message_id).execute(db).await?;
    Ok(())
}

/// One message to many recipients of one channel.
pub struct Batch<'a> {
    pub bulk_ref: &'a str,
    /// `email` or `sms`.
    pub channel: &'static str,
    pub institution_id: i64,
    pub sender_name: &'a str,
    pub subject: &'a str,
    pub text: &'a str,
    pub html: Option<&'a str>,
}

/// One recipient of a batch, and for an e-mail its ways out of the site's announcements
/// ([`super::opt_out::links`]): the page the mail's link opens, and the one-click address.
pub struct Recipient {
    pub address: String,
    pub unsubscribe: Option<(String, String)>,
}

/// Queues the batch for `recipients`; those already queued for it are skipped. The batch's texts
/// may hold [`super::templates::UNSUBSCRIBE_SLOT`], which becomes each recipient's own link. Texts
/// wait for the hours announcements may be texted in ([`super::sms::promotional_send_at`]), and a
/// number that already has [`super::sms::PROMOTIONAL_PER_DAY`] announcements on that day (from any
/// site: BTRC counts what a subscriber gets) gets this one on the first day with room, at opening.
/// Batches of texts are queued one at a time across all edges: two counted at once would each miss
/// the other's rows and could both take a number's last place of the day.
pub async fn enqueue(db: &PgPool, batch: &Batch<'_>, recipients: &[Recipient]) -> sqlx::Result<()> {
    let addresses: Vec<&str> = recipients.iter().map(|r| r.address.as_str()).collect();
    let pages: Vec<Option<&str>> = recipients.iter().map(|r| r.unsubscribe.as_ref().map(|u| u.0.as_str())).collect();
    let one_clicks: Vec<Option<&str>> = recipients.iter().map(|r| r.unsubscribe.as_ref().map(|u| u.1.as_str())).collect();
    let send_at = match batch.channel {
        "sms" => super::sms::promotional_send_at(Utc::now()),
        _ => Utc::now(),
    };
    let mut tx = db.begin().await?;
    if batch.channel == "sms" {
        // Held to the commit; the insert below then counts every batch committed before it.
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('promotional_texts', 0))").execute(&mut *tx).await?;
    }
    sqlx::query(
        "WITH added AS (
             INSERT INTO outbox (channel, recipient, institution_id, sender_name, kind, subject, body_text, body_html, once_ref, unsubscribe_url, next_attempt_at)
             SELECT $1, r, $2, $3, 'bulk', $4, replace($5, $11, coalesce(p, '')), replace($6, $11, coalesce(p, '')), $7, o,
                    CASE WHEN $1 <> 'sms' THEN $12 ELSE (
                        SELECT CASE WHEN n = 0 THEN $12 ELSE ((day0 + n) + make_time($14, 0, 0)) AT TIME ZONE 'Asia/Dhaka' END
                          FROM generate_series(0, 366) n
                         WHERE (SELECT count(*) FROM outbox t
                                 WHERE t.channel = 'sms' AND t.kind = 'bulk' AND t.recipient = r AND t.state <> 'cancelled'
                                   AND (t.next_attempt_at AT TIME ZONE 'Asia/Dhaka')::date = day0 + n) < $15
                         ORDER BY n LIMIT 1) END
               FROM unnest($8::text[], $9::text[], $10::text[]) AS x(r, p, o), (SELECT ($12::timestamptz AT TIME ZONE 'Asia/Dhaka')::date AS day0) d
             ON CONFLICT (once_ref, channel, recipient) WHERE once_ref IS NOT NULL DO NOTHING RETURNING 1)
         SELECT pg_notify($13, '') WHERE EXISTS (SELECT 1 FROM added)",
    )
    .bind(batch.channel)
    .bind(batch.institution_id)
    .bind(batch.sender_name)
    .bind(batch.subject)
    .bind(batch.text)
    .bind(batch.html)
    .bind(batch.bulk_ref)
    .bind(&addresses)
    .bind(&pages)
    .bind(&one_clicks)
    .bind(super::templates::UNSUBSCRIBE_SLOT)
    .bind(send_at)
    .bind(CHANNEL)
    .bind(super::sms::PROMOTIONAL_HOURS.start as i32)
    .bind(super::sms::PROMOTIONAL_PER_DAY)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Withdraws what a cancelled message still had waiting in the outbox.
pub async fn withdraw(db: &PgPool, bulk_ref: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE outbox SET state = 'cancelled', locked_until = NULL WHERE once_ref = $1 AND state = 'pending'")
        .bind(bulk_ref)
        .execute(db)
        .await?;
    Ok(())
}

/// How each message's outbox rows stand: `(bulk_ref, channel) -> (state -> count)`.
pub async fn states(db: &PgPool, refs: &[String]) -> sqlx::Result<HashMap<(String, String), HashMap<String, i64>>> {
    let rows: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT once_ref, channel, state, count(*) FROM outbox WHERE once_ref = ANY($1) GROUP BY 1, 2, 3",
    )
    .bind(refs)
    .fetch_all(db)
    .await?;
    let mut out: HashMap<(String, String), HashMap<String, i64>> = HashMap::new();
    for (r, channel, state, n) in rows {
        out.entry((r, channel)).or_default().insert(state, n);
    }
    Ok(out)
}

/// A page of the outbox's failures of a message: `(channel, recipient, last error)`.
pub async fn failures(db: &PgPool, bulk_ref: &str, limit: i64, offset: i64) -> sqlx::Result<Vec<(String, String, Option<String>)>> {
    sqlx::query_as("SELECT channel, recipient, last_error FROM outbox WHERE once_ref = $1 AND state = 'failed' ORDER BY id LIMIT $2 OFFSET $3")
        .bind(bulk_ref)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await
}

pub async fn count_failures(db: &PgPool, bulk_ref: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM outbox WHERE once_ref = $1 AND state = 'failed'").bind(bulk_ref).fetch_one(db).await
}
