//! Where each tenant's schema and role live: a fleet of PostgreSQL servers (`database_servers`)
//! and one placement per tenant (`tenant_placements`), the "cells" model of large multi-tenant
//! platforms. The provisioner places a new tenant where the most room is left; every edge opens a
//! tenant's pool on the server its placement names, and follows every change through
//! [`CHANGED`] (`tenant_api::pools`).
//!
//! A server row says where a server is, never how to log in: the platform's administrative role
//! (DATABASE_URL's user and password) exists on every server, and tenant roles log in with their
//! derived passwords, so no credential is stored here.

use crate::config::{Config, StorageConfig};
use crate::tenancy::TenantId;
use anyhow::Context;
use sqlx::postgres::PgConnectOptions;
use sqlx::{PgExecutor, PgPool};
use std::str::FromStr;

/// NOTIFY channel; the payload is the tenant id whose placement changed.
pub const CHANGED: &str = "placement_changed";

/// The control database's own server, where every tenant lived before the fleet.
pub const MAIN: &str = "main";

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Server {
    pub name: String,
    /// `None` for the control database's own server.
    pub host: Option<String>,
    pub port: Option<i32>,
    pub dbname: Option<String>,
    pub capacity: i32,
    pub draining: bool,
    /// The other nodes of a server with high availability (`host:port`), any of which may be
    /// promoted; writes go to whichever takes them (`crate::failover`).
    pub replicas: Vec<String>,
    /// The S3 service holding the buckets of the tenants placed here; `None` for the
    /// platform's own (`S3_ENDPOINT`).
    pub storage_endpoint: Option<String>,
    pub storage_region: Option<String>,
}

/// A server row's columns, as [`Server`] reads them (`s` is `database_servers`).
macro_rules! server_columns {
    () => {
        "s.name, s.host, s.port, s.dbname, s.capacity, s.draining, s.replicas, s.storage_endpoint, s.storage_region"
    };
}

impl Server {
    /// The S3 service of this server's cell: the platform's own, pointed elsewhere when the
    /// server names its own endpoint.
    pub fn storage(&self, platform: &StorageConfig) -> StorageConfig {
        let mut storage = platform.clone();
        if let Some(endpoint) = &self.storage_endpoint {
            storage.endpoint = endpoint.clone();
            storage.region = self.storage_region.clone().unwrap_or(storage.region);
        }
        storage
    }

    /// Connection options of the administrative role on this server.
    pub fn admin_options(&self, config: &Config) -> anyhow::Result<PgConnectOptions> {
        let base = PgConnectOptions::from_str(config.database_url.expose()).context("DATABASE_URL")?;
        Ok(self.locate(base))
    }

    /// `base` (a role and its settings) pointed at this server.
    pub fn locate(&self, base: PgConnectOptions) -> PgConnectOptions {
        match (&self.host, self.port, &self.dbname) {
            (Some(host), Some(port), Some(dbname)) => base.host(host).port(port as u16).database(dbname),
            _ => base,
        }
    }

    /// The administrative role on this server, as tokio-postgres (what migrations speak) takes it.
    pub fn admin_config(&self, config: &Config) -> anyhow::Result<tokio_postgres::Config> {
        let mut pg = tokio_postgres::Config::from_str(config.database_url.expose()).context("DATABASE_URL")?;
        if let (Some(host), Some(port), Some(dbname)) = (&self.host, self.port, &self.dbname) {
            let mut located = tokio_postgres::Config::new();
            located.host(host).port(port as u16).dbname(dbname);
            if let Some(user) = pg.get_user() {
                located.user(user);
            }
            if let Some(password) = pg.get_password() {
                located.password(password);
            }
            pg = located;
        }
        Ok(pg)
    }

    /// A libpq connection string for the administrative role on this server (what a
    /// subscription on another server connects with). Holds the password: never log it.
    pub fn conninfo(&self, config: &Config) -> anyhow::Result<String> {
        let pg = self.admin_config(config)?;
        let quote = |v: &str| format!("'{}'", v.replace('\\', "\\\\").replace('\'', "\\'"));
        let mut parts = Vec::new();
        if let Some(tokio_postgres::config::Host::Tcp(host)) = pg.get_hosts().first() {
            parts.push(format!("host={}", quote(host)));
        }
        if let Some(port) = pg.get_ports().first() {
            parts.push(format!("port={port}"));
        }
        if let Some(db) = pg.get_dbname() {
            parts.push(format!("dbname={}", quote(db)));
        }
        if let Some(user) = pg.get_user() {
            parts.push(format!("user={}", quote(user)));
        }
        if let Some(password) = pg.get_password() {
            parts.push(format!("password={}", quote(&String::from_utf8_lossy(password))));
        }
        Ok(parts.join(" "))
    }
}

/// A tenant's placement with its server.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Placement {
    #[sqlx(flatten)]
    pub server: Server,
    pub state: String,
    pub epoch: i32,
    /// The server a move flipped the tenant from, until the move has cleaned up there.
    pub moved_from: Option<String>,
}

impl Placement {
    /// During a move's cut-over the tenant reads but does not write.
    pub fn is_read_only(&self) -> bool {
        self.state == "read_only"
    }
}

const PLACEMENT: &str = concat!(
    "SELECT ",
    server_columns!(),
    ", p.state, p.epoch, p.moved_from FROM tenant_placements p JOIN database_servers s ON s.name = p.server WHERE p.tenant_id = $1"
);

pub async fn of(db: impl PgExecutor<'_>, tenant: TenantId) -> sqlx::Result<Option<Placement>> {
    sqlx::query_as(PLACEMENT).bind(tenant).fetch_optional(db).await
}

/// The tenant's placement, choosing one if it has none: the server, not draining, with the most
/// room left (capacity less tenants placed). Running it again returns the same placement.
pub async fn place(db: &PgPool, tenant: TenantId) -> anyhow::Result<Placement> {
    sqlx::query(
        "INSERT INTO tenant_placements (tenant_id, server)
         SELECT $1, s.name FROM database_servers s WHERE NOT s.draining
         ORDER BY s.capacity - (SELECT count(*) FROM tenant_placements p WHERE p.server = s.name) DESC, s.name
         LIMIT 1
         ON CONFLICT (tenant_id) DO NOTHING",
    )
    .bind(tenant)
    .execute(db)
    .await?;
    of(db, tenant).await?.context("no database server takes new tenants (all are draining)")
}

pub async fn server(db: &PgPool, name: &str) -> sqlx::Result<Option<Server>> {
    sqlx::query_as(concat!("SELECT ", server_columns!(), " FROM database_servers s WHERE s.name = $1"))
        .bind(name)
        .fetch_optional(db)
        .await
}

/// A server with the number of tenants placed on it.
#[derive(sqlx::FromRow)]
pub struct ServerLoad {
    #[sqlx(flatten)]
    pub server: Server,
    pub tenants: i64,
}

/// Every server with the number of tenants placed on it.
pub async fn servers(db: &PgPool) -> sqlx::Result<Vec<ServerLoad>> {
    sqlx::query_as(concat!(
        "SELECT ",
        server_columns!(),
        ", (SELECT count(*) FROM tenant_placements p WHERE p.server = s.name) AS tenants FROM database_servers s ORDER BY s.name"
    ))
    .fetch_all(db)
    .await
}

/// The servers with high availability, whose primary may change under the edges.
pub async fn formations(db: &PgPool) -> sqlx::Result<Vec<Server>> {
    sqlx::query_as(concat!("SELECT ", server_columns!(), " FROM database_servers s WHERE cardinality(s.replicas) > 0"))
    .fetch_all(db)
    .await
}

/// Adds a server to the fleet, or changes where it is and how many tenants it takes.
pub async fn add_server(db: &PgPool, server: &Server) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO database_servers (name, host, port, dbname, capacity, draining, replicas, storage_endpoint, storage_region)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (name) DO UPDATE SET host = $2, port = $3, dbname = $4, capacity = $5, draining = $6, replicas = $7,
             storage_endpoint = $8, storage_region = $9",
    )
    .bind(&server.name)
    .bind(&server.host)
    .bind(server.port)
    .bind(&server.dbname)
    .bind(server.capacity)
    .bind(server.draining)
    .bind(&server.replicas)
    .bind(&server.storage_endpoint)
    .bind(&server.storage_region)
    .execute(db)
    .await?;
    Ok(())
}

/// Sets a placement's state and tells every edge.
pub async fn set_state(db: &PgPool, tenant: TenantId, state: &str) -> sqlx::Result<()> {
    change(db, tenant, "UPDATE tenant_placements SET state = $2, updated_at = now() WHERE tenant_id = $1", state).await
}

/// Points the tenant at a server (active again, next epoch; placed there if it had no placement)
/// and tells every edge. A move names the server it leaves (`moved_from`), kept until
/// [`moved`] says it is cleaned up.
pub async fn flip(db: &PgPool, tenant: TenantId, server: &str, moved_from: Option<&str>) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query(
        "INSERT INTO tenant_placements (tenant_id, server, moved_from) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO UPDATE
         SET server = $2, state = 'active', epoch = tenant_placements.epoch + 1, moved_from = $3, updated_at = now()",
    )
    .bind(tenant)
    .bind(server)
    .bind(moved_from)
    .execute(&mut *tx)
    .await?;
    notify(&mut tx, tenant).await?;
    tx.commit().await
}

/// A move has left nothing behind on the server it moved the tenant from.
pub async fn moved(db: &PgPool, tenant: TenantId) -> sqlx::Result<()> {
    sqlx::query("UPDATE tenant_placements SET moved_from = NULL WHERE tenant_id = $1").bind(tenant).execute(db).await?;
    Ok(())
}

async fn change(db: &PgPool, tenant: TenantId, sql: &'static str, value: &str) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query(sql).bind(tenant).bind(value).execute(&mut *tx).await?;
    notify(&mut tx, tenant).await?;
    tx.commit().await
}

/// Tells every edge, once the transaction commits, that the tenant's placement changed.
async fn notify(tx: &mut sqlx::PgTransaction<'_>, tenant: TenantId) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_notify($1, $2)").bind(CHANGED).bind(tenant.to_string()).execute(&mut **tx).await?;
    Ok(())
}
