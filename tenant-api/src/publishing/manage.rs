//! What writers and approvers call: their lists, storing and updating posts, publishing and
//! deleting them. The three types share every rule; only their paths differ (the spec's own:
//! blogs are updated with the id in the body, tutorials and articles with it in the path).

use super::showcase;
use super::store::{self, Filter, PostFields, PostRow};
use super::{Category, Kind, Post, Reach, is_media_url, parse_duration, plain_text, reach, sanitize, views};
use crate::courses::syllabus::is_http_url;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

const STATUSES: [&str; 4] = ["draft", "submitted", "published", "unpublished"];
/// A post's text, HTML included; far above any article, far below the edge's body limit.
const MAX_BODY_CHARS: usize = 500_000;

fn require(caller: &Caller, tenant: &Tenant, kind: Kind) -> AppResult<Reach> {
    reach(caller, tenant, kind).ok_or(AppError::Forbidden)
}

/// A post the caller may change: any of the site's for approvers (articles: its admin), their
/// own for writers; another's is as absent as one that does not exist.
async fn editable(db: &PgPool, kind: Kind, reach: Reach, id: i64) -> AppResult<PostRow> {
    store::find(db, kind.as_str(), id)
        .await?
        .filter(|p| reach.approves() || p.author_id == reach.user())
        .ok_or(AppError::NotFound)
}

async fn one(app: &AppState, db: &PgPool, kind: Kind, id: i64) -> AppResult<Post> {
    let row = store::find(db, kind.as_str(), id).await?.ok_or(AppError::NotFound)?;
    Ok(views(&app.ctl.db, vec![row], true).await?.remove(0))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PostQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of a title (either language) or a tag.
    pub search: Option<String>,
    /// The same as `search` (the spec's older name).
    pub key: Option<String>,
    pub category_id: Option<i64>,
    /// `draft`, `submitted`, `published`, `unpublished`; `1` published, `0` not.
    pub publish: Option<String>,
    /// That one post, with its text.
    pub id: Option<i64>,
}

async fn list(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, kind: Kind, q: PostQuery) -> AppResult<Json<Page<Post>>> {
    let reach = require(caller, tenant, kind)?;
    let (status, published) = match q.publish.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => (None, None),
        Some("1") => (None, Some(true)),
        Some("0") => (None, Some(false)),
        Some(s) if STATUSES.contains(&s) => (Some(s), None),
        Some(_) => return Err(AppError::unprocessable("publish", "invalid_choice")),
    };
    let filter = Filter {
        kind: kind.as_str(),
        author: (!reach.approves()).then_some(reach.user()),
        status,
        published,
        category_id: q.category_id,
        pattern: contains_pattern(q.search.as_deref().or(q.key.as_deref())),
        id: q.id,
        ..Filter::default()
    };
    let request = PageRequest::new(q.page, q.limit.map(|l| l.min(50)), 10);
    let total = store::list(db, &filter, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::list(db, &filter, request.per_page, offset).await?;
    let data = views(&app.ctl.db, rows, q.id.is_some()).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PostInput {
    /// Blogs' update names the post here.
    pub id: Option<i64>,
    pub title: String,
    pub title_bn: Option<String>,
    pub category_id: Option<i64>,
    /// Plain text; empty: the start of the body's text.
    pub summary: Option<String>,
    /// HTML; sanitised.
    pub body: String,
    /// `/post-media/<name>` or an http(s) URL.
    pub cover: Option<String>,
    /// Tutorials (required): an http(s) URL or `/post-media/<name>`.
    pub video_url: Option<String>,
    /// Tutorials: `HH:mm:ss`.
    pub duration: Option<String>,
    /// Articles: where the announcement banner leads.
    pub link: Option<String>,
    /// Articles: the announcement banner.
    pub news: bool,
    /// Articles: the popup news.
    pub popup: bool,
    pub tags: Vec<String>,
    /// Blogs and tutorials: send for approval (otherwise a draft).
    pub submit: bool,
    /// Articles: publish at once.
    pub publish: bool,
}

/// The input checked, every problem at once, into what is stored.
async fn fields(db: &PgPool, kind: Kind, reach: Reach, input: &PostInput, current: Option<&PostRow>) -> AppResult<PostFields> {
    let mut v = Validator::default();
    let title = v.text("title", &input.title, 200);
    let title_bn = v.optional_text("title_bn", input.title_bn.as_deref().unwrap_or_default(), 200);
    let category_id = match input.category_id {
        None => {
            v.add("category_id", "required", None);
            0
        }
        Some(id) if store::category(db, kind.as_str(), id).await?.is_none() => {
            v.add("category_id", "invalid_choice", None);
            id
        }
        Some(id) => id,
    };
    let body = sanitize(&input.body);
    if body.chars().count() > MAX_BODY_CHARS {
        v.add("body", "too_long", Some(MAX_BODY_CHARS));
    } else if plain_text(&body, 1).is_empty() && !body.contains("<img") && !body.contains("<iframe") {
        v.add("body", "required", None);
    }
    let summary = v.optional_text("summary", input.summary.as_deref().unwrap_or_default(), 300).unwrap_or_else(|| plain_text(&body, 300));
    let mut url = |field: &str, value: Option<&str>, valid: fn(&str) -> bool| {
        let value = v.optional_text(field, value.unwrap_or_default(), 2000);
        if value.as_deref().is_some_and(|u| !valid(u)) {
            v.add(field, "invalid_url", None);
        }
        value
    };
    let cover = url("cover", input.cover.as_deref(), is_media_url);
    let video_url = if kind == Kind::Tutorial { url("video_url", input.video_url.as_deref(), is_media_url) } else { None };
    let link = if kind == Kind::Article { url("link", input.link.as_deref(), is_http_url) } else { None };
    if kind == Kind::Tutorial && video_url.is_none() && !v.has("video_url") {
        v.add("video_url", "required", None);
    }
    let duration_s = match input.duration.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) if kind == Kind::Tutorial => {
            let seconds = parse_duration(d);
            if seconds.is_none() {
                v.add("duration", "duration_not_hms", None);
            }
            seconds
        }
        _ => None,
    };
    let mut tags: Vec<String> = Vec::new();
    for tag in &input.tags {
        if let Some(tag) = v.optional_text("tags", tag, 40) {
            if !tags.iter().any(|t| t.to_lowercase() == tag.to_lowercase()) {
                tags.push(tag);
            }
        }
    }
    if tags.len() > 10 {
        v.add("tags", "too_long", Some(10));
    }
    v.finish()?;
    let was_published = current.is_some_and(|p| p.status == "published");
    let status = match kind {
        Kind::Article if input.publish => "published",
        Kind::Article => "draft",
        // An approver's correction leaves a published post on the site.
        _ if was_published && reach.approves() => "published",
        _ if input.submit => "submitted",
        _ => "draft",
    };
    let article = kind == Kind::Article;
    Ok(PostFields {
        category_id,
        title,
        title_bn,
        summary,
        body,
        cover,
        video_url,
        duration_s,
        link,
        news: article && input.news,
        popup: article && input.popup,
        tags,
        status,
    })
}

async fn store_post(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, kind: Kind, input: PostInput) -> AppResult<(StatusCode, Json<Data<Post>>)> {
    let reach = require(caller, tenant, kind)?;
    let fields = fields(db, kind, reach, &input, None).await?;
    let id = store::insert(db, kind.as_str(), reach.user(), &fields).await?;
    Ok((StatusCode::CREATED, Json(Data::new(one(app, db, kind, id).await?))))
}

async fn update_post(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, kind: Kind, id: i64, input: PostInput) -> AppResult<Json<Data<Post>>> {
    let reach = require(caller, tenant, kind)?;
    let current = editable(db, kind, reach, id).await?;
    let fields = fields(db, kind, reach, &input, Some(&current)).await?;
    store::update(db, id, &fields).await?;
    showcase::project(app, tenant, db, kind, id).await?;
    Ok(Json(Data::new(one(app, db, kind, id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
#[schema(as = PostPublishInput)]
pub struct PublishInput {
    pub id: i64,
    /// true: publish; false: unpublish.
    pub publish: bool,
    /// Why it is unpublished (shown to its writer).
    pub reason: Option<String>,
}

async fn publish_post(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, kind: Kind, input: PublishInput) -> AppResult<Json<Data<Post>>> {
    let reach = require(caller, tenant, kind)?;
    if !reach.approves() {
        return Err(AppError::Forbidden);
    }
    let post = editable(db, kind, reach, input.id).await?;
    let mut v = Validator::default();
    let reason = v.optional_text("reason", input.reason.as_deref().unwrap_or_default(), 500);
    v.finish()?;
    // A writer's draft is not theirs to publish yet; the site's own pages are the admin's.
    if input.publish && post.status == "draft" && kind != Kind::Article {
        return Err(AppError::unprocessable("id", "still_a_draft"));
    }
    if !input.publish && post.status != "published" {
        return Err(AppError::unprocessable("id", "not_published"));
    }
    store::set_published(db, post.id, input.publish, if input.publish { None } else { reason.as_deref() }).await?;
    showcase::project(app, tenant, db, kind, post.id).await?;
    Ok(Json(Data::new(one(app, db, kind, post.id).await?)))
}

async fn delete_post(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, kind: Kind, id: i64) -> AppResult<Json<Data<Done>>> {
    let reach = require(caller, tenant, kind)?;
    let post = editable(db, kind, reach, id).await?;
    store::delete(db, post.id).await?;
    showcase::project(app, tenant, db, kind, post.id).await?;
    Ok(Json(Data::done()))
}

/// The list, store, publish and delete calls of one type, each with its own documented path.
macro_rules! post_calls {
    ($kind:expr, $tag:tt, $view:ident = $view_path:tt, $store:ident = $store_path:tt, $publish:ident = $publish_path:tt, $delete:ident = $delete_path:tt) => {
        /// The caller's posts of this type (every one of the site's for approvers), newest first.
        #[utoipa::path(get, path = $view_path, tag = $tag, params(PostQuery),
            responses((status = 200, body = Page<Post>), (status = 401), (status = 403), (status = 422)))]
        pub async fn $view(
            State(app): State<AppState>,
            HostTenant(tenant): HostTenant,
            RequireUser(caller): RequireUser,
            TenantDb(db): TenantDb,
            AppQuery(q): AppQuery<PostQuery>,
        ) -> AppResult<Json<Page<Post>>> {
            list(&app, &tenant, &caller, &db, $kind, q).await
        }

        /// A new post: a draft, or sent for approval (`submit`); articles published at once with `publish`.
        #[utoipa::path(post, path = $store_path, tag = $tag, request_body = PostInput,
            responses((status = 201, body = Data<Post>), (status = 401), (status = 403), (status = 422)))]
        pub async fn $store(
            State(app): State<AppState>,
            HostTenant(tenant): HostTenant,
            RequireUser(caller): RequireUser,
            TenantDb(db): TenantDb,
            AppJson(input): AppJson<PostInput>,
        ) -> AppResult<(StatusCode, Json<Data<Post>>)> {
            store_post(&app, &tenant, &caller, &db, $kind, input).await
        }

        /// Publish or unpublish (approvers; the site's admin for articles).
        #[utoipa::path(put, path = $publish_path, tag = $tag, request_body = PublishInput,
            responses((status = 200, body = Data<Post>), (status = 401), (status = 403), (status = 404),
                (status = 422, description = "still_a_draft, not_published")))]
        pub async fn $publish(
            State(app): State<AppState>,
            HostTenant(tenant): HostTenant,
            RequireUser(caller): RequireUser,
            TenantDb(db): TenantDb,
            AppJson(input): AppJson<PublishInput>,
        ) -> AppResult<Json<Data<Post>>> {
            publish_post(&app, &tenant, &caller, &db, $kind, input).await
        }

        #[utoipa::path(delete, path = $delete_path, tag = $tag, params(("id" = i64, Path)),
            responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
        pub async fn $delete(
            State(app): State<AppState>,
            HostTenant(tenant): HostTenant,
            RequireUser(caller): RequireUser,
            TenantDb(db): TenantDb,
            AppPath(id): AppPath<i64>,
        ) -> AppResult<Json<Data<Done>>> {
            delete_post(&app, &tenant, &caller, &db, $kind, id).await
        }
    };
}

post_calls!(Kind::Blog, "publishing", view_blogs = "/my-account/blogs/view", store_blog = "/my-account/blogs/store",
    publish_blog = "/my-account/blogs/publish", delete_blog = "/my-account/blogs/delete/{id}");
post_calls!(Kind::Tutorial, "publishing", view_tutorials = "/my-account/tutorials/view", store_tutorial = "/my-account/tutorials/store",
    publish_tutorial = "/my-account/tutorials/publish", delete_tutorial = "/my-account/tutorials/delete/{id}");
post_calls!(Kind::Article, "publishing", view_articles = "/my-account/articles/view", store_article = "/my-account/articles/store",
    publish_article = "/my-account/articles/publish", delete_article = "/my-account/articles/delete/{id}");

/// Change a blog post (its id in the body).
#[utoipa::path(put, path = "/my-account/blogs/update", tag = "publishing", request_body = PostInput,
    responses((status = 200, body = Data<Post>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_blog(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PostInput>,
) -> AppResult<Json<Data<Post>>> {
    let id = input.id.ok_or_else(|| AppError::unprocessable("id", "required"))?;
    update_post(&app, &tenant, &caller, &db, Kind::Blog, id, input).await
}

/// Change a tutorial.
#[utoipa::path(put, path = "/my-account/tutorials/update/{id}", tag = "publishing", params(("id" = i64, Path)), request_body = PostInput,
    responses((status = 200, body = Data<Post>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_tutorial(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<PostInput>,
) -> AppResult<Json<Data<Post>>> {
    update_post(&app, &tenant, &caller, &db, Kind::Tutorial, id, input).await
}

/// Change an article.
#[utoipa::path(put, path = "/my-account/articles/update/{id}", tag = "publishing", params(("id" = i64, Path)), request_body = PostInput,
    responses((status = 200, body = Data<Post>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_article(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<PostInput>,
) -> AppResult<Json<Data<Post>>> {
    update_post(&app, &tenant, &caller, &db, Kind::Article, id, input).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CategoryQuery {
    /// `blog`, `tutorial` or `article` (the default).
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

/// The site's categories of one type of post (open to anyone: the public lists filter by them).
#[utoipa::path(get, path = "/my-account/articles/view-categories", tag = "publishing", params(CategoryQuery),
    responses((status = 200, body = Data<Vec<Category>>), (status = 422)))]
pub async fn view_categories(TenantDb(db): TenantDb, AppQuery(q): AppQuery<CategoryQuery>) -> AppResult<Json<Data<Vec<Category>>>> {
    let kind = match q.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => Kind::Article,
        Some(k) => Kind::parse(k).ok_or_else(|| AppError::unprocessable("type", "invalid_choice"))?,
    };
    let rows = store::categories(&db, kind.as_str()).await?;
    Ok(Json(Data::new(rows.into_iter().map(Into::into).collect())))
}
