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

use control_plane::config::parsed;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct EdgeConfig {
    pub listen: SocketAddr,
    pub https_listen: SocketAddr,
    pub https_public_port: u16,
    pub web_dist: PathBuf,
    pub connection_budget: u32,
    pub pool_max_connections: u32,
    pub pool_idle: Duration,
    pub host_ttl: Duration,
}

impl Default for EdgeConfig {
    fn default() -> Self {
        Self {
            listen: ([0, 0, 0, 0], 8080).into(),
            https_listen: ([0, 0, 0, 0], 8443).into(),
            https_public_port: 8443,
            web_dist: "web/dist".into(),
            connection_budget: 100,
            pool_max_connections: 5,
            pool_idle: Duration::from_secs(300),
            host_ttl: Duration::from_secs(60),
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
            web_dist: parsed("WEB_DIST")?.unwrap_or(d.web_dist),
            connection_budget: parsed("TENANT_DB_CONNECTION_BUDGET")?.unwrap_or(d.connection_budget),
            pool_max_connections: parsed("TENANT_POOL_MAX_CONNECTIONS")?.unwrap_or(d.pool_max_connections),
            pool_idle: parsed("TENANT_POOL_IDLE_SECS")?.map(Duration::from_secs).unwrap_or(d.pool_idle),
            host_ttl: parsed("HOST_CACHE_TTL_SECS")?.map(Duration::from_secs).unwrap_or(d.host_ttl),
        };
        anyhow::ensure!(
            config.pool_max_connections >= 1 && config.connection_budget >= config.pool_max_connections,
            "TENANT_DB_CONNECTION_BUDGET must be at least TENANT_POOL_MAX_CONNECTIONS (>= 1)"
        );
        Ok(config)
    }
}
