//! The fields of a new institution, shared by the partner application and the super admin's
//! create forms.

use super::{slug, store, types};
use crate::error::AppResult;
use crate::validate::Validator;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct InstitutionInput {
    /// Name in Bangla.
    pub institution_name: String,
    pub institution_name_en: String,
    /// The wanted subdomain.
    pub subdomain: String,
    /// An institution type id (`view-types-public`).
    #[serde(rename = "type")]
    #[schema(value_type = i64)]
    pub kind: Value,
    pub contact_phone: String,
    pub contact_email: String,
}

pub struct NewInstitution {
    pub slug: String,
    pub institution_name: String,
    pub institution_name_en: String,
    pub type_id: i16,
    pub contact_phone: String,
    pub contact_email: String,
}

/// Validates into `v`, including whether the type exists and the subdomain is free.
pub async fn validate(db: &PgPool, v: &mut Validator, input: &InstitutionInput) -> AppResult<NewInstitution> {
    let institution_name = v.text("institution_name", &input.institution_name, 150);
    let institution_name_en = v.text("institution_name_en", &input.institution_name_en, 150);
    let slug = match slug::parse(&input.subdomain) {
        Ok(slug) => slug,
        Err(code) => {
            v.add("subdomain", if input.subdomain.trim().is_empty() { "required" } else { code }, None);
            String::new()
        }
    };
    if !slug.is_empty() && store::slug_taken(db, &slug).await? {
        v.add("subdomain", "subdomain_taken", None);
    }
    let type_id = match &input.kind {
        Value::Null => {
            v.add("type", "required", None);
            0
        }
        Value::Number(n) => match n.as_i64().and_then(|n| i16::try_from(n).ok()) {
            Some(id) if types::exists(db, id).await? => id,
            _ => {
                v.add("type", "invalid_choice", None);
                0
            }
        },
        Value::String(s) if s.trim().is_empty() => {
            v.add("type", "required", None);
            0
        }
        Value::String(s) => match s.trim().parse::<i16>() {
            Ok(id) if types::exists(db, id).await? => id,
            _ => {
                v.add("type", "invalid_choice", None);
                0
            }
        },
        _ => {
            v.add("type", "invalid_type", None);
            0
        }
    };
    let contact_phone = v.phone("contact_phone", &input.contact_phone);
    let contact_email = v.email("contact_email", &input.contact_email);
    Ok(NewInstitution { slug, institution_name, institution_name_en, type_id, contact_phone, contact_email })
}
