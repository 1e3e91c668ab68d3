//! `GET /metrics` on the metrics listener: the request metrics, and what is read when Prometheus
//! asks: the queues' depth and age, the database pools, the caches' lookups, the certificates'
//! days left.

use crate::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use control_plane::cache_stats::CacheStats;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use std::sync::atomic::AtomicU64;

type FloatGauge = Gauge<f64, AtomicU64>;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Named {
    pub name: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ServerNode {
    pub name: String,
    /// `host:port`.
    pub node: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CacheLookup {
    pub cache: String,
    /// `hit` or `miss`.
    pub result: String,
}

/// The queues an operator watches: each channel of the outbox, partner sites waiting to be set up,
/// bulk messages waiting for an edge. Always all of them, so an empty queue reads 0, not nothing.
const QUEUES: [&str; 5] = ["outbox_email", "outbox_sms", "outbox_push", "provisioning", "bulk"];

/// The metrics set at each scrape, registered with the request metrics.
pub(super) struct ScrapeTime {
    queue_depth: Family<Named, Gauge>,
    queue_age: Family<Named, FloatGauge>,
    pool_connections: Family<Named, Gauge>,
    server_connections: Family<Named, Gauge>,
    server_primary: Family<ServerNode, Gauge>,
    server_shed: Family<Named, Counter>,
    tenant_pools: Gauge,
    cache_lookups: Family<CacheLookup, Counter>,
    cache_entries: Family<Named, Gauge>,
    certificate_days: Family<Named, FloatGauge>,
}

impl ScrapeTime {
    pub(super) fn register(registry: &mut Registry) -> Self {
        let this = Self {
            queue_depth: Family::default(),
            queue_age: Family::default(),
            pool_connections: Family::default(),
            server_connections: Family::default(),
            server_primary: Family::default(),
            server_shed: Family::default(),
            tenant_pools: Gauge::default(),
            cache_lookups: Family::default(),
            cache_entries: Family::default(),
            certificate_days: Family::default(),
        };
        registry.register("queue_depth", "Items due and not yet done, per queue", this.queue_depth.clone());
        registry.register("queue_oldest_age_seconds", "How long the oldest due item has waited, per queue", this.queue_age.clone());
        registry.register("db_pool_connections", "Open database connections: the control pool's, the catalogue search pool's, and all tenant pools' together", this.pool_connections.clone());
        registry.register("db_server_connections", "Open tenant connections per database server of the fleet", this.server_connections.clone());
        registry.register("db_server_primary", "The node taking writes (1) of each database server with a standby, as this edge found it", this.server_primary.clone());
        registry.register("db_requests_shed", "Requests refused at once (503) per database server while none of its nodes took writes", this.server_shed.clone());
        registry.register("db_tenant_pools", "Tenant pools open on this edge (one per site in use)", this.tenant_pools.clone());
        registry.register("cache_lookups", "Lookups of the edge's in-memory caches, answered by the cache (hit) or not (miss)", this.cache_lookups.clone());
        registry.register("cache_entries", "Entries held per in-memory cache", this.cache_entries.clone());
        registry.register("tls_certificate_days_left", "Days until the first certificate of a kind expires", this.certificate_days.clone());
        this
    }

    async fn read(&self, app: &AppState) -> sqlx::Result<()> {
        let queues: Vec<(String, i64, f64)> = sqlx::query_as(
            "SELECT 'outbox_' || channel, count(*), COALESCE(max(extract(epoch FROM now() - next_attempt_at)), 0)::float8
               FROM outbox WHERE state IN ('pending', 'sending') AND next_attempt_at <= now() GROUP BY channel
             UNION ALL
             SELECT 'provisioning', count(*), COALESCE(max(extract(epoch FROM now() - next_attempt_at)), 0)::float8
               FROM provisioning_jobs WHERE state IN ('queued', 'running') AND next_attempt_at <= now()
             UNION ALL
             SELECT 'bulk', count(*), COALESCE(max(extract(epoch FROM now() - send_at)), 0)::float8 FROM bulk_jobs WHERE send_at <= now()",
        )
        .fetch_all(&app.ctl.db)
        .await?;
        for queue in QUEUES {
            let (depth, age) = queues.iter().find(|q| q.0 == queue).map_or((0, 0.0), |q| (q.1, q.2));
            self.queue_depth.get_or_create(&named(queue)).set(depth);
            self.queue_age.get_or_create(&named(queue)).set(age);
        }
        let certificates: Vec<(String, f64)> =
            sqlx::query_as("SELECT kind, (extract(epoch FROM min(not_after) - now()) / 86400)::float8 FROM certificates GROUP BY kind")
                .fetch_all(&app.ctl.db)
                .await?;
        // A kind whose certificates are all gone says nothing rather than its last figure.
        self.certificate_days.clear();
        for (kind, days) in certificates {
            self.certificate_days.get_or_create(&named(&kind)).set(days);
        }
        self.pool_connections.get_or_create(&named("control")).set(i64::from(app.ctl.db.size()));
        self.pool_connections.get_or_create(&named("catalogue_search")).set(i64::from(app.ctl.catalogue.words.size()));
        self.pool_connections.get_or_create(&named("tenants")).set(i64::from(app.pools.open_connections()));
        self.server_connections.clear();
        for (server, connections) in app.pools.connections_by_server() {
            self.server_connections.get_or_create(&named(&server)).set(i64::from(connections));
        }
        // A promotion moves the 1 to the other node.
        self.server_primary.clear();
        for (name, node) in app.pools.primaries() {
            self.server_primary.get_or_create(&ServerNode { name, node }).set(1);
        }
        for (server, shed) in app.pools.shed() {
            let counter = self.server_shed.get_or_create(&named(&server));
            counter.inc_by(shed.saturating_sub(counter.get()));
        }
        self.tenant_pools.set(app.pools.count().await as i64);
        let caches: [(&str, &CacheStats, u64); 3] = [
            ("hosts", &app.hosts.stats, app.hosts.entries().await),
            ("sessions", &app.ctl.sessions.stats, app.ctl.sessions.entries().await),
            ("course_pages", &app.pages.stats, app.pages.entries().await),
        ];
        for (cache, stats, entries) in caches {
            let (lookups, misses) = stats.read();
            // The caches count for themselves; the counters catch up with them.
            for (result, total) in [("hit", lookups.saturating_sub(misses)), ("miss", misses)] {
                let counter = self.cache_lookups.get_or_create(&CacheLookup { cache: cache.to_owned(), result: result.to_owned() });
                counter.inc_by(total.saturating_sub(counter.get()));
            }
            self.cache_entries.get_or_create(&named(cache)).set(entries as i64);
        }
        Ok(())
    }
}

fn named(name: &str) -> Named {
    Named { name: name.to_owned() }
}

async fn serve(State(app): State<AppState>) -> Response {
    let metrics = &app.metrics;
    if let Err(error) = metrics.scrape_time.read(&app).await {
        tracing::warn!(%error, "metrics: the database could not be read");
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    let mut text = String::new();
    match prometheus_client::encoding::text::encode(&mut text, &metrics.registry) {
        Ok(()) => ([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], text).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// A load balancer's health check (HAProxy `option httpchk GET /healthz`): 200 while this edge
/// reaches the control database, else 503, so traffic leaves an edge that lost it.
async fn healthz(State(app): State<AppState>) -> StatusCode {
    match sqlx::query("SELECT 1").execute(&app.ctl.db).await {
        Ok(_) => StatusCode::OK,
        Err(_) => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// The metrics listener's router: `/metrics`, and `/healthz` for the load balancer.
pub fn router(app: AppState) -> Router {
    Router::new().route("/metrics", get(serve)).route("/healthz", get(healthz)).with_state(app)
}
