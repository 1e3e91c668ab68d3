//! SQL of `mail_templates`: a site's own wording, one row per e-mail and language.

use super::{Key, Text};
use crate::i18n::Lang;
use sqlx::{PgExecutor, PgPool};

/// The (key, lang) pairs the site has worded itself.
pub async fn worded(db: &PgPool, institution_id: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT key, lang FROM mail_templates WHERE institution_id = $1").bind(institution_id).fetch_all(db).await
}

pub async fn find(db: impl PgExecutor<'_>, institution_id: i64, key: Key, lang: Lang) -> sqlx::Result<Option<Text>> {
    let row: Option<(String, String, String)> =
        sqlx::query_as("SELECT subject, body, button FROM mail_templates WHERE institution_id = $1 AND key = $2 AND lang = $3")
            .bind(institution_id)
            .bind(key.name())
            .bind(lang.code())
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(subject, body, button)| Text { subject, body, button }))
}

pub async fn save(db: &PgPool, institution_id: i64, key: Key, lang: Lang, text: &Text, by: Option<i64>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO mail_templates (institution_id, key, lang, subject, body, button, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (institution_id, key, lang) DO UPDATE
            SET subject = excluded.subject, body = excluded.body, button = excluded.button, updated_by = excluded.updated_by, updated_at = now()",
    )
    .bind(institution_id)
    .bind(key.name())
    .bind(lang.code())
    .bind(&text.subject)
    .bind(&text.body)
    .bind(&text.button)
    .bind(by)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn remove(db: &PgPool, institution_id: i64, key: Key, lang: Lang) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM mail_templates WHERE institution_id = $1 AND key = $2 AND lang = $3")
        .bind(institution_id)
        .bind(key.name())
        .bind(lang.code())
        .execute(db)
        .await?;
    Ok(())
}
