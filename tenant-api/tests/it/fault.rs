//! Fault drills (issue 17): a database server with high availability — a pg_auto_failover
//! formation of a monitor, a primary and a synchronous standby, started by the test with
//! `infra/lib.sh` `start_formation` — loses its primary under write load: a tenant database
//! server of the fleet, and the control database's own. They are slow (a
//! formation to create, a failover to wait out), so `cargo test` leaves them out and infra/test
//! runs them in a suite of their own (`-- --ignored fault::`).

use crate::common::{TestApp, published_course};
use crate::placement::{Written, has_schema, placed_on, sections, write_until};
use axum::http::StatusCode;
use control_plane::placement::{self, Server};
use control_plane::tenancy::{SchemaName, TenantId};
use control_plane::testing::TestPlatform;
use std::collections::BTreeMap;
use tenant_api::EdgeConfig;
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, PgPool};
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A formation on this machine: its monitor on `port`, node 1 (the first primary) on port+1 and
/// node 2 on port+2, every process stopped when dropped.
struct Formation {
    dir: PathBuf,
    port: u16,
}

impl Formation {
    fn start(port: u16) -> Self {
        let dir = std::env::temp_dir().join(format!("lms-formation-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let lib = concat!(env!("CARGO_MANIFEST_DIR"), "/../infra/lib.sh");
        let status = Command::new("bash")
            .arg("-c")
            .arg(format!(". {lib} && start_formation {} {port} lms", dir.display()))
            .status()
            .expect("bash");
        let formation = Self { dir, port };
        assert!(status.success(), "the formation did not start; see {}", formation.dir.display());
        formation
    }

    fn node(&self, n: u16) -> String {
        format!("127.0.0.1:{}", self.port + n)
    }

    async fn connect(&self, n: u16, db: &str) -> PgPool {
        let options = PgConnectOptions::new().host("127.0.0.1").port(self.port + n).username("postgres").database(db);
        PgPool::connect_with(options).await.unwrap()
    }

    /// Kills node `n` as a lost machine goes: its keeper and its PostgreSQL at once, no shutdown.
    fn kill(&self, n: u16) {
        let node = self.dir.join(format!("node{n}"));
        let keeper = Command::new("pgrep").args(["-f", &format!("pg_autoctl run --pgdata {}$", node.display())]).output().unwrap();
        let pid = String::from_utf8_lossy(&keeper.stdout).lines().next().map(str::to_owned).expect("the node's keeper runs");
        let group = Command::new("ps").args(["-o", "pgid=", "-p", &pid]).output().unwrap();
        let group = String::from_utf8_lossy(&group.stdout).trim().to_owned();
        assert!(Command::new("kill").args(["-9", "--", &format!("-{group}")]).status().unwrap().success());
    }

    /// Whether node `n` takes writes (the test `control_plane::failover` makes).
    async fn is_primary(&self, n: u16) -> bool {
        let options = PgConnectOptions::new().host("127.0.0.1").port(self.port + n).username("postgres").database("postgres");
        let Ok(mut conn) = options.connect().await else { return false };
        sqlx::query_scalar("SELECT NOT pg_is_in_recovery() AND NOT current_setting('transaction_read_only')::bool")
            .fetch_one(&mut conn)
            .await
            .unwrap_or(false)
    }
}

impl Drop for Formation {
    fn drop(&mut self) {
        let lib = concat!(env!("CARGO_MANIFEST_DIR"), "/../infra/lib.sh");
        let _ = Command::new("bash").arg("-c").arg(format!(". {lib} && stop_formation {}", self.dir.display())).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Fault drills run one at a time: two formations at once on two cores would slow each other's
/// failover past what the drills measure.
static DRILLS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// What a primary lost under writes left.
struct Drill {
    written: Written,
    /// Each acknowledged and unacknowledged section on the new primary, with its count.
    on_new_primary: BTreeMap<String, i64>,
}

/// A teacher of `tenant` (whose schema is on the formation) adds sections through the edge
/// without pause; once the standby holds 30, node 1 is killed. Waits for the monitor to promote
/// node 2 and for the edge to write 30 more there, then checks that every acknowledged write is
/// there once (the writer fails on any answer but 201 and 503 with Retry-After).
async fn primary_lost_under_writes(t: &TestApp, formation: &Formation, db: &str, tenant: TenantId, teacher: &str) -> Drill {
    let (on_node1, on_node2) = (formation.connect(1, db).await, formation.connect(2, db).await);
    assert!(has_schema(&on_node1, tenant).await && formation.is_primary(1).await);
    let (course, _) = published_course(t, "dhaka.localhost", teacher).await;
    let schema = SchemaName::for_tenant(tenant);
    let stop = Arc::new(AtomicBool::new(false));
    let writer = tokio::spawn(write_until(vec![t.app.clone()], 'w', teacher.to_owned(), course, stop.clone()));
    // The standby has what the primary acknowledged (synchronous replication); read it there.
    let wait_for = async |count: usize, within: Duration| {
        let deadline = Instant::now() + within;
        while sections(&on_node2, Some(&schema)).await.len() < count {
            assert!(Instant::now() < deadline, "the standby did not reach {count} writes in {within:?}");
            assert!(!writer.is_finished(), "the writer stopped");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    wait_for(30, Duration::from_secs(30)).await;

    // The primary is lost under the writes.
    on_node1.close().await;
    formation.kill(1);
    let killed = Instant::now();
    let before = sections(&on_node2, Some(&schema)).await.len();
    // The monitor promotes the standby, and the edge writes there without a restart.
    let deadline = killed + Duration::from_secs(90);
    while !formation.is_primary(2).await {
        assert!(Instant::now() < deadline, "the standby was not promoted in 90 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let promoted = killed.elapsed();
    wait_for(before + 30, Duration::from_secs(30)).await;
    let writing_again = killed.elapsed();
    stop.store(true, Ordering::SeqCst);
    let written = writer.await.unwrap();
    println!("promoted {promoted:?} after the kill; the edge wrote again by {writing_again:?}; {} writes refused meanwhile", written.refused);

    // Every acknowledged write is there once. A write the primary committed as it died may be
    // there unacknowledged (its answer was lost with the connection), at most the one in flight.
    let on_new_primary = sections(&on_node2, Some(&schema)).await;
    let missing: Vec<_> = written.acknowledged.iter().filter(|w| on_new_primary.get(*w) != Some(&1)).collect();
    assert!(missing.is_empty(), "acknowledged but not on the new primary once: {missing:?}");
    let unacknowledged: Vec<_> = on_new_primary.keys().filter(|w| !written.acknowledged.contains(w)).collect();
    assert!(unacknowledged.len() <= 1, "written without being acknowledged: {unacknowledged:?}");
    // And each is in the site's activity log, where the edge writes its entry once the server
    // is back if it could not at once.
    let logged = format!(
        "SELECT count(DISTINCT details->'sent'->>'title_bn') FROM {}.activity_logs WHERE path = '/course/schedule/section' AND status = 201
          AND details->'sent'->>'title_bn' = ANY($1)",
        schema.as_str()
    );
    let logged = async || -> i64 { sqlx::query_scalar(sqlx::AssertSqlSafe(logged.clone())).bind(&written.acknowledged).fetch_one(&on_node2).await.unwrap() };
    t.eventually(async || logged().await == written.acknowledged.len() as i64).await;

    // The edge serves the site from the new primary.
    let r = t.get("dhaka.localhost", "/course/course/view", Some(teacher)).await;
    assert_eq!((r.status, r.body["total"].as_i64()), (StatusCode::OK, Some(1)), "{}", r.text);
    let through_edge = sections(&t.state.pools.get(tenant).await.unwrap(), None).await;
    assert_eq!(through_edge, on_new_primary);
    Drill { written, on_new_primary }
}

/// After a failover the provisioner provisions the next site on `server`'s new primary, and the
/// edge serves it.
async fn next_site_served_from(t: &TestApp, on_node2: &PgPool, server: &str) {
    let sylhet = t.tenant("sylhet").await;
    assert_eq!(placed_on(t, sylhet).await, server);
    assert!(has_schema(on_node2, sylhet).await);
    let r = t.get("sylhet.localhost", "/my-account/institutions/retrieve-site", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let courses = format!("SELECT count(*) FROM {}.courses", SchemaName::for_tenant(sylhet).as_str());
    let count: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(courses)).fetch_one(&*t.state.pools.get(sylhet).await.unwrap()).await.unwrap();
    assert_eq!(count, 0, "sylhet's schema is served from the new primary");
}

fn formation_port(offset: u16) -> u16 {
    std::env::var("TEST_FORMATION_PORT").map_or(54390, |p| p.parse().unwrap()) + offset
}

#[tokio::test]
#[ignore = "fault drill: infra/test runs it in a suite of its own (-- --ignored fault::)"]
async fn a_primary_lost_under_writes_loses_no_acknowledged_write_and_the_edge_and_provisioner_follow_the_standby() {
    let _one_at_a_time = DRILLS.lock().await;
    let formation = Formation::start(formation_port(0));
    let t = TestApp::new().await;
    let db = "lms".to_owned();
    let node = |n: u16| formation.node(n);
    let (host, port1) = node(1).split_once(':').map(|(h, p)| (h.to_owned(), p.parse::<i32>().unwrap())).unwrap();
    let ha = Server {
        name: "ha".into(),
        host: Some(host),
        port: Some(port1),
        dbname: Some(db.clone()),
        capacity: 1000,
        draining: false,
        replicas: vec![node(2)],
        storage_endpoint: None,
        storage_region: None,
    };
    placement::add_server(&t.platform.db, &ha).await.unwrap();

    // A site placed on the formation (the most room), a teacher writing to it through the edge.
    let dhaka = t.tenant("dhaka").await;
    assert_eq!(placed_on(&t, dhaka).await, "ha");
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting("dhaka.localhost", "teacher@dhaka.example").await;
    let drill = primary_lost_under_writes(&t, &formation, &db, dhaka, &teacher).await;
    // The writer met the lost primary (refused, with Retry-After): once the edge found no node
    // taking writes, at once rather than after the pool's 5 s acquire timeout.
    assert!(drill.written.refused > 0, "the writer met the lost primary");

    // Operators see the promotion: the edge's metrics name the new primary, and count the
    // requests refused at once meanwhile.
    let metrics = crate::metrics::scrape(&t).await;
    assert!(metrics.contains(&format!("db_server_primary{{name=\"ha\",node=\"{}\"}} 1", node(2))), "{metrics}");
    let shed = metrics.lines().find_map(|l| l.strip_prefix("db_requests_shed_total{name=\"ha\"} ")).and_then(|n| n.parse::<u64>().ok());
    assert!(shed.is_some_and(|n| n > 0), "{metrics}");
    assert!(!metrics.contains(&node(1)), "{metrics}");

    // The provisioner, which placed dhaka on node 1, provisions the next site on node 2.
    next_site_served_from(&t, &formation.connect(2, &db).await, "ha").await;
}

#[tokio::test]
#[ignore = "fault drill: infra/test runs it in a suite of its own (-- --ignored fault::)"]
async fn the_control_database_loses_its_primary_and_every_service_follows_the_standby_without_a_restart() {
    let _one_at_a_time = DRILLS.lock().await;
    let formation = Formation::start(formation_port(4));
    // The control database is on the formation (DATABASE_REPLICAS names node 2), and so are the
    // sites placed on its server, main.
    let platform = TestPlatform::on_cluster(format!("postgres://postgres@{}/postgres", formation.node(1)), vec![formation.node(2)]).await;
    let db = platform.name().to_owned();
    let t = TestApp::with(platform, EdgeConfig::default()).await;
    let dhaka = t.tenant("dhaka").await;
    assert_eq!(placed_on(&t, dhaka).await, "main");
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting("dhaka.localhost", "teacher@dhaka.example").await;
    // A write may wait out the whole failover here (the control pool waits 10 s for a
    // connection, longer than a promotion takes) and then succeed: refusals are not required.
    let drill = primary_lost_under_writes(&t, &formation, &db, dhaka, &teacher).await;
    assert!(drill.on_new_primary.len() >= drill.written.acknowledged.len());

    // The control pool writes to node 2 now: a sign-in (a session row) and a role change, read
    // back through the edge.
    let port: i32 = sqlx::query_scalar("SELECT inet_server_port()").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(format!("127.0.0.1:{port}"), formation.node(2));
    let again = t.acting("dhaka.localhost", "teacher@dhaka.example").await;
    let r = t.get("dhaka.localhost", "/course/course/view", Some(&again)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let metrics = crate::metrics::scrape(&t).await;
    assert!(metrics.contains(&format!("db_server_primary{{name=\"main\",node=\"{}\"}} 1", formation.node(2))), "{metrics}");
    // So does the catalogue's word-search pool, made for node 1 when the edge started and first
    // used now.
    let r = t.get("localhost", "/learner-course/course-search-solr?search=physics", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let port: i32 = sqlx::query_scalar("SELECT inet_server_port()").fetch_one(&t.state.ctl.catalogue.words).await.unwrap();
    assert_eq!(format!("127.0.0.1:{port}"), formation.node(2));

    // The provisioner follows too: its queue (control) and the next site's schema (main).
    next_site_served_from(&t, &formation.connect(2, &db).await, "main").await;
}
