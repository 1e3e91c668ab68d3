//! Discussions of a certificate exam: its candidates ask about the exam (the syllabus, the day,
//! the hall) and its teachers answer. Posts with replies one level below them; plain text (shown
//! as text, never as HTML). Who takes part: the site's authors (who may also remove any post) and
//! the learners enrolled in one of the exam's batches (who may remove their own).

use crate::courses::access::can_author;
use crate::courses::authoring::{Family, member_of};
use crate::learning::enrolment_store;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

const MAX_BODY: usize = 2000;
/// Replies shown under a post; a thread longer than this is a conversation for elsewhere.
const MAX_REPLIES: i64 = 200;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct DiscussionPost {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub user_id: i64,
    pub user_name: String,
    /// Empty once removed.
    pub body: String,
    pub removed: bool,
    /// Written by one of the site's teachers or admins.
    pub by_teacher: bool,
    pub created_at: DateTime<Utc>,
    /// Whether the caller may remove it.
    #[sqlx(skip)]
    pub can_remove: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DiscussionThread {
    #[serde(flatten)]
    pub post: DiscussionPost,
    /// Oldest first.
    pub replies: Vec<DiscussionPost>,
}

/// Who is taking part: an author of the site, or an enrolled candidate.
struct Participant {
    user_id: i64,
    author: bool,
}

/// The caller's part in this certificate exam's discussions; 403 for a learner not enrolled in it.
async fn participant(caller: &Caller, tenant: &Tenant, db: &PgPool, course_id: i64) -> AppResult<Participant> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    member_of(db, Family::Exams, course_id).await?;
    if can_author(caller, tenant) {
        return Ok(Participant { user_id, author: true });
    }
    match enrolment_store::of_user(db, course_id, user_id).await? {
        Some(e) if e.status != "pending" => Ok(Participant { user_id, author: false }),
        _ => Err(AppError::Forbidden),
    }
}

const POST: &str = "SELECT id, parent_id, user_id, user_name, CASE WHEN removed_at IS NULL THEN body ELSE '' END AS body,
        removed_at IS NOT NULL AS removed, by_teacher, created_at FROM exam_discussions";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DiscussionQuery {
    /// The certificate exam.
    pub course_id: i64,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// A certificate exam's discussions: posts, newest first, each with its replies.
#[utoipa::path(get, path = "/assessment/discussions-one", tag = "assessment", params(DiscussionQuery),
    responses((status = 200, body = Page<DiscussionThread>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn view_discussions(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<DiscussionQuery>,
) -> AppResult<Json<Page<DiscussionThread>>> {
    let me = participant(&caller, &tenant, &db, q.course_id).await?;
    let request = PageRequest::new(q.page, q.limit, 10);
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM exam_discussions WHERE course_id = $1 AND parent_id IS NULL")
        .bind(q.course_id)
        .fetch_one(&*db)
        .await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let posts: Vec<DiscussionPost> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{POST} WHERE course_id = $1 AND parent_id IS NULL ORDER BY id DESC LIMIT $2 OFFSET $3")))
            .bind(q.course_id)
            .bind(request.per_page)
            .bind(offset)
            .fetch_all(&*db)
            .await?;
    let ids: Vec<i64> = posts.iter().map(|p| p.id).collect();
    let replies: Vec<DiscussionPost> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT r.* FROM unnest($1::int8[]) AS p(id),
                LATERAL ({POST} WHERE parent_id = p.id ORDER BY id LIMIT $2) r"
    )))
    .bind(&ids)
    .bind(MAX_REPLIES)
    .fetch_all(&*db)
    .await?;
    let allowed = |mut p: DiscussionPost| {
        p.can_remove = !p.removed && (me.author || p.user_id == me.user_id);
        p
    };
    let data = posts
        .into_iter()
        .map(|post| {
            let replies = replies.iter().filter(|r| r.parent_id == Some(post.id)).cloned().map(allowed).collect();
            DiscussionThread { post: allowed(post), replies }
        })
        .collect();
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DiscussionInput {
    pub course_id: i64,
    /// The post this replies to; none for a new post.
    pub parent_id: Option<i64>,
    /// Plain text, at most 2000 characters.
    pub body: String,
}

/// Write a post, or a reply to one.
#[utoipa::path(post, path = "/assessment/discussions-store", tag = "assessment", request_body = DiscussionInput,
    responses((status = 201, body = Data<DiscussionPost>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn store_discussion(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<DiscussionInput>,
) -> AppResult<(StatusCode, Json<Data<DiscussionPost>>)> {
    let me = participant(&caller, &tenant, &db, input.course_id).await?;
    let mut v = Validator::default();
    let body = v.text("body", &input.body, MAX_BODY);
    if let Some(parent) = input.parent_id {
        // Replies go under a post of the same exam, one level deep.
        let top: Option<bool> = sqlx::query_scalar("SELECT parent_id IS NULL AND removed_at IS NULL FROM exam_discussions WHERE id = $1 AND course_id = $2")
            .bind(parent)
            .bind(input.course_id)
            .fetch_optional(&*db)
            .await?;
        if top != Some(true) {
            v.add("parent_id", "invalid_choice", None);
        }
    }
    v.finish()?;
    let name = control_plane::users::store::find(&app.ctl.db, me.user_id).await?.name;
    let mut post: DiscussionPost = sqlx::query_as(
        "INSERT INTO exam_discussions (course_id, parent_id, user_id, user_name, body, by_teacher) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, parent_id, user_id, user_name, body, false AS removed, by_teacher, created_at",
    )
    .bind(input.course_id)
    .bind(input.parent_id)
    .bind(me.user_id)
    .bind(&name)
    .bind(&body)
    .bind(me.author)
    .fetch_one(&*db)
    .await?;
    post.can_remove = true;
    Ok((StatusCode::CREATED, Json(Data::new(post))))
}

/// Remove a post (its writer, or one of the site's authors); its replies stay.
#[utoipa::path(delete, path = "/assessment/discussions/{id}", tag = "assessment", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn remove_discussion(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    let (course_id, writer): (i64, i64) = sqlx::query_as("SELECT course_id, user_id FROM exam_discussions WHERE id = $1 AND removed_at IS NULL")
        .bind(id)
        .fetch_optional(&*db)
        .await?
        .ok_or(AppError::NotFound)?;
    let me = participant(&caller, &tenant, &db, course_id).await?;
    if !me.author && writer != me.user_id {
        return Err(AppError::Forbidden);
    }
    sqlx::query("UPDATE exam_discussions SET removed_at = now() WHERE id = $1").bind(id).execute(&*db).await?;
    Ok(Json(Data::done()))
}
