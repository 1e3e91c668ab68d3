//! HTTPS at the edge with certificates from the control database: SNI selection, refusal of
//! unknown names and of a Host that is not the SNI name, renewal without a restart, HSTS, the
//! HTTP side (ACME HTTP-01 answers, redirects). Certificates come from a test CA made here; the
//! ACME issuance against pebble is not part of this file.

use axum::http::StatusCode;
use crate::common::TestApp;
use control_plane::config::TlsSettings;
use control_plane::testing::TestPlatform;
use control_plane::tls::sealing::MasterKey;
use control_plane::tls::store::{self, NewCertificate};
use rcgen::{BasicConstraints, CertificateParams, IsCa, KeyPair};
use rustls::pki_types::{CertificateDer, ServerName};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tenant_api::{EdgeConfig, router, tls};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Ca {
    cert: rcgen::Certificate,
    key: KeyPair,
}

fn test_ca() -> Ca {
    let key = KeyPair::generate().unwrap();
    let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    Ca { cert: params.self_signed(&key).unwrap(), key }
}

/// A leaf certificate for `names`: (cert PEM, key PEM, DER).
fn leaf(ca: &Ca, names: &[&str]) -> (String, String, Vec<u8>) {
    let key = KeyPair::generate().unwrap();
    let params = CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>()).unwrap();
    let cert = params.signed_by(&key, &ca.cert, &ca.key).unwrap();
    (cert.pem(), key.serialize_pem(), cert.der().to_vec())
}

async fn save(t: &TestApp, key: &MasterKey, kind: &str, primary: &str, names: &[&str], institution: Option<i64>, pem: &(String, String, Vec<u8>)) {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    store::save(&t.platform.db, key, NewCertificate {
        kind, primary_name: primary, names: &names, institution_id: institution, cert_pem: &pem.0, key_pem: &pem.1,
        not_after: chrono::Utc::now() + chrono::Duration::days(90),
    })
    .await
    .unwrap();
}

struct Reply {
    status: u16,
    head: String,
    body: String,
    peer: Vec<u8>,
}

async fn https_get(addr: SocketAddr, ca: &Ca, sni: &str, host: &str, path: &str) -> std::io::Result<Reply> {
    https_call(addr, ca, sni, host, "GET", path, "").await
}

/// A request with a JSON body (empty: none) over a fresh TLS connection.
async fn https_call(addr: SocketAddr, ca: &Ca, sni: &str, host: &str, method: &str, path: &str, body: &str) -> std::io::Result<Reply> {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(CertificateDer::from(ca.cert.der().to_vec())).unwrap();
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::aws_lc_rs::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let tcp = tokio::net::TcpStream::connect(addr).await?;
    let mut stream = connector.connect(ServerName::try_from(sni.to_owned()).unwrap(), tcp).await?;
    let peer = stream.get_ref().1.peer_certificates().unwrap()[0].to_vec();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await; // servers may close without close_notify
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Ok(Reply { status, head: head.to_ascii_lowercase(), body: body.to_owned(), peer })
}

/// A platform on https://lms.test whose wildcard certificate (from a test CA) exists before any
/// partner is provisioned: their certificate step only checks it. Answers the platform, the
/// sealing key, the CA and the wildcard.
async fn with_wildcard(key_byte: &str) -> (TestPlatform, MasterKey, Ca, (String, String, Vec<u8>)) {
    let master = MasterKey::from_hex(&key_byte.repeat(32)).unwrap();
    let platform = TestPlatform::with_options("https://lms.test", Some(TlsSettings { master_key: master.clone() })).await;
    let ca = test_ca();
    let wildcard = leaf(&ca, &["*.lms.test", "lms.test"]);
    store::save(&platform.db, &master, NewCertificate {
        kind: "wildcard", primary_name: "*.lms.test", names: &["*.lms.test".into(), "lms.test".into()],
        institution_id: None, cert_pem: &wildcard.0, key_pem: &wildcard.1,
        not_after: chrono::Utc::now() + chrono::Duration::days(90),
    })
    .await
    .unwrap();
    (platform, master, ca, wildcard)
}

#[tokio::test]
async fn partner_sites_are_served_over_https_by_sni_and_renewals_swap_in_live() {
    let (platform, master, ca, wildcard) = with_wildcard("5a").await;
    let t = TestApp::with(platform, EdgeConfig::default()).await;
    let dhaka = t.tenant("dhaka").await;
    t.tenant("sylhet").await;
    let progress = control_plane::provisioning::progress(&t.platform.db, dhaka).await.unwrap().unwrap();
    assert!(progress.events.iter().any(|e| e.step == "issue_certificate" && e.status == "done"
        && e.message.as_deref() == Some("covered by the *.lms.test certificate")));
    let custom = leaf(&ca, &["learn.dhaka.example"]);
    save(&t, &master, "custom", "learn.dhaka.example", &["learn.dhaka.example"], Some(dhaka), &custom).await;

    let resolver = Arc::new(tls::SniResolver::new("lms.test"));
    assert_eq!(resolver.reload(&t.platform.db, &master).await.unwrap(), 1, "a custom certificate waits for its domain's verification");
    sqlx::query("INSERT INTO custom_domains (institution_id, domain, verification_token, state) VALUES ($1, 'learn.dhaka.example', 't', 'verified')")
        .bind(dhaka)
        .execute(&t.platform.db)
        .await
        .unwrap();
    assert_eq!(resolver.reload(&t.platform.db, &master).await.unwrap(), 2);
    tls::spawn_reload(resolver.clone(), t.platform.db.clone(), master.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(tls::serve_https(listener, tls::server_config(resolver).unwrap(), router::app(t.state.clone()), false));

    // The wildcard serves every partner and the apex, with HSTS.
    let r = https_get(addr, &ca, "dhaka.lms.test", "dhaka.lms.test", "/my-account/institutions/retrieve-site").await.unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("\"slug\":\"dhaka\""));
    assert!(r.head.contains("strict-transport-security: max-age=31536000"));
    assert_eq!(r.peer, wildcard.2);
    let r = https_get(addr, &ca, "lms.test", "lms.test", "/my-account/institutions/retrieve-site").await.unwrap();
    assert!(r.body.contains("\"is_main\":true"));
    // A partner approved now is served at once, with no new order.
    t.tenant("rangpur").await;
    let r = https_get(addr, &ca, "rangpur.lms.test", "rangpur.lms.test:443", "/my-account/institutions/retrieve-site").await.unwrap();
    assert_eq!(r.status, 200);

    // A connection made for one partner cannot be used for another.
    let r = https_get(addr, &ca, "dhaka.lms.test", "sylhet.lms.test", "/my-account/institutions/retrieve-site").await.unwrap();
    assert_eq!(r.status, 421);
    assert!(!r.body.contains("sylhet"));
    // Unknown names get no certificate at all.
    for sni in ["evil.example", "a.b.lms.test", "lms.test.evil.example"] {
        assert!(https_get(addr, &ca, sni, sni, "/").await.is_err(), "{sni} must be refused");
    }
    // A custom domain gets its own certificate, never the wildcard (and vice versa).
    let r = https_get(addr, &ca, "learn.dhaka.example", "learn.dhaka.example", "/").await.unwrap();
    assert_eq!(r.peer, custom.2);

    // Renewal: a new wildcard replaces the old one while requests keep succeeding.
    let renewed = leaf(&ca, &["*.lms.test", "lms.test"]);
    let ca = Arc::new(ca);
    let traffic = {
        let ca = ca.clone();
        tokio::spawn(async move {
            let mut statuses = Vec::new();
            for _ in 0..40 {
                let r = https_get(addr, &ca, "sylhet.lms.test", "sylhet.lms.test", "/my-account/institutions/retrieve-site").await;
                statuses.push(r.map(|r| r.status).unwrap_or(0));
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            statuses
        })
    };
    save(&t, &master, "wildcard", "*.lms.test", &["*.lms.test", "lms.test"], None, &renewed).await;
    t.eventually(|| async { https_get(addr, &ca, "dhaka.lms.test", "dhaka.lms.test", "/").await.is_ok_and(|r| r.peer == renewed.2) }).await;
    let statuses = traffic.await.unwrap();
    assert!(statuses.iter().all(|s| *s == 200), "requests during the swap: {statuses:?}");
}

#[tokio::test]
async fn the_http_side_answers_acme_challenges_and_redirects_the_rest() {
    let t = TestApp::new().await;
    store::put_challenge(&t.platform.db, "tok-123", "tok-123.thumbprint", "learn.dhaka.example").await.unwrap();
    let app = tls::http_router(t.platform.db.clone(), 8443);
    let call = |path: &'static str, host: &'static str| {
        let app = app.clone();
        async move {
            let request = axum::http::Request::builder().uri(path).header("host", host).body(axum::body::Body::empty()).unwrap();
            let response = tower::ServiceExt::oneshot(app, request).await.unwrap();
            let status = response.status();
            let location = response.headers().get("location").map(|l| l.to_str().unwrap().to_owned());
            let body = axum::body::to_bytes(response.into_body(), 1 << 16).await.unwrap();
            (status, location, String::from_utf8_lossy(&body).into_owned())
        }
    };
    let (status, _, body) = call("/.well-known/acme-challenge/tok-123", "learn.dhaka.example").await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, "tok-123.thumbprint"));
    assert_eq!(call("/.well-known/acme-challenge/other", "learn.dhaka.example").await.0, StatusCode::NOT_FOUND);
    let (status, location, _) = call("/login?next=%2Fdashboard", "dhaka.lms.test:8080").await;
    assert_eq!(status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(location.as_deref(), Some("https://dhaka.lms.test:8443/login?next=%2Fdashboard"));
    assert_eq!(call("/", "bad host\"").await.0, StatusCode::BAD_REQUEST);
}

/// A rustls client config trusting exactly the PEM roots given.
fn client_trusting(pem: &str) -> rustls::ClientConfig {
    use rustls::pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(pem.as_bytes()) {
        roots.add(cert.unwrap()).unwrap();
    }
    rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::aws_lc_rs::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth()
}

#[tokio::test]
async fn the_wildcard_from_the_acme_ca_serves_new_partners_without_a_new_order() {
    let master = MasterKey::from_hex(&"7e".repeat(32)).unwrap();
    let platform = TestPlatform::with_options("https://lms.test", Some(TlsSettings { master_key: master.clone() })).await;
    let ctx = provisioner::Ctx::new(platform.db.clone(), platform.config.clone(), provisioner::ProvisionerConfig::default());
    let acme = provisioner::acme::AcmeSettings::from_env().expect("infra/test starts pebble and BIND");
    provisioner::acme::issue_wildcard(&ctx, &acme).await.expect("pebble issues the wildcard through DNS-01");
    let t = TestApp::with(platform, EdgeConfig::default()).await;
    t.tenant("dhaka").await;

    // Pebble's issuing root, fetched over its management API (itself served under ACME_CA_ROOT).
    let ca_root = std::fs::read(std::env::var("ACME_CA_ROOT").unwrap()).unwrap();
    let http = reqwest::Client::builder().add_root_certificate(reqwest::Certificate::from_pem(&ca_root).unwrap()).build().unwrap();
    let management = std::env::var("PEBBLE_MANAGEMENT_URL").unwrap();
    let root = http.get(format!("{management}/roots/0")).send().await.unwrap().text().await.unwrap();

    let resolver = Arc::new(tls::SniResolver::new("lms.test"));
    resolver.reload(&t.platform.db, &master).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(tls::serve_https(listener, tls::server_config(resolver).unwrap(), router::app(t.state.clone()), false));
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client_trusting(&root)));
    let fetch = |sni: &'static str| {
        let connector = connector.clone();
        async move {
            let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
            let mut stream = connector.connect(ServerName::try_from(sni).unwrap(), tcp).await?;
            let request = format!("GET /my-account/institutions/retrieve-site HTTP/1.1\r\nHost: {sni}\r\nAccept: application/json\r\nConnection: close\r\n\r\n");
            stream.write_all(request.as_bytes()).await?;
            let mut raw = Vec::new();
            let _ = stream.read_to_end(&mut raw).await;
            Ok::<_, std::io::Error>(String::from_utf8_lossy(&raw).into_owned())
        }
    };
    let reply = fetch("dhaka.lms.test").await.expect("the chain verifies against pebble's root");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    let orders: i64 = sqlx::query_scalar("SELECT count(*) FROM tls_attempts").fetch_one(&t.platform.db).await.unwrap();
    t.tenant("khulna").await;
    let reply = fetch("khulna.lms.test").await.unwrap();
    assert!(reply.starts_with("HTTP/1.1 200") && reply.contains("\"slug\":\"khulna\""), "{reply}");
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM tls_attempts").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(orders, after, "no new order for a new partner");
}

/// A TCP relay to `target` on `listener`: the CA "comes back" when this starts.
fn relay(listener: tokio::net::TcpListener, target: String) {
    tokio::spawn(async move {
        while let Ok((mut inbound, _)) = listener.accept().await {
            let target = target.clone();
            tokio::spawn(async move {
                if let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await {
                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                }
            });
        }
    });
}

#[tokio::test]
async fn an_unreachable_ca_is_retried_with_backoff_while_the_old_certificate_keeps_serving() {
    let master = MasterKey::from_hex(&"6d".repeat(32)).unwrap();
    let platform = TestPlatform::with_options("https://lms.test", Some(TlsSettings { master_key: master.clone() })).await;
    let ctx = provisioner::Ctx::new(platform.db.clone(), platform.config.clone(), provisioner::ProvisionerConfig::default());
    let mut acme = provisioner::acme::AcmeSettings::from_env().expect("infra/test starts pebble and BIND");
    provisioner::acme::issue_wildcard(&ctx, &acme).await.expect("pebble issues the wildcard");
    let t = TestApp::with(platform, EdgeConfig::default()).await;
    t.tenant("dhaka").await;
    let root = {
        let ca_root = std::fs::read(std::env::var("ACME_CA_ROOT").unwrap()).unwrap();
        let http = reqwest::Client::builder().add_root_certificate(reqwest::Certificate::from_pem(&ca_root).unwrap()).build().unwrap();
        let management = std::env::var("PEBBLE_MANAGEMENT_URL").unwrap();
        http.get(format!("{management}/roots/0")).send().await.unwrap().text().await.unwrap()
    };
    let resolver = Arc::new(tls::SniResolver::new("lms.test"));
    resolver.reload(&t.platform.db, &master).await.unwrap();
    tls::spawn_reload(resolver.clone(), t.platform.db.clone(), master.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(tls::serve_https(listener, tls::server_config(resolver).unwrap(), router::app(t.state.clone()), false));
    // Full handshakes only: a resumed session reports the certificate of the original one.
    let mut client = client_trusting(&root);
    client.resumption = rustls::client::Resumption::disabled();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client));
    // One HTTPS request to dhaka: its status line and the certificate it was served with.
    let fetch = || {
        let connector = connector.clone();
        async move {
            let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
            let mut stream = connector.connect(ServerName::try_from("dhaka.lms.test").unwrap(), tcp).await.expect("handshake");
            let peer = stream.get_ref().1.peer_certificates().unwrap()[0].to_vec();
            stream.write_all(b"GET /my-account/institutions/retrieve-site HTTP/1.1\r\nHost: dhaka.lms.test\r\nConnection: close\r\n\r\n").await.unwrap();
            let mut raw = Vec::new();
            let _ = stream.read_to_end(&mut raw).await;
            (String::from_utf8_lossy(&raw).lines().next().unwrap_or_default().to_owned(), peer)
        }
    };
    let (status, original) = fetch().await;
    assert_eq!(status, "HTTP/1.1 200 OK");

    // The CA goes away (its port refuses connections) while the wildcard falls due for renewal.
    let pebble = acme.directory.trim_start_matches("https://").split('/').next().unwrap().to_owned();
    let stand_in = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = stand_in.local_addr().unwrap().port();
    drop(stand_in);
    acme.directory = acme.directory.replacen(&pebble, &format!("127.0.0.1:{port}"), 1);
    sqlx::query("UPDATE certificates SET not_after = now() + interval '10 days'").execute(&t.platform.db).await.unwrap();
    let maintainer = tokio::spawn(provisioner::acme::maintain(ctx, acme, Duration::from_secs(60)));

    let failed_at = |n: usize| {
        let db = t.platform.db.clone();
        async move {
            for _ in 0..300 {
                let times: Vec<chrono::DateTime<chrono::Utc>> =
                    sqlx::query_scalar("SELECT at FROM tls_attempts WHERE status = 'failed' ORDER BY id").fetch_all(&db).await.unwrap();
                if times.len() >= n {
                    return times;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            panic!("fewer than {n} failed attempts");
        }
    };
    let times = failed_at(3).await;
    // Backoff: 2 s then 4 s (each ±25 %), so the second gap is longer than the first.
    let (first, second) = (times[1] - times[0], times[2] - times[1]);
    assert!(first >= chrono::Duration::milliseconds(1400) && second > first, "gaps {first} then {second}");
    let message: String = sqlx::query_scalar("SELECT message FROM tls_attempts WHERE status = 'failed' ORDER BY id DESC LIMIT 1")
        .fetch_one(&t.platform.db)
        .await
        .unwrap();
    assert!(!message.is_empty());
    // Meanwhile the stored certificate keeps serving.
    let (status, served) = fetch().await;
    assert_eq!((status.as_str(), &served), ("HTTP/1.1 200 OK", &original));
    assert!(!maintainer.is_finished(), "the maintainer survives the failures");

    // The CA comes back: the next retry renews, and the edge swaps the new certificate in.
    relay(tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap(), pebble);
    for _ in 0..300 {
        let (status, served) = fetch().await;
        assert_eq!(status, "HTTP/1.1 200 OK", "requests keep succeeding during the renewal");
        if served != original {
            let issued: i64 = sqlx::query_scalar("SELECT count(*) FROM tls_attempts WHERE status = 'issued'").fetch_one(&t.platform.db).await.unwrap();
            assert_eq!(issued, 2, "the first issuance and the renewal");
            maintainer.abort();
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let log: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT status, message FROM tls_attempts ORDER BY id").fetch_all(&t.platform.db).await.unwrap();
    panic!("the renewed certificate was never served: {log:?}");
}

/// Two edges behind HAProxy (Debian's), HTTPS passed through with the PROXY protocol as
/// `infra/deploy/haproxy.cfg` does: requests reach both edges, the edges see the client's address
/// rather than the balancer's (HAProxy connects from 127.0.0.2 here), and an edge whose health
/// check fails is taken out while every request still succeeds.
#[tokio::test]
async fn two_edges_behind_haproxy_share_the_load_see_the_client_and_lose_a_sick_one() {
    let (platform, master, ca, _) = with_wildcard("6b").await;
    let t = TestApp::with(platform, EdgeConfig::default()).await;
    t.tenant("dhaka").await;
    let resolver = Arc::new(tls::SniResolver::new("lms.test"));
    resolver.reload(&t.platform.db, &master).await.unwrap();
    // Edge B with a control pool of its own, so it can lose it alone.
    let b_db = control_plane::db::connect(&t.platform.config).await.unwrap();
    let b = tenant_api::AppState::build(b_db, t.platform.config.clone(), EdgeConfig::default()).unwrap();
    tenant_api::hosts::spawn_invalidation(b.clone());
    let mut servers = String::new();
    for (name, edge) in [("a", t.state.clone()), ("b", b.clone())] {
        let https = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let health = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        servers += &format!("    server {name} {} check port {}\n", https.local_addr().unwrap(), health.local_addr().unwrap().port());
        tokio::spawn(tls::serve_https(https, tls::server_config(resolver.clone()).unwrap(), router::app(edge.clone()), true));
        tokio::spawn(axum::serve(health, tenant_api::observability::router(edge)).into_future());
    }
    let front: SocketAddr = ([127, 0, 0, 1], crate::common::free_port()).into();
    let config = std::env::temp_dir().join(format!("haproxy-{}.cfg", front.port()));
    std::fs::write(&config, format!(
        "global\n    maxconn 200\ndefaults\n    mode tcp\n    timeout connect 2s\n    timeout client 10s\n    timeout server 10s\n\
         frontend https_in\n    bind {front}\n    default_backend edges\n\
         backend edges\n    balance roundrobin\n    option httpchk GET /healthz\n\
         \x20   default-server inter 100ms fall 1 rise 1 send-proxy-v2 source 127.0.0.2\n{servers}"
    ))
    .unwrap();
    let _haproxy = tokio::process::Command::new("haproxy").arg("-db").arg("-f").arg(&config).kill_on_drop(true).spawn().expect("haproxy (infra/test installs it)");
    let site = async || https_get(front, &ca, "dhaka.lms.test", "dhaka.lms.test", "/my-account/institutions/retrieve-site").await.map(|r| r.status).unwrap_or(0);
    let lookups = |edge: &tenant_api::AppState| edge.hosts.stats.read().0;
    // Up once both edges have answered through it.
    let (a0, b0) = (lookups(&t.state), lookups(&b));
    t.eventually(async || site().await == 200 && lookups(&t.state) > a0 && lookups(&b) > b0).await;

    // Ten requests: round robin gives each edge its share.
    let (a1, b1) = (lookups(&t.state), lookups(&b));
    for _ in 0..10 {
        assert_eq!(site().await, 200);
    }
    assert!(lookups(&t.state) >= a1 + 4 && lookups(&b) >= b1 + 4, "a {} b {}", lookups(&t.state) - a1, lookups(&b) - b1);

    // A failed sign-in is counted against the client's address, not the balancer's.
    let wrong = r#"{"email":"nobody@example.com","password":"wrong-password"}"#;
    let r = https_call(front, &ca, "dhaka.lms.test", "dhaka.lms.test", "POST", "/my-account/user/login", wrong).await.unwrap();
    assert_eq!(r.status, 401, "{}", r.body);
    let keys: Vec<String> = sqlx::query_scalar("SELECT key FROM attempt_counts WHERE key LIKE 'login:address:%'").fetch_all(&t.platform.db).await.unwrap();
    assert_eq!(keys, ["login:address:127.0.0.1"]);

    // Edge B loses its database: its health check fails, HAProxy takes it out, and every
    // request still succeeds, on A.
    b.ctl.db.close().await;
    let (deadline, mut in_a_row) = (std::time::Instant::now() + Duration::from_secs(10), 0);
    while in_a_row < 5 && std::time::Instant::now() < deadline {
        in_a_row = if site().await == 200 { in_a_row + 1 } else { 0 };
    }
    assert_eq!(in_a_row, 5, "HAProxy never took B out");
    let b2 = lookups(&b);
    for _ in 0..10 {
        assert_eq!(site().await, 200);
    }
    assert_eq!(lookups(&b), b2, "nothing more reaches B");
    let _ = std::fs::remove_file(config);
}
