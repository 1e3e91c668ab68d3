//! ACME against real components started by `infra/test`: Debian's pebble as the CA and BIND as
//! the authoritative server of the zone `lms.test`, updated through RFC 2136 with TSIG.

use control_plane::config::TlsSettings;
use control_plane::testing::TestPlatform;
use control_plane::tls::sealing::MasterKey;
use provisioner::acme::{self, AcmeSettings};
use provisioner::dns::{self, DnsUpdater};
use provisioner::{Ctx, ProvisionerConfig};
use std::time::Duration;

async fn platform() -> (TestPlatform, Ctx, AcmeSettings) {
    let master = MasterKey::from_hex(&"3c".repeat(32)).unwrap();
    let platform = TestPlatform::with_options("https://lms.test", Some(TlsSettings { master_key: master })).await;
    let ctx = Ctx::new(platform.db.clone(), platform.config.clone(), ProvisionerConfig::default());
    let acme = AcmeSettings::from_env().expect("infra/test starts pebble and BIND and sets ACME_* / RFC2136_*");
    (platform, ctx, acme)
}

async fn attempts(platform: &TestPlatform) -> Vec<(String, Option<String>)> {
    sqlx::query_as("SELECT status, message FROM tls_attempts ORDER BY id").fetch_all(&platform.db).await.unwrap()
}

#[tokio::test]
async fn the_wildcard_is_issued_through_dns01_and_stored_sealed() {
    let (platform, ctx, acme) = platform().await;
    acme::issue_wildcard(&ctx, &acme).await.expect("wildcard issued by pebble");
    let (names, pem, sealed, not_after): (Vec<String>, String, Vec<u8>, chrono::DateTime<chrono::Utc>) =
        sqlx::query_as("SELECT names, cert_pem, key_sealed, not_after FROM certificates WHERE primary_name = '*.lms.test'")
            .fetch_one(&platform.db)
            .await
            .unwrap();
    assert_eq!(names, ["*.lms.test", "lms.test"]);
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----"));
    assert!(!String::from_utf8_lossy(&sealed).contains("PRIVATE KEY"), "the key is sealed at rest");
    assert!(not_after > chrono::Utc::now() + chrono::Duration::days(7));
    let log = attempts(&platform).await;
    assert_eq!(log.iter().map(|(s, _)| s.as_str()).collect::<Vec<_>>(), ["started", "issued"]);
    // Valid for long: nothing to renew.
    assert!(!acme::renew_wildcard_if_due(&ctx, &acme).await.unwrap());
    // Forced close to expiry: renewed, with the same account.
    sqlx::query("UPDATE certificates SET not_after = now() + interval '10 days'").execute(&platform.db).await.unwrap();
    assert!(acme::renew_wildcard_if_due(&ctx, &acme).await.unwrap());
    let renewed: (String, chrono::DateTime<chrono::Utc>) =
        sqlx::query_as("SELECT cert_pem, not_after FROM certificates WHERE primary_name = '*.lms.test'").fetch_one(&platform.db).await.unwrap();
    assert_ne!(renewed.0, pem, "a new certificate");
    assert!(renewed.1 > chrono::Utc::now() + chrono::Duration::days(30));
    let accounts: i64 = sqlx::query_scalar("SELECT count(*) FROM acme_accounts").fetch_one(&platform.db).await.unwrap();
    assert_eq!(accounts, 1);
    // The challenge records were cleaned up.
    let resolver_check = dns::wait_visible(acme.dns.server(), "_acme-challenge.lms.test", "anything", Duration::from_millis(600)).await;
    assert!(resolver_check.is_err());
}

#[tokio::test]
async fn a_wrong_tsig_key_is_a_clear_recorded_error() {
    let (platform, ctx, mut acme) = platform().await;
    acme.dns = DnsUpdater::new(acme.dns.server(), "lms.test", "lms-test-key", "d3JvbmcgYnV0IHZhbGlkIGJhc2U2NCBrZXkgMTIzNA==").unwrap();
    let error = format!("{:#}", acme::issue_wildcard(&ctx, &acme).await.unwrap_err());
    assert!(error.contains("refused the update"), "{error}");
    let log = attempts(&platform).await;
    assert_eq!(log.last().unwrap().0, "failed");
    assert!(log.last().unwrap().1.as_deref().unwrap().contains("refused the update"));
}

#[tokio::test]
async fn an_unreachable_ca_fails_cleanly_and_a_missing_record_times_out() {
    let (platform, ctx, mut acme) = platform().await;
    acme.directory = "https://127.0.0.1:9/dir".into();
    assert!(acme::issue_wildcard(&ctx, &acme).await.is_err());
    assert_eq!(attempts(&platform).await.last().unwrap().0, "failed");

    let error = dns::wait_visible(acme.dns.server(), "_acme-challenge.never.lms.test", "x", Duration::from_secs(2)).await.unwrap_err();
    assert_eq!(error.to_string(), "the TXT record _acme-challenge.never.lms.test. never appeared on 127.0.0.1:5399 within 2 s".replace("127.0.0.1:5399", &acme.dns.server().to_string()));
}
