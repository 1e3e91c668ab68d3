//! SQL of the dashboard's summary tables (`dashboard_course_days`, `dashboard_learners`), which
//! the site's triggers keep (tenant migration V27).

use chrono::NaiveDate;
use sqlx::PgPool;

/// What happened on the site's courses: enrolments, completions, lessons completed, certificates issued.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Counts {
    pub enrolments: i64,
    pub completions: i64,
    pub lessons: i64,
    pub certificates: i64,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Self) {
        self.enrolments += o.enrolments;
        self.completions += o.completions;
        self.lessons += o.lessons;
        self.certificates += o.certificates;
    }
}

const SUMS: &str = "coalesce(sum(enrolments), 0)::int8 AS enrolments, coalesce(sum(completions), 0)::int8 AS completions,
                    coalesce(sum(lessons), 0)::int8 AS lessons, coalesce(sum(certificates), 0)::int8 AS certificates";

/// The counts of the days from `from` to `to` (both included; `None`: since the beginning, or
/// until now), of one course or (`None`) all.
pub async fn totals(db: &PgPool, course: Option<i64>, from: Option<NaiveDate>, to: Option<NaiveDate>) -> sqlx::Result<Counts> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SUMS} FROM dashboard_course_days
          WHERE ($1::int8 IS NULL OR course_id = $1) AND ($2::date IS NULL OR day >= $2) AND ($3::date IS NULL OR day <= $3)"
    )))
    .bind(course)
    .bind(from)
    .bind(to)
    .fetch_one(db)
    .await
}

#[derive(sqlx::FromRow)]
struct Day {
    day: NaiveDate,
    #[sqlx(flatten)]
    counts: Counts,
}

/// The counts of each day from `from` to `to` that has any, of one course or (`None`) all.
pub async fn by_day(db: &PgPool, course: Option<i64>, from: NaiveDate, to: NaiveDate) -> sqlx::Result<Vec<(NaiveDate, Counts)>> {
    let rows: Vec<Day> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT day, {SUMS} FROM dashboard_course_days WHERE ($1::int8 IS NULL OR course_id = $1) AND day BETWEEN $2 AND $3 GROUP BY day ORDER BY day"
    )))
    .bind(course)
    .bind(from)
    .bind(to)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| (r.day, r.counts)).collect())
}

/// Everyone who ever enrolled on the site, and those whose first enrolment fell from `from` to `to`.
pub async fn learners(db: &PgPool, from: NaiveDate, to: NaiveDate) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as("SELECT count(*), count(*) FILTER (WHERE first_enrolled_on BETWEEN $1 AND $2) FROM dashboard_learners")
        .bind(from)
        .bind(to)
        .fetch_one(db)
        .await
}

/// The first day anyone enrolled in the course, if anyone has.
pub async fn first_enrolment(db: &PgPool, course: i64) -> sqlx::Result<Option<NaiveDate>> {
    sqlx::query_scalar("SELECT min(day) FROM dashboard_course_days WHERE course_id = $1 AND enrolments > 0").bind(course).fetch_one(db).await
}

pub async fn course_exists(db: &PgPool, course: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM courses WHERE id = $1)").bind(course).fetch_one(db).await
}
