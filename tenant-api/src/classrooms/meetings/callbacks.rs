//! What the meeting providers tell us: BigBlueButton's recording-ready callback and Zoom's
//! webhooks. Each is believed only when signed with the site's own secret for that provider; a
//! report delivered twice is stored once; a report about a meeting that is not one of the site's
//! sessions is answered and ignored (a Zoom account sends all its meetings' events).

use super::{Failure, credentials, store, zoom};
use crate::classrooms::schedule_store as sessions;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use chrono::{DateTime, Utc};
use control_plane::auth::HostTenant;
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;

pub const BBB_RECORDING_READY: &str = "/classroom/meetings/bbb/recording-ready";
pub const ZOOM_WEBHOOK: &str = "/classroom/meetings/zoom/webhook";
/// Zoom's advice: refuse a webhook signed more than five minutes from now (a replay).
const ZOOM_WINDOW_SECONDS: i64 = 300;

fn bad_signature() -> AppError {
    AppError::Http(StatusCode::UNAUTHORIZED, "invalid_signature")
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RecordingReady {
    /// A JWT (HS256, the server's shared secret) of `{meeting_id, record_id}`.
    pub signed_parameters: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Received {
    /// Whether something new was kept (false for a repeat or a meeting not of this site).
    pub stored: bool,
}

/// BigBlueButton's recording-ready callback: the recording is listed with its session.
#[utoipa::path(post, path = "/classroom/meetings/bbb/recording-ready", tag = "classroom",
    request_body(content = RecordingReady, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Data<Received>), (status = 401, description = "invalid_signature"), (status = 404), (status = 422)))]
pub async fn bbb_recording_ready(
    State(app): State<AppState>,
    HostTenant(_tenant): HostTenant,
    TenantDb(db): TenantDb,
    form: Result<axum::Form<RecordingReady>, axum::extract::rejection::FormRejection>,
) -> AppResult<Json<Data<Received>>> {
    let axum::Form(form) = form.map_err(|_| AppError::unprocessable("body", "invalid_form"))?;
    let acc = credentials(&app, &db, "bbb").await?.ok_or(bad_signature())?;
    let (room, record_id) = super::bbb::recording_ready(&form.signed_parameters, &acc.secret).ok_or(bad_signature())?;
    let Some(session_id) = store::session_of_room(&db, &room).await? else {
        return Ok(Json(Data::new(Received { stored: false })));
    };
    // The callback names the recording; where it is watched comes from the server, or else its
    // standard presentation address.
    let url = match acc.bbb().playback_url(&app.meetings.http, &record_id).await {
        Ok(Some(url)) => url,
        Ok(None) | Err(Failure::Refused(_) | Failure::Unknown) => {
            let server = acc.base_url.trim_end_matches("/bigbluebutton");
            format!("{server}/playback/presentation/2.3/{record_id}")
        }
    };
    let stored = store::add_recording(&db, session_id, "bbb", &record_id, &url).await?;
    Ok(Json(Data::new(Received { stored })))
}

/// Zoom's webhooks: participants joining and leaving (attendance), a finished cloud recording,
/// and the endpoint's validation challenge (answered `{plainToken, encryptedToken}`).
#[utoipa::path(post, path = "/classroom/meetings/zoom/webhook", tag = "classroom",
    request_body(content = Object, description = "a Zoom event, signed in x-zm-signature over x-zm-request-timestamp and the raw body"),
    responses((status = 200, body = Object), (status = 401, description = "invalid_signature"), (status = 404), (status = 422)))]
pub async fn zoom_webhook(State(app): State<AppState>, HostTenant(_tenant): HostTenant, TenantDb(db): TenantDb, headers: HeaderMap, body: Bytes) -> AppResult<Json<Value>> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let acc = credentials(&app, &db, "zoom").await?.ok_or(bad_signature())?;
    let timestamp = header("x-zm-request-timestamp");
    let fresh = timestamp.parse::<i64>().is_ok_and(|t| (Utc::now().timestamp() - t).abs() <= ZOOM_WINDOW_SECONDS);
    if acc.webhook_secret.is_empty() || !fresh || !zoom::verify(&acc.webhook_secret, timestamp, &body, header("x-zm-signature")) {
        return Err(bad_signature());
    }
    let event: Value = serde_json::from_slice(&body).map_err(|_| AppError::unprocessable("body", "invalid_json"))?;
    let object = &event["payload"]["object"];
    let stored = match event["event"].as_str().unwrap_or_default() {
        "endpoint.url_validation" => {
            let plain = event["payload"]["plainToken"].as_str().ok_or(AppError::unprocessable("payload", "required"))?;
            return Ok(Json(zoom::validation(&acc.webhook_secret, plain)));
        }
        kind @ ("meeting.participant_joined" | "meeting.participant_left") => participant(&db, object, kind == "meeting.participant_joined").await?,
        "recording.completed" => recording(&db, object).await?,
        _ => false,
    };
    Ok(Json(serde_json::json!({ "data": { "stored": stored } })))
}

async fn session_of(db: &PgPool, object: &Value) -> sqlx::Result<Option<i64>> {
    match zoom::id_text(&object["id"]) {
        Some(id) => store::session_of_meeting(db, &id).await,
        None => Ok(None),
    }
}

/// A registered student came into the meeting or left it.
async fn participant(db: &PgPool, object: &Value, joined: bool) -> AppResult<bool> {
    let Some(session_id) = session_of(db, object).await? else { return Ok(false) };
    let p = &object["participant"];
    let Some(user_id) = (match p["registrant_id"].as_str() {
        Some(r) if !r.is_empty() => store::user_of_registrant(db, session_id, r).await?,
        _ => None,
    }) else {
        return Ok(false);
    };
    let time = |field: &str| p[field].as_str().and_then(|t| t.parse::<DateTime<Utc>>().ok()).unwrap_or_else(Utc::now);
    if joined {
        sessions::seen_in_room(db, session_id, user_id, time("join_time")).await?;
    } else {
        sessions::left_room(db, session_id, user_id, time("leave_time")).await?;
    }
    Ok(true)
}

/// A cloud recording is ready: kept once, watched at its share link.
async fn recording(db: &PgPool, object: &Value) -> AppResult<bool> {
    let Some(session_id) = session_of(db, object).await? else { return Ok(false) };
    let files = object["recording_files"].as_array().map(Vec::as_slice).unwrap_or_default();
    let url = object["share_url"].as_str().or_else(|| files.iter().find_map(|f| f["play_url"].as_str())).filter(|u| !u.is_empty());
    let record_id = object["uuid"].as_str().filter(|u| !u.is_empty());
    let (Some(url), Some(record_id)) = (url, record_id) else {
        return Err(AppError::unprocessable("payload", "required"));
    };
    Ok(store::add_recording(db, session_id, "zoom", record_id, url).await?)
}
