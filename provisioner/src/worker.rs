//! The job loop: claim due jobs (woken by NOTIFY or a poll), run their remaining steps, record
//! progress and errors, retry failures with jittered exponential backoff.

use crate::steps::{self, Ctx, Outcome};
use control_plane::institutions::store as institutions;
use control_plane::provisioning::{self, Job, Kind};
use rand::Rng;
use sqlx::postgres::PgListener;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Notify, Semaphore};

/// 2 s, 4 s, 8 s ... capped at 5 minutes, each +-25 %.
pub fn backoff(attempts: i32) -> Duration {
    let base = 2f64 * 2f64.powi(attempts.clamp(1, 20) - 1);
    let capped = base.min(300.0);
    Duration::from_secs_f64(capped * rand::thread_rng().gen_range(0.75..1.25))
}

/// Runs the steps of a claimed job that are not recorded as done yet.
pub async fn process(ctx: &Ctx, worker: &str, job: Job) -> anyhow::Result<()> {
    let kind = job.kind();
    let steps = kind.steps();
    let start = job.step.as_deref().and_then(|done| steps.iter().position(|s| *s == done)).map_or(0, |i| i + 1);
    if kind == Kind::Provision {
        institutions::transition(&ctx.db, job.institution_id, &["approved"], "provisioning").await?;
    }
    tracing::info!(job = job.id, tenant = job.institution_id, worker, kind = kind.as_str(), from = start, "running job");
    for step in &steps[start..] {
        provisioning::event(&ctx.db, job.id, step, "started", None).await?;
        match steps::run(ctx, step, job.institution_id).await {
            Ok(Outcome::Done(message)) => provisioning::event(&ctx.db, job.id, step, "done", Some(&message)).await?,
            Ok(Outcome::Skipped(why)) => provisioning::event(&ctx.db, job.id, step, "skipped", Some(why)).await?,
            Err(error) => {
                let message = format!("{error:#}");
                tracing::warn!(job = job.id, step, error = message, "step failed");
                provisioning::event(&ctx.db, job.id, step, "failed", Some(&message)).await?;
                provisioning::failed(&ctx.db, &job, &format!("{step}: {message}"), backoff(job.attempts)).await?;
                return Ok(());
            }
        }
        if ctx.provisioner.fault_after_step.as_deref() == Some(*step) {
            // Test-only: die like a killed process, after the effect and before the record.
            tracing::error!(step, "fault injection: aborting");
            std::process::abort();
        }
        provisioning::step_done(&ctx.db, job.id, step, ctx.provisioner.lease).await?;
    }
    provisioning::finish(&ctx.db, job.id).await?;
    tracing::info!(job = job.id, tenant = job.institution_id, "job done");
    Ok(())
}

/// Runs every job that is due now, one at a time, and returns how many ran.
pub async fn drain(ctx: &Ctx, worker: &str) -> anyhow::Result<usize> {
    let mut ran = 0;
    while let Some(job) = provisioning::claim(&ctx.db, worker, ctx.provisioner.lease).await? {
        process(ctx, worker, job).await?;
        ran += 1;
    }
    Ok(ran)
}

/// Serves the queue until `shutdown` resolves, running up to `workers` jobs at once.
pub async fn run(ctx: Ctx, worker: String, shutdown: impl std::future::Future<Output = ()>) -> anyhow::Result<()> {
    let ctx = Arc::new(ctx);
    let mut listener = PgListener::connect_with(&ctx.db).await?;
    listener.listen("provisioning_job").await?;
    let slots = Arc::new(Semaphore::new(ctx.provisioner.workers));
    let finished = Arc::new(Notify::new());
    tokio::pin!(shutdown);
    loop {
        while let Ok(slot) = slots.clone().try_acquire_owned() {
            let job = match provisioning::claim(&ctx.db, &worker, ctx.provisioner.lease).await {
                Ok(Some(job)) => job,
                Ok(None) => break,
                Err(error) => {
                    tracing::warn!(%error, "cannot claim jobs");
                    break;
                }
            };
            let (ctx, worker, finished) = (ctx.clone(), worker.clone(), finished.clone());
            tokio::spawn(async move {
                if let Err(error) = process(&ctx, &worker, job).await {
                    tracing::error!(error = format!("{error:#}"), "job bookkeeping failed; the lease will return it");
                }
                drop(slot);
                finished.notify_one();
            });
        }
        tokio::select! {
            _ = &mut shutdown => break,
            _ = listener.recv() => {}
            _ = finished.notified() => {}
            _ = tokio::time::sleep(ctx.provisioner.poll) => {}
        }
    }
    // Let running jobs finish their current step cleanly before exiting.
    let _ = slots.acquire_many(ctx.provisioner.workers as u32).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn backoff_grows_and_is_capped() {
        for attempt in 1..30 {
            let d = super::backoff(attempt).as_secs_f64();
            let base = (2f64 * 2f64.powi(attempt.min(20) - 1)).min(300.0);
            assert!(d >= base * 0.75 && d <= base * 1.25, "attempt {attempt}: {d}");
        }
    }
}
