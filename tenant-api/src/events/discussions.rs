//! An event's discussion board (`crate::threads`): its approved registrants ask and its
//! managers answer, before, during and after the event.

use super::participant;
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
use control_plane::AppResult;
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

async fn member(db: &PgPool, event_id: i64, caller: &Caller, tenant: &Tenant) -> AppResult<Member> {
    let p = participant(db, event_id, caller, tenant).await?;
    Ok(Member { user_id: p.user_id, moderator: p.manager })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct BoardQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// An event's discussions: posts, newest first, each with its replies.
#[utoipa::path(get, path = "/event/discussios/{id}", tag = "events", params(("id" = i64, Path), BoardQuery),
    responses((status = 200, body = Page<DiscussionThread>), (status = 401), (status = 403), (status = 404)))]
pub async fn event_discussions(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<BoardQuery>,
) -> AppResult<Json<Page<DiscussionThread>>> {
    let me = member(&db, id, &caller, &tenant).await?;
    Ok(Json(threads::EVENT.page(&db, id, &me, q.page, q.limit).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EventPostInput {
    pub event_id: i64,
    /// The post this replies to; none for a new post.
    pub parent_id: Option<i64>,
    /// Plain text, at most 2000 characters.
    pub body: String,
}

/// Write a post, or a reply to one.
#[utoipa::path(post, path = "/event/discussion/create", tag = "events", request_body = EventPostInput,
    responses((status = 201, body = Data<DiscussionPost>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn create_discussion(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<EventPostInput>,
) -> AppResult<(StatusCode, Json<Data<DiscussionPost>>)> {
    let me = member(&db, input.event_id, &caller, &tenant).await?;
    let name = control_plane::users::store::find(&app.ctl.db, me.user_id).await?.name;
    let post = threads::EVENT.post(&db, input.event_id, input.parent_id, &me, &name, &input.body).await?;
    Ok((StatusCode::CREATED, Json(Data::new(post))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EditInput {
    pub id: i64,
    pub body: String,
}

/// Its writer corrects a post.
#[utoipa::path(post, path = "/event/discussion/update", tag = "events", request_body = EditInput,
    responses((status = 200, body = Data<DiscussionPost>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_discussion(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<EditInput>,
) -> AppResult<Json<Data<DiscussionPost>>> {
    let (event_id, _) = threads::EVENT.find(&db, input.id).await?;
    let me = member(&db, event_id, &caller, &tenant).await?;
    Ok(Json(Data::new(threads::EVENT.edit(&db, input.id, &me, &input.body).await?)))
}

/// Remove a post (its writer, or a manager); its replies stay.
#[utoipa::path(delete, path = "/event/discussion/{id}", tag = "events", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_discussion(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    let (event_id, _) = threads::EVENT.find(&db, id).await?;
    let me = member(&db, event_id, &caller, &tenant).await?;
    threads::EVENT.remove(&db, id, &me).await?;
    Ok(Json(Data::done()))
}
