//! Certificates from an ACME CA. Partner subdomains share one wildcard certificate for
//! `*.<base-domain>` plus the apex, ordered with DNS-01 (Let's Encrypt allows 50 certificates
//! per registered domain a week; one per partner would cap onboarding there). The account's
//! credentials and every private key are kept sealed in the control database; every attempt is
//! recorded. Renewal starts 30 days before expiry, with jittered exponential backoff on failure.
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `ACME_DIRECTORY_URL` | the CA's directory | required with `TLS_MODE=acme` |
//! | `ACME_CONTACT` | `mailto:` contact of the account | none |
//! | `ACME_CA_ROOT` | PEM file to trust for the CA's own HTTPS (pebble's test CA) | system roots |
//! | `RFC2136_SERVER`, `RFC2136_ZONE`, `RFC2136_KEY_NAME`, `RFC2136_KEY_SECRET` | the zone's authoritative server (ip:port), zone, TSIG key name and base64 HMAC-SHA256 secret | required with `TLS_MODE=acme` |
//! | `DNS_PROPAGATION_TIMEOUT_SECS` | how long to wait for the TXT record to be visible | `120` |

use crate::dns::{self, DnsUpdater};
use crate::steps::Ctx;
use anyhow::{Context, bail};
use control_plane::config::TlsSettings;
use control_plane::institutions::domains::{self, DomainRow};
use control_plane::tls::store::{self, NewCertificate};
use instant_acme::{
    Account, AccountCredentials, AuthorizationStatus, ChallengeType, Identifier, NewAccount, NewOrder, OrderStatus,
    RetryPolicy,
};
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct AcmeSettings {
    pub directory: String,
    pub contact: Option<String>,
    pub ca_root: Option<String>,
    pub dns: DnsUpdater,
    pub propagation_timeout: Duration,
}

fn var(name: &str) -> anyhow::Result<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty()).with_context(|| format!("{name} is required with TLS_MODE=acme"))
}

impl AcmeSettings {
    pub fn from_env() -> anyhow::Result<Self> {
        let server = var("RFC2136_SERVER")?.parse().context("RFC2136_SERVER must be ip:port")?;
        Ok(Self {
            directory: var("ACME_DIRECTORY_URL")?,
            contact: std::env::var("ACME_CONTACT").ok().filter(|v| !v.is_empty()),
            ca_root: std::env::var("ACME_CA_ROOT").ok().filter(|v| !v.is_empty()),
            dns: DnsUpdater::new(server, &var("RFC2136_ZONE")?, &var("RFC2136_KEY_NAME")?, &var("RFC2136_KEY_SECRET")?)?,
            propagation_timeout: Duration::from_secs(
                control_plane::config::parsed("DNS_PROPAGATION_TIMEOUT_SECS")?.unwrap_or(120),
            ),
        })
    }
}

/// The platform's account at the CA: loaded from the control database, or created and stored.
async fn account(ctx: &Ctx, tls: &TlsSettings, acme: &AcmeSettings) -> anyhow::Result<Account> {
    // Both ring and aws-lc-rs are in the dependency graph, so rustls cannot pick for the ACME
    // client's HTTPS; choose aws-lc-rs (a second call is a harmless no-op).
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
    let builder = || match &acme.ca_root {
        Some(root) => Account::builder_with_root(root),
        None => Account::builder(),
    };
    if let Some(json) = store::acme_account(&ctx.db, &tls.master_key, &acme.directory).await? {
        let credentials: AccountCredentials = serde_json::from_str(&json)?;
        return Ok(builder()?.from_credentials(credentials).await?);
    }
    let contact: Vec<&str> = acme.contact.iter().map(String::as_str).collect();
    let new = NewAccount { contact: &contact, terms_of_service_agreed: true, only_return_existing: false };
    let (account, credentials) = builder()?.create(&new, acme.directory.clone(), None).await?;
    store::save_acme_account(&ctx.db, &tls.master_key, &acme.directory, &serde_json::to_string(&credentials)?).await?;
    Ok(account)
}

/// Runs one issuance, recording its start and its outcome for the admins to see.
async fn recorded(
    ctx: &Ctx,
    primary: &str,
    institution: Option<i64>,
    issuance: impl std::future::Future<Output = anyhow::Result<chrono::DateTime<chrono::Utc>>>,
) -> anyhow::Result<()> {
    store::attempt(&ctx.db, primary, institution, "started", None).await?;
    let result = issuance.await;
    let (status, message) = match &result {
        Ok(not_after) => ("issued", format!("valid until {not_after}")),
        Err(error) => ("failed", format!("{error:#}")),
    };
    store::attempt(&ctx.db, primary, institution, status, Some(&message)).await?;
    result.map(|_| ())
}

/// Once every challenge is answered: waits for the order, finalizes it (the key is made here)
/// and answers `(key PEM, chain PEM)`.
async fn finish(order: &mut instant_acme::Order) -> anyhow::Result<(String, String)> {
    let status = order.poll_ready(&RetryPolicy::default()).await?;
    if status != OrderStatus::Ready {
        bail!("the order ended {status:?} instead of ready");
    }
    let key_pem = order.finalize().await?;
    let chain_pem = order.poll_certificate(&RetryPolicy::default()).await?;
    Ok((key_pem, chain_pem))
}

/// Stores an issued certificate (its key sealed); answers its expiry.
async fn keep(
    ctx: &Ctx,
    tls: &TlsSettings,
    kind: &str,
    names: &[String],
    institution_id: Option<i64>,
    (key_pem, chain_pem): (String, String),
) -> anyhow::Result<chrono::DateTime<chrono::Utc>> {
    let not_after = not_after(&chain_pem)?;
    let certificate = NewCertificate {
        kind,
        primary_name: &names[0],
        names,
        institution_id,
        cert_pem: &chain_pem,
        key_pem: &key_pem,
        not_after,
    };
    store::save(&ctx.db, &tls.master_key, certificate).await?;
    Ok(not_after)
}

/// Orders the wildcard certificate for the base domain through DNS-01 and stores it.
pub async fn issue_wildcard(ctx: &Ctx, acme: &AcmeSettings) -> anyhow::Result<()> {
    let tls = ctx.config.tls.as_ref().context("TLS_MODE is off")?;
    let base = ctx.config.public_base_url.host.clone();
    recorded(ctx, &format!("*.{base}"), None, order_wildcard(ctx, tls, acme, &base)).await
}

async fn order_wildcard(ctx: &Ctx, tls: &TlsSettings, acme: &AcmeSettings, base: &str) -> anyhow::Result<chrono::DateTime<chrono::Utc>> {
    let account = account(ctx, tls, acme).await?;
    let names = vec![format!("*.{base}"), base.to_owned()];
    let identifiers: Vec<Identifier> = names.iter().map(|n| Identifier::Dns(n.clone())).collect();
    let mut order = account.new_order(&NewOrder::new(&identifiers)).await?;
    let mut published = Vec::new();
    let result = async {
        let mut authorizations = order.authorizations();
        while let Some(authorization) = authorizations.next().await {
            let mut authorization = authorization?;
            if authorization.status == AuthorizationStatus::Valid {
                continue;
            }
            let mut challenge = authorization.challenge(ChallengeType::Dns01).context("the CA offers no DNS-01 challenge")?;
            // The wildcard's challenge sits on the base name itself.
            let Identifier::Dns(domain) = challenge.identifier().identifier else { bail!("not a DNS identifier") };
            let record = format!("_acme-challenge.{domain}");
            let value = challenge.key_authorization().dns_value();
            acme.dns.add_txt(&record, &value).await?;
            published.push((record.clone(), value.clone()));
            dns::wait_visible(acme.dns.server(), &record, &value, acme.propagation_timeout).await?;
            challenge.set_ready().await?;
        }
        finish(&mut order).await
    }
    .await;
    for (record, value) in &published {
        if let Err(error) = acme.dns.remove_txt(record, value).await {
            tracing::warn!(%error, record, "could not remove a challenge record");
        }
    }
    keep(ctx, tls, "wildcard", &names, None, result?).await
}

/// Orders a verified custom domain's own certificate through HTTP-01 (answered by the edge from
/// `acme_challenges`) and stores it for that institution.
pub async fn issue_custom(ctx: &Ctx, acme: &AcmeSettings, domain: &DomainRow) -> anyhow::Result<()> {
    let tls = ctx.config.tls.as_ref().context("TLS_MODE is off")?;
    recorded(ctx, &domain.domain, Some(domain.institution_id), order_custom(ctx, tls, acme, domain)).await
}

async fn order_custom(ctx: &Ctx, tls: &TlsSettings, acme: &AcmeSettings, domain: &DomainRow) -> anyhow::Result<chrono::DateTime<chrono::Utc>> {
    let account = account(ctx, tls, acme).await?;
    let names = vec![domain.domain.clone()];
    let mut order = account.new_order(&NewOrder::new(&[Identifier::Dns(domain.domain.clone())])).await?;
    let mut tokens = Vec::new();
    let result = async {
        let mut authorizations = order.authorizations();
        while let Some(authorization) = authorizations.next().await {
            let mut authorization = authorization?;
            if authorization.status == AuthorizationStatus::Valid {
                continue;
            }
            let mut challenge = authorization.challenge(ChallengeType::Http01).context("the CA offers no HTTP-01 challenge")?;
            let token = challenge.token.clone();
            store::put_challenge(&ctx.db, &token, challenge.key_authorization().as_str(), &domain.domain).await?;
            tokens.push(token);
            challenge.set_ready().await?;
        }
        finish(&mut order).await
    }
    .await;
    for token in &tokens {
        store::drop_challenge(&ctx.db, token).await?;
    }
    keep(ctx, tls, "custom", &names, Some(domain.institution_id), result?).await
}

/// When a name that failed may be ordered again: jittered exponential backoff per name, so one
/// broken domain or an unreachable CA is not hammered every minute.
#[derive(Default)]
pub struct Backoffs(std::collections::HashMap<String, (i32, std::time::Instant)>);

impl Backoffs {
    pub fn ready(&self, name: &str) -> bool {
        self.0.get(name).is_none_or(|(_, at)| std::time::Instant::now() >= *at)
    }

    /// Records the outcome; answers how long the name now waits (zero after a success).
    pub fn record(&mut self, name: &str, ok: bool) -> Duration {
        if ok {
            self.0.remove(name);
            return Duration::ZERO;
        }
        let failures = self.0.get(name).map_or(0, |(n, _)| *n) + 1;
        let wait = crate::worker::backoff(failures);
        self.0.insert(name.to_owned(), (failures, std::time::Instant::now() + wait));
        wait
    }

    /// The earliest moment a failed name may be retried.
    fn next(&self) -> Option<std::time::Instant> {
        self.0.values().map(|(_, at)| *at).min()
    }
}

/// Re-checks verified domains last checked over `check_age` ago (a domain whose records no longer
/// point here is disabled and its certificate dropped), then orders certificates that are
/// missing or due, skipping names still backing off. Answers how many domains were disabled.
pub async fn maintain_domains(ctx: &Ctx, acme: &AcmeSettings, check_age: chrono::Duration, backoffs: &mut Backoffs) -> anyhow::Result<usize> {
    let resolver = control_plane::dns::resolver(ctx.config.dns_resolver)?;
    let mut disabled = 0;
    for domain in domains::due_for_check(&ctx.db, check_age).await? {
        let Some(tenant) = control_plane::institutions::store::tenant_by_id(&ctx.db, domain.institution_id).await? else { continue };
        let target = format!("{}.{}", tenant.slug, ctx.config.public_base_url.host);
        if let Some(problem) = domains::check(&ctx.db, &resolver, &domain, &target).await? {
            tracing::warn!(domain = domain.domain, problem, "custom domain disabled");
            disabled += 1;
        }
    }
    for domain in domains::needing_certificate(&ctx.db).await? {
        if !backoffs.ready(&domain.domain) {
            continue;
        }
        let result = issue_custom(ctx, acme, &domain).await;
        let wait = backoffs.record(&domain.domain, result.is_ok());
        if let Err(error) = result {
            tracing::warn!(domain = domain.domain, error = format!("{error:#}"), retry_in = ?wait, "custom domain certificate order failed");
        }
    }
    Ok(disabled)
}

/// The leaf certificate's expiry, read from its DER (x509 `notAfter`).
fn not_after(chain_pem: &str) -> anyhow::Result<chrono::DateTime<chrono::Utc>> {
    use rustls_pki_types::pem::PemObject;
    let leaf = rustls_pki_types::CertificateDer::pem_slice_iter(chain_pem.as_bytes()).next().context("empty chain")??;
    let (_, cert) = x509_parser::parse_x509_certificate(&leaf).map_err(|e| anyhow::anyhow!("bad certificate: {e}"))?;
    chrono::DateTime::from_timestamp(cert.validity().not_after.timestamp(), 0).context("expiry out of range")
}

/// Issues the wildcard when it is missing or runs out within 30 days; answers whether it did.
pub async fn renew_wildcard_if_due(ctx: &Ctx, acme: &AcmeSettings) -> anyhow::Result<bool> {
    let primary = format!("*.{}", ctx.config.public_base_url.host);
    let due = match store::expiry(&ctx.db, &primary).await? {
        Some(expiry) => expiry - chrono::Utc::now() < chrono::Duration::days(30),
        None => true,
    };
    if due {
        issue_wildcard(ctx, acme).await?;
    }
    Ok(due)
}

/// Keeps the wildcard valid (issued when missing or within 30 days of expiry) and the custom
/// domains checked and certified. A failed order is retried with jittered exponential backoff
/// (2 s doubling, at most 5 min) while the certificates already stored keep being served. Wakes
/// at least every `tick`, so a newly verified domain gets its certificate soon. Runs until the
/// process ends.
pub async fn maintain(ctx: Ctx, acme: AcmeSettings, tick: Duration) {
    let primary = format!("*.{}", ctx.config.public_base_url.host);
    let mut backoffs = Backoffs::default();
    let mut next_wildcard_check = std::time::Instant::now();
    loop {
        if std::time::Instant::now() >= next_wildcard_check && backoffs.ready(&primary) {
            let result = renew_wildcard_if_due(&ctx, &acme).await;
            let wait = backoffs.record(&primary, result.is_ok());
            match result {
                Ok(true) => tracing::info!(name = primary, "wildcard certificate issued"),
                Ok(false) => {}
                Err(error) => tracing::warn!(error = format!("{error:#}"), retry_in = ?wait, "wildcard certificate order failed"),
            }
            next_wildcard_check = std::time::Instant::now() + if wait.is_zero() { Duration::from_secs(3600) } else { wait };
        }
        if let Err(error) = maintain_domains(&ctx, &acme, chrono::Duration::hours(24), &mut backoffs).await {
            tracing::warn!(error = format!("{error:#}"), "custom domain maintenance failed");
        }
        let wake = [Some(next_wildcard_check), backoffs.next()].into_iter().flatten().min().unwrap_or(next_wildcard_check);
        let now = std::time::Instant::now();
        tokio::time::sleep(wake.saturating_duration_since(now).clamp(Duration::from_millis(100), tick)).await;
    }
}
