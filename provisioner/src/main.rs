//! `provisioner` serves the provisioning queue (and, with `TLS_MODE=acme`, keeps the wildcard
//! certificate valid); `provisioner issue-wildcard` orders it now; `provisioner drain` runs what is due and exits;
//! `provisioner migrate-all [--concurrency N]` upgrades every tenant schema and exits non-zero
//! if any tenant failed.

use anyhow::bail;
use control_plane::config::Config;
use provisioner::acme::{self, AcmeSettings};
use provisioner::{Ctx, ProvisionerConfig, fleet, worker};
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
            let concurrency = match args.iter().position(|a| a == "--concurrency") {
                Some(i) => args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(4),
                None => 4,
            };
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
        Some(other) => bail!("unknown command {other}; usage: provisioner [run | drain | issue-wildcard | migrate-all [--concurrency N]]"),
    }
}
