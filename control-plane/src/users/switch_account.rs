//! `/my-account/user/switch-account`: the accounts signed in on one device, and handing the
//! device from one to another. A family's shared phone, or a cyber cafe's computer: each person
//! signs in once ("add another account" on the login page), then the browser passes between them
//! without anyone typing a password in front of the others. Signing out ends them all
//! (`login::sign_out`).

use super::{TokenAndUser, masked, store, user_info};
use crate::auth::{RequireUser, sessions};
use crate::error::{AppError, AppResult};
use crate::json::AppPath;
use crate::memberships;
use crate::response::Data;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceAccount {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub photo: Option<String>,
    /// Its e-mail address, else its phone number, masked: the others on the device see whose it
    /// is, not the address itself.
    pub login: String,
    /// The account the request was made with.
    pub current: bool,
}

/// The accounts signed in on this device: the caller's first, then the others as they signed in.
#[utoipa::path(get, path = "/my-account/user/switch-account", tag = "auth",
    responses((status = 200, body = Data<Vec<DeviceAccount>>), (status = 401)))]
pub async fn device_accounts(State(ctl): State<ControlState>, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Vec<DeviceAccount>>>> {
    let mut accounts = sessions::device_accounts(&ctl.db, caller.session.id).await?;
    accounts.sort_by_key(|(_, session)| *session != caller.session.id);
    let mut out = Vec::with_capacity(accounts.len());
    for (user_id, session) in accounts {
        let user = store::find(&ctl.db, user_id).await?;
        out.push(DeviceAccount {
            id: user.id,
            login: masked::login(user.email.as_deref(), user.phone.as_deref()),
            photo: user.photo_url(),
            name: user.name,
            name_bn: user.name_bn,
            current: session == caller.session.id,
        });
    }
    Ok(Json(Data::new(out)))
}

/// Hand this device to another account signed in on it: answers a token of that account's session
/// (in the role it last used), as a sign-in does; 404 `account_not_on_device` when it is not
/// signed in here (any more).
#[utoipa::path(post, path = "/my-account/user/switch-account/{x}", tag = "auth",
    params(("x" = i64, Path, description = "the user id of an account signed in on this device")),
    responses((status = 200, body = Data<TokenAndUser>), (status = 401), (status = 404, description = "account_not_on_device")))]
pub async fn switch_account(State(ctl): State<ControlState>, RequireUser(caller): RequireUser, AppPath(x): AppPath<i64>) -> AppResult<Json<Data<TokenAndUser>>> {
    let handed = sessions::hand_over(&ctl.db, caller.session.id, x).await?.ok_or(AppError::Missing("account_not_on_device"))?;
    // Whoever held the session's previous token (nobody should: the browser replaced it) loses it.
    ctl.sessions.forget_hash(&handed.old_hash).await;
    let roles = memberships::for_user(&ctl.db, x).await?;
    let current = handed.current_membership_id.and_then(|id| roles.iter().find(|m| m.id == id));
    let mut user = user_info(&ctl.db, &ctl.config.public_base_url, x, current).await?;
    user.sso = handed.sso_provider.map(|provider| super::SsoView { provider });
    Ok(Json(Data::new(TokenAndUser { token: handed.token, user })))
}
