//! Roles and their permission maps against the real PostgreSQL: a site's own role is given to a
//! person, and the edge lets each module's calls through exactly when the map grants them; who
//! may manage which people and roles; the activity log of writes; the table of every call's rule.

use crate::common::{TestApp, published_course};
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";
const MAIN: &str = "localhost";

/// One call of a module, and the permission it needs.
struct Sample {
    permission: (&'static str, &'static str),
    method: Method,
    path: &'static str,
    body: Option<Value>,
}

fn sample(module: &'static str, action: &'static str, method: Method, path: &'static str, body: Option<Value>) -> Sample {
    Sample { permission: (module, action), method, path, body }
}

/// A call of every module a partner's role may hold.
fn partner_samples() -> Vec<Sample> {
    vec![
        sample("dashboard", "view", Method::GET, "/api/v3/dashboard/total/course", None),
        sample("course", "view", Method::GET, "/course/course/view", None),
        sample("course", "create", Method::POST, "/course/course/create", Some(json!({}))),
        sample("classroom", "create", Method::POST, "/classroom/class/create", Some(json!({}))),
        sample("content", "view", Method::GET, "/content-bank/content/list", None),
        sample("exam", "view", Method::GET, "/course/exam/view-single", None),
        sample("question_bank", "view", Method::GET, "/question-bank/view", None),
        sample("question_bank", "delete", Method::DELETE, "/question-bank/delete/999999", None),
        sample("training", "view", Method::GET, "/course/training/batches/999999", None),
        sample("event", "create", Method::POST, "/event/create", Some(json!({}))),
        sample("accounts", "view", Method::GET, "/admin-settings/coupons", None),
        sample("promotion", "view", Method::GET, "/course/course/promote-course", None),
        sample("publishing", "view", Method::GET, "/my-account/blogs/view", None),
        sample("settings", "view", Method::GET, "/admin-settings/slider", None),
        sample("reports", "view", Method::GET, "/course/reports/courses", None),
        sample("users", "view", Method::POST, "/my-account/system-user/view", Some(json!({}))),
        sample("roles", "view", Method::GET, "/admin-settings/role-list/view", None),
        sample("activity", "view", Method::GET, "/my-account/activity/view", None),
        sample("settings", "view", Method::GET, "/my-account/institutions/domains", None),
    ]
}

async fn call(t: &TestApp, host: &str, token: &str, s: &Sample) -> crate::common::Response {
    t.call(s.method.clone(), host, s.path, Some(token), &[], s.body.clone()).await
}

async fn set_map(t: &TestApp, host: &str, admin: &str, slug: &str, map: Value) {
    let r = t.post(host, "/admin-settings/new-role/create", Some(admin), json!({ "slug": slug, "name": slug, "name_bn": slug, "permissions": map })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

/// Each sample passes the edge with its permission alone and is refused, naming it, without.
async fn check_samples(t: &TestApp, host: &str, admin: &str, slug: &str, holder: &str, samples: &[Sample]) {
    for s in samples {
        let (module, action) = s.permission;
        set_map(t, host, admin, slug, json!({ (module): { (action): true } })).await;
        let r = call(t, host, holder, s).await;
        assert!(r.status != StatusCode::FORBIDDEN && !r.status.is_server_error(), "{module}.{action} granted: {} {}: {} {}", s.method, s.path, r.status, r.text);
        set_map(t, host, admin, slug, json!({})).await;
        let r = call(t, host, holder, s).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{module}.{action} taken back: {} {}: {}", s.method, s.path, r.text);
        assert_eq!(r.body["code"], "permission_denied");
        assert_eq!(r.body["errors"]["permission"][0], format!("{module}.{action}"));
    }
}

#[tokio::test]
async fn a_roles_map_decides_every_module_the_moment_it_changes() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("officer@dhaka.example", None).await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;

    let r = t.post(DHAKA, "/admin-settings/new-role/create", Some(&admin), json!({ "name": "Exam officer", "name_bn": "পরীক্ষা কর্মকর্তা", "permissions": { "exam": { "view": true } } })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["slug"], "exam-officer");
    assert_eq!(r.body["data"]["class"], "partner");
    assert_eq!(r.body["data"]["permissions"]["exam"], json!({ "view": true, "create": false, "edit": false, "delete": false }));
    assert!(r.body["data"]["permissions"].get("partners").is_none(), "a partner's roles are not offered partners");
    let r = t.post(DHAKA, "/my-account/system-user/create", Some(&admin), json!({ "login": "OFFICER@dhaka.example", "role": "exam-officer" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["roles"][0]["name_bn"], "পরীক্ষা কর্মকর্তা");
    let officer = t.acting(DHAKA, "officer@dhaka.example").await;

    let access = t.get(DHAKA, "/my-account/system-user/users-access-given", Some(&officer)).await;
    assert_eq!(access.body["data"], json!({ "role": "exam-officer", "class": "partner", "permissions": { "exam": { "view": true, "create": false, "edit": false, "delete": false } } }));
    let info = t.get(DHAKA, "/my-account/user/view-info", Some(&officer)).await;
    assert_eq!(info.body["data"]["currentrole"]["permissions"], access.body["data"]["permissions"], "the user's record carries the map");
    check_samples(&t, DHAKA, &admin, "exam-officer", &officer, &partner_samples()).await;

    // The refusal is in the caller's language and names what was refused.
    let r = t.call(Method::GET, DHAKA, "/course/course/view", Some(&officer), &[("lang", "2")], None).await;
    assert_eq!(r.body["message"], "আপনার ভূমিকায় কোর্স দেখার অনুমতি নেই।");
    let r = t.get(DHAKA, "/course/course/view", Some(&officer)).await;
    assert_eq!(r.body["message"], "Your role may not view courses.");
    // Open calls need no permission; the learner view is not narrowed by the map.
    assert_eq!(t.get(DHAKA, "/my-account/user/view-info", Some(&officer)).await.status, StatusCode::OK);
    assert_eq!(t.get(DHAKA, "/learner-course/my/wishlist", Some(&officer)).await.status, StatusCode::OK);
    let r = t.call(Method::GET, DHAKA, "/course/exam/view-single", Some(&officer), &[("role-id", "0")], None).await;
    assert_ne!(r.body["code"], "permission_denied", "{}", r.text);

    // The main site's own roles are system roles and may hold partners.
    let root = t.super_admin().await;
    t.platform.user("support@example.com", None).await;
    let r = t.post(MAIN, "/admin-settings/new-role/create", Some(&root), json!({ "name": "Support", "name_bn": "সহায়তা", "permissions": {} })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["slug"], "sys-support");
    assert_eq!(r.body["data"]["class"], "super");
    let r = t.post(MAIN, "/my-account/system-user/create", Some(&root), json!({ "login": "support@example.com", "role": "sys-support" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let support = t.acting(MAIN, "support@example.com").await;
    let partners = [sample("partners", "view", Method::GET, "/my-account/institutions/view-unapproved", None)];
    check_samples(&t, MAIN, &root, "sys-support", &support, &partners).await;
}

#[tokio::test]
async fn admins_manage_their_own_sites_people_and_roles_only() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    let admin_id = t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let teacher_id = t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;

    // Bad roles are refused with the field at fault.
    let role = |name: &str, map: Value| json!({ "name": name, "name_bn": "ভূমিকা", "permissions": map });
    for (body, field, code) in [
        (role("", json!({})), "name", "required"),
        (role("Clerk", json!({ "courses": { "view": true } })), "permissions", "unknown_module"),
        (role("Clerk", json!({ "course": { "read": true } })), "permissions", "unknown_action"),
        (role("Clerk", json!({ "partners": { "view": true } })), "permissions", "module_not_allowed"),
        (json!({ "slug": "teacher", "name": "Teacher", "name_bn": "শিক্ষক", "permissions": {} }), "slug", "built_in_role"),
    ] {
        let r = t.post(DHAKA, "/admin-settings/new-role/create", Some(&admin), body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
        assert_eq!(r.body["errors"][field][0], control_plane::i18n::message(code, control_plane::i18n::Lang::En, None), "{field}: {code}: {}", r.text);
    }
    let r = t.post(DHAKA, "/admin-settings/new-role/create", Some(&admin), role("Clerk", json!({ "reports": { "view": true } }))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = t.post(DHAKA, "/admin-settings/new-role/create", Some(&admin), role("clerk", json!({}))).await;
    assert_eq!((r.status, r.body["errors"]["name"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "duplicate name: {}", r.text);
    // Sylhet may use the same name: names are per site.
    let r = t.post(SYLHET, "/admin-settings/new-role/create", Some(&sylhet_admin), role("Clerk", json!({}))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);

    let list = t.get(DHAKA, "/admin-settings/role-list/view", Some(&admin)).await;
    let slugs: Vec<&str> = list.body["data"].as_array().unwrap().iter().map(|r| r["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["partner-admin", "teacher", "clerk"], "built-in first, then the site's own");
    assert_eq!(list.body["data"][1]["members"], 1);

    // Giving roles: an unknown role, a login nobody has, a new account, twice the same.
    let give = |login: &str, role: &str| json!({ "login": login, "role": role });
    let r = t.post(DHAKA, "/my-account/system-user/create", Some(&admin), give("teacher@dhaka.example", "nope")).await;
    assert_eq!(r.body["errors"]["role"].is_array(), true, "{}", r.text);
    let r = t.post(DHAKA, "/my-account/system-user/create", Some(&admin), give("nobody@example.com", "clerk")).await;
    assert_eq!(r.body["errors"]["login"][0], control_plane::i18n::message("no_account_for_login", control_plane::i18n::Lang::En, None));
    let r = t.post(DHAKA, "/my-account/system-user/create", Some(&admin), json!({ "login": "new.clerk@example.com", "role": "clerk", "name": "Nasrin Clerk" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let clerk = r.body["data"]["roles"][0]["id"].as_i64().unwrap();
    let clerk_user = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, "/my-account/system-user/create", Some(&admin), give("new.clerk@example.com", "clerk")).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("already_member")));

    // The system users' list and one person; Sylhet sees none of Dhaka's people or roles.
    let r = t.post(DHAKA, "/my-account/system-user/view", Some(&admin), json!({ "search": "nasrin" })).await;
    assert_eq!(r.body["total"], 1, "{}", r.text);
    let r = t.post(DHAKA, "/my-account/system-user/view", Some(&admin), json!({ "role": "teacher" })).await;
    assert_eq!(r.body["data"][0]["id"], teacher_id);
    let r = t.post(SYLHET, "/my-account/system-user/view", Some(&sylhet_admin), json!({})).await;
    assert!(!r.text.contains("dhaka.example") && !r.text.contains("Nasrin"), "{}", r.text);
    assert_eq!(t.get(SYLHET, &format!("/my-account/system-user/view/{clerk_user}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, "/my-account/system-user/role-access-view/clerk", Some(&sylhet_admin)).await.body["data"]["members"], 0, "Sylhet's own clerk");

    // The admins' user search: the site's people by words, for a picker, and by id.
    let r = t.get(DHAKA, "/my-account/user/view?search=NASRIN", Some(&admin)).await;
    assert_eq!((r.status, r.body["total"].as_i64(), r.body["data"][0]["id"].as_i64()), (StatusCode::OK, Some(1), Some(clerk_user)), "{}", r.text);
    let r = t.post(DHAKA, "/my-account/user/search", Some(&admin), json!({ "search": "dhaka.example", "limit": 1 })).await;
    assert_eq!((r.status, r.body["data"].as_array().map(Vec::len)), (StatusCode::OK, Some(1)), "{}", r.text);
    assert_eq!(t.post(DHAKA, "/my-account/user/search", Some(&admin), json!({ "search": " " })).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = t.post(DHAKA, "/my-account/user/search_list", Some(&admin), json!({ "ids": [clerk_user, teacher_id, 987654] })).await;
    let ids: Vec<i64> = r.body["data"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [clerk_user, teacher_id], "in the order asked, unknown ids left out");
    assert_eq!(t.post(DHAKA, "/my-account/user/search_list", Some(&admin), json!({ "ids": vec![1; 101] })).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = t.post(SYLHET, "/my-account/user/search_list", Some(&sylhet_admin), json!({ "ids": [clerk_user] })).await;
    assert_eq!(r.body["data"], json!([]), "Dhaka's people are not Sylhet's to look up");
    assert_eq!(t.get(SYLHET, "/my-account/user/view?search=nasrin", Some(&sylhet_admin)).await.body["total"], 0);
    assert_eq!(t.get(DHAKA, "/my-account/user/view", Some(&sylhet_admin)).await.status, StatusCode::FORBIDDEN, "another site's admin");
    assert_eq!(t.get(DHAKA, "/my-account/user/view-info", Some(&admin)).await.status, StatusCode::OK, "one's own record stays open");

    // An admin adds a new person to their institution; not to another's, and not without a name.
    let new_user = |institution: Option<i64>, name: &str| json!({ "institution_id": institution, "name": name, "login": "rafiq@example.com", "role": "teacher" });
    let r = t.post(DHAKA, "/my-account/institutions/create-user-by-admin", Some(&admin), new_user(None, "Rafiq Ahmed")).await;
    assert_eq!((r.status, r.body["data"]["name"].as_str(), r.body["data"]["roles"][0]["slug"].as_str()), (StatusCode::CREATED, Some("Rafiq Ahmed"), Some("teacher")), "{}", r.text);
    let r = t.post(DHAKA, "/my-account/institutions/create-user-by-admin", Some(&admin), new_user(Some(sylhet), "Rafiq Ahmed")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "Sylhet is not Dhaka's admin's: {}", r.text);
    let r = t.post(DHAKA, "/my-account/institutions/create-user-by-admin", Some(&admin), new_user(None, " ")).await;
    assert!(r.body["errors"]["name"].is_array(), "{}", r.text);
    assert_eq!(t.post(DHAKA, "/my-account/institutions/create-user-by-admin", Some(&admin), new_user(Some(987_654), "x")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, "/my-account/system-user/role-access-view/exam-officer", Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/my-account/system-user/delete/sylhet/{clerk}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/my-account/system-user/delete/dhaka/{clerk}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.post(DHAKA, "/my-account/system-user/view", Some(&sylhet_admin), json!({})).await.status, StatusCode::FORBIDDEN, "another site's admin");
    let r = t.put(SYLHET, "/my-account/system-user/update", &sylhet_admin, json!({ "id": clerk, "role": "clerk" })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);

    // Nobody changes their own role; a role people hold is not deleted; built-in roles stay.
    let own: i64 = sqlx::query_scalar("SELECT id FROM memberships WHERE user_id = $1").bind(admin_id).fetch_one(&t.platform.db).await.unwrap();
    let r = t.put(DHAKA, "/my-account/system-user/update", &admin, json!({ "id": own, "role": "clerk" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("own_role")));
    assert_eq!(t.delete(DHAKA, "/admin-settings/manage-roles/delete/clerk", Some(&admin)).await.body["code"], "role_in_use");
    assert_eq!(t.delete(DHAKA, "/admin-settings/manage-roles/delete/teacher", Some(&admin)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = t.put(DHAKA, "/my-account/system-user/update", &admin, json!({ "id": clerk, "role": "teacher" })).await;
    assert_eq!((r.status, r.body["data"]["roles"][0]["slug"].as_str()), (StatusCode::OK, Some("teacher")), "{}", r.text);
    assert_eq!(t.delete(DHAKA, "/admin-settings/manage-roles/delete/clerk", Some(&admin)).await.status, StatusCode::NO_CONTENT);
    assert_eq!(t.delete(DHAKA, &format!("/my-account/system-user/delete/dhaka/{clerk}"), Some(&admin)).await.status, StatusCode::NO_CONTENT);

    // Learners: the people enrolled here; on the main site, everyone.
    let r = t.post(DHAKA, "/my-account/system-user/view", Some(&admin), json!({ "type": "learner" })).await;
    assert_eq!((r.status, r.body["total"].as_i64()), (StatusCode::OK, Some(0)), "{}", r.text);
    let r = t.post(DHAKA, "/my-account/system-user/view", Some(&admin), json!({ "type": "robots" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Every write is in the site's own log with who made it, in which role, checked for what.
    let log = t.get(DHAKA, &format!("/my-account/activity/viewlogs/{admin_id}?limit=100"), Some(&admin)).await;
    assert_eq!(log.status, StatusCode::OK, "{}", log.text);
    let entries = log.body["data"].as_array().unwrap();
    let deleted = entries.iter().find(|e| e["path"] == "/admin-settings/manage-roles/delete/clerk").expect("the role's deletion is logged");
    assert_eq!((deleted["module"].as_str(), deleted["action"].as_str(), deleted["role"].as_str()), (Some("roles"), Some("delete"), Some("partner-admin")));
    assert_eq!((deleted["subject"].as_str(), deleted["status"].as_i64(), deleted["user_name"].as_str()), (Some("clerk"), Some(204), Some("admin@dhaka.example")));
    let moved = entries.iter().find(|e| e["path"] == "/my-account/system-user/update" && e["status"] == 200).expect("the role change is logged");
    assert_eq!(moved["details"]["sent"], json!({ "id": clerk, "role": "teacher" }), "with what it set");
    let change = json!({ "table": "memberships", "op": "update", "id": clerk.to_string(), "before": { "role": "clerk" }, "after": { "role": "teacher" } });
    assert_eq!((&moved["details"]["changes"], &moved["details"]["changed"]), (&json!([change]), &json!(1)), "and what it changed");
    assert!(entries.iter().all(|e| e["user_id"] == admin_id), "one person's log");
    assert!(!entries.iter().any(|e| e["status"] == 422 || e["status"] == 409), "refused writes changed nothing and are not logged");
    let sylhet_log = t.get(SYLHET, "/my-account/activity/view?limit=100", Some(&sylhet_admin)).await;
    assert!(!sylhet_log.text.contains("manage-roles/delete"), "Dhaka's writes are not in Sylhet's log");

    // The main site keeps one super admin.
    let root = t.super_admin().await;
    let root_membership: i64 = sqlx::query_scalar("SELECT m.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = 'root@example.com'")
        .fetch_one(&t.platform.db)
        .await
        .unwrap();
    t.platform.user("support@example.com", None).await;
    let r = t.post(MAIN, "/admin-settings/new-role/create", Some(&root), json!({ "name": "People desk", "name_bn": "জনবল ডেস্ক", "permissions": { "users": { "view": true, "delete": true } } })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = t.post(MAIN, "/my-account/system-user/create", Some(&root), json!({ "login": "support@example.com", "role": "sys-people-desk" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let desk = t.acting(MAIN, "support@example.com").await;
    let main_slug: String = sqlx::query_scalar("SELECT slug FROM institutions WHERE is_main").fetch_one(&t.platform.db).await.unwrap();
    let r = t.delete(MAIN, &format!("/my-account/system-user/delete/{main_slug}/{root_membership}"), Some(&desk)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("last_super_admin")), "{}", r.text);
    let r = t.delete(MAIN, &format!("/my-account/system-user/delete/dhaka/{root_membership}"), Some(&desk)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "the path names the host's site");
}

/// A write's log entry says what it changed in the site's schema, row by row, before and after;
/// what happens outside a write request is nobody's change; one site's changes stay in its log.
#[tokio::test]
async fn the_log_says_what_each_write_changed() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let (course, _) = published_course(&t, DHAKA, &teacher).await;
    let r = t.put(DHAKA, &format!("/course/course/update/{course}"), &teacher, json!({ "title": "Calculus II", "title_bn": "ক্যালকুলাস ২" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let db = t.state.pools.get(dhaka).await.unwrap();
    sqlx::query("UPDATE courses SET title = 'Calculus III' WHERE id = $1").bind(course).execute(&*db).await.unwrap();

    let root = t.super_admin().await;
    let log = t.get(DHAKA, "/my-account/activity/view?limit=100", Some(&root)).await;
    let entries = log.body["data"].as_array().unwrap();
    let updated = entries.iter().find(|e| e["path"] == format!("/course/course/update/{course}")).expect("the update is logged");
    let changes = updated["details"]["changes"].as_array().expect("with its changes");
    let own = changes.iter().find(|c| c["table"] == "courses").expect("the course row");
    assert_eq!((own["op"].as_str(), own["id"].as_str()), (Some("update"), Some(course.to_string().as_str())));
    assert_eq!(own["before"], json!({ "title": "Calculus", "title_bn": "ক্যালকুলাস" }), "only the columns it changed, not updated_at nor the search document");
    assert_eq!(own["after"], json!({ "title": "Calculus II", "title_bn": "ক্যালকুলাস ২" }));
    let created = entries.iter().find(|e| e["path"] == "/course/course/create").expect("the creation is logged");
    let row = created["details"]["changes"].as_array().unwrap().iter().find(|c| c["table"] == "courses").expect("the new row");
    assert_eq!((row["op"].as_str(), row["before"].is_null(), row["after"]["title"].as_str()), (Some("insert"), true, Some("Calculus")));
    assert!(!log.text.contains("Calculus III"), "a change made outside a write request is nobody's: {}", log.text);
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM activity_changes").fetch_one(&*db).await.unwrap();
    let left_ctl: i64 = sqlx::query_scalar("SELECT count(*) FROM activity_changes").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!((left, left_ctl), (0, 0), "every change is taken into its entry");

    // A refused write changed nothing; Sylhet's log holds none of Dhaka's changes.
    let r = t.put(DHAKA, &format!("/course/course/update/{course}"), &teacher, json!({ "title": " ", "title_bn": " " })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let sylhet_log = t.get(SYLHET, "/my-account/activity/view?limit=100", Some(&root)).await;
    assert_eq!(sylhet_log.status, StatusCode::OK);
    assert!(!sylhet_log.text.contains("Calculus"), "{}", sylhet_log.text);

    // The site's log cannot be written when a write is done (here: its table is away): the write
    // stands, and its entry, with what it changed, is written on a later try.
    sqlx::raw_sql("ALTER TABLE activity_logs RENAME TO activity_logs_away").execute(&*db).await.unwrap();
    let r = t.put(DHAKA, &format!("/course/course/update/{course}"), &teacher, json!({ "title": "Calculus IV", "title_bn": "ক্যালকুলাস ৪" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let logged: i64 = sqlx::query_scalar("SELECT count(*) FROM activity_logs_away WHERE details::text LIKE '%Calculus IV%'").fetch_one(&*db).await.unwrap();
    assert_eq!(logged, 0, "not written at once");
    sqlx::raw_sql("ALTER TABLE activity_logs_away RENAME TO activity_logs").execute(&*db).await.unwrap();
    let later = async || {
        let log = t.get(DHAKA, "/my-account/activity/view?limit=100", Some(&root)).await;
        log.body["data"].as_array().unwrap().iter().any(|e| {
            e["details"]["changes"].as_array().is_some_and(|c| c.iter().any(|c| c["table"] == "courses" && c["after"]["title"] == "Calculus IV"))
        })
    };
    t.eventually(later).await;
}

/// Every table has the change trigger, or is one of those left out on purpose (named in the
/// migrations that add it: the log itself, projections, sessions, high-volume learning records).
#[tokio::test]
async fn activity_changes_cover_every_table() {
    let t = TestApp::new().await;
    let site = t.tenant("dhaka").await;
    let untracked = "SELECT c.relname::text FROM pg_class c
                      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
                        AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'record_change')
                      ORDER BY c.relname::text COLLATE \"C\"";
    let db = t.state.pools.get(site).await.unwrap();
    let site_tables: Vec<String> = sqlx::query_scalar(untracked).fetch_all(&*db).await.unwrap();
    assert_eq!(
        site_tables,
        [
            "activity_changes", "activity_logs", "bulk_recipients", "classroom_attendance", "classroom_chat", "content_part_progress", "dashboard_course_days", "dashboard_learners",
            "exam_answers", "exam_attendance", "exam_stats", "file_upload_parts", "lesson_progress", "notifications", "payment_events", "points_pending",
            "refinery_schema_history", "report_exports", "training_attendance",
        ],
        "a new table gets the trigger (CREATE TRIGGER record_change ...) or joins this list"
    );
    let control_tables: Vec<String> = sqlx::query_scalar(untracked).fetch_all(&t.platform.db).await.unwrap();
    assert_eq!(
        control_tables,
        [
            "acme_accounts", "acme_challenges", "activity_changes", "attempt_counts", "bulk_jobs", "calendar_entries", "catalogue_courses", "certificate_registry", "database_servers", "leaderboard_site_totals",
            "leaderboard_user_totals", "leaderboard_user_weeks", "leaderboard_weeks", "learner_courses", "message_opt_outs", "otp_codes", "outbox", "provisioning_events",
            "provisioning_jobs", "push_subscriptions", "refinery_schema_history", "search_terms_daily", "sessions", "sso_attempts", "sso_links", "tenant_placements", "tls_attempts",
        ],
    );
}

/// `docs/permissions.md` lists every call of the API document with its rule, and none is without.
#[tokio::test]
async fn every_call_has_a_rule_and_the_table_is_current() {
    let t = TestApp::new().await;
    let r = t.get(MAIN, "/api-docs/openapi.json", None).await;
    let mut operations = Vec::new();
    for (path, item) in r.body["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "delete", "patch"] {
            if item.get(method).is_some() {
                operations.push((Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(), path.as_str()));
            }
        }
    }
    let table = tenant_api::permissions::table(operations);
    let missing: Vec<&str> = table.lines().filter(|l| l.contains("**none**")).collect();
    assert!(missing.is_empty(), "calls without a rule:\n{}", missing.join("\n"));
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/permissions.md");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&file, &table).unwrap();
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), table, "docs/permissions.md is stale: run this test with BLESS=1");
}
