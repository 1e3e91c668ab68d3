//! `POST /my-account/user/login` and `/logout`.

use super::{TokenAndUser, store};
use crate::auth::{HostTenant, MaybeUser, RequireUser, password, sessions};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::json::AppJson;
use crate::memberships::{self, Membership};
use crate::sso::handlers as sso;
use crate::state::ControlState;
use crate::validate::{Validator, normalize_login};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::{Extension, Json};
use serde::Deserialize;
use crate::response::{Data, Done};
use std::net::SocketAddr;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginInput {
    /// An e-mail address or a mobile number.
    pub email: String,
    pub password: String,
    /// The link a sign-in through myGov, Google or Facebook offered (`verification-by-sso`): the
    /// provider's identity joins this account once its password is proven.
    pub link: Option<String>,
    /// Keep the account the request is signed in with on this device too (`switch-account`).
    pub add_account: bool,
}

/// The role a fresh session starts in: an admin role of the site signed in on, else a super
/// admin role, else the learner view.
pub(crate) fn default_role(memberships: &[Membership], host: Option<&HostTenant>) -> Option<i64> {
    let here = host.map(|h| h.0.id);
    memberships
        .iter()
        .filter(|m| Some(m.institution_id) == here)
        .min_by_key(|m| m.role != memberships::PARTNER_ADMIN)
        .or_else(|| memberships.iter().find(|m| m.is_super()))
        .map(|m| m.id)
}

/// Sign in with e-mail or phone and password; answers a bearer token valid for 7 days.
#[utoipa::path(post, path = "/my-account/user/login", tag = "auth", request_body = LoginInput,
    responses((status = 200, body = Data<TokenAndUser>), (status = 401, description = "invalid_credentials"),
              (status = 422), (status = 429, description = "too_many_attempts")))]
pub async fn login(
    State(ctl): State<ControlState>,
    host: Option<HostTenant>,
    MaybeUser(caller): MaybeUser,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    AppJson(input): AppJson<LoginInput>,
) -> AppResult<Json<Data<TokenAndUser>>> {
    let device = caller.filter(|_| input.add_account).map(|c| c.session.id);
    if let Some(session) = device {
        let accounts = sessions::device_accounts(&ctl.db, session).await?;
        if accounts.len() >= sessions::DEVICE_ACCOUNTS {
            return Err(AppError::unprocessable("email", "device_accounts_full"));
        }
    }
    let signed_in = sign_in(&ctl, host.as_ref(), connect, &headers, input).await?;
    if let Some(session) = device {
        for replaced in sessions::join_device(&ctl.db, session, &signed_in.token).await? {
            ctl.sessions.forget_hash(&replaced).await;
        }
    }
    Ok(Json(Data::new(signed_in)))
}

/// Sign in here only: as `login`, and every other session of the account ends (on a shared or
/// lost device, say).
#[utoipa::path(post, path = "/my-account/user/singlelogin", tag = "auth", request_body = LoginInput,
    responses((status = 200, body = Data<TokenAndUser>), (status = 401, description = "invalid_credentials"),
              (status = 422), (status = 429, description = "too_many_attempts")))]
pub async fn single_login(
    State(ctl): State<ControlState>,
    host: Option<HostTenant>,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    AppJson(input): AppJson<LoginInput>,
) -> AppResult<Json<Data<TokenAndUser>>> {
    let signed_in = sign_in(&ctl, host.as_ref(), connect, &headers, input).await?;
    sessions::delete_others(&ctl.db, signed_in.user.id, &signed_in.token).await?;
    ctl.sessions.forget_user(signed_in.user.id).await;
    Ok(Json(Data::new(signed_in)))
}

async fn sign_in(ctl: &ControlState, host: Option<&HostTenant>, connect: Option<Extension<ConnectInfo<SocketAddr>>>, headers: &HeaderMap, input: LoginInput) -> AppResult<TokenAndUser> {
    let mut v = Validator::default();
    v.text("email", &input.email, 254);
    if input.password.is_empty() {
        v.add("password", "required", None);
    }
    v.finish()?;
    let address = connect.map(|c| c.0.0.ip());
    // Guesses count against the account, however its e-mail or number is spelt.
    let login = normalize_login(&input.email);
    let user = store::find_by_login(&ctl.db, Some(&login), Some(&login)).await?;
    let account = match &user {
        Some(u) => format!("user:{}", u.id),
        None => format!("login:{login}"),
    };
    if ctl.login_limiter.is_blocked(&account, address).await? {
        return Err(AppError::TooManyAttempts);
    }
    let (id, hash) = match user {
        Some(u) => (Some(u.id), Some(u.password_hash)),
        None => (None, None),
    };
    let (Some(id), true) = (id, password::verify(input.password, hash.flatten()).await) else {
        ctl.login_limiter.record_failure(&account, address).await?;
        return Err(AppError::InvalidCredentials);
    };
    ctl.login_limiter.record_success(&account).await?;
    if let Some(lang) = Lang::stated(headers) {
        store::set_lang(&ctl.db, id, lang).await?;
    }
    // A session opened to accept a link counts as signed in through the provider too, so its
    // logout there ends this one as well.
    let offer = match &input.link {
        Some(link) => Some(sso::accept_link(ctl, id, link).await?),
        None => None,
    };
    let origin = offer.as_ref().map(|o| sessions::SsoOrigin { provider: &o.provider, issuer: &o.issuer, subject: &o.subject, sid: o.sid.as_deref() });
    let (token, user) = sso::open_session(ctl, host, id, origin).await?;
    Ok(TokenAndUser { token, user })
}

/// End the current session, and those of every other account signed in on this device: nobody
/// stays signed in on a shared phone after "sign out".
#[utoipa::path(post, path = "/my-account/user/logout", tag = "auth",
    responses((status = 200, body = Data<Done>), (status = 401)))]
pub async fn logout(State(ctl): State<ControlState>, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Done>>> {
    sign_out(&ctl, &caller).await?;
    Ok(Json(Data::done()))
}

pub(crate) async fn sign_out(ctl: &ControlState, caller: &crate::auth::Caller) -> AppResult<()> {
    for hash in sessions::delete_device(&ctl.db, caller.session.id).await? {
        ctl.sessions.forget_hash(&hash).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(id: i64, role: &str, institution_id: i64) -> Membership {
        Membership { id, role: role.into(), institution_id, grants: Default::default() }
    }

    #[test]
    fn sessions_start_in_the_role_of_the_site_or_as_super() {
        let roles = [m(1, "super", 1), m(2, "teacher", 7), m(3, "partner-admin", 7)];
        assert_eq!(default_role(&roles, None), Some(1));
        assert_eq!(default_role(&roles[1..], None), None);
    }
}
