//! What the gateway and the payer's browser send back. Neither is believed: each is a reason to
//! ask the gateway's validation (or query) API, whose answer alone settles the order. The tenant
//! is the host's, and the order is looked up in that tenant's schema only, so a notice sent to
//! one site cannot touch another site's order.

use super::settle;
use super::sslcommerz::GatewayError;
use super::store::{self as orders, Order};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Redirect;
use control_plane::auth::HostTenant;
use control_plane::json::AppPath;
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// The fields of an SSLCommerz notice we read (the rest, and the MD5 signature, are not relied
/// on: the validation API is asked instead).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GatewayNotice {
    pub tran_id: String,
    pub val_id: String,
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticeTaken {
    pub state: String,
}

/// Asks the gateway about the order a notice names and applies the answer.
async fn settle_notice(app: &AppState, tenant: &Tenant, db: &PgPool, order: &Order, val_id: &str) -> AppResult<()> {
    let gateway = app.payments.gateway()?;
    // Asked as the store the order was paid into: another store's payment is not visible to it.
    let store = app.payments.store(&app.ctl.db, tenant.id, order.merchant_account_id).await?;
    let outcome = if val_id.is_empty() {
        gateway.query(&store, &order.tran_id).await
    } else {
        match gateway.validate(&store, val_id).await {
            Ok((tran_id, outcome)) if tran_id == order.tran_id => Ok(outcome),
            Ok((tran_id, _)) => {
                orders::record_event(db, Some(order.id), "val_id_of_another_payment", json!({ "val_id": val_id, "tran_id": tran_id })).await?;
                return Err(AppError::unprocessable("val_id", "payment_not_confirmed"));
            }
            Err(GatewayError::Refused(reason)) => {
                orders::record_event(db, Some(order.id), "unconfirmed_notice", json!({ "val_id": val_id, "reason": reason })).await?;
                return Err(AppError::unprocessable("val_id", "payment_not_confirmed"));
            }
            Err(error) => Err(error),
        }
    };
    match outcome {
        Ok(outcome) => settle::apply(app, tenant, db, order, outcome).await,
        Err(error) => {
            tracing::warn!(%error, order = order.id, "gateway not reached; reconciliation will settle the order");
            Err(AppError::Http(StatusCode::BAD_GATEWAY, "payment_gateway_unavailable"))
        }
    }
}

/// SSLCommerz's instant payment notification (form-encoded). Repeats are harmless: 200 each time.
#[utoipa::path(post, path = "/payment/sslcommerz/ipn", tag = "payments",
    request_body(content = GatewayNotice, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Data<NoticeTaken>), (status = 404), (status = 422), (status = 502), (status = 503)))]
pub async fn sslcommerz_ipn(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    TenantDb(db): TenantDb,
    form: Result<axum::Form<GatewayNotice>, axum::extract::rejection::FormRejection>,
) -> AppResult<Json<Data<NoticeTaken>>> {
    let axum::Form(notice) = form.map_err(|_| AppError::unprocessable("body", "invalid_form"))?;
    let order = orders::by_tran_id(&db, &notice.tran_id).await?.ok_or(AppError::Missing("order_not_found"))?;
    settle_notice(&app, &tenant, &db, &order, notice.val_id.trim()).await?;
    let order = orders::find(&db, order.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(NoticeTaken { state: order.state })))
}

/// Where the payer's browser comes back from the gateway (a form POST). Whatever it carries,
/// the gateway is asked, and the browser is sent on to the page for the order's state.
#[utoipa::path(post, path = "/payment/sslcommerz/return/{uuid}", tag = "payments",
    params(("uuid" = Uuid, Path)),
    request_body(content = GatewayNotice, content_type = "application/x-www-form-urlencoded"),
    responses((status = 303, description = "to /payment/success|fail|cancel/{uuid}")))]
pub async fn sslcommerz_return(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
    form: Result<axum::Form<GatewayNotice>, axum::extract::rejection::FormRejection>,
) -> Redirect {
    let notice = form.map(|f| f.0).unwrap_or_default();
    let Ok(Some(order)) = orders::by_uuid(&db, uuid).await else {
        return Redirect::to(&format!("/payment/fail/{uuid}"));
    };
    // A return naming another transaction is not about this order: it is not believed.
    let val_id = if notice.tran_id.is_empty() || notice.tran_id == order.tran_id { notice.val_id.trim() } else { "" };
    if let Err(error) = settle_notice(&app, &tenant, &db, &order, val_id).await {
        tracing::info!(%error, order = order.id, "payer returned; order left as it is");
    }
    outcome_page(&db, &order).await
}

/// The web page for where an order stands now.
async fn outcome_page(db: &PgPool, order: &Order) -> Redirect {
    let state = orders::find(db, order.id).await.ok().flatten().map_or_else(|| order.state.clone(), |o| o.state);
    let page = match state.as_str() {
        "failed" | "expired" => "fail",
        "cancelled" => "cancel",
        _ => "success",
    };
    Redirect::to(&format!("/payment/{page}/{}", order.uuid))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct BkashReturn {
    #[serde(rename = "paymentID")]
    pub payment_id: String,
    /// `success` (the payer authorised it), `failure` or `cancel`.
    pub status: String,
}

/// Where bKash sends the payer's browser back. Its query is only a hint: on `success` the
/// payment (the one this order created, whatever the query names) is executed, which is what
/// makes it final; otherwise bKash is asked where it stands. Then on to the outcome page.
#[utoipa::path(get, path = "/payment/bkash/callback/{uuid}", tag = "payments",
    params(("uuid" = Uuid, Path), BkashReturn), responses((status = 303, description = "to /payment/success|fail|cancel/{uuid}")))]
pub async fn bkash_callback(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
    query: Result<axum::extract::Query<BkashReturn>, axum::extract::rejection::QueryRejection>,
) -> Redirect {
    let back = query.map(|q| q.0).unwrap_or_default();
    let Ok(Some(order)) = orders::by_uuid(&db, uuid).await else {
        return Redirect::to(&format!("/payment/fail/{uuid}"));
    };
    let (Some(payment), Ok(bkash)) = (order.gateway_ref.clone().filter(|_| order.gateway == "bkash"), app.payments.bkash()) else {
        return outcome_page(&db, &order).await;
    };
    let Ok(wallet) = app.payments.wallet(&app.ctl.db, tenant.id, order.merchant_account_id).await else {
        return outcome_page(&db, &order).await;
    };
    let outcome = if back.status == "success" { bkash.execute(&wallet, &payment).await } else { bkash.status(&wallet, &payment).await.map(|(o, _)| o) };
    match outcome {
        Ok(outcome) => {
            if let Err(error) = settle::apply(&app, &tenant, &db, &order, outcome).await {
                tracing::warn!(%error, order = order.id, "bKash payment not settled");
            }
        }
        Err(error) => tracing::info!(%error, order = order.id, "bKash not reached; reconciliation will settle the order"),
    }
    outcome_page(&db, &order).await
}
