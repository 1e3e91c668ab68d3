//! Reports per course and per learner for the site's admins (SPEC §7 Reports,
//! `docs/api-reports.md`): paged lists that also download as CSV or XLSX, and stats over a range
//! of dates from the dashboard's summary tables.

pub mod exports;
mod exports_store;
pub mod lists;
pub mod report;
pub mod stats;
pub mod store;
