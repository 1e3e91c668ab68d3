//! Demo data for `infra/run` (never run by a production start): the main site, partners
//! `dhaka` and `sylhet` (active once provisioned), a pending request `rajshahi`, and the demo
//! accounts, all with password `demo-pass-2026`. Safe to run again.

use crate::auth::password;
use crate::institutions::site_config::{SiteConfig, Theme};
use crate::access::{Action, Grants, Module, roles};
use crate::memberships::{self, APPROVER, PARTNER_ADMIN, SUPER, TEACHER};
use crate::provisioning::{self, Kind};
use sqlx::PgPool;

pub const PASSWORD: &str = "demo-pass-2026";

struct DemoPartner {
    slug: &'static str,
    name: &'static str,
    name_en: &'static str,
    type_id: i16,
    state: &'static str,
    theme: (&'static str, &'static str),
    slogan_en: &'static str,
    slogan_bn: &'static str,
}

const PARTNERS: &[DemoPartner] = &[
    DemoPartner {
        slug: "dhaka",
        name: "ঢাকা কলেজ",
        name_en: "Dhaka College",
        type_id: 2,
        state: "approved",
        theme: ("#0d47a1", "#ffb300"),
        slogan_en: "Knowledge is light — since 1841.",
        slogan_bn: "জ্ঞানই আলো — ১৮৪১ সাল থেকে।",
    },
    DemoPartner {
        slug: "sylhet",
        name: "সিলেট পলিটেকনিক ইনস্টিটিউট",
        name_en: "Sylhet Polytechnic Institute",
        type_id: 5,
        state: "approved",
        theme: ("#00695c", "#6a1b9a"),
        slogan_en: "Skills for a digital Bangladesh.",
        slogan_bn: "ডিজিটাল বাংলাদেশের জন্য দক্ষতা।",
    },
    DemoPartner {
        slug: "rajshahi",
        name: "রাজশাহী বিশ্ববিদ্যালয়",
        name_en: "University of Rajshahi",
        type_id: 1,
        state: "requested",
        theme: ("#4e342e", "#2e7d32"),
        slogan_en: "",
        slogan_bn: "",
    },
];

/// The people of the demo besides the role accounts above: teachers of the main site and of
/// sylhet, and learners with names in both languages (the course demo enrols them).
pub const PEOPLE: &[(&str, &str, &str, &str)] = &[
    ("Farhana Akter", "ফারহানা আক্তার", "farhana.akter@example.com", "+8801711000011"),
    ("Abdul Karim", "আব্দুল করিম", "abdul.karim@example.com", "+8801811000012"),
    ("Rahim Uddin", "রহিম উদ্দিন", "rahim.uddin@example.com", "+8801911000013"),
    ("Nusrat Jahan", "নুসরাত জাহান", "nusrat.jahan@example.com", "+8801611000014"),
    ("Tania Islam", "তানিয়া ইসলাম", "tania.islam@example.com", "+8801511000015"),
    ("Sabbir Hossain", "সাব্বির হোসেন", "sabbir.hossain@example.com", "+8801311000016"),
    ("Mitu Akter", "মিতু আক্তার", "mitu.akter@example.com", "+8801411000017"),
    ("Arif Chowdhury", "আরিফ চৌধুরী", "arif.chowdhury@example.com", "+8801711000018"),
];

/// A term's learners on dhaka's site (the dashboard's history): name, Bangla name, e-mail, gender
/// (none: not given).
pub const TERM_LEARNERS: &[(&str, &str, &str, Option<&str>)] = &[
    ("Ayesha Siddiqua", "আয়েশা সিদ্দিকা", "ayesha.siddiqua@example.com", Some("female")),
    ("Mehedi Hasan", "মেহেদী হাসান", "mehedi.hasan@example.com", Some("male")),
    ("Jannatul Ferdous", "জান্নাতুল ফেরদৌস", "jannatul.ferdous@example.com", Some("female")),
    ("Tanvir Ahmed", "তানভীর আহমেদ", "tanvir.ahmed@example.com", Some("male")),
    ("Sumaiya Akter", "সুমাইয়া আক্তার", "sumaiya.akter@example.com", Some("female")),
    ("Rakibul Islam", "রাকিবুল ইসলাম", "rakibul.islam@example.com", Some("male")),
    ("Farzana Yasmin", "ফারজানা ইয়াসমিন", "farzana.yasmin@example.com", None),
    ("Imran Hossain", "ইমরান হোসেন", "imran.hossain@example.com", Some("male")),
    ("Nabila Chowdhury", "নাবিলা চৌধুরী", "nabila.chowdhury@example.com", Some("female")),
    ("Shakil Ahmed", "শাকিল আহমেদ", "shakil.ahmed@example.com", Some("male")),
    ("Moumita Das", "মৌমিতা দাস", "moumita.das@example.com", Some("female")),
    ("Partha Sarker", "পার্থ সরকার", "partha.sarker@example.com", Some("male")),
    ("Rumana Parvin", "রুমানা পারভীন", "rumana.parvin@example.com", Some("female")),
    ("Sajid Hasan", "সাজিদ হাসান", "sajid.hasan@example.com", None),
    ("Lamia Rahman", "লামিয়া রহমান", "lamia.rahman@example.com", Some("female")),
    ("Fahim Faisal", "ফাহিম ফয়সাল", "fahim.faisal@example.com", Some("male")),
    ("Sharmin Sultana", "শারমিন সুলতানা", "sharmin.sultana@example.com", Some("female")),
    ("Asif Iqbal", "আসিফ ইকবাল", "asif.iqbal@example.com", Some("male")),
    ("Tasnim Jahan", "তাসনিম জাহান", "tasnim.jahan@example.com", Some("female")),
    ("Nayeem Khan", "নাঈম খান", "nayeem.khan@example.com", Some("male")),
    ("Priya Roy", "প্রিয়া রায়", "priya.roy@example.com", Some("female")),
    ("Habibur Rahman", "হাবিবুর রহমান", "habibur.rahman@example.com", Some("male")),
    ("Sadia Afrin", "সাদিয়া আফরিন", "sadia.afrin@example.com", Some("other")),
    ("Mahmudul Hasan", "মাহমুদুল হাসান", "mahmudul.hasan@example.com", Some("male")),
];

async fn person(db: &PgPool, hash: &str, name: &str, name_bn: Option<&str>, email: &str, phone: &str) -> anyhow::Result<i64> {
    let id = sqlx::query_scalar(
        // The demo's people have confirmed their addresses long ago.
        "INSERT INTO users (name, name_bn, email, phone, password_hash, email_verified_at, phone_verified_at)
         VALUES ($1, $2, $3, $4, $5, now(), now())
         ON CONFLICT (lower(email)) DO UPDATE SET name = excluded.name, name_bn = excluded.name_bn RETURNING id",
    )
    .bind(name)
    .bind(name_bn)
    .bind(email)
    .bind(phone)
    .bind(hash)
    .fetch_one(db)
    .await?;
    Ok(id)
}

pub async fn seed(db: &PgPool) -> anyhow::Result<()> {
    let hash = password::hash(PASSWORD.into()).await?;
    let main: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE is_main").fetch_one(db).await?;
    let superadmin = person(db, &hash, "Platform Admin", Some("প্ল্যাটফর্ম অ্যাডমিন"), "superadmin@example.com", "+8801700000001").await?;
    let dhaka_admin = person(db, &hash, "Mahbub Alam", Some("মাহবুব আলম"), "dhaka-admin@example.com", "+8801700000002").await?;
    let teacher = person(db, &hash, "Shafiqul Islam", Some("শফিকুল ইসলাম"), "teacher@example.com", "+8801700000003").await?;
    let learner = person(db, &hash, "Sadia Rahman", Some("সাদিয়া রহমান"), "learner@example.com", "+8801700000004").await?;
    // A profile mostly filled in (all but the photo), so /profile/myprofile has something to show.
    sqlx::query(
        "UPDATE users SET gender = 'female', date_of_birth = '2002-08-14', address = 'Hemayetpur, Savar, Dhaka',
                bio = 'Second-year student at Dhaka College; learning web development and English for work.',
                profession_id = (SELECT id FROM professions WHERE title = 'Student'),
                district_id = (SELECT id FROM districts WHERE title = 'Dhaka'),
                upazila_id = (SELECT u.id FROM upazilas u JOIN districts d ON d.id = u.district_id WHERE d.title = 'Dhaka' AND u.title = 'Savar')
          WHERE id = $1",
    )
    .bind(learner)
    .execute(db)
    .await?;
    let sylhet_admin = person(db, &hash, "Rokeya Begum", Some("রোকেয়া বেগম"), "sylhet-admin@example.com", "+8801700000005").await?;
    let rajshahi_applicant = person(db, &hash, "Kamrul Hasan", Some("কামরুল হাসান"), "rajshahi-admin@example.com", "+8801700000006").await?;
    memberships::grant(db, superadmin, main, SUPER).await?;
    // Publishes the blogs and tutorials teachers submit, on every site.
    let approver = person(db, &hash, "Nasima Khatun", Some("নাসিমা খাতুন"), "approver@example.com", "+8801700000007").await?;
    memberships::grant(db, approver, main, APPROVER).await?;
    let mut people = Vec::new();
    for (name, name_bn, email, phone) in PEOPLE {
        people.push(person(db, &hash, name, Some(name_bn), email, phone).await?);
    }
    memberships::grant(db, people[0], main, TEACHER).await?;
    for (n, (name, name_bn, email, gender)) in TERM_LEARNERS.iter().enumerate() {
        let id = person(db, &hash, name, Some(name_bn), email, &format!("+88017220{n:05}")).await?;
        sqlx::query("UPDATE users SET gender = $2 WHERE id = $1").bind(id).bind(gender).execute(db).await?;
    }

    for p in PARTNERS {
        let applicant = match p.slug {
            "dhaka" => dhaka_admin,
            "sylhet" => sylhet_admin,
            _ => rajshahi_applicant,
        };
        let config = SiteConfig {
            theme: Theme { primary: p.theme.0.into(), secondary: p.theme.1.into() },
            slogan_en: p.slogan_en.into(),
            slogan_bn: p.slogan_bn.into(),
            ..SiteConfig::default()
        };
        let mut tx = db.begin().await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO institutions (slug, institution_name, institution_name_en, type_id, state, contact_phone,
                                       contact_email, applicant_id, site_config, approved_at)
             VALUES ($1, $2, $3, $4, $5, '+8801711000000', $6, $7, $8, CASE WHEN $5 = 'approved' THEN now() END)
             ON CONFLICT ((lower(slug))) DO NOTHING RETURNING id",
        )
        .bind(p.slug)
        .bind(p.name)
        .bind(p.name_en)
        .bind(p.type_id)
        .bind(p.state)
        .bind(format!("info@{}.example.com", p.slug))
        .bind(applicant)
        .bind(serde_json::to_value(&config)?)
        .fetch_optional(&mut *tx)
        .await?;
        if let (Some(id), "approved") = (id, p.state) {
            provisioning::enqueue(&mut *tx, id, Kind::Provision).await?;
            memberships::grant(&mut *tx, applicant, id, PARTNER_ADMIN).await?;
        }
        tx.commit().await?;
    }
    // Teachers of the partners (granted again on every run: a partner seeded by an earlier
    // version of this file gets them too). Farhana Akter, the main site's teacher, also teaches
    // at Dhaka College, where colleagues share question banks with her.
    for (slug, teacher) in [("dhaka", teacher), ("sylhet", people[1]), ("dhaka", people[0])] {
        let id: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE slug = $1").bind(slug).fetch_one(db).await?;
        memberships::grant(db, teacher, id, TEACHER).await?;
    }
    search_history(db).await?;
    // Abdul Karim, sylhet's teacher, verified against the teacher registry (his record is on the
    // local registry's roster, infra/registry/roster.json); the roster's other IDs are free to try.
    sqlx::query(
        "INSERT INTO teacher_verifications (user_id, pds_type, pdsid, name, designation, institute_name, subject)
         VALUES ($1, 1, '10293848', 'Abdul Karim', 'Senior Teacher', 'Rajshahi Collegiate School', 'Physics') ON CONFLICT DO NOTHING",
    )
    .bind(people[1])
    .execute(db)
    .await?;
    // Roles the sites made themselves: Dhaka's exam officer runs its exams and question bank;
    // the main site's support desk looks people and partners up and reads the logs.
    let dhaka: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE slug = 'dhaka'").fetch_one(db).await?;
    let officer = Grants::every([Module::Exam, Module::QuestionBank]).with(Module::Dashboard, &[Action::View]).with(Module::Reports, &[Action::View]);
    roles::seed(db, dhaka, "exam-officer", ("Exam officer", "পরীক্ষা কর্মকর্তা"), officer, false).await?;
    memberships::grant(db, people[2], dhaka, "exam-officer").await?;
    let desk = Grants::default()
        .with(Module::Dashboard, &[Action::View])
        .with(Module::Users, &[Action::View])
        .with(Module::Partners, &[Action::View])
        .with(Module::Activity, &[Action::View])
        .with(Module::Reports, &[Action::View]);
    roles::seed(db, main, "sys-support-desk", ("Support desk", "সহায়তা ডেস্ক"), desk, true).await?;
    memberships::grant(db, people[3], main, "sys-support-desk").await?;
    Ok(())
}

/// Four weeks of learners' searches on the main site and dhaka's, for the dashboard's search
/// analysis: what they look for most, and what found nothing (each term's daily count varies by
/// day, deterministically, so re-seeding gives the same history).
async fn search_history(db: &PgPool) -> anyhow::Result<()> {
    const TERMS: &[(&str, i32, bool)] = &[
        ("গণিত", 14, false),
        ("ইংরেজি", 11, false),
        ("programming", 9, false),
        ("পদার্থবিজ্ঞান", 7, false),
        ("ক্যালকুলাস", 6, false),
        ("ielts", 5, true),
        ("gonit", 4, false),
        ("ফ্রিল্যান্সিং", 4, true),
        ("graphic design", 3, true),
        ("হিসাববিজ্ঞান", 2, true),
    ];
    let sites: Vec<i64> = sqlx::query_scalar("SELECT id FROM institutions WHERE is_main OR slug = 'dhaka'").fetch_all(db).await?;
    let today = crate::dhaka::today();
    for (s, site) in sites.iter().enumerate() {
        for (t, (term, daily, unfound)) in TERMS.iter().enumerate() {
            for ago in 0..28i64 {
                let searches = (daily + ((ago as i32 * 7 + t as i32 * 3 + s as i32) % 5) - 2).max(0);
                if searches == 0 {
                    continue;
                }
                sqlx::query(
                    "INSERT INTO search_terms_daily (institution_id, day, term, searches, zero_results) VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT DO NOTHING",
                )
                .bind(site)
                .bind(today - chrono::Duration::days(ago))
                .bind(term)
                .bind(searches)
                .bind(if *unfound { searches } else { 0 })
                .execute(db)
                .await?;
            }
        }
    }
    Ok(())
}
