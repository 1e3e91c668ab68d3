//! Dhaka time (UTC+6 all year: Bangladesh keeps no daylight saving). The institutions' days are
//! Dhaka days: a batch that ends "today" ends at midnight in Dhaka, not in UTC.

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

pub fn offset() -> FixedOffset {
    FixedOffset::east_opt(6 * 3600).expect("UTC+6")
}

/// The Dhaka day of an instant.
pub fn day(t: DateTime<Utc>) -> NaiveDate {
    t.with_timezone(&offset()).date_naive()
}

/// Today in Dhaka.
pub fn today() -> NaiveDate {
    day(Utc::now())
}

/// Midnight in Dhaka at the start of `day`, in UTC.
pub fn midnight(day: NaiveDate) -> DateTime<Utc> {
    day.and_time(chrono::NaiveTime::MIN).and_local_timezone(offset()).single().expect("a fixed offset has no gaps").with_timezone(&Utc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dhaka_day_starts_at_18_00_utc() {
        let evening = "2026-12-02T17:59:59Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(day(evening), NaiveDate::from_ymd_opt(2026, 12, 2).unwrap());
        assert_eq!(day(evening + chrono::Duration::seconds(1)), NaiveDate::from_ymd_opt(2026, 12, 3).unwrap());
        assert_eq!(midnight(NaiveDate::from_ymd_opt(2026, 12, 3).unwrap()), evening + chrono::Duration::seconds(1));
    }
}
