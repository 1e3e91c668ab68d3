//! Text messages, through the gateway `SMS_GATEWAY` names: SSL Wireless's ISMS Plus API
//! ([`sslwireless`], a Bangladeshi aggregator) or a Kannel smsbox ([`kannel`], the open-source
//! gateway an operator's SMSC is reached through), and how a text is counted and priced.

pub mod kannel;
pub mod sslwireless;

use super::SendError;
use crate::config::SmsConfig;
use chrono::{DateTime, Days, FixedOffset, Timelike, Utc};
use std::time::Duration;

pub struct SmsGateway {
    client: reqwest::Client,
    config: SmsConfig,
}

impl SmsGateway {
    pub fn new(config: SmsConfig) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(Duration::from_secs(15)).build()?;
        Ok(Self { client, config })
    }

    /// Sends the outbox's message `id`, a text to `to` (+8801XXXXXXXXX).
    pub async fn send(&self, id: i64, to: &str, text: &str) -> Result<(), SendError> {
        match &self.config {
            SmsConfig::SslWireless(config) => sslwireless::send(&self.client, config, id, to, text).await,
            SmsConfig::Kannel(config) => kannel::send(&self.client, config, id, to, text).await,
        }
    }
}

/// Announcements go by text only by day: BTRC has operators stop promotional texts at night
/// (it names no hours in what we found; these are ours), Bangladesh time (+06:00, no summer time).
pub const PROMOTIONAL_HOURS: std::ops::Range<u32> = 9..20;

/// Announcements a number gets by text in a day at most: BTRC fined operators for sending
/// subscribers more than three promotional texts a day.
pub const PROMOTIONAL_PER_DAY: i64 = 3;

/// When an announcement by text due at `at` may go: then, or when the next day's hours open.
pub fn promotional_send_at(at: DateTime<Utc>) -> DateTime<Utc> {
    let dhaka = FixedOffset::east_opt(6 * 3600).expect("+06:00");
    let local = at.with_timezone(&dhaka);
    if PROMOTIONAL_HOURS.contains(&local.hour()) {
        return at;
    }
    let day = if local.hour() >= PROMOTIONAL_HOURS.end { local.date_naive() + Days::new(1) } else { local.date_naive() };
    let open = day.and_hms_opt(PROMOTIONAL_HOURS.start, 0, 0).expect("a time of day");
    open.and_local_timezone(dhaka).single().expect("a fixed offset").with_timezone(&Utc)
}

/// What one segment costs at the gateway, shown to a bulk message's sender before sending
/// (SSL Wireless's non-masking rate, 35 poisha; a contract at another rate changes it here).
pub const SEGMENT_POISHA: i64 = 35;

/// The GSM 03.38 default alphabet (its basic set; the extension table's characters count twice).
const GSM_BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED: &str = "^{}\\[~]|€\x0c";

/// The text's length in GSM septets, or `None` when it needs UCS-2 (any Bangla letter does).
fn septets(text: &str) -> Option<u32> {
    text.chars().map(|c| if GSM_BASIC.contains(c) { Some(1) } else if GSM_EXTENDED.contains(c) { Some(2) } else { None }).sum()
}

/// Whether the text must travel as UCS-2.
pub fn needs_ucs2(text: &str) -> bool {
    septets(text).is_none()
}

/// How many segments a text takes (3GPP TS 23.040): in the GSM alphabet 160 septets, or 153 each
/// once split; with any other character (Bangla) UCS-2, 70 characters, or 67 each once split.
pub fn segments(text: &str) -> u32 {
    let (length, single, each) = match septets(text) {
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
    use super::{promotional_send_at, segments};
    use chrono::{DateTime, Utc};

    #[test]
    fn announcements_by_text_wait_for_the_day_in_dhaka() {
        let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
        // 10:00 in Dhaka goes now; 22:30 waits for 09:00 next day; 02:00 for 09:00 the same day.
        assert_eq!(promotional_send_at(at("2026-12-06T04:00:00Z")), at("2026-12-06T04:00:00Z"));
        assert_eq!(promotional_send_at(at("2026-12-06T16:30:00Z")), at("2026-12-07T03:00:00Z"));
        assert_eq!(promotional_send_at(at("2026-12-06T20:00:00Z")), at("2026-12-07T03:00:00Z"));
        assert_eq!(promotional_send_at(at("2026-12-06T13:59:59Z")), at("2026-12-06T13:59:59Z"));
        assert_eq!(promotional_send_at(at("2026-12-06T14:00:00Z")), at("2026-12-07T03:00:00Z"));
    }

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
