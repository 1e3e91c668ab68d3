//! The e-mails the platform writes itself, in English and Bangla (the ones a site's admins may
//! word themselves are in `crate::mail_templates`). Each is written once as paragraphs and
//! rendered both as plain text and as HTML, so the two parts never say different things.

use crate::i18n::Lang;
use crate::html::escape;

pub enum Block {
    Text(String),
    /// A link shown as a button in HTML and as the bare address in plain text.
    Button { label: String, url: String },
}

pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

pub(crate) fn render_blocks(subject: String, blocks: Vec<Block>, site: &str) -> Rendered {
    let mut text = String::new();
    let mut html = String::from(
        "<!DOCTYPE html><html><body style=\"font-family:'Noto Sans Bengali','Noto Sans',Arial,sans-serif;line-height:1.6;color:#1f2937\">",
    );
    for block in &blocks {
        match block {
            Block::Text(t) => {
                text.push_str(t);
                html.push_str(&format!("<p>{}</p>", escape(t)));
            }
            Block::Button { label, url } => {
                text.push_str(url);
                html.push_str(&format!(
                    "<p><a href=\"{}\" style=\"display:inline-block;padding:10px 18px;background:#0b6e4f;color:#fff;border-radius:6px;text-decoration:none\">{}</a></p><p style=\"font-size:13px;color:#6b7280\">{}</p>",
                    escape(url), escape(label), escape(url)
                ));
            }
        }
        text.push_str("\n\n");
    }
    text.push_str(&format!("— {site}\n"));
    html.push_str(&format!("<p>— {}</p></body></html>", escape(site)));
    Rendered { subject, text, html }
}

/// What a candidate's invitation invites to: a certificate exam, a training they were nominated
/// for, or a live class (whose link is the class's, shared by its students, not theirs alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invited {
    Exam,
    Training,
    Classroom,
}

impl Invited {
    /// The site's e-mail for it; its name is also the outbox kind of the message (what a delivery
    /// report or a search of the outbox names).
    pub fn mail_key(self) -> crate::mail_templates::Key {
        use crate::mail_templates::Key;
        match self {
            Self::Exam => Key::ExamInvitation,
            Self::Training => Key::TrainingNomination,
            Self::Classroom => Key::ClassroomInvitation,
        }
    }

    pub fn outbox_kind(self) -> &'static str {
        self.mail_key().name()
    }

    /// Bangla "to take part in the …", as the text message says it.
    fn words(self) -> &'static str {
        match self {
            Self::Exam => "পরীক্ষায়",
            Self::Training => "প্রশিক্ষণে",
            Self::Classroom => "ক্লাসে",
        }
    }
}

/// An event as its reminder tells of it: `when_*` is its start in Dhaka time as each reader
/// writes it, `place` its venue or online link, `link` its page (with the ticket).
pub struct EventNotice<'a> {
    pub event: &'a str,
    pub event_bn: &'a str,
    pub when_en: &'a str,
    pub when_bn: &'a str,
    pub place: &'a str,
    pub link: &'a str,
}

/// The same reminder as a text message.
pub fn event_reminder_sms(site: &str, e: &EventNotice<'_>) -> String {
    let event_bn = if e.event_bn.is_empty() { e.event } else { e.event_bn };
    format!("{site}: “{event_bn}” শুরু হবে {}। টিকিট: {}", e.when_bn, e.link)
}

/// The same invitation as a text message.
pub fn invitation_sms(kind: Invited, site: &str, title_bn: &str, link: &str) -> String {
    format!("{site}: “{title_bn}” {} আপনাকে আমন্ত্রণ জানানো হয়েছে। ভর্তি হতে: {link}", kind.words())
}

/// The text that tells a verified phone its account's password changed (the e-mail says it too).
pub fn password_changed_sms(lang: Lang, site: &str, forgot_link: &str) -> String {
    match lang {
        Lang::En => format!("{site}: your password was just changed. If this was not you, reset it now: {forgot_link}"),
        Lang::Bn => format!("{site}: আপনার পাসওয়ার্ড এইমাত্র বদলানো হয়েছে। এটি আপনি না করে থাকলে এখনই রিসেট করুন: {forgot_link}"),
    }
}

/// A bell notice as a text, for a reader with a proven number and no e-mail address; `None` for a
/// kind that is not sent.
pub fn notice_sms(kind: &str, lang: Lang, site: &str, course: &str, amount: &str, link: &str) -> Option<String> {
    let what = notice_clause(kind, lang, course, amount)?;
    Some(match lang {
        Lang::En => format!("{site}: {what}. {link}"),
        Lang::Bn => format!("{site}: {what}। {link}"),
    })
}

/// A bell notice as one sentence (a browser notification's text, under the site's name).
pub fn notice_sentence(kind: &str, lang: Lang, course: &str, amount: &str) -> Option<String> {
    let what = notice_clause(kind, lang, course, amount)?;
    Some(match lang {
        Lang::En => {
            let mut chars = what.chars();
            let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
            format!("{first}{}.", chars.as_str())
        }
        Lang::Bn => format!("{what}।"),
    })
}

fn notice_clause(kind: &str, lang: Lang, course: &str, amount: &str) -> Option<String> {
    Some(match (kind, lang) {
        ("enrolment_approved", Lang::En) => format!("your enrolment in “{course}” is approved"),
        ("enrolment_approved", Lang::Bn) => format!("“{course}” কোর্সে আপনার ভর্তি নিশ্চিত হয়েছে"),
        ("certificate_issued", Lang::En) => format!("your certificate for “{course}” is ready"),
        ("certificate_issued", Lang::Bn) => format!("“{course}” কোর্সের সনদ প্রস্তুত"),
        ("payment_received", Lang::En) => format!("we received your payment of {amount} for “{course}”"),
        ("payment_received", Lang::Bn) => format!("“{course}” কোর্সের জন্য আপনার {amount} পেমেন্ট পাওয়া গেছে"),
        _ => return None,
    })
}

/// The text that carries a password reset code: the code alone lets someone choose the password,
/// so it says what it is for and not to share it.
pub fn reset_code_sms(lang: Lang, site: &str, code: &str) -> String {
    match lang {
        Lang::En => format!("{site}: your password reset code is {code}. It works for 5 minutes. If you did not ask for it, ignore this text and share it with no one."),
        Lang::Bn => format!("{site}: আপনার পাসওয়ার্ড রিসেট কোড {code}। এটি ৫ মিনিট কাজ করবে। আপনি না চেয়ে থাকলে এই বার্তা উপেক্ষা করুন এবং কাউকে জানাবেন না।"),
    }
}

/// The text that carries a phone verification code. The code stays in ASCII digits, which phones
/// offer to fill in by themselves.
pub fn phone_code_sms(lang: Lang, site: &str, code: &str) -> String {
    match lang {
        Lang::En => format!("{site}: your verification code is {code}. It works for 5 minutes. Do not share it with anyone."),
        Lang::Bn => format!("{site}: আপনার যাচাই কোড {code}। এটি ৫ মিনিট কাজ করবে। কাউকে জানাবেন না।"),
    }
}

/// A bulk message by e-mail: the sender's words as they wrote them, a paragraph per blank line.
pub fn announcement(site: &str, subject: &str, body: &str) -> Rendered {
    let mut blocks: Vec<Block> = body.split("\n\n").map(str::trim).filter(|p| !p.is_empty()).map(|p| Block::Text(p.to_owned())).collect();
    blocks.push(Block::Text(format!("{site}-এর ঘোষণা আর না পেতে নিচের লিংকে যান। / To stop announcements from {site}, follow the link below.")));
    blocks.push(Block::Button { label: "ঘোষণা বন্ধ করুন / Unsubscribe".into(), url: UNSUBSCRIBE_SLOT.into() });
    render_blocks(subject.to_owned(), blocks, site)
}

/// Where each recipient's own unsubscribe link goes in an announcement, filled in as it is
/// queued ([`super::bulk::enqueue`]).
pub const UNSUBSCRIBE_SLOT: &str = "{{unsubscribe}}";
