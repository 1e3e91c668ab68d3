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
use serde_json::value::RawValue;
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use utoipa::ToSchema;

pub const RECIPE_TTL: Duration = Duration::from_secs(60);

/// A question as one version of it says, with its part of a learner's paper written once.
#[derive(Debug)]
pub struct Versioned {
    pub question_type: String,
    pub content: Content,
    learner: LearnerJson,
}

impl Versioned {
    pub fn new(question_type: String, content: Content) -> Self {
        let learner = LearnerJson::of(&question_type, &content);
        Self { question_type, content, learner }
    }
}

/// A version's part of a learner's paper, serialised from the learner-side types once, when the
/// (immutable) version is first read: what a class starting at once costs the edge is mostly
/// writing papers, so a paper is put together by copying these bytes.
#[derive(Debug)]
struct LearnerJson {
    /// The members of a [`LearnerQuestion`] before `options`: `"question_type":…,…,"negative_marks":…`.
    head: String,
    /// Each option's [`LearnerOption`] object, by its original index.
    options: Vec<String>,
    gaps: usize,
}

impl LearnerJson {
    fn of(question_type: &str, c: &Content) -> Self {
        #[derive(Serialize)]
        struct Head<'a> {
            question_type: &'a str,
            text: &'a str,
            text_bn: &'a str,
            image: &'a str,
            marks: f64,
            negative_marks: f64,
        }
        let head = serde_json::to_string(&Head { question_type, text: &c.text, text_bn: &c.text_bn, image: &c.image, marks: c.marks, negative_marks: c.negative_marks })
            .expect("a question serialises");
        let options = c
            .options
            .iter()
            .enumerate()
            .map(|(id, o)| serde_json::to_string(&LearnerOption { id, text: o.text.clone(), text_bn: o.text_bn.clone() }).expect("an option serialises"))
            .collect();
        // The object's members, without its braces.
        Self { head: head[1..head.len() - 1].to_owned(), options, gaps: gaps_of(question_type, c) }
    }
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
            .map_err(|e| AppError::from(control_plane::error::unshare(&e, "exam recipe")))
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
                let v = Arc::new(Versioned::new(question_type, content.0));
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
        gaps: gaps_of(&v.question_type, c),
    }
}

fn gaps_of(question_type: &str, c: &Content) -> usize {
    if question_type == "fill_blanks" { c.blanks.len().max(gaps(&c.text)) } else { 0 }
}

/// The questions of a paper as a learner sees them: the JSON of `[LearnerQuestion]`, put together
/// from each version's [`LearnerJson`] in the slots' order and option order.
pub fn learner_questions(slots: &[Slot], versions: &[Arc<Versioned>]) -> Box<RawValue> {
    use std::fmt::Write;
    let mut out = String::with_capacity(versions.iter().map(|v| v.learner.head.len() + v.learner.options.iter().map(String::len).sum::<usize>() + 48).sum::<usize>() + 2);
    out.push('[');
    for (i, (slot, v)) in slots.iter().zip(versions).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{{\"slot\":{i},{},\"options\":[", v.learner.head);
        for (n, option) in slot.options.iter().filter_map(|&o| v.learner.options.get(o)).enumerate() {
            if n > 0 {
                out.push(',');
            }
            out.push_str(option);
        }
        let _ = write!(out, "],\"gaps\":{}}}", v.learner.gaps);
    }
    out.push(']');
    RawValue::from_string(out).expect("a paper of serialised questions is JSON")
}

pub fn max_score(versions: &[Arc<Versioned>]) -> f64 {
    versions.iter().map(|v| v.content.marks).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::questions::content::QuestionOption;

    #[test]
    fn a_paper_put_together_from_its_parts_is_the_learner_questions_it_stands_for() {
        let option = |text: &str, correct: bool| QuestionOption { text: text.into(), text_bn: format!("\"{text}\" বাংলায়"), correct };
        let choice = Content {
            text: "Which is \"right\"?\n<b>bold</b>".into(),
            text_bn: "কোনটি ঠিক?".into(),
            image: "/question-media/0123456789abcdef0123456789abcdef.png".into(),
            marks: 2.5,
            negative_marks: 0.5,
            explanation: "secret".into(),
            options: vec![option("a", false), option("b", true), option("c", false)],
            ..Content::default()
        };
        let blanks = Content { text: "___ and ___".into(), marks: 1.0, blanks: vec![vec!["x".into()], vec!["y".into()]], ..Content::default() };
        let versions = [Arc::new(Versioned::new("multiple_choice".into(), choice)), Arc::new(Versioned::new("fill_blanks".into(), blanks))];
        let slots = [Slot { question_id: 1, version: 1, options: vec![2, 0, 1] }, Slot { question_id: 2, version: 1, options: vec![] }];
        let spliced: serde_json::Value = serde_json::from_str(learner_questions(&slots, &versions).get()).unwrap();
        let typed: Vec<LearnerQuestion> = slots.iter().zip(&versions).enumerate().map(|(i, (s, v))| learner_question(i, s, v)).collect();
        assert_eq!(spliced, serde_json::to_value(&typed).unwrap());
        assert_eq!(spliced[0]["options"][0]["id"], 2, "in the slot's option order");
        assert!(!spliced.to_string().contains("secret") && !spliced.to_string().contains("correct"), "no key, no feedback");
    }
}
