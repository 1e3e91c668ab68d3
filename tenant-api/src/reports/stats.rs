//! The reports' figures over a range of dates: the site's courses and learners, one course, one
//! learner.

use super::store::{self, BatchLine, LearnerSummary};
use crate::courses::store as courses;
use crate::dashboard::figures::{EnrolmentPoint, enrolment_series, site_range};
use crate::dashboard::range::{DateRange, RangeQuery, Step};
use crate::dashboard::store::{self as summary, Counts};
use crate::learning::enrolment_store::LearnerRef;
use crate::pools::TenantDb;
use axum::Json;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Serialize, ToSchema)]
pub struct Happened {
    pub enrolments: i64,
    pub completions: i64,
    /// Lessons completed.
    pub lessons: i64,
    /// Certificates issued.
    pub certificates: i64,
}

impl From<Counts> for Happened {
    fn from(c: Counts) -> Self {
        Self { enrolments: c.enrolments, completions: c.completions, lessons: c.lessons, certificates: c.certificates }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CourseStats {
    pub range: DateRange,
    /// The site's courses now, and those published.
    pub courses: i64,
    pub published: i64,
    /// What happened in the range.
    #[serde(flatten)]
    pub in_range: Happened,
}

/// The site's courses and what happened on them in the range.
#[utoipa::path(get, path = "/course/reports/course-stats", tag = "reports", params(RangeQuery),
    responses((status = 200, body = Data<CourseStats>), (status = 401), (status = 403), (status = 422)))]
pub async fn course_stats(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppQuery(q): AppQuery<RangeQuery>) -> AppResult<Json<Data<CourseStats>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let (types, within) = tokio::try_join!(courses::count_by_type(&db, range.from(), range.until()), summary::totals(&db, None, Some(range.start_date), Some(range.end_date)))?;
    Ok(Json(Data::new(CourseStats {
        range,
        courses: types.iter().map(|t| t.total).sum(),
        published: types.iter().map(|t| t.published).sum(),
        in_range: within.into(),
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CourseRef {
    pub id: i64,
    pub uuid: Uuid,
    pub title: String,
    pub title_bn: String,
    pub course_type: String,
    pub published: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CourseStat {
    pub course: CourseRef,
    pub range: DateRange,
    pub all_time: Happened,
    pub in_range: Happened,
    pub step: Step,
    pub points: Vec<EnrolmentPoint>,
    pub batches: Vec<BatchLine>,
}

/// One course: what happened on it ever and in the range, per day (or week), and its batches.
#[utoipa::path(get, path = "/course/reports/course-stat/{id}", tag = "reports", params(("id" = i64, Path, description = "the course"), RangeQuery),
    responses((status = 200, body = Data<CourseStat>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_stat(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<CourseStat>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let course = courses::find(&db, id).await?.ok_or(AppError::NotFound)?;
    let (all_time, in_range, series, batches) = tokio::try_join!(
        async { Ok::<_, AppError>(summary::totals(&db, Some(id), None, None).await?) },
        async { Ok(summary::totals(&db, Some(id), Some(range.start_date), Some(range.end_date)).await?) },
        enrolment_series(&db, Some(id), range),
        async { Ok(store::batches(&db, id).await?) },
    )?;
    Ok(Json(Data::new(CourseStat {
        course: CourseRef { id: course.id, uuid: course.uuid, title: course.title, title_bn: course.title_bn, course_type: course.course_type, published: course.published },
        range,
        all_time: all_time.into(),
        in_range: in_range.into(),
        step: series.step,
        points: series.points,
        batches,
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LearnerStats {
    pub range: DateRange,
    /// Everyone who ever enrolled on the site; those who first did in the range.
    pub learners: i64,
    pub new_in_range: i64,
    /// Courses completed and certificates issued in the range.
    pub completions: i64,
    pub certificates: i64,
}

/// The site's learners: how many, how many came, finished and were certified in the range.
#[utoipa::path(get, path = "/course/reports/learner-stats", tag = "reports", params(RangeQuery),
    responses((status = 200, body = Data<LearnerStats>), (status = 401), (status = 403), (status = 422)))]
pub async fn learner_stats(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppQuery(q): AppQuery<RangeQuery>) -> AppResult<Json<Data<LearnerStats>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let ((learners, new_in_range), within) =
        tokio::try_join!(summary::learners(&db, range.start_date, range.end_date), summary::totals(&db, None, Some(range.start_date), Some(range.end_date)))?;
    Ok(Json(Data::new(LearnerStats { range, learners, new_in_range, completions: within.completions, certificates: within.certificates })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LearnerStat {
    pub user: LearnerRef,
    #[serde(flatten)]
    pub summary: LearnerSummary,
}

/// One learner on the site (404 for someone who never enrolled here).
#[utoipa::path(get, path = "/course/reports/learner-stat/{id}", tag = "reports", params(("id" = i64, Path, description = "the user")),
    responses((status = 200, body = Data<LearnerStat>), (status = 401), (status = 403), (status = 404)))]
pub async fn learner_stat(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<LearnerStat>>> {
    caller.require_admin_of(tenant.id)?;
    let summary = store::learner(&db, id).await?.ok_or(AppError::NotFound)?;
    let user = LearnerRef { id, name: summary.name.clone(), email: summary.email.clone() };
    Ok(Json(Data::new(LearnerStat { user, summary })))
}
