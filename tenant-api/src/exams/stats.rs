//! Exam statistics and per-question analytics (facility, discrimination, option choices),
//! computed in the background after attempts finish (the sweeper's rounds) and read from
//! `exam_stats`; a request never computes them.

use super::attempt_store as attempts;
use super::authoring::exam_of;
use super::paper::{Papers, Slot};
use crate::pools::TenantDb;
use crate::questions::bank_user;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::AppPath;
use control_plane::response::Data;
use control_plane::tenancy::TenantId;
use control_plane::AppResult;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use sqlx::types::Json as SqlJson;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

/// Percent figures over finished attempts.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema, PartialEq)]
pub struct Summary {
    pub mean_percent: Option<f64>,
    pub median_percent: Option<f64>,
    pub min_percent: Option<f64>,
    pub max_percent: Option<f64>,
    pub sd_percent: Option<f64>,
    /// Share of finished attempts that passed, 0 to 1.
    pub pass_rate: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExamStats {
    /// When the figures below were computed (`null`: not yet).
    pub computed_at: Option<DateTime<Utc>>,
    pub attempts: i64,
    pub finished: i64,
    pub in_progress: i64,
    pub awaiting_marking: i64,
    #[serde(flatten)]
    pub summary: Summary,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToSchema, PartialEq)]
pub struct OptionStat {
    pub id: usize,
    pub text: String,
    pub text_bn: String,
    pub chosen: i64,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToSchema, PartialEq)]
pub struct QuestionStat {
    pub question_id: i64,
    pub question_type: String,
    pub text: String,
    pub text_bn: String,
    /// Finished attempts whose paper had this question.
    pub answered: i64,
    /// Mean share of the marks earned, 0 to 1.
    pub facility: Option<f64>,
    /// Correlation of this question's marks with the rest of the paper, -1 to 1.
    pub discrimination: Option<f64>,
    pub options: Vec<OptionStat>,
}

fn round(x: f64, places: i32) -> f64 {
    let f = 10f64.powi(places);
    (x * f).round() / f
}

/// Mean, median, min, max and standard deviation of percentages.
pub fn summarise(percents: &[f64], passed: usize) -> Summary {
    if percents.is_empty() {
        return Summary::default();
    }
    let n = percents.len() as f64;
    let mean = percents.iter().sum::<f64>() / n;
    let mut sorted = percents.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    let median = if sorted.len() % 2 == 0 { (sorted[mid - 1] + sorted[mid]) / 2.0 } else { sorted[mid] };
    let sd = (percents.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / n).sqrt();
    Summary {
        mean_percent: Some(round(mean, 2)),
        median_percent: Some(round(median, 2)),
        min_percent: sorted.first().copied(),
        max_percent: sorted.last().copied(),
        sd_percent: Some(round(sd, 2)),
        pass_rate: Some(round(passed as f64 / n, 4)),
    }
}

/// Pearson correlation; `None` when either side does not vary.
pub fn correlation(xs: &[f64], ys: &[f64]) -> Option<f64> {
    let n = xs.len() as f64;
    if xs.len() < 2 {
        return None;
    }
    let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
    let cov: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let (vx, vy): (f64, f64) = (xs.iter().map(|x| (x - mx).powi(2)).sum(), ys.iter().map(|y| (y - my).powi(2)).sum());
    (vx > 0.0 && vy > 0.0).then(|| round(cov / (vx * vy).sqrt(), 4))
}

/// Recomputes and stores an exam's figures.
pub async fn compute(papers: &Papers, tenant: TenantId, db: &PgPool, exam_id: i64) -> AppResult<()> {
    let pass_percent: f64 = sqlx::query_scalar("SELECT pass_percent::float8 FROM exams WHERE id = $1").bind(exam_id).fetch_one(db).await?;
    let finished = attempts::finished_of_exam(db, exam_id).await?;
    let percents: Vec<f64> = finished.iter().map(|(_, s, m, _)| if *m > 0.0 { round(s * 100.0 / m, 2) } else { 100.0 }).collect();
    let passed = percents.iter().filter(|p| **p >= pass_percent).count();
    let summary = summarise(&percents, passed);

    let mut answers: HashMap<(i64, i32), (super::marking::Answer, Option<f64>)> = HashMap::new();
    for (attempt, slot, answer, awarded) in attempts::answers_of_exam(db, exam_id).await? {
        answers.insert((attempt, slot), (answer.0, awarded));
    }
    // Per question: each attempt's (share of this question's marks, share of the rest) and option choices.
    struct Acc {
        first: Slot,
        item: Vec<f64>,
        rest: Vec<f64>,
        chosen: BTreeMap<usize, i64>,
    }
    let mut per: BTreeMap<i64, Acc> = BTreeMap::new();
    for (attempt, score, max, layout) in &finished {
        let versions = papers.versions(tenant, db, &layout.0).await?;
        for (i, (slot, v)) in layout.0.iter().zip(&versions).enumerate() {
            let (answer, awarded) = answers.get(&(*attempt, i as i32)).cloned().unwrap_or_default();
            let got = awarded.unwrap_or(0.0);
            let acc = per.entry(slot.question_id).or_insert_with(|| Acc { first: slot.clone(), item: vec![], rest: vec![], chosen: BTreeMap::new() });
            acc.item.push(if v.content.marks > 0.0 { got / v.content.marks } else { 0.0 });
            let rest_max = max - v.content.marks;
            acc.rest.push(if rest_max > 0.0 { (score - got) / rest_max } else { 0.0 });
            for c in answer.choices {
                *acc.chosen.entry(c).or_default() += 1;
            }
        }
    }
    let mut questions = Vec::new();
    for (question_id, acc) in per {
        let v = papers.versions(tenant, db, std::slice::from_ref(&acc.first)).await?.remove(0);
        let c = &v.content;
        questions.push(QuestionStat {
            question_id,
            question_type: v.question_type.clone(),
            text: c.text.clone(),
            text_bn: c.text_bn.clone(),
            answered: acc.item.len() as i64,
            facility: (!acc.item.is_empty()).then(|| round(acc.item.iter().sum::<f64>() / acc.item.len() as f64, 4)),
            discrimination: correlation(&acc.item, &acc.rest),
            options: c
                .options
                .iter()
                .enumerate()
                .map(|(id, o)| OptionStat { id, text: o.text.clone(), text_bn: o.text_bn.clone(), chosen: acc.chosen.get(&id).copied().unwrap_or(0) })
                .collect(),
        });
    }
    sqlx::query(
        "INSERT INTO exam_stats (exam_id, summary, questions) VALUES ($1, $2, $3)
         ON CONFLICT (exam_id) DO UPDATE SET summary = $2, questions = $3, computed_at = now()",
    )
    .bind(exam_id)
    .bind(SqlJson(&summary))
    .bind(SqlJson(&questions))
    .execute(db)
    .await?;
    Ok(())
}

async fn stored(db: &PgPool, exam_id: i64) -> sqlx::Result<Option<(SqlJson<Summary>, SqlJson<Vec<QuestionStat>>, DateTime<Utc>)>> {
    sqlx::query_as("SELECT summary, questions, computed_at FROM exam_stats WHERE exam_id = $1").bind(exam_id).fetch_optional(db).await
}

/// An exam's figures: live counts, and the percentages as last computed.
#[utoipa::path(get, path = "/course/exam/view-stat/{id}", tag = "exams", params(("id" = i64, Path)),
    responses((status = 200, body = Data<ExamStats>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_stat(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<ExamStats>>> {
    let user = bank_user(&caller, &tenant)?;
    exam_of(&db, id, &user).await?;
    let (attempts, finished, in_progress, awaiting_marking) = attempts::counts_of_exam(&db, id).await?;
    let saved = stored(&db, id).await?;
    if saved.is_none() && finished > 0 {
        app.exams.mark_stale(tenant.id, id);
    }
    let (summary, computed_at) = saved.map(|(s, _, at)| (s.0, Some(at))).unwrap_or_default();
    Ok(Json(Data::new(ExamStats { computed_at, attempts, finished, in_progress, awaiting_marking, summary })))
}

/// Per-question analytics of an exam, as last computed.
#[utoipa::path(get, path = "/course/exam/q-analytics/{id}", tag = "exams", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<QuestionStat>>), (status = 401), (status = 403), (status = 404)))]
pub async fn q_analytics(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Vec<QuestionStat>>>> {
    let user = bank_user(&caller, &tenant)?;
    exam_of(&db, id, &user).await?;
    Ok(Json(Data::new(stored(&db, id).await?.map(|(_, q, _)| q.0).unwrap_or_default())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_percentages() {
        let s = summarise(&[40.0, 60.0, 80.0, 100.0], 3);
        assert_eq!(s.mean_percent, Some(70.0));
        assert_eq!(s.median_percent, Some(70.0));
        assert_eq!((s.min_percent, s.max_percent), (Some(40.0), Some(100.0)));
        assert_eq!(s.sd_percent, Some(22.36));
        assert_eq!(s.pass_rate, Some(0.75));
        assert_eq!(summarise(&[], 0), Summary::default());
    }

    #[test]
    fn discrimination_is_a_correlation() {
        assert_eq!(correlation(&[0.0, 1.0, 1.0], &[0.2, 0.8, 0.9]).map(|r| r > 0.9), Some(true));
        assert_eq!(correlation(&[1.0, 0.0], &[0.2, 0.8]), Some(-1.0));
        assert_eq!(correlation(&[1.0, 1.0], &[0.2, 0.8]), None);
    }
}
