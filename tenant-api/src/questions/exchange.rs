//! Question files in and out: Moodle XML (so a Moodle user brings their bank along) and CSV (the
//! way teachers here keep question lists; Excel saves it). Pure: reading gives authors' inputs,
//! which the bank then checks as if typed in; writing takes stored content.
//!
//! Moodle XML (docs.moodle.org/en/Moodle_XML_format): `multichoice` (`single` true or false),
//! `truefalse`, `shortanswer`, `numerical` (as a short answer), `essay` (`attachments` and no
//! inline text: our assignment; few `responsefieldlines`: our paragraph) and `multianswer` (cloze)
//! made only of SHORTANSWER gaps (our fill in the blanks). `category` entries are skipped, as are
//! `description`s; any other type is refused by name. Texts in both languages use Moodle's
//! multilang spans (`<span lang="bn" class="multilang">`). Our dropdown leaves as a single-answer
//! multichoice and our date and time questions as short answers, and come back as those.
//!
//! CSV: a header row naming the columns (any order): `type`, `text`, `text_bn`, `marks`,
//! `negative_marks`, `options` and `options_bn` (separated by `|`), `answer` (choice types: the
//! correct option numbers or letters, `|`-separated; true/false, date, time: the answer; short
//! answer: the accepted answers, `|`-separated; fill in the blanks: each gap's accepted answers,
//! gaps separated by `||`), `explanation`, `explanation_bn`.

use super::content::{Content, QuestionInput, QuestionOption, TYPES};
use crate::xml::{Node, tree};

/// One question read from a file, with the line (CSV) or position (XML) it came from and what
/// could not even be read (the bank's own checks come after).
#[derive(Debug, Clone)]
pub struct Read {
    pub row: usize,
    pub input: QuestionInput,
    pub problems: Vec<(&'static str, &'static str)>,
}

/// What a file was, by its first bytes.
pub fn is_xml(bytes: &[u8]) -> bool {
    let start = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    start.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

// ---------- Moodle XML ----------

/// HTML as plain text: tags dropped (a paragraph or line break becomes a new line), the common
/// entities decoded, spaces tidied.
fn plain(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('>') else { break };
        let tag = rest[i + 1..i + j].trim_start_matches('/').to_ascii_lowercase();
        if (tag.starts_with("br") || tag.starts_with("p") && !tag.starts_with("pre")) && !out.ends_with('\n') && !out.is_empty() {
            out.push('\n');
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    let out = out.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
    out.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

/// Moodle's multilang spans as (English, Bangla); a text without them is English unless it is
/// written in Bangla.
fn languages(html: &str) -> (String, String) {
    let span = |lang: &str| {
        let marker = format!("lang=\"{lang}\"");
        let at = html.find(&marker)?;
        let start = at + html[at..].find('>')? + 1;
        let end = start + html[start..].find("</span>")?;
        Some(plain(&html[start..end]))
    };
    match (span("en"), span("bn")) {
        (None, None) => {
            let text = plain(html);
            if text.chars().any(|c| ('\u{0980}'..='\u{09FF}').contains(&c)) { (String::new(), text) } else { (text, String::new()) }
        }
        (en, bn) => (en.unwrap_or_default(), bn.unwrap_or_default()),
    }
}

fn number(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|n| n.is_finite())
}

fn option(a: &Node) -> QuestionOption {
    let (text, text_bn) = languages(&a.child("text").map(|t| t.text.clone()).unwrap_or_default());
    QuestionOption { text, text_bn, correct: number(a.attr("fraction").unwrap_or("0")).unwrap_or(0.0) > 0.0 }
}

/// `text` split at each `sep` that is not escaped with a backslash (the escapes stay).
fn unescaped_split(text: &str, sep: char) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut escaped = false;
    for c in text.chars() {
        if c == sep && !escaped {
            parts.push(String::new());
        } else if let Some(last) = parts.last_mut() {
            last.push(c);
        }
        escaped = c == '\\' && !escaped;
    }
    parts
}

/// The gaps of a cloze text: `{1:SHORTANSWER:=capital~=Capital}` becomes `___` and its accepted
/// answers; `None` if a gap is of another kind.
fn cloze(text: &str) -> Option<(String, Vec<Vec<String>>)> {
    let mut out = String::new();
    let mut blanks = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        // The first `}` not escaped as `\}`.
        let end = i + rest[i..].char_indices().find(|&(k, c)| c == '}' && !rest[i..][..k].ends_with('\\')).map(|(k, _)| k)?;
        let gap = &rest[i + 1..end];
        let mut parts = gap.splitn(3, ':');
        let (_, kind, answers) = (parts.next()?, parts.next()?, parts.next()?);
        if !matches!(kind, "SHORTANSWER" | "SA" | "MW" | "SHORTANSWER_C" | "SAC" | "MWC") {
            return None;
        }
        let accepted: Vec<String> = unescaped_split(answers, '~')
            .iter()
            .filter_map(|a| a.strip_prefix('=').or_else(|| a.strip_prefix("%100%")))
            .map(|a| unescaped_split(a, '#')[0].replace("\\}", "}").replace("\\~", "~").replace("\\#", "#").trim().to_owned())
            .filter(|a| !a.is_empty())
            .collect();
        blanks.push(accepted);
        out.push_str("___");
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Some((out, blanks))
}

/// Reads a Moodle XML file; `None` if it is not well-formed XML with a `<quiz>` root.
pub fn read_moodle(xml: &str) -> Option<Vec<Read>> {
    let root = tree(xml)?;
    let quiz = root.child("quiz")?;
    let mut out = Vec::new();
    for (n, q) in quiz.all("question").enumerate() {
        let kind = q.attr("type").unwrap_or_default();
        if matches!(kind, "category" | "description") {
            continue;
        }
        let (mut text, mut text_bn) = languages(&q.text_of("questiontext"));
        let (explanation, explanation_bn) = languages(&q.text_of("generalfeedback"));
        let marks = number(&q.value("defaultgrade"));
        let answers: Vec<&Node> = q.all("answer").collect();
        let mut input = QuestionInput { marks, explanation, explanation_bn, ..QuestionInput::default() };
        let mut problems = Vec::new();
        input.question_type = match kind {
            "multichoice" => {
                input.options = answers.iter().map(|a| option(a)).collect();
                if q.value("single") == "false" || q.value("single") == "0" { "multiple_select" } else { "multiple_choice" }
            }
            "truefalse" => {
                let right = answers.iter().find(|a| option(a).correct).map(|a| a.child("text").map(|t| t.text.trim().to_lowercase()).unwrap_or_default());
                input.answer = right.unwrap_or_default();
                "true_false"
            }
            "shortanswer" | "numerical" => {
                input.accepted = answers.iter().filter(|a| option(a).correct).map(|a| plain(&a.child("text").map(|t| t.text.clone()).unwrap_or_default())).collect();
                "short_answer"
            }
            "essay" => {
                let lines = number(&q.value("responsefieldlines")).unwrap_or(15.0);
                if q.value("responseformat") == "noinline" && number(&q.value("attachments")).unwrap_or(0.0) != 0.0 {
                    "assignment"
                } else if lines <= 5.0 {
                    "paragraph"
                } else {
                    "essay"
                }
            }
            "multianswer" => match (cloze(&text), cloze(&text_bn)) {
                (Some((t, blanks)), Some((t_bn, blanks_bn))) => {
                    (text, text_bn) = (t, t_bn);
                    input.blanks = if blanks.is_empty() { blanks_bn } else { blanks };
                    "fill_blanks"
                }
                _ => {
                    problems.push(("question_type", "unsupported_cloze"));
                    "fill_blanks"
                }
            },
            _ => {
                problems.push(("question_type", "invalid_choice"));
                ""
            }
        }
        .to_owned();
        input.text = text;
        input.text_bn = text_bn;
        out.push(Read { row: n + 1, input, problems });
    }
    Some(out)
}

fn cdata(text: &str) -> String {
    format!("<![CDATA[{}]]>", text.replace("]]>", "]]]]><![CDATA[>"))
}

/// Text in one language, or both as multilang spans.
fn bilingual(en: &str, bn: &str) -> String {
    let html = |t: &str| quick_xml::escape::escape(t).replace('\n', "<br>");
    match (en.is_empty(), bn.is_empty()) {
        (false, true) => html(en),
        (true, false) => html(bn),
        _ => format!("<span lang=\"en\" class=\"multilang\">{}</span><span lang=\"bn\" class=\"multilang\">{}</span>", html(en), html(bn)),
    }
}

fn answer_xml(out: &mut String, fraction: f64, text: &str) {
    out.push_str(&format!("    <answer fraction=\"{fraction}\" format=\"html\"><text>{}</text><feedback format=\"html\"><text></text></feedback></answer>\n", cdata(text)));
}

/// A gap's accepted answers in cloze syntax.
fn gap(accepted: &[String]) -> String {
    let escape = |a: &str| a.replace('}', "\\}").replace('~', "\\~").replace('#', "\\#");
    format!("{{1:SHORTANSWER:{}}}", accepted.iter().map(|a| format!("={}", escape(a))).collect::<Vec<_>>().join("~"))
}

fn with_gaps(text: &str, blanks: &[Vec<String>]) -> String {
    let mut out = String::new();
    let mut i = 0;
    let mut run = 0;
    for c in text.chars().chain(std::iter::once('\0')) {
        if c == '_' {
            run += 1;
            continue;
        }
        if run >= 3 {
            out.push_str(&gap(blanks.get(i).map(Vec::as_slice).unwrap_or(&[])));
            i += 1;
        } else {
            out.push_str(&"_".repeat(run));
        }
        run = 0;
        if c != '\0' {
            out.push(c);
        }
    }
    out
}

/// Writes questions as a Moodle XML file.
pub fn write_moodle(questions: &[(i64, String, Content)]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    for (id, kind, c) in questions {
        let moodle = match kind.as_str() {
            "multiple_choice" | "multiple_select" | "dropdown" => "multichoice",
            "true_false" => "truefalse",
            "short_answer" | "date" | "time" => "shortanswer",
            "fill_blanks" => "multianswer",
            _ => "essay",
        };
        let (text, text_bn) = if kind == "fill_blanks" { (with_gaps(&c.text, &c.blanks), with_gaps(&c.text_bn, &c.blanks)) } else { (c.text.clone(), c.text_bn.clone()) };
        out.push_str(&format!("  <question type=\"{moodle}\">\n    <name><text>{}</text></name>\n", cdata(&format!("Q{id}"))));
        out.push_str(&format!("    <questiontext format=\"html\"><text>{}</text></questiontext>\n", cdata(&bilingual(&text, &text_bn))));
        out.push_str(&format!("    <generalfeedback format=\"html\"><text>{}</text></generalfeedback>\n", cdata(&bilingual(&c.explanation, &c.explanation_bn))));
        out.push_str(&format!("    <defaultgrade>{}</defaultgrade>\n    <penalty>0</penalty>\n    <hidden>0</hidden>\n", c.marks));
        match moodle {
            "multichoice" => {
                let right = c.options.iter().filter(|o| o.correct).count().max(1) as f64;
                out.push_str(&format!("    <single>{}</single>\n    <shuffleanswers>true</shuffleanswers>\n    <answernumbering>abc</answernumbering>\n", kind != "multiple_select"));
                for o in &c.options {
                    let fraction = if o.correct { (100_000.0 / right).round() / 1000.0 } else { 0.0 };
                    answer_xml(&mut out, fraction, &bilingual(&o.text, &o.text_bn));
                }
            }
            "truefalse" => {
                answer_xml(&mut out, if c.answer == "true" { 100.0 } else { 0.0 }, "true");
                answer_xml(&mut out, if c.answer == "false" { 100.0 } else { 0.0 }, "false");
            }
            "shortanswer" => {
                out.push_str("    <usecase>0</usecase>\n");
                let accepted = if c.accepted.is_empty() && !c.answer.is_empty() { vec![c.answer.clone()] } else { c.accepted.clone() };
                for a in accepted {
                    answer_xml(&mut out, 100.0, &quick_xml::escape::escape(a.as_str()));
                }
            }
            "essay" => {
                let (format, attachments, lines) = match kind.as_str() {
                    "assignment" => ("noinline", 1, 0),
                    "paragraph" => ("editor", 0, 5),
                    _ => ("editor", 0, 15),
                };
                out.push_str(&format!(
                    "    <responseformat>{format}</responseformat>\n    <responserequired>{}</responserequired>\n    <responsefieldlines>{lines}</responsefieldlines>\n    <attachments>{attachments}</attachments>\n    <attachmentsrequired>{attachments}</attachmentsrequired>\n",
                    1 - attachments
                ));
            }
            _ => {}
        }
        out.push_str("  </question>\n");
    }
    out.push_str("</quiz>\n");
    out
}

// ---------- CSV ----------

pub const CSV_COLUMNS: [&str; 10] = ["type", "text", "text_bn", "marks", "negative_marks", "options", "options_bn", "answer", "explanation", "explanation_bn"];

fn split(value: &str, by: &str) -> Vec<String> {
    if value.trim().is_empty() { vec![] } else { value.split(by).map(|s| s.trim().to_owned()).collect() }
}

/// An option number (1-based) or letter (A, B, ... or Bangla ক, খ, গ, ঘ).
fn option_index(token: &str) -> Option<usize> {
    let token = super::content::ascii_digits(token.trim());
    if let Ok(n) = token.parse::<usize>() {
        return n.checked_sub(1);
    }
    let c = token.chars().next()?;
    if token.chars().count() != 1 {
        return None;
    }
    if c.is_ascii_alphabetic() {
        return Some((c.to_ascii_uppercase() as u8 - b'A') as usize);
    }
    ["ক", "খ", "গ", "ঘ", "ঙ", "চ", "ছ", "জ", "ঝ", "ঞ"].iter().position(|l| l.starts_with(c))
}

/// Reads a CSV or XLSX sheet of questions; `Err` names what is wrong with the file as a whole.
pub fn read_sheet(bytes: &[u8]) -> Result<Vec<Read>, &'static str> {
    let table = crate::sheets::read(bytes)?;
    if table.column(&["type"]).is_none() || table.column(&["text", "text_bn"]).is_none() {
        return Err("csv_header_missing");
    }
    let mut out = Vec::new();
    for (row, record) in &table.rows {
        let cell = |name: &str| table.column(&[name]).and_then(|i| record.get(i)).cloned().unwrap_or_default();
        let kind = cell("type").to_lowercase().replace([' ', '-'], "_");
        let mut problems = Vec::new();
        let optional_number = |name: &'static str, problems: &mut Vec<(&'static str, &'static str)>| {
            let raw = super::content::ascii_digits(&cell(name));
            if raw.is_empty() {
                None
            } else {
                let n = number(&raw);
                if n.is_none() {
                    problems.push((name, "invalid_number"));
                }
                n
            }
        };
        let mut input = QuestionInput {
            question_type: kind.clone(),
            text: cell("text"),
            text_bn: cell("text_bn"),
            marks: optional_number("marks", &mut problems),
            negative_marks: optional_number("negative_marks", &mut problems),
            explanation: cell("explanation"),
            explanation_bn: cell("explanation_bn"),
            ..QuestionInput::default()
        };
        let answer = cell("answer");
        match kind.as_str() {
            "multiple_choice" | "multiple_select" | "dropdown" => {
                let (en, bn) = (split(&cell("options"), "|"), split(&cell("options_bn"), "|"));
                let right: Vec<Option<usize>> = split(&answer, "|").iter().map(|t| option_index(t)).collect();
                if right.iter().any(|r| r.is_none_or(|i| i >= en.len().max(bn.len()))) {
                    problems.push(("answer", "invalid_choice"));
                }
                input.options = (0..en.len().max(bn.len()))
                    .map(|i| QuestionOption {
                        text: en.get(i).cloned().unwrap_or_default(),
                        text_bn: bn.get(i).cloned().unwrap_or_default(),
                        correct: right.contains(&Some(i)),
                    })
                    .collect();
            }
            "short_answer" => input.accepted = split(&answer, "|"),
            "fill_blanks" => input.blanks = split(&answer, "||").iter().map(|g| split(g, "|")).collect(),
            _ => input.answer = answer,
        }
        if !kind.is_empty() && !TYPES.contains(&kind.as_str()) {
            problems.push(("type", "invalid_choice"));
        }
        out.push(Read { row: *row, input, problems });
    }
    Ok(out)
}

/// The questions as rows of [`CSV_COLUMNS`], readable by [`read_sheet`].
fn sheet_rows(questions: &[(i64, String, Content)]) -> Vec<Vec<String>> {
    questions
        .iter()
        .map(|(_, kind, c)| {
            let answer = match kind.as_str() {
                "multiple_choice" | "multiple_select" | "dropdown" => {
                    c.options.iter().enumerate().filter(|(_, o)| o.correct).map(|(i, _)| (i + 1).to_string()).collect::<Vec<_>>().join("|")
                }
                "short_answer" => c.accepted.join("|"),
                "fill_blanks" => c.blanks.iter().map(|b| b.join("|")).collect::<Vec<_>>().join("||"),
                _ => c.answer.clone(),
            };
            let join = |f: fn(&QuestionOption) -> &str| c.options.iter().map(f).collect::<Vec<_>>().join("|");
            vec![
                kind.clone(),
                c.text.clone(),
                c.text_bn.clone(),
                c.marks.to_string(),
                c.negative_marks.to_string(),
                join(|o| &o.text),
                join(|o| &o.text_bn),
                answer,
                c.explanation.clone(),
                c.explanation_bn.clone(),
            ]
        })
        .collect()
}

/// Writes questions as CSV with the columns [`CSV_COLUMNS`].
pub fn write_csv(questions: &[(i64, String, Content)]) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let _ = writer.write_record(CSV_COLUMNS);
    for row in sheet_rows(questions) {
        let _ = writer.write_record(&row);
    }
    // Excel opens UTF-8 CSV as such only with the byte-order mark.
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(writer.into_inner().unwrap_or_default());
    bytes
}

/// Writes questions as an Excel workbook with the columns [`CSV_COLUMNS`].
pub fn write_xlsx(questions: &[(i64, String, Content)]) -> anyhow::Result<Vec<u8>> {
    crate::sheets::write_xlsx(&CSV_COLUMNS, &sheet_rows(questions))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOODLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/Physics</text></category></question>
  <question type="multichoice">
    <name><text>Velocity</text></name>
    <questiontext format="html"><text><![CDATA[<p>The SI unit of <b>velocity</b>?</p>]]></text></questiontext>
    <generalfeedback format="html"><text>Displacement per time.</text></generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <single>true</single>
    <answer fraction="100" format="html"><text>m/s</text></answer>
    <answer fraction="0" format="html"><text>N</text></answer>
  </question>
  <question type="multichoice">
    <questiontext format="html"><text><![CDATA[<span lang="en" class="multilang">Vectors?</span><span lang="bn" class="multilang">ভেক্টর রাশি?</span>]]></text></questiontext>
    <defaultgrade>2</defaultgrade>
    <single>false</single>
    <answer fraction="50"><text>Force</text></answer>
    <answer fraction="50"><text>Velocity</text></answer>
    <answer fraction="-100"><text>Mass</text></answer>
  </question>
  <question type="truefalse">
    <questiontext><text>Water boils at 100 &#176;C at sea level.</text></questiontext>
    <defaultgrade>1</defaultgrade>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="shortanswer">
    <questiontext><text>জাতীয় ফুল?</text></questiontext>
    <defaultgrade>1</defaultgrade>
    <answer fraction="100"><text>শাপলা</text></answer>
    <answer fraction="100"><text>Water lily</text></answer>
    <answer fraction="0"><text>Rose</text></answer>
  </question>
  <question type="multianswer">
    <questiontext><text><![CDATA[Dhaka is the {1:SHORTANSWER:=capital~=Capital city} of {1:SA:=Bangladesh}.]]></text></questiontext>
    <defaultgrade>2</defaultgrade>
  </question>
  <question type="essay">
    <questiontext><text>Write about 1971.</text></questiontext>
    <defaultgrade>10</defaultgrade>
    <responseformat>editor</responseformat><responsefieldlines>15</responsefieldlines><attachments>0</attachments>
  </question>
  <question type="essay">
    <questiontext><text>Upload your map.</text></questiontext>
    <defaultgrade>5</defaultgrade>
    <responseformat>noinline</responseformat><attachments>1</attachments>
  </question>
  <question type="ddwtos"><questiontext><text>Drag</text></questiontext></question>
</quiz>"#;

    #[test]
    fn moodle_questions_of_every_supported_type_are_read() {
        let read = read_moodle(MOODLE).unwrap();
        let kinds: Vec<&str> = read.iter().map(|r| r.input.question_type.as_str()).collect();
        assert_eq!(kinds, ["multiple_choice", "multiple_select", "true_false", "short_answer", "fill_blanks", "essay", "assignment", ""]);
        assert_eq!(read[0].input.text, "The SI unit of velocity?");
        assert_eq!(read[0].input.explanation, "Displacement per time.");
        assert_eq!(read[0].input.options.iter().map(|o| o.correct).collect::<Vec<_>>(), [true, false]);
        assert_eq!((read[1].input.text.as_str(), read[1].input.text_bn.as_str()), ("Vectors?", "ভেক্টর রাশি?"));
        assert_eq!(read[1].input.options.iter().filter(|o| o.correct).count(), 2);
        assert_eq!((read[2].input.text.as_str(), read[2].input.answer.as_str()), ("Water boils at 100 °C at sea level.", "true"));
        assert_eq!((read[3].input.text_bn.as_str(), read[3].input.accepted.clone()), ("জাতীয় ফুল?", vec!["শাপলা".to_owned(), "Water lily".to_owned()]));
        assert_eq!(read[4].input.text, "Dhaka is the ___ of ___.");
        assert_eq!(read[4].input.blanks, vec![vec!["capital".to_owned(), "Capital city".to_owned()], vec!["Bangladesh".to_owned()]]);
        assert_eq!(read[7].problems, [("question_type", "invalid_choice")]);
        assert!(read_moodle("<quiz><question>").is_none(), "malformed XML is refused as a whole");
        assert!(read_moodle("<html></html>").is_none());
    }

    #[test]
    fn csv_reads_options_by_number_or_letter_and_bangla_digits() {
        let csv = "type,text,text_bn,marks,options,answer\n\
            multiple_choice,Capital?,রাজধানী?,১,Dhaka|Sylhet,A\n\
            multiple_select,Rivers,,2,Padma|Nile|Meghna,1|3\n\
            fill_blanks,Dhaka is the ___ of ___.,,2,,capital||Bangladesh|BD\n\
            riddle,What?,,1,,\n\
            multiple_choice,Pick,,1,a|b,5\n";
        let read = read_sheet(csv.as_bytes()).unwrap();
        assert_eq!(read[0].input.marks, Some(1.0));
        assert_eq!(read[0].input.options.iter().map(|o| o.correct).collect::<Vec<_>>(), [true, false]);
        assert_eq!(read[1].input.options.iter().map(|o| o.correct).collect::<Vec<_>>(), [true, false, true]);
        assert_eq!(read[2].input.blanks, vec![vec!["capital".to_owned()], vec!["Bangladesh".to_owned(), "BD".to_owned()]]);
        assert_eq!((read[3].row, read[3].problems.clone()), (5, vec![("type", "invalid_choice")]));
        assert_eq!(read[4].problems, [("answer", "invalid_choice")]);
        assert_eq!(read_sheet(b"a,b\n1,2\n").unwrap_err(), "csv_header_missing");
    }

    fn content(kind: &str) -> (i64, String, Content) {
        let opt = |t: &str, c: bool| QuestionOption { text: t.into(), text_bn: format!("{t} বাংলা"), correct: c };
        let mut c = Content { text: "Q & <A>".into(), text_bn: "প্রশ্ন".into(), marks: 2.0, explanation: "Because".into(), ..Content::default() };
        match kind {
            "multiple_choice" => c.options = vec![opt("x", true), opt("y", false)],
            "multiple_select" => c.options = vec![opt("x", true), opt("y", true), opt("z", false)],
            "true_false" => c.answer = "false".into(),
            "short_answer" => c.accepted = vec!["one".into(), "এক".into()],
            "fill_blanks" => {
                c.text = "A ___ and ___.".into();
                c.text_bn = String::new();
                c.blanks = vec![vec!["b}".into()], vec!["c~#".into(), "C".into()]];
            }
            _ => {}
        }
        (1, kind.to_owned(), c)
    }

    #[test]
    fn every_format_round_trips() {
        let kinds = ["multiple_choice", "multiple_select", "true_false", "short_answer", "fill_blanks", "essay", "paragraph", "assignment"];
        let questions: Vec<_> = kinds.iter().map(|k| content(k)).collect();
        let again = read_moodle(&write_moodle(&questions)).unwrap();
        for ((_, kind, c), r) in questions.iter().zip(&again) {
            assert_eq!(&r.input.question_type, kind);
            assert_eq!((&r.input.text, &r.input.text_bn, r.input.marks), (&c.text, &c.text_bn, Some(c.marks)), "{kind}");
            assert_eq!(r.input.options, c.options, "{kind}");
            assert_eq!((&r.input.blanks, &r.input.accepted), (&c.blanks, &c.accepted), "{kind}");
        }
        for sheet in [write_csv(&questions), write_xlsx(&questions).unwrap()] {
            let read = read_sheet(&sheet).unwrap();
            for ((_, kind, c), r) in questions.iter().zip(&read) {
                assert_eq!((&r.input.question_type, &r.input.text, &r.input.options, &r.input.blanks), (kind, &c.text, &c.options, &c.blanks));
                assert_eq!((&r.input.accepted, r.input.marks), (&c.accepted, Some(c.marks)), "{kind}");
                assert!(r.problems.is_empty(), "{kind}: {:?}", r.problems);
            }
        }
    }
}
