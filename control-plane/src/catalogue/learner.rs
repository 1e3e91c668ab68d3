//! A learner's view across sites: their courses (`my-courses-enrollment-list`, `enrollment-list`),
//! their certificates (`certificate/{username}`) and public certificate verification by tracking
//! code. On the main site these span every partner; on a partner site only that site.

use super::{site_scope, store};
use crate::auth::{Caller, HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::json::{AppPath, AppQuery};
use crate::pagination::{Page, PageRequest};
use crate::response::Data;
use chrono::{DateTime, Utc};
use store::{CatalogueCourse, CertificateView};
use crate::state::ControlState;
use crate::tenancy::Tenant;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ListBody {
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// Whose list a `{username}` path names: `me`, or a user id (their own; anyone's for super admins).
fn named_user(caller: &Caller, username: &str) -> AppResult<i64> {
    let me = caller.user_id().ok_or(AppError::Forbidden)?;
    match username {
        "me" => Ok(me),
        other => match other.parse::<i64>() {
            Ok(id) if id == me || caller.is_super() => Ok(id),
            Ok(_) => Err(AppError::Forbidden),
            Err(_) => Err(AppError::NotFound),
        },
    }
}

/// A course a learner takes, with their progress and the link to go on learning.
#[derive(Debug, Serialize, ToSchema)]
pub struct LearnerCourse {
    pub course: CatalogueCourse,
    pub status: String,
    pub progress_percent: i32,
    pub completed_at: Option<DateTime<Utc>>,
    pub url: String,
}

/// One page (of 10) of a learner's courses with progress, most recently active first.
async fn courses_page(ctl: &ControlState, tenant: &Tenant, user: i64, page: Option<i64>, limit: Option<i64>) -> AppResult<Json<Page<LearnerCourse>>> {
    let request = PageRequest::new(page, limit, 10);
    let site = site_scope(tenant);
    let first = store::learner_courses(&ctl.db, user, site, request.per_page, request.offset()).await?;
    let total = first.first().map_or(0, |r| r.course.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = if offset == request.offset() {
        first
    } else {
        store::learner_courses(&ctl.db, user, site, request.per_page, offset).await?
    };
    let data = rows
        .into_iter()
        .map(|r| {
            let course = r.course.view(&ctl.config.public_base_url);
            let url = format!("{}/course/journey/{}", course.institution.url, course.uuid);
            LearnerCourse { course, status: r.status, progress_percent: r.progress_percent, completed_at: r.completed_at, url }
        })
        .collect();
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// The signed-in learner's courses with progress, most recently active first (page of 10).
#[utoipa::path(post, path = "/learner-course/my-courses-enrollment-list", tag = "learner",
    request_body(content = Option<ListBody>, description = "optional; an empty or malformed body means the first page"),
    responses((status = 200, body = Page<LearnerCourse>), (status = 401)))]
pub async fn my_courses_enrollment_list(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    body: String,
) -> AppResult<Json<Page<LearnerCourse>>> {
    // The body is optional (`{page}`); an empty or malformed one means the first page.
    let body: ListBody = serde_json::from_str(&body).unwrap_or_default();
    let user = caller.user_id().ok_or(AppError::Forbidden)?;
    courses_page(&ctl, &tenant, user, body.page, body.limit).await
}

/// A learner's courses (`me`, or a user id for super admins), as `my-courses-enrollment-list`.
#[utoipa::path(get, path = "/learner-course/enrollment-list/{username}", tag = "learner",
    params(("username" = String, Path), ListQuery),
    responses((status = 200, body = Page<LearnerCourse>), (status = 401), (status = 403), (status = 404)))]
pub async fn enrollment_list(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(username): AppPath<String>,
    AppQuery(q): AppQuery<ListQuery>,
) -> AppResult<Json<Page<LearnerCourse>>> {
    let user = named_user(&caller, &username)?;
    courses_page(&ctl, &tenant, user, q.page, q.limit).await
}

/// A learner's certificates (`me`, or a user id for super admins).
#[utoipa::path(get, path = "/learner-course/certificate/{username}", tag = "learner",
    params(("username" = String, Path)), responses((status = 200, body = Data<Vec<CertificateView>>), (status = 401), (status = 403), (status = 404)))]
pub async fn learner_certificates(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(username): AppPath<String>,
) -> AppResult<Json<Data<Vec<CertificateView>>>> {
    let user = named_user(&caller, &username)?;
    let site = site_scope(&tenant);
    let data = store::certificates_of(&ctl.db, &ctl.config.public_base_url, user, site).await?;
    Ok(Json(Data::new(data)))
}

/// Public verification of a certificate by its tracking code, on any site, signed in or not.
#[utoipa::path(get, path = "/learner-course/certificate-details/{tracking_code}", tag = "learner",
    params(("tracking_code" = String, Path)), responses((status = 200, body = Data<CertificateView>), (status = 404)))]
pub async fn certificate_details(State(ctl): State<ControlState>, AppPath(code): AppPath<String>) -> AppResult<Json<Data<CertificateView>>> {
    let code = code.trim().to_ascii_uppercase();
    let found = store::certificate(&ctl.db, &ctl.config.public_base_url, &code).await?;
    let certificate = found.ok_or(AppError::Missing("certificate_not_found"))?;
    Ok(Json(Data::new(certificate)))
}
