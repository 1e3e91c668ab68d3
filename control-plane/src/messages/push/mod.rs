//! Browser notifications by Web Push. A signed-in reader lets the site notify this browser
//! ([`handlers`]); the browser's subscription (its push service's endpoint and its keys) is kept
//! for the reader and the site ([`store`]); each notice is then queued in the outbox as one push per
//! subscription and the worker sends it ([`Pusher`], the protocol in [`webpush`]).

pub mod handlers;
pub mod store;
pub mod webpush;

use super::SendError;
use crate::config::PushConfig;
use reqwest::{StatusCode, Url};
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;
use webpush::Vapid;

/// How long a push service keeps a message for a browser that is offline: a day, after which a
/// notice about an enrolment is old news the bell still holds.
const TTL_SECS: u32 = 86_400;

/// Sends the outbox's pushes.
pub struct Pusher {
    client: reqwest::Client,
    vapid: Arc<Vapid>,
}

impl Pusher {
    pub fn new(config: &PushConfig) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(15)).redirect(reqwest::redirect::Policy::none()).build()?;
        Ok(Self { client, vapid: config.vapid.clone() })
    }

    /// Sends `payload` (JSON) to the browser subscribed at `endpoint`. A subscription the push
    /// service no longer knows (404, 410) is forgotten: the browser unsubscribed or expired it.
    pub async fn send(&self, db: &PgPool, endpoint: &str, payload: &str) -> Result<(), SendError> {
        let subscription = store::find(db, endpoint).await.map_err(|e| SendError::Transient(e.to_string()))?;
        let Some(subscription) = subscription else { return Err(SendError::Permanent("the browser is no longer subscribed".into())) };
        let url = Url::parse(endpoint).map_err(|e| SendError::Permanent(format!("endpoint: {e}")))?;
        let body = webpush::encrypt(&subscription.p256dh, &subscription.auth, payload.as_bytes()).map_err(|e| SendError::Permanent(e.to_string()))?;
        let authorization = self.vapid.authorization(&url, chrono::Utc::now().timestamp()).map_err(|e| SendError::Permanent(e.to_string()))?;
        let response = self
            .client
            .post(url)
            .header("TTL", TTL_SECS)
            .header("Urgency", "normal")
            .header("Content-Encoding", "aes128gcm")
            .header("Content-Type", "application/octet-stream")
            .header("Authorization", authorization)
            .body(body)
            .send()
            .await
            .map_err(|e| SendError::Transient(format!("push service unreachable: {e}")))?;
        let status = response.status();
        if status.is_success() {
            store::sent(db, subscription.id).await.map_err(|e| SendError::Transient(e.to_string()))?;
            return Ok(());
        }
        let detail = response.text().await.unwrap_or_default().chars().take(200).collect::<String>();
        match status {
            StatusCode::NOT_FOUND | StatusCode::GONE => {
                store::forget(db, endpoint).await.map_err(|e| SendError::Transient(e.to_string()))?;
                Err(SendError::Permanent(format!("the push service no longer knows this subscription ({status})")))
            }
            StatusCode::TOO_MANY_REQUESTS | StatusCode::REQUEST_TIMEOUT => Err(SendError::Transient(format!("push service: {status} {detail}"))),
            s if s.is_server_error() => Err(SendError::Transient(format!("push service: {status} {detail}"))),
            _ => Err(SendError::Permanent(format!("push service refused: {status} {detail}"))),
        }
    }
}

/// Whether the platform may POST to `endpoint`: a push service of `PUSH_SERVICES` over HTTPS
/// (plain HTTP only on the loopback, for the local push service). Anything else is refused, so a
/// subscription cannot aim the platform's requests at an address of someone's choosing. Answers
/// the refusal's code.
pub fn check_endpoint(services: &[String], endpoint: &str) -> Result<Url, &'static str> {
    let url = Url::parse(endpoint).map_err(|_| "invalid_url")?;
    let host = url.host_str().ok_or("invalid_url")?.to_ascii_lowercase();
    if !url.username().is_empty() || url.password().is_some() {
        return Err("invalid_url");
    }
    let loopback = host.parse::<std::net::Ipv4Addr>().is_ok_and(|ip| ip.is_loopback()) || host == "localhost";
    match url.scheme() {
        "https" => {}
        "http" if loopback => {}
        _ => return Err("push_service_unknown"),
    }
    let known = services.iter().any(|s| match s.strip_prefix("*.") {
        Some(domain) => host.strip_suffix(domain).is_some_and(|sub| sub.len() > 1 && sub.ends_with('.')),
        None => host == *s,
    });
    if known { Ok(url) } else { Err("push_service_unknown") }
}

#[cfg(test)]
mod tests {
    use super::check_endpoint;

    #[test]
    fn only_known_push_services_are_reached() {
        let services: Vec<String> = ["fcm.googleapis.com", "*.notify.windows.com", "127.0.0.1"].map(String::from).to_vec();
        assert!(check_endpoint(&services, "https://fcm.googleapis.com/fcm/send/abc").is_ok());
        assert!(check_endpoint(&services, "https://db5p.notify.windows.com/w/?token=x").is_ok());
        assert!(check_endpoint(&services, "http://127.0.0.1:8089/push/1").is_ok());
        assert_eq!(check_endpoint(&services, "http://fcm.googleapis.com/fcm/send/abc"), Err("push_service_unknown"));
        assert_eq!(check_endpoint(&services, "https://notify.windows.com/x"), Err("push_service_unknown"));
        assert_eq!(check_endpoint(&services, "https://evilnotify.windows.com/x"), Err("push_service_unknown"));
        assert_eq!(check_endpoint(&services, "https://fcm.googleapis.com.evil.org/x"), Err("push_service_unknown"));
        assert_eq!(check_endpoint(&services, "https://169.254.169.254/latest"), Err("push_service_unknown"));
        assert_eq!(check_endpoint(&services, "https://user:pw@fcm.googleapis.com/x"), Err("invalid_url"));
        assert_eq!(check_endpoint(&services, "not a url"), Err("invalid_url"));
    }
}
