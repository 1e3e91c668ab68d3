//! The site's activity log (tenant table `activity_logs`): every write made on the site, logged
//! by the edge ([`log_writes`]), and the few events handlers describe themselves (a site's
//! settings changed, an exam's override). Read by the site's admins, overall or per person.

use crate::permissions::{self, Rule};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use chrono::{DateTime, Utc};
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::pagination::{Page, PageQuery, PageRequest};
use control_plane::AppResult;
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
}

async fn insert(db: &PgPool, w: &Write) -> sqlx::Result<()> {
    let (module, verb) = match w.rule {
        Some(Rule::Needs(module, action)) => (Some(module.key()), action.key()),
        _ => (None, "write"),
    };
    sqlx::query(
        "INSERT INTO activity_logs (user_id, action, subject, role, module, verb, method, path, status, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::inet)",
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
    .execute(db)
    .await?;
    Ok(())
}

/// The value of the path's last parameter: `/course/course/update/{id}` and `/course/course/update/42` give `42`.
fn subject_of(template: &str, path: &str) -> Option<String> {
    template.split('/').zip(path.split('/')).filter(|(t, _)| t.starts_with('{')).last().map(|(_, v)| v.chars().take(100).collect())
}

/// Logs every write a signed-in person makes that succeeds, in the host site's own log, after
/// the answer is ready. A log that cannot be written is reported, never the caller's failure.
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
    let response = next.run(request).await;
    if let (Some(tenant), true) = (tenant, response.status().is_success()) {
        let write = Write {
            user_id: caller.user_id().unwrap_or_default(),
            role: caller.role.as_ref().map(|m| m.role.clone()),
            rule: permissions::rule(&method, &template),
            method,
            status: response.status().as_u16(),
            template,
            path,
            ip,
        };
        let logged = match app.pools.get(tenant).await {
            Ok(db) => insert(&db, &write).await.map_err(anyhow::Error::from),
            Err(e) => Err(anyhow::anyhow!("{e:?}")),
        };
        if let Err(error) = logged {
            tracing::warn!(error = format!("{error:#}"), tenant, "activity not logged");
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
}
