//! Authors' certificate calls: a batch's certificates, and issuing or revoking one.

use super::issue;
use super::store::{self, Certificate};
use crate::courses::access::require_author;
use crate::courses::batches::batch_of;
use crate::courses::store as courses;
use crate::learning::enrolment_store;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath};
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use control_plane::response::Data;
use utoipa::ToSchema;

/// A batch's certificates, newest first.
#[utoipa::path(get, path = "/course/batch/course-certificate/{id}", tag = "courses",
    params(("id" = i64, Path, description = "batch id")), responses((status = 200, body = Data<Vec<Certificate>>), (status = 404)))]
pub async fn course_certificates(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Vec<Certificate>>>> {
    require_author(&caller, &tenant)?;
    let batch = batch_of(&db, id).await?;
    Ok(Json(Data::new(store::of_batch(&db, batch.id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CertificateDecision {
    pub course_enrollment_id: i64,
    /// 1 issues the certificate (approving a pending one); 0 revokes it.
    pub status: i64,
}

/// Issue (approve) or revoke a completed enrolment's certificate.
#[utoipa::path(put, path = "/course/batch/approve-certificate", tag = "courses", request_body = CertificateDecision,
    responses((status = 200, body = Data<Certificate>), (status = 404), (status = 409), (status = 422)))]
pub async fn approve_certificate(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CertificateDecision>,
) -> AppResult<Json<Data<Certificate>>> {
    require_author(&caller, &tenant)?;
    let status = match input.status {
        1 => "issued",
        0 => "revoked",
        _ => return Err(AppError::field("status", "invalid_choice")),
    };
    let enrollment = enrolment_store::find(&db, input.course_enrollment_id).await?.ok_or(AppError::NotFound)?;
    let course = courses::find(&db, enrollment.course_id).await?.ok_or(AppError::NotFound)?;
    let certificate = match store::of_enrollment(&db, enrollment.id).await? {
        Some(c) => c,
        None if enrollment.status == "completed" => issue::on_completion(&app, &tenant, &db, &course, &enrollment).await?,
        None => return Err(AppError::Conflict("course_not_completed")),
    };
    let mut tx = db.begin().await?;
    let before = store::set_status(&mut tx, certificate.id, status).await?;
    if status == "issued" && before.as_deref() != Some("issued") {
        issue::tell_issued(&mut tx, tenant.id, &certificate).await?;
    }
    tx.commit().await?;
    crate::notifications::relay::relay_after(&app, &tenant, &db).await;
    let certificate = store::of_enrollment(&db, enrollment.id).await?.ok_or(AppError::NotFound)?;
    issue::register(&app, &tenant, &course, &certificate).await?;
    crate::learning::points::refresh(&app, tenant.id, &db, certificate.user_id).await;
    Ok(Json(Data::new(certificate)))
}
