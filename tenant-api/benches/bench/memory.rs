//! Edge memory under hostile load (a benchmark: it prints figures; `infra/bench` runs it):
//! 16 lesson uploads of 50 MB at once, one 1 GB video into the file manager, then 100,000 requests of the kinds a fuzzer sends (NULs,
//! oversized bodies, long addresses, bad JSON, unknown hosts, big answers), 64 at a time.
//! Prints the release edge's resident memory before, at its peak and after each phase. Uploads
//! stream to S3 in parts, so memory must not grow with the size or number of files.

use bytes::Bytes;
use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::support;

const PORT: u16 = 8098;
const UPLOADS: usize = 16;
const UPLOAD_BYTES: usize = 50 * 1024 * 1024;
const VIDEO_BYTES: usize = 1 << 30;
const FUZZ_REQUESTS: usize = 100_000;
const CONCURRENCY: usize = 64;

/// Samples the process's resident memory every 50 ms; answers the highest seen (MB).
fn sample_rss(pid: u32, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<u64> {
    tokio::spawn(async move {
        let mut peak = 0;
        while !stop.load(Ordering::Relaxed) {
            peak = peak.max(support::rss_kb(pid, "VmRSS:") / 1024);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        peak
    })
}

/// A cheap deterministic generator, so every run sends the same requests.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// The kinds of fuzz request sent: all ten, or those of `FUZZ_CASES=2,5` (to find which one
/// costs memory).
fn fuzz_cases() -> Vec<u64> {
    std::env::var("FUZZ_CASES").map(|v| v.split(',').filter_map(|c| c.trim().parse().ok()).collect()).unwrap_or_else(|_| (0..10).collect())
}

/// The n-th fuzz request of kind `case`: (method, host, path, body).
fn fuzz_request(case: u64, host: &str, rng: &mut Lcg) -> (reqwest::Method, String, String, Option<Bytes>) {
    let word: String = (0..(rng.next() % 24)).map(|_| char::from(b'a' + (rng.next() % 26) as u8)).collect();
    let get = reqwest::Method::GET;
    let post = reqwest::Method::POST;
    match case {
        0 => (get, host.into(), format!("/learner-course/search-suggest?search={word}%00{word}"), None),
        1 => (get, host.into(), format!("/learner-course/details/{word}"), None),
        2 => (post, host.into(), "/my-account/user/login".into(), Some(Bytes::from(vec![b'x'; 1_200_000 + (rng.next() % 100_000) as usize]))),
        3 => (post, host.into(), "/course/course/create".into(), Some(Bytes::from(format!("{{\"title\": [\"{word}\", {{}}], \"x\": \"\\u0000\"")))),
        4 => (get, host.into(), format!("/learner-course/course-search-solr?search={}", "b".repeat(9000)), None),
        5 => (get, host.into(), "/api-docs/openapi.json".into(), None),
        6 => (get, format!("{word}.nosuch.localhost:{PORT}"), "/my-account/institutions/retrieve-site".into(), None),
        7 => (get, host.into(), format!("/learner-course/course-search-solr?search={word}&rows=100&start={}", rng.next() % 50), None),
        8 => (post, host.into(), "/my-account/user/login".into(), Some(Bytes::from(format!("{{\"email\": \"{word}@example.com\", \"password\": \"{word}\"}}")))),
        _ => (get, host.into(), format!("/learner-course/reviews/{}?page={}", rng.next(), i64::MAX), None),
    }
}

fn multipart(content: &[u8]) -> (Bytes, String) {
    let boundary = "memory-bench-boundary";
    let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"lecture.mp4\"\r\n\r\n").into_bytes();
    body.extend_from_slice(content);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (Bytes::from(body), format!("multipart/form-data; boundary={boundary}"))
}

pub async fn run() {
    let platform = TestPlatform::new().await;
    let _provisioner = support::Running(support::spawn(&platform, "provisioner", PORT, &[("PROVISIONER_POLL_SECS", "1".into())]));
    let edge = support::Running(support::spawn(&platform, "tenant-api", PORT, &[]));
    let pid = edge.0.id();
    let dhaka = platform.approved_institution("dhaka").await;
    platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let http = reqwest::Client::builder().pool_max_idle_per_host(CONCURRENCY).timeout(Duration::from_secs(300)).build().unwrap();
    let base = format!("http://127.0.0.1:{PORT}");
    let host = format!("dhaka.localhost:{PORT}");
    for _ in 0..600 {
        let r = http.get(format!("{base}/my-account/institutions/retrieve-site")).header("host", &host).send().await;
        if r.is_ok_and(|r| r.status().is_success()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let call = |method: reqwest::Method, path: &str, token: Option<&str>, body: Value| {
        let mut request = http.request(method, format!("{base}{path}")).header("host", &host).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send()
    };
    let login: Value = call(reqwest::Method::POST, "/my-account/user/login", None, json!({ "email": "teacher@dhaka.example", "password": "test-pass-123" }))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["data"]["token"].as_str().unwrap().to_owned();
    let data = |v: Value| v["data"]["id"].as_i64().unwrap();
    let course = data(call(reqwest::Method::POST, "/course/course/create", Some(&token), json!({ "title": "Bench" })).await.unwrap().json().await.unwrap());
    let section =
        data(call(reqwest::Method::POST, "/course/schedule/section", Some(&token), json!({ "course_id": course, "title": "S" })).await.unwrap().json().await.unwrap());
    let mut lessons = Vec::new();
    for n in 0..UPLOADS {
        let body = json!({ "section_id": section, "title": format!("L{n}"), "lesson_type": "video" });
        lessons.push(data(call(reqwest::Method::POST, "/course/schedule/lesson", Some(&token), body).await.unwrap().json().await.unwrap()));
    }
    let before = support::rss_kb(pid, "VmRSS:") / 1024;

    // 1. Uploads, all at once.
    let mut content = vec![0u8; UPLOAD_BYTES];
    for (i, b) in content.iter_mut().enumerate() {
        *b = (i * 31 % 251) as u8;
    }
    content[..12].copy_from_slice(b"\0\0\0\x18ftypmp42");
    let (body, content_type) = multipart(&content);
    drop(content);
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = sample_rss(pid, stop.clone());
    let started = Instant::now();
    let uploads = lessons.iter().map(|lesson| {
        let request = http
            .post(format!("{base}/course/schedule/lesson/{lesson}/file"))
            .header("host", &host)
            .header("content-type", &content_type)
            .bearer_auth(&token)
            .body(body.clone());
        async move { request.send().await.map(|r| r.status().as_u16()).unwrap_or(0) }
    });
    let statuses = futures::future::join_all(uploads).await;
    let upload_secs = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let upload_peak = sampler.await.unwrap();
    let after_uploads = support::rss_kb(pid, "VmRSS:") / 1024;
    let ok = statuses.iter().filter(|s| **s == 200).count();
    println!(
        "{UPLOADS} concurrent {} MB uploads: {upload_secs:.1} s ({:.0} MB/s), {ok}/{UPLOADS} stored | edge RSS before {before} MB, peak {upload_peak} MB, after {after_uploads} MB",
        UPLOAD_BYTES >> 20,
        (UPLOADS * UPLOAD_BYTES) as f64 / 1048576.0 / upload_secs,
    );

    // 2. One 1 GB video into the file manager, generated as it is sent (neither side holds it).
    let boundary = "video-bench-boundary";
    let head = Bytes::from(format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nvideo\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"lecture.mp4\"\r\n\r\n"
    ));
    let mut first = vec![7u8; 1 << 20];
    first[..12].copy_from_slice(b"\0\0\0\x18ftypmp42");
    let (first, rest) = (Bytes::from(first), Bytes::from(vec![42u8; 1 << 20]));
    let tail = Bytes::from(format!("\r\n--{boundary}--\r\n"));
    let chunks = std::iter::once(head).chain(std::iter::once(first)).chain(std::iter::repeat_n(rest, (VIDEO_BYTES >> 20) - 1)).chain(std::iter::once(tail));
    let body = reqwest::Body::wrap_stream(futures::stream::iter(chunks.map(Ok::<_, std::io::Error>)));
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = sample_rss(pid, stop.clone());
    let started = Instant::now();
    let stored = http
        .post(format!("{base}/file-manager/user/upload-file"))
        .header("host", &host)
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .bearer_auth(&token)
        .body(body)
        .send()
        .await
        .map(|r| r.status().as_u16())
        .unwrap_or(0);
    let video_secs = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let video_peak = sampler.await.unwrap();
    println!(
        "one {} MB video into the file manager: {video_secs:.1} s ({:.0} MB/s), status {stored} | edge RSS peak {video_peak} MB, after {} MB",
        VIDEO_BYTES >> 20,
        VIDEO_BYTES as f64 / 1048576.0 / video_secs,
        support::rss_kb(pid, "VmRSS:") / 1024,
    );

    // 3. Fuzz-like requests, 64 at a time.
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = sample_rss(pid, stop.clone());
    let counts: Arc<[AtomicU64; 6]> = Arc::new(Default::default());
    let next = Arc::new(AtomicU64::new(0));
    let cases: Arc<[u64]> = fuzz_cases().into();
    let started = Instant::now();
    let workers = (0..CONCURRENCY).map(|w| {
        let (http, base, host, counts, next, cases) = (http.clone(), base.clone(), host.clone(), counts.clone(), next.clone(), cases.clone());
        tokio::spawn(async move {
            let mut rng = Lcg(w as u64 + 1);
            loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                if n >= FUZZ_REQUESTS as u64 {
                    break;
                }
                let (method, host, path, body) = fuzz_request(cases[n as usize % cases.len()], &host, &mut rng);
                let mut request = http.request(method, format!("{base}{path}")).header("host", host).header("content-type", "application/json");
                if let Some(body) = body {
                    request = request.body(body);
                }
                let class = match request.send().await {
                    Ok(r) => {
                        let class = (r.status().as_u16() / 100) as usize;
                        let _ = r.bytes().await;
                        class
                    }
                    Err(_) => 0,
                };
                counts[class.min(5)].fetch_add(1, Ordering::Relaxed);
            }
        })
    });
    futures::future::join_all(workers).await;
    let fuzz_secs = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let fuzz_peak = sampler.await.unwrap();
    let c = |i: usize| counts[i].load(Ordering::Relaxed);
    println!(
        "{FUZZ_REQUESTS} fuzz requests, {CONCURRENCY} at a time: {:.0} req/s; 2xx {} 3xx {} 4xx {} 5xx {} failed {} | edge RSS peak {fuzz_peak} MB, after {} MB, highest ever {} MB",
        FUZZ_REQUESTS as f64 / fuzz_secs,
        c(2),
        c(3),
        c(4),
        c(5),
        c(0),
        support::rss_kb(pid, "VmRSS:") / 1024,
        support::rss_kb(pid, "VmHWM:") / 1024,
    );
}
