//! Course categories (table `categories`); the list and its changes are `super::lists`'.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Category {
    pub id: i32,
    pub title: String,
    pub bn_title: String,
    pub image: Option<String>,
}

/// One category, when the id names one.
pub async fn find(db: &sqlx::PgPool, id: i64) -> sqlx::Result<Option<Category>> {
    // An id beyond the column's range names no category (and must not wrap onto one that exists).
    let Ok(id) = i32::try_from(id) else { return Ok(None) };
    sqlx::query_as("SELECT id, title, bn_title, image FROM categories WHERE id = $1").bind(id).fetch_optional(db).await
}
