//! E-mail verification: registration mails a link (`links`, valid a day) to the new address;
//! `GET /my-account/verification-by-mail` spends it and marks the address verified;
//! `POST /my-account/verify/resend_code` mails a fresh one to a signed-in user.

use super::links::{self, Purpose, Site};
use super::password_reset::{TokenQuery, display_name};
use super::store;
use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::json::AppQuery;
use crate::messages::{outbox, templates};
use crate::response::{Data, Done};
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

/// Queues the verification mail of an account's address in the caller's transaction.
pub async fn send(tx: &mut PgConnection, user: &store::User, email: &str, site: &Site, lang: Lang) -> AppResult<()> {
    let link = links::create(tx, Purpose::EmailVerification, user.id, email, site).await?;
    let mail = templates::verify_email(lang, &site.name, display_name(user, lang), &link);
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

/// Mail a fresh verification link to the signed-in user's address.
#[utoipa::path(post, path = "/my-account/verify/resend_code", tag = "auth",
    responses((status = 200, body = Data<Done>), (status = 401), (status = 409, description = "already_verified"),
              (status = 422, description = "email_missing"), (status = 429, description = "too_many_attempts")))]
pub async fn resend_code(
    State(ctl): State<ControlState>,
    RequireUser(caller): RequireUser,
    host: Option<HostTenant>,
    headers: HeaderMap,
) -> AppResult<Json<Data<Done>>> {
    let user = store::find(&ctl.db, caller.user_id().ok_or(AppError::Unauthenticated)?).await?;
    let Some(email) = user.email.clone() else { return Err(AppError::unprocessable("email", "email_missing")) };
    if user.email_verified_at.is_some() {
        return Err(AppError::Conflict("already_verified"));
    }
    // Five an hour per account, counted by the reset links' limiter under a key of their own.
    let account = format!("verify:{}", user.id);
    if ctl.reset_limiter.account_blocked(&account) {
        return Err(AppError::TooManyAttempts);
    }
    ctl.reset_limiter.record_failure(&account, None);
    let lang = Lang::from_headers(&headers);
    let site = Site::of(&ctl, host.as_ref(), lang);
    let mut tx = ctl.db.begin().await?;
    send(&mut tx, &user, &email, &site, lang).await?;
    tx.commit().await?;
    Ok(Json(Data::done()))
}
