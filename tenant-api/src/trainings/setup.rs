//! A training batch's venue, completion rule and tax rate, its trainers and its sessions.

use super::store::{self, Session, SessionFields, Settings, Trainer, Venue};
use super::{access, follow_up, managed_batch, training_batch};
use crate::courses::batches_store::Batch;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::error::on_unique;
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::contains_pattern;
use control_plane::response::{Data, Done};
use control_plane::users::store as users;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// Largest amount a rate or budget figure may be: 10 crore taka, far above any honorarium or
/// training budget, and far from overflowing a sum of thousands of them.
pub const MAX_POISHA: i64 = 10_000_000_000;
const MAX_TITLE: usize = 200;

#[derive(Debug, Serialize, ToSchema)]
pub struct TrainingCourse {
    pub id: i64,
    pub uuid: Uuid,
    pub title: String,
    pub title_bn: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrainingBatch {
    pub batch: Batch,
    pub course: TrainingCourse,
    #[serde(flatten)]
    pub settings: Settings,
    pub trainers: Vec<Trainer>,
    pub sessions: Vec<Session>,
}

async fn training_view(db: &PgPool, batch_id: i64) -> AppResult<TrainingBatch> {
    let (batch, course) = training_batch(db, batch_id).await?;
    Ok(TrainingBatch {
        settings: store::settings(db, batch.id).await?,
        trainers: store::trainers(db, batch.id).await?,
        sessions: store::sessions(db, batch.id).await?,
        batch,
        course: TrainingCourse { id: course.id, uuid: course.uuid, title: course.title, title_bn: course.title_bn },
    })
}

/// A training batch with its venue, rule, trainers and sessions (managers and its trainers).
#[utoipa::path(get, path = "/course/training/batches/{id}", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<TrainingBatch>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_training_batch(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<TrainingBatch>>> {
    training_batch(&db, id).await?;
    access(&db, &caller, &tenant, id).await?;
    Ok(Json(Data::new(training_view(&db, id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SettingsInput {
    pub venue: Option<String>,
    pub venue_bn: Option<String>,
    pub address: Option<String>,
    /// 1-100: the share of sessions a trainee must attend to complete.
    pub completion_percent: Option<i64>,
    /// 0-10000 hundredths of a percent (1000 = 10 %) deducted from honoraria.
    pub tax_basis_points: Option<i64>,
}

/// Change a training batch's venue, completion rule or tax rate; absent fields keep their value.
#[utoipa::path(put, path = "/course/training/batches/{id}", tag = "trainings", params(("id" = i64, Path)), request_body = SettingsInput,
    responses((status = 200, body = Data<TrainingBatch>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_training_batch(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<SettingsInput>,
) -> AppResult<Json<Data<TrainingBatch>>> {
    let (_, course, _) = managed_batch(&db, &caller, &tenant, id).await?;
    let current = store::settings(&db, id).await?;
    let mut v = Validator::default();
    let mut text = |field: &str, value: Option<String>, current: String, max: usize| match value {
        Some(value) => v.optional_text(field, &value, max).unwrap_or_default(),
        None => current,
    };
    let venue = text("venue", input.venue, current.venue.clone(), 300);
    let venue_bn = text("venue_bn", input.venue_bn, current.venue_bn, 300);
    let address = text("address", input.address, current.address.clone(), 1000);
    let completion_percent = input.completion_percent.unwrap_or(current.completion_percent.into());
    if !(1..=100).contains(&completion_percent) {
        v.add("completion_percent", "out_of_range", None);
    }
    let tax_basis_points = input.tax_basis_points.unwrap_or(current.tax_basis_points.into());
    if !(0..=10_000).contains(&tax_basis_points) {
        v.add("tax_basis_points", "out_of_range", None);
    }
    v.finish()?;
    let settings = Settings { venue, venue_bn, address, completion_percent: completion_percent as i16, tax_basis_points: tax_basis_points as i32 };
    let moved = (&settings.venue, &settings.address) != (&current.venue, &current.address);
    store::save_settings(&db, id, &settings).await?;
    if moved {
        follow_up::batch_changed(&app, &tenant, &db, &course, id).await;
    }
    Ok(Json(Data::new(training_view(&db, id).await?)))
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct VenueQuery {
    /// Part of a venue's name or address.
    pub search: Option<String>,
}

/// The venues this site's training batches were held at, most used first (for the venue field).
#[utoipa::path(post, path = "/course/training-facility/get-location", tag = "trainings", params(VenueQuery), request_body = VenueQuery,
    responses((status = 200, body = Data<Vec<Venue>>), (status = 401), (status = 403)))]
pub async fn get_location(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<VenueQuery>,
    AppJson(body): AppJson<VenueQuery>,
) -> AppResult<Json<Data<Vec<Venue>>>> {
    crate::courses::access::require_author(&caller, &tenant)?;
    let pattern = contains_pattern(q.search.or(body.search).as_deref());
    Ok(Json(Data::new(store::venues(&db, pattern.as_deref()).await?)))
}

fn rate(v: &mut Validator, value: Option<i64>) -> i64 {
    match value {
        None => {
            v.add("rate_poisha", "required", None);
            0
        }
        Some(r) if !(0..=MAX_POISHA).contains(&r) => {
            v.add("rate_poisha", "out_of_range", None);
            0
        }
        Some(r) => r,
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TrainerInput {
    /// On update: the trainer.
    pub id: Option<i64>,
    /// On create: the batch.
    pub batch_id: Option<i64>,
    /// On create: the e-mail of the trainer's account.
    pub email: Option<String>,
    /// Honorarium per session, in poisha.
    pub rate_poisha: Option<i64>,
}

/// Add a trainer (a person with an account) to a training batch at a rate per session.
#[utoipa::path(post, path = "/course/training/trainers", tag = "trainings", request_body = TrainerInput,
    responses((status = 201, body = Data<Trainer>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "validation_failed; user_not_found or trainer_exists on email")))]
pub async fn add_trainer(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<TrainerInput>,
) -> AppResult<(StatusCode, Json<Data<Trainer>>)> {
    let batch_id = input.batch_id.ok_or_else(|| AppError::field("batch_id", "required"))?;
    managed_batch(&db, &caller, &tenant, batch_id).await?;
    let mut v = Validator::default();
    let email = v.email("email", input.email.as_deref().unwrap_or_default());
    let rate = rate(&mut v, input.rate_poisha);
    v.finish()?;
    let user = users::find_by_login(&app.ctl.db, Some(&email), None).await?.ok_or_else(|| AppError::field("email", "user_not_found"))?;
    let id = store::insert_trainer(&db, batch_id, user.id, &user.name, Some(&email), rate)
        .await
        .map_err(|e| on_unique(e, &[("training_trainers_once", "email", "trainer_exists")]))?;
    Ok((StatusCode::CREATED, Json(Data::new(store::trainer(&db, id).await?.ok_or(AppError::NotFound)?))))
}

/// A trainer of a batch the caller manages.
async fn managed_trainer(db: &PgPool, caller: &control_plane::auth::Caller, tenant: &control_plane::tenancy::Tenant, id: i64) -> AppResult<Trainer> {
    let trainer = store::trainer(db, id).await?.ok_or(AppError::Missing("trainer_not_found"))?;
    managed_batch(db, caller, tenant, trainer.batch_id).await?;
    Ok(trainer)
}

/// Change a trainer's rate per session.
#[utoipa::path(put, path = "/course/training/trainers", tag = "trainings", request_body = TrainerInput,
    responses((status = 200, body = Data<Trainer>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_trainer(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<TrainerInput>,
) -> AppResult<Json<Data<Trainer>>> {
    let id = input.id.ok_or_else(|| AppError::field("id", "required"))?;
    managed_trainer(&db, &caller, &tenant, id).await?;
    let mut v = Validator::default();
    let rate = rate(&mut v, input.rate_poisha);
    v.finish()?;
    store::set_rate(&db, id, rate).await?;
    Ok(Json(Data::new(store::trainer(&db, id).await?.ok_or(AppError::NotFound)?)))
}

/// Remove a trainer from a batch; their sessions keep no trainer.
#[utoipa::path(delete, path = "/course/training/trainers/{id}", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn remove_trainer(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    let trainer = managed_trainer(&db, &caller, &tenant, id).await?;
    store::delete_trainer(&db, id).await?;
    let (_, course) = training_batch(&db, trainer.batch_id).await?;
    follow_up::batch_changed(&app, &tenant, &db, &course, trainer.batch_id).await;
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SessionInput {
    /// On update: the session.
    pub id: Option<i64>,
    /// On create: the batch.
    pub batch_id: Option<i64>,
    pub title: Option<String>,
    pub title_bn: Option<String>,
    /// RFC 3339.
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    /// One of the batch's trainers; null for none; absent on update keeps the trainer.
    #[serde(deserialize_with = "control_plane::json::nullable")]
    #[schema(value_type = Option<i64>)]
    pub trainer_id: Option<Option<i64>>,
}

/// Checks a session's fields over `current` (on update) against the batch's dates and trainers.
async fn session_fields(db: &PgPool, batch: &Batch, input: &SessionInput, current: Option<&Session>) -> AppResult<SessionFields> {
    let mut v = Validator::default();
    let title = v.text("title", input.title.as_deref().or(current.map(|c| c.title.as_str())).unwrap_or_default(), MAX_TITLE);
    let title_bn = match &input.title_bn {
        Some(t) => v.optional_text("title_bn", t, MAX_TITLE).unwrap_or_default(),
        None => current.map(|c| c.title_bn.clone()).unwrap_or_default(),
    };
    let mut moment = |field: &str, value: &Option<String>, current: Option<DateTime<Utc>>| match (value, current) {
        (Some(value), _) => v.date_time(field, value),
        (None, Some(current)) => Some(current),
        (None, None) => v.date_time(field, ""),
    };
    let starts_at = moment("starts_at", &input.starts_at, current.map(|c| c.starts_at));
    let ends_at = moment("ends_at", &input.ends_at, current.map(|c| c.ends_at));
    if let (Some(s), Some(e)) = (starts_at, ends_at) {
        if e <= s {
            v.add("ends_at", "ends_before_start", None);
        } else if control_plane::dhaka::day(s) < batch.start_date || batch.end_date.is_some_and(|end| control_plane::dhaka::day(e) > end) {
            v.add("starts_at", "outside_batch_dates", None);
        }
    }
    let trainer_id = match input.trainer_id {
        Some(named) => named,
        None => current.and_then(|c| c.trainer_id),
    };
    if let Some(t) = trainer_id
        && !store::trainer(db, t).await?.is_some_and(|t| t.batch_id == batch.id)
    {
        v.add("trainer_id", "trainer_not_found", None);
    }
    v.finish()?;
    Ok(SessionFields { title, title_bn, starts_at: starts_at.unwrap_or_default(), ends_at: ends_at.unwrap_or_default(), trainer_id })
}

/// Add a session to a training batch, within its dates.
#[utoipa::path(post, path = "/course/training/sessions", tag = "trainings", request_body = SessionInput,
    responses((status = 201, body = Data<Session>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "validation_failed: ends_before_start, outside_batch_dates, trainer_not_found")))]
pub async fn add_session(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<SessionInput>,
) -> AppResult<(StatusCode, Json<Data<Session>>)> {
    let batch_id = input.batch_id.ok_or_else(|| AppError::field("batch_id", "required"))?;
    let (batch, course, _) = managed_batch(&db, &caller, &tenant, batch_id).await?;
    let fields = session_fields(&db, &batch, &input, None).await?;
    let id = store::insert_session(&db, batch.id, &fields).await?;
    let session = store::session(&db, id).await?.ok_or(AppError::NotFound)?;
    follow_up::session_saved(&app, &tenant, &db, &course, &session).await;
    Ok((StatusCode::CREATED, Json(Data::new(session))))
}

/// A session of a batch the caller manages, with the batch.
pub async fn managed_session(db: &PgPool, caller: &control_plane::auth::Caller, tenant: &control_plane::tenancy::Tenant, id: i64) -> AppResult<(Session, Batch, i64)> {
    let session = store::session(db, id).await?.ok_or(AppError::Missing("session_not_found"))?;
    let (batch, _, user) = managed_batch(db, caller, tenant, session.batch_id).await?;
    Ok((session, batch, user))
}

/// Change a session; absent fields keep their value.
#[utoipa::path(put, path = "/course/training/sessions", tag = "trainings", request_body = SessionInput,
    responses((status = 200, body = Data<Session>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_session(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<SessionInput>,
) -> AppResult<Json<Data<Session>>> {
    let id = input.id.ok_or_else(|| AppError::field("id", "required"))?;
    let (session, batch, _) = managed_session(&db, &caller, &tenant, id).await?;
    let fields = session_fields(&db, &batch, &input, Some(&session)).await?;
    store::update_session(&db, id, &fields).await?;
    let session = store::session(&db, id).await?.ok_or(AppError::NotFound)?;
    let (_, course) = training_batch(&db, batch.id).await?;
    follow_up::session_saved(&app, &tenant, &db, &course, &session).await;
    Ok(Json(Data::new(session)))
}

/// Delete a session whose attendance was not taken (409 `session_has_attendance` once it was).
#[utoipa::path(delete, path = "/course/training/sessions/{id}", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn remove_session(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    managed_session(&db, &caller, &tenant, id).await?;
    if !store::delete_session(&db, id).await? {
        return Err(AppError::Conflict("session_has_attendance"));
    }
    follow_up::session_removed(&app, &tenant, id).await;
    Ok(Json(Data::done()))
}
