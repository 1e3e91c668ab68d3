//! Delivery reports from the SMS gateway: Kannel calls the `dlr-url` each text named
//! (`messages::sms::kannel`) when the operator reports it delivered or not, and the outbox
//! records it; a text not delivered has failed, which a bulk message's failures then list.

use super::outbox;
use super::sms::kannel::{self, Report};
use crate::config::SmsConfig;
use crate::error::{AppError, AppResult};
use crate::json::AppQuery;
use crate::response::{Data, Done};
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct KannelReport {
    /// The outbox id of the text.
    pub id: i64,
    /// The signature the text's report address was given.
    pub sig: String,
    /// Kannel's delivery report type: 1 delivered, 2 not delivered to the phone, 16 not
    /// delivered to the operator; others (buffered, accepted) are not final.
    pub status: u8,
}

/// Kannel's delivery report on a text (its `dlr-url`).
#[utoipa::path(get, path = "/my-account/sms/delivery-report/kannel", tag = "auth", params(KannelReport),
    responses((status = 200, body = Data<Done>), (status = 403, description = "not signed for this text"), (status = 404)))]
pub async fn kannel_report(State(ctl): State<ControlState>, AppQuery(report): AppQuery<KannelReport>) -> AppResult<Json<Data<Done>>> {
    let Some(SmsConfig::Kannel(config)) = &ctl.config.sms else { return Err(AppError::NotFound) };
    if !kannel::check_report(config, report.id, &report.sig) {
        return Err(AppError::Forbidden);
    }
    let found = match kannel::report(report.status) {
        Report::Pending => true,
        Report::Delivered => outbox::record_report(&ctl.db, report.id, true, "").await?,
        Report::Undelivered => {
            let detail = format!("the operator reported it undelivered (Kannel report {})", report.status);
            outbox::record_report(&ctl.db, report.id, false, &detail).await?
        }
    };
    if !found {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::done()))
}
