//! `GET /api/v3/dashboard/pending-task`: what waits for an author of this site. Teachers see
//! their own courses; partner admins and super admins every course of the site.

use crate::courses::access::require_author;
use crate::learning::enrolment_store::{self as enrolments, Awaited, Awaiting, LearnerRef};
use crate::pools::TenantDb;
use chrono::{DateTime, Utc};
use control_plane::AppResult;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::memberships::TEACHER;
use control_plane::response::Data;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

/// At most this many of each kind; the totals say how many wait in all.
const LIMIT: i64 = 20;

#[derive(Debug, Serialize, ToSchema)]
pub struct PendingTasks {
    /// Learners asking to join a batch that needs approval, oldest first.
    pub enrolments: Vec<PendingItem>,
    pub enrolments_total: i64,
    /// Finished learners whose certificate waits for approval, oldest first.
    pub certificates: Vec<PendingItem>,
    pub certificates_total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PendingItem {
    pub enrollment_id: i64,
    pub batch_id: i64,
    pub batch_name: String,
    pub batch_name_bn: String,
    pub course_id: i64,
    pub course_uuid: uuid::Uuid,
    pub course_title: String,
    pub course_title_bn: String,
    pub user: LearnerRef,
    /// When the learner asked to join (enrolments).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested_at: Option<DateTime<Utc>>,
    /// When the learner finished the course (certificates).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<DateTime<Utc>>,
}

fn items(rows: Vec<Awaiting>, what: Awaited) -> (Vec<PendingItem>, i64) {
    let total = rows.first().map_or(0, |r| r.total);
    let items = rows
        .into_iter()
        .map(|r| PendingItem {
            enrollment_id: r.enrollment_id,
            batch_id: r.batch_id,
            batch_name: r.batch_name,
            batch_name_bn: r.batch_name_bn,
            course_id: r.course_id,
            course_uuid: r.course_uuid,
            course_title: r.course_title,
            course_title_bn: r.course_title_bn,
            user: LearnerRef { id: r.user_id, name: r.user_name, email: r.user_email },
            requested_at: matches!(what, Awaited::Enrolment).then_some(r.since),
            completed_at: matches!(what, Awaited::Certificate).then_some(r.since),
        })
        .collect();
    (items, total)
}

/// Enrolment requests and certificates waiting for approval on this site.
#[utoipa::path(get, path = "/api/v3/dashboard/pending-task", tag = "dashboard",
    responses((status = 200, body = Data<PendingTasks>), (status = 401), (status = 403)))]
pub async fn pending_task(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
) -> AppResult<Json<Data<PendingTasks>>> {
    let user = require_author(&caller, &tenant)?;
    let own = caller.role.as_ref().is_some_and(|m| m.role == TEACHER).then_some(user);
    let (enrolments, enrolments_total) = items(enrolments::awaiting(&db, Awaited::Enrolment, own, LIMIT).await?, Awaited::Enrolment);
    let (certificates, certificates_total) =
        items(enrolments::awaiting(&db, Awaited::Certificate, own, LIMIT).await?, Awaited::Certificate);
    Ok(Json(Data::new(PendingTasks { enrolments, enrolments_total, certificates, certificates_total })))
}
