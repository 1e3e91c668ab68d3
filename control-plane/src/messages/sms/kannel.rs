//! Text messages through a Kannel smsbox's `sendsms` HTTP interface (Kannel 1.4 user guide,
//! "Sending SMS messages": `GET /cgi-bin/sendsms` with `username`, `password`, `to`, `text`,
//! `coding`, `charset`, `dlr-mask` and `dlr-url`). Bangla goes as UCS-2 (`coding=2`, the text
//! itself in UTF-16BE); the GSM alphabet as 7-bit text. Kannel answers 202 once it has queued the
//! text, then calls the message's `dlr-url` when the operator reports it delivered or not; that
//! address carries the outbox id and a signature, so only the gateway we sent through can report
//! on our messages ([`check_report`]).
//!
//! Kannel has no idempotency key: a lost answer retried may text twice, which the backoff keeps
//! rare. Local runs and tests use Debian's Kannel with its fake SMSC (`infra/sms/kannel.sh`).

use super::needs_ucs2;
use crate::config::KannelConfig;
use crate::messages::SendError;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Delivery reports asked for: delivered to the phone (1), not delivered to the phone (2), not
/// delivered to the operator (16).
const DLR_MASK: u8 = 1 | 2 | 16;

/// The path Kannel reports delivery to; `status` is Kannel's `%d`.
pub const REPORT_PATH: &str = "/my-account/sms/delivery-report/kannel";

/// Keyed by the sendsms password, a secret only we and the gateway hold.
fn mac(config: &KannelConfig, id: i64) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(config.password.expose().as_bytes()).expect("any key length");
    mac.update(format!("dlr:{id}").as_bytes());
    mac
}

/// Bytes of the signature kept: 128 bits.
const SIGNATURE_BYTES: usize = 16;

fn signature(config: &KannelConfig, id: i64) -> String {
    hex::encode(&mac(config, id).finalize().into_bytes()[..SIGNATURE_BYTES])
}

/// Whether a delivery report's signature is the one we gave message `id` (compared in constant
/// time).
pub fn check_report(config: &KannelConfig, id: i64, sig: &str) -> bool {
    hex::decode(sig).is_ok_and(|given| given.len() == SIGNATURE_BYTES && mac(config, id).verify_truncated_left(&given).is_ok())
}

fn encode(bytes: &[u8]) -> String {
    form_urlencoded::byte_serialize(bytes).collect()
}

pub async fn send(client: &reqwest::Client, config: &KannelConfig, id: i64, to: &str, text: &str) -> Result<(), SendError> {
    let report = format!("{}{REPORT_PATH}?id={id}&sig={}&status=%d", config.report_base.trim_end_matches('/'), signature(config, id));
    let (coding, charset, body) = if needs_ucs2(text) {
        ("2", "UTF-16BE", text.encode_utf16().flat_map(u16::to_be_bytes).collect::<Vec<u8>>())
    } else {
        ("0", "UTF-8", text.as_bytes().to_vec())
    };
    let mut query = format!(
        "username={}&password={}&to={}&coding={coding}&charset={charset}&text={}&dlr-mask={DLR_MASK}&dlr-url={}",
        encode(config.username.as_bytes()),
        encode(config.password.expose().as_bytes()),
        encode(to.trim_start_matches('+').as_bytes()),
        encode(&body),
        encode(report.as_bytes()),
    );
    if let Some(sender) = &config.sender {
        query.push_str(&format!("&from={}", encode(sender.as_bytes())));
    }
    let url = format!("{}/cgi-bin/sendsms?{query}", config.url.trim_end_matches('/'));
    // The address holds the password: errors are told without it.
    let response = client.get(url).send().await.map_err(|e| SendError::Transient(e.without_url().to_string()))?;
    let status = response.status();
    let answer = response.text().await.unwrap_or_default();
    match status.as_u16() {
        // "0: Accepted for delivery", or "3: Queued for later delivery" while the operator's
        // link is down: Kannel keeps it and sends it when the link is back.
        200 | 202 => Ok(()),
        // Kannel itself is overloaded or shutting down.
        503 => Err(SendError::Transient(format!("gateway answered {status}: {}", answer.trim()))),
        // Authorization failed (403), a missing or bad argument (400): the same again fails again.
        _ => Err(SendError::Permanent(format!("gateway refused ({status}): {}", answer.trim()))),
    }
}

/// What a delivery report (Kannel's `%d`) says happened to the message.
#[derive(Debug, PartialEq, Eq)]
pub enum Report {
    Delivered,
    Undelivered,
    /// Buffered or accepted by the operator: nothing final yet.
    Pending,
}

pub fn report(status: u8) -> Report {
    match status {
        1 => Report::Delivered,
        2 | 16 => Report::Undelivered,
        _ => Report::Pending,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secret::Secret;

    #[test]
    fn a_report_is_ours_only_with_the_signature_of_its_message() {
        let config = KannelConfig {
            url: String::new(),
            username: "lms".into(),
            password: Secret::new("pass"),
            sender: None,
            report_base: "http://localhost:8080".into(),
        };
        let sig = signature(&config, 7);
        assert!(check_report(&config, 7, &sig));
        assert!(!check_report(&config, 8, &sig));
        assert!(!check_report(&config, 7, &sig[..30]));
        assert!(!check_report(&config, 7, "not hex"));
        assert_eq!((report(1), report(2), report(16), report(8)), (Report::Delivered, Report::Undelivered, Report::Undelivered, Report::Pending));
    }
}
