//! SQL of `sso_attempts`, `sso_links` and `user_identities`. Attempts and offered links are used
//! once and live 10 minutes.

use super::{ProviderId, Proven};
use crate::auth::token::TokenHash;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgExecutor, PgPool};
use utoipa::ToSchema;

const LIFETIME: &str = "10 minutes";

#[derive(sqlx::FromRow)]
pub struct Attempt {
    pub provider: String,
    pub nonce: String,
    pub pkce_verifier: String,
    pub redirect_uri: String,
    pub institution_id: Option<i64>,
    pub link_user_id: Option<i64>,
}

pub async fn begin(db: &PgPool, state: &TokenHash, a: &Attempt) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sso_attempts (state_hash, provider, nonce, pkce_verifier, redirect_uri, institution_id, link_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(state.as_slice())
    .bind(&a.provider)
    .bind(&a.nonce)
    .bind(&a.pkce_verifier)
    .bind(&a.redirect_uri)
    .bind(a.institution_id)
    .bind(a.link_user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// The attempt a state names, spent: a second return with the same state finds nothing.
pub async fn take_attempt(db: &PgPool, state: &TokenHash) -> sqlx::Result<Option<Attempt>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "DELETE FROM sso_attempts WHERE state_hash = $1 AND created_at > now() - interval '{LIFETIME}'
         RETURNING provider, nonce, pkce_verifier, redirect_uri, institution_id, link_user_id"
    )))
    .bind(state.as_slice())
    .fetch_optional(db)
    .await
}

/// The account an identity is linked to, noting its use.
pub async fn owner(db: &PgPool, proven: &Proven) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("UPDATE user_identities SET last_used_at = now() WHERE issuer = $1 AND subject = $2 RETURNING user_id")
        .bind(&proven.issuer)
        .bind(&proven.subject)
        .fetch_optional(db)
        .await
}

/// Links an identity to an account; `false` when it is already another account's.
pub async fn link(db: &mut PgConnection, user_id: i64, provider: ProviderId, issuer: &str, subject: &str, login: Option<&str>) -> sqlx::Result<bool> {
    let owner: i64 = sqlx::query_scalar(
        "WITH added AS (
             INSERT INTO user_identities (user_id, provider, issuer, subject, login) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (issuer, subject) DO NOTHING RETURNING user_id)
         SELECT user_id FROM added UNION ALL SELECT user_id FROM user_identities WHERE issuer = $3 AND subject = $4",
    )
    .bind(user_id)
    .bind(provider.key())
    .bind(issuer)
    .bind(subject)
    .bind(login)
    .fetch_one(&mut *db)
    .await?;
    Ok(owner == user_id)
}

/// An identity whose e-mail or phone is `user_id`'s, waiting for its owner to sign in there too.
pub async fn offer_link(db: &PgPool, token: &TokenHash, user_id: i64, provider: ProviderId, proven: &Proven) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO sso_links (token_hash, user_id, provider, issuer, subject, login, sid) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(token.as_slice())
        .bind(user_id)
        .bind(provider.key())
        .bind(&proven.issuer)
        .bind(&proven.subject)
        .bind(proven.login())
        .bind(&proven.sid)
        .execute(db)
        .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
pub struct OfferedLink {
    pub user_id: i64,
    pub provider: String,
    pub issuer: String,
    pub subject: String,
    pub login: Option<String>,
    pub sid: Option<String>,
}

pub async fn take_link(db: &mut PgConnection, token: &TokenHash) -> sqlx::Result<Option<OfferedLink>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "DELETE FROM sso_links WHERE token_hash = $1 AND created_at > now() - interval '{LIFETIME}'
         RETURNING user_id, provider, issuer, subject, login, sid"
    )))
    .bind(token.as_slice())
    .fetch_optional(db)
    .await
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Identity {
    pub id: i64,
    pub provider: String,
    /// The e-mail or phone the provider gave.
    pub login: Option<String>,
    pub created_at: DateTime<Utc>,
}

pub async fn identities(db: &PgPool, user_id: i64) -> sqlx::Result<Vec<Identity>> {
    sqlx::query_as("SELECT id, provider, login, created_at FROM user_identities WHERE user_id = $1 ORDER BY id")
        .bind(user_id)
        .fetch_all(db)
        .await
}

/// Whether the identity is the account's only way in: no password and no other identity.
pub async fn is_last_way_in(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT u.password_hash IS NULL AND (SELECT count(*) FROM user_identities WHERE user_id = u.id) <= 1 FROM users u WHERE u.id = $1",
    )
    .bind(user_id)
    .fetch_one(db)
    .await
}

pub async fn unlink(db: &PgPool, user_id: i64, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM user_identities WHERE id = $1 AND user_id = $2").bind(id).bind(user_id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

/// Removes attempts and offers nobody came back for; run with the sessions' purge.
pub async fn purge_expired(db: &PgPool) -> sqlx::Result<()> {
    let stale = format!("created_at < now() - interval '{LIFETIME}'");
    sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM sso_attempts WHERE {stale}"))).execute(db).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM sso_links WHERE {stale}"))).execute(db).await?;
    Ok(())
}
