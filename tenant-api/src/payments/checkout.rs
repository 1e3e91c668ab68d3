//! The learner's side: buying a seat in a paid batch, their payments, and cancelling one that
//! was not paid.

use super::coupons;
use super::coupons_store;
use super::settle;
use super::sslcommerz::{Checkout, GatewayError, Outcome};
use super::store::{self as orders, NewOrder, OrderFilter, OrderRow};
use crate::courses::{batches_store, store as courses, view::site_url};
use crate::learning::enrolment_store as enrolments;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::Data;
use control_plane::users::store as users;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderCourse {
    pub uuid: Uuid,
    pub slug: String,
    pub title: String,
    pub title_bn: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderBatch {
    pub id: i64,
    pub name: String,
    pub name_bn: String,
}

/// An order as its payer sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentOrder {
    pub uuid: Uuid,
    /// `pending`, `review` (paid, held for a check), `paid`, `failed`, `cancelled` or `expired`.
    pub state: String,
    /// What was paid (or is due): the list price less the coupon's discount.
    pub amount_poisha: i64,
    pub list_price_poisha: i64,
    pub discount_poisha: i64,
    /// Given back so far.
    pub refunded_poisha: i64,
    pub currency: String,
    /// `sslcommerz`, or `none` when a coupon made it free.
    pub gateway: String,
    pub course: OrderCourse,
    pub batch: OrderBatch,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub bank_tran_id: Option<String>,
    pub failure_reason: Option<String>,
    pub enrollment_status: Option<String>,
    /// While it waits for payment: the gateway page where paying continues.
    pub redirect_url: Option<String>,
}

impl From<OrderRow> for PaymentOrder {
    fn from(r: OrderRow) -> Self {
        let o = r.order;
        let redirect_url = o.redirect_url.filter(|_| o.state == "pending");
        Self {
            uuid: o.uuid,
            state: o.state,
            amount_poisha: o.amount_poisha,
            list_price_poisha: o.list_price_poisha,
            discount_poisha: o.discount_poisha,
            refunded_poisha: o.refunded_poisha,
            currency: o.currency,
            gateway: o.gateway,
            course: OrderCourse { uuid: r.course_uuid, slug: r.course_slug, title: r.course_title, title_bn: r.course_title_bn },
            batch: OrderBatch { id: o.batch_id, name: r.batch_name, name_bn: r.batch_name_bn },
            created_at: o.created_at,
            paid_at: o.paid_at,
            bank_tran_id: o.bank_tran_id,
            failure_reason: o.failure_reason,
            enrollment_status: r.enrollment_status,
            redirect_url,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CheckoutInput {
    pub batch_id: i64,
    /// A coupon code of the site.
    pub coupon: Option<String>,
    /// `sslcommerz` (cards, mobile banking, internet banking; the default) or `bkash`.
    pub gateway: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutStarted {
    pub order: PaymentOrder,
    /// The gateway's page, where the payer goes next.
    pub redirect_url: String,
}

const IDEMPOTENCY_KEY: &str = "idempotency-key";

/// Start paying for a seat in a paid batch. The server computes what is due; the answer names
/// the gateway page to send the payer to. A repeated `Idempotency-Key` answers the same order.
#[utoipa::path(post, path = "/course/transactions/create", tag = "payments", request_body = CheckoutInput,
    params(("Idempotency-Key" = Option<String>, Header, description = "one per purchase attempt, up to 100 characters")),
    responses((status = 201, body = Data<CheckoutStarted>), (status = 200, body = Data<CheckoutStarted>), (status = 401), (status = 404),
        (status = 409), (status = 422), (status = 502), (status = 503)))]
pub async fn create_transaction(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    headers: HeaderMap,
    AppJson(input): AppJson<CheckoutInput>,
) -> AppResult<(StatusCode, Json<Data<CheckoutStarted>>)> {
    let user_id = caller.user_id().ok_or(AppError::Forbidden)?;
    let key = match headers.get(IDEMPOTENCY_KEY).map(|v| v.to_str().map(str::trim)) {
        None => None,
        Some(Ok(key)) if !key.is_empty() && key.len() <= 100 => Some(key.to_owned()),
        Some(_) => return Err(AppError::unprocessable("Idempotency-Key", "idempotency_key_invalid")),
    };
    if let Some(key) = &key
        && let Some(order) = orders::by_idempotency_key(&db, user_id, key).await?
        && let Some(redirect_url) = order.redirect_url.clone()
    {
        let order = orders::row(&db, order.id).await?.ok_or(AppError::NotFound)?;
        return Ok((StatusCode::OK, Json(Data::new(CheckoutStarted { order: order.into(), redirect_url }))));
    }
    let batch = batches_store::find(&db, input.batch_id).await?.ok_or(AppError::Missing("batch_not_found"))?;
    let course = courses::find(&db, batch.course_id).await?.ok_or(AppError::Missing("batch_not_found"))?;
    let today = Utc::now().date_naive();
    if !batch.published || !course.published || batch.end_date.is_some_and(|end| end < today) {
        return Err(AppError::unprocessable("batch_id", "batch_closed"));
    }
    if batch.price_poisha == 0 {
        return Err(AppError::unprocessable("batch_id", "batch_free"));
    }
    // Restricted seats are the institution's to give, through each candidate's invitation.
    if batch.restricted {
        return Err(AppError::Denied("batch_restricted"));
    }
    crate::learning::enrolment::require_teacher_if_asked(&app, &course, user_id, crate::learning::enrolment::Via::Learner).await?;
    if enrolments::of_user(&db, course.id, user_id).await?.is_some() {
        return Err(AppError::Conflict("already_enrolled"));
    }
    let quote = coupons::quote(&db, &batch, &course, user_id, input.coupon.as_deref()).await?;
    // A coupon that makes it free needs no gateway; anything else does.
    let gateway = match (quote.amount_poisha, input.gateway.as_deref().unwrap_or("sslcommerz")) {
        (0, _) => "none",
        (_, "sslcommerz") => app.payments.gateway().map(|_| "sslcommerz")?,
        (_, "bkash") => app.payments.bkash().map(|_| "bkash")?,
        _ => return Err(AppError::unprocessable("gateway", "invalid_choice")),
    };
    // One purchase at a time: a payment being checked stops a second, and one opened in the last
    // half hour is offered again rather than charging twice (with another coupon or gateway, the
    // learner first finishes or cancels it).
    if let Some(open) = orders::open_of(&db, user_id, course.id).await? {
        if open.state == "review" {
            return Err(AppError::Conflict("payment_in_review"));
        }
        if let Some(redirect_url) = open.redirect_url.clone()
            && open.created_at > Utc::now() - super::reconcile::ASK_AFTER
        {
            if open.coupon_id != quote.coupon_id || open.gateway != gateway {
                return Err(AppError::Conflict("payment_in_progress"));
            }
            let order = orders::row(&db, open.id).await?.ok_or(AppError::NotFound)?;
            return Ok((StatusCode::OK, Json(Data::new(CheckoutStarted { order: order.into(), redirect_url }))));
        }
    }
    // The money goes into the site's own store or wallet when it has one for the gateway, else
    // the platform's (asked of the control database together with the payer's record).
    let merchant = async {
        Ok(match gateway {
            "sslcommerz" => app.payments.checkout_store(&app.ctl.db, tenant.id).await.map(|(id, store)| (id, Some(store), None))?,
            "bkash" => app.payments.checkout_wallet(&app.ctl.db, tenant.id).await.map(|(id, wallet)| (id, None, Some(wallet)))?,
            _ => (None, None, None),
        })
    };
    let (user, (merchant_account_id, store, wallet)) = tokio::try_join!(async { Ok::<_, AppError>(users::find(&app.ctl.db, user_id).await?) }, merchant)?;
    let mut tx = db.begin().await?;
    // A seat is held by every enrolment and by every order still being paid.
    let taken = enrolments::lock_seats(&mut tx, batch.id).await? + orders::open_in_batch(&mut tx, batch.id).await?;
    if batch.enrolment_limit.is_some_and(|limit| taken >= i64::from(limit)) {
        return Err(AppError::Conflict("batch_full"));
    }
    if let Some(coupon) = quote.coupon_id
        && !coupons_store::take(&mut tx, coupon).await?
    {
        return Err(AppError::unprocessable("coupon", "coupon_used_up"));
    }
    let free = gateway == "none";
    let new = NewOrder {
        user_id,
        user_name: &user.name,
        user_email: user.email.as_deref(),
        course_id: course.id,
        batch_id: batch.id,
        amount_poisha: quote.amount_poisha,
        list_price_poisha: quote.list_price_poisha,
        discount_poisha: quote.discount_poisha,
        coupon_id: quote.coupon_id,
        gateway,
        idempotency_key: key.as_deref(),
        merchant_account_id,
    };
    // A concurrent request with the same key got there first; its answer is this one's.
    let id = orders::insert(&mut tx, new).await?.ok_or(AppError::Conflict("checkout_in_progress"))?;
    tx.commit().await?;
    app.payments.mark_live(tenant.id);
    let order = orders::find(&db, id).await?.ok_or(AppError::NotFound)?;
    if free {
        // Nothing to pay: granted at once, through the same path as a confirmed payment.
        let paid = Outcome::Paid {
            val_id: order.tran_id.clone(),
            bank_tran_id: order.tran_id.clone(),
            amount_poisha: 0,
            fee_poisha: 0,
            currency: order.currency.clone(),
            risky: false,
        };
        settle::apply(&app, &tenant, &db, &order, paid).await?;
        let row = orders::row(&db, id).await?.ok_or(AppError::NotFound)?;
        let redirect_url = format!("/payment/success/{}", order.uuid);
        return Ok((StatusCode::CREATED, Json(Data::new(CheckoutStarted { order: row.into(), redirect_url }))));
    }
    let site = site_url(&tenant, &app.ctl.config.public_base_url);
    let title = if course.title.is_empty() { &course.title_bn } else { &course.title };
    let started = match gateway {
        "bkash" => {
            let callback = format!("{site}/payment/bkash/callback/{}", order.uuid);
            let payer = user.phone.as_deref().map_or_else(|| user_id.to_string(), str::to_owned);
            let wallet = wallet.as_ref().ok_or(AppError::Internal(anyhow::anyhow!("a bKash order without its wallet")))?;
            app.payments.bkash()?.create(wallet, &order.tran_id, &payer, order.amount_poisha, &callback).await.map(|(id, url)| (url, Some(id)))
        }
        _ => {
            let return_url = format!("{site}/payment/sslcommerz/return/{}", order.uuid);
            let ipn_url = format!("{site}/payment/sslcommerz/ipn");
            let checkout = Checkout {
                tran_id: &order.tran_id,
                amount_poisha: order.amount_poisha,
                product_name: title,
                customer_name: &user.name,
                customer_email: user.email.as_deref().unwrap_or_default(),
                // The gateway requires a phone field; a learner who never gave a number still pays.
                customer_phone: user.phone.as_deref().unwrap_or("N/A"),
                return_url: &return_url,
                ipn_url: &ipn_url,
            };
            let store = store.as_ref().ok_or(AppError::Internal(anyhow::anyhow!("an SSLCommerz order without its store")))?;
            app.payments.gateway()?.start(store, &checkout).await.map(|url| (url, None))
        }
    };
    let redirect_url = match started {
        Ok((url, payment_id)) => {
            orders::set_redirect(&db, id, &url, payment_id.as_deref()).await?;
            url
        }
        Err(error) => {
            tracing::warn!(%error, order = id, gateway, "payment session not opened");
            let reason = match error {
                GatewayError::Unavailable(_) => "gateway_unavailable",
                GatewayError::Refused(_) => "gateway_refused",
            };
            orders::transition(&*db, id, &["pending"], "failed", Some(reason)).await?;
            return Err(AppError::Http(StatusCode::BAD_GATEWAY, "payment_gateway_unavailable"));
        }
    };
    let order = orders::row(&db, id).await?.ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(Data::new(CheckoutStarted { order: order.into(), redirect_url }))))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PaymentsQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// A page of orders as the list answers them.
pub async fn page_of<T: From<OrderRow>>(db: &sqlx::PgPool, filter: &OrderFilter<'_>, page: Option<i64>, limit: Option<i64>) -> AppResult<Page<T>> {
    let request = PageRequest::new(page, limit, 20);
    let total = orders::list(db, filter, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = orders::list(db, filter, request.per_page, offset).await?;
    Ok(Page { data: rows.into_iter().map(T::from).collect(), current_page, last_page, per_page: request.per_page, total })
}

/// The signed-in learner's payments on this site, newest first.
#[utoipa::path(get, path = "/learner-course/my-payments", tag = "learner", params(PaymentsQuery),
    responses((status = 200, body = Page<PaymentOrder>), (status = 401)))]
pub async fn my_payments(
    HostTenant(_tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<PaymentsQuery>,
) -> AppResult<Json<Page<PaymentOrder>>> {
    let user_id = caller.user_id().ok_or(AppError::Forbidden)?;
    Ok(Json(page_of(&db, &OrderFilter { user_id: Some(user_id), ..Default::default() }, q.page, q.limit).await?))
}

/// The caller's own order, or 404.
async fn own_order(db: &sqlx::PgPool, caller: &control_plane::auth::Caller, uuid: Uuid) -> AppResult<orders::Order> {
    let user_id = caller.user_id().ok_or(AppError::Forbidden)?;
    orders::by_uuid(db, uuid).await?.filter(|o| o.user_id == user_id).ok_or(AppError::NotFound)
}

/// One of the signed-in learner's payments (the outcome pages poll it).
#[utoipa::path(get, path = "/learner-course/my-payments/{uuid}", tag = "learner",
    params(("uuid" = Uuid, Path)), responses((status = 200, body = Data<PaymentOrder>), (status = 401), (status = 404)))]
pub async fn my_payment(
    HostTenant(_tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<PaymentOrder>>> {
    let order = own_order(&db, &caller, uuid).await?;
    let row = orders::row(&db, order.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(row.into())))
}

/// Cancel one's own order that is still waiting for payment. Should the gateway confirm a
/// payment for it afterwards, the payment still counts.
#[utoipa::path(delete, path = "/course/transactions/delete/{id}", tag = "payments",
    params(("id" = Uuid, Path, description = "the order's uuid")),
    responses((status = 200, body = Data<PaymentOrder>), (status = 401), (status = 404), (status = 409)))]
pub async fn delete_transaction(
    HostTenant(_tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<PaymentOrder>>> {
    let order = own_order(&db, &caller, uuid).await?;
    if !orders::transition(&*db, order.id, &["pending"], "cancelled", None).await? {
        return Err(AppError::Conflict("order_not_pending"));
    }
    let row = orders::row(&db, order.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(row.into())))
}
