//! An event as an iCalendar file (RFC 5545), for a phone or desktop calendar: one VEVENT with a
//! reminder a day before.

use super::store::EventRow;
use super::visible;
use crate::courses::view::site_url;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, MaybeUser};
use control_plane::json::AppPath;
use control_plane::AppResult;

fn stamp(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value: backslashes, semicolons, commas and line breaks escaped (RFC 5545 §3.3.11).
fn text(value: &str) -> String {
    value.replace('\\', "\\\\").replace(';', "\\;").replace(',', "\\,").replace("\r\n", "\\n").replace(['\n', '\r'], "\\n")
}

/// Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1).
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
    out
}

/// The calendar file of an event, `site` being the address of its site.
pub fn ics(row: &EventRow, site: &str, host: &str) -> String {
    let e = &row.fields;
    let title = match &e.title_bn {
        Some(bn) if *bn != e.title => format!("{} / {bn}", e.title),
        _ => e.title.clone(),
    };
    let page = format!("{site}/events/{}", row.id);
    let description = [Some(e.description.as_str()), e.description_bn.as_deref(), Some(page.as_str())]
        .into_iter()
        .flatten()
        .filter(|d| !d.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    let location = e.venue.as_deref().or(e.online_link.as_deref()).unwrap_or_default();
    let lines = [
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//LMS platform//Events//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        "BEGIN:VEVENT".to_owned(),
        format!("UID:event-{}@{host}", row.id),
        format!("DTSTAMP:{}", stamp(row.updated_at)),
        format!("DTSTART:{}", stamp(e.starts_at)),
        format!("DTEND:{}", stamp(e.ends_at)),
        format!("SUMMARY:{}", text(&title)),
        format!("DESCRIPTION:{}", text(&description)),
        format!("LOCATION:{}", text(location)),
        format!("URL:{page}"),
        "BEGIN:VALARM".to_owned(),
        "ACTION:DISPLAY".to_owned(),
        format!("DESCRIPTION:{}", text(&title)),
        "TRIGGER:-P1D".to_owned(),
        "END:VALARM".to_owned(),
        "END:VEVENT".to_owned(),
        "END:VCALENDAR".to_owned(),
    ];
    lines.iter().map(|l| fold(l)).collect()
}

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
    let event = visible(&db, id, caller.as_ref(), &tenant).await?;
    let site = site_url(&tenant, &app.ctl.config.public_base_url);
    let host = site.split("://").nth(1).unwrap_or(&site).trim_end_matches('/').to_owned();
    let body = ics(&event, &site, &host);
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"event-{id}.ics\"")),
        ],
        body,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::{fold, text};

    #[test]
    fn long_lines_fold_between_characters() {
        let line = format!("SUMMARY:{}", "বাংলা".repeat(20));
        let folded = fold(&line);
        assert!(folded.split("\r\n").all(|l| l.len() <= 75));
        assert_eq!(folded.replace("\r\n ", "").trim_end(), line);
    }

    #[test]
    fn text_values_are_escaped() {
        assert_eq!(text("a, b; c\\d\ne"), "a\\, b\\; c\\\\d\\ne");
    }
}
