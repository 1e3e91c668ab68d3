//! Meeting rooms: a join link minted per person and session, valid only around the session's time,
//! on the class's platform through the site's own account (`/classroom/api_configure/*`, secrets
//! sealed at rest with a key derived from the platform's secret).
//!
//! - `jitsi` and `convay` (Convay is built on Jitsi Meet, so it shares the join: see
//!   `shared/notes/areas/classroom-notify.md`): with the site's own account configured, the link is
//!   `<base_url>/<room>?jwt=<token>`, the token signed HS256 with the account's secret as Jitsi's
//!   Prosody token authentication checks it (claims `aud`, `iss`, `sub`, `room`, `nbf`, `exp`,
//!   `context.user`, `moderator`, per jitsi-meet's `doc/tokens.md`). Without one, a Jitsi class
//!   uses the public meet.jit.si with the session's unguessable room name; a Convay class needs
//!   the account (422 `meeting_not_configured`).
//! - `bbb`: BigBlueButton (`bbb.rs`): the room created (idempotently) before each join, a signed
//!   join URL per role; recordings through its signed callback (`callbacks.rs`); attendance from
//!   the room's attendee list, read every minute while a session runs (`rooms.rs`).
//! - `zoom`: Zoom (`zoom.rs`): one meeting per session, created once and reconciled when the
//!   answer to the create was lost; students registered for their own links; attendance and
//!   recordings from its signed webhooks (`callbacks.rs`).
//! - `link`: the class's own meeting link.

pub mod bbb;
pub mod callbacks;
pub mod rooms;
pub mod store;
pub mod zoom;

use super::schedule::session_access;
use super::schedule_store::{self as sessions, SessionRow};
use super::Access;
use crate::courses::syllabus::is_http_url;
use crate::courses::view::site_url;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppQuery};
use control_plane::response::Data;
use control_plane::tenancy::{Tenant, TenantId};
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
/// A claimed create older than this whose meeting Zoom does not list was never made: it may be
/// sent again. Younger, it may still be on its way.
const CREATE_SETTLES: Duration = Duration::seconds(30);

/// What the meeting adapters share on an edge: one HTTP client, Zoom's bearer tokens (an hour
/// each, kept 50 minutes, per site and app) and the BigBlueButton rooms in session whose
/// attendee lists are read (`rooms.rs`).
pub struct Meetings {
    pub http: reqwest::Client,
    tokens: moka::future::Cache<(TenantId, String), String>,
    pub rooms: rooms::Watched,
}

impl Default for Meetings {
    fn default() -> Self {
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("a TLS backend");
        let tokens = moka::future::Cache::builder().max_capacity(10_000).time_to_live(std::time::Duration::from_secs(50 * 60)).build();
        Self { http, tokens, rooms: Default::default() }
    }
}

/// How a call to a provider went wrong.
#[derive(Debug)]
pub enum Failure {
    /// The provider answered no (a 4xx, a FAILED return code): nothing was made.
    Refused(String),
    /// No answer, a 5xx or an answer we cannot read: it may or may not have acted.
    Unknown,
}

impl From<Failure> for AppError {
    fn from(f: Failure) -> Self {
        tracing::warn!(?f, "meeting provider call failed");
        AppError::Http(StatusCode::BAD_GATEWAY, "meeting_provider_unavailable")
    }
}

fn sealing_key(app: &AppState) -> MasterKey {
    MasterKey::derived(app.ctl.config.tenant_db_secret.expose(), "meeting-credentials")
}

/// A site's account with its secrets opened.
pub struct Credentials {
    pub base_url: String,
    pub app_id: String,
    pub secret: Vec<u8>,
    pub client_id: String,
    pub auth_url: String,
    pub webhook_secret: Vec<u8>,
}

pub async fn credentials(app: &AppState, db: &PgPool, platform: &str) -> AppResult<Option<Credentials>> {
    let Some(a) = store::account(db, platform).await? else { return Ok(None) };
    let key = sealing_key(app);
    Ok(Some(Credentials {
        secret: key.open(&a.secret_sealed)?,
        webhook_secret: a.webhook_secret_sealed.as_deref().map(|s| key.open(s)).transpose()?.unwrap_or_default(),
        base_url: a.base_url,
        app_id: a.app_id,
        client_id: a.client_id.unwrap_or_default(),
        auth_url: a.auth_url.unwrap_or_default(),
    }))
}

impl Credentials {
    pub fn bbb(&self) -> bbb::Bbb<'_> {
        bbb::Bbb { base_url: &self.base_url, secret: &self.secret }
    }

    pub fn zoom(&self) -> zoom::Zoom<'_> {
        zoom::Zoom { api: &self.base_url, auth_url: &self.auth_url, account_id: &self.app_id, client_id: &self.client_id, client_secret: &self.secret }
    }
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
    responses((status = 200, body = Data<Join>), (status = 401), (status = 404),
        (status = 422, description = "session_not_open, meeting_not_configured"),
        (status = 502, description = "meeting_provider_unavailable: the class's meeting service did not answer"),
        (status = 503, description = "meeting_being_prepared: the meeting is being made at the provider; try again shortly")))]
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
    let not_configured = || AppError::unprocessable("session_id", "meeting_not_configured");
    let url = match platform {
        "link" => a.class.fields.meeting_link.clone().ok_or_else(not_configured)?,
        "bbb" => {
            let acc = credentials(&app, &db, "bbb").await?.ok_or_else(not_configured)?;
            bbb_join(&app, &tenant, &acc, &session, &a, &user).await?
        }
        "zoom" => {
            let acc = credentials(&app, &db, "zoom").await?.ok_or_else(not_configured)?;
            zoom_join(&app, &tenant, &db, &acc, &session, &a, &user).await?
        }
        _ => match credentials(&app, &db, platform).await? {
            Some(acc) => {
                let token = jitsi_token(&acc.app_id, &acc.secret, host_of(&acc.base_url), &session.room, &user, now - Duration::minutes(1), session.ends_at);
                format!("{}/{}?jwt={token}", acc.base_url.trim_end_matches('/'), session.room)
            }
            None if platform == "jitsi" => format!("{PUBLIC_JITSI}/{}", session.room),
            None => return Err(not_configured()),
        },
    };
    if !moderator {
        sessions::joined(&db, session.id, a.user_id).await?;
    }
    Ok(Json(Data::new(Join { url, role: if moderator { "moderator" } else { "participant" }, expires_at: session.ends_at })))
}

fn meeting_name(a: &Access, session: &SessionRow) -> String {
    format!("{} — {}", a.class.fields.name, session.fields.title)
}

/// The room made (or found) at the BBB server, watched for attendance, and this person's link.
async fn bbb_join(app: &AppState, tenant: &Tenant, acc: &Credentials, session: &SessionRow, a: &Access, user: &JoinUser) -> AppResult<String> {
    let site = site_url(tenant, &app.ctl.config.public_base_url);
    let name = meeting_name(a, session);
    let meeting = bbb::NewMeeting {
        name: &name,
        recording_ready_url: &format!("{site}{}", callbacks::BBB_RECORDING_READY),
        logout_url: &format!("{site}/classroom/details/{}", a.class.id),
    };
    let server = acc.bbb();
    server.create(&app.meetings.http, &session.room, &meeting).await?;
    app.meetings.rooms.watch(tenant.id, session.id, session.ends_at);
    Ok(server.join_url(&session.room, user))
}

async fn zoom_token(app: &AppState, tenant: &Tenant, acc: &Credentials) -> AppResult<String> {
    let key = (tenant.id, acc.client_id.clone());
    if let Some(token) = app.meetings.tokens.get(&key).await {
        return Ok(token);
    }
    let (token, _lasts) = acc.zoom().token(&app.meetings.http).await?;
    app.meetings.tokens.insert(key, token.clone()).await;
    Ok(token)
}

/// The session's Zoom meeting, created once: the create is claimed in the database first, and a
/// claim whose answer was lost is settled by looking for the meeting at Zoom, never by a second
/// create while Zoom might hold one.
async fn zoom_meeting(app: &AppState, db: &PgPool, zoom: &zoom::Zoom<'_>, token: &str, session: &SessionRow, name: &str) -> AppResult<String> {
    let marker = format!("lms-room:{}", session.room);
    for _ in 0..2 {
        let m = store::meeting(db, session.id).await?;
        match (m.meeting_state.as_str(), m.meeting_id) {
            ("created", Some(id)) => return Ok(id),
            ("none", _) => {
                if !store::claim(db, session.id).await? {
                    continue;
                }
                let new = zoom::NewMeeting { topic: name, starts_at: session.fields.starts_at, duration_minutes: session.fields.duration_minutes, marker: &marker };
                return match zoom.create(&app.meetings.http, token, &new).await {
                    Ok(id) => {
                        store::created(db, session.id, &id).await?;
                        Ok(id)
                    }
                    Err(Failure::Refused(code)) => {
                        store::release(db, session.id).await?;
                        Err(Failure::Refused(code).into())
                    }
                    Err(Failure::Unknown) => Err(Failure::Unknown.into()),
                };
            }
            _ => match zoom.find(&app.meetings.http, token, &marker).await? {
                Some(id) => {
                    store::created(db, session.id, &id).await?;
                    return Ok(id);
                }
                None if m.meeting_claimed_at.is_some_and(|at| at < Utc::now() - CREATE_SETTLES) => store::release(db, session.id).await?,
                None => return Err(AppError::Http(StatusCode::SERVICE_UNAVAILABLE, "meeting_being_prepared")),
            },
        }
    }
    Err(AppError::Http(StatusCode::SERVICE_UNAVAILABLE, "meeting_being_prepared"))
}

/// A teacher starts the meeting as its host; a student is registered once and gets their own link.
async fn zoom_join(app: &AppState, tenant: &Tenant, db: &PgPool, acc: &Credentials, session: &SessionRow, a: &Access, user: &JoinUser) -> AppResult<String> {
    let zoom = acc.zoom();
    let token = zoom_token(app, tenant, acc).await?;
    let meeting_id = zoom_meeting(app, db, &zoom, &token, session, &meeting_name(a, session)).await?;
    if user.moderator {
        return Ok(zoom.start_url(&app.meetings.http, &token, &meeting_id).await?);
    }
    if let Some(url) = store::registrant(db, session.id, user.id).await? {
        return Ok(url);
    }
    // Zoom registers by e-mail; a learner known only by phone gets an address of the reserved
    // .invalid domain, unique to them, that Zoom never writes to (confirmation mail is off).
    let email = user.email.clone().unwrap_or_else(|| format!("user-{}@{}.invalid", user.id, tenant.slug));
    let (registrant_id, url) = zoom.register(&app.meetings.http, &token, &meeting_id, user, &email).await?;
    store::save_registrant(db, session.id, user.id, &registrant_id, &url).await?;
    Ok(url)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MeetingAccountInput {
    /// `jitsi`, `convay`, `bbb` or `zoom`.
    pub platform: String,
    /// The meeting server: `https://meet.example.org` (Jitsi, Convay),
    /// `https://bbb.example.org/bigbluebutton` (BigBlueButton); for Zoom its API,
    /// `https://api.zoom.us/v2` when left empty.
    pub base_url: String,
    /// Jitsi and Convay: the token issuer the server expects (Prosody's `app_id`). Zoom: the
    /// account id of the Server-to-Server OAuth app. BigBlueButton: not used.
    pub app_id: String,
    /// Jitsi and Convay: the shared secret that signs join tokens; BigBlueButton: the server's
    /// shared secret; Zoom: the app's client secret (16 characters or more); never shown again.
    pub secret: String,
    /// Zoom: the app's client id.
    pub client_id: Option<String>,
    /// Zoom: the OAuth token URL, `https://zoom.us/oauth/token` when left empty.
    pub auth_url: Option<String>,
    /// Zoom: the secret token that signs its webhooks.
    pub webhook_secret: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MeetingAccount {
    pub platform: String,
    pub configured: bool,
    pub base_url: Option<String>,
    pub app_id: Option<String>,
    /// Zoom: the client id.
    pub client_id: Option<String>,
    /// Zoom: the OAuth token URL.
    pub auth_url: Option<String>,
    /// Where the provider sends its callbacks for this site (BigBlueButton: given with each
    /// meeting; Zoom: to enter as the app's event notification endpoint).
    pub callback_url: Option<String>,
    /// Whether the server answered a request (`check` only; null when not configured).
    pub reachable: Option<bool>,
    /// The HTTP status it answered with.
    pub status: Option<u16>,
    /// Whether it accepted the account's credentials (`check`, BigBlueButton and Zoom only).
    pub credentials_ok: Option<bool>,
}

fn platform(value: &str) -> AppResult<&str> {
    match value.trim() {
        p @ ("jitsi" | "convay" | "bbb" | "zoom") => Ok(p),
        _ => Err(AppError::unprocessable("platform", "invalid_choice")),
    }
}

fn callback_url(app: &AppState, tenant: &Tenant, platform: &str) -> Option<String> {
    let path = match platform {
        "bbb" => callbacks::BBB_RECORDING_READY,
        "zoom" => callbacks::ZOOM_WEBHOOK,
        _ => return None,
    };
    Some(format!("{}{path}", site_url(tenant, &app.ctl.config.public_base_url)))
}

fn url_field(v: &mut Validator, field: &str, value: &str, default: &str) -> String {
    let url = v.text(field, if value.trim().is_empty() { default } else { value }, 500);
    if !url.is_empty() && !is_http_url(&url) {
        v.add(field, "invalid_url", None);
    }
    url.trim_end_matches('/').to_owned()
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
    let zoom = platform == "zoom";
    let base_url = url_field(&mut v, "base_url", &input.base_url, if zoom { zoom::API } else { "" });
    let app_id = if platform == "bbb" { String::new() } else { v.text("app_id", &input.app_id, 200) };
    let secret = v.text("secret", &input.secret, 500);
    if !secret.is_empty() && secret.chars().count() < 16 {
        v.add("secret", "too_short", Some(16));
    }
    let (client_id, auth_url, webhook_secret) = if zoom {
        (
            Some(v.text("client_id", input.client_id.as_deref().unwrap_or_default(), 200)),
            Some(url_field(&mut v, "auth_url", input.auth_url.as_deref().unwrap_or_default(), zoom::AUTH)),
            Some(v.text("webhook_secret", input.webhook_secret.as_deref().unwrap_or_default(), 500)),
        )
    } else {
        (None, None, None)
    };
    v.finish()?;
    let key = sealing_key(&app);
    let account = store::Account {
        secret_sealed: key.seal(secret.as_bytes()),
        webhook_secret_sealed: webhook_secret.map(|s| key.seal(s.as_bytes())),
        base_url,
        app_id,
        client_id,
        auth_url,
    };
    store::save_account(&db, &platform, &account, user_id).await?;
    if let Some(client) = &account.client_id {
        app.meetings.tokens.invalidate(&(tenant.id, client.clone())).await;
    }
    Ok(Json(Data::new(MeetingAccount {
        callback_url: callback_url(&app, &tenant, &platform),
        platform,
        configured: true,
        base_url: Some(account.base_url),
        app_id: Some(account.app_id),
        client_id: account.client_id,
        auth_url: account.auth_url,
        reachable: None,
        status: None,
        credentials_ok: None,
    })))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CheckQuery {
    /// `jitsi` (default), `convay`, `bbb` or `zoom`.
    pub platform: Option<String>,
}

/// Whether the site's account for a platform is configured, its server answers and, for
/// BigBlueButton and Zoom, takes the credentials (site admins).
#[utoipa::path(get, path = "/classroom/api_configure/check", tag = "classroom", params(CheckQuery),
    responses((status = 200, body = Data<MeetingAccount>), (status = 401), (status = 403), (status = 422)))]
pub async fn check_account(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<CheckQuery>,
) -> AppResult<Json<Data<MeetingAccount>>> {
    if !caller.administers(tenant.id) {
        return Err(AppError::Forbidden);
    }
    let platform = platform(q.platform.as_deref().unwrap_or("jitsi"))?.to_owned();
    let callback_url = callback_url(&app, &tenant, &platform);
    let Some(acc) = credentials(&app, &db, &platform).await? else {
        let none = MeetingAccount { platform, configured: false, base_url: None, app_id: None, client_id: None, auth_url: None, callback_url, reachable: None, status: None, credentials_ok: None };
        return Ok(Json(Data::new(none)));
    };
    let http = &app.meetings.http;
    let (status, credentials_ok) = match platform.as_str() {
        "bbb" => {
            let (status, ok) = acc.bbb().check(http).await;
            (status, Some(ok))
        }
        "zoom" => {
            let status = http.get(&acc.base_url).send().await.ok().map(|r| r.status().as_u16());
            (status, Some(acc.zoom().token(http).await.is_ok()))
        }
        _ => (http.get(&acc.base_url).send().await.ok().map(|r| r.status().as_u16()), None),
    };
    Ok(Json(Data::new(MeetingAccount {
        platform,
        configured: true,
        reachable: Some(status.is_some_and(|s| s < 500)),
        status,
        credentials_ok,
        callback_url,
        client_id: Some(acc.client_id).filter(|c| !c.is_empty()),
        auth_url: Some(acc.auth_url).filter(|c| !c.is_empty()),
        base_url: Some(acc.base_url),
        app_id: Some(acc.app_id),
    })))
}
