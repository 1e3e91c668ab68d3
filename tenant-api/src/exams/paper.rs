//! Papers: the recipe an exam draws from, the frozen layout of one attempt, and the learner's copy
//! of its questions, which has no answer key and no feedback by construction (its type has no
//! field for them).
//!
//! Two caches make a start cheap when a whole class starts at once: question versions (immutable,
//! so kept until evicted) and each exam's recipe, keyed by tenant, exam and the exam's revision
//! (an edit moves the revision; a question edited in the bank reaches new attempts within
//! [`RECIPE_TTL`]).

use super::store::{self, ExamRow};
use crate::questions::content::{Content, gaps};
use control_plane::tenancy::TenantId;
use control_plane::{AppError, AppResult};
use moka::future::Cache;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use utoipa::ToSchema;

pub const RECIPE_TTL: Duration = Duration::from_secs(60);

/// A question as one version of it says.
#[derive(Debug)]
pub struct Versioned {
    pub question_type: String,
    pub content: Content,
}

pub enum RecipePart {
    Fixed(i64, i32),
    Pick { pool: Vec<(i64, i32)>, pick: usize },
}

pub struct Recipe {
    pub parts: Vec<RecipePart>,
}

/// One slot of an attempt's paper: the question version it shows and the order of its options
/// (original indices, as shown).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
pub struct Slot {
    pub question_id: i64,
    pub version: i32,
    #[serde(default)]
    pub options: Vec<usize>,
}

#[derive(Clone)]
pub struct Papers {
    versions: Cache<(TenantId, i64, i32), Arc<Versioned>>,
    recipes: Cache<(TenantId, i64, i32), Arc<Recipe>>,
}

impl Default for Papers {
    fn default() -> Self {
        Self {
            versions: Cache::builder().max_capacity(200_000).build(),
            recipes: Cache::builder().max_capacity(10_000).time_to_live(RECIPE_TTL).build(),
        }
    }
}

impl Papers {
    pub async fn recipe(&self, tenant: TenantId, db: &PgPool, exam: &ExamRow) -> AppResult<Arc<Recipe>> {
        self.recipes
            .try_get_with((tenant, exam.id, exam.revision), async {
                let mut parts = Vec::new();
                for (question, version, folder, pick) in store::recipe_rows(db, exam.id).await? {
                    match (question, version, folder, pick) {
                        (Some(q), Some(v), _, _) => parts.push(RecipePart::Fixed(q, v)),
                        (_, _, Some(f), Some(pick)) => {
                            parts.push(RecipePart::Pick { pool: store::folder_questions(db, f).await?, pick: pick.max(0) as usize })
                        }
                        // A fixed question since deleted from the bank: new papers go without it.
                        _ => {}
                    }
                }
                Ok::<_, sqlx::Error>(Arc::new(Recipe { parts }))
            })
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!("exam recipe: {e}")))
    }

    /// The versions these slots show, in slot order; misses are read in one query (on the
    /// caller's connection when it holds one, so a transaction never waits for a second).
    pub async fn versions<'e, E: sqlx::PgExecutor<'e>>(&self, tenant: TenantId, db: E, slots: &[Slot]) -> AppResult<Vec<Arc<Versioned>>> {
        let mut found: HashMap<(i64, i32), Arc<Versioned>> = HashMap::new();
        let mut missing: (Vec<i64>, Vec<i32>) = (vec![], vec![]);
        for s in slots {
            match self.versions.get(&(tenant, s.question_id, s.version)).await {
                Some(v) => {
                    found.insert((s.question_id, s.version), v);
                }
                None => {
                    missing.0.push(s.question_id);
                    missing.1.push(s.version);
                }
            }
        }
        if !missing.0.is_empty() {
            let rows: Vec<(i64, i32, String, sqlx::types::Json<Content>)> = sqlx::query_as(
                "SELECT v.question_id, v.version, v.question_type, v.content FROM question_versions v
                   JOIN unnest($1::int8[], $2::int4[]) AS w(q, n) ON v.question_id = w.q AND v.version = w.n",
            )
            .bind(&missing.0)
            .bind(&missing.1)
            .fetch_all(db)
            .await?;
            for (q, n, question_type, content) in rows {
                let v = Arc::new(Versioned { question_type, content: content.0 });
                self.versions.insert((tenant, q, n), v.clone()).await;
                found.insert((q, n), v);
            }
        }
        slots
            .iter()
            .map(|s| found.get(&(s.question_id, s.version)).cloned().ok_or_else(|| AppError::Internal(anyhow::anyhow!("question version {}/{} missing", s.question_id, s.version))))
            .collect()
    }

    /// Draws a new paper from the recipe: random picks, question order and option order as the
    /// exam's settings say. Fixed for the attempt from then on.
    pub async fn draw(&self, tenant: TenantId, db: &PgPool, exam: &ExamRow) -> AppResult<(Vec<Slot>, Vec<Arc<Versioned>>)> {
        let recipe = self.recipe(tenant, db, exam).await?;
        let mut slots = {
            let mut rng = rand::thread_rng();
            let mut slots: Vec<Slot> = Vec::new();
            for part in &recipe.parts {
                match part {
                    RecipePart::Fixed(q, v) => slots.push(Slot { question_id: *q, version: *v, options: vec![] }),
                    RecipePart::Pick { pool, pick } => {
                        for (q, v) in pool.choose_multiple(&mut rng, *pick) {
                            // A question both fixed and in a picked folder appears once.
                            if !slots.iter().any(|s| s.question_id == *q) {
                                slots.push(Slot { question_id: *q, version: *v, options: vec![] });
                            }
                        }
                    }
                }
            }
            if exam.shuffle_questions {
                slots.shuffle(&mut rng);
            }
            slots
        };
        let versions = self.versions(tenant, db, &slots).await?;
        let mut rng = rand::thread_rng();
        for (slot, v) in slots.iter_mut().zip(&versions) {
            slot.options = (0..v.content.options.len()).collect();
            if exam.shuffle_options {
                slot.options.shuffle(&mut rng);
            }
        }
        Ok((slots, versions))
    }
}

/// An option as a learner sees it: `id` is what an answer names.
#[derive(Debug, Serialize, ToSchema)]
pub struct LearnerOption {
    pub id: usize,
    pub text: String,
    pub text_bn: String,
}

/// A question as a learner sees it while the attempt is open: no key, no explanation.
#[derive(Debug, Serialize, ToSchema)]
pub struct LearnerQuestion {
    pub slot: usize,
    pub question_type: String,
    pub text: String,
    pub text_bn: String,
    /// The question's picture (`/question-media/<name>`), or empty.
    pub image: String,
    pub marks: f64,
    pub negative_marks: f64,
    pub options: Vec<LearnerOption>,
    /// How many blanks a fill-in-the-blanks question has.
    pub gaps: usize,
}

pub fn learner_options(slot: &Slot, c: &Content) -> Vec<LearnerOption> {
    slot.options
        .iter()
        .filter_map(|&i| c.options.get(i).map(|o| LearnerOption { id: i, text: o.text.clone(), text_bn: o.text_bn.clone() }))
        .collect()
}

pub fn learner_question(index: usize, slot: &Slot, v: &Versioned) -> LearnerQuestion {
    let c = &v.content;
    LearnerQuestion {
        slot: index,
        question_type: v.question_type.clone(),
        text: c.text.clone(),
        text_bn: c.text_bn.clone(),
        image: c.image.clone(),
        marks: c.marks,
        negative_marks: c.negative_marks,
        options: learner_options(slot, c),
        gaps: if v.question_type == "fill_blanks" { c.blanks.len().max(gaps(&c.text)) } else { 0 },
    }
}

pub fn max_score(versions: &[Arc<Versioned>]) -> f64 {
    versions.iter().map(|v| v.content.marks).sum()
}
