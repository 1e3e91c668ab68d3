//! SQL of `promotions`: partners' ads, kept in the control database because the super admin
//! approves every partner's in one queue and the main site shows every partner's. Each query names
//! the partner it is for, except the super admin's list and the main site's ad slots.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::PgPool;
use uuid::Uuid;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PromotionRow {
    pub id: i64,
    pub uuid: Uuid,
    pub institution_id: i64,
    pub institution_slug: String,
    pub institution_name: String,
    pub kind: String,
    pub title: String,
    pub details: String,
    pub position: String,
    pub url: String,
    pub course_uuid: Option<Uuid>,
    pub course_id: Option<i64>,
    pub course_slug: Option<String>,
    pub course_title: Option<String>,
    pub course_title_bn: Option<String>,
    pub thumbnail: Option<String>,
    pub course_categories: Vec<i64>,
    pub genders: Vec<String>,
    pub professions: Vec<i64>,
    pub districts: Vec<i64>,
    pub age_start: Option<i16>,
    pub age_end: Option<i16>,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub promotion_status: String,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub total: i64,
}

const SELECT: &str = "SELECT p.id, p.uuid, p.institution_id, i.slug AS institution_slug, i.institution_name, p.kind, p.title,
        p.details, p.position, p.url, p.course_uuid, c.course_id, c.slug AS course_slug, c.title AS course_title,
        c.title_bn AS course_title_bn, p.thumbnail, p.course_categories, p.genders, p.professions, p.districts,
        p.age_start, p.age_end, p.start_date, p.end_date, p.promotion_status, p.reason, p.created_at, p.updated_at";

/// The tables every read joins: the partner, and for an `internal-course` its catalogue entry
/// (absent once the course is unpublished).
const FROM: &str = "FROM promotions p JOIN institutions i ON i.id = p.institution_id
     LEFT JOIN catalogue_courses c ON c.institution_id = p.institution_id AND c.uuid = p.course_uuid";

pub async fn find(db: &PgPool, uuid: Uuid) -> sqlx::Result<Option<PromotionRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT}, 1::bigint AS total {FROM} WHERE p.uuid = $1"))).bind(uuid).fetch_optional(db).await
}

pub struct ListFilter<'a> {
    /// One partner's; `None`: every partner's (the super admin).
    pub institution: Option<i64>,
    pub kind: Option<&'a str>,
    pub status: Option<&'a str>,
    /// Part of the title, any case.
    pub search: Option<&'a str>,
}

/// A page of promotions, newest first.
pub async fn list(db: &PgPool, f: &ListFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<PromotionRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT}, count(*) OVER () AS total {FROM}
          WHERE ($1::bigint IS NULL OR p.institution_id = $1) AND ($2::text IS NULL OR p.kind = $2)
            AND ($3::text IS NULL OR p.promotion_status = $3) AND ($4::text IS NULL OR strpos(lower(p.title), lower($4)) > 0)
          ORDER BY p.id DESC LIMIT $5 OFFSET $6"
    )))
    .bind(f.institution)
    .bind(f.kind)
    .bind(f.status)
    .bind(f.search)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

/// What its owner sets, already validated.
pub struct PromotionFields {
    pub kind: &'static str,
    pub title: String,
    pub details: String,
    pub position: &'static str,
    pub url: String,
    pub course_uuid: Option<Uuid>,
    pub course_categories: Vec<i64>,
    pub genders: Vec<String>,
    pub professions: Vec<i64>,
    pub districts: Vec<i64>,
    pub age_start: Option<i16>,
    pub age_end: Option<i16>,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

/// Binds the fields as `$2` to `$15` (after the row's own `$1`), in [`PromotionFields`]' order.
fn bind_fields<'q>(
    query: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    f: &'q PromotionFields,
) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    query
        .bind(f.kind)
        .bind(&f.title)
        .bind(&f.details)
        .bind(f.position)
        .bind(&f.url)
        .bind(f.course_uuid)
        .bind(&f.course_categories)
        .bind(&f.genders)
        .bind(&f.professions)
        .bind(&f.districts)
        .bind(f.age_start)
        .bind(f.age_end)
        .bind(f.start_date)
        .bind(f.end_date)
}

pub async fn insert(db: &PgPool, institution: i64, by: i64, f: &PromotionFields, thumbnail: Option<&str>) -> sqlx::Result<Uuid> {
    let uuid = Uuid::new_v4();
    let query = sqlx::query(
        "INSERT INTO promotions (uuid, kind, title, details, position, url, course_uuid, course_categories, genders, professions, districts,
                                 age_start, age_end, start_date, end_date, thumbnail, institution_id, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
    )
    .bind(uuid);
    bind_fields(query, f).bind(thumbnail).bind(institution).bind(by).execute(db).await?;
    Ok(uuid)
}

/// Saves its owner's change and sends it back for approval; `thumbnail` `None` keeps the image.
pub async fn update(db: &PgPool, uuid: Uuid, f: &PromotionFields, thumbnail: Option<&str>) -> sqlx::Result<()> {
    let query = sqlx::query(
        "UPDATE promotions SET kind = $2, title = $3, details = $4, position = $5, url = $6, course_uuid = $7, course_categories = $8,
                genders = $9, professions = $10, districts = $11, age_start = $12, age_end = $13, start_date = $14, end_date = $15,
                thumbnail = COALESCE($16, thumbnail), promotion_status = 'pending', reason = NULL, decided_by = NULL,
                decided_at = NULL, updated_at = now()
          WHERE uuid = $1",
    )
    .bind(uuid);
    bind_fields(query, f).bind(thumbnail).execute(db).await?;
    Ok(())
}

/// The super admin's decision: `approved` or `rejected` (with a reason for the partner).
pub async fn decide(db: &PgPool, uuid: Uuid, status: &str, reason: Option<&str>, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE promotions SET promotion_status = $2, reason = $3, decided_by = $4, decided_at = now() WHERE uuid = $1")
        .bind(uuid)
        .bind(status)
        .bind(reason)
        .bind(by)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn delete(db: &PgPool, uuid: Uuid) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM promotions WHERE uuid = $1").bind(uuid).execute(db).await?;
    Ok(())
}

/// An ad slot: where it is, whose site it is on, who is looking.
pub struct Slot<'a> {
    pub position: &'a str,
    /// A partner site shows only its own promotions; the main site (`None`) every partner's.
    pub institution: Option<i64>,
    /// The signed-in learner, whose profile the targeting is matched against.
    pub viewer: Option<i64>,
    /// The page's course category; otherwise the categories of the viewer's courses count.
    pub category: Option<i64>,
    /// Today in Dhaka.
    pub today: NaiveDate,
}

/// Approved, current promotions for the slot whose every target the viewer meets, newest
/// decision first. A target the viewer's profile says nothing of is not met.
pub async fn live(db: &PgPool, slot: &Slot<'_>, limit: i64) -> sqlx::Result<Vec<PromotionRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH me AS (
             SELECT u.gender, u.profession_id::bigint AS profession_id, u.district_id::bigint AS district_id,
                    extract(year FROM age($5::date, u.date_of_birth))::int AS age,
                    CASE WHEN $4::bigint IS NOT NULL THEN ARRAY[$4::bigint]
                         ELSE ARRAY(SELECT DISTINCT k.category_id FROM learner_courses lc
                                      JOIN catalogue_courses k ON k.institution_id = lc.institution_id AND k.uuid = lc.course_uuid
                                     WHERE lc.user_id = u.id AND k.category_id IS NOT NULL) END AS categories
               FROM (SELECT 1) one LEFT JOIN users u ON u.id = $3
         )
         {SELECT}, 0::bigint AS total {FROM} CROSS JOIN me
          WHERE p.promotion_status = 'approved' AND p.position = $1 AND p.start_date <= $5 AND p.end_date >= $5
            AND i.state = 'active' AND ($2::bigint IS NULL OR p.institution_id = $2)
            AND (p.kind <> 'internal-course' OR c.uuid IS NOT NULL)
            AND (cardinality(p.genders) = 0 OR me.gender = ANY (p.genders))
            AND (cardinality(p.professions) = 0 OR me.profession_id = ANY (p.professions))
            AND (cardinality(p.districts) = 0 OR me.district_id = ANY (p.districts))
            AND (p.age_start IS NULL OR me.age >= p.age_start) AND (p.age_end IS NULL OR me.age <= p.age_end)
            AND (cardinality(p.course_categories) = 0 OR p.course_categories && me.categories)
          ORDER BY p.decided_at DESC NULLS LAST, p.id DESC LIMIT $6"
    )))
    .bind(slot.position)
    .bind(slot.institution)
    .bind(slot.viewer)
    .bind(slot.category)
    .bind(slot.today)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// One approved, current promotion by kind and id, for its details page; `institution` as in
/// [`Slot`].
pub async fn live_one(db: &PgPool, kind: &str, id: i64, institution: Option<i64>, today: NaiveDate) -> sqlx::Result<Option<PromotionRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT}, 1::bigint AS total {FROM}
          WHERE p.id = $1 AND p.kind = $2 AND p.promotion_status = 'approved' AND p.start_date <= $4 AND p.end_date >= $4
            AND i.state = 'active' AND ($3::bigint IS NULL OR p.institution_id = $3) AND (p.kind <> 'internal-course' OR c.uuid IS NOT NULL)"
    )))
    .bind(id)
    .bind(kind)
    .bind(institution)
    .bind(today)
    .fetch_optional(db)
    .await
}

/// A published course of the partner's, from the catalogue: (uuid, slug).
pub async fn partner_course(db: &PgPool, institution: i64, course_id: i64) -> sqlx::Result<Option<(Uuid, String)>> {
    sqlx::query_as("SELECT uuid, slug FROM catalogue_courses WHERE institution_id = $1 AND course_id = $2")
        .bind(institution)
        .bind(course_id)
        .fetch_optional(db)
        .await
}
