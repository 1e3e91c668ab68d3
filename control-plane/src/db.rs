//! Connections to the control database and its migrations.

use crate::config::Config;
use crate::failover::{self, Node, Primaries};
use crate::placement::Server;
use crate::tenancy::SchemaName;
use anyhow::Context;
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod embedded {
    refinery::embed_migrations!("migrations");
}

pub const CONTROL_SCHEMA: &str = "control";

/// Options for the platform's own (administrative) role with the control schema on `search_path`.
pub fn control_options(config: &Config) -> anyhow::Result<PgConnectOptions> {
    Ok(PgConnectOptions::from_str(config.database_url.expose())
        .context("DATABASE_URL is not a PostgreSQL URL")?
        .options([("search_path", CONTROL_SCHEMA)]))
}

/// The control pool. With standbys (`DATABASE_REPLICAS`) it connects to the node taking writes,
/// and follows a promotion without a restart: a watch looks for that node every second, points
/// the pool there, and closes the connections opened on the old one (those idle now, the others as
/// their requests give them back). Meanwhile requests fail like any lost connection: 503.
pub async fn connect(config: &Config) -> anyhow::Result<PgPool> {
    let options = control_options(config)?;
    let flipped: Flipped = Default::default();
    let pool = closing_older(crate::audit::tagging(PgPoolOptions::new()), &flipped)
        .max_connections(config.control_db_max_connections)
        .acquire_timeout(Duration::from_secs(10));
    let Some(formation) = failover::control_server(config) else {
        return pool.connect_with(options).await.context("cannot connect to the control database");
    };
    let primaries = Primaries::new(Arc::new(config.clone()));
    let node = primaries.refresh(&formation).await.context("no node of the control database takes writes")?;
    let pool = pool.connect_with(at(&options, &node)).await.context("cannot connect to the control database")?;
    tokio::spawn(follow(pool.clone(), options, formation, primaries, node, flipped));
    Ok(pool)
}

/// A second, smaller pool on the control database, made from `options`, whose sessions start
/// with `settings` (as `-c name=value` startup options, so no statement has to set them). It
/// connects only when first used, and with standbys it goes wherever `control` is pointed,
/// within a second.
pub fn companion(config: &Config, control: &PgPool, options: PgPoolOptions, settings: &[(&str, &str)], max_connections: u32) -> PgPool {
    let settings: Vec<(String, String)> = settings.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect();
    let with = move |control: &PgPool| control.connect_options().as_ref().clone().options(settings.clone());
    let flipped: Flipped = Default::default();
    // No ping before each acquire: a lost connection fails its statement like any other.
    let pool = closing_older(options.test_before_acquire(false), &flipped)
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .connect_lazy_with(with(control));
    if failover::control_server(config).is_some() {
        let (control, companion) = (control.clone(), pool.clone());
        tokio::spawn(async move {
            let node = |pool: &PgPool| -> Node { (pool.connect_options().get_host().to_owned(), pool.connect_options().get_port()) };
            let mut current = node(&control);
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            while !companion.is_closed() && !control.is_closed() {
                tick.tick().await;
                if node(&control) != current {
                    current = node(&control);
                    repoint(&companion, with(&control), &flipped).await;
                }
            }
        });
    }
    pool
}

/// When a pool was last pointed at a new primary.
type Flipped = Arc<Mutex<Option<Instant>>>;

/// Connections given back after the pool was pointed elsewhere are closed if they were opened
/// before: they still talk to the old primary.
fn closing_older(options: PgPoolOptions, flipped: &Flipped) -> PgPoolOptions {
    let flipped = flipped.clone();
    options.after_release(move |_, meta| {
        let fresh = flipped.lock().expect("never poisoned: no panics while held").is_none_or(|at| meta.age < at.elapsed());
        Box::pin(async move { Ok(fresh) })
    })
}

/// Points `pool` at new options and closes its idle connections (the others close as they are
/// given back, [`closing_older`]).
async fn repoint(pool: &PgPool, options: PgConnectOptions, flipped: &Flipped) {
    pool.set_connect_options(options);
    *flipped.lock().expect("never poisoned: no panics while held") = Some(Instant::now());
    for _ in 0..pool.num_idle() {
        if let Some(conn) = pool.try_acquire() {
            let _ = conn.close().await;
        }
    }
}

fn at(options: &PgConnectOptions, (host, port): &Node) -> PgConnectOptions {
    options.clone().host(host).port(*port)
}

async fn follow(pool: PgPool, options: PgConnectOptions, formation: Server, primaries: Primaries, mut current: Node, flipped: Flipped) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    while !pool.is_closed() {
        tick.tick().await;
        let Some(node) = primaries.refresh(&formation).await else { continue };
        if node == current {
            continue;
        }
        tracing::warn!(from = %format!("{}:{}", current.0, current.1), to = %format!("{}:{}", node.0, node.1), "the control database's primary changed");
        repoint(&pool, at(&options, &node), &flipped).await;
        current = node;
    }
}

/// A tokio-postgres client (what refinery speaks) whose `search_path` is just `schema`, so the
/// migration history table lands inside that schema.
pub async fn migration_client(
    mut pg: tokio_postgres::Config,
    user: Option<(&str, &str)>,
    schema: &SchemaName,
) -> anyhow::Result<tokio_postgres::Client> {
    if let Some((name, password)) = user {
        pg.user(name).password(password);
    }
    pg.options(format!("-c search_path={}", schema.as_str()));
    let (client, connection) = pg.connect(tokio_postgres::NoTls).await?;
    tokio::spawn(async move {
        if let Err(error) = connection.await {
            tracing::warn!(%error, "migration connection closed");
        }
    });
    Ok(client)
}

/// Creates the control schema, applies its migrations and refreshes the shipped translations.
pub async fn migrate(config: &Config, pool: &PgPool) -> anyhow::Result<()> {
    sqlx::query("CREATE SCHEMA IF NOT EXISTS control").execute(pool).await?;
    let schema = SchemaName::parse(CONTROL_SCHEMA)?;
    let pg = tokio_postgres::Config::from_str(config.database_url.expose()).context("DATABASE_URL")?;
    let mut client = migration_client(pg, None, &schema).await?;
    embedded::migrations::runner()
        .run_async(&mut client)
        .await
        .context("control migrations failed")?;
    crate::reference::languages::seed_shipped_catalogues(pool).await?;
    crate::institutions::store::ensure_main_site(pool).await?;
    crate::catalogue::store::fill_missing_terms(pool).await?;
    Ok(())
}
