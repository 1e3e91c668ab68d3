//! A partner from application to a live, branded site; the public lists; the OpenAPI document.

use axum::http::{Method, StatusCode};
use base64::Engine;
use crate::common::TestApp;
use serde_json::json;

#[tokio::test]
async fn an_application_is_approved_provisioned_and_served_with_its_brand() {
    let t = TestApp::new().await;
    let admin = t.super_admin().await;
    let r = t.post("localhost", "/my-account/user/partner-register", None, json!({
        "name": "Nasrin", "email": "nasrin@example.com", "phone": "01511111111", "password": "nasrin-pass-1",
        "institution_name": "খুলনা কলেজ", "institution_name_en": "Khulna College", "subdomain": "Khulna",
        "type": "2", "contact_phone": "01511111112", "contact_email": "info@khulna.example.com"
    })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let id = r.body["data"]["institution"]["id"].as_i64().unwrap();
    let applicant = r.body["data"]["token"].as_str().unwrap().to_owned();

    // Only a super admin sees and approves requests.
    assert_eq!(t.get("localhost", "/my-account/institutions/view-unapproved", Some(&applicant)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get("localhost", "/my-account/institutions/view-unapproved", None).await.status, StatusCode::UNAUTHORIZED);
    let pending = t.get("localhost", "/my-account/institutions/view-unapproved?page=9", Some(&admin)).await;
    assert_eq!(pending.body["total"], 1);
    assert_eq!(pending.body["current_page"], 1, "a page beyond the last is the last");
    assert_eq!(pending.body["data"][0]["slug"], "khulna");
    assert_eq!(t.post("localhost", &format!("/my-account/institutions/approve/{id}"), Some(&applicant), json!({})).await.status, StatusCode::FORBIDDEN);

    let r = t.post("localhost", &format!("/my-account/institutions/approve/{id}"), Some(&admin), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["state"], "approved");
    // The applicant is told by e-mail where the site opens: in Bangla, the platform's first
    // language, as the application named none.
    let (to, subject, body): (String, String, String) =
        sqlx::query_as("SELECT recipient, subject, body_text FROM outbox WHERE kind = 'partner_approved'").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(to, "nasrin@example.com");
    assert!(subject.ends_with("খুলনা কলেজ অনুমোদিত হয়েছে") && body.contains("http://khulna.localhost:8080"), "{subject}\n{body}");
    let again = t.post("localhost", &format!("/my-account/institutions/approve/{id}"), Some(&admin), json!({})).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.body["code"], "not_requested");
    assert_eq!(t.post("localhost", "/my-account/institutions/approve/999999", Some(&admin), json!({})).await.status, StatusCode::NOT_FOUND);

    let before = t.get("localhost", &format!("/my-account/institutions/view-info/{id}"), Some(&admin)).await;
    assert_eq!(before.body["data"]["provisioning"]["state"], "queued");
    assert_eq!(before.body["data"]["provisioning"]["steps"].as_array().unwrap().len(), 6);
    t.drain().await;
    let after = t.get("localhost", &format!("/my-account/institutions/view-info/{id}"), Some(&admin)).await;
    assert_eq!(after.body["data"]["state"], "active");
    assert_eq!(after.body["data"]["provisioning"]["state"], "done");
    let events = after.body["data"]["provisioning"]["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["step"] == "issue_certificate" && e["status"] == "skipped"), "TLS off: the seam is skipped");

    let site = t.get("khulna.localhost:8080", "/my-account/institutions/retrieve-site", None).await;
    assert_eq!(site.status, StatusCode::OK);
    assert_eq!(site.body["data"]["InstitutionInfo"][0]["institution_name_en"], "Khulna College");

    // The applicant is now the site's admin: it edits the theme and uploads a logo.
    let token = t.login_with("khulna.localhost", "nasrin@example.com", "nasrin-pass-1").await;
    let png = {
        let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
        bytes.extend_from_slice(&[0u8; 64]);
        format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(&bytes))
    };
    let config = json!({ "menus": ["courses"], "theme": { "primary": "#123456", "secondary": "#abcdef" },
        "slogan_en": "Learn in Khulna", "slogan_bn": "খুলনায় শিখুন", "modules": { "faq": false } });
    let bad = t.call(Method::PUT, "khulna.localhost", "/my-account/institutions/update-site", Some(&token), &[],
        Some(json!({ "site_config": { "theme": { "primary": "blue", "secondary": "#abcdef" } }, "logo": "data:image/png;base64,PHN2Zz4=" }))).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.body["errors"]["logo"].is_array() || bad.body["errors"]["site_config.theme.primary"].is_array(), "{}", bad.text);
    let r = t.call(Method::PUT, "khulna.localhost", "/my-account/institutions/update-site", Some(&token), &[],
        Some(json!({ "site_config": config, "logo": png }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let info = &r.body["data"];
    assert_eq!(info["site_config"]["theme"]["primary"], "#123456");
    assert_eq!(info["site_config"]["modules"]["faq"], false);
    assert_eq!(info["site_config"]["modules"]["partnership"], true);
    let logo = info["logo"].as_str().unwrap().to_owned();
    assert!(logo.starts_with("http://khulna.localhost:8080/site/logo/logo-"), "{logo}");
    let path = logo.trim_start_matches("http://khulna.localhost:8080");

    // The logo comes from the tenant's bucket, only on its own host.
    let served = t.call(Method::GET, "khulna.localhost", path, None, &[("accept", "image/*")], None).await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(t.call(Method::GET, "localhost", path, None, &[("accept", "image/*")], None).await.status, StatusCode::NOT_FOUND);

    // The first HTML already carries the new brand.
    t.eventually(|| async {
        let page = t.call(Method::GET, "khulna.localhost", "/", None, &[("accept", "text/html")], None).await;
        page.text.contains("\"primary\":\"#123456\"") && page.text.contains("<title>খুলনা কলেজ</title>")
    }).await;
    // Another site's admin may not edit it.
    let other = t.tenant("jessore").await;
    t.platform.user("jessore-admin@example.com", Some((other, "partner-admin"))).await;
    let stranger = t.login("jessore.localhost", "jessore-admin@example.com").await;
    let r = t.call(Method::PUT, "khulna.localhost", "/my-account/institutions/update-site", Some(&stranger), &[], Some(json!({ "site_config": config }))).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // The change is in the site's own activity log: as the edge saw the call, and as the handler
    // described it.
    let log = t.get("khulna.localhost", "/my-account/activity/view", Some(&token)).await;
    let entries = log.body["data"].as_array().unwrap();
    assert!(entries.iter().any(|e| e["action"] == "site_updated" && e["details"]["logo_changed"].is_boolean()), "{}", log.text);
    assert!(entries.iter().any(|e| e["module"] == "settings" && e["action"] == "edit" && e["path"] == "/my-account/institutions/update-site"), "{}", log.text);
}

#[tokio::test]
async fn the_footer_lists_active_partners_five_a_page() {
    let t = TestApp::new().await;
    for n in 0..7 {
        t.tenant(&format!("partner-{n}")).await;
    }
    let first = t.get("localhost", "/my-account/public/institutions/view?page=1", None).await;
    assert_eq!(first.body["per_page"], 5);
    assert_eq!(first.body["total"], 7);
    assert_eq!(first.body["last_page"], 2);
    assert_eq!(first.body["data"].as_array().unwrap().len(), 5);
    assert_eq!(first.body["data"][0]["url"], "http://partner-0.localhost:8080");
    let beyond = t.get("localhost", "/my-account/public/institutions/view?page=40&with_data=true", None).await;
    assert_eq!(beyond.body["current_page"], 2);
    assert_eq!(beyond.body["data"].as_array().unwrap().len(), 2);
    assert!(beyond.body["data"][0]["site_config"]["theme"]["primary"].is_string());
    let bad = t.get("localhost", "/my-account/public/institutions/view?page=abc", None).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn startup_data_and_the_openapi_document_are_served_on_every_host() {
    let t = TestApp::new().await;
    t.tenant("iota").await;
    let bn = t.get("iota.localhost", "/admin-settings/languages?lang_id=2", None).await;
    assert_eq!(bn.body["data"]["code"], "bn");
    let values = bn.body["data"]["values"].as_object().unwrap();
    assert!(values.len() > 100, "seeded from the web catalogues");
    assert!(values.keys().all(|k| k.contains(':')));
    let en = t.get("localhost", "/admin-settings/languages?lang_id=1", None).await;
    assert_eq!(en.body["data"]["values"].as_object().unwrap().len(), values.len(), "same keys in both languages");
    let categories = t.get("localhost", "/admin-settings/categories?pagination=none", None).await;
    assert!(categories.body["data"].as_array().unwrap().iter().any(|c| c["bn_title"] == "প্রোগ্রামিং"));

    for host in ["localhost", "iota.localhost", "unknown.localhost"] {
        let doc = t.get(host, "/api-docs/openapi.json", None).await;
        assert_eq!(doc.status, StatusCode::OK);
        let paths = doc.body["paths"].as_object().unwrap();
        for (method, path) in [
            ("post", "/oauth/token"), ("get", "/api/user"), ("post", "/my-account/user/login"),
            ("post", "/my-account/user/register"), ("post", "/my-account/user/partner-register"),
            ("post", "/my-account/user/logout"), ("post", "/my-account/user/switch-role/{id}"),
            ("get", "/my-account/user/view-info"), ("get", "/my-account/institutions/view-unapproved"),
            ("get", "/my-account/institutions/view_all"), ("get", "/my-account/institutions/view-info/{id}"),
            ("get", "/my-account/institutions/view-types"), ("get", "/my-account/institutions/view-types-public"),
            ("post", "/my-account/institutions/approve/{id}"), ("put", "/my-account/institutions/update"),
            ("post", "/my-account/institutions/create"), ("post", "/my-account/institutions/add-partner-by-admin"),
            ("get", "/my-account/institutions/retrieve-site"), ("put", "/my-account/institutions/update-site"),
            ("get", "/my-account/public/institutions/view"), ("get", "/admin-settings/languages"),
            ("get", "/admin-settings/categories"),
        ] {
            assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "{method} {path} on {host}");
        }
    }
}

#[tokio::test]
async fn the_super_admin_creates_partners_directly() {
    let t = TestApp::new().await;
    let admin = t.super_admin().await;
    let r = t.post("localhost", "/my-account/institutions/add-partner-by-admin", Some(&admin), json!({
        "name": "Comilla Admin", "email": "comilla-admin@example.com", "password": "comilla-pass-1",
        "institution_name": "কুমিল্লা জিলা স্কুল", "institution_name_en": "Comilla Zilla School", "subdomain": "comilla",
        "type": 3, "contact_phone": "01611111111", "contact_email": "info@comilla.example.com"
    })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["state"], "approved");
    t.drain().await;
    let token = t.login_with("comilla.localhost", "comilla-admin@example.com", "comilla-pass-1").await;
    let me = t.get("comilla.localhost", "/my-account/user/view-info", Some(&token)).await;
    assert_eq!(me.body["data"]["currentrole"]["role"], "partner-admin");
    let r = t.post("localhost", "/my-account/institutions/create", Some(&admin), json!({
        "institution_name": "x", "institution_name_en": "y", "subdomain": "comilla", "type": 3,
        "contact_phone": "01611111111", "contact_email": "a@b.co" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.body["errors"]["subdomain"][0], "This subdomain is already taken.");
}
