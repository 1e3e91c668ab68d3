//! Notices that go by e-mail as well as to the bell: an enrolment approved, a certificate
//! issued, a payment received. Each is written in the reader's language (the one they last used
//! the site in) from the site's own wording of the e-mail (`control_plane::mail_templates`). A
//! reader with no e-mail address but a proven number gets a short text instead.
//!
//! The notice is marked `mail_due` in the transaction of the event, so the e-mail cannot be lost:
//! after the event commits, [`relay`] queues the mails in the control plane's outbox and unmarks
//! them; an edge that stops in between leaves the mark for [`sweep`]. The outbox keys each mail
//! by its notice (`once_ref`), so a relay repeated after such a stop sends nothing twice.

use crate::courses::store as courses;
use crate::state::AppState;
use control_plane::auth::HostTenant;
use control_plane::i18n::{Lang, taka};
use control_plane::mail_templates::{self, Key};
use control_plane::messages::{outbox, templates};
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

#[derive(sqlx::FromRow)]
struct Due {
    id: i64,
    user_id: i64,
    kind: String,
    params: Value,
    link: Option<String>,
}

/// Notices taken per round.
const BATCH: i64 = 100;

/// Queues the e-mails of the site's due notices; answers how many notices it took. Call after
/// the event's transaction commits.
pub async fn relay(app: &AppState, tenant: &Tenant, db: &PgPool) -> AppResult<usize> {
    let host = HostTenant(Arc::new(tenant.clone()));
    let mut taken = 0;
    loop {
        let mut tx = db.begin().await?;
        // Another edge relaying the same site takes other rows.
        let due: Vec<Due> = sqlx::query_as(
            "SELECT id, user_id, kind, params, link FROM notifications WHERE mail_due ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED",
        )
        .bind(BATCH)
        .fetch_all(&mut *tx)
        .await?;
        if due.is_empty() {
            return Ok(taken);
        }
        let people = users::contacts(&app.ctl.db, &due.iter().map(|d| d.user_id).collect::<Vec<_>>()).await?;
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
        }
        let ids: Vec<i64> = due.iter().map(|d| d.id).collect();
        sqlx::query("UPDATE notifications SET mail_due = false WHERE id = ANY($1)").bind(&ids).execute(&mut *tx).await?;
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
    Ok(match (lang, title_bn) {
        (Lang::Bn, Some(bn)) => bn,
        _ => title,
    })
}

/// Relays the notices of a site marked at least `age` ago (an edge stopped after the event).
pub async fn sweep(app: &AppState, tenant: TenantId, db: &PgPool, age: Duration) -> AppResult<usize> {
    let owed: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM notifications WHERE mail_due AND created_at <= now() - make_interval(secs => $1))")
        .bind(age.as_secs_f64())
        .fetch_one(db)
        .await?;
    if !owed {
        return Ok(0);
    }
    let Some(site) = control_plane::institutions::store::tenant_by_id(&app.ctl.db, tenant).await? else { return Ok(0) };
    relay(app, &site, db).await
}
