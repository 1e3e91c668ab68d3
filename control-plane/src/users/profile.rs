//! The signed-in person's own profile (/profile/myprofile, /profile/account-setting):
//! `GET /my-account/user/profile-info` and `POST /my-account/user/update-profile`.
//!
//! Changing the e-mail address asks for the current password (a borrowed session must not be
//! able to move the account's mailbox, through which passwords are reset) and mails a
//! verification link to the new address.

use super::links::Site;
use super::password_reset::check_current_password;
use super::{store, verification};
use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::json::AppJson;
use crate::reference::places::{self, List};
use crate::response::Data;
use crate::state::ControlState;
use crate::validate::Validator;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const GENDERS: [&str; 3] = ["female", "male", "other"];

#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub email: Option<String>,
    pub email_verified: bool,
    pub phone: Option<String>,
    pub phone_verified: bool,
    pub photo: Option<String>,
    /// `female`, `male` or `other`.
    pub gender: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub address: Option<String>,
    pub bio: Option<String>,
    /// From `/admin-settings/employment/professions`.
    pub profession_id: Option<i32>,
    /// From `/admin-settings/districts/0`.
    pub district_id: Option<i32>,
    /// From `/admin-settings/upazilas/{district_id}`.
    pub upazila_id: Option<i32>,
    /// Percent of the profile filled in.
    pub completeness: i16,
    /// The parts still empty: `name_bn`, `email_verified`, `phone`, `photo`, `gender`,
    /// `date_of_birth`, `address`, `bio`.
    pub missing: Vec<&'static str>,
}

impl From<store::User> for Profile {
    fn from(u: store::User) -> Self {
        Self {
            completeness: u.completeness(),
            missing: u.missing(),
            photo: u.photo_url(),
            id: u.id,
            name: u.name,
            name_bn: u.name_bn,
            email: u.email,
            email_verified: u.email_verified_at.is_some(),
            phone: u.phone,
            phone_verified: u.phone_verified_at.is_some(),
            gender: u.gender,
            date_of_birth: u.date_of_birth,
            address: u.address,
            bio: u.bio,
            profession_id: u.profession_id,
            district_id: u.district_id,
            upazila_id: u.upazila_id,
        }
    }
}

/// The signed-in person's profile.
#[utoipa::path(get, path = "/my-account/user/profile-info", tag = "auth",
    responses((status = 200, body = Data<Profile>), (status = 401)))]
pub async fn profile_info(State(ctl): State<ControlState>, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Profile>>> {
    let id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    Ok(Json(Data::new(store::find(&ctl.db, id).await?.into())))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ProfileInput {
    pub name: String,
    pub name_bn: String,
    pub email: String,
    /// Needed only when the e-mail address changes.
    #[serde(skip_serializing)]
    pub current_password: String,
    pub phone: String,
    /// `female`, `male`, `other`, or empty.
    pub gender: String,
    /// `YYYY-MM-DD`, or empty.
    pub date_of_birth: String,
    pub address: String,
    pub bio: String,
    /// A profession's id, or null.
    pub profession_id: Option<i64>,
    /// A district's id, or null.
    pub district_id: Option<i64>,
    /// One of the district's upazilas, or null.
    pub upazila_id: Option<i64>,
}

/// Save the signed-in person's profile (every field at once, as the form shows them).
#[utoipa::path(post, path = "/my-account/user/update-profile", tag = "auth", request_body = ProfileInput,
    responses((status = 200, body = Data<Profile>), (status = 401), (status = 422, description = "validation failed"),
              (status = 429, description = "too_many_attempts")))]
pub async fn update_profile(
    State(ctl): State<ControlState>,
    RequireUser(caller): RequireUser,
    host: Option<HostTenant>,
    headers: HeaderMap,
    AppJson(input): AppJson<ProfileInput>,
) -> AppResult<Json<Data<Profile>>> {
    let id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let mut v = Validator::default();
    let before = store::find(&ctl.db, id).await?;
    let mut update = store::ProfileUpdate {
        name: v.text("name", &input.name, 120),
        name_bn: v.optional_text("name_bn", &input.name_bn, 120),
        email: v.email("email", &input.email),
        phone: v.optional_phone("phone", &input.phone),
        gender: v.optional_text("gender", &input.gender, 10),
        date_of_birth: birth_date(&mut v, &input.date_of_birth),
        address: v.optional_text("address", &input.address, 300),
        bio: v.optional_text("bio", &input.bio, 1000),
        profession_id: known(&ctl.db, &mut v, "profession_id", List::Professions, input.profession_id).await?,
        district_id: known(&ctl.db, &mut v, "district_id", List::Districts, input.district_id).await?,
        upazila_id: None,
    };
    update.upazila_id = upazila(&ctl.db, &mut v, input.upazila_id, update.district_id).await?;
    if update.gender.as_deref().is_some_and(|g| !GENDERS.contains(&g)) {
        v.add("gender", "invalid_choice", None);
    }
    let email_changed = !before.email.as_deref().is_some_and(|e| e.eq_ignore_ascii_case(&update.email));
    if email_changed && !v.has("email") {
        check_current_password(&ctl, &mut v, id, &input.current_password).await?;
    }
    v.finish()?;
    let lang = Lang::from_headers(&headers);
    let mut tx = ctl.db.begin().await?;
    store::update_profile(&mut tx, id, &update).await?;
    let after = store::find(&mut *tx, id).await?;
    if email_changed {
        verification::send(&mut tx, &after, &update.email, &Site::of(&ctl, host.as_ref(), lang), lang).await?;
    }
    tx.commit().await?;
    Ok(Json(Data::new(after.into())))
}

/// An id from a reference list, or 422 `invalid_choice`.
async fn known(db: &sqlx::PgPool, v: &mut Validator, field: &str, list: List, id: Option<i64>) -> AppResult<Option<i32>> {
    let Some(id) = id else { return Ok(None) };
    match i32::try_from(id) {
        Ok(small) if places::all_known(db, list, &[id]).await? => Ok(Some(small)),
        _ => {
            v.add(field, "invalid_choice", None);
            Ok(None)
        }
    }
}

/// An upazila of the chosen district: 422 `invalid_choice` for no upazila, `upazila_not_in_district`
/// for another district's (or when no district is chosen).
async fn upazila(db: &sqlx::PgPool, v: &mut Validator, id: Option<i64>, district: Option<i32>) -> AppResult<Option<i32>> {
    let Some(id) = id else { return Ok(None) };
    match places::upazila_district(db, id).await? {
        None => v.add("upazila_id", "invalid_choice", None),
        Some(of) if Some(of) != district && !v.has("district_id") => v.add("upazila_id", "upazila_not_in_district", None),
        Some(_) => return Ok(i32::try_from(id).ok()),
    }
    Ok(None)
}

/// A date of birth: `YYYY-MM-DD`, in the past, after 1900.
fn birth_date(v: &mut Validator, value: &str) -> Option<NaiveDate> {
    let value = crate::validate::trim(value);
    if value.is_empty() {
        return None;
    }
    match NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        Ok(d) if d.year() >= 1900 && d < chrono::Utc::now().date_naive() => Some(d),
        Ok(_) => {
            v.add("date_of_birth", "birth_date_out_of_range", None);
            None
        }
        Err(_) => {
            v.add("date_of_birth", "invalid_date", None);
            None
        }
    }
}
