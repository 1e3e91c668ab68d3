//! The platform's reference lists against the real PostgreSQL: everyone reads them, only the main
//! site's super admins change them; parents and uses are respected; a spreadsheet goes out and
//! comes back, all rows or none; the language dictionary's wording changes and goes back.

use crate::common::TestApp;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::json;

const MAIN: &str = "localhost";
const DHAKA: &str = "dhaka.localhost";

fn message(code: &str) -> String {
    control_plane::i18n::message(code, control_plane::i18n::Lang::En, None)
}

#[tokio::test]
async fn the_main_sites_keepers_change_the_lists_everyone_reads() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    let partner = t.acting(DHAKA, "admin@dhaka.example").await;
    let root = t.super_admin().await;

    // Read by anyone, signed in or not: the seeded lists.
    let r = t.get(MAIN, "/admin-settings/disabilities/view?pagination=none", None).await;
    assert_eq!((r.status, r.body["total"].as_i64()), (StatusCode::OK, Some(12)), "the 2013 Act's twelve types");
    let levels = t.get(DHAKA, "/admin-settings/education/levels?search=secondary", None).await;
    assert_eq!(levels.body["total"], 3, "{}", levels.text);
    let r = t.post(MAIN, "/admin-settings/tags/search", None, json!({ "search": "প্রস্তুতি" })).await;
    assert_eq!(r.body["total"], 2, "Bangla titles are searched: {}", r.text);
    let teacher: i64 = sqlx::query_scalar("SELECT id::bigint FROM professions WHERE title = 'Teacher'").fetch_one(&t.platform.db).await.unwrap();
    let r = t.get(MAIN, &format!("/admin-settings/employment/fieldByprofession/{teacher}"), None).await;
    assert_eq!(r.body["data"][0]["bn_title"], "প্রাথমিক বিদ্যালয়");

    // A level, its degree, and what deleting them takes.
    let level = |title: &str| json!({ "title": title, "bn_title": "কারিগরি", "sort": 9 });
    let r = t.post(MAIN, "/admin-settings/education/levels/create", Some(&root), level("Vocational")).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let vocational = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(MAIN, "/admin-settings/education/levels/create", Some(&root), level("VOCATIONAL")).await;
    assert_eq!(r.body["errors"]["title"][0], message("duplicate_name"), "{}", r.text);
    let r = t.post(MAIN, "/admin-settings/education/levels/create", Some(&root), json!({ "title": " ", "bn_title": "x".repeat(121) })).await;
    assert_eq!(r.body["errors"]["title"][0], message("required"));
    assert!(r.body["errors"]["bn_title"].is_array());
    let degree = |parent: Option<i64>| json!({ "title": "Trade certificate", "bn_title": "ট্রেড সার্টিফিকেট", "parent_id": parent });
    let r = t.post(MAIN, "/admin-settings/education/degree/create", Some(&root), degree(None)).await;
    assert_eq!(r.body["errors"]["parent_id"][0], message("required"));
    let sublevel: i64 = sqlx::query_scalar("SELECT id FROM reference_items WHERE kind = 'education_sublevels' LIMIT 1").fetch_one(&t.platform.db).await.unwrap();
    let r = t.post(MAIN, "/admin-settings/education/degree/create", Some(&root), degree(Some(sublevel))).await;
    assert_eq!(r.body["errors"]["parent_id"][0], message("unknown_parent"), "a degree hangs under a level, not a group");
    let r = t.post(MAIN, "/admin-settings/education/degree/create", Some(&root), degree(Some(vocational))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let trade = r.body["data"]["id"].as_i64().unwrap();
    let r = t.get(MAIN, &format!("/admin-settings/education/degreeBylevel/{vocational}"), None).await;
    assert_eq!((r.body["total"].as_i64(), r.body["data"][0]["parent_id"].as_i64()), (Some(1), Some(vocational)));
    let r = t.put(MAIN, "/admin-settings/education/degree/update", &root, json!({ "id": trade, "title": "Trade certificate (NSDA)", "bn_title": "ট্রেড সার্টিফিকেট", "parent_id": vocational })).await;
    assert_eq!(r.body["data"]["title"], "Trade certificate (NSDA)", "{}", r.text);
    assert_eq!(t.put(MAIN, "/admin-settings/education/levels/update", &root, json!({ "id": trade, "title": "x", "bn_title": "x" })).await.status, StatusCode::NOT_FOUND, "a degree is not a level");
    let r = t.delete(MAIN, &format!("/admin-settings/education/levels/{vocational}"), Some(&root)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("in_use")));
    assert_eq!(t.delete(MAIN, &format!("/admin-settings/education/degree/{trade}"), Some(&root)).await.status, StatusCode::NO_CONTENT);
    assert_eq!(t.delete(MAIN, &format!("/admin-settings/education/levels/{vocational}"), Some(&root)).await.status, StatusCode::NO_CONTENT);
    // A profession people have chosen stays.
    let someone = t.platform.user("someone@example.com", None).await;
    sqlx::query("UPDATE users SET profession_id = $2::int WHERE id = $1").bind(someone).bind(teacher).execute(&t.platform.db).await.unwrap();
    let r = t.delete(MAIN, &format!("/admin-settings/employment/profession/{teacher}"), Some(&root)).await;
    assert_eq!(r.status, StatusCode::CONFLICT);

    // Only the main site's super admins change them.
    let r = t.post(DHAKA, "/admin-settings/categories/create", Some(&partner), json!({ "title": "Robotics", "bn_title": "রোবোটিক্স" })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = t.post(MAIN, "/admin-settings/reference/tags/create", Some(&partner), json!({ "title": "Robotics", "bn_title": "রোবোটিক্স" })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "another site's admin");
    assert_eq!(t.post(MAIN, "/admin-settings/categories/create", None, json!({})).await.status, StatusCode::UNAUTHORIZED);
    let r = t.post(MAIN, "/admin-settings/categories/create", Some(&root), json!({ "title": "Robotics", "bn_title": "রোবোটিক্স", "sort": 11 })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let all = t.get(MAIN, "/admin-settings/categories?pagination=none", None).await;
    assert_eq!(all.body["data"].as_array().unwrap().last().unwrap()["title"], "Robotics");
    assert_eq!(t.get(MAIN, "/admin-settings/reference/robots/export", Some(&root)).await.status, StatusCode::NOT_FOUND);

    // Its picture: cut to a 480 x 320 JPEG, served on every site, replaced and taken away.
    let robotics = r.body["data"]["id"].as_i64().unwrap();
    let mut png = Vec::new();
    image::RgbImage::from_pixel(900, 300, image::Rgb([20, 120, 60])).write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    let path = format!("/admin-settings/categories/{robotics}/image");
    let r = t.upload(MAIN, &path, &root, &[("image", Some("robot.png"), &png)]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let first = r.body["data"]["image"].as_str().unwrap().to_owned();
    assert!(first.starts_with("/category-image/"), "{first}");
    let shown = t.get(DHAKA, &first, None).await;
    assert_eq!((shown.status, shown.header("content-type")), (StatusCode::OK, "image/jpeg"));
    let picture = image::load_from_memory(&shown.bytes).unwrap();
    assert_eq!((picture.width(), picture.height()), (480, 320));
    let r = t.upload(MAIN, &path, &root, &[("image", Some("robot.pdf"), b"%PDF-1.7 not a picture")]).await;
    assert_eq!(r.body["errors"]["image"][0], message("invalid_image"), "{}", r.text);
    assert_eq!(t.upload(DHAKA, &path, &partner, &[("image", Some("robot.png"), &png)]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.upload(MAIN, "/admin-settings/categories/987654/image", &root, &[("image", Some("robot.png"), &png)]).await.status, StatusCode::NOT_FOUND);
    png.clear();
    image::RgbImage::from_pixel(400, 400, image::Rgb([200, 20, 20])).write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    let r = t.upload(MAIN, &path, &root, &[("image", Some("robot.png"), &png)]).await;
    let second = r.body["data"]["image"].as_str().unwrap().to_owned();
    assert_ne!(first, second);
    assert_eq!(t.get(MAIN, &first, None).await.status, StatusCode::NOT_FOUND, "the old picture is gone");
    let r = t.delete(MAIN, &path, Some(&root)).await;
    assert_eq!((r.status, r.body["data"]["image"].is_null()), (StatusCode::OK, true), "{}", r.text);
    assert_eq!(t.get(MAIN, &second, None).await.status, StatusCode::NOT_FOUND);

    // The live partner sites a super admin picks from.
    let r = t.get(MAIN, "/my-account/institutions/view?search=DHAK", Some(&root)).await;
    assert_eq!((r.status, r.body["total"].as_i64(), r.body["data"][0]["slug"].as_str()), (StatusCode::OK, Some(1), Some("dhaka")), "{}", r.text);
    assert_eq!(t.get(MAIN, "/my-account/institutions/view", Some(&partner)).await.status, StatusCode::FORBIDDEN);
}

async fn import(t: &TestApp, token: &str, kind: &str, csv: &str) -> crate::common::Response {
    let request = Request::builder()
        .method(Method::POST)
        .uri(format!("/admin-settings/reference/{kind}/import"))
        .header("host", MAIN)
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "text/csv")
        .body(Body::from(csv.to_owned()))
        .unwrap();
    t.send(request).await
}

#[tokio::test]
async fn a_list_goes_out_as_a_spreadsheet_and_comes_back_all_rows_or_none() {
    let t = TestApp::new().await;
    let root = t.super_admin().await;
    let r = t.get(MAIN, "/admin-settings/reference/participant_types/export?format=csv", Some(&root)).await;
    assert_eq!((r.status, r.header("content-type")), (StatusCode::OK, "text/csv; charset=utf-8"));
    assert!(r.bytes.starts_with(b"\xEF\xBB\xBF"), "Excel reads Bangla after the byte-order mark");
    let text = String::from_utf8(r.bytes[3..].to_vec()).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    assert_eq!(lines[0], "id,title,bn_title,sort,parent_id");
    assert_eq!(lines.len(), 8, "seven types: {text}");
    let student = lines[1].clone();
    assert!(student.ends_with(",Student,শিক্ষার্থী,1,"), "{student}");

    // Change one by id, add one without, keep the rest: the file as exported, edited.
    lines[1] = student.replace("Student", "Student (school or college)");
    lines.push(",Researcher,গবেষক,8,".into());
    let r = import(&t, &root, "participant_types", &lines.join("\n")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"], json!({ "created": 1, "updated": 7 }));
    let again = t.get(MAIN, "/admin-settings/participant_types?pagination=none", None).await;
    let titles: Vec<&str> = again.body["data"].as_array().unwrap().iter().map(|i| i["title"].as_str().unwrap()).collect();
    assert_eq!(titles.len(), 8);
    assert_eq!((titles[0], titles[7]), ("Student (school or college)", "Researcher"));

    // A bad row refuses the whole file, and names its row as the spreadsheet numbers it.
    let bad = "id,title,bn_title,sort,parent_id\n,Volunteer,স্বেচ্ছাসেবক,9,\n,,খালি,10,\nnine,Nine,নয়,11,\n";
    let r = import(&t, &root, "participant_types", bad).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert!(r.body["errors"]["row_4"].is_array(), "a word for an id: {}", r.text);
    let bad = "id,title,bn_title,sort,parent_id\n,Volunteer,স্বেচ্ছাসেবক,9,\n,,খালি,10,\n";
    let r = import(&t, &root, "participant_types", bad).await;
    assert_eq!(r.body["errors"]["row_3"][0], message("required"), "{}", r.text);
    let after = t.get(MAIN, "/admin-settings/participant_types", None).await;
    assert_eq!(after.body["total"], 8, "nothing of the refused file was kept");
    let r = import(&t, &root, "participant_types", "name\nx\n").await;
    assert_eq!(r.body["errors"]["file"][0], message("columns_missing"));
    // Degrees come back under their levels.
    let r = t.get(MAIN, "/admin-settings/reference/degrees/export", Some(&root)).await;
    assert_eq!(r.header("content-type"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    let group: i64 = sqlx::query_scalar("SELECT id FROM reference_items WHERE kind = 'education_sublevels' LIMIT 1").fetch_one(&t.platform.db).await.unwrap();
    let bachelor: i64 = sqlx::query_scalar("SELECT id FROM reference_items WHERE title = 'Bachelor'").fetch_one(&t.platform.db).await.unwrap();
    let r = import(&t, &root, "degrees", &format!("title,bn_title,parent_id\nBSS,বিএসএস,{bachelor}\nBSS,বিএসএস,{group}\n")).await;
    assert_eq!(r.body["errors"]["row_3"][0], message("unknown_parent"), "a group is not a level: {}", r.text);
    let r = import(&t, &root, "degrees", &format!("title,bn_title,parent_id\nBSS,বিএসএস,{bachelor}\n")).await;
    assert_eq!(r.body["data"], json!({ "created": 1, "updated": 0 }), "{}", r.text);
    let r = t.get(MAIN, &format!("/admin-settings/education/degreeBylevel/{bachelor}?search=BSS"), None).await;
    assert_eq!(r.body["total"], 1);
}

/// Bangladesh's divisions, districts and upazilas are lists like the others: paged and searched in
/// both scripts, each under its parent, changed by the keepers, refused where a profile still
/// names them, and round-tripped through a spreadsheet.
#[tokio::test]
async fn the_geography_is_kept_like_every_list() {
    let t = TestApp::new().await;
    let root = t.super_admin().await;
    let r = t.get(MAIN, "/admin-settings/reference/divisions?pagination=none", None).await;
    assert_eq!((r.status, r.body["total"].as_i64()), (StatusCode::OK, Some(8)), "{}", r.text);
    let sylhet = r.body["data"].as_array().unwrap().iter().find(|d| d["title"] == "Sylhet").unwrap()["id"].as_i64().unwrap();
    let r = t.get(MAIN, &format!("/admin-settings/reference/districts?parent_id={sylhet}&pagination=none"), None).await;
    assert_eq!(r.body["total"], 4, "Sylhet's four districts: {}", r.text);
    let r = t.get(MAIN, "/admin-settings/reference/districts?limit=100", None).await;
    assert_eq!(r.body["total"], 64);
    let r = t.get(MAIN, "/admin-settings/reference/upazilas?search=%E0%A6%AC%E0%A6%BF%E0%A6%B6%E0%A7%8D%E0%A6%AC%E0%A6%A8%E0%A6%BE%E0%A6%A5", None).await;
    assert_eq!(r.body["data"][0]["title"], "Bishwanath", "a Bangla search: {}", r.text);
    let sylhet_district = r.body["data"][0]["parent_id"].as_i64().unwrap();
    let dhaka_district: i64 = sqlx::query_scalar("SELECT id::bigint FROM districts WHERE title = 'Dhaka'").fetch_one(&t.platform.db).await.unwrap();

    // A new upazila under its district; the same name twice in one district is refused, in
    // another district it is another place.
    let upazila = |title: &str, district: Option<i64>| json!({ "title": title, "bn_title": "নতুন উপজেলা", "parent_id": district });
    let r = t.post(MAIN, "/admin-settings/reference/upazilas/create", Some(&root), upazila("Newtown", Some(sylhet_district))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let newtown = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(MAIN, "/admin-settings/reference/upazilas/create", Some(&root), upazila("Newtown", Some(sylhet_district))).await;
    assert_eq!(r.body["errors"]["title"][0], message("duplicate_upazila"), "{}", r.text);
    let r = t.post(MAIN, "/admin-settings/reference/upazilas/create", Some(&root), upazila("Newtown", Some(dhaka_district))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = t.post(MAIN, "/admin-settings/reference/upazilas/create", Some(&root), upazila("Nowhere", None)).await;
    assert_eq!(r.body["errors"]["parent_id"][0], message("required"));
    let r = t.post(MAIN, "/admin-settings/reference/upazilas/create", Some(&root), upazila("Nowhere", Some(987_654))).await;
    assert_eq!(r.body["errors"]["parent_id"][0], message("unknown_parent"), "{}", r.text);
    let r = t.get(MAIN, &format!("/admin-settings/upazilas/{sylhet_district}"), None).await;
    assert!(r.body["data"].as_array().unwrap().iter().any(|u| u["id"] == newtown), "the profile form's call lists it");

    // A profile names it: it cannot move to another district or go.
    let someone = t.platform.user("someone@example.com", None).await;
    sqlx::query("UPDATE users SET district_id = $2::int, upazila_id = $3::int WHERE id = $1").bind(someone).bind(sylhet_district).bind(newtown).execute(&t.platform.db).await.unwrap();
    let gazipur: i64 = sqlx::query_scalar("SELECT id::bigint FROM districts WHERE title = 'Gazipur'").fetch_one(&t.platform.db).await.unwrap();
    let r = t.put(MAIN, "/admin-settings/reference/upazilas/update", &root, json!({ "id": newtown, "title": "Newtown", "bn_title": "নিউটাউন", "parent_id": gazipur })).await;
    assert_eq!((r.status, r.body["errors"]["parent_id"][0].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some(message("in_use").as_str())), "{}", r.text);
    let r = t.put(MAIN, "/admin-settings/reference/upazilas/update", &root, json!({ "id": newtown, "title": "Newtown", "bn_title": "নিউটাউন", "parent_id": sylhet_district })).await;
    assert_eq!(r.body["data"]["bn_title"], "নিউটাউন", "renamed in place: {}", r.text);
    assert_eq!(t.delete(MAIN, &format!("/admin-settings/reference/upazilas/{newtown}"), Some(&root)).await.status, StatusCode::CONFLICT);
    assert_eq!(t.delete(MAIN, &format!("/admin-settings/reference/divisions/{sylhet}"), Some(&root)).await.status, StatusCode::CONFLICT, "its districts");

    // The districts go out and come back: unchanged rows update in place, a new one is added.
    let r = t.get(MAIN, "/admin-settings/reference/districts/export?format=csv", Some(&root)).await;
    let mut text = String::from_utf8(r.bytes[3..].to_vec()).unwrap();
    assert_eq!(text.lines().count(), 65, "a header and 64 districts");
    text.push_str(&format!(",Hill Tracts Test,পার্বত্য পরীক্ষা,0,{sylhet}\n"));
    let r = import(&t, &root, "districts", &text).await;
    assert_eq!(r.body["data"], json!({ "created": 1, "updated": 64 }), "{}", r.text);
    let r = import(&t, &root, "upazilas", "title,bn_title,parent_id\nSomewhere,কোথাও,987654\n").await;
    assert_eq!(r.body["errors"]["row_2"][0], message("unknown_parent"), "{}", r.text);
}

#[tokio::test]
async fn the_dictionarys_wording_changes_for_everyone_and_goes_back() {
    let t = TestApp::new().await;
    let root = t.super_admin().await;
    let key = "common:nav.dashboard";
    let r = t.get(MAIN, &format!("/admin-settings/language/values?search={key}"), None).await;
    let shipped = r.body["data"][0].clone();
    assert_eq!((shipped["key"].as_str(), shipped["edited"].as_bool()), (Some(key), Some(false)), "{}", r.text);
    let r = t.put(MAIN, "/admin-settings/language/value/update", &root, json!({ "key": key, "en": "Overview", "bn": "সারসংক্ষেপ" })).await;
    assert_eq!((r.status, r.body["data"]["edited"].as_bool()), (StatusCode::OK, Some(true)), "{}", r.text);
    let bangla = t.get(MAIN, "/admin-settings/languages?lang_id=2", None).await;
    assert_eq!(bangla.body["data"]["values"][key], "সারসংক্ষেপ");
    let r = t.post(MAIN, "/admin-settings/language/value/create", Some(&root), json!({ "key": key, "en": "x", "bn": "x" })).await;
    assert_eq!(r.body["code"], "duplicate_key");
    let r = t.post(MAIN, "/admin-settings/language/value/create", Some(&root), json!({ "key": "no colon", "en": "x", "bn": "x" })).await;
    assert_eq!(r.body["errors"]["key"][0], message("key_invalid"));
    let r = t.post(MAIN, "/admin-settings/language/value/create", Some(&root), json!({ "key": "extras:banner.eid", "en": "Eid Mubarak", "bn": "ঈদ মোবারক" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(t.get(MAIN, "/admin-settings/language/values?edited=true", None).await.body["total"], 2);
    assert_eq!(t.delete(MAIN, &format!("/admin-settings/language/value/{key}"), Some(&root)).await.status, StatusCode::NO_CONTENT);
    let back = t.get(MAIN, &format!("/admin-settings/language/values?search={key}"), None).await;
    assert_eq!((back.body["data"][0]["bn"].clone(), back.body["data"][0]["edited"].as_bool()), (shipped["bn"].clone(), Some(false)), "the shipped wording again");
    assert_eq!(t.delete(MAIN, "/admin-settings/language/value/extras:banner.eid", Some(&root)).await.status, StatusCode::NO_CONTENT);
    assert_eq!(t.get(MAIN, "/admin-settings/language/values?search=banner.eid", None).await.body["total"], 0, "a key of our own is gone");
}
