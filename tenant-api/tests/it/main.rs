//! The edge's integration tests, one binary (DESIGN §7: each test binary links the whole crate
//! again). Every test builds its own platform: its own database, tenant role prefix and bucket
//! prefix (`control_plane::testing`), so they run in parallel without sharing data.

mod common;

mod accounts;
mod assessment;
mod auth;
mod bulk;
mod certificate_pdf;
mod classrooms;
mod contents;
mod courses;
mod dashboard;
mod domains;
mod edges;
mod events;
mod exams;
mod fault;
mod files;
mod isolation;
mod kannel;
mod leaderboard;
mod metrics;
mod mail_templates;
mod notifications;
mod partners;
mod payments;
mod placement;
mod promotions;
mod push;
mod publishing;
mod pools;
mod questions;
mod reference;
mod roles;
mod roots;
mod search;
mod sso;
mod teachers;
mod tls;
mod trainings;
mod validation;
