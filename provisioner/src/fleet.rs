//! `provisioner migrate-all`: applies new tenant migrations to every tenant, a bounded number at
//! a time, each in its own schema (no database-wide lock), and reports per tenant.

use crate::steps::{self, Ctx, Outcome};
use control_plane::institutions::store as institutions;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

#[derive(Debug)]
pub struct TenantReport {
    pub tenant: i64,
    pub result: Result<String, String>,
}

pub async fn migrate_all(ctx: &Ctx, concurrency: usize, progress: bool) -> anyhow::Result<Vec<TenantReport>> {
    let tenants = institutions::active_tenant_ids(&ctx.db).await?;
    let total = tenants.len();
    let slots = Arc::new(Semaphore::new(concurrency.max(1)));
    let done = Arc::new(AtomicUsize::new(0));
    let mut set = JoinSet::new();
    for tenant in tenants {
        let (ctx, slots, done) = (ctx.clone(), slots.clone(), done.clone());
        set.spawn(async move {
            let _slot = slots.acquire_owned().await.expect("semaphore is never closed");
            let result = match steps::migrate(&ctx, tenant).await {
                Ok(Outcome::Done(message)) => Ok(message),
                Ok(Outcome::Skipped(why)) => Ok(why.to_owned()),
                Err(error) => Err(format!("{error:#}")),
            };
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if progress {
                let status = match &result {
                    Ok(m) => format!("ok: {m}"),
                    Err(e) => format!("FAILED: {e}"),
                };
                println!("[{n}/{total}] tenant {tenant}: {status}");
            }
            TenantReport { tenant, result }
        });
    }
    let mut reports = Vec::with_capacity(total);
    while let Some(report) = set.join_next().await {
        reports.push(report?);
    }
    reports.sort_by_key(|r| r.tenant);
    Ok(reports)
}
