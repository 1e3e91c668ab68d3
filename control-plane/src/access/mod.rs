//! Permission maps (SPEC §6): a role grants actions on modules, `{module: {action: bool}}`, and a
//! module or action the map leaves out is refused. The edge checks the caller's current role
//! against the map on every call (`tenant-api/src/permissions`); this module says what the
//! modules and actions are, what the built-in roles grant, and reads and checks a map sent by an
//! admin. `docs/api-users.md` describes it for the API's callers.

pub mod roles;
pub mod staff;

use crate::error::{AppError, FieldError, FieldErrors};
use crate::memberships::{APPROVER, PARTNER_ADMIN, SUPER, TEACHER};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Module {
    Dashboard,
    Course,
    Classroom,
    Content,
    Exam,
    QuestionBank,
    Training,
    Event,
    Accounts,
    Promotion,
    Publishing,
    Reports,
    Users,
    Roles,
    Activity,
    Settings,
    /// Partner requests, approval and suspension: the main site's only.
    Partners,
}

impl Module {
    pub const ALL: [Module; 17] = [
        Module::Dashboard,
        Module::Course,
        Module::Classroom,
        Module::Content,
        Module::Exam,
        Module::QuestionBank,
        Module::Training,
        Module::Event,
        Module::Accounts,
        Module::Promotion,
        Module::Publishing,
        Module::Reports,
        Module::Users,
        Module::Roles,
        Module::Activity,
        Module::Settings,
        Module::Partners,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Module::Dashboard => "dashboard",
            Module::Course => "course",
            Module::Classroom => "classroom",
            Module::Content => "content",
            Module::Exam => "exam",
            Module::QuestionBank => "question_bank",
            Module::Training => "training",
            Module::Event => "event",
            Module::Accounts => "accounts",
            Module::Promotion => "promotion",
            Module::Publishing => "publishing",
            Module::Reports => "reports",
            Module::Users => "users",
            Module::Roles => "roles",
            Module::Activity => "activity",
            Module::Settings => "settings",
            Module::Partners => "partners",
        }
    }

    pub fn parse(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.key() == key)
    }

    /// Whether a role of a partner site may hold it.
    pub fn for_partners(self) -> bool {
        self != Module::Partners
    }

    /// The modules a role of this site may hold.
    pub fn offered(main_site: bool) -> impl Iterator<Item = Module> {
        Self::ALL.into_iter().filter(move |m| main_site || m.for_partners())
    }

    fn index(self) -> usize {
        Self::ALL.iter().position(|m| *m == self).unwrap_or_default()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    View,
    Create,
    Edit,
    Delete,
}

impl Action {
    pub const ALL: [Action; 4] = [Action::View, Action::Create, Action::Edit, Action::Delete];

    pub fn key(self) -> &'static str {
        match self {
            Action::View => "view",
            Action::Create => "create",
            Action::Edit => "edit",
            Action::Delete => "delete",
        }
    }

    pub fn parse(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.key() == key)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A permission map as JSON carries it.
pub type Map = BTreeMap<String, BTreeMap<String, bool>>;

/// A permission map as the edge checks it: one bit per action of each module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Grants([u8; Module::ALL.len()]);

impl Grants {
    pub fn allows(&self, module: Module, action: Action) -> bool {
        self.0[module.index()] & action.bit() != 0
    }

    /// Every action on each of `modules`.
    pub fn every(modules: impl IntoIterator<Item = Module>) -> Self {
        let mut grants = Self::default();
        for module in modules {
            grants.0[module.index()] = 0b1111;
        }
        grants
    }

    pub fn with(mut self, module: Module, actions: &[Action]) -> Self {
        for action in actions {
            self.0[module.index()] |= action.bit();
        }
        self
    }

    /// Reads an admin's map, refusing a module or action we do not know and a module this site's
    /// roles may not hold, so a typo never silently grants or refuses.
    pub fn from_map(map: &Map, main_site: bool) -> Result<Self, AppError> {
        let mut grants = Self::default();
        let mut errors: Vec<FieldError> = Vec::new();
        for (module_key, actions) in map {
            let Some(module) = Module::parse(module_key) else {
                errors.push(FieldError { code: "unknown_module", param: None });
                continue;
            };
            if !main_site && !module.for_partners() {
                errors.push(FieldError { code: "module_not_allowed", param: None });
                continue;
            }
            for (action_key, granted) in actions {
                match Action::parse(action_key) {
                    Some(action) if *granted => grants.0[module.index()] |= action.bit(),
                    Some(_) => {}
                    None => errors.push(FieldError { code: "unknown_action", param: None }),
                }
            }
        }
        if errors.is_empty() {
            Ok(grants)
        } else {
            errors.dedup();
            Err(AppError::Validation(FieldErrors::from([("permissions".to_owned(), errors)])))
        }
    }

    /// The modules it grants anything on, each with all its actions: what a caller is told of
    /// their own role.
    pub fn granted(&self) -> Map {
        Module::ALL
            .into_iter()
            .filter(|m| Action::ALL.into_iter().any(|a| self.allows(*m, a)))
            .map(|m| (m.key().to_owned(), Action::ALL.into_iter().map(|a| (a.key().to_owned(), self.allows(m, a))).collect()))
            .collect()
    }

    /// The map with every module this site's roles may hold and each of its actions, granted or not.
    pub fn to_map(&self, main_site: bool) -> Map {
        Module::offered(main_site)
            .map(|m| (m.key().to_owned(), Action::ALL.into_iter().map(|a| (a.key().to_owned(), self.allows(m, a))).collect()))
            .collect()
    }
}

/// How the web app lays out its menu for a role (SPEC §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Super,
    Approver,
    Partner,
}

impl Class {
    /// `super` or any `sys-` role but the blog and tutorial approver is super; the approver is
    /// its own; any other role is a partner's.
    pub fn of(slug: &str) -> Self {
        if slug == APPROVER {
            Class::Approver
        } else if slug == SUPER || slug.starts_with("sys-") {
            Class::Super
        } else {
            Class::Partner
        }
    }
}

/// A role defined in code: on every main site (super, approver) or every partner site.
pub struct BuiltIn {
    pub slug: &'static str,
    pub name: &'static str,
    pub name_bn: &'static str,
    pub main_site: bool,
}

pub const BUILT_IN: [BuiltIn; 4] = [
    BuiltIn { slug: SUPER, name: "Super admin", name_bn: "সুপার অ্যাডমিন", main_site: true },
    BuiltIn { slug: APPROVER, name: "Blog and tutorial admin", name_bn: "ব্লগ ও টিউটোরিয়াল অ্যাডমিন", main_site: true },
    BuiltIn { slug: PARTNER_ADMIN, name: "Partner admin", name_bn: "পার্টনার অ্যাডমিন", main_site: false },
    BuiltIn { slug: TEACHER, name: "Teacher", name_bn: "শিক্ষক", main_site: false },
];

impl BuiltIn {
    pub fn find(slug: &str) -> Option<&'static BuiltIn> {
        BUILT_IN.iter().find(|b| b.slug == slug)
    }

    /// What the built-in role grants: everything to the super admin and the partner admin on
    /// their sites; the approver is kept to blogs, tutorials and the dashboard (SPEC §6); a
    /// teacher authors, teaches and blogs, but keeps out of the site's money, people, settings
    /// and reports.
    pub fn grants(&self) -> Grants {
        match self.slug {
            SUPER => Grants::every(Module::ALL),
            APPROVER => Grants::every([Module::Publishing]).with(Module::Dashboard, &[Action::View]),
            PARTNER_ADMIN => Grants::every(Module::offered(false)),
            _ => Grants::every([
                Module::Course,
                Module::Classroom,
                Module::Content,
                Module::Exam,
                Module::QuestionBank,
                Module::Training,
                Module::Event,
                Module::Publishing,
            ])
            .with(Module::Dashboard, &[Action::View]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_grants_what_it_says_and_nothing_it_leaves_out() {
        let map: Map = serde_json::from_str(r#"{"exam": {"view": true, "edit": true, "delete": false}}"#).unwrap();
        let grants = Grants::from_map(&map, false).unwrap();
        assert!(grants.allows(Module::Exam, Action::View) && grants.allows(Module::Exam, Action::Edit));
        assert!(!grants.allows(Module::Exam, Action::Delete) && !grants.allows(Module::Exam, Action::Create));
        assert!(!grants.allows(Module::Course, Action::View));
        assert_eq!(Grants::from_map(&grants.to_map(false), false).unwrap(), grants, "a map read back is the same map");
    }

    #[test]
    fn unknown_modules_and_actions_and_the_main_sites_modules_on_a_partner_are_refused() {
        for (map, code) in [
            (r#"{"courses": {"view": true}}"#, "unknown_module"),
            (r#"{"course": {"read": true}}"#, "unknown_action"),
            (r#"{"partners": {"view": true}}"#, "module_not_allowed"),
        ] {
            let map: Map = serde_json::from_str(map).unwrap();
            match Grants::from_map(&map, false) {
                Err(AppError::Validation(fields)) => assert_eq!(fields["permissions"][0].code, code),
                other => panic!("{code}: {other:?}"),
            }
        }
        let partners: Map = serde_json::from_str(r#"{"partners": {"view": true}}"#).unwrap();
        assert!(Grants::from_map(&partners, true).is_ok(), "the main site's roles may hold partners");
    }

    #[test]
    fn built_in_roles_grant_what_spec_6_says() {
        let approver = BuiltIn::find(APPROVER).unwrap().grants();
        assert!(approver.allows(Module::Publishing, Action::Delete) && approver.allows(Module::Dashboard, Action::View));
        assert!(!approver.allows(Module::Course, Action::View) && !approver.allows(Module::Dashboard, Action::Edit));
        let partner = BuiltIn::find(PARTNER_ADMIN).unwrap().grants();
        assert!(partner.allows(Module::Accounts, Action::Edit) && !partner.allows(Module::Partners, Action::View));
        let teacher = BuiltIn::find(TEACHER).unwrap().grants();
        assert!(teacher.allows(Module::Course, Action::Create) && !teacher.allows(Module::Accounts, Action::View));
        assert_eq!(Class::of("sys-support"), Class::Super);
        assert_eq!(Class::of(APPROVER), Class::Approver);
        assert_eq!(Class::of("exam-officer"), Class::Partner);
    }
}
