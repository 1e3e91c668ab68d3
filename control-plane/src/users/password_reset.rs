//! Forgotten passwords (SPEC §7 Auth; ASVS 5.0 V6.3, OWASP Forgot Password cheat sheet):
//! `POST /my-account/password/reset_code` mails a single-use link valid for an hour,
//! `GET /my-account/password/reset_code_verification` says whether a link still works, and
//! `PUT /my-account/password/reset` sets the new password, ends every session of the account,
//! tells the owner by e-mail and signs the caller in. The same call changes a signed-in user's
//! password when it carries their current one instead of a link.
//!
//! The first call answers the same whether or not an account exists, and its mail is written to
//! the outbox in the same transaction as the link (`links`), so nothing is sent for a link that
//! was not stored.

use super::links::{self, Purpose, Site};
use super::login::default_role;
use super::{TokenAndUser, otp, store, user_info};
use crate::auth::{HostTenant, MaybeUser, password, sessions};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::json::{AppJson, AppQuery};
use crate::mail_templates::{self, Key};
use crate::memberships;
use crate::messages::{outbox, templates};
use crate::response::{Data, Done};
use crate::state::ControlState;
use crate::validate::{Validator, normalize_login};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetCodeInput {
    /// The account's e-mail address or mobile number.
    pub email: String,
}

/// Mail a password reset link to the account's e-mail address. Answers the same whether or not
/// an account matches.
#[utoipa::path(post, path = "/my-account/password/reset_code", tag = "auth", request_body = ResetCodeInput,
    responses((status = 200, body = Data<Done>), (status = 422), (status = 429, description = "too_many_attempts")))]
pub async fn reset_code(
    State(ctl): State<ControlState>,
    host: Option<HostTenant>,
    headers: HeaderMap,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    AppJson(input): AppJson<ResetCodeInput>,
) -> AppResult<Json<Data<Done>>> {
    let mut v = Validator::default();
    let login = normalize_login(&v.text("email", &input.email, 254));
    v.finish()?;
    let address = connect.map(|c| c.0.0.ip());
    if ctl.reset_limiter.address_blocked(address).await? {
        return Err(AppError::TooManyAttempts);
    }
    let user = store::find_by_login(&ctl.db, Some(&login), Some(&login)).await?;
    let account = user.as_ref().map_or_else(|| format!("login:{login}"), |u| format!("user:{}", u.id));
    // Past the account's limit the answer stays the same: no mail, and nothing to tell.
    let quiet = ctl.reset_limiter.account_blocked(&account).await?;
    ctl.reset_limiter.record_failure(&account, address).await?;
    let Some(user) = user.filter(|_| !quiet) else { return Ok(Json(Data::done())) };
    let lang = Lang::from_headers(&headers);
    let site = Site::of(&ctl, host.as_ref(), lang);
    // Asked by a number the account has proven: a code by text instead of a mail.
    if let (Some(phone), Some(_)) = (user.phone.as_deref().filter(|p| *p == login), user.phone_verified_at) {
        text_reset_code(&ctl, &user, phone, &site, lang).await?;
        return Ok(Json(Data::done()));
    }
    let Some(email) = user.email.as_deref() else { return Ok(Json(Data::done())) };
    let mut tx = ctl.db.begin().await?;
    let link = links::create(&mut tx, Purpose::PasswordReset, user.id, email, &site).await?;
    let mail = mail_templates::compose(&mut *tx, &site, Key::PasswordReset, lang, &[("name", display_name(&user, lang)), ("link", &link)]).await?;
    outbox::enqueue(&mut tx, &site.mail(email, "password_reset", mail)).await?;
    tx.commit().await?;
    Ok(Json(Data::done()))
}

/// Texts a reset code to the account's proven number. Past the number's limits nothing is sent
/// and the answer stays the same, which says nothing of the account.
async fn text_reset_code(ctl: &ControlState, user: &store::User, phone: &str, site: &Site, lang: Lang) -> AppResult<()> {
    let mut tx = ctl.db.begin().await?;
    let code = match otp::issue(&mut tx, &ctl.config, otp::Purpose::PasswordReset, phone, user.id).await {
        Ok(code) => code,
        Err(AppError::TooManyAttempts) => return Ok(()),
        Err(error) => return Err(error),
    };
    outbox::enqueue(&mut tx, &site.sms(phone, "password_reset_code", templates::reset_code_sms(lang, &site.name, &code))).await?;
    tx.commit().await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct TokenQuery {
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResetLink {
    /// The account's e-mail address, partly hidden (`m***@example.com`).
    pub email: String,
}

/// Whether a reset link still works (unused and not expired).
#[utoipa::path(get, path = "/my-account/password/reset_code_verification", tag = "auth", params(TokenQuery),
    responses((status = 200, body = Data<ResetLink>), (status = 422, description = "reset_link_invalid")))]
pub async fn reset_code_verification(
    State(ctl): State<ControlState>,
    AppQuery(query): AppQuery<TokenQuery>,
) -> AppResult<Json<Data<ResetLink>>> {
    let link = links::find_valid(&ctl.db, Purpose::PasswordReset, &query.token).await?;
    let link = link.ok_or(AppError::unprocessable("token", "reset_link_invalid"))?;
    let user = store::find(&ctl.db, link.user_id).await?;
    Ok(Json(Data::new(ResetLink { email: user.email.as_deref().map(super::masked::email).unwrap_or_default() })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetInput {
    /// The reset link's token; leave it out to change the signed-in user's password.
    pub token: String,
    /// With `otp` instead of a token: the mobile number a reset code was texted to.
    pub phone: String,
    /// The 6-digit code texted to `phone`.
    #[serde(skip_serializing)]
    pub otp: String,
    /// The password in use, when changing it while signed in (no token).
    #[serde(skip_serializing)]
    pub current_password: String,
    #[serde(skip_serializing)]
    pub password: String,
    #[serde(skip_serializing)]
    pub password_confirmation: String,
}

/// What proves the caller may set the password: a reset link, a code texted to the account's
/// number, or the signed-in user's current password.
enum Proof {
    Link,
    Code(Option<String>),
    CurrentPassword,
}

/// Set a new password with a reset link, or change it while signed in by giving the current one.
/// Ends every session of the account, tells the owner by e-mail and signs in anew.
#[utoipa::path(put, path = "/my-account/password/reset", tag = "auth", request_body = ResetInput,
    responses((status = 200, body = Data<TokenAndUser>),
              (status = 422, description = "reset_link_invalid, current_password_wrong, weak password or mismatch"),
              (status = 429, description = "too_many_attempts")))]
pub async fn reset_password(
    State(ctl): State<ControlState>,
    MaybeUser(caller): MaybeUser,
    host: Option<HostTenant>,
    headers: HeaderMap,
    AppJson(input): AppJson<ResetInput>,
) -> AppResult<Json<Data<TokenAndUser>>> {
    let mut v = Validator::default();
    let signed_in = caller.as_ref().and_then(|c| c.user_id()).filter(|_| input.token.is_empty() && input.phone.is_empty());
    let (proof, user) = match signed_in {
        Some(id) => (Proof::CurrentPassword, Some(check_current_password(&ctl, &mut v, id, &input.current_password).await?)),
        None if input.token.is_empty() && !input.phone.trim().is_empty() => {
            let phone = v.optional_phone("phone", &input.phone);
            if input.otp.trim().is_empty() {
                v.add("otp", "required", None);
            }
            let user = match &phone {
                Some(phone) => store::find_by_login(&ctl.db, None, Some(phone)).await?,
                None => None,
            };
            (Proof::Code(phone), user)
        }
        None => {
            let link = links::find_valid(&ctl.db, Purpose::PasswordReset, &input.token).await?;
            if link.is_none() {
                v.add("token", "reset_link_invalid", None);
            }
            let user = match link {
                Some(link) => Some(store::find(&ctl.db, link.user_id).await?),
                None => None,
            };
            (Proof::Link, user)
        }
    };
    let personal: Vec<&str> = user.iter().flat_map(|u| [Some(u.name.as_str()), u.email.as_deref(), u.phone.as_deref()]).flatten().collect();
    let new_password = v.password("password", &input.password, &personal);
    if !v.has("password") && input.password_confirmation != input.password {
        v.add("password_confirmation", "password_mismatch", None);
    }
    v.finish()?;
    // The code is spent only once the new password is acceptable, so a weak one costs no code.
    if let Proof::Code(Some(phone)) = &proof {
        otp::check(&ctl.db, &ctl.config, otp::Purpose::PasswordReset, phone, &input.otp).await?;
    }
    let user = user.ok_or_else(|| match proof {
        Proof::Code(_) => AppError::unprocessable("otp", "otp_expired"),
        _ => AppError::unprocessable("token", "reset_link_invalid"),
    })?;
    let password_hash = password::hash(new_password).await?;
    let lang = Lang::from_headers(&headers);
    let site = Site::of(&ctl, host.as_ref(), lang);
    let mut tx = ctl.db.begin().await?;
    if let Proof::Link = proof {
        // Spending the link is the guard: of two tabs submitting at once, one wins.
        let Some(link) = links::consume(&mut tx, Purpose::PasswordReset, &input.token).await? else {
            return Err(AppError::unprocessable("token", "reset_link_invalid"));
        };
        // The link came through the mailbox: that proves the address as a verification would.
        store::verify_email(&mut tx, user.id, &link.email).await?;
    }
    store::set_password(&mut tx, user.id, &password_hash).await?;
    sessions::delete_all_of_user(&mut tx, user.id).await?;
    // The owner hears of it on every channel they have proven, so a change they did not make is
    // noticed even when the mailbox itself was taken over.
    let forgot = format!("{}/forgot-password", site.url);
    if let Some(email) = user.email.as_deref() {
        let mail = mail_templates::compose(&mut *tx, &site, Key::PasswordChanged, lang, &[("name", display_name(&user, lang)), ("link", &forgot)]).await?;
        outbox::enqueue(&mut tx, &site.mail(email, "password_changed", mail)).await?;
    }
    if let (Some(phone), Some(_)) = (user.phone.as_deref(), user.phone_verified_at) {
        outbox::enqueue(&mut tx, &site.sms(phone, "password_changed", templates::password_changed_sms(lang, &site.name, &forgot))).await?;
    }
    tx.commit().await?;
    ctl.sessions.forget_user(user.id).await;
    // Whoever holds the mailbox (or the password) may sign in again at once, whatever guesses
    // came before.
    ctl.login_limiter.record_success(&format!("user:{}", user.id)).await?;
    let roles = memberships::for_user(&ctl.db, user.id).await?;
    let current = default_role(&roles, host.as_ref());
    let (token, _) = sessions::create(&ctl.db, sessions::Holder::User { id: user.id, current_membership_id: current }).await?;
    let current = current.and_then(|c| roles.iter().find(|m| m.id == c));
    let user = user_info(&ctl.db, &ctl.config.public_base_url, user.id, current).await?;
    Ok(Json(Data::new(TokenAndUser { token, user })))
}

/// The signed-in user, once their current password is checked into `v`. Wrong guesses count
/// with failed logins, so a stolen session cannot guess the password here faster than at login.
pub(super) async fn check_current_password(ctl: &ControlState, v: &mut Validator, user_id: i64, given: &str) -> AppResult<store::User> {
    let user = store::find(&ctl.db, user_id).await?;
    let account = format!("user:{}", user.id);
    if ctl.login_limiter.account_blocked(&account).await? {
        return Err(AppError::TooManyAttempts);
    }
    if given.is_empty() {
        v.add("current_password", "required", None);
    } else if !password::verify(given.to_owned(), user.password_hash.clone()).await {
        ctl.login_limiter.record_failure(&account, None).await?;
        v.add("current_password", "current_password_wrong", None);
    }
    Ok(user)
}

pub(super) fn display_name(user: &store::User, lang: Lang) -> &str {
    lang.pick(&user.name, user.name_bn.as_deref())
}
