//! Names and credentials of a tenant's database objects, and the tenant record the edge serves.
//!
//! A schema or role name is the only thing ever interpolated into SQL, so both are validated
//! newtypes built from the tenant id.

use crate::config::Config;
use anyhow::bail;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use serde::Serialize;
use sha2::Sha256;

pub type TenantId = i64;

/// A PostgreSQL identifier safe to interpolate: `^[a-z][a-z0-9_]{0,62}$`, not `pg_*`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SchemaName(String);

impl SchemaName {
    pub fn parse(name: &str) -> anyhow::Result<Self> {
        let mut chars = name.chars();
        let valid = name.len() <= 63
            && chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && !name.starts_with("pg_");
        if !valid {
            bail!("invalid PostgreSQL identifier {name:?}");
        }
        Ok(Self(name.to_owned()))
    }

    pub fn for_tenant(id: TenantId) -> Self {
        Self(format!("t_{id}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The database role of one tenant and the password it logs in with. The password is derived
/// from `TENANT_DB_SECRET`, so it is never stored anywhere.
#[derive(Clone)]
pub struct TenantRole {
    pub name: SchemaName,
    pub password: String,
}

impl TenantRole {
    pub fn for_tenant(config: &Config, id: TenantId) -> Self {
        let name = SchemaName::parse(&format!("{}t_{id}_app", config.tenant_role_prefix))
            .expect("prefix is validated in Config");
        let mut mac = Hmac::<Sha256>::new_from_slice(config.tenant_db_secret.expose().as_bytes())
            .expect("HMAC takes any key length");
        mac.update(name.as_str().as_bytes());
        let password = hex::encode(mac.finalize().into_bytes());
        Self { name, password }
    }
}

impl std::fmt::Debug for TenantRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TenantRole").field("name", &self.name).finish_non_exhaustive()
    }
}

/// What the edge knows about the tenant behind a host. Inserted into every request's extensions.
#[derive(Clone, Debug, Serialize, sqlx::FromRow)]
pub struct Tenant {
    pub id: TenantId,
    pub slug: String,
    pub is_main: bool,
    pub state: String,
    pub institution_name: String,
    pub institution_name_en: String,
    pub site_config: serde_json::Value,
    pub logo_key: Option<String>,
    pub updated_at: DateTime<Utc>,
}

impl Tenant {
    pub fn is_active(&self) -> bool {
        self.state == "active"
    }

    pub fn schema(&self) -> SchemaName {
        SchemaName::for_tenant(self.id)
    }
}

/// Which site a request's `Host` names.
#[derive(Debug, PartialEq)]
pub enum HostSite {
    Main,
    Partner(String),
    Unknown,
}

/// `localhost` -> main, `dhaka.localhost:8080` -> partner `dhaka`, anything else -> unknown.
pub fn site_for_host(host: &str, base_domain: &str) -> HostSite {
    let host = host.split(':').next().unwrap_or_default().trim_end_matches('.').to_ascii_lowercase();
    if host == base_domain || host == format!("www.{base_domain}") {
        return HostSite::Main;
    }
    match host.strip_suffix(base_domain).and_then(|h| h.strip_suffix('.')) {
        Some(label) if !label.is_empty() && !label.contains('.') => HostSite::Partner(label.to_owned()),
        _ => HostSite::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_names_are_plain_identifiers() {
        assert!(SchemaName::parse("t_12").is_ok());
        assert!(SchemaName::parse("control").is_ok());
        for bad in ["", "1abc", "T_1", "t-1", "pg_catalog", "t;drop", &"a".repeat(64)] {
            assert!(SchemaName::parse(bad).is_err(), "{bad} must be refused");
        }
    }

    #[test]
    fn hosts_map_to_sites() {
        assert_eq!(site_for_host("localhost:8080", "localhost"), HostSite::Main);
        assert_eq!(site_for_host("www.localhost", "localhost"), HostSite::Main);
        assert_eq!(site_for_host("Dhaka.LocalHost:8080", "localhost"), HostSite::Partner("dhaka".into()));
        assert_eq!(site_for_host("a.b.localhost", "localhost"), HostSite::Unknown);
        assert_eq!(site_for_host("evil-localhost", "localhost"), HostSite::Unknown);
        assert_eq!(site_for_host("example.com", "localhost"), HostSite::Unknown);
    }
}
