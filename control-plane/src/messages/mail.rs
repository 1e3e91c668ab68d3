//! E-mail over SMTP: one pooled `lettre` transport, messages with a plain-text and an HTML part.

use super::SendError;
use super::outbox::Due;
use crate::config::MailConfig;
use anyhow::Context;
use lettre::message::{Mailbox, MultiPart};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;

pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Address,
}

impl Mailer {
    pub fn new(smtp_url: &str, from: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .context("SMTP_URL")?
            .timeout(Some(Duration::from_secs(30)))
            .build();
        Ok(Self { transport, from: from.parse().context("MAIL_FROM")? })
    }

    /// The configured mailer, or `None` while no SMTP server is configured.
    pub fn from_config(config: &MailConfig) -> anyhow::Result<Option<Self>> {
        config.smtp_url.as_ref().map(|url| Self::new(url.expose(), &config.from)).transpose()
    }

    pub async fn send(&self, message: &Due) -> Result<(), SendError> {
        let email = self.build(message).map_err(|e| SendError::Permanent(e.to_string()))?;
        self.transport.send(email).await.map(drop).map_err(|e| {
            if e.is_permanent() { SendError::Permanent(e.to_string()) } else { SendError::Transient(e.to_string()) }
        })
    }

    fn build(&self, m: &Due) -> anyhow::Result<Message> {
        let mut builder = Message::builder()
            .from(Mailbox::new(Some(m.sender_name.clone()), self.from.clone()))
            .to(m.recipient.parse().context("recipient")?)
            .subject(m.subject.clone())
            // The same on every attempt, so a repeat after a crash is recognisable.
            .message_id(Some(format!("<outbox-{}@{}>", m.id, self.from.domain())));
        if let Some(reply_to) = m.reply_to.as_deref().and_then(|r| r.parse().ok()) {
            builder = builder.reply_to(reply_to);
        }
        let text = m.body_text.clone();
        Ok(match &m.body_html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(text, html.clone()))?,
            None => builder.body(text)?,
        })
    }
}
