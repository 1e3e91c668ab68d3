//! S3-compatible object storage: one bucket per tenant.

use crate::config::StorageConfig;
use crate::tenancy::TenantId;
use aws_sdk_s3::config::{Credentials, Region};

pub fn client(config: &StorageConfig) -> aws_sdk_s3::Client {
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
