//! SQL of `courses`.

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CourseRow {
    pub id: i64,
    pub uuid: Uuid,
    pub slug: String,
    pub title: String,
    pub title_bn: String,
    pub category_id: Option<i64>,
    pub level: String,
    pub language: String,
    pub summary: String,
    pub objectives: Vec<String>,
    pub thumbnail_key: Option<String>,
    pub price: f64,
    pub course_type: String,
    pub enforce_order: bool,
    pub teachers_only: bool,
    pub published: bool,
    pub featured: bool,
    pub created_by: i64,
    pub instructor_name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub lessons_count: i64,
}

const SELECT: &str = "SELECT c.id, c.uuid, c.slug, c.title, c.title_bn, c.category_id, c.level, c.language, c.summary,
        c.objectives, c.thumbnail_key, c.price::float8 AS price, c.course_type, c.enforce_order, c.teachers_only, c.published, c.featured,
        c.created_by, c.instructor_name, c.created_at, c.updated_at,
        (SELECT count(*) FROM lessons l WHERE l.course_id = c.id) AS lessons_count
   FROM courses c";

/// The editable fields of a course, already validated.
#[derive(Debug, Clone)]
pub struct CourseFields {
    pub title: String,
    pub title_bn: String,
    pub category_id: Option<i64>,
    pub level: String,
    pub language: String,
    pub summary: String,
    pub objectives: Vec<String>,
    pub course_type: String,
    pub enforce_order: bool,
    /// Only verified teachers may enrol.
    pub teachers_only: bool,
}

pub async fn insert(db: &PgPool, f: &CourseFields, slug: &str, author: i64, author_name: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO courses (slug, title, title_bn, category_id, level, language, summary, objectives, course_type,
             enforce_order, created_by, instructor_name, teachers_only)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
    )
    .bind(slug)
    .bind(&f.title)
    .bind(&f.title_bn)
    .bind(f.category_id)
    .bind(&f.level)
    .bind(&f.language)
    .bind(&f.summary)
    .bind(&f.objectives)
    .bind(&f.course_type)
    .bind(f.enforce_order)
    .bind(author)
    .bind(author_name)
    .bind(f.teachers_only)
    .fetch_one(db)
    .await
}

pub async fn update(db: &PgPool, id: i64, f: &CourseFields) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE courses SET title = $2, title_bn = $3, category_id = $4, level = $5, language = $6, summary = $7,
             objectives = $8, course_type = $9, enforce_order = $10, teachers_only = $11, updated_at = now() WHERE id = $1",
    )
    .bind(id)
    .bind(&f.title)
    .bind(&f.title_bn)
    .bind(f.category_id)
    .bind(&f.level)
    .bind(&f.language)
    .bind(&f.summary)
    .bind(&f.objectives)
    .bind(&f.course_type)
    .bind(f.enforce_order)
    .bind(f.teachers_only)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn set_thumbnail(db: &PgPool, id: i64, key: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE courses SET thumbnail_key = $2, updated_at = now() WHERE id = $1").bind(id).bind(key).execute(db).await?;
    Ok(())
}

pub async fn set_flags(db: &PgPool, id: i64, published: Option<bool>, featured: Option<bool>) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE courses SET published = COALESCE($2, published), featured = COALESCE($3, featured),
             published_at = CASE WHEN COALESCE($2, published) AND published_at IS NULL THEN now() ELSE published_at END,
             updated_at = now()
          WHERE id = $1",
    )
    .bind(id)
    .bind(published)
    .bind(featured)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<CourseRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE c.id = $1"))).bind(id).fetch_optional(db).await
}

/// By slug, uuid or id, as course links carry any of them (`/course-details/{id}`); a slug
/// that looks like another course's id wins.
pub async fn find_by_key(db: &PgPool, key: &str) -> sqlx::Result<Option<CourseRow>> {
    let by_uuid = Uuid::parse_str(key).ok();
    let by_id = key.parse::<i64>().ok();
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE c.slug = $1 OR c.uuid = $2 OR c.id = $3 ORDER BY c.slug = $1 DESC LIMIT 1"
    )))
    .bind(key)
    .bind(by_uuid)
    .bind(by_id)
    .fetch_optional(db)
    .await
}

/// This site's courses of the given types, newest first, optionally filtered by title.
pub async fn page(db: &PgPool, types: &[&str], search: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<(Vec<CourseRow>, i64)> {
    let pattern = control_plane::pagination::contains_pattern(search);
    let total: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM courses WHERE course_type = ANY($2) AND ($1::text IS NULL OR title ILIKE $1 OR title_bn ILIKE $1)",
    )
    .bind(&pattern)
    .bind(types)
    .fetch_one(db)
    .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE c.course_type = ANY($4) AND ($1::text IS NULL OR c.title ILIKE $1 OR c.title_bn ILIKE $1)
          ORDER BY c.created_at DESC, c.id DESC LIMIT $2 OFFSET $3"
    )))
    .bind(&pattern)
    .bind(limit)
    .bind(offset)
    .bind(types)
    .fetch_all(db)
    .await?;
    Ok((rows, total))
}

/// A course in short, for pickers.
#[derive(Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct ShortCourse {
    pub id: i64,
    pub uuid: Uuid,
    pub slug: String,
    pub title: String,
    pub title_bn: String,
    pub course_type: String,
    pub published: bool,
}

/// This site's courses of one type (of every type but certificate exams when none is named),
/// newest first.
pub async fn short_list(db: &PgPool, course_type: Option<&str>, limit: i64) -> sqlx::Result<Vec<ShortCourse>> {
    sqlx::query_as(
        "SELECT id, uuid, slug, title, title_bn, course_type, published FROM courses
          WHERE course_type = COALESCE($1, course_type) AND ($1 IS NOT NULL OR course_type <> 'exam')
          ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(course_type)
    .bind(limit)
    .fetch_all(db)
    .await
}

pub async fn has_enrolments(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM enrollments WHERE course_id = $1)").bind(id).fetch_one(db).await
}

pub async fn delete(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM courses WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

/// Average rating, number of reviews and of enrolments, for the catalogue.
pub async fn stats(db: &PgPool, id: i64) -> sqlx::Result<(f64, i64, i64)> {
    sqlx::query_as(
        "SELECT COALESCE((SELECT avg(rating)::float8 FROM reviews WHERE course_id = $1), 0),
                (SELECT count(*) FROM reviews WHERE course_id = $1),
                (SELECT count(*) FROM enrollments WHERE course_id = $1 AND status <> 'pending')",
    )
    .bind(id)
    .fetch_one(db)
    .await
}

/// The site's courses of one type: how many, how many published, how many made in `[from, until)`.
#[derive(Debug, sqlx::FromRow)]
pub struct TypeCount {
    pub course_type: String,
    pub total: i64,
    pub published: i64,
    pub new: i64,
}

pub async fn count_by_type(db: &PgPool, from: DateTime<Utc>, until: DateTime<Utc>) -> sqlx::Result<Vec<TypeCount>> {
    sqlx::query_as(
        "SELECT course_type, count(*) AS total, count(*) FILTER (WHERE published) AS published,
                count(*) FILTER (WHERE created_at >= $1 AND created_at < $2) AS new
           FROM courses GROUP BY course_type ORDER BY course_type",
    )
    .bind(from)
    .bind(until)
    .fetch_all(db)
    .await
}
