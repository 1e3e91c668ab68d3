//! A class's sessions: scheduled with a date, time and duration, shown as upcoming or completed,
//! and joined through the class's meeting platform.

use super::schedule_store::{self as store, SessionFields, SessionRow, When};
use super::{Access, access, manage::random_code};
use crate::files::{self, File};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

const MAX_TITLE: usize = 200;

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ClassSession)]
pub struct Session {
    pub id: i64,
    pub classroom_id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub description: String,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: i32,
    pub ends_at: DateTime<Utc>,
    /// `upcoming`, `live` or `completed`, from the clock.
    pub state: &'static str,
    /// Students marked present: teachers and admins only.
    pub present: Option<i64>,
    /// The class recording, to watch once the session is over.
    pub recording: Option<File>,
    /// Recordings the meeting service made (BigBlueButton, Zoom), to watch there.
    pub provider_recordings: Vec<ProviderRecording>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderRecording {
    /// `bbb` or `zoom`.
    pub provider: String,
    pub url: String,
    pub received_at: DateTime<Utc>,
}

pub fn state(starts_at: DateTime<Utc>, ends_at: DateTime<Utc>, now: DateTime<Utc>) -> &'static str {
    if now < starts_at {
        "upcoming"
    } else if now < ends_at {
        "live"
    } else {
        "completed"
    }
}

/// Sessions as the caller sees them, each with its recording.
async fn sessions(app: &AppState, tenant: &Tenant, db: &PgPool, rows: Vec<SessionRow>, manager: bool) -> AppResult<Vec<Session>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut made = super::meetings::store::recordings(db, &ids).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let (mine, rest): (Vec<_>, Vec<_>) = made.into_iter().partition(|r| r.session_id == row.id);
        made = rest;
        let provider_recordings = mine.into_iter().map(|r| ProviderRecording { provider: r.provider, url: r.url, received_at: r.received_at }).collect();
        let recording = match row.recording_file_id {
            Some(id) => match files::store::file(db, id).await? {
                Some(file) => Some(files::view(app, tenant, file, None, Vec::new()).await?),
                None => None,
            },
            None => None,
        };
        out.push(session(row, manager, recording, provider_recordings));
    }
    Ok(out)
}

async fn one(app: &AppState, tenant: &Tenant, db: &PgPool, row: SessionRow, manager: bool) -> AppResult<Session> {
    Ok(sessions(app, tenant, db, vec![row], manager).await?.remove(0))
}

fn session(row: SessionRow, manager: bool, recording: Option<File>, provider_recordings: Vec<ProviderRecording>) -> Session {
    Session {
        recording,
        provider_recordings,
        state: state(row.fields.starts_at, row.ends_at, Utc::now()),
        id: row.id,
        classroom_id: row.classroom_id,
        title: row.fields.title,
        title_bn: row.fields.title_bn,
        description: row.fields.description,
        starts_at: row.fields.starts_at,
        duration_minutes: row.fields.duration_minutes,
        ends_at: row.ends_at,
        present: manager.then_some(row.present),
        created_at: row.created_at,
    }
}

/// A session with the caller's access to its class; 404 for a session of a class they do not see.
pub async fn session_access(db: &PgPool, id: i64, caller: &Caller, tenant: &Tenant) -> AppResult<(SessionRow, Access)> {
    let row = store::find(db, id).await?.ok_or(AppError::Missing("session_not_found"))?;
    let a = access(db, row.classroom_id, caller, tenant).await?;
    Ok((row, a))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ScheduleQuery {
    pub classroom_id: i64,
    /// `now` (default: not yet ended, soonest first), `completed` (latest first) or `all`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// A class's sessions.
#[utoipa::path(get, path = "/classroom/schedule/view-syllabus-all", tag = "classroom", params(ScheduleQuery),
    responses((status = 200, body = Page<Session>), (status = 401), (status = 404), (status = 422)))]
pub async fn view_sessions(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ScheduleQuery>,
) -> AppResult<Json<Page<Session>>> {
    let a = access(&db, q.classroom_id, &caller, &tenant).await?;
    let when = match q.kind.as_deref().map(str::trim).unwrap_or("now") {
        "now" | "" => When::Now,
        "completed" => When::Completed,
        "all" => When::All,
        _ => return Err(AppError::unprocessable("type", "invalid_choice")),
    };
    let request = PageRequest::new(q.page, q.limit, 20);
    let (_, total) = store::page(&db, q.classroom_id, when, 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (rows, _) = store::page(&db, q.classroom_id, when, request.per_page, offset).await?;
    let manager = a.part.manages();
    Ok(Json(Page { data: sessions(&app, &tenant, &db, rows, manager).await?, current_page, last_page, per_page: request.per_page, total }))
}

/// One session.
#[utoipa::path(get, path = "/classroom/schedule/view-syllabus/{id}", tag = "classroom", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Session>), (status = 401), (status = 404)))]
pub async fn view_session(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Session>>> {
    let (row, a) = session_access(&db, id, &caller, &tenant).await?;
    Ok(Json(Data::new(one(&app, &tenant, &db, row, a.part.manages()).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ClassSessionInput)]
#[serde(default)]
pub struct SessionInput {
    /// `create-one` only.
    pub classroom_id: Option<i64>,
    /// `update-one` only.
    pub id: Option<i64>,
    pub title: String,
    pub title_bn: Option<String>,
    pub description: Option<String>,
    /// RFC 3339.
    pub starts_at: String,
    /// 5 to 600.
    pub duration_minutes: Option<i64>,
}

fn fields(input: &SessionInput) -> AppResult<SessionFields> {
    let mut v = Validator::default();
    let title = v.text("title", &input.title, MAX_TITLE);
    let title_bn = v.optional_text("title_bn", input.title_bn.as_deref().unwrap_or_default(), MAX_TITLE);
    let description = v.optional_text("description", input.description.as_deref().unwrap_or_default(), 5000).unwrap_or_default();
    let starts_at = v.date_time("starts_at", &input.starts_at);
    match input.duration_minutes {
        None => v.add("duration_minutes", "required", None),
        Some(d) if !(5..=600).contains(&d) => v.add("duration_minutes", "out_of_range", None),
        Some(_) => {}
    }
    if let (Some(start), Some(d)) = (starts_at, input.duration_minutes)
        && start + chrono::Duration::minutes(d) <= Utc::now()
    {
        v.add("starts_at", "session_in_past", None);
    }
    v.finish()?;
    Ok(SessionFields { title, title_bn, description, starts_at: starts_at.unwrap_or_default(), duration_minutes: input.duration_minutes.unwrap_or_default() as i32 })
}

/// Schedule a session (the class's teachers and the site's admins).
#[utoipa::path(post, path = "/classroom/schedule/create-one", tag = "classroom", request_body = SessionInput,
    responses((status = 201, body = Data<Session>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn create_session(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<SessionInput>,
) -> AppResult<(StatusCode, Json<Data<Session>>)> {
    let classroom_id = input.classroom_id.ok_or_else(|| AppError::field("classroom_id", "required"))?;
    access(&db, classroom_id, &caller, &tenant).await?.manager()?;
    let id = store::insert(&db, classroom_id, &fields(&input)?, &random_code()).await?;
    let row = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(Data::new(one(&app, &tenant, &db, row, true).await?))))
}

/// Move or rename a session.
#[utoipa::path(put, path = "/classroom/schedule/update-one", tag = "classroom", request_body = SessionInput,
    responses((status = 200, body = Data<Session>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_session(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<SessionInput>,
) -> AppResult<Json<Data<Session>>> {
    let id = input.id.ok_or_else(|| AppError::field("id", "required"))?;
    session_access(&db, id, &caller, &tenant).await?.1.manager()?;
    store::update(&db, id, &fields(&input)?).await?;
    let row = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(one(&app, &tenant, &db, row, true).await?)))
}

/// Delete a session with its attendance.
#[utoipa::path(delete, path = "/classroom/schedule/delete-one/{id}", tag = "classroom", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_session(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    session_access(&db, id, &caller, &tenant).await?.1.manager()?;
    store::delete(&db, id).await?;
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RecordingInput {
    pub session_id: i64,
    /// A video of the caller's file manager (an upload, or a video link); none takes the
    /// recording off.
    pub file_id: Option<i64>,
}

/// Give a session its recording (the class's teachers and the site's admins).
#[utoipa::path(put, path = "/classroom/schedule/upload-class-recording", tag = "classroom", request_body = RecordingInput,
    responses((status = 200, body = Data<Session>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "invalid_choice: not a video of the caller's file manager")))]
pub async fn set_recording(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<RecordingInput>,
) -> AppResult<Json<Data<Session>>> {
    let (_, a) = session_access(&db, input.session_id, &caller, &tenant).await?;
    let a = a.manager()?;
    if let Some(file_id) = input.file_id {
        let file = files::store::file_for(&db, file_id, a.user_id).await?;
        if !file.is_some_and(|f| f.file_type == "video") {
            return Err(AppError::unprocessable("file_id", "invalid_choice"));
        }
    }
    store::set_recording(&db, input.session_id, input.file_id).await?;
    let row = store::find(&db, input.session_id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(one(&app, &tenant, &db, row, true).await?)))
}
