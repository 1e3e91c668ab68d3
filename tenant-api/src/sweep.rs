//! The edge's sweep: work an event left owed, because a write failed or the edge stopped between
//! the event and its follow-up, is done again. Leaderboard points not written and notices not yet
//! queued for e-mail are each marked in the site's schema with the event, so nothing is lost.
//! Every active site is swept once at start-up (marks left before a restart), then each minute
//! the sites whose pools are open on this edge (where its own events were written).

use crate::learning::points;
use crate::notifications::relay;
use crate::state::AppState;
use std::time::Duration;

/// How often, and how old a mark must be before the sweep takes it (work still under way clears
/// its own).
pub const EVERY: Duration = Duration::from_secs(60);

pub fn spawn(app: AppState) {
    tokio::spawn(async move {
        let mut sites = control_plane::institutions::store::active_tenant_ids(&app.ctl.db).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "sweep could not list sites");
            Vec::new()
        });
        loop {
            for tenant in sites {
                let Ok(db) = app.pools.get(tenant).await else { continue };
                if let Err(error) = points::sweep(&app, tenant, &db, EVERY).await {
                    tracing::warn!(tenant, %error, "points sweep failed; next round");
                }
                if let Err(error) = relay::sweep(&app, tenant, &db, EVERY).await {
                    tracing::warn!(tenant, %error, "notice mail sweep failed; next round");
                }
            }
            tokio::time::sleep(EVERY).await;
            sites = app.pools.open_tenants();
        }
    });
}
