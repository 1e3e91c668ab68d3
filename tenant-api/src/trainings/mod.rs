//! Trainings: in-person programmes run by a training cell. A training is a course of type
//! `training`, so its syllabus, batches, enrolment (or nomination through a restricted batch's
//! candidates), journey and certificates are the course machinery; what is here is what a
//! batch of a training has besides: a venue, sessions led by trainers, attendance per session
//! deciding who completes, meal plans with the meals to order each day, a budget with logistic
//! items, and trainers' honoraria with tax deducted at source. Contract: docs/api-trainings.md.
//!
//! Managers are the site's course authors; a trainer sees their own honorarium and no more.

pub mod attendance;
pub mod budget;
pub mod budget_store;
pub mod follow_up;
pub mod honorarium;
pub mod meals;
pub mod meals_store;
pub mod mine;
pub mod setup;
pub mod store;

use crate::courses::access::can_author;
use crate::courses::batches_store::{self, Batch};
use crate::courses::store::{self as courses, CourseRow};
use control_plane::auth::Caller;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use sqlx::PgPool;

/// A batch of one of this site's trainings with its course; 404 `batch_not_found` for any other.
pub async fn training_batch(db: &PgPool, batch_id: i64) -> AppResult<(Batch, CourseRow)> {
    let missing = || AppError::Missing("batch_not_found");
    let batch = batches_store::find(db, batch_id).await?.ok_or_else(missing)?;
    let course = courses::find(db, batch.course_id).await?.filter(|c| c.course_type == "training").ok_or_else(missing)?;
    Ok((batch, course))
}

/// What the caller may do with a batch's training records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Everything (the caller's user id).
    Manager(i64),
    /// Only their own honorarium (their trainer id in this batch).
    Trainer(i64),
}

/// The caller's access to a training batch: 403 for anyone who is neither a manager nor one of
/// its trainers.
pub async fn access(db: &PgPool, caller: &Caller, tenant: &Tenant, batch_id: i64) -> AppResult<Access> {
    let user = caller.user_id().ok_or(AppError::Forbidden)?;
    if can_author(caller, tenant) {
        return Ok(Access::Manager(user));
    }
    store::trainer_of(db, batch_id, user).await?.map(Access::Trainer).ok_or(AppError::Forbidden)
}

/// A training batch the caller manages (403 otherwise), with its course, and the caller's id.
pub async fn managed_batch(db: &PgPool, caller: &Caller, tenant: &Tenant, batch_id: i64) -> AppResult<(Batch, CourseRow, i64)> {
    let user = crate::courses::access::require_author(caller, tenant)?;
    let (batch, course) = training_batch(db, batch_id).await?;
    Ok((batch, course, user))
}
