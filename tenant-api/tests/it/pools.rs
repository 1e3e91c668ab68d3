//! Tenant pools stay within the connection budget, and a tenant whose schema vanished answers 404.

use axum::http::StatusCode;
use crate::common::TestApp;
use tenant_api::EdgeConfig;

async fn tenant_connections(t: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE starts_with(usename, $1)")
        .bind(&t.platform.config.tenant_role_prefix)
        .fetch_one(&t.platform.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn touching_many_tenants_never_exceeds_the_connection_budget() {
    let edge = EdgeConfig { connection_budget: 6, pool_max_connections: 2, ..EdgeConfig::default() };
    let t = TestApp::with_edge(edge).await;
    let token = t.super_admin().await;
    let mut slugs = Vec::new();
    for n in 0..12 {
        let slug = format!("budget-{n}");
        t.tenant(&slug).await;
        slugs.push(slug);
    }
    let mut peak = 0;
    for round in 0..2 {
        for chunk in slugs.chunks(4) {
            let calls = chunk.iter().map(|slug| {
                let (t, token, host) = (&t, token.clone(), format!("{slug}.localhost"));
                async move { t.get(&host, "/my-account/activity/view", Some(&token)).await.status }
            });
            for status in futures::future::join_all(calls).await {
                assert_eq!(status, StatusCode::OK, "round {round}");
            }
            peak = peak.max(tenant_connections(&t).await);
            assert!(t.state.pools.open_connections() <= 6);
        }
    }
    assert!(peak <= 6, "at most the budget of 6 connections, saw {peak}");
    assert!(peak >= 1);
}

#[tokio::test]
async fn a_tenant_whose_schema_is_gone_answers_404_not_500() {
    let t = TestApp::new().await;
    let id = t.tenant("vanished").await;
    let token = t.super_admin().await;
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA t_{id} CASCADE"))).execute(&t.platform.db).await.unwrap();
    let r = t.get("vanished.localhost", "/my-account/activity/view", Some(&token)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
    assert_eq!(r.body["code"], "site_not_found");
}
