//! Bulk messages (issue 13, docs/api-accounts.md "Bulk messages"): a site's admins write once to
//! many people by e-mail, SMS and the bell. The sender sees whom it reaches and what the texts
//! cost before sending, sends now or later, watches each channel's progress and may cancel.
//! A partner site reaches only the people enrolled in its courses; the main site's super admin may
//! also write to everyone on the platform. Sending is `worker`'s.

pub mod store;
pub mod worker;

use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::messages::{bulk, sms};
use control_plane::pagination::{Page, PageQuery, PageRequest};
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::users::store::{self as users, Reachable};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

const CHANNELS: [&str; 3] = ["email", "sms", "bell"];
const MAX_SUBJECT: usize = 150;
const MAX_BODY: usize = 2_000;
const MAX_SMS_SEGMENTS: u32 = 6;

/// Whom a message is for. Without `everyone`, the people enrolled in this site's courses.
#[derive(Debug, Default, Clone, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct Audience {
    /// Everyone on the platform: the main site's super admins only.
    pub everyone: bool,
    pub course_id: Option<i64>,
    pub batch_id: Option<i64>,
    /// An enrolment's status: `pending`, `active` or `completed`.
    pub status: Option<String>,
    pub district_id: Option<i32>,
    pub profession_id: Option<i32>,
}

impl Audience {
    fn check(&self, tenant: &Tenant, caller: &Caller, v: &mut Validator) -> AppResult<()> {
        if self.everyone && !(tenant.is_main && caller.is_super()) {
            return Err(AppError::Forbidden);
        }
        if self.status.as_deref().is_some_and(|s| !["pending", "active", "completed"].contains(&s)) {
            v.add("audience.status", "invalid_choice", None);
        }
        Ok(())
    }

    /// The people it names, with how to reach them.
    async fn people(&self, app: &AppState, db: &sqlx::PgPool) -> AppResult<Vec<Reachable>> {
        let enrolled = match self.everyone {
            true => None,
            false => Some(store::enrolled(db, self.course_id, self.batch_id, self.status.as_deref()).await?),
        };
        if enrolled.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        Ok(users::reachable(&app.ctl.db, enrolled.as_deref(), self.district_id, self.profession_id).await?)
    }
}

/// The address `channel` reaches a person at; the bell reaches everyone.
fn address(person: &Reachable, channel: &str) -> Option<String> {
    match channel {
        "email" => person.email.clone(),
        "sms" => person.phone.clone(),
        _ => Some(String::new()),
    }
}

/// The channels asked for, known ones only, each once, in a fixed order.
fn channels(asked: &[String], v: &mut Validator) -> Vec<String> {
    let chosen: Vec<String> = CHANNELS.iter().filter(|c| asked.iter().any(|a| a == *c)).map(|c| c.to_string()).collect();
    if chosen.is_empty() || asked.iter().any(|a| !CHANNELS.contains(&a.as_str())) {
        v.add("channels", "invalid_choice", None);
    }
    chosen
}

fn admin(caller: &Caller, tenant: &Tenant) -> AppResult<i64> {
    caller.require_admin_of(tenant.id)?;
    caller.user_id().ok_or(AppError::Forbidden)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AudienceQuery {
    /// `email`, `sms`, `bell`.
    pub channels: Vec<String>,
    pub audience: Audience,
    /// The text, to count its SMS segments.
    pub body: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Reach {
    /// Everyone the filters select.
    pub people: usize,
    /// Per channel asked for, those it can reach (an e-mail address, a phone number).
    pub reachable: BTreeMap<String, usize>,
    /// Segments of one text (GSM-7: 160, 153 once split; Bangla: 70, 67).
    pub sms_segments: u32,
    /// What the texts cost in all, in poisha.
    pub sms_cost_poisha: i64,
}

fn reach(people: &[Reachable], channels: &[String], body: &str) -> Reach {
    let reachable: BTreeMap<String, usize> =
        channels.iter().map(|c| (c.clone(), people.iter().filter(|p| address(p, c).is_some()).count())).collect();
    let sms_segments = sms::segments(body);
    let texts = reachable.get("sms").copied().unwrap_or(0) as i64;
    Reach { people: people.len(), sms_cost_poisha: texts * i64::from(sms_segments) * sms::SEGMENT_POISHA, sms_segments, reachable }
}

/// Whom a message would reach and what its texts would cost.
#[utoipa::path(post, path = "/bulknotify/audience", tag = "notifications", request_body = AudienceQuery,
    responses((status = 200, body = Data<Reach>), (status = 401), (status = 403), (status = 422)))]
pub async fn audience(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(q): AppJson<AudienceQuery>,
) -> AppResult<Json<Data<Reach>>> {
    admin(&caller, &tenant)?;
    let mut v = Validator::default();
    let channels = channels(&q.channels, &mut v);
    q.audience.check(&tenant, &caller, &mut v)?;
    v.finish()?;
    let people = q.audience.people(&app, &db).await?;
    Ok(Json(Data::new(reach(&people, &channels, &q.body))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewBulk {
    pub channels: Vec<String>,
    /// The e-mail's subject and the bell's title.
    pub subject: String,
    pub body: String,
    pub audience: Audience,
    /// When to send; now when absent.
    pub send_at: Option<String>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
pub struct ChannelProgress {
    pub total: i64,
    /// Not handed on yet.
    pub waiting: i64,
    /// Handed to the mail or SMS queue; on the bell, shown.
    pub sent: i64,
    /// Accepted by the mail server or SMS gateway; on the bell, shown.
    pub delivered: i64,
    /// Given up, or no address to reach the person at.
    pub failed: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Sender {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BulkMessage {
    pub id: i64,
    pub channels: Vec<String>,
    pub subject: String,
    pub body: String,
    pub audience: Audience,
    /// `scheduled`, `sending`, `sent` or `cancelled`.
    pub state: String,
    pub send_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_by: Sender,
    /// Per channel.
    pub progress: BTreeMap<String, ChannelProgress>,
}

/// The messages with their progress: the site's recipients, and the outbox's word on delivery.
async fn views(app: &AppState, tenant: &Tenant, db: &sqlx::PgPool, messages: Vec<store::Message>) -> AppResult<Vec<BulkMessage>> {
    let ids: Vec<i64> = messages.iter().map(|m| m.id).collect();
    let here = store::states(db, &ids).await?;
    let refs: Vec<String> = ids.iter().map(|id| bulk::reference(tenant.id, *id)).collect();
    let outbox = bulk::states(&app.ctl.db, &refs).await?;
    let none = HashMap::new();
    Ok(messages
        .into_iter()
        .map(|m| {
            let progress = m
                .channels
                .iter()
                .map(|c| {
                    let here = here.get(&(m.id, c.clone())).unwrap_or(&none);
                    let n = |s: &str| here.get(s).copied().unwrap_or(0);
                    let sent = n("sent");
                    let (delivered, failed_there) = match c.as_str() {
                        "bell" => (sent, 0),
                        _ => {
                            let there = outbox.get(&(bulk::reference(tenant.id, m.id), c.clone())).unwrap_or(&none);
                            (there.get("sent").copied().unwrap_or(0), there.get("failed").copied().unwrap_or(0))
                        }
                    };
                    let total = here.values().sum();
                    (c.clone(), ChannelProgress { total, waiting: n("waiting"), sent, delivered, failed: n("failed") + failed_there })
                })
                .collect();
            BulkMessage {
                id: m.id,
                audience: serde_json::from_value(m.audience).unwrap_or_default(),
                channels: m.channels,
                subject: m.subject,
                body: m.body,
                state: m.state,
                send_at: m.send_at,
                created_at: m.created_at,
                finished_at: m.finished_at,
                created_by: Sender { id: m.created_by, name: m.created_by_name },
                progress,
            }
        })
        .collect())
}

async fn view(app: &AppState, tenant: &Tenant, db: &sqlx::PgPool, id: i64) -> AppResult<BulkMessage> {
    let message = store::find(db, id).await?.ok_or(AppError::NotFound)?;
    Ok(views(app, tenant, db, vec![message]).await?.remove(0))
}

/// Sends a message now or at `send_at` (422 `audience_empty` when it reaches nobody).
#[utoipa::path(post, path = "/bulknotify/messages", tag = "notifications", request_body = NewBulk,
    responses((status = 201, body = Data<BulkMessage>), (status = 401), (status = 403), (status = 422)))]
pub async fn create(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<NewBulk>,
) -> AppResult<(StatusCode, Json<Data<BulkMessage>>)> {
    let user_id = admin(&caller, &tenant)?;
    let mut v = Validator::default();
    let channels = channels(&input.channels, &mut v);
    let needs_subject = channels.iter().any(|c| c != "sms");
    let subject = match needs_subject {
        true => v.text("subject", &input.subject, MAX_SUBJECT),
        false => v.optional_text("subject", &input.subject, MAX_SUBJECT).unwrap_or_default(),
    };
    let body = v.text("body", &input.body, MAX_BODY);
    if channels.iter().any(|c| c == "sms") && sms::segments(&body) > MAX_SMS_SEGMENTS {
        v.add("body", "sms_too_long", Some(MAX_SMS_SEGMENTS as usize));
    }
    let send_at = match input.send_at.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(at) => v.date_time("send_at", at),
        None => Some(Utc::now()),
    };
    if send_at.is_some_and(|at| at < Utc::now() - chrono::Duration::minutes(1)) {
        v.add("send_at", "in_the_past", None);
    }
    input.audience.check(&tenant, &caller, &mut v)?;
    v.finish()?;
    let send_at = send_at.unwrap_or_else(Utc::now);
    let people = input.audience.people(&app, &db).await?;
    if reach(&people, &channels, &body).reachable.values().all(|n| *n == 0) {
        return Err(AppError::unprocessable("audience", "audience_empty"));
    }
    let author = users::find(&app.ctl.db, user_id).await?;
    let new = store::NewMessage {
        channels: &channels,
        subject: &subject,
        body: &body,
        audience: serde_json::to_value(&input.audience).unwrap_or_default(),
        send_at,
        created_by: user_id,
        created_by_name: &author.name,
    };
    let mut conn = db.acquire().await?;
    let message = store::create(&mut conn, &new).await?;
    drop(conn);
    bulk::schedule(&app.ctl.db, tenant.id, message.id, send_at).await?;
    if send_at <= Utc::now() {
        worker::wake(&app);
    }
    let view = views(&app, &tenant, &db, vec![message]).await?.remove(0);
    Ok((StatusCode::CREATED, Json(Data::new(view))))
}

/// The site's bulk messages, newest first, with their progress.
#[utoipa::path(get, path = "/bulknotify/messages", tag = "notifications", params(PageQuery),
    responses((status = 200, body = Page<BulkMessage>), (status = 401), (status = 403)))]
pub async fn list(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<BulkMessage>>> {
    admin(&caller, &tenant)?;
    let request = PageRequest::new(q.page, q.limit, 10);
    let total = store::count(&db).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let data = views(&app, &tenant, &db, store::list(&db, request.per_page, offset).await?).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// One bulk message with its progress.
#[utoipa::path(get, path = "/bulknotify/messages/{id}", tag = "notifications", params(("id" = i64, Path)),
    responses((status = 200, body = Data<BulkMessage>), (status = 401), (status = 403), (status = 404)))]
pub async fn find(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<BulkMessage>>> {
    admin(&caller, &tenant)?;
    Ok(Json(Data::new(view(&app, &tenant, &db, id).await?)))
}

/// Stops a message before it has reached everyone; 409 `already_finished` after.
#[utoipa::path(post, path = "/bulknotify/messages/{id}/cancel", tag = "notifications", params(("id" = i64, Path)),
    responses((status = 200, body = Data<BulkMessage>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn cancel(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<BulkMessage>>> {
    admin(&caller, &tenant)?;
    store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    if !store::cancel(&db, id).await? {
        return Err(AppError::Conflict("already_finished"));
    }
    bulk::withdraw(&app.ctl.db, &bulk::reference(tenant.id, id)).await?;
    bulk::done(&app.ctl.db, tenant.id, id).await?;
    Ok(Json(Data::new(view(&app, &tenant, &db, id).await?)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Failure {
    pub user_id: i64,
    pub name: String,
    pub channel: String,
    pub address: Option<String>,
    /// `no_address`, or the gateway's words.
    pub error: String,
}

/// Whom a message did not reach, and why.
#[utoipa::path(get, path = "/bulknotify/messages/{id}/failures", tag = "notifications", params(("id" = i64, Path), PageQuery),
    responses((status = 200, body = Page<Failure>), (status = 401), (status = 403), (status = 404)))]
pub async fn failures(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<Failure>>> {
    admin(&caller, &tenant)?;
    store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    // Two lists, read a page at a time: the people the site had no address for, then what the
    // outbox could not deliver (a bulk message can fail for tens of thousands).
    let reference = bulk::reference(tenant.id, id);
    let here = store::count_failed(&db, id).await?;
    let request = PageRequest::new(q.page, q.limit, 20);
    let total = here + bulk::count_failures(&app.ctl.db, &reference).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let mut data: Vec<Failure> = store::failed(&db, id, request.per_page, offset)
        .await?
        .into_iter()
        .map(|(user_id, name, channel, address, error)| Failure { user_id, name, channel, address, error: error.unwrap_or_default() })
        .collect();
    let room = request.per_page - data.len() as i64;
    if room > 0 {
        let there = bulk::failures(&app.ctl.db, &reference, room, (offset - here).max(0)).await?;
        let addresses: Vec<String> = there.iter().map(|(_, a, _)| a.clone()).collect();
        let who = store::by_address(&db, id, &addresses).await?;
        data.extend(there.into_iter().map(|(channel, address, error)| {
            let (user_id, name) = who.get(&(channel.clone(), address.clone())).cloned().unwrap_or_default();
            Failure { user_id, name, channel, address: Some(address), error: error.unwrap_or_default() }
        }));
    }
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}
