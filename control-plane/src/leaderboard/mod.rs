//! Leaderboards and the learner's gamification card (issue 15): points for finished lessons,
//! passed exams, issued certificates and reviews, on one site or all, this week or all time.
//! Each site's records are the truth; the site recomputes a learner's weeks after each such event
//! (`tenant-api/src/learning/points.rs`) into `leaderboard_weeks`, which the boards read.
//! `docs/api-users.md` describes the calls.

pub mod store;

use crate::auth::{HostTenant, MaybeUser, RequireUser};
use crate::error::{AppError, AppResult};
use crate::json::{AppJson, AppQuery};
use crate::pagination::PageRequest;
use crate::response::Data;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use chrono::{Datelike, Duration, NaiveDate};
use serde::{Deserialize, Serialize};
use store::{Scope, Standing, Week};
use utoipa::{IntoParams, ToSchema};

/// Points for each kind of achievement.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct Rules {
    pub lesson: i32,
    pub exam: i32,
    pub certificate: i32,
    pub review: i32,
}

pub const RULES: Rules = Rules { lesson: 10, exam: 50, certificate: 100, review: 5 };

/// The Monday of `day`'s week (Dhaka weeks, as the boards count them).
pub fn week_of(day: NaiveDate) -> NaiveDate {
    day - Duration::days(day.weekday().num_days_from_monday().into())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct BoardQuery {
    /// `site` (the site asked, the default) or `all` (every site).
    pub scope: Option<String>,
    /// `week` (the default: this Dhaka week, from Monday) or `all_time`.
    pub period: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardRow {
    #[serde(flatten)]
    pub standing: Standing,
    pub photo: Option<String>,
    /// The caller's own row.
    pub me: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Board {
    pub data: Vec<BoardRow>,
    pub current_page: i64,
    pub last_page: i64,
    pub per_page: i64,
    pub total: i64,
    /// The Monday the week's board counts from.
    pub week_start: NaiveDate,
}

/// A leaderboard: learners by points, the hidden left out.
#[utoipa::path(get, path = "/my-account/user/leaderboard", tag = "auth", params(BoardQuery),
    responses((status = 200, body = Board), (status = 422, description = "invalid_choice (scope, period)")))]
pub async fn leaderboard(
    State(ctl): State<ControlState>,
    HostTenant(site): HostTenant,
    MaybeUser(caller): MaybeUser,
    AppQuery(query): AppQuery<BoardQuery>,
) -> AppResult<Json<Board>> {
    let week_start = week_of(crate::dhaka::today());
    let institution_id = match query.scope.as_deref() {
        None | Some("site") => Some(site.id),
        Some("all") => None,
        Some(_) => return Err(AppError::field("scope", "invalid_choice")),
    };
    let week = match query.period.as_deref() {
        None | Some("week") => Some(week_start),
        Some("all_time") => None,
        Some(_) => return Err(AppError::field("period", "invalid_choice")),
    };
    let scope = Scope { institution_id, week };
    let request = PageRequest::new(query.page, query.limit, 20);
    let total = ctl.board_sizes.try_get_with(scope, store::count(&ctl.db, scope)).await.map_err(|e| crate::error::unshare(&e, "leaderboard size"))?;
    let (current_page, last_page, offset) = request.clamp(total);
    let me = caller.and_then(|c| c.user_id());
    let data = store::page(&ctl.db, scope, request.per_page, offset)
        .await?
        .into_iter()
        .map(|standing| BoardRow {
            photo: standing.photo_key.as_deref().map(|key| format!("/{key}")),
            me: Some(standing.user_id) == me,
            standing,
        })
        .collect();
    Ok(Json(Board { data, current_page, last_page, per_page: request.per_page, total, week_start }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Points {
    pub week: i32,
    pub all_time: i32,
}

/// The learner's places; `null` without points in that board or while hidden.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ranks {
    pub site_week: Option<i64>,
    pub site_all_time: Option<i64>,
    pub all_week: Option<i64>,
    pub all_time: Option<i64>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
pub struct Counts {
    pub lessons: i32,
    pub exams: i32,
    pub certificates: i32,
    pub reviews: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Badge {
    pub key: &'static str,
    pub earned: bool,
    pub progress: i32,
    pub goal: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WeekPoints {
    pub week: NaiveDate,
    pub points: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Card {
    pub points: Points,
    pub rank: Ranks,
    pub counts: Counts,
    pub rules: Rules,
    pub badges: Vec<Badge>,
    /// The last 12 weeks, oldest first, this week last.
    pub weeks: Vec<WeekPoints>,
    pub hidden: bool,
    pub week_start: NaiveDate,
}

const CHART_WEEKS: i64 = 12;

async fn card(ctl: &ControlState, site: i64, user_id: i64) -> AppResult<Card> {
    let week_start = week_of(crate::dhaka::today());
    let history = store::weeks_of(&ctl.db, user_id, None).await?;
    let mut counts = Counts::default();
    for w in &history {
        counts.lessons += w.lessons;
        counts.exams += w.exams;
        counts.certificates += w.certificates;
        counts.reviews += w.reviews;
    }
    let best_week = history.iter().map(|w| w.points).max().unwrap_or(0);
    let points_in = |week: NaiveDate| history.iter().find(|w| w.week == week).map_or(0, |w| w.points);
    let rank = |institution_id, week| store::rank_of(&ctl.db, Scope { institution_id, week }, user_id);
    Ok(Card {
        points: Points { week: points_in(week_start), all_time: history.iter().map(|w| w.points).sum() },
        rank: Ranks {
            site_week: rank(Some(site), Some(week_start)).await?,
            site_all_time: rank(Some(site), None).await?,
            all_week: rank(None, Some(week_start)).await?,
            all_time: rank(None, None).await?,
        },
        badges: badges(&counts, best_week),
        counts,
        rules: RULES,
        weeks: (0..CHART_WEEKS)
            .rev()
            .map(|ago| week_start - Duration::weeks(ago))
            .map(|week| WeekPoints { week, points: points_in(week) })
            .collect(),
        hidden: store::hidden(&ctl.db, user_id).await?,
        week_start,
    })
}

/// Milestones, each with how far the learner has come.
fn badges(counts: &Counts, best_week: i32) -> Vec<Badge> {
    [
        ("first_lesson", counts.lessons, 1),
        ("ten_lessons", counts.lessons, 10),
        ("fifty_lessons", counts.lessons, 50),
        ("first_exam", counts.exams, 1),
        ("five_exams", counts.exams, 5),
        ("first_certificate", counts.certificates, 1),
        ("three_certificates", counts.certificates, 3),
        ("first_review", counts.reviews, 1),
        ("week_hundred", best_week, 100),
    ]
    .into_iter()
    .map(|(key, progress, goal)| Badge { key, earned: progress >= goal, progress: progress.min(goal), goal })
    .collect()
}

/// The signed-in learner's points, ranks, badges and weeks.
#[utoipa::path(get, path = "/my-account/user/gamification", tag = "auth",
    responses((status = 200, body = Data<Card>), (status = 401)))]
pub async fn gamification(
    State(ctl): State<ControlState>,
    HostTenant(site): HostTenant,
    RequireUser(caller): RequireUser,
) -> AppResult<Json<Data<Card>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    Ok(Json(Data::new(card(&ctl, site.id, user_id).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct HiddenInput {
    /// `true` keeps the learner off the public boards.
    pub hidden: bool,
}

/// Hide the signed-in learner from the public boards, or show them again.
#[utoipa::path(put, path = "/my-account/user/gamification", tag = "auth", request_body = HiddenInput,
    responses((status = 200, body = Data<Card>), (status = 401), (status = 422, description = "hidden: invalid_type")))]
pub async fn set_hidden(
    State(ctl): State<ControlState>,
    HostTenant(site): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<HiddenInput>,
) -> AppResult<Json<Data<Card>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    store::set_hidden(&ctl.db, user_id, input.hidden).await?;
    // The boards' sizes change with it.
    ctl.board_sizes.invalidate_all();
    Ok(Json(Data::new(card(&ctl, site.id, user_id).await?)))
}

/// A learner's weeks from their records on a site: how many of each kind on each day.
pub fn weeks_from(events: impl IntoIterator<Item = (NaiveDate, Kind, i32)>) -> Vec<Week> {
    let mut weeks: Vec<Week> = Vec::new();
    for (day, kind, n) in events {
        let week = week_of(day);
        let entry = match weeks.iter_mut().find(|w| w.week == week) {
            Some(entry) => entry,
            None => {
                weeks.push(Week { week, ..Week::default() });
                weeks.last_mut().expect("just pushed")
            }
        };
        let (count, points) = match kind {
            Kind::Lesson => (&mut entry.lessons, RULES.lesson),
            Kind::Exam => (&mut entry.exams, RULES.exam),
            Kind::Certificate => (&mut entry.certificates, RULES.certificate),
            Kind::Review => (&mut entry.reviews, RULES.review),
        };
        *count += n;
        entry.points += n * points;
    }
    weeks.sort_by_key(|w| w.week);
    weeks
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Lesson,
    Exam,
    Certificate,
    Review,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn weeks_start_on_monday_and_add_up() {
        assert_eq!(week_of(day(30)), day(30), "30 Nov 2026 is a Monday");
        assert_eq!(week_of(day(29)), day(23));
        let weeks = weeks_from([(day(29), Kind::Lesson, 2), (day(23), Kind::Exam, 1), (day(30), Kind::Certificate, 1), (day(24), Kind::Review, 1)]);
        assert_eq!(weeks.iter().map(|w| (w.week, w.points)).collect::<Vec<_>>(), [(day(23), 75), (day(30), 100)]);
        assert_eq!((weeks[0].lessons, weeks[0].exams, weeks[0].reviews), (2, 1, 1));
    }

    #[test]
    fn badges_show_progress_up_to_their_goal() {
        let b = badges(&Counts { lessons: 12, ..Counts::default() }, 120);
        let of = |key| b.iter().find(|b| b.key == key).map(|b| (b.earned, b.progress)).unwrap();
        assert_eq!((of("ten_lessons"), of("fifty_lessons"), of("week_hundred"), of("first_exam")), ((true, 10), (false, 12), (true, 100), (false, 0)));
    }
}
