//! The tables `posts` and `post_categories` (tenant migration V14).

use chrono::{DateTime, Utc};
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::{PgPool, Postgres, Row};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: i64,
    pub kind: String,
    pub slug: String,
    pub title: String,
    pub bn_title: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PostRow {
    pub id: i64,
    pub kind: String,
    pub category_id: i64,
    pub category_slug: String,
    pub category_title: String,
    pub category_bn_title: String,
    pub title: String,
    pub title_bn: Option<String>,
    pub summary: String,
    pub body: String,
    pub cover: Option<String>,
    pub video_url: Option<String>,
    pub duration_s: Option<i32>,
    pub link: Option<String>,
    pub news: bool,
    pub popup: bool,
    pub tags: Vec<String>,
    pub status: String,
    pub reason: Option<String>,
    pub author_id: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub published_at: Option<DateTime<Utc>>,
    /// The list's whole length (every row of a page carries it).
    pub total: i64,
}

const COLUMNS: &str = "p.id, p.kind, p.category_id, c.slug AS category_slug, c.title AS category_title,
    c.bn_title AS category_bn_title, p.title, p.title_bn, p.summary, p.body, p.cover, p.video_url, p.duration_s,
    p.link, p.news, p.popup, p.tags, p.status, p.reason, p.author_id, p.created_at, p.updated_at, p.published_at";

pub async fn categories(db: &PgPool, kind: &str) -> sqlx::Result<Vec<CategoryRow>> {
    sqlx::query_as("SELECT id, kind, slug, title, bn_title FROM post_categories WHERE kind = $1 ORDER BY position, id")
        .bind(kind)
        .fetch_all(db)
        .await
}

pub async fn category(db: &PgPool, kind: &str, id: i64) -> sqlx::Result<Option<CategoryRow>> {
    sqlx::query_as("SELECT id, kind, slug, title, bn_title FROM post_categories WHERE kind = $1 AND id = $2")
        .bind(kind)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// Which posts a list holds.
#[derive(Debug, Default)]
pub struct Filter<'a> {
    pub kind: &'a str,
    /// One writer's posts only.
    pub author: Option<i64>,
    pub status: Option<&'a str>,
    /// Published or not (the spec's `publish=1|0`).
    pub published: Option<bool>,
    pub category_id: Option<i64>,
    pub category_slug: Option<&'a str>,
    /// An ILIKE pattern matched against both titles and the tags.
    pub pattern: Option<String>,
    pub id: Option<i64>,
    pub news: Option<bool>,
    pub popup: Option<bool>,
    /// Oldest first (a FAQ reads in the order it was written); newest first otherwise.
    pub oldest_first: bool,
}

/// A page of posts, newest first (published ones by publication, others by their last change).
pub async fn list(db: &PgPool, f: &Filter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<PostRow>> {
    let order = if f.oldest_first { "ASC" } else { "DESC" };
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, count(*) OVER () AS total
           FROM posts p JOIN post_categories c ON c.id = p.category_id
          WHERE p.kind = $1
            AND ($2::bigint IS NULL OR p.author_id = $2)
            AND ($3::text IS NULL OR p.status = $3)
            AND ($4::boolean IS NULL OR (p.status = 'published') = $4)
            AND ($5::bigint IS NULL OR p.category_id = $5)
            AND ($6::text IS NULL OR c.slug = $6)
            AND ($7::text IS NULL OR p.title ILIKE $7 OR p.title_bn ILIKE $7
                 OR EXISTS (SELECT 1 FROM unnest(p.tags) t WHERE t ILIKE $7))
            AND ($8::bigint IS NULL OR p.id = $8)
            AND ($9::boolean IS NULL OR p.news = $9)
            AND ($10::boolean IS NULL OR p.popup = $10)
          ORDER BY coalesce(p.published_at, p.updated_at) {order}, p.id {order}
          LIMIT $11 OFFSET $12"
    )))
    .bind(f.kind)
    .bind(f.author)
    .bind(f.status)
    .bind(f.published)
    .bind(f.category_id)
    .bind(f.category_slug)
    .bind(f.pattern.as_deref())
    .bind(f.id)
    .bind(f.news)
    .bind(f.popup)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub async fn find(db: &PgPool, kind: &str, id: i64) -> sqlx::Result<Option<PostRow>> {
    let filter = Filter { kind, id: Some(id), ..Filter::default() };
    Ok(list(db, &filter, 1, 0).await?.into_iter().next())
}

/// What a writer sets on a post.
#[derive(Debug)]
pub struct PostFields {
    pub category_id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub summary: String,
    pub body: String,
    pub cover: Option<String>,
    pub video_url: Option<String>,
    pub duration_s: Option<i32>,
    pub link: Option<String>,
    pub news: bool,
    pub popup: bool,
    pub tags: Vec<String>,
    pub status: &'static str,
}

/// A query with a post's fields bound as $1 to $13, in the order of [`PostFields`].
fn with_fields<'q>(query: Query<'q, Postgres, PgArguments>, p: &'q PostFields) -> Query<'q, Postgres, PgArguments> {
    query
        .bind(p.category_id)
        .bind(&p.title)
        .bind(&p.title_bn)
        .bind(&p.summary)
        .bind(&p.body)
        .bind(&p.cover)
        .bind(&p.video_url)
        .bind(p.duration_s)
        .bind(&p.link)
        .bind(p.news)
        .bind(p.popup)
        .bind(&p.tags)
        .bind(p.status)
}

pub async fn insert(db: &PgPool, kind: &str, author: i64, p: &PostFields) -> sqlx::Result<i64> {
    let query = sqlx::query(
        "INSERT INTO posts (category_id, title, title_bn, summary, body, cover, video_url, duration_s, link, news, popup, tags,
                            status, published_at, kind, author_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, CASE WHEN $13 = 'published' THEN now() END, $14, $15)
         RETURNING id",
    );
    with_fields(query, p).bind(kind).bind(author).fetch_one(db).await?.try_get("id")
}

/// Writes a post's fields; a post published before and still published keeps its date.
pub async fn update(db: &PgPool, id: i64, p: &PostFields) -> sqlx::Result<()> {
    let query = sqlx::query(
        "UPDATE posts SET category_id = $1, title = $2, title_bn = $3, summary = $4, body = $5, cover = $6,
                video_url = $7, duration_s = $8, link = $9, news = $10, popup = $11, tags = $12, status = $13,
                published_at = CASE WHEN $13 = 'published' THEN coalesce(published_at, now()) END,
                reason = CASE WHEN $13 = 'published' THEN NULL ELSE reason END, updated_at = now()
          WHERE id = $14",
    );
    with_fields(query, p).bind(id).execute(db).await?;
    Ok(())
}

/// Publishes (a new publication date) or unpublishes, with the approver's reason.
pub async fn set_published(db: &PgPool, id: i64, publish: bool, reason: Option<&str>) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE posts SET status = CASE WHEN $2 THEN 'published' ELSE 'unpublished' END,
                published_at = CASE WHEN $2 THEN now() END, reason = $3, updated_at = now()
          WHERE id = $1",
    )
    .bind(id)
    .bind(publish)
    .bind(reason)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn delete(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM posts WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}
