//! The timeline, live: new posts and comments reach everyone who has the class open, over
//! server-sent events (`/classroom/timeline/stream`).
//!
//! A write announces its class with `NOTIFY classroom_timeline, '<tenant>:<class>'` after it
//! commits; every edge listens (`crate::announce`) and wakes the streams of that class, which
//! read the rows newer than the last one they sent. NOTIFY carries no content and has no replay,
//! so the rows are the truth: a stream sends each row's id as its SSE id, a reconnecting browser
//! sends it back as `Last-Event-ID`, and the stream resumes after it, so a dropped connection or a
//! lost notification loses nothing (a 20 s tick also catches up). Several edges stay in step
//! because NOTIFY reaches every listener of the database.
//!
//! A class's open streams wake together and ask for the same rows: one query answers them all
//! (a single-flight cache keyed by tenant, class and the last row sent, kept a second; an empty
//! answer is not kept, so a stream never waits on a stale "nothing new").

use super::access;
use crate::state::AppState;
use crate::threads::DiscussionPost;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::AppQuery;
use control_plane::AppResult;
use futures::Stream;
use serde::Deserialize;
use sqlx::PgPool;
use moka::future::Cache;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;
use utoipa::IntoParams;

pub(crate) const CHANNEL: &str = "classroom_timeline";
/// Rows sent per wake; a stream far behind catches up over several.
const BATCH: i64 = 100;
const TICK: Duration = Duration::from_secs(20);

/// The classes with something new, as (tenant, classroom), fanned out to this edge's streams; and
/// the rows they last asked for, by (tenant, classroom, after).
#[derive(Clone)]
pub struct Wakes {
    tx: broadcast::Sender<(i64, i64)>,
    recent: Cache<(i64, i64, i64), Arc<Vec<DiscussionPost>>>,
}

impl Default for Wakes {
    fn default() -> Self {
        Self { tx: broadcast::channel(1024).0, recent: Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(1)).build() }
    }
}

impl Wakes {
    /// Posts and comments of a class newer than `after`, read once for all the streams asking.
    async fn newer(&self, app: &AppState, tenant: i64, classroom_id: i64, after: i64) -> Arc<Vec<DiscussionPost>> {
        let read = async {
            let db = app.pools.get(tenant).await.ok()?;
            let rows = newer(&db, classroom_id, after).await.ok()?;
            (!rows.is_empty()).then(|| Arc::new(rows))
        };
        self.recent.optionally_get_with((tenant, classroom_id, after), read).await.unwrap_or_default()
    }
}

/// An announcement heard by this edge (`crate::announce`): wakes the streams of that class.
pub(crate) fn heard(app: &AppState, payload: &str) {
    if let Some((tenant, class)) = payload.split_once(':')
        && let (Ok(tenant), Ok(class)) = (tenant.parse(), class.parse())
    {
        let _ = app.wakes.tx.send((tenant, class));
    }
}

/// The listener reconnected and announcements made meanwhile are lost: every stream looks again.
pub(crate) fn wake_all(app: &AppState) {
    let _ = app.wakes.tx.send((0, 0));
}

/// Tells every edge that a class's timeline has something new (call after the write commits).
pub async fn announce(db: &PgPool, tenant: i64, classroom_id: i64) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(format!("{tenant}:{classroom_id}")).execute(db).await.map(|_| ())
}

/// Posts and comments of a class newer than `after`, oldest first.
async fn newer(db: &PgPool, classroom_id: i64, after: i64) -> sqlx::Result<Vec<DiscussionPost>> {
    sqlx::query_as(
        "SELECT id, parent_id, user_id, user_name, body, false AS removed, by_teacher, edited_at IS NOT NULL AS edited, created_at
           FROM classroom_posts WHERE classroom_id = $1 AND id > $2 AND removed_at IS NULL ORDER BY id LIMIT $3",
    )
    .bind(classroom_id)
    .bind(after)
    .bind(BATCH)
    .fetch_all(db)
    .await
}

async fn latest(db: &PgPool, classroom_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT coalesce(max(id), 0) FROM classroom_posts WHERE classroom_id = $1").bind(classroom_id).fetch_one(db).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct StreamQuery {
    /// The classroom.
    pub course_batch_id: i64,
    /// Send what came after this post or comment id (the newest the page has); default: only
    /// what comes from now on. A `Last-Event-ID` header takes precedence.
    pub after: Option<i64>,
}

struct Follow {
    app: AppState,
    tenant: i64,
    classroom_id: i64,
    user_id: i64,
    moderator: bool,
    last: i64,
    wakes: broadcast::Receiver<(i64, i64)>,
    pending: std::collections::VecDeque<DiscussionPost>,
}

impl Follow {
    /// The next row to send, waiting for a wake (or the tick) when there is none.
    async fn next(mut self) -> Option<(Result<Event, Infallible>, Self)> {
        loop {
            if let Some(mut row) = self.pending.pop_front() {
                self.last = row.id;
                row.can_remove = self.moderator || row.user_id == self.user_id;
                row.can_edit = row.user_id == self.user_id;
                let kind = if row.parent_id.is_some() { "comment" } else { "post" };
                let event = Event::default().id(row.id.to_string()).event(kind).json_data(&row).ok()?;
                return Some((Ok(event), self));
            }
            let rows = self.app.wakes.newer(&self.app, self.tenant, self.classroom_id, self.last).await;
            if !rows.is_empty() {
                self.pending.extend(rows.iter().cloned());
                continue;
            }
            crate::announce::woken(&mut self.wakes, (self.tenant, self.classroom_id), TICK).await;
        }
    }
}

/// New posts and comments of a class as they are written (`event: post` or `comment`, the row as
/// `/classroom/timeline/view` shows it, `id:` the row's id for resuming).
#[utoipa::path(get, path = "/classroom/timeline/stream", tag = "timeline", params(StreamQuery),
    responses((status = 200, description = "text/event-stream", content_type = "text/event-stream"), (status = 401), (status = 404)))]
pub async fn timeline_stream(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    headers: HeaderMap,
    AppQuery(q): AppQuery<StreamQuery>,
) -> AppResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let db = app.pools.get(tenant.id).await?;
    let a = access(&db, q.course_batch_id, &caller, &tenant).await?;
    let resume = headers.get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<i64>().ok());
    let last = match resume.or(q.after) {
        Some(after) => after.max(0),
        None => latest(&db, a.class.id).await?,
    };
    drop(db);
    let follow = Follow {
        wakes: app.wakes.tx.subscribe(),
        app: app.clone(),
        tenant: tenant.id,
        classroom_id: a.class.id,
        user_id: a.user_id,
        moderator: a.part.manages(),
        last,
        pending: Default::default(),
    };
    Ok(Sse::new(futures::stream::unfold(follow, Follow::next)).keep_alive(KeepAlive::default()))
}
