//! SQL of `training_budget_lines`, `training_logistics` and `training_logistic_issues`.

use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct BudgetLine {
    pub id: i64,
    pub category: String,
    pub description: String,
    pub planned_poisha: i64,
    pub actual_poisha: i64,
}

pub struct LineFields {
    pub category: String,
    pub description: String,
    pub planned_poisha: i64,
    pub actual_poisha: i64,
}

pub async fn lines(db: &PgPool, batch_id: i64) -> sqlx::Result<Vec<BudgetLine>> {
    sqlx::query_as("SELECT id, category, description, planned_poisha, actual_poisha FROM training_budget_lines WHERE batch_id = $1 ORDER BY position, id")
        .bind(batch_id)
        .fetch_all(db)
        .await
}

/// Makes the batch's budget exactly these lines, in this order, in one transaction.
pub async fn replace_lines(db: &PgPool, batch_id: i64, lines: &[LineFields]) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    // Saves of one batch's budget take turns, so two at once leave one whole budget, not a mix.
    sqlx::query("SELECT 1 FROM batches WHERE id = $1 FOR UPDATE").bind(batch_id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM training_budget_lines WHERE batch_id = $1").bind(batch_id).execute(&mut *tx).await?;
    let categories: Vec<&str> = lines.iter().map(|l| l.category.as_str()).collect();
    let descriptions: Vec<&str> = lines.iter().map(|l| l.description.as_str()).collect();
    let planned: Vec<i64> = lines.iter().map(|l| l.planned_poisha).collect();
    let actual: Vec<i64> = lines.iter().map(|l| l.actual_poisha).collect();
    sqlx::query(
        "INSERT INTO training_budget_lines (batch_id, position, category, description, planned_poisha, actual_poisha)
         SELECT $1, x.n, x.category, x.description, x.planned, x.actual
           FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[]) WITH ORDINALITY AS x(category, description, planned, actual, n)",
    )
    .bind(batch_id)
    .bind(&categories)
    .bind(&descriptions)
    .bind(&planned)
    .bind(&actual)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Logistic {
    pub id: i64,
    pub batch_id: i64,
    pub name: String,
    pub name_bn: String,
    pub quantity_per_trainee: i32,
    pub unit_cost_poisha: i64,
    /// Trainees who got it.
    pub issued: i64,
    /// issued × quantity × unit cost.
    pub cost_poisha: i64,
    #[serde(skip)]
    pub total: i64,
}

pub struct LogisticFields {
    pub name: String,
    pub name_bn: String,
    pub quantity_per_trainee: i32,
    pub unit_cost_poisha: i64,
}

const LOGISTICS: &str = "SELECT l.id, l.batch_id, l.name, l.name_bn, l.quantity_per_trainee, l.unit_cost_poisha, i.issued,
        i.issued * l.quantity_per_trainee * l.unit_cost_poisha AS cost_poisha, count(*) OVER () AS total
   FROM training_logistics l
   CROSS JOIN LATERAL (SELECT count(*) AS issued FROM training_logistic_issues x WHERE x.logistic_id = l.id) i";

pub async fn logistic(db: &PgPool, id: i64) -> sqlx::Result<Option<Logistic>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{LOGISTICS} WHERE l.id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn logistics(db: &PgPool, batch_id: i64, limit: i64, offset: i64) -> sqlx::Result<Vec<Logistic>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{LOGISTICS} WHERE l.batch_id = $1 ORDER BY l.id LIMIT $2 OFFSET $3")))
        .bind(batch_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await
}

pub async fn insert_logistic(db: &PgPool, batch_id: i64, f: &LogisticFields) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO training_logistics (batch_id, name, name_bn, quantity_per_trainee, unit_cost_poisha) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(batch_id)
    .bind(&f.name)
    .bind(&f.name_bn)
    .bind(f.quantity_per_trainee)
    .bind(f.unit_cost_poisha)
    .fetch_one(db)
    .await
}

pub async fn update_logistic(db: &PgPool, id: i64, f: &LogisticFields) -> sqlx::Result<()> {
    sqlx::query("UPDATE training_logistics SET name = $2, name_bn = $3, quantity_per_trainee = $4, unit_cost_poisha = $5 WHERE id = $1")
        .bind(id)
        .bind(&f.name)
        .bind(&f.name_bn)
        .bind(f.quantity_per_trainee)
        .bind(f.unit_cost_poisha)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn delete_logistic(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM training_logistics WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

/// Notes the item as handed to (or taken back from) these enrolments.
pub async fn set_issued(db: &PgPool, logistic_id: i64, enrollment_ids: &[i64], issued: bool) -> sqlx::Result<()> {
    if issued {
        sqlx::query(
            "INSERT INTO training_logistic_issues (logistic_id, enrollment_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING",
        )
        .bind(logistic_id)
        .bind(enrollment_ids)
        .execute(db)
        .await?;
    } else {
        sqlx::query("DELETE FROM training_logistic_issues WHERE logistic_id = $1 AND enrollment_id = ANY($2)")
            .bind(logistic_id)
            .bind(enrollment_ids)
            .execute(db)
            .await?;
    }
    Ok(())
}

/// What every logistic item of the batch issued so far cost.
pub async fn logistics_cost(db: &PgPool, batch_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COALESCE(sum(l.quantity_per_trainee * l.unit_cost_poisha), 0)::bigint
           FROM training_logistics l JOIN training_logistic_issues x ON x.logistic_id = l.id WHERE l.batch_id = $1",
    )
    .bind(batch_id)
    .fetch_one(db)
    .await
}
