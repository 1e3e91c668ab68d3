//! The language dictionary (tables `languages`, `language_values`): translation values by key,
//! seeded from the web app's own catalogues so admins can change wording without a release.

use crate::response::Data;
use crate::error::{AppError, AppResult};
use crate::json::AppQuery;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use sqlx::PgPool;
use utoipa::IntoParams;

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

fn flatten(prefix: &str, value: &Value, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.ends_with(':') { format!("{prefix}{k}") } else { format!("{prefix}.{k}") };
                flatten(&key, v, out);
            }
        }
        Value::String(s) => out.push((prefix.to_owned(), s.clone())),
        other => out.push((prefix.to_owned(), other.to_string())),
    }
}

/// The shipped catalogues as `(language id, "ns:dotted.key", text)`.
pub fn shipped_values() -> anyhow::Result<Vec<(i16, String, String)>> {
    let mut rows = Vec::new();
    for (lang, ns, text) in CATALOGUES {
        let id = if *lang == "bn" { 2 } else { 1 };
        let json: Value = serde_json::from_str(text).map_err(|e| anyhow::anyhow!("catalogue {lang}/{ns}: {e}"))?;
        let mut flat = Vec::new();
        flatten(&format!("{ns}:"), &json, &mut flat);
        rows.extend(flat.into_iter().map(|(k, v)| (id, k, v)));
    }
    Ok(rows)
}

/// Upserts the shipped values; rows an admin edited stay as they are.
pub async fn seed_shipped_catalogues(db: &PgPool) -> anyhow::Result<()> {
    let rows = shipped_values()?;
    let (ids, (keys, values)): (Vec<i16>, (Vec<String>, Vec<String>)) =
        rows.into_iter().map(|(i, k, v)| (i, (k, v))).unzip();
    sqlx::query(
        "INSERT INTO language_values (language_id, key, value)
         SELECT * FROM unnest($1::smallint[], $2::text[], $3::text[])
         ON CONFLICT (language_id, key) DO UPDATE SET value = excluded.value, updated_at = now()
         WHERE NOT language_values.edited AND language_values.value <> excluded.value",
    )
    .bind(ids)
    .bind(keys)
    .bind(values)
    .execute(db)
    .await?;
    Ok(())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LanguageQuery {
    /// 1 English, 2 Bangla.
    pub lang_id: Option<i16>,
}

/// A language and its translation values by key (`"namespace:dotted.key"`).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Language {
    pub id: i16,
    pub code: String,
    pub platform_name: String,
    pub values: std::collections::BTreeMap<String, String>,
}

/// Translation values of one language by key (`"namespace:dotted.key"`).
#[utoipa::path(get, path = "/admin-settings/languages", tag = "settings", params(LanguageQuery),
    responses((status = 200, body = Data<Language>), (status = 404)))]
pub async fn get_language(State(ctl): State<ControlState>, AppQuery(q): AppQuery<LanguageQuery>) -> AppResult<Json<Data<Language>>> {
    let id = q.lang_id.unwrap_or(1);
    let lang: Option<(i16, String, String)> =
        sqlx::query_as("SELECT id, code, platform_name FROM languages WHERE id = $1").bind(id).fetch_optional(&ctl.db).await?;
    let (id, code, platform_name) = lang.ok_or(AppError::NotFound)?;
    let values: Vec<(String, String)> = sqlx::query_as("SELECT key, value FROM language_values WHERE language_id = $1")
        .bind(id)
        .fetch_all(&ctl.db)
        .await?;
    Ok(Json(Data::new(Language { id, code, platform_name, values: values.into_iter().collect() })))
}

#[cfg(test)]
mod tests {
    #[test]
    fn nested_keys_flatten_with_their_namespace() {
        let mut out = Vec::new();
        super::flatten("common:", &serde_json::json!({"a": {"b": "x"}, "c": "y"}), &mut out);
        assert_eq!(out, vec![("common:a.b".into(), "x".into()), ("common:c".into(), "y".into())]);
    }
}
