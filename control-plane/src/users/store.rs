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
    pub gender: Option<String>,
    pub date_of_birth: Option<chrono::NaiveDate>,
    pub address: Option<String>,
    pub bio: Option<String>,
    pub profession_id: Option<i32>,
    pub district_id: Option<i32>,
    pub upazila_id: Option<i32>,
    /// `None` for an account made by signing in elsewhere, until its owner sets one.
    pub password_hash: Option<String>,
    pub email_verified_at: Option<chrono::DateTime<chrono::Utc>>,
    pub phone_verified_at: Option<chrono::DateTime<chrono::Utc>>,
}

const COLUMNS: &str =
    "id, name, name_bn, email, phone, photo, type, gender, date_of_birth, address, bio, profession_id, district_id, upazila_id, password_hash,
     email_verified_at, phone_verified_at";

impl User {
    /// Where the profile photo is served, on every site: `/user-photo/<user>/photo-<hash>.jpg`.
    pub fn photo_url(&self) -> Option<String> {
        self.photo.as_deref().map(|key| format!("/{key}"))
    }

    /// How much of the profile is filled in, in percent: name and e-mail address give 20, each
    /// of the eight other parts 10.
    pub fn completeness(&self) -> i16 {
        100 - 10 * self.missing().len() as i16
    }

    /// The profile's empty parts, named as the update form names its fields.
    pub fn missing(&self) -> Vec<&'static str> {
        let filled = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.is_empty());
        [
            ("name_bn", filled(&self.name_bn)),
            ("email_verified", self.email_verified_at.is_some()),
            ("phone", filled(&self.phone)),
            ("photo", filled(&self.photo)),
            ("gender", self.gender.is_some()),
            ("date_of_birth", self.date_of_birth.is_some()),
            ("address", filled(&self.address)),
            ("bio", filled(&self.bio)),
        ]
        .into_iter()
        .filter(|(_, done)| !done)
        .map(|(name, _)| name)
        .collect()
    }
}

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
    /// A learner may register with a mobile number alone.
    pub email: Option<String>,
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

/// Remembers the language the person is using the site in, which their notices are written in.
pub async fn set_lang(db: impl PgExecutor<'_>, id: i64, lang: crate::i18n::Lang) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET lang = $2 WHERE id = $1 AND lang <> $2").bind(id).bind(lang.code()).execute(db).await?;
    Ok(())
}

/// An account made by signing in through an identity provider: no password, and the e-mail and
/// phone the provider verified marked verified here too.
pub async fn insert_from_provider(db: &mut PgConnection, name: &str, email: Option<&str>, phone: Option<&str>) -> Result<i64, AppError> {
    sqlx::query_scalar(
        "INSERT INTO users (name, email, phone, email_verified_at, phone_verified_at)
         VALUES ($1, $2, $3, CASE WHEN $2::text IS NOT NULL THEN now() END, CASE WHEN $3::text IS NOT NULL THEN now() END) RETURNING id",
    )
    .bind(name)
    .bind(email)
    .bind(phone)
    .fetch_one(db)
    .await
    .map_err(|e| on_unique(e, &[("users_email_key", "email", "email_taken"), ("users_phone_key", "phone", "phone_taken")]))
}

pub async fn set_password(db: &mut PgConnection, id: i64, password_hash: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1").bind(id).bind(password_hash).execute(db).await?;
    Ok(())
}

/// Marks a phone number verified, if it is still the account's; false when it changed meanwhile.
pub async fn verify_phone(db: &PgPool, id: i64, phone: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE users SET phone_verified_at = coalesce(phone_verified_at, now()) WHERE id = $1 AND phone = $2")
        .bind(id)
        .bind(phone)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
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

pub struct ProfileUpdate {
    pub name: String,
    pub name_bn: Option<String>,
    pub email: String,
    pub phone: Option<String>,
    pub gender: Option<String>,
    pub date_of_birth: Option<chrono::NaiveDate>,
    pub address: Option<String>,
    pub bio: Option<String>,
    pub profession_id: Option<i32>,
    pub district_id: Option<i32>,
    /// Only one of `district_id`'s (the database refuses another).
    pub upazila_id: Option<i32>,
}

/// Saves a profile. A changed e-mail address or phone number is no longer verified.
pub async fn update_profile(db: &mut PgConnection, id: i64, p: &ProfileUpdate) -> Result<(), AppError> {
    sqlx::query(
        "UPDATE users SET name = $2, name_bn = $3,
                email_verified_at = CASE WHEN lower(email) = lower($4) THEN email_verified_at END, email = $4,
                phone_verified_at = CASE WHEN phone IS NOT DISTINCT FROM $5 THEN phone_verified_at END, phone = $5,
                gender = $6, date_of_birth = $7, address = $8, bio = $9, profession_id = $10, district_id = $11, upazila_id = $12
          WHERE id = $1",
    )
    .bind(id)
    .bind(&p.name)
    .bind(&p.name_bn)
    .bind(&p.email)
    .bind(&p.phone)
    .bind(&p.gender)
    .bind(p.date_of_birth)
    .bind(&p.address)
    .bind(&p.bio)
    .bind(p.profession_id)
    .bind(p.district_id)
    .bind(p.upazila_id)
    .execute(db)
    .await
    .map_err(|e| on_unique(e, &[("users_email_key", "email", "email_taken"), ("users_phone_key", "phone", "phone_taken")]))?;
    Ok(())
}

/// Sets the photo's storage key; answers the one it replaces.
pub async fn set_photo(db: &PgPool, id: i64, key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("UPDATE users u SET photo = $2 FROM users old WHERE u.id = $1 AND old.id = u.id RETURNING old.photo")
        .bind(id)
        .bind(key)
        .fetch_one(db)
        .await
}

/// Whether `key` is a user's current photo (older ones are not served).
pub async fn is_current_photo(db: &PgPool, id: i64, key: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users WHERE id = $1 AND photo = $2)").bind(id).bind(key).fetch_one(db).await
}

/// How a person is named and reached, for lists that show who did what or who has what, and
/// for notices, in the language they last used the site in.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Contact {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// The phone has been proven by a code.
    pub phone_verified: bool,
    lang: String,
}

impl Contact {
    pub fn lang(&self) -> crate::i18n::Lang {
        crate::i18n::Lang::parse(&self.lang).unwrap_or(crate::i18n::Lang::Bn)
    }

    /// Their name as their own language writes it.
    pub fn own_name(&self) -> &str {
        self.lang().pick(&self.name, self.name_bn.as_deref())
    }
}

/// The language a person last used the platform in (Bangla when they never said, or are gone).
pub async fn lang_of(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<crate::i18n::Lang> {
    let code: Option<String> = sqlx::query_scalar("SELECT lang FROM users WHERE id = $1").bind(id).fetch_optional(db).await?;
    Ok(code.and_then(|c| crate::i18n::Lang::parse(&c)).unwrap_or(crate::i18n::Lang::Bn))
}

/// Several people at once.
pub async fn contacts(db: impl PgExecutor<'_>, ids: &[i64]) -> sqlx::Result<Vec<Contact>> {
    sqlx::query_as("SELECT id, name, name_bn, email, phone, phone_verified_at IS NOT NULL AS phone_verified, lang FROM users WHERE id = ANY($1)")
        .bind(ids)
        .fetch_all(db)
        .await
}

/// Every account: how many there are, how many were made since `since`, and how many gave each
/// gender (`None`: not given).
pub async fn census(db: &PgPool, since: chrono::DateTime<chrono::Utc>) -> sqlx::Result<(i64, i64, Vec<(Option<String>, i64)>)> {
    let (total, new): (i64, i64) = sqlx::query_as("SELECT count(*), count(*) FILTER (WHERE created_at >= $1) FROM users").bind(since).fetch_one(db).await?;
    let genders = sqlx::query_as("SELECT gender, count(*) FROM users GROUP BY gender").fetch_all(db).await?;
    Ok((total, new, genders))
}

/// Whom a bulk message may reach: `ids` (everyone when `None`), narrowed by district and
/// profession; with the name, e-mail and phone to reach them by.
#[derive(Debug, sqlx::FromRow)]
pub struct Reachable {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

pub async fn reachable(db: &PgPool, ids: Option<&[i64]>, district_id: Option<i32>, profession_id: Option<i32>) -> sqlx::Result<Vec<Reachable>> {
    sqlx::query_as(
        "SELECT id, name, email, phone FROM users
          WHERE ($1::bigint[] IS NULL OR id = ANY($1)) AND ($2::int IS NULL OR district_id = $2) AND ($3::int IS NULL OR profession_id = $3)
          ORDER BY id",
    )
    .bind(ids)
    .bind(district_id)
    .bind(profession_id)
    .fetch_all(db)
    .await
}
