//! The control plane: the kernel every service talks to. It owns the control database (schema
//! `control`) — identities, sessions, institutions and their lifecycle, site config, memberships,
//! reference data, provisioning jobs — and the HTTP routes over those tables. `tenant-api` serves
//! these routes next to the tenant ones; `provisioner` uses the job queue and the tenancy names.

pub mod access;
pub mod audit;
pub mod auth;
pub mod cache_stats;
pub mod calendar;
pub mod catalogue;
pub mod config;
pub mod db;
pub mod demo;
pub mod dhaka;
pub mod dns;
pub mod error;
pub mod failover;
pub mod html;
pub mod i18n;
pub mod institutions;
pub mod json;
pub mod leaderboard;
pub mod mail_templates;
pub mod memberships;
pub mod merchants;
pub mod messages;
pub mod pagination;
pub mod placement;
pub mod payouts;
pub mod promotions;
pub mod provisioning;
pub mod response;
pub mod reference;
pub mod router;
pub mod secret;
pub mod showcase;
pub mod sso;
pub mod state;
pub mod storage;
pub mod telemetry;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod teachers;
pub mod tenancy;
pub mod tls;
pub mod users;
pub mod validate;

pub use error::{AppError, AppResult};
pub use state::ControlState;

