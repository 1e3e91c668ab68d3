//! Sessions (table `sessions`): one row per issued token, valid for 7 days, with the role the
//! holder last switched to. Looked up through a short-lived cache keyed by the token's hash.

use super::token::{self, TokenHash};
use crate::memberships::{self, Membership};
use chrono::{DateTime, Duration, Utc};
use moka::future::Cache;
use sqlx::PgPool;
use std::sync::Arc;

pub const LIFETIME_DAYS: i64 = 7;

#[derive(Clone, Debug)]
pub struct Session {
    pub id: i64,
    pub user_id: Option<i64>,
    pub client_id: Option<i64>,
    pub current_membership_id: Option<i64>,
    pub expires_at: DateTime<Utc>,
    pub memberships: Vec<Membership>,
    /// The identity provider the session signed in through (`mygov`, `google`, `facebook`).
    pub sso_provider: Option<String>,
}

impl Session {
    pub fn membership(&self, id: i64) -> Option<&Membership> {
        self.memberships.iter().find(|m| m.id == id)
    }
}

/// Sessions by token hash. Global identity data, not tenant data. What one edge forgets (a
/// logout, a role switch, a password reset) it announces on [`CHANGED`], and every edge's listener
/// ([`SessionCache::apply`]) forgets it too, at once; entries live 30 s in case an announcement
/// was missed.
#[derive(Clone)]
pub struct SessionCache {
    cache: Cache<TokenHash, Option<Arc<Session>>>,
    pub stats: crate::cache_stats::CacheStats,
    db: PgPool,
}

/// The NOTIFY channel of session changes: `h:<token hash, hex>`, or `u:<user id>` for all of a
/// person's sessions.
pub const CHANGED: &str = "session_changed";

impl SessionCache {
    pub fn new(db: PgPool) -> Self {
        Self {
            cache: Cache::builder()
                .max_capacity(200_000)
                .time_to_live(std::time::Duration::from_secs(30))
                .support_invalidation_closures()
                .build(),
            stats: Default::default(),
            db,
        }
    }

    pub async fn lookup(&self, db: &PgPool, token: &str) -> sqlx::Result<Option<Arc<Session>>> {
        let hash = token::digest(token);
        self.stats.lookup();
        let session = self
            .cache
            .try_get_with(hash, async {
                self.stats.miss();
                load(db, &hash).await.map(|s| s.map(Arc::new))
            })
            .await
            .map_err(|e| crate::error::unshare(&e, "session"))?;
        Ok(session.filter(|s| s.expires_at > Utc::now()))
    }

    pub async fn forget(&self, token: &str) {
        self.forget_hash(&token::digest(token)).await;
    }

    pub async fn forget_hash(&self, hash: &TokenHash) {
        self.cache.invalidate(hash).await;
        let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
        self.announce(format!("h:{hex}")).await;
    }

    /// Drops every cached session of a user, after their memberships changed or their sessions
    /// ended.
    pub async fn forget_user(&self, user_id: i64) {
        self.drop_user(user_id);
        self.announce(format!("u:{user_id}")).await;
    }

    /// Tells every edge, this one too, to forget as well. A failure is only logged: the entry
    /// ages out within 30 s anyway.
    async fn announce(&self, what: String) {
        if let Err(error) = sqlx::query("SELECT pg_notify($1, $2)").bind(CHANGED).bind(what).execute(&self.db).await {
            tracing::warn!(%error, "session change not announced to the other edges");
        }
    }

    /// What another edge announced on [`CHANGED`]; anything unreadable drops every entry.
    pub async fn apply(&self, payload: &str) {
        let hash = |hex: &str| -> Option<TokenHash> {
            let bytes: Vec<u8> = (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()).collect::<Option<_>>()?;
            bytes.try_into().ok()
        };
        match payload.split_once(':') {
            Some(("h", hex)) if let Some(hash) = hash(hex) => self.cache.invalidate(&hash).await,
            Some(("u", id)) if let Ok(id) = id.parse() => self.drop_user(id),
            _ => self.forget_all(),
        }
    }

    pub async fn entries(&self) -> u64 {
        self.cache.run_pending_tasks().await;
        self.cache.entry_count()
    }

    /// Drops every cached session, after an institution changed state (its members' roles with it).
    pub fn forget_all(&self) {
        self.cache.invalidate_all();
    }

    fn drop_user(&self, user_id: i64) {
        let _ = self
            .cache
            .invalidate_entries_if(move |_, s| s.as_ref().is_some_and(|s| s.user_id == Some(user_id)));
    }
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    id: i64,
    user_id: Option<i64>,
    client_id: Option<i64>,
    current_membership_id: Option<i64>,
    expires_at: DateTime<Utc>,
    sso_provider: Option<String>,
}

async fn load(db: &PgPool, hash: &TokenHash) -> sqlx::Result<Option<Session>> {
    let row: Option<SessionRow> = sqlx::query_as(
        "SELECT id, user_id, client_id, current_membership_id, expires_at, sso_provider FROM sessions WHERE token_hash = $1",
    )
    .bind(hash.as_slice())
    .fetch_optional(db)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let memberships = match row.user_id {
        Some(user_id) => memberships::for_user(db, user_id).await?,
        None => Vec::new(),
    };
    Ok(Some(Session {
        id: row.id,
        user_id: row.user_id,
        client_id: row.client_id,
        current_membership_id: row.current_membership_id,
        expires_at: row.expires_at,
        memberships,
        sso_provider: row.sso_provider,
    }))
}

pub enum Holder {
    User { id: i64, current_membership_id: Option<i64> },
    Client(i64),
}

/// Where a session signed in, when through an identity provider: its logout names the subject
/// or the provider's session (`sid`).
pub struct SsoOrigin<'a> {
    pub provider: &'a str,
    pub issuer: &'a str,
    pub subject: &'a str,
    pub sid: Option<&'a str>,
}

/// Issues a token; returns it with its expiry.
pub async fn create(db: &PgPool, holder: Holder) -> sqlx::Result<(String, DateTime<Utc>)> {
    create_with(db, holder, None).await
}

/// The same, for a sign-in through an identity provider.
pub async fn create_with(db: &PgPool, holder: Holder, sso: Option<SsoOrigin<'_>>) -> sqlx::Result<(String, DateTime<Utc>)> {
    let (token, hash) = token::generate();
    let expires_at = Utc::now() + Duration::days(LIFETIME_DAYS);
    let (user_id, client_id, membership) = match holder {
        Holder::User { id, current_membership_id } => (Some(id), None, current_membership_id),
        Holder::Client(id) => (None, Some(id), None),
    };
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, client_id, current_membership_id, expires_at, sso_provider, sso_issuer, sso_subject, sso_sid)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(hash.as_slice())
    .bind(user_id)
    .bind(client_id)
    .bind(membership)
    .bind(expires_at)
    .bind(sso.as_ref().map(|s| s.provider))
    .bind(sso.as_ref().map(|s| s.issuer))
    .bind(sso.as_ref().map(|s| s.subject))
    .bind(sso.as_ref().and_then(|s| s.sid))
    .execute(db)
    .await?;
    Ok((token, expires_at))
}

/// Ends a session and every other session of its device; answers their token hashes, to drop
/// them from the cache.
pub async fn delete_device(db: &PgPool, session_id: i64) -> sqlx::Result<Vec<TokenHash>> {
    let hashes: Vec<Vec<u8>> = sqlx::query_scalar(
        "DELETE FROM sessions WHERE id = $1 OR device = (SELECT device FROM sessions WHERE id = $1) RETURNING token_hash",
    )
    .bind(session_id)
    .fetch_all(db)
    .await?;
    Ok(hashes.into_iter().filter_map(|h| h.try_into().ok()).collect())
}

/// The most accounts one device keeps signed in.
pub const DEVICE_ACCOUNTS: usize = 5;

/// The people signed in on the device of `session_id`, in the order they signed in: (user,
/// session). A session of no device is a device of one.
pub async fn device_accounts(db: &PgPool, session_id: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "SELECT s.user_id, s.id FROM sessions s, sessions me
          WHERE me.id = $1 AND s.user_id IS NOT NULL AND s.expires_at > now()
            AND (s.id = me.id OR s.device = me.device)
          ORDER BY s.id",
    )
    .bind(session_id)
    .fetch_all(db)
    .await
}

/// Puts the session of `token` on the device of `session_id`, in place of that person's earlier
/// session there; answers the token hashes of the sessions it replaced.
pub async fn join_device(db: &PgPool, session_id: i64, token: &str) -> sqlx::Result<Vec<TokenHash>> {
    let mut tx = db.begin().await?;
    let device: uuid::Uuid = sqlx::query_scalar("UPDATE sessions SET device = coalesce(device, gen_random_uuid()) WHERE id = $1 RETURNING device")
        .bind(session_id)
        .fetch_one(&mut *tx)
        .await?;
    let joined: (i64, Option<i64>) = sqlx::query_as("UPDATE sessions SET device = $2 WHERE token_hash = $1 RETURNING id, user_id")
        .bind(token::digest(token).as_slice())
        .bind(device)
        .fetch_one(&mut *tx)
        .await?;
    let replaced: Vec<Vec<u8>> = sqlx::query_scalar("DELETE FROM sessions WHERE device = $1 AND user_id = $2 AND id <> $3 RETURNING token_hash")
        .bind(device)
        .bind(joined.1)
        .bind(joined.0)
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(replaced.into_iter().filter_map(|h| h.try_into().ok()).collect())
}

/// Hands the device of `session_id` to `user_id`'s live session on it: that session gets a new
/// token (the browser kept no other), answered with the session's role and the old token's hash.
pub async fn hand_over(db: &PgPool, session_id: i64, user_id: i64) -> sqlx::Result<Option<HandedOver>> {
    let (token, hash) = token::generate();
    let row: Option<(Option<i64>, Option<String>, Vec<u8>)> = sqlx::query_as(
        "WITH target AS (
             SELECT s.id, s.token_hash FROM sessions s JOIN sessions me ON me.device = s.device
              WHERE me.id = $1 AND s.user_id = $2 AND s.id <> me.id AND s.expires_at > now()
              FOR UPDATE OF s)
         UPDATE sessions s SET token_hash = $3 FROM target WHERE s.id = target.id
         RETURNING s.current_membership_id, s.sso_provider, target.token_hash",
    )
    .bind(session_id)
    .bind(user_id)
    .bind(hash.as_slice())
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(current_membership_id, sso_provider, old)| HandedOver { token, current_membership_id, sso_provider, old_hash: old.try_into().unwrap_or_default() }))
}

pub struct HandedOver {
    pub token: String,
    pub current_membership_id: Option<i64>,
    pub sso_provider: Option<String>,
    pub old_hash: TokenHash,
}

/// Ends every session of a user but the one holding `token` (a single sign-in); drop the user
/// from the cache after.
pub async fn delete_others(db: &PgPool, user_id: i64, token: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(user_id)
        .bind(token::digest(token).as_slice())
        .execute(db)
        .await?;
    Ok(())
}

/// Ends every session of a user (their password changed); drop them from the cache after commit.
pub async fn delete_all_of_user(db: &mut sqlx::PgConnection, user_id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(db).await?;
    Ok(())
}

/// Ends the sessions a provider's logout names: those of its session `sid`, or every one of its
/// subject; answers whose they were, to drop them from the cache.
pub async fn delete_by_sso(db: &PgPool, issuer: &str, sid: Option<&str>, subject: Option<&str>) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "DELETE FROM sessions WHERE sso_issuer = $1 AND ($2::text IS NULL OR sso_sid = $2) AND ($3::text IS NULL OR sso_subject = $3)
         RETURNING user_id",
    )
    .bind(issuer)
    .bind(sid)
    .bind(subject)
    .fetch_all(db)
    .await
    .map(|ids: Vec<Option<i64>>| ids.into_iter().flatten().collect())
}

pub async fn set_current_membership(db: &PgPool, session_id: i64, membership: Option<i64>) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET current_membership_id = $2 WHERE id = $1")
        .bind(session_id)
        .bind(membership)
        .execute(db)
        .await?;
    Ok(())
}

/// Removes expired sessions; run periodically by the edge.
pub async fn purge_expired(db: &PgPool) -> sqlx::Result<u64> {
    Ok(sqlx::query("DELETE FROM sessions WHERE expires_at < now()").execute(db).await?.rows_affected())
}
