//! E-mail over SMTP: one pooled `lettre` transport, messages with a plain-text and an HTML part.

use super::SendError;
use super::outbox::Due;
use crate::config::MailConfig;
use anyhow::Context;
use lettre::message::header::{Header, HeaderName, HeaderValue};
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
        if let Some(url) = &m.unsubscribe_url {
            builder = builder.header(ListUnsubscribe(format!("<{url}>"))).header(ListUnsubscribePost);
        }
        let text = m.body_text.clone();
        Ok(match &m.body_html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(text, html.clone()))?,
            None => builder.body(text)?,
        })
    }
}

/// `List-Unsubscribe` (RFC 2369): where a mail client takes the reader out of a site's
/// announcements.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(s.to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post` (RFC 8058): the address above takes a one-click POST, so a mail
/// client may unsubscribe without opening a page (what Gmail and Yahoo ask of bulk senders).
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}
