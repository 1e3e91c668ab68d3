//! What the benchmarks share: the release binaries they drive, percentiles, wrk runs and open
//! event streams.
#![allow(dead_code)] // each bench uses its own subset

use control_plane::testing::TestPlatform;
use std::io::Write;
use std::process::{Child, Command, Stdio};

pub fn release_binary(name: &str) -> String {
    let path = format!("{}/../target/release/{name}", env!("CARGO_MANIFEST_DIR"));
    assert!(std::path::Path::new(&path).exists(), "build it first: cargo build --release --bins");
    path
}

/// A release binary of the platform on `port`, with the platform's environment.
pub fn spawn(platform: &TestPlatform, name: &str, port: u16, extra: &[(&str, String)]) -> Child {
    Command::new(release_binary(name))
        .envs(platform.env())
        .env("PUBLIC_BASE_URL", format!("http://localhost:{port}"))
        .env("LISTEN_ADDR", format!("127.0.0.1:{port}"))
        .env("WEB_DIST", concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist"))
        .env("RUST_LOG", "error")
        .envs(extra.iter().map(|(k, v)| (*k, v.clone())))
        .stdout(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits until every institution in `ids` is active (provisioned).
pub async fn wait_active(platform: &TestPlatform, ids: &[i64]) {
    loop {
        let left: i64 = sqlx::query_scalar("SELECT count(*) FROM institutions WHERE id = ANY($1) AND state <> 'active'")
            .bind(ids)
            .fetch_one(&platform.db)
            .await
            .unwrap();
        if left == 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// `GET /my-account/activity/view` on each host at once (a request that opens the site's pool and
/// queries it), through the edge on `port`; answers how many failed.
pub async fn touch_sites(http: &reqwest::Client, port: u16, token: &str, hosts: &[String]) -> usize {
    let calls = hosts.iter().map(|host| {
        http.get(format!("http://127.0.0.1:{port}/my-account/activity/view")).header("host", host).bearer_auth(token).send()
    });
    futures::future::join_all(calls).await.into_iter().filter(|r| !r.as_ref().is_ok_and(|r| r.status().is_success())).count()
}

/// A child process stopped when dropped, also when the benchmark panics.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The platform's provisioner and tenant-api (release builds) on `port`, with the partner `slug`
/// approved, its site provisioned and the API answering: (provisioner, tenant-api, its id).
pub async fn site(platform: &TestPlatform, port: u16, slug: &str) -> (Running, Running, i64) {
    site_with(platform, port, slug, &[]).await
}

/// The same, with more environment for tenant-api (the mail and SMS servers it delivers to).
pub async fn site_with(platform: &TestPlatform, port: u16, slug: &str, extra: &[(&str, String)]) -> (Running, Running, i64) {
    use std::time::{Duration, Instant};
    let provisioner = Running(spawn(platform, "provisioner", port, &[("PROVISIONER_POLL_SECS", "1".into())]));
    let api = Running(spawn(platform, "tenant-api", port, extra));
    let id = platform.approved_institution(slug).await;
    let started = Instant::now();
    while sqlx::query_scalar::<_, String>("SELECT state FROM institutions WHERE id = $1").bind(id).fetch_one(&platform.db).await.unwrap() != "active" {
        assert!(started.elapsed() < Duration::from_secs(60), "{slug} did not become active");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let client = reqwest::Client::builder().resolve("localhost", addr).build().unwrap();
    while client.get(format!("http://localhost:{port}/api-docs/openapi.json")).send().await.is_err() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (provisioner, api, id)
}

/// A partner site's API over HTTP, as a browser calls it (`<slug>.localhost` resolved to the
/// benchmark's tenant-api).
#[derive(Clone)]
pub struct Api {
    client: reqwest::Client,
    host: String,
}

impl Api {
    /// With up to `idle` pooled connections.
    pub fn new(slug: &str, port: u16, idle: usize) -> Self {
        let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let name = format!("{slug}.localhost");
        let client = reqwest::Client::builder().resolve(&name, addr).pool_max_idle_per_host(idle).build().unwrap();
        Self { client, host: format!("http://{name}:{port}") }
    }

    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.host)
    }

    /// A call that must succeed: (milliseconds to the whole body, the body).
    pub fn call(&self, method: reqwest::Method, path: String, token: String, body: serde_json::Value) -> impl std::future::Future<Output = (f64, bytes::Bytes)> + Send + use<> {
        let request = self.client.request(method.clone(), self.url(&path)).header("accept", "application/json").bearer_auth(token).json(&body);
        async move {
            let start = std::time::Instant::now();
            let response = request.send().await.unwrap();
            let status = response.status();
            let bytes = response.bytes().await.unwrap();
            assert!(status.is_success(), "{method} {path}: {status} {}", String::from_utf8_lossy(&bytes));
            (start.elapsed().as_secs_f64() * 1000.0, bytes)
        }
    }
}

/// What a benchmark's set-up calls a site's API with: `call(method, path, bearer token, JSON body)`
/// answers the JSON, through `client` at `base` (`http://host:port`).
pub fn caller(client: reqwest::Client, base: String) -> impl Fn(reqwest::Method, &str, Option<&str>, serde_json::Value) -> std::pin::Pin<Box<dyn std::future::Future<Output = serde_json::Value> + Send>> {
    move |method, path, token, body| {
        let mut request = client.request(method, format!("{base}{path}")).header("accept", "application/json").json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        Box::pin(async move { request.send().await.unwrap().json::<serde_json::Value>().await.unwrap() })
    }
}

/// Signs `email` in (password `test-pass-123`, as `TestPlatform::user` sets) through `call` and
/// switches to its first role; answers its token.
pub async fn signed_in<F, Fut>(call: &F, email: &str) -> String
where
    F: Fn(reqwest::Method, &str, Option<&str>, serde_json::Value) -> Fut,
    Fut: std::future::Future<Output = serde_json::Value>,
{
    let login = call(reqwest::Method::POST, "/my-account/user/login", None, serde_json::json!({ "email": email, "password": "test-pass-123" })).await;
    let token = login["data"]["token"].as_str().unwrap().to_owned();
    let role = login["data"]["user"]["roles"][0]["id"].as_i64().unwrap();
    call(reqwest::Method::POST, &format!("/my-account/user/switch-role/{role}"), Some(&token), serde_json::json!({})).await;
    token
}

/// A published course of 5 sections of 4 lessons with a published batch, made through the API by
/// `call` (method, path, bearer token, JSON body; answers the JSON) as an author of the site;
/// answers its uuid, the key of its page.
pub async fn published_course<F, Fut>(call: &F, token: &str) -> String
where
    F: Fn(reqwest::Method, &str, Option<&str>, serde_json::Value) -> Fut,
    Fut: std::future::Future<Output = serde_json::Value>,
{
    use serde_json::json;
    let course = call(reqwest::Method::POST, "/course/course/create", Some(token), json!({ "title": "Bangla Grammar", "title_bn": "বাংলা ব্যাকরণ", "category_id": 1 })).await;
    let (id, uuid) = (course["data"]["id"].as_i64().unwrap(), course["data"]["uuid"].as_str().unwrap().to_owned());
    for s in 0..5 {
        let section = call(reqwest::Method::POST, "/course/schedule/section", Some(token), json!({ "course_id": id, "title": format!("Part {s}") })).await;
        for l in 0..4 {
            let body = json!({ "section_id": section["data"]["id"], "title": format!("Lesson {s}.{l}"), "lesson_type": "manual", "body": "<p>text</p>" });
            call(reqwest::Method::POST, "/course/schedule/lesson", Some(token), body).await;
        }
    }
    let batch = call(reqwest::Method::POST, "/course/batch/create", Some(token), json!({ "course_id": id, "name": "B1", "start_date": "2026-01-01" })).await;
    call(reqwest::Method::PUT, "/course/batch/update-publish-feature", Some(token), json!({ "id": batch["data"]["id"], "published": true })).await;
    call(reqwest::Method::PUT, "/course/update-publish-feature", Some(token), json!({ "id": id, "published": true })).await;
    uuid
}

/// A field of /proc/<pid>/status in kB (`VmRSS:` resident now, `VmHWM:` the highest so far).
pub fn rss_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status.lines().find(|l| l.starts_with(field)).and_then(|l| l.split_whitespace().nth(1)).unwrap().parse().unwrap()
}

pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Latencies in milliseconds as p50 | p95 | p99 | max (and how many).
pub fn figures(mut ms: Vec<f64>) -> String {
    ms.sort_by(f64::total_cmp);
    format!("p50 {:.1} ms | p95 {:.1} ms | p99 {:.1} ms | max {:.1} ms ({} requests)", percentile(&ms, 0.5), percentile(&ms, 0.95), percentile(&ms, 0.99), ms.last().unwrap(), ms.len())
}

/// Runs wrk (2 threads, 64 connections, 10 s) with a Lua request script against `base`;
/// answers "N req/s | p50 .. | p99 .. | non-2xx".
pub fn wrk(name: &str, lua: &str, base: &str) -> String {
    let script = std::env::temp_dir().join(format!("{name}.lua"));
    std::fs::File::create(&script).unwrap().write_all(lua.as_bytes()).unwrap();
    let out = Command::new("wrk")
        .args(["-t2", "-c64", "-d10s", "--latency", "-s"])
        .arg(&script)
        .arg(base)
        .output()
        .expect("wrk (apt-get install wrk)");
    let report = String::from_utf8_lossy(&out.stdout);
    let find = |prefix: &str| report.lines().find(|l| l.trim_start().starts_with(prefix)).unwrap_or("?").trim().to_owned();
    let non2xx = report.lines().find(|l| l.contains("Non-2xx")).unwrap_or("Non-2xx or 3xx responses: 0").trim().to_owned();
    format!("{} | p50 {} | p99 {} | {}", find("Requests/sec"), find("50%"), find("99%"), non2xx)
}

/// Opens one server-sent event stream on `path` per token and answers, once every one has
/// answered 200, the events as they arrive: (which token, the event's text, when it arrived).
pub async fn open_event_streams(site: &Api, path: &str, tokens: &[String]) -> tokio::sync::mpsc::UnboundedReceiver<(usize, String, std::time::Instant)> {
    use futures::StreamExt;
    let (arrived, arrivals) = tokio::sync::mpsc::unbounded_channel();
    let (opened, mut open) = tokio::sync::mpsc::unbounded_channel::<()>();
    for (which, token) in tokens.iter().enumerate() {
        let request = site.client().get(site.url(path)).header("accept", "text/event-stream").bearer_auth(token);
        let (arrived, opened) = (arrived.clone(), opened.clone());
        tokio::spawn(async move {
            let response = request.send().await.unwrap();
            assert!(response.status().is_success(), "stream: {}", response.status());
            opened.send(()).unwrap();
            let mut body = response.bytes_stream();
            let mut buffer = String::new();
            while let Some(Ok(chunk)) = body.next().await {
                buffer.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = buffer.find("\n\n") {
                    let event: String = buffer.drain(..end + 2).collect();
                    let _ = arrived.send((which, event, std::time::Instant::now()));
                }
            }
        });
    }
    for _ in tokens {
        open.recv().await.unwrap();
    }
    arrivals
}

/// A session for a new account holding `role` on site `tenant`, acting in it.
pub async fn staff_session(platform: &TestPlatform, email: &str, tenant: i64, role: &str) -> String {
    use control_plane::auth::sessions::{self, Holder};
    let id = platform.user(email, Some((tenant, role))).await;
    let membership: i64 = sqlx::query_scalar("SELECT id FROM memberships WHERE user_id = $1").bind(id).fetch_one(&platform.db).await.unwrap();
    sessions::create(&platform.db, Holder::User { id, current_membership_id: Some(membership) }).await.unwrap().0
}

/// `n` accounts named "`name` 1".. with e-mail "`mailbox`1@bench.example".., each with a session
/// made directly (n argon2 sign-ins would measure argon2): their ids and tokens, in order.
pub async fn accounts(platform: &TestPlatform, name: &str, mailbox: &str, n: usize) -> (Vec<i64>, Vec<String>) {
    use control_plane::auth::sessions::{self, Holder};
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO users (name, email, password_hash) SELECT $1 || ' ' || n, $2 || n || '@bench.example', 'not-a-hash'
           FROM generate_series(1, $3) n RETURNING id",
    )
    .bind(name)
    .bind(mailbox)
    .bind(n as i32)
    .fetch_all(&platform.db)
    .await
    .unwrap();
    let mut tokens = Vec::new();
    for id in &ids {
        tokens.push(sessions::create(&platform.db, Holder::User { id: *id, current_membership_id: None }).await.unwrap().0);
    }
    (ids, tokens)
}
