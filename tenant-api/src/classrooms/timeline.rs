//! A class's timeline (`/classroom/timeline/*`): its people post and comment (the shared
//! discussion board, `crate::threads`); teachers pin posts, which are shown first. The first load
//! takes 10 posts and later loads ask for the next ones by `skip` (SPEC §5).

use super::{Access, access, live};
use crate::pools::TenantDb;
use crate::state::AppState;
use crate::threads::{self, DiscussionPost, DiscussionThread, Member};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

const MAX_TAKE: i64 = 50;
/// Pinned posts shown at once: a board of pins is no longer a highlight.
const MAX_PINNED: i64 = 20;

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TimelinePost)]
pub struct Post {
    #[serde(flatten)]
    pub post: DiscussionPost,
    pub pinned: bool,
    /// Oldest first.
    pub comments: Vec<DiscussionPost>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TimelinePage {
    pub data: Vec<Post>,
    pub total: i64,
    pub skip: i64,
    pub take: i64,
}

fn member(a: &Access) -> Member {
    Member { user_id: a.user_id, moderator: a.part.manages() }
}

async fn pinned_ids(db: &PgPool, classroom_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT id FROM classroom_posts WHERE classroom_id = $1 AND pinned_at IS NOT NULL").bind(classroom_id).fetch_all(db).await
}

async fn posts(db: &PgPool, classroom_id: i64, threads: Vec<DiscussionThread>) -> AppResult<Vec<Post>> {
    let pinned = pinned_ids(db, classroom_id).await?;
    Ok(threads.into_iter().map(|t| Post { pinned: pinned.contains(&t.post.id), post: t.post, comments: t.replies }).collect())
}

/// One post as the caller sees it, with its comments.
async fn one(db: &PgPool, a: &Access, id: i64) -> AppResult<Post> {
    let thread = threads::CLASSROOM.thread(db, id, &member(a)).await?;
    posts(db, a.class.id, vec![thread]).await?.pop().ok_or(AppError::NotFound)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct TimelineQuery {
    /// The classroom.
    pub course_batch_id: i64,
    pub skip: Option<i64>,
    /// At most 50; default 10.
    pub take: Option<i64>,
}

/// A class's posts, newest first.
#[utoipa::path(get, path = "/classroom/timeline/view", tag = "timeline", params(TimelineQuery),
    responses((status = 200, body = TimelinePage), (status = 401), (status = 404), (status = 422)))]
pub async fn view_timeline(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<TimelineQuery>,
) -> AppResult<Json<TimelinePage>> {
    let a = access(&db, q.course_batch_id, &caller, &tenant).await?;
    Ok(Json(page(&db, &a, &q).await?))
}

/// Posts of a class the caller takes part in, newest first, from `skip`.
pub async fn page(db: &PgPool, a: &Access, q: &TimelineQuery) -> AppResult<TimelinePage> {
    let skip = q.skip.unwrap_or(0);
    let take = q.take.unwrap_or(10);
    if skip < 0 {
        return Err(AppError::unprocessable("skip", "out_of_range"));
    }
    if !(1..=MAX_TAKE).contains(&take) {
        return Err(AppError::unprocessable("take", "out_of_range"));
    }
    let total = threads::CLASSROOM.count(db, a.class.id, "true").await?;
    let page = threads::CLASSROOM.threads(db, a.class.id, &member(a), "true", "id DESC", take, skip).await?;
    Ok(TimelinePage { data: posts(db, a.class.id, page).await?, total, skip, take })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PinnedQuery {
    /// The classroom.
    pub course_batch_id: i64,
}

/// A class's pinned posts, latest pin first.
#[utoipa::path(get, path = "/classroom/timeline/view-pin-post", tag = "timeline", params(PinnedQuery),
    responses((status = 200, body = Data<Vec<Post>>), (status = 401), (status = 404)))]
pub async fn view_pinned(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<PinnedQuery>,
) -> AppResult<Json<Data<Vec<Post>>>> {
    let a = access(&db, q.course_batch_id, &caller, &tenant).await?;
    let pinned = threads::CLASSROOM
        .threads(&db, a.class.id, &member(&a), "pinned_at IS NOT NULL AND removed_at IS NULL", "pinned_at DESC", MAX_PINNED, 0)
        .await?;
    Ok(Json(Data::new(posts(&db, a.class.id, pinned).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TimelinePostInput {
    /// The classroom.
    pub course_batch_id: i64,
    /// Plain text, at most 2000 characters.
    pub body: String,
}

async fn writer_name(app: &AppState, user_id: i64) -> AppResult<String> {
    Ok(control_plane::users::store::find(&app.ctl.db, user_id).await?.name)
}

/// Write a post.
#[utoipa::path(post, path = "/classroom/timeline/create", tag = "timeline", request_body = TimelinePostInput,
    responses((status = 201, body = Data<Post>), (status = 401), (status = 404), (status = 422)))]
pub async fn create_post(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<TimelinePostInput>,
) -> AppResult<(StatusCode, Json<Data<Post>>)> {
    let a = access(&db, input.course_batch_id, &caller, &tenant).await?;
    Ok((StatusCode::CREATED, Json(Data::new(write(&app, &tenant, &db, &a, &input.body).await?))))
}

/// Writes a post on the timeline of a class the caller takes part in, and tells the open pages.
pub async fn write(app: &AppState, tenant: &Tenant, db: &PgPool, a: &Access, body: &str) -> AppResult<Post> {
    let name = writer_name(app, a.user_id).await?;
    let post = threads::CLASSROOM.post(db, a.class.id, None, &member(a), &name, body).await?;
    live::announce(db, tenant.id, a.class.id).await?;
    Ok(Post { post, pinned: false, comments: Vec::new() })
}

/// The class a post or comment belongs to, with the caller's access to it.
async fn owner(db: &PgPool, id: i64, caller: &Caller, tenant: &Tenant) -> AppResult<Access> {
    let (classroom_id, _) = threads::CLASSROOM.find(db, id).await?;
    access(db, classroom_id, caller, tenant).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BodyInput {
    pub body: String,
}

/// Its writer corrects a post.
#[utoipa::path(put, path = "/classroom/timeline/update/{id}", tag = "timeline", params(("id" = i64, Path)), request_body = BodyInput,
    responses((status = 200, body = Data<Post>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_post(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<BodyInput>,
) -> AppResult<Json<Data<Post>>> {
    let a = owner(&db, id, &caller, &tenant).await?;
    threads::CLASSROOM.edit(&db, id, &member(&a), &input.body).await?;
    Ok(Json(Data::new(one(&db, &a, id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PinInput {
    pub pinned: Option<bool>,
}

/// Pin a post to the top of the timeline, or unpin it (the class's teachers and the site's admins).
#[utoipa::path(put, path = "/classroom/timeline/pin-post/{id}", tag = "timeline", params(("id" = i64, Path)), request_body = PinInput,
    responses((status = 200, body = Data<Post>), (status = 401), (status = 403), (status = 404)))]
pub async fn pin_post(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<PinInput>,
) -> AppResult<Json<Data<Post>>> {
    let a = owner(&db, id, &caller, &tenant).await?.manager()?;
    let done = sqlx::query("UPDATE classroom_posts SET pinned_at = CASE WHEN $2 THEN now() END WHERE id = $1 AND parent_id IS NULL AND removed_at IS NULL")
        .bind(id)
        .bind(input.pinned.unwrap_or(true))
        .execute(&*db)
        .await?
        .rows_affected();
    if done == 0 {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::new(one(&db, &a, id).await?)))
}

/// Remove a post (its writer, the class's teachers, the site's admins); its comments stay readable.
#[utoipa::path(delete, path = "/classroom/timeline/delete/{id}", tag = "timeline", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_post(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    let a = owner(&db, id, &caller, &tenant).await?;
    threads::CLASSROOM.remove(&db, id, &member(&a)).await?;
    sqlx::query("UPDATE classroom_posts SET pinned_at = NULL WHERE id = $1").bind(id).execute(&*db).await?;
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CommentInput {
    /// The post.
    pub timeline_id: i64,
    pub body: String,
}

/// Comment on a post.
#[utoipa::path(post, path = "/classroom/timeline/post-comment", tag = "timeline", request_body = CommentInput,
    responses((status = 201, body = Data<DiscussionPost>), (status = 401), (status = 404), (status = 422)))]
pub async fn post_comment(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CommentInput>,
) -> AppResult<(StatusCode, Json<Data<DiscussionPost>>)> {
    let a = owner(&db, input.timeline_id, &caller, &tenant).await?;
    let name = writer_name(&app, a.user_id).await?;
    let comment = threads::CLASSROOM.post(&db, a.class.id, Some(input.timeline_id), &member(&a), &name, &input.body).await?;
    live::announce(&db, tenant.id, a.class.id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(comment))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CommentEditInput {
    pub id: i64,
    pub body: String,
}

/// Its writer corrects a comment.
#[utoipa::path(put, path = "/classroom/timeline/update-comment", tag = "timeline", request_body = CommentEditInput,
    responses((status = 200, body = Data<DiscussionPost>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_comment(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CommentEditInput>,
) -> AppResult<Json<Data<DiscussionPost>>> {
    let a = owner(&db, input.id, &caller, &tenant).await?;
    Ok(Json(Data::new(threads::CLASSROOM.edit(&db, input.id, &member(&a), &input.body).await?)))
}

/// Remove a comment (its writer, the class's teachers, the site's admins).
#[utoipa::path(delete, path = "/classroom/timeline/delete-comment/{id}", tag = "timeline", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_comment(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    let a = owner(&db, id, &caller, &tenant).await?;
    threads::CLASSROOM.remove(&db, id, &member(&a)).await?;
    Ok(Json(Data::done()))
}
