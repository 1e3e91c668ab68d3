//! Meeting rooms: a join link minted per person and session, valid only around the session's time.
//!
//! - `jitsi` and `convay` (Convay is built on Jitsi Meet, so it shares the join: see
//!   `shared/notes/areas/classroom-notify.md`): with the site's own account configured, the link is
//!   `<base_url>/<room>?jwt=<token>`, the token signed HS256 with the account's secret as Jitsi's
//!   Prosody token authentication checks it (claims `aud`, `iss`, `sub`, `room`, `nbf`, `exp`,
//!   `context.user`, `moderator`, per jitsi-meet's `doc/tokens.md`). Without one, a Jitsi class
//!   uses the public meet.jit.si with the session's unguessable room name; a Convay class needs
//!   the account (422 `meeting_not_configured`).
//! - `link`: the class's own meeting link.
//!
//! BigBlueButton and Zoom are not built yet.

use super::schedule::session_access;
use super::schedule_store;
use crate::courses::syllabus::is_http_url;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppQuery};
use control_plane::response::Data;
use control_plane::tls::sealing::MasterKey;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// How early before its start a session can be joined (people test their microphones).
const OPENS_BEFORE: Duration = Duration::minutes(15);
const PUBLIC_JITSI: &str = "https://meet.jit.si";

fn sealing_key(app: &AppState) -> MasterKey {
    MasterKey::derived(app.ctl.config.tenant_db_secret.expose(), "meeting-credentials")
}

#[derive(Debug, sqlx::FromRow)]
struct Account {
    base_url: String,
    app_id: String,
    secret_sealed: Vec<u8>,
}

async fn account(db: &PgPool, platform: &str) -> sqlx::Result<Option<Account>> {
    sqlx::query_as("SELECT base_url, app_id, secret_sealed FROM meeting_settings WHERE platform = $1").bind(platform).fetch_optional(db).await
}

/// A Jitsi token (HS256 JWT) for one person in one room.
pub fn jitsi_token(app_id: &str, secret: &[u8], domain: &str, room: &str, user: &JoinUser, nbf: DateTime<Utc>, exp: DateTime<Utc>) -> String {
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
    let claims = json!({
        "aud": "jitsi",
        "iss": app_id,
        "sub": domain,
        "room": room,
        "nbf": nbf.timestamp(),
        "exp": exp.timestamp(),
        "moderator": user.moderator,
        "context": { "user": { "id": user.id.to_string(), "name": user.name, "email": user.email, "moderator": user.moderator.to_string() } },
    });
    let payload = URL_SAFE_NO_PAD.encode(claims.to_string());
    let signing_input = format!("{header}.{payload}");
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret).expect("any key length");
    mac.update(signing_input.as_bytes());
    format!("{signing_input}.{}", URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes()))
}

pub struct JoinUser {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
    pub moderator: bool,
}

fn host_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split(['/', '?', '#']).next().unwrap_or(rest)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Join {
    /// Open this in a new tab.
    pub url: String,
    /// `moderator` (teachers and admins) or `participant`.
    pub role: &'static str,
    /// The link works until then.
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct JoinQuery {
    pub session_id: i64,
}

/// A join link for the caller and this session, from 15 minutes before its start until its end;
/// a student who takes it is marked present.
#[utoipa::path(get, path = "/convay/token", tag = "classroom", params(JoinQuery),
    responses((status = 200, body = Data<Join>), (status = 401), (status = 404), (status = 422, description = "session_not_open, meeting_not_configured")))]
pub async fn join_token(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<JoinQuery>,
) -> AppResult<Json<Data<Join>>> {
    let (session, a) = session_access(&db, q.session_id, &caller, &tenant).await?;
    let now = Utc::now();
    if now < session.fields.starts_at - OPENS_BEFORE || now >= session.ends_at {
        return Err(AppError::unprocessable("session_id", "session_not_open"));
    }
    let moderator = a.part.manages();
    let me = control_plane::users::store::find(&app.ctl.db, a.user_id).await?;
    let user = JoinUser { id: a.user_id, name: me.name, email: me.email, moderator };
    let platform = a.class.fields.platform.as_str();
    let url = match platform {
        "link" => a.class.fields.meeting_link.clone().ok_or(AppError::unprocessable("session_id", "meeting_not_configured"))?,
        _ => match account(&db, platform).await? {
            Some(acc) => {
                let secret = sealing_key(&app).open(&acc.secret_sealed)?;
                let token = jitsi_token(&acc.app_id, &secret, host_of(&acc.base_url), &session.room, &user, now - Duration::minutes(1), session.ends_at);
                format!("{}/{}?jwt={token}", acc.base_url.trim_end_matches('/'), session.room)
            }
            None if platform == "jitsi" => format!("{PUBLIC_JITSI}/{}", session.room),
            None => return Err(AppError::unprocessable("session_id", "meeting_not_configured")),
        },
    };
    if !moderator {
        schedule_store::joined(&db, session.id, a.user_id).await?;
    }
    Ok(Json(Data::new(Join { url, role: if moderator { "moderator" } else { "participant" }, expires_at: session.ends_at })))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MeetingAccountInput {
    /// `jitsi` or `convay`.
    pub platform: String,
    /// The meeting server, `https://meet.example.org`.
    pub base_url: String,
    /// The token issuer the server expects (Prosody's `app_id`).
    pub app_id: String,
    /// The shared secret that signs join tokens (16 characters or more); never shown again.
    pub secret: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MeetingAccount {
    pub platform: String,
    pub configured: bool,
    pub base_url: Option<String>,
    pub app_id: Option<String>,
    /// Whether the server answered a request (`check` only; null when not configured).
    pub reachable: Option<bool>,
    /// The HTTP status it answered with.
    pub status: Option<u16>,
}

fn platform(value: &str) -> AppResult<&str> {
    match value.trim() {
        p @ ("jitsi" | "convay") => Ok(p),
        _ => Err(AppError::unprocessable("platform", "invalid_choice")),
    }
}

/// The site's meeting account for a platform (site admins).
#[utoipa::path(post, path = "/classroom/api_configure/store", tag = "classroom", request_body = MeetingAccountInput,
    responses((status = 200, body = Data<MeetingAccount>), (status = 401), (status = 403), (status = 422)))]
pub async fn store_account(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<MeetingAccountInput>,
) -> AppResult<Json<Data<MeetingAccount>>> {
    if !caller.administers(tenant.id) {
        return Err(AppError::Forbidden);
    }
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let mut v = Validator::default();
    let platform = platform(&input.platform)?.to_owned();
    let base_url = v.text("base_url", &input.base_url, 500);
    if !base_url.is_empty() && !is_http_url(&base_url) {
        v.add("base_url", "invalid_url", None);
    }
    let app_id = v.text("app_id", &input.app_id, 200);
    let secret = v.text("secret", &input.secret, 500);
    if !secret.is_empty() && secret.chars().count() < 16 {
        v.add("secret", "too_short", Some(16));
    }
    v.finish()?;
    let base_url = base_url.trim_end_matches('/').to_owned();
    sqlx::query(
        "INSERT INTO meeting_settings (platform, base_url, app_id, secret_sealed, updated_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (platform) DO UPDATE SET base_url = excluded.base_url, app_id = excluded.app_id,
                secret_sealed = excluded.secret_sealed, updated_by = excluded.updated_by, updated_at = now()",
    )
    .bind(&platform)
    .bind(&base_url)
    .bind(&app_id)
    .bind(sealing_key(&app).seal(secret.as_bytes()))
    .bind(user_id)
    .execute(&*db)
    .await?;
    Ok(Json(Data::new(MeetingAccount { platform, configured: true, base_url: Some(base_url), app_id: Some(app_id), reachable: None, status: None })))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CheckQuery {
    /// `jitsi` (default) or `convay`.
    pub platform: Option<String>,
}

/// Whether the site's account for a platform is configured and its server answers (site admins).
#[utoipa::path(get, path = "/classroom/api_configure/check", tag = "classroom", params(CheckQuery),
    responses((status = 200, body = Data<MeetingAccount>), (status = 401), (status = 403), (status = 422)))]
pub async fn check_account(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<CheckQuery>,
) -> AppResult<Json<Data<MeetingAccount>>> {
    if !caller.administers(tenant.id) {
        return Err(AppError::Forbidden);
    }
    let platform = platform(q.platform.as_deref().unwrap_or("jitsi"))?.to_owned();
    let Some(acc) = account(&db, &platform).await? else {
        return Ok(Json(Data::new(MeetingAccount { platform, configured: false, base_url: None, app_id: None, reachable: None, status: None })));
    };
    let client = reqwest::Client::builder().timeout(std::time::Duration::from_secs(5)).redirect(reqwest::redirect::Policy::limited(3)).build().map_err(anyhow::Error::from)?;
    let status = client.get(&acc.base_url).send().await.ok().map(|r| r.status().as_u16());
    Ok(Json(Data::new(MeetingAccount {
        platform,
        configured: true,
        reachable: Some(status.is_some_and(|s| s < 500)),
        status,
        base_url: Some(acc.base_url),
        app_id: Some(acc.app_id),
    })))
}
