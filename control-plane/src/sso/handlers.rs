//! The calls of signing in through an identity provider (docs/api-accounts.md "Sign-in with myGov,
//! Google and Facebook"). Each start answers the provider's page to send the browser to; the
//! site's return page hands the code and state to `verification-by-sso`.

use super::store::{self, Attempt};
use super::{Provider, ProviderId, Proven};
use crate::auth::{Caller, HostTenant, MaybeUser, RequireUser, sessions, token};
use crate::error::{AppError, AppResult};
use crate::json::{AppJson, AppPath, AppQuery, JsonBytes};
use crate::i18n::Lang;
use crate::memberships;
use crate::response::{Data, Done};
use crate::state::ControlState;
use crate::users::{UserInfo, login::default_role, store as users, user_info};
use crate::validate::{Validator, normalize_phone};
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
pub struct ProviderView {
    pub id: ProviderId,
    pub name: &'static str,
}

/// The identity providers this site signs in with, in the order the sign-in page shows them:
/// none where the site's settings turn sign-in elsewhere off (`modules.sso_login`).
#[utoipa::path(get, path = "/my-account/sso/providers", tag = "auth", responses((status = 200, body = Data<Vec<ProviderView>>)))]
pub async fn providers(State(ctl): State<ControlState>, host: Option<HostTenant>) -> Json<Data<Vec<ProviderView>>> {
    let shown = allowed_on(host.as_ref()).then(|| ctl.sso.configured().map(|id| ProviderView { id, name: id.name() }).collect());
    Json(Data::new(shown.unwrap_or_default()))
}

fn allowed_on(host: Option<&HostTenant>) -> bool {
    host.and_then(|h| h.0.site_config.pointer("/modules/sso_login")).and_then(serde_json::Value::as_bool).unwrap_or(true)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SsoStart {
    /// Link the provider to the signed-in account instead of signing in.
    pub link: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SocialInput {
    /// `google` or `facebook`.
    pub provider: String,
    pub link: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct OtpInput {
    /// The mobile number the person signs in to myGov with; myGov texts its own code.
    pub phone: String,
}

#[derive(Serialize, ToSchema)]
pub struct Redirect {
    /// Where to send the browser.
    pub url: String,
}

type Started = AppResult<Json<Data<Redirect>>>;

/// Sign in with myGov: answers myGov's sign-in page for this attempt.
#[utoipa::path(post, path = "/my-account/user/mygov/login", tag = "auth", request_body = SsoStart,
    responses((status = 200, body = Data<Redirect>), (status = 404, description = "sso_provider_unknown"), (status = 502, description = "sso_unavailable")))]
pub async fn mygov_login(State(ctl): State<ControlState>, host: Option<HostTenant>, MaybeUser(caller): MaybeUser, AppJson(input): AppJson<SsoStart>) -> Started {
    start(&ctl, host.as_ref(), caller.as_ref(), ProviderId::Mygov, input.link, &[]).await
}

/// Register with myGov: the same, with myGov asking the person to sign in afresh, so the account
/// made here is theirs and not whoever last used this browser there.
#[utoipa::path(post, path = "/my-account/user/mygov/register", tag = "auth", request_body = SsoStart,
    responses((status = 200, body = Data<Redirect>), (status = 404, description = "sso_provider_unknown"), (status = 502, description = "sso_unavailable")))]
pub async fn mygov_register(State(ctl): State<ControlState>, host: Option<HostTenant>, MaybeUser(caller): MaybeUser, AppJson(input): AppJson<SsoStart>) -> Started {
    start(&ctl, host.as_ref(), caller.as_ref(), ProviderId::Mygov, input.link, &[("prompt", "login")]).await
}

/// Sign in with myGov by mobile number: myGov's page opens with the number filled in and texts
/// its own code; this platform never sees it.
#[utoipa::path(post, path = "/my-account/user/mygov/sendotp", tag = "auth", request_body = OtpInput,
    responses((status = 200, body = Data<Redirect>), (status = 422), (status = 404, description = "sso_provider_unknown"), (status = 502, description = "sso_unavailable")))]
pub async fn mygov_sendotp(State(ctl): State<ControlState>, host: Option<HostTenant>, AppJson(input): AppJson<OtpInput>) -> Started {
    let mut v = Validator::default();
    let phone = v.phone("phone", &input.phone);
    v.finish()?;
    start(&ctl, host.as_ref(), None, ProviderId::Mygov, false, &[("login_hint", &phone), ("prompt", "login")]).await
}

/// myGov keeps its own passwords: answers its page for a forgotten one.
#[utoipa::path(post, path = "/my-account/user/mygov/forgetpassword", tag = "auth",
    responses((status = 200, body = Data<Redirect>), (status = 404, description = "sso_provider_unknown")))]
pub async fn mygov_forgetpassword(State(ctl): State<ControlState>) -> Started {
    let url = ctl.sso.mygov_recovery_url.clone().filter(|_| ctl.sso.get(ProviderId::Mygov).is_some());
    let url = url.ok_or(AppError::Missing("sso_provider_unknown"))?;
    Ok(Json(Data::new(Redirect { url })))
}

/// Sign in with Google or Facebook.
#[utoipa::path(post, path = "/my-account/user/sociallogin", tag = "auth", request_body = SocialInput,
    responses((status = 200, body = Data<Redirect>), (status = 422), (status = 404, description = "sso_provider_unknown"), (status = 502, description = "sso_unavailable")))]
pub async fn sociallogin(State(ctl): State<ControlState>, host: Option<HostTenant>, MaybeUser(caller): MaybeUser, AppJson(input): AppJson<SocialInput>) -> Started {
    let id = ProviderId::parse(&input.provider).filter(|id| *id != ProviderId::Mygov);
    let id = id.ok_or_else(|| AppError::field("provider", "invalid_choice"))?;
    start(&ctl, host.as_ref(), caller.as_ref(), id, input.link, &[]).await
}

/// Records the attempt (state, nonce, PKCE verifier, the site) and answers the provider's page.
async fn start(ctl: &ControlState, host: Option<&HostTenant>, caller: Option<&Caller>, id: ProviderId, link: bool, extra: &[(&str, &str)]) -> Started {
    let provider = ctl.sso.get(id).filter(|_| allowed_on(host)).ok_or(AppError::Missing("sso_provider_unknown"))?;
    let link_user_id = match link {
        true => Some(caller.and_then(Caller::user_id).ok_or(AppError::Unauthenticated)?),
        false => None,
    };
    // The provider returns the browser to the site it left from (each site's return page is
    // registered at the provider).
    let site = host.filter(|h| !h.0.is_main).map(|h| h.0.slug.as_str());
    let redirect_uri = format!("{}{}", ctl.config.public_base_url.site_url(site), id.callback());
    let (state, state_hash) = token::generate();
    let (nonce, _) = token::generate();
    // 43 characters of base64url: the shortest verifier RFC 7636 §4.1 allows, 256 random bits.
    let (verifier, _) = token::generate();
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let url = match provider {
        Provider::Oidc(oidc) => oidc.authorize_url(&state, &nonce, &challenge, &redirect_uri, extra).await?,
        Provider::Facebook(facebook) => facebook.dialog_url(&state, &redirect_uri)?,
    };
    let attempt = Attempt {
        provider: id.key().into(),
        nonce,
        pkce_verifier: verifier,
        redirect_uri,
        institution_id: host.map(|h| h.0.id),
        link_user_id,
    };
    store::begin(&ctl.db, &state_hash, &attempt).await?;
    Ok(Json(Data::new(Redirect { url })))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct SsoReturn {
    /// The code the provider returned.
    pub token: String,
    pub state: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LinkOffer {
    /// Sent with the account's password to `/my-account/user/login` (`link`).
    pub token: String,
    /// The account's e-mail or phone, as the provider gave it.
    pub login: Option<String>,
    pub provider: ProviderId,
}

/// Either signed in (`token`, `user`) or offered a link to an existing account (`link`).
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct SsoOutcome {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<UserInfo>,
    /// An account was made for this identity.
    pub created: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<LinkOffer>,
}

/// Finish a sign-in: the provider's code and the attempt's state, as the browser brought them.
#[utoipa::path(get, path = "/my-account/verification-by-sso", tag = "auth", params(SsoReturn),
    responses((status = 200, body = Data<SsoOutcome>), (status = 401, description = "sso_rejected"),
              (status = 409, description = "identity_taken"), (status = 422, description = "sso_state_invalid"),
              (status = 502, description = "sso_unavailable")))]
pub async fn verification_by_sso(
    State(ctl): State<ControlState>,
    host: Option<HostTenant>,
    MaybeUser(caller): MaybeUser,
    headers: HeaderMap,
    AppQuery(query): AppQuery<SsoReturn>,
) -> AppResult<Json<Data<SsoOutcome>>> {
    let invalid = || AppError::unprocessable("state", "sso_state_invalid");
    if query.state.is_empty() || query.token.is_empty() {
        return Err(invalid());
    }
    let attempt = store::take_attempt(&ctl.db, &token::digest(&query.state)).await?.ok_or_else(invalid)?;
    // The return must reach the site the attempt left from, and a link the account that asked.
    let here = host.as_ref().map(|h| h.0.id);
    let asker = caller.as_ref().and_then(Caller::user_id);
    if attempt.institution_id != here || attempt.link_user_id.is_some_and(|id| Some(id) != asker) {
        return Err(invalid());
    }
    let id = ProviderId::parse(&attempt.provider).ok_or_else(invalid)?;
    let proven = match ctl.sso.get(id).ok_or(AppError::Missing("sso_provider_unknown"))? {
        Provider::Oidc(oidc) => oidc.exchange(&query.token, &attempt.pkce_verifier, &attempt.redirect_uri, &attempt.nonce).await?,
        Provider::Facebook(facebook) => facebook.exchange(&query.token, &attempt.redirect_uri).await?,
    };
    let outcome = match (attempt.link_user_id, caller) {
        (Some(user_id), Some(caller)) => {
            add_identity(&ctl, user_id, id, &proven).await?;
            let user = user_info(&ctl.db, &ctl.config.public_base_url, user_id, caller.role.as_ref()).await?;
            SsoOutcome { token: Some(caller.token), user: Some(user), ..Default::default() }
        }
        _ => sign_in(&ctl, host.as_ref(), id, proven).await?,
    };
    if let (Some(user), Some(lang)) = (&outcome.user, Lang::stated(&headers)) {
        users::set_lang(&ctl.db, user.id, lang).await?;
    }
    Ok(Json(Data::new(outcome)))
}

async fn add_identity(ctl: &ControlState, user_id: i64, id: ProviderId, proven: &Proven) -> AppResult<()> {
    let mut conn = ctl.db.acquire().await?;
    if !store::link(&mut conn, user_id, id, &proven.issuer, &proven.subject, proven.login()).await? {
        return Err(AppError::Conflict("identity_taken"));
    }
    Ok(())
}

/// The identity's account signs in; an unknown identity gets a new account, unless its e-mail or
/// phone is an existing account's, which it may join only once that account's owner signs in.
async fn sign_in(ctl: &ControlState, host: Option<&HostTenant>, id: ProviderId, mut proven: Proven) -> AppResult<SsoOutcome> {
    proven.phone = proven.phone.as_deref().and_then(normalize_phone);
    if let Some(user_id) = store::owner(&ctl.db, &proven).await? {
        return session_for(ctl, host, user_id, id, &proven, false).await;
    }
    if let Some(account) = users::find_by_login(&ctl.db, proven.email.as_deref(), proven.phone.as_deref()).await? {
        let (token, hash) = token::generate();
        store::offer_link(&ctl.db, &hash, account.id, id, &proven).await?;
        let link = LinkOffer { token, login: proven.login().map(str::to_owned), provider: id };
        return Ok(SsoOutcome { link: Some(link), ..Default::default() });
    }
    let Some(login) = proven.login() else {
        // An account needs an e-mail address or a phone number to reach its owner.
        return Err(AppError::unprocessable("token", "sso_contact_missing"));
    };
    let name = proven.name.clone().unwrap_or_else(|| login.to_owned());
    let mut tx = ctl.db.begin().await?;
    let user_id = users::insert_from_provider(&mut tx, &name, proven.email.as_deref(), proven.phone.as_deref()).await?;
    store::link(&mut tx, user_id, id, &proven.issuer, &proven.subject, Some(login)).await?;
    tx.commit().await?;
    session_for(ctl, host, user_id, id, &proven, true).await
}

async fn session_for(ctl: &ControlState, host: Option<&HostTenant>, user_id: i64, id: ProviderId, proven: &Proven, created: bool) -> AppResult<SsoOutcome> {
    let origin = sessions::SsoOrigin { provider: id.key(), issuer: &proven.issuer, subject: &proven.subject, sid: proven.sid.as_deref() };
    let (token, user) = open_session(ctl, host, user_id, Some(origin)).await?;
    Ok(SsoOutcome { token: Some(token), user: Some(user), created, link: None })
}

/// A fresh session of the user in the role the site starts them in, with what the user-info
/// call answers.
pub async fn open_session(ctl: &ControlState, host: Option<&HostTenant>, user_id: i64, origin: Option<sessions::SsoOrigin<'_>>) -> AppResult<(String, UserInfo)> {
    let roles = memberships::for_user(&ctl.db, user_id).await?;
    let current = default_role(&roles, host);
    let provider = origin.as_ref().map(|o| o.provider.to_owned());
    let holder = sessions::Holder::User { id: user_id, current_membership_id: current };
    let (token, _) = sessions::create_with(&ctl.db, holder, origin).await?;
    let current = current.and_then(|c| roles.iter().find(|m| m.id == c));
    let mut user = user_info(&ctl.db, &ctl.config.public_base_url, user_id, current).await?;
    user.sso = provider.map(|provider| crate::users::SsoView { provider });
    Ok((token, user))
}

/// Links the identity a sign-in offered (`SsoOutcome::link`) to the account just proven by its
/// password; answers where the session came from.
pub async fn accept_link(ctl: &ControlState, user_id: i64, link_token: &str) -> AppResult<store::OfferedLink> {
    let invalid = || AppError::unprocessable("link", "sso_link_invalid");
    let mut tx = ctl.db.begin().await?;
    let offer = store::take_link(&mut tx, &token::digest(link_token)).await?.filter(|o| o.user_id == user_id).ok_or_else(invalid)?;
    let provider = ProviderId::parse(&offer.provider).ok_or_else(invalid)?;
    if !store::link(&mut tx, user_id, provider, &offer.issuer, &offer.subject, offer.login.as_deref()).await? {
        return Err(AppError::Conflict("identity_taken"));
    }
    tx.commit().await?;
    Ok(offer)
}

#[derive(Serialize, ToSchema)]
pub struct LogoutRedirect {
    /// The provider's logout page, when the session came from one that has it; it returns the
    /// browser to the site's home page.
    pub url: Option<String>,
}

/// Sign out here and, for a session that came from myGov or Google, answer their logout page.
#[utoipa::path(get, path = "/my-account/user/idp-logout", tag = "auth", responses((status = 200, body = Data<LogoutRedirect>), (status = 401)))]
pub async fn idp_logout(State(ctl): State<ControlState>, host: Option<HostTenant>, RequireUser(caller): RequireUser) -> AppResult<Json<Data<LogoutRedirect>>> {
    crate::users::login::sign_out(&ctl, &caller).await?;
    let site = host.as_ref().filter(|h| !h.0.is_main).map(|h| h.0.slug.as_str());
    let home = format!("{}/", ctl.config.public_base_url.site_url(site));
    let provider = caller.session.sso_provider.as_deref().and_then(ProviderId::parse).and_then(|id| ctl.sso.get(id));
    let url = match provider {
        Some(Provider::Oidc(oidc)) => oidc.end_session_url(&home).await,
        _ => None,
    };
    Ok(Json(Data::new(LogoutRedirect { url })))
}

/// The providers linked to the signed-in account.
#[utoipa::path(get, path = "/my-account/user/identities", tag = "auth", responses((status = 200, body = Data<Vec<store::Identity>>), (status = 401)))]
pub async fn identities(State(ctl): State<ControlState>, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Vec<store::Identity>>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    Ok(Json(Data::new(store::identities(&ctl.db, user_id).await?)))
}

/// Unlink a provider; refused (409 `last_way_in`) when it is the only way into an account
/// without a password.
#[utoipa::path(delete, path = "/my-account/user/identities/{id}", tag = "auth", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 404), (status = 409, description = "last_way_in")))]
pub async fn unlink(State(ctl): State<ControlState>, RequireUser(caller): RequireUser, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    if store::is_last_way_in(&ctl.db, user_id).await? {
        return Err(AppError::Conflict("last_way_in"));
    }
    if !store::unlink(&ctl.db, user_id, id).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LogoutToken {
    pub logout_token: String,
}

/// Called by myGov or Google when a person signs out there (OpenID Connect Back-Channel Logout
/// 1.0): ends the sessions that provider's session opened here. 400 when the token fails its checks.
#[utoipa::path(post, path = "/my-account/sso/backchannel-logout/{provider}", tag = "auth", params(("provider" = String, Path)),
    request_body(content = LogoutToken, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Data<Done>), (status = 400, description = "logout_token_invalid"), (status = 404, description = "sso_provider_unknown")))]
pub async fn backchannel_logout(
    State(ctl): State<ControlState>,
    AppPath(provider): AppPath<String>,
    JsonBytes(body): JsonBytes,
) -> AppResult<([(axum::http::HeaderName, &'static str); 1], Json<Data<Done>>)> {
    let unknown = || AppError::Missing("sso_provider_unknown");
    let Some(Provider::Oidc(oidc)) = ProviderId::parse(&provider).and_then(|id| ctl.sso.get(id)) else { return Err(unknown()) };
    let invalid = || AppError::Http(StatusCode::BAD_REQUEST, "logout_token_invalid");
    let form: LogoutToken = serde_urlencoded::from_bytes(&body).map_err(|_| invalid())?;
    let claims = oidc.logout_claims(&form.logout_token).await.map_err(|_| invalid())?;
    let ended = sessions::delete_by_sso(&ctl.db, oidc.issuer(), claims.sid.as_deref(), claims.sub.as_deref()).await?;
    for user_id in ended {
        ctl.sessions.forget_user(user_id).await;
    }
    Ok(([(axum::http::header::CACHE_CONTROL, "no-store")], Json(Data::done())))
}
