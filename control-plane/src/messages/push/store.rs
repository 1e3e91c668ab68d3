//! SQL of the `push_subscriptions` table.

use sqlx::PgPool;

/// The subscriptions one person keeps at most; an older one goes when a newer one comes (a
/// browser that was reinstalled never says goodbye).
const PER_PERSON: i64 = 20;

#[derive(sqlx::FromRow)]
pub struct Subscription {
    pub id: i64,
    pub p256dh: Vec<u8>,
    pub auth: Vec<u8>,
}

/// Keeps the browser at `endpoint` for `user_id` on site `institution_id`, until `session_id`
/// ends: a new subscription, or one this browser made before, now the caller's.
pub async fn save(db: &PgPool, user_id: i64, session_id: i64, institution_id: i64, endpoint: &str, p256dh: &[u8], auth: &[u8]) -> sqlx::Result<()> {
    sqlx::query(
        "WITH kept AS (
             INSERT INTO push_subscriptions (user_id, institution_id, endpoint, p256dh, auth, session_id) VALUES ($1, $2, $3, $4, $5, $7)
             ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, institution_id = $2, p256dh = $4, auth = $5, session_id = $7, created_at = now()
             RETURNING id)
         DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
             SELECT id FROM kept UNION ALL
             (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $6 - 1))",
    )
    .bind(user_id)
    .bind(institution_id)
    .bind(endpoint)
    .bind(p256dh)
    .bind(auth)
    .bind(PER_PERSON)
    .bind(session_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Stops pushing to the caller's browser at `endpoint`.
pub async fn remove(db: &PgPool, user_id: i64, endpoint: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2").bind(user_id).bind(endpoint).execute(db).await?;
    Ok(())
}

/// Forgets a subscription its push service no longer knows.
pub async fn forget(db: &PgPool, endpoint: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1").bind(endpoint).execute(db).await?;
    Ok(())
}

pub async fn find(db: &PgPool, endpoint: &str) -> sqlx::Result<Option<Subscription>> {
    sqlx::query_as("SELECT id, p256dh, auth FROM push_subscriptions WHERE endpoint = $1").bind(endpoint).fetch_optional(db).await
}

pub async fn sent(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE push_subscriptions SET last_sent_at = now() WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

/// The browsers of `users` subscribed on site `institution_id`: (person, endpoint).
pub async fn endpoints(db: &PgPool, institution_id: i64, users: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT user_id, endpoint FROM push_subscriptions WHERE institution_id = $1 AND user_id = ANY($2) ORDER BY id")
        .bind(institution_id)
        .bind(users)
        .fetch_all(db)
        .await
}
