//! TLS at the edge with 1,000 custom-domain certificates loaded: time to load them, resident
//! memory they add, handshakes per second and the cost of SNI resolution (a custom name vs the
//! wildcard). Run with `infra/bench`. Certificates come from a CA made here (rcgen, ECDSA P-256).

use control_plane::config::TlsSettings;
use control_plane::testing::TestPlatform;
use control_plane::tls::sealing::MasterKey;
use control_plane::tls::store::{self, NewCertificate};
use rcgen::{BasicConstraints, CertificateParams, IsCa, KeyPair};
use rustls::pki_types::{CertificateDer, ServerName};
use std::sync::Arc;
use std::time::Instant;
use tenant_api::{AppState, EdgeConfig, router, tls};

const DOMAINS: usize = 1000;
const HANDSHAKES: usize = 2000;

fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)).unwrap().parse().unwrap()
}

pub async fn run() {
    let master = MasterKey::from_hex(&"6b".repeat(32)).unwrap();
    let platform = TestPlatform::with_options("https://lms.test", Some(TlsSettings { master_key: master.clone() })).await;
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let save = |names: Vec<String>, kind: &'static str, institution: Option<i64>| {
        let key = KeyPair::generate().unwrap();
        let cert = CertificateParams::new(names.clone()).unwrap().signed_by(&key, &ca, &ca_key).unwrap();
        let (db, master) = (platform.db.clone(), master.clone());
        async move {
            store::save(&db, &master, NewCertificate {
                kind, primary_name: &names[0], names: &names, institution_id: institution,
                cert_pem: &cert.pem(), key_pem: &key.serialize_pem(), not_after: chrono::Utc::now() + chrono::Duration::days(90),
            })
            .await
            .unwrap();
        }
    };
    save(vec!["*.lms.test".into(), "lms.test".into()], "wildcard", None).await;
    let dhaka: i64 = sqlx::query_scalar(
        "INSERT INTO institutions (slug, institution_name, institution_name_en, type_id, state) VALUES ('dhaka', 'd', 'd', 2, 'active') RETURNING id",
    )
    .fetch_one(&platform.db)
    .await
    .unwrap();
    for n in 0..DOMAINS {
        let domain = format!("learn-{n}.partner.test");
        sqlx::query("INSERT INTO custom_domains (institution_id, domain, verification_token, state) VALUES ($1, $2, 't', 'verified')")
            .bind(dhaka)
            .bind(&domain)
            .execute(&platform.db)
            .await
            .unwrap();
        save(vec![domain], "custom", Some(dhaka)).await;
    }

    let before = rss_kb();
    let resolver = Arc::new(tls::SniResolver::new("lms.test"));
    let started = Instant::now();
    let loaded = resolver.reload(&platform.db, &master).await.unwrap();
    println!(
        "loaded {loaded} certificates in {} ms; resident memory +{} MB ({} MB in all)",
        started.elapsed().as_millis(),
        (rss_kb().saturating_sub(before)) / 1024,
        rss_kb() / 1024
    );
    let state = AppState::build(platform.db.clone(), platform.config.clone(), EdgeConfig::default()).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(tls::serve_https(listener, tls::server_config(resolver).unwrap(), router::app(state), false));

    let mut roots = rustls::RootCertStore::empty();
    roots.add(CertificateDer::from(ca.der().to_vec())).unwrap();
    let client = Arc::new(
        rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::aws_lc_rs::default_provider()))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth(),
    );
    for (label, pick) in [("wildcard name", None), ("custom domain names", Some(()))] {
        let started = Instant::now();
        let mut latencies = Vec::with_capacity(HANDSHAKES);
        let tasks: Vec<_> = (0..4)
            .map(|worker| {
                let client = client.clone();
                tokio::spawn(async move {
                    let mut times = Vec::new();
                    for i in (worker..HANDSHAKES).step_by(4) {
                        let name = match pick {
                            Some(()) => format!("learn-{}.partner.test", i % DOMAINS),
                            None => format!("p{}.lms.test", i % 200),
                        };
                        let t0 = Instant::now();
                        let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
                        tokio_rustls::TlsConnector::from(client.clone())
                            .connect(ServerName::try_from(name).unwrap(), tcp)
                            .await
                            .expect("handshake");
                        times.push(t0.elapsed().as_secs_f64() * 1000.0);
                    }
                    times
                })
            })
            .collect();
        for task in tasks {
            latencies.extend(task.await.unwrap());
        }
        let elapsed = started.elapsed().as_secs_f64();
        latencies.sort_by(f64::total_cmp);
        println!(
            "{HANDSHAKES} full TLS 1.3 handshakes, {label}, 4 concurrent clients: {:.0} handshakes/s, p50 {:.2} ms, p99 {:.2} ms",
            HANDSHAKES as f64 / elapsed,
            latencies[latencies.len() / 2],
            latencies[latencies.len() * 99 / 100]
        );
    }
}
