//! What a confirmed payment does, in one transaction: the order's state, the learner's
//! enrolment and the ledger's posting. Every step is conditional on the order's state, so a
//! repeated or concurrent notice changes nothing the second time.

use super::sslcommerz::Outcome;
use super::store::{self as orders, Confirmed, Order};
use crate::courses::{catalogue_sync, store as courses};
use crate::learning::enrolment_store::{self as enrolments, NewEnrollment};
use crate::learning::journey;
use crate::state::AppState;
use control_plane::AppResult;
use control_plane::tenancy::Tenant;
use serde_json::json;
use sqlx::{PgConnection, PgPool};

/// Applies what the gateway said about an order.
pub async fn apply(app: &AppState, tenant: &Tenant, db: &PgPool, order: &Order, outcome: Outcome) -> AppResult<()> {
    match outcome {
        Outcome::Paid { val_id, bank_tran_id, amount_poisha, fee_poisha, currency, risky } => {
            if amount_poisha != order.amount_poisha || currency != order.currency {
                // Charged something other than what was due: nothing is granted, and the
                // difference is for a person to sort out with the gateway.
                let detail = json!({ "val_id": val_id, "bank_tran_id": bank_tran_id, "amount_poisha": amount_poisha, "currency": currency,
                                     "due_poisha": order.amount_poisha });
                orders::record_event(db, Some(order.id), "amount_mismatch", detail).await?;
                orders::transition(db, order.id, &["pending", "cancelled", "expired"], "failed", Some("amount_mismatch")).await?;
                return Ok(());
            }
            let to = if risky { "review" } else { "paid" };
            let mut tx = db.begin().await?;
            let confirmed = Confirmed { val_id: &val_id, bank_tran_id: &bank_tran_id, fee_poisha };
            let moved = orders::confirm(&mut tx, order.id, to, &confirmed).await.map_err(|e| match &e {
                // The same gateway payment cannot pay for two orders.
                sqlx::Error::Database(d) if matches!(d.constraint(), Some("orders_val_id" | "orders_bank_tran_id")) => {
                    control_plane::AppError::Conflict("payment_already_used")
                }
                _ => e.into(),
            })?;
            if !moved {
                return Ok(());
            }
            if to == "paid" {
                grant(&mut tx, tenant.id, app.payments.commission_bps, order).await?;
            }
            tx.commit().await?;
            if to == "paid" {
                after_grant(app, tenant, db, order).await?;
            }
        }
        Outcome::Failed(reason) => {
            orders::transition(db, order.id, &["pending"], "failed", Some(&reason)).await?;
        }
        Outcome::Cancelled => {
            orders::transition(db, order.id, &["pending"], "cancelled", None).await?;
        }
        Outcome::Pending => {}
    }
    Ok(())
}

/// A payment held for review, accepted by a person.
pub async fn accept_review(app: &AppState, tenant: &Tenant, db: &PgPool, order: &Order) -> AppResult<bool> {
    let mut tx = db.begin().await?;
    if !orders::accept_review(&mut tx, order.id).await? {
        return Ok(false);
    }
    grant(&mut tx, tenant.id, app.payments.commission_bps, order).await?;
    tx.commit().await?;
    after_grant(app, tenant, db, order).await?;
    Ok(true)
}

/// Enrols the payer (a paid seat is granted even when the batch filled up meanwhile: the money
/// was taken), posts the payment to the ledger and rings the payer's bell.
async fn grant(tx: &mut PgConnection, tenant: i64, commission_bps: i64, order: &Order) -> AppResult<()> {
    let new = NewEnrollment {
        course_id: order.course_id,
        batch_id: order.batch_id,
        user_id: order.user_id,
        user_name: &order.user_name,
        user_email: order.user_email.as_deref(),
        status: "active",
    };
    let (enrollment_id, batch_id) = enrolments::upsert_paid(tx, new).await?;
    if batch_id != order.batch_id {
        orders::record_event(&mut *tx, Some(order.id), "enrolled_elsewhere", json!({ "enrollment_id": enrollment_id, "batch_id": batch_id })).await?;
    }
    orders::set_enrollment(tx, order.id, enrollment_id).await?;
    let fee = orders::gateway_fee(tx, order.id).await?;
    let commission = order.amount_poisha * commission_bps / 10_000;
    let amount = order.amount_poisha;
    orders::post(tx, order.id, &[
        (order.cash_account(), amount - fee),
        ("gateway_fees", fee),
        ("platform_commission", -commission),
        ("partner_share", -(amount - commission)),
    ])
    .await?;
    let told = json!({ "amount_poisha": order.amount_poisha, "currency": order.currency, "order_uuid": order.uuid, "course_id": order.course_id });
    crate::notifications::store::add(&mut *tx, tenant, order.user_id, "payment_received", told, Some("/payments")).await?;
    Ok(())
}

/// What follows an enrolment outside the transaction: the learner's course list and the
/// catalogue's counts.
async fn after_grant(app: &AppState, tenant: &Tenant, db: &PgPool, order: &Order) -> AppResult<()> {
    crate::notifications::relay::relay_after(app, tenant, db).await;
    let course = courses::find(db, order.course_id).await?.ok_or(control_plane::AppError::NotFound)?;
    if let Some(enrollment) = enrolments::of_user(db, order.course_id, order.user_id).await? {
        journey::sync_learner(app, tenant, db, &course, &enrollment).await?;
    }
    catalogue_sync::refresh_stats(app, tenant, db, course.id).await?;
    // The course page shows the batch's seats.
    crate::learning::page_cache::forget_everywhere(app, tenant.id).await;
    Ok(())
}
