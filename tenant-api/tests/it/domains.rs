//! A partner's own domain, end to end on real components (BIND for the zones `lms.test` and
//! `partner.test`, pebble as the CA): added in the API, verified through its CNAME and TXT
//! records, given its own certificate through HTTP-01 answered by the edge, served over HTTPS,
//! and disabled when its CNAME no longer points here.

use axum::http::{Method, StatusCode};
use crate::common::TestApp;
use control_plane::config::TlsSettings;
use control_plane::testing::TestPlatform;
use control_plane::tls::sealing::MasterKey;
use provisioner::acme::{self, AcmeSettings};
use provisioner::dns::DnsUpdater;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use serde_json::json;
use std::sync::Arc;
use tenant_api::{EdgeConfig, router, tls};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::test]
async fn a_custom_domain_is_verified_certified_served_and_disabled_when_it_stops_pointing_here() {
    let master = MasterKey::from_hex(&"4d".repeat(32)).unwrap();
    let platform = TestPlatform::with_options("https://lms.test", Some(TlsSettings { master_key: master.clone() })).await;
    let ctx = provisioner::Ctx::new(platform.db.clone(), platform.config.clone(), provisioner::ProvisionerConfig::default());
    let acme = AcmeSettings::from_env().expect("infra/test starts pebble and BIND");
    acme::issue_wildcard(&ctx, &acme).await.unwrap();
    let t = TestApp::with(platform, EdgeConfig::default()).await;
    let dhaka = t.tenant("dhaka").await;
    let other = t.tenant("sylhet").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((other, "partner-admin"))).await;
    let token = t.login("dhaka.lms.test", "admin@dhaka.example").await;
    let stranger = t.login("sylhet.lms.test", "admin@sylhet.example").await;
    let domain = format!("learn-{}.partner.test", std::process::id());

    let r = t.post("dhaka.lms.test", "/my-account/institutions/domains", Some(&token), json!({ "domain": "dhaka.lms.test" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = t.post("dhaka.lms.test", "/my-account/institutions/domains", Some(&token), json!({ "domain": domain.to_uppercase() })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let id = r.body["data"]["id"].as_i64().unwrap();
    let verification = r.body["data"]["verification"].clone();
    assert_eq!(r.body["data"]["state"], "pending");
    assert_eq!(verification["cname_target"], "dhaka.lms.test");
    let taken = t.post("sylhet.lms.test", "/my-account/institutions/domains", Some(&stranger), json!({ "domain": domain })).await;
    assert_eq!(taken.body["errors"]["domain"][0], "This domain is already in use.");
    assert_eq!(t.get("sylhet.lms.test", "/my-account/institutions/domains", Some(&stranger)).await.body["data"], json!([]));

    // Not verified while the records are missing; not served either.
    let path = format!("/my-account/institutions/domains/{id}/verify");
    let r = t.post("dhaka.lms.test", &path, Some(&token), json!({})).await;
    assert_eq!(r.body["data"]["state"], "pending");
    assert!(r.body["data"]["last_error"].as_str().unwrap().contains("CNAME"), "{}", r.text);
    assert_eq!(t.get(&domain, "/my-account/institutions/retrieve-site", None).await.status, StatusCode::NOT_FOUND);

    // The partner creates the records (here through RFC 2136); verification passes.
    let dns = DnsUpdater::new(acme.dns.server(), "partner.test", "lms-test-key", &std::env::var("RFC2136_KEY_SECRET").unwrap()).unwrap();
    dns.set_cname(&domain, "dhaka.lms.test").await.unwrap();
    dns.add_txt(verification["txt_name"].as_str().unwrap(), verification["txt_value"].as_str().unwrap()).await.unwrap();
    let r = t.post("dhaka.lms.test", &path, Some(&token), json!({})).await;
    assert_eq!(r.body["data"]["state"], "verified", "{}", r.text);
    t.eventually(|| async {
        t.get(&domain, "/my-account/institutions/retrieve-site", None).await.body["data"]["InstitutionInfo"][0]["slug"] == "dhaka"
    })
    .await;

    // Its own certificate through HTTP-01: pebble asks <domain>:5002, which is the edge's HTTP side.
    let http = tokio::net::TcpListener::bind("127.0.0.1:5002").await.unwrap();
    let challenges = tls::http_router(t.platform.db.clone(), 8443);
    tokio::spawn(async move { axum::serve(http, challenges).await });
    assert_eq!(acme::maintain_domains(&acme_ctx(&t), &acme, chrono::Duration::hours(24), &mut Default::default()).await.unwrap(), 0);
    let listed = t.get("dhaka.lms.test", "/my-account/institutions/domains", Some(&token)).await;
    assert!(listed.body["data"][0]["certificate"]["not_after"].is_string(), "{}", listed.text);
    // The partner admin sees the certificates covering its site and the attempts behind them;
    // the other partner's history holds none of them.
    let info = t.get("dhaka.lms.test", &format!("/my-account/institutions/view-info/{dhaka}"), Some(&token)).await;
    let tls = &info.body["data"]["tls"];
    let names: Vec<&str> = tls["certificates"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["*.lms.test", domain.as_str()], "{}", info.text);
    assert_eq!(tls["attempts"][0]["name"], domain.as_str());
    assert_eq!(tls["attempts"][0]["status"], "issued");
    let theirs = t.get("sylhet.lms.test", &format!("/my-account/institutions/view-info/{other}"), Some(&stranger)).await;
    assert!(!theirs.text.contains(&domain), "{}", theirs.text);

    let resolver = Arc::new(tls::SniResolver::new("lms.test"));
    resolver.reload(&t.platform.db, &master).await.unwrap();
    tls::spawn_reload(resolver.clone(), t.platform.db.clone(), master.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(tls::serve_https(listener, tls::server_config(resolver).unwrap(), router::app(t.state.clone()), false));
    let pebble_root = pebble_root().await;
    let fetch = |sni: String| {
        let root = pebble_root.clone();
        async move {
            let mut roots = rustls::RootCertStore::empty();
            for cert in CertificateDer::pem_slice_iter(root.as_bytes()) {
                roots.add(cert.unwrap()).unwrap();
            }
            let config = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::aws_lc_rs::default_provider()))
                .with_safe_default_protocol_versions().unwrap().with_root_certificates(roots).with_no_client_auth();
            let tcp = tokio::net::TcpStream::connect(addr).await?;
            let mut stream = tokio_rustls::TlsConnector::from(Arc::new(config)).connect(ServerName::try_from(sni.clone()).unwrap(), tcp).await?;
            let request = format!("GET /my-account/institutions/retrieve-site HTTP/1.1\r\nHost: {sni}\r\nAccept: application/json\r\nConnection: close\r\n\r\n");
            stream.write_all(request.as_bytes()).await?;
            let mut raw = Vec::new();
            let _ = stream.read_to_end(&mut raw).await;
            Ok::<_, std::io::Error>(String::from_utf8_lossy(&raw).into_owned())
        }
    };
    let reply = fetch(domain.clone()).await.expect("served with its own certificate, chained to pebble's root");
    assert!(reply.starts_with("HTTP/1.1 200") && reply.contains("\"slug\":\"dhaka\""), "{reply}");

    // The CNAME is removed: the next check disables the domain and it stops being served.
    dns.remove_cname(&domain).await.unwrap();
    assert_eq!(acme::maintain_domains(&acme_ctx(&t), &acme, chrono::Duration::zero(), &mut Default::default()).await.unwrap(), 1);
    let listed = t.get("dhaka.lms.test", "/my-account/institutions/domains", Some(&token)).await;
    assert_eq!(listed.body["data"][0]["state"], "disabled");
    t.eventually(|| async { t.get(&domain, "/my-account/institutions/retrieve-site", None).await.status == StatusCode::NOT_FOUND }).await;
    t.eventually(|| async { fetch(domain.clone()).await.is_err() }).await;

    // Another partner cannot remove it; its own admin can.
    let delete = format!("/my-account/institutions/domains/{id}");
    assert_eq!(t.call(Method::DELETE, "sylhet.lms.test", &delete, Some(&stranger), &[], None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.call(Method::DELETE, "dhaka.lms.test", &delete, Some(&token), &[], None).await.status, StatusCode::OK);
    assert_eq!(t.get("dhaka.lms.test", "/my-account/institutions/domains", Some(&token)).await.body["data"], json!([]));
}

fn acme_ctx(t: &TestApp) -> provisioner::Ctx {
    provisioner::Ctx::new(t.platform.db.clone(), t.platform.config.clone(), provisioner::ProvisionerConfig::default())
}

async fn pebble_root() -> String {
    let ca_root = std::fs::read(std::env::var("ACME_CA_ROOT").unwrap()).unwrap();
    let http = reqwest::Client::builder().add_root_certificate(reqwest::Certificate::from_pem(&ca_root).unwrap()).build().unwrap();
    let management = std::env::var("PEBBLE_MANAGEMENT_URL").unwrap();
    http.get(format!("{management}/roots/0")).send().await.unwrap().text().await.unwrap()
}
