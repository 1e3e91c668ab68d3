//! The bell's count, live: `/my-account/notifications/stream` sends a person's unread count when
//! it opens and again whenever it changes. A change is announced with
//! `NOTIFY bell, '<tenant>:<user>'` as it commits (`store`); every edge hears it
//! (`crate::announce`) and wakes that person's streams, which count again. NOTIFY carries no
//! content, so the table is the truth: a lost announcement is caught up by a minute's tick.

use super::store;
use crate::state::AppState;
use axum::response::sse::Event;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast;

pub(crate) const CHANNEL: &str = "bell";
const TICK: Duration = Duration::from_secs(60);

/// The people whose count changed, as (tenant, user), fanned out to this edge's streams.
#[derive(Clone)]
pub struct Bells {
    tx: broadcast::Sender<(i64, i64)>,
}

impl Default for Bells {
    fn default() -> Self {
        Self { tx: broadcast::channel(4096).0 }
    }
}

/// An announcement heard by this edge: wakes that person's streams.
pub(crate) fn heard(app: &AppState, payload: &str) {
    if let Some((tenant, user)) = payload.split_once(':')
        && let (Ok(tenant), Ok(user)) = (tenant.parse(), user.parse())
    {
        let _ = app.bells.tx.send((tenant, user));
    }
}

/// Announcements may have been lost: every stream counts again.
pub(crate) fn wake_all(app: &AppState) {
    let _ = app.bells.tx.send((0, 0));
}

pub(super) struct Follow {
    app: AppState,
    tenant: i64,
    user_id: i64,
    sent: Option<i64>,
    wakes: broadcast::Receiver<(i64, i64)>,
}

impl Follow {
    pub(super) fn new(app: AppState, tenant: i64, user_id: i64) -> Self {
        Self { wakes: app.bells.tx.subscribe(), app, tenant, user_id, sent: None }
    }

    /// The next count to send: the current one if it differs from the last sent, else after a
    /// wake (or the tick).
    pub(super) async fn next(mut self) -> Option<(Result<Event, Infallible>, Self)> {
        loop {
            let counted = async {
                let db = self.app.pools.get(self.tenant).await.ok()?;
                store::unread(&db, self.user_id).await.ok()
            };
            if let Some(unread) = counted.await
                && self.sent != Some(unread)
            {
                self.sent = Some(unread);
                let event = Event::default().event("unread").json_data(serde_json::json!({ "unread": unread })).ok()?;
                return Some((Ok(event), self));
            }
            crate::announce::woken(&mut self.wakes, (self.tenant, self.user_id), TICK).await;
        }
    }
}
