//! Sending bulk messages. Due messages wait in the control schema's `bulk_jobs`; an edge leases
//! one, fixes whom it reaches (`bulk_recipients`, once) and hands them on a batch at a time: the
//! e-mails and texts to the outbox, whose workers send them with their retries, and the bell
//! straight into the site's notifications. Each batch renews the lease. An edge that dies mid-
//! batch leaves the batch's people waiting; whichever edge takes the job over hands them on again,
//! and the outbox's uniqueness per message and address (and, for the bell, the same transaction
//! as the marking) keeps anyone from getting it twice. An address that left the site's
//! announcements (`control_plane::messages::opt_out`) is not handed on: it counts as failed,
//! `opted_out`. Each e-mail carries its reader's own way out.

use super::{Audience, address, store};
use crate::state::AppState;
use control_plane::AppResult;
use control_plane::messages::opt_out::{self, Channel, Subject};
use control_plane::messages::{bulk, templates};
use serde_json::json;
use std::sync::LazyLock;
use std::time::Duration;
use tokio::sync::Notify;

/// People handed on per batch.
const BATCH: i64 = 500;
/// How often an idle edge looks for due messages (a scheduled one starts within this).
const POLL: Duration = Duration::from_secs(5);

static WAKE: LazyLock<Notify> = LazyLock::new(Notify::new);

/// Starts looking at once (a message was just sent for now).
pub fn wake(_app: &AppState) {
    WAKE.notify_one();
}

pub fn spawn(app: AppState) {
    tokio::spawn(async move {
        loop {
            if let Err(error) = run_due(&app).await {
                tracing::warn!(%error, "bulk messages: a round failed; next round");
            }
            let _ = tokio::time::timeout(POLL, WAKE.notified()).await;
        }
    });
}

/// Sends every message due now, one after another; answers how many.
pub async fn run_due(app: &AppState) -> AppResult<usize> {
    let mut sent = 0;
    while let Some((tenant, id)) = bulk::claim(&app.ctl.db).await? {
        run(app, tenant, id).await?;
        sent += 1;
    }
    Ok(sent)
}

async fn run(app: &AppState, tenant: i64, id: i64) -> AppResult<()> {
    let db = app.pools.get(tenant).await?;
    let Some(message) = store::find(&db, id).await? else { return Ok(bulk::done(&app.ctl.db, tenant, id).await?) };
    if message.state == "scheduled" {
        let audience: Audience = serde_json::from_value(message.audience.clone()).unwrap_or_default();
        let people = audience.people(app, &db).await?;
        for channel in &message.channels {
            let recipients: Vec<store::Recipient> =
                people.iter().map(|p| store::Recipient { user_id: p.id, name: p.name.clone(), address: address(p, channel) }).collect();
            store::add_recipients(&db, id, channel, &recipients).await?;
        }
        store::begin(&db, id).await?;
    }
    let Some(site) = control_plane::institutions::store::tenant_by_id(&app.ctl.db, tenant).await? else {
        return Ok(bulk::done(&app.ctl.db, tenant, id).await?);
    };
    let sender = site.institution_name.clone();
    let site_url = app.ctl.config.public_base_url.site_url((!site.is_main).then_some(site.slug.as_str()));
    let bulk_ref = bulk::reference(tenant, id);
    let mail = templates::announcement(&sender, &message.subject, &message.body);
    for channel in &message.channels {
        loop {
            // A cancelled message stops between batches.
            if store::find(&db, id).await?.is_none_or(|m| m.state != "sending") {
                return Ok(bulk::done(&app.ctl.db, tenant, id).await?);
            }
            let batch = store::waiting(&db, id, channel, BATCH).await?;
            if batch.is_empty() {
                break;
            }
            let users: Vec<i64> = batch.iter().map(|(u, _)| *u).collect();
            match channel.as_str() {
                "bell" => {
                    let mut tx = db.begin().await?;
                    let params = json!({ "subject": message.subject, "body": message.body });
                    crate::notifications::store::add_many(&mut *tx, tenant, &users, "announcement", params).await?;
                    store::mark(&mut *tx, id, channel, &users, None).await?;
                    tx.commit().await?;
                }
                "email" | "sms" => {
                    let addresses: Vec<String> = batch.iter().map(|(_, a)| a.clone()).collect();
                    let left = opt_out::left(&app.ctl.db, tenant, channel, &addresses).await?;
                    let (gone, kept): (Vec<_>, Vec<_>) = batch.into_iter().partition(|(_, a)| left.contains(a));
                    let (channel_name, subject, html) = match channel.as_str() {
                        "email" => ("email", mail.subject.as_str(), Some(mail.html.as_str())),
                        _ => ("sms", "", None),
                    };
                    let text = if channel_name == "email" { mail.text.as_str() } else { message.body.as_str() };
                    let recipients: Vec<bulk::Recipient> = kept
                        .iter()
                        .map(|(_, address)| bulk::Recipient {
                            address: address.clone(),
                            unsubscribe: (channel_name == "email").then(|| {
                                let subject = Subject { institution_id: tenant, channel: Channel::Email, address: address.clone() };
                                opt_out::links(&app.ctl.config.tenant_db_secret, &site_url, &subject)
                            }),
                        })
                        .collect();
                    let out = bulk::Batch { bulk_ref: &bulk_ref, channel: channel_name, institution_id: tenant, sender_name: &sender, subject, text, html };
                    bulk::enqueue(&app.ctl.db, &out, &recipients).await?;
                    store::mark(&*db, id, channel, &kept.iter().map(|(u, _)| *u).collect::<Vec<_>>(), None).await?;
                    store::mark(&*db, id, channel, &gone.iter().map(|(u, _)| *u).collect::<Vec<_>>(), Some("opted_out")).await?;
                }
                _ => break,
            }
            bulk::renew(&app.ctl.db, tenant, id).await?;
        }
    }
    store::finish(&db, id).await?;
    Ok(bulk::done(&app.ctl.db, tenant, id).await?)
}
