//! SQL of `bulk_messages` and `bulk_recipients`.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Message {
    pub id: i64,
    pub channels: Vec<String>,
    pub subject: String,
    pub body: String,
    pub audience: Value,
    pub state: String,
    pub send_at: DateTime<Utc>,
    pub created_by: i64,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, channels, subject, body, audience, state, send_at, created_by, created_by_name, created_at, finished_at";

pub struct NewMessage<'a> {
    pub channels: &'a [String],
    pub subject: &'a str,
    pub body: &'a str,
    pub audience: Value,
    pub send_at: DateTime<Utc>,
    pub created_by: i64,
    pub created_by_name: &'a str,
}

pub async fn create(db: &mut sqlx::PgConnection, m: &NewMessage<'_>) -> sqlx::Result<Message> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO bulk_messages (channels, subject, body, audience, send_at, created_by, created_by_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {COLUMNS}"
    )))
    .bind(m.channels)
    .bind(m.subject)
    .bind(m.body)
    .bind(&m.audience)
    .bind(m.send_at)
    .bind(m.created_by)
    .bind(m.created_by_name)
    .fetch_one(db)
    .await
}

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<Message>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM bulk_messages WHERE id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn count(db: &PgPool) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM bulk_messages").fetch_one(db).await
}

pub async fn list(db: &PgPool, limit: i64, offset: i64) -> sqlx::Result<Vec<Message>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM bulk_messages ORDER BY id DESC LIMIT $1 OFFSET $2")))
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await
}

/// Stops a message that has not finished; recipients still waiting are not reached.
pub async fn cancel(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    let mut tx = db.begin().await?;
    let done = sqlx::query("UPDATE bulk_messages SET state = 'cancelled', finished_at = now() WHERE id = $1 AND state IN ('scheduled', 'sending')")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE bulk_recipients SET state = 'cancelled' WHERE message_id = $1 AND state = 'waiting'").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

/// Marks a scheduled message as sending; `false` when it is not (cancelled, or already started).
pub async fn begin(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE bulk_messages SET state = 'sending' WHERE id = $1 AND state = 'scheduled'").bind(id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

pub async fn finish(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE bulk_messages SET state = 'sent', finished_at = now() WHERE id = $1 AND state = 'sending'").bind(id).execute(db).await?;
    Ok(())
}

/// One person a channel of the message reaches.
pub struct Recipient {
    pub user_id: i64,
    pub name: String,
    /// `None`: the channel cannot reach them (no e-mail address, no phone number).
    pub address: Option<String>,
}

/// Fixes whom the message reaches on a channel; those without an address fail at once.
pub async fn add_recipients(db: &PgPool, id: i64, channel: &str, people: &[Recipient]) -> sqlx::Result<()> {
    for chunk in people.chunks(10_000) {
        let ids: Vec<i64> = chunk.iter().map(|p| p.user_id).collect();
        let names: Vec<&str> = chunk.iter().map(|p| p.name.as_str()).collect();
        let addresses: Vec<Option<&str>> = chunk.iter().map(|p| p.address.as_deref()).collect();
        sqlx::query(
            "INSERT INTO bulk_recipients (message_id, channel, user_id, name, address, state, error)
             SELECT $1, $2, u, n, a, CASE WHEN a IS NULL THEN 'failed' ELSE 'waiting' END, CASE WHEN a IS NULL THEN 'no_address' END
               FROM unnest($3::bigint[], $4::text[], $5::text[]) AS r(u, n, a)
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(channel)
        .bind(&ids)
        .bind(&names)
        .bind(&addresses)
        .execute(db)
        .await?;
    }
    Ok(())
}

/// The next people of a channel still waiting: `(user, address)`.
pub async fn waiting(db: &PgPool, id: i64, channel: &str, limit: i64) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT user_id, address FROM bulk_recipients WHERE message_id = $1 AND channel = $2 AND state = 'waiting' ORDER BY user_id LIMIT $3",
    )
    .bind(id)
    .bind(channel)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Records what became of waiting recipients: handed on, or failed with `failed` (`opted_out`:
/// their address left the site's announcements).
pub async fn mark(db: impl sqlx::PgExecutor<'_>, id: i64, channel: &str, users: &[i64], failed: Option<&str>) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE bulk_recipients SET state = CASE WHEN $4::text IS NULL THEN 'sent' ELSE 'failed' END, error = $4
          WHERE message_id = $1 AND channel = $2 AND user_id = ANY($3) AND state = 'waiting'",
    )
    .bind(id)
    .bind(channel)
    .bind(users)
    .bind(failed)
    .execute(db)
    .await?;
    Ok(())
}


/// How the recipients of each message stand: `(message, channel) -> (state -> count)`.
pub async fn states(db: &PgPool, ids: &[i64]) -> sqlx::Result<HashMap<(i64, String), HashMap<String, i64>>> {
    let rows: Vec<(i64, String, String, i64)> =
        sqlx::query_as("SELECT message_id, channel, state, count(*) FROM bulk_recipients WHERE message_id = ANY($1) GROUP BY 1, 2, 3")
            .bind(ids)
            .fetch_all(db)
            .await?;
    let mut out: HashMap<(i64, String), HashMap<String, i64>> = HashMap::new();
    for (id, channel, state, n) in rows {
        out.entry((id, channel)).or_default().insert(state, n);
    }
    Ok(out)
}

/// Recipients that could not be reached here (no address): `(user, name, channel, address, error)`.
pub async fn failed(db: &PgPool, id: i64, limit: i64, offset: i64) -> sqlx::Result<Vec<(i64, String, String, Option<String>, Option<String>)>> {
    sqlx::query_as(
        "SELECT user_id, name, channel, address, error FROM bulk_recipients WHERE message_id = $1 AND state = 'failed'
          ORDER BY user_id, channel LIMIT $2 OFFSET $3",
    )
    .bind(id)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub async fn count_failed(db: &PgPool, id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM bulk_recipients WHERE message_id = $1 AND state = 'failed'").bind(id).fetch_one(db).await
}

/// Who an address of the message is: `(channel, address) -> (user, name)`.
pub async fn by_address(db: &PgPool, id: i64, addresses: &[String]) -> sqlx::Result<HashMap<(String, String), (i64, String)>> {
    let rows: Vec<(String, String, i64, String)> =
        sqlx::query_as("SELECT channel, address, user_id, name FROM bulk_recipients WHERE message_id = $1 AND address = ANY($2)")
            .bind(id)
            .bind(addresses)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(|(c, a, u, n)| ((c, a), (u, n))).collect())
}

/// The people enrolled in the site's courses, narrowed by course, batch and enrolment status.
pub async fn enrolled(db: &PgPool, course_id: Option<i64>, batch_id: Option<i64>, status: Option<&str>) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT DISTINCT user_id FROM enrollments
          WHERE ($1::bigint IS NULL OR course_id = $1) AND ($2::bigint IS NULL OR batch_id = $2) AND ($3::text IS NULL OR status = $3)",
    )
    .bind(course_id)
    .bind(batch_id)
    .bind(status)
    .fetch_all(db)
    .await
}
