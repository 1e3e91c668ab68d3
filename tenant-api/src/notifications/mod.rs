//! The bell: what the site tells each signed-in person (an enrolment approved…), their unread
//! count live over server-sent events, and marking read. Notifications are kept in the site's
//! own schema and are only ever their reader's.

pub mod live;
pub mod relay;
pub mod store;

use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::pagination::{Page, PageQuery, PageRequest};
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use futures::Stream;
use serde::Serialize;
use std::convert::Infallible;
use store::Notification;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Unread {
    pub unread: i64,
}

/// The caller's notifications on this site, newest first.
#[utoipa::path(get, path = "/my-account/notifications", tag = "auth", params(PageQuery),
    responses((status = 200, body = Page<Notification>), (status = 401)))]
pub async fn list(RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppQuery(q): AppQuery<PageQuery>) -> AppResult<Json<Page<Notification>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let request = PageRequest::new(q.page, q.limit, 10);
    let total = store::count(&db, user_id).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let data = store::list(&db, user_id, request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// How many of the caller's notifications are unread.
#[utoipa::path(get, path = "/my-account/notifications/unread", tag = "auth", responses((status = 200, body = Data<Unread>), (status = 401)))]
pub async fn unread(RequireUser(caller): RequireUser, TenantDb(db): TenantDb) -> AppResult<Json<Data<Unread>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    Ok(Json(Data::new(Unread { unread: store::unread(&db, user_id).await? })))
}

/// Marks one of the caller's notifications read.
#[utoipa::path(put, path = "/my-account/notifications/read/{id}", tag = "auth", params(("id" = i64, Path)),
    responses((status = 204), (status = 401), (status = 404)))]
pub async fn read(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<StatusCode> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    match store::mark_read(&db, tenant.id, user_id, id).await? {
        true => Ok(StatusCode::NO_CONTENT),
        false => Err(AppError::NotFound),
    }
}

/// Marks all the caller's notifications read.
#[utoipa::path(put, path = "/my-account/notifications/read-all", tag = "auth", responses((status = 204), (status = 401)))]
pub async fn read_all(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb) -> AppResult<StatusCode> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    store::mark_all_read(&db, tenant.id, user_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The caller's unread count, live: `event: unread`, `data: {"unread": n}` when the stream opens
/// and whenever the count changes.
#[utoipa::path(get, path = "/my-account/notifications/stream", tag = "auth",
    responses((status = 200, description = "text/event-stream", content_type = "text/event-stream"), (status = 401)))]
pub async fn stream(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
) -> AppResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let follow = live::Follow::new(app, tenant.id, user_id);
    Ok(Sse::new(futures::stream::unfold(follow, live::Follow::next)).keep_alive(KeepAlive::default()))
}
