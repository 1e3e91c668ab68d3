//! The dashboard's calls (SPEC §7 Dashboard: `/api/v3/dashboard/...`, `docs/api-dashboard.md`):
//! what waits for authors, the site's figures for its admins, a learner's own track.

pub mod figures;
pub mod forecast;
pub mod pending_task;
pub mod range;
pub mod search_analysis;
pub mod store;

use control_plane::tenancy::TenantId;
use moka::future::Cache;
use std::sync::Arc;
use std::time::Duration;

/// Figures counted outside the site's schema, kept a minute per site.
pub struct Figures {
    /// The site's learners by gender (the genders live with the global identities).
    pub genders: Cache<TenantId, Arc<Vec<figures::GenderCount>>>,
}

impl Default for Figures {
    fn default() -> Self {
        Self { genders: Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(60)).build() }
    }
}
