//! The super admin's institution calls: lists, details with provisioning progress, approval,
//! state changes and direct creation.

use super::fields::{self, InstitutionInput};
use super::store::{self, Institution};
use crate::auth::{HostTenant, RequireSuper, RequireUser};
use crate::i18n::Lang;
use crate::mail_templates::{self, Key};
use crate::messages::outbox;
use crate::users::links::Site;
use sqlx::PgConnection;
use crate::error::{AppError, AppResult};
use crate::json::{self, AppJson, AppPath, AppQuery, JsonBytes};
use crate::memberships::{self, PARTNER_ADMIN};
use crate::pagination::{PageQuery, PageRequest};
use crate::provisioning::{self, Kind};
use crate::state::ControlState;
use crate::users;
use crate::users::register::{Account, AccountInput};
use crate::validate::Validator;
use axum::Json;

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use crate::pagination::Page;
use crate::provisioning::Progress;
use crate::response::Data;
use crate::tls::store::TlsHistory;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnapprovedQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Institution type id filter.
    #[serde(rename = "type")]
    pub kind: Option<i16>,
}

/// Institutions waiting for approval, newest first.
#[utoipa::path(get, path = "/my-account/institutions/view-unapproved", tag = "institutions", params(UnapprovedQuery),
    responses((status = 200, body = Page<Institution>), (status = 401), (status = 403)))]
pub async fn view_unapproved(
    State(ctl): State<ControlState>,
    _caller: RequireSuper,
    AppQuery(q): AppQuery<UnapprovedQuery>,
) -> AppResult<Json<Page<Institution>>> {
    let mut page =
        store::list(&ctl.db, &ctl.config.public_base_url, Some("requested"), None, PageRequest::new(q.page, q.limit, 10)).await?;
    if let Some(kind) = q.kind {
        page.data.retain(|i| i.kind.id == kind);
    }
    Ok(Json(page))
}

/// Every institution, newest first, with search over subdomain and names.
#[utoipa::path(get, path = "/my-account/institutions/view_all", tag = "institutions", params(PageQuery),
    responses((status = 200, body = Page<Institution>), (status = 401), (status = 403)))]
pub async fn view_all(State(ctl): State<ControlState>, _caller: RequireSuper, AppQuery(q): AppQuery<PageQuery>) -> AppResult<Json<Page<Institution>>> {
    let request = PageRequest::new(q.page, q.limit, 10);
    Ok(Json(store::list(&ctl.db, &ctl.config.public_base_url, None, q.search.as_deref(), request).await?))
}

/// The live partner sites, newest first, with search over subdomain and names: what a super
/// admin picks an institution from (adding a user to one, narrowing a list to one).
#[utoipa::path(get, path = "/my-account/institutions/view", tag = "institutions", params(PageQuery),
    responses((status = 200, body = Page<Institution>), (status = 401), (status = 403)))]
pub async fn view(State(ctl): State<ControlState>, _caller: RequireSuper, AppQuery(q): AppQuery<PageQuery>) -> AppResult<Json<Page<Institution>>> {
    let request = PageRequest::new(q.page, q.limit, 20);
    Ok(Json(store::list(&ctl.db, &ctl.config.public_base_url, Some("active"), q.search.as_deref(), request).await?))
}

/// An institution with its latest provisioning job and, with HTTPS on, its certificates and
/// recent ACME attempts.
#[derive(Debug, Serialize, ToSchema)]
pub struct InstitutionDetails {
    #[serde(flatten)]
    pub institution: Institution,
    pub provisioning: Option<Progress>,
    pub tls: Option<TlsHistory>,
}

/// One institution with its provisioning progress (super admin, or an admin of it).
#[utoipa::path(get, path = "/my-account/institutions/view-info/{id}", tag = "institutions",
    params(("id" = i64, Path)), responses((status = 200, body = Data<InstitutionDetails>), (status = 403), (status = 404)))]
pub async fn view_info(State(ctl): State<ControlState>, RequireUser(caller): RequireUser, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<InstitutionDetails>>> {
    if !caller.administers(id) {
        return Err(AppError::Forbidden);
    }
    let institution = store::find(&ctl.db, &ctl.config.public_base_url, id).await?;
    let provisioning = provisioning::progress(&ctl.db, id).await?;
    let tls = match ctl.config.tls {
        Some(_) => Some(crate::tls::store::history(&ctl.db, id, &format!("*.{}", ctl.config.public_base_url.host)).await?),
        None => None,
    };
    Ok(Json(Data::new(InstitutionDetails { institution, provisioning, tls })))
}

/// Approve a requested institution: queues its provisioning and makes the applicant its
/// partner admin. On an institution whose provisioning failed, retries it.
#[utoipa::path(post, path = "/my-account/institutions/approve/{id}", tag = "institutions",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Institution>), (status = 404), (status = 409, description = "not_requested")))]
pub async fn approve(State(ctl): State<ControlState>, host: Option<HostTenant>, _caller: RequireSuper, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Institution>>> {
    let mut tx = ctl.db.begin().await?;
    match store::approve(&mut tx, id).await? {
        Some(applicant) => {
            provisioning::enqueue(&mut *tx, id, Kind::Provision).await?;
            if let Some(user) = applicant {
                memberships::grant(&mut *tx, user, id, PARTNER_ADMIN).await?;
                let institution = store::find(&ctl.db, &ctl.config.public_base_url, id).await?;
                tell_applicant(&ctl, &mut tx, host.as_ref(), &institution, user).await?;
            }
            tx.commit().await?;
            if let Some(user) = applicant {
                ctl.sessions.forget_user(user).await;
            }
        }
        None => match store::state_of(&mut *tx, id).await?.as_deref() {
            None => return Err(AppError::NotFound),
            Some("approved" | "provisioning") if provisioning::retry_failed(&mut *tx, id).await? => tx.commit().await?,
            Some(_) => return Err(AppError::Conflict("not_requested")),
        },
    }
    Ok(Json(Data::new(store::find(&ctl.db, &ctl.config.public_base_url, id).await?)))
}

/// The applicant hears, in their language, that the site is approved and where it opens; in the
/// approving transaction, so an approval rolled back tells no one.
async fn tell_applicant(ctl: &ControlState, tx: &mut PgConnection, host: Option<&HostTenant>, institution: &Institution, user: i64) -> AppResult<()> {
    let Some(contact) = users::store::contacts(&ctl.db, &[user]).await?.pop() else { return Ok(()) };
    let Some(email) = contact.email.as_deref() else { return Ok(()) };
    let lang = contact.lang();
    let site = Site::of(ctl, host, lang);
    let partner = if lang == Lang::Bn { &institution.institution_name } else { &institution.institution_name_en };
    let values = [("name", contact.own_name()), ("partner", partner.as_str()), ("link", institution.url.as_str())];
    let mail = mail_templates::compose(&mut *tx, &site, Key::PartnerApproved, lang, &values).await?;
    outbox::enqueue(tx, &site.mail(email, "partner_approved", mail)).await?;
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UpdateInstitution {
    pub id: i64,
    pub institution_name: Option<String>,
    pub institution_name_en: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<i16>,
    /// `active`, `suspended` or `deleted` (from suspended; removes the tenant's data).
    pub state: Option<String>,
}

/// Edit an institution's names and type, suspend, re-activate or delete it.
#[utoipa::path(put, path = "/my-account/institutions/update", tag = "institutions", request_body = UpdateInstitution,
    responses((status = 200, body = Data<Institution>), (status = 404), (status = 409), (status = 422)))]
pub async fn update(State(ctl): State<ControlState>, _caller: RequireSuper, AppJson(input): AppJson<UpdateInstitution>) -> AppResult<Json<Data<Institution>>> {
    let mut v = Validator::default();
    let name = input.institution_name.as_deref().map(|n| v.text("institution_name", n, 150));
    let name_en = input.institution_name_en.as_deref().map(|n| v.text("institution_name_en", n, 150));
    if let Some(kind) = input.kind {
        if !super::types::exists(&ctl.db, kind).await? {
            v.add("type", "invalid_choice", None);
        }
    }
    let state = input.state.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if state.is_some_and(|s| !["active", "suspended", "deleted"].contains(&s)) {
        v.add("state", "invalid_choice", None);
    }
    v.finish()?;
    store::state_of(&ctl.db, input.id).await?.ok_or(AppError::NotFound)?;
    store::update_details(&ctl.db, input.id, name.as_deref(), name_en.as_deref(), input.kind).await?;
    let mut tx = ctl.db.begin().await?;
    let moved = match state {
        None => true,
        Some("active") => store::transition(&mut *tx, input.id, &["suspended", "active"], "active").await?,
        Some("suspended") => store::transition(&mut *tx, input.id, &["active", "suspended"], "suspended").await?,
        Some(_) => {
            let moved = store::transition(&mut *tx, input.id, &["suspended"], "deleted").await?;
            if moved {
                provisioning::enqueue(&mut *tx, input.id, Kind::Deprovision).await?;
            }
            moved
        }
    };
    if !moved {
        return Err(AppError::Conflict("invalid_state_change"));
    }
    tx.commit().await?;
    if state.is_some() {
        // Its members' roles come and go with its state; other edges hear it through NOTIFY.
        ctl.sessions.forget_all();
    }
    Ok(Json(Data::new(store::find(&ctl.db, &ctl.config.public_base_url, input.id).await?)))
}

/// Create an institution directly (approved, provisioning queued).
#[utoipa::path(post, path = "/my-account/institutions/create", tag = "institutions", request_body = InstitutionInput,
    responses((status = 201, body = Data<Institution>), (status = 422)))]
pub async fn create(State(ctl): State<ControlState>, _caller: RequireSuper, AppJson(input): AppJson<InstitutionInput>) -> AppResult<(StatusCode, Json<Data<Institution>>)> {
    let mut v = Validator::default();
    let new = fields::validate(&ctl.db, &mut v, &input).await?;
    v.finish()?;
    let mut tx = ctl.db.begin().await?;
    let id = store::insert(&mut tx, &new, "approved", None).await?;
    provisioning::enqueue(&mut *tx, id, Kind::Provision).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Data::new(store::find(&ctl.db, &ctl.config.public_base_url, id).await?))))
}

/// The request body (documentation only: parsed in two halves, see `PartnerApplication`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PartnerByAdmin {
    #[serde(flatten)]
    pub admin: AccountInput,
    #[serde(flatten)]
    pub institution: InstitutionInput,
}

/// Create a partner with its admin: an existing account (by e-mail) or a new one.
#[utoipa::path(post, path = "/my-account/institutions/add-partner-by-admin", tag = "institutions", request_body = PartnerByAdmin,
    responses((status = 201, body = Data<Institution>), (status = 422)))]
pub async fn add_partner_by_admin(
    State(ctl): State<ControlState>,
    _caller: RequireSuper,
    JsonBytes(body): JsonBytes,
) -> AppResult<(StatusCode, Json<Data<Institution>>)> {
    let input = PartnerByAdmin { admin: json::parse(&body)?, institution: json::parse(&body)? };
    let mut v = Validator::default();
    let email = input.admin.email.trim().to_lowercase();
    let existing = users::store::find_by_login(&ctl.db, Some(&email), None).await?.filter(|_| !email.is_empty());
    let account = Account::choose(&ctl.db, &mut v, existing.map(|u| u.id), &input.admin).await?;
    let new = fields::validate(&ctl.db, &mut v, &input.institution).await?;
    v.finish()?;
    let account = account.hashed().await?;
    let mut tx = ctl.db.begin().await?;
    let admin = account.save(&mut tx).await?;
    let id = store::insert(&mut tx, &new, "approved", Some(admin)).await?;
    memberships::grant(&mut *tx, admin, id, PARTNER_ADMIN).await?;
    provisioning::enqueue(&mut *tx, id, Kind::Provision).await?;
    tx.commit().await?;
    ctl.sessions.forget_user(admin).await;
    Ok((StatusCode::CREATED, Json(Data::new(store::find(&ctl.db, &ctl.config.public_base_url, id).await?))))
}
