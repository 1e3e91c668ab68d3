//! Payout requests: a partner admin asks the platform for the site's share (never more than is
//! available: earned, less paid out, less already asked for); the super admin approves, which
//! posts the payout to the site's ledger, or rejects with a reason. The paths and their GETs for
//! changes are the specification's.

use super::money::parse_taka;
use super::store as orders;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::payouts::{self as store, NewPayout, PayoutRow};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::users::store as users;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutInstitution {
    pub id: i64,
    pub slug: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutPerson {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutRequest {
    pub id: i64,
    pub institution: PayoutInstitution,
    pub amount_poisha: i64,
    /// `requested`, `approved` or `rejected`.
    pub state: String,
    pub note: String,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub requested_by: PayoutPerson,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
}

impl From<PayoutRow> for PayoutRequest {
    fn from(r: PayoutRow) -> Self {
        Self {
            id: r.id,
            institution: PayoutInstitution { id: r.institution_id, slug: r.institution_slug, name: r.institution_name },
            amount_poisha: r.amount_poisha,
            // An approval begun but not finished is still waiting, as far as anyone can tell.
            state: if r.state == "approving" { "requested".into() } else { r.state },
            note: r.note,
            reason: r.reason,
            requested_by: PayoutPerson { id: r.requested_by, name: r.requested_by_name },
            created_at: r.created_at,
            decided_at: r.decided_at,
        }
    }
}

/// The site's money as its accounts page shows it: the ledger's totals and the payouts.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountTotals {
    #[serde(flatten)]
    pub ledger: orders::Totals,
    /// Asked for and not yet approved or rejected.
    pub requested_poisha: i64,
    /// What can be asked for now.
    pub available_poisha: i64,
}

/// What the platform still owes the site: its share, less what was paid out or asked for, less
/// what its own store took (it holds that already). Below zero the site owes the commission.
fn available(ledger: &orders::Totals, requested: i64) -> i64 {
    ledger.partner_share_poisha - ledger.paid_out_poisha - requested - ledger.held_by_partner_poisha
}

pub async fn totals(app: &AppState, tenant: &Tenant, db: &PgPool) -> AppResult<AccountTotals> {
    let ledger = orders::totals(db).await?;
    let requested = store::outstanding(&app.ctl.db, tenant.id).await?;
    let available = available(&ledger, requested).max(0);
    Ok(AccountTotals { ledger, requested_poisha: requested, available_poisha: available })
}

fn require_site_admin(caller: &Caller, tenant: &Tenant) -> AppResult<i64> {
    match caller.user_id() {
        Some(user) if caller.administers(tenant.id) => Ok(user),
        _ => Err(AppError::Forbidden),
    }
}

fn require_super(caller: &Caller) -> AppResult<i64> {
    match caller.user_id() {
        Some(user) if caller.is_super() => Ok(user),
        _ => Err(AppError::Forbidden),
    }
}

/// A request the caller may see: any, for the super admin; the site's own, for its admin.
async fn visible(app: &AppState, caller: &Caller, tenant: &Tenant, id: i64) -> AppResult<PayoutRow> {
    let row = store::find(&app.ctl.db, id).await?.ok_or(AppError::NotFound)?;
    if caller.is_super() || (row.institution_id == tenant.id && caller.administers(tenant.id)) { Ok(row) } else { Err(AppError::NotFound) }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PayoutInput {
    /// Taka, such as "5000" or "৫০০০.৫০".
    pub amount: String,
    pub note: String,
}

/// Ask the platform to pay out part of the site's share.
#[utoipa::path(post, path = "/course/accounts/request-payment", tag = "accounts", request_body = PayoutInput,
    responses((status = 201, body = Data<PayoutRequest>), (status = 401), (status = 403), (status = 422)))]
pub async fn request_payment(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PayoutInput>,
) -> AppResult<(StatusCode, Json<Data<PayoutRequest>>)> {
    let user_id = require_site_admin(&caller, &tenant)?;
    let mut v = Validator::default();
    let amount = parse_taka(&input.amount, i64::MAX / 4).filter(|a| *a > 0);
    if amount.is_none() {
        v.add("amount", "amount_invalid", None);
    }
    let note = v.optional_text("note", &input.note, 500).unwrap_or_default();
    v.finish()?;
    let amount = amount.expect("validated");
    let ledger = orders::totals(&db).await?;
    let user = users::find(&app.ctl.db, user_id).await?;
    let mut tx = app.ctl.db.begin().await?;
    store::lock_institution(&mut tx, tenant.id).await?;
    let requested = store::outstanding(&mut *tx, tenant.id).await?;
    if amount > available(&ledger, requested) {
        return Err(AppError::unprocessable("amount", "payout_above_balance"));
    }
    let new = NewPayout { institution_id: tenant.id, amount_poisha: amount, note: &note, requested_by: user_id, requested_by_name: &user.name };
    let id = store::insert(&mut tx, new).await?;
    tx.commit().await?;
    let row = store::find(&app.ctl.db, id).await?.ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(Data::new(row.into()))))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PayoutQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// A state: `requested`, `approved` or `rejected`.
    #[serde(rename = "type")]
    pub state: Option<String>,
    /// The super admin's filter by partner (institution id).
    pub partner_id: Option<i64>,
    /// Accepted for compatibility; payouts are per partner, not per course.
    pub course_id: Option<i64>,
}

/// Payout requests: the site's own for its admin; every partner's for the super admin on the
/// main site.
#[utoipa::path(get, path = "/course/accounts/view_all_requests", tag = "accounts", params(PayoutQuery),
    responses((status = 200, body = Page<PayoutRequest>), (status = 401), (status = 403), (status = 422)))]
pub async fn view_all_requests(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppQuery(q): AppQuery<PayoutQuery>,
) -> AppResult<Json<Page<PayoutRequest>>> {
    let institution = if caller.is_super() && tenant.is_main {
        q.partner_id
    } else {
        require_site_admin(&caller, &tenant)?;
        Some(tenant.id)
    };
    let state = q.state.as_deref().filter(|s| !s.is_empty());
    if state.is_some_and(|s| !["requested", "approved", "rejected"].contains(&s)) {
        return Err(AppError::unprocessable("type", "invalid_choice"));
    }
    let request = PageRequest::new(q.page, q.limit, 20);
    let total = store::list(&app.ctl.db, institution, state, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::list(&app.ctl.db, institution, state, request.per_page, offset).await?;
    Ok(Json(Page { data: rows.into_iter().map(Into::into).collect(), current_page, last_page, per_page: request.per_page, total }))
}

/// One payout request.
#[utoipa::path(get, path = "/course/accounts/check-status/{x}", tag = "accounts",
    params(("x" = i64, Path, description = "the request's id")), responses((status = 200, body = Data<PayoutRequest>), (status = 401), (status = 404)))]
pub async fn check_status(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<PayoutRequest>>> {
    Ok(Json(Data::new(visible(&app, &caller, &tenant, id).await?.into())))
}

/// Approve a payout (super admin): it is posted to the partner's ledger as paid out. Approving
/// one whose approval was interrupted finishes it, without posting it twice.
#[utoipa::path(get, path = "/course/accounts/approve_request/{id}", tag = "accounts",
    params(("id" = i64, Path)), responses((status = 200, body = Data<PayoutRequest>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn approve_request(
    State(app): State<AppState>,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<PayoutRequest>>> {
    let by = require_super(&caller)?;
    store::find(&app.ctl.db, id).await?.ok_or(AppError::NotFound)?;
    let (institution, amount) = store::begin_approval(&app.ctl.db, id).await?.ok_or(AppError::Conflict("payout_not_requested"))?;
    let db = app.pools.get(institution).await?;
    orders::post_payout(&db, id, amount).await?;
    store::finish_approval(&app.ctl.db, id, by).await?;
    Ok(Json(Data::new(store::find(&app.ctl.db, id).await?.ok_or(AppError::NotFound)?.into())))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct RejectQuery {
    /// Told to the partner.
    pub reason: Option<String>,
}

/// Reject a payout request (super admin), with a reason for the partner.
#[utoipa::path(get, path = "/course/accounts/reject_request/{id}", tag = "accounts",
    params(("id" = i64, Path), RejectQuery), responses((status = 200, body = Data<PayoutRequest>), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn reject_request(
    State(app): State<AppState>,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<RejectQuery>,
) -> AppResult<Json<Data<PayoutRequest>>> {
    let by = require_super(&caller)?;
    let mut v = Validator::default();
    let reason = v.optional_text("reason", q.reason.as_deref().unwrap_or_default(), 500).unwrap_or_default();
    v.finish()?;
    store::find(&app.ctl.db, id).await?.ok_or(AppError::NotFound)?;
    if !store::reject(&app.ctl.db, id, by, &reason).await? {
        return Err(AppError::Conflict("payout_not_requested"));
    }
    Ok(Json(Data::new(store::find(&app.ctl.db, id).await?.ok_or(AppError::NotFound)?.into())))
}

/// Withdraw a request still waiting (the site's admin, or the super admin).
#[utoipa::path(get, path = "/course/accounts/delete_request/{id}", tag = "accounts",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 401), (status = 404), (status = 409)))]
pub async fn delete_request(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    visible(&app, &caller, &tenant, id).await?;
    if !store::withdraw(&app.ctl.db, id).await? {
        return Err(AppError::Conflict("payout_not_requested"));
    }
    Ok(Json(Data::done()))
}
