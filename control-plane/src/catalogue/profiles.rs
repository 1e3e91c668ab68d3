//! Public profiles linked from course pages: an instructor (`user-info/{username}`, by user id)
//! and an institution (`institution-info/{username}`, by slug or id), each with its most
//! enrolled published courses. Only what course pages already show is public: a user who
//! teaches no published course has no profile (404), so ids cannot list the platform's users.
//! On a partner site only that site's instructors and the site itself have profiles.

use super::site_scope;
use super::store::{self, Filter, Order, Totals};
use crate::auth::HostTenant;
use crate::error::{AppError, AppResult};
use crate::institutions::{logo_url, store as institutions};
use crate::json::{AppPath, AppQuery};
use crate::state::ControlState;
use crate::users::store as users;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::IntoParams;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct ProfileQuery {
    /// How many courses, default 12, at most 48.
    pub rows: Option<i64>,
}

/// The profile's courses (most enrolled first) and totals.
async fn courses(ctl: &ControlState, filter: Filter, rows: Option<i64>) -> AppResult<(Vec<Value>, Totals)> {
    let totals = store::totals(&ctl.db, filter.site, filter.instructor).await?;
    let (found, _) = store::search(&ctl.db, &filter, Order::Popular, rows.unwrap_or(12).clamp(1, 48), 0).await?;
    Ok((found.into_iter().map(|r| json!(r.view(&ctl.config.public_base_url))).collect(), totals))
}

/// An instructor: name, photo and published courses.
#[utoipa::path(get, path = "/learner-course/user-info/{username}", tag = "learner",
    params(("username" = String, Path, description = "the instructor's user id"), ProfileQuery),
    responses((status = 200, description = "`{data: {id, name, name_bn, photo, courses_count, learners_count, rating, courses: [CatalogueCourse]}}`"), (status = 404)))]
pub async fn user_info(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    AppPath(username): AppPath<String>,
    AppQuery(q): AppQuery<ProfileQuery>,
) -> AppResult<Json<Value>> {
    let id: i64 = username.parse().map_err(|_| AppError::Missing("profile_not_found"))?;
    let filter = Filter { site: site_scope(&tenant), instructor: Some(id), ..Filter::default() };
    let (courses, totals) = courses(&ctl, filter, q.rows).await?;
    if totals.courses == 0 {
        return Err(AppError::Missing("profile_not_found"));
    }
    let user = users::find(&ctl.db, id).await?;
    Ok(Json(json!({ "data": {
        "id": user.id, "name": user.name, "name_bn": user.name_bn, "photo": user.photo,
        "courses_count": totals.courses, "learners_count": totals.learners, "rating": totals.rating, "courses": courses,
    } })))
}

/// An institution: names, logo, site address and published courses.
#[utoipa::path(get, path = "/learner-course/institution-info/{username}", tag = "learner",
    params(("username" = String, Path, description = "the institution's slug or id"), ProfileQuery),
    responses((status = 200, description = "`{data: {id, slug, institution_name, institution_name_en, logo, url, courses_count, learners_count, rating, courses: [CatalogueCourse]}}`"), (status = 404)))]
pub async fn institution_info(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    AppPath(username): AppPath<String>,
    AppQuery(q): AppQuery<ProfileQuery>,
) -> AppResult<Json<Value>> {
    let found = match username.parse::<i64>() {
        Ok(id) => institutions::tenant_by_id(&ctl.db, id).await?,
        Err(_) => institutions::tenant_by_slug(&ctl.db, &username).await?,
    };
    let institution = found
        .filter(|i| i.is_active() && site_scope(&tenant).is_none_or(|site| site == i.id))
        .ok_or(AppError::Missing("profile_not_found"))?;
    let filter = Filter { site: Some(institution.id), ..Filter::default() };
    let (courses, totals) = courses(&ctl, filter, q.rows).await?;
    let urls = &ctl.config.public_base_url;
    let site = (!institution.is_main).then_some(institution.slug.as_str());
    Ok(Json(json!({ "data": {
        "id": institution.id, "slug": institution.slug,
        "institution_name": institution.institution_name, "institution_name_en": institution.institution_name_en,
        "logo": logo_url(urls, &institution.slug, institution.is_main, institution.logo_key.as_deref()),
        "url": urls.site_url(site),
        "courses_count": totals.courses, "learners_count": totals.learners, "rating": totals.rating, "courses": courses,
    } })))
}
