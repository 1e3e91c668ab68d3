//! Tenant isolation: data, database rights, hosts and role headers.

use axum::http::{Method, StatusCode};
use crate::common::TestApp;
use control_plane::tenancy::{SchemaName, TenantRole};
use serde_json::json;
use sqlx::ConnectOptions;
use sqlx::postgres::PgConnectOptions;
use std::str::FromStr;

#[tokio::test]
async fn two_tenants_with_the_same_tables_keep_their_data_apart() {
    keep_their_data_apart(&TestApp::new().await).await;
}

/// The same with the two sites on two database servers (issue 17): alpha is placed on the
/// second, where the most room is; beta on main.
#[tokio::test]
async fn two_tenants_on_two_database_servers_keep_their_data_apart() {
    let t = TestApp::new().await;
    t.platform.second_server("second").await;
    let (alpha, beta) = keep_their_data_apart(&t).await;
    for (site, server) in [(alpha, "second"), (beta, "main")] {
        assert_eq!(t.state.pools.placement(site).await.unwrap().server.name, server);
    }
}

/// Answers the two sites' ids.
async fn keep_their_data_apart(t: &TestApp) -> (i64, i64) {
    let a = t.tenant("alpha").await;
    let b = t.tenant("beta").await;
    let pool_a = t.state.pools.get(a).await.unwrap();
    let pool_b = t.state.pools.get(b).await.unwrap();
    for i in 0..3 {
        tenant_api::activity::record(&pool_a, None, "alpha_event", Some(&format!("a{i}")), json!({})).await.unwrap();
    }
    tenant_api::activity::record(&pool_b, None, "beta_event", None, json!({})).await.unwrap();

    let actions = |pool: tenant_api::pools::PoolLease| async move {
        sqlx::query_scalar::<_, String>("SELECT action FROM activity_logs ORDER BY id").fetch_all(&*pool).await.unwrap()
    };
    assert_eq!(actions(t.state.pools.get(a).await.unwrap()).await, vec!["alpha_event"; 3]);
    assert_eq!(actions(t.state.pools.get(b).await.unwrap()).await, vec!["beta_event"]);

    // Through the API: each site's admin sees only its own site's log.
    let token = t.super_admin().await;
    let log_a = t.get("alpha.localhost", "/my-account/activity/view", Some(&token)).await;
    let log_b = t.get("beta.localhost:8080", "/my-account/activity/view", Some(&token)).await;
    assert_eq!(log_a.status, StatusCode::OK, "{}", log_a.text);
    assert_eq!(log_a.body["total"], 3);
    assert_eq!(log_b.body["total"], 1);
    assert_eq!(log_b.body["data"][0]["action"], "beta_event");
    (a, b)
}

#[tokio::test]
async fn a_tenant_role_is_denied_every_other_schema() {
    let t = TestApp::new().await;
    let a = t.tenant("gamma").await;
    let b = t.tenant("delta").await;
    let role = TenantRole::for_tenant(&t.platform.config, a);
    let mut conn = PgConnectOptions::from_str(t.platform.config.database_url.expose())
        .unwrap()
        .username(role.name.as_str())
        .password(&role.password)
        .connect()
        .await
        .unwrap();
    for sql in [
        format!("SELECT * FROM {}.activity_logs", SchemaName::for_tenant(b).as_str()),
        format!("INSERT INTO {}.activity_logs (action) VALUES ('x')", SchemaName::for_tenant(b).as_str()),
        "SELECT * FROM control.users".to_owned(),
        "SELECT * FROM control.sessions".to_owned(),
    ] {
        let error = sqlx::query(sqlx::AssertSqlSafe(sql.clone())).execute(&mut conn).await.unwrap_err();
        let code = error.as_database_error().and_then(|e| e.code()).map(|c| c.into_owned());
        assert_eq!(code.as_deref(), Some("42501"), "{sql}: {error}");
        assert!(error.to_string().contains("permission denied"), "{error}");
    }
    // Its own schema works.
    sqlx::query(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM {}.activity_logs", SchemaName::for_tenant(a).as_str())))
        .execute(&mut conn)
        .await
        .unwrap();
}

#[tokio::test]
async fn unknown_pending_and_suspended_hosts_answer_404() {
    let t = TestApp::new().await;
    let live = t.tenant("epsilon").await;
    let ok = t.get("epsilon.localhost", "/my-account/institutions/retrieve-site", None).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body["data"]["InstitutionInfo"][0]["slug"], "epsilon");

    for host in ["nosuch.localhost", "a.b.localhost", "evil.com"] {
        let r = t.get(host, "/my-account/institutions/retrieve-site", None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{host}");
        assert_eq!(r.body["code"], "site_not_found");
    }
    // No host at all is not a name of any site: malformed.
    let r = t.get("", "/my-account/institutions/retrieve-site", None).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("bad_host")));
    // A page request gets the HTML 404 page, not data.
    let page = t.call(Method::GET, "nosuch.localhost", "/login", None, &[("accept", "text/html")], None).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(page.text.contains("window.__SITE__=null"), "{}", page.text);

    // A request still waiting for approval has no site yet.
    sqlx::query("INSERT INTO institutions (slug, institution_name, institution_name_en, type_id) VALUES ('pending', 'x', 'x', 2)")
        .execute(&t.platform.db)
        .await
        .unwrap();
    assert_eq!(t.get("pending.localhost", "/my-account/institutions/retrieve-site", None).await.status, StatusCode::NOT_FOUND);

    // Suspending takes the site down at once (the edge hears of it through NOTIFY)...
    let token = t.super_admin().await;
    let r = t.call(Method::PUT, "localhost", "/my-account/institutions/update", Some(&token), &[], Some(json!({ "id": live, "state": "suspended" }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    t.eventually(|| async { t.get("epsilon.localhost", "/my-account/institutions/retrieve-site", None).await.status == StatusCode::NOT_FOUND }).await;
    // ...and re-activating brings it back.
    let r = t.call(Method::PUT, "localhost", "/my-account/institutions/update", Some(&token), &[], Some(json!({ "id": live, "state": "active" }))).await;
    assert_eq!(r.status, StatusCode::OK);
    t.eventually(|| async { t.get("epsilon.localhost", "/my-account/institutions/retrieve-site", None).await.status == StatusCode::OK }).await;
}

#[tokio::test]
async fn forged_role_headers_are_refused() {
    let t = TestApp::new().await;
    let a = t.tenant("zeta").await;
    let b = t.tenant("eta").await;
    t.platform.user("admin-a@example.com", Some((a, "partner-admin"))).await;
    let other = t.platform.user("admin-b@example.com", Some((b, "partner-admin"))).await;
    let other_role: i64 = sqlx::query_scalar("SELECT id FROM memberships WHERE user_id = $1").bind(other).fetch_one(&t.platform.db).await.unwrap();
    let token = t.login("zeta.localhost", "admin-a@example.com").await;
    let info = t.get("zeta.localhost", "/my-account/user/view-info", Some(&token)).await;
    let own_role = info.body["data"]["currentrole"]["id"].as_i64().unwrap();
    let (own, foreign, b_id, a_id) = (own_role.to_string(), other_role.to_string(), b.to_string(), a.to_string());

    let path = "/my-account/activity/view";
    let call = |headers: Vec<(&'static str, String)>, token: Option<String>| {
        let t = &t;
        async move {
            let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
            t.call(Method::GET, "zeta.localhost", path, token.as_deref(), &headers, None).await.status
        }
    };
    let tok = Some(token.clone());
    assert_eq!(call(vec![("Role-id", own.clone()), ("Owner-id", a_id.clone()), ("roleid", "zeta".into())], tok.clone()).await, StatusCode::OK);
    // Somebody else's role, a role in another institution, a mismatched owner, another site's name.
    assert_eq!(call(vec![("Role-id", foreign.clone())], tok.clone()).await, StatusCode::FORBIDDEN);
    assert_eq!(call(vec![("Role-id", own.clone()), ("Owner-id", b_id.clone())], tok.clone()).await, StatusCode::FORBIDDEN);
    assert_eq!(call(vec![("Owner-id", b_id.clone())], tok.clone()).await, StatusCode::FORBIDDEN);
    assert_eq!(call(vec![("roleid", "eta".into())], tok.clone()).await, StatusCode::FORBIDDEN);
    assert_eq!(call(vec![("Role-id", "not-a-number".into())], tok.clone()).await, StatusCode::FORBIDDEN);
    // Role headers without a session prove nothing.
    assert_eq!(call(vec![("Role-id", own.clone())], None).await, StatusCode::UNAUTHORIZED);
    // A real role of this site, but acting on another site's data, is not allowed either.
    let on_b = t.call(Method::GET, "eta.localhost", path, Some(&token), &[("Role-id", own.as_str())], None).await;
    assert_eq!(on_b.status, StatusCode::FORBIDDEN);
    // Switching to a role you do not hold is refused too.
    let r = t.post("zeta.localhost", &format!("/my-account/user/switch-role/{foreign}"), Some(&token), json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}
