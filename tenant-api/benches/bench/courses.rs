//! Course benchmarks (not tests: they print figures). Run with `infra/bench`, which starts the
//! services and builds the release binaries this drives as child processes:
//! 1. `GET /learner-course/details/{slug}` of one partner's course: req/s and latency (wrk);
//! 2. certificate PDF generation (Bangla, shaped): time per PDF and size;
//! 3. a partner's public blog: the list (`/my-account/public/blogs/view`), one post's JSON and
//!    its page's first HTML (with its share card), over 60 published posts: req/s and latency;
//! 4. the content bank: a learner's catalogue page (12 of 60 items, each cover a signed link) and
//!    an enrolled item's ordered parts: req/s and latency.
//!
//! Catalogue search has its own benchmark (`search.rs`).

use crate::support;

use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::time::Instant;
use crate::support::percentile;

const PORT: u16 = 8098;

fn summary(mut ms: Vec<f64>) -> String {
    ms.sort_by(f64::total_cmp);
    format!("p50 {:.2} ms | p95 {:.2} ms | p99 {:.2} ms ({} requests)", percentile(&ms, 0.5), percentile(&ms, 0.95), percentile(&ms, 0.99), ms.len())
}

pub async fn run() {
    let platform = TestPlatform::new().await;
    let (_provisioner, _api, dhaka) = support::site(&platform, PORT, "dhaka").await;
    let addr: std::net::SocketAddr = format!("127.0.0.1:{PORT}").parse().unwrap();
    let client = reqwest::Client::builder().resolve("localhost", addr).resolve("dhaka.localhost", addr).build().unwrap();

    // 1. A course page on a partner site.
    platform.user("admin@bench.example", Some((dhaka, "partner-admin"))).await;
    let host = format!("http://dhaka.localhost:{PORT}");
    let call = support::caller(client.clone(), host.clone());
    let token = support::signed_in(&call, "admin@bench.example").await;
    let uuid = support::published_course(&call, &token).await;
    let lua = format!(
        "request = function()\n  return wrk.format(\"GET\", \"/learner-course/details/{uuid}\", {{ [\"Host\"] = \"dhaka.localhost:{PORT}\", [\"Accept\"] = \"application/json\" }})\nend"
    );
    println!("details/{{slug}}, 5 sections x 4 lessons, 64 connections, 10 s: {}", support::wrk("course-details", &lua, &format!("http://127.0.0.1:{PORT}")));

    // 2. Certificate PDFs.
    use tenant_api::certificates::pdf::{self, CertificateContent};
    use tenant_api::certificates::templates::{Placement, Signature};
    let signatures = [Signature { name: "অধ্যক্ষ".into(), title: "ঢাকা কলেজ".into() }, Signature { name: "Registrar".into(), title: "Dhaka College".into() }];
    let placement = Placement::default();
    let mut ms = Vec::new();
    let mut size = 0;
    for n in 0..200 {
        let holder = format!("মোঃ আবদুল করিম {n}");
        let start = Instant::now();
        let bytes = pdf::render(&CertificateContent {
            bangla: true, holder: &holder, course: "বাংলা ব্যাকরণ ও রচনা", institution: "ঢাকা কলেজ", date: "২২ নভেম্বর ২০২৬",
            tracking_code: "ABCD2345EFGH", verify_url: "https://lms.example/certificate/check/ABCD2345EFGH", accent: (0x1b, 0x5e, 0x20),
            placement: &placement, signatures: &signatures, background: None, logo: None,
        })
        .unwrap();
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
        size = bytes.len();
    }
    println!("certificate PDF (Bangla, shaped, QR code): {}; {:.1} KB each", summary(ms), size as f64 / 1024.0);

    // 3. The partner's public blog: 60 posts written by its admin, published by a super admin.
    let main = platform.main_id().await;
    platform.user("root@bench.example", Some((main, "super"))).await;
    let root_token = support::signed_in(&call, "root@bench.example").await;
    let categories = call(reqwest::Method::GET, "/my-account/articles/view-categories?type=blog", None, Value::Null).await;
    let category = categories["data"][0]["id"].as_i64().unwrap();
    let paragraph = "<p>পরীক্ষার আগের শেষ মাসে নতুন অধ্যায় নয়, পুরোনো পড়া ঝালাই করুন। Write one full paper a day against the clock.</p>";
    let mut post = 0;
    for n in 0..60 {
        let body = json!({ "title": format!("Study plan {n}"), "title_bn": format!("পড়ার পরিকল্পনা {n}"), "category_id": category,
            "body": paragraph.repeat(12), "tags": ["SSC", "পরীক্ষা"], "submit": true });
        post = call(reqwest::Method::POST, "/my-account/blogs/store", Some(&token), body).await["data"]["id"].as_i64().unwrap();
        call(reqwest::Method::PUT, "/my-account/blogs/publish", Some(&root_token), json!({ "id": post, "publish": true })).await;
    }
    let get = |path: &str, accept: &str| {
        format!("request = function()\n  return wrk.format(\"GET\", \"{path}\", {{ [\"Host\"] = \"dhaka.localhost:{PORT}\", [\"Accept\"] = \"{accept}\" }})\nend")
    };
    let base = format!("http://127.0.0.1:{PORT}");
    println!("public blog list (12 of 60 posts), 64 connections, 10 s: {}", support::wrk("blog-list", &get("/my-account/public/blogs/view?page=2", "application/json"), &base));
    println!("public blog post (JSON), 64 connections, 10 s: {}", support::wrk("blog-post", &get(&format!("/my-account/public/blogs/view/{post}"), "application/json"), &base));
    println!("blog post page (first HTML with its card), 64 connections, 10 s: {}", support::wrk("blog-page", &get(&format!("/blogs/details/{post}/study-plan"), "text/html"), &base));

    // 4. The content bank: 60 published items by the admin, each with a cover from the file
    //    manager, a video link and two texts; a learner's catalogue page and an enrolled item.
    let mut png = Vec::new();
    image::RgbImage::from_fn(640, 480, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let boundary = "bench-boundary";
    let mut form = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cover.png\"\r\nContent-Type: image/png\r\n\r\n").into_bytes();
    form.extend_from_slice(&png);
    form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let uploaded: Value = client.post(format!("{host}/file-manager/user/upload-file")).bearer_auth(&token).header("accept", "application/json")
        .header("content-type", format!("multipart/form-data; boundary={boundary}")).body(form).send().await.unwrap().json().await.unwrap();
    let cover = uploaded["data"]["id"].as_i64().unwrap();
    let link = call(reqwest::Method::POST, "/file-manager/user/create-url", Some(&token), json!({ "url": "https://www.youtube.com/watch?v=ZM8ECpBuQYE" })).await;
    let video = link["data"]["id"].as_i64().unwrap();
    let mut item = 0;
    for n in 0..60 {
        let body = json!({ "title": format!("Motion {n}"), "title_bn": format!("গতি {n}"), "content_type": "video", "category_id": 3,
            "duration": "1:15", "published": true, "cover_file_id": cover, "description_bn": "দ্রুতি, বেগ ও ত্বরণ।",
            "parts": [{ "title": "Recording", "kind": "file", "file_id": video }, { "title": "Summary", "kind": "text", "body": paragraph.repeat(4) },
                      { "title": "Questions", "kind": "text", "body": paragraph }] });
        item = call(reqwest::Method::POST, "/content-bank/content/create", Some(&token), body).await["data"]["id"].as_i64().unwrap();
    }
    platform.user("learner@bench.example", None).await;
    let learner = call(reqwest::Method::POST, "/my-account/user/login", None, json!({ "email": "learner@bench.example", "password": "test-pass-123" })).await;
    let learner = learner["data"]["token"].as_str().unwrap().to_owned();
    call(reqwest::Method::POST, &format!("/content-bank-front/content/enroll/{item}"), Some(&learner), json!({})).await;
    let signed_in = |path: &str| {
        format!(
            "request = function()\n  return wrk.format(\"GET\", \"{path}\", {{ [\"Host\"] = \"dhaka.localhost:{PORT}\", [\"Accept\"] = \"application/json\", [\"Authorization\"] = \"Bearer {learner}\" }})\nend"
        )
    };
    println!("content bank catalogue (12 of 60 items, signed covers), 64 connections, 10 s: {}", support::wrk("content-list", &signed_in("/content-bank/content/view?page=2"), &base));
    println!("an enrolled item's ordered parts, 64 connections, 10 s: {}", support::wrk("content-parts", &signed_in(&format!("/content-bank-front/content/view_ordered_content/{item}")), &base));
}
