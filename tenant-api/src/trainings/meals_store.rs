//! SQL of `training_food_items`, `training_meal_plans` and `training_meal_items`, and the
//! trainees present on each day of a batch.

use chrono::{NaiveDate, NaiveTime};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct FoodItem {
    pub id: i64,
    pub name: String,
    pub name_bn: String,
    /// "kg", "pcs", "cup" ...
    pub unit: String,
    #[serde(skip)]
    pub total: i64,
}

pub struct ItemFields {
    pub name: String,
    pub name_bn: String,
    pub unit: String,
}

const ITEMS: &str = "SELECT i.id, i.name, i.name_bn, i.unit, count(*) OVER () AS total FROM training_food_items i";

pub async fn item(db: &PgPool, id: i64) -> sqlx::Result<Option<FoodItem>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{ITEMS} WHERE i.id = $1"))).bind(id).fetch_optional(db).await
}

/// The site's items by name, or those the batch's meal plans use.
pub async fn items(db: &PgPool, batch_id: Option<i64>, limit: i64, offset: i64) -> sqlx::Result<Vec<FoodItem>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{ITEMS} WHERE $1::bigint IS NULL OR EXISTS (SELECT 1 FROM training_meal_items m JOIN training_meal_plans p ON p.id = m.plan_id
                                                   WHERE m.item_id = i.id AND p.batch_id = $1)
         ORDER BY lower(i.name), i.id LIMIT $2 OFFSET $3"
    )))
    .bind(batch_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub async fn insert_item(db: &PgPool, f: &ItemFields) -> sqlx::Result<i64> {
    sqlx::query_scalar("INSERT INTO training_food_items (name, name_bn, unit) VALUES ($1, $2, $3) RETURNING id")
        .bind(&f.name)
        .bind(&f.name_bn)
        .bind(&f.unit)
        .fetch_one(db)
        .await
}

pub async fn update_item(db: &PgPool, id: i64, f: &ItemFields) -> sqlx::Result<()> {
    sqlx::query("UPDATE training_food_items SET name = $2, name_bn = $3, unit = $4 WHERE id = $1")
        .bind(id)
        .bind(&f.name)
        .bind(&f.name_bn)
        .bind(&f.unit)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes an item; the foreign key of a meal plan using it refuses (see `AppError::still_used`).
pub async fn delete_item(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM training_food_items WHERE id = $1").bind(id).execute(db).await?.rows_affected() == 1)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PlanRow {
    pub id: i64,
    pub batch_id: i64,
    pub meal_type: String,
    pub training_time: NaiveTime,
    pub location: String,
    pub extra_count: i32,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PlanItem {
    #[serde(skip)]
    pub plan_id: i64,
    pub item_id: i64,
    pub name: String,
    pub name_bn: String,
    pub unit: String,
    pub quantity_per_person: f64,
}

pub struct PlanFields {
    pub meal_type: String,
    pub training_time: NaiveTime,
    pub location: String,
    pub extra_count: i32,
    pub item_ids: Vec<i64>,
    pub quantities: Vec<f64>,
}

const PLANS: &str = "SELECT id, batch_id, meal_type, training_time, location, extra_count FROM training_meal_plans";

pub async fn plan(db: &PgPool, id: i64) -> sqlx::Result<Option<PlanRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{PLANS} WHERE id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn plan_of_type(db: &PgPool, batch_id: i64, meal_type: &str) -> sqlx::Result<Option<PlanRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{PLANS} WHERE batch_id = $1 AND meal_type = $2"))).bind(batch_id).bind(meal_type).fetch_optional(db).await
}

/// A batch's plans in the order of the day.
pub async fn plans(db: &PgPool, batch_id: i64) -> sqlx::Result<Vec<PlanRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{PLANS} WHERE batch_id = $1 ORDER BY training_time, id"))).bind(batch_id).fetch_all(db).await
}

/// The items of the given plans.
pub async fn plan_items(db: &PgPool, plan_ids: &[i64]) -> sqlx::Result<Vec<PlanItem>> {
    sqlx::query_as(
        "SELECT m.plan_id, m.item_id, i.name, i.name_bn, i.unit, m.quantity_per_person::float8 AS quantity_per_person
           FROM training_meal_items m JOIN training_food_items i ON i.id = m.item_id
          WHERE m.plan_id = ANY($1) ORDER BY lower(i.name), i.id",
    )
    .bind(plan_ids)
    .fetch_all(db)
    .await
}

/// Saves a plan with exactly the given items; `id` None inserts. Answers the plan's id.
pub async fn save_plan(db: &PgPool, id: Option<i64>, batch_id: i64, f: &PlanFields) -> sqlx::Result<i64> {
    let mut tx = db.begin().await?;
    let id: i64 = match id {
        Some(id) => {
            sqlx::query("UPDATE training_meal_plans SET meal_type = $2, training_time = $3, location = $4, extra_count = $5, updated_at = now() WHERE id = $1")
                .bind(id)
                .bind(&f.meal_type)
                .bind(f.training_time)
                .bind(&f.location)
                .bind(f.extra_count)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM training_meal_items WHERE plan_id = $1").bind(id).execute(&mut *tx).await?;
            id
        }
        None => {
            sqlx::query_scalar(
                "INSERT INTO training_meal_plans (batch_id, meal_type, training_time, location, extra_count) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            )
            .bind(batch_id)
            .bind(&f.meal_type)
            .bind(f.training_time)
            .bind(&f.location)
            .bind(f.extra_count)
            .fetch_one(&mut *tx)
            .await?
        }
    };
    sqlx::query(
        "INSERT INTO training_meal_items (plan_id, item_id, quantity_per_person)
         SELECT $1, x.item, x.quantity FROM unnest($2::bigint[], $3::float8[]) AS x(item, quantity)",
    )
    .bind(id)
    .bind(&f.item_ids)
    .bind(&f.quantities)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn delete_plan(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM training_meal_plans WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

/// How many of `ids` are items of this site.
pub async fn count_items(db: &PgPool, ids: &[i64]) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM training_food_items WHERE id = ANY($1)").bind(ids).fetch_one(db).await
}

#[derive(Debug, sqlx::FromRow)]
pub struct DayAttendance {
    pub day: NaiveDate,
    /// Trainees marked present at any session that day.
    pub present: i64,
    /// Whether attendance was taken at any session that day.
    pub taken: bool,
}

/// For each day (in Bangladesh) with sessions, who was present.
pub async fn attendance_by_day(db: &PgPool, batch_id: i64) -> sqlx::Result<Vec<DayAttendance>> {
    sqlx::query_as(
        "SELECT ((s.starts_at AT TIME ZONE 'UTC') + interval '6 hours')::date AS day,
                count(DISTINCT a.enrollment_id) FILTER (WHERE a.present) AS present,
                bool_or(s.attendance_taken_at IS NOT NULL) AS taken
           FROM training_sessions s LEFT JOIN training_attendance a ON a.session_id = s.id
          WHERE s.batch_id = $1 GROUP BY 1 ORDER BY 1",
    )
    .bind(batch_id)
    .fetch_all(db)
    .await
}
