//! Connections to the control database and its migrations.

use crate::config::Config;
use crate::tenancy::SchemaName;
use anyhow::Context;
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use std::str::FromStr;
use std::time::Duration;

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

pub async fn connect(config: &Config) -> anyhow::Result<PgPool> {
    crate::audit::tagging(PgPoolOptions::new())
        .max_connections(config.control_db_max_connections)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(control_options(config)?)
        .await
        .context("cannot connect to the control database")
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
