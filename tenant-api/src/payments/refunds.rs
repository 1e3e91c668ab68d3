//! Refunds, full or partial, by the site's admin (or the super admin), through the gateway's
//! refund API. A full refund ends the learner's enrolment; the learner is told by e-mail either
//! way. The refund is recorded before the gateway is asked, so an answer lost on the way is found
//! again by the reconciliation round (which asks about refunds still processing).

use super::accounts::AccountOrder;
use super::sslcommerz::{GatewayError, RefundState};
use super::store::{self as orders, Order, Refund};
use crate::courses::{catalogue_sync, store as courses};
use crate::learning::enrolment_store as enrolments;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::catalogue::store as catalogue;
use control_plane::json::{AppJson, AppPath};
use control_plane::mail_templates::{self, Key};
use control_plane::messages::outbox;
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::users::links::Site;
use control_plane::users::store as users;
use control_plane::validate::Validator;
use control_plane::i18n::{Lang, taka};
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RefundInput {
    /// Taka; empty: all that is left.
    pub amount: Option<String>,
    /// Told to the gateway and kept with the refund.
    pub reason: String,
}

/// Refund a paid order, in full or in part.
#[utoipa::path(post, path = "/course/accounts/refund/{uuid}", tag = "accounts", request_body = RefundInput,
    params(("uuid" = Uuid, Path)),
    responses((status = 200, body = Data<AccountOrder>), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422), (status = 502)))]
pub async fn refund_order(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
    AppJson(input): AppJson<RefundInput>,
) -> AppResult<Json<Data<AccountOrder>>> {
    caller.require_admin_of(tenant.id)?;
    let by = caller.user_id().ok_or(AppError::Forbidden)?;
    let order = orders::by_uuid(&db, uuid).await?.ok_or(AppError::NotFound)?;
    let mut v = Validator::default();
    let reason = v.optional_text("reason", &input.reason, 500).unwrap_or_else(|| "Refund".into());
    let asked = match input.amount.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        None => None,
        Some(text) => match super::money::parse_taka(text, i64::MAX / 4).filter(|a| *a > 0) {
            Some(amount) => Some(amount),
            None => {
                v.add("amount", "amount_invalid", None);
                None
            }
        },
    };
    v.finish()?;
    if order.state != "paid" {
        return Err(AppError::Conflict("order_not_paid"));
    }
    let bank_tran_id = order.bank_tran_id.clone().filter(|_| order.gateway != "none").ok_or(AppError::Conflict("order_not_refundable"))?;
    let mut tx = db.begin().await?;
    let left = orders::refundable(&mut tx, order.id).await?;
    let amount = asked.unwrap_or(left);
    if amount <= 0 || amount > left {
        return Err(AppError::unprocessable("amount", "refund_above_paid"));
    }
    let full = amount == order.amount_poisha - order.refunded_poisha;
    if full
        && let Some(enrollment) = enrolments::of_user(&db, order.course_id, order.user_id).await?
        && crate::certificates::store::of_enrollment(&db, enrollment.id).await?.is_some()
    {
        // The certificate would outlive the enrolment it proves.
        return Err(AppError::Conflict("certificate_issued"));
    }
    let id = orders::insert_refund(&mut tx, order.id, amount, &reason, by).await?;
    if full {
        orders::transition(&mut *tx, order.id, &["paid"], "refund_pending", None).await?;
    }
    tx.commit().await?;
    let asked = match order.gateway.as_str() {
        // bKash refunds at once.
        "bkash" => {
            let payment = order.gateway_ref.as_deref().unwrap_or_default();
            let wallet = app.payments.wallet(&app.ctl.db, tenant.id, order.merchant_account_id).await?;
            app.payments.bkash()?.refund(&wallet, payment, &bank_tran_id, amount, &reason).await.map(|reference| (reference, true))
        }
        _ => {
            let gateway = app.payments.gateway()?;
            let store = app.payments.store(&app.ctl.db, tenant.id, order.merchant_account_id).await?;
            match gateway.refund(&store, &bank_tran_id, amount, &reason, &id.to_string()).await {
                Ok(reference) => {
                    let done = matches!(gateway.refund_state(&store, &reference).await, Ok(RefundState::Refunded));
                    Ok((reference, done))
                }
                Err(error) => Err(error),
            }
        }
    };
    match asked {
        Ok((reference, done)) => {
            orders::set_refund_ref(&db, id, &reference).await?;
            if done {
                complete(&app, &tenant, &db, id).await?;
            }
        }
        Err(GatewayError::Refused(why)) => {
            orders::fail_refund(&db, id, &why).await?;
            return Err(AppError::Http(StatusCode::BAD_GATEWAY, "refund_refused"));
        }
        Err(GatewayError::Unavailable(error)) => {
            // Whether the gateway took it is unknown: it stays processing without a reference,
            // for a person to check at the gateway (asking again could refund twice).
            tracing::warn!(%error, refund = id, "refund answer lost");
            return Err(AppError::Http(StatusCode::BAD_GATEWAY, "payment_gateway_unavailable"));
        }
    }
    let row = orders::row(&db, order.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(row.into())))
}

/// Completes a refund the gateway has made: the order, the ledger and (for a full refund) the
/// enrolment in one transaction; then the learner is told.
pub async fn complete(app: &AppState, tenant: &Tenant, db: &PgPool, refund_id: i64) -> AppResult<()> {
    let mut tx = db.begin().await?;
    let Some(refund) = orders::complete_refund(&mut tx, refund_id).await? else {
        return Ok(());
    };
    let order = orders::find(db, refund.order_id).await?.ok_or(AppError::NotFound)?;
    orders::post_refund(&mut tx, &refund, &order, app.payments.commission_bps).await?;
    let ended = order.refunded_poisha + refund.amount_poisha == order.amount_poisha;
    if ended {
        enrolments::remove_of_user(&mut tx, order.course_id, order.user_id).await?;
    }
    tx.commit().await?;
    let course = courses::find(db, order.course_id).await?.ok_or(AppError::NotFound)?;
    if ended {
        catalogue::forget_learner(&app.ctl.db, order.user_id, course.uuid).await?;
        catalogue_sync::refresh_stats(app, tenant, db, course.id).await?;
        crate::learning::page_cache::forget_everywhere(app, tenant.id).await;
    }
    tell_learner(app, tenant, &order, &refund, &course, ended).await
}

async fn tell_learner(app: &AppState, tenant: &Tenant, order: &Order, refund: &Refund, course: &courses::CourseRow, ended: bool) -> AppResult<()> {
    let Some(email) = order.user_email.as_deref() else { return Ok(()) };
    let lang = users::lang_of(&app.ctl.db, order.user_id).await?;
    let site = Site::of(&app.ctl, Some(&HostTenant(std::sync::Arc::new(tenant.clone()))), lang);
    let title = lang.pick(&course.title, Some(&course.title_bn));
    let amount = taka(refund.amount_poisha, lang);
    let enrolment = match (ended, lang) {
        (false, _) => "",
        (true, Lang::En) => "As the whole payment was refunded, your enrolment in this course has ended.",
        (true, Lang::Bn) => "পুরো টাকা ফেরত দেওয়ায় এই কোর্সে আপনার ভর্তি বাতিল হয়েছে।",
    };
    let link = format!("{}/payments", site.url);
    let values = [("name", order.user_name.as_str()), ("course", title), ("amount", amount.as_str()), ("enrolment", enrolment), ("link", link.as_str())];
    let mail = mail_templates::compose(&app.ctl.db, &site, Key::PaymentRefunded, lang, &values).await?;
    let mut tx = app.ctl.db.begin().await?;
    outbox::enqueue(&mut tx, &site.mail(email, "payment_refunded", mail)).await?;
    tx.commit().await?;
    Ok(())
}

/// Refunds still processing at the gateway, asked about again (the reconciliation round; only
/// SSLCommerz refunds take time).
pub async fn sweep(app: &AppState, tenant: &Tenant, db: &PgPool) -> AppResult<()> {
    let Ok(gateway) = app.payments.gateway() else { return Ok(()) };
    for refund in orders::processing_refunds(db).await? {
        let Some(reference) = refund.refund_ref_id.as_deref() else { continue };
        let order = orders::find(db, refund.order_id).await?.ok_or(AppError::NotFound)?;
        let store = app.payments.store(&app.ctl.db, tenant.id, order.merchant_account_id).await?;
        match gateway.refund_state(&store, reference).await {
            Ok(RefundState::Refunded) => complete(app, tenant, db, refund.id).await?,
            Ok(RefundState::Failed(why)) => orders::fail_refund(db, refund.id, &why).await?,
            Ok(RefundState::Processing) => {}
            Err(error) => {
                tracing::warn!(%error, refund = refund.id, "gateway not reached; next round");
                break;
            }
        }
    }
    Ok(())
}
