//! SQL of the `events` and `event_registrations` tables.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::{PgConnection, PgPool, Postgres, Row};
use utoipa::ToSchema;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub id: i64,
    #[sqlx(flatten)]
    pub fields: EventFields,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub registered: i64,
    pub pending: i64,
    pub rating: Option<f64>,
    pub reviews: i64,
}

const EVENT: &str = "SELECT e.id, e.title, e.title_bn, e.description, e.description_bn, e.starts_at, e.ends_at, e.venue,
        e.online_link, e.capacity, e.registration, e.published, e.created_at, e.updated_at,
        (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'approved') AS registered,
        (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'pending') AS pending,
        (SELECT avg(v.rating)::float8 FROM event_reviews v WHERE v.event_id = e.id) AS rating,
        (SELECT count(*) FROM event_reviews v WHERE v.event_id = e.id) AS reviews
   FROM events e";

/// Which events a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Not yet ended, soonest first.
    Upcoming,
    /// Ended, latest first.
    Past,
    All,
}

pub struct Filter<'a> {
    pub when: When,
    pub published_only: bool,
    /// A LIKE pattern over both titles.
    pub pattern: Option<&'a str>,
    /// Events this person registered for.
    pub registrant: Option<i64>,
}

const WHERE: &str = "WHERE ($1 = 'all' OR ($1 = 'upcoming') = (e.ends_at > now()))
   AND (NOT $2 OR e.published)
   AND ($3::text IS NULL OR e.title ILIKE $3 OR e.title_bn ILIKE $3)
   AND ($4::int8 IS NULL OR EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = e.id AND r.user_id = $4))";

fn when(w: When) -> &'static str {
    match w {
        When::Upcoming => "upcoming",
        When::Past => "past",
        When::All => "all",
    }
}

pub async fn count(db: &PgPool, f: &Filter<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM events e {WHERE}")))
        .bind(when(f.when))
        .bind(f.published_only)
        .bind(f.pattern)
        .bind(f.registrant)
        .fetch_one(db)
        .await
}

pub async fn list(db: &PgPool, f: &Filter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<EventRow>> {
    let order = if f.when == When::Upcoming { "e.starts_at, e.id" } else { "e.starts_at DESC, e.id DESC" };
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{EVENT} {WHERE} ORDER BY {order} LIMIT $5 OFFSET $6")))
        .bind(when(f.when))
        .bind(f.published_only)
        .bind(f.pattern)
        .bind(f.registrant)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await
}

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<EventRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{EVENT} WHERE e.id = $1"))).bind(id).fetch_optional(db).await
}

/// An event's fields as a manager writes them (and everyone reads them).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct EventFields {
    pub title: String,
    pub title_bn: Option<String>,
    /// Plain text.
    pub description: String,
    pub description_bn: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub venue: Option<String>,
    /// An http(s) link, for an online event.
    pub online_link: Option<String>,
    /// Seats; null is no limit.
    pub capacity: Option<i32>,
    /// `open` or `approval`.
    pub registration: String,
    pub published: bool,
}

/// Binds an event's fields as the statement's parameters $1 to $11, in the columns' order.
fn with_fields<'q>(q: Query<'q, Postgres, PgArguments>, f: &'q EventFields) -> Query<'q, Postgres, PgArguments> {
    q.bind(&f.title)
        .bind(&f.title_bn)
        .bind(&f.description)
        .bind(&f.description_bn)
        .bind(f.starts_at)
        .bind(f.ends_at)
        .bind(&f.venue)
        .bind(&f.online_link)
        .bind(f.capacity)
        .bind(&f.registration)
        .bind(f.published)
}

pub async fn insert(db: &PgPool, f: &EventFields, by: i64) -> sqlx::Result<i64> {
    let q = sqlx::query(
        "INSERT INTO events (title, title_bn, description, description_bn, starts_at, ends_at, venue, online_link,
                             capacity, registration, published, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
    );
    with_fields(q, f).bind(by).fetch_one(db).await?.try_get(0)
}

/// Rewrites an event, unless its new capacity is below the people already approved (answers
/// `Some(false)` then) or it is gone (`None`). The event's row is locked first, so a registration
/// racing the change is counted.
pub async fn update(tx: &mut PgConnection, id: i64, f: &EventFields) -> sqlx::Result<Option<bool>> {
    if lock(&mut *tx, id).await?.is_none() {
        return Ok(None);
    }
    let taken = taken(&mut *tx, id, "approved").await?;
    if f.capacity.is_some_and(|c| i64::from(c) < taken) {
        return Ok(Some(false));
    }
    let q = sqlx::query(
        "UPDATE events SET title = $1, title_bn = $2, description = $3, description_bn = $4, starts_at = $5, ends_at = $6,
                venue = $7, online_link = $8, capacity = $9, registration = $10, published = $11, updated_at = now()
          WHERE id = $12",
    );
    with_fields(q, f).bind(id).execute(&mut *tx).await?;
    Ok(Some(true))
}

pub async fn delete(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM events WHERE id = $1").bind(id).execute(db).await?.rows_affected() > 0)
}

/// What deciding a seat needs to know of an event, its row locked until the transaction ends so
/// that two people cannot take the last seat together.
#[derive(Debug, sqlx::FromRow)]
pub struct Seats {
    pub capacity: Option<i32>,
    pub registration: String,
    pub ends_at: DateTime<Utc>,
    pub starts_at: DateTime<Utc>,
    pub published: bool,
}

pub async fn lock(tx: &mut PgConnection, id: i64) -> sqlx::Result<Option<Seats>> {
    sqlx::query_as("SELECT capacity, registration, ends_at, starts_at, published FROM events WHERE id = $1 FOR UPDATE")
        .bind(id)
        .fetch_optional(tx)
        .await
}

/// Registrations of an event in the given statuses (`approved`, or `approved,pending`).
pub async fn taken(tx: &mut PgConnection, id: i64, statuses: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM event_registrations WHERE event_id = $1 AND status = ANY(string_to_array($2, ','))")
        .bind(id)
        .bind(statuses)
        .fetch_one(tx)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RegistrationRow {
    pub id: i64,
    pub event_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub user_email: Option<String>,
    pub user_phone: Option<String>,
    pub status: String,
    pub code: String,
    pub checked_in_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

const REGISTRATION: &str =
    "SELECT id, event_id, user_id, user_name, user_email, user_phone, status, code, checked_in_at, created_at FROM event_registrations";

pub async fn registration(db: impl sqlx::PgExecutor<'_>, id: i64) -> sqlx::Result<Option<RegistrationRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{REGISTRATION} WHERE id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn registration_of(db: impl sqlx::PgExecutor<'_>, event_id: i64, user_id: i64) -> sqlx::Result<Option<RegistrationRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{REGISTRATION} WHERE event_id = $1 AND user_id = $2")))
        .bind(event_id)
        .bind(user_id)
        .fetch_optional(db)
        .await
}

/// One person's registrations for the given events.
pub async fn registrations_of(db: &PgPool, event_ids: &[i64], user_id: i64) -> sqlx::Result<Vec<RegistrationRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{REGISTRATION} WHERE event_id = ANY($1) AND user_id = $2")))
        .bind(event_ids)
        .bind(user_id)
        .fetch_all(db)
        .await
}

pub struct Registrant<'a> {
    pub user_id: i64,
    pub name: &'a str,
    pub email: Option<&'a str>,
    pub phone: Option<&'a str>,
}

pub async fn insert_registration(tx: &mut PgConnection, event_id: i64, who: &Registrant<'_>, status: &str, code: &str) -> sqlx::Result<RegistrationRow> {
    sqlx::query_as(
        "INSERT INTO event_registrations (event_id, user_id, user_name, user_email, user_phone, status, code)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, event_id, user_id, user_name, user_email, user_phone, status, code, checked_in_at, created_at",
    )
    .bind(event_id)
    .bind(who.user_id)
    .bind(who.name)
    .bind(who.email)
    .bind(who.phone)
    .bind(status)
    .bind(code)
    .fetch_one(tx)
    .await
}

pub async fn set_status(tx: &mut PgConnection, id: i64, status: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE event_registrations SET status = $2 WHERE id = $1").bind(id).bind(status).execute(tx).await?;
    Ok(())
}

pub async fn delete_registration(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM event_registrations WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

pub struct RegistrationFilter<'a> {
    pub event_id: i64,
    pub pattern: Option<&'a str>,
    pub status: Option<&'a str>,
    pub checked_in_only: bool,
}

const REGISTRATION_WHERE: &str = "WHERE event_id = $1 AND ($2::text IS NULL OR user_name ILIKE $2 OR user_email ILIKE $2 OR user_phone ILIKE $2)
   AND ($3::text IS NULL OR status = $3) AND (NOT $4 OR checked_in_at IS NOT NULL)";

pub async fn count_registrations(db: &PgPool, f: &RegistrationFilter<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM event_registrations {REGISTRATION_WHERE}")))
        .bind(f.event_id)
        .bind(f.pattern)
        .bind(f.status)
        .bind(f.checked_in_only)
        .fetch_one(db)
        .await
}

/// By name; people checked in, latest first.
pub async fn registrations(db: &PgPool, f: &RegistrationFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<RegistrationRow>> {
    let order = if f.checked_in_only { "checked_in_at DESC, id DESC" } else { "user_name, id" };
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{REGISTRATION} {REGISTRATION_WHERE} ORDER BY {order} LIMIT $5 OFFSET $6")))
        .bind(f.event_id)
        .bind(f.pattern)
        .bind(f.status)
        .bind(f.checked_in_only)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await
}

/// The registration a ticket's code belongs to, within one event, locked for the check-in.
pub async fn by_code(tx: &mut PgConnection, event_id: i64, code: &str) -> sqlx::Result<Option<RegistrationRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{REGISTRATION} WHERE event_id = $1 AND code = $2 FOR UPDATE")))
        .bind(event_id)
        .bind(code)
        .fetch_optional(tx)
        .await
}

pub async fn check_in(tx: &mut PgConnection, id: i64, by: i64) -> sqlx::Result<DateTime<Utc>> {
    sqlx::query_scalar("UPDATE event_registrations SET checked_in_at = now(), checked_in_by = $2 WHERE id = $1 RETURNING checked_in_at")
        .bind(id)
        .bind(by)
        .fetch_one(tx)
        .await
}

/// Approved and checked-in counts of an event.
pub async fn attendance_counts(db: &PgPool, event_id: i64) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT count(*) FILTER (WHERE status = 'approved'), count(*) FILTER (WHERE checked_in_at IS NOT NULL)
           FROM event_registrations WHERE event_id = $1",
    )
    .bind(event_id)
    .fetch_one(db)
    .await
}

/// A published event yet to start.
#[derive(Debug, sqlx::FromRow)]
pub struct Coming {
    pub id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub starts_at: DateTime<Utc>,
}

/// The first `limit` published events starting at or after `from`, soonest first.
pub async fn coming(db: &PgPool, from: DateTime<Utc>, limit: i64) -> sqlx::Result<Vec<Coming>> {
    sqlx::query_as("SELECT id, title, title_bn, starts_at FROM events WHERE published AND starts_at >= $1 ORDER BY starts_at, id LIMIT $2")
        .bind(from)
        .bind(limit)
        .fetch_all(db)
        .await
}
