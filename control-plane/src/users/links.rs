//! Links mailed to a user that prove they hold the mailbox (table `account_links`): a password
//! reset and an e-mail verification. Each is 32 random bytes given to the user once in the mail,
//! kept only as a SHA-256 hash, and works once. Links are built from the configured address of the
//! site they were asked on, never from the request's Host.

use crate::auth::HostTenant;
use crate::auth::token;
use crate::i18n::Lang;
use crate::messages::{outbox, templates::Rendered};
use crate::state::ControlState;
use chrono::{Duration, Utc};
use sqlx::{PgConnection, PgPool};

#[derive(Clone, Copy)]
pub enum Purpose {
    PasswordReset,
    EmailVerification,
}

impl Purpose {
    fn name(self) -> &'static str {
        match self {
            Self::PasswordReset => "password_reset",
            Self::EmailVerification => "email_verification",
        }
    }

    fn lifetime(self) -> Duration {
        match self {
            Self::PasswordReset => Duration::hours(1),
            Self::EmailVerification => Duration::hours(24),
        }
    }

    /// The web page the link opens.
    fn page(self) -> &'static str {
        match self {
            Self::PasswordReset => "/password-reset",
            Self::EmailVerification => "/verification-by-mail",
        }
    }
}

/// The site a request came through, which the mail speaks for: its id, its name in the
/// caller's language and its address.
pub struct Site {
    pub id: Option<i64>,
    pub name: String,
    pub url: String,
}

impl Site {
    pub fn of(ctl: &ControlState, host: Option<&HostTenant>, lang: Lang) -> Self {
        let urls = &ctl.config.public_base_url;
        match host {
            Some(HostTenant(t)) => Self {
                id: Some(t.id),
                name: if lang == Lang::Bn { t.institution_name.clone() } else { t.institution_name_en.clone() },
                url: urls.site_url((!t.is_main).then_some(t.slug.as_str())),
            },
            None => Self { id: None, name: urls.host.clone(), url: urls.site_url(None) },
        }
    }

    /// An e-mail from this site.
    pub fn mail<'a>(&'a self, to: &'a str, kind: &'a str, mail: Rendered) -> outbox::Message<'a> {
        let Rendered { subject, text, html } = mail;
        outbox::Message { channel: "email", to, institution_id: self.id, sender_name: &self.name, kind, subject, text, html: Some(html) }
    }

    /// A text message from this site to a phone number (+8801XXXXXXXXX).
    pub fn sms<'a>(&'a self, to: &'a str, kind: &'a str, text: String) -> outbox::Message<'a> {
        outbox::Message { channel: "sms", to, institution_id: self.id, sender_name: &self.name, kind, subject: String::new(), text, html: None }
    }

    /// A browser notification from this site to the Web Push subscription at `endpoint`, its
    /// JSON payload the text.
    pub fn push<'a>(&'a self, endpoint: &'a str, kind: &'a str, payload: String) -> outbox::Message<'a> {
        outbox::Message { channel: "push", to: endpoint, institution_id: self.id, sender_name: &self.name, kind, subject: String::new(), text: payload, html: None }
    }
}

/// The account a valid link belongs to, and the address it was mailed to.
pub struct Link {
    pub user_id: i64,
    pub email: String,
}

/// Stores a new link in the caller's transaction and answers its address, to be mailed there.
pub async fn create(tx: &mut PgConnection, purpose: Purpose, user_id: i64, email: &str, site: &Site) -> sqlx::Result<String> {
    let (secret, hash) = token::generate();
    sqlx::query(
        "INSERT INTO account_links (purpose, user_id, token_hash, email, institution_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(purpose.name())
    .bind(user_id)
    .bind(hash.as_slice())
    .bind(email)
    .bind(site.id)
    .bind(Utc::now() + purpose.lifetime())
    .execute(tx)
    .await?;
    Ok(format!("{}{}?token={secret}", site.url, purpose.page()))
}

/// The link behind a token, while it is unused and unexpired.
pub async fn find_valid(db: &PgPool, purpose: Purpose, token: &str) -> sqlx::Result<Option<Link>> {
    let row: Option<(i64, String)> = sqlx::query_as(
        "SELECT user_id, email FROM account_links
          WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()",
    )
    .bind(token::digest(token).as_slice())
    .bind(purpose.name())
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(user_id, email)| Link { user_id, email }))
}

/// Spends a link, and every other open link of its user for the same purpose. `None` when it was
/// no longer valid: of two tabs submitting at once, one wins.
pub async fn consume(tx: &mut PgConnection, purpose: Purpose, token: &str) -> sqlx::Result<Option<Link>> {
    let row: Option<(i64, String)> = sqlx::query_as(
        "UPDATE account_links SET used_at = now()
          WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id, email",
    )
    .bind(token::digest(token).as_slice())
    .bind(purpose.name())
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id, email)) = row else { return Ok(None) };
    sqlx::query("UPDATE account_links SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL")
        .bind(user_id)
        .bind(purpose.name())
        .execute(&mut *tx)
        .await?;
    Ok(Some(Link { user_id, email }))
}

/// Forgets spent and expired links after 30 days.
pub async fn purge_old(db: &PgPool) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM account_links WHERE (used_at IS NOT NULL OR expires_at < now()) AND created_at < now() - interval '30 days'")
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
