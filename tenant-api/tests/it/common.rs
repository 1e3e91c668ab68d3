//! A whole platform for one test: its own database, the edge router (called in-process), and a
//! provisioner to turn approved institutions into live tenants.
#![allow(dead_code)]

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use control_plane::config::{SmsConfig, SslWirelessConfig};
use control_plane::messages::sms::SmsGateway;
use control_plane::messages::worker::Senders;
use control_plane::secret::Secret;
use control_plane::testing::TestPlatform;
use provisioner::{Ctx, ProvisionerConfig, worker};
use serde_json::Value;
use std::time::Duration;
use tenant_api::{AppState, EdgeConfig, hosts, router};
use tower::ServiceExt;

pub const PASSWORD: &str = "test-pass-123";

pub struct TestApp {
    pub platform: TestPlatform,
    pub state: AppState,
    pub app: Router,
    pub provisioner: Ctx,
}

pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    pub text: String,
    pub bytes: axum::body::Bytes,
}

impl Response {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }
}

impl TestApp {
    pub async fn new() -> Self {
        Self::with_edge(EdgeConfig::default()).await
    }

    pub async fn with_edge(edge: EdgeConfig) -> Self {
        Self::with(TestPlatform::new().await, edge).await
    }

    pub async fn with(platform: TestPlatform, edge: EdgeConfig) -> Self {
        let edge = EdgeConfig { web_dist: concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist").into(), ..edge };
        let state = AppState::build(platform.db.clone(), platform.config.clone(), edge).unwrap();
        hosts::spawn_invalidation(state.clone());
        state.pools.spawn_failover_watch();
        tenant_api::announce::spawn(state.clone());
        let app = router::app(state.clone());
        let provisioner = Ctx::new(platform.db.clone(), platform.config.clone(), ProvisionerConfig::default());
        let test = Self { platform, state, app, provisioner };
        test.drain().await;
        test
    }

    pub async fn drain(&self) {
        worker::drain(&self.provisioner, "test").await.unwrap();
    }

    /// An active partner site.
    pub async fn tenant(&self, slug: &str) -> i64 {
        let id = self.platform.approved_institution(slug).await;
        self.drain().await;
        id
    }

    pub async fn call(&self, method: Method, host: &str, path: &str, token: Option<&str>, headers: &[(&str, &str)], body: Option<Value>) -> Response {
        self.send(request(method, host, path, token, headers, body)).await
    }

    /// Any request, as built by the test (raw bodies, repeated headers).
    pub async fn send(&self, request: Request<Body>) -> Response {
        send_to(&self.app, request).await
    }

    pub async fn get(&self, host: &str, path: &str, token: Option<&str>) -> Response {
        self.call(Method::GET, host, path, token, &[], None).await
    }

    pub async fn post(&self, host: &str, path: &str, token: Option<&str>, body: Value) -> Response {
        self.call(Method::POST, host, path, token, &[], Some(body)).await
    }

    pub async fn login(&self, host: &str, email: &str) -> String {
        self.login_with(host, email, PASSWORD).await
    }

    pub async fn login_with(&self, host: &str, email: &str, password: &str) -> String {
        let r = self.post(host, "/my-account/user/login", None, serde_json::json!({ "email": email, "password": password })).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        r.body["data"]["token"].as_str().unwrap().to_owned()
    }

    pub async fn put(&self, host: &str, path: &str, token: &str, body: Value) -> Response {
        self.call(Method::PUT, host, path, Some(token), &[], Some(body)).await
    }

    pub async fn delete(&self, host: &str, path: &str, token: Option<&str>) -> Response {
        self.call(Method::DELETE, host, path, token, &[], None).await
    }

    /// A multipart POST: each part is (name, file name for a file, bytes).
    pub async fn upload(&self, host: &str, path: &str, token: &str, parts: &[(&str, Option<&str>, &[u8])]) -> Response {
        self.send(multipart(host, path, token, parts)).await
    }

    /// Signs in on `host` and acts in the user's first role there (a teacher or partner admin).
    pub async fn acting(&self, host: &str, email: &str) -> String {
        let token = self.login(host, email).await;
        let info = self.get(host, "/my-account/user/view-info", Some(&token)).await;
        let role = info.body["data"]["roles"][0]["id"].as_i64().unwrap();
        let r = self.post(host, &format!("/my-account/user/switch-role/{role}"), Some(&token), serde_json::json!({})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        token
    }

    /// A super admin of the platform, signed in on the main site.
    pub async fn super_admin(&self) -> String {
        let main = self.platform.main_id().await;
        self.platform.user("root@example.com", Some((main, "super"))).await;
        self.login("localhost", "root@example.com").await
    }

    /// Polls until `check` holds (cache invalidation travels through LISTEN/NOTIFY).
    pub async fn eventually<F, Fut>(&self, mut check: F)
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        for _ in 0..50 {
            if check().await {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("condition not reached within 5 s");
    }
}

pub fn infra(path: &str) -> String {
    format!("{}/../infra/{path}", env!("CARGO_MANIFEST_DIR"))
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A local stand-in for an outside service (a Python script under `infra/`, speaking that
/// service's documented protocol) on a free port, stopped with the test.
pub struct LocalServer {
    _process: tokio::process::Child,
    pub url: String,
    pub http: reqwest::Client,
}

impl LocalServer {
    /// Runs `python3 infra/<script> PORT <args>` and waits for its `/healthz`.
    pub async fn start(script: &str, args: &[&str]) -> Self {
        Self::start_with(script, args, &[]).await
    }

    /// The same, with environment variables for the script.
    pub async fn start_with(script: &str, args: &[&str], env: &[(&str, &str)]) -> Self {
        let port = free_port();
        let mut command = tokio::process::Command::new("python3");
        command.arg(infra(script)).arg(port.to_string()).args(args).envs(env.iter().copied());
        Self::run(command, script, port).await
    }

    /// A Node program under `infra/` (its packages installed by infra/lib.sh), told its port in
    /// `PORT` on top of `env`.
    pub async fn start_node(script: &str, port: u16, env: &[(&str, &str)]) -> Self {
        let mut command = tokio::process::Command::new("node");
        command.arg(infra(script)).env("PORT", port.to_string()).envs(env.iter().copied());
        Self::run(command, script, port).await
    }

    async fn run(mut command: tokio::process::Command, script: &str, port: u16) -> Self {
        let process = command.kill_on_drop(true).spawn().unwrap_or_else(|e| panic!("{script} starts: {e}"));
        let url = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        for _ in 0..500 {
            if http.get(format!("{url}/healthz")).send().await.is_ok() {
                return Self { _process: process, url, http };
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("{script} did not start");
    }
}

/// Edge B beside the test's own (A): caches and pools of its own over the same control
/// database, listening as every edge does.
pub fn second_edge(a: &TestApp) -> (AppState, Router) {
    let edge = EdgeConfig { web_dist: concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist").into(), ..EdgeConfig::default() };
    let state = AppState::build(a.platform.db.clone(), a.platform.config.clone(), edge).unwrap();
    hosts::spawn_invalidation(state.clone());
    (state.clone(), router::app(state))
}

/// A published course of the site in category 2, with a free batch: (course, batch).
pub async fn published_course(t: &TestApp, host: &str, teacher: &str) -> (i64, i64) {
    let course = t.post(host, "/course/course/create", Some(teacher), serde_json::json!({ "title": "Calculus", "title_bn": "ক্যালকুলাস", "category_id": 2 })).await;
    assert_eq!(course.status, StatusCode::CREATED, "{}", course.text);
    let id = course.body["data"]["id"].as_i64().unwrap();
    let section = t.post(host, "/course/schedule/section", Some(teacher), serde_json::json!({ "course_id": id, "title_bn": "সীমা" })).await.body["data"]["id"].as_i64().unwrap();
    let lesson = t.post(host, "/course/schedule/lesson", Some(teacher), serde_json::json!({ "section_id": section, "title_bn": "সীমা", "lesson_type": "manual", "body": "<p>সীমা</p>" })).await;
    assert_eq!(lesson.status, StatusCode::CREATED, "{}", lesson.text);
    let batch = t.post(host, "/course/batch/create", Some(teacher), serde_json::json!({ "course_id": id, "name": "Merit", "start_date": "2026-11-01" })).await;
    let batch = batch.body["data"]["id"].as_i64().unwrap();
    assert_eq!(t.put(host, "/course/batch/update-publish-feature", teacher, serde_json::json!({ "id": batch, "published": true })).await.status, StatusCode::OK);
    assert_eq!(t.put(host, "/course/update-publish-feature", teacher, serde_json::json!({ "id": id, "published": true })).await.status, StatusCode::OK);
    (id, batch)
}

/// The local SSL Wireless gateway (infra/sms/sslwireless.py) on a free port, as a phone company's
/// side of the test: what it accepted is what the phones got.
pub struct SmsServer(pub LocalServer);

impl SmsServer {
    pub async fn start() -> Self {
        Self(LocalServer::start("sms/sslwireless.py", &["test-token", "LMSTEST"]).await)
    }

    pub fn senders(&self) -> Senders {
        let config = SmsConfig::SslWireless(SslWirelessConfig { url: self.0.url.clone(), api_token: Secret::new("test-token"), sid: "LMSTEST".into() });
        Senders { sms: Some(SmsGateway::new(config).unwrap()), ..Default::default() }
    }

    /// The texts a number received, oldest first.
    pub async fn texts(&self, msisdn: &str) -> Vec<Value> {
        self.0.http.get(format!("{}/messages?msisdn={msisdn}", self.0.url)).send().await.unwrap().json::<Vec<Value>>().await.unwrap()
    }

    pub async fn fault(&self, msisdn: &str, mode: &str) {
        self.0.http.post(format!("{}/faults", self.0.url)).json(&serde_json::json!({ "msisdn": msisdn, "mode": mode })).send().await.unwrap();
    }
}

/// The 6-digit code in a text.
pub fn code_in(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 6).expect("a 6-digit code").to_owned()
}

/// Reads server-sent events from a response body until one whose data contains `needle`; answers
/// its `id:` and `event:` lines. A hang fails after 60 s (the events come at once).
pub async fn event_with(body: &mut axum::body::BodyDataStream, needle: &str) -> (String, String) {
    use futures::StreamExt;
    let mut buffer = String::new();
    let found = tokio::time::timeout(std::time::Duration::from_secs(60), async {
        loop {
            let chunk = body.next().await.expect("the stream stays open").expect("a chunk");
            buffer.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = buffer.find("\n\n") {
                let event: String = buffer.drain(..end + 2).collect();
                if event.contains(needle) {
                    let line = |name: &str| event.lines().find_map(|l| l.strip_prefix(name)).unwrap_or_default().trim().to_owned();
                    return (line("id:"), line("event:"));
                }
            }
        }
    })
    .await;
    found.unwrap_or_else(|_| panic!("no event with {needle:?} arrived"))
}

/// Opens a server-sent event stream on `host` as the bearer of `token`.
pub async fn open_stream(router: &axum::Router, host: &str, path: &str, token: &str, last_event: Option<&str>) -> axum::body::BodyDataStream {
    use tower::ServiceExt;
    let mut request = axum::http::Request::get(path).header("host", host).header("authorization", format!("Bearer {token}")).header("accept", "text/event-stream");
    if let Some(id) = last_event {
        request = request.header("last-event-id", id);
    }
    let response = router.clone().oneshot(request.body(axum::body::Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    response.into_body().into_data_stream()
}

/// A JSON request as the web app sends it: to `host`, with the token, `headers` and `body`.
pub fn request(method: Method, host: &str, path: &str, token: Option<&str>, headers: &[(&str, &str)], body: Option<Value>) -> Request<Body> {
    let mut request = Request::builder().method(method).uri(path).header("host", host);
    if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("accept")) {
        request = request.header("accept", "application/json");
    }
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    match body {
        Some(body) => request.header("content-type", "application/json").body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    }
    .unwrap()
}

/// A multipart POST: each part is (name, file name for a file, bytes).
pub fn multipart(host: &str, path: &str, token: &str, parts: &[(&str, Option<&str>, &[u8])]) -> Request<Body> {
    let boundary = "----lms-test-boundary";
    let mut body = Vec::new();
    for (name, file_name, content) in parts {
        let disposition = match file_name {
            Some(file) => format!("form-data; name=\"{name}\"; filename=\"{file}\"\r\nContent-Type: application/octet-stream"),
            None => format!("form-data; name=\"{name}\""),
        };
        body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n").as_bytes());
        body.extend_from_slice(content);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    Request::builder()
        .method(Method::POST)
        .uri(path)
        .header("host", host)
        .header("accept", "application/json")
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(Body::from(body))
        .unwrap()
}

/// `request` answered by an edge's router (the test's own, or a second edge's).
pub async fn send_to(app: &Router, request: Request<Body>) -> Response {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 64 << 20).await.unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    Response { status, headers, body: serde_json::from_str(&text).unwrap_or(Value::Null), text, bytes }
}
