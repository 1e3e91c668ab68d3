//! `tenant-api`: serves the main site and every partner site on one listener.

use control_plane::config::Config;
use std::net::SocketAddr;
use std::sync::Arc;
use tenant_api::{AppState, EdgeConfig, hosts, router};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    control_plane::telemetry::init();
    let config = Arc::new(Config::from_env()?);
    let edge = EdgeConfig::from_env()?;
    let db = control_plane::db::connect(&config).await?;
    let state = AppState::build(db, config, edge)?;
    hosts::spawn_invalidation(state.clone());
    spawn_session_purge(state.clone());
    let listener = tokio::net::TcpListener::bind(state.edge.listen).await?;
    tracing::info!(addr = %state.edge.listen, site = %state.ctl.config.public_base_url.site_url(None), "tenant-api listening");
    axum::serve(listener, router::app(state).into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}

fn spawn_session_purge(state: AppState) {
    tokio::spawn(async move {
        loop {
            if let Err(error) = control_plane::auth::sessions::purge_expired(&state.ctl.db).await {
                tracing::warn!(%error, "session purge failed");
            }
            tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
        }
    });
}
