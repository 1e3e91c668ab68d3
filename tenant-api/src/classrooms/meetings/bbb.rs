//! BigBlueButton through its API (docs.bigbluebutton.org/development/api): every call is a GET of
//! `<server>/api/<call>?<query>&checksum=<sha256(call + query + secret)>`, answered in XML with a
//! `returncode`.
//!
//! - `create` is idempotent by meetingID (a second one answers `duplicateWarning`), so it is sent
//!   before every join, as Canvas does: a room BBB dropped while idle comes back, and a create
//!   whose answer was lost is simply sent again — there is nothing to reconcile.
//! - A join link is a signed `join` URL per person: `role` MODERATOR for teachers, VIEWER for
//!   students, `userID` our user id (what `getMeetingInfo` lists, for attendance).
//! - Recordings: `meta_bbb-recording-ready-url` on create makes BBB POST `signed_parameters`, a
//!   JWT (HS256 with the shared secret) of `{meeting_id, record_id}`, once it has published one
//!   (its post_publish script; it never retries).

use super::{Failure, JoinUser};
use crate::xml::{Node, tree};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

pub struct Bbb<'a> {
    /// `https://bbb.example.org/bigbluebutton`, no trailing slash.
    pub base_url: &'a str,
    pub secret: &'a [u8],
}

/// What `create` needs besides the room.
pub struct NewMeeting<'a> {
    pub name: &'a str,
    pub recording_ready_url: &'a str,
    pub logout_url: &'a str,
}

impl Bbb<'_> {
    fn url(&self, call: &str, params: &[(&str, &str)]) -> String {
        let query = serde_urlencoded::to_string(params).unwrap_or_default();
        let mut digest = Sha256::new();
        digest.update(call.as_bytes());
        digest.update(query.as_bytes());
        digest.update(self.secret);
        let checksum = hex::encode(digest.finalize());
        let sep = if query.is_empty() { "" } else { "&" };
        format!("{}/api/{call}?{query}{sep}checksum={checksum}", self.base_url)
    }

    async fn call(&self, http: &reqwest::Client, call: &str, params: &[(&str, &str)]) -> Result<Node, Failure> {
        let res = http.get(self.url(call, params)).send().await.map_err(|_| Failure::Unknown)?;
        if res.status().is_server_error() {
            return Err(Failure::Unknown);
        }
        let text = res.text().await.map_err(|_| Failure::Unknown)?;
        let root = tree(&text).ok_or(Failure::Unknown)?;
        root.children.into_iter().find(|c| c.name == "response").ok_or(Failure::Unknown)
    }

    /// Creates the session's room, or finds it there already.
    pub async fn create(&self, http: &reqwest::Client, room: &str, m: &NewMeeting<'_>) -> Result<(), Failure> {
        let params = [
            ("meetingID", room),
            ("name", m.name),
            ("record", "true"),
            ("logoutURL", m.logout_url),
            ("meta_bbb-recording-ready-url", m.recording_ready_url),
        ];
        let r = self.call(http, "create", &params).await?;
        if r.value("returncode") == "SUCCESS" { Ok(()) } else { Err(Failure::Refused(r.value("messageKey"))) }
    }

    /// The join link of one person: opened by their browser, never by us.
    pub fn join_url(&self, room: &str, user: &JoinUser) -> String {
        let id = user.id.to_string();
        let role = if user.moderator { "MODERATOR" } else { "VIEWER" };
        self.url("join", &[("fullName", &user.name), ("meetingID", room), ("role", role), ("userID", &id), ("redirect", "true")])
    }

    /// Our user ids of the people in the room now; `None` when the room is not there (ended,
    /// or dropped while empty).
    pub async fn attendees(&self, http: &reqwest::Client, room: &str) -> Result<Option<Vec<i64>>, Failure> {
        let r = self.call(http, "getMeetingInfo", &[("meetingID", room)]).await?;
        if r.value("returncode") != "SUCCESS" {
            return if r.value("messageKey") == "notFound" { Ok(None) } else { Err(Failure::Refused(r.value("messageKey"))) };
        }
        let people = r.child("attendees").map(|a| a.all("attendee").filter_map(|p| p.value("userID").parse().ok()).collect()).unwrap_or_default();
        Ok(Some(people))
    }

    /// Where a published recording is watched: its first playback format.
    pub async fn playback_url(&self, http: &reqwest::Client, record_id: &str) -> Result<Option<String>, Failure> {
        let r = self.call(http, "getRecordings", &[("recordID", record_id)]).await?;
        let url = r
            .child("recordings")
            .and_then(|rs| rs.all("recording").find(|rec| rec.value("recordID") == record_id))
            .and_then(|rec| rec.child("playback"))
            .and_then(|p| p.child("format"))
            .map(|f| f.value("url"))
            .filter(|u| !u.is_empty());
        Ok(url)
    }

    /// Whether the server answers as BBB (`reachable`) and accepts our checksums (`credentials`).
    pub async fn check(&self, http: &reqwest::Client) -> (Option<u16>, bool) {
        let status = http.get(format!("{}/api", self.base_url)).send().await.ok().map(|r| r.status().as_u16());
        let signed = self.call(http, "getMeetings", &[]).await.is_ok_and(|r| r.value("returncode") == "SUCCESS");
        (status, signed)
    }
}

/// The `{meeting_id, record_id}` of BBB's recording-ready callback, when `signed_parameters` is a
/// JWT signed with the site's shared secret (HS256 only: `alg` is not taken from the token).
pub fn recording_ready(signed_parameters: &str, secret: &[u8]) -> Option<(String, String)> {
    let mut parts = signed_parameters.trim().split('.');
    let (head, payload, signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let header: serde_json::Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(head).ok()?).ok()?;
    if header["alg"] != "HS256" {
        return None;
    }
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret).ok()?;
    mac.update(format!("{head}.{payload}").as_bytes());
    mac.verify_slice(&URL_SAFE_NO_PAD.decode(signature).ok()?).ok()?;
    let claims: serde_json::Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    Some((claims["meeting_id"].as_str()?.to_owned(), claims["record_id"].as_str()?.to_owned()))
}
