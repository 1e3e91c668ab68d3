//! Blogs, tutorials and articles against the real PostgreSQL and S3 server: a teacher's draft
//! submitted, published by the approver and shown on the public list and page (with a share card in
//! the first HTML); bad input refused field by field; script in posted HTML never kept; writers
//! reaching only their own posts, learners none; the site's own pages; pictures from the file
//! manager copied into the site's bucket behind a stable address; and no post of one site readable
//! or changeable on another.

use crate::common::{Response, TestApp};
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

/// The code of the (first) error on `field`, recognised by its English message.
fn field_code(r: &Response, field: &str) -> String {
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let said = r.body["errors"][field][0].as_str().unwrap_or_else(|| panic!("no error on {field}: {}", r.text));
    let codes = ["required", "invalid_choice", "invalid_url", "duration_not_hms", "too_long", "still_a_draft", "not_published", "invalid_file"];
    codes
        .iter()
        .find(|c| [None, Some(10), Some(200)].iter().any(|n| control_plane::i18n::message(c, control_plane::i18n::Lang::En, *n) == said))
        .map_or_else(|| said.to_owned(), |c| (*c).to_owned())
}

async fn category(t: &TestApp, kind: &str, slug: &str) -> i64 {
    let r = t.get(DHAKA, &format!("/my-account/articles/view-categories?type={kind}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"].as_array().unwrap().iter().find(|c| c["slug"] == slug).unwrap()["id"].as_i64().unwrap()
}

fn ids(r: &Response) -> Vec<i64> {
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

fn png() -> Vec<u8> {
    let mut out = Vec::new();
    image::RgbImage::from_fn(64, 32, |x, y| image::Rgb([x as u8, y as u8, 7])).write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
    out
}

#[tokio::test]
async fn posts_go_from_draft_to_approved_to_public_on_their_own_site_only() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    let main = t.platform.main_id().await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("colleague@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    t.platform.user("approver@example.com", Some((main, "sys-blog-and-tutorial-admin"))).await;
    t.platform.user("learner@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let approver = t.acting(DHAKA, "approver@example.com").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let sylhet_approver = t.acting(SYLHET, "approver@example.com").await;
    let learner = t.login(DHAKA, "learner@example.com").await;
    let study_tips = category(&t, "blog", "study-tips").await;
    let maths = category(&t, "tutorial", "mathematics").await;

    // Bad input, every field at once; a category of another type is no category.
    let r = t.post(DHAKA, "/my-account/blogs/store", Some(&teacher), json!({ "title": " \u{200b} ", "category_id": maths, "body": "<p> </p>" })).await;
    assert_eq!((field_code(&r, "title"), field_code(&r, "category_id"), field_code(&r, "body")), ("required".into(), "invalid_choice".into(), "required".into()));
    let r = t.post(DHAKA, "/my-account/blogs/store", Some(&teacher), json!({ "title": "x", "body": "<p>x</p>" })).await;
    assert_eq!(field_code(&r, "category_id"), "required");
    let r = t.post(DHAKA, "/my-account/blogs/store", Some(&teacher), json!({ "title": "x", "category_id": "three", "body": "x" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "a wrong type is refused, not a 500: {}", r.text);
    let r = t.post(DHAKA, "/my-account/blogs/store", Some(&teacher), json!({ "title": "a\u{0}b", "category_id": study_tips, "body": "x" })).await;
    assert!(r.status.is_client_error(), "a NUL is refused: {}", r.text);
    let r = t.post(DHAKA, "/my-account/blogs/store", Some(&teacher), json!({ "title": "Huge", "category_id": study_tips, "body": "x".repeat(2 << 20) })).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", r.text);
    let tutorial = |duration: &str, video: &str| json!({ "title": "ভগ্নাংশ", "category_id": maths, "body": "<p>ভগ্নাংশের যোগ</p>", "duration": duration, "video_url": video });
    for (duration, video, field, code) in [
        ("1:75", "https://www.youtube.com/watch?v=abc", "duration", "duration_not_hms"),
        ("01:30", "https://www.youtube.com/watch?v=abc", "duration", "duration_not_hms"),
        ("00:10:00", "not a url", "video_url", "invalid_url"),
        ("00:10:00", "javascript:alert(1)", "video_url", "invalid_url"),
        ("00:10:00", "", "video_url", "required"),
    ] {
        let r = t.post(DHAKA, "/my-account/tutorials/store", Some(&teacher), tutorial(duration, video)).await;
        assert_eq!(field_code(&r, field), code, "{duration} {video}");
    }
    let r = t.post(DHAKA, "/my-account/blogs/store", Some(&teacher), json!({ "title": "x", "category_id": study_tips, "body": "x", "cover": "ftp://x" })).await;
    assert_eq!(field_code(&r, "cover"), "invalid_url");

    // A draft, its script gone; its summary the start of its text.
    let body = r#"<h2 onmouseover="alert(1)">পরীক্ষার প্রস্তুতি</h2><p>Plan <b>every</b> day.<script>alert(document.cookie)</script>
        <img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a><iframe src="https://evil.example/"></iframe>
        <iframe src="https://www.youtube-nocookie.com/embed/abc123"></iframe><svg onload=alert(1)></svg></p>"#;
    let draft = json!({ "title": "How to prepare for the SSC", "title_bn": "এসএসসি প্রস্তুতি", "category_id": study_tips, "body": body, "tags": ["SSC", "ssc", "exam"] });
    let r = t.post(DHAKA, "/my-account/blogs/store", Some(&teacher), draft.clone()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let post = r.body["data"].clone();
    let id = post["id"].as_i64().unwrap();
    assert_eq!((post["status"].as_str(), post["publish"].as_i64()), (Some("draft"), Some(0)));
    let kept = post["body"].as_str().unwrap();
    for gone in ["<script", "onmouseover", "onerror", "onload", "javascript:", "evil.example", "<svg"] {
        assert!(!kept.contains(gone), "{gone} kept: {kept}");
    }
    assert!(kept.contains("youtube-nocookie.com/embed/abc123") && kept.contains("<b>every</b>"), "{kept}");
    assert_eq!(post["summary"], "পরীক্ষার প্রস্তুতি Plan every day. click");
    assert_eq!(post["tags"], json!(["SSC", "exam"]), "tags once whatever their case");

    // Writers see their own; a colleague neither sees nor changes it; learners and visitors nothing.
    assert_eq!(ids(&t.get(DHAKA, "/my-account/blogs/view", Some(&teacher)).await), vec![id]);
    assert!(ids(&t.get(DHAKA, "/my-account/blogs/view", Some(&colleague)).await).is_empty());
    let r = t.put(DHAKA, "/my-account/blogs/update", &colleague, json!({ "id": id, "title": "Mine now", "category_id": study_tips, "body": "x" })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(DHAKA, &format!("/my-account/blogs/delete/{id}"), Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/my-account/blogs/view", Some(&learner)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.post(DHAKA, "/my-account/blogs/store", Some(&learner), draft.clone()).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, "/my-account/blogs/view", None).await.status, StatusCode::UNAUTHORIZED);
    // Only approvers publish, and not a draft.
    let r = t.put(DHAKA, "/my-account/blogs/publish", &teacher, json!({ "id": id, "publish": true })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = t.put(DHAKA, "/my-account/blogs/publish", &approver, json!({ "id": id, "publish": true })).await;
    assert_eq!(r.body["code"], "still_a_draft", "{}", r.text);

    // Submitted: the approver sees it, it is not public yet.
    let r = t.put(DHAKA, "/my-account/blogs/update", &teacher, merged(&draft, json!({ "id": id, "submit": true }))).await;
    assert_eq!(r.body["data"]["status"], "submitted", "{}", r.text);
    let r = t.get(DHAKA, "/my-account/blogs/view?publish=submitted", Some(&approver)).await;
    assert_eq!(ids(&r), vec![id]);
    assert!(ids(&t.get(DHAKA, "/my-account/public/blogs/view", None).await).is_empty());
    assert_eq!(t.get(DHAKA, &format!("/my-account/public/blogs/view/{id}"), None).await.status, StatusCode::NOT_FOUND);
    let r = t.put(DHAKA, "/my-account/blogs/publish", &approver, json!({ "id": id, "publish": false })).await;
    assert_eq!(r.body["code"], "not_published", "{}", r.text);

    // Published: on the public list (by category and search, in either language) and page.
    let r = t.put(DHAKA, "/my-account/blogs/publish", &approver, json!({ "id": id, "publish": true })).await;
    assert_eq!((r.body["data"]["status"].as_str(), r.body["data"]["publish"].as_i64()), (Some("published"), Some(1)), "{}", r.text);
    assert_eq!(ids(&t.get(DHAKA, "/my-account/public/blogs/view", None).await), vec![id]);
    assert_eq!(ids(&t.get(DHAKA, &format!("/my-account/public/blogs/view?category_id={study_tips}&search=%E0%A6%8F%E0%A6%B8%E0%A6%8F%E0%A6%B8%E0%A6%B8%E0%A6%BF"), None).await), vec![id]);
    assert!(ids(&t.get(DHAKA, &format!("/my-account/public/blogs/view?category_id={}", category(&t, "blog", "careers").await), None).await).is_empty());
    let r = t.get(DHAKA, "/my-account/public/blogs/view?page=99", None).await;
    assert_eq!((r.body["current_page"].as_i64(), ids(&r)), (Some(1), vec![id]), "a page beyond the last is the last");
    assert_eq!(t.get(DHAKA, "/my-account/public/blogs/view", None).await.body["data"][0]["body"], "", "lists leave the text out");
    let r = t.get(DHAKA, &format!("/my-account/public/blogs/view/{id}"), None).await;
    assert_eq!((r.body["data"]["title_bn"].as_str(), r.body["data"]["author"]["name"].as_str()), (Some("এসএসসি প্রস্তুতি"), Some("teacher@dhaka.example")));
    // The page's first HTML carries its card, in the reader's language.
    let page = t.call(Method::GET, DHAKA, &format!("/blogs/details/{id}/ssc"), None, &[("accept", "text/html"), ("cookie", "lang=bn")], None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("<meta property=\"og:title\" content=\"এসএসসি প্রস্তুতি\">"), "{}", page.text);
    assert!(page.text.contains("<meta property=\"og:description\" content=\"পরীক্ষার প্রস্তুতি Plan every day. click\">"));
    assert!(page.text.contains("<title>এসএসসি প্রস্তুতি</title>"));
    // A writer's edit sends it back for approval: it leaves the public site.
    let r = t.put(DHAKA, "/my-account/blogs/update", &teacher, merged(&draft, json!({ "id": id, "submit": true, "title": "SSC: a plan" }))).await;
    assert_eq!(r.body["data"]["status"], "submitted", "{}", r.text);
    assert!(ids(&t.get(DHAKA, "/my-account/public/blogs/view", None).await).is_empty());
    let page = t.call(Method::GET, DHAKA, &format!("/blogs/details/{id}"), None, &[("accept", "text/html")], None).await;
    assert!(!page.text.contains("og:title"), "no card for what is not public");
    t.put(DHAKA, "/my-account/blogs/publish", &approver, json!({ "id": id, "publish": true })).await;
    let r = t.put(DHAKA, "/my-account/blogs/publish", &approver, json!({ "id": id, "publish": false, "reason": "Add sources" })).await;
    assert_eq!((r.body["data"]["status"].as_str(), r.body["data"]["reason"].as_str()), (Some("unpublished"), Some("Add sources")));
    t.put(DHAKA, "/my-account/blogs/publish", &approver, json!({ "id": id, "publish": true })).await;

    // The main site shows a partner's post once the super admin selects it, linking to its page.
    let root = t.super_admin().await;
    let main_approver = t.acting("localhost", "approver@example.com").await;
    let r = t.get("localhost", "/my-account/showcase/posts?search=SSC", Some(&root)).await;
    let entry = r.body["data"].as_array().unwrap().iter().find(|p| p["post_id"] == id && p["kind"] == "blog").cloned().unwrap_or_else(|| panic!("{}", r.text));
    let url = entry["url"].as_str().unwrap();
    assert!(url.contains("dhaka.") && url.ends_with(&format!("/blogs/details/{id}")), "{entry}");
    assert_eq!((entry["selected"].as_bool(), entry["title"].as_str()), (Some(false), Some("SSC: a plan")));
    let showcased = entry["id"].as_i64().unwrap();
    assert!(ids(&t.get("localhost", "/my-account/public/articles/check-selected", None).await).is_empty());
    assert_eq!(t.get("localhost", &format!("/my-account/public/articles/check-selected/{showcased}"), None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get("localhost", "/my-account/showcase/posts", Some(&main_approver)).await.status, StatusCode::FORBIDDEN);
    let select = json!({ "selected": true });
    assert_eq!(t.put("localhost", &format!("/my-account/showcase/select/{showcased}"), &main_approver, select.clone()).await.status, StatusCode::FORBIDDEN);
    let r = t.put("localhost", &format!("/my-account/showcase/select/{showcased}"), &root, select).await;
    assert_eq!(r.body["data"]["selected"], true, "{}", r.text);
    assert_eq!(ids(&t.get("localhost", "/my-account/public/articles/check-selected", None).await), vec![showcased]);
    let r = t.get("localhost", &format!("/my-account/public/articles/check-selected/{showcased}"), None).await;
    assert_eq!((r.body["data"]["institution_id"].as_i64(), r.body["data"]["summary"].as_str()), (Some(dhaka), Some("পরীক্ষার প্রস্তুতি Plan every day. click")));
    // Unpublished on its site, it leaves the main site too.
    t.put(DHAKA, "/my-account/blogs/publish", &approver, json!({ "id": id, "publish": false })).await;
    assert!(ids(&t.get("localhost", "/my-account/public/articles/check-selected", None).await).is_empty());
    assert!(ids(&t.get("localhost", "/my-account/showcase/posts?search=SSC", Some(&root)).await).is_empty());
    t.put(DHAKA, "/my-account/blogs/publish", &approver, json!({ "id": id, "publish": true })).await;

    // A tutorial with its duration typed as HH:mm:ss and a video link.
    let r = t.post(DHAKA, "/my-account/tutorials/store", Some(&teacher), merged(&tutorial("1:05:09", "https://youtu.be/abc123"), json!({ "submit": true }))).await;
    assert_eq!((r.status, r.body["data"]["duration"].as_str()), (StatusCode::CREATED, Some("01:05:09")), "{}", r.text);
    let lesson = r.body["data"]["id"].as_i64().unwrap();
    let r = t.put(DHAKA, &format!("/my-account/tutorials/update/{lesson}"), &teacher, merged(&tutorial("00:45:00", "https://youtu.be/abc123"), json!({ "submit": true }))).await;
    assert_eq!(r.body["data"]["duration"], "00:45:00", "{}", r.text);
    t.put(DHAKA, "/my-account/tutorials/publish", &approver, json!({ "id": lesson, "publish": true })).await;
    assert_eq!(ids(&t.get(DHAKA, "/api/tutorials/get", None).await), vec![lesson]);
    let r = t.get(DHAKA, &format!("/my-account/public/tutorials/view-details/{lesson}"), None).await;
    assert_eq!((r.body["data"]["video_url"].as_str(), r.body["data"]["duration"].as_str()), (Some("https://youtu.be/abc123"), Some("00:45:00")));

    // Articles are the site admin's, published at once: the about page, the banner.
    let about = category(&t, "article", "about").await;
    let page = json!({ "title": "About Dhaka College", "title_bn": "ঢাকা কলেজ সম্পর্কে", "category_id": about, "body": "<p>Since 1841.</p>", "publish": true });
    assert_eq!(t.post(DHAKA, "/my-account/articles/store", Some(&teacher), page.clone()).await.status, StatusCode::FORBIDDEN);
    let r = t.post(DHAKA, "/my-account/articles/store", Some(&admin), page).await;
    assert_eq!(r.body["data"]["status"], "published", "{}", r.text);
    let about_id = r.body["data"]["id"].as_i64().unwrap();
    let news = category(&t, "article", "news").await;
    let banner = json!({ "title": "Admissions open", "title_bn": "ভর্তি চলছে", "category_id": news, "body": "<p>Apply by 30 December.</p>",
        "news": true, "link": "https://forms.example/feedback", "publish": true });
    let r = t.post(DHAKA, "/my-account/articles/store", Some(&admin), banner).await;
    let banner_id = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, "/my-account/articles/store", Some(&admin), json!({ "title": "x", "category_id": news, "body": "x", "link": "nope" })).await;
    assert_eq!(field_code(&r, "link"), "invalid_url");
    assert_eq!(t.get(DHAKA, "/my-account/public/articles/about-us", None).await.body["data"]["id"].as_i64(), Some(about_id));
    let r = t.get(DHAKA, "/my-account/public/articles/popup_and_news", None).await;
    assert_eq!((r.body["data"]["news"]["id"].as_i64(), r.body["data"]["popup"].clone()), (Some(banner_id), Value::Null));
    assert_eq!(ids(&t.get(DHAKA, "/my-account/public/articles/news", None).await), vec![banner_id]);
    let about_page = t.call(Method::GET, DHAKA, "/page/details/1/about", None, &[("accept", "text/html")], None).await;
    assert!(about_page.text.contains("<meta property=\"og:title\" content=\"ঢাকা কলেজ সম্পর্কে\">"), "{}", about_page.text);

    // Another site: none of dhaka's posts, on its lists, pages or calls, nor can it change them.
    assert!(ids(&t.get(SYLHET, "/my-account/public/blogs/view", None).await).is_empty());
    assert!(ids(&t.get(SYLHET, "/my-account/blogs/view", Some(&sylhet_approver)).await).is_empty());
    assert_eq!(t.get(SYLHET, &format!("/my-account/public/blogs/view/{id}"), None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, "/my-account/public/articles/about-us", None).await.body["data"], Value::Null);
    for (method, path, body) in [
        (Method::PUT, "/my-account/blogs/update".to_owned(), Some(json!({ "id": id, "title": "Hacked", "category_id": study_tips, "body": "x" }))),
        (Method::PUT, "/my-account/blogs/publish".to_owned(), Some(json!({ "id": id, "publish": false }))),
        (Method::DELETE, format!("/my-account/blogs/delete/{id}"), None),
        (Method::PUT, format!("/my-account/articles/update/{about_id}"), Some(json!({ "title": "Hacked", "category_id": about, "body": "x" }))),
        (Method::DELETE, format!("/my-account/articles/delete/{about_id}"), None),
    ] {
        for token in [&sylhet_admin, &sylhet_approver] {
            let r = t.call(method.clone(), SYLHET, &path, Some(token), &[], body.clone()).await;
            assert!(r.status == StatusCode::NOT_FOUND || r.status == StatusCode::FORBIDDEN, "{path}: {}", r.text);
        }
    }
    let r = t.get(DHAKA, &format!("/my-account/public/blogs/view/{id}"), None).await;
    assert_eq!(r.body["data"]["title"], "SSC: a plan", "untouched by the other site");
    assert_eq!(t.get(DHAKA, "/my-account/public/articles/about-us", None).await.body["data"]["title"], "About Dhaka College");

    // The writer deletes their own.
    assert_eq!(t.delete(DHAKA, &format!("/my-account/blogs/delete/{id}"), Some(&teacher)).await.status, StatusCode::OK);
    assert_eq!(t.get(DHAKA, &format!("/my-account/public/blogs/view/{id}"), None).await.status, StatusCode::NOT_FOUND);
}

/// A post's body with some fields changed.
fn merged(base: &Value, changes: Value) -> Value {
    let mut out = base.clone();
    for (k, v) in changes.as_object().unwrap() {
        out[k] = v.clone();
    }
    out
}

#[tokio::test]
async fn a_posts_pictures_come_from_the_file_manager_behind_a_stable_address_of_its_site() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("other@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("teacher@sylhet.example", Some((sylhet, "teacher"))).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let other = t.acting(DHAKA, "other@dhaka.example").await;
    let stranger = t.acting(SYLHET, "teacher@sylhet.example").await;
    let picture = png();
    let r = t.upload(DHAKA, "/file-manager/user/upload-file", &teacher, &[("type", None, b"images"), ("file", Some("cover.png"), &picture)]).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let file = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, "/file-manager/user/create-url", Some(&teacher), json!({ "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "type": "video" })).await;
    let link = r.body["data"]["id"].as_i64().unwrap();

    // Someone else's file is not theirs to use.
    let r = t.post(DHAKA, "/my-account/publishing/media", Some(&other), json!({ "file_id": file })).await;
    assert_eq!(field_code(&r, "file_id"), "invalid_choice");
    let r = t.post(SYLHET, "/my-account/publishing/media", Some(&stranger), json!({ "file_id": file })).await;
    assert_eq!(field_code(&r, "file_id"), "invalid_choice");
    // A link is used as it is.
    let r = t.post(DHAKA, "/my-account/publishing/media", Some(&teacher), json!({ "file_id": link })).await;
    assert_eq!(r.body["data"]["url"], "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "{}", r.text);
    // A stored picture is copied; its address answers with a signed link to the same bytes.
    let r = t.post(DHAKA, "/my-account/publishing/media", Some(&teacher), json!({ "file_id": file })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let url = r.body["data"]["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/post-media/") && url.ends_with(".png"), "{url}");
    // The original can go: the post keeps its copy.
    assert_eq!(t.post(DHAKA, "/file-manager/user/delete-file", Some(&teacher), json!({ "id": file })).await.status, StatusCode::OK);
    let r = t.get(DHAKA, &url, None).await;
    assert_eq!(r.status, StatusCode::TEMPORARY_REDIRECT);
    let signed = r.header("location").to_owned();
    let fetched = reqwest::get(&signed).await.unwrap();
    assert_eq!(fetched.status().as_u16(), 200);
    assert_eq!(fetched.bytes().await.unwrap().to_vec(), picture);
    // The same name on another site points into that site's bucket, where it is not.
    let elsewhere = t.get(SYLHET, &url, None).await;
    assert_eq!(reqwest::get(elsewhere.header("location")).await.unwrap().status().as_u16(), 404);
    // Only names this module gives.
    assert_eq!(t.get(DHAKA, "/post-media/..%2F..%2Fsecret.png", None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/post-media/cover.png", None).await.status, StatusCode::NOT_FOUND);

    // The picture becomes a blog's cover: the share card names it whole.
    let tips = category(&t, "blog", "study-tips").await;
    let r = t.post(DHAKA, "/my-account/blogs/store", Some(&teacher), json!({ "title": "Cover", "category_id": tips, "body": format!("<p><img src=\"{url}\"></p>"), "cover": url, "submit": true })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert!(r.body["data"]["body"].as_str().unwrap().contains(&url), "a picture of the site stays in the text");
    let id = r.body["data"]["id"].as_i64().unwrap();
    t.platform.user("root@example.com", Some((t.platform.main_id().await, "super"))).await;
    let root = t.acting(DHAKA, "root@example.com").await;
    let r = t.put(DHAKA, "/my-account/blogs/publish", &root, json!({ "id": id, "publish": true })).await;
    assert_eq!(r.body["data"]["status"], "published", "the super admin approves too: {}", r.text);
    let page = t.call(Method::GET, DHAKA, &format!("/blogs/details/{id}"), None, &[("accept", "text/html")], None).await;
    assert!(page.text.contains(&format!("<meta property=\"og:image\" content=\"http://dhaka.localhost")) && page.text.contains(&format!("{url}\">")), "{}", page.text);
}

#[tokio::test]
async fn feedback_and_slides_are_kept_by_the_sites_admin() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    t.platform.user("learner@example.com", None).await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;

    // Anyone sends feedback; bad input refused field by field.
    let r = t.post(DHAKA, "/my-account/feedback/create", None, json!({ "name": " ", "message": "", "rating": 0, "email": "not-mail" })).await;
    assert_eq!(
        (field_code(&r, "name"), field_code(&r, "message"), r.body["errors"]["rating"][0].as_str().is_some(), r.body["errors"]["email"][0].as_str().is_some()),
        ("required".into(), "required".into(), true, true)
    );
    for wrong in [json!({ "name": "x", "message": "y", "rating": "five" }), json!({ "name": "x\u{0}", "message": "y", "rating": 5 })] {
        assert!(t.post(DHAKA, "/my-account/feedback/create", None, wrong).await.status.is_client_error());
    }
    let r = t.post(DHAKA, "/my-account/feedback/create", None, json!({ "name": "x", "message": "y".repeat(2 << 20), "rating": 5 })).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    let r = t.post(DHAKA, "/my-account/feedback/create", None, json!({ "name": "Rahim", "designation": "Guardian", "email": "rahim@example.com", "message": "ভালো লেগেছে", "rating": 5 })).await;
    assert_eq!((r.status, r.body["data"]["status"].as_str()), (StatusCode::CREATED, Some("pending")), "{}", r.text);
    let visitor = r.body["data"]["id"].as_i64().unwrap();
    // Signed in, the name is the account's.
    let r = t.post(DHAKA, "/my-account/feedback/create", Some(&learner), json!({ "message": "Clear videos", "rating": 4 })).await;
    assert_eq!(r.body["data"]["name"], "learner@example.com", "{}", r.text);
    assert!(r.body["data"]["user_id"].as_i64().is_some());
    // Nothing public until approved; only the admin approves and reads e-mails.
    assert!(ids(&t.get(DHAKA, "/my-account/public_feedbacks/view", None).await).is_empty());
    assert_eq!(t.get(DHAKA, "/my-account/public_feedbacks/view_all", Some(&teacher)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.put(DHAKA, &format!("/my-account/feedback/approve/{visitor}"), &teacher, json!({ "approve": true })).await.status, StatusCode::FORBIDDEN);
    let r = t.get(DHAKA, "/my-account/public_feedbacks/view_all?status=pending", Some(&admin)).await;
    assert_eq!((ids(&r).len(), r.body["data"][1]["email"].as_str()), (2, Some("rahim@example.com")));
    let r = t.put(DHAKA, &format!("/my-account/feedback/approve/{visitor}"), &admin, json!({ "approve": true })).await;
    assert_eq!(r.body["data"]["status"], "approved", "{}", r.text);
    let r = t.get(DHAKA, "/my-account/public_feedbacks/view", None).await;
    assert_eq!(ids(&r), vec![visitor]);
    assert!(r.body["data"][0].get("email").is_none(), "no e-mail in public: {}", r.text);
    // Another site has its own feedback and cannot touch dhaka's.
    assert!(ids(&t.get(SYLHET, "/my-account/public_feedbacks/view", None).await).is_empty());
    assert_eq!(t.put(SYLHET, &format!("/my-account/feedback/approve/{visitor}"), &sylhet_admin, json!({ "approve": false })).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.put(DHAKA, &format!("/my-account/feedback/approve/{visitor}"), &sylhet_admin, json!({ "approve": false })).await.status, StatusCode::FORBIDDEN);

    // Slides: the admin's, checked; the home page shows today's, in order.
    let slide = |title: &str, position: i32, start: &str, end: &str| json!({ "title": title, "title_bn": "ভর্তি চলছে", "image": "https://cdn.example/a.jpg",
        "position": position, "start_date": start, "end_date": end, "link": "/search/lists" });
    let r = t.post(DHAKA, "/admin-settings/slider/create", Some(&admin), json!({ "title": "", "image": "javascript:alert(1)", "start_date": "2026-13-01" })).await;
    assert_eq!((field_code(&r, "title"), field_code(&r, "image")), ("required".into(), "invalid_url".into()));
    assert!(r.body["errors"]["start_date"][0].as_str().is_some(), "{}", r.text);
    let r = t.post(DHAKA, "/admin-settings/slider/create", Some(&admin), slide("Late", 1, "2026-01-10", "2026-01-01")).await;
    assert!(r.body["errors"]["end_date"][0].as_str().is_some(), "{}", r.text);
    assert_eq!(t.post(DHAKA, "/admin-settings/slider/create", Some(&teacher), slide("x", 1, "", "")).await.status, StatusCode::FORBIDDEN);
    let r = t.post(DHAKA, "/admin-settings/slider/create", Some(&admin), merged(&slide("x", 1, "", ""), json!({ "position": "first" }))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let second = t.post(DHAKA, "/admin-settings/slider/create", Some(&admin), slide("Second", 2, "", "")).await.body["data"]["id"].as_i64().unwrap();
    let first = t.post(DHAKA, "/admin-settings/slider/create", Some(&admin), slide("First", 1, "2020-01-01", "2999-12-31")).await.body["data"]["id"].as_i64().unwrap();
    let ended = t.post(DHAKA, "/admin-settings/slider/create", Some(&admin), slide("Ended", 0, "2020-01-01", "2020-12-31")).await.body["data"]["id"].as_i64().unwrap();
    assert_eq!(ids(&t.get(DHAKA, "/admin-settings/slider/front", None).await), vec![first, second]);
    assert_eq!(ids(&t.get(DHAKA, "/admin-settings/slider", Some(&admin)).await), vec![ended, first, second]);
    let r = t.put(DHAKA, "/admin-settings/slider/update", &admin, merged(&slide("Second", 2, "", ""), json!({ "id": second, "active": false }))).await;
    assert_eq!(r.body["data"]["active"], false, "{}", r.text);
    assert_eq!(ids(&t.get(DHAKA, "/admin-settings/slider/front", None).await), vec![first]);
    assert!(ids(&t.get(SYLHET, "/admin-settings/slider/front", None).await).is_empty());
    assert_eq!(t.delete(SYLHET, &format!("/admin-settings/slider/{first}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(DHAKA, &format!("/admin-settings/slider/{first}"), Some(&admin)).await.status, StatusCode::OK);
    assert!(ids(&t.get(DHAKA, "/admin-settings/slider/front", None).await).is_empty());
}
