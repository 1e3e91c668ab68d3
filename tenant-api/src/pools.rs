//! One connection pool per tenant, logging in as the tenant's role with the tenant's schema as
//! `search_path` (a startup option, never `SET` on a shared connection). Pools live in a cache;
//! idle ones are closed, and a semaphore holds the sum of all pools' connections within the
//! configured budget: a pool takes its share before it opens, and gives it back only once
//! closed. When the budget is spent, the least recently used pool is closed to make room — after
//! the requests still holding it are done, so no request ever meets a closed pool.

use crate::config::EdgeConfig;
use control_plane::AppError;
use control_plane::config::Config;
use control_plane::tenancy::{SchemaName, TenantId, TenantRole};
use moka::future::Cache;
use moka::notification::RemovalCause;
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

struct TenantPool {
    pool: PgPool,
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
    budget: Arc<Semaphore>,
    per_pool: u32,
    idle: Duration,
    base: PgConnectOptions,
    config: Arc<Config>,
    control: PgPool,
    epoch: Instant,
}

impl TenantPools {
    pub fn new(config: Arc<Config>, edge: &EdgeConfig, control: PgPool) -> anyhow::Result<Self> {
        let base = PgConnectOptions::from_str(config.database_url.expose())?.application_name("tenant-api");
        let max_pools = u64::from(edge.connection_budget / edge.pool_max_connections).max(1);
        let cache = Cache::builder()
            .max_capacity(max_pools)
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
            budget: Arc::new(Semaphore::new(edge.connection_budget as usize)),
            per_pool: edge.pool_max_connections,
            idle: edge.pool_idle,
            base,
            config,
            control,
            epoch: Instant::now(),
        })
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// The pool of a tenant, opened on first use.
    pub async fn get(&self, tenant: TenantId) -> Result<PoolLease, AppError> {
        loop {
            let entry = self.cache.try_get_with(tenant, self.open(tenant)).await.map_err(|e| match &*e {
                AppError::Unavailable => AppError::Unavailable,
                AppError::SiteNotFound => AppError::SiteNotFound,
                other => AppError::Internal(anyhow::anyhow!("tenant pool: {other}")),
            })?;
            entry.last_used.store(self.now(), Ordering::Relaxed);
            // An entry evicted between the lookup and the lease: look again (it is gone now).
            if let Some(lease) = entry.lease() {
                return Ok(lease);
            }
            tokio::task::yield_now().await;
        }
    }

    async fn open(&self, tenant: TenantId) -> Result<Arc<TenantPool>, AppError> {
        // `search_path` silently accepts a missing schema and queries then fail as if a table
        // were missing; check once here so a tenant without its schema is a 404, not a 500.
        let schema = SchemaName::for_tenant(tenant);
        let exists: bool = sqlx::query_scalar("SELECT to_regnamespace($1) IS NOT NULL")
            .bind(schema.as_str())
            .fetch_one(&self.control)
            .await?;
        if !exists {
            return Err(AppError::SiteNotFound);
        }
        let share = self.take_share().await?;
        let role = TenantRole::for_tenant(&self.config, tenant);
        let options = self
            .base
            .clone()
            .username(role.name.as_str())
            .password(&role.password)
            .options([("search_path", schema.as_str())]);
        let pool = control_plane::audit::tagging(PgPoolOptions::new())
            .max_connections(self.per_pool)
            .min_connections(0)
            .idle_timeout(Some(self.idle.min(Duration::from_secs(60))))
            .acquire_timeout(Duration::from_secs(5))
            .connect_lazy_with(options);
        Ok(Arc::new(TenantPool {
            pool,
            last_used: AtomicU64::new(self.now()),
            leases: AtomicUsize::new(0),
            closing: AtomicBool::new(false),
            _share: share,
        }))
    }

    /// Waits for a pool's share of the budget, closing the least recently used pool (at most
    /// one a second) when none is free; gives up after 5 s.
    async fn take_share(&self) -> Result<OwnedSemaphorePermit, AppError> {
        for _ in 0..5 {
            if let Ok(share) = self.budget.clone().try_acquire_many_owned(self.per_pool) {
                return Ok(share);
            }
            if let Some(victim) = self.least_recently_used() {
                self.cache.invalidate(&victim).await;
                // Let moka drop its own references to the evicted entry now.
                self.cache.run_pending_tasks().await;
            }
            let wait = tokio::time::timeout(Duration::from_secs(1), self.budget.clone().acquire_many_owned(self.per_pool));
            if let Ok(Ok(share)) = wait.await {
                return Ok(share);
            }
        }
        Err(AppError::Unavailable)
    }

    fn least_recently_used(&self) -> Option<TenantId> {
        self.cache.iter().min_by_key(|(_, p)| p.last_used.load(Ordering::Relaxed)).map(|(id, _)| *id)
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

    /// Pools open: one per site in use on this edge.
    pub async fn count(&self) -> u64 {
        self.cache.run_pending_tasks().await;
        self.cache.entry_count()
    }

    pub fn budget_available(&self) -> usize {
        self.budget.available_permits()
    }
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
