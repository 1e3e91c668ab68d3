//! DNS lookups (hickory-resolver) for domain verification and ACME propagation checks: against
//! one given server (an authoritative one, or `DNS_RESOLVER`), else the system's resolvers.
//! No cache, so every check sees the records as they are now.

use hickory_resolver::TokioResolver;
use hickory_resolver::config::{NameServerConfig, ResolverConfig};
use hickory_resolver::net::runtime::TokioRuntimeProvider;
use hickory_resolver::proto::rr::{Name, RData, RecordType};
use std::net::SocketAddr;

pub fn resolver(server: Option<SocketAddr>) -> anyhow::Result<TokioResolver> {
    let mut builder = match server {
        Some(server) => {
            let mut ns = NameServerConfig::udp_and_tcp(server.ip());
            for connection in &mut ns.connections {
                connection.port = server.port();
            }
            TokioResolver::builder_with_config(ResolverConfig::from_name_servers(vec![ns]), TokioRuntimeProvider::default())
        }
        None => TokioResolver::builder_tokio()?,
    };
    builder.options_mut().cache_size = 0;
    Ok(builder.build()?)
}

pub fn fqdn(name: &str) -> anyhow::Result<Name> {
    let mut name = Name::from_ascii(name).map_err(|e| anyhow::anyhow!("bad DNS name {name}: {e}"))?;
    name.set_fqdn(true);
    Ok(name)
}

/// The TXT strings at `name` (empty when there are none).
pub async fn txt(resolver: &TokioResolver, name: &str) -> anyhow::Result<Vec<String>> {
    let Ok(lookup) = resolver.txt_lookup(fqdn(name)?).await else { return Ok(Vec::new()) };
    Ok(lookup
        .answers()
        .iter()
        .filter_map(|r| match &r.data {
            RData::TXT(txt) => Some(txt.txt_data.iter().map(|d| String::from_utf8_lossy(d).into_owned()).collect::<String>()),
            _ => None,
        })
        .collect())
}

/// The CNAME target of `name`, lowercase without the final dot.
pub async fn cname(resolver: &TokioResolver, name: &str) -> anyhow::Result<Option<String>> {
    let Ok(lookup) = resolver.lookup(fqdn(name)?, RecordType::CNAME).await else { return Ok(None) };
    Ok(lookup.answers().iter().find_map(|r| match &r.data {
        RData::CNAME(target) => Some(target.0.to_ascii().trim_end_matches('.').to_ascii_lowercase()),
        _ => None,
    }))
}
