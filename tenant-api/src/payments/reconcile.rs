//! Orders left pending are settled from the gateway's own record, so a notice that never came
//! (or a payer who closed the tab) never leaves a paying learner locked out. An order the
//! gateway still calls unfinished after a day expires, and its held seat is freed.

use super::settle;
use super::store as orders;
use crate::state::AppState;
use chrono::Utc;
use control_plane::tenancy::{Tenant, TenantId};
use control_plane::AppResult;
use sqlx::PgPool;
use std::time::Duration;

const ROUND: Duration = Duration::from_secs(60);
/// How long a payer has before the gateway is asked (a payment usually completes in minutes).
pub const ASK_AFTER: chrono::Duration = chrono::Duration::minutes(30);
const EXPIRE_AFTER: chrono::Duration = chrono::Duration::hours(24);

/// Asks the gateway about a site's orders pending for longer than `older_than`; returns how many
/// it asked about. An unreachable gateway leaves them for the next round.
pub async fn sweep(app: &AppState, tenant: &Tenant, db: &PgPool, older_than: Duration) -> AppResult<usize> {
    let cutoff = Utc::now() - chrono::Duration::from_std(older_than).unwrap_or(chrono::Duration::MAX);
    let due = orders::pending_before(db, cutoff, 500).await?;
    for order in &due {
        match app.payments.ask(&app.ctl.db, tenant.id, order).await? {
            Ok(super::sslcommerz::Outcome::Pending) if order.created_at < Utc::now() - EXPIRE_AFTER => {
                orders::transition(db, order.id, &["pending"], "expired", None).await?;
            }
            Ok(outcome) => settle::apply(app, tenant, db, order, outcome).await?,
            Err(error) => {
                tracing::warn!(%error, order = order.id, "gateway not reached; next round");
                break;
            }
        }
    }
    Ok(due.len())
}

async fn round(app: &AppState) {
    let sites: Vec<TenantId> = app.payments.live_sites();
    for id in sites {
        let (Ok(Some(tenant)), Ok(db)) = (control_plane::institutions::store::tenant_by_id(&app.ctl.db, id).await, app.pools.get(id).await) else {
            continue;
        };
        if let Err(error) = super::refunds::sweep(app, &tenant, &db).await {
            tracing::warn!(tenant = id, %error, "refund reconciliation failed");
        }
        match sweep(app, &tenant, &db, ASK_AFTER.to_std().expect("positive")).await {
            Ok(_) => {
                if let Ok(false) = orders::any_pending(&db).await {
                    app.payments.forget(id);
                }
            }
            Err(error) => tracing::warn!(tenant = id, %error, "payment reconciliation failed"),
        }
    }
}

/// Every minute, the sites with pending orders; at start-up every active site once.
pub fn spawn(app: AppState) {
    if !app.payments.any() {
        return;
    }
    tokio::spawn(async move {
        match control_plane::institutions::store::active_tenant_ids(&app.ctl.db).await {
            Ok(ids) => ids.into_iter().for_each(|id| app.payments.mark_live(id)),
            Err(error) => tracing::warn!(%error, "payment reconciliation could not list sites"),
        }
        loop {
            round(&app).await;
            tokio::time::sleep(ROUND).await;
        }
    });
}
