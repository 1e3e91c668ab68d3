//! Provisioner settings (besides the shared ones of `control_plane::config`):
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `PROVISIONER_WORKERS` | jobs run at once | `4` |
//! | `PROVISIONER_LEASE_SECS` | a claimed job returns to the queue if its worker is silent this long | `60` |
//! | `PROVISIONER_POLL_SECS` | queue poll interval (jobs also wake workers through LISTEN/NOTIFY) | `2` |
//! | `TENANT_ROLE_CONNECTION_LIMIT` | `CONNECTION LIMIT` of each tenant role | `20` |
//! | `PROVISIONER_FAULT_AFTER_STEP` | test-only fault injection: abort the process right after this step's effect, before it is recorded | unset |

use control_plane::config::parsed;
use std::time::Duration;

#[derive(Clone, Debug)]
pub struct ProvisionerConfig {
    pub workers: usize,
    pub lease: Duration,
    pub poll: Duration,
    pub role_connection_limit: u32,
    pub fault_after_step: Option<String>,
}

impl Default for ProvisionerConfig {
    fn default() -> Self {
        Self {
            workers: 4,
            lease: Duration::from_secs(60),
            poll: Duration::from_secs(2),
            role_connection_limit: 20,
            fault_after_step: None,
        }
    }
}

impl ProvisionerConfig {
    pub fn from_env() -> anyhow::Result<Self> {
        let d = Self::default();
        Ok(Self {
            workers: parsed("PROVISIONER_WORKERS")?.unwrap_or(d.workers).max(1),
            lease: parsed("PROVISIONER_LEASE_SECS")?.map(Duration::from_secs).unwrap_or(d.lease),
            poll: parsed("PROVISIONER_POLL_SECS")?.map(Duration::from_secs).unwrap_or(d.poll),
            role_connection_limit: parsed("TENANT_ROLE_CONNECTION_LIMIT")?.unwrap_or(d.role_connection_limit),
            fault_after_step: std::env::var("PROVISIONER_FAULT_AFTER_STEP").ok().filter(|s| !s.is_empty()),
        })
    }
}
