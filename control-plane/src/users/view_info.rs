//! `GET /api/user` and `GET /my-account/user/view-info`: the signed-in user with roles.

use super::{UserInfo, caller_info};
use crate::auth::RequireUser;
use crate::error::AppResult;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use crate::response::Data;

/// The signed-in user, roles and current role.
#[utoipa::path(get, path = "/my-account/user/view-info", tag = "auth",
    responses((status = 200, body = Data<UserInfo>), (status = 401)))]
pub async fn view_info(State(ctl): State<ControlState>, RequireUser(caller): RequireUser) -> AppResult<Json<Data<UserInfo>>> {
    Ok(Json(Data::new(caller_info(&ctl.db, &ctl.config.public_base_url, &caller).await?)))
}

/// The signed-in user (same as view-info).
#[utoipa::path(get, path = "/api/user", tag = "auth", responses((status = 200, body = Data<UserInfo>), (status = 401)))]
pub async fn api_user(state: State<ControlState>, caller: RequireUser) -> AppResult<Json<Data<UserInfo>>> {
    view_info(state, caller).await
}
