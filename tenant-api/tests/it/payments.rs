//! Paid batches against the local SSLCommerz gateway (infra/payments/sslcommerz.py) and the real
//! PostgreSQL: what the gateway confirms is granted exactly once, what it does not is not, and
//! the books balance after every scenario.

use crate::common::{LocalServer, Response, TestApp};
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::{Value, json};
use tenant_api::EdgeConfig;
use tenant_api::config::{BkashConfig, PaymentsConfig, SslCommerzConfig};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

struct Shop {
    t: TestApp,
    gateway: LocalServer,
    bkash: LocalServer,
    dhaka: i64,
    teacher: String,
    admin: String,
}

async fn shop() -> Shop {
    // dhakastore: a partner's own store at the same gateway.
    let gateway = LocalServer::start_with("payments/sslcommerz.py", &["teststore", "test-store-pass"], &[("SSLCOMMERZ_EXTRA_STORES", "dhakastore:dhaka-store-pass")]).await;
    // dhakawallet: a partner's own merchant wallet at the same bKash.
    let bkash = LocalServer::start_with(
        "payments/bkash.py",
        &["test-app-key", "test-app-secret", "testmerchant", "test-merchant-pass"],
        &[("BKASH_EXTRA_MERCHANTS", "dhakawallet:dhaka-wallet-pass:dhaka-app-key:dhaka-app-secret")],
    )
    .await;
    let secret = control_plane::secret::Secret::new;
    let payments = PaymentsConfig {
        sslcommerz: Some(SslCommerzConfig { url: gateway.url.clone(), store_id: "teststore".into(), store_password: secret("test-store-pass") }),
        bkash: Some(BkashConfig {
            url: format!("{}/v1.2.0-beta", bkash.url),
            app_key: "test-app-key".into(),
            app_secret: secret("test-app-secret"),
            username: "testmerchant".into(),
            password: secret("test-merchant-pass"),
        }),
        commission_bps: 1_000,
    };
    let t = TestApp::with_edge(EdgeConfig { payments, ..EdgeConfig::default() }).await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    Shop { t, gateway, bkash, dhaka, teacher, admin }
}

fn form(fields: &Value) -> String {
    let pairs: Vec<(&String, &str)> = fields.as_object().unwrap().iter().map(|(k, v)| (k, v.as_str().unwrap_or_default())).collect();
    serde_urlencoded::to_string(pairs).unwrap()
}

impl Shop {
    /// A published course with one published batch at `price` taka; answers the batch id and
    /// the course uuid.
    async fn course(&self, price: &str, limit: Option<i32>) -> (i64, String) {
        let t = &self.t;
        let r = t.post(DHAKA, "/course/course/create", Some(&self.teacher), json!({ "title": "Higher Mathematics", "title_bn": "উচ্চতর গণিত" })).await;
        let (course, uuid) = (r.body["data"]["id"].as_i64().unwrap(), r.body["data"]["uuid"].as_str().unwrap().to_owned());
        let section = t.post(DHAKA, "/course/schedule/section", Some(&self.teacher), json!({ "course_id": course, "title_bn": "সীমা" })).await.body["data"]["id"].as_i64().unwrap();
        let r = t.post(DHAKA, "/course/schedule/lesson", Some(&self.teacher), json!({ "section_id": section, "title_bn": "সীমা", "lesson_type": "manual", "body": "<p>সীমা</p>" })).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        let r = t.post(DHAKA, "/course/batch/create", Some(&self.teacher), json!({ "course_id": course, "name": "Merit", "start_date": "2026-11-01", "enrolment_limit": limit, "price": price })).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        let batch = r.body["data"]["id"].as_i64().unwrap();
        assert_eq!(t.put(DHAKA, "/course/batch/update-publish-feature", &self.teacher, json!({ "id": batch, "published": true })).await.status, StatusCode::OK);
        assert_eq!(t.put(DHAKA, "/course/update-publish-feature", &self.teacher, json!({ "id": course, "published": true })).await.status, StatusCode::OK);
        (batch, uuid)
    }

    async fn learner(&self, email: &str) -> String {
        self.t.platform.user(email, None).await;
        self.t.login(DHAKA, email).await
    }

    async fn checkout(&self, token: &str, batch: i64, key: Option<&str>) -> Response {
        let headers: Vec<(&str, &str)> = key.map(|k| ("idempotency-key", k)).into_iter().collect();
        self.t.call(Method::POST, DHAKA, "/course/transactions/create", Some(token), &headers, Some(json!({ "batch_id": batch }))).await
    }

    async fn fault(&self, tran_id: &str, mode: &str) {
        let r = self.gateway.http.post(format!("{}/faults", self.gateway.url)).json(&json!({ "tran_id": tran_id, "mode": mode })).send().await.unwrap();
        assert!(r.status().is_success());
    }

    /// The payer's choice on the gateway's page: the fields their browser brings back.
    async fn pay(&self, redirect_url: &str, outcome: &str) -> Value {
        let session = redirect_url.split("SESSIONKEY=").nth(1).unwrap();
        let r = self.gateway.http.post(format!("{}/pay/{session}", self.gateway.url)).json(&json!({ "outcome": outcome })).send().await.unwrap();
        assert!(r.status().is_success(), "{}", r.status());
        r.json::<Value>().await.unwrap()["fields"].clone()
    }

    /// The notices the gateway built for a transaction (it cannot reach the in-process edge, so
    /// the test carries them).
    async fn ipns(&self, tran_id: &str) -> Vec<Value> {
        let r = self.gateway.http.get(format!("{}/ipn?tran_id={tran_id}", self.gateway.url)).send().await.unwrap();
        r.json::<Vec<Value>>().await.unwrap()
    }

    async fn post_form(&self, host: &str, path: &str, fields: &Value) -> Response {
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header("host", host)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from(form(fields)))
            .unwrap();
        self.t.send(request).await
    }

    async fn order(&self, token: &str, uuid: &str) -> Value {
        let r = self.t.get(DHAKA, &format!("/learner-course/my-payments/{uuid}"), Some(token)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        r.body["data"].clone()
    }

    async fn enrolled(&self, token: &str, course: &str) -> bool {
        self.t.get(DHAKA, &format!("/learner-course/enrolled/check/{course}"), Some(token)).await.body["data"]["enrolled"] == true
    }

    async fn db(&self) -> sqlx::PgPool {
        (*self.t.state.pools.get(self.dhaka).await.unwrap()).clone()
    }

    /// Every posting sums to zero, and the books hold exactly the paid orders' postings.
    async fn assert_books_balance(&self) {
        let db = self.db().await;
        let unbalanced: i64 = sqlx::query_scalar("SELECT count(*) FROM (SELECT posting FROM ledger_entries GROUP BY posting HAVING sum(amount_poisha) <> 0) p")
            .fetch_one(&db)
            .await
            .unwrap();
        assert_eq!(unbalanced, 0, "every posting balances");
        let (paid, posted): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT COALESCE(sum(amount_poisha - refunded_poisha), 0) FROM orders WHERE state IN ('paid', 'refund_pending', 'refunded'))::bigint,
                    (SELECT COALESCE(-sum(amount_poisha), 0) FROM ledger_entries WHERE account IN ('platform_commission', 'partner_share') AND payout_id IS NULL)::bigint",
        )
        .fetch_one(&db)
        .await
        .unwrap();
        assert_eq!(paid, posted, "what learners paid (less refunds) is what the ledger shares out");
    }
}

#[tokio::test]
async fn a_paid_seat_is_bought_once_however_often_the_gateway_says_so() {
    let s = shop().await;
    let t = &s.t;
    let (batch, course) = s.course("১৫০০", None).await;
    let learner = s.learner("learner@example.com").await;
    let page = t.get(DHAKA, &format!("/learner-course/details/{course}"), None).await;
    assert_eq!((page.body["data"]["batches"][0]["price_poisha"].as_i64(), page.body["data"]["price"].as_f64()), (Some(150_000), Some(1500.0)), "{}", page.text);

    // A paid batch is bought, not joined; a free one is joined, not bought.
    let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(&learner), json!({ "batch_id": batch })).await;
    assert_eq!((r.status, r.body["errors"]["batch_id"][0].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("This batch is paid: buy a seat to enrol.")));
    let (free, _) = s.course("0", None).await;
    assert_eq!(s.checkout(&learner, free, None).await.body["code"], "batch_free");

    let started = s.checkout(&learner, batch, Some("key-1")).await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    let order = started.body["data"]["order"].clone();
    let uuid = order["uuid"].as_str().unwrap().to_owned();
    assert_eq!((order["state"].as_str(), order["amount_poisha"].as_i64()), (Some("pending"), Some(150_000)));
    let redirect = started.body["data"]["redirect_url"].as_str().unwrap().to_owned();
    assert!(redirect.starts_with(&s.gateway.url), "{redirect}");
    // The same key is the same purchase.
    let again = s.checkout(&learner, batch, Some("key-1")).await;
    assert_eq!((again.status, again.body["data"]["order"]["uuid"].as_str(), again.body["data"]["redirect_url"].as_str()), (StatusCode::OK, Some(uuid.as_str()), Some(redirect.as_str())));

    let fields = s.pay(&redirect, "success").await;
    let tran_id = fields["tran_id"].as_str().unwrap().to_owned();
    let ipn = s.ipns(&tran_id).await.remove(0);
    assert!(ipn["url"].as_str().unwrap().ends_with("/payment/sslcommerz/ipn"), "{ipn}");

    // The notice arrives many times, some at once: one enrolment, one posting.
    let notices = (0..8).map(|_| s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]));
    for r in futures::future::join_all(notices).await {
        assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("paid")), "{}", r.text);
    }
    // The payer's browser comes back: sent on to the success page.
    let back = s.post_form(DHAKA, &format!("/payment/sslcommerz/return/{uuid}?outcome=success"), &fields).await;
    assert_eq!((back.status, back.header("location")), (StatusCode::SEE_OTHER, format!("/payment/success/{uuid}").as_str()));

    let paid = s.order(&learner, &uuid).await;
    assert_eq!((paid["state"].as_str(), paid["enrollment_status"].as_str()), (Some("paid"), Some("active")));
    assert!(paid["bank_tran_id"].as_str().is_some_and(|b| !b.is_empty()));
    assert!(s.enrolled(&learner, &course).await);
    let db = s.db().await;
    let (enrolments, entries): (i64, i64) = sqlx::query_as("SELECT (SELECT count(*) FROM enrollments), (SELECT count(*) FROM ledger_entries)").fetch_one(&db).await.unwrap();
    assert_eq!((enrolments, entries), (1, 4));
    s.assert_books_balance().await;
    // The payer's bell rang once, however many notices came.
    let told = t.get(DHAKA, "/my-account/notifications", Some(&learner)).await;
    assert_eq!((told.body["total"].as_i64(), told.body["data"][0]["kind"].as_str()), (Some(1), Some("payment_received")), "{}", told.text);
    assert_eq!((told.body["data"][0]["params"]["amount_poisha"].as_i64(), told.body["data"][0]["params"]["order_uuid"].as_str()), (Some(150_000), Some(uuid.as_str())));

    // The partner's accounts: the payment, and the money split out of the ledger.
    let totals = t.get(DHAKA, "/course/accounts/overall_transactions", Some(&s.admin)).await.body["data"].clone();
    assert_eq!(totals["gross_poisha"], 150_000);
    assert_eq!(totals["gateway_fee_poisha"], 3_750, "the local gateway keeps 2.5 %");
    assert_eq!((totals["platform_commission_poisha"].as_i64(), totals["partner_share_poisha"].as_i64()), (Some(15_000), Some(135_000)));
    let listed = t.get(DHAKA, "/course/accounts/batch-payments?state=paid&search=learner@", Some(&s.admin)).await;
    assert_eq!((listed.body["total"].as_i64(), listed.body["data"][0]["user"]["email"].as_str()), (Some(1), Some("learner@example.com")));
    assert_eq!(t.get(DHAKA, "/course/accounts/batch-payments?state=lost", Some(&s.admin)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    // The exam and training accounts pages list their own type's orders only.
    let of_type = |kind: &str| format!("/course/accounts/batch-payments?state=paid&course_type={kind}");
    assert_eq!(t.get(DHAKA, &of_type("course"), Some(&s.admin)).await.body["total"], 1);
    assert_eq!(t.get(DHAKA, &of_type("training"), Some(&s.admin)).await.body["total"], 0);
    assert_eq!(t.get(DHAKA, &of_type("lesson"), Some(&s.admin)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Money is the partner admin's business, not every teacher's or learner's.
    assert_eq!(t.get(DHAKA, "/course/accounts/overall_transactions", Some(&s.teacher)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, "/course/accounts/batch-payments", Some(&learner)).await.status, StatusCode::FORBIDDEN);
    let mine = t.get(DHAKA, "/learner-course/my-payments", Some(&learner)).await;
    assert_eq!((mine.body["total"].as_i64(), mine.body["data"][0]["course"]["title_bn"].as_str()), (Some(1), Some("উচ্চতর গণিত")));
    // The receipt, in English and in Bangla; nobody else's, and none before paying.
    let receipt = t.get(DHAKA, &format!("/learner-course/my-payments/{uuid}/receipt?lang=en"), Some(&learner)).await;
    assert_eq!((receipt.status, receipt.header("content-type")), (StatusCode::OK, "application/pdf"));
    let text = pdf_text(&receipt).await;
    assert!(text.contains("Payment receipt") && text.contains("BDT 1,500.00") && text.contains(paid["bank_tran_id"].as_str().unwrap()), "{text}");
    let bangla = t.get(DHAKA, &format!("/learner-course/my-payments/{uuid}/receipt"), Some(&learner)).await;
    assert!(bangla.status == StatusCode::OK && bangla.text.starts_with("%PDF-"));
    let other = s.learner("other@example.com").await;
    assert_eq!(t.get(DHAKA, &format!("/learner-course/my-payments/{uuid}/receipt"), Some(&other)).await.status, StatusCode::NOT_FOUND);
    // A paid order is not cancelled, and a second purchase of the same course is refused.
    assert_eq!(t.delete(DHAKA, &format!("/course/transactions/delete/{uuid}"), Some(&learner)).await.body["code"], "order_not_pending");
    assert_eq!(s.checkout(&learner, batch, None).await.body["code"], "already_enrolled");
}

#[tokio::test]
async fn what_the_gateway_does_not_confirm_grants_nothing() {
    let s = shop().await;
    let t = &s.t;
    let (batch, course) = s.course("1500", None).await;
    let learner = s.learner("learner@example.com").await;
    let started = s.checkout(&learner, batch, None).await;
    let uuid = started.body["data"]["order"]["uuid"].as_str().unwrap().to_owned();
    let tran_id = s.db().await;
    let tran_id: String = sqlx::query_scalar("SELECT tran_id FROM orders").fetch_one(&tran_id).await.unwrap();

    // A forged return and a forged notice, with a made-up val_id, as if paid.
    let forged = json!({ "tran_id": tran_id, "val_id": "2611231234567abc", "status": "VALID", "amount": "1500.00", "currency": "BDT" });
    let back = s.post_form(DHAKA, &format!("/payment/sslcommerz/return/{uuid}?outcome=success"), &forged).await;
    assert_eq!(back.status, StatusCode::SEE_OTHER);
    let r = s.post_form(DHAKA, "/payment/sslcommerz/ipn", &forged).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("payment_not_confirmed")), "{}", r.text);
    assert_eq!(s.order(&learner, &uuid).await["state"], "pending");
    assert!(!s.enrolled(&learner, &course).await);

    // Another learner's real payment, replayed for this order: the gateway names its own order.
    let other = s.learner("other@example.com").await;
    let theirs = s.checkout(&other, batch, None).await;
    let fields = s.pay(theirs.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    let replayed = json!({ "tran_id": tran_id, "val_id": fields["val_id"], "status": "VALID" });
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &replayed).await.body["code"], "payment_not_confirmed");
    assert_eq!(s.order(&learner, &uuid).await["state"], "pending");
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM payment_events").fetch_one(&s.db().await).await.unwrap();
    assert_eq!(events, 3, "each refused notice is recorded");

    // A notice for an order no site has, and a body that is not a form.
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &json!({ "tran_id": "nope", "val_id": "x" })).await.body["code"], "order_not_found");
    let r = t.call(Method::POST, DHAKA, "/payment/sslcommerz/ipn", None, &[], Some(json!({ "tran_id": tran_id }))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);

    // The payer cancels at the gateway: the gateway, asked, agrees; the seat is free again.
    let fields = s.pay(started.body["data"]["redirect_url"].as_str().unwrap(), "cancel").await;
    let back = s.post_form(DHAKA, &format!("/payment/sslcommerz/return/{uuid}?outcome=cancel"), &fields).await;
    assert_eq!(back.header("location"), format!("/payment/cancel/{uuid}"));
    assert_eq!(s.order(&learner, &uuid).await["state"], "cancelled");
    s.assert_books_balance().await;
}

#[tokio::test]
async fn a_wrong_amount_is_refused_a_risky_payment_waits_and_a_lost_notice_is_recovered() {
    let s = shop().await;
    let t = &s.t;
    let (batch, course) = s.course("2000", None).await;
    let db = s.db().await;
    let tran_of = |uuid: String| {
        let db = db.clone();
        async move { sqlx::query_scalar::<_, String>("SELECT tran_id FROM orders WHERE uuid = $1::uuid").bind(uuid).fetch_one(&db).await.unwrap() }
    };

    // Charged one taka less than due: refused, recorded, nothing granted.
    let short = s.learner("short@example.com").await;
    let r = s.checkout(&short, batch, None).await;
    let uuid = r.body["data"]["order"]["uuid"].as_str().unwrap().to_owned();
    let tran_id = tran_of(uuid.clone()).await;
    s.fault(&tran_id, "amount_mismatch").await;
    s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    let ipn = s.ipns(&tran_id).await.remove(0);
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]).await.body["data"]["state"], "failed");
    let order = s.order(&short, &uuid).await;
    assert_eq!((order["state"].as_str(), order["failure_reason"].as_str()), (Some("failed"), Some("amount_mismatch")));
    assert!(!s.enrolled(&short, &course).await);
    let recorded: i64 = sqlx::query_scalar("SELECT count(*) FROM payment_events WHERE kind = 'amount_mismatch'").fetch_one(&db).await.unwrap();
    assert_eq!(recorded, 1);

    // Flagged as risky: held for review until the partner admin accepts it.
    let risky = s.learner("risky@example.com").await;
    let r = s.checkout(&risky, batch, None).await;
    let risky_uuid = r.body["data"]["order"]["uuid"].as_str().unwrap().to_owned();
    let tran_id = tran_of(risky_uuid.clone()).await;
    s.fault(&tran_id, "risk").await;
    s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    let ipn = s.ipns(&tran_id).await.remove(0);
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]).await.body["data"]["state"], "review");
    assert!(!s.enrolled(&risky, &course).await);
    assert_eq!(t.post(DHAKA, &format!("/course/accounts/review/{risky_uuid}"), Some(&s.teacher), json!({})).await.status, StatusCode::FORBIDDEN);
    let r = t.post(DHAKA, &format!("/course/accounts/review/{risky_uuid}"), Some(&s.admin), json!({})).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("paid")), "{}", r.text);
    assert_eq!(t.post(DHAKA, &format!("/course/accounts/review/{risky_uuid}"), Some(&s.admin), json!({})).await.body["code"], "order_not_in_review");
    assert!(s.enrolled(&risky, &course).await);

    // The notice never comes and the payer closes the tab: the reconciliation round asks the
    // gateway and enrols them.
    let lost = s.learner("lost@example.com").await;
    let r = s.checkout(&lost, batch, None).await;
    let lost_uuid = r.body["data"]["order"]["uuid"].as_str().unwrap().to_owned();
    let tran_id = tran_of(lost_uuid.clone()).await;
    s.fault(&tran_id, "no_ipn").await;
    s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    assert_eq!(s.order(&lost, &lost_uuid).await["state"], "pending");
    let tenant = control_plane::institutions::store::tenant_by_id(&t.platform.db, s.dhaka).await.unwrap().unwrap();
    let asked = tenant_api::payments::reconcile::sweep(&t.state, &tenant, &db, std::time::Duration::ZERO).await.unwrap();
    assert_eq!(asked, 1, "only the pending order is asked about");
    assert_eq!(s.order(&lost, &lost_uuid).await["state"], "paid");
    assert!(s.enrolled(&lost, &course).await);
    s.assert_books_balance().await;
}

#[tokio::test]
async fn seats_prices_and_gateway_faults() {
    let s = shop().await;
    let t = &s.t;
    // Prices: taka with up to two decimals, Bangla digits welcome; anything else is a clear 422.
    let r = t.post(DHAKA, "/course/course/create", Some(&s.teacher), json!({ "title": "Prices" })).await;
    let course = r.body["data"]["id"].as_i64().unwrap();
    for bad in [json!("-5"), json!("1.234"), json!("১e৩"), json!(true), json!(-1), json!("99999999")] {
        let r = t.post(DHAKA, "/course/batch/create", Some(&s.teacher), json!({ "course_id": course, "start_date": "2026-11-01", "name": "x", "price": bad })).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {}", r.text);
    }
    let r = t.post(DHAKA, "/course/batch/create", Some(&s.teacher), json!({ "course_id": course, "start_date": "2026-11-01", "name": "x", "price": "১,২৫০.৫০" })).await;
    assert_eq!(r.body["data"]["price_poisha"], 125_050, "{}", r.text);

    // One seat: a learner paying holds it; the next is told the batch is full.
    let (batch, _) = s.course("500", Some(1)).await;
    let first = s.learner("first@example.com").await;
    let second = s.learner("second@example.com").await;
    let held = s.checkout(&first, batch, None).await;
    assert_eq!(held.status, StatusCode::CREATED);
    assert_eq!(s.checkout(&second, batch, None).await.body["code"], "batch_full");
    // Buying again while the first is being paid offers the same order: nobody pays twice.
    let again = s.checkout(&first, batch, None).await;
    assert_eq!((again.status, &again.body["data"]["order"]["uuid"]), (StatusCode::OK, &held.body["data"]["order"]["uuid"]));
    let r = t.call(Method::POST, DHAKA, "/course/transactions/create", Some(&first), &[], Some(json!({ "batch_id": batch, "gateway": "bkash" }))).await;
    assert_eq!(r.body["code"], "payment_in_progress", "another gateway while one payment is open");
    let listed = t.get(DHAKA, "/learner-course/my-payments", Some(&first)).await;
    assert_eq!(listed.body["data"][0]["redirect_url"], held.body["data"]["redirect_url"], "a pending order can be paid from the list");
    // Cancelled, the seat is free again, and another site's learner cannot see the order.
    let uuid = held.body["data"]["order"]["uuid"].as_str().unwrap();
    assert_eq!(t.delete(DHAKA, &format!("/course/transactions/delete/{uuid}"), Some(&second)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(DHAKA, &format!("/course/transactions/delete/{uuid}"), Some(&first)).await.body["data"]["state"], "cancelled");

    // The gateway is down: a clear 502, no charge, the seat not held.
    s.fault("*", "5xx").await;
    let r = s.checkout(&second, batch, None).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_GATEWAY, Some("payment_gateway_unavailable")), "{}", r.text);
    s.fault("*", "none").await;
    assert_eq!(s.checkout(&second, batch, None).await.status, StatusCode::CREATED);
    let r = s.checkout(&second, batch, Some(&"k".repeat(101))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    s.assert_books_balance().await;
}

#[tokio::test]
async fn one_site_cannot_read_or_settle_another_sites_orders() {
    let s = shop().await;
    let t = &s.t;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let (batch, course) = s.course("1500", None).await;
    let learner = s.learner("learner@example.com").await;
    let r = s.checkout(&learner, batch, None).await;
    let uuid = r.body["data"]["order"]["uuid"].as_str().unwrap().to_owned();
    let fields = s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    let ipn = s.ipns(fields["tran_id"].as_str().unwrap()).await.remove(0);

    // Dhaka's notice sent to sylhet finds no order there, and changes nothing.
    assert_eq!(s.post_form(SYLHET, "/payment/sslcommerz/ipn", &ipn["fields"]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(s.order(&learner, &uuid).await["state"], "pending");
    // Neither the learner on sylhet nor sylhet's admin sees dhaka's order.
    let on_sylhet = t.login(SYLHET, "learner@example.com").await;
    assert_eq!(t.get(SYLHET, &format!("/learner-course/my-payments/{uuid}"), Some(&on_sylhet)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, "/learner-course/my-payments", Some(&on_sylhet)).await.body["total"], 0);
    assert_eq!(t.get(SYLHET, "/course/accounts/batch-payments", Some(&sylhet_admin)).await.body["total"], 0);
    assert_eq!(t.get(SYLHET, "/course/accounts/overall_transactions", Some(&sylhet_admin)).await.body["data"]["gross_poisha"], 0);
    assert_eq!(t.get(DHAKA, "/course/accounts/batch-payments", Some(&sylhet_admin)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.post(SYLHET, &format!("/course/accounts/review/{uuid}"), Some(&sylhet_admin), json!({})).await.status, StatusCode::NOT_FOUND);

    // At its own site the notice settles it.
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]).await.body["data"]["state"], "paid");
    assert!(s.enrolled(&learner, &course).await);
    // Paid, it still cannot be refunded or its receipt read through another site.
    assert_eq!(t.post(SYLHET, &format!("/course/accounts/refund/{uuid}"), Some(&sylhet_admin), json!({})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/learner-course/my-payments/{uuid}/receipt"), Some(&on_sylhet)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(s.order(&learner, &uuid).await["state"], "paid");
    s.assert_books_balance().await;
}

#[tokio::test]
async fn a_partner_is_paid_out_its_share_once_and_never_more_than_it_earned() {
    let s = shop().await;
    let t = &s.t;
    let (batch, _) = s.course("1500", None).await;
    let learner = s.learner("learner@example.com").await;
    let r = s.checkout(&learner, batch, None).await;
    let fields = s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    let ipn = s.ipns(fields["tran_id"].as_str().unwrap()).await.remove(0);
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]).await.body["data"]["state"], "paid");
    let totals = t.get(DHAKA, "/course/accounts/overall_transactions", Some(&s.admin)).await.body["data"].clone();
    assert_eq!((totals["partner_share_poisha"].as_i64(), totals["available_poisha"].as_i64()), (Some(135_000), Some(135_000)));

    // The site's admin asks: not more than is available, not nothing, not as a teacher.
    let ask = |amount: &str| t.post(DHAKA, "/course/accounts/request-payment", Some(&s.admin), json!({ "amount": amount, "note": "নভেম্বরের পাওনা" }));
    let r = ask("2000").await;
    assert_eq!((r.status, r.body["errors"]["amount"][0].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("This is more than the site can ask for now.")));
    assert_eq!(ask("0").await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(t.post(DHAKA, "/course/accounts/request-payment", Some(&s.teacher), json!({ "amount": "10" })).await.status, StatusCode::FORBIDDEN);
    let first = ask("১০০০").await;
    assert_eq!((first.status, first.body["data"]["amount_poisha"].as_i64()), (StatusCode::CREATED, Some(100_000)), "{}", first.text);
    let first = first.body["data"]["id"].as_i64().unwrap();
    // What is asked for is held: 350 taka remain.
    assert_eq!(ask("400").await.body["errors"]["amount"].as_array().map(Vec::len), Some(1));
    let second = ask("350").await.body["data"]["id"].as_i64().unwrap();
    let third = ask("0.01").await;
    assert_eq!(third.status, StatusCode::UNPROCESSABLE_ENTITY, "nothing is left");

    // Another site's admin sees none of it; the super admin sees it on the main site.
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    assert_eq!(t.get(SYLHET, "/course/accounts/view_all_requests", Some(&sylhet_admin)).await.body["total"], 0);
    assert_eq!(t.get(SYLHET, &format!("/course/accounts/check-status/{first}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/course/accounts/delete_request/{first}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, &format!("/course/accounts/approve_request/{first}"), Some(&s.admin)).await.status, StatusCode::FORBIDDEN);
    let root = t.super_admin().await;
    let all = t.get("localhost", "/course/accounts/view_all_requests?type=requested", Some(&root)).await;
    assert_eq!((all.body["total"].as_i64(), all.body["data"][0]["institution"]["slug"].as_str()), (Some(2), Some("dhaka")), "{}", all.text);

    // Approved once, even when asked twice or when an approval was cut short; rejected with a reason.
    let r = t.get("localhost", &format!("/course/accounts/approve_request/{first}"), Some(&root)).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("approved")), "{}", r.text);
    assert_eq!(t.get("localhost", &format!("/course/accounts/approve_request/{first}"), Some(&root)).await.body["code"], "payout_not_requested");
    sqlx::query("UPDATE payout_requests SET state = 'approving' WHERE id = $1").bind(first).execute(&t.platform.db).await.unwrap();
    assert_eq!(t.get("localhost", &format!("/course/accounts/approve_request/{first}"), Some(&root)).await.body["data"]["state"], "approved");
    let r = t.get("localhost", &format!("/course/accounts/reject_request/{second}?reason=%E0%A6%AC%E0%A7%8D%E0%A6%AF%E0%A6%BE%E0%A6%82%E0%A6%95"), Some(&root)).await;
    assert_eq!((r.body["data"]["state"].as_str(), r.body["data"]["reason"].as_str()), (Some("rejected"), Some("ব্যাংক")), "{}", r.text);
    assert_eq!(t.get(DHAKA, &format!("/course/accounts/delete_request/{second}"), Some(&s.admin)).await.body["code"], "payout_not_requested");

    let totals = t.get(DHAKA, "/course/accounts/overall_transactions", Some(&s.admin)).await.body["data"].clone();
    assert_eq!(
        (totals["paid_out_poisha"].as_i64(), totals["requested_poisha"].as_i64(), totals["available_poisha"].as_i64(), totals["gross_poisha"].as_i64()),
        (Some(100_000), Some(0), Some(35_000), Some(150_000))
    );
    let payouts: i64 = sqlx::query_scalar("SELECT count(*) FROM ledger_entries WHERE payout_id IS NOT NULL").fetch_one(&s.db().await).await.unwrap();
    assert_eq!(payouts, 2, "one posting of two rows");
    // A request still waiting can be withdrawn by the site's admin.
    let waiting = ask("100").await.body["data"]["id"].as_i64().unwrap();
    assert_eq!(t.get(DHAKA, &format!("/course/accounts/delete_request/{waiting}"), Some(&s.admin)).await.status, StatusCode::OK);
    s.assert_books_balance().await;
}

#[tokio::test]
async fn coupons_take_their_share_off_and_never_more_uses_than_allowed() {
    let s = shop().await;
    let t = &s.t;
    let (batch, course) = s.course("1500", None).await;
    let coupon = |body: Value| t.post(DHAKA, "/admin-settings/coupons/create", Some(&s.admin), body);

    // Bad coupons are refused field by field; only the site's admin keeps them.
    for (bad, field) in [
        (json!({ "code": "x", "kind": "percent", "percent": 10 }), "code"),
        (json!({ "code": "EID-2026", "kind": "percent", "percent": 101 }), "percent"),
        (json!({ "code": "EID-2026", "kind": "fixed", "amount": "-5" }), "amount"),
        (json!({ "code": "EID-2026", "kind": "percent", "percent": 10, "starts_on": "2026-12-01", "ends_on": "2026-11-01" }), "ends_on"),
        (json!({ "code": "EID-2026", "kind": "percent", "percent": 10, "max_uses": 0 }), "max_uses"),
        (json!({ "code": "EID-2026", "kind": "percent", "percent": 10, "course_ids": [99999] }), "course_ids"),
        (json!({ "code": "EID\u{0}2026", "kind": "percent", "percent": 10 }), "code"),
        (json!({ "code": "X".repeat(10_000), "kind": "percent", "percent": 10 }), "code"),
        (json!({ "code": "EID-2026", "kind": "fixed", "amount": "১e৩" }), "amount"),
    ] {
        let r = coupon(bad.clone()).await;
        assert_eq!((r.status, r.body["errors"][field].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{bad}: {}", r.text);
    }
    assert_eq!(t.post(DHAKA, "/admin-settings/coupons/create", Some(&s.teacher), json!({ "code": "TEACH", "kind": "percent", "percent": 5 })).await.status, StatusCode::FORBIDDEN);
    let r = coupon(json!({ "code": "eid-2026", "kind": "percent", "percent": 20, "course_ids": [] })).await;
    assert_eq!((r.status, r.body["data"]["code"].as_str()), (StatusCode::CREATED, Some("EID-2026")), "{}", r.text);
    assert_eq!(coupon(json!({ "code": "EID-2026", "kind": "fixed", "amount": "100" })).await.body["errors"]["code"].as_array().map(Vec::len), Some(1));
    let ten = coupon(json!({ "code": "TEN-SEATS", "kind": "fixed", "amount": "৫০০", "max_uses": 10, "course_ids": [course_id(&s, &course).await] })).await;
    assert_eq!(ten.body["data"]["amount_poisha"], 50_000, "{}", ten.text);
    let ten_id = ten.body["data"]["id"].as_i64().unwrap();
    coupon(json!({ "code": "FREE", "kind": "percent", "percent": 100 })).await;
    coupon(json!({ "code": "LATER", "kind": "percent", "percent": 10, "starts_on": "2099-01-01" })).await;

    // The preview and checkout agree; a coupon that does not apply says why.
    let learner = s.learner("learner@example.com").await;
    let quote = t.get(DHAKA, &format!("/learner-course/price-quote?batch_id={batch}&coupon=eid-2026"), Some(&learner)).await;
    assert_eq!((quote.body["data"]["amount_poisha"].as_i64(), quote.body["data"]["discount_poisha"].as_i64()), (Some(120_000), Some(30_000)), "{}", quote.text);
    for (code, reason) in [("NOPE", "There is no such coupon on this site."), ("LATER", "This coupon is not valid today.")] {
        let r = t.get(DHAKA, &format!("/learner-course/price-quote?batch_id={batch}&coupon={code}"), Some(&learner)).await;
        assert_eq!(r.body["errors"]["coupon"][0].as_str(), Some(reason), "{code}");
    }
    let r = t.call(Method::POST, DHAKA, "/course/transactions/create", Some(&learner), &[], Some(json!({ "batch_id": batch, "coupon": "EID-2026" }))).await;
    assert_eq!((r.status, r.body["data"]["order"]["amount_poisha"].as_i64()), (StatusCode::CREATED, Some(120_000)), "{}", r.text);
    let fields = s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    assert_eq!(fields["amount"], "1200.00", "the gateway is asked for the discounted price");
    let ipn = s.ipns(fields["tran_id"].as_str().unwrap()).await.remove(0);
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]).await.body["data"]["state"], "paid");
    // Once per learner, unless the coupon says otherwise.
    let again = t.get(DHAKA, &format!("/learner-course/price-quote?batch_id={batch}&coupon=EID-2026"), Some(&learner)).await;
    assert_eq!(again.body["errors"]["coupon"][0], "This coupon has been used up.");

    // A free coupon: enrolled at once, no gateway, nothing in the books.
    let lucky = s.learner("lucky@example.com").await;
    let r = t.call(Method::POST, DHAKA, "/course/transactions/create", Some(&lucky), &[], Some(json!({ "batch_id": batch, "coupon": "FREE" }))).await;
    assert_eq!((r.status, r.body["data"]["order"]["state"].as_str(), r.body["data"]["order"]["gateway"].as_str()), (StatusCode::CREATED, Some("paid"), Some("none")), "{}", r.text);
    assert!(r.body["data"]["redirect_url"].as_str().unwrap().starts_with("/payment/success/"));
    assert!(s.enrolled(&lucky, &course).await);

    // Fifty learners use a coupon of ten at once: exactly ten orders hold it.
    let mut tokens = Vec::new();
    for n in 0..50 {
        tokens.push(s.learner(&format!("rush{n}@example.com")).await);
    }
    let rush = tokens.iter().map(|token| t.call(Method::POST, DHAKA, "/course/transactions/create", Some(token), &[], Some(json!({ "batch_id": batch, "coupon": "TEN-SEATS" }))));
    let answers = futures::future::join_all(rush).await;
    let won: Vec<&Response> = answers.iter().filter(|r| r.status == StatusCode::CREATED).collect();
    assert_eq!(won.len(), 10, "{:?}", answers.iter().map(|r| (r.status, r.body["code"].clone())).collect::<Vec<_>>());
    assert!(answers.iter().filter(|r| r.status != StatusCode::CREATED).all(|r| r.body["errors"]["coupon"][0] == "This coupon has been used up."));
    assert!(won.iter().all(|r| r.body["data"]["order"]["amount_poisha"] == 100_000));
    // One of them cancels: the use is given back, and someone else may have it.
    let winner = answers.iter().position(|r| r.status == StatusCode::CREATED).unwrap();
    let uuid = answers[winner].body["data"]["order"]["uuid"].as_str().unwrap();
    assert_eq!(t.delete(DHAKA, &format!("/course/transactions/delete/{uuid}"), Some(&tokens[winner])).await.body["data"]["state"], "cancelled");
    let listed = t.get(DHAKA, "/admin-settings/coupons?search=ten", Some(&s.admin)).await;
    assert_eq!((listed.body["total"].as_i64(), listed.body["data"][0]["used"].as_i64()), (Some(1), Some(9)), "{}", listed.text);
    let late = s.learner("late@example.com").await;
    let r = t.call(Method::POST, DHAKA, "/course/transactions/create", Some(&late), &[], Some(json!({ "batch_id": batch, "coupon": "TEN-SEATS" }))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);

    // A used coupon is switched off, not deleted; another site knows nothing of it.
    assert_eq!(t.delete(DHAKA, &format!("/admin-settings/coupons/{ten_id}"), Some(&s.admin)).await.status, StatusCode::OK);
    let kept = t.get(DHAKA, "/admin-settings/coupons?search=TEN", Some(&s.admin)).await;
    assert_eq!(kept.body["data"][0]["active"], false);
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    assert_eq!(t.get(SYLHET, "/admin-settings/coupons", Some(&sylhet_admin)).await.body["total"], 0);
    assert_eq!(t.delete(SYLHET, &format!("/admin-settings/coupons/{ten_id}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    s.assert_books_balance().await;
}

async fn course_id(s: &Shop, uuid: &str) -> i64 {
    s.t.get(DHAKA, &format!("/learner-course/details/{uuid}"), None).await.body["data"]["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_refund_gives_money_back_through_the_gateway_and_a_full_one_ends_the_enrolment() {
    let s = shop().await;
    let t = &s.t;
    let (batch, course) = s.course("1500", None).await;
    let learner = s.learner("learner@example.com").await;
    let r = s.checkout(&learner, batch, None).await;
    let uuid = r.body["data"]["order"]["uuid"].as_str().unwrap().to_owned();
    let path = format!("/course/accounts/refund/{uuid}");
    let refund = |body: Value| t.post(DHAKA, &path, Some(&s.admin), body);
    assert_eq!(refund(json!({})).await.body["code"], "order_not_paid", "nothing paid yet");
    let fields = s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    let ipn = s.ipns(fields["tran_id"].as_str().unwrap()).await.remove(0);
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]).await.body["data"]["state"], "paid");

    // Part of it: the order stays paid and the learner enrolled.
    assert_eq!(t.post(DHAKA, &path, Some(&s.teacher), json!({ "amount": "500" })).await.status, StatusCode::FORBIDDEN);
    assert_eq!(refund(json!({ "amount": "-1" })).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = refund(json!({ "amount": "৫০০", "reason": "দেরিতে শুরু" })).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("paid")), "{}", r.text);
    assert!(s.enrolled(&learner, &course).await);
    assert_eq!(refund(json!({ "amount": "1000.01" })).await.body["errors"]["amount"][0], "This is more than is left to refund.");
    let totals = t.get(DHAKA, "/course/accounts/overall_transactions", Some(&s.admin)).await.body["data"].clone();
    assert_eq!((totals["gross_poisha"].as_i64(), totals["refunded_poisha"].as_i64()), (Some(150_000), Some(50_000)));
    assert_eq!(totals["partner_share_poisha"], 135_000 - 45_000, "the share gives back its part: 90 % of 500");
    s.assert_books_balance().await;

    // The rest: refunded, the enrolment ends and the seat is free again.
    let r = refund(json!({ "reason": "Course cancelled" })).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("refunded")), "{}", r.text);
    assert!(!s.enrolled(&learner, &course).await);
    let mine = s.order(&learner, &uuid).await;
    assert_eq!((mine["state"].as_str(), mine["enrollment_status"].as_str()), (Some("refunded"), None));
    assert_eq!(refund(json!({})).await.body["code"], "order_not_paid");
    let page = t.get(DHAKA, &format!("/learner-course/details/{course}"), None).await;
    assert_eq!(page.body["data"]["batches"][0]["enrolled_count"], 0);
    // The learner was told, twice, in the language they use (Bangla: they never said), in the
    // site's words for a refund; the gateway's record has both refunds.
    let (told, last): (i64, String) = sqlx::query_as(
        "SELECT count(*), (SELECT body_text FROM outbox WHERE kind = 'payment_refunded' ORDER BY id DESC LIMIT 1) FROM outbox WHERE kind = 'payment_refunded' AND recipient = 'learner@example.com'",
    )
    .fetch_one(&t.platform.db)
    .await
    .unwrap();
    assert_eq!(told, 2);
    assert!(last.contains("৳১,০০০.০০") && last.contains("পুরো টাকা ফেরত দেওয়ায় এই কোর্সে আপনার ভর্তি বাতিল হয়েছে।") && last.contains("/payments"), "{last}");
    let first: String = sqlx::query_scalar("SELECT body_text FROM outbox WHERE kind = 'payment_refunded' ORDER BY id LIMIT 1").fetch_one(&t.platform.db).await.unwrap();
    assert!(!first.contains("ভর্তি বাতিল"), "a part refund leaves the enrolment, and its sentence out: {first}");
    let session: Value = s.gateway.http.get(format!("{}/sessions?tran_id={}", s.gateway.url, fields["tran_id"].as_str().unwrap())).send().await.unwrap().json().await.unwrap();
    assert_eq!(session["refunds"].as_array().map(Vec::len), Some(2), "{session}");
    s.assert_books_balance().await;
}

/// The text of a PDF answer, through poppler's pdftotext (installed by infra/test).
pub async fn pdf_text(r: &Response) -> String {
    let file = std::env::temp_dir().join(format!("receipt-{}.pdf", uuid::Uuid::new_v4()));
    std::fs::write(&file, &r.bytes).unwrap();
    let out = tokio::process::Command::new("pdftotext").arg(&file).arg("-").output().await.expect("pdftotext (poppler-utils) is installed by infra/test");
    let _ = std::fs::remove_file(&file);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl Shop {
    async fn bkash_checkout(&self, token: &str, batch: i64) -> (String, String) {
        let r = self.t.call(Method::POST, DHAKA, "/course/transactions/create", Some(token), &[], Some(json!({ "batch_id": batch, "gateway": "bkash" }))).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        let redirect = r.body["data"]["redirect_url"].as_str().unwrap();
        assert!(redirect.starts_with(&self.bkash.url), "{redirect}");
        (r.body["data"]["order"]["uuid"].as_str().unwrap().to_owned(), redirect.rsplit('/').next().unwrap().to_owned())
    }

    /// The payer's choice in the bKash wallet: where their browser is sent back to (path and query).
    async fn authorise(&self, payment: &str, outcome: &str) -> String {
        let r = self.bkash.http.post(format!("{}/pay/{payment}", self.bkash.url)).json(&json!({ "outcome": outcome })).send().await.unwrap();
        let url = r.json::<Value>().await.unwrap()["return_url"].as_str().unwrap().to_owned();
        url.find("/payment/bkash/callback/").map(|i| url[i..].to_owned()).expect("the callback is ours")
    }

    async fn bkash_fault(&self, payment: &str, mode: &str) {
        self.bkash.http.post(format!("{}/faults", self.bkash.url)).json(&json!({ "payment_id": payment, "mode": mode })).send().await.unwrap();
    }
}

#[tokio::test]
async fn a_learner_pays_with_bkash_executed_once_whatever_comes_back() {
    let s = shop().await;
    let t = &s.t;
    let (batch, course) = s.course("1500", None).await;
    let learner = s.learner("learner@example.com").await;
    let (uuid, payment) = s.bkash_checkout(&learner, batch).await;
    // The token bKash granted has expired by the time the payer is back: granted again, unseen.
    s.bkash_fault(&payment, "token_expired").await;
    let back = s.authorise(&payment, "success").await;
    assert!(back.contains(&format!("paymentID={payment}")) && back.contains("status=success"), "{back}");
    let r = t.call(Method::GET, DHAKA, &back, None, &[("accept", "text/html")], None).await;
    assert_eq!((r.status, r.header("location")), (StatusCode::SEE_OTHER, format!("/payment/success/{uuid}").as_str()), "{}", r.text);
    let order = s.order(&learner, &uuid).await;
    assert_eq!((order["state"].as_str(), order["gateway"].as_str()), (Some("paid"), Some("bkash")));
    assert!(s.enrolled(&learner, &course).await);
    // The browser comes back again (a reload): bKash says it was executed already; nothing more.
    assert_eq!(t.call(Method::GET, DHAKA, &back, None, &[("accept", "text/html")], None).await.status, StatusCode::SEE_OTHER);
    let entries: i64 = sqlx::query_scalar("SELECT count(*) FROM ledger_entries").fetch_one(&s.db().await).await.unwrap();
    assert_eq!(entries, 3, "one posting: clearing, commission, share (bKash reports no fee)");

    // A forged return for a payment nobody authorised executes nothing.
    let other = s.learner("other@example.com").await;
    let (forged, forged_payment) = s.bkash_checkout(&other, batch).await;
    let r = t.get(DHAKA, &format!("/payment/bkash/callback/{forged}?paymentID={forged_payment}&status=success"), None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(s.order(&other, &forged).await["state"], "pending");
    // Then the payer does authorise it, but their browser never comes back: the reconciliation
    // round finds it authorised and executes it.
    s.authorise(&forged_payment, "success").await;
    let tenant = control_plane::institutions::store::tenant_by_id(&t.platform.db, s.dhaka).await.unwrap().unwrap();
    tenant_api::payments::reconcile::sweep(&t.state, &tenant, &s.db().await, std::time::Duration::ZERO).await.unwrap();
    assert_eq!(s.order(&other, &forged).await["state"], "paid");

    // Charged less than due: refused. Cancelled in the wallet: cancelled here.
    let short = s.learner("short@example.com").await;
    let (short_uuid, short_payment) = s.bkash_checkout(&short, batch).await;
    s.bkash_fault(&short_payment, "amount_mismatch").await;
    let back = s.authorise(&short_payment, "success").await;
    t.get(DHAKA, &back, None).await;
    assert_eq!(s.order(&short, &short_uuid).await["failure_reason"], "amount_mismatch");
    let quitter = s.learner("quitter@example.com").await;
    let (quit_uuid, quit_payment) = s.bkash_checkout(&quitter, batch).await;
    let back = s.authorise(&quit_payment, "cancel").await;
    assert_eq!(t.get(DHAKA, &back, None).await.header("location"), format!("/payment/cancel/{quit_uuid}"));

    // A full refund goes back through bKash at once and ends the enrolment.
    let r = t.post(DHAKA, &format!("/course/accounts/refund/{uuid}"), Some(&s.admin), json!({ "reason": "ভুল ব্যাচ" })).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("refunded")), "{}", r.text);
    assert!(!s.enrolled(&learner, &course).await);
    let stored: Value = s.bkash.http.get(format!("{}/payments/{payment}", s.bkash.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(stored["refunds"].as_array().map(Vec::len), Some(1), "{stored}");
    // A gateway nobody offers is refused.
    let r = t.call(Method::POST, DHAKA, "/course/transactions/create", Some(&quitter), &[], Some(json!({ "batch_id": batch, "gateway": "paypal" }))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    s.assert_books_balance().await;
}

#[tokio::test]
async fn a_partner_takes_payments_into_its_own_store_and_owes_the_commission() {
    let s = shop().await;
    let t = &s.t;
    let merchant = async |token: &str, body: Value| t.post(DHAKA, "/course/accounts/merchant", Some(token), body).await;
    let r = t.get(DHAKA, "/course/accounts/merchant", Some(&s.admin)).await;
    assert_eq!((r.status, r.body["data"]["mode"].as_str()), (StatusCode::OK, Some("platform")), "{}", r.text);
    assert_eq!(t.get(DHAKA, "/course/accounts/merchant", Some(&s.teacher)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(merchant(&s.teacher, json!({ "mode": "platform" })).await.status, StatusCode::FORBIDDEN);

    // The gateway is asked before a store is kept; its password is kept sealed.
    let r = merchant(&s.admin, json!({ "mode": "own", "store_id": "dhakastore", "store_password": "guess" })).await;
    assert_eq!((r.status, r.body["errors"]["store_password"][0].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("SSLCommerz did not accept this store id and password.")));
    let r = merchant(&s.admin, json!({ "mode": "own", "store_id": "dhaka store!", "store_password": "x" })).await;
    assert!(r.body["errors"]["store_id"].is_array(), "{}", r.text);
    assert_eq!(merchant(&s.admin, json!({ "mode": "own", "store_id": "dhakastore" })).await.status, StatusCode::UNPROCESSABLE_ENTITY, "a new store needs its password");
    assert_eq!(merchant(&s.admin, json!({ "mode": "mine" })).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = merchant(&s.admin, json!({ "mode": "own", "store_id": "dhakastore", "store_password": "dhaka-store-pass" })).await;
    assert_eq!((r.status, r.body["data"]["mode"].as_str(), r.body["data"]["store_id"].as_str()), (StatusCode::OK, Some("own"), Some("dhakastore")), "{}", r.text);
    assert!(!r.text.contains("dhaka-store-pass"));
    let sealed: Vec<u8> = sqlx::query_scalar("SELECT store_password_sealed FROM merchant_accounts").fetch_one(&t.platform.db).await.unwrap();
    assert!(!sealed.windows(5).any(|w| w == b"dhaka"), "the password is not kept as it is");
    // Another partner's site knows nothing of it.
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    assert_eq!(t.get(SYLHET, "/course/accounts/merchant", Some(&sylhet_admin)).await.body["data"]["mode"], "platform");

    // A learner pays into dhaka's store: the notice is checked with that store (the platform's
    // cannot see the payment), and the money is the partner's to hold.
    let (batch, course) = s.course("1500", None).await;
    let learner = s.learner("learner@example.com").await;
    let r = s.checkout(&learner, batch, None).await;
    let uuid = r.body["data"]["order"]["uuid"].as_str().unwrap().to_owned();
    let fields = s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    let ipn = s.ipns(fields["tran_id"].as_str().unwrap()).await.remove(0);
    assert_eq!(ipn["fields"]["store_id"], "dhakastore");
    let platform_view: Value = s.gateway.http
        .get(format!("{}/validator/api/merchantTransIDvalidationAPI.php?store_id=teststore&store_passwd=test-store-pass&format=json&tran_id={}", s.gateway.url, fields["tran_id"].as_str().unwrap()))
        .send().await.unwrap().json().await.unwrap();
    assert_eq!(platform_view["no_of_trans_found"], 0, "{platform_view}");
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]).await.body["data"]["state"], "paid");
    assert!(s.enrolled(&learner, &course).await);
    let totals = t.get(DHAKA, "/course/accounts/overall_transactions", Some(&s.admin)).await.body["data"].clone();
    assert_eq!((totals["gross_poisha"].as_i64(), totals["held_by_partner_poisha"].as_i64()), (Some(150_000), Some(146_250)), "{totals}");
    assert_eq!((totals["partner_share_poisha"].as_i64(), totals["available_poisha"].as_i64()), (Some(135_000), Some(0)), "the partner owes the commission");
    let r = t.post(DHAKA, "/course/accounts/request-payment", Some(&s.admin), json!({ "amount": "1" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    s.assert_books_balance().await;

    // Back to the platform's store: new orders go there, and this order is still refunded
    // through the store it was paid into.
    let r = merchant(&s.admin, json!({ "mode": "platform" })).await;
    assert_eq!(r.body["data"]["mode"], "platform");
    assert_eq!(s.post_form(DHAKA, "/payment/sslcommerz/ipn", &ipn["fields"]).await.body["data"]["state"], "paid", "a replay is still a no-op");
    let r = t.post(DHAKA, &format!("/course/accounts/refund/{uuid}"), Some(&s.admin), json!({ "reason": "Course cancelled" })).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("refunded")), "{}", r.text);
    let totals = t.get(DHAKA, "/course/accounts/overall_transactions", Some(&s.admin)).await.body["data"].clone();
    assert_eq!((totals["refunded_poisha"].as_i64(), totals["held_by_partner_poisha"].as_i64()), (Some(150_000), Some(-3_750)), "{totals}");
    s.assert_books_balance().await;
    let other = s.learner("other@example.com").await;
    let r = s.checkout(&other, batch, None).await;
    let fields = s.pay(r.body["data"]["redirect_url"].as_str().unwrap(), "success").await;
    assert_eq!(s.ipns(fields["tran_id"].as_str().unwrap()).await.remove(0)["fields"]["store_id"], "teststore");
    // Switching back to the known store needs no password again.
    let r = merchant(&s.admin, json!({ "mode": "own", "store_id": "dhakastore" })).await;
    assert_eq!((r.status, r.body["data"]["mode"].as_str()), (StatusCode::OK, Some("own")), "{}", r.text);
}

#[tokio::test]
async fn a_partner_takes_bkash_payments_into_its_own_wallet() {
    let s = shop().await;
    let t = &s.t;
    let wallet = async |token: &str, mut body: Value| {
        body["gateway"] = json!("bkash");
        t.post(DHAKA, "/course/accounts/merchant", Some(token), body).await
    };
    let r = t.get(DHAKA, "/course/accounts/merchant", Some(&s.admin)).await;
    assert_eq!(r.body["data"]["bkash"]["mode"], "platform", "{}", r.text);
    assert_eq!(wallet(&s.teacher, json!({ "mode": "platform" })).await.status, StatusCode::FORBIDDEN);

    // bKash is asked before a wallet is kept; what it refuses, or what is incomplete, is not kept.
    let own = json!({ "mode": "own", "username": "dhakawallet", "password": "dhaka-wallet-pass", "app_key": "dhaka-app-key", "app_secret": "dhaka-app-secret" });
    let with = |patch: Value| {
        let mut body = own.clone();
        body.as_object_mut().unwrap().extend(patch.as_object().unwrap().clone());
        body
    };
    let r = wallet(&s.admin, with(json!({ "app_secret": "guess" }))).await;
    assert_eq!(
        (r.status, r.body["errors"]["password"][0].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("bKash did not accept this username, password, app key and app secret.")),
        "{}",
        r.text
    );
    let r = wallet(&s.admin, with(json!({ "app_key": "sylhet-app-key" }))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "an app key bKash does not know: {}", r.text);
    let r = wallet(&s.admin, with(json!({ "app_secret": "" }))).await;
    assert!(r.body["errors"]["app_secret"].is_array(), "both secrets or neither: {}", r.text);
    let r = wallet(&s.admin, with(json!({ "username": "dhaka wallet!" }))).await;
    assert!(r.body["errors"]["username"].is_array(), "{}", r.text);
    let r = wallet(&s.admin, with(json!({ "app_key": "" }))).await;
    assert!(r.body["errors"]["app_key"].is_array(), "{}", r.text);
    let r = wallet(&s.admin, json!({ "mode": "own", "username": "dhakawallet" })).await;
    assert!(r.body["errors"]["password"].is_array(), "a wallet never kept needs its secrets: {}", r.text);
    let r = t.post(DHAKA, "/course/accounts/merchant", Some(&s.admin), json!({ "gateway": "paypal", "mode": "platform" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = wallet(&s.admin, own.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let settings = &r.body["data"];
    assert_eq!((settings["bkash"]["mode"].as_str(), settings["bkash"]["username"].as_str(), settings["bkash"]["app_key"].as_str()), (Some("own"), Some("dhakawallet"), Some("dhaka-app-key")));
    assert_eq!(settings["mode"], "platform", "the SSLCommerz store is unchanged");
    assert!(!r.text.contains("dhaka-wallet-pass") && !r.text.contains("dhaka-app-secret"));
    let sealed: Vec<u8> = sqlx::query_scalar("SELECT store_password_sealed FROM merchant_accounts WHERE gateway = 'bkash'").fetch_one(&t.platform.db).await.unwrap();
    assert!(!sealed.windows(5).any(|w| w == b"dhaka"), "the secrets are not kept as they are");
    // Another partner's site knows nothing of it.
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    assert_eq!(t.get(SYLHET, "/course/accounts/merchant", Some(&sylhet_admin)).await.body["data"]["bkash"]["mode"], "platform");

    // A learner pays with bKash into dhaka's wallet, and the money is the partner's to hold.
    let (batch, course) = s.course("1500", None).await;
    let learner = s.learner("learner@example.com").await;
    let (uuid, payment) = s.bkash_checkout(&learner, batch).await;
    let stored = async |payment: &str| s.bkash.http.get(format!("{}/payments/{payment}", s.bkash.url)).send().await.unwrap().json::<Value>().await.unwrap();
    assert_eq!(stored(&payment).await["merchant"], "dhakawallet");
    let back = s.authorise(&payment, "success").await;
    t.get(DHAKA, &back, None).await;
    assert_eq!(s.order(&learner, &uuid).await["state"], "paid");
    assert!(s.enrolled(&learner, &course).await);
    let totals = t.get(DHAKA, "/course/accounts/overall_transactions", Some(&s.admin)).await.body["data"].clone();
    assert_eq!((totals["held_by_partner_poisha"].as_i64(), totals["available_poisha"].as_i64()), (Some(150_000), Some(0)), "{totals}");
    // A payer whose browser never came back: the reconciliation round asks dhaka's wallet.
    let other = s.learner("other@example.com").await;
    let (lost, lost_payment) = s.bkash_checkout(&other, batch).await;
    s.authorise(&lost_payment, "success").await;
    let tenant = control_plane::institutions::store::tenant_by_id(&t.platform.db, s.dhaka).await.unwrap().unwrap();
    tenant_api::payments::reconcile::sweep(&t.state, &tenant, &s.db().await, std::time::Duration::ZERO).await.unwrap();
    assert_eq!(s.order(&other, &lost).await["state"], "paid");
    s.assert_books_balance().await;

    // Back to the platform's wallet: new payments go there, and the paid order is refunded
    // through the wallet it was paid into.
    assert_eq!(wallet(&s.admin, json!({ "mode": "platform" })).await.body["data"]["bkash"]["mode"], "platform");
    let r = t.post(DHAKA, &format!("/course/accounts/refund/{uuid}"), Some(&s.admin), json!({ "reason": "Course cancelled" })).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("refunded")), "{}", r.text);
    assert_eq!(stored(&payment).await["refunds"].as_array().map(Vec::len), Some(1));
    assert!(!s.enrolled(&learner, &course).await);
    let third = s.learner("third@example.com").await;
    let (_, third_payment) = s.bkash_checkout(&third, batch).await;
    assert_eq!(stored(&third_payment).await["merchant"], "testmerchant");
    s.assert_books_balance().await;
    // Switching back to the kept wallet needs no secrets again.
    let r = wallet(&s.admin, json!({ "mode": "own", "username": "dhakawallet" })).await;
    assert_eq!((r.status, r.body["data"]["bkash"]["mode"].as_str()), (StatusCode::OK, Some("own")), "{}", r.text);
}
