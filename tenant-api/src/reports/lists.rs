//! The reports' lists: the site's courses, its learners, a course's learners, a learner's
//! courses; each a page, or with `format` every matching row as a spreadsheet. Longer lists than
//! a request should carry download through a background export (`exports.rs`).

use super::report::{CourseReport, EnrolmentReport, Report};
use super::store::{self, LearnerLine, Of};
use crate::pools::TenantDb;
use crate::sheets;
use axum::Json;
use axum::response::{IntoResponse, Response};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::future::Future;
use utoipa::IntoParams;

/// Rows a `?format=` download carries at most; a longer list is an export's.
pub const DOWNLOAD_ROWS: i64 = 5_000;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ReportQuery {
    pub page: Option<i64>,
    /// 1..100, default 20.
    pub limit: Option<i64>,
    pub search: Option<String>,
    /// `csv` or `xlsx`: every matching row (at most 5,000; more: 422 `export_too_large`) as a
    /// download instead of a page.
    pub format: Option<String>,
}

/// A page of rows, or (with `format`) every row as a sheet.
async fn page_or_sheet<R, T, F, FutF>(db: &PgPool, q: &ReportQuery, report: Report, fetch: F, row: impl Fn(R) -> T) -> AppResult<Response>
where
    T: Serialize,
    F: Fn(i64, i64) -> FutF,
    FutF: Future<Output = sqlx::Result<Vec<R>>>,
{
    let pattern = contains_pattern(q.search.as_deref());
    let mut conn = db.acquire().await?;
    let total = report.count(&mut conn, pattern.as_deref()).await?;
    if q.format.is_some() {
        let format = sheets::Format::parse("format", q.format.as_deref())?;
        if total > DOWNLOAD_ROWS {
            return Err(AppError::field("format", "export_too_large"));
        }
        let rows = report.cells(&mut conn, pattern.as_deref(), DOWNLOAD_ROWS, 0).await?;
        let bytes = sheets::write(format, report.headers(), &rows)?;
        return Ok(sheets::attachment(&format!("{}.{}", report.file_stem(), format.extension()), format.mime(), bytes));
    }
    drop(conn);
    let request = PageRequest::new(q.page, q.limit, 20);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = fetch(request.per_page, offset).await?.into_iter().map(row).collect();
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }).into_response())
}

/// The site's courses with their enrolments, completions, lessons and certificates.
#[utoipa::path(get, path = "/course/reports/courses", tag = "reports", params(ReportQuery),
    responses((status = 200, body = Page<CourseReport>), (status = 401), (status = 403), (status = 422)))]
pub async fn courses(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppQuery(q): AppQuery<ReportQuery>) -> AppResult<Response> {
    caller.require_admin_of(tenant.id)?;
    let pattern = contains_pattern(q.search.as_deref());
    page_or_sheet(&db, &q, Report::Courses, |limit, offset| store::courses(&*db, pattern.as_deref(), limit, offset), CourseReport::from).await
}

/// Everyone enrolled on the site, with their courses, completions and certificates.
#[utoipa::path(get, path = "/course/reports/learners", tag = "reports", params(ReportQuery),
    responses((status = 200, body = Page<LearnerLine>), (status = 401), (status = 403), (status = 422)))]
pub async fn learners(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppQuery(q): AppQuery<ReportQuery>) -> AppResult<Response> {
    caller.require_admin_of(tenant.id)?;
    let pattern = contains_pattern(q.search.as_deref());
    page_or_sheet(&db, &q, Report::Learners, |limit, offset| store::learners(&*db, pattern.as_deref(), limit, offset), |l| l).await
}

async fn enrolments(db: &PgPool, of: Of, q: &ReportQuery) -> AppResult<Response> {
    let pattern = contains_pattern(q.search.as_deref());
    page_or_sheet(db, q, Report::Enrolments(of), |limit, offset| store::enrolments(db, of, pattern.as_deref(), limit, offset), EnrolmentReport::from).await
}

/// A course's learners with their progress (404 for a course the site does not have).
#[utoipa::path(get, path = "/course/reports/course-users/{id}", tag = "reports", params(("id" = i64, Path, description = "the course"), ReportQuery),
    responses((status = 200, body = Page<EnrolmentReport>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_users(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>, AppQuery(q): AppQuery<ReportQuery>) -> AppResult<Response> {
    caller.require_admin_of(tenant.id)?;
    crate::courses::store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    enrolments(&db, Of::Course(id), &q).await
}

/// A learner's courses on the site with their progress (an empty page for someone never enrolled here).
#[utoipa::path(get, path = "/course/reports/learner-courses/{id}", tag = "reports", params(("id" = i64, Path, description = "the user"), ReportQuery),
    responses((status = 200, body = Page<EnrolmentReport>), (status = 401), (status = 403), (status = 422)))]
pub async fn learner_courses(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>, AppQuery(q): AppQuery<ReportQuery>) -> AppResult<Response> {
    caller.require_admin_of(tenant.id)?;
    enrolments(&db, Of::Learner(id), &q).await
}
