//! The provisioning and removal steps. Each one checks what exists before acting, so running it
//! again after a crash (or twice by two workers) ends in the same state.

use crate::buckets;
use crate::config::ProvisionerConfig;
use anyhow::Context;
use control_plane::config::Config;
use control_plane::db::migration_client;
use control_plane::failover::Primaries;
use control_plane::institutions::store as institutions;
use control_plane::placement::{self, Server};
use control_plane::storage::{self, Stores};
use control_plane::tenancy::{SchemaName, TenantId, TenantRole};
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What the steps need: the control database (as the platform's administrative role), the
/// shared config and the S3 services of the fleet.
#[derive(Clone)]
pub struct Ctx {
    pub db: PgPool,
    pub config: Arc<Config>,
    pub provisioner: ProvisionerConfig,
    pub storage: Stores,
    /// The administrative role's pool on each node of the fleet, opened on first use.
    servers: Arc<Mutex<HashMap<(String, Option<String>, Option<i32>), PgPool>>>,
    primaries: Primaries,
}

impl Ctx {
    pub fn new(db: PgPool, config: Arc<Config>, provisioner: ProvisionerConfig) -> Self {
        let storage = Stores::new(&config.storage);
        let primaries = Primaries::new(config.clone());
        Self { db, config, provisioner, storage, servers: Default::default(), primaries }
    }

    /// The server pointed at its node taking writes now (for a server with replicas, found
    /// again after a promotion: the provisioner follows it without a restart).
    pub async fn located(&self, server: &Server) -> Server {
        self.primaries.resolve(server).await
    }

    /// The administrative pool on a located server: the control pool on the control
    /// database's own.
    pub fn admin(&self, server: &Server) -> anyhow::Result<PgPool> {
        if server.host.is_none() {
            return Ok(self.db.clone());
        }
        let mut pools = self.servers.lock().expect("never poisoned: no panics while held");
        let key = (server.name.clone(), server.host.clone(), server.port);
        if let Some(pool) = pools.get(&key) {
            return Ok(pool.clone());
        }
        let pool = PgPoolOptions::new().max_connections(4).connect_lazy_with(server.admin_options(&self.config)?);
        pools.insert(key, pool.clone());
        Ok(pool)
    }

    /// Where a tenant's schema lives (placing it now if it has no place yet), located, with the
    /// administrative pool there.
    async fn placed(&self, tenant: TenantId) -> anyhow::Result<(Server, PgPool)> {
        let server = self.located(&placement::place(&self.db, tenant).await?.server).await;
        let pool = self.admin(&server)?;
        Ok((server, pool))
    }

    /// Where a tenant being removed lived: its placement, or the control database's server for a
    /// tenant never placed (its drops then find nothing).
    async fn last_placed(&self, tenant: TenantId) -> anyhow::Result<PgPool> {
        self.admin(&self.located(&self.last_server(tenant).await?).await)
    }

    async fn last_server(&self, tenant: TenantId) -> anyhow::Result<Server> {
        Ok(match placement::of(&self.db, tenant).await? {
            Some(p) => p.server,
            None => placement::server(&self.db, placement::MAIN).await?.context("the main database server is missing")?,
        })
    }
}

pub enum Outcome {
    Done(String),
    Skipped(&'static str),
}

pub async fn run(ctx: &Ctx, step: &str, tenant: TenantId) -> anyhow::Result<Outcome> {
    match step {
        "create_role" => {
            let (server, db) = ctx.placed(tenant).await?;
            create_role(ctx, &server, &db, tenant).await
        }
        "create_schema" => {
            let (server, db) = ctx.placed(tenant).await?;
            create_schema(ctx, &server, &db, tenant).await
        }
        "migrate" => migrate(ctx, tenant).await,
        "create_bucket" => create_bucket(ctx, tenant).await,
        "issue_certificate" => issue_certificate(ctx).await,
        "activate" => activate(ctx, tenant).await,
        "remove_bucket" => remove_bucket(ctx, tenant).await,
        "drop_schema" => drop_schema(&ctx.last_placed(tenant).await?, tenant).await,
        "drop_role" => drop_role(ctx, &ctx.last_placed(tenant).await?, tenant).await,
        other => anyhow::bail!("unknown step {other}"),
    }
}

async fn role_exists(db: &PgPool, role: &SchemaName) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)").bind(role.as_str()).fetch_one(db).await
}

/// Creates (or re-keys) the tenant's role on a server (`db` is the administrative pool there).
pub async fn create_role(ctx: &Ctx, server: &Server, db: &PgPool, tenant: TenantId) -> anyhow::Result<Outcome> {
    let role = TenantRole::for_tenant(&ctx.config, tenant);
    let verb = if role_exists(db, &role.name).await? { "ALTER" } else { "CREATE" };
    // Identifiers are validated newtypes; the password is hex from an HMAC. Neither can quote.
    let sql = format!(
        "{verb} ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT CONNECTION LIMIT {} PASSWORD '{}'",
        role.name.as_str(),
        ctx.provisioner.role_connection_limit,
        role.password
    );
    match sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(db).await {
        Ok(_) => Ok(Outcome::Done(format!("role {} ready on {}", role.name.as_str(), server.name))),
        // Another worker created it between our check and our CREATE: same end state.
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42710") => {
            Ok(Outcome::Done(format!("role {} already existed", role.name.as_str())))
        }
        Err(e) => Err(e.into()),
    }
}

/// Creates the tenant's schema on a server, owned by its role there.
pub async fn create_schema(ctx: &Ctx, server: &Server, db: &PgPool, tenant: TenantId) -> anyhow::Result<Outcome> {
    let role = TenantRole::for_tenant(&ctx.config, tenant);
    let schema = SchemaName::for_tenant(tenant);
    let sql = format!(
        "CREATE SCHEMA IF NOT EXISTS {schema} AUTHORIZATION {role}; ALTER SCHEMA {schema} OWNER TO {role};
         REVOKE ALL ON SCHEMA {schema} FROM PUBLIC",
        schema = schema.as_str(),
        role = role.name.as_str()
    );
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(db).await?;
    Ok(Outcome::Done(format!("schema {} owned by {} on {}", schema.as_str(), role.name.as_str(), server.name)))
}

/// Applies the tenant migrations where the tenant is placed.
pub async fn migrate(ctx: &Ctx, tenant: TenantId) -> anyhow::Result<Outcome> {
    let server = ctx.placed(tenant).await?.0;
    migrate_on(ctx, &server, tenant).await
}

/// Applies the tenant migrations on a server as the tenant's own role, so its tables belong to it.
pub async fn migrate_on(ctx: &Ctx, server: &Server, tenant: TenantId) -> anyhow::Result<Outcome> {
    let role = TenantRole::for_tenant(&ctx.config, tenant);
    let schema = SchemaName::for_tenant(tenant);
    let mut client = migration_client(server.admin_config(&ctx.config)?, Some((role.name.as_str(), &role.password)), &schema)
        .await
        .context("cannot log in as the tenant role")?;
    let applied = tenant_migrations::migrate(&mut client).await.context("tenant migrations failed")?;
    Ok(Outcome::Done(if applied.is_empty() {
        "schema already up to date".into()
    } else {
        format!("applied {}", applied.join(", "))
    }))
}

/// The tenant's bucket, on the S3 service of the cell it is placed in.
async fn create_bucket(ctx: &Ctx, tenant: TenantId) -> anyhow::Result<Outcome> {
    let server = ctx.placed(tenant).await?.0;
    let bucket = storage::bucket_name(&ctx.config.storage, tenant);
    buckets::create(&ctx.storage.cell(&server), &bucket).await.map(Outcome::Done)
}

/// A subdomain needs no certificate of its own: the base domain's wildcard covers it, so the
/// site is served over HTTPS as soon as it is active — once that wildcard exists.
async fn issue_certificate(ctx: &Ctx) -> anyhow::Result<Outcome> {
    if ctx.config.tls.is_none() {
        return Ok(Outcome::Skipped("TLS is off"));
    }
    let wildcard = format!("*.{}", ctx.config.public_base_url.host);
    let valid: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM certificates WHERE primary_name = $1 AND not_after > now())",
    )
    .bind(&wildcard)
    .fetch_one(&ctx.db)
    .await?;
    anyhow::ensure!(valid, "no valid wildcard certificate for {wildcard} yet");
    Ok(Outcome::Done(format!("covered by the {wildcard} certificate")))
}

async fn activate(ctx: &Ctx, tenant: TenantId) -> anyhow::Result<Outcome> {
    institutions::transition(&ctx.db, tenant, &["approved", "provisioning", "active"], "active").await?;
    Ok(Outcome::Done("site is live".into()))
}

async fn remove_bucket(ctx: &Ctx, tenant: TenantId) -> anyhow::Result<Outcome> {
    let server = ctx.last_server(tenant).await?;
    buckets::remove(&ctx.storage.cell(&server), &storage::bucket_name(&ctx.config.storage, tenant)).await.map(Outcome::Done)
}

pub async fn drop_schema(db: &PgPool, tenant: TenantId) -> anyhow::Result<Outcome> {
    let schema = SchemaName::for_tenant(tenant);
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA IF EXISTS {} CASCADE", schema.as_str()))).execute(db).await?;
    Ok(Outcome::Done(format!("schema {} dropped", schema.as_str())))
}

pub async fn drop_role(ctx: &Ctx, db: &PgPool, tenant: TenantId) -> anyhow::Result<Outcome> {
    let role = TenantRole::for_tenant(&ctx.config, tenant);
    // Open sessions of the role (an edge's pool) would make DROP ROLE fail.
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1")
        .bind(role.name.as_str())
        .execute(db)
        .await?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP ROLE IF EXISTS {}", role.name.as_str()))).execute(db).await?;
    Ok(Outcome::Done(format!("role {} dropped", role.name.as_str())))
}
