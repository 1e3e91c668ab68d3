//! SQL of `batches`.

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Batch {
    pub id: i64,
    pub course_id: i64,
    pub name: String,
    pub name_bn: String,
    pub start_date: NaiveDate,
    pub end_date: Option<NaiveDate>,
    pub enrolment_limit: Option<i32>,
    pub let_enroll: i16,
    pub certificate_approval: bool,
    pub template_id: Option<i64>,
    pub published: bool,
    pub featured: bool,
    pub featured_order: i32,
    /// What a seat costs, in poisha (0: free).
    pub price_poisha: i64,
    pub currency: String,
    /// Only the candidates listed for it may enrol (certificate exams).
    pub restricted: bool,
    pub enrolled_count: i64,
    pub pending_count: i64,
}

const SELECT: &str = "SELECT b.id, b.course_id, b.name, b.name_bn, b.start_date, b.end_date, b.enrolment_limit, b.let_enroll,
        b.certificate_approval, b.template_id, b.published, b.featured, b.featured_order, b.price_poisha, b.currency, b.restricted,
        (SELECT count(*) FROM enrollments e WHERE e.batch_id = b.id AND e.status <> 'pending') AS enrolled_count,
        (SELECT count(*) FROM enrollments e WHERE e.batch_id = b.id AND e.status = 'pending') AS pending_count
   FROM batches b";

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<Batch>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE b.id = $1"))).bind(id).fetch_optional(db).await
}

/// A course's batches: featured order, then newest.
pub async fn of_course(db: &PgPool, course_id: i64) -> sqlx::Result<Vec<Batch>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE b.course_id = $1 ORDER BY b.featured_order, b.id DESC")))
        .bind(course_id)
        .fetch_all(db)
        .await
}

/// The editable fields of a batch, already validated.
pub struct BatchFields {
    pub name: String,
    pub name_bn: String,
    pub start_date: NaiveDate,
    pub end_date: Option<NaiveDate>,
    pub enrolment_limit: Option<i32>,
    pub let_enroll: i16,
    pub certificate_approval: bool,
    pub template_id: Option<i64>,
    pub price_poisha: i64,
    pub restricted: bool,
}

pub async fn insert(db: &PgPool, course_id: i64, f: &BatchFields) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO batches (course_id, name, name_bn, start_date, end_date, enrolment_limit, let_enroll, certificate_approval, template_id,
                              price_poisha, restricted)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
    )
    .bind(course_id)
    .bind(&f.name)
    .bind(&f.name_bn)
    .bind(f.start_date)
    .bind(f.end_date)
    .bind(f.enrolment_limit)
    .bind(f.let_enroll)
    .bind(f.certificate_approval)
    .bind(f.template_id)
    .bind(f.price_poisha)
    .bind(f.restricted)
    .fetch_one(db)
    .await
}

pub async fn update(db: &PgPool, id: i64, f: &BatchFields) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE batches SET name = $2, name_bn = $3, start_date = $4, end_date = $5, enrolment_limit = $6, let_enroll = $7,
             certificate_approval = $8, template_id = $9, price_poisha = $10, restricted = $11 WHERE id = $1",
    )
    .bind(id)
    .bind(&f.name)
    .bind(&f.name_bn)
    .bind(f.start_date)
    .bind(f.end_date)
    .bind(f.enrolment_limit)
    .bind(f.let_enroll)
    .bind(f.certificate_approval)
    .bind(f.template_id)
    .bind(f.price_poisha)
    .bind(f.restricted)
    .execute(db)
    .await?;
    Ok(())
}

/// The course's listed price follows its batches: the lowest price among the published ones, in
/// taka (what the catalogue's free/paid filter reads). Answers whether it changed.
pub async fn sync_course_price(db: &PgPool, course_id: i64) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "UPDATE courses c SET price = p.price
           FROM (SELECT COALESCE(min(price_poisha) FILTER (WHERE published), 0) / 100.0 AS price FROM batches WHERE course_id = $1) p
          WHERE c.id = $1 AND c.price <> p.price",
    )
    .bind(course_id)
    .execute(db)
    .await?;
    Ok(changed.rows_affected() == 1)
}

/// A copy of a batch: unpublished, unfeatured, without enrolments.
pub async fn clone(db: &PgPool, id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO batches (course_id, name, name_bn, start_date, end_date, enrolment_limit, let_enroll, certificate_approval, template_id,
                              price_poisha, restricted)
         SELECT course_id, name || ' (copy)', CASE WHEN name_bn = '' THEN '' ELSE name_bn || ' (কপি)' END, start_date, end_date,
                enrolment_limit, let_enroll, certificate_approval, template_id, price_poisha, restricted
           FROM batches WHERE id = $1 RETURNING id",
    )
    .bind(id)
    .fetch_one(db)
    .await
}

pub async fn set_flags(db: &PgPool, id: i64, published: Option<bool>, featured: Option<bool>) -> sqlx::Result<()> {
    sqlx::query("UPDATE batches SET published = COALESCE($2, published), featured = COALESCE($3, featured) WHERE id = $1")
        .bind(id)
        .bind(published)
        .bind(featured)
        .execute(db)
        .await?;
    Ok(())
}

/// Sets `featured_order` by position in `ids` (all of the course's batches).
pub async fn set_order(db: &PgPool, course_id: i64, ids: &[i64]) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE batches b SET featured_order = o.position FROM unnest($2::bigint[]) WITH ORDINALITY AS o(id, position)
          WHERE b.id = o.id AND b.course_id = $1",
    )
    .bind(course_id)
    .bind(ids)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn delete(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM batches WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

/// A published batch of a published course starting on or after a day.
#[derive(Debug, sqlx::FromRow)]
pub struct Starting {
    pub id: i64,
    pub course_uuid: uuid::Uuid,
    pub course_type: String,
    pub title: String,
    pub title_bn: String,
    pub start_date: NaiveDate,
}

/// The first `limit` published batches starting on or after `day`, soonest first.
pub async fn starting(db: &PgPool, day: NaiveDate, limit: i64) -> sqlx::Result<Vec<Starting>> {
    sqlx::query_as(
        "SELECT b.id, c.uuid AS course_uuid, c.course_type, c.title, c.title_bn, b.start_date
           FROM batches b JOIN courses c ON c.id = b.course_id
          WHERE b.published AND c.published AND b.start_date >= $1
          ORDER BY b.start_date, b.id LIMIT $2",
    )
    .bind(day)
    .bind(limit)
    .fetch_all(db)
    .await
}
