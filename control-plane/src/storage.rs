//! S3-compatible object storage: one bucket per tenant, on the S3 service of the tenant's cell
//! (the database server its placement names may name its own; `placement::Server::storage`).

use crate::config::StorageConfig;
use crate::placement::Server;
use crate::tenancy::TenantId;
use aws_sdk_s3::config::{Credentials, Region};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

fn client(config: &StorageConfig) -> aws_sdk_s3::Client {
    let credentials =
        Credentials::new(&config.access_key, config.secret_key.expose(), None, None, "lms-config");
    let s3 = aws_sdk_s3::Config::builder()
        .behavior_version_latest()
        .region(Region::new(config.region.clone()))
        .endpoint_url(&config.endpoint)
        .credentials_provider(credentials)
        .force_path_style(true)
        .build();
    aws_sdk_s3::Client::from_conf(s3)
}

/// `<prefix>t-<id>`: lowercase, digits and hyphens, as S3 bucket names must be.
pub fn bucket_name(config: &StorageConfig, tenant: TenantId) -> String {
    format!("{}t-{tenant}", config.bucket_prefix)
}

/// A client for each S3 service of the fleet, made on first use (a client holds its own
/// connection pool, so it is kept, not made per request).
#[derive(Clone)]
pub struct Stores {
    platform: StorageConfig,
    clients: Arc<Mutex<HashMap<(String, String), aws_sdk_s3::Client>>>,
}

impl Stores {
    pub fn new(platform: &StorageConfig) -> Self {
        Self { platform: platform.clone(), clients: Default::default() }
    }

    /// The platform's own S3 service (where backups are kept).
    pub fn platform(&self) -> aws_sdk_s3::Client {
        self.of(&self.platform)
    }

    /// The S3 service of a server's cell.
    pub fn cell(&self, server: &Server) -> aws_sdk_s3::Client {
        self.of(&server.storage(&self.platform))
    }

    /// Where a server's cell keeps its buckets: `scheme://host[:port]`, as a
    /// Content-Security-Policy names it.
    pub fn origin(&self, server: Option<&Server>) -> String {
        let endpoint = server.and_then(|s| s.storage_endpoint.as_deref()).unwrap_or(&self.platform.endpoint);
        origin(endpoint).to_owned()
    }

    fn of(&self, config: &StorageConfig) -> aws_sdk_s3::Client {
        let mut clients = self.clients.lock().expect("never poisoned: no panics while held");
        let key = (config.endpoint.clone(), config.region.clone());
        clients.entry(key).or_insert_with(|| client(config)).clone()
    }
}

/// `scheme://host[:port]` of a URL.
pub fn origin(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    url[after_scheme..].find('/').map_or(url, |end| &url[..after_scheme + end])
}
