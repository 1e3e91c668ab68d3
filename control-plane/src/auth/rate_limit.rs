//! Attempt counters per account and per client address, forgotten a window after the first
//! failure: failed logins, and requests for password reset links. Kept in the control database's
//! `attempt_counts` (V37), so that every edge counts against the same limits.

use chrono::{Duration, Utc};
use sqlx::PgPool;
use std::net::IpAddr;

pub const ACCOUNT_LIMIT: u32 = 10;
pub const ADDRESS_LIMIT: u32 = 50;

#[derive(Clone)]
pub struct LoginLimiter {
    db: PgPool,
    /// Names the limiter's keys: sign-ins and reset requests count apart.
    name: &'static str,
    window: Duration,
    account_limit: u32,
    address_limit: u32,
}

impl LoginLimiter {
    /// Failed logins: 10 per account, 50 per address in 15 minutes.
    pub fn logins(db: PgPool) -> Self {
        Self::with_limits(db, "login", Duration::minutes(15), ACCOUNT_LIMIT, ADDRESS_LIMIT)
    }

    pub fn with_limits(db: PgPool, name: &'static str, window: Duration, account_limit: u32, address_limit: u32) -> Self {
        Self { db, name, window, account_limit, address_limit }
    }

    fn account_key(&self, account: &str) -> String {
        format!("{}:account:{account}", self.name)
    }

    fn address_key(&self, address: IpAddr) -> String {
        format!("{}:address:{address}", self.name)
    }

    async fn counts(&self, keys: &[String]) -> sqlx::Result<Vec<(String, i32)>> {
        sqlx::query_as("SELECT key, count FROM attempt_counts WHERE key = ANY($1) AND expires_at > now()").bind(keys).fetch_all(&self.db).await
    }

    pub async fn is_blocked(&self, account: &str, address: Option<IpAddr>) -> sqlx::Result<bool> {
        let account_key = self.account_key(account);
        let mut keys = vec![account_key.clone()];
        keys.extend(address.map(|a| self.address_key(a)));
        let counts = self.counts(&keys).await?;
        Ok(counts.iter().any(|(key, n)| *n as u32 >= if *key == account_key { self.account_limit } else { self.address_limit }))
    }

    pub async fn account_blocked(&self, account: &str) -> sqlx::Result<bool> {
        self.is_blocked(account, None).await
    }

    pub async fn address_blocked(&self, address: Option<IpAddr>) -> sqlx::Result<bool> {
        let Some(address) = address else { return Ok(false) };
        Ok(self.counts(&[self.address_key(address)]).await?.first().is_some_and(|(_, n)| *n as u32 >= self.address_limit))
    }

    pub async fn record_failure(&self, account: &str, address: Option<IpAddr>) -> sqlx::Result<()> {
        let mut keys = vec![self.account_key(account)];
        keys.extend(address.map(|a| self.address_key(a)));
        // A lapsed count starts again at one, with a new window.
        sqlx::query(
            "INSERT INTO attempt_counts (key, count, expires_at) SELECT k, 1, $2 FROM unnest($1::text[]) k
             ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN attempt_counts.expires_at > now() THEN attempt_counts.count + 1 ELSE 1 END,
                expires_at = CASE WHEN attempt_counts.expires_at > now() THEN attempt_counts.expires_at ELSE excluded.expires_at END",
        )
        .bind(&keys)
        .bind(Utc::now() + self.window)
        .execute(&self.db)
        .await?;
        Ok(())
    }

    pub async fn record_success(&self, account: &str) -> sqlx::Result<()> {
        sqlx::query("DELETE FROM attempt_counts WHERE key = $1").bind(self.account_key(account)).execute(&self.db).await?;
        Ok(())
    }
}

/// Drops lapsed counts; run periodically by the edge.
pub async fn purge_expired(db: &PgPool) -> sqlx::Result<u64> {
    Ok(sqlx::query("DELETE FROM attempt_counts WHERE expires_at < now()").execute(db).await?.rows_affected())
}
