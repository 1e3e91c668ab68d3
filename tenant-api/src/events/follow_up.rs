//! What follows a registration outside the site's schema, in the control database: the entry on
//! the person's calendar (`control_plane::calendar`), and the reminder the day before by e-mail,
//! in the site's words (`event_reminder` of `control_plane::mail_templates`) and the person's
//! language (or a text message to a person with only a phone number), queued in the outbox when the
//! registration is approved and sent by its workers when due. The outbox row's id is kept on the
//! registration, so the reminder moves with the event, and is withdrawn with the registration or
//! the event; the calendar entry likewise.
//!
//! The registration (tenant schema) and the control database are two databases: the
//! registration is written first, what follows after. What cannot be written is logged and the
//! registration stands; a person keeps their seat either way.

use super::store::{EventRow, RegistrationRow};
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use control_plane::AppResult;
use control_plane::auth::HostTenant;
use control_plane::calendar::{self, EntryFields};
use control_plane::i18n::bangla_digits;
use control_plane::mail_templates::{self, Key};
use control_plane::messages::outbox::{self, Message};
use control_plane::messages::templates::{self, EventNotice};
use control_plane::tenancy::Tenant;
use control_plane::users::links::Site;
use control_plane::users::store as users;
use sqlx::PgPool;
use std::sync::Arc;

/// When a reminder goes: a day before the start, at once for an event starting sooner, never
/// for one that has begun.
fn due(starts_at: DateTime<Utc>, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    (starts_at > now).then(|| (starts_at - Duration::days(1)).max(now))
}

/// The start in Dhaka time (where the institutions are), as an English and a Bangla reader write it.
fn when(starts_at: DateTime<Utc>) -> (String, String) {
    let local = (starts_at + Duration::hours(6)).format("%d-%m-%Y %H:%M").to_string();
    (format!("on {local} (Dhaka time)"), format!("{} (ঢাকা সময়)", bangla_digits(&local)))
}

struct Reminder {
    site: Site,
    recipient: String,
    channel: &'static str,
    subject: String,
    text: String,
    html: Option<String>,
}

impl Reminder {
    async fn of(app: &AppState, tenant: &Tenant, event: &EventRow, r: &RegistrationRow) -> AppResult<Option<Self>> {
        let lang = users::lang_of(&app.ctl.db, r.user_id).await?;
        let site = Site::of(&app.ctl, Some(&HostTenant(Arc::new(tenant.clone()))), lang);
        let (when_en, when_bn) = when(event.fields.starts_at);
        let link = format!("{}/events/{}", site.url, event.id);
        let notice = EventNotice {
            event: &event.fields.title,
            event_bn: event.fields.title_bn.as_deref().unwrap_or_default(),
            when_en: &when_en,
            when_bn: &when_bn,
            place: event.fields.venue.as_deref().or(event.fields.online_link.as_deref()).unwrap_or_default(),
            link: &link,
        };
        let (channel, recipient, subject, text, html) = match (&r.user_email, &r.user_phone) {
            (Some(email), _) => {
                let title = lang.pick(notice.event, Some(notice.event_bn));
                let time = lang.pick(notice.when_en, Some(notice.when_bn));
                let values = [("name", r.user_name.as_str()), ("event", title), ("time", time), ("place", notice.place), ("link", link.as_str())];
                let mail = mail_templates::compose(&app.ctl.db, &site, Key::EventReminder, lang, &values).await?;
                ("email", email.clone(), mail.subject, mail.text, Some(mail.html))
            }
            (None, Some(phone)) => ("sms", phone.clone(), String::new(), templates::event_reminder_sms(&site.name, &notice), None),
            (None, None) => return Ok(None),
        };
        Ok(Some(Self { site, recipient, channel, subject, text, html }))
    }

    fn message(&self) -> Message<'_> {
        Message {
            channel: self.channel,
            to: &self.recipient,
            institution_id: self.site.id,
            sender_name: &self.site.name,
            kind: "event_reminder",
            subject: self.subject.clone(),
            text: self.text.clone(),
            html: self.html.clone(),
        }
    }
}

/// What an approved registration brings: the event on the person's calendar, and its reminder.
pub async fn schedule(app: &AppState, tenant: &Tenant, db: &PgPool, event: &EventRow, r: &RegistrationRow) {
    if r.status != "approved" {
        return;
    }
    let path = format!("/events/{}", event.id);
    if let Err(error) = calendar::enter(&app.ctl.db, &[r.user_id], tenant.id, KIND, event.id, &entry(event, &path)).await {
        tracing::warn!(%error, registration = r.id, "event not put on the calendar");
    }
    if let Err(error) = try_schedule(app, tenant, db, event, r).await {
        tracing::warn!(%error, registration = r.id, "event reminder not queued");
    }
}

/// The calendars' name for events.
const KIND: &str = "event";

fn entry<'a>(event: &'a EventRow, path: &'a str) -> EntryFields<'a> {
    let e = &event.fields;
    EntryFields {
        title: &e.title,
        title_bn: e.title_bn.as_deref(),
        starts_at: e.starts_at,
        ends_at: e.ends_at,
        location: e.venue.as_deref().or(e.online_link.as_deref()),
        path,
    }
}

async fn try_schedule(app: &AppState, tenant: &Tenant, db: &PgPool, event: &EventRow, r: &RegistrationRow) -> AppResult<()> {
    let Some(at) = due(event.fields.starts_at, Utc::now()) else { return Ok(()) };
    let Some(reminder) = Reminder::of(app, tenant, event, r).await? else { return Ok(()) };
    let mut tx = app.ctl.db.begin().await?;
    let id = outbox::enqueue_at(&mut tx, &reminder.message(), Some(at)).await?;
    tx.commit().await?;
    sqlx::query("UPDATE event_registrations SET reminder_id = $2 WHERE id = $1").bind(r.id).bind(id).execute(db).await?;
    Ok(())
}

/// Whether a registration's reminder was queued already.
pub async fn has_one(db: &PgPool, registration_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT reminder_id IS NOT NULL FROM event_registrations WHERE id = $1")
        .bind(registration_id)
        .fetch_optional(db)
        .await
        .map(|r| r.unwrap_or(false))
}

/// Takes these registrations (cancelled, or declined) off their people's calendars and
/// withdraws their reminders.
pub async fn withdraw(app: &AppState, tenant: &Tenant, db: &PgPool, registration_ids: &[i64]) -> AppResult<()> {
    let rows: Vec<(i64, i64, Option<i64>)> = sqlx::query_as("SELECT event_id, user_id, reminder_id FROM event_registrations WHERE id = ANY($1)")
        .bind(registration_ids)
        .fetch_all(db)
        .await?;
    for (event_id, user_id, _) in &rows {
        calendar::leave(&app.ctl.db, tenant.id, KIND, *event_id, Some(*user_id)).await?;
    }
    let reminders: Vec<i64> = rows.iter().filter_map(|(_, _, reminder)| *reminder).collect();
    outbox::cancel(&app.ctl.db, &reminders).await?;
    Ok(())
}

/// Before an event is deleted: off every calendar, every reminder withdrawn.
pub async fn forget(app: &AppState, tenant: &Tenant, db: &PgPool, event_id: i64) -> AppResult<()> {
    let reminders: Vec<i64> = sqlx::query_scalar("SELECT reminder_id FROM event_registrations WHERE event_id = $1 AND reminder_id IS NOT NULL")
        .bind(event_id)
        .fetch_all(db)
        .await?;
    outbox::cancel(&app.ctl.db, &reminders).await?;
    calendar::leave(&app.ctl.db, tenant.id, KIND, event_id, None).await?;
    Ok(())
}

/// After an event changed: calendars show it as it now is; each waiting reminder says what it
/// now says and goes when it now should; when the event moved, those already sent or never
/// queued are queued afresh.
pub async fn follow(app: &AppState, tenant: &Tenant, db: &PgPool, event: &EventRow, moved: bool) -> AppResult<()> {
    let path = format!("/events/{}", event.id);
    calendar::retell(&app.ctl.db, tenant.id, KIND, event.id, &entry(event, &path)).await?;
    let rows: Vec<(i64, Option<i64>)> = sqlx::query_as("SELECT id, reminder_id FROM event_registrations WHERE event_id = $1 AND status = 'approved'")
        .bind(event.id)
        .fetch_all(db)
        .await?;
    let at = due(event.fields.starts_at, Utc::now());
    for (id, reminder_id) in rows {
        let Some(r) = super::store::registration(db, id).await? else { continue };
        let rescheduled = match (reminder_id, at, Reminder::of(app, tenant, event, &r).await?) {
            (Some(reminder_id), Some(at), Some(reminder)) => outbox::reschedule(&app.ctl.db, reminder_id, &reminder.message(), at).await?,
            (Some(reminder_id), None, _) => {
                outbox::cancel(&app.ctl.db, &[reminder_id]).await?;
                true
            }
            _ => false,
        };
        if !rescheduled && moved {
            schedule(app, tenant, db, event, &r).await;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{due, when};
    use chrono::{Duration, TimeZone, Utc};

    #[test]
    fn reminders_go_a_day_before_or_at_once() {
        let now = Utc.with_ymd_and_hms(2026, 12, 2, 9, 0, 0).unwrap();
        assert_eq!(due(now + Duration::days(3), now), Some(now + Duration::days(2)));
        assert_eq!(due(now + Duration::hours(3), now), Some(now));
        assert_eq!(due(now - Duration::hours(1), now), None);
    }

    #[test]
    fn the_start_is_written_in_dhaka_time() {
        let (en, bn) = when(Utc.with_ymd_and_hms(2026, 12, 20, 4, 30, 0).unwrap());
        assert_eq!(en, "on 20-12-2026 10:30 (Dhaka time)");
        assert_eq!(bn, "২০-১২-২০২৬ ১০:৩০ (ঢাকা সময়)");
    }
}
