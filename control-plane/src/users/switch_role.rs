//! `POST /my-account/user/switch-role/{id}`: act as one of your roles, or 0 for learner.

use super::user_info;
use crate::auth::{RequireUser, sessions};
use crate::error::{AppError, AppResult};
use crate::json::AppPath;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use crate::response::Data;
use super::UserInfo;

/// Switch the session's current role (0 = learner). Answers the user with the new current role.
#[utoipa::path(post, path = "/my-account/user/switch-role/{id}", tag = "auth",
    params(("id" = i64, Path, description = "membership id, 0 for learner")),
    responses((status = 200, body = Data<UserInfo>), (status = 403, description = "not your role")))]
pub async fn switch_role(
    State(ctl): State<ControlState>,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<UserInfo>>> {
    let membership = match id {
        0 => None,
        id => Some(caller.session.membership(id).cloned().ok_or(AppError::Forbidden)?),
    };
    sessions::set_current_membership(&ctl.db, caller.session.id, membership.as_ref().map(|m| m.id)).await?;
    ctl.sessions.forget(&caller.token).await;
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let info = user_info(&ctl.db, &ctl.config.public_base_url, user_id, membership.as_ref()).await?;
    Ok(Json(Data::new(info)))
}
