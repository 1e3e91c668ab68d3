//! The demo's blogs, tutorials and site pages, made through the publishing API as the people of
//! the demo would: Dhaka College's teacher writes blogs and tutorials (covers from his file
//! manager), the approver publishes most of them and leaves one waiting; each site's admin writes
//! its about page, FAQ, team and contact pages, dhaka's its home page's slides and the feedback it
//! approved, and sylhet's runs an announcement banner. A site
//! that already has posts is left as it is.

use super::Api;
use super::catalogue::Site;
use super::media::thumbnail;
use anyhow::Context;
use axum::body::Body;
use axum::http::Method;
use serde_json::{Value, json};

struct Post {
    kind: &'static str,
    category: &'static str,
    title: &'static str,
    title_bn: &'static str,
    body: &'static str,
    tags: &'static [&'static str],
    /// Tutorials.
    video: Option<(&'static str, &'static str)>,
    /// Published by the approver; otherwise left waiting for approval.
    published: bool,
    cover: Option<(&'static str, &'static str)>,
}

const TEACHER_POSTS: &[Post] = &[
    Post {
        kind: "blog",
        category: "study-tips",
        title: "The last 30 days before the SSC",
        title_bn: "এসএসসির আগের শেষ ৩০ দিন",
        body: "<h2>প্রতিদিনের পরিকল্পনা</h2><p>শেষ এক মাসে নতুন অধ্যায় নয়, <strong>পুরোনো পড়া ঝালাই</strong> করুন। সকালে গণিত ও পদার্থবিজ্ঞান, বিকেলে বাংলা ও ইংরেজি।</p>\
<ul><li>প্রতিদিন একটি পূর্ণ প্রশ্নপত্র সময় ধরে লিখুন।</li><li>ভুলগুলো একটি খাতায় টুকে রাখুন।</li><li>রাতে অন্তত সাত ঘণ্টা ঘুমান।</li></ul>\
<h2>In English</h2><p>Revise, do not start new chapters. Write one full paper a day against the clock and keep a notebook of your mistakes.</p>",
        tags: &["SSC", "পরীক্ষা", "revision"],
        video: None,
        published: true,
        cover: Some(("#0d47a1", "#42a5f5")),
    },
    Post {
        kind: "blog",
        category: "study-tips",
        title: "How to read a velocity-time graph",
        title_bn: "বেগ-সময় লেখচিত্র পড়বেন যেভাবে",
        body: "<p>A velocity-time graph tells two stories at once: its <em>slope</em> is the acceleration and the <em>area under it</em> is the distance travelled.</p>\
<blockquote>ঢাল = ত্বরণ, ক্ষেত্রফল = অতিক্রান্ত দূরত্ব।</blockquote><p>Try it on the figure from chapter 2 before the class test.</p>",
        tags: &["physics", "পদার্থবিজ্ঞান"],
        video: None,
        published: true,
        cover: Some(("#1b5e20", "#81c784")),
    },
    Post {
        kind: "blog",
        category: "campus",
        title: "Science fair 2026: call for projects",
        title_bn: "বিজ্ঞান মেলা ২০২৬: প্রকল্প আহ্বান",
        body: "<p>Teams of three from classes 9 to 12 may submit a one-page idea by 15 December. Robotics, renewable energy and water purification are especially welcome.</p>",
        tags: &["campus", "science fair"],
        video: None,
        published: false,
        cover: Some(("#e65100", "#ffb74d")),
    },
    Post {
        kind: "tutorial",
        category: "science",
        title: "The equations of motion",
        title_bn: "গতির সমীকরণ",
        body: "<p>v = u + at, s = ut + ½at² এবং v² = u² + 2as: তিনটি সমীকরণ কোথা থেকে এল আর কখন কোনটি লাগবে। ভিডিওর শেষে পাঁচটি অনুশীলনী আছে।</p>",
        tags: &["পদার্থবিজ্ঞান", "SSC"],
        video: Some(("https://www.youtube.com/watch?v=ZM8ECpBuQYE", "00:12:40")),
        published: true,
        cover: None,
    },
    Post {
        kind: "tutorial",
        category: "science",
        title: "Newton's laws in five minutes",
        title_bn: "পাঁচ মিনিটে নিউটনের সূত্র",
        body: "<p>Inertia, force and reaction, each with an example from a Dhaka bus ride.</p>",
        tags: &["physics", "Newton"],
        video: Some(("https://youtu.be/kKKM8Y-u7ds", "00:05:12")),
        published: true,
        cover: None,
    },
    Post {
        kind: "tutorial",
        category: "programming",
        title: "Python: your first program",
        title_bn: "পাইথন: আপনার প্রথম প্রোগ্রাম",
        body: "<p>Install Python, open IDLE and print your name. Then read two numbers and print their sum.</p>",
        tags: &["Python", "প্রোগ্রামিং"],
        video: Some(("https://www.youtube.com/watch?v=kqtD5dpn9C8", "00:18:30")),
        published: false,
        cover: None,
    },
];

/// A site's own pages: (category, title, title_bn, body).
fn site_pages(name_en: &str, name_bn: &str) -> Vec<(&'static str, String, String, String)> {
    vec![
        ("about", format!("About {name_en}"), format!("{name_bn} সম্পর্কে"),
            format!("<p>{name_bn} এই প্ল্যাটফর্মে অনলাইন কোর্স, পরীক্ষা ও সার্টিফিকেট দেয়।</p><p>{name_en} offers its courses, exams and certificates online, in Bangla and English, to learners anywhere in Bangladesh.</p>")),
        ("faq", "How do I enrol in a course?".into(), "কীভাবে কোর্সে ভর্তি হব?".into(),
            "<p>কোর্সের পাতায় <strong>ভর্তি হোন</strong> চাপুন। ফ্রি কোর্সে সঙ্গে সঙ্গে শুরু করতে পারবেন; পেইড কোর্সে বিকাশ বা কার্ডে পরিশোধের পর।</p>".into()),
        ("faq", "Will I get a certificate?".into(), "আমি কি সার্টিফিকেট পাব?".into(),
            "<p>Yes. Finish every lesson of a course with a certificate and it is issued in your name; anyone can check it at <a href=\"/certificate/check\">certificate check</a>.</p>".into()),
        ("faq", "I forgot my password".into(), "পাসওয়ার্ড ভুলে গেছি".into(),
            "<p>লগইন পাতায় <em>পাসওয়ার্ড ভুলে গেছেন?</em> চাপুন; মোবাইলে বা ই-মেইলে একটি কোড যাবে।</p>".into()),
        ("team", "Our team".into(), "আমাদের টিম".into(),
            "<ul><li><strong>Mahbub Alam</strong> — e-learning coordinator</li><li><strong>Shafiqul Islam</strong> — physics and mathematics</li></ul>".into()),
        ("contact", "Contact us".into(), "যোগাযোগ".into(),
            "<p>ফোন: +880 1711-000000 (রবি–বৃহস্পতি, সকাল ৯টা–বিকেল ৫টা)</p><p>E-mail: info@example.com</p>".into()),
    ]
}

/// Dhaka's home page: two slides (pictures from its admin's file manager) and what visitors said.
async fn slides_and_feedback(api: &mut Api, admin: &str) -> anyhow::Result<()> {
    for (n, (title, title_bn, subtitle, subtitle_bn, colours, link)) in [
        ("Admissions 2027 are open", "ভর্তি ২০২৭ চলছে", "HSC science, business and humanities: apply online.", "বিজ্ঞান, ব্যবসায় ও মানবিক: অনলাইনে আবেদন করুন।", ("#0d47a1", "#26c6da"), "/search/lists"),
        ("Learn at your own pace", "নিজের গতিতে শিখুন", "Physics and mathematics courses with certificates.", "সার্টিফিকেটসহ পদার্থবিজ্ঞান ও গণিত কোর্স।", ("#4a148c", "#ec407a"), "/blogs/lists"),
    ]
    .into_iter()
    .enumerate()
    {
        let file = api.upload_to(Site::Dhaka, admin, "/file-manager/user/upload-file", &[], &format!("slide-{}.png", n + 1), &thumbnail(colours.0, colours.1, n as u32 + 21)).await?;
        let image = api.call(Site::Dhaka, Method::POST, "/my-account/publishing/media", Some(admin), json!({ "file_id": file["id"] })).await?;
        let slide = json!({ "title": title, "title_bn": title_bn, "subtitle": subtitle, "subtitle_bn": subtitle_bn, "image": image["url"], "link": link, "position": n + 1 });
        api.call(Site::Dhaka, Method::POST, "/admin-settings/slider/create", Some(admin), slide).await?;
    }
    for (name, designation, message, rating, approve) in [
        ("রহিম উদ্দিন", "এইচএসসি পরীক্ষার্থী", "ভিডিওগুলো পরিষ্কার, আর রাতে মোবাইলে পড়তে পারি। পদার্থবিজ্ঞানের গতি অধ্যায় এখন বুঝি।", 5, true),
        ("Nusrat Jahan", "Guardian", "My daughter finished the calculus course and got her certificate the same day. Thank you!", 5, true),
        ("Tania Islam", "Learner", "The quizzes are good; please add more practice questions for chapter 4.", 4, false),
    ] {
        let sent = api.call(Site::Dhaka, Method::POST, "/my-account/feedback/create", None, json!({ "name": name, "designation": designation, "message": message, "rating": rating })).await?;
        if approve {
            api.call(Site::Dhaka, Method::PUT, &format!("/my-account/feedback/approve/{}", sent["id"]), Some(admin), json!({ "approve": true })).await?;
        }
    }
    Ok(())
}

/// The category id of a slug, for a type of post.
async fn categories(api: &Api, site: Site, kind: &str) -> anyhow::Result<Vec<(String, i64)>> {
    let list = api.call(site, Method::GET, &format!("/my-account/articles/view-categories?type={kind}"), None, Value::Null).await?;
    Ok(list.as_array().context("categories are a list")?.iter().filter_map(|c| Some((c["slug"].as_str()?.to_owned(), c["id"].as_i64()?))).collect())
}

fn id_of(categories: &[(String, i64)], slug: &str) -> anyhow::Result<i64> {
    categories.iter().find(|(s, _)| s == slug).map(|(_, id)| *id).with_context(|| format!("category {slug}"))
}

/// Signs in on `site` and acts in the approver's role (it belongs to the main site).
async fn approver(api: &mut Api, site: Site) -> anyhow::Result<String> {
    let token = api.token(site, "approver@example.com").await?;
    let info = api.call(site, Method::GET, "/my-account/user/view-info", Some(&token), Value::Null).await?;
    let role = info["roles"].as_array().and_then(|r| r.iter().find(|r| r["role"] == "sys-blog-and-tutorial-admin")).context("the approver's role")?;
    api.call(site, Method::POST, &format!("/my-account/user/switch-role/{}", role["id"]), Some(&token), json!({})).await?;
    Ok(token)
}

pub(super) async fn seed(api: &mut Api) -> anyhow::Result<()> {
    let teacher = api.token(Site::Dhaka, "teacher@example.com").await?;
    let (_, existing) = api.send(Site::Dhaka, Method::GET, "/my-account/public/articles/about-us", None, Body::empty(), "application/json").await?;
    if !existing["data"].is_null() {
        return Ok(());
    }
    let approver = approver(api, Site::Dhaka).await?;
    for kind in ["blog", "tutorial"] {
        let categories = categories(api, Site::Dhaka, kind).await?;
        for (n, post) in TEACHER_POSTS.iter().filter(|p| p.kind == kind).enumerate() {
            let cover = match post.cover {
                Some((from, to)) => {
                    let name = format!("{}-cover.png", post.title.to_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
                    let file = api.upload_to(Site::Dhaka, &teacher, "/file-manager/user/upload-file", &[], &name, &thumbnail(from, to, n as u32 + 7)).await?;
                    let media = api.call(Site::Dhaka, Method::POST, "/my-account/publishing/media", Some(&teacher), json!({ "file_id": file["id"] })).await?;
                    media["url"].as_str().map(str::to_owned)
                }
                None => None,
            };
            let body = json!({
                "title": post.title, "title_bn": post.title_bn, "category_id": id_of(&categories, post.category)?,
                "body": post.body, "tags": post.tags, "cover": cover, "submit": true,
                "video_url": post.video.map(|v| v.0), "duration": post.video.map(|v| v.1),
            });
            let stored = api.call(Site::Dhaka, Method::POST, &format!("/my-account/{kind}s/store"), Some(&teacher), body).await?;
            if post.published {
                api.call(Site::Dhaka, Method::PUT, &format!("/my-account/{kind}s/publish"), Some(&approver), json!({ "id": stored["id"], "publish": true })).await?;
            }
        }
    }
    // The main site shows dhaka's published posts (SPEC check-selected): its super admin chose them.
    let superadmin = api.token(Site::Main, "superadmin@example.com").await?;
    let showcase = api.call(Site::Main, Method::GET, "/my-account/showcase/posts?limit=50", Some(&superadmin), Value::Null).await?;
    for post in showcase.as_array().into_iter().flatten() {
        api.call(Site::Main, Method::PUT, &format!("/my-account/showcase/select/{}", post["id"]), Some(&superadmin), json!({ "selected": true })).await?;
    }
    let draft = json!({ "title": "Careers in data science in Bangladesh", "title_bn": "বাংলাদেশে ডেটা সায়েন্সে ক্যারিয়ার",
        "category_id": id_of(&categories(api, Site::Dhaka, "blog").await?, "careers")?, "body": "<p>Notes for a post: banks, telecoms, garments analytics…</p>" });
    api.call(Site::Dhaka, Method::POST, "/my-account/blogs/store", Some(&teacher), draft).await?;

    for (site, admin, name_en, name_bn) in [
        (Site::Dhaka, "dhaka-admin@example.com", "Dhaka College", "ঢাকা কলেজ"),
        (Site::Sylhet, "sylhet-admin@example.com", "Sylhet Polytechnic Institute", "সিলেট পলিটেকনিক ইনস্টিটিউট"),
    ] {
        let token = api.token(site, admin).await?;
        let categories = categories(api, site, "article").await?;
        for (category, title, title_bn, body) in site_pages(name_en, name_bn) {
            let page = json!({ "title": title, "title_bn": title_bn, "category_id": id_of(&categories, category)?, "body": body, "publish": true });
            api.call(site, Method::POST, "/my-account/articles/store", Some(&token), page).await?;
        }
        if site == Site::Dhaka {
            slides_and_feedback(api, &token).await?;
        }
        if site == Site::Sylhet {
            let banner = json!({ "title": "Admissions for the January 2027 session are open", "title_bn": "জানুয়ারি ২০২৭ সেশনে ভর্তি চলছে",
                "category_id": id_of(&categories, "news")?, "body": "<p>Apply online by 31 December 2026. Tell us what you think of the new site through the feedback form.</p>",
                "news": true, "link": "https://forms.gle/", "publish": true });
            api.call(site, Method::POST, "/my-account/articles/store", Some(&token), banner).await?;
        }
    }
    Ok(())
}
