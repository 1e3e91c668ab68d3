//! Delivers the outbox: woken by NOTIFY when a message is written, and every half minute for
//! retries that have come due.

use super::mail::{Mailer, SendError};
use super::outbox::{self, MAX_ATTEMPTS};
use crate::config::MailConfig;
use chrono::Utc;
use sqlx::PgPool;
use sqlx::postgres::PgListener;
use std::time::Duration;

const BATCH: i64 = 50;
const POLL: Duration = Duration::from_secs(30);

/// Sends every message that is due now; answers how many were delivered.
pub async fn deliver_due(db: &PgPool, mailer: &Mailer) -> sqlx::Result<usize> {
    let mut delivered = 0;
    loop {
        let batch = outbox::claim(db, BATCH).await?;
        if batch.is_empty() {
            return Ok(delivered);
        }
        for message in &batch {
            match mailer.send(message).await {
                Ok(()) => {
                    outbox::mark_sent(db, message.id).await?;
                    delivered += 1;
                }
                Err(error) => {
                    let (text, retry) = match error {
                        SendError::Transient(e) => (e, message.attempts < MAX_ATTEMPTS),
                        SendError::Permanent(e) => (e, false),
                    };
                    tracing::warn!(id = message.id, attempt = message.attempts, error = %text, "e-mail not delivered");
                    let retry_at = retry.then(|| Utc::now() + backoff(message.attempts));
                    outbox::mark_failed(db, message.id, &text, retry_at).await?;
                }
            }
        }
    }
}

/// 30 s after the first failure, doubling up to six hours.
fn backoff(attempts: i32) -> chrono::Duration {
    let secs = 30i64.saturating_mul(1 << attempts.clamp(1, 20).saturating_sub(1));
    chrono::Duration::seconds(secs.min(6 * 3600))
}

/// Runs the worker for the life of the process. Without an SMTP server, mail waits in the outbox.
pub fn spawn(db: PgPool, config: &MailConfig) -> anyhow::Result<()> {
    let Some(mailer) = Mailer::from_config(config)? else {
        tracing::warn!("SMTP_URL is not set: e-mail waits in the outbox undelivered");
        return Ok(());
    };
    tokio::spawn(async move {
        loop {
            let mut listener = match PgListener::connect_with(&db).await {
                Ok(mut l) => match l.listen(outbox::CHANNEL).await {
                    Ok(()) => Some(l),
                    Err(_) => None,
                },
                Err(_) => None,
            };
            loop {
                if let Err(error) = deliver_due(&db, &mailer).await {
                    tracing::warn!(%error, "outbox delivery failed");
                }
                let woken = match listener.as_mut() {
                    Some(l) => tokio::time::timeout(POLL, l.recv()).await.map(|r| r.is_ok()).unwrap_or(true),
                    None => {
                        tokio::time::sleep(POLL).await;
                        false
                    }
                };
                if !woken {
                    break; // the listener failed or never connected: connect again
                }
            }
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn retries_back_off_to_six_hours() {
        assert_eq!(super::backoff(1).num_seconds(), 30);
        assert_eq!(super::backoff(2).num_seconds(), 60);
        assert_eq!(super::backoff(9).num_seconds(), 30 * 256);
        assert_eq!(super::backoff(10).num_seconds(), 30 * 512);
        assert_eq!(super::backoff(20).num_seconds(), 6 * 3600);
    }
}
