//! Host -> tenant resolution, cached. The apex (and `www.`) is the main site; `<slug>.<base>` a
//! partner. Unknown, pending or suspended hosts get the 404 page (HTML) or a JSON 404, never
//! another tenant's data. Entries are dropped at once when an institution changes (LISTEN on
//! `institution_changed`) and expire after a TTL in case a notification was missed.

use crate::state::AppState;
use crate::web::wants_html;
use axum::extract::{Request, State};
use axum::http::header::HOST;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use control_plane::auth::HostTenant;
use control_plane::error::unshare;
use tracing::Instrument;
use control_plane::institutions::store as institutions;
use control_plane::placement;
use control_plane::tenancy::{HostSite, Tenant, site_for_host};
use crate::learning::page_cache;
use control_plane::AppError;
use control_plane::auth::sessions;
use control_plane::cache_stats::CacheStats;
use moka::future::Cache;
use sqlx::PgPool;
use sqlx::postgres::PgListener;
use std::sync::Arc;
use std::time::Duration;

/// Keyed by the normalised host name, which names exactly one tenant; negative answers are
/// cached too, so a flood of unknown hosts does not reach the database.
#[derive(Clone)]
pub struct HostResolver {
    base_domain: Arc<str>,
    cache: Cache<String, Option<Arc<Tenant>>>,
    pub stats: CacheStats,
}

impl HostResolver {
    pub fn new(base_domain: &str, ttl: Duration) -> Self {
        Self { base_domain: base_domain.into(), cache: Cache::builder().max_capacity(100_000).time_to_live(ttl).build(), stats: CacheStats::default() }
    }

    pub async fn resolve(&self, db: &PgPool, host: &str) -> Result<Option<Arc<Tenant>>, AppError> {
        let key = host.split(':').next().unwrap_or_default().trim_end_matches('.').to_ascii_lowercase();
        let site = site_for_host(&key, &self.base_domain);
        let host_name = key.clone();
        self.stats.lookup();
        self.cache
            .try_get_with(key, async move {
                self.stats.miss();
                let tenant = match site {
                    HostSite::Main => institutions::main_tenant(db).await?,
                    HostSite::Partner(slug) => institutions::tenant_by_slug(db, &slug).await?,
                    HostSite::Unknown => control_plane::institutions::domains::tenant_for(db, &host_name).await?,
                };
                Ok::<_, sqlx::Error>(tenant.map(Arc::new))
            }
            .instrument(tracing::info_span!("host_lookup", host = %host)))
            .await
            .map_err(|e| AppError::from(unshare(&e, "host lookup")))
    }

    pub fn invalidate_all(&self) {
        self.cache.invalidate_all();
    }

    /// Entries held, once moka has applied its pending writes (its count lags otherwise).
    pub async fn entries(&self) -> u64 {
        self.cache.run_pending_tasks().await;
        self.cache.entry_count()
    }
}

/// Resolves the host, refusing hosts that are not live sites.
pub async fn resolve_host(State(app): State<AppState>, mut request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| request.uri().host())
        .unwrap_or_default()
        .to_owned();
    match app.hosts.resolve(&app.ctl.db, &host).await {
        Ok(Some(tenant)) if tenant.is_active() => {
            // Every log line of the request names the site (`crate::observability`).
            tracing::Span::current().record("tenant", tenant.id);
            // A site being moved to another database server reads but does not write for the
            // cut-over's second or two; the database refuses too (`AppError::ReadOnly`), this
            // spares the request any partial work.
            if !request.method().is_safe() && app.pools.placement(tenant.id).await.is_ok_and(|p| p.is_read_only()) {
                return AppError::ReadOnly.into_response();
            }
            request.extensions_mut().insert(HostTenant(tenant));
            next.run(request).await
        }
        Ok(_) if wants_html(&request) => app.web.not_found_page(),
        Ok(_) => AppError::SiteNotFound.into_response(),
        Err(error) => error.into_response(),
    }
}

/// Keeps the edge's caches in step with the control database and the other edges: hosts and
/// sessions when an institution changes, sessions another edge ended, course pages another edge's
/// writes changed. A lost connection drops them all (NOTIFY has no replay) and listens again.
pub fn spawn_invalidation(app: AppState) {
    tokio::spawn(async move {
        loop {
            if let Err(error) = listen(&app).await {
                tracing::warn!(%error, "institution change listener failed; retrying");
            }
            app.hosts.invalidate_all();
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

async fn listen(app: &AppState) -> anyhow::Result<()> {
    let mut listener = PgListener::connect_with(&app.ctl.db).await?;
    listener.listen_all(["institution_changed", sessions::CHANGED, page_cache::CHANGED, placement::CHANGED]).await?;
    // Anything that changed while we were not listening.
    app.hosts.invalidate_all();
    app.ctl.sessions.forget_all();
    app.pools.resync_placements().await;
    loop {
        let notification = listener.recv().await?;
        let payload = notification.payload();
        match notification.channel() {
            // An edge (this one too) ended or changed sessions.
            sessions::CHANGED => app.ctl.sessions.apply(payload).await,
            // An edge wrote to a site's courses.
            page_cache::CHANGED => {
                if let Ok(site) = payload.parse() {
                    app.pages.forget_site(site);
                }
            }
            // A site was moved, or is being moved, to another database server.
            placement::CHANGED => {
                if let Ok(site) = payload.parse() {
                    app.pools.placement_changed(site).await;
                }
            }
            _ => institution_changed(app, payload).await?,
        }
    }
}

async fn institution_changed(app: &AppState, payload: &str) -> sqlx::Result<()> {
    app.hosts.invalidate_all();
    // Suspending or deleting an institution takes its members' roles away at once.
    app.ctl.sessions.forget_all();
    if let Ok(id) = payload.parse::<i64>() {
        // Its name and address are on every one of its course pages.
        app.pages.forget_site(id);
        let live = institutions::tenant_by_id(&app.ctl.db, id).await?.is_some_and(|t| t.is_active());
        if !live {
            app.pools.close(id).await;
        }
    }
    Ok(())
}
