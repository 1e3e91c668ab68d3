//! The reports' lists: the site's courses, its learners, a course's learners, a learner's
//! courses; each a page, or with `format` every matching row as a spreadsheet.

use super::store::{self, CourseLine, EnrolmentLine, LearnerLine, Of};
use crate::pools::TenantDb;
use crate::sheets;
use axum::Json;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::future::Future;
use utoipa::{IntoParams, ToSchema};

/// Every matching row of an export, at most: a sheet Excel still opens at once.
const EXPORT_ROWS: i64 = 200_000;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ReportQuery {
    pub page: Option<i64>,
    /// 1..100, default 20.
    pub limit: Option<i64>,
    pub search: Option<String>,
    /// `csv` or `xlsx`: every matching row as a download instead of a page.
    pub format: Option<String>,
}

/// `part` of `whole` in whole percent (0 without a whole).
fn percent(part: i64, whole: i64) -> i64 {
    if whole <= 0 { 0 } else { (part * 100 / whole).clamp(0, 100) }
}

fn day(t: Option<DateTime<Utc>>) -> String {
    t.map(|t| control_plane::dhaka::day(t).to_string()).unwrap_or_default()
}

/// A page of rows, or (with `format`) every row as a sheet.
async fn page_or_sheet<R, T, C, F, FutC, FutF>(q: &ReportQuery, name: &str, headers: &[&str], count: C, fetch: F, row: impl Fn(R) -> T, cells: impl Fn(&T) -> Vec<String>) -> AppResult<Response>
where
    T: Serialize,
    C: FnOnce() -> FutC,
    F: Fn(i64, i64) -> FutF,
    FutC: Future<Output = sqlx::Result<i64>>,
    FutF: Future<Output = sqlx::Result<Vec<R>>>,
{
    if q.format.is_some() {
        let rows: Vec<Vec<String>> = fetch(EXPORT_ROWS, 0).await?.into_iter().map(|r| cells(&row(r))).collect();
        return sheets::download(name, q.format.as_deref(), headers, &rows);
    }
    let request = PageRequest::new(q.page, q.limit, 20);
    let total = count().await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let data = fetch(request.per_page, offset).await?.into_iter().map(row).collect();
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }).into_response())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CourseReport {
    #[serde(flatten)]
    pub course: CourseLine,
    /// `completed` of `enrolments`, in whole percent.
    pub completion_percent: i64,
}

impl From<CourseLine> for CourseReport {
    fn from(course: CourseLine) -> Self {
        Self { completion_percent: percent(course.completed, course.enrolments), course }
    }
}

/// The site's courses with their enrolments, completions, lessons and certificates.
#[utoipa::path(get, path = "/course/reports/courses", tag = "reports", params(ReportQuery),
    responses((status = 200, body = Page<CourseReport>), (status = 401), (status = 403), (status = 422)))]
pub async fn courses(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppQuery(q): AppQuery<ReportQuery>) -> AppResult<Response> {
    caller.require_admin_of(tenant.id)?;
    let pattern = contains_pattern(q.search.as_deref());
    let p = pattern.as_deref();
    let headers = ["Course", "Course (Bangla)", "Type", "Published", "Enrolments", "Completed", "Completed %", "Lessons completed", "Certificates"];
    page_or_sheet(&q, "courses-report", &headers, || store::count_courses(&db, p), |limit, offset| store::courses(&db, p, limit, offset), CourseReport::from, |c| {
        let (line, share) = (&c.course, c.completion_percent);
        vec![
            line.title.clone(),
            line.title_bn.clone(),
            line.course_type.clone(),
            if line.published { "yes" } else { "no" }.into(),
            line.enrolments.to_string(),
            line.completed.to_string(),
            share.to_string(),
            line.lessons_completed.to_string(),
            line.certificates.to_string(),
        ]
    })
    .await
}

/// Everyone enrolled on the site, with their courses, completions and certificates.
#[utoipa::path(get, path = "/course/reports/learners", tag = "reports", params(ReportQuery),
    responses((status = 200, body = Page<LearnerLine>), (status = 401), (status = 403), (status = 422)))]
pub async fn learners(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppQuery(q): AppQuery<ReportQuery>) -> AppResult<Response> {
    caller.require_admin_of(tenant.id)?;
    let pattern = contains_pattern(q.search.as_deref());
    let p = pattern.as_deref();
    let headers = ["Name", "E-mail", "Courses", "Completed", "Certificates", "First enrolled"];
    page_or_sheet(&q, "learners-report", &headers, || store::count_learners(&db, p), |limit, offset| store::learners(&db, p, limit, offset), |l| l, |l| {
        vec![
            l.name.clone(),
            l.email.clone().unwrap_or_default(),
            l.courses.to_string(),
            l.completed.to_string(),
            l.certificates.to_string(),
            day(Some(l.first_enrolled_at)),
        ]
    })
    .await
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentReport {
    #[serde(flatten)]
    pub enrolment: EnrolmentLine,
    /// Lessons completed of the course's, in whole percent (100 once completed).
    pub percent: i64,
}

impl From<EnrolmentLine> for EnrolmentReport {
    fn from(e: EnrolmentLine) -> Self {
        Self { percent: if e.status == "completed" { 100 } else { percent(e.lessons_completed, e.lessons_total) }, enrolment: e }
    }
}

const ENROLMENT_HEADERS: [&str; 11] = ["Name", "E-mail", "Course", "Course (Bangla)", "Batch", "Status", "Enrolled", "Completed", "Lessons completed", "Progress %", "Certificate"];

fn enrolment_cells(r: &EnrolmentReport) -> Vec<String> {
    let e = &r.enrolment;
    vec![
        e.name.clone(),
        e.email.clone().unwrap_or_default(),
        e.title.clone(),
        e.title_bn.clone(),
        if e.batch_name.is_empty() { e.batch_name_bn.clone() } else { e.batch_name.clone() },
        e.status.clone(),
        day(Some(e.enrolled_at)),
        day(e.completed_at),
        format!("{}/{}", e.lessons_completed, e.lessons_total),
        r.percent.to_string(),
        e.certificate_code.clone().unwrap_or_default(),
    ]
}

async fn enrolments(db: &PgPool, of: Of, q: &ReportQuery, name: &str) -> AppResult<Response> {
    let pattern = contains_pattern(q.search.as_deref());
    let p = pattern.as_deref();
    page_or_sheet(q, name, &ENROLMENT_HEADERS, || store::count_enrolments(db, of, p), |limit, offset| store::enrolments(db, of, p, limit, offset), EnrolmentReport::from, enrolment_cells).await
}

/// A course's learners with their progress (404 for a course the site does not have).
#[utoipa::path(get, path = "/course/reports/course-users/{id}", tag = "reports", params(("id" = i64, Path, description = "the course"), ReportQuery),
    responses((status = 200, body = Page<EnrolmentReport>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_users(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>, AppQuery(q): AppQuery<ReportQuery>) -> AppResult<Response> {
    caller.require_admin_of(tenant.id)?;
    crate::courses::store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    enrolments(&db, Of::Course(id), &q, &format!("course-{id}-learners")).await
}

/// A learner's courses on the site with their progress (an empty page for someone never enrolled here).
#[utoipa::path(get, path = "/course/reports/learner-courses/{id}", tag = "reports", params(("id" = i64, Path, description = "the user"), ReportQuery),
    responses((status = 200, body = Page<EnrolmentReport>), (status = 401), (status = 403), (status = 422)))]
pub async fn learner_courses(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>, AppQuery(q): AppQuery<ReportQuery>) -> AppResult<Response> {
    caller.require_admin_of(tenant.id)?;
    enrolments(&db, Of::Learner(id), &q, &format!("learner-{id}-courses")).await
}
