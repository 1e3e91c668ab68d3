//! Text messages through SSL Wireless's ISMS Plus API v3 (`POST /api/v3/send-sms` with
//! `api_token`, `sid`, `msisdn` as 8801XXXXXXXXX, `sms` and `csms_id`). The outbox row's id is the
//! `csms_id`, unique per message: the gateway does not send a repeated id again, so a retry after
//! a lost answer cannot text anyone twice. Local runs and tests reach `infra/sms/sslwireless.py`,
//! which speaks the same protocol.

use super::SendError;
use crate::config::SmsConfig;
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;

pub struct SmsGateway {
    client: reqwest::Client,
    config: SmsConfig,
}

#[derive(Deserialize)]
struct Answer {
    status_code: i64,
    #[serde(default)]
    error_message: String,
}

impl SmsGateway {
    pub fn new(config: SmsConfig) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(15)).build()?;
        Ok(Self { client, config })
    }

    /// Sends one text; `id` makes the send idempotent.
    pub async fn send(&self, id: i64, to: &str, text: &str) -> Result<(), SendError> {
        let body = json!({
            "api_token": self.config.api_token.expose(),
            "sid": self.config.sid,
            "msisdn": to.trim_start_matches('+'),
            "sms": text,
            "csms_id": format!("lms-{id}"),
        });
        let url = format!("{}/api/v3/send-sms", self.config.url.trim_end_matches('/'));
        // A timeout or a lost connection leaves it unknown whether the text went; the same
        // csms_id on the next attempt settles it either way.
        let response = self.client.post(url).json(&body).send().await.map_err(|e| SendError::Transient(e.without_url().to_string()))?;
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
}

/// What one segment costs at the gateway, shown to a bulk message's sender before sending
/// (SSL Wireless's non-masking rate, 35 poisha; a contract at another rate changes it here).
pub const SEGMENT_POISHA: i64 = 35;

/// The GSM 03.38 default alphabet (its basic set; the extension table's characters count twice).
const GSM_BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED: &str = "^{}\\[~]|€\x0c";

/// How many segments a text takes (3GPP TS 23.040): in the GSM alphabet 160 septets, or 153 each
/// once split; with any other character (Bangla) UCS-2, 70 characters, or 67 each once split.
pub fn segments(text: &str) -> u32 {
    let septets: Option<u32> = text
        .chars()
        .map(|c| if GSM_BASIC.contains(c) { Some(1) } else if GSM_EXTENDED.contains(c) { Some(2) } else { None })
        .sum();
    let (length, single, each) = match septets {
        Some(n) => (n, 160, 153),
        None => (text.encode_utf16().count() as u32, 70, 67),
    };
    match length {
        0 => 0,
        n if n <= single => 1,
        n => n.div_ceil(each),
    }
}

#[cfg(test)]
mod tests {
    use super::segments;

    #[test]
    fn texts_are_counted_in_gsm_or_ucs2_segments() {
        assert_eq!(segments(""), 0);
        assert_eq!(segments(&"a".repeat(160)), 1);
        assert_eq!(segments(&"a".repeat(161)), 2);
        assert_eq!(segments(&"a".repeat(306)), 2);
        assert_eq!(segments(&"a".repeat(307)), 3);
        // The euro sign takes two septets.
        assert_eq!(segments(&"€".repeat(80)), 1);
        assert_eq!(segments(&"ক".repeat(70)), 1);
        assert_eq!(segments(&"ক".repeat(71)), 2);
        assert_eq!(segments(&format!("{}a", "ক".repeat(133))), 2);
        assert_eq!(segments(&"ক".repeat(135)), 3);
    }
}
