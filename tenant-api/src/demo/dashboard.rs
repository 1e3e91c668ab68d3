//! A term of learning on Dhaka's site, for its dashboard: the term's learners enrol in its free
//! courses and work through their lessons, some to the end, through the API; then their days are
//! dated back over the last twelve weeks (the API records now) and the site's figures counted
//! again, so the admin's charts show a term rather than one busy day.

use super::{Api, Site};
use crate::state::AppState;
use axum::http::Method;
use control_plane::demo::TERM_LEARNERS;
use serde_json::{Value, json};

/// How far back the term reaches, in days.
const TERM_DAYS: i64 = 84;

/// `courses`: the free batches of Dhaka's courses with their lessons in learning order.
pub async fn seed(app: &AppState, api: &mut Api, courses: &[(i64, Vec<i64>)]) -> anyhow::Result<()> {
    anyhow::ensure!(!courses.is_empty(), "Dhaka has free courses");
    let mut enrolled = Vec::new();
    for (n, (_, _, email, _)) in TERM_LEARNERS.iter().enumerate() {
        let token = api.token(Site::Dhaka, email).await?;
        let (batch, lessons) = &courses[n % courses.len()];
        api.call(Site::Dhaka, Method::POST, "/learner-course/course-enrollment", Some(&token), json!({ "batch_id": batch })).await?;
        // Some have only begun, a few have finished.
        for lesson in &lessons[..(n * 5 % (lessons.len() + 3)).min(lessons.len())] {
            // A lesson finished another way (a quiz handed in) ends the learner's run here.
            if api.call(Site::Dhaka, Method::GET, &format!("/course/batch/completed_lesson/{lesson}"), Some(&token), Value::Null).await.is_err() {
                break;
            }
        }
        enrolled.push(*email);
    }
    let dhaka: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE slug = 'dhaka'").fetch_one(&app.ctl.db).await?;
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM users WHERE lower(email) = ANY($1) ORDER BY id").bind(&enrolled).fetch_all(&app.ctl.db).await?;
    let db = app.pools.get(dhaka).await?;
    let mut tx = db.begin().await?;
    // Each learner enrolled on a day of the term (spread by their place in the list), then did a
    // lesson every day or two; finishing and the certificate came with the last lesson.
    sqlx::query(
        "UPDATE enrollments e SET enrolled_at = now() - make_interval(days => (u.n::int * 37) % $2 + 1, hours => u.n::int % 9)
           FROM unnest($1::int8[]) WITH ORDINALITY AS u(id, n) WHERE e.user_id = u.id",
    )
    .bind(&ids)
    .bind(TERM_DAYS as i32)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE lesson_progress p SET completed_at = least(now(), e.enrolled_at + make_interval(hours => 20 * p2.place::int))
           FROM (SELECT enrollment_id, lesson_id, row_number() OVER (PARTITION BY enrollment_id ORDER BY completed_at, lesson_id) AS place
                   FROM lesson_progress) p2
           JOIN enrollments e ON e.id = p2.enrollment_id
          WHERE p.enrollment_id = p2.enrollment_id AND p.lesson_id = p2.lesson_id AND e.user_id = ANY($1)",
    )
    .bind(&ids)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE enrollments e SET completed_at = (SELECT max(completed_at) FROM lesson_progress p WHERE p.enrollment_id = e.id)
          WHERE e.user_id = ANY($1) AND e.status = 'completed'",
    )
    .bind(&ids)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE certificates c SET issued_at = e.completed_at, updated_at = e.completed_at FROM enrollments e
          WHERE e.id = c.enrollment_id AND e.user_id = ANY($1) AND e.completed_at IS NOT NULL",
    )
    .bind(&ids)
    .execute(&mut *tx)
    .await?;
    sqlx::query("SELECT dashboard_rebuild()").execute(&mut *tx).await?;
    tx.commit().await?;
    tracing::info!(learners = ids.len(), "dashboard history seeded");
    Ok(())
}
