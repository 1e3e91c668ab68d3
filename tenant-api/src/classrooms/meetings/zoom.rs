//! Zoom through its REST API (developers.zoom.us/docs/api): a Server-to-Server OAuth app of the
//! institution (`POST <auth_url>?grant_type=account_credentials&account_id=…` with the client id
//! and secret as Basic credentials gives an hour's bearer token), one scheduled meeting per
//! session (`POST /users/me/meetings`), each student registered once (`POST
//! /meetings/{id}/registrants` answers their own `join_url`), teachers starting it from the
//! meeting's `start_url` (fetched fresh, since its ZAK lasts two hours).
//!
//! Zoom's create is not idempotent, so a create whose answer was lost is reconciled: the meeting
//! carries the session's room in its agenda, and the user's scheduled meetings are searched for it
//! before anything is created again (see `mod.rs`).
//!
//! Webhooks (`meeting.participant_joined`, `meeting.participant_left`, `recording.completed`,
//! `endpoint.url_validation`) are signed `x-zm-signature: v0=<hex HMAC-SHA256(secret,
//! "v0:{x-zm-request-timestamp}:{raw body}")>`.

use super::{Failure, JoinUser};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::{DateTime, SecondsFormat, Utc};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::Sha256;

pub const API: &str = "https://api.zoom.us/v2";
pub const AUTH: &str = "https://zoom.us/oauth/token";

pub struct Zoom<'a> {
    pub api: &'a str,
    pub auth_url: &'a str,
    pub account_id: &'a str,
    pub client_id: &'a str,
    pub client_secret: &'a [u8],
}

/// The meeting a session asks Zoom for.
pub struct NewMeeting<'a> {
    pub topic: &'a str,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: i32,
    /// Carries the session's room, the mark it is found by.
    pub marker: &'a str,
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
    expires_in: Option<u64>,
}

#[derive(Deserialize)]
struct Created {
    id: Value,
}

#[derive(Deserialize)]
struct Listed {
    #[serde(default)]
    meetings: Vec<ListedMeeting>,
    #[serde(default)]
    next_page_token: String,
}

#[derive(Deserialize)]
struct ListedMeeting {
    id: Value,
    #[serde(default)]
    agenda: String,
}

/// A Zoom id as the text we keep (Zoom sends meeting ids as numbers, and as strings in webhooks).
pub fn id_text(v: &Value) -> Option<String> {
    match v {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        _ => None,
    }
}

/// 4xx: Zoom refused, nothing was made; anything else might have been made.
fn failure(status: reqwest::StatusCode) -> Failure {
    if status.is_client_error() { Failure::Refused(status.as_u16().to_string()) } else { Failure::Unknown }
}

impl Zoom<'_> {
    /// A bearer token and how long it lasts.
    pub async fn token(&self, http: &reqwest::Client) -> Result<(String, u64), Failure> {
        let basic = STANDARD.encode([self.client_id.as_bytes(), b":", self.client_secret].concat());
        let res = http
            .post(self.auth_url)
            .query(&[("grant_type", "account_credentials"), ("account_id", self.account_id)])
            .header("authorization", format!("Basic {basic}"))
            .send()
            .await
            .map_err(|_| Failure::Unknown)?;
        if !res.status().is_success() {
            return Err(failure(res.status()));
        }
        let t: Token = res.json().await.map_err(|_| Failure::Unknown)?;
        Ok((t.access_token, t.expires_in.unwrap_or(3600)))
    }

    pub async fn create(&self, http: &reqwest::Client, token: &str, m: &NewMeeting<'_>) -> Result<String, Failure> {
        let body = json!({
            "topic": m.topic,
            "type": 2,
            "start_time": m.starts_at.to_rfc3339_opts(SecondsFormat::Secs, true),
            "duration": m.duration_minutes,
            "timezone": "Asia/Dhaka",
            "agenda": m.marker,
            // Registration approved at once, so every student has their own join link.
            "settings": { "approval_type": 0, "join_before_host": false, "waiting_room": false, "registrants_confirmation_email": false, "auto_recording": "cloud" },
        });
        let res = http.post(format!("{}/users/me/meetings", self.api)).bearer_auth(token).json(&body).send().await.map_err(|_| Failure::Unknown)?;
        if !res.status().is_success() {
            return Err(failure(res.status()));
        }
        let c: Created = res.json().await.map_err(|_| Failure::Unknown)?;
        id_text(&c.id).ok_or(Failure::Unknown)
    }

    /// The scheduled meeting carrying `marker`, if Zoom has one.
    pub async fn find(&self, http: &reqwest::Client, token: &str, marker: &str) -> Result<Option<String>, Failure> {
        let mut page = String::new();
        loop {
            let res = http
                .get(format!("{}/users/me/meetings", self.api))
                .bearer_auth(token)
                .query(&[("type", "scheduled"), ("page_size", "300"), ("next_page_token", page.as_str())])
                .send()
                .await
                .map_err(|_| Failure::Unknown)?;
            if !res.status().is_success() {
                return Err(failure(res.status()));
            }
            let listed: Listed = res.json().await.map_err(|_| Failure::Unknown)?;
            if let Some(m) = listed.meetings.iter().find(|m| m.agenda.contains(marker)) {
                return Ok(id_text(&m.id));
            }
            if listed.next_page_token.is_empty() {
                return Ok(None);
            }
            page = listed.next_page_token;
        }
    }

    /// The host's link, fresh (its ZAK lasts two hours).
    pub async fn start_url(&self, http: &reqwest::Client, token: &str, meeting_id: &str) -> Result<String, Failure> {
        let res = http.get(format!("{}/meetings/{meeting_id}", self.api)).bearer_auth(token).send().await.map_err(|_| Failure::Unknown)?;
        if !res.status().is_success() {
            return Err(failure(res.status()));
        }
        let m: Value = res.json().await.map_err(|_| Failure::Unknown)?;
        m["start_url"].as_str().map(str::to_owned).ok_or(Failure::Unknown)
    }

    /// Registers one person (Zoom answers the same registrant for the same e-mail): their id and
    /// their own join link.
    pub async fn register(&self, http: &reqwest::Client, token: &str, meeting_id: &str, user: &JoinUser, email: &str) -> Result<(String, String), Failure> {
        let (first, last) = user.name.split_once(' ').unwrap_or((&user.name, ""));
        let body = json!({ "email": email, "first_name": first, "last_name": last });
        let res = http.post(format!("{}/meetings/{meeting_id}/registrants", self.api)).bearer_auth(token).json(&body).send().await.map_err(|_| Failure::Unknown)?;
        if !res.status().is_success() {
            return Err(failure(res.status()));
        }
        let r: Value = res.json().await.map_err(|_| Failure::Unknown)?;
        match (r["registrant_id"].as_str(), r["join_url"].as_str()) {
            (Some(id), Some(url)) => Ok((id.to_owned(), url.to_owned())),
            _ => Err(Failure::Unknown),
        }
    }
}

/// Whether a webhook is Zoom's: the signature over the raw body as received.
pub fn verify(secret: &[u8], timestamp: &str, body: &[u8], signature: &str) -> bool {
    let Some(hex_sig) = signature.strip_prefix("v0=") else { return false };
    let Ok(expected) = hex::decode(hex_sig) else { return false };
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret).expect("any key length");
    mac.update(format!("v0:{timestamp}:").as_bytes());
    mac.update(body);
    mac.verify_slice(&expected).is_ok()
}

/// Zoom's URL validation challenge answered: the plain token and its HMAC with the secret.
pub fn validation(secret: &[u8], plain_token: &str) -> Value {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret).expect("any key length");
    mac.update(plain_token.as_bytes());
    json!({ "plainToken": plain_token, "encryptedToken": hex::encode(mac.finalize().into_bytes()) })
}
