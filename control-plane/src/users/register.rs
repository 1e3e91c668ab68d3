//! `POST /my-account/user/register`: a learner creates an account and is signed in.

use super::links::Site;
use super::{TokenAndUser, store, user_info, verification};
use crate::auth::{HostTenant, password, sessions};
use crate::i18n::Lang;
use axum::http::HeaderMap;
use crate::error::AppResult;
use crate::json::AppJson;
use crate::state::ControlState;
use crate::validate::Validator;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use crate::response::Data;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct AccountInput {
    pub name: String,
    pub email: String,
    pub phone: String,
    #[serde(skip_serializing)]
    pub password: String,
}

/// Validates a new account's fields into `v` (all problems at once, including taken e-mail or
/// phone); the password is hashed only when everything else is fine.
pub async fn validate_account(db: &PgPool, v: &mut Validator, input: &AccountInput) -> AppResult<store::NewUser> {
    let name = v.text("name", &input.name, 120);
    // An e-mail address, a mobile number, or both: many learners have only a phone.
    let email = (!input.email.trim().is_empty()).then(|| v.email("email", &input.email));
    let phone = v.optional_phone("phone", &input.phone);
    if email.is_none() && phone.is_none() && !v.has("phone") {
        v.add("email", "contact_required", None);
    }
    let password = v.password("password", &input.password, &[&input.email, &input.name, &input.phone]);
    if let Some(email) = email.as_deref().filter(|_| !v.has("email")) {
        if store::email_exists(db, email).await? {
            v.add("email", "email_taken", None);
        }
    }
    if let Some(phone) = phone.as_deref().filter(|_| !v.has("phone")) {
        if store::phone_exists(db, phone).await? {
            v.add("phone", "phone_taken", None);
        }
    }
    Ok(store::NewUser { name, email, phone, password_hash: password })
}

/// Hashes the password of a validated account (kept out of `validate_account` so bad forms
/// cost no argon2 work).
pub async fn hash_password(mut user: store::NewUser) -> AppResult<store::NewUser> {
    user.password_hash = password::hash(std::mem::take(&mut user.password_hash)).await?;
    Ok(user)
}

/// The account behind a form: one that exists already (the caller, or a user found by e-mail),
/// or a new one from the form's fields.
pub enum Account {
    Existing(i64),
    New(store::NewUser),
}

impl Account {
    /// Validates the fields of a new account into `v` unless `existing` names one.
    pub async fn choose(db: &PgPool, v: &mut Validator, existing: Option<i64>, input: &AccountInput) -> AppResult<Self> {
        Ok(match existing {
            Some(id) => Self::Existing(id),
            None => Self::New(validate_account(db, v, input).await?),
        })
    }

    /// Hashes a new account's password; call once the whole form is valid.
    pub async fn hashed(self) -> AppResult<Self> {
        Ok(match self {
            Self::New(user) => Self::New(hash_password(user).await?),
            existing => existing,
        })
    }

    /// The account's id, inserting a new account.
    pub async fn save(&self, conn: &mut sqlx::PgConnection) -> AppResult<i64> {
        match self {
            Self::Existing(id) => Ok(*id),
            Self::New(user) => store::insert(conn, user).await,
        }
    }
}

/// Create a learner account; answers a bearer token and the user.
#[utoipa::path(post, path = "/my-account/user/register", tag = "auth", request_body = AccountInput,
    responses((status = 201, body = Data<TokenAndUser>), (status = 422, description = "validation failed")))]
pub async fn register_user(
    State(ctl): State<ControlState>,
    host: Option<HostTenant>,
    headers: HeaderMap,
    AppJson(input): AppJson<AccountInput>,
) -> AppResult<(StatusCode, Json<Data<TokenAndUser>>)> {
    let mut v = Validator::default();
    let user = validate_account(&ctl.db, &mut v, &input).await?;
    v.finish()?;
    let user = hash_password(user).await?;
    let lang = Lang::from_headers(&headers);
    let mut tx = ctl.db.begin().await?;
    let id = store::insert(&mut tx, &user).await?;
    if let Some(stated) = Lang::stated(&headers) {
        store::set_lang(&mut *tx, id, stated).await?;
    }
    // The account and the mail that verifies its address commit together; an account with only
    // a number is texted its code instead (one with both verifies the number when it chooses).
    let created = store::find(&mut *tx, id).await?;
    let site = Site::of(&ctl, host.as_ref(), lang);
    match (&user.email, &user.phone) {
        (Some(email), _) => verification::send(&mut tx, &created, email, &site, lang).await?,
        (None, Some(phone)) => verification::text_code(&mut tx, &ctl.config, id, phone, &site, lang).await?,
        (None, None) => {}
    }
    tx.commit().await?;
    let (token, _) = sessions::create(&ctl.db, sessions::Holder::User { id, current_membership_id: None }).await?;
    let user = user_info(&ctl.db, &ctl.config.public_base_url, id, None).await?;
    Ok((StatusCode::CREATED, Json(Data::new(TokenAndUser { token, user }))))
}
