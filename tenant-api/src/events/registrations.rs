//! Registration for an event, its decision by a manager, and check-in at the door by the QR code
//! of the registrant's ticket.

use super::store::{self, Registrant, RegistrationFilter, RegistrationRow};
use super::{Registration, is_manager, parse_ticket, follow_up};
use crate::courses::access::require_author;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Duration, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{PageRequest, contains_pattern};
use control_plane::response::{Data, Done};
use control_plane::{AppError, AppResult};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// How long before its start an event's door opens for check-in (people queue early).
const CHECK_IN_OPENS: Duration = Duration::hours(12);

/// The secret half of a ticket: 16 random bytes, unguessable, short enough for a small QR code.
fn ticket_code() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Register the caller for an event: approved at once when registration is open, pending a
/// manager's decision otherwise. Registering again answers the registration already there.
#[utoipa::path(post, path = "/event/register/{id}", tag = "events", params(("id" = i64, Path)),
    responses((status = 201, body = Data<Registration>), (status = 200, body = Data<Registration>, description = "already registered"),
        (status = 401), (status = 404), (status = 409, description = "event_full, registration_rejected"), (status = 422, description = "event_ended")))]
pub async fn register(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<(StatusCode, Json<Data<Registration>>)> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let user = control_plane::users::store::find(&app.ctl.db, user_id).await?;
    let mut tx = db.begin().await?;
    let event = store::lock(&mut tx, id).await?.filter(|e| e.published || is_manager(Some(&caller), &tenant)).ok_or(AppError::NotFound)?;
    if let Some(existing) = store::registration_of(&mut *tx, id, user_id).await? {
        if existing.status == "rejected" {
            return Err(AppError::Conflict("registration_rejected"));
        }
        return Ok((StatusCode::OK, Json(Data::new(Registration::from_row(existing, true)))));
    }
    if Utc::now() >= event.ends_at {
        return Err(AppError::unprocessable("id", "event_ended"));
    }
    if let Some(capacity) = event.capacity
        && store::taken(&mut tx, id, "approved,pending").await? >= i64::from(capacity)
    {
        return Err(AppError::Conflict("event_full"));
    }
    let status = if event.registration == "open" { "approved" } else { "pending" };
    let who = Registrant { user_id, name: &user.name, email: user.email.as_deref(), phone: user.phone.as_deref() };
    let row = store::insert_registration(&mut tx, id, &who, status, &ticket_code()).await?;
    tx.commit().await?;
    if let Some(event) = store::find(&db, id).await? {
        follow_up::schedule(&app, &tenant, &db, &event, &row).await;
    }
    Ok((StatusCode::CREATED, Json(Data::new(Registration::from_row(row, true)))))
}

/// A registration the caller may act on: their own, or any of the site's to a manager.
async fn own_or_managed(db: &sqlx::PgPool, id: i64, caller: &control_plane::auth::Caller, tenant: &control_plane::tenancy::Tenant) -> AppResult<RegistrationRow> {
    let row = store::registration(db, id).await?.ok_or(AppError::NotFound)?;
    if Some(row.user_id) != caller.user_id() && !is_manager(Some(caller), tenant) {
        return Err(AppError::Forbidden);
    }
    Ok(row)
}

/// Cancel a registration: the registrant their own, a manager anyone's.
#[utoipa::path(delete, path = "/event/event-user/{id}", tag = "events", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn remove_registration(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    own_or_managed(&db, id, &caller, &tenant).await?;
    follow_up::withdraw(&app, &tenant, &db, &[id]).await?;
    store::delete_registration(&db, id).await?;
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct StatusInput {
    /// `approved` or `rejected`.
    pub status: String,
}

/// Approve or decline a registration.
#[utoipa::path(post, path = "/event/event-user/{id}/status", tag = "events", params(("id" = i64, Path)), request_body = StatusInput,
    responses((status = 200, body = Data<Registration>), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "event_full"), (status = 422)))]
pub async fn decide_registration(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<StatusInput>,
) -> AppResult<Json<Data<Registration>>> {
    require_author(&caller, &tenant)?;
    let status = input.status.trim();
    if !["approved", "rejected"].contains(&status) {
        return Err(AppError::field("status", "invalid_choice"));
    }
    let event_id = store::registration(&*db, id).await?.ok_or(AppError::NotFound)?.event_id;
    let mut tx = db.begin().await?;
    let event = store::lock(&mut tx, event_id).await?.ok_or(AppError::NotFound)?;
    let row = store::registration(&mut *tx, id).await?.ok_or(AppError::NotFound)?;
    if status == "approved"
        && row.status != "approved"
        && let Some(capacity) = event.capacity
        && store::taken(&mut tx, event_id, "approved").await? >= i64::from(capacity)
    {
        return Err(AppError::Conflict("event_full"));
    }
    store::set_status(&mut tx, id, status).await?;
    tx.commit().await?;
    let row = store::registration(&*db, id).await?.ok_or(AppError::NotFound)?;
    match store::find(&db, event_id).await? {
        Some(event) if status == "approved" && !follow_up::has_one(&db, id).await? => follow_up::schedule(&app, &tenant, &db, &event, &row).await,
        _ if status == "rejected" => follow_up::withdraw(&app, &tenant, &db, &[id]).await?,
        _ => {}
    }
    Ok(Json(Data::new(Registration::from_row(row, false))))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct RegistrationQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of a name, e-mail address or phone number.
    pub search: Option<String>,
    /// `pending`, `approved` or `rejected`.
    pub status: Option<String>,
}

/// A page of registrations, with the counts an organiser watches at the door.
#[derive(Debug, Serialize, ToSchema)]
pub struct RegistrationPage {
    pub data: Vec<Registration>,
    pub current_page: i64,
    pub last_page: i64,
    pub per_page: i64,
    pub total: i64,
    /// Approved registrations of the event.
    pub approved: i64,
    /// People checked in.
    pub checked_in: i64,
}

async fn registration_page(db: &sqlx::PgPool, filter: &RegistrationFilter<'_>, page: Option<i64>, limit: Option<i64>) -> AppResult<RegistrationPage> {
    let request = PageRequest::new(page, limit, 20);
    let total = store::count_registrations(db, filter).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::registrations(db, filter, request.per_page, offset).await?;
    let (approved, checked_in) = store::attendance_counts(db, filter.event_id).await?;
    Ok(RegistrationPage {
        data: rows.into_iter().map(|r| Registration::from_row(r, false)).collect(),
        current_page,
        last_page,
        per_page: request.per_page,
        total,
        approved,
        checked_in,
    })
}

async fn managed_event(db: &sqlx::PgPool, id: i64) -> AppResult<()> {
    store::find(db, id).await?.map(|_| ()).ok_or(AppError::NotFound)
}

/// The people registered for an event, by name.
#[utoipa::path(get, path = "/event/users/{id}", tag = "events", params(("id" = i64, Path), RegistrationQuery),
    responses((status = 200, body = RegistrationPage), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn event_users(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<RegistrationQuery>,
) -> AppResult<Json<RegistrationPage>> {
    require_author(&caller, &tenant)?;
    managed_event(&db, id).await?;
    let status = q.status.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if status.is_some_and(|s| !["pending", "approved", "rejected"].contains(&s)) {
        return Err(AppError::unprocessable("status", "invalid_choice"));
    }
    let pattern = contains_pattern(q.search.as_deref());
    let filter = RegistrationFilter { event_id: id, pattern: pattern.as_deref(), status, checked_in_only: false };
    Ok(Json(registration_page(&db, &filter, q.page, q.limit).await?))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct AttendanceQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// Who has been checked in, latest first.
#[utoipa::path(get, path = "/event/attendance/{id}", tag = "events", params(("id" = i64, Path), AttendanceQuery),
    responses((status = 200, body = RegistrationPage), (status = 401), (status = 403), (status = 404)))]
pub async fn event_attendance(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<AttendanceQuery>,
) -> AppResult<Json<RegistrationPage>> {
    require_author(&caller, &tenant)?;
    managed_event(&db, id).await?;
    let filter = RegistrationFilter { event_id: id, pattern: None, status: None, checked_in_only: true };
    Ok(Json(registration_page(&db, &filter, q.page, q.limit).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CheckInInput {
    /// The event whose door this is.
    pub event_id: i64,
    /// The ticket's text as its QR code holds it (`EVT1.<event_id>.<code>`).
    pub ticket: String,
}

/// Check a ticket in at the event's door. A ticket counts once, and only at its own event.
#[utoipa::path(post, path = "/event/check-in", tag = "events", request_body = CheckInInput,
    responses((status = 200, body = Data<Registration>), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "already_checked_in, not_approved"), (status = 422, description = "invalid_ticket, check_in_closed")))]
pub async fn check_in(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CheckInInput>,
) -> AppResult<Json<Data<Registration>>> {
    let manager = require_author(&caller, &tenant)?;
    let invalid = || AppError::field("ticket", "invalid_ticket");
    let mut tx = db.begin().await?;
    let event = store::lock(&mut tx, input.event_id).await?.ok_or(AppError::NotFound)?;
    let code = match parse_ticket(&input.ticket) {
        Some((event_id, code)) if event_id == input.event_id => code,
        _ => return Err(invalid()),
    };
    let now = Utc::now();
    if now < event.starts_at - CHECK_IN_OPENS || now >= event.ends_at {
        return Err(AppError::unprocessable("event_id", "check_in_closed"));
    }
    let mut row = store::by_code(&mut tx, input.event_id, code).await?.ok_or_else(invalid)?;
    if row.status != "approved" {
        return Err(AppError::Conflict("not_approved"));
    }
    if row.checked_in_at.is_some() {
        return Err(AppError::Conflict("already_checked_in"));
    }
    row.checked_in_at = Some(store::check_in(&mut tx, row.id, manager).await?);
    tx.commit().await?;
    Ok(Json(Data::new(Registration::from_row(row, false))))
}
