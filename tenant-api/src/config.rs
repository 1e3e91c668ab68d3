//! Edge settings (besides the shared ones of `control_plane::config`):
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `LISTEN_ADDR` | HTTP listener (with `TLS_MODE=acme`: ACME challenges and redirects only) | `0.0.0.0:8080` |
//! | `HTTPS_LISTEN_ADDR` | HTTPS listener, used with `TLS_MODE=acme` | `0.0.0.0:8443` |
//! | `HTTPS_PUBLIC_PORT` | the HTTPS port clients see, for redirects | port of `HTTPS_LISTEN_ADDR` |
//! | `WEB_DIST` | the built web app (`web/dist`) | `web/dist` |
//! | `TENANT_DB_CONNECTION_BUDGET` | most connections all tenant pools together may hold | `100` |
//! | `TENANT_POOL_MAX_CONNECTIONS` | most connections of one tenant's pool | `5` |
//! | `TENANT_POOL_IDLE_SECS` | a pool unused this long is closed | `300` |
//! | `HOST_CACHE_TTL_SECS` | host -> tenant entries live at most this long (changes also evict them at once) | `60` |
//! | `SSLCOMMERZ_URL` | the SSLCommerz gateway (`https://sandbox.sslcommerz.com`; `infra/run` starts a local one); unset: paid batches cannot be bought | unset |
//! | `SSLCOMMERZ_STORE_ID`, `SSLCOMMERZ_STORE_PASSWORD` | the platform's store credentials at that gateway | unset |
//! | `BKASH_URL` | bKash's tokenized checkout (`https://tokenized.sandbox.bka.sh/v1.2.0-beta`; `infra/run` starts a local one); unset: no bKash | unset |
//! | `BKASH_APP_KEY`, `BKASH_APP_SECRET`, `BKASH_USERNAME`, `BKASH_PASSWORD` | the platform's merchant credentials at bKash | unset |
//! | `PLATFORM_COMMISSION_PERCENT` | the platform's share of each payment, in percent (up to two decimals) | `10` |

use control_plane::config::parsed;
use control_plane::secret::Secret;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct EdgeConfig {
    pub listen: SocketAddr,
    pub https_listen: SocketAddr,
    pub https_public_port: u16,
    /// The HTTPS listener's connections start with a PROXY protocol v2 header from the load
    /// balancer (`HTTPS_PROXY_PROTOCOL=true`; `crate::proxy_protocol`).
    pub https_proxy_protocol: bool,
    pub web_dist: PathBuf,
    pub connection_budget: u32,
    pub pool_max_connections: u32,
    pub pool_idle: Duration,
    pub host_ttl: Duration,
    pub payments: PaymentsConfig,
    /// Where Prometheus scrapes `/metrics` (`METRICS_LISTEN`); none: not served. Never the
    /// public listener: the figures are the operator's.
    pub metrics_listen: Option<SocketAddr>,
}

#[derive(Clone, Debug)]
pub struct PaymentsConfig {
    pub sslcommerz: Option<SslCommerzConfig>,
    pub bkash: Option<BkashConfig>,
    /// The platform's share of a payment in basis points (1/100 of a percent).
    pub commission_bps: i64,
}

impl Default for PaymentsConfig {
    fn default() -> Self {
        Self { sslcommerz: None, bkash: None, commission_bps: 1_000 }
    }
}

#[derive(Clone, Debug)]
pub struct SslCommerzConfig {
    pub url: String,
    pub store_id: String,
    pub store_password: Secret,
}

#[derive(Clone, Debug)]
pub struct BkashConfig {
    /// Up to and including the version, e.g. `https://tokenized.sandbox.bka.sh/v1.2.0-beta`.
    pub url: String,
    pub app_key: String,
    pub app_secret: Secret,
    pub username: String,
    pub password: Secret,
}

/// A variable that must be set when `with` is.
fn needed(name: &str, with: &str) -> anyhow::Result<String> {
    parsed::<String>(name)?.ok_or_else(|| anyhow::anyhow!("{name} is required with {with}"))
}

impl PaymentsConfig {
    fn from_env() -> anyhow::Result<Self> {
        let sslcommerz = match parsed::<String>("SSLCOMMERZ_URL")? {
            None => None,
            Some(url) => Some(SslCommerzConfig {
                url,
                store_id: needed("SSLCOMMERZ_STORE_ID", "SSLCOMMERZ_URL")?,
                store_password: Secret::new(needed("SSLCOMMERZ_STORE_PASSWORD", "SSLCOMMERZ_URL")?),
            }),
        };
        let bkash = match parsed::<String>("BKASH_URL")? {
            None => None,
            Some(url) => Some(BkashConfig {
                url,
                app_key: needed("BKASH_APP_KEY", "BKASH_URL")?,
                app_secret: Secret::new(needed("BKASH_APP_SECRET", "BKASH_URL")?),
                username: needed("BKASH_USERNAME", "BKASH_URL")?,
                password: Secret::new(needed("BKASH_PASSWORD", "BKASH_URL")?),
            }),
        };
        let commission_bps = match parsed::<String>("PLATFORM_COMMISSION_PERCENT")? {
            None => Self::default().commission_bps,
            Some(text) => crate::payments::money::parse_taka(&text, 100_00)
                .ok_or_else(|| anyhow::anyhow!("PLATFORM_COMMISSION_PERCENT must be a percentage from 0 to 100"))?,
        };
        Ok(Self { sslcommerz, bkash, commission_bps })
    }
}

impl Default for EdgeConfig {
    fn default() -> Self {
        Self {
            listen: ([0, 0, 0, 0], 8080).into(),
            https_listen: ([0, 0, 0, 0], 8443).into(),
            https_public_port: 8443,
            https_proxy_protocol: false,
            web_dist: "web/dist".into(),
            connection_budget: 100,
            pool_max_connections: 5,
            pool_idle: Duration::from_secs(300),
            host_ttl: Duration::from_secs(60),
            payments: PaymentsConfig::default(),
            metrics_listen: None,
        }
    }
}

impl EdgeConfig {
    pub fn from_env() -> anyhow::Result<Self> {
        let d = Self::default();
        let https_listen: SocketAddr = parsed("HTTPS_LISTEN_ADDR")?.unwrap_or(d.https_listen);
        let config = Self {
            listen: parsed("LISTEN_ADDR")?.unwrap_or(d.listen),
            https_listen,
            https_public_port: parsed("HTTPS_PUBLIC_PORT")?.unwrap_or(https_listen.port()),
            https_proxy_protocol: parsed("HTTPS_PROXY_PROTOCOL")?.unwrap_or(d.https_proxy_protocol),
            web_dist: parsed("WEB_DIST")?.unwrap_or(d.web_dist),
            connection_budget: parsed("TENANT_DB_CONNECTION_BUDGET")?.unwrap_or(d.connection_budget),
            pool_max_connections: parsed("TENANT_POOL_MAX_CONNECTIONS")?.unwrap_or(d.pool_max_connections),
            pool_idle: parsed("TENANT_POOL_IDLE_SECS")?.map(Duration::from_secs).unwrap_or(d.pool_idle),
            host_ttl: parsed("HOST_CACHE_TTL_SECS")?.map(Duration::from_secs).unwrap_or(d.host_ttl),
            payments: PaymentsConfig::from_env()?,
            metrics_listen: parsed("METRICS_LISTEN")?,
        };
        anyhow::ensure!(
            config.pool_max_connections >= 1 && config.connection_budget >= config.pool_max_connections,
            "TENANT_DB_CONNECTION_BUDGET must be at least TENANT_POOL_MAX_CONNECTIONS (>= 1)"
        );
        Ok(config)
    }
}
