//! The edge: every request for `<slug>.<base-domain>` is resolved to its tenant and served from
//! that tenant's own pool (its role, its schema) and bucket, next to the control plane's routes
//! and the built web app.

pub mod accounts;
pub mod activity;
pub mod announce;
pub mod assessment;
pub mod bulk;
pub mod certificates;
pub mod classrooms;
pub mod contents;
pub mod courses;
pub mod dashboard;
pub mod demo;
pub mod events;
pub mod exams;
pub mod files;
pub mod config;
pub mod guard;
pub mod headers;
pub mod hosts;
pub mod learning;
pub mod media;
pub mod notifications;
pub mod observability;
pub mod payments;
pub mod permissions;
pub mod pools;
pub mod promotions;
pub mod proxy_protocol;
pub mod publishing;
pub mod questions;
pub mod reference;
pub mod reports;
pub mod router;
pub mod sharing;
pub mod sheets;
pub mod site;
pub mod state;
pub mod sweep;
pub mod threads;
pub mod tls;
pub mod trainings;
pub mod web;
pub mod xml;

pub use config::EdgeConfig;
pub use state::AppState;
