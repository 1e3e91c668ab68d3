//! Delivers the outbox: woken by NOTIFY when a message is written, and every half minute for
//! retries that have come due.

use super::SendError;
use super::mail::Mailer;
use super::outbox::{self, Due, MAX_ATTEMPTS};
use super::push::Pusher;
use super::sms::SmsGateway;
use crate::config::Config;
use chrono::Utc;
use futures::StreamExt;
use sqlx::PgPool;
use sqlx::postgres::PgListener;
use std::time::Duration;

const BATCH: i64 = 200;
/// Messages in flight at once: each waits on its server's answers for a few round trips, so one
/// at a time left a bulk message's 10,000 e-mails trickling out at about 20 a second. The SMTP
/// transport pools up to 10 connections; the SMS gateway takes concurrent requests.
const AT_ONCE: usize = 16;
const POLL: Duration = Duration::from_secs(30);

/// What the worker sends with; a channel without one waits in the outbox.
#[derive(Default)]
pub struct Senders {
    pub mail: Option<Mailer>,
    pub sms: Option<SmsGateway>,
    pub push: Option<Pusher>,
}

impl Senders {
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        Ok(Self {
            mail: Mailer::from_config(&config.mail)?,
            sms: config.sms.clone().map(SmsGateway::new).transpose()?,
            push: config.push.as_ref().map(Pusher::new).transpose()?,
        })
    }

    fn channels(&self) -> Vec<&'static str> {
        [("email", self.mail.is_some()), ("sms", self.sms.is_some()), ("push", self.push.is_some())].into_iter().filter(|c| c.1).map(|c| c.0).collect()
    }

    async fn send(&self, db: &PgPool, message: &Due) -> Result<(), SendError> {
        match (message.channel.as_str(), &self.mail, &self.sms, &self.push) {
            ("email", Some(mailer), ..) => mailer.send(message).await,
            ("sms", _, Some(gateway), _) => gateway.send(message.id, &message.recipient, &message.body_text).await,
            ("push", .., Some(pusher)) => pusher.send(db, &message.recipient, &message.body_text).await,
            (channel, ..) => Err(SendError::Transient(format!("no sender for {channel}"))),
        }
    }
}

/// Sends every message that is due now on the channels that have a sender; answers how many
/// were delivered.
pub async fn deliver_due(db: &PgPool, senders: &Senders) -> sqlx::Result<usize> {
    let channels = senders.channels();
    let mut delivered = 0;
    loop {
        let batch = outbox::claim(db, BATCH, &channels).await?;
        if batch.is_empty() {
            return Ok(delivered);
        }
        // The futures are made first: a closure inside the stream trips the compiler's proof that
        // the spawned worker is Send for any lifetime.
        let sends: Vec<_> = batch.iter().map(|message| send_one(db, senders, message)).collect();
        let mut results = futures::stream::iter(sends).buffer_unordered(AT_ONCE);
        while let Some((message, result)) = results.next().await {
            match result {
                Ok(()) => {
                    outbox::mark_sent(db, message.id).await?;
                    delivered += 1;
                }
                Err(error) => {
                    let (text, retry) = match error {
                        SendError::Transient(e) => (e, message.attempts < MAX_ATTEMPTS),
                        SendError::Permanent(e) => (e, false),
                    };
                    tracing::warn!(id = message.id, channel = %message.channel, attempt = message.attempts, error = %text, "message not delivered");
                    let retry_at = retry.then(|| Utc::now() + backoff(message.attempts));
                    outbox::mark_failed(db, message.id, &text, retry_at).await?;
                }
            }
        }
    }
}

async fn send_one<'a>(db: &'a PgPool, senders: &'a Senders, message: &'a Due) -> (&'a Due, Result<(), SendError>) {
    (message, senders.send(db, message).await)
}

/// 30 s after the first failure, doubling up to six hours.
fn backoff(attempts: i32) -> chrono::Duration {
    let secs = 30i64.saturating_mul(1 << attempts.clamp(1, 20).saturating_sub(1));
    chrono::Duration::seconds(secs.min(6 * 3600))
}

/// Runs the worker for the life of the process. A channel without a configured sender keeps its
/// messages in the outbox.
pub fn spawn(db: PgPool, config: &Config) -> anyhow::Result<()> {
    let senders = Senders::from_config(config)?;
    if senders.mail.is_none() {
        tracing::warn!("SMTP_URL is not set: e-mail waits in the outbox undelivered");
    }
    if senders.sms.is_none() {
        tracing::warn!("SMS_GATEWAY_URL is not set: text messages wait in the outbox undelivered");
    }
    if senders.channels().is_empty() {
        return Ok(());
    }
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
                if let Err(error) = deliver_due(&db, &senders).await {
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
