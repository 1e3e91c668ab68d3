//! SQL of the `users` table.

use crate::error::{AppError, on_unique};
use sqlx::{PgConnection, PgExecutor, PgPool};

#[derive(Debug, sqlx::FromRow)]
pub struct User {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub photo: Option<String>,
    #[sqlx(rename = "type")]
    pub kind: i16,
    pub completeness: i16,
    pub password_hash: String,
    pub email_verified_at: Option<chrono::DateTime<chrono::Utc>>,
    pub phone_verified_at: Option<chrono::DateTime<chrono::Utc>>,
}

const COLUMNS: &str = "id, name, name_bn, email, phone, photo, type, completeness, password_hash, email_verified_at, phone_verified_at";

pub async fn find(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<User> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM users WHERE id = $1")))
        .bind(id)
        .fetch_one(db)
        .await
}

/// By e-mail (case-insensitive) or by normalised phone number.
pub async fn find_by_login(db: &PgPool, email: Option<&str>, phone: Option<&str>) -> sqlx::Result<Option<User>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM users WHERE lower(email) = lower($1) OR phone = $2 ORDER BY id LIMIT 1"
    )))
    .bind(email)
    .bind(phone)
    .fetch_optional(db)
    .await
}

pub async fn email_exists(db: impl PgExecutor<'_>, email: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1))").bind(email).fetch_one(db).await
}

pub async fn phone_exists(db: impl PgExecutor<'_>, phone: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users WHERE phone = $1)").bind(phone).fetch_one(db).await
}

pub struct NewUser {
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub password_hash: String,
}

pub async fn insert(db: &mut PgConnection, user: &NewUser) -> Result<i64, AppError> {
    sqlx::query_scalar("INSERT INTO users (name, email, phone, password_hash) VALUES ($1, $2, $3, $4) RETURNING id")
        .bind(&user.name)
        .bind(&user.email)
        .bind(&user.phone)
        .bind(&user.password_hash)
        .fetch_one(db)
        .await
        .map_err(|e| on_unique(e, &[("users_email_key", "email", "email_taken"), ("users_phone_key", "phone", "phone_taken")]))
}

pub async fn set_password(db: &mut PgConnection, id: i64, password_hash: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1").bind(id).bind(password_hash).execute(db).await?;
    Ok(())
}

/// Marks an address verified, if it is still the account's; false when it changed meanwhile.
pub async fn verify_email(db: &mut PgConnection, id: i64, email: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1 AND lower(email) = lower($2)")
        .bind(id)
        .bind(email)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}
