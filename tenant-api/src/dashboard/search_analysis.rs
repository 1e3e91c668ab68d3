//! `GET /api/v3/dashboard/search_analysis`: what learners searched for between two days, what
//! found nothing (the courses a site is missing), and how many searches each day. A partner sees
//! its own site's searches; the main site's admins see every site's.

use super::figures::site_range;
use super::range::{DateRange, RangeQuery};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::Duration;
use control_plane::AppResult;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::catalogue::search_log::{self, DayCount, TermCount};
use control_plane::json::AppQuery;
use control_plane::response::Data;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchAnalysis {
    pub range: DateRange,
    pub total_searches: i64,
    pub zero_result_searches: i64,
    /// The 20 most searched queries (normalised words).
    pub top_terms: Vec<TermCount>,
    /// The 20 queries that most often found nothing.
    pub zero_result_terms: Vec<TermCount>,
    /// Every day of the range, none left out.
    pub by_day: Vec<DayCount>,
}

/// What learners searched for, and what they did not find.
#[utoipa::path(get, path = "/api/v3/dashboard/search_analysis", tag = "dashboard", params(RangeQuery),
    responses((status = 200, body = Data<SearchAnalysis>), (status = 401), (status = 403), (status = 422)))]
pub async fn search_analysis(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppQuery(q): AppQuery<RangeQuery>,
) -> AppResult<Json<Data<SearchAnalysis>>> {
    let range = site_range(&caller, &tenant, &q)?;
    let site = (!tenant.is_main).then_some(tenant.id);
    let (from, to) = (range.start_date, range.end_date);
    let db = &app.ctl.db;
    let counted = search_log::by_day(db, site, from, to).await?;
    let by_day: Vec<DayCount> = (0..=(to - from).num_days())
        .map(|n| from + Duration::days(n))
        .map(|date| match counted.iter().find(|c| c.date == date) {
            Some(c) => DayCount { date, searches: c.searches, zero_results: c.zero_results },
            None => DayCount { date, searches: 0, zero_results: 0 },
        })
        .collect();
    Ok(Json(Data::new(SearchAnalysis {
        range,
        total_searches: by_day.iter().map(|d| d.searches).sum(),
        zero_result_searches: by_day.iter().map(|d| d.zero_results).sum(),
        top_terms: search_log::top_terms(db, site, from, to, false).await?,
        zero_result_terms: search_log::top_terms(db, site, from, to, true).await?,
        by_day,
    })))
}
