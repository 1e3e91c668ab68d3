//! Course categories (table `categories`).

use crate::error::AppResult;
use crate::json::AppQuery;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use crate::response::Data;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Category {
    pub id: i32,
    pub title: String,
    pub bn_title: String,
    pub image: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoryQuery {
    /// `none` returns every category in one list (the only mode the web app uses).
    pub pagination: Option<String>,
}

/// All course categories, in display order.
#[utoipa::path(get, path = "/admin-settings/categories", tag = "settings", params(CategoryQuery),
    responses((status = 200, body = Data<Vec<Category>>)))]
pub async fn list_categories(State(ctl): State<ControlState>, AppQuery(_q): AppQuery<CategoryQuery>) -> AppResult<Json<Data<Vec<Category>>>> {
    let rows: Vec<Category> =
        sqlx::query_as("SELECT id, title, bn_title, image FROM categories ORDER BY sort, id").fetch_all(&ctl.db).await?;
    Ok(Json(Data::new(rows)))
}

/// One category, when the id names one.
pub async fn find(db: &sqlx::PgPool, id: i64) -> sqlx::Result<Option<Category>> {
    // An id beyond the column's range names no category (and must not wrap onto one that exists).
    let Ok(id) = i32::try_from(id) else { return Ok(None) };
    sqlx::query_as("SELECT id, title, bn_title, image FROM categories WHERE id = $1").bind(id).fetch_optional(db).await
}
