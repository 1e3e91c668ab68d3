//! Each person's calendar across every site they take part in (`/calendar/*`): what the sites
//! put on it (an approved event registration today), shown on the calendar page of any site and
//! as an iCalendar feed at a secret address a phone's calendar subscribes to. The entries are a
//! projection in the control database, written by the sites as registrations change, so a
//! person's calendar is one indexed query however many sites they belong to.

pub mod ics;

use crate::AppResult;
use crate::auth::{RequireUser, token};
use crate::error::AppError;
use crate::json::{AppPath, AppQuery};
use crate::response::{Data, Done};
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{Datelike, DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::{PgExecutor, PgPool, Postgres};
use utoipa::{IntoParams, ToSchema};

/// What a site puts on a person's calendar.
pub struct EntryFields<'a> {
    pub title: &'a str,
    pub title_bn: Option<&'a str>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub location: Option<&'a str>,
    /// Its page on its site (`/events/12`).
    pub path: &'a str,
}

/// Binds an entry's fields as the statement's parameters $1 to $6.
fn with_entry<'q>(q: Query<'q, Postgres, PgArguments>, e: &'q EntryFields<'q>) -> Query<'q, Postgres, PgArguments> {
    q.bind(e.title).bind(e.title_bn).bind(e.starts_at).bind(e.ends_at).bind(e.location).bind(e.path)
}

/// Puts an object of a site on these people's calendars, or updates it there (one statement for
/// a training session's thousands of trainees).
pub async fn enter(db: impl PgExecutor<'_>, user_ids: &[i64], institution_id: i64, kind: &str, ref_id: i64, e: &EntryFields<'_>) -> sqlx::Result<()> {
    let q = sqlx::query(
        "INSERT INTO calendar_entries (title, title_bn, starts_at, ends_at, location, path, user_id, institution_id, kind, ref_id)
         SELECT $1, $2, $3, $4, $5, $6, u, $8, $9, $10 FROM unnest($7::int8[]) AS u
         ON CONFLICT (user_id, institution_id, kind, ref_id) DO UPDATE
            SET title = EXCLUDED.title, title_bn = EXCLUDED.title_bn, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at,
                location = EXCLUDED.location, path = EXCLUDED.path",
    );
    with_entry(q, e).bind(user_ids).bind(institution_id).bind(kind).bind(ref_id).execute(db).await?;
    Ok(())
}

/// Rewrites an object on the calendar of everyone who has it (the event moved or was renamed).
pub async fn retell(db: &PgPool, institution_id: i64, kind: &str, ref_id: i64, e: &EntryFields<'_>) -> sqlx::Result<()> {
    let q = sqlx::query(
        "UPDATE calendar_entries SET title = $1, title_bn = $2, starts_at = $3, ends_at = $4, location = $5, path = $6
          WHERE institution_id = $7 AND kind = $8 AND ref_id = $9",
    );
    with_entry(q, e).bind(institution_id).bind(kind).bind(ref_id).execute(db).await?;
    Ok(())
}

/// Takes an object off calendars: one person's, or everyone's (`user_id` none).
pub async fn leave(db: impl PgExecutor<'_>, institution_id: i64, kind: &str, ref_id: i64, user_id: Option<i64>) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM calendar_entries WHERE institution_id = $1 AND kind = $2 AND ref_id = $3 AND ($4::int8 IS NULL OR user_id = $4)")
        .bind(institution_id)
        .bind(kind)
        .bind(ref_id)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarSite {
    pub id: i64,
    pub slug: String,
    pub institution_name: String,
    pub institution_name_en: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarEntry {
    /// `event` (classes, exams and trainings as they come).
    pub kind: String,
    /// The object's id on its site.
    pub id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub location: Option<String>,
    /// Its page, on its own site.
    pub url: String,
    pub site: CalendarSite,
}

#[derive(sqlx::FromRow)]
struct EntryRow {
    kind: String,
    ref_id: i64,
    title: String,
    title_bn: Option<String>,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    location: Option<String>,
    path: String,
    institution_id: i64,
    slug: String,
    is_main: bool,
    institution_name: String,
    institution_name_en: String,
}

/// A person's entries that overlap [from, to), by start.
async fn entries(ctl: &ControlState, user_id: i64, from: DateTime<Utc>, to: DateTime<Utc>) -> AppResult<Vec<CalendarEntry>> {
    let rows: Vec<EntryRow> = sqlx::query_as(
        "SELECT c.kind, c.ref_id, c.title, c.title_bn, c.starts_at, c.ends_at, c.location, c.path, c.institution_id,
                i.slug, i.is_main, i.institution_name, i.institution_name_en
           FROM calendar_entries c JOIN institutions i ON i.id = c.institution_id
          WHERE c.user_id = $1 AND c.starts_at < $3 AND c.ends_at > $2 AND i.state = 'active'
          ORDER BY c.starts_at, c.institution_id, c.ref_id",
    )
    .bind(user_id)
    .bind(from)
    .bind(to)
    .fetch_all(&ctl.db)
    .await?;
    let urls = &ctl.config.public_base_url;
    Ok(rows
        .into_iter()
        .map(|r| CalendarEntry {
            url: format!("{}{}", urls.site_url((!r.is_main).then_some(r.slug.as_str())), r.path),
            kind: r.kind,
            id: r.ref_id,
            title: r.title,
            title_bn: r.title_bn,
            starts_at: r.starts_at,
            ends_at: r.ends_at,
            location: r.location,
            site: CalendarSite { id: r.institution_id, slug: r.slug, institution_name: r.institution_name, institution_name_en: r.institution_name_en },
        })
        .collect())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct RangeQuery {
    /// First day shown (YYYY-MM-DD, Dhaka); default the first of this month.
    pub from: Option<String>,
    /// Day after the last shown (YYYY-MM-DD); default a month after `from`. At most 366 days.
    pub to: Option<String>,
}

fn day(field: &str, value: Option<&str>) -> AppResult<Option<NaiveDate>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d").map(Some).map_err(|_| AppError::unprocessable(field, "invalid_date")),
    }
}

/// The signed-in person's calendar between two days, across every site.
#[utoipa::path(get, path = "/calendar/entries", tag = "calendar", params(RangeQuery),
    responses((status = 200, body = Data<Vec<CalendarEntry>>), (status = 401), (status = 422, description = "invalid_date, ends_before_start, out_of_range")))]
pub async fn calendar_entries(State(ctl): State<ControlState>, RequireUser(caller): RequireUser, AppQuery(q): AppQuery<RangeQuery>) -> AppResult<Json<Data<Vec<CalendarEntry>>>> {
    let user = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let today = (Utc::now() + Duration::hours(6)).date_naive();
    let from = day("from", q.from.as_deref())?.unwrap_or_else(|| today.with_day0(0).unwrap_or(today));
    let to = day("to", q.to.as_deref())?.unwrap_or_else(|| from + Duration::days(31));
    if to <= from {
        return Err(AppError::unprocessable("to", "ends_before_start"));
    }
    if (to - from).num_days() > 366 {
        return Err(AppError::unprocessable("to", "out_of_range"));
    }
    Ok(Json(Data::new(entries(&ctl, user, crate::dhaka::midnight(from), crate::dhaka::midnight(to)).await?)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Feed {
    /// The feed's secret address; null until made. Shown once made: only its hash is kept, so a
    /// forgotten address is replaced, not shown again.
    pub url: Option<String>,
    /// Whether the caller has a feed.
    pub active: bool,
}

/// Whether the caller has a feed.
#[utoipa::path(get, path = "/calendar/feed", tag = "calendar", responses((status = 200, body = Data<Feed>), (status = 401)))]
pub async fn feed_state(State(ctl): State<ControlState>, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Feed>>> {
    let user = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let active: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM calendar_feeds WHERE user_id = $1)").bind(user).fetch_one(&ctl.db).await?;
    Ok(Json(Data::new(Feed { url: None, active })))
}

/// Makes the caller's feed address; an earlier one stops working.
#[utoipa::path(post, path = "/calendar/feed", tag = "calendar", responses((status = 201, body = Data<Feed>), (status = 401)))]
pub async fn create_feed(State(ctl): State<ControlState>, RequireUser(caller): RequireUser) -> AppResult<(StatusCode, Json<Data<Feed>>)> {
    let user = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let (secret, hash) = token::generate();
    sqlx::query(
        "INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()",
    )
    .bind(user)
    .bind(hash.as_slice())
    .execute(&ctl.db)
    .await?;
    let url = format!("{}/calendar/feed/{secret}.ics", ctl.config.public_base_url.site_url(None));
    Ok((StatusCode::CREATED, Json(Data::new(Feed { url: Some(url), active: true }))))
}

/// Stops the caller's feed.
#[utoipa::path(delete, path = "/calendar/feed", tag = "calendar", responses((status = 200, body = Data<Done>), (status = 401)))]
pub async fn delete_feed(State(ctl): State<ControlState>, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Done>>> {
    let user = caller.user_id().ok_or(AppError::Unauthenticated)?;
    sqlx::query("DELETE FROM calendar_feeds WHERE user_id = $1").bind(user).execute(&ctl.db).await?;
    Ok(Json(Data::done()))
}

/// A text/calendar answer offered as a file.
pub fn ics_response(file_name: &str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}\"")),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        body,
    )
        .into_response()
}

/// A person's feed, by its secret address: from 30 days ago to a year ahead. No sign-in (a phone's
/// calendar cannot sign in); the address is the key.
#[utoipa::path(get, path = "/calendar/feed/{token}", tag = "calendar", params(("token" = String, Path, description = "the secret, with `.ics`")),
    responses((status = 200, content_type = "text/calendar", body = String), (status = 404)))]
pub async fn feed(State(ctl): State<ControlState>, AppPath(file): AppPath<String>) -> AppResult<Response> {
    let secret = file.strip_suffix(".ics").unwrap_or(&file);
    let user: i64 = sqlx::query_scalar("SELECT user_id FROM calendar_feeds WHERE token_hash = $1")
        .bind(token::digest(secret).as_slice())
        .fetch_optional(&ctl.db)
        .await?
        .ok_or(AppError::NotFound)?;
    let now = Utc::now();
    let rows = entries(&ctl, user, now - Duration::days(30), now + Duration::days(366)).await?;
    let events: Vec<ics::VEvent<'_>> = rows
        .iter()
        .map(|e| ics::VEvent {
            uid: format!("{}-{}@{}", e.kind, e.id, e.url.split("://").nth(1).and_then(|rest| rest.split('/').next()).unwrap_or_default()),
            stamp: now,
            starts_at: e.starts_at,
            ends_at: e.ends_at,
            summary: ics::both(&e.title, e.title_bn.as_deref()),
            description: format!("{} / {}\n{}", e.site.institution_name_en, e.site.institution_name, e.url),
            location: e.location.as_deref().unwrap_or_default(),
            url: e.url.clone(),
        })
        .collect();
    Ok(ics_response("calendar.ics", ics::calendar("LMS", &events)))
}
