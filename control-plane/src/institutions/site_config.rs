//! A site's look and menus (`institutions.site_config`): enabled menus, theme colours,
//! slogans and module toggles. Read leniently (missing parts take defaults), written validated.

use crate::validate::{Validator, is_colour};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct SiteConfig {
    pub menus: Vec<String>,
    pub theme: Theme,
    pub slogan_en: String,
    pub slogan_bn: String,
    pub modules: Modules,
    pub verification: Registries,
}

/// Which registries the site's teacher and officer verification offers (all by default); the
/// platform's registry gateway must be configured too.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct Registries {
    pub dshe: bool,
    pub dme: bool,
    pub dte: bool,
    pub dpe: bool,
    pub dpe_officer: bool,
}

impl Default for Registries {
    fn default() -> Self {
        Self { dshe: true, dme: true, dte: true, dpe: true, dpe_officer: true }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct Theme {
    pub primary: String,
    pub secondary: String,
}

/// SPEC §9: every module toggle is on by default.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct Modules {
    pub faq: bool,
    pub partnership: bool,
    pub userguide: bool,
    pub teacher: bool,
    pub partner: bool,
    pub home_users: bool,
    pub home_features: bool,
    pub learner_feedback: bool,
    pub sso_login: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Self { primary: "#1b5e20".into(), secondary: "#c62828".into() }
    }
}

impl Default for Modules {
    fn default() -> Self {
        Self {
            faq: true,
            partnership: true,
            userguide: true,
            teacher: true,
            partner: true,
            home_users: true,
            home_features: true,
            learner_feedback: true,
            sso_login: true,
        }
    }
}

impl Default for SiteConfig {
    fn default() -> Self {
        Self {
            menus: Vec::new(),
            theme: Theme::default(),
            slogan_en: "Learn anything, anywhere, in your own language.".into(),
            slogan_bn: "যেকোনো কিছু শিখুন, যেকোনো জায়গা থেকে, নিজের ভাষায়।".into(),
            modules: Modules::default(),
            verification: Registries::default(),
        }
    }
}

impl SiteConfig {
    pub fn from_json(value: &serde_json::Value) -> Self {
        serde_json::from_value(value.clone()).unwrap_or_default()
    }

    pub fn validate(mut self, v: &mut Validator) -> Self {
        self.slogan_en = v.optional_text("site_config.slogan_en", &self.slogan_en, 200).unwrap_or_default();
        self.slogan_bn = v.optional_text("site_config.slogan_bn", &self.slogan_bn, 200).unwrap_or_default();
        for (field, colour) in [("site_config.theme.primary", &self.theme.primary), ("site_config.theme.secondary", &self.theme.secondary)] {
            if !is_colour(colour) {
                v.add(field, "invalid_colour", None);
            }
        }
        if self.menus.len() > 40 {
            v.add("site_config.menus", "too_many", Some(40));
        }
        self.menus.retain(|m| !m.trim().is_empty());
        self.menus.dedup();
        if self.menus.iter().any(|m| m.chars().count() > 60) {
            v.add("site_config.menus", "too_long", Some(60));
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_parts_take_defaults_and_bad_colours_are_refused() {
        let c = SiteConfig::from_json(&serde_json::json!({"theme": {"primary": "#123456"}}));
        assert_eq!(c.theme.primary, "#123456");
        assert_eq!(c.theme.secondary, Theme::default().secondary);
        assert!(c.modules.partnership);
        let mut v = Validator::default();
        let mut bad = SiteConfig::default();
        bad.theme.primary = "red".into();
        bad.validate(&mut v);
        assert!(v.has("site_config.theme.primary"));
    }
}
