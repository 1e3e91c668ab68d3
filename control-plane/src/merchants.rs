//! SQL of `merchant_accounts`: a partner's own SSLCommerz store or bKash wallet, its secrets
//! sealed. Every query names the partner it is for, and all but `find` the gateway.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MerchantAccount {
    pub id: i64,
    /// The SSLCommerz store id, or the bKash wallet's username.
    pub store_id: String,
    /// bKash's app key (none for a store).
    pub app_key: Option<String>,
    /// A store's password; a wallet's password and app secret as one JSON object.
    pub store_password_sealed: Vec<u8>,
    pub active: bool,
    pub updated_at: DateTime<Utc>,
}

/// The gateways a partner can have an account of its own with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gateway {
    SslCommerz,
    Bkash,
}

impl Gateway {
    fn name(self) -> &'static str {
        match self {
            Self::SslCommerz => "sslcommerz",
            Self::Bkash => "bkash",
        }
    }
}

const SELECT: &str = "SELECT id, store_id, app_key, store_password_sealed, active, updated_at FROM merchant_accounts";

/// The partner's account taking this gateway's payments now, if it has its own.
pub async fn active(db: &PgPool, institution: i64, gateway: Gateway) -> sqlx::Result<Option<MerchantAccount>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE institution_id = $1 AND gateway = $2 AND active")))
        .bind(institution)
        .bind(gateway.name())
        .fetch_optional(db)
        .await
}

/// One of the partner's accounts, current or former (an order's).
pub async fn find(db: &PgPool, institution: i64, id: i64) -> sqlx::Result<Option<MerchantAccount>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE institution_id = $1 AND id = $2")))
        .bind(institution)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The partner's account with this store id (wallet username), if it was ever set up.
pub async fn known(db: &PgPool, institution: i64, gateway: Gateway, store_id: &str) -> sqlx::Result<Option<MerchantAccount>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE institution_id = $1 AND gateway = $2 AND store_id = $3")))
        .bind(institution)
        .bind(gateway.name())
        .bind(store_id)
        .fetch_optional(db)
        .await
}

/// Makes `store_id` the partner's active account for the gateway (a known one gets the new
/// secrets and app key).
pub async fn activate(db: &PgPool, institution: i64, gateway: Gateway, store_id: &str, app_key: Option<&str>, sealed: &[u8], by: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE merchant_accounts SET active = false WHERE institution_id = $1 AND gateway = $2 AND active AND store_id <> $3")
        .bind(institution)
        .bind(gateway.name())
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO merchant_accounts (institution_id, gateway, store_id, app_key, store_password_sealed, updated_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (institution_id, gateway, store_id)
         DO UPDATE SET store_password_sealed = excluded.store_password_sealed, app_key = excluded.app_key, active = true,
                       updated_by = excluded.updated_by, updated_at = now()",
    )
    .bind(institution)
    .bind(gateway.name())
    .bind(store_id)
    .bind(app_key)
    .bind(sealed)
    .bind(by)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Back to the platform's account for the gateway (the partner's stay on record for their orders).
pub async fn deactivate(db: &PgPool, institution: i64, gateway: Gateway) -> sqlx::Result<()> {
    sqlx::query("UPDATE merchant_accounts SET active = false, updated_at = now() WHERE institution_id = $1 AND gateway = $2 AND active")
        .bind(institution)
        .bind(gateway.name())
        .execute(db)
        .await?;
    Ok(())
}
