//! The dashboard's calls for authors (SPEC §7 Dashboard: `/api/v3/dashboard/...`).

pub mod pending_task;
