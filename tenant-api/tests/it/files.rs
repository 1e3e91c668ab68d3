//! The file manager against the real PostgreSQL and S3 server: folders and their names, uploads
//! checked by their bytes, the site's storage total refusing the byte that exceeds it, links,
//! the cropper's folders, signed links that really fetch the bytes, sharing with a colleague and
//! not with a learner, no file of one person or site reachable by another, and a large file sent
//! in parts whose interrupted upload carries on.

use crate::common::{Response, TestApp};
use axum::http::StatusCode;
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]))
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// The code of the (first) error on `field`, recognised by its English message.
fn field_code(r: &Response, field: &str) -> String {
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let said = r.body["errors"][field][0].as_str().unwrap_or_else(|| panic!("no error on {field}: {}", r.text));
    let codes = ["required", "invalid_choice", "invalid_file", "file_type_mismatch", "invalid_url", "not_a_stored_file", "not_a_colleague",
        "folder_needs_cropper", "invalid_image", "folder_fixed", "quota_exceeded", "file_too_large", "upload_part_invalid", "parts_missing"];
    codes.iter().find(|c| control_plane::i18n::message(c, control_plane::i18n::Lang::En, None) == said).map_or_else(|| said.to_owned(), |c| (*c).to_owned())
}

async fn fetch(url: &str) -> (StatusCode, Vec<u8>) {
    let r = reqwest::get(url).await.unwrap();
    (StatusCode::from_u16(r.status().as_u16()).unwrap(), r.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn people_keep_share_and_remove_their_files_within_the_sites_storage() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("colleague@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    t.platform.user("learner@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    let stranger = t.acting(SYLHET, "admin@sylhet.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;
    let my_files = async |token: &str, query: &str| t.get(DHAKA, &format!("/file-manager/user/get-my-files?{query}"), Some(token)).await;

    // Nobody signed in has no files.
    assert_eq!(t.get(DHAKA, "/file-manager/user/get-my-files", None).await.status, StatusCode::UNAUTHORIZED);

    // Folders: a name once per place, whatever its case; "New folder" numbered when taken.
    let r = t.post(DHAKA, "/file-manager/user/create-folder", Some(&teacher), json!({ "name": "  Lectures " })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let lectures = r.body["data"]["id"].as_i64().unwrap();
    assert_eq!(r.body["data"]["name"], "Lectures");
    let r = t.post(DHAKA, "/file-manager/user/create-folder", Some(&teacher), json!({ "name": "lectures" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("folder_name_taken")));
    let r = t.post(DHAKA, "/file-manager/user/create-folder", Some(&teacher), json!({ "name": " \t " })).await;
    assert_eq!(field_code(&r, "name"), "required");
    for expected in ["New folder", "New folder 2", "New folder 3"] {
        let r = t.post(DHAKA, "/file-manager/user/create-folder", Some(&teacher), json!({ "name": "New folder", "auto_suffix": true })).await;
        assert_eq!(r.body["data"]["name"], expected, "{}", r.text);
    }
    let r = t.post(DHAKA, "/file-manager/user/create-folder", Some(&teacher), json!({ "name": "অধ্যায় ১", "parent_id": lectures })).await;
    let chapter = r.body["data"]["id"].as_i64().unwrap();
    // Someone else's folder is not a place to put things.
    let r = t.post(DHAKA, "/file-manager/user/create-folder", Some(&colleague), json!({ "name": "Mine", "parent_id": lectures })).await;
    assert_eq!(field_code(&r, "parent_id"), "invalid_choice");

    // An image upload: checked by its bytes, with a preview, opened through a signed link.
    let picture = png(800, 500);
    let folder = lectures.to_string();
    let r = t.upload(DHAKA, "/file-manager/user/upload-file", &teacher, &[("folder_id", None, folder.as_bytes()), ("type", None, b"images"), ("file", Some("map.png"), &picture)]).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let map = r.body["data"].clone();
    assert_eq!((map["type"].as_str(), map["is_url"].as_i64(), map["size"].as_u64()), (Some("image"), Some(0), Some(picture.len() as u64)));
    let link = map["file_main_path"].as_str().unwrap();
    assert!(link.contains("X-Amz-Expires=3600"), "signed for an hour: {link}");
    assert_eq!(fetch(link).await, (StatusCode::OK, picture.clone()));
    let (status, thumb) = fetch(map["file_encode_path"].as_str().unwrap()).await;
    let thumb = image::load_from_memory(&thumb).unwrap();
    assert_eq!((status, thumb.width(), thumb.height()), (StatusCode::OK, 600, 300));
    // A signed link that was tampered with opens nothing.
    assert_eq!(fetch(&link.replace("X-Amz-Expires=3600", "X-Amz-Expires=999999")).await.0, StatusCode::FORBIDDEN);

    // Bytes that are not what the name or the tab says are refused, and nothing is kept.
    let upload = async |name: &str, tab: &str, bytes: &[u8]| {
        t.upload(DHAKA, "/file-manager/user/upload-file", &teacher, &[("type", None, tab.as_bytes()), ("file", Some(name), bytes)]).await
    };
    assert_eq!(field_code(&upload("notes.pdf", "", &picture).await, "file"), "invalid_file");
    assert_eq!(field_code(&upload("notes.pdf", "", b"<script>alert(1)</script>").await, "file"), "invalid_file");
    assert_eq!(field_code(&upload("tool.exe", "", b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0").await, "file"), "invalid_file");
    assert_eq!(field_code(&upload("map.png", "videos", &picture).await, "file"), "file_type_mismatch");
    assert_eq!(field_code(&upload("map.png", "pictures", &picture).await, "type"), "invalid_choice");
    let r = upload("notes.txt", "documents", "বাংলা নোট: প্রথম অধ্যায়\n".as_bytes()).await;
    assert_eq!((r.status, r.body["data"]["type"].as_str()), (StatusCode::CREATED, Some("document")), "{}", r.text);
    let notes = r.body["data"]["id"].as_i64().unwrap();

    // The folder shows its files, latest first, of the tab asked for; the top level its own.
    let view = my_files(&teacher, &format!("folder_id={lectures}")).await;
    assert_eq!(view.status, StatusCode::OK, "{}", view.text);
    assert_eq!(view.body["data"]["path"][0]["name"], "Lectures");
    assert_eq!(view.body["data"]["directories"][0]["id"].as_i64(), Some(chapter));
    assert_eq!(view.body["data"]["files"]["total"], 1);
    let top = my_files(&teacher, "type=documents").await;
    assert_eq!((top.body["data"]["files"]["total"].as_i64(), top.body["data"]["files"]["data"][0]["id"].as_i64()), (Some(1), Some(notes)));
    assert_eq!(top.body["data"]["directories"].as_array().unwrap().len(), 4, "Lectures and three New folders");
    assert_eq!(my_files(&teacher, "type=exe").await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(my_files(&teacher, "page=999").await.body["data"]["files"]["current_page"], 1);
    assert_eq!(my_files(&colleague, &format!("folder_id={lectures}")).await.status, StatusCode::NOT_FOUND, "not the colleague's folder");
    let search = t.get(DHAKA, "/file-manager/user/get-files?search=MAP", Some(&teacher)).await;
    assert_eq!((search.body["total"].as_i64(), search.body["data"][0]["id"].as_i64()), (Some(1), map["id"].as_i64()), "across folders");
    assert_eq!(t.get(DHAKA, "/file-manager/user/get-files?source=purchase", Some(&teacher)).await.body["total"], 0);

    // Names: files and folders renamed; a taken folder name refused.
    let r = t.put(DHAKA, "/file-manager/user/savename", &teacher, json!({ "id": map["id"], "kind": "file", "name": "মানচিত্র" })).await;
    assert_eq!(r.body["data"]["title"], "মানচিত্র", "{}", r.text);
    let r = t.put(DHAKA, "/file-manager/user/savename", &teacher, json!({ "id": lectures, "kind": "folder", "name": "Class lectures" })).await;
    assert_eq!(r.body["data"]["name"], "Class lectures", "{}", r.text);
    let r = t.put(DHAKA, "/file-manager/user/savename", &teacher, json!({ "id": lectures, "kind": "folder", "name": "NEW FOLDER" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("folder_name_taken")));
    let r = t.put(DHAKA, "/file-manager/user/savename", &colleague, json!({ "id": map["id"], "kind": "file", "name": "x" })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);

    // Links: the add-URL popup's two errors, and a YouTube video with its thumbnail.
    let url = async |body: Value| t.post(DHAKA, "/file-manager/user/create-url", Some(&teacher), body).await;
    assert_eq!(field_code(&url(json!({ "url": "  " })).await, "url"), "required");
    for bad in ["not a url", "javascript:alert(1)", "http://localhost-"] {
        assert_eq!(field_code(&url(json!({ "url": bad })).await, "url"), "invalid_url", "{bad}");
    }
    let r = url(json!({ "url": "https://youtu.be/dQw4w9WgXcQ", "title": "ক্লাস ১ ভিডিও", "folder_id": chapter })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!((r.body["data"]["type"].as_str(), r.body["data"]["provider"].as_str(), r.body["data"]["is_url"].as_i64()), (Some("video"), Some("youtube"), Some(1)));
    assert_eq!(r.body["data"]["file_encode_path"], "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    let video = r.body["data"]["id"].clone();
    let r = t.post(DHAKA, "/file-manager/user/download-file", Some(&teacher), json!({ "id": video })).await;
    assert_eq!(field_code(&r, "id"), "not_a_stored_file");

    // Downloads: the bytes, under the file's own name.
    let r = t.post(DHAKA, "/file-manager/user/download-file", Some(&teacher), json!({ "id": notes })).await;
    assert_eq!((r.status, r.text.as_str()), (StatusCode::OK, "বাংলা নোট: প্রথম অধ্যায়\n"));
    assert!(r.header("content-disposition").contains("filename*=UTF-8''notes.txt"), "{}", r.header("content-disposition"));

    // Sharing: with a colleague of this site, never with a learner or another site's admin.
    let share = async |users: Value| t.post(DHAKA, "/my-account/sharing/share", Some(&teacher), json!({ "table": "files", "id": map["id"], "users": users })).await;
    assert_eq!(field_code(&share(json!(["learner@example.com"])).await, "users"), "not_a_colleague");
    assert_eq!(field_code(&share(json!(["admin@sylhet.example"])).await, "users"), "not_a_colleague");
    assert_eq!(field_code(&share(json!(["nobody@example.com"])).await, "users"), "not_a_colleague");
    let r = t.post(DHAKA, "/my-account/sharing/share", Some(&teacher), json!({ "table": "exams", "id": map["id"], "users": [] })).await;
    assert_eq!(field_code(&r, "table"), "invalid_choice");
    let r = share(json!(["COLLEAGUE@dhaka.example"])).await;
    assert_eq!(r.body["data"]["shared_with"][0]["name"], "colleague@dhaka.example", "{}", r.text);
    let r = t.post(DHAKA, "/my-account/sharing/share", Some(&colleague), json!({ "table": "files", "id": map["id"], "users": [] })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "only the owner shares");
    let shared = t.get(DHAKA, "/my-account/sharing/shared-with-me?table=files&module=filemanager", Some(&colleague)).await;
    assert_eq!((shared.body["total"].as_i64(), shared.body["data"][0]["owner_name"].as_str()), (Some(1), Some("teacher@dhaka.example")));
    assert_eq!(shared.body["data"][0]["shared_with"], json!([]), "who else has it is the owner's business");
    let r = t.post(DHAKA, "/file-manager/user/download-file", Some(&colleague), json!({ "id": map["id"] })).await;
    assert_eq!((r.status, r.bytes.len()), (StatusCode::OK, picture.len()));
    assert_eq!(t.get(DHAKA, "/my-account/sharing/shared-with-me?table=files", Some(&learner)).await.body["total"], 0);
    for (host, token) in [(DHAKA, &learner), (SYLHET, &stranger)] {
        let r = t.post(host, "/file-manager/user/download-file", Some(token), json!({ "id": map["id"] })).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{host}");
        let r = t.post(host, "/file-manager/user/delete-file", Some(token), json!({ "id": map["id"] })).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{host}");
    }
    assert_eq!(t.get(SYLHET, "/file-manager/user/get-files", Some(&stranger)).await.body["total"], 0, "sylhet's files are its own");
    assert_eq!(t.get(SYLHET, "/my-account/sharing/shared-with-me", Some(&teacher)).await.body["total"], 0);
    // Unsharing takes it away again.
    share(json!([])).await;
    assert_eq!(t.post(DHAKA, "/file-manager/user/download-file", Some(&colleague), json!({ "id": map["id"] })).await.status, StatusCode::NOT_FOUND);

    // The cropper's folders: fixed, and the only way in is a cropped picture.
    let r = t.post(DHAKA, "/file-manager/user/profile-folder", Some(&learner), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let (profile, cover) = (r.body["data"]["profile"]["id"].as_i64().unwrap(), r.body["data"]["cover"]["id"].as_i64().unwrap());
    assert_eq!(t.post(DHAKA, "/file-manager/user/profile-folder", Some(&learner), json!({})).await.body["data"]["profile"]["id"].as_i64(), Some(profile), "made once");
    let into = |folder: i64| folder.to_string();
    let r = t.upload(DHAKA, "/file-manager/user/upload-file", &learner, &[("folder_id", None, into(profile).as_bytes()), ("file", Some("me.png"), &picture)]).await;
    assert_eq!(field_code(&r, "file"), "folder_needs_cropper");
    for (folder, size) in [(profile, (600, 450)), (cover, (960, 400))] {
        let r = t.upload(DHAKA, "/file-manager/user/upload-cropped-image", &learner, &[("folder_id", None, into(folder).as_bytes()), ("file", Some("me.png"), &picture)]).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        assert_eq!(r.body["data"]["title"], "me.jpg");
        let (_, jpeg) = fetch(r.body["data"]["file_main_path"].as_str().unwrap()).await;
        let cropped = image::load_from_memory(&jpeg).unwrap();
        assert_eq!((cropped.width(), cropped.height()), size);
    }
    let r = t.upload(DHAKA, "/file-manager/user/upload-cropped-image", &learner, &[("file", Some("me.png"), b"<svg onload=alert(1)>")]).await;
    assert_eq!(field_code(&r, "file"), "invalid_image");
    let r = t.post(DHAKA, "/file-manager/user/delete-folder", Some(&learner), json!({ "id": profile })).await;
    assert_eq!(field_code(&r, "id"), "folder_fixed");

    // The site's storage total: a file one byte too large is refused, one that fits is kept,
    // and then not one more byte.
    let db = (*t.state.pools.get(dhaka).await.unwrap()).clone();
    let (used,): (i64,) = sqlx::query_as("SELECT used_bytes FROM file_storage").fetch_one(&db).await.unwrap();
    let stored: i64 = sqlx::query_scalar("SELECT sum(size_bytes)::bigint FROM files").fetch_one(&db).await.unwrap();
    assert_eq!(used, stored, "the count is the bytes kept");
    sqlx::query("UPDATE file_storage SET total_bytes = used_bytes + 1000").execute(&db).await.unwrap();
    let text = |n: usize| "ক".repeat(n / 3).into_bytes();
    let r = upload("big.txt", "", &text(1002)).await;
    assert_eq!(field_code(&r, "file"), "quota_exceeded");
    let r = upload("fits.txt", "", &text(999)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = upload("one.txt", "", b"ab").await;
    assert_eq!(field_code(&r, "file"), "quota_exceeded");
    let storage = my_files(&teacher, "").await.body["data"]["storage"].clone();
    assert_eq!((storage["used_bytes"].as_i64(), storage["total_bytes"].as_i64()), (Some(used + 999), Some(used + 1000)));

    // A lesson takes a copy of a stored file from the file manager (a colleague's shared one too),
    // never a link, a learner's pick or a file out of reach; the copy outlives the original.
    let course = t.post(DHAKA, "/course/course/create", Some(&teacher), json!({ "title": "Geography" })).await.body["data"]["id"].clone();
    let section = t.post(DHAKA, "/course/schedule/section", Some(&teacher), json!({ "course_id": course, "title": "Maps" })).await.body["data"]["id"].clone();
    let r = t.post(DHAKA, "/course/schedule/lesson", Some(&teacher), json!({ "section_id": section, "title": "The map", "lesson_type": "image" })).await;
    let lesson = r.body["data"]["id"].as_i64().unwrap_or_else(|| panic!("{}", r.text));
    let attach = async |token: &str, file: &Value| t.post(DHAKA, &format!("/course/schedule/lesson/{lesson}/file-manager"), Some(token), json!({ "file_id": file })).await;
    assert_eq!(field_code(&attach(&teacher, &video).await, "file_id"), "not_a_stored_file");
    assert_eq!(attach(&learner, &map["id"]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(field_code(&attach(&colleague, &map["id"]).await, "file_id"), "invalid_choice", "not shared with the colleague any more");
    let r = attach(&teacher, &map["id"]).await;
    assert_eq!((r.status, r.body["data"]["has_file"].as_bool(), r.body["data"]["file_name"].as_str()), (StatusCode::OK, Some(true), Some("map.png")), "{}", r.text);

    // Deleting a folder takes what is inside with it: rows, bytes in the bucket, storage.
    let r = t.post(DHAKA, "/file-manager/user/delete-folder", Some(&teacher), json!({ "id": lectures })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(fetch(link).await.0, StatusCode::NOT_FOUND, "the picture left the bucket");
    let preview = t.get(DHAKA, &format!("/assessment/course/lesson/{lesson}"), Some(&teacher)).await;
    assert_eq!(fetch(preview.body["data"]["media"]["url"].as_str().unwrap()).await, (StatusCode::OK, picture.clone()), "the lesson's copy stays");
    assert_eq!(my_files(&teacher, &format!("folder_id={chapter}")).await.status, StatusCode::NOT_FOUND, "the folder inside went too");
    let storage = my_files(&teacher, "").await.body["data"]["storage"].clone();
    assert_eq!(storage["used_bytes"].as_i64(), Some(used + 999 - picture.len() as i64));
    let r = t.post(DHAKA, "/file-manager/user/delete-file", Some(&teacher), json!({ "id": notes })).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(my_files(&teacher, "type=document").await.body["data"]["files"]["total"], 1, "fits.txt is left");
}

#[tokio::test]
async fn a_large_file_arrives_in_parts_and_an_interrupted_upload_carries_on() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("colleague@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    let part = async |token: &str, id: &str, n: i64, bytes: &[u8]| {
        let request = axum::http::Request::builder()
            .method(axum::http::Method::PUT)
            .uri(format!("/file-manager/user/uploads/{id}/parts/{n}"))
            .header("host", DHAKA)
            .header("accept", "application/json")
            .header("authorization", format!("Bearer {token}"))
            .header("content-type", "application/octet-stream")
            .body(axum::body::Body::from(bytes.to_vec()))
            .unwrap();
        t.send(request).await
    };
    let start = async |body: Value| t.post(DHAKA, "/file-manager/user/uploads", Some(&teacher), body).await;

    // Refused before a byte is sent.
    assert_eq!(field_code(&start(json!({ "file_name": "setup.exe", "size": 100 })).await, "file"), "invalid_file");
    assert_eq!(field_code(&start(json!({ "file_name": "lecture.mp4", "size": 100, "type": "images" })).await, "file"), "file_type_mismatch");
    assert_eq!(field_code(&start(json!({ "file_name": "lecture.mp4", "size": 0 })).await, "size"), "invalid_file");
    assert_eq!(field_code(&start(json!({ "file_name": "lecture.mp4", "size": 20_000_000_000i64 })).await, "file"), "file_too_large");

    // A video of two full parts and a short third.
    let part_bytes = 8 << 20;
    let mut video: Vec<u8> = (0..2 * part_bytes + 1000).map(|i| (i * 7 % 251) as u8).collect();
    video[..12].copy_from_slice(b"\0\0\0\x18ftypmp42");
    let r = start(json!({ "file_name": "ক্লাস-রেকর্ডিং.mp4", "size": video.len(), "type": "videos" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!((r.body["data"]["parts"].as_i64(), r.body["data"]["part_bytes"].as_i64()), (Some(3), Some(part_bytes as i64)));
    let id = r.body["data"]["id"].as_str().unwrap().to_owned();
    let chunk = |n: usize| &video[(n - 1) * part_bytes..(n * part_bytes).min(video.len())];

    // Wrong numbers and lengths are refused; the first part goes in; then the connection breaks.
    assert_eq!(field_code(&part(&teacher, &id, 4, chunk(3)).await, "n"), "upload_part_invalid");
    assert_eq!(field_code(&part(&teacher, &id, 1, &chunk(1)[..1000]).await, "n"), "upload_part_invalid", "a part cut short");
    let r = part(&teacher, &id, 1, chunk(1)).await;
    assert_eq!((r.status, r.body["data"]["received"].clone()), (StatusCode::OK, json!([1])), "{}", r.text);
    let r = t.post(DHAKA, &format!("/file-manager/user/uploads/{id}/complete"), Some(&teacher), json!({})).await;
    assert_eq!(field_code(&r, "file"), "parts_missing");
    assert_eq!(t.get(DHAKA, &format!("/file-manager/user/uploads/{id}"), Some(&colleague)).await.status, StatusCode::NOT_FOUND, "not the colleague's");

    // Later the client asks what arrived and sends the rest (a part sent twice is replaced).
    let status = t.get(DHAKA, &format!("/file-manager/user/uploads/{id}"), Some(&teacher)).await;
    assert_eq!(status.body["data"]["received"], json!([1]));
    for n in [3, 2, 3] {
        let r = part(&teacher, &id, n, chunk(n as usize)).await;
        assert_eq!(r.status, StatusCode::OK, "part {n}: {}", r.text);
    }
    let r = t.post(DHAKA, &format!("/file-manager/user/uploads/{id}/complete"), Some(&teacher), json!({})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!((r.body["data"]["type"].as_str(), r.body["data"]["size"].as_u64()), (Some("video"), Some(video.len() as u64)));
    assert_eq!(fetch(r.body["data"]["file_main_path"].as_str().unwrap()).await, (StatusCode::OK, video.clone()), "the parts joined in order");
    assert_eq!(t.get(DHAKA, &format!("/file-manager/user/uploads/{id}"), Some(&teacher)).await.status, StatusCode::NOT_FOUND, "finished");
    let storage = t.get(DHAKA, "/file-manager/user/get-my-files", Some(&teacher)).await.body["data"]["storage"]["used_bytes"].as_u64();
    assert_eq!(storage, Some(video.len() as u64));

    // A first part whose bytes are not what the name says ends the upload.
    let r = start(json!({ "file_name": "notes.pdf", "size": 1000 })).await;
    let id = r.body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(field_code(&part(&teacher, &id, 1, &[b'x'; 1000]).await, "file"), "invalid_file");
    assert_eq!(t.get(DHAKA, &format!("/file-manager/user/uploads/{id}"), Some(&teacher)).await.status, StatusCode::NOT_FOUND);

    // An upload left for a day is given up when the site starts the next one.
    let db = (*t.state.pools.get(dhaka).await.unwrap()).clone();
    let r = start(json!({ "file_name": "notes.pdf", "size": 1000 })).await;
    let stale = r.body["data"]["id"].as_str().unwrap().to_owned();
    sqlx::query("UPDATE file_uploads SET created_at = now() - interval '25 hours' WHERE id = $1::uuid").bind(&stale).execute(&db).await.unwrap();
    start(json!({ "file_name": "notes.pdf", "size": 1000 })).await;
    assert_eq!(t.get(DHAKA, &format!("/file-manager/user/uploads/{stale}"), Some(&teacher)).await.status, StatusCode::NOT_FOUND);

    // Given up: gone. And a file that no longer fits is refused at the start.
    let r = start(json!({ "file_name": "notes.pdf", "size": 1000 })).await;
    let id = r.body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(t.delete(DHAKA, &format!("/file-manager/user/uploads/{id}"), Some(&teacher)).await.status, StatusCode::OK);
    assert_eq!(t.get(DHAKA, &format!("/file-manager/user/uploads/{id}"), Some(&teacher)).await.status, StatusCode::NOT_FOUND);
    sqlx::query("UPDATE file_storage SET total_bytes = used_bytes + 10").execute(&db).await.unwrap();
    assert_eq!(field_code(&start(json!({ "file_name": "notes.pdf", "size": 11 })).await, "file"), "quota_exceeded");
}
