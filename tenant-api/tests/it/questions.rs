//! The question bank against a real PostgreSQL: each of the 11 types authored and read back,
//! bad questions refused with field errors, edits kept as versions, folders nested and
//! deleted both ways, and nobody outside the author's reach (another teacher, a learner,
//! another site) reading or changing a question.

use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

pub fn one_of_each_type() -> Vec<Value> {
    let opt = |text: &str, correct: bool| json!({ "text": text, "text_bn": "", "correct": correct });
    vec![
        json!({ "question_type": "multiple_choice", "text": "The capital of Bangladesh?", "text_bn": "বাংলাদেশের রাজধানী?", "marks": 1,
                "options": [opt("Dhaka", true), opt("Sylhet", false)], "explanation": "Dhaka since 1971." }),
        json!({ "question_type": "multiple_select", "text": "Rivers of Bangladesh", "marks": 2, "negative_marks": 0.5,
                "options": [opt("Padma", true), opt("Meghna", true), opt("Nile", false)] }),
        json!({ "question_type": "true_false", "text_bn": "সুন্দরবন বাংলাদেশে।", "marks": 1, "answer": "true" }),
        json!({ "question_type": "dropdown", "text": "Choose the largest", "marks": 1, "options": [opt("7", false), opt("9", true)] }),
        json!({ "question_type": "fill_blanks", "text": "Dhaka is the ___ of ___.", "marks": 2, "blanks": [["capital"], ["Bangladesh", "BD"]] }),
        json!({ "question_type": "short_answer", "text": "The national flower?", "marks": 1, "accepted": ["Water lily", "শাপলা"] }),
        json!({ "question_type": "paragraph", "text": "Describe your village.", "marks": 5 }),
        json!({ "question_type": "essay", "text_bn": "মুক্তিযুদ্ধ নিয়ে রচনা লেখো।", "marks": 10 }),
        json!({ "question_type": "assignment", "text": "Upload your map drawing.", "marks": 10 }),
        json!({ "question_type": "date", "text": "Independence Day?", "marks": 1, "answer": "২৬/০৩/১৯৭১" }),
        json!({ "question_type": "time", "text": "When does the office open?", "marks": 1, "answer": "০৯:০০" }),
    ]
}

#[tokio::test]
async fn teachers_keep_a_versioned_question_bank_of_every_type() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("colleague@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    t.platform.user("learner@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let stranger = t.acting(SYLHET, "admin@sylhet.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;

    // Folders: one inside another.
    let r = t.post(DHAKA, "/question-bank/create-folder", Some(&teacher), json!({ "name": "Class 8" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let class8 = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, "/question-bank/create-folder", Some(&teacher), json!({ "name": "ভূগোল", "parent_id": class8 })).await;
    let geography = r.body["data"]["id"].as_i64().unwrap();

    // One question of each type, read back as given (keys normalised: Bangla digits to ASCII).
    let mut ids = Vec::new();
    for mut q in one_of_each_type() {
        q["folder_id"] = json!(geography);
        let r = t.post(DHAKA, "/question-bank/create", Some(&teacher), q.clone()).await;
        assert_eq!(r.status, StatusCode::CREATED, "{q}: {}", r.text);
        assert_eq!((r.body["data"]["version"].as_i64(), &r.body["data"]["question_type"]), (Some(1), &q["question_type"]));
        ids.push(r.body["data"]["id"].as_i64().unwrap());
    }
    let date = t.get(DHAKA, &format!("/question-bank/view/{}", ids[9]), Some(&teacher)).await;
    assert_eq!(date.body["data"]["answer"], "26/03/1971");
    let select = t.get(DHAKA, &format!("/question-bank/view/{}", ids[1]), Some(&teacher)).await;
    assert_eq!((select.body["data"]["marks"].as_f64(), select.body["data"]["negative_marks"].as_f64()), (Some(2.0), Some(0.5)));
    assert_eq!(select.body["data"]["options"][2], json!({ "text": "Nile", "text_bn": "", "correct": false }));
    let blanks = t.get(DHAKA, &format!("/question-bank/view/{}", ids[4]), Some(&teacher)).await;
    assert_eq!(blanks.body["data"]["blanks"], json!([["capital"], ["Bangladesh", "BD"]]));

    // Listing: filters by type, words in either language, folder; pages.
    let list = async |query: &str| t.get(DHAKA, &format!("/question-bank/view?{query}"), Some(&teacher)).await;
    assert_eq!(list("").await.body["total"], 11);
    assert_eq!(list("type=essay").await.body["data"][0]["id"].as_i64(), Some(ids[7]));
    assert_eq!(list("search=%E0%A6%B0%E0%A6%9A%E0%A6%A8%E0%A6%BE").await.body["total"], 1, "রচনা finds the Bangla essay");
    assert_eq!(list("search=bangladesh").await.body["total"], 2, "any case");
    assert_eq!(list("search=the%20___%20of").await.body["total"], 1, "a blank's underscores are searched for as written");
    assert_eq!(list(&format!("folder_id={class8}")).await.body["total"], 0);
    let page = list("limit=5&page=99").await;
    assert_eq!((page.body["current_page"].as_i64(), page.body["last_page"].as_i64(), page.body["data"].as_array().unwrap().len()), (Some(3), Some(3), 1));
    let folders = t.get(DHAKA, "/question-bank/view-folder", Some(&teacher)).await;
    assert_eq!((folders.body["total"].as_i64(), folders.body["data"][0]["folder_count"].as_i64()), (Some(1), Some(1)));
    let inside = t.get(DHAKA, &format!("/question-bank/view-folder?parent_id={class8}"), Some(&teacher)).await;
    assert_eq!((inside.body["data"][0]["name"].as_str(), inside.body["data"][0]["question_count"].as_i64()), (Some("ভূগোল"), Some(11)));
    assert_eq!(t.get(DHAKA, "/question-bank/view-folder?no_pagination=1", Some(&teacher)).await.body["total"], 2);

    // Bad questions: 422 with a message on the field, nothing stored.
    let bad = [
        (json!({ "question_type": "multiple_choice", "text": "x", "marks": 1, "options": [{ "text": "a" }, { "text": "b" }] }), "options"),
        (json!({ "question_type": "fill_blanks", "text": "___ and ___", "marks": 1, "blanks": [["a"], []] }), "blanks.1"),
        (json!({ "question_type": "essay", "text": "x", "marks": 0 }), "marks"),
        (json!({ "question_type": "essay", "text": " \u{200b} ", "marks": 1 }), "text"),
        (json!({ "question_type": "date", "text": "x", "marks": 1, "answer": "31/02/2024" }), "answer"),
        (json!({ "question_type": "riddle", "text": "x", "marks": 1 }), "question_type"),
        (json!({ "question_type": "essay", "text": "x", "marks": 1, "folder_id": 999999 }), "folder_id"),
    ];
    for (body, field) in bad {
        let r = t.post(DHAKA, "/question-bank/create", Some(&teacher), body.clone()).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {}", r.text);
        assert!(r.body["errors"][field][0].as_str().is_some_and(|m| !m.is_empty()), "{field}: {}", r.text);
    }
    let r = t.call(axum::http::Method::POST, DHAKA, "/question-bank/create", Some(&teacher), &[("lang", "2")],
        Some(json!({ "question_type": "multiple_choice", "text": "x", "marks": 1, "options": [{ "text": "a" }, { "text": "b" }] }))).await;
    assert_eq!(r.body["errors"]["options"][0], "অন্তত একটি সঠিক উত্তর চিহ্নিত করুন।");
    // Hostile input: a NUL, a wrong type, a body past the JSON limit, a NUL in a folder's name.
    let r = t.post(DHAKA, "/question-bank/create", Some(&teacher), json!({ "question_type": "essay", "text": "a\u{0}b", "marks": 1 })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let r = t.post(DHAKA, "/question-bank/create", Some(&teacher), json!({ "question_type": "essay", "text": "x", "marks": "ten" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let r = t.post(DHAKA, "/question-bank/create", Some(&teacher), json!({ "question_type": "essay", "text": "x".repeat(2 << 20), "marks": 1 })).await;
    assert_eq!((r.status, r.body["code"].is_string()), (StatusCode::PAYLOAD_TOO_LARGE, true), "{}", r.text);
    let r = t.post(DHAKA, "/question-bank/create-folder", Some(&teacher), json!({ "name": "\u{0}" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(t.get(DHAKA, "/question-bank/view?page=abc", Some(&teacher)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(list("").await.body["total"], 11, "nothing half-made");

    // An edit is a new version; the old version stays as it was.
    let mut changed = one_of_each_type()[0].clone();
    changed["text"] = json!("The capital city of Bangladesh?");
    changed["folder_id"] = json!(geography);
    let r = t.put(DHAKA, &format!("/question-bank/update/{}", ids[0]), &teacher, changed.clone()).await;
    assert_eq!((r.status, r.body["data"]["version"].as_i64()), (StatusCode::OK, Some(2)), "{}", r.text);
    let versions: Vec<(i32, String)> = sqlx::query_as(
        "SELECT version, content->>'text' FROM question_versions WHERE question_id = $1 ORDER BY version",
    )
    .bind(ids[0])
    .fetch_all(&*t.state.pools.get(dhaka).await.unwrap())
    .await
    .unwrap();
    assert_eq!(versions, vec![(1, "The capital of Bangladesh?".to_owned()), (2, "The capital city of Bangladesh?".to_owned())]);

    // Reach: a colleague sees none of it, the site's admin all of it, a learner and another
    // site nothing; nobody outside changes or deletes it.
    let one = format!("/question-bank/view/{}", ids[0]);
    assert_eq!(t.get(DHAKA, "/question-bank/view", Some(&colleague)).await.body["total"], 0);
    assert_eq!(t.get(DHAKA, &one, Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.put(DHAKA, &format!("/question-bank/update/{}", ids[0]), &colleague, changed.clone()).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/question-bank/view", Some(&admin)).await.body["total"], 11);
    assert_eq!(t.get(DHAKA, &one, Some(&learner)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.post(DHAKA, "/question-bank/create", Some(&learner), one_of_each_type()[6].clone()).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, &one, Some(&stranger)).await.status, StatusCode::FORBIDDEN, "a sylhet admin is nobody on dhaka");
    assert_eq!(t.get(SYLHET, &one, Some(&stranger)).await.status, StatusCode::NOT_FOUND, "sylhet's bank is its own");
    assert_eq!(t.get(SYLHET, "/question-bank/view", Some(&stranger)).await.body["total"], 0);
    assert_eq!(t.delete(SYLHET, &format!("/question-bank/delete/{}", ids[0]), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(DHAKA, &format!("/question-bank/delete-folder/{class8}"), Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, &one, Some(&teacher)).await.body["data"]["version"], 2);

    // A folder cannot move into itself or below itself.
    let r = t.put(DHAKA, &format!("/question-bank/folder-update/{class8}"), &teacher, json!({ "name": "Class 8", "parent_id": geography })).await;
    assert_eq!((r.status, r.body["errors"]["parent_id"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{}", r.text);
    let r = t.put(DHAKA, &format!("/question-bank/folder-update/{geography}"), &teacher, json!({ "name": "Geography", "parent_id": null })).await;
    assert_eq!((r.status, r.body["data"]["name"].as_str(), r.body["data"]["parent_id"].is_null()), (StatusCode::OK, Some("Geography"), true));

    // Deleting a folder moves its questions up, or with `withfolder` takes them along.
    let r = t.post(DHAKA, "/question-bank/create-folder", Some(&teacher), json!({ "name": "Map work", "parent_id": geography })).await;
    let maps = r.body["data"]["id"].as_i64().unwrap();
    let mut moved = one_of_each_type()[8].clone();
    moved["folder_id"] = json!(maps);
    let r = t.put(DHAKA, &format!("/question-bank/update/{}", ids[8]), &teacher, moved).await;
    assert_eq!(r.body["data"]["folder_id"].as_i64(), Some(maps));
    assert_eq!(t.delete(DHAKA, &format!("/question-bank/delete-folder/{maps}"), Some(&teacher)).await.status, StatusCode::OK);
    assert_eq!(t.get(DHAKA, &format!("/question-bank/view/{}", ids[8]), Some(&teacher)).await.body["data"]["folder_id"].as_i64(), Some(geography));
    assert_eq!(t.delete(DHAKA, &format!("/question-bank/delete-folder/{geography}?withfolder=1"), Some(&teacher)).await.status, StatusCode::OK);
    assert_eq!(list("").await.body["total"], 0, "its questions went with it");
    assert_eq!(t.get(DHAKA, "/question-bank/view-folder?no_pagination=1", Some(&teacher)).await.body["total"], 1);
    assert_eq!(t.delete(DHAKA, &format!("/question-bank/delete/{}", ids[0]), Some(&teacher)).await.status, StatusCode::NOT_FOUND, "already gone");
}

const MOODLE_FILE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/Geography</text></category></question>
  <question type="multichoice"><questiontext format="html"><text><![CDATA[<p>Capital of <b>Bangladesh</b>?</p>]]></text></questiontext>
    <defaultgrade>1</defaultgrade><single>true</single>
    <answer fraction="100"><text>Dhaka</text></answer><answer fraction="0"><text>Sylhet</text></answer></question>
  <question type="multichoice"><questiontext><text><![CDATA[<span lang="en" class="multilang">Rivers</span><span lang="bn" class="multilang">নদী</span>]]></text></questiontext>
    <defaultgrade>2</defaultgrade><single>false</single>
    <answer fraction="50"><text>Padma</text></answer><answer fraction="50"><text>Meghna</text></answer><answer fraction="-100"><text>Nile</text></answer></question>
  <question type="truefalse"><questiontext><text>The Sundarbans are in Bangladesh.</text></questiontext><defaultgrade>1</defaultgrade>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
  <question type="shortanswer"><questiontext><text>জাতীয় ফুল?</text></questiontext><defaultgrade>1</defaultgrade>
    <answer fraction="100"><text>শাপলা</text></answer></question>
  <question type="numerical"><questiontext><text>How many divisions?</text></questiontext><defaultgrade>1</defaultgrade>
    <answer fraction="100"><text>8</text></answer></question>
  <question type="multianswer"><questiontext><text><![CDATA[Dhaka is the {1:SHORTANSWER:=capital} of {1:SA:=Bangladesh~=BD}.]]></text></questiontext><defaultgrade>2</defaultgrade></question>
  <question type="essay"><questiontext><text>Describe your village.</text></questiontext><defaultgrade>5</defaultgrade>
    <responseformat>editor</responseformat><responsefieldlines>5</responsefieldlines><attachments>0</attachments></question>
  <question type="essay"><questiontext><text>Write about 1971.</text></questiontext><defaultgrade>10</defaultgrade>
    <responseformat>editor</responseformat><responsefieldlines>15</responsefieldlines><attachments>0</attachments></question>
  <question type="essay"><questiontext><text>Upload your map.</text></questiontext><defaultgrade>10</defaultgrade>
    <responseformat>noinline</responseformat><attachments>1</attachments></question>
</quiz>"#;

#[tokio::test]
async fn question_files_import_whole_or_not_at_all_and_export_round_trip() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("teacher@sylhet.example", Some((sylhet, "teacher"))).await;
    t.platform.user("learner@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let stranger = t.acting(SYLHET, "teacher@sylhet.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;
    let total = async |token: &str, host: &str| t.get(host, "/question-bank/view", Some(token)).await.body["total"].as_i64().unwrap();

    // A Moodle file with every supported type, into a folder.
    let folder = t.post(DHAKA, "/question-bank/create-folder", Some(&teacher), json!({ "name": "From Moodle" })).await.body["data"]["id"].as_i64().unwrap();
    let folder_field = folder.to_string();
    let r = t.upload(DHAKA, "/question-bank/import", &teacher, &[("folder_id", None, folder_field.as_bytes()), ("file", Some("quiz.xml"), MOODLE_FILE.as_bytes())]).await;
    assert_eq!((r.status, r.body["data"]["imported"].as_i64()), (StatusCode::CREATED, Some(9)), "{}", r.text);
    let listed = t.get(DHAKA, &format!("/question-bank/view?folder_id={folder}&limit=50"), Some(&teacher)).await;
    let mut kinds: Vec<String> = listed.body["data"].as_array().unwrap().iter().map(|q| q["question_type"].as_str().unwrap().to_owned()).collect();
    kinds.sort();
    assert_eq!(kinds, ["assignment", "essay", "fill_blanks", "multiple_choice", "multiple_select", "paragraph", "short_answer", "short_answer", "true_false"]);
    let blanks = listed.body["data"].as_array().unwrap().iter().find(|q| q["question_type"] == "fill_blanks").unwrap()["id"].as_i64().unwrap();
    let blanks = t.get(DHAKA, &format!("/question-bank/view/{blanks}"), Some(&teacher)).await;
    assert_eq!((blanks.body["data"]["text"].as_str(), &blanks.body["data"]["blanks"]), (Some("Dhaka is the ___ of ___."), &json!([["capital"], ["Bangladesh", "BD"]])));

    // Exported and imported again: the same questions.
    let exported = t.get(DHAKA, &format!("/question-bank/export?format=moodle&folder_id={folder}"), Some(&teacher)).await;
    assert_eq!((exported.status, exported.header("content-disposition")), (StatusCode::OK, "attachment; filename=\"questions.xml\""));
    let r = t.upload(DHAKA, "/question-bank/import", &teacher, &[("file", Some("again.xml"), exported.text.as_bytes())]).await;
    assert_eq!(r.body["data"]["imported"].as_i64(), Some(9), "{}", r.text);
    let csv = t.get(DHAKA, &format!("/question-bank/export?format=csv&folder_id={folder}"), Some(&teacher)).await;
    assert!(csv.text.contains("type,text,text_bn,marks"), "{}", csv.text);
    let r = t.upload(DHAKA, "/question-bank/import", &teacher, &[("file", Some("again.csv"), csv.text.as_bytes())]).await;
    assert_eq!(r.body["data"]["imported"].as_i64(), Some(9), "{}", r.text);
    let xlsx = t.get(DHAKA, &format!("/question-bank/export?format=xlsx&folder_id={folder}"), Some(&teacher)).await;
    assert_eq!((xlsx.status, xlsx.header("content-disposition")), (StatusCode::OK, "attachment; filename=\"questions.xlsx\""));
    let r = t.upload(DHAKA, "/question-bank/import", &teacher, &[("file", Some("again.xlsx"), &xlsx.bytes[..])]).await;
    assert_eq!(r.body["data"]["imported"].as_i64(), Some(9), "an Excel sheet too: {}", r.text);
    assert_eq!(total(&teacher, DHAKA).await, 36);

    // A bad row refuses the whole file, each problem named by its row; nothing is imported.
    let bad = "type,text,marks,options,answer\nmultiple_choice,Capital?,1,Dhaka|Sylhet,1\nriddle,What?,1,,\nmultiple_choice,Pick,0,a|b,\n";
    let r = t.upload(DHAKA, "/question-bank/import", &teacher, &[("file", Some("bad.csv"), bad.as_bytes())]).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    for field in ["rows.3.type", "rows.4.marks", "rows.4.options"] {
        assert!(r.body["errors"][field].is_array(), "{field}: {}", r.text);
    }
    assert!(r.body["errors"]["rows.2.type"].is_null(), "the good row has no problem");
    assert_eq!(total(&teacher, DHAKA).await, 36, "a bad file changes nothing");
    for (name, bytes) in [("broken.xml", &b"<quiz><question type=\"truefalse\">"[..]), ("empty.csv", b"type,text\n"), ("nohead.csv", b"1,2\n3,4\n"), ("broken.xlsx", b"PK\x03\x04broken")] {
        let r = t.upload(DHAKA, "/question-bank/import", &teacher, &[("file", Some(name), bytes)]).await;
        assert_eq!((r.status, r.body["errors"]["file"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{name}: {}", r.text);
    }

    // Only the bank's people, and only into their own site's folders.
    assert_eq!(t.upload(DHAKA, "/question-bank/import", &learner, &[("file", Some("q.xml"), MOODLE_FILE.as_bytes())]).await.status, StatusCode::FORBIDDEN);
    let r = t.upload(SYLHET, "/question-bank/import", &stranger, &[("folder_id", None, folder_field.as_bytes()), ("file", Some("q.xml"), MOODLE_FILE.as_bytes())]).await;
    assert_eq!((r.status, r.body["errors"]["folder_id"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{}", r.text);
    let theirs = t.get(SYLHET, "/question-bank/export?format=csv", Some(&stranger)).await;
    assert!(!theirs.text.contains("Bangladesh"), "another site's export has none of Dhaka's questions");
}

#[tokio::test]
async fn colleagues_read_and_use_what_is_shared_with_them_and_questions_show_pictures() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("colleague@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("teacher@sylhet.example", Some((sylhet, "teacher"))).await;
    t.platform.user("learner@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    let stranger = t.acting(SYLHET, "teacher@sylhet.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;
    let share = async |token: &str, table: &str, id: i64, users: Value| {
        t.post(DHAKA, "/my-account/sharing/share", Some(token), json!({ "table": table, "id": id, "users": users })).await
    };
    let shared = async |token: &str, host: &str| t.get(host, "/my-account/sharing/shared-with-me?table=questions&module=question-bank", Some(token)).await;

    // A folder with a subfolder holding one question, a loose question, and one kept to oneself.
    let r = t.post(DHAKA, "/question-bank/create-folder", Some(&teacher), json!({ "name": "SSC" })).await;
    let ssc = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, "/question-bank/create-folder", Some(&teacher), json!({ "name": "Physics", "parent_id": ssc })).await;
    let physics = r.body["data"]["id"].as_i64().unwrap();
    let mut ids = vec![];
    for (i, folder) in [Some(physics), None, None].into_iter().enumerate() {
        let mut q = one_of_each_type()[i].clone();
        q["folder_id"] = json!(folder);
        ids.push(t.post(DHAKA, "/question-bank/create", Some(&teacher), q).await.body["data"]["id"].as_i64().unwrap());
    }

    // Sharing a question and a folder with a colleague; the owner sees with whom.
    let r = share(&teacher, "questions", ids[1], json!(["COLLEAGUE@dhaka.example "])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!((r.body["data"]["id"].as_i64(), r.body["data"]["shared_with"][0]["email"].as_str()), (Some(ids[1]), Some("colleague@dhaka.example")));
    let r = share(&teacher, "question_folders", ssc, json!(["colleague@dhaka.example"])).await;
    assert_eq!((r.status, r.body["data"]["shared_with"].as_array().map(Vec::len)), (StatusCode::OK, Some(1)), "{}", r.text);
    let folders = t.get(DHAKA, "/question-bank/view-folder", Some(&teacher)).await;
    assert_eq!(folders.body["data"][0]["shared_with"][0]["email"], "colleague@dhaka.example");
    assert_eq!(t.get(DHAKA, &format!("/question-bank/view/{}", ids[1]), Some(&teacher)).await.body["data"]["shared_with"].as_array().map(Vec::len), Some(1));

    // Nobody but colleagues: not a learner, not another site's teacher, not an unknown table.
    assert_eq!(share(&teacher, "questions", ids[2], json!(["learner@example.com"])).await.body["errors"]["users"].is_array(), true);
    assert_eq!(share(&teacher, "questions", ids[2], json!(["teacher@sylhet.example"])).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(share(&teacher, "exams", ids[2], json!([])).await.body["errors"]["table"].is_array(), true);
    // Only the owner shares: the colleague cannot pass it on, nor share someone else's folder.
    assert_eq!(share(&colleague, "questions", ids[1], json!(["teacher@dhaka.example"])).await.status, StatusCode::NOT_FOUND);
    assert_eq!(share(&colleague, "question_folders", ssc, json!([])).await.status, StatusCode::NOT_FOUND);

    // The colleague finds both shared questions (one through the folder, two levels down), with
    // whose they are; reads them with their key; cannot change or delete them.
    let r = shared(&colleague, DHAKA).await;
    assert_eq!(r.body["total"], 2, "{}", r.text);
    let mut found: Vec<i64> = r.body["data"].as_array().unwrap().iter().map(|q| q["id"].as_i64().unwrap()).collect();
    found.sort_unstable();
    assert_eq!(found, vec![ids[0], ids[1]]);
    assert!(r.body["data"][0]["owner_name"].as_str().is_some_and(|n| !n.is_empty()));
    let r = t.get(DHAKA, "/my-account/sharing/shared-with-me?table=questions&type=multiple_select", Some(&colleague)).await;
    assert_eq!(r.body["total"], 1);
    let r = t.get(DHAKA, &format!("/question-bank/view/{}", ids[0]), Some(&colleague)).await;
    assert_eq!((r.status, r.body["data"]["options"][0]["correct"].as_bool()), (StatusCode::OK, Some(true)), "{}", r.text);
    assert_eq!(r.body["data"]["shared_with"], json!([]), "whom else it is shared with is the owner's business");
    assert!(r.body["data"]["owner_name"].as_str().is_some_and(|n| !n.is_empty()), "whose it is: {}", r.text);
    assert_eq!(t.get(DHAKA, &format!("/question-bank/view/{}", ids[2]), Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.put(DHAKA, &format!("/question-bank/update/{}", ids[1]), &colleague, one_of_each_type()[1].clone()).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(DHAKA, &format!("/question-bank/delete/{}", ids[1]), Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/question-bank/view", Some(&colleague)).await.body["total"], 0, "their own bank stays their own");

    // Shared questions go into the colleague's exams; a question not shared does not.
    let mut paper = crate::exams::exam(json!([{ "question_id": ids[0] }, { "question_id": ids[1] }]));
    let r = t.post(DHAKA, "/course/exam/create-single", Some(&colleague), paper.clone()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    paper["parts"] = json!([{ "question_id": ids[2] }]);
    let r = t.post(DHAKA, "/course/exam/create-single", Some(&colleague), paper.clone()).await;
    assert!(r.body["errors"]["parts.0.question_id"].is_array(), "{}", r.text);

    // The shared folder and the one inside it are hers to pick questions from at random, listed
    // apart from her own folders and without whom else they are shared with.
    let r = t.get(DHAKA, "/question-bank/view-folder?no_pagination=1&shared=1", Some(&colleague)).await;
    let names: Vec<&str> = r.body["data"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!((names, &r.body["data"][0]["shared_with"]), (vec!["Physics", "SSC"], &json!([])), "{}", r.text);
    assert_eq!(t.get(DHAKA, "/question-bank/view-folder?no_pagination=1", Some(&colleague)).await.body["total"], 0);
    assert_eq!(t.get(DHAKA, "/question-bank/view-folder?no_pagination=1&shared=1", Some(&teacher)).await.body["total"], 0);
    paper["parts"] = json!([{ "folder_id": physics, "pick": 1 }]);
    let r = t.post(DHAKA, "/course/exam/create-single", Some(&colleague), paper.clone()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    paper["parts"] = json!([{ "folder_id": physics, "pick": 2 }]);
    let r = t.post(DHAKA, "/course/exam/create-single", Some(&colleague), paper.clone()).await;
    assert!(r.body["errors"]["parts.0.pick"].is_array(), "the folder holds one: {}", r.text);

    // Unsharing the folder takes its questions away; learners and other sites see nothing.
    assert_eq!(share(&teacher, "question_folders", ssc, json!([])).await.status, StatusCode::OK);
    assert_eq!(shared(&colleague, DHAKA).await.body["total"], 1);
    paper["parts"] = json!([{ "folder_id": physics, "pick": 1 }]);
    let r = t.post(DHAKA, "/course/exam/create-single", Some(&colleague), paper).await;
    assert!(r.body["errors"]["parts.0.folder_id"].is_array(), "no longer hers to pick from: {}", r.text);
    assert_eq!(t.get(SYLHET, "/question-bank/view-folder?no_pagination=1&shared=1", Some(&stranger)).await.body["total"], 0);
    assert_eq!(shared(&learner, DHAKA).await.status, StatusCode::FORBIDDEN);
    assert_eq!(shared(&stranger, SYLHET).await.body["total"], 0);
    assert_eq!(t.get(SYLHET, &format!("/question-bank/view/{}", ids[1]), Some(&stranger)).await.status, StatusCode::NOT_FOUND);

    // A picture from the file manager: kept as the question's own copy with a stable address.
    let picture = crate::files::png(64, 48);
    let upload = async |token: &str, name: &str, kind: &[u8], bytes: &[u8]| {
        let r = t.upload(DHAKA, "/file-manager/user/upload-file", token, &[("type", None, kind), ("file", Some(name), bytes)]).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        r.body["data"]["id"].as_i64().unwrap()
    };
    let figure = upload(&teacher, "circuit.png", b"images", &picture).await;
    let notes = upload(&teacher, "notes.pdf", b"documents", b"%PDF-1.4 notes").await;
    let theirs = upload(&colleague, "theirs.png", b"images", &picture).await;
    let link = t.post(DHAKA, "/file-manager/user/create-url", Some(&teacher), json!({ "url": "https://example.com/figure.png" })).await.body["data"]["id"].as_i64().unwrap();
    let media = async |file: i64| t.post(DHAKA, "/question-bank/media", Some(&teacher), json!({ "file_id": file })).await;
    let r = media(figure).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let url = r.body["data"]["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/question-media/") && url.ends_with(".png"), "{url}");
    for (file, code) in [(notes, "invalid_file"), (link, "invalid_file"), (theirs, "invalid_choice"), (999_999, "invalid_choice")] {
        let r = media(file).await;
        assert!(r.body["errors"]["file_id"].is_array(), "{file} {code}: {}", r.text);
    }
    assert_eq!(t.post(DHAKA, "/question-bank/media", Some(&learner), json!({ "file_id": figure })).await.status, StatusCode::FORBIDDEN);
    let mut q = one_of_each_type()[0].clone();
    q["image"] = json!("https://evil.example/x.png");
    assert!(t.post(DHAKA, "/question-bank/create", Some(&teacher), q.clone()).await.body["errors"]["image"].is_array());
    q["image"] = json!(url);
    let r = t.post(DHAKA, "/question-bank/create", Some(&teacher), q).await;
    assert_eq!((r.status, r.body["data"]["image"].as_str()), (StatusCode::CREATED, Some(url.as_str())), "{}", r.text);
    let pictured = r.body["data"]["id"].as_i64().unwrap();
    // The original may go; the address answers with a signed link to the question's copy.
    assert_eq!(t.post(DHAKA, "/file-manager/user/delete-file", Some(&teacher), json!({ "id": figure })).await.status, StatusCode::OK);
    let r = t.get(DHAKA, &url, None).await;
    assert_eq!(r.status, StatusCode::TEMPORARY_REDIRECT);
    let fetched = reqwest::get(r.header("location")).await.unwrap();
    assert_eq!(fetched.bytes().await.unwrap().to_vec(), picture);
    assert_eq!(t.get(DHAKA, "/question-media/..%2Fposts%2Fx.png", None).await.status, StatusCode::NOT_FOUND);

    // The learner's paper shows the picture.
    let r = t.post(DHAKA, "/course/exam/create-single", Some(&teacher), crate::exams::exam(json!([{ "question_id": pictured }]))).await;
    let uuid = r.body["data"]["uuid"].as_str().unwrap().to_owned();
    let r = t.post(DHAKA, &format!("/exam-front/single/{uuid}/start"), Some(&learner), json!({})).await;
    assert_eq!(r.body["data"]["questions"][0]["image"].as_str(), Some(url.as_str()), "{}", r.text);
}
