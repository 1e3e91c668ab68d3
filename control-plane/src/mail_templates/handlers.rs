//! `/mail-template/*`: a site's admins read, word, preview and restore the e-mails of
//! [`super::Key`] (the `/template/mail` page).

use super::{Key, Text, store};
use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::i18n::{Lang, taka};
use crate::json::{AppJson, AppPath};
use crate::response::Data;
use crate::state::ControlState;
use crate::tenancy::Tenant;
use crate::users::links::Site;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Customized {
    pub en: bool,
    pub bn: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MailTemplateSummary {
    pub key: Key,
    /// The placeholders its texts may use, such as `name` for `{name}`.
    pub placeholders: Vec<&'static str>,
    /// The placeholders its body must keep.
    pub required: Vec<&'static str>,
    /// Whether the site words it itself, per language.
    pub customized: Customized,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WordedText {
    pub subject: String,
    pub body: String,
    pub button: String,
    /// The site's own words rather than the built-in ones.
    pub customized: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MailTemplate {
    pub key: Key,
    pub placeholders: Vec<&'static str>,
    pub required: Vec<&'static str>,
    pub en: WordedText,
    pub bn: WordedText,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct MailTemplateInput {
    /// `en` or `bn`.
    pub lang: String,
    pub subject: String,
    pub body: String,
    pub button: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MailPreviewInput {
    pub key: String,
    #[serde(flatten)]
    pub text: MailTemplateInput,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MailPreview {
    pub subject: String,
    pub html: String,
    pub text: String,
}

/// The caller administers the site, which sends `key`.
fn admitted(tenant: &Tenant, caller: &crate::auth::Caller, key: &str) -> AppResult<Key> {
    caller.require_admin_of(tenant.id)?;
    Key::parse(key).filter(|k| k.offered(tenant.is_main)).ok_or(AppError::NotFound)
}

/// The words an admin sent for `key`, checked, and their language.
fn checked(key: Key, input: &MailTemplateInput) -> AppResult<(Lang, Text)> {
    let lang = Lang::parse(&input.lang).ok_or_else(|| AppError::field("lang", "invalid_choice"))?;
    Ok((lang, Text::checked(key, &input.subject, &input.body, &input.button)?))
}

async fn template(ctl: &ControlState, tenant: &Tenant, key: Key) -> AppResult<MailTemplate> {
    let mut worded = [(Lang::En, None), (Lang::Bn, None)];
    for (lang, own) in &mut worded {
        *own = store::find(&ctl.db, tenant.id, key, *lang).await?;
    }
    let [en, bn] = worded.map(|(lang, own)| {
        let customized = own.is_some();
        let Text { subject, body, button } = own.unwrap_or_else(|| key.default_text(lang));
        WordedText { subject, body, button, customized }
    });
    Ok(MailTemplate { key, placeholders: key.placeholders().to_vec(), required: key.required().to_vec(), en, bn })
}

/// The e-mails this site may word itself, and which it has.
#[utoipa::path(get, path = "/mail-template/list", tag = "settings",
    responses((status = 200, body = Data<Vec<MailTemplateSummary>>), (status = 401), (status = 403)))]
pub async fn list(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Vec<MailTemplateSummary>>>> {
    caller.require_admin_of(tenant.id)?;
    let worded = store::worded(&ctl.db, tenant.id).await?;
    let has = |key: Key, lang: &str| worded.iter().any(|(k, l)| k == key.name() && l == lang);
    let list = Key::ALL
        .into_iter()
        .filter(|k| k.offered(tenant.is_main))
        .map(|key| MailTemplateSummary {
            key,
            placeholders: key.placeholders().to_vec(),
            required: key.required().to_vec(),
            customized: Customized { en: has(key, "en"), bn: has(key, "bn") },
        })
        .collect();
    Ok(Json(Data::new(list)))
}

/// One e-mail's words in both languages: the site's own or the built-in ones.
#[utoipa::path(get, path = "/mail-template/{key}", tag = "settings", params(("key" = String, Path)),
    responses((status = 200, body = Data<MailTemplate>), (status = 401), (status = 403), (status = 404)))]
pub async fn view(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(key): AppPath<String>,
) -> AppResult<Json<Data<MailTemplate>>> {
    let key = admitted(&tenant, &caller, &key)?;
    Ok(Json(Data::new(template(&ctl, &tenant, key).await?)))
}

/// Saves the site's own words for one language of an e-mail.
#[utoipa::path(put, path = "/mail-template/{key}", tag = "settings", params(("key" = String, Path)), request_body = MailTemplateInput,
    responses((status = 200, body = Data<MailTemplate>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn save(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(key): AppPath<String>,
    AppJson(input): AppJson<MailTemplateInput>,
) -> AppResult<Json<Data<MailTemplate>>> {
    let key = admitted(&tenant, &caller, &key)?;
    let (lang, text) = checked(key, &input)?;
    store::save(&ctl.db, tenant.id, key, lang, &text, caller.user_id()).await?;
    Ok(Json(Data::new(template(&ctl, &tenant, key).await?)))
}

/// Goes back to the built-in words for one language of an e-mail.
#[utoipa::path(delete, path = "/mail-template/{key}/{lang}", tag = "settings", params(("key" = String, Path), ("lang" = String, Path, description = "en or bn")),
    responses((status = 200, body = Data<MailTemplate>), (status = 401), (status = 403), (status = 404)))]
pub async fn restore(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath((key, lang)): AppPath<(String, String)>,
) -> AppResult<Json<Data<MailTemplate>>> {
    let key = admitted(&tenant, &caller, &key)?;
    let lang = Lang::parse(&lang).ok_or(AppError::NotFound)?;
    store::remove(&ctl.db, tenant.id, key, lang).await?;
    Ok(Json(Data::new(template(&ctl, &tenant, key).await?)))
}

/// The e-mail as words not yet saved would make it, with sample values.
#[utoipa::path(post, path = "/mail-template/preview", tag = "settings", request_body = MailPreviewInput,
    responses((status = 200, body = Data<MailPreview>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn preview(
    State(ctl): State<ControlState>,
    host: HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<MailPreviewInput>,
) -> AppResult<Json<Data<MailPreview>>> {
    let key = admitted(&host.0, &caller, &input.key)?;
    let (lang, text) = checked(key, &input.text)?;
    let site = Site::of(&ctl, Some(&host), lang);
    let amount = taka(150_000, lang);
    let link = format!("{}/course/details/sample", site.url);
    let [name, course, class, event, time, place, enrolment] = match lang {
        Lang::En => ["Mitu Akter", "Data science basics", "Physics, class nine", "Career fair 2027", "tomorrow at 10:00 am", "the college auditorium",
            "As the whole payment was refunded, your enrolment in this course has ended."],
        Lang::Bn => ["মিতু আক্তার", "ডেটা সায়েন্সের প্রাথমিক পাঠ", "পদার্থবিজ্ঞান, নবম শ্রেণি", "ক্যারিয়ার মেলা ২০২৭", "আগামীকাল সকাল ১০:০০টায়", "কলেজ মিলনায়তন",
            "পুরো টাকা ফেরত দেওয়ায় এই কোর্সে আপনার ভর্তি বাতিল হয়েছে।"],
    };
    let values = [("site", site.name.as_str()), ("name", name), ("course", course), ("class", class), ("event", event), ("time", time), ("place", place),
        ("amount", &amount), ("enrolment", enrolment), ("partner", site.name.as_str()), ("link", &link)];
    let mail = text.render(&values, &site.name);
    Ok(Json(Data::new(MailPreview { subject: mail.subject, html: mail.html, text: mail.text })))
}
