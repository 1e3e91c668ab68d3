//! The language dictionary (tables `languages`, `language_values`): translation values by key,
//! seeded from the web app's own catalogues so admins can change wording without a release.

use crate::response::Data;
use crate::error::{AppError, AppResult};
use crate::auth::{HostTenant, RequireUser};
use crate::json::{AppJson, AppQuery};
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

/// One key of the dictionary with its English and Bangla values.
#[derive(Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct LanguageValue {
    pub key: String,
    pub en: Option<String>,
    pub bn: Option<String>,
    /// An admin changed it (or made it): a release's catalogues leave it as it is.
    pub edited: bool,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ValuesQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Matches the key or either value.
    pub search: Option<String>,
    /// Only the keys an admin changed.
    pub edited: Option<bool>,
}

const VALUES: &str = "SELECT key, max(value) FILTER (WHERE language_id = 1) AS en, max(value) FILTER (WHERE language_id = 2) AS bn,
                             bool_or(edited) AS edited, max(updated_at) AS updated_at
                        FROM language_values GROUP BY key";

/// The dictionary by key, with both values.
#[utoipa::path(get, path = "/admin-settings/language/values", tag = "settings", params(ValuesQuery),
    responses((status = 200, body = crate::pagination::Page<LanguageValue>), (status = 422)))]
pub async fn list_values(State(ctl): State<ControlState>, AppQuery(q): AppQuery<ValuesQuery>) -> AppResult<Json<crate::pagination::Page<LanguageValue>>> {
    let search = crate::pagination::contains_pattern(q.search.as_deref());
    let filter = "($1::text IS NULL OR key ILIKE $1 OR en ILIKE $1 OR bn ILIKE $1) AND ($2::bool IS NULL OR edited = $2)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("WITH v AS ({VALUES}) SELECT count(*) FROM v WHERE {filter}")))
        .bind(&search)
        .bind(q.edited)
        .fetch_one(&ctl.db)
        .await?;
    let request = crate::pagination::PageRequest::new(q.page, q.limit, 20);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = sqlx::query_as(sqlx::AssertSqlSafe(format!("WITH v AS ({VALUES}) SELECT * FROM v WHERE {filter} ORDER BY key LIMIT $3 OFFSET $4")))
        .bind(&search)
        .bind(q.edited)
        .bind(request.per_page)
        .bind(offset)
        .fetch_all(&ctl.db)
        .await?;
    Ok(Json(crate::pagination::Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ValueForm {
    /// `namespace:dotted.key`, as the web app's catalogues name their strings.
    pub key: String,
    pub en: String,
    pub bn: String,
}

fn check_value(form: &ValueForm) -> AppResult<(String, String, String)> {
    let mut v = crate::validate::Validator::default();
    let key = v.text("key", &form.key, 200);
    let well_formed = key.split_once(':').is_some_and(|(ns, rest)| {
        !ns.is_empty() && !rest.is_empty() && ns.bytes().all(|b| b.is_ascii_lowercase() || b == b'_' || b == b'-')
            && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
    });
    if !key.is_empty() && !well_formed {
        v.add("key", "key_invalid", None);
    }
    let en = v.text("en", &form.en, 2000);
    let bn = v.text("bn", &form.bn, 2000);
    v.finish()?;
    Ok((key, en, bn))
}

async fn put_values(db: &mut sqlx::PgConnection, key: &str, en: &str, bn: &str, edited: bool) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO language_values (language_id, key, value, edited) VALUES (1, $1, $2, $4), (2, $1, $3, $4)
         ON CONFLICT (language_id, key) DO UPDATE SET value = excluded.value, edited = excluded.edited, updated_at = now()",
    )
    .bind(key)
    .bind(en)
    .bind(bn)
    .bind(edited)
    .execute(db)
    .await?;
    Ok(())
}

async fn value(db: &PgPool, key: &str) -> AppResult<LanguageValue> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("WITH v AS ({VALUES}) SELECT * FROM v WHERE key = $1")))
        .bind(key)
        .fetch_optional(db)
        .await?
        .ok_or(AppError::NotFound)
}

/// Adds a key of the admins' own (the main site's super admins).
#[utoipa::path(post, path = "/admin-settings/language/value/create", tag = "settings", request_body = ValueForm,
    responses((status = 201, body = Data<LanguageValue>), (status = 401), (status = 403), (status = 409), (status = 422)))]
pub async fn create_value(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(form): AppJson<ValueForm>,
) -> AppResult<(axum::http::StatusCode, Json<Data<LanguageValue>>)> {
    super::lists::require_keeper(&caller, &tenant)?;
    let (key, en, bn) = check_value(&form)?;
    let mut tx = ctl.db.begin().await?;
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM language_values WHERE key = $1)").bind(&key).fetch_one(&mut *tx).await?;
    if exists {
        return Err(AppError::Conflict("duplicate_key"));
    }
    put_values(&mut tx, &key, &en, &bn, true).await?;
    tx.commit().await?;
    Ok((axum::http::StatusCode::CREATED, Json(Data::new(value(&ctl.db, &key).await?))))
}

/// Changes a key's wording in both languages; a release's catalogues leave it as it is from now on.
#[utoipa::path(put, path = "/admin-settings/language/value/update", tag = "settings", request_body = ValueForm,
    responses((status = 200, body = Data<LanguageValue>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_value(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(form): AppJson<ValueForm>,
) -> AppResult<Json<Data<LanguageValue>>> {
    super::lists::require_keeper(&caller, &tenant)?;
    let (key, en, bn) = check_value(&form)?;
    value(&ctl.db, &key).await?;
    let mut conn = ctl.db.acquire().await?;
    put_values(&mut conn, &key, &en, &bn, true).await?;
    Ok(Json(Data::new(value(&ctl.db, &key).await?)))
}

/// Gives a shipped key back its shipped wording, or removes a key of the admins' own.
#[utoipa::path(delete, path = "/admin-settings/language/value/{id}", tag = "settings", params(("id" = String, Path, description = "The key")),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_value(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    crate::json::AppPath(key): crate::json::AppPath<String>,
) -> AppResult<axum::http::StatusCode> {
    super::lists::require_keeper(&caller, &tenant)?;
    value(&ctl.db, &key).await?;
    let shipped: Vec<(i16, String)> = shipped_values()?.into_iter().filter(|(_, k, _)| *k == key).map(|(lang, _, text)| (lang, text)).collect();
    let mut tx = ctl.db.begin().await?;
    if shipped.is_empty() {
        sqlx::query("DELETE FROM language_values WHERE key = $1").bind(&key).execute(&mut *tx).await?;
    } else {
        for (lang, text) in shipped {
            sqlx::query("UPDATE language_values SET value = $3, edited = false, updated_at = now() WHERE language_id = $1 AND key = $2")
                .bind(lang)
                .bind(&key)
                .bind(text)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
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
