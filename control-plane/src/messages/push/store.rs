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

/// A browser's subscription: where to push and its keys.
pub struct Keys<'a> {
    pub endpoint: &'a str,
    pub p256dh: &'a [u8],
    pub auth: &'a [u8],
}

/// Keeps the browser at `new` for `user_id` on site `institution_id`, until `session_id` ends: a
/// new subscription, or one this browser made before, now the caller's.
pub async fn save(db: &PgPool, user_id: i64, session_id: i64, institution_id: i64, new: &Keys<'_>) -> sqlx::Result<()> {
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
    .bind(new.endpoint)
    .bind(new.p256dh)
    .bind(new.auth)
    .bind(PER_PERSON)
    .bind(session_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Moves the subscription at `old` on site `institution_id` to `new`, keeping its person and
/// session, when `old_auth` is its secret; false when there is no such subscription.
pub async fn renew(db: &PgPool, institution_id: i64, old: &str, old_auth: &[u8], new: &Keys<'_>) -> sqlx::Result<bool> {
    let mut tx = db.begin().await?;
    let kept: Option<(i64, Vec<u8>)> = sqlx::query_as("SELECT id, auth FROM push_subscriptions WHERE endpoint = $1 AND institution_id = $2 FOR UPDATE")
        .bind(old)
        .bind(institution_id)
        .fetch_optional(&mut *tx)
        .await?;
    // Compared in constant time: the answer must not tell how much of a guessed secret was right.
    let Some(id) = kept.filter(|(_, auth)| aws_lc_rs::constant_time::verify_slices_are_equal(auth, old_auth).is_ok()).map(|(id, _)| id) else {
        return Ok(false);
    };
    // The browser may have subscribed anew with it already (from the settings page).
    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND id <> $2").bind(new.endpoint).bind(id).execute(&mut *tx).await?;
    sqlx::query("UPDATE push_subscriptions SET endpoint = $2, p256dh = $3, auth = $4 WHERE id = $1")
        .bind(id)
        .bind(new.endpoint)
        .bind(new.p256dh)
        .bind(new.auth)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
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
