//! SQL of `certificates`, `acme_challenges` and `tls_attempts`.

use super::sealing::MasterKey;
use chrono::{DateTime, Utc};
use sqlx::PgPool;

pub struct NewCertificate<'a> {
    pub kind: &'a str,
    pub primary_name: &'a str,
    pub names: &'a [String],
    pub institution_id: Option<i64>,
    pub cert_pem: &'a str,
    pub key_pem: &'a str,
    pub not_after: DateTime<Utc>,
}

/// Stores (or replaces, on renewal) a certificate; the key is sealed first.
pub async fn save(db: &PgPool, key: &MasterKey, cert: NewCertificate<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO certificates (kind, primary_name, names, institution_id, cert_pem, key_sealed, not_after)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (primary_name) DO UPDATE SET names = excluded.names, cert_pem = excluded.cert_pem,
             key_sealed = excluded.key_sealed, not_after = excluded.not_after, updated_at = now()",
    )
    .bind(cert.kind)
    .bind(cert.primary_name)
    .bind(cert.names)
    .bind(cert.institution_id)
    .bind(cert.cert_pem)
    .bind(key.seal(cert.key_pem.as_bytes()))
    .bind(cert.not_after)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn remove(db: &PgPool, primary_name: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM certificates WHERE primary_name = $1").bind(primary_name).execute(db).await?;
    Ok(())
}

/// A stored certificate with its key opened.
pub struct Certificate {
    pub kind: String,
    pub primary_name: String,
    pub names: Vec<String>,
    pub cert_pem: String,
    pub key_pem: String,
    pub not_after: DateTime<Utc>,
}

/// Every certificate the edge may serve: a custom domain's only while the domain is verified and
/// its institution active.
pub async fn servable(db: &PgPool, key: &MasterKey) -> anyhow::Result<Vec<Certificate>> {
    let rows: Vec<(String, String, Vec<String>, String, Vec<u8>, DateTime<Utc>)> = sqlx::query_as(
        "SELECT c.kind, c.primary_name, c.names, c.cert_pem, c.key_sealed, c.not_after
           FROM certificates c
          WHERE c.kind = 'wildcard'
             OR EXISTS (SELECT 1 FROM custom_domains d JOIN institutions i ON i.id = d.institution_id
                         WHERE lower(d.domain) = lower(c.primary_name) AND d.state = 'verified' AND i.state = 'active')",
    )
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(kind, primary_name, names, cert_pem, sealed, not_after)| {
            let key_pem = String::from_utf8(key.open(&sealed)?)?;
            Ok(Certificate { kind, primary_name, names, cert_pem, key_pem, not_after })
        })
        .collect()
}

pub async fn put_challenge(db: &PgPool, token: &str, key_authorization: &str, domain: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO acme_challenges (token, key_authorization, domain) VALUES ($1, $2, $3)
         ON CONFLICT (token) DO UPDATE SET key_authorization = excluded.key_authorization",
    )
    .bind(token)
    .bind(key_authorization)
    .bind(domain)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn challenge(db: &PgPool, token: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT key_authorization FROM acme_challenges WHERE token = $1").bind(token).fetch_optional(db).await
}

pub async fn drop_challenge(db: &PgPool, token: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM acme_challenges WHERE token = $1").bind(token).execute(db).await?;
    Ok(())
}

pub async fn acme_account(db: &PgPool, key: &MasterKey, directory: &str) -> anyhow::Result<Option<String>> {
    let sealed: Option<Vec<u8>> = sqlx::query_scalar("SELECT credentials_sealed FROM acme_accounts WHERE directory = $1")
        .bind(directory)
        .fetch_optional(db)
        .await?;
    sealed.map(|s| Ok(String::from_utf8(key.open(&s)?)?)).transpose()
}

pub async fn save_acme_account(db: &PgPool, key: &MasterKey, directory: &str, credentials_json: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO acme_accounts (directory, credentials_sealed) VALUES ($1, $2)
         ON CONFLICT (directory) DO UPDATE SET credentials_sealed = excluded.credentials_sealed",
    )
    .bind(directory)
    .bind(key.seal(credentials_json.as_bytes()))
    .execute(db)
    .await?;
    Ok(())
}

/// Records an issuance attempt (`started`, `issued`, `failed`) for the admins to see.
pub async fn attempt(db: &PgPool, primary_name: &str, institution: Option<i64>, status: &str, message: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO tls_attempts (primary_name, institution_id, status, message) VALUES ($1, $2, $3, $4)")
        .bind(primary_name)
        .bind(institution)
        .bind(status)
        .bind(message)
        .execute(db)
        .await?;
    Ok(())
}

/// When a certificate runs out, if it exists.
pub async fn expiry(db: &PgPool, primary_name: &str) -> sqlx::Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar("SELECT not_after FROM certificates WHERE primary_name = $1").bind(primary_name).fetch_optional(db).await
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct CertificateSummary {
    pub name: String,
    pub kind: String,
    pub not_after: DateTime<Utc>,
}

#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Attempt {
    pub name: String,
    pub status: String,
    pub message: Option<String>,
    pub at: DateTime<Utc>,
}

/// What the admins see of a site's HTTPS: the certificates covering it (the shared wildcard and
/// its own domains') and the latest 20 issuance attempts, newest first.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct TlsHistory {
    pub certificates: Vec<CertificateSummary>,
    pub attempts: Vec<Attempt>,
}

pub async fn history(db: &PgPool, institution_id: i64, wildcard: &str) -> sqlx::Result<TlsHistory> {
    let certificates = sqlx::query_as::<_, (String, String, DateTime<Utc>)>(
        "SELECT primary_name, kind, not_after FROM certificates
          WHERE primary_name = $2 OR institution_id = $1 ORDER BY kind DESC, primary_name",
    )
    .bind(institution_id)
    .bind(wildcard)
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|(name, kind, not_after)| CertificateSummary { name, kind, not_after })
    .collect();
    let attempts = sqlx::query_as(
        "SELECT primary_name AS name, status, message, at FROM tls_attempts
          WHERE primary_name = $2 OR institution_id = $1 ORDER BY id DESC LIMIT 20",
    )
    .bind(institution_id)
    .bind(wildcard)
    .fetch_all(db)
    .await?;
    Ok(TlsHistory { certificates, attempts })
}
