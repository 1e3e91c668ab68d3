//! The site's activity log (tenant table `activity_logs`), read by its admins.

use crate::pools::TenantDb;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::AppQuery;
use control_plane::pagination::{Page, PageQuery, PageRequest};
use control_plane::{AppError, AppResult};
use axum::Json;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ActivityLog {
    pub id: i64,
    pub user_id: Option<i64>,
    pub action: String,
    pub subject: Option<String>,
    pub details: Value,
    pub created_at: DateTime<Utc>,
}

pub async fn record(db: &PgPool, user_id: Option<i64>, action: &str, subject: Option<&str>, details: Value) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO activity_logs (user_id, action, subject, details) VALUES ($1, $2, $3, $4)")
        .bind(user_id)
        .bind(action)
        .bind(subject)
        .bind(details)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn page(db: &PgPool, request: PageRequest, search: Option<&str>) -> sqlx::Result<Page<ActivityLog>> {
    let search = control_plane::pagination::contains_pattern(search);
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM activity_logs WHERE $1::text IS NULL OR action ILIKE $1")
        .bind(&search)
        .fetch_one(db)
        .await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let data = sqlx::query_as(
        "SELECT id, user_id, action, subject, details, created_at FROM activity_logs
          WHERE $1::text IS NULL OR action ILIKE $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(&search)
    .bind(request.per_page)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok(Page { data, current_page, last_page, per_page: request.per_page, total })
}

/// This site's activity log, newest first (its admins and super admins).
#[utoipa::path(get, path = "/my-account/activity/view", tag = "settings", params(PageQuery),
    responses((status = 200, body = Page<ActivityLog>), (status = 401), (status = 403)))]
pub async fn view_activity(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<ActivityLog>>> {
    if !caller.administers(tenant.id) {
        return Err(AppError::Forbidden);
    }
    Ok(Json(page(&db, PageRequest::new(q.page, q.limit, 20), q.search.as_deref()).await?))
}
