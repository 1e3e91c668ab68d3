//! `provisioner` serves the provisioning queue (and, with `TLS_MODE=acme`, keeps the wildcard
//! certificate valid); `provisioner issue-wildcard` orders it now; `provisioner drain` runs what is due and exits;
//! `provisioner migrate-all [--concurrency N]` upgrades every tenant schema and exits non-zero
//! if any tenant failed; `provisioner servers` lists the database servers, `add-server NAME
//! --host H --port P --dbname D [--replica HOST:PORT]... [--storage-endpoint URL [--storage-region R]]
//! [--capacity N] [--draining]` adds or changes one (replicas: the standbys of a server with high
//! availability; storage: the S3 service of its cell, else the platform's), and
//! `move-tenant SLUG --to NAME [--grace-secs N]` moves a tenant there while it keeps working;
//! `backup SLUG`, `backups SLUG`, `backup-all [--keep N]` and `restore SLUG --from KEY [--to NAME] [--grace-secs N]`
//! archive and restore tenants (`provisioner::backup`).

use anyhow::{Context, bail};
use control_plane::config::Config;
use provisioner::acme::{self, AcmeSettings};
use control_plane::institutions::store as institutions;
use control_plane::placement::{self, Server};
use provisioner::{Ctx, ProvisionerConfig, backup, fleet, moving, worker};
use std::sync::Arc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    control_plane::telemetry::init();
    let config = Arc::new(Config::from_env()?);
    let db = control_plane::db::connect(&config).await?;
    let ctx = Ctx::new(db, config, ProvisionerConfig::from_env()?);
    let worker_name = format!("{}-{}", std::env::var("HOSTNAME").unwrap_or_else(|_| "provisioner".into()), std::process::id());
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("run") => {
            if ctx.config.tls.is_some() {
                tokio::spawn(acme::maintain(ctx.clone(), AcmeSettings::from_env()?, std::time::Duration::from_secs(60)));
            }
            worker::run(ctx, worker_name, async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
        }
        Some("issue-wildcard") => {
            acme::issue_wildcard(&ctx, &AcmeSettings::from_env()?).await?;
            println!("wildcard certificate issued and stored");
            Ok(())
        }
        Some("drain") => {
            let ran = worker::drain(&ctx, &worker_name).await?;
            println!("{ran} job(s) run");
            Ok(())
        }
        Some("migrate-all") => {
            let concurrency = option(&args, "--concurrency").map(str::parse).transpose()?.unwrap_or(4);
            let reports = fleet::migrate_all(&ctx, concurrency, true).await?;
            let failed: Vec<_> = reports.iter().filter(|r| r.result.is_err()).collect();
            println!("migrate-all: {} tenant(s), {} ok, {} failed", reports.len(), reports.len() - failed.len(), failed.len());
            for r in &failed {
                println!("  tenant {}: {}", r.tenant, r.result.as_ref().unwrap_err());
            }
            if !failed.is_empty() {
                std::process::exit(1);
            }
            Ok(())
        }
        Some("servers") => {
            println!("{:<16} {:<28} {:>9} {:>8}  draining", "server", "address", "capacity", "tenants");
            for placement::ServerLoad { server, tenants } in placement::servers(&ctx.db).await? {
                let address = match (&server.host, server.port, &server.dbname) {
                    (Some(h), Some(p), Some(d)) => format!("{h}:{p}/{d}"),
                    _ => "(the control database's)".into(),
                };
                println!("{:<16} {:<28} {:>9} {:>8}  {}", server.name, address, server.capacity, tenants, server.draining);
                if !server.replicas.is_empty() {
                    println!("{:<16} replicas: {}", "", server.replicas.join(", "));
                }
                if let Some(endpoint) = &server.storage_endpoint {
                    println!("{:<16} storage: {endpoint}", "");
                }
            }
            Ok(())
        }
        Some("add-server") => {
            let name = args.get(1).filter(|n| !n.starts_with("--")).context("add-server NAME --host H --port P --dbname D")?;
            let required = |flag: &str| option(&args, flag).map(str::to_owned).with_context(|| format!("{flag} is required"));
            let server = Server {
                name: name.clone(),
                host: Some(required("--host")?),
                port: Some(required("--port")?.parse().context("--port")?),
                dbname: Some(required("--dbname")?),
                capacity: option(&args, "--capacity").map(str::parse).transpose().context("--capacity")?.unwrap_or(1000),
                draining: args.iter().any(|a| a == "--draining"),
                replicas: replicas(&args)?,
                storage_endpoint: option(&args, "--storage-endpoint").map(str::to_owned),
                storage_region: option(&args, "--storage-region").map(str::to_owned),
            };
            if let Some(endpoint) = &server.storage_endpoint {
                // The platform's key must work there: the cell's buckets are made with it.
                ctx.storage.cell(&server).list_buckets().send().await.with_context(|| format!("cannot reach the S3 service at {endpoint}"))?;
            }
            // Reach its primary as the platform's role before anyone places a tenant there.
            sqlx::query("SELECT 1").execute(&ctx.admin(&ctx.located(&server).await)?).await.context("cannot reach the new server")?;
            placement::add_server(&ctx.db, &server)
                .await
                .context("server refused (name: a-z, 0-9, _ or -; storage endpoint: http(s)://host[:port])")?;
            println!("server {} ready", server.name);
            Ok(())
        }
        Some("move-tenant") => {
            let slug = args.get(1).filter(|n| !n.starts_with("--")).context("move-tenant SLUG --to SERVER")?;
            let to = option(&args, "--to").context("--to SERVER is required")?;
            let grace = option(&args, "--grace-secs").map(str::parse).transpose().context("--grace-secs")?.unwrap_or(30);
            let tenant = institutions::tenant_by_slug(&ctx.db, slug).await?.with_context(|| format!("no site {slug}"))?;
            let moved = moving::move_tenant(&ctx, tenant.id, to, std::time::Duration::from_secs(grace), |line| println!("{line}")).await?;
            println!(
                "moved {slug}: {} tables, {} objects, writes paused {} ms, {:.1} s in all",
                moved.tables,
                moved.objects,
                moved.read_only.as_millis(),
                moved.total.as_secs_f64()
            );
            Ok(())
        }
        Some(command @ ("backup" | "backups" | "restore")) => {
            let slug = args.get(1).filter(|n| !n.starts_with("--")).with_context(|| format!("{command} SLUG"))?;
            let tenant = institutions::tenant_by_slug(&ctx.db, slug).await?.with_context(|| format!("no site {slug}"))?.id;
            match command {
                "backup" => {
                    backup::backup(&ctx, tenant, |line| println!("{line}")).await?;
                }
                "backups" => {
                    for key in backup::list(&ctx, tenant).await? {
                        println!("{key}");
                    }
                }
                _ => {
                    let key = option(&args, "--from").context("--from KEY is required (provisioner backups SLUG lists them)")?;
                    let grace = option(&args, "--grace-secs").map(str::parse).transpose().context("--grace-secs")?.unwrap_or(30);
                    backup::restore(&ctx, tenant, key, option(&args, "--to"), std::time::Duration::from_secs(grace), |line| println!("{line}")).await?;
                }
            }
            Ok(())
        }
        Some("backup-all") => {
            let keep = option(&args, "--keep").map(str::parse).transpose().context("--keep")?.unwrap_or(7);
            let failed = backup::backup_all(&ctx, keep, |line| println!("{line}")).await?;
            if !failed.is_empty() {
                bail!("{} tenant(s) not backed up", failed.len());
            }
            Ok(())
        }
        Some(other) => bail!(
            "unknown command {other}; usage: provisioner [run | drain | issue-wildcard | migrate-all [--concurrency N] | servers | add-server NAME --host H --port P --dbname D [--replica HOST:PORT]... [--storage-endpoint URL [--storage-region R]] [--capacity N] [--draining] | move-tenant SLUG --to SERVER [--grace-secs N] | backup SLUG | backups SLUG | backup-all [--keep N] | restore SLUG --from KEY [--to SERVER] [--grace-secs N]]"
        ),
    }
}

/// The value after `flag`, as in `--to second`.
fn option<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).map(String::as_str)
}

/// Every `--replica HOST:PORT` given: the other nodes of a server with high availability.
fn replicas(args: &[String]) -> anyhow::Result<Vec<String>> {
    let given = args.windows(2).filter(|w| w[0] == "--replica").map(|w| w[1].clone());
    given
        .map(|r| control_plane::failover::parse_node(&r).map(|_| r.clone()).with_context(|| format!("--replica {r}: HOST:PORT expected")))
        .collect()
}
