//! Materials of an event (slides, handouts, recordings): files of the file manager, shown to
//! the event's managers and approved registrants with signed links. A file deleted from the file
//! manager leaves the event with it.

use super::participant;
use crate::courses::access::require_author;
use crate::files::{self, File};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::error::on_unique;
use control_plane::json::{AppJson, AppPath};
use control_plane::response::{Data, Done};
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Material {
    pub id: i64,
    pub file: File,
    pub created_at: DateTime<Utc>,
}

/// An event's materials, oldest first.
#[utoipa::path(get, path = "/event/materials/{id}", tag = "events", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<Material>>), (status = 401), (status = 403), (status = 404)))]
pub async fn event_materials(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Vec<Material>>>> {
    participant(&db, id, &caller, &tenant).await?;
    let rows: Vec<(i64, i64, DateTime<Utc>)> = sqlx::query_as("SELECT id, file_id, created_at FROM event_materials WHERE event_id = $1 ORDER BY id")
        .bind(id)
        .fetch_all(&*db)
        .await?;
    let mut materials = Vec::with_capacity(rows.len());
    for (id, file_id, created_at) in rows {
        if let Some(row) = files::store::file(&db, file_id).await? {
            materials.push(Material { id, file: files::view(&app, &tenant, row, None, Vec::new()).await?, created_at });
        }
    }
    Ok(Json(Data::new(materials)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MaterialInput {
    pub event_id: i64,
    /// A file of the caller's file manager (their own, or one shared with them).
    pub file_id: i64,
}

/// Add a file of the caller's file manager to an event.
#[utoipa::path(post, path = "/event/materials", tag = "events", request_body = MaterialInput,
    responses((status = 201, body = Data<Material>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "invalid_choice (not the caller's file), already_added")))]
pub async fn add_material(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<MaterialInput>,
) -> AppResult<(StatusCode, Json<Data<Material>>)> {
    let user = require_author(&caller, &tenant)?;
    super::store::find(&db, input.event_id).await?.ok_or(AppError::NotFound)?;
    let file = files::store::file_for(&db, input.file_id, user).await?.ok_or_else(|| AppError::unprocessable("file_id", "invalid_choice"))?;
    let (id, created_at): (i64, DateTime<Utc>) =
        sqlx::query_as("INSERT INTO event_materials (event_id, file_id) VALUES ($1, $2) RETURNING id, created_at")
            .bind(input.event_id)
            .bind(input.file_id)
            .fetch_one(&*db)
            .await
            .map_err(|e| on_unique(e, &[("event_materials_once", "file_id", "already_added")]))?;
    let file = files::view(&app, &tenant, file, None, Vec::new()).await?;
    Ok((StatusCode::CREATED, Json(Data::new(Material { id, file, created_at }))))
}

/// Take a material off its event (the file stays in the file manager).
#[utoipa::path(delete, path = "/event/material/{id}", tag = "events", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn remove_material(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    require_author(&caller, &tenant)?;
    let gone = sqlx::query("DELETE FROM event_materials WHERE id = $1").bind(id).execute(&*db).await?.rows_affected();
    if gone == 0 {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::done()))
}
