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

/// Gives a category its picture's address (`None` takes it away); answers the one it had, or
/// `None` when the id names no category.
pub async fn set_image(db: &sqlx::PgPool, id: i64, image: Option<&str>) -> sqlx::Result<Option<Option<String>>> {
    let Ok(id) = i32::try_from(id) else { return Ok(None) };
    sqlx::query_scalar("UPDATE categories c SET image = $2 FROM categories old WHERE c.id = $1 AND old.id = c.id RETURNING old.image")
        .bind(id)
        .bind(image)
        .fetch_optional(db)
        .await
}

/// Whether a category shows this picture now (older ones are not served).
pub async fn shows_image(db: &sqlx::PgPool, image: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM categories WHERE image = $1)").bind(image).fetch_one(db).await
}
