//! Texts through a real Kannel (Debian's bearerbox and smsbox, started by `infra/test`) to its
//! fake SMSC, which stands in for the phone company: Bangla arrives as UCS-2, Kannel's delivery
//! report comes back to the edge and is recorded, a forged report changes nothing, and a report
//! of failure fails the text even when it beats the worker.

use crate::common::TestApp;
use axum::http::StatusCode;
use control_plane::config::{KannelConfig, SmsConfig};
use control_plane::messages::outbox::{self, Message};
use control_plane::messages::sms::SmsGateway;
use control_plane::messages::worker::{self, Senders};
use control_plane::secret::Secret;
use control_plane::testing::TestPlatform;
use std::sync::Arc;

const TEXT: &str = "ঢাকা একাডেমি: আপনার যাচাই কোড 482913। কাউকে জানাবেন না।";

fn kannel(report_base: &str, password: &str) -> KannelConfig {
    KannelConfig {
        url: std::env::var("TEST_KANNEL_URL").expect("infra/test starts Kannel: TEST_KANNEL_URL"),
        username: "lms".into(),
        password: Secret::new(password),
        sender: Some("LMS".into()),
        report_base: report_base.into(),
    }
}

/// The texts the fake SMSC took for `number` (8801…), decoded from the UCS-2 it logs.
fn phone(number: &str) -> Vec<String> {
    let log = std::fs::read_to_string(std::env::var("TEST_KANNEL_PHONES").expect("TEST_KANNEL_PHONES")).unwrap_or_default();
    log.lines()
        .filter_map(|line| line.split_once("Got message ").map(|(_, m)| m))
        .filter_map(|m| m.split_once(": <").map(|(_, m)| m.trim_end_matches('>')))
        .filter_map(|m| {
            let mut parts = m.splitn(4, ' ');
            let (_, to, coding, data) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
            (to == number).then(|| {
                let bytes = percent_decode(data);
                match coding {
                    "ucs-2" => String::from_utf16(&bytes.chunks(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect::<Vec<_>>()).unwrap(),
                    _ => String::from_utf8_lossy(&bytes).into_owned(),
                }
            })
        })
        .collect()
}

/// Kannel's URL encoding of a message's bytes (`%09%95+...`) undone.
fn percent_decode(data: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let raw = data.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            b'%' => {
                bytes.push(u8::from_str_radix(&data[i + 1..i + 3], 16).unwrap());
                i += 3;
            }
            b'+' => {
                bytes.push(b' ');
                i += 1;
            }
            b => {
                bytes.push(b);
                i += 1;
            }
        }
    }
    bytes
}

async fn queue(t: &TestApp, to: &str) -> i64 {
    let mut tx = t.platform.db.begin().await.unwrap();
    let message = Message { channel: "sms", to, institution_id: None, sender_name: "LMS", kind: "phone_code", subject: String::new(), text: TEXT.into(), html: None };
    let id = outbox::enqueue(&mut tx, &message).await.unwrap();
    tx.commit().await.unwrap();
    id
}

async fn row(t: &TestApp, id: i64) -> (String, Option<String>, Option<String>) {
    sqlx::query_as("SELECT state, report, last_error FROM outbox WHERE id = $1").bind(id).fetch_one(&t.platform.db).await.unwrap()
}

#[tokio::test]
async fn a_bangla_text_goes_through_kannel_and_its_delivery_report_comes_back() {
    // The edge listens on a real port, where Kannel calls with its delivery reports.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    // Under the main site's name, as the edge serves only the sites it knows.
    let edge = format!("http://localhost:{}", listener.local_addr().unwrap().port());
    let mut platform = TestPlatform::new().await;
    let config = kannel(&edge, "local-kannel-pass");
    let mut settings = (*platform.config).clone();
    settings.sms = Some(SmsConfig::Kannel(config.clone()));
    platform.config = Arc::new(settings);
    let t = TestApp::with(platform, tenant_api::EdgeConfig::default()).await;
    let app = tenant_api::router::app(t.state.clone()).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, app).await });
    let senders = Senders { sms: Some(SmsGateway::new(SmsConfig::Kannel(config)).unwrap()), ..Default::default() };

    // (A phone keeps the texts of earlier runs against the same Kannel.)
    let before = phone("8801711482913").len();
    let id = queue(&t, "+8801711482913").await;
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1);
    t.eventually(|| async { phone("8801711482913").len() == before + 1 }).await;
    assert_eq!(phone("8801711482913").last().map(String::as_str), Some(TEXT), "the Bangla arrives whole, as UCS-2");
    t.eventually(|| async { row(&t, id).await.1.as_deref() == Some("delivered") }).await;
    assert_eq!(row(&t, id).await.0, "sent");

    // A report not signed for the text is refused and changes nothing.
    let forged = format!("/my-account/sms/delivery-report/kannel?id={id}&sig=00112233445566778899aabbccddeeff&status=2");
    assert_eq!(t.get("localhost", &forged, None).await.status, StatusCode::FORBIDDEN);
    let junk = format!("/my-account/sms/delivery-report/kannel?id={id}&sig=x&status=999");
    assert_eq!(t.get("localhost", &junk, None).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(row(&t, id).await, ("sent".into(), Some("delivered".into()), None));

    // The operator's "not delivered" can arrive before the worker records that Kannel took the
    // text: it fails either way, with the reason.
    let early = queue(&t, "+8801711000001").await;
    sqlx::query("UPDATE outbox SET state = 'sending' WHERE id = $1").bind(early).execute(&t.platform.db).await.unwrap();
    assert!(outbox::record_report(&t.platform.db, early, false, "the operator reported it undelivered (Kannel report 2)").await.unwrap());
    outbox::mark_sent(&t.platform.db, early).await.unwrap();
    let (state, report, error) = row(&t, early).await;
    assert_eq!((state.as_str(), report.as_deref()), ("failed", Some("undelivered")));
    assert!(error.unwrap().contains("Kannel report 2"));
}

#[tokio::test]
async fn kannel_refusing_the_account_fails_the_text_for_good() {
    let t = TestApp::new().await;
    let senders = Senders { sms: Some(SmsGateway::new(SmsConfig::Kannel(kannel("http://127.0.0.1:9", "wrong-password"))).unwrap()), ..Default::default() };
    let id = queue(&t, "+8801711000002").await;
    worker::deliver_due(&t.platform.db, &senders).await.unwrap();
    let (state, _, error) = row(&t, id).await;
    assert_eq!(state, "failed", "a refused account is not retried");
    let error = error.unwrap();
    assert!(error.contains("403") && !error.contains("wrong-password"), "{error}");
    assert!(phone("8801711000002").is_empty());
}
