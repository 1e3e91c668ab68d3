//! What an operator watches an edge by (issue 17): `/metrics` on its own listener counts the
//! answers by route template and status and times them; at each scrape it reads the queues, the
//! pools, the caches and the certificates. Every request has an id, and what it logs names the
//! request and its site.

use crate::common::TestApp;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use std::sync::{Arc, Mutex};
use tower::ServiceExt;
use tracing_subscriber::fmt::format::FmtSpan;

const DHAKA: &str = "dhaka.localhost";

/// The value of one series of the scrape (`name{labels}` exactly as written), if it is there.
fn series(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.split(' ').next()?.parse().ok())
}

pub async fn scrape(t: &TestApp) -> String {
    let r = tenant_api::observability::router(t.state.clone()).oneshot(Request::get("/metrics").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("application/openmetrics-text"));
    String::from_utf8(axum::body::to_bytes(r.into_body(), 1 << 20).await.unwrap().to_vec()).unwrap()
}

#[tokio::test]
async fn the_metrics_listener_counts_answers_by_route_and_reads_queues_caches_and_certificates() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.state.pools.get(dhaka).await.unwrap();
    for _ in 0..2 {
        assert_eq!(t.get(DHAKA, "/my-account/institutions/retrieve-site", None).await.status, StatusCode::OK);
    }
    let exam = t.get(DHAKA, &format!("/exam-front/single/{}", uuid::Uuid::new_v4()), None).await.status.as_u16();
    // Waiting work: two e-mails due, one text for tomorrow (not due yet); a certificate of 30 days.
    sqlx::query(
        "INSERT INTO outbox (channel, recipient, sender_name, kind, subject, body_text, next_attempt_at)
         VALUES ('email', 'a@example.com', 's', 'k', 's', 'b', now() - interval '90 seconds'), ('email', 'b@example.com', 's', 'k', 's', 'b', now()),
                ('sms', '+8801700000001', 's', 'k', '', 'b', now() + interval '1 day')",
    )
    .execute(&t.platform.db)
    .await
    .unwrap();
    sqlx::query("INSERT INTO certificates (kind, primary_name, names, cert_pem, key_sealed, not_after) VALUES ('wildcard', '*.localhost', '{}', '', '', now() + interval '30 days')")
        .execute(&t.platform.db)
        .await
        .unwrap();

    let text = scrape(&t).await;
    let site = r#"{method="GET",route="/my-account/institutions/retrieve-site""#;
    assert_eq!(series(&text, &format!(r#"http_requests_total{site},status="200"}}"#)), Some(2.0), "{text}");
    assert_eq!(series(&text, &format!(r#"http_request_duration_seconds_count{site}}}"#)), Some(2.0));
    let exam_series = format!(r#"http_requests_total{{method="GET",route="/exam-front/single/{{uuid}}",status="{exam}"}}"#);
    assert_eq!(series(&text, &exam_series), Some(1.0), "by the route's template, not its path: {text}");
    assert!(!text.lines().any(|l| l.starts_with("http_") && l.contains("dhaka")), "no site in a label");
    assert_eq!(series(&text, r#"queue_depth{name="outbox_email"}"#), Some(2.0), "{text}");
    assert_eq!(series(&text, r#"queue_depth{name="outbox_sms"}"#), Some(0.0), "tomorrow's text is not due");
    assert_eq!(series(&text, r#"queue_depth{name="provisioning"}"#), Some(0.0), "both sites are live");
    assert!(series(&text, r#"queue_oldest_age_seconds{name="outbox_email"}"#).unwrap() >= 90.0);
    let days = series(&text, r#"tls_certificate_days_left{name="wildcard"}"#).unwrap();
    assert!((29.9..=30.0).contains(&days), "{days}");
    assert!(series(&text, r#"cache_lookups_total{cache="hosts",result="hit"}"#).unwrap() >= 1.0, "{text}");
    assert!(series(&text, r#"cache_lookups_total{cache="hosts",result="miss"}"#).unwrap() >= 1.0);
    assert!(series(&text, r#"db_pool_connections{name="control"}"#).unwrap() >= 1.0);
    assert!(series(&text, r#"db_pool_connections{name="catalogue_search"}"#).is_some(), "{text}");
    assert_eq!(series(&text, r#"cache_entries{name="hosts"}"#), Some(1.0), "dhaka.localhost");
    assert_eq!(series(&text, "db_tenant_pools"), Some(1.0), "Dhaka's pool: {text}");
    assert!(series(&text, r#"db_server_connections{name="main"}"#).unwrap() >= 1.0, "Dhaka's pool is on main: {text}");
    // The counters only grow, scrape after scrape.
    assert_eq!(t.get(DHAKA, "/my-account/institutions/retrieve-site", None).await.status, StatusCode::OK);
    let again = scrape(&t).await;
    assert_eq!(series(&again, &format!(r#"http_requests_total{site},status="200"}}"#)), Some(3.0));
    assert!(series(&again, r#"cache_lookups_total{cache="hosts",result="hit"}"#) > series(&text, r#"cache_lookups_total{cache="hosts",result="hit"}"#));

    // Every series the Grafana dashboard charts is one this edge serves.
    let dashboard = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../infra/grafana/edge.json")).unwrap();
    let charted: Vec<&str> = dashboard
        .split("{job=")
        .filter_map(|before| before.rsplit(|c: char| !(c.is_ascii_lowercase() || c == '_')).next())
        .filter(|name| !name.is_empty())
        .collect();
    assert!(charted.len() >= 10, "{charted:?}");
    // The primaries are served once a server has a standby, the requests shed once one has been
    // without a primary: the fault drill checks them.
    for name in charted.into_iter().filter(|name| !matches!(*name, "db_server_primary" | "db_requests_shed_total")) {
        assert!(again.lines().any(|l| l.starts_with(&format!("{name}{{")) || l.starts_with(&format!("{name} "))), "the dashboard charts {name}, which is not served");
    }

    // The public listener does not serve them.
    let public = t.get("localhost", "/metrics", None).await;
    assert!(!public.text.contains("http_requests_total"), "{}", public.text);

    // The load balancer's health check: healthy while the control database answers, not once
    // the edge has lost it.
    let health = async || {
        let r = tenant_api::observability::router(t.state.clone()).oneshot(Request::get("/healthz").body(Body::empty()).unwrap()).await.unwrap();
        r.status()
    };
    assert_eq!(health().await, StatusCode::OK);
    t.state.ctl.db.close().await;
    assert_eq!(health().await, StatusCode::SERVICE_UNAVAILABLE);
}

/// A log writer the test reads back.
#[derive(Clone, Default)]
struct Lines(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// This thread's log lines, as `LOG_FORMAT=json` writes them (`control_plane::telemetry`), with
/// `LOG_SPANS=close` when `spans` is CLOSE; kept while the guard lives.
fn json_logs(spans: FmtSpan) -> (Lines, tracing::subscriber::DefaultGuard) {
    let lines = Lines::default();
    let writer = lines.clone();
    let logs = tracing_subscriber::fmt()
        .json()
        .with_current_span(true)
        .with_span_list(true)
        .with_span_events(spans)
        .with_max_level(tracing::Level::DEBUG)
        .with_writer(move || writer.clone())
        .finish();
    (lines, tracing::subscriber::set_default(logs))
}

#[tokio::test]
async fn every_request_has_an_id_and_its_log_lines_name_it_and_its_site() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let (lines, _scope) = json_logs(FmtSpan::NONE);

    // The caller's id is kept; one that could forge a log line or a header is replaced.
    let r = t.call(axum::http::Method::GET, DHAKA, "/my-account/institutions/retrieve-site", None, &[("x-request-id", "trace-42.a_b")], None).await;
    assert_eq!(r.headers["x-request-id"], "trace-42.a_b");
    let r = t.call(axum::http::Method::GET, DHAKA, "/my-account/institutions/retrieve-site", None, &[("x-request-id", "a b\"c")], None).await;
    let made = r.headers["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(made.len(), 32, "a fresh id: {made}");

    let written = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
    let answered: Vec<serde_json::Value> =
        written.lines().filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()).filter(|l| l["fields"]["message"] == "answered").collect();
    let of = |id: &str| answered.iter().find(|l| l["span"]["request_id"] == id).unwrap_or_else(|| panic!("no line of {id}: {written}"));
    for id in ["trace-42.a_b", made.as_str()] {
        let line = of(id);
        assert_eq!(line["span"]["tenant"], dhaka, "{line}");
        assert_eq!(line["span"]["path"], "/my-account/institutions/retrieve-site");
        assert_eq!(line["fields"]["status"], 200);
    }
}

#[tokio::test]
async fn a_requests_steps_are_spans_inside_its_request_span() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let (lines, _scope) = json_logs(FmtSpan::CLOSE);
    let parts: [(&str, Option<&str>, &[u8]); 2] = [("type", None, b"documents"), ("file", Some("notes.txt"), b"notes")];
    let mut upload = crate::common::multipart(DHAKA, "/file-manager/user/upload-file", &teacher, &parts);
    upload.headers_mut().insert("x-request-id", axum::http::HeaderValue::from_static("trace-spans"));
    let r = t.send(upload).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);

    // Each step closes with its time, inside the request's span.
    let written = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
    let closed: Vec<serde_json::Value> = written
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|l| l["fields"]["message"] == "close" && l["spans"][0]["request_id"] == "trace-spans")
        .collect();
    let step = |name: &str| closed.iter().find(|l| l["span"]["name"] == name).unwrap_or_else(|| panic!("no {name} span closed: {written}"));
    assert_eq!(step("tenant_pool")["span"]["tenant"], dhaka.to_string());
    let s3 = step("s3");
    assert_eq!(s3["span"]["op"], "put_object", "{s3}");
    assert!(s3["span"]["key"].as_str().unwrap().starts_with("files/"), "{s3}");
    assert!(s3["fields"]["time.busy"].is_string() && s3["fields"]["time.idle"].is_string(), "{s3}");
    assert_eq!(s3["spans"][0]["name"], "request", "{s3}");
}
