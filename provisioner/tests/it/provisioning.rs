//! Provisioning against a real PostgreSQL and a real S3-compatible server.

use control_plane::provisioning::PROVISION_STEPS;
use control_plane::storage::bucket_name;
use control_plane::tenancy::{SchemaName, TenantRole};
use control_plane::testing::TestPlatform;
use provisioner::{Ctx, ProvisionerConfig, fleet, worker};
use std::process::Command;
use std::time::Duration;

fn ctx(platform: &TestPlatform, lease: Duration) -> Ctx {
    let config = ProvisionerConfig { lease, poll: Duration::from_millis(200), ..ProvisionerConfig::default() };
    Ctx::new(platform.db.clone(), platform.config.clone(), config)
}

/// The tenant is active, its role owns its migrated schema, and its bucket exists.
async fn assert_live(platform: &TestPlatform, ctx: &Ctx, id: i64) {
    let state: String = sqlx::query_scalar("SELECT state FROM institutions WHERE id = $1").bind(id).fetch_one(&platform.db).await.unwrap();
    assert_eq!(state, "active", "tenant {id}");
    let role = TenantRole::for_tenant(&platform.config, id);
    let owner: String = sqlx::query_scalar("SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1")
        .bind(SchemaName::for_tenant(id).as_str())
        .fetch_one(&platform.db)
        .await
        .unwrap();
    assert_eq!(owner, role.name.as_str());
    let tables: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM pg_tables WHERE schemaname = $1 AND tablename IN ('activity_logs', 'refinery_schema_history')",
    )
    .bind(SchemaName::for_tenant(id).as_str())
    .fetch_one(&platform.db)
    .await
    .unwrap();
    assert_eq!(tables, 2, "tenant {id} schema migrated");
    ctx.storage.platform().head_bucket().bucket(bucket_name(&platform.config.storage, id)).send().await.expect("bucket exists");
}

#[tokio::test]
async fn provisioning_killed_between_any_two_steps_resumes_to_an_active_tenant() {
    let platform = TestPlatform::new().await;
    let ctx = ctx(&platform, Duration::from_secs(1));
    worker::drain(&ctx, "test").await.unwrap(); // the main site, queued by the first migration
    for step in PROVISION_STEPS {
        let slug = format!("crash-{}", step.replace('_', "-"));
        let id = platform.approved_institution(&slug).await;
        let status = Command::new(env!("CARGO_BIN_EXE_provisioner"))
            .arg("drain")
            .envs(platform.env())
            .env("PROVISIONER_LEASE_SECS", "1")
            .env("PROVISIONER_FAULT_AFTER_STEP", step)
            .env("RUST_LOG", "error")
            .status()
            .unwrap();
        assert!(!status.success(), "the provisioner was killed after {step}");
        let recorded: Option<String> = sqlx::query_scalar("SELECT step FROM provisioning_jobs WHERE institution_id = $1")
            .bind(id)
            .fetch_one(&platform.db)
            .await
            .unwrap();
        let index = PROVISION_STEPS.iter().position(|s| s == step).unwrap();
        assert_eq!(recorded.as_deref(), index.checked_sub(1).map(|i| PROVISION_STEPS[i]), "{step} ran but was not recorded");
        // The dead worker's lease runs out; a new process takes the job over and redoes the step.
        tokio::time::sleep(Duration::from_millis(1100)).await;
        let status = Command::new(env!("CARGO_BIN_EXE_provisioner"))
            .arg("drain")
            .envs(platform.env())
            .env("PROVISIONER_LEASE_SECS", "1")
            .env("RUST_LOG", "error")
            .status()
            .unwrap();
        assert!(status.success());
        assert_live(&platform, &ctx, id).await;
        let (state, attempts): (String, i32) =
            sqlx::query_as("SELECT state, attempts FROM provisioning_jobs WHERE institution_id = $1").bind(id).fetch_one(&platform.db).await.unwrap();
        assert_eq!((state.as_str(), attempts), ("done", 2), "after a crash at {step}");
    }
}

#[tokio::test]
async fn a_failing_step_is_retried_later_and_its_error_is_visible() {
    let platform = TestPlatform::new().await;
    worker::drain(&ctx(&platform, Duration::from_secs(60)), "test").await.unwrap(); // the main site
    let mut broken = (*platform.config).clone();
    broken.storage.endpoint = "http://127.0.0.1:9".into(); // nothing listens on the discard port
    let ctx = Ctx::new(platform.db.clone(), std::sync::Arc::new(broken), ProvisionerConfig::default());
    let id = platform.approved_institution("no-storage").await;
    worker::drain(&ctx, "test").await.unwrap();
    let progress = control_plane::provisioning::progress(&platform.db, id).await.unwrap().unwrap();
    assert_eq!(progress.state, "queued", "queued again for a later attempt");
    assert_eq!(progress.attempts, 1);
    assert_eq!(progress.step.as_deref(), Some("migrate"), "steps before the failure stay done");
    assert!(progress.last_error.as_deref().unwrap().starts_with("create_bucket: cannot create bucket"), "{:?}", progress.last_error);
    assert!(progress.next_attempt_at > chrono::Utc::now() + chrono::Duration::milliseconds(1000));
    assert!(progress.events.iter().any(|e| e.step == "create_bucket" && e.status == "failed"));
    let state: String = sqlx::query_scalar("SELECT state FROM institutions WHERE id = $1").bind(id).fetch_one(&platform.db).await.unwrap();
    assert_eq!(state, "provisioning");

    // Storage is back: once due, the job finishes from where it stopped.
    sqlx::query("UPDATE provisioning_jobs SET next_attempt_at = now()").execute(&platform.db).await.unwrap();
    let ctx = self::ctx(&platform, Duration::from_secs(60));
    assert_eq!(worker::drain(&ctx, "test").await.unwrap(), 1);
    assert_live(&platform, &ctx, id).await;
}

#[tokio::test]
async fn migrate_all_reports_every_one_of_fifty_tenants() {
    let platform = TestPlatform::new().await;
    let ctx = ctx(&platform, Duration::from_secs(60));
    let mut ids = vec![platform.main_id().await];
    for n in 0..49 {
        ids.push(platform.approved_institution(&format!("fleet-{n}")).await);
    }
    worker::drain(&ctx, "test").await.unwrap();
    // One tenant is behind (an empty schema, as if it predated every migration), one lost its
    // schema entirely.
    let behind = ids[10];
    let role = format!("{}t_{behind}_app", platform.config.tenant_role_prefix);
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "DROP SCHEMA t_{behind} CASCADE; CREATE SCHEMA t_{behind} AUTHORIZATION {role}"
    )))
    .execute(&platform.db)
    .await
    .unwrap();
    let broken = ids[20];
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA t_{broken} CASCADE"))).execute(&platform.db).await.unwrap();

    let reports = fleet::migrate_all(&ctx, 8, false).await.unwrap();
    let everything = format!("applied {}", tenant_migrations::names().join(", "));
    assert_eq!(reports.len(), 50);
    assert_eq!(reports.iter().map(|r| r.tenant).collect::<Vec<_>>(), ids);
    for r in &reports {
        match r.tenant {
            t if t == behind => assert_eq!(r.result.as_deref(), Ok(everything.as_str())),
            t if t == broken => assert!(r.result.is_err()),
            _ => assert_eq!(r.result.as_deref(), Ok("schema already up to date")),
        }
    }

    // The command prints a line per tenant and fails the run when any tenant failed.
    let out = Command::new(env!("CARGO_BIN_EXE_provisioner")).args(["migrate-all", "--concurrency", "4"]).envs(platform.env()).env("RUST_LOG", "error").output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with('[')).count(), 50, "{stdout}");
    assert!(stdout.contains("migrate-all: 50 tenant(s), 49 ok, 1 failed"), "{stdout}");
}

#[tokio::test]
async fn each_tenant_has_its_own_bucket_removed_with_the_tenant() {
    let platform = TestPlatform::new().await;
    let ctx = ctx(&platform, Duration::from_secs(60));
    let a = platform.approved_institution("bucket-a").await;
    let b = platform.approved_institution("bucket-b").await;
    worker::drain(&ctx, "test").await.unwrap();
    let (bucket_a, bucket_b) = (bucket_name(&platform.config.storage, a), bucket_name(&platform.config.storage, b));
    assert_ne!(bucket_a, bucket_b);
    ctx.storage.platform().put_object().bucket(&bucket_a).key("notes/secret.txt").body(b"only for A".to_vec().into()).send().await.unwrap();

    let listed_b = ctx.storage.platform().list_objects_v2().bucket(&bucket_b).send().await.unwrap();
    assert!(listed_b.contents().is_empty(), "B sees nothing of A");
    assert!(ctx.storage.platform().get_object().bucket(&bucket_b).key("notes/secret.txt").send().await.is_err());

    // A presigned URL reads exactly the signed object, for a limited time, and nothing else.
    let presign = aws_sdk_s3::presigning::PresigningConfig::expires_in(Duration::from_secs(3600)).unwrap();
    let url = ctx.storage.platform().get_object().bucket(&bucket_a).key("notes/secret.txt").presigned(presign).await.unwrap().uri().to_owned();
    let http = reqwest::Client::new();
    assert_eq!(http.get(&url).send().await.unwrap().text().await.unwrap(), "only for A");
    let tampered = url.replace(&format!("/{bucket_a}/"), &format!("/{bucket_b}/"));
    assert_eq!(http.get(&tampered).send().await.unwrap().status(), 403);

    // Deleting the tenant (suspended first) removes its bucket, schema and role; B stays.
    sqlx::query("UPDATE institutions SET state = 'deleted' WHERE id = $1").bind(a).execute(&platform.db).await.unwrap();
    control_plane::provisioning::enqueue(&platform.db, a, control_plane::provisioning::Kind::Deprovision).await.unwrap();
    worker::drain(&ctx, "test").await.unwrap();
    assert!(ctx.storage.platform().head_bucket().bucket(&bucket_a).send().await.is_err(), "bucket of A removed");
    let schema_left: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)")
        .bind(SchemaName::for_tenant(a).as_str())
        .fetch_one(&platform.db)
        .await
        .unwrap();
    assert!(!schema_left);
    let role_left: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)")
        .bind(TenantRole::for_tenant(&platform.config, a).name.as_str())
        .fetch_one(&platform.db)
        .await
        .unwrap();
    assert!(!role_left);
    assert_live(&platform, &ctx, b).await;
}
