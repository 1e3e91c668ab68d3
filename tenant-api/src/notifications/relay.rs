//! Notices that go beyond the bell: an enrolment approved, a certificate issued, a payment
//! received. Each goes by e-mail, written in the reader's language (the one they last used the
//! site in) from the site's own wording of the e-mail (`control_plane::mail_templates`); a reader
//! with no e-mail address but a proven number gets a short text instead. Every browser the reader
//! let this site notify gets it too, by Web Push.
//!
//! The notice is marked `relay_due` in the transaction of the event, so nothing is lost: after
//! the event commits, [`relay`] queues the messages in the control plane's outbox and unmarks the
//! notices; an edge that stops in between leaves the mark for [`sweep`]. The outbox keys each
//! message by its notice (`once_ref`), so a relay repeated after such a stop sends nothing twice.

use super::store;
use crate::courses::store as courses;
use crate::state::AppState;
use control_plane::auth::HostTenant;
use control_plane::i18n::{Lang, taka};
use control_plane::mail_templates::{self, Key};
use control_plane::messages::{outbox, push, templates};
use control_plane::tenancy::{Tenant, TenantId};
use control_plane::users::links::Site;
use control_plane::users::store as users;
use control_plane::AppResult;
use serde_json::Value;
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;

/// The e-mail a notice of `kind` is also sent as, if any.
pub fn mailed(kind: &str) -> Option<Key> {
    match kind {
        "enrolment_approved" => Some(Key::EnrolmentApproved),
        "certificate_issued" => Some(Key::CertificateIssued),
        "payment_received" => Some(Key::PaymentReceived),
        _ => None,
    }
}

/// Notices taken per round.
const BATCH: i64 = 100;

/// Queues the messages of the site's due notices; answers how many notices it took. Call after
/// the event's transaction commits.
pub async fn relay(app: &AppState, tenant: &Tenant, db: &PgPool) -> AppResult<usize> {
    let host = HostTenant(Arc::new(tenant.clone()));
    let mut taken = 0;
    loop {
        let mut tx = db.begin().await?;
        let due = store::take_due(&mut tx, BATCH).await?;
        if due.is_empty() {
            return Ok(taken);
        }
        let readers: Vec<i64> = due.iter().map(|d| d.user_id).collect();
        let people = users::contacts(&app.ctl.db, &readers).await?;
        let browsers = push::store::endpoints(&app.ctl.db, tenant.id, &readers).await?;
        for notice in &due {
            let (Some(key), Some(person)) = (mailed(&notice.kind), people.iter().find(|p| p.id == notice.user_id)) else { continue };
            let lang = person.lang();
            let site = Site::of(&app.ctl, Some(&host), lang);
            let course = course_title(db, &notice.params, lang).await?;
            let amount = notice.params["amount_poisha"].as_i64().map(|p| taka(p, lang)).unwrap_or_default();
            let link = format!("{}{}", site.url, notice.link.as_deref().unwrap_or("/"));
            let once = format!("notice:{}:{}", tenant.id, notice.id);
            match (person.email.as_deref(), person.phone.as_deref().filter(|_| person.phone_verified)) {
                (Some(email), _) => {
                    let values = [("name", person.own_name()), ("course", course.as_str()), ("amount", amount.as_str()), ("link", link.as_str())];
                    let mail = mail_templates::compose(&app.ctl.db, &site, key, lang, &values).await?;
                    outbox::enqueue_once(&app.ctl.db, &site.mail(email, &notice.kind, mail), &once).await?;
                }
                (None, Some(phone)) => {
                    if let Some(text) = templates::notice_sms(&notice.kind, lang, &site.name, &course, &amount, &link) {
                        outbox::enqueue_once(&app.ctl.db, &site.sms(phone, &notice.kind, text), &once).await?;
                    }
                }
                (None, None) => {}
            }
            if let Some(body) = templates::notice_sentence(&notice.kind, lang, &course, &amount) {
                let payload = serde_json::json!({ "title": site.name, "body": body, "url": link, "lang": lang.code(), "tag": format!("notice-{}", notice.id) }).to_string();
                for (_, endpoint) in browsers.iter().filter(|b| b.0 == notice.user_id) {
                    outbox::enqueue_once(&app.ctl.db, &site.push(endpoint, &notice.kind, payload.clone()), &once).await?;
                }
            }
        }
        let ids: Vec<i64> = due.iter().map(|d| d.id).collect();
        store::relayed(&mut tx, &ids).await?;
        tx.commit().await?;
        taken += due.len();
    }
}

/// [`relay`] after an event, whose outcome stands whatever happens here: a failure leaves the
/// mails to the sweep.
pub async fn relay_after(app: &AppState, tenant: &Tenant, db: &PgPool) {
    if let Err(error) = relay(app, tenant, db).await {
        tracing::warn!(tenant = tenant.id, %error, "notice mails not queued; the sweep will");
    }
}

/// The course a notice is about, in the reader's language: named in its parameters, or by id.
async fn course_title(db: &PgPool, params: &Value, lang: Lang) -> AppResult<String> {
    let named = |field: &str| params[field].as_str().filter(|t| !t.is_empty()).map(str::to_owned);
    let (title, title_bn) = match (named("course_title"), params["course_id"].as_i64()) {
        (Some(title), _) => (title, named("course_title_bn")),
        (None, Some(id)) => match courses::find(db, id).await? {
            Some(c) => (c.title, Some(c.title_bn).filter(|t| !t.is_empty())),
            None => (String::new(), None),
        },
        (None, None) => (String::new(), None),
    };
    Ok(lang.pick(&title, title_bn.as_deref()).to_owned())
}

/// Relays the notices of a site marked at least `age` ago (an edge stopped after the event).
pub async fn sweep(app: &AppState, tenant: TenantId, db: &PgPool, age: Duration) -> AppResult<usize> {
    if !store::relay_owed(db, age).await? {
        return Ok(0);
    }
    let Some(site) = control_plane::institutions::store::tenant_by_id(&app.ctl.db, tenant).await? else { return Ok(0) };
    relay(app, &site, db).await
}
