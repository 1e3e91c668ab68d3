//! SQL of `merchant_accounts`: a partner's own SSLCommerz store, its password sealed. Every
//! query names the partner it is for.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MerchantAccount {
    pub id: i64,
    pub store_id: String,
    pub store_password_sealed: Vec<u8>,
    pub active: bool,
    pub updated_at: DateTime<Utc>,
}

const SELECT: &str = "SELECT id, store_id, store_password_sealed, active, updated_at FROM merchant_accounts";

/// The partner's store taking payments now, if it has its own.
pub async fn active(db: &PgPool, institution: i64) -> sqlx::Result<Option<MerchantAccount>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE institution_id = $1 AND gateway = 'sslcommerz' AND active")))
        .bind(institution)
        .fetch_optional(db)
        .await
}

/// One of the partner's stores, current or former (an order's).
pub async fn find(db: &PgPool, institution: i64, id: i64) -> sqlx::Result<Option<MerchantAccount>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE institution_id = $1 AND id = $2")))
        .bind(institution)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The id of the partner's store with this store id, if it was ever set up.
pub async fn known(db: &PgPool, institution: i64, store_id: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT id FROM merchant_accounts WHERE institution_id = $1 AND gateway = 'sslcommerz' AND store_id = $2")
        .bind(institution)
        .bind(store_id)
        .fetch_optional(db)
        .await
}

/// Makes `store_id` the partner's active store (a known one gets the new password).
pub async fn activate(db: &PgPool, institution: i64, store_id: &str, password_sealed: &[u8], by: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE merchant_accounts SET active = false WHERE institution_id = $1 AND active AND store_id <> $2")
        .bind(institution)
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO merchant_accounts (institution_id, gateway, store_id, store_password_sealed, updated_by) VALUES ($1, 'sslcommerz', $2, $3, $4)
         ON CONFLICT (institution_id, gateway, store_id)
         DO UPDATE SET store_password_sealed = excluded.store_password_sealed, active = true, updated_by = excluded.updated_by, updated_at = now()",
    )
    .bind(institution)
    .bind(store_id)
    .bind(password_sealed)
    .bind(by)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Back to the platform's store (the partner's stay on record for their orders).
pub async fn deactivate(db: &PgPool, institution: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE merchant_accounts SET active = false, updated_at = now() WHERE institution_id = $1 AND active")
        .bind(institution)
        .execute(db)
        .await?;
    Ok(())
}
