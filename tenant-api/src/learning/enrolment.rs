//! Enrolment in a batch: by the learner (at once, or pending an admin's approval), or attached
//! by an author; the batch's enrolment list and approvals.

use super::enrolment_store::{self as store, Enrollment, NewEnrollment};
use super::journey;
use crate::courses::access::require_author;
use crate::courses::authoring::course_of;
use crate::courses::batches::batch_of;
use crate::courses::batches_store;
use crate::courses::{catalogue_sync, store as courses, view};
use crate::notifications;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::Data;
use crate::certificates::store::CertificateState;
use crate::courses::batches_store::Batch;
use chrono::{DateTime, Utc};
use super::journey::Progress;
use control_plane::tenancy::Tenant;
use control_plane::users::store as users;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EnrolInput {
    pub batch_id: i64,
    /// Accepted for compatibility; the batch decides whether approval is needed.
    pub let_enroll: Option<i64>,
}

/// How a learner comes to a batch, which decides the checks that apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// By themselves: the batch must be open, free and unrestricted; approval when it asks.
    Learner,
    /// Through a restricted batch's invitation: the batch must be open; the institution chose
    /// them, so no payment or approval.
    Invitation,
    /// Given a seat by an author: no checks.
    Author,
}

/// A course open only to verified teachers refuses anyone else who asks for a seat themselves
/// (403 `teacher_verification_required`: the screen opens the verification dialog, then asks
/// again); an author or an invitation may still give one.
pub async fn require_teacher_if_asked(app: &AppState, course: &courses::CourseRow, user_id: i64, via: Via) -> AppResult<()> {
    if via == Via::Learner && course.teachers_only && control_plane::teachers::store::of_user(&app.ctl.db, user_id).await?.is_none() {
        return Err(AppError::Denied("teacher_verification_required"));
    }
    Ok(())
}

/// Enrols `user_id` in a batch.
pub async fn enrol(app: &AppState, tenant: &Tenant, db: &PgPool, batch_id: i64, user_id: i64, via: Via) -> AppResult<Enrollment> {
    let batch = batches_store::find(db, batch_id).await?.ok_or(AppError::Missing("batch_not_found"))?;
    let course = courses::find(db, batch.course_id).await?.ok_or(AppError::Missing("batch_not_found"))?;
    let today = control_plane::dhaka::today();
    if via != Via::Author && (!batch.published || !course.published || batch.end_date.is_some_and(|end| end < today)) {
        return Err(AppError::unprocessable("batch_id", "batch_closed"));
    }
    if via == Via::Learner && batch.restricted {
        return Err(AppError::Denied("batch_restricted"));
    }
    // A paid seat is bought (`/course/transactions/create`); an author may still give one.
    if via == Via::Learner && batch.price_poisha > 0 {
        return Err(AppError::unprocessable("batch_id", "payment_required"));
    }
    require_teacher_if_asked(app, &course, user_id, via).await?;
    if store::of_user(db, course.id, user_id).await?.is_some() {
        return Err(AppError::Conflict("already_enrolled"));
    }
    let user = users::find(&app.ctl.db, user_id).await?;
    let status = if batch.let_enroll == 2 && via == Via::Learner { "pending" } else { "active" };
    let mut tx = db.begin().await?;
    let taken = store::lock_seats(&mut tx, batch.id).await?;
    if batch.enrolment_limit.is_some_and(|limit| taken >= i64::from(limit)) {
        return Err(AppError::Conflict("batch_full"));
    }
    let new = NewEnrollment {
        course_id: course.id,
        batch_id: batch.id,
        user_id,
        user_name: &user.name,
        user_email: user.email.as_deref(),
        status,
    };
    let id = store::insert(&mut tx, new).await.map_err(|e| match &e {
        // A concurrent second enrolment of the same learner lost the race.
        sqlx::Error::Database(d) if d.constraint() == Some("enrollments_once") => AppError::Conflict("already_enrolled"),
        _ => e.into(),
    })?;
    tx.commit().await?;
    let enrollment = store::find(db, id).await?.ok_or(AppError::NotFound)?;
    journey::sync_learner(app, tenant, db, &course, &enrollment).await?;
    catalogue_sync::refresh_stats(app, tenant, db, course.id).await?;
    if course.course_type == "training" && status == "active" {
        crate::trainings::follow_up::trainee_joined(app, tenant, db, &course, batch.id, user_id).await;
    }
    Ok(enrollment)
}

/// What enrolling answers: `status` is `active`, or `pending` when the batch needs approval.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentStarted {
    pub enrollment_id: i64,
    pub status: String,
    pub batch_id: i64,
    pub course_uuid: uuid::Uuid,
}

/// Enrol the signed-in learner in a published batch.
#[utoipa::path(post, path = "/learner-course/course-enrollment", tag = "learner", request_body = EnrolInput,
    responses((status = 201, body = Data<EnrolmentStarted>), (status = 401), (status = 404), (status = 409), (status = 422)))]
pub async fn course_enrollment(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<EnrolInput>,
) -> AppResult<(StatusCode, Json<Data<EnrolmentStarted>>)> {
    let user = caller.user_id().ok_or(AppError::Forbidden)?;
    let enrollment = enrol(&app, &tenant, &db, input.batch_id, user, Via::Learner).await?;
    let course = courses::find(&db, enrollment.course_id).await?.ok_or(AppError::NotFound)?;
    let started = EnrolmentStarted { enrollment_id: enrollment.id, status: enrollment.status, batch_id: enrollment.batch_id, course_uuid: course.uuid };
    Ok((StatusCode::CREATED, Json(Data::new(started))))
}

/// Enrol the signed-in learner in a batch named by the path (the batch page's button).
#[utoipa::path(post, path = "/course/batch/enroll/{batch_id}", tag = "courses",
    params(("batch_id" = i64, Path)), responses((status = 201, body = Data<EnrolmentStarted>), (status = 401), (status = 404), (status = 409), (status = 422)))]
pub async fn batch_enroll(
    state: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppPath(batch_id): AppPath<i64>,
) -> AppResult<(StatusCode, Json<Data<EnrolmentStarted>>)> {
    course_enrollment(state, tenant, caller, db, AppJson(EnrolInput { batch_id, let_enroll: None })).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AttachInput {
    pub batch_id: i64,
    pub email: String,
}

/// An author enrols a learner (by e-mail) in a batch, without approval.
#[utoipa::path(post, path = "/learner-course/course-enrollment/attach", tag = "learner", request_body = AttachInput,
    responses((status = 201, body = Data<Enrollment>), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn attach(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<AttachInput>,
) -> AppResult<(StatusCode, Json<Data<Enrollment>>)> {
    require_author(&caller, &tenant)?;
    let user = users::find_by_login(&app.ctl.db, Some(input.email.trim()), None).await?.ok_or(AppError::field("email", "user_not_found"))?;
    let enrollment = enrol(&app, &tenant, &db, input.batch_id, user.id, Via::Author).await?;
    Ok((StatusCode::CREATED, Json(Data::new(enrollment))))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentCheck {
    pub enrolled: bool,
    pub status: Option<String>,
    pub enrollment_id: Option<i64>,
    pub batch_id: Option<i64>,
}

/// Whether the signed-in learner is enrolled in a course (by uuid or slug).
#[utoipa::path(get, path = "/learner-course/enrolled/check/{x}", tag = "learner",
    params(("x" = String, Path)), responses((status = 200, body = Data<EnrolmentCheck>), (status = 401), (status = 404)))]
pub async fn enrolled_check(
    HostTenant(_tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(key): AppPath<String>,
) -> AppResult<Json<Data<EnrolmentCheck>>> {
    let course = courses::find_by_key(&db, &key).await?.ok_or(AppError::NotFound)?;
    let found = match caller.user_id() {
        Some(user) => store::of_user(&db, course.id, user).await?,
        None => None,
    };
    Ok(Json(Data::new(EnrolmentCheck {
        enrolled: found.is_some(),
        status: found.as_ref().map(|e| e.status.clone()),
        enrollment_id: found.as_ref().map(|e| e.id),
        batch_id: found.as_ref().map(|e| e.batch_id),
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentStatus {
    pub enrollment_id: i64,
    pub status: String,
}

/// Approve a pending enrolment.
#[utoipa::path(put, path = "/course/batch/approve_enroll/{id}", tag = "courses",
    params(("id" = i64, Path, description = "enrollment id")), responses((status = 200, body = Data<EnrolmentStatus>), (status = 403), (status = 404)))]
pub async fn approve_enroll(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<EnrolmentStatus>>> {
    require_author(&caller, &tenant)?;
    let enrollment = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    let course = courses::find(&db, enrollment.course_id).await?.ok_or(AppError::NotFound)?;
    if enrollment.status == "pending" {
        // The learner's bell is told in the same transaction.
        let mut tx = db.begin().await?;
        store::set_status(&mut *tx, id, "active").await?;
        let told = serde_json::json!({ "course_title": course.title, "course_title_bn": course.title_bn, "course_uuid": course.uuid });
        let link = format!("/course/details/{}", course.uuid);
        notifications::store::add(&mut *tx, tenant.id, enrollment.user_id, "enrolment_approved", told, Some(&link)).await?;
        tx.commit().await?;
        notifications::relay::relay_after(&app, &tenant, &db).await;
    }
    let enrollment = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    journey::sync_learner(&app, &tenant, &db, &course, &enrollment).await?;
    catalogue_sync::refresh_stats(&app, &tenant, &db, course.id).await?;
    if course.course_type == "training" {
        crate::trainings::follow_up::trainee_joined(&app, &tenant, &db, &course, enrollment.batch_id, enrollment.user_id).await;
    }
    Ok(Json(Data::new(EnrolmentStatus { enrollment_id: id, status: enrollment.status })))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct EnrolledQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// A status filter: `pending`, `active` or `completed`.
    pub field: Option<String>,
}

/// A learner in a batch's list.
#[derive(Debug, Serialize, ToSchema)]
pub struct BatchLearner {
    pub enrollment_id: i64,
    pub user: store::LearnerRef,
    pub status: String,
    pub progress_percent: i32,
    pub enrolled_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub certificate: Option<CertificateState>,
}

/// A batch's enrolments with progress and certificate state.
#[utoipa::path(get, path = "/course/batch/enrolled_users/{id}", tag = "courses", params(("id" = i64, Path), EnrolledQuery),
    responses((status = 200, body = Page<BatchLearner>), (status = 403), (status = 404)))]
pub async fn enrolled_users(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<EnrolledQuery>,
) -> AppResult<Json<Page<BatchLearner>>> {
    require_author(&caller, &tenant)?;
    let batch = batch_of(&db, id).await?;
    let status = q.field.as_deref().filter(|s| ["pending", "active", "completed"].contains(s));
    let request = PageRequest::new(q.page, q.limit, 20);
    let total = store::of_batch(&db, batch.id, status, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::of_batch(&db, batch.id, status, request.per_page, offset).await?;
    let data = rows
        .into_iter()
        .map(|r| BatchLearner {
            enrollment_id: r.enrollment_id,
            user: store::LearnerRef { id: r.user_id, name: r.name, email: r.email },
            status: r.status,
            progress_percent: r.progress_percent,
            enrolled_at: r.enrolled_at,
            completed_at: r.completed_at,
            certificate: r.tracking_code.map(|tracking_code| CertificateState { tracking_code, status: r.certificate_status.unwrap_or_default() }),
        })
        .collect();
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// The learner's enrolment in a course, or 403 `not_enrolled`. Authors preview without one.
pub async fn enrolment_of(db: &PgPool, caller: &Caller, course_id: i64) -> AppResult<Enrollment> {
    let user = caller.user_id().ok_or(AppError::Unauthenticated)?;
    store::of_user(db, course_id, user).await?.ok_or(AppError::Denied("not_enrolled"))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EnrolmentDetails {
    pub batch: Batch,
    pub course: view::Course,
    pub enrollment: Enrollment,
    pub progress: Progress,
}

/// The signed-in learner's enrolment in a batch: the batch, the course, the enrolment and the
/// progress; 403 `not_enrolled` for a batch they are not in.
#[utoipa::path(get, path = "/assessment-front/batch/view-enroll-details/{id}", tag = "courses",
    params(("id" = i64, Path, description = "batch id")),
    responses((status = 200, body = Data<EnrolmentDetails>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_enroll_details(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<EnrolmentDetails>>> {
    let batch = batch_of(&db, id).await?;
    let course = course_of(&db, batch.course_id).await?;
    let enrollment = enrolment_of(&db, &caller, course.id).await?;
    if enrollment.batch_id != batch.id {
        return Err(AppError::Denied("not_enrolled"));
    }
    let progress = journey::progress(&db, &course, &enrollment).await?;
    let course = view::course(&app.ctl.db, &tenant, &app.ctl.config.public_base_url, course).await?;
    Ok(Json(Data::new(EnrolmentDetails { batch, course, enrollment, progress })))
}
