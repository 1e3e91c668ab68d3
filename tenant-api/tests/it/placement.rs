//! Tenants placed across two PostgreSQL servers (issue 17): the second is a cluster of its own,
//! started by infra/test (`TEST_SECOND_DATABASE_URL`). A new tenant goes where the most room is
//! left and is served from there; a tenant moves to the other server while a writer keeps
//! writing through two edges, and no acknowledged write is lost, doubled or left behind.

use crate::common::{TestApp, multipart, published_course, request, second_edge, send_to};
use tenant_api::{AppState, EdgeConfig, router};
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use control_plane::placement::{self, Server};
use control_plane::storage::bucket_name;
use provisioner::buckets;
use control_plane::tenancy::{SchemaName, TenantId, TenantRole};
use serde_json::json;
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, PgPool};
use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub async fn has_schema(server: &PgPool, tenant: TenantId) -> bool {
    sqlx::query_scalar("SELECT to_regnamespace($1) IS NOT NULL")
        .bind(SchemaName::for_tenant(tenant).as_str())
        .fetch_one(server)
        .await
        .unwrap()
}

async fn has_role(server: &PgPool, t: &TestApp, tenant: TenantId) -> bool {
    let role = TenantRole::for_tenant(&t.platform.config, tenant);
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)").bind(role.name.as_str()).fetch_one(server).await.unwrap()
}

pub async fn placed_on(t: &TestApp, tenant: TenantId) -> String {
    placement::of(&t.platform.db, tenant).await.unwrap().unwrap().server.name
}

#[tokio::test]
async fn new_tenants_go_where_the_most_room_is_and_are_served_from_there() {
    let t = TestApp::new().await;
    let second = t.platform.second_server("second").await;
    let on_second = t.provisioner.admin(&second).unwrap();
    // The main site is on main already, so the second server has more room; then a tie, which
    // goes to the first by name.
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    assert_eq!(placed_on(&t, dhaka).await, "second");
    assert_eq!(placed_on(&t, sylhet).await, "main");
    assert!(has_schema(&on_second, dhaka).await && has_role(&on_second, &t, dhaka).await);
    assert!(!has_schema(&t.platform.db, dhaka).await && !has_role(&t.platform.db, &t, dhaka).await);
    assert!(has_schema(&t.platform.db, sylhet).await && !has_schema(&on_second, sylhet).await);

    // Served from there: a course written through the edge is on the second server only.
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting("dhaka.localhost", "teacher@dhaka.example").await;
    published_course(&t, "dhaka.localhost", &teacher).await;
    let courses = format!("SELECT count(*) FROM {}.courses", SchemaName::for_tenant(dhaka).as_str());
    let count: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(courses)).fetch_one(&on_second).await.unwrap();
    assert_eq!(count, 1);
    let r = t.get("dhaka.localhost", "/course/course/view", Some(&teacher)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["total"], 1);
    let r = t.get("sylhet.localhost", "/course/course/view", Some(&teacher)).await;
    assert_ne!(r.status, StatusCode::OK, "dhaka's teacher has no role on sylhet: {}", r.text);

    // Its bucket is in the second server's cell too: a file uploaded through the edge lands on
    // the cell's S3 service, not the platform's, and comes back through the edge.
    let r = t.upload("dhaka.localhost", "/file-manager/user/upload-file", &teacher, &[("type", None, b"documents"), ("file", Some("notes.txt"), "নোট".as_bytes())]).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let bucket = bucket_name(&t.platform.config.storage, dhaka);
    assert_eq!(buckets::listing(&t.provisioner.storage.cell(&second), &bucket, None).await.unwrap().len(), 1);
    assert!(t.provisioner.storage.platform().head_bucket().bucket(&bucket).send().await.is_err(), "dhaka has no bucket on the platform's S3");
    let r = t.post("dhaka.localhost", "/file-manager/user/download-file", Some(&teacher), json!({ "id": r.body["data"]["id"] })).await;
    assert_eq!((r.status, r.text.as_str()), (StatusCode::OK, "নোট"));
    // Its pages let the browser load media from the cell's S3 service; sylhet's the platform's.
    let media = async |host: &str| {
        let page = t.call(Method::GET, host, "/", None, &[("accept", "text/html")], None).await;
        let csp = page.header("content-security-policy");
        csp.split("; ").find(|d| d.starts_with("media-src")).unwrap_or_default().to_owned()
    };
    let cell = second.storage_endpoint.clone().unwrap();
    assert_eq!(media("dhaka.localhost").await, format!("media-src 'self' blob: {cell}"));
    assert_eq!(media("sylhet.localhost").await, format!("media-src 'self' blob: {}", t.platform.config.storage.endpoint));

    // Across servers a tenant role reaches nothing: dhaka's does not exist on main, and on its
    // own server it is denied the other schemas there.
    let role = TenantRole::for_tenant(&t.platform.config, dhaka);
    let as_dhaka = |url: &str| {
        PgConnectOptions::from_str(url).unwrap().username(role.name.as_str()).password(&role.password)
    };
    let refused = as_dhaka(t.platform.config.database_url.expose()).connect().await.unwrap_err();
    assert_eq!(refused.as_database_error().and_then(|e| e.code()).as_deref(), Some("28000"), "{refused}");
    let barisal = t.tenant("barisal").await;
    assert_eq!(placed_on(&t, barisal).await, "second");
    let mut conn = second.locate(as_dhaka(t.platform.config.database_url.expose())).connect().await.unwrap();
    let sql = format!("SELECT * FROM {}.courses", SchemaName::for_tenant(barisal).as_str());
    let error = sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut conn).await.unwrap_err();
    assert_eq!(error.as_database_error().and_then(|e| e.code()).as_deref(), Some("42501"), "{error}");

    // A draining server takes no one new; with every server draining, provisioning says so.
    placement::add_server(&t.platform.db, &Server { draining: true, ..second.clone() }).await.unwrap();
    let comilla = t.tenant("comilla").await;
    assert_eq!(placed_on(&t, comilla).await, "main");
    sqlx::query("UPDATE database_servers SET draining = true").execute(&t.platform.db).await.unwrap();
    let rangpur = t.platform.approved_institution("rangpur").await;
    t.drain().await;
    let failure: String = sqlx::query_scalar("SELECT last_error FROM provisioning_jobs WHERE institution_id = $1")
        .bind(rangpur)
        .fetch_one(&t.platform.db)
        .await
        .unwrap();
    assert!(failure.contains("all are draining"), "{failure}");
}

/// The writer's outcome: the writes acknowledged (201), by mark and by the id answered, and how
/// many were refused (503).
#[derive(Default)]
pub struct Written {
    pub acknowledged: Vec<String>,
    pub ids: Vec<i64>,
    pub refused: usize,
}

/// Sends the writes `make` builds for 0, 1, … (each its mark and its request), through each edge
/// in turn, until told to stop.
pub async fn keep_writing(edges: Vec<Router>, stop: Arc<AtomicBool>, make: impl Fn(usize) -> (String, Request<Body>) + Send) -> Written {
    let mut written = Written::default();
    for i in 0.. {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let (mark, request) = make(i);
        let r = send_to(&edges[i % edges.len()], request).await;
        match r.status {
            StatusCode::CREATED => {
                written.acknowledged.push(mark);
                written.ids.push(r.body["data"]["id"].as_i64().expect("a created object answers its id"));
            }
            StatusCode::SERVICE_UNAVAILABLE => {
                assert_eq!(r.header("retry-after"), "2", "a refused write says when to come back");
                written.refused += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            other => panic!("write {i}: {other} {}", r.text),
        }
    }
    written
}

/// Adds sections `{mark}0`, `{mark}1`, … to the course, through each edge in turn, until told
/// to stop.
pub async fn write_until(edges: Vec<Router>, mark: char, teacher: String, course: i64, stop: Arc<AtomicBool>) -> Written {
    keep_writing(edges, stop, move |i| {
        let title = format!("{mark}{i}");
        let body = json!({ "course_id": course, "title_bn": title });
        (title, request(Method::POST, "dhaka.localhost", "/course/schedule/section", Some(&teacher), &[], Some(body)))
    })
    .await
}

/// Uploads documents `u0.txt`, `u1.txt`, … (holding `upload {i}`) to the teacher's files.
fn upload_until(edges: Vec<Router>, teacher: String, stop: Arc<AtomicBool>) -> impl Future<Output = Written> {
    keep_writing(edges, stop, move |i| {
        let (name, content) = (format!("u{i}.txt"), format!("upload {i}"));
        let parts: [(&str, Option<&str>, &[u8]); 2] = [("type", None, b"documents"), ("file", Some(&name), content.as_bytes())];
        (name.clone(), multipart("dhaka.localhost", "/file-manager/user/upload-file", &teacher, &parts))
    })
}

pub async fn sections(db: &PgPool, schema: Option<&SchemaName>) -> BTreeMap<String, i64> {
    let from = schema.map_or("course_sections".to_owned(), |s| format!("{}.course_sections", s.as_str()));
    let sql = format!("SELECT title_bn, count(*) FROM {from} WHERE title_bn ~ '^[wd][0-9]+$' GROUP BY 1");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(db).await.unwrap().into_iter().collect()
}

#[tokio::test]
async fn a_tenant_moves_to_another_server_while_a_writer_keeps_writing_through_two_edges() {
    let a = TestApp::new().await;
    let dhaka = a.tenant("dhaka").await;
    let sylhet = a.tenant("sylhet").await;
    let second = a.platform.second_server("second").await;
    let on_second = a.provisioner.admin(&second).unwrap();
    let (b_state, b) = second_edge(&a);
    a.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = a.acting("dhaka.localhost", "teacher@dhaka.example").await;
    let (course, _) = published_course(&a, "dhaka.localhost", &teacher).await;
    let schema = SchemaName::for_tenant(dhaka);
    assert_eq!(placed_on(&a, dhaka).await, "main");

    // A third edge that never hears of the move: until the flip its writes go to the source,
    // where the database itself must refuse those the target would not get.
    let deaf = router::app(AppState::build(a.platform.db.clone(), a.platform.config.clone(), EdgeConfig::default()).unwrap());
    let (stop, deaf_stop) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
    let mut writer = tokio::spawn(write_until(vec![a.app.clone(), b.clone()], 'w', teacher.clone(), course, stop.clone()));
    // Files go on arriving too: the bucket moves to the second server's S3 service with them.
    put_object(&a, dhaka, "covers/1.png", (0..=255u8).cycle().take(70_000).collect()).await;
    let uploader = tokio::spawn(upload_until(vec![a.app.clone(), b.clone()], teacher.clone(), stop.clone()));
    let deaf_writer = tokio::spawn(write_until(vec![deaf], 'd', teacher.clone(), course, deaf_stop.clone()));
    // Writes before, during and after the move. A writer that stopped short panicked: say why.
    let mut wait_for_writes = async |server: &PgPool, count: usize| {
        while sections(server, Some(&schema)).await.len() < count {
            if writer.is_finished() {
                (&mut writer).await.unwrap();
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    wait_for_writes(&a.platform.db, 20).await;
    let lines = std::sync::Mutex::new(Vec::new());
    let say = |line: String| {
        if line.starts_with("now served from") {
            deaf_stop.store(true, Ordering::SeqCst);
        }
        lines.lock().unwrap().push(line);
    };
    let moved = provisioner::moving::move_tenant(&a.provisioner, dhaka, "second", Duration::ZERO, say).await.unwrap();
    let deaf_written = deaf_writer.await.unwrap();
    println!("moved: {moved:?}\n{}", lines.lock().unwrap().join("\n"));
    let after_move = sections(&on_second, Some(&schema)).await.len();
    wait_for_writes(&on_second, after_move + 20).await;
    stop.store(true, Ordering::SeqCst);
    let written = writer.await.unwrap();
    let uploaded = uploader.await.unwrap();

    // Every acknowledged write is on the target once, and nothing else is: a refused write was
    // not performed.
    let on_target = sections(&on_second, Some(&schema)).await;
    let acknowledged = written.acknowledged.iter().chain(&deaf_written.acknowledged);
    let expected: BTreeMap<String, i64> = acknowledged.map(|t| (t.clone(), 1)).collect();
    let refused = (written.refused, deaf_written.refused);
    // On a failure, name the writes that differ rather than print thousands of equal ones.
    let missing: Vec<_> = expected.keys().filter(|k| on_target.get(*k) != Some(&1)).collect();
    let unacknowledged: Vec<_> = on_target.iter().filter(|(k, n)| !expected.contains_key(*k) || **n != 1).collect();
    assert_eq!(on_target, expected, "acknowledged but not once on the target: {missing:?}; on the target unacknowledged or doubled: {unacknowledged:?}; refused (listening, deaf): {refused:?}");
    println!("refused (listening edges, deaf edge): {refused:?}");
    assert!(expected.len() >= 40);
    // The progress said what it did.
    let lines = lines.into_inner().unwrap();
    assert!(lines.iter().any(|l| l.contains("tables copied")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("now served from second")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("objects:")), "{lines:?}");

    // Every acknowledged upload is served from the target's S3 service, byte for byte, and the
    // source's bucket is gone.
    assert!(uploaded.acknowledged.len() >= 5 && moved.objects > 0, "{moved:?}: {} uploads", uploaded.acknowledged.len());
    for (name, id) in uploaded.acknowledged.iter().zip(&uploaded.ids) {
        let r = send_to(&b, request(Method::POST, "dhaka.localhost", "/file-manager/user/download-file", Some(&teacher), &[], Some(json!({ "id": id })))).await;
        let content = format!("upload {}", &name[1..name.len() - 4]);
        assert_eq!((r.status, r.text.as_str()), (StatusCode::OK, content.as_str()), "{name}");
    }
    let bucket = bucket_name(&a.platform.config.storage, dhaka);
    let in_cell = buckets::listing(&a.provisioner.storage.cell(&second), &bucket, None).await.unwrap();
    assert!(in_cell.contains_key("covers/1.png") && in_cell.len() > uploaded.acknowledged.len(), "{in_cell:?}");
    assert!(a.provisioner.storage.platform().head_bucket().bucket(&bucket).send().await.is_err(), "the source bucket is removed");

    // The placement flipped; both edges serve the tenant from the target.
    let now = placement::of(&a.platform.db, dhaka).await.unwrap().unwrap();
    assert_eq!((now.server.name.as_str(), now.state.as_str(), now.epoch), ("second", "active", 2));
    for edge in [&a.state, &b_state] {
        assert_eq!(edge.pools.placement(dhaka).await.unwrap().server.name, "second");
        let through_edge = sections(&edge.pools.get(dhaka).await.unwrap(), None).await;
        assert_eq!(through_edge, expected);
    }
    // Sequences followed: a new section after the move takes an id after every copied one.
    let r = send_to(&b, request(Method::POST, "dhaka.localhost", "/course/schedule/section", Some(&teacher), &[], Some(json!({ "course_id": course, "title_bn": "after" })))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let max: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT max(id) FROM {}.course_sections WHERE title_bn <> 'after'", schema.as_str())))
        .fetch_one(&on_second)
        .await
        .unwrap();
    assert!(r.body["data"]["id"].as_i64().unwrap() > max);

    // Nothing is left behind on the source, and the neighbour there was not touched.
    assert!(!has_schema(&a.platform.db, dhaka).await && !has_role(&a.platform.db, &a, dhaka).await);
    let leftovers: i64 = sqlx::query_scalar("SELECT count(*) FROM pg_replication_slots WHERE starts_with(slot_name, 'mv_' || $1)")
        .bind(&a.platform.config.tenant_role_prefix)
        .fetch_one(&a.platform.db)
        .await
        .unwrap();
    assert_eq!(leftovers, 0);
    assert_eq!(placed_on(&a, sylhet).await, "main");
    assert!(sections(&a.state.pools.get(sylhet).await.unwrap(), None).await.is_empty());

    // Moving again to where it is, or to an unknown server, is refused before anything is done.
    let again = provisioner::moving::move_tenant(&a.provisioner, dhaka, "second", Duration::ZERO, |_| ()).await.unwrap_err();
    assert!(again.to_string().contains("already on second"), "{again}");
    let unknown = provisioner::moving::move_tenant(&a.provisioner, dhaka, "third", Duration::ZERO, |_| ()).await.unwrap_err();
    assert!(unknown.to_string().contains("no database server named third"), "{unknown}");
}

/// Replication slots on a server left by moves of this platform's tenants.
async fn slots(server: &PgPool, t: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM pg_replication_slots WHERE starts_with(slot_name, 'mv_' || $1)")
        .bind(&t.platform.config.tenant_role_prefix)
        .fetch_one(server)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_move_stopped_after_its_flip_is_finished_by_running_it_again() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let second = t.platform.second_server("second").await;
    put_object(&t, dhaka, "covers/1.png", b"\x89PNG\r\n\x1a\ncover".to_vec()).await;
    // The provisioner dies right after the flip (here: its progress line panics).
    let ctx = t.provisioner.clone();
    let stopped = tokio::spawn(async move {
        provisioner::moving::move_tenant(&ctx, dhaka, "second", Duration::ZERO, |line| assert!(!line.starts_with("now served from"), "stopped")).await
    });
    assert!(stopped.await.unwrap_err().is_panic());
    let placed = placement::of(&t.platform.db, dhaka).await.unwrap().unwrap();
    assert_eq!((placed.server.name.as_str(), placed.moved_from.as_deref()), ("second", Some("main")));
    // What the move left on the source: its schema, role, replication slot and bucket.
    assert!(has_schema(&t.platform.db, dhaka).await && has_role(&t.platform.db, &t, dhaka).await);
    assert_eq!(slots(&t.platform.db, &t).await, 1);
    let bucket = bucket_name(&t.platform.config.storage, dhaka);
    assert!(t.provisioner.storage.platform().head_bucket().bucket(&bucket).send().await.is_ok());

    // Run again, the move finishes instead of refusing: nothing is left on the source.
    let lines = std::sync::Mutex::new(Vec::new());
    provisioner::moving::move_tenant(&t.provisioner, dhaka, "second", Duration::ZERO, |line| lines.lock().unwrap().push(line)).await.unwrap();
    assert!(lines.lock().unwrap().iter().any(|l| l.contains("flipped already; finishing it")), "{lines:?}");
    assert!(!has_schema(&t.platform.db, dhaka).await && !has_role(&t.platform.db, &t, dhaka).await);
    assert_eq!(slots(&t.platform.db, &t).await, 0);
    assert!(t.provisioner.storage.platform().head_bucket().bucket(&bucket).send().await.is_err());
    assert_eq!(placement::of(&t.platform.db, dhaka).await.unwrap().unwrap().moved_from, None);
    // The site is served from the target, its file from the target's cell.
    let on_second = t.provisioner.admin(&second).unwrap();
    assert!(has_schema(&on_second, dhaka).await);
    assert!(buckets::listing(&t.provisioner.storage.cell(&second), &bucket, None).await.unwrap().contains_key("covers/1.png"));
    t.eventually(async || t.get("dhaka.localhost", "/my-account/institutions/retrieve-site", None).await.status == StatusCode::OK).await;
    // Once finished, a third run is refused as before.
    let again = provisioner::moving::move_tenant(&t.provisioner, dhaka, "second", Duration::ZERO, |_| ()).await.unwrap_err();
    assert!(again.to_string().contains("already on second"), "{again}");
}

#[tokio::test]
async fn a_move_whose_source_failed_over_copies_again_and_loses_no_write() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let second = t.platform.second_server("second").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting("dhaka.localhost", "teacher@dhaka.example").await;
    let (course, _) = published_course(&t, "dhaka.localhost", &teacher).await;
    // The move copies the site and streams its writes, then stops (here: at its cut-over).
    let ctx = t.provisioner.clone();
    let stopped = tokio::spawn(async move {
        provisioner::moving::move_tenant(&ctx, dhaka, "second", Duration::ZERO, |line| assert!(!line.starts_with("cut-over"), "stopped")).await
    });
    assert!(stopped.await.unwrap_err().is_panic());
    assert_eq!(slots(&t.platform.db, &t).await, 1);

    // The source's primary fails over. Its standby has the publication and every row, but not
    // the slot: PostgreSQL 15 keeps logical slots on the primary. Here the slot is dropped, and
    // the subscription left to look for it.
    let on_second = t.provisioner.admin(&second).unwrap();
    let name = format!("mv_{}", TenantRole::for_tenant(&t.platform.config, dhaka).name.as_str());
    let run = async |db: &PgPool, sql: String| sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(db).await.unwrap();
    run(&on_second, format!("ALTER SUBSCRIPTION {name} DISABLE")).await;
    let slot_idle = async || {
        sqlx::query_scalar::<_, bool>("SELECT NOT active FROM pg_replication_slots WHERE slot_name = $1").bind(&name).fetch_one(&t.platform.db).await.unwrap()
    };
    t.eventually(slot_idle).await;
    run(&t.platform.db, format!("SELECT pg_drop_replication_slot('{name}')")).await;
    run(&on_second, format!("ALTER SUBSCRIPTION {name} ENABLE")).await;
    // The site goes on working on its source meanwhile; no slot keeps these writes for the target.
    for title in ["w1", "w2"] {
        let body = json!({ "course_id": course, "title_bn": title });
        assert_eq!(t.post("dhaka.localhost", "/course/schedule/section", Some(&teacher), body).await.status, StatusCode::CREATED);
    }
    let on_source = row_counts(&t.platform.db, dhaka).await;

    // Run again, the move sees the slot gone, copies afresh and finishes with every row.
    let lines = std::sync::Mutex::new(Vec::new());
    provisioner::moving::move_tenant(&t.provisioner, dhaka, "second", Duration::ZERO, |line| lines.lock().unwrap().push(line)).await.unwrap();
    assert!(lines.lock().unwrap().iter().any(|l| l.contains("lost the move's replication slot")), "{:?}", lines.lock().unwrap());
    assert_eq!(placed_on(&t, dhaka).await, "second");
    assert_eq!(row_counts(&on_second, dhaka).await, on_source);
    let schema = SchemaName::for_tenant(dhaka);
    assert_eq!(sections(&on_second, Some(&schema)).await, BTreeMap::from([("w1".to_owned(), 1), ("w2".to_owned(), 1)]));
    assert_eq!(slots(&t.platform.db, &t).await, 0);
}

#[tokio::test]
async fn a_site_in_its_cut_over_refuses_writes_with_retry_after_and_keeps_reading() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting("dhaka.localhost", "teacher@dhaka.example").await;
    let (course, _) = published_course(&t, "dhaka.localhost", &teacher).await;
    placement::set_state(&t.platform.db, dhaka, "read_only").await.unwrap();
    t.eventually(async || t.state.pools.placement(dhaka).await.unwrap().is_read_only()).await;

    let body = json!({ "course_id": course, "title_bn": "নতুন" });
    let r = t.call(Method::POST, "dhaka.localhost", "/course/schedule/section", Some(&teacher), &[("accept-language", "bn")], Some(body.clone())).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text);
    assert_eq!(r.body["code"], "site_read_only");
    assert_eq!(r.header("retry-after"), "2");
    assert!(r.body["message"].as_str().unwrap().contains("সার্ভারে সরানো"), "{}", r.body);
    assert_eq!(t.get("dhaka.localhost", "/course/course/view", Some(&teacher)).await.status, StatusCode::OK, "reads go on");

    // A write that reached the database anyway (its edge had not heard yet) is refused there.
    placement::set_state(&t.platform.db, dhaka, "active").await.unwrap();
    t.eventually(async || !t.state.pools.placement(dhaka).await.unwrap().is_read_only()).await;
    let role = TenantRole::for_tenant(&t.platform.config, dhaka);
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("ALTER ROLE {} SET default_transaction_read_only = on", role.name.as_str()))).execute(&t.platform.db).await.unwrap();
    t.state.pools.close(dhaka).await;
    let r = t.post("dhaka.localhost", "/course/schedule/section", Some(&teacher), body.clone()).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("site_read_only")), "{}", r.text);

    // Writable again, the same write goes through.
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("ALTER ROLE {} RESET default_transaction_read_only", role.name.as_str()))).execute(&t.platform.db).await.unwrap();
    t.state.pools.close(dhaka).await;
    assert_eq!(t.post("dhaka.localhost", "/course/schedule/section", Some(&teacher), body).await.status, StatusCode::CREATED);
}

/// Rows per table of a tenant's schema on a server.
async fn row_counts(server: &PgPool, tenant: TenantId) -> BTreeMap<String, i64> {
    let schema = SchemaName::for_tenant(tenant);
    let tables: Vec<String> = sqlx::query_scalar("SELECT tablename::text FROM pg_tables WHERE schemaname = $1")
        .bind(schema.as_str())
        .fetch_all(server)
        .await
        .unwrap();
    let mut counts = BTreeMap::new();
    for table in tables {
        let sql = format!("SELECT count(*) FROM {}.{table}", schema.as_str());
        counts.insert(table, sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(server).await.unwrap());
    }
    counts
}

/// The S3 service of the tenant's cell, and its bucket there.
async fn bucket_of(t: &TestApp, tenant: TenantId) -> (aws_sdk_s3::Client, String) {
    let placed = placement::of(&t.platform.db, tenant).await.unwrap().unwrap();
    (t.provisioner.storage.cell(&placed.server), bucket_name(&t.platform.config.storage, tenant))
}

/// SHA-256 of every object in the tenant's bucket.
async fn object_sums(t: &TestApp, tenant: TenantId) -> BTreeMap<String, String> {
    use sha2::Digest;
    let (s3, bucket) = bucket_of(t, tenant).await;
    let mut sums = BTreeMap::new();
    for key in buckets::listing(&s3, &bucket, None).await.unwrap().into_keys() {
        let body = s3.get_object().bucket(&bucket).key(&key).send().await.unwrap().body.collect().await.unwrap();
        sums.insert(key, hex::encode(sha2::Sha256::digest(body.into_bytes())));
    }
    sums
}

async fn put_object(t: &TestApp, tenant: TenantId, key: &str, bytes: Vec<u8>) {
    let (s3, bucket) = bucket_of(t, tenant).await;
    s3.put_object().bucket(bucket).key(key).body(bytes.into()).send().await.unwrap();
}

#[tokio::test]
async fn a_backup_restored_on_another_server_or_in_place_serves_the_same_data() {
    use provisioner::backup;
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting("dhaka.localhost", "teacher@dhaka.example").await;
    published_course(&t, "dhaka.localhost", &teacher).await;
    put_object(&t, dhaka, "files/1/সিলেবাস.pdf", b"%PDF-1.7 syllabus".to_vec()).await;
    put_object(&t, dhaka, "covers/2.png", (0..=255u8).cycle().take(70_000).collect()).await;
    let (rows, objects) = (row_counts(&t.platform.db, dhaka).await, object_sums(&t, dhaka).await);
    assert!(rows["courses"] == 1 && rows["course_sections"] == 1 && objects.len() == 2, "{rows:?} {objects:?}");

    let lines = std::sync::Mutex::new(Vec::new());
    let saved = backup::backup(&t.provisioner, dhaka, |line| lines.lock().unwrap().push(line)).await.unwrap();
    assert_eq!(saved.objects, 2);
    assert!(saved.key.starts_with(&format!("t-{dhaka}/")) && saved.key.ends_with(".tar"), "{}", saved.key);
    assert_eq!(backup::list(&t.provisioner, dhaka).await.unwrap(), [saved.key.clone()]);
    assert!(lines.lock().unwrap().iter().any(|l| l.contains("2 object(s) archived")));

    // Life goes on after the backup: a second course, one object replaced, one more added.
    let r = t.post("dhaka.localhost", "/course/course/create", Some(&teacher), json!({ "title": "Algebra", "title_bn": "বীজগণিত", "category_id": 2 })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    put_object(&t, dhaka, "covers/2.png", b"changed".to_vec()).await;
    put_object(&t, dhaka, "files/3.txt", b"later".to_vec()).await;

    // Restored on the second server: the same rows and objects, and the edge serves it there.
    t.platform.second_server("second").await;
    backup::restore(&t.provisioner, dhaka, &saved.key, Some("second"), Duration::ZERO, |_| ()).await.unwrap();
    let on_second = t.provisioner.admin(&placement::server(&t.platform.db, "second").await.unwrap().unwrap()).unwrap();
    assert_eq!(row_counts(&on_second, dhaka).await, rows);
    assert_eq!(object_sums(&t, dhaka).await, objects);
    assert_eq!(placed_on(&t, dhaka).await, "second");
    // It has moved: nothing of it is left on main, neither schema, role nor bucket.
    assert!(!has_schema(&t.platform.db, dhaka).await && !has_role(&t.platform.db, &t, dhaka).await);
    let bucket = bucket_name(&t.platform.config.storage, dhaka);
    assert!(t.provisioner.storage.platform().head_bucket().bucket(&bucket).send().await.is_err(), "the old bucket is removed");
    assert_eq!(placement::of(&t.platform.db, dhaka).await.unwrap().unwrap().moved_from, None);
    t.eventually(async || t.state.pools.placement(dhaka).await.is_ok_and(|p| p.server.name == "second")).await;
    let r = t.get("dhaka.localhost", "/course/course/view", Some(&teacher)).await;
    assert_eq!((r.status, r.body["total"].as_i64()), (StatusCode::OK, Some(1)), "{}", r.text);
    let r = t.post("dhaka.localhost", "/course/course/create", Some(&teacher), json!({ "title": "Geometry", "title_bn": "জ্যামিতি", "category_id": 2 })).await;
    assert_eq!(r.status, StatusCode::CREATED, "writable there: {}", r.text);

    // Restored again in place: back to the backup's state.
    backup::restore(&t.provisioner, dhaka, &saved.key, None, Duration::ZERO, |_| ()).await.unwrap();
    assert_eq!(row_counts(&on_second, dhaka).await, rows);
    t.eventually(async || t.get("dhaka.localhost", "/course/course/view", Some(&teacher)).await.body["total"] == 1).await;

    // One site's backup never lands on another; a key that is not a backup is refused.
    let other = backup::restore(&t.provisioner, sylhet, &saved.key, None, Duration::ZERO, |_| ()).await.unwrap_err();
    assert!(other.to_string().contains("not a backup of this site"), "{other}");
    let missing = backup::restore(&t.provisioner, dhaka, &format!("t-{dhaka}/none.tar"), None, Duration::ZERO, |_| ()).await.unwrap_err();
    assert!(format!("{missing:#}").contains("no backup"), "{missing:#}");
    assert_eq!(placement::of(&t.platform.db, dhaka).await.unwrap().unwrap().state, "active", "a failed restore leaves the site writable");
    assert_eq!(placed_on(&t, sylhet).await, "main");
}
