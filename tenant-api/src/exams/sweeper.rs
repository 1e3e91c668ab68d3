//! The background rounds of exams: attempts whose deadline and grace have passed are closed with
//! what was saved (Moodle's `timecheckstate`), and stale statistics are recomputed.
//!
//! The sweeper visits the sites where this edge started attempts, and at start-up every active
//! site once (attempts started before a restart). A learner's own calls close their overdue
//! attempt too, so a result never waits for a round.

use super::{attempt_store as attempts, stats, taking};
use crate::state::AppState;
use control_plane::tenancy::TenantId;
use sqlx::PgPool;
use std::time::Duration;

pub const ROUND: Duration = Duration::from_secs(15);

/// Closes a site's overdue attempts; returns how many it closed.
pub async fn sweep(app: &AppState, tenant: TenantId, db: &PgPool) -> control_plane::AppResult<usize> {
    let mut closed = 0;
    loop {
        let due = attempts::overdue(db, 200).await?;
        if due.is_empty() {
            return Ok(closed);
        }
        for id in &due {
            closed += usize::from(taking::close(app, tenant, db, *id, false).await?);
        }
    }
}

async fn round(app: &AppState) {
    let sites: Vec<TenantId> = app.exams.live.lock().expect("live sites").iter().copied().collect();
    for tenant in sites {
        let Ok(db) = app.pools.get(tenant).await else { continue };
        match sweep(app, tenant, &db).await {
            Ok(_) => {
                if let Ok(false) = attempts::any_in_progress(&db).await {
                    app.exams.live.lock().expect("live sites").remove(&tenant);
                }
            }
            Err(error) => tracing::warn!(tenant, %error, "exam sweep failed"),
        }
    }
    let stale: Vec<(TenantId, i64)> = app.exams.stale.lock().expect("stale exams").drain().collect();
    for (tenant, exam) in stale {
        let Ok(db) = app.pools.get(tenant).await else { continue };
        if let Err(error) = stats::compute(&app.exams.papers, tenant, &db, exam).await {
            tracing::warn!(tenant, exam, %error, "exam statistics failed");
        }
    }
}

pub fn spawn(app: AppState) {
    tokio::spawn(async move {
        match control_plane::institutions::store::active_tenant_ids(&app.ctl.db).await {
            Ok(ids) => ids.into_iter().for_each(|id| app.exams.mark_live(id)),
            Err(error) => tracing::warn!(%error, "exam sweeper could not list sites"),
        }
        loop {
            round(&app).await;
            tokio::time::sleep(ROUND).await;
        }
    });
}
