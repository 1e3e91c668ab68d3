//! `provisioner move-tenant <slug> --to <server>`: moves a tenant's schema to another database
//! server while its learners keep working.
//!
//! 1. The target gets the tenant's role, schema and migrations (tables emptied of the rows the
//!    migrations seed), the source a publication of the schema (PostgreSQL 15
//!    `FOR TABLES IN SCHEMA`), and the target a subscription to it: PostgreSQL copies every
//!    table, then streams each later change. The tenant stays `moving`, fully writable.
//! 2. Cut-over, once every table is copied: the placement turns `read_only` (every edge refuses
//!    writes with 503 and Retry-After), the source role's sessions become read-only (the
//!    database itself refuses a write that slipped past an edge), and once the target has
//!    confirmed the source's last WAL position, sequences are set and the placement flips to the
//!    target with the next epoch. Every edge reopens the tenant's pool there.
//! 3. After a grace period (requests still on the old pools finish), the source schema and role
//!    are dropped. The placement remembers the source until then, so a move stopped after its
//!    flip is finished by running it again.
//!
//! When the target's cell has another S3 service, the bucket goes along: copied while the tenant
//! works, then, during the cut-over, brought up to date with what changed meanwhile (uploads are
//! writes, refused while read-only), and the source's bucket removed with the source schema.
//!
//! No acknowledged write is lost: a write either committed on the source before the source's
//! last position was taken (and was replicated), or it was refused. Every step checks what
//! exists first, so a move interrupted anywhere can be run again.

use crate::buckets;
use crate::steps::{self, Ctx};
use anyhow::{Context, bail, ensure};
use control_plane::placement::{self, Server};
use control_plane::storage;
use control_plane::tenancy::{SchemaName, TenantId, TenantRole};
use sqlx::PgPool;
use std::time::{Duration, Instant};

/// At most this many objects changed since the last copy round leaves them to the cut-over.
const CUT_OVER_OBJECTS: usize = 16;
const MAX_OBJECT_ROUNDS: usize = 5;

/// What a move took.
#[derive(Debug)]
pub struct Moved {
    pub tables: i64,
    /// Objects copied to the target's S3 service (0 when both cells share one).
    pub objects: usize,
    /// From refusing writes to the placement's flip.
    pub read_only: Duration,
    pub total: Duration,
}

/// Moves `tenant` to the server named `to`, printing progress through `say`.
pub async fn move_tenant(ctx: &Ctx, tenant: TenantId, to: &str, grace: Duration, say: impl Fn(String)) -> anyhow::Result<Moved> {
    let started = Instant::now();
    let from = placement::of(&ctx.db, tenant).await?.context("the tenant has no placement (is it provisioned?)")?;
    let target = placement::server(&ctx.db, to).await?.with_context(|| format!("no database server named {to}"))?;
    if from.server.name == target.name {
        let left = from.moved_from.as_deref().with_context(|| format!("the tenant is already on {to}"))?;
        // A move stopped after its flip: what it left on the source is still to drop.
        say(format!("the move to {to} flipped already; finishing it"));
        let left = placement::server(&ctx.db, left).await?.with_context(|| format!("no database server named {left}"))?;
        let (source, target) = (ctx.located(&left).await, ctx.located(&target).await);
        finish(ctx, tenant, &source, &target, grace, &say).await?;
        return Ok(Moved { tables: 0, objects: 0, read_only: Duration::ZERO, total: started.elapsed() });
    }
    ensure!(!target.draining, "{to} is draining and takes no tenants");
    let (source, target) = (ctx.located(&from.server).await, ctx.located(&target).await);
    let (src, dst) = (ctx.admin(&source)?, ctx.admin(&target)?);
    let schema = SchemaName::for_tenant(tenant);
    let role = TenantRole::for_tenant(&ctx.config, tenant);
    let name = replication_name(ctx, tenant)?;
    say(format!("moving {} from {} to {}", schema.as_str(), from.server.name, target.name));

    if slot_lost(&src, &dst, &name).await? {
        // The subscription would wait for it forever and never bring what the site wrote since.
        say("the source lost the move's replication slot (its primary failed over?); copying again".into());
        for step in ["DISABLE", "SET (slot_name = NONE)"] {
            execute(&dst, format!("ALTER SUBSCRIPTION {} {step}", name.as_str())).await?;
        }
        execute(&dst, format!("DROP SUBSCRIPTION {}", name.as_str())).await?;
    }
    prepare_target(ctx, &target, &dst, tenant, &schema, &name).await?;
    publish(&src, &schema, &name).await?;
    placement::set_state(&ctx.db, tenant, "moving").await?;
    subscribe(ctx, &source, &dst, &name).await?;
    let tables = copied(&src, &dst, &name, &say).await?;
    let (from_s3, to_s3) = (ctx.storage.cell(&source), ctx.storage.cell(&target));
    let bucket = storage::bucket_name(&ctx.config.storage, tenant);
    let objects_move = separate_storage(ctx, &source, &target);
    let mut objects = 0;
    // Copied while the site works, then again until little changed meanwhile: what is left is
    // all the cut-over copies with writes paused.
    if objects_move {
        for _ in 0..MAX_OBJECT_ROUNDS {
            let synced = buckets::sync(&from_s3, &to_s3, &bucket, &say).await?;
            say(format!("objects: {} copied, {} already there", synced.copied, synced.unchanged));
            objects += synced.copied;
            if synced.copied + synced.removed <= CUT_OVER_OBJECTS {
                break;
            }
        }
    }

    let cut = Instant::now();
    say("cut-over: writes paused".into());
    placement::set_state(&ctx.db, tenant, "read_only").await?;
    let switched = async {
        freeze(&src, &role).await?;
        caught_up(&src, &name).await?;
        copy_sequences(&src, &dst, &schema).await?;
        let mut changed = 0;
        if objects_move {
            let synced = buckets::sync(&from_s3, &to_s3, &bucket, &say).await?;
            changed = synced.copied + synced.removed;
        }
        placement::flip(&ctx.db, tenant, &target.name, Some(&from.server.name)).await?;
        anyhow::Ok(changed)
    };
    let changed = match switched.await {
        Ok(changed) => changed,
        Err(error) => {
            // The tenant stays where it was, writable again; running the move again resumes.
            execute(&src, format!("ALTER ROLE {} RESET default_transaction_read_only", role.name.as_str())).await?;
            placement::set_state(&ctx.db, tenant, "active").await?;
            return Err(error.context("cut-over failed; the tenant is writable again on its source"));
        }
    };
    let read_only = cut.elapsed();
    objects += changed;
    say(format!("now served from {} (writes paused {} ms)", target.name, read_only.as_millis()));

    finish(ctx, tenant, &source, &target, grace, &say).await?;
    Ok(Moved { tables, objects, read_only, total: started.elapsed() })
}

/// After the flip: the subscription (and with it the source's replication slot) and publication
/// dropped, then, after the grace period, the source schema, role and bucket. Every step checks
/// what exists, so a move stopped here is finished by running it again.
pub(crate) async fn finish(ctx: &Ctx, tenant: TenantId, source: &Server, target: &Server, grace: Duration, say: &impl Fn(String)) -> anyhow::Result<()> {
    let (src, dst) = (ctx.admin(source)?, ctx.admin(target)?);
    let name = replication_name(ctx, tenant)?;
    execute(&dst, format!("DROP SUBSCRIPTION IF EXISTS {}", name.as_str())).await?;
    execute(&src, format!("DROP PUBLICATION IF EXISTS {}", name.as_str())).await?;
    if !grace.is_zero() {
        say(format!("keeping the source {} s for requests still on it", grace.as_secs()));
        tokio::time::sleep(grace).await;
    }
    steps::drop_schema(&src, tenant).await?;
    steps::drop_role(ctx, &src, tenant).await?;
    if separate_storage(ctx, source, target) {
        buckets::remove(&ctx.storage.cell(source), &storage::bucket_name(&ctx.config.storage, tenant)).await?;
    }
    placement::moved(&ctx.db, tenant).await?;
    say(format!("source dropped from {}", source.name));
    Ok(())
}

/// Whether the two servers' cells keep their buckets on different S3 services.
fn separate_storage(ctx: &Ctx, source: &Server, target: &Server) -> bool {
    source.storage(&ctx.config.storage).endpoint != target.storage(&ctx.config.storage).endpoint
}

/// The publication, slot and subscription of the tenant's move. Slot names are per cluster, so
/// the name carries the role's (deployment-unique) name.
fn replication_name(ctx: &Ctx, tenant: TenantId) -> anyhow::Result<SchemaName> {
    let role = TenantRole::for_tenant(&ctx.config, tenant);
    SchemaName::parse(&format!("mv_{}", role.name.as_str())).context("replication name too long")
}

async fn execute(db: &PgPool, sql: String) -> sqlx::Result<()> {
    // Only validated identifiers are interpolated (see `SchemaName`).
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(db).await.map(drop)
}

/// Role, schema and tables on the target, empty: the subscription's copy brings every row,
/// including those the migrations seed and the migration history itself.
async fn prepare_target(
    ctx: &Ctx,
    target: &Server,
    dst: &PgPool,
    tenant: TenantId,
    schema: &SchemaName,
    name: &SchemaName,
) -> anyhow::Result<()> {
    if subscribed(dst, name).await? {
        return Ok(()); // A run interrupted while copying: the copy goes on.
    }
    steps::create_role(ctx, target, dst, tenant).await?;
    steps::create_schema(ctx, target, dst, tenant).await?;
    steps::migrate_on(ctx, target, tenant).await?;
    let tables: Option<String> = sqlx::query_scalar(
        "SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') FROM pg_tables WHERE schemaname = $1",
    )
    .bind(schema.as_str())
    .fetch_one(dst)
    .await?;
    if let Some(tables) = tables {
        execute(dst, format!("TRUNCATE {tables} CASCADE")).await?;
    }
    Ok(())
}

/// A publication of the whole schema. Tables without a primary key publish their updates and
/// deletes with the whole old row as identity.
async fn publish(src: &PgPool, schema: &SchemaName, name: &SchemaName) -> anyhow::Result<()> {
    let keyless: Vec<String> = sqlx::query_scalar(
        "SELECT format('%I.%I', n.nspname, c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relreplident = 'd'
           AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary)",
    )
    .bind(schema.as_str())
    .fetch_all(src)
    .await?;
    for table in keyless {
        execute(src, format!("ALTER TABLE {table} REPLICA IDENTITY FULL")).await?;
    }
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_publication WHERE pubname = $1)")
        .bind(name.as_str())
        .fetch_one(src)
        .await?;
    if !exists {
        execute(src, format!("CREATE PUBLICATION {} FOR TABLES IN SCHEMA {}", name.as_str(), schema.as_str())).await?;
    }
    Ok(())
}

async fn subscribed(dst: &PgPool, name: &SchemaName) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_subscription WHERE subname = $1)").bind(name.as_str()).fetch_one(dst).await
}

async fn subscribe(ctx: &Ctx, source: &Server, dst: &PgPool, name: &SchemaName) -> anyhow::Result<()> {
    if !subscribed(dst, name).await? {
        let conninfo = source.conninfo(&ctx.config)?.replace('\'', "''");
        execute(dst, format!("CREATE SUBSCRIPTION {n} CONNECTION '{conninfo}' PUBLICATION {n}", n = name.as_str()))
            .await
            .context("cannot subscribe the target to the source (is the source's wal_level logical?)")?;
    }
    Ok(())
}

/// Whether the target subscribes to a replication slot the source no longer has. PostgreSQL 15
/// keeps logical slots on the primary only: a standby promoted in its place has the publication
/// and every row, but not the slot.
async fn slot_lost(src: &PgPool, dst: &PgPool, name: &SchemaName) -> sqlx::Result<bool> {
    if !subscribed(dst, name).await? {
        return Ok(false);
    }
    let kept: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = $1)")
        .bind(name.as_str())
        .fetch_one(src)
        .await?;
    Ok(!kept)
}

/// What to do about a lost slot (see [`slot_lost`]).
const SLOT_LOST: &str = "the source lost the move's replication slot (its primary failed over?): run the move again, it copies afresh";

/// Waits until every table is copied and streaming, printing each step of the copy.
async fn copied(src: &PgPool, dst: &PgPool, name: &SchemaName, say: &impl Fn(String)) -> anyhow::Result<i64> {
    let mut last = -1;
    loop {
        ensure!(!slot_lost(src, dst, name).await?, SLOT_LOST);
        let (ready, total, errors): (i64, i64, i64) = sqlx::query_as(
            "SELECT count(*) FILTER (WHERE r.srsubstate = 'r'), count(r.srrelid),
                    coalesce((SELECT sync_error_count + apply_error_count FROM pg_stat_subscription_stats t WHERE t.subid = s.oid), 0)
             FROM pg_subscription s LEFT JOIN pg_subscription_rel r ON r.srsubid = s.oid
             WHERE s.subname = $1 GROUP BY s.oid",
        )
        .bind(name.as_str())
        .fetch_one(dst)
        .await?;
        if errors > 0 {
            bail!("the copy failed on the target ({errors} error(s)); its PostgreSQL log says why");
        }
        if ready != last {
            say(format!("copying: {ready}/{total} tables copied"));
            last = ready;
        }
        if ready == total {
            return Ok(total);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Makes the source read-only for the tenant: new sessions of its role refuse writes, and the
/// sessions open now end once their transactions do (at most 2 s, then they are ended).
async fn freeze(src: &PgPool, role: &TenantRole) -> anyhow::Result<()> {
    execute(src, format!("ALTER ROLE {} SET default_transaction_read_only = on", role.name.as_str())).await?;
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let writing: i64 = sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE usename = $1 AND backend_xid IS NOT NULL")
            .bind(role.name.as_str())
            .fetch_one(src)
            .await?;
        if writing == 0 || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1")
        .bind(role.name.as_str())
        .execute(src)
        .await?;
    Ok(())
}

/// Waits until the target has confirmed everything the source has written so far.
async fn caught_up(src: &PgPool, name: &SchemaName) -> anyhow::Result<()> {
    let position: String = sqlx::query_scalar("SELECT pg_current_wal_lsn()::text").fetch_one(src).await?;
    loop {
        let confirmed: Option<bool> =
            sqlx::query_scalar("SELECT confirmed_flush_lsn >= $2::pg_lsn FROM pg_replication_slots WHERE slot_name = $1")
                .bind(name.as_str())
                .bind(&position)
                .fetch_optional(src)
                .await?
                .flatten();
        match confirmed {
            Some(true) => return Ok(()),
            Some(false) => tokio::time::sleep(Duration::from_millis(10)).await,
            None => bail!(SLOT_LOST),
        }
    }
}

/// Logical replication carries rows, not sequences: the target's continue from the source's.
async fn copy_sequences(src: &PgPool, dst: &PgPool, schema: &SchemaName) -> anyhow::Result<()> {
    let sequences: Vec<(String, i64)> = sqlx::query_as(
        "SELECT sequencename::text, last_value FROM pg_sequences WHERE schemaname = $1 AND last_value IS NOT NULL",
    )
    .bind(schema.as_str())
    .fetch_all(src)
    .await?;
    for (sequence, value) in sequences {
        sqlx::query("SELECT setval(format('%I.%I', $1::text, $2::text)::regclass, $3)")
            .bind(schema.as_str())
            .bind(&sequence)
            .bind(value)
            .execute(dst)
            .await?;
    }
    Ok(())
}
