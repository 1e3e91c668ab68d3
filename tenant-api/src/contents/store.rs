//! The SQL of the content bank's tables (`contents`, `content_parts`, `content_shares`,
//! `content_enrollments`, `content_part_progress`, `content_reviews`).

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgPool, Postgres, Transaction};
use uuid::Uuid;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ContentRow {
    pub id: i64,
    pub owner_id: i64,
    pub title: String,
    pub title_bn: String,
    pub description: String,
    pub description_bn: String,
    pub content_type: String,
    pub category_id: Option<i64>,
    pub duration_minutes: i32,
    pub start_date: Option<NaiveDate>,
    pub published: bool,
    pub cover_file_id: Option<i64>,
    pub cover_key: Option<String>,
    pub cover_url: Option<String>,
    pub parts_count: i64,
    pub learners_count: i64,
    pub rating: Option<f64>,
    pub reviews_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub total: i64,
}

const SELECT: &str = "SELECT c.id, c.owner_id, c.title, c.title_bn, c.description, c.description_bn, c.content_type,
        c.category_id, c.duration_minutes, c.start_date, c.published, c.cover_file_id,
        f.object_key AS cover_key, f.url AS cover_url,
        (SELECT count(*) FROM content_parts p WHERE p.content_id = c.id) AS parts_count,
        (SELECT count(*) FROM content_enrollments e WHERE e.content_id = c.id) AS learners_count,
        (SELECT round(avg(r.rating), 1)::float8 FROM content_reviews r WHERE r.content_id = c.id) AS rating,
        (SELECT count(*) FROM content_reviews r WHERE r.content_id = c.id) AS reviews_count,
        c.created_at, c.updated_at, count(*) OVER () AS total
   FROM contents c LEFT JOIN files f ON f.id = c.cover_file_id";

/// Which items a list holds, from `user`'s side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// The user's own.
    Mine,
    /// Published, someone else's.
    Others,
    /// Enrolled in.
    Enrolled,
    /// Shared with the user.
    Shared,
    /// Everything published (the catalogue).
    Published,
}

impl Tab {
    pub fn parse(value: &str) -> Option<Self> {
        Some(match value {
            "my" => Self::Mine,
            "other" => Self::Others,
            "purchase" => Self::Enrolled,
            "shared" => Self::Shared,
            _ => return None,
        })
    }

    fn as_str(self) -> &'static str {
        match self {
            Self::Mine => "my",
            Self::Others => "other",
            Self::Enrolled => "purchase",
            Self::Shared => "shared",
            Self::Published => "published",
        }
    }
}

#[derive(Debug, Default)]
pub struct Filter {
    pub content_type: Option<String>,
    pub category_id: Option<i64>,
    /// A `contains_pattern` for the titles.
    pub pattern: Option<String>,
}

pub async fn list(db: &PgPool, tab: Tab, user: i64, f: &Filter, limit: i64, offset: i64) -> sqlx::Result<Vec<ContentRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT}
          WHERE CASE $1
                  WHEN 'my' THEN c.owner_id = $2
                  WHEN 'other' THEN c.published AND c.owner_id <> $2
                  WHEN 'purchase' THEN EXISTS (SELECT 1 FROM content_enrollments e WHERE e.content_id = c.id AND e.user_id = $2)
                  WHEN 'shared' THEN EXISTS (SELECT 1 FROM content_shares s WHERE s.content_id = c.id AND s.user_id = $2)
                  ELSE c.published END
            AND ($3::text IS NULL OR c.content_type = $3)
            AND ($4::bigint IS NULL OR c.category_id = $4)
            AND ($5::text IS NULL OR c.title ILIKE $5 OR c.title_bn ILIKE $5)
          ORDER BY c.updated_at DESC, c.id DESC LIMIT $6 OFFSET $7"
    )))
    .bind(tab.as_str())
    .bind(user)
    .bind(&f.content_type)
    .bind(f.category_id)
    .bind(&f.pattern)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<ContentRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE c.id = $1"))).bind(id).fetch_optional(db).await
}

/// Published items `user` neither owns nor enrolled in: those in the categories of the user's
/// enrolments first, then those with most learners.
pub async fn recommendations(db: &PgPool, user: i64, limit: i64) -> sqlx::Result<Vec<ContentRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT * FROM ({SELECT}
          WHERE c.published AND c.owner_id <> $1
            AND NOT EXISTS (SELECT 1 FROM content_enrollments e WHERE e.content_id = c.id AND e.user_id = $1)) x
          ORDER BY x.category_id IN (SELECT c2.category_id FROM content_enrollments e2 JOIN contents c2 ON c2.id = e2.content_id
                                      WHERE e2.user_id = $1 AND c2.category_id IS NOT NULL) DESC NULLS LAST,
                   x.learners_count DESC, x.updated_at DESC
          LIMIT $2"
    )))
    .bind(user)
    .bind(limit)
    .fetch_all(db)
    .await
}

pub struct ContentFields {
    pub title: String,
    pub title_bn: String,
    pub description: String,
    pub description_bn: String,
    pub content_type: String,
    pub category_id: Option<i64>,
    pub duration_minutes: i32,
    pub start_date: Option<NaiveDate>,
    pub published: bool,
    pub cover_file_id: Option<i64>,
}

/// A part as it is stored; `id` names a part kept from before.
#[derive(Debug)]
pub struct PartFields {
    pub id: Option<i64>,
    pub title: String,
    pub title_bn: String,
    pub kind: String,
    pub file_id: Option<i64>,
    pub body: Option<String>,
    pub exam_id: Option<i64>,
}

/// Binds an item's fields as `$2` to `$11`, after the first parameter (its owner or its id).
macro_rules! bind_fields {
    ($query:expr, $f:expr) => {
        $query
            .bind(&$f.title)
            .bind(&$f.title_bn)
            .bind(&$f.description)
            .bind(&$f.description_bn)
            .bind(&$f.content_type)
            .bind($f.category_id)
            .bind($f.duration_minutes)
            .bind($f.start_date)
            .bind($f.published)
            .bind($f.cover_file_id)
    };
}

pub async fn insert(db: &PgPool, owner: i64, f: &ContentFields, parts: &[PartFields], shares: &[i64]) -> sqlx::Result<i64> {
    let mut tx = db.begin().await?;
    let insert = sqlx::query_scalar(
        "INSERT INTO contents (owner_id, title, title_bn, description, description_bn, content_type, category_id,
                               duration_minutes, start_date, published, cover_file_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
    )
    .bind(owner);
    let id: i64 = bind_fields!(insert, f).fetch_one(&mut *tx).await?;
    save_parts(&mut tx, id, parts).await?;
    save_shares(&mut tx, id, shares).await?;
    tx.commit().await?;
    Ok(id)
}

/// Changes an item, its parts and shares in one transaction. Parts left out are removed; a
/// lesson using one makes the whole change fail (foreign key), which the caller reports.
pub async fn update(db: &PgPool, id: i64, f: &ContentFields, parts: &[PartFields], shares: &[i64]) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    let update = sqlx::query(
        "UPDATE contents SET title = $2, title_bn = $3, description = $4, description_bn = $5, content_type = $6,
                category_id = $7, duration_minutes = $8, start_date = $9, published = $10, cover_file_id = $11,
                updated_at = now()
          WHERE id = $1",
    )
    .bind(id);
    bind_fields!(update, f).execute(&mut *tx).await?;
    let kept: Vec<i64> = parts.iter().filter_map(|p| p.id).collect();
    sqlx::query("DELETE FROM content_parts WHERE content_id = $1 AND id <> ALL($2)").bind(id).bind(&kept).execute(&mut *tx).await?;
    save_parts(&mut tx, id, parts).await?;
    sqlx::query("DELETE FROM content_shares WHERE content_id = $1").bind(id).execute(&mut *tx).await?;
    save_shares(&mut tx, id, shares).await?;
    tx.commit().await
}

async fn save_parts(tx: &mut Transaction<'_, Postgres>, content: i64, parts: &[PartFields]) -> sqlx::Result<()> {
    for (position, p) in (0i32..).zip(parts) {
        let sql = match p.id {
            Some(_) => "UPDATE content_parts SET position = $3, title = $4, title_bn = $5, kind = $6, file_id = $7, body = $8, exam_id = $9
                         WHERE id = $1 AND content_id = $2",
            None => "INSERT INTO content_parts (content_id, position, title, title_bn, kind, file_id, body, exam_id)
                     SELECT $2, $3, $4, $5, $6, $7, $8, $9 WHERE $1::bigint IS NULL",
        };
        sqlx::query(sql)
            .bind(p.id)
            .bind(content)
            .bind(position)
            .bind(&p.title)
            .bind(&p.title_bn)
            .bind(&p.kind)
            .bind(p.file_id)
            .bind(&p.body)
            .bind(p.exam_id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

async fn save_shares(tx: &mut Transaction<'_, Postgres>, content: i64, users: &[i64]) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO content_shares (content_id, user_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING")
        .bind(content)
        .bind(users)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn delete(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM contents WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

pub async fn is_shared_with(db: &PgPool, id: i64, user: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM content_shares WHERE content_id = $1 AND user_id = $2)").bind(id).bind(user).fetch_one(db).await
}

/// (item, person) for the items' shares.
pub async fn shares(db: &PgPool, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as("SELECT content_id, user_id FROM content_shares WHERE content_id = ANY($1) ORDER BY content_id, user_id")
        .bind(ids)
        .fetch_all(db)
        .await
}

/// The files the parts of `user`'s enrolled items use (their file manager's Purchase tab).
pub async fn enrolled_files(db: &PgPool, user: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT DISTINCT p.file_id FROM content_enrollments e JOIN content_parts p ON p.content_id = e.content_id
          WHERE e.user_id = $1 AND p.file_id IS NOT NULL",
    )
    .bind(user)
    .fetch_all(db)
    .await
}

/// Whether a course lesson uses any part of the item.
pub async fn in_lessons(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM lessons l JOIN content_parts p ON p.id = l.content_part_id WHERE p.content_id = $1)")
        .bind(id)
        .fetch_one(db)
        .await
}

/// Whether a part of some item takes learners through this exam.
pub async fn exam_in_use(db: &PgPool, exam_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM content_parts WHERE exam_id = $1)").bind(exam_id).fetch_one(db).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PartRow {
    pub id: i64,
    pub content_id: i64,
    pub position: i32,
    pub title: String,
    pub title_bn: String,
    pub kind: String,
    pub file_id: Option<i64>,
    pub body: Option<String>,
    pub exam_id: Option<i64>,
    pub exam_uuid: Option<Uuid>,
    pub exam_title: Option<String>,
    pub exam_title_bn: Option<String>,
}

pub async fn parts(db: &PgPool, content: i64) -> sqlx::Result<Vec<PartRow>> {
    sqlx::query_as(
        "SELECT p.id, p.content_id, p.position, p.title, p.title_bn, p.kind, p.file_id, p.body, p.exam_id,
                e.uuid AS exam_uuid, e.title AS exam_title, e.title_bn AS exam_title_bn
           FROM content_parts p LEFT JOIN exams e ON e.id = p.exam_id AND e.deleted_at IS NULL
          WHERE p.content_id = $1 ORDER BY p.position, p.id",
    )
    .bind(content)
    .fetch_all(db)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EnrollmentRow {
    pub id: i64,
    pub content_id: i64,
    pub user_id: i64,
    pub done_parts: i64,
    pub total_parts: i64,
    pub completed_at: Option<DateTime<Utc>>,
}

const ENROLLMENT: &str = "SELECT e.id, e.content_id, e.user_id,
        (SELECT count(*) FROM content_part_progress g WHERE g.enrollment_id = e.id) AS done_parts,
        (SELECT count(*) FROM content_parts p WHERE p.content_id = e.content_id) AS total_parts,
        e.completed_at
   FROM content_enrollments e";

/// `user`'s enrolments in these items.
pub async fn enrollments_of(db: &PgPool, user: i64, contents: &[i64]) -> sqlx::Result<Vec<EnrollmentRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{ENROLLMENT} WHERE e.user_id = $1 AND e.content_id = ANY($2)")))
        .bind(user)
        .bind(contents)
        .fetch_all(db)
        .await
}

pub async fn enrollment(db: &PgPool, id: i64) -> sqlx::Result<Option<EnrollmentRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{ENROLLMENT} WHERE e.id = $1"))).bind(id).fetch_optional(db).await
}

/// Enrols `user`; `true` when this call made the enrolment (two clicks make one).
pub async fn enroll(db: &PgPool, content: i64, user: i64) -> sqlx::Result<bool> {
    let made = sqlx::query("INSERT INTO content_enrollments (content_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(content)
        .bind(user)
        .execute(db)
        .await?;
    Ok(made.rows_affected() == 1)
}

/// The parts `enrollment` has finished.
pub async fn done_parts(db: &PgPool, enrollment: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT part_id FROM content_part_progress WHERE enrollment_id = $1").bind(enrollment).fetch_all(db).await
}

/// Marks a part done, and the enrolment complete once every part is.
pub async fn complete_part(db: &PgPool, enrollment: i64, part: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("INSERT INTO content_part_progress (enrollment_id, part_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(enrollment)
        .bind(part)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE content_enrollments e SET completed_at = now()
          WHERE e.id = $1 AND e.completed_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM content_parts p WHERE p.content_id = e.content_id
                             AND NOT EXISTS (SELECT 1 FROM content_part_progress g WHERE g.enrollment_id = e.id AND g.part_id = p.id))",
    )
    .bind(enrollment)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReviewRow {
    pub id: i64,
    pub user_id: i64,
    pub rating: i16,
    pub comment: String,
    pub created_at: DateTime<Utc>,
    pub total: i64,
}

/// One review per person and item: sending again replaces it.
pub async fn save_review(db: &PgPool, content: i64, user: i64, rating: i16, comment: &str) -> sqlx::Result<ReviewRow> {
    sqlx::query_as(
        "INSERT INTO content_reviews (content_id, user_id, rating, comment) VALUES ($1, $2, $3, $4)
         ON CONFLICT (content_id, user_id) DO UPDATE SET rating = $3, comment = $4, created_at = now()
         RETURNING id, user_id, rating, comment, created_at, 1::bigint AS total",
    )
    .bind(content)
    .bind(user)
    .bind(rating)
    .bind(comment)
    .fetch_one(db)
    .await
}

pub async fn reviews(db: &PgPool, content: i64, limit: i64, offset: i64) -> sqlx::Result<Vec<ReviewRow>> {
    sqlx::query_as(
        "SELECT id, user_id, rating, comment, created_at, count(*) OVER () AS total FROM content_reviews
          WHERE content_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(content)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}
