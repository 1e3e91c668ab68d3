//! What a write request changed, row by row, before and after, for the activity log.
//!
//! The edge runs each logged write inside [`during`]. Every connection that request takes from a
//! pool (a site's or the control pool) is first told the request's name, as the session setting
//! `app.request`; a trigger on the audited tables (`record_change`, in both schemas' migrations)
//! copies each row a statement changes into that schema's `activity_changes` under the name, and
//! the edge [`take`]s them once the answer is ready. A connection taken anywhere else (a read, a
//! background job) is told the empty name, so what it changes is never attributed to a request.
//! Telling replaces sqlx's liveness ping on acquire, so it costs no extra round trip.

use serde::Serialize;
use serde_json::{Map, Value};
use sqlx::postgres::PgPoolOptions;
use sqlx::PgConnection;
use std::future::Future;
use utoipa::ToSchema;

tokio::task_local! {
    static REQUEST: String;
}

/// Runs a write request's work under its name.
pub async fn during<F: Future>(request: String, work: F) -> F::Output {
    REQUEST.scope(request, work).await
}

fn current() -> Option<String> {
    REQUEST.try_with(Clone::clone).ok()
}

async fn tell(conn: &mut PgConnection, request: &str) -> sqlx::Result<()> {
    sqlx::query("SELECT set_config('app.request', $1, false)").bind(request).execute(conn).await?;
    Ok(())
}

/// A pool whose connections carry the name of the write request holding them. Acquiring is
/// where a pooled connection learns it (a failure closes the connection, as a failed ping would);
/// a connection opened for a request learns it at once, and one opened for nobody has no name.
pub fn tagging(options: PgPoolOptions) -> PgPoolOptions {
    options
        .test_before_acquire(false)
        .after_connect(|conn, _| {
            Box::pin(async move {
                match current() {
                    Some(request) => tell(conn, &request).await,
                    None => Ok(()),
                }
            })
        })
        .before_acquire(|conn, _| {
            Box::pin(async move {
                tell(conn, current().as_deref().unwrap_or_default()).await?;
                Ok(true)
            })
        })
}

/// One row a request changed. `before` and `after` hold only the columns an update changed; an
/// insert has no `before`, a delete no `after`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Change {
    pub table: String,
    /// `insert`, `update` or `delete`.
    pub op: String,
    /// The row's `id`, when it has one.
    pub id: Option<String>,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Changes a log entry keeps; the rest are counted.
pub const KEPT_CHANGES: i64 = 20;

/// Takes (and deletes) what a request changed in one schema, in the order it happened: at most
/// [`KEPT_CHANGES`] summarised rows, and how many there were. Rows a crashed edge never took are
/// swept out after an hour.
pub async fn take<'e>(db: impl sqlx::PgExecutor<'e>, request: &str) -> sqlx::Result<(Vec<Change>, i64)> {
    let rows: Vec<(String, String, Option<String>, Option<Value>, Option<Value>, i64)> = sqlx::query_as(
        "WITH taken AS (DELETE FROM activity_changes WHERE request = $1 OR at < now() - interval '1 hour' RETURNING *)
         SELECT table_name, op, row_id, before, after, count(*) OVER () FROM taken WHERE request = $1 ORDER BY id LIMIT $2",
    )
    .bind(request)
    .bind(KEPT_CHANGES)
    .fetch_all(db)
    .await?;
    let total = rows.first().map_or(0, |r| r.5);
    let fields = |value: Option<Value>| match value {
        Some(Value::Object(fields)) => Some(Value::Object(summary(fields))),
        other => other,
    };
    let changes = rows
        .into_iter()
        .map(|(table, op, id, before, after, _)| Change { table, op, id, before: fields(before), after: fields(after) })
        .collect();
    Ok((changes, total))
}

/// Fields a summary keeps, and characters of each value.
const SUMMARY_FIELDS: usize = 40;
const SUMMARY_CHARS: usize = 200;

/// A field whose value never goes into the log.
fn secret(field: &str) -> bool {
    let field = field.to_ascii_lowercase();
    ["password", "secret", "token"].iter().any(|s| field.contains(s))
        || ["otp", "pin", "code", "api_key"].iter().any(|s| field == *s || field.ends_with(&format!("_{s}")))
}

/// An object as the activity log keeps it: at most 40 fields, each value as text cut to 200
/// characters (a list or an object by its size), secrets replaced by "•••".
pub fn summary(fields: Map<String, Value>) -> Map<String, Value> {
    let cut = |text: String| {
        if text.chars().count() > SUMMARY_CHARS { format!("{}…", text.chars().take(SUMMARY_CHARS).collect::<String>()) } else { text }
    };
    fields
        .into_iter()
        .take(SUMMARY_FIELDS)
        .map(|(field, value)| {
            let shown = match value {
                _ if secret(&field) => Value::String("•••".into()),
                Value::String(text) => Value::String(cut(text)),
                Value::Array(items) => Value::String(format!("[{} items]", items.len())),
                Value::Object(inner) => Value::String(format!("{{{} fields}}", inner.len())),
                other => other,
            };
            (field, shown)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_summary_is_short_and_without_secrets() {
        let long = "ক".repeat(300);
        let body = serde_json::json!({ "title": long, "password_hash": "$argon2id$…", "otp": "123456", "batch_id": 7, "objectives": ["a", "b"], "site_config": { "theme": {} } });
        let serde_json::Value::Object(fields) = body else { unreachable!() };
        let kept = super::summary(fields);
        assert_eq!(kept["title"].as_str().unwrap().chars().count(), 201, "200 characters and an ellipsis");
        assert_eq!((kept["password_hash"].as_str(), kept["otp"].as_str()), (Some("•••"), Some("•••")));
        assert_eq!((kept["batch_id"].as_i64(), kept["objectives"].as_str(), kept["site_config"].as_str()), (Some(7), Some("[2 items]"), Some("{1 fields}")));
    }
}
