//! Report exports in the background (`docs/api-reports.md`): a request queues one and answers at
//! once; the edge writes the file into the site's bucket a chunk of rows at a time, counting them
//! in `report_exports`, and the admin downloads it when it is done. Every row comes from one
//! snapshot of the site's data, so a list that changes meanwhile is neither torn nor doubled.
//! If the edge dies, the job's heartbeat stops and the next look at it (its owner's screen polls)
//! starts it again on whichever edge answers.

use super::exports_store::{self as store, Export, NewExport};
use super::report::Report;
use crate::media;
use crate::pools::{PoolLease, TenantDb};
use crate::sheets::{Format, SheetWriter};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath};
use control_plane::pagination::contains_pattern;
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

/// Rows read and written between two progress reports.
const CHUNK: i64 = 5_000;
/// Exports one admin may have queued or running at once.
const ACTIVE_PER_USER: i64 = 3;
/// Exports listed.
const LISTED: i64 = 20;
const MAX_SEARCH: usize = 200;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ExportForm {
    /// `courses`, `learners`, `course-users` or `learner-courses`.
    pub list: String,
    /// The course (`course-users`) or the user (`learner-courses`).
    pub id: Option<i64>,
    #[serde(default)]
    pub search: String,
    /// `csv` or `xlsx`.
    pub format: String,
}

/// Queues an export of a report list (every row that matches `search`) and starts it on this edge.
#[utoipa::path(post, path = "/course/reports/exports", tag = "reports", request_body = ExportForm,
    responses((status = 202, body = Data<Export>), (status = 401), (status = 403), (status = 404), (status = 422), (status = 429)))]
pub async fn start(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(form): AppJson<ExportForm>,
) -> AppResult<(StatusCode, Json<Data<Export>>)> {
    let user = admin(&caller, &tenant)?;
    let report = Report::parse(form.list.trim(), form.id)?;
    let format = Format::parse("format", Some(&form.format))?;
    // NUL bytes never get this far: AppJson refuses them with the field named.
    let mut v = control_plane::validate::Validator::default();
    let search = v.optional_text("search", &form.search, MAX_SEARCH).unwrap_or_default();
    v.finish()?;
    let search = search.as_str();
    if let Report::Enrolments(super::store::Of::Course(id)) = report {
        crate::courses::store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    }
    let file_name = format!("{}.{}", report.file_stem(), format.extension());
    let new = NewExport { user_id: user, list: report.key(), target_id: report.target(), search, format: format.extension(), file_name: &file_name };
    let export = store::create(&db, new, ACTIVE_PER_USER).await?.ok_or(AppError::Http(StatusCode::TOO_MANY_REQUESTS, "too_many_exports"))?;
    spawn(app, (*tenant).clone(), db, export.id);
    Ok((StatusCode::ACCEPTED, Json(Data::new(export))))
}

/// The caller's exports, newest first (at most 20; each kept a day).
#[utoipa::path(get, path = "/course/reports/exports", tag = "reports", responses((status = 200, body = Data<Vec<Export>>), (status = 401), (status = 403)))]
pub async fn list(State(app): State<AppState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb) -> AppResult<Json<Data<Vec<Export>>>> {
    let user = admin(&caller, &tenant)?;
    for key in store::remove_expired(&db, user).await? {
        media::remove(&app, &tenant, &key).await;
    }
    let exports = store::list(&db, user, LISTED).await?;
    for export in exports.iter().filter(|e| matches!(e.status.as_str(), "queued" | "running")) {
        resume_if_stale(&app, &tenant, &db, export.id).await?;
    }
    Ok(Json(Data::new(exports)))
}

/// One export of the caller's.
#[utoipa::path(get, path = "/course/reports/exports/{id}", tag = "reports", params(("id" = Uuid, Path)),
    responses((status = 200, body = Data<Export>), (status = 401), (status = 403), (status = 404)))]
pub async fn view(State(app): State<AppState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<Uuid>) -> AppResult<Json<Data<Export>>> {
    let user = admin(&caller, &tenant)?;
    store::find(&db, user, id).await?.ok_or(AppError::NotFound)?;
    resume_if_stale(&app, &tenant, &db, id).await?;
    Ok(Json(Data::new(store::find(&db, user, id).await?.ok_or(AppError::NotFound)?)))
}

/// A finished export's file; 409 `export_not_ready` before.
#[utoipa::path(get, path = "/course/reports/exports/{id}/download", tag = "reports", params(("id" = Uuid, Path)),
    responses((status = 200, description = "the file"), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn download(State(app): State<AppState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<Uuid>) -> AppResult<Response> {
    let user = admin(&caller, &tenant)?;
    let export = store::find(&db, user, id).await?.ok_or(AppError::NotFound)?;
    if export.status != "done" {
        return Err(AppError::Conflict("export_not_ready"));
    }
    media::serve_download(&app, &tenant, &export.key(), &export.file_name).await
}

/// Stops a queued or running export, or removes a finished one and its file.
#[utoipa::path(delete, path = "/course/reports/exports/{id}", tag = "reports", params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
pub async fn remove(State(app): State<AppState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<Uuid>) -> AppResult<StatusCode> {
    let user = admin(&caller, &tenant)?;
    let export = store::find(&db, user, id).await?.ok_or(AppError::NotFound)?;
    let running = store::cancel_or_remove(&db, user, id).await?.ok_or(AppError::NotFound)?;
    if !running {
        media::remove(&app, &tenant, &export.key()).await;
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The site admin's user id: exports are theirs alone.
fn admin(caller: &control_plane::auth::Caller, tenant: &Tenant) -> AppResult<i64> {
    caller.require_admin_of(tenant.id)?;
    caller.user_id().ok_or(AppError::Forbidden)
}

/// Starts an export again on this edge when its own edge stopped beating.
async fn resume_if_stale(app: &AppState, tenant: &Tenant, db: &PoolLease, id: Uuid) -> AppResult<()> {
    if let Some(export) = store::claim(db, id).await? {
        let (app, tenant, db) = (app.clone(), tenant.clone(), db.clone());
        tokio::spawn(async move { run(&app, &tenant, &db, export).await });
    }
    Ok(())
}

fn spawn(app: AppState, tenant: Tenant, db: PoolLease, id: Uuid) {
    tokio::spawn(async move {
        match store::claim(&db, id).await {
            Ok(Some(export)) => run(&app, &tenant, &db, export).await,
            Ok(None) => {}
            Err(error) => tracing::warn!(tenant = tenant.id, %id, %error, "export not started; the next look at it starts it"),
        }
    });
}

/// Runs one attempt of a claimed export to its end, recording a failure as the export's.
async fn run(app: &AppState, tenant: &Tenant, db: &PoolLease, export: Export) {
    let (id, attempt) = (export.id, export.attempt);
    if let Err(error) = write_file(app, tenant, db, &export).await {
        tracing::warn!(tenant = tenant.id, %id, %error, "export failed");
        if let Err(error) = store::fail(db, id, attempt, "internal_error").await {
            tracing::warn!(tenant = tenant.id, %id, %error, "export failure not recorded; its heartbeat will stop");
        }
    }
}

async fn write_file(app: &AppState, tenant: &Tenant, db: &PoolLease, export: &Export) -> anyhow::Result<()> {
    let (id, attempt) = (export.id, export.attempt);
    let report = Report::parse(&export.list, export.target_id).map_err(|e| anyhow::anyhow!("{e}"))?;
    let format = Format::parse("format", Some(&export.format)).map_err(|e| anyhow::anyhow!("{e}"))?;
    let pattern = contains_pattern(Some(&export.search));
    let pattern = pattern.as_deref();
    let mut snapshot = db.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(&mut *snapshot).await?;
    let total = report.count(&mut snapshot, pattern).await?;
    if !store::set_total(db, id, attempt, total).await? {
        return Ok(());
    }
    let mut sheet = SheetWriter::new(format, report.headers())?;
    let mut done = 0;
    while done < total {
        let rows = report.cells(&mut snapshot, pattern, CHUNK, done).await?;
        if rows.is_empty() {
            break;
        }
        for row in &rows {
            sheet.row(row)?;
        }
        done += rows.len() as i64;
        if !store::progress(db, id, attempt, done).await? {
            return Ok(());
        }
    }
    snapshot.rollback().await?;
    let bytes = tokio::task::spawn_blocking(move || sheet.finish()).await??;
    let size = bytes.len() as i64;
    media::put(app, tenant, &export.key(), bytes, format.mime()).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    if !store::finish(db, id, attempt, size).await? {
        media::remove(app, tenant, &export.key()).await;
    }
    Ok(())
}
