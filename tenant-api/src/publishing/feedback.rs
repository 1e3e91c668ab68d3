//! Feedback on the site (docs/api-publishing.md): anyone sends it, the site's admin approves it,
//! and approved feedback shows on the home page. The table `feedback` (tenant migration V15).

use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{Caller, HostTenant, MaybeUser, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::Data;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

const STATUSES: [&str; 3] = ["pending", "approved", "hidden"];

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Feedback {
    pub id: i64,
    pub name: String,
    pub designation: Option<String>,
    /// Only on the admin's list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    pub message: String,
    pub rating: i16,
    pub status: String,
    pub user_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    #[serde(skip)]
    pub total: i64,
}

async fn list(db: &PgPool, status: Option<&str>, with_email: bool, limit: i64, offset: i64) -> sqlx::Result<Vec<Feedback>> {
    sqlx::query_as(
        "SELECT id, name, designation, CASE WHEN $2 THEN email END AS email, message, rating, status, user_id, created_at,
                count(*) OVER () AS total
           FROM feedback WHERE ($1::text IS NULL OR status = $1)
          ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(status)
    .bind(with_email)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

async fn page(db: &PgPool, status: Option<&str>, with_email: bool, page: Option<i64>, limit: Option<i64>) -> AppResult<Json<Page<Feedback>>> {
    let request = PageRequest::new(page, limit.map(|l| l.min(50)), 6);
    let total = list(db, status, with_email, 1, 0).await?.first().map_or(0, |f| f.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = list(db, status, with_email, request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct FeedbackInput {
    /// Signed in: the account's name when empty.
    pub name: String,
    pub designation: Option<String>,
    /// For the site's admin only; never shown publicly.
    pub email: Option<String>,
    pub message: String,
    /// 1 to 5.
    pub rating: i64,
}

/// Send feedback on the site (anyone); it shows on the home page once the site's admin approves it.
#[utoipa::path(post, path = "/my-account/feedback/create", tag = "public", request_body = FeedbackInput,
    responses((status = 201, body = Data<Feedback>), (status = 422)))]
pub async fn create_feedback(
    State(app): State<AppState>,
    MaybeUser(caller): MaybeUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<FeedbackInput>,
) -> AppResult<(StatusCode, Json<Data<Feedback>>)> {
    let user = caller.as_ref().and_then(Caller::user_id);
    let account_name = match user {
        Some(id) => Some(control_plane::users::store::find(&app.ctl.db, id).await?.name),
        None => None,
    };
    let mut v = Validator::default();
    let name = match account_name.filter(|_| control_plane::validate::trim(&input.name).is_empty()) {
        Some(name) => name,
        None => v.text("name", &input.name, 100),
    };
    let designation = v.optional_text("designation", input.designation.as_deref().unwrap_or_default(), 100);
    let email = match input.email.as_deref().map(control_plane::validate::trim).filter(|e| !e.is_empty()) {
        Some(e) => Some(v.email("email", e)),
        None => None,
    };
    let message = v.text("message", &input.message, 1000);
    if !(1..=5).contains(&input.rating) {
        v.add("rating", "invalid_rating", None);
    }
    v.finish()?;
    let feedback = sqlx::query_as(
        "INSERT INTO feedback (name, designation, email, message, rating, user_id) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, name, designation, NULL::text AS email, message, rating, status, user_id, created_at, 1::bigint AS total",
    )
    .bind(name)
    .bind(designation)
    .bind(email)
    .bind(message)
    .bind(input.rating as i16)
    .bind(user)
    .fetch_one(&*db)
    .await?;
    Ok((StatusCode::CREATED, Json(Data::new(feedback))))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct FeedbackQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// The admin's list: `pending`, `approved` or `hidden`.
    pub status: Option<String>,
}

/// Approved feedback, newest first (the home page shows the first six).
#[utoipa::path(get, path = "/my-account/public_feedbacks/view", tag = "public", params(FeedbackQuery),
    responses((status = 200, body = Page<Feedback>)))]
pub async fn public_feedback(TenantDb(db): TenantDb, AppQuery(q): AppQuery<FeedbackQuery>) -> AppResult<Json<Page<Feedback>>> {
    page(&db, Some("approved"), false, q.page, q.limit).await
}

/// Every feedback of the site, with the senders' e-mails (the site's admin).
#[utoipa::path(get, path = "/my-account/public_feedbacks/view_all", tag = "public", params(FeedbackQuery),
    responses((status = 200, body = Page<Feedback>), (status = 401), (status = 403), (status = 422)))]
pub async fn all_feedback(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<FeedbackQuery>,
) -> AppResult<Json<Page<Feedback>>> {
    caller.require_admin_of(tenant.id)?;
    let status = match q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) if !STATUSES.contains(&s) => return Err(AppError::unprocessable("status", "invalid_choice")),
        s => s,
    };
    page(&db, status, true, q.page, q.limit.or(Some(20))).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ApproveInput {
    /// true: shown on the home page; false: hidden.
    pub approve: bool,
}

/// Show feedback on the home page, or hide it (the site's admin).
#[utoipa::path(put, path = "/my-account/feedback/approve/{id}", tag = "public", params(("id" = i64, Path)), request_body = ApproveInput,
    responses((status = 200, body = Data<Feedback>), (status = 401), (status = 403), (status = 404)))]
pub async fn approve_feedback(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<ApproveInput>,
) -> AppResult<Json<Data<Feedback>>> {
    caller.require_admin_of(tenant.id)?;
    let feedback: Option<Feedback> = sqlx::query_as(
        "UPDATE feedback SET status = CASE WHEN $2 THEN 'approved' ELSE 'hidden' END WHERE id = $1
         RETURNING id, name, designation, email, message, rating, status, user_id, created_at, 1::bigint AS total",
    )
    .bind(id)
    .bind(input.approve)
    .fetch_optional(&*db)
    .await?;
    Ok(Json(Data::new(feedback.ok_or(AppError::NotFound)?)))
}
