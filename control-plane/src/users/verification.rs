//! Verifying an account's e-mail address and phone number. Registration mails a link (`links`,
//! valid a day) to the new address; `GET /my-account/verification-by-mail` spends it and marks the
//! address verified. `POST /my-account/verify/resend_code` mails a fresh link, or texts a code
//! (`otp`) to the signed-in user's phone, which `PUT /my-account/verification-by-phone` checks.

use super::links::{self, Purpose, Site};
use super::password_reset::{TokenQuery, display_name};
use super::{otp, store};
use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::json::{AppJson, AppQuery};
use crate::mail_templates::{self, Key};
use crate::messages::{outbox, templates};
use crate::response::{Data, Done};
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa::ToSchema;

/// Queues the verification mail of an account's address in the caller's transaction.
pub async fn send(tx: &mut PgConnection, user: &store::User, email: &str, site: &Site, lang: Lang) -> AppResult<()> {
    let link = links::create(tx, Purpose::EmailVerification, user.id, email, site).await?;
    let mail = mail_templates::compose(&mut *tx, site, Key::EmailVerification, lang, &[("name", display_name(user, lang)), ("link", &link)]).await?;
    outbox::enqueue(tx, &site.mail(email, "email_verification", mail)).await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Verified {
    /// The address now verified.
    pub email: String,
}

/// Verify an e-mail address with the link mailed to it.
#[utoipa::path(get, path = "/my-account/verification-by-mail", tag = "auth", params(TokenQuery),
    responses((status = 200, body = Data<Verified>), (status = 422, description = "verification_link_invalid")))]
pub async fn verification_by_mail(
    State(ctl): State<ControlState>,
    AppQuery(query): AppQuery<TokenQuery>,
) -> AppResult<Json<Data<Verified>>> {
    let invalid = || AppError::unprocessable("token", "verification_link_invalid");
    let mut tx = ctl.db.begin().await?;
    let link = links::consume(&mut tx, Purpose::EmailVerification, &query.token).await?.ok_or_else(invalid)?;
    // A link to an address the account no longer has proves nothing about the new one.
    if !store::verify_email(&mut tx, link.user_id, &link.email).await? {
        return Err(invalid());
    }
    tx.commit().await?;
    Ok(Json(Data::new(Verified { email: link.email })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResendInput {
    /// `email` (the default: a fresh link) or `phone` (a code by SMS).
    pub channel: String,
}

/// Send the signed-in user a fresh verification link by e-mail, or a code by SMS to their phone.
#[utoipa::path(post, path = "/my-account/verify/resend_code", tag = "auth", request_body = ResendInput,
    responses((status = 200, body = Data<Done>), (status = 401), (status = 409, description = "already_verified"),
              (status = 422, description = "email_missing, phone_missing"), (status = 429, description = "too_many_attempts")))]
pub async fn resend_code(
    State(ctl): State<ControlState>,
    RequireUser(caller): RequireUser,
    host: Option<HostTenant>,
    headers: HeaderMap,
    AppJson(input): AppJson<ResendInput>,
) -> AppResult<Json<Data<Done>>> {
    let user = store::find(&ctl.db, caller.user_id().ok_or(AppError::Unauthenticated)?).await?;
    let lang = Lang::from_headers(&headers);
    let site = Site::of(&ctl, host.as_ref(), lang);
    match input.channel.as_str() {
        "" | "email" => resend_link(&ctl, &user, &site, lang).await?,
        "phone" => send_phone_code(&ctl, &user, &site, lang).await?,
        _ => return Err(AppError::field("channel", "invalid_choice")),
    }
    Ok(Json(Data::done()))
}

async fn resend_link(ctl: &ControlState, user: &store::User, site: &Site, lang: Lang) -> AppResult<()> {
    let Some(email) = user.email.clone() else { return Err(AppError::unprocessable("email", "email_missing")) };
    if user.email_verified_at.is_some() {
        return Err(AppError::Conflict("already_verified"));
    }
    // Five an hour per account, counted by the reset links' limiter under a key of their own.
    let account = format!("verify:{}", user.id);
    if ctl.reset_limiter.account_blocked(&account).await? {
        return Err(AppError::TooManyAttempts);
    }
    ctl.reset_limiter.record_failure(&account, None).await?;
    let mut tx = ctl.db.begin().await?;
    send(&mut tx, user, &email, site, lang).await?;
    tx.commit().await?;
    Ok(())
}

/// Texts a code to the account's phone, in the same transaction as the code it carries.
async fn send_phone_code(ctl: &ControlState, user: &store::User, site: &Site, lang: Lang) -> AppResult<()> {
    let Some(phone) = user.phone.as_deref() else { return Err(AppError::unprocessable("phone", "phone_missing")) };
    if user.phone_verified_at.is_some() {
        return Err(AppError::Conflict("already_verified"));
    }
    let mut tx = ctl.db.begin().await?;
    text_code(&mut tx, &ctl.config, user.id, phone, site, lang).await?;
    tx.commit().await?;
    Ok(())
}

/// Queues the text with a fresh code for the account's phone, in the caller's transaction.
pub async fn text_code(tx: &mut PgConnection, config: &crate::config::Config, user_id: i64, phone: &str, site: &Site, lang: Lang) -> AppResult<()> {
    let code = otp::issue(tx, config, otp::Purpose::PhoneVerification, phone, user_id).await?;
    outbox::enqueue(tx, &site.sms(phone, "phone_code", templates::phone_code_sms(lang, &site.name, &code))).await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PhoneCodeInput {
    /// The 6-digit code texted to the phone.
    pub otp: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PhoneVerified {
    pub phone: String,
}

/// Verify the signed-in user's phone number with the code texted to it.
#[utoipa::path(put, path = "/my-account/verification-by-phone", tag = "auth", request_body = PhoneCodeInput,
    responses((status = 200, body = Data<PhoneVerified>), (status = 401),
              (status = 422, description = "otp_wrong, otp_expired, otp_too_many_tries, phone_missing")))]
pub async fn verification_by_phone(
    State(ctl): State<ControlState>,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<PhoneCodeInput>,
) -> AppResult<Json<Data<PhoneVerified>>> {
    let user = store::find(&ctl.db, caller.user_id().ok_or(AppError::Unauthenticated)?).await?;
    let Some(phone) = user.phone else { return Err(AppError::unprocessable("phone", "phone_missing")) };
    if input.otp.trim().is_empty() {
        return Err(AppError::field("otp", "required"));
    }
    otp::check(&ctl.db, &ctl.config, otp::Purpose::PhoneVerification, &phone, &input.otp).await?;
    if !store::verify_phone(&ctl.db, user.id, &phone).await? {
        return Err(AppError::unprocessable("otp", "otp_expired"));
    }
    Ok(Json(Data::new(PhoneVerified { phone })))
}
