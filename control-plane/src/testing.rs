//! Test support (feature `testing`): a whole platform in a fresh database of the test cluster,
//! with its own tenant role prefix and bucket prefix, so tests run in parallel without sharing
//! anything. Dropped with the database and roles when the test ends.
//!
//! `TEST_DATABASE_URL` (else `DATABASE_URL`) names an administrative connection to the cluster;
//! `S3_ENDPOINT`, `S3_ACCESS_KEY`, `S3_SECRET_KEY` the S3-compatible server (and
//! `TEST_SECOND_S3_ENDPOINT` a second one with the same key). `infra/test` sets them.

use crate::config::{Config, PublicUrl, StorageConfig};
use crate::secret::Secret;
use crate::provisioning::{self, Kind};
use rand::Rng;
use rand::distributions::Alphanumeric;
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, PgPool};
use std::str::FromStr;
use std::sync::Arc;

pub struct TestPlatform {
    pub config: Arc<Config>,
    pub db: PgPool,
    /// The clusters holding this platform's database (the test cluster, and a second one once
    /// [`TestPlatform::second_server`] is asked for), each cleaned up at the end.
    clusters: std::sync::Mutex<Vec<String>>,
    admin_url: String,
    name: String,
}

fn random(n: usize) -> String {
    rand::thread_rng().sample_iter(&Alphanumeric).take(n).map(|c| (c as char).to_ascii_lowercase()).collect()
}

fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// The same server URL naming another database.
fn with_database(url: &str, database: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let (server, _) = base.rsplit_once('/').filter(|(s, _)| s.contains("://")).unwrap_or((base, ""));
    match query {
        Some(q) => format!("{server}/{database}?{q}"),
        None => format!("{server}/{database}"),
    }
}

pub fn storage_from_env(bucket_prefix: String) -> StorageConfig {
    let var = |name: &str| {
        std::env::var(name).unwrap_or_else(|_| panic!("{name} must name the test S3 server (infra/test sets it)"))
    };
    StorageConfig {
        endpoint: var("S3_ENDPOINT"),
        access_key: var("S3_ACCESS_KEY"),
        secret_key: Secret::new(var("S3_SECRET_KEY")),
        region: "us-east-1".into(),
        bucket_prefix,
    }
}

impl TestPlatform {
    pub async fn new() -> Self {
        Self::with_options("http://localhost:8080", None).await
    }

    /// A platform on another base address, optionally with TLS on.
    pub async fn with_options(base_url: &str, tls: Option<crate::config::TlsSettings>) -> Self {
        Self::build(admin_url(), Vec::new(), base_url, tls).await
    }

    /// A platform whose control database is on the cluster `admin_url` names, with standbys
    /// (`host:port`) that may be promoted (a fault drill's formation).
    pub async fn on_cluster(admin_url: String, replicas: Vec<String>) -> Self {
        Self::build(admin_url, replicas, "http://localhost:8080", None).await
    }

    async fn build(admin_url: String, replicas: Vec<String>, base_url: &str, tls: Option<crate::config::TlsSettings>) -> Self {
        // Logs of the code under test, shown with a failing test's output.
        let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into());
        let _ = tracing_subscriber::fmt().with_env_filter(filter).with_test_writer().try_init();
        let id = random(10);
        let name = format!("lms_test_{id}");
        let mut admin = PgConnectOptions::from_str(&admin_url).expect("TEST_DATABASE_URL").connect().await.expect("test cluster");
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&mut admin).await.expect("create database");
        let config = Arc::new(Config {
            database_url: Secret::new(with_database(&admin_url, &name)),
            database_replicas: replicas,
            public_base_url: PublicUrl::parse(base_url).unwrap(),
            tenant_db_secret: Secret::new(random(32)),
            tenant_role_prefix: format!("x{id}_"),
            control_db_max_connections: 8,
            search_db_max_connections: 2,
            storage: storage_from_env(format!("t{id}-")),
            tls,
            // The test zone's authoritative server (infra/test) answers domain checks.
            dns_resolver: std::env::var("RFC2136_SERVER").ok().and_then(|s| s.parse().ok()),
            // Tests deliver the outbox themselves, to their own SMTP server.
            mail: crate::config::MailConfig::new(None, &PublicUrl::parse(base_url).unwrap()),
            sms: None,
            teacher_registry: None,
            sso: Default::default(),
            // A key of its own, and the local push service (infra/push) on the loopback.
            push: Some(crate::config::PushConfig {
                vapid: Arc::new(crate::messages::push::webpush::Vapid::from_base64(&crate::messages::push::webpush::Vapid::generate(), "mailto:tests@localhost".into()).unwrap()),
                services: vec!["127.0.0.1".into()],
            }),
        });
        let db = crate::db::connect(&config).await.expect("connect test database");
        crate::db::migrate(&config, &db).await.expect("control migrations");
        Self { config, db, clusters: std::sync::Mutex::new(vec![admin_url.clone()]), admin_url, name }
    }

    /// A second database server in the fleet, named `name`: a database of this platform's name
    /// on the cluster `TEST_SECOND_DATABASE_URL` names, its cell's buckets on the S3 service
    /// `TEST_SECOND_S3_ENDPOINT` names (infra/test starts both).
    pub async fn second_server(&self, name: &str) -> crate::placement::Server {
        let url = std::env::var("TEST_SECOND_DATABASE_URL")
            .expect("TEST_SECOND_DATABASE_URL must name a second test cluster (infra/test starts one)");
        let options = PgConnectOptions::from_str(&url).expect("TEST_SECOND_DATABASE_URL");
        let mut admin = options.connect().await.expect("second test cluster");
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {}", self.name))).execute(&mut admin).await.expect("create database");
        self.clusters.lock().unwrap().push(url);
        let server = crate::placement::Server {
            name: name.into(),
            host: Some(options.get_host().to_owned()),
            port: Some(i32::from(options.get_port())),
            dbname: Some(self.name.clone()),
            capacity: 1000,
            draining: false,
            replicas: Vec::new(),
            storage_endpoint: Some(std::env::var("TEST_SECOND_S3_ENDPOINT").expect(
                "TEST_SECOND_S3_ENDPOINT must name a second S3 server with the test key (infra/test starts one)",
            )),
            storage_region: None,
        };
        crate::placement::add_server(&self.db, &server).await.unwrap();
        server
    }

    /// An approved institution with its provisioning job queued; answers its id.
    pub async fn approved_institution(&self, slug: &str) -> i64 {
        let mut tx = self.db.begin().await.unwrap();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO institutions (slug, institution_name, institution_name_en, type_id, state, site_config, approved_at)
             VALUES ($1, $1 || ' (বাংলা)', $1 || ' College', 2, 'approved', '{}', now()) RETURNING id",
        )
        .bind(slug)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        provisioning::enqueue(&mut *tx, id, Kind::Provision).await.unwrap();
        tx.commit().await.unwrap();
        id
    }

    /// A user with a password and, optionally, a role in an institution.
    pub async fn user(&self, email: &str, role: Option<(i64, &str)>) -> i64 {
        let hash = crate::auth::password::hash("test-pass-123".into()).await.unwrap();
        let id: i64 = sqlx::query_scalar("INSERT INTO users (name, email, password_hash) VALUES ($1, $1, $2) RETURNING id")
            .bind(email)
            .bind(hash)
            .fetch_one(&self.db)
            .await
            .unwrap();
        if let Some((institution, role)) = role {
            crate::memberships::grant(&self.db, id, institution, role).await.unwrap();
        }
        id
    }

    pub async fn main_id(&self) -> i64 {
        sqlx::query_scalar("SELECT id FROM institutions WHERE is_main").fetch_one(&self.db).await.unwrap()
    }

    /// Environment for a child process (a service binary) serving this platform.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        let c = &self.config;
        vec![
            ("DATABASE_URL", c.database_url.expose().to_owned()),
            ("TENANT_DB_SECRET", c.tenant_db_secret.expose().to_owned()),
            ("TENANT_ROLE_PREFIX", c.tenant_role_prefix.clone()),
            ("S3_ENDPOINT", c.storage.endpoint.clone()),
            ("S3_ACCESS_KEY", c.storage.access_key.clone()),
            ("S3_SECRET_KEY", c.storage.secret_key.expose().to_owned()),
            ("S3_BUCKET_PREFIX", c.storage.bucket_prefix.clone()),
        ]
    }

    pub fn admin_url(&self) -> &str {
        &self.admin_url
    }

    /// The control database's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for TestPlatform {
    fn drop(&mut self) {
        let clusters = std::mem::take(&mut *self.clusters.lock().unwrap_or_else(|e| e.into_inner()));
        let (name, prefix) = (self.name.clone(), self.config.tenant_role_prefix.clone());
        // Drop runs outside async, so clean up on a thread with a runtime of its own. The pool
        // belongs to the test's runtime, which is blocked here: FORCE ends its connections.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async move {
              for url in clusters {
                let Ok(mut admin) = PgConnectOptions::from_str(&url).unwrap().connect().await else { continue };
                // A move a failed test left behind holds a slot that would keep WAL forever.
                let _ = sqlx::query("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE starts_with(slot_name, 'mv_' || $1) AND NOT active")
                    .bind(&prefix)
                    .execute(&mut admin)
                    .await;
                let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&mut admin).await;
                let roles: Vec<String> = sqlx::query_scalar("SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)")
                    .bind(&prefix)
                    .fetch_all(&mut admin)
                    .await
                    .unwrap_or_default();
                for role in roles {
                    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP ROLE IF EXISTS {role}"))).execute(&mut admin).await;
                }
              }
            });
        })
        .join();
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn database_names_are_swapped_in_urls() {
        assert_eq!(super::with_database("postgres://u@h:5/postgres", "x"), "postgres://u@h:5/x");
        assert_eq!(super::with_database("postgres://u@h:5/db?sslmode=disable", "x"), "postgres://u@h:5/x?sslmode=disable");
        assert_eq!(super::with_database("postgres://u@h:5", "x"), "postgres://u@h:5/x");
    }
}
