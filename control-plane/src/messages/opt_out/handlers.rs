//! `/my-account/unsubscribe` (the link at the foot of an announcement, and the one-click POST of
//! RFC 8058 that mail clients make) and `/my-account/message-preferences` (the same choice from
//! one's account settings).

use super::{Channel, Subject};
use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::json::{AppJson, AppQuery};
use crate::response::Data;
use crate::state::ControlState;
use crate::tenancy::Tenant;
use crate::users::store as users;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct UnsubscribeQuery {
    /// The token of the announcement's link.
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnnouncementChoice {
    /// The site whose announcements these are, in Bangla and English.
    pub site_name: String,
    pub site_name_en: String,
    /// `email` or `sms`.
    pub channel: String,
    pub address: String,
    /// The address gets no more of the site's announcements by this channel.
    pub left: bool,
}

/// The token's subject, if the token is good and for the site it is used on.
fn subject(ctl: &ControlState, site: &Tenant, token: &str) -> AppResult<Subject> {
    super::verify(&ctl.config.tenant_db_secret, token)
        .filter(|s| s.institution_id == site.id)
        .ok_or(AppError::Missing("unsubscribe_link_invalid"))
}

async fn choice(ctl: &ControlState, site: &Tenant, subject: Subject) -> AppResult<AnnouncementChoice> {
    let left = super::has_left(&ctl.db, &subject).await?;
    Ok(AnnouncementChoice {
        site_name: site.institution_name.clone(),
        site_name_en: site.institution_name_en.clone(),
        channel: subject.channel.as_str().to_owned(),
        address: subject.address,
        left,
    })
}

/// What an unsubscribe link is about, and whether the address has already left.
#[utoipa::path(get, path = "/my-account/unsubscribe", tag = "auth", params(UnsubscribeQuery),
    responses((status = 200, body = Data<AnnouncementChoice>), (status = 404, description = "unsubscribe_link_invalid")))]
pub async fn unsubscribe_state(State(ctl): State<ControlState>, HostTenant(site): HostTenant, AppQuery(q): AppQuery<UnsubscribeQuery>) -> AppResult<Json<Data<AnnouncementChoice>>> {
    let subject = subject(&ctl, &site, &q.token)?;
    Ok(Json(Data::new(choice(&ctl, &site, subject).await?)))
}

/// Leaves the site's announcements: the page's button, or a mail client's one-click POST
/// (RFC 8058, whose form body `List-Unsubscribe=One-Click` is not read).
#[utoipa::path(post, path = "/my-account/unsubscribe", tag = "auth", params(UnsubscribeQuery),
    responses((status = 200, body = Data<AnnouncementChoice>), (status = 404, description = "unsubscribe_link_invalid")))]
pub async fn unsubscribe(State(ctl): State<ControlState>, HostTenant(site): HostTenant, AppQuery(q): AppQuery<UnsubscribeQuery>) -> AppResult<Json<Data<AnnouncementChoice>>> {
    let subject = subject(&ctl, &site, &q.token)?;
    super::leave(&ctl.db, &subject).await?;
    Ok(Json(Data::new(choice(&ctl, &site, subject).await?)))
}

/// Takes the site's announcements again, from the same link.
#[utoipa::path(delete, path = "/my-account/unsubscribe", tag = "auth", params(UnsubscribeQuery),
    responses((status = 200, body = Data<AnnouncementChoice>), (status = 404, description = "unsubscribe_link_invalid")))]
pub async fn resubscribe(State(ctl): State<ControlState>, HostTenant(site): HostTenant, AppQuery(q): AppQuery<UnsubscribeQuery>) -> AppResult<Json<Data<AnnouncementChoice>>> {
    let subject = subject(&ctl, &site, &q.token)?;
    super::rejoin(&ctl.db, &subject).await?;
    Ok(Json(Data::new(choice(&ctl, &site, subject).await?)))
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct AnnouncementPreference {
    /// `email` or `sms`.
    pub channel: String,
    /// No more of this site's announcements by this channel.
    pub left: bool,
}

/// The caller's addresses the site's announcements reach: the e-mail address, and the mobile
/// number once proven.
async fn own(ctl: &ControlState, site: &Tenant, user_id: i64) -> AppResult<Vec<AnnouncementChoice>> {
    let Some(person) = users::contacts(&ctl.db, &[user_id]).await?.pop() else { return Err(AppError::Unauthenticated) };
    let mut out = Vec::new();
    for (channel, address) in [(Channel::Email, person.email.clone()), (Channel::Sms, person.phone.clone().filter(|_| person.phone_verified))] {
        if let Some(address) = address {
            out.push(choice(ctl, site, Subject { institution_id: site.id, channel, address }).await?);
        }
    }
    Ok(out)
}

/// Whether the caller takes this site's announcements, per address.
#[utoipa::path(get, path = "/my-account/message-preferences", tag = "auth",
    responses((status = 200, body = Data<Vec<AnnouncementChoice>>), (status = 401)))]
pub async fn preferences(State(ctl): State<ControlState>, HostTenant(site): HostTenant, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Vec<AnnouncementChoice>>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    Ok(Json(Data::new(own(&ctl, &site, user_id).await?)))
}

/// Leaves or takes again this site's announcements by one channel (422 `no_address` when the
/// caller has no address there).
#[utoipa::path(put, path = "/my-account/message-preferences", tag = "auth", request_body = AnnouncementPreference,
    responses((status = 200, body = Data<Vec<AnnouncementChoice>>), (status = 401), (status = 422)))]
pub async fn set_preference(
    State(ctl): State<ControlState>,
    HostTenant(site): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<AnnouncementPreference>,
) -> AppResult<Json<Data<Vec<AnnouncementChoice>>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let channel = Channel::parse(&input.channel).ok_or_else(|| AppError::field("channel", "invalid_choice"))?;
    let mine = own(&ctl, &site, user_id).await?;
    let address = mine.iter().find(|c| c.channel == channel.as_str()).ok_or_else(|| AppError::unprocessable("channel", "no_address"))?;
    let subject = Subject { institution_id: site.id, channel, address: address.address.clone() };
    if input.left {
        super::leave(&ctl.db, &subject).await?;
    } else {
        super::rejoin(&ctl.db, &subject).await?;
    }
    Ok(Json(Data::new(own(&ctl, &site, user_id).await?)))
}
