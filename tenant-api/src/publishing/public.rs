//! What anyone reads: the site's published blogs, tutorials and articles, and its own pages
//! (about, FAQ, news, the announcement banner and the popup news). Nothing unpublished, nothing of
//! another site: a post that is not there answers 404.

use super::store::{self, Filter};
use super::{Kind, Post, views};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::json::{AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PublicQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub category_id: Option<i64>,
    /// Part of a title (either language) or a tag.
    pub search: Option<String>,
    /// The same as `search` (articles' name for it).
    pub title: Option<String>,
}

async fn list(app: &AppState, db: &PgPool, kind: Kind, q: PublicQuery) -> AppResult<Json<Page<Post>>> {
    let filter = Filter {
        kind: kind.as_str(),
        published: Some(true),
        category_id: q.category_id,
        pattern: contains_pattern(q.search.as_deref().or(q.title.as_deref())),
        ..Filter::default()
    };
    let request = PageRequest::new(q.page, q.limit.map(|l| l.min(50)), 12);
    let total = store::list(db, &filter, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::list(db, &filter, request.per_page, offset).await?;
    Ok(Json(Page { data: views(&app.ctl.db, rows, false).await?, current_page, last_page, per_page: request.per_page, total }))
}

/// One published post of the site, with its text.
pub async fn published(app: &AppState, db: &PgPool, kind: Kind, id: i64) -> AppResult<Post> {
    let row = store::find(db, kind.as_str(), id).await?.filter(|p| p.status == "published").ok_or(AppError::NotFound)?;
    Ok(views(&app.ctl.db, vec![row], true).await?.remove(0))
}

/// Published articles of one of the site's pages, or flagged for the banner or the popup.
async fn articles(app: &AppState, db: &PgPool, filter: Filter<'_>, limit: i64) -> AppResult<Vec<Post>> {
    let filter = Filter { kind: Kind::Article.as_str(), published: Some(true), ..filter };
    Ok(views(&app.ctl.db, store::list(db, &filter, limit, 0).await?, true).await?)
}

#[utoipa::path(get, path = "/my-account/public/blogs/view", tag = "public", params(PublicQuery),
    responses((status = 200, body = Page<Post>)))]
pub async fn public_blogs(State(app): State<AppState>, TenantDb(db): TenantDb, AppQuery(q): AppQuery<PublicQuery>) -> AppResult<Json<Page<Post>>> {
    list(&app, &db, Kind::Blog, q).await
}

#[utoipa::path(get, path = "/my-account/public/blogs/view/{id}", tag = "public", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Post>), (status = 404)))]
pub async fn public_blog(State(app): State<AppState>, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Post>>> {
    Ok(Json(Data::new(published(&app, &db, Kind::Blog, id).await?)))
}

#[utoipa::path(get, path = "/my-account/public/tutorials/view", tag = "public", params(PublicQuery),
    responses((status = 200, body = Page<Post>)))]
pub async fn public_tutorials(State(app): State<AppState>, TenantDb(db): TenantDb, AppQuery(q): AppQuery<PublicQuery>) -> AppResult<Json<Page<Post>>> {
    list(&app, &db, Kind::Tutorial, q).await
}

/// The same list for the mobile app (SPEC §7 names this path too).
#[utoipa::path(get, path = "/api/tutorials/get", tag = "public", params(PublicQuery),
    responses((status = 200, body = Page<Post>)))]
pub async fn api_tutorials(State(app): State<AppState>, TenantDb(db): TenantDb, AppQuery(q): AppQuery<PublicQuery>) -> AppResult<Json<Page<Post>>> {
    list(&app, &db, Kind::Tutorial, q).await
}

#[utoipa::path(get, path = "/my-account/public/tutorials/view-details/{id}", tag = "public", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Post>), (status = 404)))]
pub async fn public_tutorial(State(app): State<AppState>, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Post>>> {
    Ok(Json(Data::new(published(&app, &db, Kind::Tutorial, id).await?)))
}

#[utoipa::path(get, path = "/my-account/public/articles/view", tag = "public", params(PublicQuery),
    responses((status = 200, body = Page<Post>)))]
pub async fn public_articles(State(app): State<AppState>, TenantDb(db): TenantDb, AppQuery(q): AppQuery<PublicQuery>) -> AppResult<Json<Page<Post>>> {
    list(&app, &db, Kind::Article, q).await
}

#[utoipa::path(get, path = "/my-account/public/articles/view-details/{id}", tag = "public", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Post>), (status = 404)))]
pub async fn public_article(State(app): State<AppState>, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Post>>> {
    Ok(Json(Data::new(published(&app, &db, Kind::Article, id).await?)))
}

/// The site's about page: its newest article of category `about`, or null.
#[utoipa::path(get, path = "/my-account/public/articles/about-us", tag = "public", responses((status = 200, body = Data<Option<Post>>)))]
pub async fn about_us(State(app): State<AppState>, TenantDb(db): TenantDb) -> AppResult<Json<Data<Option<Post>>>> {
    Ok(Json(Data::new(about(&app, &db).await?)))
}

pub async fn about(app: &AppState, db: &PgPool) -> AppResult<Option<Post>> {
    Ok(articles(app, db, Filter { category_slug: Some("about"), ..Filter::default() }, 1).await?.into_iter().next())
}

/// The FAQ: category `faq`, in the order written.
#[utoipa::path(get, path = "/my-account/public/articles/faqs", tag = "public", responses((status = 200, body = Data<Vec<Post>>)))]
pub async fn faqs(State(app): State<AppState>, TenantDb(db): TenantDb) -> AppResult<Json<Data<Vec<Post>>>> {
    let filter = Filter { category_slug: Some("faq"), oldest_first: true, ..Filter::default() };
    Ok(Json(Data::new(articles(&app, &db, filter, 100).await?)))
}

/// The news: category `news`, newest first.
#[utoipa::path(get, path = "/my-account/public/articles/news", tag = "public", responses((status = 200, body = Data<Vec<Post>>)))]
pub async fn news(State(app): State<AppState>, TenantDb(db): TenantDb) -> AppResult<Json<Data<Vec<Post>>>> {
    Ok(Json(Data::new(articles(&app, &db, Filter { category_slug: Some("news"), ..Filter::default() }, 20).await?)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PopupAndNews {
    /// The announcement banner.
    pub news: Option<Post>,
    /// The popup news.
    pub popup: Option<Post>,
}

/// What every page shows on top: the newest article flagged for the banner, and for the popup.
#[utoipa::path(get, path = "/my-account/public/articles/popup_and_news", tag = "public", responses((status = 200, body = Data<PopupAndNews>)))]
pub async fn popup_and_news(State(app): State<AppState>, TenantDb(db): TenantDb) -> AppResult<Json<Data<PopupAndNews>>> {
    let news = articles(&app, &db, Filter { news: Some(true), ..Filter::default() }, 1).await?.into_iter().next();
    let popup = articles(&app, &db, Filter { popup: Some(true), ..Filter::default() }, 1).await?.into_iter().next();
    Ok(Json(Data::new(PopupAndNews { news, popup })))
}
