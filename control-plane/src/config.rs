//! Configuration shared by every service, read from environment variables:
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `DATABASE_URL` | control database, as a role that may create roles and schemas | required |
//! | `PUBLIC_BASE_URL` | the main site's address; partner sites are `<slug>.` + its host | `http://localhost:8080` |
//! | `TENANT_DB_SECRET` | key from which each tenant role's database password is derived | required |
//! | `TENANT_ROLE_PREFIX` | prefix of tenant role names (lets several platforms share a cluster) | empty |
//! | `DATABASE_REPLICAS` | the control database's standbys, `host:port,…`: every service writes to whichever node of them and `DATABASE_URL`'s takes writes | unset: no standby |
//! | `CONTROL_DB_MAX_CONNECTIONS` | connections of the control pool | `10` |
//! | `SEARCH_DB_MAX_CONNECTIONS` | connections of the catalogue's word-search pool (same database) | `4` |
//! | `S3_ENDPOINT`, `S3_ACCESS_KEY`, `S3_SECRET_KEY` | S3-compatible storage | required |
//! | `S3_REGION` | storage region | `us-east-1` |
//! | `S3_BUCKET_PREFIX` | prefix of tenant bucket names | `lms-` |
//! | `DNS_RESOLVER` | ip:port of the resolver used to verify custom domains | the system's |
//! | `TLS_MODE` | `off` (plain HTTP, local development) or `acme` (HTTPS with stored certificates) | `off` |
//! | `TLS_MASTER_KEY` | 64 hex digits; seals certificate private keys at rest (required with `acme`) | unset |
//! | `SMTP_URL` | where e-mail goes: `smtp://host:port` (plain), `smtp://user:pass@host:587?tls=required`, `smtps://host` | unset: mail waits in the outbox |
//! | `MAIL_FROM` | the sender address of every e-mail (its name is the site's) | `no-reply@` + the base domain |
//! | `SMS_GATEWAY` | which gateway `SMS_GATEWAY_URL` is: `sslwireless` or `kannel` | `sslwireless` |
//! | `SMS_GATEWAY_URL` | SSL Wireless's API (ISMS Plus v3) base address, e.g. `https://smsplus.sslwireless.com`, or a Kannel smsbox's, e.g. `http://127.0.0.1:13013` | unset: SMS waits in the outbox |
//! | `SMS_API_TOKEN`, `SMS_SID` | the SSL Wireless account's API token and stakeholder id | required with `sslwireless` |
//! | `SMS_KANNEL_USER`, `SMS_KANNEL_PASSWORD` | the Kannel `sendsms-user` | required with `kannel` |
//! | `SMS_SENDER` | the sender Kannel shows on phones | Kannel's |
//! | `SMS_REPORT_BASE_URL` | where Kannel reaches this platform with delivery reports | `PUBLIC_BASE_URL` |
//! | `TEACHER_REGISTRY_URL` | the teacher registries' gateway (`infra/registry/teachers.py` locally) | unset: teacher verification is off |
//! | `TEACHER_REGISTRY_KEY` | its API key | required with `TEACHER_REGISTRY_URL` |
//! | `SSO_MYGOV_ISSUER` | myGov's OpenID Connect issuer (`infra/oidc` locally) | unset: no myGov sign-in |
//! | `SSO_MYGOV_CLIENT_ID`, `SSO_MYGOV_CLIENT_SECRET` | this platform's client at myGov | required with the issuer |
//! | `SSO_MYGOV_RECOVERY_URL` | myGov's own page for a forgotten password | unset |
//! | `SSO_GOOGLE_ISSUER`, `SSO_GOOGLE_CLIENT_ID`, `SSO_GOOGLE_CLIENT_SECRET` | Google's, likewise (`https://accounts.google.com`) | unset: no Google sign-in |
//! | `SSO_FACEBOOK_DIALOG_URL`, `SSO_FACEBOOK_GRAPH_URL` | Facebook Login's dialog and the Graph API, versioned (`https://www.facebook.com/v19.0/dialog/oauth`, `https://graph.facebook.com/v19.0`) | unset: no Facebook sign-in |
//! | `SSO_FACEBOOK_APP_ID`, `SSO_FACEBOOK_APP_SECRET` | the Facebook app | required with the dialog URL |
//! | `PUSH_VAPID_KEY` | this platform's Web Push key: P-256, unencrypted PKCS#8 DER, base64url (`infra/lib.sh`'s `vapid_key`) | unset: no browser notifications |
//! | `PUSH_CONTACT` | who push services may write to about our pushes (`mailto:` or `https:`) | `mailto:` + `MAIL_FROM` |
//! | `PUSH_SERVICES` | the push services browsers may subscribe through, by host, comma-separated; `*.` matches subdomains; only loopback hosts may be plain HTTP | Chrome's, Firefox's, Safari's and Edge's |

use crate::secret::Secret;
use crate::tls::sealing::MasterKey;
use anyhow::{Context, bail};

#[derive(Clone, Debug)]
pub struct Config {
    pub database_url: Secret,
    /// The control database's other nodes (`host:port`), any of which may be promoted; every
    /// service follows the node taking writes (`crate::failover`).
    pub database_replicas: Vec<String>,
    pub public_base_url: PublicUrl,
    pub tenant_db_secret: Secret,
    pub tenant_role_prefix: String,
    pub control_db_max_connections: u32,
    /// The catalogue's word searches have a pool of their own (`catalogue::store::Pools`).
    pub search_db_max_connections: u32,
    pub storage: StorageConfig,
    /// `None` while `TLS_MODE=off`.
    pub tls: Option<TlsSettings>,
    pub dns_resolver: Option<std::net::SocketAddr>,
    pub mail: MailConfig,
    /// `None` while no SMS gateway is configured.
    pub sms: Option<SmsConfig>,
    /// `None` while no teacher registry is configured.
    pub teacher_registry: Option<RegistryConfig>,
    /// The identity providers people may sign in with; none by default.
    pub sso: SsoConfig,
    /// `None` while no VAPID key is configured.
    pub push: Option<PushConfig>,
}

/// Web Push: the key every push is signed with, and the push services subscriptions may name
/// (the platform POSTs to a subscription's endpoint, so an endpoint anywhere else is refused).
#[derive(Clone, Debug)]
pub struct PushConfig {
    pub vapid: std::sync::Arc<crate::messages::push::webpush::Vapid>,
    pub services: Vec<String>,
}

/// The push services of Chrome (FCM), Firefox (Mozilla autopush), Safari and Edge (WNS).
const PUSH_SERVICES: &str = "fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com";

impl PushConfig {
    fn from_env(mail_from: &str) -> anyhow::Result<Option<Self>> {
        let Some(key) = var("PUSH_VAPID_KEY") else { return Ok(None) };
        let contact = var("PUSH_CONTACT").unwrap_or_else(|| format!("mailto:{mail_from}"));
        let vapid = crate::messages::push::webpush::Vapid::from_base64(&key, contact).context("PUSH_VAPID_KEY")?;
        let services = var("PUSH_SERVICES").unwrap_or_else(|| PUSH_SERVICES.into());
        Ok(Some(Self { vapid: std::sync::Arc::new(vapid), services: services.split(',').map(|s| s.trim().to_ascii_lowercase()).filter(|s| !s.is_empty()).collect() }))
    }
}

#[derive(Clone, Debug, Default)]
pub struct SsoConfig {
    pub mygov: Option<OidcSettings>,
    pub mygov_recovery_url: Option<String>,
    pub google: Option<OidcSettings>,
    pub facebook: Option<FacebookSettings>,
}

/// An OpenID Connect provider and this platform's client there.
#[derive(Clone, Debug)]
pub struct OidcSettings {
    pub issuer: String,
    pub client_id: String,
    pub client_secret: Secret,
}

#[derive(Clone, Debug)]
pub struct FacebookSettings {
    pub dialog_url: String,
    pub graph_url: String,
    pub app_id: String,
    pub app_secret: Secret,
}

impl SsoConfig {
    fn from_env() -> anyhow::Result<Self> {
        let oidc = |name: &str| -> anyhow::Result<Option<OidcSettings>> {
            let Some(issuer) = var(&format!("SSO_{name}_ISSUER")) else { return Ok(None) };
            Ok(Some(OidcSettings {
                issuer,
                client_id: required(&format!("SSO_{name}_CLIENT_ID"))?,
                client_secret: Secret::new(required(&format!("SSO_{name}_CLIENT_SECRET"))?),
            }))
        };
        let facebook = match var("SSO_FACEBOOK_DIALOG_URL") {
            Some(dialog_url) => Some(FacebookSettings {
                dialog_url,
                graph_url: required("SSO_FACEBOOK_GRAPH_URL")?,
                app_id: required("SSO_FACEBOOK_APP_ID")?,
                app_secret: Secret::new(required("SSO_FACEBOOK_APP_SECRET")?),
            }),
            None => None,
        };
        Ok(Self { mygov: oidc("MYGOV")?, mygov_recovery_url: var("SSO_MYGOV_RECOVERY_URL"), google: oidc("GOOGLE")?, facebook })
    }
}

#[derive(Clone, Debug)]
pub struct RegistryConfig {
    pub url: String,
    pub api_key: Secret,
}

impl RegistryConfig {
    fn from_env() -> anyhow::Result<Option<Self>> {
        let Some(url) = var("TEACHER_REGISTRY_URL") else { return Ok(None) };
        Ok(Some(Self { url, api_key: Secret::new(required("TEACHER_REGISTRY_KEY")?) }))
    }
}

#[derive(Clone, Debug)]
pub enum SmsConfig {
    SslWireless(SslWirelessConfig),
    Kannel(KannelConfig),
}

/// SSL Wireless's ISMS Plus API and the account there.
#[derive(Clone, Debug)]
pub struct SslWirelessConfig {
    pub url: String,
    pub api_token: Secret,
    pub sid: String,
}

/// A Kannel smsbox's `sendsms` interface, its account, and where Kannel reaches us with delivery
/// reports.
#[derive(Clone, Debug)]
pub struct KannelConfig {
    pub url: String,
    pub username: String,
    pub password: Secret,
    /// The sender shown on phones (a number or an approved mask); Kannel's default when `None`.
    pub sender: Option<String>,
    pub report_base: String,
}

impl SmsConfig {
    fn from_env(base: &PublicUrl) -> anyhow::Result<Option<Self>> {
        let Some(url) = var("SMS_GATEWAY_URL") else { return Ok(None) };
        Ok(Some(match var("SMS_GATEWAY").as_deref().unwrap_or("sslwireless") {
            "sslwireless" => Self::SslWireless(SslWirelessConfig { url, api_token: Secret::new(required("SMS_API_TOKEN")?), sid: required("SMS_SID")? }),
            "kannel" => Self::Kannel(KannelConfig {
                url,
                username: required("SMS_KANNEL_USER")?,
                password: Secret::new(required("SMS_KANNEL_PASSWORD")?),
                sender: var("SMS_SENDER"),
                report_base: var("SMS_REPORT_BASE_URL").unwrap_or_else(|| base.site_url(None)),
            }),
            other => bail!("SMS_GATEWAY must be sslwireless or kannel, not {other}"),
        }))
    }
}

#[derive(Clone, Debug)]
pub struct MailConfig {
    /// `None`: messages are kept in the outbox until a server is configured.
    pub smtp_url: Option<Secret>,
    pub from: String,
}

impl MailConfig {
    pub fn new(smtp_url: Option<String>, base: &PublicUrl) -> Self {
        Self { smtp_url: smtp_url.map(Secret::new), from: var("MAIL_FROM").unwrap_or_else(|| format!("no-reply@{}", base.host)) }
    }
}

#[derive(Clone, Debug)]
pub struct TlsSettings {
    pub master_key: MasterKey,
}

#[derive(Clone, Debug)]
pub struct StorageConfig {
    pub endpoint: String,
    pub access_key: String,
    pub secret_key: Secret,
    pub region: String,
    pub bucket_prefix: String,
}

/// The main site's public address, split so partner addresses can be built from it.
#[derive(Clone, Debug, PartialEq)]
pub struct PublicUrl {
    pub scheme: String,
    /// The base domain: `localhost`, `lms.example.org`.
    pub host: String,
    pub port: Option<u16>,
}

impl PublicUrl {
    pub fn parse(url: &str) -> anyhow::Result<Self> {
        let (scheme, rest) = url.split_once("://").context("PUBLIC_BASE_URL needs a scheme")?;
        let authority = rest.split('/').next().unwrap_or_default();
        let (host, port) = match authority.rsplit_once(':') {
            Some((h, p)) => (h, Some(p.parse().context("PUBLIC_BASE_URL port")?)),
            None => (authority, None),
        };
        if host.is_empty() {
            bail!("PUBLIC_BASE_URL needs a host");
        }
        Ok(Self { scheme: scheme.to_owned(), host: host.to_ascii_lowercase(), port })
    }

    /// The address of a site: the main site for `None`, else `<slug>.<base>`.
    pub fn site_url(&self, slug: Option<&str>) -> String {
        let port = self.port.map(|p| format!(":{p}")).unwrap_or_default();
        match slug {
            Some(slug) => format!("{}://{slug}.{}{port}", self.scheme, self.host),
            None => format!("{}://{}{port}", self.scheme, self.host),
        }
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

/// An optional variable parsed as `T`; unset or empty is `None`, unparsable an error naming it.
pub fn parsed<T: std::str::FromStr>(name: &str) -> anyhow::Result<Option<T>>
where
    T::Err: std::error::Error + Send + Sync + 'static,
{
    var(name).map(|v| v.parse::<T>()).transpose().with_context(|| name.to_owned())
}

/// `host:port,host:port`, each checked.
fn replicas(list: Option<String>) -> anyhow::Result<Vec<String>> {
    let nodes = list.iter().flat_map(|l| l.split(',')).map(str::trim).filter(|n| !n.is_empty());
    nodes
        .map(|n| crate::failover::parse_node(n).map(|_| n.to_owned()).with_context(|| format!("DATABASE_REPLICAS: {n} is not HOST:PORT")))
        .collect()
}

fn required(name: &str) -> anyhow::Result<String> {
    var(name).with_context(|| format!("environment variable {name} is required"))
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let tenant_role_prefix = var("TENANT_ROLE_PREFIX").unwrap_or_default();
        if !tenant_role_prefix.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
            bail!("TENANT_ROLE_PREFIX may hold only a-z, 0-9 and _");
        }
        let public_base_url = PublicUrl::parse(&var("PUBLIC_BASE_URL").unwrap_or_else(|| "http://localhost:8080".into()))?;
        let mail = MailConfig::new(var("SMTP_URL"), &public_base_url);
        Ok(Self {
            database_url: Secret::new(required("DATABASE_URL")?),
            database_replicas: replicas(var("DATABASE_REPLICAS"))?,
            push: PushConfig::from_env(&mail.from)?,
            mail,
            sms: SmsConfig::from_env(&public_base_url)?,
            teacher_registry: RegistryConfig::from_env()?,
            sso: SsoConfig::from_env()?,
            public_base_url,
            tenant_db_secret: Secret::new(required("TENANT_DB_SECRET")?),
            tenant_role_prefix,
            control_db_max_connections: parsed("CONTROL_DB_MAX_CONNECTIONS")?.unwrap_or(10),
            search_db_max_connections: parsed::<u32>("SEARCH_DB_MAX_CONNECTIONS")?.unwrap_or(4).max(1),
            storage: StorageConfig {
                endpoint: required("S3_ENDPOINT")?,
                access_key: required("S3_ACCESS_KEY")?,
                secret_key: Secret::new(required("S3_SECRET_KEY")?),
                region: var("S3_REGION").unwrap_or_else(|| "us-east-1".into()),
                bucket_prefix: var("S3_BUCKET_PREFIX").unwrap_or_else(|| "lms-".into()),
            },
            tls: match var("TLS_MODE").as_deref() {
                None | Some("off") => None,
                Some("acme") => Some(TlsSettings { master_key: MasterKey::from_hex(&required("TLS_MASTER_KEY")?)? }),
                Some(other) => bail!("TLS_MODE must be off or acme, not {other}"),
            },
            dns_resolver: parsed("DNS_RESOLVER")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_urls_put_the_slug_before_the_base_domain() {
        let url = PublicUrl::parse("http://localhost:8080").unwrap();
        assert_eq!(url.site_url(None), "http://localhost:8080");
        assert_eq!(url.site_url(Some("dhaka")), "http://dhaka.localhost:8080");
        let url = PublicUrl::parse("https://LMS.example.org/").unwrap();
        assert_eq!(url.host, "lms.example.org");
        assert_eq!(url.site_url(Some("x")), "https://x.lms.example.org");
    }
}
