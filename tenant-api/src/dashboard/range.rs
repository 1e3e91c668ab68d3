//! The dates a dashboard figure covers: Dhaka days, both ends included, at most a year; and the
//! days or weeks a chart over them is drawn in.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use control_plane::dhaka;
use control_plane::validate::Validator;
use control_plane::AppResult;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Without dates: the 30 days ending today.
const DEFAULT_DAYS: i64 = 30;
const MAX_DAYS: i64 = 366;
/// Up to this many days a chart has a point a day; beyond, a point a week.
const DAILY_UP_TO: i64 = 92;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
pub struct RangeQuery {
    /// `YYYY-MM-DD`, a Dhaka day (default: 29 days before `end_date`).
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`, a Dhaka day, included (default: today).
    pub end_date: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct DateRange {
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    Day,
    /// Weeks starting on Monday.
    Week,
}

fn parse(v: &mut Validator, field: &str, value: Option<&str>) -> Option<NaiveDate> {
    let value = value.map(str::trim).filter(|s| !s.is_empty())?;
    let day = NaiveDate::parse_from_str(value, "%Y-%m-%d").ok();
    if day.is_none() {
        v.add(field, "invalid_date", None);
    }
    day
}

impl RangeQuery {
    /// The range asked for: 422 `invalid_date`, `end_before_start` or `date_range_too_long`.
    pub fn range(&self) -> AppResult<DateRange> {
        let mut v = Validator::default();
        let start = parse(&mut v, "start_date", self.start_date.as_deref());
        let end = parse(&mut v, "end_date", self.end_date.as_deref());
        v.finish()?;
        let end_date = end.unwrap_or_else(dhaka::today);
        let start_date = start.unwrap_or(end_date - Duration::days(DEFAULT_DAYS - 1));
        let mut v = Validator::default();
        if end_date < start_date {
            v.add("end_date", "end_before_start", None);
        } else if (end_date - start_date).num_days() >= MAX_DAYS {
            v.add("end_date", "date_range_too_long", Some(MAX_DAYS as usize));
        }
        v.finish()?;
        Ok(DateRange { start_date, end_date })
    }
}

impl DateRange {
    /// The first instant of the range.
    pub fn from(&self) -> DateTime<Utc> {
        dhaka::midnight(self.start_date)
    }

    /// The first instant after the range.
    pub fn until(&self) -> DateTime<Utc> {
        dhaka::midnight(self.end_date + Duration::days(1))
    }

    pub fn step(&self) -> Step {
        if (self.end_date - self.start_date).num_days() < DAILY_UP_TO { Step::Day } else { Step::Week }
    }

    /// The point a day is drawn in: itself, or its week's Monday.
    fn bucket(&self, day: NaiveDate) -> NaiveDate {
        match self.step() {
            Step::Day => day,
            Step::Week => day - Duration::days(i64::from(day.weekday().num_days_from_monday())),
        }
    }

    /// One point per day or week of the range, zeros included, from figures of single days
    /// (days outside the range are left out).
    pub fn series<T: Default + Copy + std::ops::AddAssign>(&self, days: impl IntoIterator<Item = (NaiveDate, T)>) -> Vec<(NaiveDate, T)> {
        let first = self.bucket(self.start_date);
        let stride = if self.step() == Step::Day { 1 } else { 7 };
        let count = (self.bucket(self.end_date) - first).num_days() / stride + 1;
        let mut points: Vec<(NaiveDate, T)> = (0..count).map(|i| (first + Duration::days(i * stride), T::default())).collect();
        for (day, value) in days {
            if day < self.start_date || day > self.end_date {
                continue;
            }
            let index = (self.bucket(day) - first).num_days() / stride;
            points[index as usize].1 += value;
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn query(start: &str, end: &str) -> RangeQuery {
        RangeQuery { start_date: Some(start.into()), end_date: Some(end.into()) }
    }

    #[test]
    fn a_range_is_checked_and_defaults_to_thirty_days() {
        let r = RangeQuery::default().range().unwrap();
        assert_eq!((r.end_date, (r.end_date - r.start_date).num_days()), (dhaka::today(), 29));
        assert!(query("2026-12-05", "2026-12-01").range().is_err());
        assert!(query("2025-01-01", "2026-01-02").range().is_err(), "over a year");
        assert!(query("2025-01-02", "2026-01-02").range().is_ok(), "a year and its last day");
        assert!(query("2026-02-30", "2026-03-01").range().is_err());
        let r = query("2026-12-01", "2026-12-01").range().unwrap();
        assert_eq!((r.until() - r.from()).num_hours(), 24);
        assert_eq!(r.from(), "2026-11-30T18:00:00Z".parse::<DateTime<Utc>>().unwrap());
    }

    #[test]
    fn a_series_has_every_day_or_week_with_zeros() {
        let r = query("2026-12-01", "2026-12-03").range().unwrap();
        let points = r.series([(day("2026-12-02"), 5_i64), (day("2026-12-02"), 1), (day("2026-12-09"), 7)]);
        assert_eq!(points, vec![(day("2026-12-01"), 0), (day("2026-12-02"), 6), (day("2026-12-03"), 0)]);
        // 2026-12-02 is a Wednesday: weeks start on Monday 2026-11-30.
        let r = query("2026-12-02", "2027-03-10").range().unwrap();
        assert_eq!(r.step(), Step::Week);
        let points = r.series([(day("2026-12-01"), 9_i64), (day("2026-12-03"), 2), (day("2026-12-06"), 3), (day("2026-12-07"), 4)]);
        assert_eq!(points[0], (day("2026-11-30"), 5), "the day before the range is left out");
        assert_eq!(points[1], (day("2026-12-07"), 4));
        assert_eq!(points.last().unwrap().0, day("2027-03-08"));
    }
}
