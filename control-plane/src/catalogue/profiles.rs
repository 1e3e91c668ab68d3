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
use crate::response::Data;
use serde::{Deserialize, Serialize};
use store::CatalogueCourse;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ProfileQuery {
    /// How many courses, default 12, at most 48.
    pub rows: Option<i64>,
}

/// The profile's courses (most enrolled first) and totals.
async fn courses(ctl: &ControlState, filter: Filter, rows: Option<i64>) -> AppResult<(Vec<CatalogueCourse>, Totals)> {
    let totals = store::totals(&ctl.db, filter.site, filter.instructor).await?;
    let (found, _) = store::search(&ctl.catalogue, &filter, Order::Popular, rows.unwrap_or(12).clamp(1, 48), 0).await?;
    Ok((found.into_iter().map(|r| r.view(&ctl.config.public_base_url)).collect(), totals))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InstructorProfile {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub photo: Option<String>,
    pub courses_count: i64,
    pub learners_count: i64,
    pub rating: f64,
    pub courses: Vec<CatalogueCourse>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InstitutionProfile {
    pub id: i64,
    pub slug: String,
    pub institution_name: String,
    pub institution_name_en: String,
    pub logo: Option<String>,
    pub url: String,
    pub courses_count: i64,
    pub learners_count: i64,
    pub rating: f64,
    pub courses: Vec<CatalogueCourse>,
}

/// An instructor: name, photo and published courses.
#[utoipa::path(get, path = "/learner-course/user-info/{username}", tag = "learner",
    params(("username" = String, Path, description = "the instructor's user id"), ProfileQuery),
    responses((status = 200, body = Data<InstructorProfile>), (status = 404)))]
pub async fn user_info(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    AppPath(username): AppPath<String>,
    AppQuery(q): AppQuery<ProfileQuery>,
) -> AppResult<Json<Data<InstructorProfile>>> {
    let id: i64 = username.parse().map_err(|_| AppError::Missing("profile_not_found"))?;
    let filter = Filter { site: site_scope(&tenant), instructor: Some(id), ..Filter::default() };
    let (courses, totals) = courses(&ctl, filter, q.rows).await?;
    if totals.courses == 0 {
        return Err(AppError::Missing("profile_not_found"));
    }
    let user = users::find(&ctl.db, id).await?;
    Ok(Json(Data::new(InstructorProfile {
        id: user.id,
        name: user.name,
        name_bn: user.name_bn,
        photo: user.photo,
        courses_count: totals.courses,
        learners_count: totals.learners,
        rating: totals.rating,
        courses,
    })))
}

/// An institution: names, logo, site address and published courses.
#[utoipa::path(get, path = "/learner-course/institution-info/{username}", tag = "learner",
    params(("username" = String, Path, description = "the institution's slug or id"), ProfileQuery),
    responses((status = 200, body = Data<InstitutionProfile>), (status = 404)))]
pub async fn institution_info(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    AppPath(username): AppPath<String>,
    AppQuery(q): AppQuery<ProfileQuery>,
) -> AppResult<Json<Data<InstitutionProfile>>> {
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
    Ok(Json(Data::new(InstitutionProfile {
        id: institution.id,
        logo: logo_url(urls, &institution.slug, institution.is_main, institution.logo_key.as_deref()),
        url: urls.site_url(site),
        slug: institution.slug,
        institution_name: institution.institution_name,
        institution_name_en: institution.institution_name_en,
        courses_count: totals.courses,
        learners_count: totals.learners,
        rating: totals.rating,
        courses,
    })))
}
