//! The site's money for its partner admin: learners' payments, the totals read from the
//! ledger, and payments held for review.

use super::checkout::{PaymentOrder, page_of};
use super::settle;
use super::payouts::AccountTotals;
use super::store::{self as orders, OrderFilter, OrderRow};
use crate::learning::enrolment_store::LearnerRef;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::pagination::Page;
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// An order as the site's accounts show it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountOrder {
    #[serde(flatten)]
    pub order: PaymentOrder,
    pub user: LearnerRef,
}

impl From<OrderRow> for AccountOrder {
    fn from(r: OrderRow) -> Self {
        let user = LearnerRef { id: r.order.user_id, name: r.order.user_name.clone(), email: r.order.user_email.clone() };
        Self { order: r.into(), user }
    }
}

const STATES: [&str; 8] = ["pending", "review", "paid", "failed", "cancelled", "expired", "refund_pending", "refunded"];

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct BatchPaymentsQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// `pending`, `review`, `paid`, `failed`, `cancelled`, `expired`, `refund_pending` or `refunded`.
    pub state: Option<String>,
    /// The learner's name or e-mail, the course title, or a bank transaction id.
    pub search: Option<String>,
    /// Orders for one type of course: `course`, `webinar`, `masterclass`, `exam` or `training`
    /// (the accounts pages of /exam/accounts and /training/accounts).
    pub course_type: Option<String>,
}

/// The site's orders, newest first.
#[utoipa::path(get, path = "/course/accounts/batch-payments", tag = "accounts", params(BatchPaymentsQuery),
    responses((status = 200, body = Page<AccountOrder>), (status = 401), (status = 403), (status = 422)))]
pub async fn batch_payments(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<BatchPaymentsQuery>,
) -> AppResult<Json<Page<AccountOrder>>> {
    caller.require_admin_of(tenant.id)?;
    let state = q.state.as_deref().filter(|s| !s.is_empty());
    if state.is_some_and(|s| !STATES.contains(&s)) {
        return Err(AppError::unprocessable("state", "invalid_choice"));
    }
    let course_type = q.course_type.as_deref().filter(|s| !s.is_empty());
    if course_type.is_some_and(|t| t != "exam" && !crate::courses::authoring::TYPES.contains(&t)) {
        return Err(AppError::unprocessable("course_type", "invalid_choice"));
    }
    let search = q.search.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let filter = OrderFilter { user_id: None, state, search, course_type };
    Ok(Json(page_of(&db, &filter, q.page, q.limit).await?))
}

/// The site's totals: what learners paid, the gateway's fees, the platform's commission, the
/// site's share and what was paid out of it (all read from the ledger), and what can be asked for.
#[utoipa::path(get, path = "/course/accounts/overall_transactions", tag = "accounts",
    responses((status = 200, body = Data<AccountTotals>), (status = 401), (status = 403)))]
pub async fn overall_transactions(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
) -> AppResult<Json<Data<AccountTotals>>> {
    caller.require_admin_of(tenant.id)?;
    Ok(Json(Data::new(super::payouts::totals(&app, &tenant, &db).await?)))
}

/// Accept a payment the gateway flagged as risky: the learner is enrolled and the payment
/// counted.
#[utoipa::path(post, path = "/course/accounts/review/{uuid}", tag = "accounts",
    params(("uuid" = Uuid, Path)), responses((status = 200, body = Data<AccountOrder>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn accept_review(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<AccountOrder>>> {
    caller.require_admin_of(tenant.id)?;
    let order = orders::by_uuid(&db, uuid).await?.ok_or(AppError::NotFound)?;
    if !settle::accept_review(&app, &tenant, &db, &order).await? {
        return Err(AppError::Conflict("order_not_in_review"));
    }
    let row = orders::row(&db, order.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(row.into())))
}
