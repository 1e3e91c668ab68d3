//! SQL of `meeting_settings`, `classroom_registrants`, `classroom_recordings` and the meeting
//! columns of `classroom_sessions`.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

/// A site's account at one meeting platform, its secrets still sealed.
#[derive(Debug, sqlx::FromRow)]
pub struct Account {
    pub base_url: String,
    pub app_id: String,
    pub secret_sealed: Vec<u8>,
    pub client_id: Option<String>,
    pub auth_url: Option<String>,
    pub webhook_secret_sealed: Option<Vec<u8>>,
}

pub async fn account(db: &PgPool, platform: &str) -> sqlx::Result<Option<Account>> {
    sqlx::query_as("SELECT base_url, app_id, secret_sealed, client_id, auth_url, webhook_secret_sealed FROM meeting_settings WHERE platform = $1")
        .bind(platform)
        .fetch_optional(db)
        .await
}

pub async fn save_account(db: &PgPool, platform: &str, a: &Account, by: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO meeting_settings (platform, base_url, app_id, secret_sealed, client_id, auth_url, webhook_secret_sealed, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (platform) DO UPDATE SET base_url = excluded.base_url, app_id = excluded.app_id,
                secret_sealed = excluded.secret_sealed, client_id = excluded.client_id, auth_url = excluded.auth_url,
                webhook_secret_sealed = excluded.webhook_secret_sealed, updated_by = excluded.updated_by, updated_at = now()",
    )
    .bind(platform)
    .bind(&a.base_url)
    .bind(&a.app_id)
    .bind(&a.secret_sealed)
    .bind(&a.client_id)
    .bind(&a.auth_url)
    .bind(&a.webhook_secret_sealed)
    .bind(by)
    .execute(db)
    .await
    .map(|_| ())
}

/// Where a session's meeting at a creating provider stands.
#[derive(Debug, sqlx::FromRow)]
pub struct Meeting {
    pub meeting_state: String,
    pub meeting_id: Option<String>,
    pub meeting_claimed_at: Option<DateTime<Utc>>,
}

pub async fn meeting(db: &PgPool, session_id: i64) -> sqlx::Result<Meeting> {
    sqlx::query_as("SELECT meeting_state, meeting_id, meeting_claimed_at FROM classroom_sessions WHERE id = $1").bind(session_id).fetch_one(db).await
}

/// Claims the one create of a session's meeting: true for the caller that may send it.
pub async fn claim(db: &PgPool, session_id: i64) -> sqlx::Result<bool> {
    sqlx::query("UPDATE classroom_sessions SET meeting_state = 'creating', meeting_claimed_at = now() WHERE id = $1 AND meeting_state = 'none'")
        .bind(session_id)
        .execute(db)
        .await
        .map(|r| r.rows_affected() == 1)
}

pub async fn created(db: &PgPool, session_id: i64, meeting_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE classroom_sessions SET meeting_state = 'created', meeting_id = $2 WHERE id = $1 AND meeting_state = 'creating'")
        .bind(session_id)
        .bind(meeting_id)
        .execute(db)
        .await
        .map(|_| ())
}

/// Gives a claim back once the provider has said it holds no meeting for the session.
pub async fn release(db: &PgPool, session_id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE classroom_sessions SET meeting_state = 'none', meeting_claimed_at = NULL WHERE id = $1 AND meeting_state = 'creating'")
        .bind(session_id)
        .execute(db)
        .await
        .map(|_| ())
}

/// The session a provider names: by its room (BBB's meetingID) or its meeting id (Zoom's).
pub async fn session_of_room(db: &PgPool, room: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT id FROM classroom_sessions WHERE room = $1").bind(room).fetch_optional(db).await
}

pub async fn session_of_meeting(db: &PgPool, meeting_id: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT id FROM classroom_sessions WHERE meeting_id = $1").bind(meeting_id).fetch_optional(db).await
}

pub async fn registrant(db: &PgPool, session_id: i64, user_id: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT join_url FROM classroom_registrants WHERE session_id = $1 AND user_id = $2").bind(session_id).bind(user_id).fetch_optional(db).await
}

pub async fn save_registrant(db: &PgPool, session_id: i64, user_id: i64, registrant_id: &str, join_url: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO classroom_registrants (session_id, user_id, registrant_id, join_url) VALUES ($1, $2, $3, $4)
         ON CONFLICT (session_id, user_id) DO UPDATE SET registrant_id = excluded.registrant_id, join_url = excluded.join_url",
    )
    .bind(session_id)
    .bind(user_id)
    .bind(registrant_id)
    .bind(join_url)
    .execute(db)
    .await
    .map(|_| ())
}

pub async fn user_of_registrant(db: &PgPool, session_id: i64, registrant_id: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT user_id FROM classroom_registrants WHERE session_id = $1 AND registrant_id = $2")
        .bind(session_id)
        .bind(registrant_id)
        .fetch_optional(db)
        .await
}

/// Keeps a recording the provider reported; a second report of it changes nothing.
pub async fn add_recording(db: &PgPool, session_id: i64, provider: &str, record_id: &str, url: &str) -> sqlx::Result<bool> {
    sqlx::query("INSERT INTO classroom_recordings (session_id, provider, record_id, url) VALUES ($1, $2, $3, $4) ON CONFLICT (provider, record_id) DO NOTHING")
        .bind(session_id)
        .bind(provider)
        .bind(record_id)
        .bind(url)
        .execute(db)
        .await
        .map(|r| r.rows_affected() == 1)
}

#[derive(Debug, sqlx::FromRow)]
pub struct RecordingRow {
    pub session_id: i64,
    pub provider: String,
    pub url: String,
    pub received_at: DateTime<Utc>,
}

pub async fn recordings(db: &PgPool, session_ids: &[i64]) -> sqlx::Result<Vec<RecordingRow>> {
    sqlx::query_as("SELECT session_id, provider, url, received_at FROM classroom_recordings WHERE session_id = ANY($1) ORDER BY received_at, id")
        .bind(session_ids)
        .fetch_all(db)
        .await
}
