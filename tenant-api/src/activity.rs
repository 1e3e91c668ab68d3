//! The site's activity log (tenant table `activity_logs`): every write made on the site, logged
//! by the edge ([`log_writes`]), and the few events handlers describe themselves (a site's
//! settings changed, an exam's override). Read by the site's admins, overall or per person.

use crate::permissions::{self, Rule};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use control_plane::audit;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::pagination::{Page, PageQuery, PageRequest};
use control_plane::tenancy::TenantId;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityLog {
    pub id: i64,
    pub user_id: Option<i64>,
    pub user_name: Option<String>,
    /// The role they acted in; `null` in the learner view.
    pub role: Option<String>,
    /// The module and action their role's map was checked for; `null` for open calls.
    pub module: Option<String>,
    pub action: String,
    pub method: Option<String>,
    pub path: Option<String>,
    /// What the call was about: the last identifier in its path, or what a handler named.
    pub subject: Option<String>,
    pub status: Option<i16>,
    pub ip: Option<String>,
    /// What a write sent (`sent`) and what it changed (`changes`: at most 20 `Change`s, of
    /// `changed` rows in all), or what a handler described.
    pub details: Value,
    pub created_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    user_id: Option<i64>,
    role: Option<String>,
    module: Option<String>,
    action: String,
    method: Option<String>,
    path: Option<String>,
    subject: Option<String>,
    status: Option<i16>,
    ip: Option<String>,
    details: Value,
    created_at: DateTime<Utc>,
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

/// A write's entry that could not be written is tried again this often, this many times: long
/// enough for a standby's promotion.
const LOG_RETRY: std::time::Duration = std::time::Duration::from_secs(2);
const LOG_ATTEMPTS: usize = 30;

/// Takes what a write request changed from both schemas (whatever the answer, so nothing a failed
/// write left behind lingers) and, if it succeeded, writes its entry in the site's log. The
/// site's changes are taken in the transaction that writes the entry, so a try that fails leaves
/// them for the next; the control schema's, once taken, wait in `control` for it.
async fn log(
    app: &AppState,
    tenant: Option<TenantId>,
    name: &str,
    write: &Write,
    succeeded: bool,
    control: &mut Option<(Vec<audit::Change>, i64)>,
) -> anyhow::Result<()> {
    let Some(tenant) = tenant else {
        audit::take(&app.ctl.db, name).await?;
        return Ok(());
    };
    let db = app.pools.get(tenant).await.map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let mut tx = db.begin().await?;
    let from_control = async {
        match control.take() {
            Some(taken) => Ok(taken),
            None => audit::take(&app.ctl.db, name).await,
        }
    };
    // The two schemas at once.
    let (site, from_control) = tokio::join!(audit::take(&mut *tx, name), from_control);
    let (in_control, changed_in_control) = &*control.insert(from_control?);
    let (site, changed_in_site) = site?;
    if succeeded {
        let changes = site.into_iter().chain(in_control.iter().cloned()).take(audit::KEPT_CHANGES as usize).collect();
        insert(&mut tx, write, (changes, changed_in_site + changed_in_control)).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// One write as the edge saw it.
struct Write {
    user_id: i64,
    role: Option<String>,
    rule: Option<Rule>,
    method: Method,
    template: String,
    path: String,
    status: u16,
    ip: Option<IpAddr>,
    /// What the call sent ([`sent_summary`]).
    sent: Option<Value>,
}

async fn insert(db: &mut sqlx::PgConnection, w: &Write, (changes, changed): (Vec<audit::Change>, i64)) -> sqlx::Result<()> {
    let (module, verb) = match w.rule {
        Some(Rule::Needs(module, action)) => (Some(module.key()), action.key()),
        _ => (None, "write"),
    };
    sqlx::query(
        "INSERT INTO activity_logs (user_id, action, subject, role, module, verb, method, path, status, ip, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::inet, $11)",
    )
    .bind(w.user_id)
    .bind(format!("{} {}", w.method, w.template))
    .bind(subject_of(&w.template, &w.path))
    .bind(&w.role)
    .bind(module)
    .bind(verb)
    .bind(w.method.as_str())
    .bind(&w.path)
    .bind(w.status as i16)
    .bind(w.ip.map(|ip| ip.to_string()))
    .bind(details(w.sent.as_ref(), changes, changed))
    .execute(db)
    .await?;
    Ok(())
}

/// An entry's details: what the call sent, and what it changed (`changes`, at most
/// [`audit::KEPT_CHANGES`] of `changed` rows).
fn details(sent: Option<&Value>, changes: Vec<audit::Change>, changed: i64) -> Value {
    let mut details = serde_json::Map::new();
    if let Some(sent) = sent {
        details.insert("sent".into(), sent.clone());
    }
    if changed > 0 {
        details.insert("changes".into(), serde_json::json!(changes));
        details.insert("changed".into(), changed.into());
    }
    Value::Object(details)
}

/// The value of the path's last parameter: `/course/course/update/{id}` and `/course/course/update/42` give `42`.
fn subject_of(template: &str, path: &str) -> Option<String> {
    template.split('/').zip(path.split('/')).filter(|(t, _)| t.starts_with('{')).last().map(|(_, v)| v.chars().take(100).collect())
}

/// JSON bodies read for the log at most; a larger body (or another kind: a file) is logged without
/// what it sent.
const SUMMARY_BODY: usize = 64 << 10;
/// What a write sent, as its log keeps it: the JSON object's fields, summarised
/// ([`audit::summary`]: short, secrets hidden).
fn sent_summary(body: &[u8]) -> Option<Value> {
    let Ok(Value::Object(fields)) = serde_json::from_slice::<Value>(body) else { return None };
    Some(Value::Object(audit::summary(fields)))
}

/// Reads a small JSON body for the log and puts it back for the handler; any other body passes
/// untouched.
async fn read_sent(request: Request) -> Result<(Request, Option<Value>), Response> {
    let json = request.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"));
    // The body's own bound (its Content-Length once it came over the wire): a body of unknown
    // length is not read twice.
    let length = axum::body::HttpBody::size_hint(request.body()).upper();
    if !json || !length.is_some_and(|n| n <= SUMMARY_BODY as u64) {
        return Ok((request, None));
    }
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, SUMMARY_BODY).await.map_err(|_| AppError::for_status(StatusCode::BAD_REQUEST).into_response())?;
    let sent = sent_summary(&bytes);
    Ok((Request::from_parts(parts, Body::from(bytes)), sent))
}

/// Logs every write a signed-in person makes that succeeds, in the host site's own log, after
/// the answer is ready, with what it sent and what it changed (row by row, in the site's schema
/// and the control schema: [`audit`]). A log that cannot be written is never the caller's
/// failure: it is tried again for a minute in the background, then reported.
pub async fn log_writes(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let caller = request.extensions().get::<Caller>().filter(|c| c.user_id().is_some()).cloned();
    let (Some(caller), false) = (caller, matches!(method, Method::GET | Method::HEAD | Method::OPTIONS)) else {
        return next.run(request).await;
    };
    let template = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned()).unwrap_or_default();
    let path: String = request.uri().path().chars().take(300).collect();
    let ip = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let tenant = request.extensions().get::<HostTenant>().map(|t| t.0.id);
    let (request, sent) = match read_sent(request).await {
        Ok(read) => read,
        Err(refused) => return refused,
    };
    let name = uuid::Uuid::new_v4().simple().to_string();
    let response = audit::during(name.clone(), next.run(request)).await;
    let write = Write {
        user_id: caller.user_id().unwrap_or_default(),
        role: caller.role.as_ref().map(|m| m.role.clone()),
        rule: permissions::rule(&method, &template),
        method,
        status: response.status().as_u16(),
        template,
        path,
        ip,
        sent,
    };
    let succeeded = response.status().is_success();
    let mut control = None;
    match log(&app, tenant, &name, &write, succeeded, &mut control).await {
        Ok(()) => {}
        // A write that failed has no entry, and what it may have left is swept within the hour.
        Err(error) if !succeeded => tracing::debug!(error = format!("{error:#}"), tenant, "a failed write's changes not taken"),
        // The write is done, and what it changed waits in its schema; the site's database is out
        // of reach (a failover, say). Tried again for a while, so the entry is written once it is
        // back rather than lost.
        Err(error) => {
            tracing::warn!(error = format!("{error:#}"), tenant, "activity not logged yet; trying again");
            tokio::spawn(async move {
                for _ in 0..LOG_ATTEMPTS {
                    tokio::time::sleep(LOG_RETRY).await;
                    match log(&app, tenant, &name, &write, true, &mut control).await {
                        Ok(()) => {
                            tracing::info!(tenant, "activity logged on a later try");
                            return;
                        }
                        Err(error) => tracing::debug!(error = format!("{error:#}"), tenant, "activity not logged yet"),
                    }
                }
                tracing::warn!(tenant, path = write.path, "activity not logged");
            });
        }
    }
    response
}

pub async fn page(db: &PgPool, ctl: &PgPool, request: PageRequest, search: Option<&str>, user: Option<i64>) -> AppResult<Page<ActivityLog>> {
    let search = control_plane::pagination::contains_pattern(search);
    let filter = "($1::text IS NULL OR action ILIKE $1 OR path ILIKE $1 OR module ILIKE $1 OR role ILIKE $1)
                  AND ($2::bigint IS NULL OR user_id = $2)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM activity_logs WHERE {filter}")))
        .bind(&search)
        .bind(user)
        .fetch_one(db)
        .await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT id, user_id, role, module, coalesce(verb, action) AS action, method, path, subject, status, host(ip) AS ip, details, created_at
           FROM activity_logs WHERE {filter} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
    )))
    .bind(&search)
    .bind(user)
    .bind(request.per_page)
    .bind(offset)
    .fetch_all(db)
    .await?;
    let ids: Vec<i64> = rows.iter().filter_map(|r| r.user_id).collect();
    let names: HashMap<i64, String> =
        control_plane::users::store::contacts(ctl, &ids).await?.into_iter().map(|c| (c.id, c.name)).collect();
    let data = rows
        .into_iter()
        .map(|r| ActivityLog {
            user_name: r.user_id.and_then(|id| names.get(&id).cloned()),
            id: r.id,
            user_id: r.user_id,
            role: r.role,
            module: r.module,
            action: r.action,
            method: r.method,
            path: r.path,
            subject: r.subject,
            status: r.status,
            ip: r.ip,
            details: r.details,
            created_at: r.created_at,
        })
        .collect();
    Ok(Page { data, current_page, last_page, per_page: request.per_page, total })
}

/// This site's activity log, newest first; `search` matches the call, the module or the role.
#[utoipa::path(get, path = "/my-account/activity/view", tag = "users", params(PageQuery),
    responses((status = 200, body = Page<ActivityLog>), (status = 401), (status = 403)))]
pub async fn view_activity(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<ActivityLog>>> {
    caller.require_admin_of(tenant.id)?;
    Ok(Json(page(&db, &app.ctl.db, PageRequest::new(q.page, q.limit, 20), q.search.as_deref(), None).await?))
}

/// One person's activity on this site, newest first.
#[utoipa::path(get, path = "/my-account/activity/viewlogs/{user_id}", tag = "users", params(("user_id" = i64, Path), PageQuery),
    responses((status = 200, body = Page<ActivityLog>), (status = 401), (status = 403)))]
pub async fn view_user_activity(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(user_id): AppPath<i64>,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<ActivityLog>>> {
    caller.require_admin_of(tenant.id)?;
    let request = PageRequest::new(q.page, q.limit, 20);
    Ok(Json(page(&db, &app.ctl.db, request, q.search.as_deref(), Some(user_id)).await?))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_subject_is_the_paths_last_identifier() {
        assert_eq!(super::subject_of("/course/course/update/{id}", "/course/course/update/42").as_deref(), Some("42"));
        assert_eq!(super::subject_of("/course/people/create", "/course/people/create"), None);
    }

    #[test]
    fn what_a_write_sent_is_its_objects_fields() {
        let sent = super::sent_summary(br#"{"title": "Rivers", "password": "hunter22"}"#).unwrap();
        assert_eq!(sent, serde_json::json!({ "title": "Rivers", "password": "•••" }));
        assert_eq!(super::sent_summary(b"[1, 2]"), None, "only an object's fields");
        assert_eq!(super::sent_summary(b"not json"), None);
    }
}
