//! SQL of `orders`, `payment_events` and `ledger_entries`.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Order {
    pub id: i64,
    pub uuid: Uuid,
    pub user_id: i64,
    pub user_name: String,
    pub user_email: Option<String>,
    pub course_id: i64,
    pub batch_id: i64,
    pub amount_poisha: i64,
    pub list_price_poisha: i64,
    pub discount_poisha: i64,
    pub coupon_id: Option<i64>,
    pub currency: String,
    pub state: String,
    pub gateway: String,
    pub tran_id: String,
    pub redirect_url: Option<String>,
    pub bank_tran_id: Option<String>,
    pub failure_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub refunded_poisha: i64,
    pub gateway_ref: Option<String>,
    /// The site's own store it was paid into (control database); `None`: the platform's.
    pub merchant_account_id: Option<i64>,
}

impl Order {
    /// The ledger account of the money the payment brought: the platform's gateway clearing, or
    /// the site's own store (which the site holds already).
    pub fn cash_account(&self) -> &'static str {
        if self.merchant_account_id.is_some() { "partner_store" } else { "gateway_clearing" }
    }
}

/// An order with what a list shows of its course, batch and enrolment.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    #[sqlx(flatten)]
    pub order: Order,
    pub course_uuid: Uuid,
    pub course_slug: String,
    pub course_title: String,
    pub course_title_bn: String,
    pub batch_name: String,
    pub batch_name_bn: String,
    pub enrollment_status: Option<String>,
    pub total: i64,
}

const ORDER_COLUMNS: &str = "o.id, o.uuid, o.user_id, o.user_name, o.user_email, o.course_id, o.batch_id, o.amount_poisha, o.list_price_poisha,
    o.discount_poisha, o.coupon_id, o.currency,
    o.state, o.gateway, o.tran_id, o.redirect_url, o.bank_tran_id, o.failure_reason, o.created_at, o.paid_at, o.refunded_poisha, o.gateway_ref,
    o.merchant_account_id";

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<Order>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {ORDER_COLUMNS} FROM orders o WHERE o.id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn by_uuid(db: &PgPool, uuid: Uuid) -> sqlx::Result<Option<Order>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {ORDER_COLUMNS} FROM orders o WHERE o.uuid = $1"))).bind(uuid).fetch_optional(db).await
}

pub async fn by_tran_id(db: &PgPool, tran_id: &str) -> sqlx::Result<Option<Order>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {ORDER_COLUMNS} FROM orders o WHERE o.tran_id = $1")))
        .bind(tran_id)
        .fetch_optional(db)
        .await
}

/// The order a learner already started with this idempotency key.
pub async fn by_idempotency_key(db: &PgPool, user_id: i64, key: &str) -> sqlx::Result<Option<Order>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {ORDER_COLUMNS} FROM orders o WHERE o.user_id = $1 AND o.idempotency_key = $2")))
        .bind(user_id)
        .bind(key)
        .fetch_optional(db)
        .await
}

pub struct NewOrder<'a> {
    pub user_id: i64,
    pub user_name: &'a str,
    pub user_email: Option<&'a str>,
    pub course_id: i64,
    pub batch_id: i64,
    pub amount_poisha: i64,
    pub list_price_poisha: i64,
    pub discount_poisha: i64,
    pub coupon_id: Option<i64>,
    pub gateway: &'a str,
    pub idempotency_key: Option<&'a str>,
    pub merchant_account_id: Option<i64>,
}

/// Inserts a pending order inside the caller's transaction (which holds the batch's seat lock);
/// its uuid is also the gateway's transaction id. `None` when the idempotency key was taken by a
/// concurrent request.
pub async fn insert(tx: &mut PgConnection, o: NewOrder<'_>) -> sqlx::Result<Option<i64>> {
    let uuid = Uuid::new_v4();
    sqlx::query_scalar(
        "INSERT INTO orders (uuid, tran_id, user_id, user_name, user_email, course_id, batch_id, amount_poisha, gateway, idempotency_key,
                             list_price_poisha, discount_poisha, coupon_id, merchant_account_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         ON CONFLICT ON CONSTRAINT orders_idempotency DO NOTHING RETURNING id",
    )
    .bind(uuid)
    .bind(uuid.simple().to_string())
    .bind(o.user_id)
    .bind(o.user_name)
    .bind(o.user_email)
    .bind(o.course_id)
    .bind(o.batch_id)
    .bind(o.amount_poisha)
    .bind(o.gateway)
    .bind(o.idempotency_key)
    .bind(o.list_price_poisha)
    .bind(o.discount_poisha)
    .bind(o.coupon_id)
    .bind(o.merchant_account_id)
    .fetch_optional(tx)
    .await
}

/// The learner's newest order for a course still being paid or checked.
pub async fn open_of(db: &PgPool, user_id: i64, course_id: i64) -> sqlx::Result<Option<Order>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ORDER_COLUMNS} FROM orders o WHERE o.user_id = $1 AND o.course_id = $2 AND o.state IN ('pending', 'review') ORDER BY o.id DESC LIMIT 1"
    )))
    .bind(user_id)
    .bind(course_id)
    .fetch_optional(db)
    .await
}

/// Seats held by orders still being paid (or waiting for review) in a batch.
pub async fn open_in_batch(tx: &mut PgConnection, batch_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM orders WHERE batch_id = $1 AND state IN ('pending', 'review')")
        .bind(batch_id)
        .fetch_one(tx)
        .await
}

/// Where the payer pays, and the gateway's id of the payment where it has its own.
pub async fn set_redirect(db: &PgPool, id: i64, url: &str, gateway_ref: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE orders SET redirect_url = $2, gateway_ref = COALESCE($3, gateway_ref), updated_at = now() WHERE id = $1")
        .bind(id)
        .bind(url)
        .bind(gateway_ref)
        .execute(db)
        .await?;
    Ok(())
}

/// Moves an order from one of `from` to `to`; false when it was in none of them (someone else
/// moved it first). An order that stops being paid for gives its coupon's use back.
pub async fn transition(db: impl sqlx::PgExecutor<'_>, id: i64, from: &[&str], to: &str, reason: Option<&str>) -> sqlx::Result<bool> {
    let moved: i64 = sqlx::query_scalar(
        "WITH old AS (SELECT id, state, coupon_id FROM orders WHERE id = $1 AND state = ANY($2) FOR UPDATE),
              moved AS (UPDATE orders o SET state = $3, failure_reason = COALESCE($4, o.failure_reason), updated_at = now()
                          FROM old WHERE o.id = old.id RETURNING old.state AS was, old.coupon_id),
              released AS (UPDATE coupons c SET used = used - 1 FROM moved
                            WHERE c.id = moved.coupon_id AND moved.was IN ('pending', 'review') AND $3 IN ('failed', 'cancelled', 'expired'))
         SELECT count(*) FROM moved",
    )
    .bind(id)
    .bind(from)
    .bind(to)
    .bind(reason)
    .fetch_one(db)
    .await?;
    Ok(moved == 1)
}

/// What the gateway confirmed about a payment.
pub struct Confirmed<'a> {
    pub val_id: &'a str,
    pub bank_tran_id: &'a str,
    pub fee_poisha: i64,
}

/// Marks a confirmed payment `to` (`paid`, or `review` when the gateway flags it), from any
/// state but those two; false when it already was (a repeated notice). An order paid after it
/// had given its coupon back takes the use again: the learner paid the discounted price.
pub async fn confirm(tx: &mut PgConnection, id: i64, to: &str, c: &Confirmed<'_>) -> sqlx::Result<bool> {
    let moved: i64 = sqlx::query_scalar(
        "WITH old AS (SELECT id, state, coupon_id FROM orders WHERE id = $1 AND state NOT IN ('paid', 'review') FOR UPDATE),
              moved AS (UPDATE orders o SET state = $2, val_id = $3, bank_tran_id = $4, gateway_fee_poisha = $5, failure_reason = NULL,
                               paid_at = CASE WHEN $2 = 'paid' THEN now() END, updated_at = now()
                          FROM old WHERE o.id = old.id RETURNING old.state AS was, old.coupon_id),
              retaken AS (UPDATE coupons c SET used = used + 1 FROM moved
                           WHERE c.id = moved.coupon_id AND moved.was IN ('failed', 'cancelled', 'expired'))
         SELECT count(*) FROM moved",
    )
    .bind(id)
    .bind(to)
    .bind(c.val_id)
    .bind(c.bank_tran_id)
    .bind(c.fee_poisha)
    .fetch_one(tx)
    .await?;
    Ok(moved == 1)
}

/// A reviewed payment accepted: `review` -> `paid`.
pub async fn accept_review(tx: &mut PgConnection, id: i64) -> sqlx::Result<bool> {
    let moved = sqlx::query("UPDATE orders SET state = 'paid', paid_at = now(), updated_at = now() WHERE id = $1 AND state = 'review'")
        .bind(id)
        .execute(tx)
        .await?;
    Ok(moved.rows_affected() == 1)
}

pub async fn gateway_fee(tx: &mut PgConnection, id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(gateway_fee_poisha, 0) FROM orders WHERE id = $1").bind(id).fetch_one(tx).await
}

pub async fn set_enrollment(tx: &mut PgConnection, id: i64, enrollment_id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE orders SET enrollment_id = $2 WHERE id = $1").bind(id).bind(enrollment_id).execute(tx).await?;
    Ok(())
}

/// Orders left pending since before `cutoff`, oldest first.
pub async fn pending_before(db: &PgPool, cutoff: DateTime<Utc>, limit: i64) -> sqlx::Result<Vec<Order>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ORDER_COLUMNS} FROM orders o WHERE o.state = 'pending' AND o.created_at < $1 ORDER BY o.created_at LIMIT $2"
    )))
    .bind(cutoff)
    .bind(limit)
    .fetch_all(db)
    .await
}

pub async fn any_pending(db: &PgPool) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM orders WHERE state = 'pending')").fetch_one(db).await
}

pub async fn record_event(db: impl sqlx::PgExecutor<'_>, order_id: Option<i64>, kind: &str, detail: serde_json::Value) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO payment_events (order_id, kind, detail) VALUES ($1, $2, $3)")
        .bind(order_id)
        .bind(kind)
        .bind(detail)
        .execute(db)
        .await?;
    Ok(())
}

/// Posts one balanced group of ledger rows for an order.
pub async fn post(tx: &mut PgConnection, order_id: i64, rows: &[(&str, i64)]) -> sqlx::Result<()> {
    debug_assert_eq!(rows.iter().map(|(_, a)| a).sum::<i64>(), 0, "a posting balances");
    let posting = Uuid::new_v4();
    let (accounts, amounts): (Vec<&str>, Vec<i64>) = rows.iter().filter(|(_, a)| *a != 0).copied().unzip();
    sqlx::query(
        "INSERT INTO ledger_entries (posting, order_id, account, amount_poisha)
         SELECT $1, $2, account, amount FROM unnest($3::text[], $4::bigint[]) AS r(account, amount)",
    )
    .bind(posting)
    .bind(order_id)
    .bind(&accounts)
    .bind(&amounts)
    .execute(tx)
    .await?;
    Ok(())
}

/// Posts a payout the platform made to this site: once, however often it is asked.
pub async fn post_payout(db: &PgPool, payout_id: i64, amount_poisha: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO ledger_entries (posting, payout_id, account, amount_poisha)
         SELECT $1, $2, account, amount FROM unnest(ARRAY['partner_share', 'gateway_clearing'], ARRAY[$3, -$3]) AS r(account, amount)
         ON CONFLICT (payout_id, account) WHERE payout_id IS NOT NULL DO NOTHING",
    )
    .bind(Uuid::new_v4())
    .bind(payout_id)
    .bind(amount_poisha)
    .execute(db)
    .await?;
    Ok(())
}

/// A refund on its way through the gateway.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Refund {
    pub id: i64,
    pub order_id: i64,
    pub amount_poisha: i64,
    pub reason: String,
    pub state: String,
    pub refund_ref_id: Option<String>,
}

/// What of an order can still be refunded: paid, less refunded, less refunds under way.
pub async fn refundable(tx: &mut PgConnection, order_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT (o.amount_poisha - o.refunded_poisha - COALESCE((SELECT sum(amount_poisha) FROM refunds WHERE order_id = o.id AND state = 'processing'), 0))::bigint
           FROM orders o WHERE o.id = $1 FOR UPDATE",
    )
    .bind(order_id)
    .fetch_one(tx)
    .await
}

pub async fn insert_refund(tx: &mut PgConnection, order_id: i64, amount_poisha: i64, reason: &str, by: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("INSERT INTO refunds (order_id, amount_poisha, reason, requested_by) VALUES ($1, $2, $3, $4) RETURNING id")
        .bind(order_id)
        .bind(amount_poisha)
        .bind(reason)
        .bind(by)
        .fetch_one(tx)
        .await
}

pub async fn set_refund_ref(db: &PgPool, id: i64, refund_ref_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE refunds SET refund_ref_id = $2 WHERE id = $1").bind(id).bind(refund_ref_id).execute(db).await?;
    Ok(())
}

/// A refund the gateway refused: it is recorded as failed, and an order waiting on it is paid
/// again.
pub async fn fail_refund(db: &PgPool, id: i64, failure: &str) -> sqlx::Result<()> {
    sqlx::query(
        "WITH failed AS (UPDATE refunds SET state = 'failed', failure = $2, completed_at = now() WHERE id = $1 AND state = 'processing' RETURNING order_id)
         UPDATE orders SET state = 'paid', updated_at = now() WHERE id = (SELECT order_id FROM failed) AND state = 'refund_pending'",
    )
    .bind(id)
    .bind(failure)
    .execute(db)
    .await?;
    Ok(())
}

/// Completes a refund: false when it already was. The order counts it, and becomes `refunded`
/// when nothing of it is left.
pub async fn complete_refund(tx: &mut PgConnection, id: i64) -> sqlx::Result<Option<Refund>> {
    let refund: Option<Refund> = sqlx::query_as(
        "UPDATE refunds SET state = 'refunded', completed_at = now() WHERE id = $1 AND state = 'processing'
         RETURNING id, order_id, amount_poisha, reason, state, refund_ref_id",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(r) = &refund {
        sqlx::query(
            "UPDATE orders SET refunded_poisha = refunded_poisha + $2, updated_at = now(),
                    state = CASE WHEN refunded_poisha + $2 = amount_poisha THEN 'refunded' ELSE state END
              WHERE id = $1",
        )
        .bind(r.order_id)
        .bind(r.amount_poisha)
        .execute(&mut *tx)
        .await?;
    }
    Ok(refund)
}

/// Posts a refund: the store the order was paid into gives the money back, taken from the
/// platform's commission and the partner's share in the proportion the payment was split.
pub async fn post_refund(tx: &mut PgConnection, refund: &Refund, order: &Order, commission_bps: i64) -> sqlx::Result<()> {
    let order_amount = order.amount_poisha;
    let commission = order_amount * commission_bps / 10_000;
    let from_commission = if order_amount == 0 { 0 } else { refund.amount_poisha * commission / order_amount };
    let from_partner = refund.amount_poisha - from_commission;
    let rows = [(order.cash_account(), -refund.amount_poisha), ("platform_commission", from_commission), ("partner_share", from_partner)];
    let (accounts, amounts): (Vec<&str>, Vec<i64>) = rows.iter().filter(|(_, a)| *a != 0).copied().unzip();
    sqlx::query(
        "INSERT INTO ledger_entries (posting, order_id, refund_id, account, amount_poisha)
         SELECT $1, $2, $3, account, amount FROM unnest($4::text[], $5::bigint[]) AS r(account, amount)",
    )
    .bind(Uuid::new_v4())
    .bind(refund.order_id)
    .bind(refund.id)
    .bind(&accounts)
    .bind(&amounts)
    .execute(tx)
    .await?;
    Ok(())
}

/// Refunds the gateway is still working on.
pub async fn processing_refunds(db: &PgPool) -> sqlx::Result<Vec<Refund>> {
    sqlx::query_as("SELECT id, order_id, amount_poisha, reason, state, refund_ref_id FROM refunds WHERE state = 'processing' ORDER BY id LIMIT 200")
        .fetch_all(db)
        .await
}

/// Which orders a list shows.
#[derive(Default)]
pub struct OrderFilter<'a> {
    pub user_id: Option<i64>,
    pub state: Option<&'a str>,
    /// Matches the learner's name or e-mail, the course title or the bank transaction id.
    pub search: Option<&'a str>,
    /// Orders for courses of this type only (`exam`, `training`, ...).
    pub course_type: Option<&'a str>,
}

/// A page of orders, newest first, each row carrying the filtered total.
pub async fn list(db: &PgPool, f: &OrderFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<OrderRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ORDER_COLUMNS}, c.uuid AS course_uuid, c.slug AS course_slug, c.title AS course_title, c.title_bn AS course_title_bn,
                b.name AS batch_name, b.name_bn AS batch_name_bn, e.status AS enrollment_status, count(*) OVER () AS total
           FROM orders o
           JOIN courses c ON c.id = o.course_id
           JOIN batches b ON b.id = o.batch_id
           LEFT JOIN enrollments e ON e.course_id = o.course_id AND e.user_id = o.user_id
          WHERE ($1::bigint IS NULL OR o.user_id = $1)
            AND ($2::text IS NULL OR o.state = $2)
            AND ($3::text IS NULL OR o.user_name ILIKE $3 OR o.user_email ILIKE $3 OR c.title ILIKE $3 OR c.title_bn ILIKE $3
                 OR o.bank_tran_id = $4)
            AND ($7::text IS NULL OR c.course_type = $7)
          ORDER BY o.id DESC LIMIT $5 OFFSET $6"
    )))
    .bind(f.user_id)
    .bind(f.state)
    .bind(f.search.map(|s| format!("%{}%", s.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))))
    .bind(f.search)
    .bind(limit)
    .bind(offset)
    .bind(f.course_type)
    .fetch_all(db)
    .await
}

/// One order as a list shows it.
pub async fn row(db: &PgPool, id: i64) -> sqlx::Result<Option<OrderRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ORDER_COLUMNS}, c.uuid AS course_uuid, c.slug AS course_slug, c.title AS course_title, c.title_bn AS course_title_bn,
                b.name AS batch_name, b.name_bn AS batch_name_bn, e.status AS enrollment_status, 1::bigint AS total
           FROM orders o
           JOIN courses c ON c.id = o.course_id
           JOIN batches b ON b.id = o.batch_id
           LEFT JOIN enrollments e ON e.course_id = o.course_id AND e.user_id = o.user_id
          WHERE o.id = $1"
    )))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// The site's money, read from the ledger (and the order counts).
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Totals {
    pub paid_orders: i64,
    pub pending_orders: i64,
    pub review_orders: i64,
    /// What learners paid.
    pub gross_poisha: i64,
    pub gateway_fee_poisha: i64,
    pub platform_commission_poisha: i64,
    /// The site's share of what learners paid.
    pub partner_share_poisha: i64,
    /// What the platform has paid out to the site.
    pub paid_out_poisha: i64,
    /// Given back to learners (taken from the commission and the share above).
    pub refunded_poisha: i64,
    /// What the site's own store took and keeps (less its fees and refunds): already the
    /// site's, so the platform owes that much less.
    pub held_by_partner_poisha: i64,
}

pub async fn totals(db: &PgPool) -> sqlx::Result<Totals> {
    sqlx::query_as(
        "SELECT (SELECT count(*) FROM orders WHERE state = 'paid') AS paid_orders,
                (SELECT count(*) FROM orders WHERE state = 'pending') AS pending_orders,
                (SELECT count(*) FROM orders WHERE state = 'review') AS review_orders,
                COALESCE(sum(amount_poisha) FILTER (WHERE account IN ('gateway_clearing', 'partner_store', 'gateway_fees') AND payout_id IS NULL AND refund_id IS NULL), 0)::bigint AS gross_poisha,
                COALESCE(sum(amount_poisha) FILTER (WHERE account = 'gateway_fees'), 0)::bigint AS gateway_fee_poisha,
                COALESCE(-sum(amount_poisha) FILTER (WHERE account = 'platform_commission'), 0)::bigint AS platform_commission_poisha,
                COALESCE(-sum(amount_poisha) FILTER (WHERE account = 'partner_share' AND payout_id IS NULL), 0)::bigint AS partner_share_poisha,
                COALESCE(sum(amount_poisha) FILTER (WHERE account = 'partner_share' AND payout_id IS NOT NULL), 0)::bigint AS paid_out_poisha,
                COALESCE(-sum(amount_poisha) FILTER (WHERE account IN ('gateway_clearing', 'partner_store') AND refund_id IS NOT NULL), 0)::bigint AS refunded_poisha,
                COALESCE(sum(amount_poisha) FILTER (WHERE account = 'partner_store'), 0)::bigint AS held_by_partner_poisha
           FROM ledger_entries",
    )
    .fetch_one(db)
    .await
}
