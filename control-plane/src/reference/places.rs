//! Bangladesh's divisions, districts and upazilas (tables `divisions`, `districts`, `upazilas`):
//! what a learner's profile names and what promotions target.

use crate::error::{AppError, AppResult};
use crate::json::AppPath;
use crate::response::Data;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Division {
    pub id: i32,
    pub title: String,
    pub bn_title: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct District {
    pub id: i32,
    pub division_id: i32,
    pub title: String,
    pub bn_title: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Upazila {
    pub id: i32,
    pub district_id: i32,
    pub title: String,
    pub bn_title: String,
}

/// An upazila with the district and division it lies in.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UpazilaInfo {
    #[serde(flatten)]
    pub upazila: Upazila,
    pub district: District,
    pub division: Division,
}

/// The eight divisions, in their display order then by name.
#[utoipa::path(get, path = "/admin-settings/divisions", tag = "settings", responses((status = 200, body = Data<Vec<Division>>)))]
pub async fn list_divisions(State(ctl): State<ControlState>) -> AppResult<Json<Data<Vec<Division>>>> {
    let rows = sqlx::query_as("SELECT id, title, bn_title FROM divisions ORDER BY sort, title").fetch_all(&ctl.db).await?;
    Ok(Json(Data::new(rows)))
}

/// The districts of a division, by name; division `0`: all 64.
#[utoipa::path(get, path = "/admin-settings/districts/{id}", tag = "settings",
    params(("id" = i64, Path, description = "a division's id, or 0 for every district")), responses((status = 200, body = Data<Vec<District>>)))]
pub async fn list_districts(State(ctl): State<ControlState>, AppPath(division): AppPath<i64>) -> AppResult<Json<Data<Vec<District>>>> {
    let rows = sqlx::query_as("SELECT id, division_id, title, bn_title FROM districts WHERE $1 = 0 OR division_id = $1 ORDER BY sort, title")
        .bind(division)
        .fetch_all(&ctl.db)
        .await?;
    Ok(Json(Data::new(rows)))
}

/// The upazilas of a district, by name (an unknown district has none).
#[utoipa::path(get, path = "/admin-settings/upazilas/{id}", tag = "settings",
    params(("id" = i64, Path, description = "a district's id")), responses((status = 200, body = Data<Vec<Upazila>>)))]
pub async fn list_upazilas(State(ctl): State<ControlState>, AppPath(district): AppPath<i64>) -> AppResult<Json<Data<Vec<Upazila>>>> {
    let rows = sqlx::query_as("SELECT id, district_id, title, bn_title FROM upazilas WHERE district_id = $1 ORDER BY sort, title")
        .bind(district)
        .fetch_all(&ctl.db)
        .await?;
    Ok(Json(Data::new(rows)))
}

/// One upazila with its district and division (a profile shows the three from the upazila alone).
#[utoipa::path(get, path = "/admin-settings/upazilaInfo/{id}", tag = "settings",
    params(("id" = i64, Path, description = "an upazila's id")), responses((status = 200, body = Data<UpazilaInfo>), (status = 404)))]
pub async fn upazila_info(State(ctl): State<ControlState>, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<UpazilaInfo>>> {
    type Row = (i32, i32, String, String, String, String, i32, String, String);
    let row: Option<Row> = sqlx::query_as(
        "SELECT u.id, u.district_id, u.title, u.bn_title, d.title, d.bn_title, v.id, v.title, v.bn_title
           FROM upazilas u JOIN districts d ON d.id = u.district_id JOIN divisions v ON v.id = d.division_id
          WHERE u.id::bigint = $1",
    )
    .bind(id)
    .fetch_optional(&ctl.db)
    .await?;
    let (id, district_id, title, bn_title, district, district_bn, division_id, division, division_bn) = row.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(UpazilaInfo {
        upazila: Upazila { id, district_id, title, bn_title },
        district: District { id: district_id, division_id, title: district, bn_title: district_bn },
        division: Division { id: division_id, title: division, bn_title: division_bn },
    })))
}

/// The district an upazila lies in, if the upazila exists.
pub async fn upazila_district(db: &PgPool, id: i64) -> sqlx::Result<Option<i32>> {
    sqlx::query_scalar("SELECT district_id FROM upazilas WHERE id::bigint = $1").bind(id).fetch_optional(db).await
}

/// Which reference list an id is checked against.
#[derive(Debug, Clone, Copy)]
pub enum List {
    Categories,
    Districts,
    Professions,
}

/// Whether every id names a row of the list (ids beyond the column's range name none).
pub async fn all_known(db: &PgPool, list: List, ids: &[i64]) -> sqlx::Result<bool> {
    if ids.is_empty() {
        return Ok(true);
    }
    let table = match list {
        List::Categories => "categories",
        List::Districts => "districts",
        List::Professions => "professions",
    };
    let known: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(DISTINCT id) FROM {table} WHERE id::bigint = ANY($1)")))
        .bind(ids)
        .fetch_one(db)
        .await?;
    let mut distinct = ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    Ok(known == distinct.len() as i64)
}
