//! The e-mails a site sends on its own account (issue 13, `/template/mail`): each site's admins
//! word them in English and Bangla, with placeholders such as `{name}` and `{link}`, and preview
//! them before saving. A site without its own wording sends the built-in one below.
//!
//! A template is a subject, a body and a button label. The body's paragraphs are separated by a
//! blank line, and a paragraph that is only `{link}` becomes the button (the bare address in the
//! plain-text part). Placeholders are filled in one pass, so a learner whose name is `{link}`
//! stays `{link}`.

pub mod handlers;
pub mod store;

use crate::i18n::Lang;
use crate::messages::templates::{Block, Rendered, render_blocks};
use crate::validate::Validator;
use serde::{Deserialize, Serialize};
use sqlx::PgExecutor;
use utoipa::ToSchema;

/// The e-mails a site may word itself, in the order its admins see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = MailTemplateKey)]
#[serde(rename_all = "snake_case")]
pub enum Key {
    EmailVerification,
    PasswordReset,
    PasswordChanged,
    EnrolmentApproved,
    CertificateIssued,
    PaymentReceived,
    PaymentRefunded,
    /// The day before an event the reader registered for.
    EventReminder,
    /// To a candidate listed for a certificate exam, with their own enrolment link. This one and
    /// the next two go in both languages: an invited person may have no account, hence no language.
    ExamInvitation,
    /// To a candidate nominated for a training, with their own enrolment link.
    TrainingNomination,
    /// To a person added to a live class, with the class's link.
    ClassroomInvitation,
    /// Sent by the main site to the person who asked for a partner site.
    PartnerApproved,
}

impl Key {
    pub const ALL: [Key; 12] = [
        Key::EmailVerification,
        Key::PasswordReset,
        Key::PasswordChanged,
        Key::EnrolmentApproved,
        Key::CertificateIssued,
        Key::PaymentReceived,
        Key::PaymentRefunded,
        Key::EventReminder,
        Key::ExamInvitation,
        Key::TrainingNomination,
        Key::ClassroomInvitation,
        Key::PartnerApproved,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Key::EmailVerification => "email_verification",
            Key::PasswordReset => "password_reset",
            Key::PasswordChanged => "password_changed",
            Key::EnrolmentApproved => "enrolment_approved",
            Key::CertificateIssued => "certificate_issued",
            Key::PaymentReceived => "payment_received",
            Key::PaymentRefunded => "payment_refunded",
            Key::EventReminder => "event_reminder",
            Key::ExamInvitation => "exam_invitation",
            Key::TrainingNomination => "training_nomination",
            Key::ClassroomInvitation => "classroom_invitation",
            Key::PartnerApproved => "partner_approved",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The site sends it: partner approvals come from the main site alone.
    pub fn offered(self, is_main: bool) -> bool {
        is_main || self != Key::PartnerApproved
    }

    /// The placeholders its text may use.
    pub fn placeholders(self) -> &'static [&'static str] {
        match self {
            Key::EmailVerification | Key::PasswordReset | Key::PasswordChanged => &["name", "site", "link"],
            Key::EnrolmentApproved | Key::CertificateIssued => &["name", "site", "course", "link"],
            Key::PaymentReceived => &["name", "site", "course", "amount", "link"],
            // `{enrolment}`: a sentence saying the enrolment has ended (a whole refund), or nothing.
            Key::PaymentRefunded => &["name", "site", "course", "amount", "enrolment", "link"],
            // `{time}`: its start in Dhaka time as the reader writes it; `{place}`: its venue or online link.
            Key::EventReminder => &["name", "site", "event", "time", "place", "link"],
            Key::ExamInvitation | Key::TrainingNomination => &["name", "site", "course", "link"],
            Key::ClassroomInvitation => &["name", "site", "class", "link"],
            Key::PartnerApproved => &["name", "site", "partner", "link"],
        }
    }

    /// The placeholders its body must keep: without the link these e-mails cannot do their job.
    pub fn required(self) -> &'static [&'static str] {
        &["link"]
    }

    /// The built-in wording.
    pub fn default_text(self, lang: Lang) -> Text {
        let (subject, body, button) = match (self, lang) {
            (Key::EmailVerification, Lang::En) => (
                "Confirm your e-mail address for {site}",
                "Hello {name},\n\nPlease confirm that this is your e-mail address, so that {site} can reach you and you can always get back into your account:\n\n{link}\n\nThe link works once, for a day. If you did not make an account, ignore this e-mail.",
                "Confirm my address",
            ),
            (Key::EmailVerification, Lang::Bn) => (
                "{site}-এর জন্য আপনার ই-মেইল ঠিকানা নিশ্চিত করুন",
                "প্রিয় {name},\n\nঅনুগ্রহ করে নিশ্চিত করুন যে এটি আপনার ই-মেইল ঠিকানা, যাতে {site} আপনার সাথে যোগাযোগ করতে পারে এবং আপনি সবসময় আপনার অ্যাকাউন্টে ফিরে আসতে পারেন:\n\n{link}\n\nলিংকটি একবারই, এক দিনের জন্য কাজ করবে। আপনি অ্যাকাউন্ট না খুলে থাকলে এই ই-মেইলটি উপেক্ষা করুন।",
                "ঠিকানা নিশ্চিত করুন",
            ),
            (Key::PasswordReset, Lang::En) => (
                "Reset your password on {site}",
                "Hello {name},\n\nWe were asked to reset the password of your account on {site}. Open this link within an hour to choose a new one:\n\n{link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.",
                "Choose a new password",
            ),
            (Key::PasswordReset, Lang::Bn) => (
                "{site}-এ আপনার পাসওয়ার্ড রিসেট করুন",
                "প্রিয় {name},\n\n{site}-এ আপনার অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে। নতুন পাসওয়ার্ড বেছে নিতে এক ঘণ্টার মধ্যে এই লিংকটি খুলুন:\n\n{link}\n\nলিংকটি একবারই কাজ করবে। আপনি অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।",
                "নতুন পাসওয়ার্ড বেছে নিন",
            ),
            (Key::PasswordChanged, Lang::En) => (
                "Your password on {site} was changed",
                "Hello {name},\n\nThe password of your account on {site} was just changed, and every device that was signed in has been signed out.\n\nIf you did not do this, choose a new password at once:\n\n{link}",
                "Reset my password",
            ),
            (Key::PasswordChanged, Lang::Bn) => (
                "{site}-এ আপনার পাসওয়ার্ড বদলানো হয়েছে",
                "প্রিয় {name},\n\n{site}-এ আপনার অ্যাকাউন্টের পাসওয়ার্ড এইমাত্র বদলানো হয়েছে এবং সাইন-ইন করা সব ডিভাইস থেকে সাইন আউট করা হয়েছে।\n\nএটি আপনি না করে থাকলে এখনই নতুন পাসওয়ার্ড বেছে নিন:\n\n{link}",
                "পাসওয়ার্ড রিসেট করুন",
            ),
            (Key::EnrolmentApproved, Lang::En) => (
                "You are enrolled in {course}",
                "Hello {name},\n\nYour enrolment in “{course}” on {site} has been approved. You can start learning now:\n\n{link}",
                "Open the course",
            ),
            (Key::EnrolmentApproved, Lang::Bn) => (
                "“{course}” কোর্সে আপনার ভর্তি নিশ্চিত হয়েছে",
                "প্রিয় {name},\n\n{site}-এ “{course}” কোর্সে আপনার ভর্তির আবেদন অনুমোদিত হয়েছে। এখনই শেখা শুরু করুন:\n\n{link}",
                "কোর্সটি খুলুন",
            ),
            (Key::CertificateIssued, Lang::En) => (
                "Your certificate for {course} is ready",
                "Hello {name},\n\nCongratulations! {site} has issued your certificate for “{course}”. Anyone can check it through this link:\n\n{link}",
                "See my certificate",
            ),
            (Key::CertificateIssued, Lang::Bn) => (
                "“{course}” কোর্সের সনদ প্রস্তুত",
                "প্রিয় {name},\n\nঅভিনন্দন! {site} “{course}” কোর্সে আপনার সনদ প্রদান করেছে। যে কেউ এই লিংকে সনদটি যাচাই করতে পারবেন:\n\n{link}",
                "সনদ দেখুন",
            ),
            (Key::PaymentReceived, Lang::En) => (
                "Payment received: {course}",
                "Hello {name},\n\n{site} has received your payment of {amount} for “{course}”, and you are enrolled. Your payments and receipts are here:\n\n{link}",
                "My payments",
            ),
            (Key::PaymentReceived, Lang::Bn) => (
                "পেমেন্ট পাওয়া গেছে: {course}",
                "প্রিয় {name},\n\n“{course}” কোর্সের জন্য আপনার {amount} পেমেন্ট {site} পেয়েছে এবং আপনার ভর্তি সম্পন্ন হয়েছে। আপনার পেমেন্ট ও রসিদ এখানে:\n\n{link}",
                "আমার পেমেন্ট",
            ),
            (Key::PaymentRefunded, Lang::En) => (
                "Refund: {course}",
                "Hello {name},\n\n{amount} of your payment for “{course}” has been refunded. It may take a few working days to reach your account.\n\n{enrolment}\n\nYour payments and receipts are here:\n\n{link}",
                "My payments",
            ),
            (Key::PaymentRefunded, Lang::Bn) => (
                "টাকা ফেরত: {course}",
                "প্রিয় {name},\n\n“{course}” কোর্সের জন্য আপনার পেমেন্ট থেকে {amount} ফেরত দেওয়া হয়েছে। টাকা আপনার অ্যাকাউন্টে পৌঁছাতে কয়েক কর্মদিবস লাগতে পারে।\n\n{enrolment}\n\nআপনার পেমেন্ট ও রসিদ এখানে:\n\n{link}",
                "আমার পেমেন্ট",
            ),
            (Key::EventReminder, Lang::En) => (
                "Reminder: {event}",
                "Hello {name},\n\nA reminder: “{event}” starts {time}, {place}. Show your ticket's QR code at the door.\n\n{link}",
                "The event and your ticket",
            ),
            (Key::EventReminder, Lang::Bn) => (
                "রিমাইন্ডার: {event}",
                "প্রিয় {name},\n\nমনে করিয়ে দিচ্ছি: “{event}” শুরু হবে {time}, {place}। প্রবেশের সময় আপনার টিকিটের QR কোডটি দেখান।\n\n{link}",
                "ইভেন্ট ও টিকিট",
            ),
            (Key::ExamInvitation, Lang::En) => (
                "Exam invitation: {course}",
                "Dear {name},\n\n{site} invites you to take the exam “{course}”. The link below is yours alone: sign in through it to enrol.\n\n{link}",
                "Enrol in the exam",
            ),
            (Key::ExamInvitation, Lang::Bn) => (
                "পরীক্ষার আমন্ত্রণ: {course}",
                "প্রিয় {name},\n\n{site} আপনাকে “{course}” পরীক্ষায় অংশ নিতে আমন্ত্রণ জানিয়েছে। নিচের লিংকটি শুধু আপনার জন্য: এটি দিয়ে সাইন ইন করে ভর্তি হোন।\n\n{link}",
                "পরীক্ষায় ভর্তি হোন",
            ),
            (Key::TrainingNomination, Lang::En) => (
                "Training nomination: {course}",
                "Dear {name},\n\n{site} has nominated you to attend the training “{course}”. The link below is yours alone: sign in through it to enrol.\n\n{link}",
                "Enrol in the training",
            ),
            (Key::TrainingNomination, Lang::Bn) => (
                "প্রশিক্ষণের মনোনয়ন: {course}",
                "প্রিয় {name},\n\n{site} আপনাকে “{course}” প্রশিক্ষণে অংশ নিতে মনোনীত করেছে। নিচের লিংকটি শুধু আপনার জন্য: এটি দিয়ে সাইন ইন করে ভর্তি হোন।\n\n{link}",
                "প্রশিক্ষণে ভর্তি হোন",
            ),
            (Key::ClassroomInvitation, Lang::En) => (
                "Class invitation: {class}",
                "Dear {name},\n\n{site} invites you to join the class “{class}”. Sign in through the link below with the account of this e-mail address or mobile number to join.\n\n{link}",
                "Join the class",
            ),
            (Key::ClassroomInvitation, Lang::Bn) => (
                "ক্লাসের আমন্ত্রণ: {class}",
                "প্রিয় {name},\n\n{site} আপনাকে “{class}” ক্লাসে যোগ দিতে আমন্ত্রণ জানিয়েছে। নিচের লিংক দিয়ে এই ই-মেইল ঠিকানা বা মোবাইল নম্বরের অ্যাকাউন্টে সাইন ইন করে যোগ দিন।\n\n{link}",
                "ক্লাসে যোগ দিন",
            ),
            (Key::PartnerApproved, Lang::En) => (
                "{partner} is approved on {site}",
                "Hello {name},\n\nYour request for a partner site for {partner} has been approved. The site is being set up now and opens at this address within a few minutes:\n\n{link}\n\nSign in there with the account you made the request with to add courses and invite your teachers.",
                "Open the site",
            ),
            (Key::PartnerApproved, Lang::Bn) => (
                "{site}-এ {partner} অনুমোদিত হয়েছে",
                "প্রিয় {name},\n\n{partner}-এর পার্টনার সাইটের আবেদন অনুমোদিত হয়েছে। সাইটটি এখন তৈরি হচ্ছে এবং কয়েক মিনিটের মধ্যে এই ঠিকানায় খুলবে:\n\n{link}\n\nআবেদন করা অ্যাকাউন্ট দিয়ে সেখানে সাইন ইন করে কোর্স যোগ করুন এবং শিক্ষকদের আমন্ত্রণ জানান।",
                "সাইটটি খুলুন",
            ),
        };
        Text { subject: subject.into(), body: body.into(), button: button.into() }
    }
}

/// A template's words in one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Text {
    pub subject: String,
    pub body: String,
    pub button: String,
}

/// Field limits, in graphemes.
const SUBJECT_MAX: usize = 200;
const BODY_MAX: usize = 5000;
const BUTTON_MAX: usize = 60;

impl Text {
    /// The words an admin sent, trimmed, or the fields' errors (422).
    pub fn checked(key: Key, subject: &str, body: &str, button: &str) -> crate::AppResult<Self> {
        let mut v = Validator::default();
        let subject = v.text("subject", subject, SUBJECT_MAX);
        let body = v.text("body", body, BODY_MAX).replace("\r\n", "\n");
        let button = v.text("button", button, BUTTON_MAX);
        for (field, text) in [("subject", &subject), ("body", &body), ("button", &button)] {
            if placeholders_in(text).any(|p| !key.placeholders().contains(&p)) {
                v.add(field, "placeholder_unknown", None);
            }
        }
        if key.required().iter().any(|r| !placeholders_in(&body).any(|p| p == *r)) && !v.has("body") {
            v.add("body", "placeholder_missing", None);
        }
        v.finish()?;
        Ok(Self { subject, body, button })
    }

    /// The e-mail with `values` in place of the placeholders, as sent from `site`.
    pub fn render(&self, values: &[(&str, &str)], site: &str) -> Rendered {
        // A subject is one line whatever the values hold.
        render_blocks(self.subject(values), self.blocks(values), site)
    }

    fn subject(&self, values: &[(&str, &str)]) -> String {
        fill(&self.subject, values).replace(['\r', '\n'], " ")
    }

    fn blocks(&self, values: &[(&str, &str)]) -> Vec<Block> {
        let link = values.iter().find(|(k, _)| *k == "link").map_or("", |(_, v)| *v);
        self.body
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .filter_map(|p| match p {
                "{link}" => Some(Block::Button { label: fill(&self.button, values), url: link.to_owned() }),
                // A paragraph that was only an empty value (a refund's `{enrolment}`) is left out.
                _ => Some(fill(p, values)).filter(|t| !t.trim().is_empty()).map(Block::Text),
            })
            .collect()
    }
}

/// The names of the `{placeholders}` in a text.
fn placeholders_in(text: &str) -> impl Iterator<Item = &str> {
    text.split('{').skip(1).filter_map(|rest| {
        let name = &rest[..rest.find('}')?];
        (!name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')).then_some(name)
    })
}

/// `text` with each `{placeholder}` named in `values` replaced by its value, in one pass.
fn fill(text: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| values.iter().find(|(k, _)| *k == &after[..close]).map(|(_, v)| (close, *v)));
        match value {
            Some((close, v)) => {
                out.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The site's wording of `key` in `lang`: its own, or the built-in one. `site` is `None` for a
/// request that came through no site, which gets the built-in one.
pub async fn text(db: impl PgExecutor<'_>, site: Option<i64>, key: Key, lang: Lang) -> sqlx::Result<Text> {
    let own = match site {
        Some(id) => store::find(db, id, key, lang).await?,
        None => None,
    };
    Ok(own.unwrap_or_else(|| key.default_text(lang)))
}

/// The e-mail `key` of a site in `lang`, filled in: the site's own name and `values`.
pub async fn compose(db: impl PgExecutor<'_>, site: &crate::users::links::Site, key: Key, lang: Lang, values: &[(&str, &str)]) -> sqlx::Result<Rendered> {
    let text = text(db, site.id, key, lang).await?;
    Ok(text.render(&with_site(&site.name, values), &site.name))
}

/// `values` and the site's name as `{site}`.
fn with_site<'a>(site: &'a str, values: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut all = vec![("site", site)];
    all.extend_from_slice(values);
    all
}

/// A site's wording of one e-mail in both languages, for a reader whose language is not known
/// (an invited candidate): fetched once, rendered for each reader, Bangla first.
pub struct Bilingual {
    bn: (Text, String),
    en: (Text, String),
}

impl Bilingual {
    /// The wording of the site the request came through (`host`), with its name in each language.
    pub async fn of(ctl: &crate::state::ControlState, host: Option<&crate::auth::HostTenant>, key: Key) -> sqlx::Result<Self> {
        let [bn, en] = [Lang::Bn, Lang::En].map(|lang| crate::users::links::Site::of(ctl, host, lang));
        Ok(Self {
            bn: (text(&ctl.db, bn.id, key, Lang::Bn).await?, bn.name),
            en: (text(&ctl.db, en.id, key, Lang::En).await?, en.name),
        })
    }

    /// The e-mail with each language's own values (a course's Bangla title in the Bangla part).
    pub fn render(&self, bn: &[(&str, &str)], en: &[(&str, &str)]) -> Rendered {
        let ((bn_text, bn_site), (en_text, en_site)) = (&self.bn, &self.en);
        let (bn, en) = (with_site(bn_site, bn), with_site(en_site, en));
        let subject = format!("{} / {}", bn_text.subject(&bn), en_text.subject(&en));
        let mut blocks = bn_text.blocks(&bn);
        blocks.extend(en_text.blocks(&en));
        let signed = if bn_site == en_site { bn_site.clone() } else { format!("{bn_site} / {en_site}") };
        render_blocks(subject, blocks, &signed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_keeps_its_own_rules() {
        for key in Key::ALL {
            for lang in [Lang::En, Lang::Bn] {
                let t = key.default_text(lang);
                Text::checked(key, &t.subject, &t.body, &t.button).unwrap_or_else(|e| panic!("{key:?} {lang:?}: {e:?}"));
            }
        }
    }

    #[test]
    fn placeholders_fill_once_and_the_link_paragraph_is_the_button() {
        let t = Key::PasswordReset.default_text(Lang::Bn);
        let m = t.render(&[("site", "ঢাকা <College>"), ("name", "{link}"), ("link", "http://x.localhost/password-reset?token=a&b")], "ঢাকা <College>");
        assert!(m.subject.starts_with("ঢাকা <College>-এ"));
        assert!(m.text.starts_with("প্রিয় {link},"), "{}", m.text);
        assert!(m.text.contains("\n\nhttp://x.localhost/password-reset?token=a&b\n"));
        assert!(m.html.contains("href=\"http://x.localhost/password-reset?token=a&amp;b\""));
        assert!(m.html.contains(">নতুন পাসওয়ার্ড বেছে নিন</a>"));
        assert!(m.html.contains("ঢাকা &lt;College&gt;"));
    }

    #[test]
    fn unknown_and_missing_placeholders_and_lengths_are_refused() {
        let fields = |r: crate::AppResult<Text>| match r {
            Err(crate::AppError::Validation(errors)) => errors.into_iter().map(|(f, e)| (f, e[0].code)).collect::<Vec<_>>(),
            other => panic!("{other:?}"),
        };
        let got = fields(Text::checked(Key::PasswordReset, "Hi {course}", "no link here", "Go"));
        assert_eq!(got, [("body".to_owned(), "placeholder_missing"), ("subject".to_owned(), "placeholder_unknown")]);
        let got = fields(Text::checked(Key::EnrolmentApproved, "", &"{link} ".repeat(1001), ""));
        assert_eq!(got, [("body".to_owned(), "too_long"), ("button".to_owned(), "required"), ("subject".to_owned(), "required")]);
        assert!(Text::checked(Key::PartnerApproved, "{partner}", "{link}\n\nJSON {\"a\": 1} stays", "Go").is_ok());
    }
}
