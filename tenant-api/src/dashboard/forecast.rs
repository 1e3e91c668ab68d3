//! `/ai/forecast?course_id=`: how many will enrol in a course in the coming weeks, from its own
//! history of weekly enrolments (the dashboard's summary table), with the method stated and its
//! error on the last weeks held out, and a plain "too little history" when there is too little.
//!
//! The model is a least-squares line through the weekly counts (the trend) plus, once there are
//! two whole cycles to learn it from, a four-week season (the mean of what the line misses at each
//! place in the cycle, centred on zero): terms, fee dates and exam weeks make enrolment swing
//! within a month. It is fitted on all but the last four weeks, which it then predicts (the error
//! shown, beside that of simply repeating their average), and fitted again on everything for the
//! forecast. No forecast is below zero.

use super::store;
use crate::pools::TenantDb;
use axum::Json;
use chrono::{Days, NaiveDate};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::AppQuery;
use control_plane::response::Data;
use control_plane::{AppError, AppResult, dhaka};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Weeks held out to measure the error.
const HOLDOUT: usize = 4;
/// Fewer weeks than this (six to fit, four to test) is too little history.
pub const MIN_WEEKS: usize = 10;
/// The season's length, learnt once the fit has two whole cycles.
const SEASON: usize = 4;
/// At most two years of weeks are read.
const MAX_WEEKS: usize = 104;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ForecastQuery {
    pub course_id: i64,
    /// How many weeks ahead, 1 to 12 (default 4).
    pub weeks: Option<usize>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WeekCount {
    /// The week's first Dhaka day.
    pub week_start: NaiveDate,
    pub enrolments: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WeekForecast {
    pub week_start: NaiveDate,
    /// Expected enrolments, to one decimal.
    pub enrolments: f64,
}

/// The model's error on the weeks held out.
#[derive(Debug, Serialize, ToSchema)]
pub struct Holdout {
    pub weeks: usize,
    pub actual: Vec<i64>,
    pub predicted: Vec<f64>,
    /// Mean absolute error, in enrolments a week.
    pub mean_absolute_error: f64,
    /// The same for repeating the average of the weeks before them, to compare with.
    pub naive_mean_absolute_error: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Forecast {
    pub course_id: i64,
    /// `trend_and_season` or `trend`: what the model could learn from the history.
    pub method: String,
    /// Whether there were at least `min_weeks` whole weeks since the first enrolment.
    pub enough_history: bool,
    pub min_weeks: usize,
    /// Whole Dhaka weeks, oldest first, the last ending yesterday.
    pub history: Vec<WeekCount>,
    /// Empty without enough history.
    pub forecast: Vec<WeekForecast>,
    pub holdout: Option<Holdout>,
}

/// A fitted line and season: `at(t)` is the expected count of week `t` (0 = the first week fitted).
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    intercept: f64,
    slope: f64,
    /// Empty when the history was too short to learn a season.
    season: Vec<f64>,
}

impl Model {
    /// Least squares: a line alone, or, with two whole cycles, a line and a season together (each
    /// week compared with the others at the same place in the cycle, so that the season does not
    /// tilt the line).
    pub fn fit(counts: &[f64]) -> Self {
        let phases = if counts.len() >= 2 * SEASON { SEASON } else { 1 };
        let mut mean_t = vec![0.0_f64; phases];
        let mut mean_y = vec![0.0_f64; phases];
        let mut seen = vec![0.0_f64; phases];
        for (t, y) in counts.iter().enumerate() {
            mean_t[t % phases] += t as f64;
            mean_y[t % phases] += y;
            seen[t % phases] += 1.0;
        }
        for p in 0..phases {
            mean_t[p] /= seen[p].max(1.0);
            mean_y[p] /= seen[p].max(1.0);
        }
        let (mut sxy, mut sxx) = (0.0, 0.0);
        for (t, y) in counts.iter().enumerate() {
            let dt = t as f64 - mean_t[t % phases];
            sxy += dt * (y - mean_y[t % phases]);
            sxx += dt * dt;
        }
        let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
        let levels: Vec<f64> = (0..phases).map(|p| mean_y[p] - slope * mean_t[p]).collect();
        let intercept = levels.iter().sum::<f64>() / phases as f64;
        let season = if phases == SEASON { levels.iter().map(|l| l - intercept).collect() } else { Vec::new() };
        Self { intercept, slope, season }
    }

    pub fn at(&self, t: usize) -> f64 {
        let seasonal = if self.season.is_empty() { 0.0 } else { self.season[t % SEASON] };
        (self.intercept + self.slope * t as f64 + seasonal).max(0.0)
    }

    fn method(&self) -> &'static str {
        if self.season.is_empty() { "trend" } else { "trend_and_season" }
    }
}

fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The forecast from whole weeks of counts (oldest first), `weeks` ahead.
pub fn forecast(course_id: i64, history: Vec<WeekCount>, weeks: usize) -> Forecast {
    let counts: Vec<f64> = history.iter().map(|w| w.enrolments as f64).collect();
    if counts.len() < MIN_WEEKS {
        return Forecast { course_id, method: "none".into(), enough_history: false, min_weeks: MIN_WEEKS, history, forecast: Vec::new(), holdout: None };
    }
    let fitted = counts.len() - HOLDOUT;
    let trial = Model::fit(&counts[..fitted]);
    let predicted: Vec<f64> = (fitted..counts.len()).map(|t| trial.at(t)).collect();
    let before = counts[..fitted].iter().rev().take(HOLDOUT).sum::<f64>() / HOLDOUT as f64;
    let error = |guess: &dyn Fn(usize) -> f64| counts[fitted..].iter().enumerate().map(|(i, y)| (y - guess(i)).abs()).sum::<f64>() / HOLDOUT as f64;
    let holdout = Holdout {
        weeks: HOLDOUT,
        actual: history[fitted..].iter().map(|w| w.enrolments).collect(),
        mean_absolute_error: tenth(error(&|i| predicted[i])),
        naive_mean_absolute_error: tenth(error(&|_| before)),
        predicted: predicted.iter().map(|p| tenth(*p)).collect(),
    };
    let model = Model::fit(&counts);
    let last = history.last().map(|w| w.week_start).unwrap_or_default();
    let forecast = (1..=weeks)
        .map(|k| WeekForecast { week_start: last + Days::new(7 * k as u64), enrolments: tenth(model.at(counts.len() - 1 + k)) })
        .collect();
    Forecast { course_id, method: model.method().into(), enough_history: true, min_weeks: MIN_WEEKS, history, forecast, holdout: Some(holdout) }
}

/// Whole Dhaka weeks from the course's first enrolment, the last ending yesterday.
async fn weekly_history(db: &sqlx::PgPool, course: i64) -> AppResult<Vec<WeekCount>> {
    let Some(first) = store::first_enrolment(db, course).await? else { return Ok(Vec::new()) };
    let last_day = dhaka::today() - Days::new(1);
    let days = (last_day - first).num_days() + 1;
    let weeks = ((days.max(0) / 7) as usize).min(MAX_WEEKS);
    if weeks == 0 {
        return Ok(Vec::new());
    }
    let start = last_day - Days::new(7 * weeks as u64 - 1);
    let mut history: Vec<WeekCount> = (0..weeks).map(|k| WeekCount { week_start: start + Days::new(7 * k as u64), enrolments: 0 }).collect();
    for (day, counts) in store::by_day(db, Some(course), start, last_day).await? {
        let k = ((day - start).num_days() / 7) as usize;
        if let Some(week) = history.get_mut(k) {
            week.enrolments += counts.enrolments;
        }
    }
    Ok(history)
}

/// The course's expected enrolments in the coming weeks, for the site's admins.
#[utoipa::path(get, path = "/ai/forecast", tag = "dashboard", params(ForecastQuery),
    responses((status = 200, body = Data<Forecast>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn enrolment_forecast(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ForecastQuery>,
) -> AppResult<Json<Data<Forecast>>> {
    caller.require_admin_of(tenant.id)?;
    let weeks = q.weeks.unwrap_or(4);
    if !(1..=12).contains(&weeks) {
        return Err(AppError::unprocessable("weeks", "out_of_range"));
    }
    if !store::course_exists(&db, q.course_id).await? {
        return Err(AppError::NotFound);
    }
    let history = weekly_history(&db, q.course_id).await?;
    Ok(Json(Data::new(forecast(q.course_id, history, weeks))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weeks(counts: &[i64]) -> Vec<WeekCount> {
        let start = NaiveDate::from_ymd_opt(2026, 6, 1).unwrap();
        counts.iter().enumerate().map(|(k, n)| WeekCount { week_start: start + Days::new(7 * k as u64), enrolments: *n }).collect()
    }

    #[test]
    fn a_line_with_a_four_week_season_is_learnt_and_carried_on() {
        // 10 + 2t, with a season of +3, -1, -1, -1.
        let season = [3, -1, -1, -1];
        let counts: Vec<i64> = (0..16).map(|t| 10 + 2 * t + season[t as usize % 4]).collect();
        let f = forecast(7, weeks(&counts), 4);
        assert!(f.enough_history);
        assert_eq!(f.method, "trend_and_season");
        let holdout = f.holdout.unwrap();
        assert_eq!(holdout.mean_absolute_error, 0.0, "{holdout:?}");
        assert!(holdout.naive_mean_absolute_error > 5.0, "repeating the average misses the trend");
        let next: Vec<f64> = f.forecast.iter().map(|w| w.enrolments).collect();
        assert_eq!(next, [45.0, 43.0, 45.0, 47.0]);
        assert_eq!(f.forecast[0].week_start, NaiveDate::from_ymd_opt(2026, 9, 21).unwrap());
    }

    #[test]
    fn short_histories_are_said_to_be_too_short_and_nothing_is_below_zero() {
        let f = forecast(7, weeks(&[1, 2, 3]), 4);
        assert!(!f.enough_history && f.forecast.is_empty() && f.holdout.is_none());
        let falling: Vec<i64> = (0..10).map(|t| 20 - 2 * t).collect();
        let f = forecast(7, weeks(&falling), 12);
        assert_eq!(f.method, "trend_and_season");
        assert!(f.forecast.iter().all(|w| w.enrolments >= 0.0));
        assert_eq!(f.forecast.last().unwrap().enrolments, 0.0);
        assert_eq!(Model::fit(&[4.0, 4.0, 4.0]).at(9), 4.0, "a flat history stays flat; too short for a season");
    }
}
