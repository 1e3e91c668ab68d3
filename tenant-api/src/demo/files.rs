//! The demo file manager: Dhaka College's physics teacher keeps lecture notes, figures and class
//! videos in folders, and has shared the syllabus with the college's admin; a learner has their
//! profile and cover folders. Made through the file manager's API; a teacher who already has
//! folders is left as they are.

use super::Api;
use super::catalogue::Site;
use super::media::{figure, notes_pdf};
use anyhow::Context;
use axum::body::Body;
use axum::http::Method;
use serde_json::json;

const TEACHER: &str = "teacher@example.com";

pub(super) async fn seed(api: &mut Api) -> anyhow::Result<()> {
    let token = api.token(Site::Dhaka, TEACHER).await?;
    let (_, existing) = api.send(Site::Dhaka, Method::GET, "/file-manager/user/get-my-files", Some(&token), Body::empty(), "application/json").await?;
    if existing["data"]["directories"].as_array().is_some_and(|d| !d.is_empty()) {
        return Ok(());
    }
    let folder = async |name: &str, parent: Option<i64>| -> anyhow::Result<i64> {
        let made = api.call(Site::Dhaka, Method::POST, "/file-manager/user/create-folder", Some(&token), json!({ "name": name, "parent_id": parent })).await?;
        made["id"].as_i64().context("a folder has an id")
    };
    let physics = folder("এসএসসি পদার্থবিজ্ঞান", None).await?;
    let motion = folder("অধ্যায় ২: গতি", Some(physics)).await?;
    let videos = folder("Class videos", None).await?;
    folder("Exam papers 2026", None).await?;

    let upload = async |folder: i64, name: &str, bytes: Vec<u8>| {
        api.upload_to(Site::Dhaka, &token, "/file-manager/user/upload-file", &[("folder_id", folder.to_string())], name, &bytes).await
    };
    let syllabus = upload(
        physics,
        "ssc-physics-syllabus-2026.pdf",
        notes_pdf("SSC Physics syllabus 2026", &["1. Physical quantities and measurement", "2. Motion", "3. Force", "4. Work, power and energy"]),
    )
    .await?;
    upload(motion, "velocity-time-graph.png", figure("#1565c0")).await?;
    upload(motion, "motion-notes.pdf", notes_pdf("Motion: class notes", &["Speed = distance / time", "Velocity has a direction", "a = (v - u) / t"])).await?;
    upload(physics, "pressure-figure.png", figure("#2e7d32")).await?;
    for (title, url) in [
        ("গতির সমীকরণ: ক্লাস রেকর্ডিং", "https://www.youtube.com/watch?v=ZM8ECpBuQYE"),
        ("Newton's laws in 5 minutes", "https://youtu.be/kKKM8Y-u7ds"),
    ] {
        api.call(Site::Dhaka, Method::POST, "/file-manager/user/create-url", Some(&token), json!({ "url": url, "title": title, "folder_id": videos })).await?;
    }
    api.call(Site::Dhaka, Method::POST, "/file-manager/user/create-url", Some(&token),
        json!({ "url": "https://www.nctb.gov.bd/", "title": "NCTB textbooks (জাতীয় শিক্ষাক্রম ও পাঠ্যপুস্তক বোর্ড)" })).await?;
    api.call(Site::Dhaka, Method::POST, "/my-account/sharing/share", Some(&token),
        json!({ "table": "files", "id": syllabus["id"], "users": ["dhaka-admin@example.com"] })).await?;

    let learner = api.token(Site::Dhaka, "learner@example.com").await?;
    api.call(Site::Dhaka, Method::POST, "/file-manager/user/profile-folder", Some(&learner), json!({})).await?;
    Ok(())
}
