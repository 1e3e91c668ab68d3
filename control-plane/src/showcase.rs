//! Partner posts on the main site (SPEC §7 `check-selected`): partner sites project their
//! published blogs and tutorials into `showcase_posts`, the super admin selects some, and the
//! main site lists the selected ones with links to the partners' pages. The projection holds
//! only what those public pages show, so no site reads another's schema.

use crate::auth::RequireSuper;
use crate::error::{AppError, AppResult};
use crate::json::{AppJson, AppPath, AppQuery};
use crate::pagination::{Page, PageQuery, PageRequest, contains_pattern};
use crate::response::Data;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ShowcasePost {
    pub id: i64,
    /// `blog` or `tutorial`.
    pub kind: String,
    pub post_id: i64,
    pub institution_id: i64,
    pub institution_name: String,
    pub institution_name_en: String,
    pub title: String,
    pub title_bn: Option<String>,
    pub summary: String,
    /// The cover picture's absolute address.
    pub cover: Option<String>,
    /// The post's page on its partner's site.
    pub url: String,
    pub published_at: DateTime<Utc>,
    pub selected: bool,
    #[serde(skip)]
    pub total: i64,
}

/// A published post as its site projects it.
pub struct Entry<'a> {
    pub institution_id: i64,
    pub kind: &'a str,
    pub post_id: i64,
    pub title: &'a str,
    pub title_bn: Option<&'a str>,
    pub summary: &'a str,
    pub cover: Option<&'a str>,
    pub url: &'a str,
    pub published_at: DateTime<Utc>,
}

/// (Re)projects a published post; its selection stays.
pub async fn upsert(db: &PgPool, e: Entry<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO showcase_posts (institution_id, kind, post_id, title, title_bn, summary, cover, url, published_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (institution_id, kind, post_id) DO UPDATE SET title = excluded.title, title_bn = excluded.title_bn,
             summary = excluded.summary, cover = excluded.cover, url = excluded.url, published_at = excluded.published_at",
    )
    .bind(e.institution_id)
    .bind(e.kind)
    .bind(e.post_id)
    .bind(e.title)
    .bind(e.title_bn)
    .bind(e.summary)
    .bind(e.cover)
    .bind(e.url)
    .bind(e.published_at)
    .execute(db)
    .await?;
    Ok(())
}

/// A post that is no longer published leaves the showcase (and its selection).
pub async fn remove(db: &PgPool, institution_id: i64, kind: &str, post_id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM showcase_posts WHERE institution_id = $1 AND kind = $2 AND post_id = $3")
        .bind(institution_id)
        .bind(kind)
        .bind(post_id)
        .execute(db)
        .await?;
    Ok(())
}

const SELECT: &str = "SELECT s.id, s.kind, s.post_id, s.institution_id, i.institution_name, i.institution_name_en, s.title,
        s.title_bn, s.summary, s.cover, s.url, s.published_at, s.selected_at IS NOT NULL AS selected, count(*) OVER () AS total
   FROM showcase_posts s JOIN institutions i ON i.id = s.institution_id AND i.state = 'active'";

async fn page(db: &PgPool, selected_only: bool, pattern: Option<&str>, request: PageRequest) -> sqlx::Result<Page<ShowcasePost>> {
    let fetch = async |limit: i64, offset: i64| -> sqlx::Result<Vec<ShowcasePost>> {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{SELECT} WHERE (NOT $1 OR s.selected_at IS NOT NULL)
                AND ($2::text IS NULL OR s.title ILIKE $2 OR s.title_bn ILIKE $2 OR i.institution_name ILIKE $2 OR i.institution_name_en ILIKE $2)
              ORDER BY CASE WHEN $1 THEN s.selected_at END DESC NULLS LAST, s.published_at DESC, s.id DESC LIMIT $3 OFFSET $4"
        )))
        .bind(selected_only)
        .bind(pattern)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await
    };
    let total = fetch(1, 0).await?.first().map_or(0, |p| p.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = fetch(request.per_page, offset).await?;
    Ok(Page { data, current_page, last_page, per_page: request.per_page, total })
}

async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<ShowcasePost>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE s.id = $1"))).bind(id).fetch_optional(db).await
}

/// The partner posts the main site shows, latest selected first.
#[utoipa::path(get, path = "/my-account/public/articles/check-selected", tag = "public", params(PageQuery),
    responses((status = 200, body = Page<ShowcasePost>)))]
pub async fn check_selected(State(ctl): State<ControlState>, AppQuery(q): AppQuery<PageQuery>) -> AppResult<Json<Page<ShowcasePost>>> {
    let request = PageRequest::new(q.page, q.limit.map(|l| l.min(24)), 6);
    Ok(Json(page(&ctl.db, true, None, request).await?))
}

/// One selected partner post (404 when it is not, or no longer, selected).
#[utoipa::path(get, path = "/my-account/public/articles/check-selected/{id}", tag = "public", params(("id" = i64, Path)),
    responses((status = 200, body = Data<ShowcasePost>), (status = 404)))]
pub async fn check_selected_one(State(ctl): State<ControlState>, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<ShowcasePost>>> {
    let post = find(&ctl.db, id).await?.filter(|p| p.selected).ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(post)))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShowcaseQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of a title or of the partner's name.
    pub search: Option<String>,
}

/// Every partner's published blogs and tutorials, for the super admin to choose from.
#[utoipa::path(get, path = "/my-account/showcase/posts", tag = "publishing", params(ShowcaseQuery),
    responses((status = 200, body = Page<ShowcasePost>), (status = 401), (status = 403)))]
pub async fn showcase_posts(State(ctl): State<ControlState>, _caller: RequireSuper, AppQuery(q): AppQuery<ShowcaseQuery>) -> AppResult<Json<Page<ShowcasePost>>> {
    let request = PageRequest::new(q.page, q.limit.map(|l| l.min(50)), 10);
    Ok(Json(page(&ctl.db, false, contains_pattern(q.search.as_deref()).as_deref(), request).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SelectInput {
    pub selected: bool,
}

/// Show a partner post on the main site, or stop showing it.
#[utoipa::path(put, path = "/my-account/showcase/select/{id}", tag = "publishing", params(("id" = i64, Path)), request_body = SelectInput,
    responses((status = 200, body = Data<ShowcasePost>), (status = 401), (status = 403), (status = 404)))]
pub async fn select(State(ctl): State<ControlState>, _caller: RequireSuper, AppPath(id): AppPath<i64>, AppJson(input): AppJson<SelectInput>) -> AppResult<Json<Data<ShowcasePost>>> {
    let changed = sqlx::query("UPDATE showcase_posts SET selected_at = CASE WHEN $2 THEN coalesce(selected_at, now()) END WHERE id = $1")
        .bind(id)
        .bind(input.selected)
        .execute(&ctl.db)
        .await?;
    if changed.rows_affected() == 0 {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::new(find(&ctl.db, id).await?.ok_or(AppError::NotFound)?)))
}
