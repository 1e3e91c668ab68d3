//! The demo question banks: Dhaka College's teacher keeps SSC physics and general-knowledge
//! questions of every type in folders, Sylhet Polytechnic's instructor a few on electrical
//! basics. Made through the question bank API; a bank that has questions is left as it is. Once
//! the file manager's demo is there, Dhaka's teacher adds a question showing one of his figures
//! and shares his general-knowledge folder with his colleague Farhana Akter.

use super::Api;
use super::catalogue::Site;
use anyhow::Context;
use axum::body::Body;
use axum::http::Method;
use serde_json::{Value, json};

fn opt(text: &str, text_bn: &str, correct: bool) -> Value {
    json!({ "text": text, "text_bn": text_bn, "correct": correct })
}

/// Folders (name, parent's index in this list) and the questions filed in each.
fn bank(site: Site) -> (Vec<(&'static str, Option<usize>)>, Vec<(usize, Value)>) {
    match site {
        Site::Dhaka => (
            vec![("এসএসসি পদার্থবিজ্ঞান", None), ("গতি (Motion)", Some(0)), ("সাধারণ জ্ঞান", None)],
            vec![
                (1, json!({ "question_type": "multiple_choice", "text": "The SI unit of velocity is", "text_bn": "বেগের এসআই একক কোনটি?", "marks": 1,
                    "options": [opt("m/s", "মিটার/সেকেন্ড", true), opt("m/s²", "মিটার/সেকেন্ড²", false), opt("N", "নিউটন", false), opt("J", "জুল", false)],
                    "explanation": "Velocity is displacement per unit time.", "explanation_bn": "বেগ হলো একক সময়ে সরণ।" })),
                (1, json!({ "question_type": "multiple_select", "text": "Which are vector quantities?", "text_bn": "কোনগুলো ভেক্টর রাশি?", "marks": 2, "negative_marks": 0.5,
                    "options": [opt("Velocity", "বেগ", true), opt("Force", "বল", true), opt("Mass", "ভর", false), opt("Time", "সময়", false)] })),
                (1, json!({ "question_type": "true_false", "text": "A body at rest has zero acceleration.", "text_bn": "স্থির বস্তুর ত্বরণ শূন্য।", "marks": 1, "answer": "true" })),
                (1, json!({ "question_type": "fill_blanks", "text": "Acceleration is the rate of change of ___.", "text_bn": "___ পরিবর্তনের হারকে ত্বরণ বলে।", "marks": 1,
                    "blanks": [["velocity", "বেগ"]] })),
                (1, json!({ "question_type": "short_answer", "text": "Who gave the three laws of motion?", "text_bn": "গতির তিনটি সূত্র কে দিয়েছেন?", "marks": 1,
                    "accepted": ["Newton", "Isaac Newton", "নিউটন"] })),
                (0, json!({ "question_type": "dropdown", "text": "The unit of force is", "text_bn": "বলের একক", "marks": 1,
                    "options": [opt("Newton", "নিউটন", true), opt("Watt", "ওয়াট", false), opt("Pascal", "প্যাসকেল", false)] })),
                (0, json!({ "question_type": "paragraph", "text": "Explain inertia with an example from a bus ride.", "text_bn": "বাসে চলার একটি উদাহরণ দিয়ে জড়তা ব্যাখ্যা করো।", "marks": 5 })),
                (0, json!({ "question_type": "essay", "text": "How does physics help a farmer?", "text_bn": "কৃষকের কাজে পদার্থবিজ্ঞান কীভাবে সাহায্য করে? একটি রচনা লেখো।", "marks": 10 })),
                (0, json!({ "question_type": "assignment", "text": "Measure your walking speed and upload your table.", "text_bn": "তোমার হাঁটার দ্রুতি মেপে সারণিটি আপলোড করো।", "marks": 10 })),
                (2, json!({ "question_type": "date", "text": "On which date is Victory Day?", "text_bn": "বিজয় দিবস কোন তারিখে? (DD/MM/YYYY, ১৯৭১)", "marks": 1, "answer": "১৬/১২/১৯৭১" })),
                (2, json!({ "question_type": "time", "text": "At what time (24 h) does the Shaheed Minar tribute on 21 February begin?", "text_bn": "২১ ফেব্রুয়ারি শহীদ মিনারে শ্রদ্ধা নিবেদন কখন শুরু হয়? (২৪ ঘণ্টা)", "marks": 1, "answer": "০০:০১" })),
            ],
        ),
        Site::Sylhet => (
            vec![("Electrical basics", None)],
            vec![
                (0, json!({ "question_type": "multiple_choice", "text": "Ohm's law relates", "text_bn": "ওহমের সূত্র কোনগুলোর সম্পর্ক?", "marks": 1,
                    "options": [opt("V, I and R", "ভোল্টেজ, কারেন্ট ও রোধ", true), opt("P and t", "ক্ষমতা ও সময়", false)] })),
                (0, json!({ "question_type": "short_answer", "text": "The unit of resistance?", "text_bn": "রোধের একক কী?", "marks": 1, "accepted": ["Ohm", "ওহম"] })),
            ],
        ),
        Site::Main => (Vec::new(), Vec::new()),
    }
}

pub async fn seed(api: &mut Api, site: Site, email: &'static str) -> anyhow::Result<()> {
    let token = api.token(site, email).await?;
    let (_, existing) = api.send(site, Method::GET, "/question-bank/view?limit=1", Some(&token), Body::empty(), "application/json").await?;
    if existing["total"].as_i64().context("the question list answers a total")? > 0 {
        return Ok(());
    }
    let (folders, questions) = bank(site);
    let mut ids: Vec<i64> = Vec::new();
    for (name, parent) in folders {
        let body = json!({ "name": name, "parent_id": parent.map(|p| ids[p]) });
        ids.push(api.call(site, Method::POST, "/question-bank/create-folder", Some(&token), body).await?["id"].as_i64().context("folder id")?);
    }
    for (folder, mut question) in questions {
        question["folder_id"] = json!(ids[folder]);
        api.call(site, Method::POST, "/question-bank/create", Some(&token), question).await?;
    }
    tracing::info!(site = api.host(site), "demo question bank seeded");
    Ok(())
}

/// A question with the velocity-time figure of the teacher's file manager, and the general
/// knowledge folder shared with a colleague (done once: a bank with the figure's question is left).
pub async fn picture_and_sharing(api: &mut Api) -> anyhow::Result<()> {
    let site = Site::Dhaka;
    let token = api.token(site, "teacher@example.com").await?;
    let get = async |path: &str| api.send(site, Method::GET, path, Some(&token), Body::empty(), "application/json").await.map(|(_, body)| body);
    if get("/question-bank/view?search=velocity-time%20graph&limit=1").await?["total"].as_i64() != Some(0) {
        return Ok(());
    }
    let files = get("/file-manager/user/get-files?search=velocity-time-graph&type=images").await?;
    let figure = files["data"].as_array().and_then(|f| f.first()).context("the velocity-time figure of the file manager's demo")?["id"].clone();
    let folders = get("/question-bank/view-folder?no_pagination=1").await?;
    let folder = |name: &str| folders["data"].as_array().and_then(|f| f.iter().find(|x| x["name"] == name)).map(|x| x["id"].clone());
    let media = api.call(site, Method::POST, "/question-bank/media", Some(&token), json!({ "file_id": figure })).await?;
    let question = json!({
        "question_type": "multiple_choice", "folder_id": folder("গতি (Motion)"), "image": media["url"],
        "text": "The velocity-time graph in the picture is a straight line. What does its slope give?",
        "text_bn": "ছবির বেগ-সময় লেখচিত্রটি একটি সরলরেখা। এর ঢাল কী নির্দেশ করে?", "marks": 1,
        "options": [opt("Acceleration", "ত্বরণ", true), opt("Displacement", "সরণ", false), opt("Speed", "দ্রুতি", false), opt("Force", "বল", false)],
        "explanation": "Slope = change of velocity / time = acceleration.", "explanation_bn": "ঢাল = বেগের পরিবর্তন / সময় = ত্বরণ।",
    });
    api.call(site, Method::POST, "/question-bank/create", Some(&token), question).await?;
    let shared = json!({ "table": "question_folders", "id": folder("সাধারণ জ্ঞান"), "users": ["farhana.akter@example.com"] });
    api.call(site, Method::POST, "/my-account/sharing/share", Some(&token), shared).await?;
    tracing::info!(site = api.host(site), "demo question with a picture, and a shared folder");
    Ok(())
}
