//! The site's figures between two dates for its admins, a learner's own track, and the super
//! admin's platform figures (`docs/api-dashboard.md`). Counts of what happened come from the
//! summary tables the site's triggers keep; no call scans the enrolments or the completions.

use super::range::{DateRange, RangeQuery, Step};
use super::store::{self, Counts};
use crate::certificates::store as certificates;
use crate::classrooms::store as classrooms;
use crate::courses::{batches_store, store as courses};
use crate::events::store as events;
use crate::exams::store as exams;
use crate::learning::enrolment_store as enrolments;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::{NaiveDate, Utc};
use control_plane::auth::{Caller, HostTenant, RequireSuper, RequireUser};
use control_plane::catalogue::store as catalogue;
use control_plane::json::AppQuery;
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult, dhaka};
use serde::Serialize;
use utoipa::ToSchema;

/// At most this many upcoming items.
const UPCOMING: i64 = 10;

/// The site's figures are its admins': 403 for anyone else, before the dates are looked at.
pub fn site_range(caller: &Caller, tenant: &Tenant, q: &RangeQuery) -> AppResult<DateRange> {
    caller.require_admin_of(tenant.id)?;
    q.range()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LearnerTotals {
    pub range: DateRange,
    /// Everyone who ever enrolled in a course of the site.
    pub total: i64,
    /// Those whose first enrolment on the site fell in the range.
    pub new_in_range: i64,
}

/// How many learners the site has, and how many came in the range.
#[utoipa::path(get, path = "/api/v3/dashboard/total/learner", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<LearnerTotals>), (status = 401), (status = 403), (status = 422)))]
pub async fn total_learner(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<LearnerTotals>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let (total, new_in_range) = store::learners(&db, range.start_date, range.end_date).await?;
    Ok(Json(Data::new(LearnerTotals { range, total, new_in_range })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TypeTotal {
    /// `course`, `exam` (a certificate exam), `training`, `webinar` or `masterclass`.
    pub course_type: String,
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CourseTotals {
    pub range: DateRange,
    pub total: i64,
    pub published: i64,
    /// Made in the range.
    pub new_in_range: i64,
    pub by_type: Vec<TypeTotal>,
}

/// The site's courses (of every type), published, made in the range.
#[utoipa::path(get, path = "/api/v3/dashboard/total/course", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<CourseTotals>), (status = 401), (status = 403), (status = 422)))]
pub async fn total_course(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<CourseTotals>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let rows = courses::count_by_type(&db, range.from(), range.until()).await?;
    Ok(Json(Data::new(CourseTotals {
        range,
        total: rows.iter().map(|r| r.total).sum(),
        published: rows.iter().map(|r| r.published).sum(),
        new_in_range: rows.iter().map(|r| r.new).sum(),
        by_type: rows.into_iter().map(|r| TypeTotal { course_type: r.course_type, total: r.total }).collect(),
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExamTotals {
    pub range: DateRange,
    /// The Exam Centre's single exams.
    pub total: i64,
    pub published: i64,
    /// Attempts handed in during the range, and those passed.
    pub attempts_in_range: i64,
    pub passed_in_range: i64,
}

/// The site's single exams and the attempts handed in during the range.
#[utoipa::path(get, path = "/api/v3/dashboard/total/exam", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<ExamTotals>), (status = 401), (status = 403), (status = 422)))]
pub async fn total_exam(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<ExamTotals>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let (total, published, attempts_in_range, passed_in_range) = exams::dashboard_counts(&db, range.from(), range.until()).await?;
    Ok(Json(Data::new(ExamTotals { range, total, published, attempts_in_range, passed_in_range })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CertificateTotals {
    pub range: DateRange,
    /// Issued (not pending, not revoked).
    pub total: i64,
    /// Issued during the range.
    pub in_range: i64,
    /// Waiting for approval.
    pub pending: i64,
}

/// The site's certificates: issued, issued in the range, waiting for approval.
#[utoipa::path(get, path = "/api/v3/dashboard/total/certificate", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<CertificateTotals>), (status = 401), (status = 403), (status = 422)))]
pub async fn total_certificate(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<CertificateTotals>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let ((total, pending), in_range) = tokio::try_join!(certificates::counts(&db), store::totals(&db, None, Some(range.start_date), Some(range.end_date)))?;
    Ok(Json(Data::new(CertificateTotals { range, total, in_range: in_range.certificates, pending })))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GenderCount {
    /// `female`, `male`, `other` or `unknown` (not given).
    pub gender: String,
    pub count: i64,
}

/// Counts by gender in a fixed order, every gender present.
pub fn genders(rows: Vec<(Option<String>, i64)>) -> Vec<GenderCount> {
    ["female", "male", "other", "unknown"]
        .into_iter()
        .map(|gender| GenderCount {
            gender: gender.to_owned(),
            count: rows.iter().filter(|(g, _)| g.as_deref().unwrap_or("unknown") == gender).map(|(_, n)| n).sum(),
        })
        .collect()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GenderTotals {
    pub range: DateRange,
    pub total: i64,
    pub genders: Vec<GenderCount>,
}

/// The site's learners by the gender they gave (counted with the global identities, kept a minute).
#[utoipa::path(get, path = "/api/v3/dashboard/total/learner_by_gender", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<GenderTotals>), (status = 401), (status = 403), (status = 422)))]
pub async fn learner_by_gender(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<GenderTotals>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let genders = app
        .dashboard
        .genders
        .try_get_with(tenant.id, async { catalogue::learner_genders(&app.ctl.db, tenant.id).await.map(|rows| std::sync::Arc::new(genders(rows))) })
        .await
        .map_err(|e| AppError::from(control_plane::error::unshare(&e, "learners by gender")))?;
    let genders = genders.as_ref().clone();
    Ok(Json(Data::new(GenderTotals { range, total: genders.iter().map(|g| g.count).sum(), genders })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Enrolled {
    pub enrolled: i64,
    pub completed: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Completeness {
    pub range: DateRange,
    /// Every enrolment the site has had, and those completed.
    pub enrolments: i64,
    pub completed: i64,
    /// `completed` of `enrolments`, rounded down, 0 without enrolments.
    pub completion_percent: i64,
    pub in_range: Enrolled,
}

/// How many of the site's enrolments were completed, overall and in the range.
#[utoipa::path(get, path = "/api/v3/dashboard/completeness", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<Completeness>), (status = 401), (status = 403), (status = 422)))]
pub async fn completeness(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<Completeness>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let (all, within) = tokio::try_join!(store::totals(&db, None, None, None), store::totals(&db, None, Some(range.start_date), Some(range.end_date)))?;
    let completion_percent = if all.enrolments == 0 { 0 } else { (all.completions * 100 / all.enrolments).min(100) };
    Ok(Json(Data::new(Completeness {
        range,
        enrolments: all.enrolments,
        completed: all.completions,
        completion_percent,
        in_range: Enrolled { enrolled: within.enrolments, completed: within.completions },
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentPoint {
    /// The day, or the Monday of the week.
    pub date: NaiveDate,
    pub enrolments: i64,
    pub completions: i64,
    /// Lessons completed.
    pub lessons: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentSeries {
    pub range: DateRange,
    pub step: Step,
    pub points: Vec<EnrolmentPoint>,
}

/// Enrolments, completions and lessons completed per day (or week) of the range.
#[utoipa::path(get, path = "/api/v3/dashboard/enrollment", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<EnrolmentSeries>), (status = 401), (status = 403), (status = 422)))]
pub async fn enrollment(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<EnrolmentSeries>>> {
    let range = site_range(&caller, &tenant, &q)?;
    Ok(Json(Data::new(enrolment_series(&db, None, range).await?)))
}

/// Enrolments, completions and lessons per day (or week) of the range, of one course or all.
pub async fn enrolment_series(db: &sqlx::PgPool, course: Option<i64>, range: DateRange) -> AppResult<EnrolmentSeries> {
    let days = store::by_day(db, course, range.start_date, range.end_date).await?;
    let points = range
        .series(days)
        .into_iter()
        .map(|(date, c): (NaiveDate, Counts)| EnrolmentPoint { date, enrolments: c.enrolments, completions: c.completions, lessons: c.lessons })
        .collect();
    Ok(EnrolmentSeries { range, step: range.step(), points })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UpcomingItem {
    /// `batch` (a batch of a course, exam, training or webinar starting) or `event`.
    pub kind: String,
    pub id: i64,
    pub title: String,
    pub title_bn: String,
    /// The Dhaka day it starts.
    pub starts_on: NaiveDate,
    /// Its page on this site.
    pub link: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Upcoming {
    pub range: DateRange,
    pub items: Vec<UpcomingItem>,
}

/// A course's public page by its type (SPEC's link builder, as the web's `coursePagePath`).
fn course_page(course_type: &str, uuid: uuid::Uuid) -> String {
    let area = match course_type {
        "exam" => "exam",
        "webinar" => "webinar",
        _ => "course",
    };
    format!("/{area}/details/{uuid}")
}

/// What starts on the site from today: batches of its courses and its events, soonest first.
#[utoipa::path(get, path = "/api/v3/dashboard/upcoming", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<Upcoming>), (status = 401), (status = 403), (status = 422)))]
pub async fn upcoming(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<Upcoming>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let today = dhaka::today();
    let (batches, coming) = tokio::try_join!(batches_store::starting(&db, today, UPCOMING), events::coming(&db, dhaka::midnight(today), UPCOMING))?;
    let mut items: Vec<UpcomingItem> = batches
        .into_iter()
        .map(|b| UpcomingItem { kind: "batch".into(), id: b.id, link: course_page(&b.course_type, b.course_uuid), title: b.title, title_bn: b.title_bn, starts_on: b.start_date })
        .chain(coming.into_iter().map(|e| UpcomingItem {
            kind: "event".into(),
            id: e.id,
            link: format!("/events/{}", e.id),
            title_bn: e.title_bn.unwrap_or_default(),
            title: e.title,
            starts_on: dhaka::day(e.starts_at),
        }))
        .collect();
    items.sort_by_key(|i| i.starts_on);
    items.truncate(UPCOMING as usize);
    Ok(Json(Data::new(Upcoming { range, items })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LessonPoint {
    pub date: NaiveDate,
    pub lessons: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LearnTrack {
    pub range: DateRange,
    pub enrolled: i64,
    pub in_progress: i64,
    pub completed: i64,
    pub certificates: i64,
    pub lessons_in_range: i64,
    pub step: Step,
    pub points: Vec<LessonPoint>,
}

/// The caller's own learning on this site: their courses by state, certificates, and the lessons
/// they completed per day (or week) of the range.
#[utoipa::path(get, path = "/api/v3/dashboard/learnTrack", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<LearnTrack>), (status = 401), (status = 422)))]
pub async fn learn_track(RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppQuery(q): AppQuery<RangeQuery>) -> AppResult<Json<Data<LearnTrack>>> {
    let user = caller.user_id().ok_or(AppError::Forbidden)?;
    let range = q.range()?;
    let (track, days) = tokio::try_join!(enrolments::track(&db, user), enrolments::lessons_by_day(&db, user, range.from(), range.until()))?;
    let points: Vec<LessonPoint> = range.series(days).into_iter().map(|(date, lessons)| LessonPoint { date, lessons }).collect();
    Ok(Json(Data::new(LearnTrack {
        range,
        enrolled: track.enrolled,
        in_progress: track.in_progress,
        completed: track.completed,
        certificates: track.certificates,
        lessons_in_range: points.iter().map(|p| p.lessons).sum(),
        step: range.step(),
        points,
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UpcomingClasses {
    pub items: Vec<classrooms::ComingSession>,
}

/// The next sessions of the caller's classes (as teacher or student) not yet ended, soonest first.
#[utoipa::path(get, path = "/api/v3/dashboard/upcoming-classes", tag = "dashboard",
    responses((status = 200, body = Data<UpcomingClasses>), (status = 401)))]
pub async fn upcoming_classes(RequireUser(caller): RequireUser, TenantDb(db): TenantDb) -> AppResult<Json<Data<UpcomingClasses>>> {
    let user = caller.user_id().ok_or(AppError::Forbidden)?;
    let items = classrooms::coming_sessions(&db, user, UPCOMING).await?;
    Ok(Json(Data::new(UpcomingClasses { items })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PartnerCounts {
    pub active: i64,
    /// Applications waiting for a decision.
    pub pending: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserCounts {
    pub total: i64,
    pub new_last_30_days: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CatalogueCounts {
    pub courses: i64,
    pub by_type: Vec<TypeTotal>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlatformStats {
    pub partners: PartnerCounts,
    pub users: UserCounts,
    pub catalogue: CatalogueCounts,
    pub genders: Vec<GenderCount>,
}

/// The platform's figures (the super admin): partners, accounts, the catalogue's courses.
#[utoipa::path(get, path = "/admin-settings/dashboard/stats", tag = "settings",
    responses((status = 200, body = Data<PlatformStats>), (status = 401), (status = 403)))]
pub async fn platform_stats(State(app): State<AppState>, RequireSuper(_caller): RequireSuper) -> AppResult<Json<Data<PlatformStats>>> {
    let db = &app.ctl.db;
    let since = Utc::now() - chrono::Duration::days(30);
    let ((active, pending), (total, new_last_30_days, by_gender), by_type) = tokio::try_join!(
        control_plane::institutions::store::partner_counts(db),
        control_plane::users::store::census(db, since),
        catalogue::courses_by_type(db),
    )?;
    Ok(Json(Data::new(PlatformStats {
        partners: PartnerCounts { active, pending },
        users: UserCounts { total, new_last_30_days },
        catalogue: CatalogueCounts {
            courses: by_type.iter().map(|(_, n)| n).sum(),
            by_type: by_type.into_iter().map(|(course_type, total)| TypeTotal { course_type, total }).collect(),
        },
        genders: genders(by_gender),
    })))
}
