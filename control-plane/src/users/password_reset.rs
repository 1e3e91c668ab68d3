//! Forgotten passwords (SPEC §7 Auth; ASVS 5.0 V6.3, OWASP Forgot Password cheat sheet):
//! `POST /my-account/password/reset_code` mails a single-use link valid for an hour,
//! `GET /my-account/password/reset_code_verification` says whether a link still works, and
//! `PUT /my-account/password/reset` sets the new password, ends every session of the account,
//! tells the owner by e-mail and signs the caller in.
//!
//! The first call answers the same whether or not an account exists, and its mail is written to
//! the outbox in the same transaction as the link, so nothing is sent for a link that was not
//! stored. The link is built from the configured address of the site it was asked on, never from
//! the request's Host.

use super::login::default_role;
use super::{TokenAndUser, store, user_info};
use crate::auth::token::{self, TokenHash};
use crate::auth::{HostTenant, password, sessions};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::json::{AppJson, AppQuery};
use crate::memberships;
use crate::messages::{outbox, templates};
use crate::response::{Data, Done};
use crate::state::ControlState;
use crate::validate::{Validator, normalize_login};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::{Extension, Json};
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use std::net::SocketAddr;
use utoipa::{IntoParams, ToSchema};

const LINK_LIFETIME: Duration = Duration::hours(1);

/// The site a request came through: its id, its name in the caller's language and its address.
struct Site {
    id: Option<i64>,
    name: String,
    url: String,
}

impl Site {
    fn of(ctl: &ControlState, host: Option<&HostTenant>, lang: Lang) -> Self {
        let urls = &ctl.config.public_base_url;
        match host {
            Some(HostTenant(t)) => Self {
                id: Some(t.id),
                name: if lang == Lang::Bn { t.institution_name.clone() } else { t.institution_name_en.clone() },
                url: urls.site_url((!t.is_main).then_some(t.slug.as_str())),
            },
            None => Self { id: None, name: urls.host.clone(), url: urls.site_url(None) },
        }
    }
}

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
    if ctl.reset_limiter.address_blocked(address) {
        return Err(AppError::TooManyAttempts);
    }
    let user = store::find_by_login(&ctl.db, Some(&login), Some(&login)).await?;
    let account = user.as_ref().map_or_else(|| format!("login:{login}"), |u| format!("user:{}", u.id));
    // Past the account's limit the answer stays the same: no mail, and nothing to tell.
    let quiet = ctl.reset_limiter.account_blocked(&account);
    ctl.reset_limiter.record_failure(&account, address);
    let Some(user) = user.filter(|_| !quiet) else { return Ok(Json(Data::done())) };
    let Some(email) = user.email.as_deref() else { return Ok(Json(Data::done())) };
    let lang = Lang::from_headers(&headers);
    let site = Site::of(&ctl, host.as_ref(), lang);
    let (secret, hash) = token::generate();
    let link = format!("{}/password-reset?token={secret}", site.url);
    let mail = templates::password_reset(lang, &site.name, display_name(&user, lang), &link);
    let mut tx = ctl.db.begin().await?;
    insert(&mut tx, user.id, &hash, site.id).await?;
    outbox::enqueue(&mut tx, &email_to(email, &site, "password_reset", mail)).await?;
    tx.commit().await?;
    Ok(Json(Data::done()))
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
    let user = find_valid(&ctl.db, &token::digest(&query.token)).await?.ok_or(AppError::unprocessable("token", "reset_link_invalid"))?;
    let user = store::find(&ctl.db, user).await?;
    Ok(Json(Data::new(ResetLink { email: user.email.as_deref().map(mask).unwrap_or_default() })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetInput {
    pub token: String,
    #[serde(skip_serializing)]
    pub password: String,
    #[serde(skip_serializing)]
    pub password_confirmation: String,
}

/// Set a new password with a reset link; ends every session of the account and signs in anew.
#[utoipa::path(put, path = "/my-account/password/reset", tag = "auth", request_body = ResetInput,
    responses((status = 200, body = Data<TokenAndUser>), (status = 422, description = "reset_link_invalid, weak password or mismatch")))]
pub async fn reset_password(
    State(ctl): State<ControlState>,
    host: Option<HostTenant>,
    headers: HeaderMap,
    AppJson(input): AppJson<ResetInput>,
) -> AppResult<Json<Data<TokenAndUser>>> {
    let hash = token::digest(&input.token);
    let mut v = Validator::default();
    let user = match find_valid(&ctl.db, &hash).await? {
        Some(id) => Some(store::find(&ctl.db, id).await?),
        None => {
            v.add("token", "reset_link_invalid", None);
            None
        }
    };
    let personal: Vec<&str> = user.iter().flat_map(|u| [Some(u.name.as_str()), u.email.as_deref(), u.phone.as_deref()]).flatten().collect();
    let new_password = v.password("password", &input.password, &personal);
    if !v.has("password") && input.password_confirmation != input.password {
        v.add("password_confirmation", "password_mismatch", None);
    }
    v.finish()?;
    let user = user.ok_or(AppError::unprocessable("token", "reset_link_invalid"))?;
    let password_hash = password::hash(new_password).await?;
    let lang = Lang::from_headers(&headers);
    let site = Site::of(&ctl, host.as_ref(), lang);
    let mut tx = ctl.db.begin().await?;
    // Spending the link is the guard: of two tabs submitting at once, one wins.
    if !consume(&mut tx, &hash).await? {
        return Err(AppError::unprocessable("token", "reset_link_invalid"));
    }
    store::set_password(&mut tx, user.id, &password_hash).await?;
    sessions::delete_all_of_user(&mut tx, user.id).await?;
    if let Some(email) = user.email.as_deref() {
        let mail = templates::password_changed(lang, &site.name, display_name(&user, lang), &format!("{}/forgot-password", site.url));
        outbox::enqueue(&mut tx, &email_to(email, &site, "password_changed", mail)).await?;
    }
    tx.commit().await?;
    ctl.sessions.forget_user(user.id);
    // Whoever holds the mailbox may sign in again at once, whatever guesses came before.
    ctl.login_limiter.record_success(&format!("user:{}", user.id));
    let roles = memberships::for_user(&ctl.db, user.id).await?;
    let current = default_role(&roles, host.as_ref());
    let (token, _) = sessions::create(&ctl.db, sessions::Holder::User { id: user.id, current_membership_id: current }).await?;
    let current = current.and_then(|c| roles.iter().find(|m| m.id == c));
    let user = user_info(&ctl.db, &ctl.config.public_base_url, user.id, current).await?;
    Ok(Json(Data::new(TokenAndUser { token, user })))
}

fn display_name(user: &store::User, lang: Lang) -> &str {
    match (&user.name_bn, lang) {
        (Some(bn), Lang::Bn) if !bn.is_empty() => bn,
        _ => &user.name,
    }
}

fn email_to<'a>(to: &'a str, site: &'a Site, kind: &'a str, mail: templates::Rendered) -> outbox::Email<'a> {
    outbox::Email {
        to,
        institution_id: site.id,
        sender_name: &site.name,
        kind,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
    }
}

/// `mitu@example.com` -> `m***@example.com`.
fn mask(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => format!("{}***@{domain}", local.chars().next().unwrap_or('*')),
        None => "***".into(),
    }
}

// SQL of the `password_resets` table.

async fn insert(tx: &mut PgConnection, user_id: i64, hash: &TokenHash, site: Option<i64>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO password_resets (user_id, token_hash, institution_id, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(user_id)
        .bind(hash.as_slice())
        .bind(site)
        .bind(Utc::now() + LINK_LIFETIME)
        .execute(tx)
        .await?;
    Ok(())
}

/// The user of a link that is unused and unexpired.
async fn find_valid(db: &sqlx::PgPool, hash: &TokenHash) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()")
        .bind(hash.as_slice())
        .fetch_optional(db)
        .await
}

/// Spends a link and every other open link of its user; false when it was no longer valid.
async fn consume(tx: &mut PgConnection, hash: &TokenHash) -> sqlx::Result<bool> {
    let user: Option<i64> = sqlx::query_scalar(
        "UPDATE password_resets SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id",
    )
    .bind(hash.as_slice())
    .fetch_optional(&mut *tx)
    .await?;
    let Some(user) = user else { return Ok(false) };
    sqlx::query("UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL")
        .bind(user)
        .execute(&mut *tx)
        .await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    #[test]
    fn addresses_are_masked() {
        assert_eq!(super::mask("mitu@example.com"), "m***@example.com");
        assert_eq!(super::mask("x"), "***");
    }
}
