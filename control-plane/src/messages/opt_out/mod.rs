//! Leaving a site's announcements (bulk messages). Every announcement mail carries a link of its
//! own and the one-click `List-Unsubscribe` of RFC 8058; both hold a token that names the site,
//! the channel and the address, signed with a key derived from the deployment's secret, so the
//! link works without signing in and cannot be made for someone else's address. A signed-in
//! person may also leave or rejoin from their account settings ([`handlers`]). The tenant's bulk
//! worker skips the addresses kept here and records them as `opted_out`.

pub mod handlers;

use crate::secret::Secret;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use sqlx::PgPool;
use std::collections::HashSet;

/// What an announcement went by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "email" => Some(Self::Email),
            "sms" => Some(Self::Sms),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Sms => "sms",
        }
    }
}

/// Whose announcements an address leaves, by which channel.
#[derive(Debug, PartialEq)]
pub struct Subject {
    pub institution_id: i64,
    pub channel: Channel,
    pub address: String,
}

/// `secret` is the deployment's (`TENANT_DB_SECRET`); the links get a key of their own from it.
fn mac(secret: &Secret) -> Hmac<Sha256> {
    let mut key = Hmac::<Sha256>::new_from_slice(secret.expose().as_bytes()).expect("any key length");
    key.update(b"announcement-opt-out");
    Hmac::<Sha256>::new_from_slice(&key.finalize().into_bytes()).expect("any key length")
}

/// The token of an unsubscribe link: what it is about, and its signature.
pub fn token(secret: &Secret, subject: &Subject) -> String {
    let claim = format!("{}\n{}\n{}", subject.institution_id, subject.channel.as_str(), subject.address);
    let mut mac = mac(secret);
    mac.update(claim.as_bytes());
    format!("{}.{}", B64.encode(&claim), B64.encode(&mac.finalize().into_bytes()[..16]))
}

/// What a token is about, if it is one this platform signed.
pub fn verify(secret: &Secret, token: &str) -> Option<Subject> {
    let (claim, signature) = token.split_once('.')?;
    let claim = B64.decode(claim).ok()?;
    let mut mac = mac(secret);
    mac.update(&claim);
    mac.verify_truncated_left(&B64.decode(signature).ok()?).ok()?;
    let claim = String::from_utf8(claim).ok()?;
    let mut parts = claim.splitn(3, '\n');
    let institution_id = parts.next()?.parse().ok()?;
    let channel = Channel::parse(parts.next()?)?;
    Some(Subject { institution_id, channel, address: parts.next()?.to_owned() })
}

/// The two ways out for an announcement to `subject` from the site at `site_url`: the page the
/// mail's link opens, and the address a mail client POSTs to for one-click unsubscribe.
pub fn links(secret: &Secret, site_url: &str, subject: &Subject) -> (String, String) {
    let token = token(secret, subject);
    (format!("{site_url}/unsubscribe?token={token}"), format!("{site_url}/my-account/unsubscribe?token={token}"))
}

pub async fn leave(db: &PgPool, subject: &Subject) -> sqlx::Result<()> {
    write(db, "INSERT INTO message_opt_outs (institution_id, channel, address) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", subject).await
}

pub async fn rejoin(db: &PgPool, subject: &Subject) -> sqlx::Result<()> {
    write(db, "DELETE FROM message_opt_outs WHERE institution_id = $1 AND channel = $2 AND address = $3", subject).await
}

async fn write(db: &PgPool, sql: &'static str, subject: &Subject) -> sqlx::Result<()> {
    sqlx::query(sql).bind(subject.institution_id).bind(subject.channel.as_str()).bind(&subject.address).execute(db).await?;
    Ok(())
}

pub async fn has_left(db: &PgPool, subject: &Subject) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM message_opt_outs WHERE institution_id = $1 AND channel = $2 AND address = $3)")
        .bind(subject.institution_id)
        .bind(subject.channel.as_str())
        .bind(&subject.address)
        .fetch_one(db)
        .await
}

/// Which of `addresses` left the site's announcements by `channel`.
pub async fn left(db: &PgPool, institution_id: i64, channel: &str, addresses: &[String]) -> sqlx::Result<HashSet<String>> {
    let rows: Vec<String> = sqlx::query_scalar("SELECT address FROM message_opt_outs WHERE institution_id = $1 AND channel = $2 AND address = ANY($3)")
        .bind(institution_id)
        .bind(channel)
        .bind(addresses)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_subject_and_cannot_be_made_for_another() {
        let config = Secret::new("deployment secret");
        let subject = Subject { institution_id: 7, channel: Channel::Email, address: "rina@example.com".into() };
        let token = token(&config, &subject);
        assert_eq!(verify(&config, &token), Some(subject));
        let (claim, signature) = token.split_once('.').unwrap();
        let forged = format!("{}.{signature}", B64.encode("7\nemail\njohn@example.com"));
        assert_eq!(verify(&config, &forged), None);
        assert_eq!(verify(&config, claim), None);
        assert_eq!(verify(&config, "x.y"), None);
    }
}
