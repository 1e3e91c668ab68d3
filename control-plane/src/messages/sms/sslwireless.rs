//! Text messages through SSL Wireless's ISMS Plus API v3 (`POST /api/v3/send-sms` with
//! `api_token`, `sid`, `msisdn` as 8801XXXXXXXXX, `sms` and `csms_id`). The outbox row's id is the
//! `csms_id`, unique per message: the gateway does not send a repeated id again, so a retry after
//! a lost answer cannot text anyone twice. Local runs and tests reach `infra/sms/sslwireless.py`,
//! which speaks the same protocol.

use crate::messages::SendError;
use crate::config::SslWirelessConfig;
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
struct Answer {
    status_code: i64,
    #[serde(default)]
    error_message: String,
}

/// Sends one text; `id` makes the send idempotent.
pub async fn send(client: &reqwest::Client, config: &SslWirelessConfig, id: i64, to: &str, text: &str) -> Result<(), SendError> {
    let body = json!({
        "api_token": config.api_token.expose(),
        "sid": config.sid,
        "msisdn": to.trim_start_matches('+'),
        "sms": text,
        "csms_id": format!("lms-{id}"),
    });
    let url = format!("{}/api/v3/send-sms", config.url.trim_end_matches('/'));
    // A timeout or a lost connection leaves it unknown whether the text went; the same
    // csms_id on the next attempt settles it either way.
    let response = client.post(url).json(&body).send().await.map_err(|e| SendError::Transient(e.without_url().to_string()))?;
    let status = response.status();
    if status.is_server_error() || status.as_u16() == 429 {
        return Err(SendError::Transient(format!("gateway answered {status}")));
    }
    let answer: Answer = response.json().await.map_err(|e| SendError::Transient(format!("unreadable answer: {e}")))?;
    match answer.status_code {
        200 => Ok(()),
        // Bad credentials, an address not allowed, a number refused: trying again will not help.
        code => Err(SendError::Permanent(format!("gateway refused ({code}): {}", answer.error_message))),
    }
}
