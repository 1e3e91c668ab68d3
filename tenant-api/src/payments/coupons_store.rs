//! SQL of `coupons`.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Coupon {
    pub id: i64,
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    pub percent: Option<i16>,
    pub amount_poisha: Option<i64>,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    /// Uses in all; none: no limit.
    pub max_uses: Option<i32>,
    pub per_learner: i32,
    /// Orders holding it now (being paid, under review or paid).
    pub used: i32,
    /// The courses it is for; with `category_ids` both empty: every course.
    pub course_ids: Vec<i64>,
    pub category_ids: Vec<i64>,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    #[serde(skip)]
    pub total: i64,
}

const SELECT: &str = "SELECT id, code, kind, percent, amount_poisha, starts_on, ends_on, max_uses, per_learner, used, course_ids, category_ids,
        active, created_at";

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<Coupon>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT}, 1::bigint AS total FROM coupons WHERE id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn by_code(db: &PgPool, code: &str) -> sqlx::Result<Option<Coupon>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT}, 1::bigint AS total FROM coupons WHERE code = $1"))).bind(code).fetch_optional(db).await
}

/// A page of coupons, newest first, optionally those whose code contains `search`.
pub async fn list(db: &PgPool, search: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<Vec<Coupon>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT}, count(*) OVER () AS total FROM coupons WHERE ($1::text IS NULL OR strpos(code, $1) > 0) ORDER BY id DESC LIMIT $2 OFFSET $3"
    )))
    .bind(search)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

/// The editable fields, already validated.
pub struct CouponFields {
    pub code: String,
    pub kind: &'static str,
    pub percent: Option<i16>,
    pub amount_poisha: Option<i64>,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    pub max_uses: Option<i32>,
    pub per_learner: i32,
    pub course_ids: Vec<i64>,
    pub category_ids: Vec<i64>,
    pub active: bool,
}

/// Inserts or (with `id`) updates; `Err` carries `coupons_code` when the code is taken.
pub async fn save(db: &PgPool, id: Option<i64>, f: &CouponFields) -> sqlx::Result<i64> {
    let sql = match id {
        None => {
            "INSERT INTO coupons (code, kind, percent, amount_poisha, starts_on, ends_on, max_uses, per_learner, course_ids, category_ids, active)
             VALUES ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id"
        }
        Some(_) => {
            "UPDATE coupons SET code = $2, kind = $3, percent = $4, amount_poisha = $5, starts_on = $6, ends_on = $7, max_uses = $8,
                    per_learner = $9, course_ids = $10, category_ids = $11, active = $12
              WHERE id = $1 RETURNING id"
        }
    };
    sqlx::query_scalar(sql)
        .bind(id)
        .bind(&f.code)
        .bind(f.kind)
        .bind(f.percent)
        .bind(f.amount_poisha)
        .bind(f.starts_on)
        .bind(f.ends_on)
        .bind(f.max_uses)
        .bind(f.per_learner)
        .bind(&f.course_ids)
        .bind(&f.category_ids)
        .bind(f.active)
        .fetch_one(db)
        .await
}

/// Deletes a coupon no order ever used; one that was used is switched off instead (orders keep
/// pointing at it). Answers whether it was deleted.
pub async fn delete_or_retire(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    let mut tx = db.begin().await?;
    let used: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM orders WHERE coupon_id = $1)").bind(id).fetch_one(&mut *tx).await?;
    if used {
        sqlx::query("UPDATE coupons SET active = false WHERE id = $1").bind(id).execute(&mut *tx).await?;
    } else {
        sqlx::query("DELETE FROM coupons WHERE id = $1").bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(!used)
}

/// How many of a learner's orders hold the coupon now.
pub async fn held_by(db: &PgPool, coupon_id: i64, user_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM orders WHERE coupon_id = $1 AND user_id = $2 AND state IN ('pending', 'review', 'paid')")
        .bind(coupon_id)
        .bind(user_id)
        .fetch_one(db)
        .await
}

/// Takes one use, if any is left; false when none is (or it was switched off meanwhile).
pub async fn take(tx: &mut PgConnection, id: i64) -> sqlx::Result<bool> {
    let taken = sqlx::query("UPDATE coupons SET used = used + 1 WHERE id = $1 AND active AND (max_uses IS NULL OR used < max_uses)")
        .bind(id)
        .execute(tx)
        .await?;
    Ok(taken.rows_affected() == 1)
}
