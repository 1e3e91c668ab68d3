//! Events of a site (`/event/*`): seminars, orientations and fairs with registration (open, or
//! approved by a manager) up to a capacity, a ticket per person checked in by its QR code at the
//! door, a reminder the day before, materials from the file manager, discussions, reviews by
//! those who came, and an iCalendar file. Contract: docs/api-events.md.
//!
//! Managers are the people who author the site's courses (partner admins, teachers, super
//! admins); anyone reads published events.

pub mod calendar;
pub mod discussions;
pub mod manage;
pub mod materials;
pub mod registrations;
pub mod follow_up;
pub mod reviews;
pub mod store;

use crate::courses::access::can_author;
use chrono::{DateTime, Utc};
use control_plane::auth::Caller;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use sqlx::PgPool;
use store::{EventFields, EventRow, RegistrationRow};
use utoipa::ToSchema;

/// An event as a reader sees it (`EventItem` in the API document: the provisioner's job events
/// are `Event` there).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = EventItem)]
pub struct Event {
    pub id: i64,
    #[serde(flatten)]
    pub fields: EventFields,
    /// `upcoming`, `ongoing` or `ended`, from the clock.
    pub state: &'static str,
    /// Approved registrations.
    pub registered: i64,
    /// Registrations awaiting approval.
    pub pending: i64,
    /// Null when there is no limit.
    pub seats_left: Option<i64>,
    /// Average of the reviews (1-5).
    pub rating: Option<f64>,
    pub reviews: i64,
    pub can_manage: bool,
    pub my_registration: Option<Registration>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Registration {
    pub id: i64,
    pub event_id: i64,
    pub user_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// `pending`, `approved` or `rejected`.
    pub status: String,
    pub checked_in_at: Option<DateTime<Utc>>,
    /// The QR code's text, `EVT1.<event_id>.<code>`: only to the registrant, while approved.
    pub ticket: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// What a ticket's text starts with; the version lets the format change without old slips
/// being mistaken for new ones.
const TICKET_PREFIX: &str = "EVT1";

impl Registration {
    /// `own` is whether the caller is the registrant (who alone sees the ticket).
    pub fn from_row(r: RegistrationRow, own: bool) -> Self {
        let ticket = (own && r.status == "approved").then(|| format!("{TICKET_PREFIX}.{}.{}", r.event_id, r.code));
        Self {
            id: r.id,
            event_id: r.event_id,
            user_id: r.user_id,
            name: r.user_name,
            email: r.user_email,
            phone: r.user_phone,
            status: r.status,
            checked_in_at: r.checked_in_at,
            ticket,
            created_at: r.created_at,
        }
    }
}

/// The event and code a ticket's text names, if it is one.
pub fn parse_ticket(text: &str) -> Option<(i64, &str)> {
    let mut parts = text.trim().splitn(3, '.');
    if parts.next()? != TICKET_PREFIX {
        return None;
    }
    let event_id = parts.next()?.parse().ok()?;
    let code = parts.next().filter(|c| !c.is_empty() && c.len() <= 64)?;
    Some((event_id, code))
}

fn state(e: &EventFields, now: DateTime<Utc>) -> &'static str {
    if now < e.starts_at {
        "upcoming"
    } else if now < e.ends_at {
        "ongoing"
    } else {
        "ended"
    }
}

pub fn is_manager(caller: Option<&Caller>, tenant: &Tenant) -> bool {
    caller.is_some_and(|c| can_author(c, tenant))
}

/// An event as its reader sees it, with their own registration when they are signed in.
pub async fn views(db: &PgPool, rows: Vec<EventRow>, caller: Option<&Caller>, tenant: &Tenant) -> AppResult<Vec<Event>> {
    let manager = is_manager(caller, tenant);
    let user = caller.and_then(Caller::user_id);
    let ids: Vec<i64> = rows.iter().map(|e| e.id).collect();
    let mut mine = match user {
        Some(u) if !ids.is_empty() => store::registrations_of(db, &ids, u).await?,
        _ => Vec::new(),
    };
    let now = Utc::now();
    Ok(rows
        .into_iter()
        .map(|e| {
            let my_registration = mine.iter().position(|r| r.event_id == e.id).map(|i| Registration::from_row(mine.swap_remove(i), true));
            Event {
                state: state(&e.fields, now),
                seats_left: e.fields.capacity.map(|c| (i64::from(c) - e.registered - e.pending).max(0)),
                id: e.id,
                fields: e.fields,
                registered: e.registered,
                pending: e.pending,
                rating: e.rating,
                reviews: e.reviews,
                can_manage: manager,
                my_registration,
                created_at: e.created_at,
                updated_at: e.updated_at,
            }
        })
        .collect())
}

/// An event the caller may see: published, or any to a manager; 404 otherwise.
pub async fn visible(db: &PgPool, id: i64, caller: Option<&Caller>, tenant: &Tenant) -> AppResult<EventRow> {
    let manager = is_manager(caller, tenant);
    store::find(db, id).await?.filter(|e| e.fields.published || manager).ok_or(AppError::NotFound)
}

/// The caller's part in an event's materials and discussions: a manager, or an approved
/// registrant; 403 for anyone else.
pub struct Participant {
    pub user_id: i64,
    pub manager: bool,
}

pub async fn participant(db: &PgPool, event_id: i64, caller: &Caller, tenant: &Tenant) -> AppResult<Participant> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    visible(db, event_id, Some(caller), tenant).await?;
    if is_manager(Some(caller), tenant) {
        return Ok(Participant { user_id, manager: true });
    }
    match store::registration_of(db, event_id, user_id).await? {
        Some(r) if r.status == "approved" => Ok(Participant { user_id, manager: false }),
        _ => Err(AppError::Denied("not_registered")),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_ticket;

    #[test]
    fn tickets_name_their_event() {
        assert_eq!(parse_ticket(" EVT1.42.abc_DEF-1 "), Some((42, "abc_DEF-1")));
        assert_eq!(parse_ticket("EVT1.x.abc"), None);
        assert_eq!(parse_ticket("EVT2.42.abc"), None);
        assert_eq!(parse_ticket("EVT1.42."), None);
        assert_eq!(parse_ticket("hello"), None);
    }
}
