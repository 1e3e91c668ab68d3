//! The provisioner turns an approved institution into a live tenant — database role, schema
//! owned by it, tenant migrations, storage bucket, certificate (a seam until TLS lands),
//! activation — and removes deleted ones. Every step is idempotent, so a crash anywhere resumes
//! cleanly. `fleet` upgrades every tenant's schema; `moving` moves one to another database server (and its
//! bucket to that server's S3 service); `backup` archives and restores one; `buckets` copies buckets.

pub mod acme;
pub mod backup;
pub mod buckets;
pub mod config;
pub mod dns;
pub mod fleet;
pub mod moving;
pub mod steps;
pub mod worker;

pub use config::ProvisionerConfig;
pub use steps::Ctx;
