//! One connection pool per tenant, logging in as the tenant's role with the tenant's schema as
//! `search_path` (a startup option, never `SET` on a shared connection), on the database server
//! the tenant's placement names (`control_plane::placement`). Pools live in a cache; idle ones
//! are closed, and for each server a semaphore holds the sum of its pools' connections within the
//! configured budget: a pool takes its share before it opens, and gives it back only once
//! closed. When a server's budget is spent, its least recently used pool is closed to make room —
//! after the requests still holding it are done, so no request ever meets a closed pool.
//!
//! Placements are cached too, and every edge follows a change within the NOTIFY's delivery
//! (`hosts::spawn_invalidation`): a tenant moved to another server gets a new pool there, while
//! requests that still hold the old one finish on it. A server with high availability has its
//! pools on the node taking writes; a watch follows a promotion within a second
//! ([`TenantPools::spawn_failover_watch`]).

use crate::config::EdgeConfig;
use control_plane::AppError;
use control_plane::config::Config;
use control_plane::failover::Primaries;
use control_plane::placement::{self, Placement};
use control_plane::tenancy::{SchemaName, TenantId, TenantRole};
use moka::future::Cache;
use moka::notification::RemovalCause;
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tracing::Instrument;

struct TenantPool {
    pool: PgPool,
    /// The placement it was opened for, and the node (`host:port`) of that server.
    server: String,
    epoch: i32,
    node: String,
    last_used: AtomicU64,
    /// Requests holding a lease; an evicted pool closes only when this is back to 0.
    leases: AtomicUsize,
    closing: AtomicBool,
    _share: OwnedSemaphorePermit,
}

impl TenantPool {
    /// Lends the pool to a request, unless it is being closed.
    fn lease(self: &Arc<Self>) -> Option<PoolLease> {
        self.leases.fetch_add(1, Ordering::SeqCst);
        let lease = PoolLease(self.clone());
        (!self.closing.load(Ordering::SeqCst)).then_some(lease)
    }

    async fn close_when_unused(self: Arc<Self>) {
        self.closing.store(true, Ordering::SeqCst);
        while self.leases.load(Ordering::SeqCst) > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.pool.close().await;
    }
}

/// A tenant's pool as lent to one request; the pool stays open while any lease lives.
pub struct PoolLease(Arc<TenantPool>);

impl Drop for PoolLease {
    fn drop(&mut self) {
        self.0.leases.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Another lease of the same pool (a background job outliving its request keeps the pool open).
impl Clone for PoolLease {
    fn clone(&self) -> Self {
        self.0.leases.fetch_add(1, Ordering::SeqCst);
        Self(self.0.clone())
    }
}

impl std::ops::Deref for PoolLease {
    type Target = PgPool;

    fn deref(&self) -> &PgPool {
        &self.0.pool
    }
}

#[derive(Clone)]
pub struct TenantPools {
    cache: Cache<TenantId, Arc<TenantPool>>,
    placements: Cache<TenantId, Arc<Placement>>,
    /// Per database server: its connection budget.
    budgets: Arc<Mutex<HashMap<String, Arc<Semaphore>>>>,
    budget: u32,
    per_pool: u32,
    idle: Duration,
    base: PgConnectOptions,
    config: Arc<Config>,
    control: PgPool,
    primaries: Primaries,
    /// Requests refused at once per server while it had no primary ([`Primaries::without_primary`]).
    shed: Arc<Mutex<HashMap<String, u64>>>,
    epoch: Instant,
}

impl TenantPools {
    pub fn new(config: Arc<Config>, edge: &EdgeConfig, control: PgPool) -> anyhow::Result<Self> {
        let base = PgConnectOptions::from_str(config.database_url.expose())?.application_name("tenant-api");
        // No capacity: each server's budget bounds its pools (`take_share`).
        let cache = Cache::builder()
            .time_to_idle(edge.pool_idle)
            .eviction_listener(|tenant: Arc<TenantId>, entry: Arc<TenantPool>, cause: RemovalCause| {
                tracing::debug!(tenant = *tenant, ?cause, "closing tenant pool");
                // Wait for the requests that still hold it, then close. The budget share is
                // released once the last reference (the cache's own may linger) drops.
                tokio::spawn(entry.close_when_unused());
            })
            .build();
        Ok(Self {
            cache,
            // NOTIFY keeps them current; the time limit only bounds a missed one's effect.
            placements: Cache::builder().time_to_live(Duration::from_secs(60)).build(),
            budgets: Default::default(),
            budget: edge.connection_budget,
            per_pool: edge.pool_max_connections,
            idle: edge.pool_idle,
            base,
            primaries: Primaries::new(config.clone()),
            shed: Default::default(),
            config,
            control,
            epoch: Instant::now(),
        })
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// The pool of a tenant, opened on first use.
    #[tracing::instrument(name = "tenant_pool", skip(self))]
    pub async fn get(&self, tenant: TenantId) -> Result<PoolLease, AppError> {
        loop {
            let entry = self.cache.try_get_with(tenant, self.open(tenant)).await.map_err(|e| match &*e {
                AppError::Unavailable => AppError::Unavailable,
                AppError::SiteNotFound => AppError::SiteNotFound,
                other => AppError::Internal(anyhow::anyhow!("tenant pool: {other}")),
            })?;
            self.refuse_without_primary(&entry.server)?;
            entry.last_used.store(self.now(), Ordering::Relaxed);
            // An entry evicted between the lookup and the lease: look again (it is gone now).
            if let Some(lease) = entry.lease() {
                return Ok(lease);
            }
            tokio::task::yield_now().await;
        }
    }

    /// Where the tenant lives, from the cache or the control database.
    pub async fn placement(&self, tenant: TenantId) -> Result<Arc<Placement>, AppError> {
        self.placements
            .try_get_with(
                tenant,
                async { placement::of(&self.control, tenant).await?.map(Arc::new).ok_or(AppError::SiteNotFound) }
                    .instrument(tracing::info_span!("placement_lookup", tenant)),
            )
            .await
            .map_err(|e| match &*e {
                AppError::SiteNotFound => AppError::SiteNotFound,
                AppError::Unavailable => AppError::Unavailable,
                other => AppError::Internal(anyhow::anyhow!("placement: {other}")),
            })
    }

    /// A tenant's placement changed (announced by NOTIFY): read it again, and close the pool if
    /// it was opened for an earlier placement.
    pub async fn placement_changed(&self, tenant: TenantId) {
        self.placements.invalidate(&tenant).await;
        let Some(open) = self.cache.get(&tenant).await else { return };
        let current = self.placement(tenant).await.ok();
        if current.is_none_or(|p| p.epoch != open.epoch || p.server.name != open.server) {
            self.close(tenant).await;
        }
    }

    /// After a lost listening connection: every placement may have changed meanwhile.
    pub async fn resync_placements(&self) {
        self.placements.invalidate_all();
        for tenant in self.open_tenants() {
            self.placement_changed(tenant).await;
        }
    }

    async fn open(&self, tenant: TenantId) -> Result<Arc<TenantPool>, AppError> {
        let placement = self.placement(tenant).await?;
        let server = &self.primaries.resolve(&placement.server).await;
        self.refuse_without_primary(&server.name)?;
        let share = self.take_share(&server.name).await?;
        let role = TenantRole::for_tenant(&self.config, tenant);
        let schema = SchemaName::for_tenant(tenant);
        let options = server
            .locate(self.base.clone())
            .username(role.name.as_str())
            .password(&role.password)
            .options([("search_path", schema.as_str())]);
        let pool = control_plane::audit::tagging(PgPoolOptions::new())
            .max_connections(self.per_pool)
            .min_connections(0)
            .idle_timeout(Some(self.idle.min(Duration::from_secs(60))))
            .acquire_timeout(Duration::from_secs(5))
            .connect_lazy_with(options);
        // `search_path` silently accepts a missing schema and queries then fail as if a table
        // were missing; check once here so a tenant without its schema (or role) is a 404.
        let exists = sqlx::query_scalar("SELECT to_regnamespace($1) IS NOT NULL").bind(schema.as_str()).fetch_one(&pool).await;
        if !matches!(exists, Ok(true)) {
            pool.close().await;
            return Err(exists.map_or_else(AppError::from, |_| AppError::SiteNotFound));
        }
        Ok(Arc::new(TenantPool {
            pool,
            server: server.name.clone(),
            epoch: placement.epoch,
            node: node_of(server),
            last_used: AtomicU64::new(self.now()),
            leases: AtomicUsize::new(0),
            closing: AtomicBool::new(false),
            _share: share,
        }))
    }

    /// Every second, looks for the node taking writes on each server with replicas, and closes
    /// the pools opened on another node: after a promotion, requests reconnect to the new
    /// primary (until then they fail like any lost connection: 503 with Retry-After).
    pub fn spawn_failover_watch(&self) {
        let pools = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            loop {
                tick.tick().await;
                let Ok(mut servers) = placement::formations(&pools.control).await else { continue };
                servers.extend(control_plane::failover::control_server(&pools.config));
                for server in servers {
                    let Some((host, port)) = pools.primaries.refresh(&server).await else { continue };
                    let primary = format!("{host}:{port}");
                    let stale = pools.cache.iter().filter(|(_, p)| p.server == server.name && p.node != primary);
                    for (tenant, _) in stale.collect::<Vec<_>>() {
                        tracing::info!(tenant = *tenant, server = server.name, primary, "reopening a pool on the new primary");
                        pools.close(*tenant).await;
                    }
                }
            }
        });
    }

    /// A 503 now, rather than after the pool's acquire timeout, while no node of `server` takes
    /// writes.
    fn refuse_without_primary(&self, server: &str) -> Result<(), AppError> {
        if !self.primaries.without_primary(server) {
            return Ok(());
        }
        *self.shed.lock().expect("never poisoned: no panics while held").entry(server.to_owned()).or_default() += 1;
        Err(AppError::Unavailable)
    }

    /// Requests refused at once per server while it had no primary, since the edge started.
    pub fn shed(&self) -> Vec<(String, u64)> {
        self.shed.lock().expect("never poisoned: no panics while held").iter().map(|(s, n)| (s.clone(), *n)).collect()
    }

    fn budget(&self, server: &str) -> Arc<Semaphore> {
        let mut budgets = self.budgets.lock().expect("never poisoned: no panics while held");
        budgets.entry(server.to_owned()).or_insert_with(|| Arc::new(Semaphore::new(self.budget as usize))).clone()
    }

    /// Waits for a pool's share of the server's budget, closing the server's least recently used
    /// pool (at most one a second) when none is free; gives up after 5 s.
    async fn take_share(&self, server: &str) -> Result<OwnedSemaphorePermit, AppError> {
        let budget = self.budget(server);
        for _ in 0..5 {
            if let Ok(share) = budget.clone().try_acquire_many_owned(self.per_pool) {
                return Ok(share);
            }
            if let Some(victim) = self.least_recently_used(server) {
                self.cache.invalidate(&victim).await;
                // Let moka drop its own references to the evicted entry now.
                self.cache.run_pending_tasks().await;
            }
            let wait = tokio::time::timeout(Duration::from_secs(1), budget.clone().acquire_many_owned(self.per_pool));
            if let Ok(Ok(share)) = wait.await {
                return Ok(share);
            }
        }
        Err(AppError::Unavailable)
    }

    fn least_recently_used(&self, server: &str) -> Option<TenantId> {
        self.cache
            .iter()
            .filter(|(_, p)| p.server == server)
            .min_by_key(|(_, p)| p.last_used.load(Ordering::Relaxed))
            .map(|(id, _)| *id)
    }

    /// Closes a tenant's pool now (the tenant was suspended or deleted).
    pub async fn close(&self, tenant: TenantId) {
        self.cache.invalidate(&tenant).await;
    }

    /// The sites whose pools are open on this edge.
    pub fn open_tenants(&self) -> Vec<TenantId> {
        self.cache.iter().map(|(id, _)| *id).collect()
    }

    /// Connections currently open across all pools.
    pub fn open_connections(&self) -> u32 {
        self.cache.iter().map(|(_, p)| p.pool.size()).sum()
    }

    /// Connections currently open per database server.
    pub fn connections_by_server(&self) -> HashMap<String, u32> {
        let mut by_server = HashMap::new();
        for (_, p) in self.cache.iter() {
            *by_server.entry(p.server.clone()).or_default() += p.pool.size();
        }
        by_server
    }

    /// The node taking writes for each server with a standby, as this edge last found it.
    pub fn primaries(&self) -> Vec<(String, String)> {
        self.primaries.found()
    }

    /// Pools open: one per site in use on this edge.
    pub async fn count(&self) -> u64 {
        self.cache.run_pending_tasks().await;
        self.cache.entry_count()
    }
}

fn node_of(server: &control_plane::placement::Server) -> String {
    format!("{}:{}", server.host.as_deref().unwrap_or_default(), server.port.unwrap_or_default())
}

/// The host tenant's pool, for handlers that read or write tenant data.
pub struct TenantDb(pub PoolLease);

impl axum::extract::FromRequestParts<crate::AppState> for TenantDb {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        app: &crate::AppState,
    ) -> Result<Self, Self::Rejection> {
        let control_plane::auth::HostTenant(tenant) =
            parts.extensions.get().cloned().ok_or(AppError::SiteNotFound)?;
        Ok(Self(app.pools.get(tenant.id).await?))
    }
}
