//! Per-tenant backup and restore (`provisioner backup SLUG`, `backup-all --keep N`,
//! `restore SLUG --from KEY [--to SERVER]`).
//!
//! A backup is one tar archive in the backups bucket (`{S3_BUCKET_PREFIX}backups`, key
//! `t-{id}/{UTC time}.tar`): `schema.dump`, the tenant's schema as `pg_dump --format=custom`
//! writes it (one consistent snapshot, with its tables' owner and grants), every object of the
//! tenant's bucket under `objects/`, and `manifest.json` naming the tenant and each object's
//! SHA-256. The role needs nothing stored: its attributes are the provisioner's and its password is
//! derived. A restore recreates the role on the chosen server, replaces the schema there with the
//! dump, makes the bucket hold exactly the archived objects, and points the tenant's placement
//! there (next epoch), so every edge reopens its pool.

use crate::{buckets, moving};
use crate::steps::{self, Ctx};
use anyhow::{Context, bail, ensure};
use aws_sdk_s3::primitives::ByteStream;
use control_plane::placement::{self, Server};
use control_plane::storage;
use control_plane::tenancy::{SchemaName, TenantId};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// What a backup holds.
#[derive(Debug)]
pub struct Backup {
    pub key: String,
    pub bytes: u64,
    pub objects: usize,
}

fn backups_bucket(ctx: &Ctx) -> String {
    format!("{}backups", ctx.config.storage.bucket_prefix)
}

/// A scratch file removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(what: &str) -> Self {
        Self(std::env::temp_dir().join(format!("lms-{what}-{}-{}", std::process::id(), rand::random::<u64>())))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// PostgreSQL's client programs: `PG_BIN_DIR`, else the newest installed server's, else `PATH`.
fn pg_program(name: &str) -> PathBuf {
    if let Ok(dir) = std::env::var("PG_BIN_DIR") {
        return Path::new(&dir).join(name);
    }
    let mut installed: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin").join(name))
        .filter(|p| p.exists())
        .collect();
    installed.sort_by_key(|p| p.parent().and_then(|b| b.parent()).and_then(|v| v.file_name()).and_then(|v| v.to_str()?.parse::<u32>().ok()));
    installed.pop().unwrap_or_else(|| name.into())
}

/// A client program run as the platform's role on `server`; the password goes by environment,
/// never on the command line.
fn pg_command(ctx: &Ctx, server: &Server, program: &str) -> anyhow::Result<tokio::process::Command> {
    let pg = server.admin_config(&ctx.config)?;
    let mut command = tokio::process::Command::new(pg_program(program));
    if let Some(tokio_postgres::config::Host::Tcp(host)) = pg.get_hosts().first() {
        command.env("PGHOST", host);
    }
    if let Some(port) = pg.get_ports().first() {
        command.env("PGPORT", port.to_string());
    }
    command.env("PGDATABASE", pg.get_dbname().unwrap_or("postgres"));
    if let Some(user) = pg.get_user() {
        command.env("PGUSER", user);
    }
    if let Some(password) = pg.get_password() {
        command.env("PGPASSWORD", String::from_utf8_lossy(password).into_owned());
    }
    command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    Ok(command)
}

async fn run(mut command: tokio::process::Command, what: &str) -> anyhow::Result<()> {
    let output = command.output().await.with_context(|| format!("cannot run {what}"))?;
    ensure!(output.status.success(), "{what} failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    Ok(())
}

/// Backs the tenant up into one archive in the backups bucket.
pub async fn backup(ctx: &Ctx, tenant: TenantId, say: impl Fn(String)) -> anyhow::Result<Backup> {
    let placed = placement::of(&ctx.db, tenant).await?.context("the tenant has no placement (is it provisioned?)")?;
    let schema = SchemaName::for_tenant(tenant);
    let dump = Scratch::new("dump");
    let mut pg_dump = pg_command(ctx, &ctx.located(&placed.server).await, "pg_dump")?;
    pg_dump.arg("--format=custom").arg(format!("--schema={}", schema.as_str())).arg("--file").arg(&dump.0);
    run(pg_dump, "pg_dump").await?;
    say(format!("schema {} dumped from {}", schema.as_str(), placed.server.name));

    let archive = Scratch::new("backup");
    let mut tar = tar::Builder::new(std::fs::File::create(&archive.0)?);
    tar.append_path_with_name(&dump.0, "schema.dump")?;
    let bucket = storage::bucket_name(&ctx.config.storage, tenant);
    let s3 = ctx.storage.cell(&placed.server);
    let keys: Vec<String> = buckets::listing(&s3, &bucket, None).await?.into_keys().collect();
    let mut objects = BTreeMap::new();
    for (n, key) in keys.iter().enumerate() {
        let body = s3.get_object().bucket(&bucket).key(key).send().await?.body.collect().await?.into_bytes();
        objects.insert(key.clone(), hex::encode(Sha256::digest(&body)));
        append(&mut tar, &format!("objects/{key}"), &body)?;
        if (n + 1) % 100 == 0 {
            say(format!("objects: {}/{}", n + 1, keys.len()));
        }
    }
    let manifest = json!({ "tenant": tenant, "schema": schema.as_str(), "server": placed.server.name, "objects": objects });
    append(&mut tar, "manifest.json", &serde_json::to_vec_pretty(&manifest)?)?;
    tar.into_inner()?.sync_all()?;
    say(format!("{} object(s) archived", keys.len()));

    let backups = backups_bucket(ctx);
    buckets::create(&ctx.storage.platform(), &backups).await?;
    let key = format!("t-{tenant}/{}.tar", chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ"));
    let bytes = std::fs::metadata(&archive.0)?.len();
    ctx.storage.platform().put_object().bucket(&backups).key(&key).body(ByteStream::from_path(&archive.0).await?).send().await?;
    say(format!("stored as {backups}/{key} ({bytes} bytes)"));
    Ok(Backup { key, bytes, objects: keys.len() })
}

fn append(tar: &mut tar::Builder<std::fs::File>, path: &str, bytes: &[u8]) -> std::io::Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_size(bytes.len() as u64);
    header.set_mode(0o600);
    header.set_cksum();
    tar.append_data(&mut header, path, bytes)
}

/// The tenant's backups, oldest first.
pub async fn list(ctx: &Ctx, tenant: TenantId) -> anyhow::Result<Vec<String>> {
    let backups = backups_bucket(ctx);
    let s3 = ctx.storage.platform();
    if s3.head_bucket().bucket(&backups).send().await.is_err() {
        return Ok(Vec::new());
    }
    // Listed in key order, which is time order.
    Ok(buckets::listing(&s3, &backups, Some(&format!("t-{tenant}/"))).await?.into_keys().collect())
}

/// Backs up every live tenant and keeps each one's newest `keep` backups. Answers the failures.
pub async fn backup_all(ctx: &Ctx, keep: usize, say: impl Fn(String)) -> anyhow::Result<Vec<(TenantId, String)>> {
    let mut failed = Vec::new();
    for tenant in control_plane::institutions::store::active_tenant_ids(&ctx.db).await? {
        match backup(ctx, tenant, |_| ()).await {
            Ok(done) => say(format!("tenant {tenant}: {} ({} bytes)", done.key, done.bytes)),
            Err(error) => {
                say(format!("tenant {tenant}: FAILED: {error:#}"));
                failed.push((tenant, format!("{error:#}")));
                continue;
            }
        }
        let keys = list(ctx, tenant).await?;
        for old in &keys[..keys.len().saturating_sub(keep.max(1))] {
            ctx.storage.platform().delete_object().bucket(backups_bucket(ctx)).key(old).send().await?;
            say(format!("tenant {tenant}: {old} expired"));
        }
    }
    Ok(failed)
}

/// Restores the tenant from the backup `key` onto `to` (else where it is placed now). Restored
/// onto another server, the tenant has moved: what it left where it was is dropped as a move
/// drops its source, after `grace`, and a restore stopped after its flip is finished by
/// `move-tenant` to where it now is.
pub async fn restore(ctx: &Ctx, tenant: TenantId, key: &str, to: Option<&str>, grace: Duration, say: impl Fn(String)) -> anyhow::Result<()> {
    ensure!(key.starts_with(&format!("t-{tenant}/")), "{key} is not a backup of this site");
    let placed = placement::of(&ctx.db, tenant).await?;
    let server = match (to, &placed) {
        (Some(name), _) => placement::server(&ctx.db, name).await?.with_context(|| format!("no database server named {name}"))?,
        (None, Some(placed)) => placed.server.clone(),
        (None, None) => bail!("the tenant has no placement; name a server with --to"),
    };
    // The server whose copy of the tenant is left behind: the one it is leaving, or the source of
    // a move not yet finished.
    let left = placed.as_ref().and_then(|p| if p.server.name != server.name { Some(p.server.name.clone()) } else { p.moved_from.clone() });
    let server = ctx.located(&server).await;
    let archive = Scratch::new("restore");
    let body = ctx.storage.platform().get_object().bucket(backups_bucket(ctx)).key(key).send().await.with_context(|| format!("no backup {key}"))?.body;
    tokio::io::copy(&mut body.into_async_read(), &mut tokio::fs::File::create(&archive.0).await?).await?;
    let dump = Scratch::new("dump");
    let (manifest, objects) = unpack(&archive.0, &dump.0)?;
    ensure!(manifest["tenant"] == tenant, "{key} is not a backup of this site");
    say(format!("archive {key} read: {} object(s)", objects.len()));

    // Writes made now would be lost with the schema they went to: the site reads only until the
    // restore is done (or has failed).
    if placed.is_some() {
        placement::set_state(&ctx.db, tenant, "read_only").await?;
    }
    let restored = replace(ctx, tenant, &server, &dump.0, objects, left.as_deref(), &say).await;
    if restored.is_err() && placed.is_some() {
        placement::set_state(&ctx.db, tenant, "active").await?;
    }
    restored?;
    if let Some(left) = left {
        let left = placement::server(&ctx.db, &left).await?.with_context(|| format!("no database server named {left}"))?;
        moving::finish(ctx, tenant, &ctx.located(&left).await, &server, grace, &say).await?;
    }
    Ok(())
}

async fn replace(
    ctx: &Ctx,
    tenant: TenantId,
    server: &Server,
    dump: &Path,
    objects: BTreeMap<String, Vec<u8>>,
    left: Option<&str>,
    say: &impl Fn(String),
) -> anyhow::Result<()> {
    // The schema, replaced on the chosen server: the role first (the dump's owner).
    let db = ctx.admin(server)?;
    steps::create_role(ctx, server, &db, tenant).await?;
    steps::drop_schema(&db, tenant).await?;
    let mut pg_restore = pg_command(ctx, server, "pg_restore")?;
    pg_restore.arg("--exit-on-error").arg("--dbname").arg(server.admin_config(&ctx.config)?.get_dbname().unwrap_or("postgres")).arg(dump);
    run(pg_restore, "pg_restore").await?;
    say(format!("schema restored on {}", server.name));

    // The bucket, on the server's cell, holds exactly what was archived.
    let bucket = storage::bucket_name(&ctx.config.storage, tenant);
    let s3 = ctx.storage.cell(server);
    buckets::create(&s3, &bucket).await?;
    for stale in buckets::listing(&s3, &bucket, None).await?.into_keys().filter(|k| !objects.contains_key(k)) {
        s3.delete_object().bucket(&bucket).key(stale).send().await?;
    }
    for (object, bytes) in objects {
        s3.put_object().bucket(&bucket).key(object).body(ByteStream::from(bytes)).send().await?;
    }
    say("objects restored".into());
    // Every edge drops its pool (the schema it knew is gone) and opens one where it is now.
    placement::flip(&ctx.db, tenant, &server.name, left).await?;
    say(format!("now served from {}", server.name));
    Ok(())
}

/// Writes the dump to `dump` and answers the manifest and the objects, checked against it.
fn unpack(archive: &Path, dump: &Path) -> anyhow::Result<(Value, BTreeMap<String, Vec<u8>>)> {
    let mut manifest = None;
    let mut objects = BTreeMap::new();
    let mut tar = tar::Archive::new(std::fs::File::open(archive)?);
    for entry in tar.entries()? {
        let mut entry = entry?;
        let path = entry.path()?.to_string_lossy().into_owned();
        if path == "schema.dump" {
            std::io::copy(&mut entry, &mut std::fs::File::create(dump)?)?;
        } else if path == "manifest.json" {
            manifest = Some(serde_json::from_reader::<_, Value>(&mut entry)?);
        } else if let Some(key) = path.strip_prefix("objects/") {
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes)?;
            objects.insert(key.to_owned(), bytes);
        }
    }
    let manifest = manifest.context("the archive has no manifest")?;
    ensure!(dump.exists(), "the archive has no schema dump");
    let listed = manifest["objects"].as_object().context("the manifest lists no objects")?;
    ensure!(listed.len() == objects.len(), "the archive holds {} objects, its manifest {}", objects.len(), listed.len());
    for (key, bytes) in &objects {
        let sum = hex::encode(Sha256::digest(bytes));
        ensure!(listed.get(key).and_then(Value::as_str) == Some(sum.as_str()), "object {key} does not match its checksum");
    }
    Ok((manifest, objects))
}
