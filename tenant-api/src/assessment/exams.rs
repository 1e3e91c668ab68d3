//! Certificate exams' own calls: the course calls of the `Exams` family. Each checks that the
//! course, batch or section it names belongs to a certificate exam, then does what the course
//! call does (a certificate exam is a course row; see docs/api-certificate-exams.md).

use crate::courses::authoring::{self, CourseInput, CourseListQuery, CourseListing, CourseWithSyllabus, Family, PublishInput, member_of};
use crate::courses::batches::{self, BatchListQuery};
use crate::courses::batches_store::{self, Batch};
use crate::courses::store as courses;
use crate::courses::syllabus::{self, SyllabusQuery};
use crate::courses::syllabus_store::{self, Lesson, Section};
use crate::courses::view::Course;
use crate::learning::enrolment::{self, EnrolmentStarted};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::response::{Data, Done};
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

const EXAMS: Family = Family::Exams;

/// The certificate exam a batch belongs to, or 404.
pub(super) async fn exam_batch(db: &PgPool, batch_id: i64) -> AppResult<Batch> {
    let batch = batches_store::find(db, batch_id).await?.ok_or(AppError::NotFound)?;
    member_of(db, EXAMS, batch.course_id).await?;
    Ok(batch)
}

/// This site's certificate exams, newest first; with `id`, one with its syllabus and batches.
#[utoipa::path(get, path = "/assessment/course/view", tag = "assessment", params(CourseListQuery),
    responses((status = 200, body = CourseListing), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn view_exams(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<CourseListQuery>,
) -> AppResult<Json<CourseListing>> {
    Ok(Json(authoring::listing(&app, &tenant, &caller, &db, EXAMS, q).await?))
}

/// One certificate exam with its syllabus and batches.
#[utoipa::path(get, path = "/assessment/course/view/{id}", tag = "assessment",
    params(("id" = i64, Path)), responses((status = 200, body = Data<CourseWithSyllabus>), (status = 403), (status = 404)))]
pub async fn view_exam(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<CourseWithSyllabus>>> {
    crate::courses::access::require_author(&caller, &tenant)?;
    let row = member_of(&db, EXAMS, id).await?;
    Ok(Json(Data::new(authoring::with_syllabus(&app, &tenant, &db, row).await?)))
}

/// One certificate exam by its uuid (the editor's address), with its syllabus and batches.
#[utoipa::path(get, path = "/assessment/course/find/{id}", tag = "assessment",
    params(("id" = Uuid, Path, description = "the exam's uuid")), responses((status = 200, body = Data<CourseWithSyllabus>), (status = 403), (status = 404)))]
pub async fn find_exam(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<CourseWithSyllabus>>> {
    crate::courses::access::require_author(&caller, &tenant)?;
    let row = courses::find_by_key(&db, &uuid.to_string()).await?.ok_or(AppError::NotFound)?;
    let row = member_of(&db, EXAMS, row.id).await?;
    Ok(Json(Data::new(authoring::with_syllabus(&app, &tenant, &db, row).await?)))
}

/// Create a certificate exam (unpublished).
#[utoipa::path(post, path = "/assessment/course/create", tag = "assessment", request_body = CourseInput,
    responses((status = 201, body = Data<Course>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_exam(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CourseInput>,
) -> AppResult<(StatusCode, Json<Data<Course>>)> {
    Ok((StatusCode::CREATED, Json(Data::new(authoring::create(&app, &tenant, &caller, &db, EXAMS, input).await?))))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ExamUpdateInput {
    pub id: i64,
    #[serde(flatten)]
    pub fields: CourseInput,
}

/// Change a certificate exam; absent fields keep their value.
#[utoipa::path(put, path = "/assessment/course/update", tag = "assessment", request_body = ExamUpdateInput,
    responses((status = 200, body = Data<Course>), (status = 403), (status = 404), (status = 422)))]
pub async fn update_exam(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ExamUpdateInput>,
) -> AppResult<Json<Data<Course>>> {
    Ok(Json(Data::new(authoring::update(&app, &tenant, &caller, &db, EXAMS, input.id, input.fields).await?)))
}

/// Publish or feature a certificate exam (a published one is in the catalogue).
#[utoipa::path(put, path = "/assessment/update-publish-feature", tag = "assessment", request_body = PublishInput,
    responses((status = 200, body = Data<Course>), (status = 404), (status = 422)))]
pub async fn publish_exam(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PublishInput>,
) -> AppResult<Json<Data<Course>>> {
    Ok(Json(Data::new(authoring::publish(&app, &tenant, &caller, &db, EXAMS, input).await?)))
}

/// Delete a certificate exam nobody is enrolled in.
#[utoipa::path(delete, path = "/assessment/course/delete/{id}", tag = "assessment",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 404), (status = 409)))]
pub async fn delete_exam(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    authoring::delete(&app, &tenant, &caller, &db, EXAMS, id).await?;
    Ok(Json(Data::done()))
}

/// Delete a batch of a certificate exam nobody is enrolled in.
#[utoipa::path(delete, path = "/assessment/delete/{id}", tag = "assessment",
    params(("id" = i64, Path, description = "batch id")), responses((status = 200, body = Data<Done>), (status = 404), (status = 409)))]
pub async fn delete_exam_batch(
    state: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    exam_batch(&db.0, id).await?;
    batches::delete_batch(state, tenant, caller, db, AppPath(id)).await
}

/// A certificate exam's batches with their enrolment counts.
#[utoipa::path(get, path = "/assessment/batch/view-enrolled-batches", tag = "assessment", params(BatchListQuery),
    responses((status = 200, body = Data<Vec<Batch>>), (status = 404), (status = 422)))]
pub async fn view_exam_batches(
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppQuery(q): AppQuery<BatchListQuery>,
) -> AppResult<Json<Data<Vec<Batch>>>> {
    member_of(&db.0, EXAMS, q.course_id.ok_or(AppError::field("course_id", "required"))?).await?;
    batches::view_batches(tenant, caller, db, AppQuery(q)).await
}

/// A certificate exam's parts: its sections with their lessons, in order.
#[utoipa::path(get, path = "/assessment/batch/view-syllabus/{id}", tag = "assessment",
    params(("id" = i64, Path, description = "exam (course) id")), responses((status = 200, body = Data<Vec<Section>>), (status = 403), (status = 404)))]
pub async fn view_exam_syllabus(
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Vec<Section>>>> {
    view_exam_syllabus_all(tenant, caller, db, AppQuery(SyllabusQuery { course_id: Some(id), section_id: None })).await
}

/// As `/course/schedule/view-syllabus-all`, for a certificate exam.
#[utoipa::path(get, path = "/assessment/batch/view-syllabus-all", tag = "assessment", params(SyllabusQuery),
    responses((status = 200, body = Data<Vec<Section>>), (status = 404), (status = 422)))]
pub async fn view_exam_syllabus_all(
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppQuery(q): AppQuery<SyllabusQuery>,
) -> AppResult<Json<Data<Vec<Section>>>> {
    member_of(&db.0, EXAMS, q.course_id.ok_or(AppError::field("course_id", "required"))?).await?;
    syllabus::view_syllabus_all(tenant, caller, db, AppQuery(q)).await
}

/// As `/course/schedule/view-syllabus-child`, for a certificate exam's section.
#[utoipa::path(get, path = "/assessment/batch/view-syllabus-child", tag = "assessment", params(SyllabusQuery),
    responses((status = 200, body = Data<Vec<Lesson>>), (status = 404), (status = 422)))]
pub async fn view_exam_syllabus_child(
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppQuery(q): AppQuery<SyllabusQuery>,
) -> AppResult<Json<Data<Vec<Lesson>>>> {
    let section = syllabus_store::section(&db.0, q.section_id.ok_or(AppError::field("section_id", "required"))?).await?.ok_or(AppError::NotFound)?;
    member_of(&db.0, EXAMS, section.course_id).await?;
    syllabus::view_syllabus_child(tenant, caller, db, AppQuery(q)).await
}

/// Enrol the signed-in learner in a certificate exam's batch (a restricted one answers 403
/// `batch_restricted`: its candidates use their links).
#[utoipa::path(post, path = "/assessment/batch/enroll/{id}", tag = "assessment",
    params(("id" = i64, Path, description = "batch id")), responses((status = 201, body = Data<EnrolmentStarted>), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn enroll_exam_batch(
    state: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<(StatusCode, Json<Data<EnrolmentStarted>>)> {
    exam_batch(&db.0, id).await?;
    enrolment::batch_enroll(state, tenant, caller, db, AppPath(id)).await
}
