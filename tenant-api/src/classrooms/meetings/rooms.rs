//! Attendance from BigBlueButton: while a session runs, its room's attendee list is read every
//! minute (as PILOS does; BBB's own event hooks need a module most servers do not run). A student
//! in the list is marked present by the provider with the time first seen; one gone from it is
//! marked as having left. A room is watched from the first join link minted for it on this edge
//! until its session ends.

use super::{Failure, credentials};
use crate::classrooms::schedule_store as sessions;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use control_plane::AppResult;
use control_plane::tenancy::TenantId;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

const ROUND: Duration = Duration::from_secs(60);

/// Rooms in session on this edge: (site, session) → when the session ends.
#[derive(Default)]
pub struct Watched(Mutex<HashMap<(TenantId, i64), DateTime<Utc>>>);

impl Watched {
    pub fn watch(&self, tenant: TenantId, session_id: i64, ends_at: DateTime<Utc>) {
        self.0.lock().expect("not poisoned").insert((tenant, session_id), ends_at);
    }

    fn due(&self) -> Vec<((TenantId, i64), DateTime<Utc>)> {
        self.0.lock().expect("not poisoned").iter().map(|(k, v)| (*k, *v)).collect()
    }

    fn forget(&self, key: (TenantId, i64)) {
        self.0.lock().expect("not poisoned").remove(&key);
    }
}

/// Reads one room's attendee list into the session's attendance.
pub async fn read_room(app: &AppState, tenant: TenantId, session_id: i64) -> AppResult<()> {
    let db = app.pools.get(tenant).await?;
    let Some(session) = sessions::find(&db, session_id).await? else { return Ok(()) };
    let Some(acc) = credentials(app, &db, "bbb").await? else { return Ok(()) };
    let now = Utc::now();
    let in_room = match acc.bbb().attendees(&app.meetings.http, &session.room).await {
        Ok(Some(people)) => people,
        // The room is gone (ended, or dropped while empty): everyone in it has left.
        Ok(None) => Vec::new(),
        Err(Failure::Refused(code)) => return Err(anyhow::anyhow!("BigBlueButton refused getMeetingInfo: {code}").into()),
        Err(Failure::Unknown) => return Err(anyhow::anyhow!("BigBlueButton did not answer getMeetingInfo").into()),
    };
    let students = crate::classrooms::store::students(&db, session.classroom_id).await?;
    for s in students.iter().filter(|s| in_room.contains(&s.user_id)) {
        sessions::seen_in_room(&db, session.id, s.user_id, now).await?;
    }
    for gone in sessions::in_room(&db, session.id).await?.into_iter().filter(|u| !in_room.contains(u)) {
        sessions::left_room(&db, session.id, gone, now).await?;
    }
    Ok(())
}

/// One round over the watched rooms; a room whose session has ended is read a last time and let go.
pub async fn round(app: &AppState) {
    let now = Utc::now();
    for ((tenant, session_id), ends_at) in app.meetings.rooms.due() {
        if let Err(error) = read_room(app, tenant, session_id).await {
            tracing::warn!(tenant, session_id, %error, "BigBlueButton attendance not read; next round");
        }
        if ends_at <= now {
            app.meetings.rooms.forget((tenant, session_id));
        }
    }
}

pub fn spawn(app: AppState) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(ROUND).await;
            round(&app).await;
        }
    });
}
