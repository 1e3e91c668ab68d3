//! An event as an iCalendar file, for a phone or desktop calendar: one VEVENT with a reminder a
//! day before.

use super::visible;
use crate::courses::view::site_url;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use control_plane::AppResult;
use control_plane::auth::{HostTenant, MaybeUser};
use control_plane::calendar::ics::{self, VEvent};
use control_plane::calendar::ics_response;
use control_plane::json::AppPath;

/// An event's calendar file.
#[utoipa::path(get, path = "/event/ics/{id}", tag = "events", params(("id" = i64, Path)),
    responses((status = 200, content_type = "text/calendar", body = String), (status = 404)))]
pub async fn event_ics(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    MaybeUser(caller): MaybeUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Response> {
    let row = visible(&db, id, caller.as_ref(), &tenant).await?;
    let e = &row.fields;
    let site = site_url(&tenant, &app.ctl.config.public_base_url);
    let url = format!("{site}/events/{id}");
    let description = [Some(e.description.as_str()), e.description_bn.as_deref(), Some(url.as_str())]
        .into_iter()
        .flatten()
        .filter(|d| !d.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    let event = VEvent {
        uid: format!("event-{id}@{}", site.split("://").nth(1).unwrap_or(&site)),
        stamp: row.updated_at,
        starts_at: e.starts_at,
        ends_at: e.ends_at,
        summary: ics::both(&e.title, e.title_bn.as_deref()),
        description,
        location: e.venue.as_deref().or(e.online_link.as_deref()).unwrap_or_default(),
        url,
    };
    Ok(ics_response(&format!("event-{id}.ics"), ics::calendar(&tenant.institution_name_en, &[event])))
}
