//! The provisioning job queue (tables `provisioning_jobs`, `provisioning_events`). The control
//! plane queues jobs; provisioners claim them with `FOR UPDATE SKIP LOCKED` under a lease, so a
//! crashed provisioner's job is picked up again once its lease runs out.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgExecutor, PgPool};
use std::time::Duration;
use utoipa::ToSchema;

/// The steps of provisioning, in order. Each is idempotent.
pub const PROVISION_STEPS: &[&str] =
    &["create_role", "create_schema", "migrate", "create_bucket", "issue_certificate", "activate"];
/// The steps of removing a tenant, in order.
pub const DEPROVISION_STEPS: &[&str] = &["remove_bucket", "drop_schema", "drop_role"];
/// After this many failed attempts a job stops retrying until the super admin approves again.
pub const MAX_ATTEMPTS: i32 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Provision,
    Deprovision,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Provision => "provision",
            Kind::Deprovision => "deprovision",
        }
    }

    pub fn steps(self) -> &'static [&'static str] {
        match self {
            Kind::Provision => PROVISION_STEPS,
            Kind::Deprovision => DEPROVISION_STEPS,
        }
    }
}

pub async fn enqueue(db: impl PgExecutor<'_>, institution_id: i64, kind: Kind) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO provisioning_jobs (institution_id, kind) VALUES ($1, $2)
         ON CONFLICT (institution_id) WHERE state IN ('queued', 'running') DO NOTHING",
    )
    .bind(institution_id)
    .bind(kind.as_str())
    .execute(db)
    .await?;
    Ok(())
}

/// Re-queues an institution's failed job; false when there is none.
pub async fn retry_failed(db: impl PgExecutor<'_>, institution_id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE provisioning_jobs SET state = 'queued', attempts = 0, next_attempt_at = now(), updated_at = now()
          WHERE id = (SELECT id FROM provisioning_jobs WHERE institution_id = $1 ORDER BY id DESC LIMIT 1)
            AND state = 'failed'",
    )
    .bind(institution_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Job {
    pub id: i64,
    pub institution_id: i64,
    pub kind: String,
    /// The last step recorded as done.
    pub step: Option<String>,
    pub attempts: i32,
}

impl Job {
    pub fn kind(&self) -> Kind {
        if self.kind == "deprovision" { Kind::Deprovision } else { Kind::Provision }
    }
}

/// Claims the next due job: queued and due, or running with an expired lease (its worker died).
pub async fn claim(db: &PgPool, worker: &str, lease: Duration) -> sqlx::Result<Option<Job>> {
    sqlx::query_as(
        "UPDATE provisioning_jobs SET state = 'running', locked_by = $1,
                locked_until = now() + make_interval(secs => $2), attempts = attempts + 1, updated_at = now()
          WHERE id = (SELECT id FROM provisioning_jobs
                       WHERE (state = 'queued' AND next_attempt_at <= now())
                          OR (state = 'running' AND locked_until < now())
                       ORDER BY next_attempt_at, id
                       LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, institution_id, kind, step, attempts",
    )
    .bind(worker)
    .bind(lease.as_secs_f64())
    .fetch_optional(db)
    .await
}

/// Records a finished step and renews the lease.
pub async fn step_done(db: &PgPool, job: i64, step: &str, lease: Duration) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE provisioning_jobs SET step = $2, locked_until = now() + make_interval(secs => $3), updated_at = now()
          WHERE id = $1",
    )
    .bind(job)
    .bind(step)
    .bind(lease.as_secs_f64())
    .execute(db)
    .await?;
    Ok(())
}

pub async fn event(db: &PgPool, job: i64, step: &str, status: &str, message: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO provisioning_events (job_id, step, status, message) VALUES ($1, $2, $3, $4)")
        .bind(job)
        .bind(step)
        .bind(status)
        .bind(message)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn finish(db: &PgPool, job: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE provisioning_jobs SET state = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL,
                finished_at = now(), updated_at = now() WHERE id = $1",
    )
    .bind(job)
    .execute(db)
    .await?;
    Ok(())
}

/// Records a failure: queued again after `delay`, or failed for good after [`MAX_ATTEMPTS`].
pub async fn failed(db: &PgPool, job: &Job, error: &str, delay: Duration) -> sqlx::Result<()> {
    let state = if job.attempts >= MAX_ATTEMPTS { "failed" } else { "queued" };
    sqlx::query(
        "UPDATE provisioning_jobs SET state = $2, last_error = $3, locked_by = NULL, locked_until = NULL,
                next_attempt_at = now() + make_interval(secs => $4), updated_at = now() WHERE id = $1",
    )
    .bind(job.id)
    .bind(state)
    .bind(error)
    .bind(delay.as_secs_f64())
    .execute(db)
    .await?;
    Ok(())
}

/// An institution's latest job as the super admin sees it.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Progress {
    #[serde(skip)]
    pub id: i64,
    pub kind: String,
    pub state: String,
    pub step: Option<String>,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub next_attempt_at: DateTime<Utc>,
    #[sqlx(skip)]
    pub steps: Vec<String>,
    #[sqlx(skip)]
    pub events: Vec<Event>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Event {
    pub step: String,
    pub status: String,
    pub message: Option<String>,
    pub at: DateTime<Utc>,
}

pub async fn progress(db: &PgPool, institution_id: i64) -> sqlx::Result<Option<Progress>> {
    let job: Option<Progress> = sqlx::query_as(
        "SELECT id, kind, state, step, attempts, last_error, next_attempt_at FROM provisioning_jobs
          WHERE institution_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(institution_id)
    .fetch_optional(db)
    .await?;
    let Some(mut job) = job else { return Ok(None) };
    let kind = if job.kind == "deprovision" { Kind::Deprovision } else { Kind::Provision };
    job.steps = kind.steps().iter().map(|s| s.to_string()).collect();
    job.events = sqlx::query_as(
        "SELECT step, status, message, at FROM provisioning_events WHERE job_id = $1 ORDER BY id DESC LIMIT 200",
    )
    .bind(job.id)
    .fetch_all(db)
    .await?;
    job.events.reverse();
    Ok(Some(job))
}
