//! The edge's one listening connection: `NOTIFY`s that wake this edge's live streams, whichever
//! edge made the write (a class's timeline, a person's bell). Reconnects after a failure and then
//! wakes every stream, since what was announced meanwhile is lost.

use crate::state::AppState;
use crate::{classrooms, notifications};
use sqlx::postgres::PgListener;
use std::time::Duration;
use tokio::sync::broadcast;

/// Listens for as long as the edge runs.
pub fn spawn(app: AppState) {
    tokio::spawn(async move {
        loop {
            if let Err(error) = listen(&app).await {
                tracing::warn!(%error, "announcement listener failed; retrying");
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

async fn listen(app: &AppState) -> anyhow::Result<()> {
    let mut listener = PgListener::connect_with(&app.ctl.db).await?;
    listener.listen_all([classrooms::live::CHANNEL, notifications::live::CHANNEL]).await?;
    classrooms::live::wake_all(app);
    notifications::live::wake_all(app);
    loop {
        let notification = listener.recv().await?;
        match notification.channel() {
            classrooms::live::CHANNEL => classrooms::live::heard(app, notification.payload()),
            notifications::live::CHANNEL => notifications::live::heard(app, notification.payload()),
            _ => {}
        }
    }
}

/// Waits until a stream's `key` is woken (or every stream is: `(0, 0)`, or wakes were dropped
/// because this one lagged), or `tick` has passed.
pub(crate) async fn woken(wakes: &mut broadcast::Receiver<(i64, i64)>, key: (i64, i64), tick: Duration) {
    let wait = async {
        loop {
            match wakes.recv().await {
                Ok((0, 0)) | Err(broadcast::error::RecvError::Lagged(_)) => return,
                Ok(woke) if woke == key => return,
                Ok(_) => {}
                Err(broadcast::error::RecvError::Closed) => std::future::pending::<()>().await,
            }
        }
    };
    let _ = tokio::time::timeout(tick, wait).await;
}
