//! A batch's results: a row per enrolled learner, a cell per exam part (a quiz or exam lesson)
//! with their best handed-in attempt; a learner's marksheet; and their sums per part (a batch's
//! coursework, a course's performance). A read model over enrolments, lessons and attempts, so its
//! SQL lives here rather than with any one of those tables.

use crate::courses::access::{can_author, require_author};
use crate::courses::batches::batch_of;
use crate::courses::batches_store::Batch;
use crate::courses::store as courses;
use crate::pools::TenantDb;
use axum::Json;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::tenancy::Tenant;
use control_plane::json::AppPath;
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use sqlx::PgPool;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ResultPart {
    pub lesson_id: i64,
    pub title: String,
    pub title_bn: String,
    pub exam_id: i64,
    pub pass_percent: f64,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ResultCell {
    pub lesson_id: i64,
    /// The best handed-in attempt's state, else the latest attempt's; null: not attempted.
    pub state: Option<String>,
    pub score: Option<f64>,
    pub max_score: Option<f64>,
    /// Null while a teacher has still to mark the attempt.
    pub passed: Option<bool>,
    pub attempts: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LearnerResults {
    pub enrollment_id: i64,
    pub user_id: i64,
    pub name: String,
    pub status: String,
    pub certificate_code: Option<String>,
    pub parts: Vec<ResultCell>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExamBatchResults {
    pub parts: Vec<ResultPart>,
    pub learners: Vec<LearnerResults>,
}

#[derive(sqlx::FromRow)]
struct Learner {
    enrollment_id: i64,
    user_id: i64,
    name: String,
    status: String,
    certificate_code: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Cell {
    enrollment_id: i64,
    #[sqlx(flatten)]
    cell: ResultCell,
}

async fn parts(db: &PgPool, course_id: i64) -> sqlx::Result<Vec<ResultPart>> {
    sqlx::query_as(
        "SELECT l.id AS lesson_id, l.title, l.title_bn, e.id AS exam_id, e.pass_percent::float8 AS pass_percent
           FROM lessons l JOIN course_sections s ON s.id = l.section_id JOIN exams e ON e.id = l.assessment_id
          WHERE l.course_id = $1 ORDER BY s.position, s.id, l.position, l.id",
    )
    .bind(course_id)
    .fetch_all(db)
    .await
}

async fn learners(db: &PgPool, batch_id: i64) -> sqlx::Result<Vec<Learner>> {
    sqlx::query_as(
        "SELECT en.id AS enrollment_id, en.user_id, en.user_name AS name, en.status, c.tracking_code AS certificate_code
           FROM enrollments en LEFT JOIN certificates c ON c.enrollment_id = en.id AND c.status = 'issued'
          WHERE en.batch_id = $1 ORDER BY en.user_name, en.id",
    )
    .bind(batch_id)
    .fetch_all(db)
    .await
}

/// Each learner's best attempt at each part: passed first, then the highest score, handed-in
/// attempts before open ones.
async fn cells(db: &PgPool, batch_id: i64, course_id: i64) -> sqlx::Result<Vec<Cell>> {
    sqlx::query_as(
        "SELECT en.id AS enrollment_id, l.id AS lesson_id, best.state, best.score::float8 AS score, best.max_score::float8 AS max_score,
                best.passed, (SELECT count(*) FROM exam_attempts a WHERE a.exam_id = l.assessment_id AND a.user_id = en.user_id) AS attempts
           FROM enrollments en
           JOIN lessons l ON l.course_id = $2 AND l.assessment_id IS NOT NULL
           JOIN LATERAL (
                SELECT a.state, a.score, a.max_score, a.passed FROM exam_attempts a
                 WHERE a.exam_id = l.assessment_id AND a.user_id = en.user_id
                 ORDER BY a.state IN ('submitted', 'finished', 'overdue') DESC, a.passed IS TRUE DESC, a.score DESC NULLS LAST, a.attempt_no DESC
                 LIMIT 1) best ON true
          WHERE en.batch_id = $1",
    )
    .bind(batch_id)
    .bind(course_id)
    .fetch_all(db)
    .await
}

/// A batch's learners (or one of them) and their results at each exam part of its course.
async fn batch_results(db: &PgPool, batch: &Batch, only: Option<i64>) -> AppResult<ExamBatchResults> {
    let parts = parts(db, batch.course_id).await?;
    let mut cells: BTreeMap<(i64, i64), ResultCell> =
        cells(db, batch.id, batch.course_id).await?.into_iter().map(|c| ((c.enrollment_id, c.cell.lesson_id), c.cell)).collect();
    let learners = learners(db, batch.id)
        .await?
        .into_iter()
        .filter(|l| only.is_none_or(|id| id == l.enrollment_id))
        .map(|l| LearnerResults {
            parts: parts
                .iter()
                .map(|p| {
                    cells.remove(&(l.enrollment_id, p.lesson_id)).unwrap_or(ResultCell {
                        lesson_id: p.lesson_id,
                        state: None,
                        score: None,
                        max_score: None,
                        passed: None,
                        attempts: 0,
                    })
                })
                .collect(),
            enrollment_id: l.enrollment_id,
            user_id: l.user_id,
            name: l.name,
            status: l.status,
            certificate_code: l.certificate_code,
        })
        .collect();
    Ok(ExamBatchResults { parts, learners })
}

/// A batch's learners and their results at each exam part of its course.
#[utoipa::path(get, path = "/assessment/evaluation-results/{class_room_id}", tag = "assessment",
    params(("class_room_id" = i64, Path, description = "batch id")), responses((status = 200, body = Data<ExamBatchResults>), (status = 403), (status = 404)))]
pub async fn evaluation_results(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(batch_id): AppPath<i64>,
) -> AppResult<Json<Data<ExamBatchResults>>> {
    require_author(&caller, &tenant)?;
    let batch = batch_of(&db, batch_id).await?;
    Ok(Json(Data::new(batch_results(&db, &batch, None).await?)))
}

/// One learner's marksheet: what they sat, and how they did at each part.
#[derive(Debug, Serialize, ToSchema)]
pub struct Marksheet {
    pub course_title: String,
    pub course_title_bn: String,
    pub batch_name: String,
    pub batch_name_bn: String,
    pub parts: Vec<ResultPart>,
    pub learner: LearnerResults,
}

/// A learner's marksheet in a batch, for the course's authors and for the learner themself.
pub async fn marksheet_of(db: &PgPool, tenant: &Tenant, caller: &Caller, batch_id: i64, enrollment_id: i64) -> AppResult<Marksheet> {
    let batch = batch_of(db, batch_id).await?;
    let ExamBatchResults { parts, mut learners } = batch_results(db, &batch, Some(enrollment_id)).await?;
    // Someone else's marksheet is not there for a learner (404, not 403: it says nothing of it).
    let learner = learners.pop().filter(|l| can_author(caller, tenant) || caller.user_id() == Some(l.user_id)).ok_or(AppError::NotFound)?;
    let course = courses::find(db, batch.course_id).await?.ok_or(AppError::NotFound)?;
    Ok(Marksheet { course_title: course.title, course_title_bn: course.title_bn, batch_name: batch.name, batch_name_bn: batch.name_bn, parts, learner })
}

#[utoipa::path(get, path = "/course/reports/learner-marksheet/{batch_id}/{enrollment_id}", tag = "reports",
    params(("batch_id" = i64, Path), ("enrollment_id" = i64, Path)), responses((status = 200, body = Data<Marksheet>), (status = 401), (status = 404)))]
pub async fn learner_marksheet(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath((batch_id, enrollment_id)): AppPath<(i64, i64)>,
) -> AppResult<Json<Data<Marksheet>>> {
    Ok(Json(Data::new(marksheet_of(&db, &tenant, &caller, batch_id, enrollment_id).await?)))
}

/// The same results under the course batch's path.
#[utoipa::path(get, path = "/course/batch/evaluation-results/{id}", tag = "courses",
    params(("id" = i64, Path, description = "batch id")), responses((status = 200, body = Data<ExamBatchResults>), (status = 403), (status = 404)))]
pub async fn course_evaluation_results(tenant: HostTenant, caller: RequireUser, db: TenantDb, id: AppPath<i64>) -> AppResult<Json<Data<ExamBatchResults>>> {
    evaluation_results(tenant, caller, db, id).await
}

/// How a batch (or a whole course) did at one exam part.
#[derive(Debug, Serialize, ToSchema)]
pub struct PartSummary {
    #[serde(flatten)]
    pub part: ResultPart,
    pub learners: i64,
    pub attempted: i64,
    pub awaiting_marking: i64,
    pub passed: i64,
    pub failed: i64,
    /// The mean of the scored learners' best percentages; null when nobody is scored yet.
    pub average_percent: Option<f64>,
}

/// Each part's counts over the learners of `results`.
fn summarise(results: &[ExamBatchResults], parts: Vec<ResultPart>) -> Vec<PartSummary> {
    parts
        .into_iter()
        .map(|part| {
            let cells: Vec<&ResultCell> = results.iter().flat_map(|r| &r.learners).flat_map(|l| &l.parts).filter(|c| c.lesson_id == part.lesson_id).collect();
            let count = |keep: &dyn Fn(&ResultCell) -> bool| cells.iter().filter(|c| keep(c)).count() as i64;
            let percents: Vec<f64> = cells
                .iter()
                .filter(|c| c.passed.is_some())
                .filter_map(|c| Some(c.score? * 100.0 / c.max_score.filter(|m| *m > 0.0)?))
                .collect();
            PartSummary {
                learners: cells.len() as i64,
                attempted: count(&|c| c.state.is_some()),
                awaiting_marking: count(&|c| c.state.is_some() && c.passed.is_none() && matches!(c.state.as_deref(), Some("submitted" | "overdue"))),
                passed: count(&|c| c.passed == Some(true)),
                failed: count(&|c| c.passed == Some(false)),
                average_percent: (!percents.is_empty()).then(|| (percents.iter().sum::<f64>() / percents.len() as f64 * 100.0).round() / 100.0),
                part,
            }
        })
        .collect()
}

/// A batch's coursework: its course's exam parts, each with how the batch's learners did.
#[utoipa::path(get, path = "/course/batch/courseworks/{id}", tag = "courses",
    params(("id" = i64, Path, description = "batch id")), responses((status = 200, body = Data<Vec<PartSummary>>), (status = 403), (status = 404)))]
pub async fn courseworks(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(batch_id): AppPath<i64>,
) -> AppResult<Json<Data<Vec<PartSummary>>>> {
    require_author(&caller, &tenant)?;
    let batch = batch_of(&db, batch_id).await?;
    let results = batch_results(&db, &batch, None).await?;
    let parts = parts(&db, batch.course_id).await?;
    Ok(Json(Data::new(summarise(&[results], parts))))
}

/// A course's performance over all its batches: enrolments, completions, certificates, and
/// each exam part's counts.
#[derive(Debug, Serialize, ToSchema)]
pub struct PerformanceStats {
    pub course_id: i64,
    pub enrolled: i64,
    pub completed: i64,
    pub certificates: i64,
    pub parts: Vec<PartSummary>,
}

#[utoipa::path(get, path = "/course/evaluation/performance-stats/{id}", tag = "courses",
    params(("id" = i64, Path, description = "course id")), responses((status = 200, body = Data<PerformanceStats>), (status = 403), (status = 404)))]
pub async fn performance_stats(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(course_id): AppPath<i64>,
) -> AppResult<Json<Data<PerformanceStats>>> {
    require_author(&caller, &tenant)?;
    let course = courses::find(&db, course_id).await?.ok_or(AppError::NotFound)?;
    let mut results = Vec::new();
    for batch in crate::courses::batches_store::of_course(&db, course.id).await? {
        results.push(batch_results(&db, &batch, None).await?);
    }
    let learners = || results.iter().flat_map(|r| &r.learners);
    let (enrolled, completed, certificates) = (
        learners().filter(|l| l.status != "pending").count() as i64,
        learners().filter(|l| l.status == "completed").count() as i64,
        learners().filter(|l| l.certificate_code.is_some()).count() as i64,
    );
    let parts = parts(&db, course.id).await?;
    Ok(Json(Data::new(PerformanceStats { course_id: course.id, enrolled, completed, certificates, parts: summarise(&results, parts) })))
}
