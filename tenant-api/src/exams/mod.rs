//! Single exams of the Exam Centre: authors build a paper from the question bank, learners take
//! it in timed attempts, the machine marks what it can and teachers the rest.
//!
//! An attempt's life: `in_progress` from its start (the deadline set by the server: the duration
//! plus any extra minutes, never past the exam's close) to `submitted` (by the learner, or by the
//! sweeper once the deadline and the grace period have passed) and `finished` once every answer
//! is marked. `not_started`, `overdue` and `abandoned` are reserved by the schema for pre-created
//! attempts and for exams that abandon rather than submit at the deadline.

pub mod attempt_store;
pub mod authoring;
pub mod marking;
pub mod paper;
pub mod results;
pub mod settings;
pub mod stats;
pub mod store;
pub mod sweeper;
pub mod taking;

use control_plane::tenancy::TenantId;
use moka::future::Cache;
use paper::Papers;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use store::ExamRow;
use uuid::Uuid;

/// What the edge keeps for exams between requests.
#[derive(Clone)]
pub struct Exams {
    pub papers: Papers,
    /// Published exams by uuid, for the learner's calls; an edit on this edge drops its entry,
    /// and one made elsewhere shows within the time to live.
    published: Cache<(TenantId, Uuid), Option<Arc<ExamRow>>>,
    /// Sites with attempts in progress: the sweeper's rounds.
    live: Arc<Mutex<HashSet<TenantId>>>,
    /// Exams whose statistics are out of date.
    stale: Arc<Mutex<HashSet<(TenantId, i64)>>>,
    /// Learners' names (platform accounts, not a site's data), copied onto their attempts. The
    /// cover page reads them so that a class starting at once does not.
    names: Cache<i64, Arc<str>>,
}

impl Default for Exams {
    fn default() -> Self {
        Self {
            papers: Papers::default(),
            published: Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(5)).build(),
            live: Arc::default(),
            stale: Arc::default(),
            names: Cache::builder().max_capacity(100_000).time_to_live(Duration::from_secs(3600)).build(),
        }
    }
}

impl Exams {
    pub async fn published(&self, tenant: TenantId, db: &sqlx::PgPool, uuid: Uuid) -> control_plane::AppResult<Arc<ExamRow>> {
        let found = self
            .published
            .try_get_with((tenant, uuid), async { store::published(db, uuid).await.map(|e| e.map(Arc::new)) })
            .await
            .map_err(|e| control_plane::AppError::from(control_plane::error::unshare(&e, "exam")))?;
        found.ok_or(control_plane::AppError::Missing("exam_not_found"))
    }

    pub async fn learner_name(&self, control: &sqlx::PgPool, user_id: i64) -> control_plane::AppResult<Arc<str>> {
        self.names
            .try_get_with(user_id, async { control_plane::users::store::find(control, user_id).await.map(|u| Arc::from(u.name)) })
            .await
            .map_err(|e| control_plane::AppError::from(control_plane::error::unshare(&e, "learner name")))
    }

    pub async fn forget(&self, tenant: TenantId, uuid: Uuid) {
        self.published.invalidate(&(tenant, uuid)).await;
    }

    pub fn mark_live(&self, tenant: TenantId) {
        self.live.lock().expect("live sites").insert(tenant);
    }

    pub fn mark_stale(&self, tenant: TenantId, exam_id: i64) {
        self.stale.lock().expect("stale exams").insert((tenant, exam_id));
    }
}
