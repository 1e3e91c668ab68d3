//! The chat beside a session's meeting (`put-chat`, `view-discussions`): the class's people write
//! during the session, and anyone who missed it reads it afterwards (the shared discussion board,
//! `crate::threads`, owned by the session).

use super::schedule::session_access;
use crate::pools::TenantDb;
use crate::state::AppState;
use crate::threads::{self, DiscussionPost, DiscussionThread, Member};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppQuery};
use control_plane::pagination::Page;
use control_plane::response::Data;
use control_plane::AppResult;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ChatQuery {
    pub session_id: i64,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// A session's chat, newest first, with replies.
#[utoipa::path(get, path = "/classroom/schedule/view-discussions", tag = "classroom", params(ChatQuery),
    responses((status = 200, body = Page<DiscussionThread>), (status = 401), (status = 404)))]
pub async fn view_chat(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ChatQuery>,
) -> AppResult<Json<Page<DiscussionThread>>> {
    let (session, a) = session_access(&db, q.session_id, &caller, &tenant).await?;
    let me = Member { user_id: a.user_id, moderator: a.part.manages() };
    Ok(Json(threads::CLASS_CHAT.page(&db, session.id, &me, q.page, q.limit).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ChatInput {
    pub session_id: i64,
    /// The message this answers; none for a new one.
    pub parent_id: Option<i64>,
    /// Plain text, at most 2000 characters.
    pub body: String,
}

/// Write in a session's chat.
#[utoipa::path(post, path = "/classroom/schedule/put-chat", tag = "classroom", request_body = ChatInput,
    responses((status = 201, body = Data<DiscussionPost>), (status = 401), (status = 404), (status = 422)))]
pub async fn put_chat(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ChatInput>,
) -> AppResult<(StatusCode, Json<Data<DiscussionPost>>)> {
    let (session, a) = session_access(&db, input.session_id, &caller, &tenant).await?;
    let me = Member { user_id: a.user_id, moderator: a.part.manages() };
    let name = control_plane::users::store::find(&app.ctl.db, a.user_id).await?.name;
    let post = threads::CLASS_CHAT.post(&db, session.id, input.parent_id, &me, &name, &input.body).await?;
    Ok((StatusCode::CREATED, Json(Data::new(post))))
}
