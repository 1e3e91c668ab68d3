//! `tenant-api`: serves the main site and every partner site on one listener.
//! `tenant-api seed-demo` adds the demo catalogue once the demo partners are live (`infra/run`).

use control_plane::config::Config;
use std::net::SocketAddr;
use std::sync::Arc;
use tenant_api::{AppState, EdgeConfig, hosts, router, tls};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    return_large_blocks_to_the_os();
    control_plane::telemetry::init();
    let config = Arc::new(Config::from_env()?);
    let edge = EdgeConfig::from_env()?;
    let db = control_plane::db::connect(&config).await?;
    let state = AppState::build(db, config, edge)?;
    match std::env::args().nth(1).as_deref() {
        None => {}
        Some("seed-demo") => return tenant_api::demo::seed(state).await,
        Some(other) => anyhow::bail!("usage: tenant-api [seed-demo] (unknown command {other:?})"),
    }
    hosts::spawn_invalidation(state.clone());
    state.pools.spawn_failover_watch();
    tenant_api::announce::spawn(state.clone());
    tenant_api::classrooms::meetings::rooms::spawn(state.clone());
    spawn_session_purge(state.clone());
    tenant_api::bulk::worker::spawn(state.clone());
    spawn_search_log_flush(state.clone());
    let catalogue = state.ctl.catalogue.clone();
    tokio::spawn(async move {
        if let Err(error) = catalogue.prime().await {
            tracing::warn!(%error, "the catalogue's search connections did not open; they will when searched");
        }
    });
    tenant_api::exams::sweeper::spawn(state.clone());
    tenant_api::sweep::spawn(state.clone());
    tenant_api::payments::reconcile::spawn(state.clone());
    control_plane::messages::worker::spawn(state.ctl.db.clone(), &state.ctl.config)?;
    if let Some(addr) = state.edge.metrics_listen {
        let metrics = tokio::net::TcpListener::bind(addr).await?;
        tracing::info!(%addr, "metrics at /metrics");
        tokio::spawn(axum::serve(metrics, tenant_api::observability::router(state.clone())).into_future());
    }
    let listener = tokio::net::TcpListener::bind(state.edge.listen).await?;
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let Some(tls_settings) = state.ctl.config.tls.clone() else {
        tracing::info!(addr = %state.edge.listen, site = %state.ctl.config.public_base_url.site_url(None), "tenant-api listening (HTTP)");
        axum::serve(listener, router::app(state).into_make_service_with_connect_info::<SocketAddr>())
            .with_graceful_shutdown(shutdown)
            .await?;
        return Ok(());
    };
    let resolver = Arc::new(tls::SniResolver::new(&state.ctl.config.public_base_url.host));
    let loaded = resolver.reload(&state.ctl.db, &tls_settings.master_key).await?;
    tls::spawn_reload(resolver.clone(), state.ctl.db.clone(), tls_settings.master_key.clone());
    let https = tokio::net::TcpListener::bind(state.edge.https_listen).await?;
    tracing::info!(http = %state.edge.listen, https = %state.edge.https_listen, certificates = loaded, "tenant-api listening (HTTPS)");
    let http_app = tls::http_router(state.ctl.db.clone(), state.edge.https_public_port);
    let proxy_protocol = state.edge.https_proxy_protocol;
    tokio::spawn(tls::serve_https(https, tls::server_config(resolver)?, router::app(state), proxy_protocol));
    axum::serve(listener, http_app).with_graceful_shutdown(shutdown).await?;
    Ok(())
}

/// Adds the searches counted in memory to the dashboard's table every few seconds.
fn spawn_search_log_flush(state: AppState) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(5)).await;
            if let Err(error) = state.ctl.search_log.flush(&state.ctl.db).await {
                tracing::warn!(%error, "search counts not saved; kept for the next round");
            }
        }
    });
}

/// Hourly housekeeping of the control database: expired sessions, old messages and links, lapsed
/// attempt counts.
fn spawn_session_purge(state: AppState) {
    tokio::spawn(async move {
        loop {
            if let Err(error) = control_plane::auth::sessions::purge_expired(&state.ctl.db).await {
                tracing::warn!(%error, "session purge failed");
            }
            if let Err(error) = control_plane::messages::outbox::purge_old(&state.ctl.db).await {
                tracing::warn!(%error, "outbox purge failed");
            }
            if let Err(error) = control_plane::users::links::purge_old(&state.ctl.db).await {
                tracing::warn!(%error, "account link purge failed");
            }
            if let Err(error) = control_plane::sso::store::purge_expired(&state.ctl.db).await {
                tracing::warn!(%error, "sign-in attempt purge failed");
            }
            if let Err(error) = control_plane::auth::rate_limit::purge_expired(&state.ctl.db).await {
                tracing::warn!(%error, "attempt count purge failed");
            }
            tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
        }
    });
}

/// glibc raises its mmap threshold each time a large block is freed; from then on blocks such as
/// argon2's 19 MiB work area come from the heap and stay there. 100,000 hostile requests left the
/// edge holding 1.3 GB that way (tenant-api/benches/memory.rs). A fixed threshold keeps blocks of
/// 1 MiB and more mapped on their own, so freeing them gives the memory back.
fn return_large_blocks_to_the_os() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes the allocator; it takes the allocator's own locks.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}
