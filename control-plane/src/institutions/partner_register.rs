//! `POST /my-account/user/partner-register`: an institution applies for a partner site. Creates
//! the applicant's account (unless signed in) and the institution in state `requested`.

use super::fields::{self, InstitutionInput};
use super::store::{self, Institution};
use crate::auth::{Caller, sessions};
use crate::error::AppResult;
use crate::i18n::Lang;
use crate::json::{self, JsonBytes};
use crate::state::ControlState;
use crate::users::register::{Account, AccountInput};
use crate::users::{self, TokenAndUser};
use crate::validate::Validator;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::{Extension, Json};
use serde::Deserialize;
use crate::response::Data;
use utoipa::ToSchema;

/// The request body (documentation only: the two halves are parsed separately, because serde's
/// `flatten` loses the path of a wrongly typed field).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PartnerApplication {
    #[serde(flatten)]
    pub account: AccountInput,
    #[serde(flatten)]
    pub institution: InstitutionInput,
}

#[derive(serde::Serialize, ToSchema)]
pub struct PartnerApplied {
    pub institution: Institution,
    #[serde(flatten)]
    pub session: Option<TokenAndUser>,
}

/// Apply for a partner site. Signed-in callers apply with their own account and may omit the
/// account fields.
#[utoipa::path(post, path = "/my-account/user/partner-register", tag = "auth", request_body = PartnerApplication,
    responses((status = 201, body = Data<PartnerApplied>), (status = 422, description = "validation failed")))]
pub async fn partner_register(
    State(ctl): State<ControlState>,
    caller: Option<Extension<Caller>>,
    headers: HeaderMap,
    JsonBytes(body): JsonBytes,
) -> AppResult<(StatusCode, Json<Data<PartnerApplied>>)> {
    let input = PartnerApplication { account: json::parse(&body)?, institution: json::parse(&body)? };
    let signed_in = caller.as_ref().and_then(|c| c.user_id());
    let mut v = Validator::default();
    let account = Account::choose(&ctl.db, &mut v, signed_in, &input.account).await?;
    let institution = fields::validate(&ctl.db, &mut v, &input.institution).await?;
    v.finish()?;
    let account = account.hashed().await?;
    let mut tx = ctl.db.begin().await?;
    let applicant = account.save(&mut tx).await?;
    // The approval is written to them in the language they applied in.
    if let Some(lang) = Lang::stated(&headers) {
        users::store::set_lang(&mut *tx, applicant, lang).await?;
    }
    let id = store::insert(&mut tx, &institution, "requested", Some(applicant)).await?;
    tx.commit().await?;
    let session = match account {
        Account::New(_) => {
            let holder = sessions::Holder::User { id: applicant, current_membership_id: None };
            let (token, _) = sessions::create(&ctl.db, holder).await?;
            let user = users::user_info(&ctl.db, &ctl.config.public_base_url, applicant, None).await?;
            Some(TokenAndUser { token, user })
        }
        Account::Existing(_) => None,
    };
    let institution = store::find(&ctl.db, &ctl.config.public_base_url, id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(PartnerApplied { institution, session }))))
}
