//! Discussions of a certificate exam: its candidates ask about the exam (the syllabus, the day,
//! the hall) and its teachers answer, on a board of `crate::threads`. Who takes part: the site's
//! authors (who may also remove any post) and the learners enrolled in one of the exam's batches
//! (who may remove their own).

use crate::courses::access::can_author;
use crate::courses::authoring::{Family, member_of};
use crate::learning::enrolment_store;
use crate::pools::TenantDb;
use crate::state::AppState;
use crate::threads::{self, DiscussionPost, DiscussionThread, Member};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::Page;
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// The caller's part in this certificate exam's discussions; 403 for a learner not enrolled in it.
async fn participant(caller: &Caller, tenant: &Tenant, db: &PgPool, course_id: i64) -> AppResult<Member> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    member_of(db, Family::Exams, course_id).await?;
    if can_author(caller, tenant) {
        return Ok(Member { user_id, moderator: true });
    }
    match enrolment_store::of_user(db, course_id, user_id).await? {
        Some(e) if e.status != "pending" => Ok(Member { user_id, moderator: false }),
        _ => Err(AppError::Forbidden),
    }
}

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
    Ok(Json(threads::EXAM.page(&db, q.course_id, &me, q.page, q.limit).await?))
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
    let name = control_plane::users::store::find(&app.ctl.db, me.user_id).await?.name;
    let post = threads::EXAM.post(&db, input.course_id, input.parent_id, &me, &name, &input.body).await?;
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
    let (course_id, _) = threads::EXAM.find(&db, id).await?;
    let me = participant(&caller, &tenant, &db, course_id).await?;
    threads::EXAM.remove(&db, id, &me).await?;
    Ok(Json(Data::done()))
}
