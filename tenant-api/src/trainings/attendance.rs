//! Attendance per session, who completes a training batch (a share of its sessions attended) and
//! gets a certificate through the course machinery, and the lists of trainees.

use super::setup::managed_session;
use super::store::{self, AttendanceRow, Session, TraineeRow, Trainees};
use super::managed_batch;
use crate::certificates::issue;
use crate::learning::enrolment_store;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use utoipa::{IntoParams, ToSchema};

/// More marks than any training hall holds, in one call.
const MAX_MARKS: usize = 10_000;

/// The batch's trainees with their mark at a session.
#[utoipa::path(get, path = "/course/training/sessions/{id}/attendance", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<AttendanceRow>>), (status = 401), (status = 403), (status = 404)))]
pub async fn session_attendance(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Vec<AttendanceRow>>>> {
    let (session, ..) = managed_session(&db, &caller, &tenant, id).await?;
    Ok(Json(Data::new(store::attendance(&db, session.batch_id, id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MarksInput {
    /// Enrolments marked present.
    pub present: Vec<i64>,
    /// Enrolments marked absent.
    pub absent: Vec<i64>,
}

/// Mark trainees present or absent at a session (marking again changes the mark).
#[utoipa::path(post, path = "/course/training/sessions/{id}/attendance", tag = "trainings", params(("id" = i64, Path)), request_body = MarksInput,
    responses((status = 200, body = Data<Session>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "validation_failed: not_a_trainee, too_many, required")))]
pub async fn mark_attendance(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<MarksInput>,
) -> AppResult<Json<Data<Session>>> {
    let (session, _, user) = managed_session(&db, &caller, &tenant, id).await?;
    let marks = input.present.len() + input.absent.len();
    if marks == 0 {
        return Err(AppError::field("present", "required"));
    }
    if marks > MAX_MARKS {
        return Err(AppError::field_with("present", "too_many", Some(MAX_MARKS)));
    }
    // One mark per trainee: a trainee named in both lists is a contradiction, not a choice.
    let distinct: HashSet<i64> = input.present.iter().chain(&input.absent).copied().collect();
    if distinct.len() != marks {
        return Err(AppError::field("present", "duplicate"));
    }
    let ids: Vec<i64> = distinct.into_iter().collect();
    if store::count_trainees(&db, session.batch_id, &ids).await? != ids.len() as i64 {
        return Err(AppError::field("present", "not_a_trainee"));
    }
    let present: HashSet<i64> = input.present.iter().copied().collect();
    let flags: Vec<bool> = ids.iter().map(|i| present.contains(i)).collect();
    let mut tx = db.begin().await?;
    store::mark(&mut tx, id, &ids, &flags, user).await?;
    tx.commit().await?;
    Ok(Json(Data::new(store::session(&db, id).await?.ok_or(AppError::NotFound)?)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Completion {
    /// Trainees who completed now.
    pub completed: i64,
    /// Active trainees who have not attended enough.
    pub not_eligible: i64,
}

/// Complete every active trainee who attended the batch's share of sessions, each with a
/// certificate (pending when the batch needs certificate approval).
#[utoipa::path(post, path = "/course/training/batches/{id}/complete", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Completion>), (status = 401), (status = 403), (status = 404)))]
pub async fn complete_batch(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Completion>>> {
    let (batch, course, _) = managed_batch(&db, &caller, &tenant, id).await?;
    let settings = store::settings(&db, batch.id).await?;
    let completed = store::complete_eligible(&db, batch.id, settings.completion_percent).await?;
    for enrollment_id in &completed {
        let enrollment = enrolment_store::find(&db, *enrollment_id).await?.ok_or(AppError::NotFound)?;
        issue::on_completion(&app, &tenant, &db, &course, &enrollment).await?;
    }
    Ok(Json(Data::new(Completion { completed: completed.len() as i64, not_eligible: store::count_active(&db, batch.id).await? })))
}

/// A trainee with what they attended and whether that completes the training.
#[derive(Debug, Serialize, ToSchema)]
pub struct Trainee {
    #[serde(flatten)]
    pub row: TraineeRow,
    /// Attended of all sessions, rounded down (0 when there are none).
    pub percent: i64,
    pub eligible: bool,
}

impl From<TraineeRow> for Trainee {
    fn from(row: TraineeRow) -> Self {
        let percent = if row.sessions == 0 { 0 } else { 100 * row.attended / row.sessions };
        let eligible = row.sessions > 0 && 100 * row.attended >= i64::from(row.completion_percent) * row.sessions;
        Self { row, percent, eligible }
    }
}

async fn trainee_page(db: &sqlx::PgPool, which: Trainees<'_>, page: Option<i64>, limit: Option<i64>) -> AppResult<Page<Trainee>> {
    let request = PageRequest::new(page, limit, 20);
    let total = store::trainees(db, which, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::trainees(db, which, request.per_page, offset).await?;
    Ok(Page { data: rows.into_iter().map(Trainee::from).collect(), current_page, last_page, per_page: request.per_page, total })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct TraineeQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of a trainee's name or e-mail.
    pub field: Option<String>,
}

/// A training batch's trainees with their attendance.
#[utoipa::path(get, path = "/course/training-facility/enrolled_users/{id}", tag = "trainings", params(("id" = i64, Path), TraineeQuery),
    responses((status = 200, body = Page<Trainee>), (status = 401), (status = 403), (status = 404)))]
pub async fn enrolled_users(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<TraineeQuery>,
) -> AppResult<Json<Page<Trainee>>> {
    managed_batch(&db, &caller, &tenant, id).await?;
    let pattern = contains_pattern(q.field.as_deref());
    Ok(Json(trainee_page(&db, Trainees::OfBatch { batch_id: id, pattern: pattern.as_deref() }, q.page, q.limit).await?))
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct TrainedQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// One batch; every training of the site when absent.
    pub batch_id: Option<i64>,
}

/// Trainees who completed a training (of one batch, or of every training of the site).
#[utoipa::path(post, path = "/course/training-facility/trained-user/view", tag = "trainings", params(TrainedQuery), request_body = TrainedQuery,
    responses((status = 200, body = Page<Trainee>), (status = 401), (status = 403), (status = 404)))]
pub async fn trained_users(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<TrainedQuery>,
    AppJson(body): AppJson<TrainedQuery>,
) -> AppResult<Json<Page<Trainee>>> {
    crate::courses::access::require_author(&caller, &tenant)?;
    let batch_id = q.batch_id.or(body.batch_id);
    if let Some(b) = batch_id {
        managed_batch(&db, &caller, &tenant, b).await?;
    }
    Ok(Json(trainee_page(&db, Trainees::Completed { batch_id }, q.page.or(body.page), q.limit.or(body.limit)).await?))
}
