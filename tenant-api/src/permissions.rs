//! The one permission check of the API (SPEC §6): every call made in a role passes its role's
//! permission map here, before any handler runs. Each operation of the API document gets a rule
//! from [`rule`]: open to everyone signed in or not (a learner's own pages, public pages,
//! gateways' callbacks), or a module and an action the role must hold. A call the map refuses
//! answers 403 `permission_denied` naming both. `docs/permissions.md` lists every operation with
//! its rule; the tests fail when one has none or the list is stale.
//!
//! Only roles are narrowed: the learner view holds no map, and what a learner may touch (their
//! enrolments, attempts, files) stays each handler's rule, as does which institution a role
//! administers (`Caller::administers`).

use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use control_plane::access::{Action, Module};
use control_plane::auth::Caller;
use control_plane::AppError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Anyone, in any role: sign-in, one's own account and files, the learner's pages, public
    /// pages, the reference lists forms read, gateways' and meeting servers' callbacks.
    Open,
    /// The role must grant the action on the module.
    Needs(Module, Action),
}

/// `(path prefix, module)`, first match wins; `None` is open. The action comes from the call
/// ([`action_of`]) unless [`ACTIONS`] names it.
const MODULES: &[(&str, Option<Module>)] = &[
    // One's own account, sign-in and the site a page is on.
    ("/oauth/", None),
    ("/api/user", None),
    // The admins' user search; one's own record (view-info) stays open.
    ("/my-account/user/view-info", None),
    ("/my-account/user/view", Some(Module::Users)),
    ("/my-account/user/search", Some(Module::Users)),
    ("/my-account/user/", None),
    ("/my-account/password", None),
    ("/my-account/verif", None),
    ("/my-account/sso/", None),
    // The SMS gateway's delivery reports, signed per text.
    ("/my-account/sms/", None),
    ("/bulknotify/", Some(Module::Users)),
    ("/mail-template/", Some(Module::Settings)),
    ("/my-account/teacher-verification", None),
    ("/my-account/notifications", None),
    // One's own browsers' push subscriptions, and the key they subscribe with.
    ("/my-account/sotore/", None),
    // One's own choice of a site's announcements, by a signed link or signed in.
    ("/my-account/unsubscribe", None),
    ("/my-account/message-preferences", None),
    ("/my-account/sharing/", None),
    ("/my-account/system-user/users-access-given", None),
    ("/my-account/institutions/retrieve-site", None),
    ("/my-account/institutions/view-types", None),
    ("/my-account/feedback/create", None),
    // A learner's pages and the public ones (but an author enrolling someone).
    ("/learner-course/course-enrollment/attach", Some(Module::Course)),
    ("/learner-course/", None),
    ("/exam-front/", None),
    ("/assessment-front/", None),
    ("/content-bank-front/", None),
    ("/my-account/public", None),
    ("/api/tutorials/", None),
    ("/promotion/ad", None),
    ("/course/suggest/", None),
    ("/course/course/suggest/", None),
    ("/calendar/", None),
    ("/file-manager/user/", None),
    ("/convay/token", None),
    // Taking part in a class or a course's room (its handlers check who takes part, and how).
    ("/classroom/timeline/", None),
    ("/classroom/schedule/put-chat", None),
    ("/classroom/schedule/view-discussions", None),
    ("/classroom/schedule/view-syllabus", None),
    ("/classroom/schedule/classworks/", None),
    ("/classroom/class/view", None),
    ("/classroom/class/show/", None),
    ("/classroom/batch/view-enrolled-batches", None),
    ("/course/timeline/", None),
    ("/course/transactions/", None),
    ("/course/batch/enroll/", None),
    ("/course/batch/completed_lesson/", None),
    ("/assessment/batch/enroll/", None),
    ("/classroom/batch/enroll/", None),
    ("/event/all", None),
    ("/event/my", None),
    ("/event/details/", None),
    ("/event/register/", None),
    ("/event/ics/", None),
    ("/event/review", None),
    ("/event/discussion", None),
    ("/event/discussios/", None),
    ("/admin-settings/slider/front", None),
    // Reference lists every form reads, and their keepers' changes.
    ("/admin-settings/categories/", Some(Module::Settings)),
    ("/admin-settings/education/levels/", Some(Module::Settings)),
    ("/admin-settings/education/sublevel/", Some(Module::Settings)),
    ("/admin-settings/education/degree/", Some(Module::Settings)),
    ("/admin-settings/employment/profession/", Some(Module::Settings)),
    ("/admin-settings/language/value/", Some(Module::Settings)),
    ("/admin-settings/reference/", Some(Module::Settings)),
    ("/admin-settings/categories", None),
    ("/admin-settings/education/", None),
    ("/admin-settings/disabilities/", None),
    ("/admin-settings/participant_types", None),
    ("/admin-settings/tags/search", None),
    ("/admin-settings/language/values", None),
    ("/admin-settings/divisions", None),
    ("/admin-settings/districts/", None),
    ("/admin-settings/upazilas/", None),
    ("/admin-settings/upazilaInfo/", None),
    ("/admin-settings/employment/", None),
    ("/admin-settings/languages", None),
    // Gateways' and meeting servers' callbacks (checked by their own signatures).
    ("/payment/", None),
    ("/classroom/meetings/", None),
    // The modules.
    ("/api/v3/dashboard/", Some(Module::Dashboard)),
    ("/ai/forecast", Some(Module::Dashboard)),
    ("/admin-settings/dashboard/", Some(Module::Dashboard)),
    // A learner's marksheet is their teacher's to read too; the site's reports are not.
    ("/course/reports/learner-marksheet/", Some(Module::Course)),
    ("/course/reports/", Some(Module::Reports)),
    ("/course/accounts/", Some(Module::Accounts)),
    ("/course/transactions/", Some(Module::Accounts)),
    ("/admin-settings/coupons", Some(Module::Accounts)),
    ("/course/course/promote-course", Some(Module::Promotion)),
    ("/course/exam/", Some(Module::Exam)),
    ("/assessment/", Some(Module::Exam)),
    ("/course/training", Some(Module::Training)),
    ("/course/", Some(Module::Course)),
    ("/classroom/api_configure/", Some(Module::Settings)),
    ("/classroom/", Some(Module::Classroom)),
    ("/content-bank/", Some(Module::Content)),
    ("/question-bank/", Some(Module::QuestionBank)),
    ("/event/", Some(Module::Event)),
    // Every post's categories (a blog's editor reads them too); the site's articles are its settings'.
    ("/my-account/articles/view-categories", None),
    ("/my-account/articles/", Some(Module::Settings)),
    ("/my-account/blogs/", Some(Module::Publishing)),
    ("/my-account/tutorials/", Some(Module::Publishing)),
    ("/my-account/publishing/", Some(Module::Publishing)),
    ("/my-account/feedback/", Some(Module::Settings)),
    ("/my-account/showcase/", Some(Module::Settings)),
    ("/admin-settings/slider", Some(Module::Settings)),
    ("/my-account/institutions/domains", Some(Module::Settings)),
    ("/my-account/institutions/update", Some(Module::Settings)),
    ("/my-account/institutions/view-info/", Some(Module::Settings)),
    // Adding a person to an institution is people management, as system-user/create is.
    ("/my-account/institutions/create-user-by-admin", Some(Module::Users)),
    ("/my-account/institutions/", Some(Module::Partners)),
    ("/my-account/activity/", Some(Module::Activity)),
    ("/my-account/system-user/role-access-view/", Some(Module::Roles)),
    ("/my-account/system-user/", Some(Module::Users)),
    ("/admin-settings/role-list/", Some(Module::Roles)),
    ("/admin-settings/manage-roles/", Some(Module::Roles)),
    ("/admin-settings/new-role/", Some(Module::Roles)),
];

/// Calls whose action their path and method do not tell: `(method, path, action)`.
const ACTIONS: &[(Method, &str, Action)] = &[
    (Method::POST, "/my-account/system-user/view", Action::View),
    // Asking whom a bulk message reaches only reads; cancelling one edits it.
    (Method::POST, "/bulknotify/audience", Action::View),
    (Method::POST, "/bulknotify/messages/{id}/cancel", Action::Edit),
    // Previewing a mail's words saves nothing; putting them back as they were edits it.
    (Method::POST, "/mail-template/preview", Action::View),
    (Method::DELETE, "/mail-template/{key}/{lang}", Action::Edit),
    // An export of a report and taking one's own export off the list only read the reports.
    (Method::POST, "/course/reports/exports", Action::View),
    (Method::DELETE, "/course/reports/exports/{id}", Action::View),
    (Method::POST, "/admin-settings/categories/{id}/image", Action::Edit),
    (Method::DELETE, "/admin-settings/categories/{id}/image", Action::Edit),
    (Method::POST, "/course/training-facility/items/index", Action::View),
    (Method::POST, "/course/training-facility/get-location", Action::View),
    (Method::POST, "/course/training-facility/getFacilityByBatchId/{id}", Action::View),
    (Method::POST, "/course/training-resource/logistic/index", Action::View),
    (Method::POST, "/course/training-resource/get-honorium-data-for-enrollment-user/{id}", Action::View),
    (Method::GET, "/course/accounts/check-status/{x}", Action::View),
    (Method::POST, "/course/accounts/review/{uuid}", Action::Edit),
    (Method::POST, "/course/accounts/merchant", Action::Edit),
    (Method::POST, "/course/batch/manual_mark", Action::Edit),
    (Method::POST, "/event/check-in", Action::Edit),
    (Method::POST, "/course/training/batches/{id}/complete", Action::Edit),
    (Method::POST, "/course/training/sessions/{id}/attendance", Action::Edit),
    (Method::POST, "/classroom/attendance/store/{id}", Action::Edit),
    (Method::POST, "/course/attendance/store/{id}", Action::Edit),
    (Method::POST, "/assessment/attendance/store/{id}", Action::Edit),
    (Method::POST, "/classroom/api_configure/store", Action::Edit),
];

/// The rule of an operation (its method and its path as the API document writes it); `None`
/// for a path no entry covers, which the edge refuses to every role.
pub fn rule(method: &Method, path: &str) -> Option<Rule> {
    let (_, module) = MODULES.iter().find(|(prefix, _)| path.starts_with(prefix))?;
    Some(match module {
        None => Rule::Open,
        Some(module) => {
            let named = ACTIONS.iter().find(|(m, p, _)| m == method && *p == path).map(|(_, _, a)| *a);
            Rule::Needs(*module, named.unwrap_or_else(|| action_of(method, path)))
        }
    })
}

/// What a call does, from the verb its path ends with (`/course/batch/clone/{id}` creates,
/// `/course/course/publish` edits), else from its method.
fn action_of(method: &Method, path: &str) -> Action {
    let words = path.rsplit('/').filter(|s| !s.starts_with('{')).take(2).flat_map(|s| s.split(['-', '_']));
    for word in words {
        let action = match word {
            "delete" | "remove" | "destroy" => Action::Delete,
            "create" | "store" | "add" | "import" | "clone" | "upload" | "new" | "attach" | "enroll" | "batch_enroll" => Action::Create,
            "update" | "edit" | "approve" | "reject" | "publish" | "order" | "reorder" | "select" | "verify" | "status"
            | "accept" | "refund" | "evaluate" | "mark" | "save" | "set" | "assign" => Action::Edit,
            "view" | "list" | "show" | "export" | "download" | "stats" | "details" | "search" => Action::View,
            _ => continue,
        };
        return action;
    }
    match *method {
        Method::GET | Method::HEAD => Action::View,
        Method::DELETE => Action::Delete,
        Method::PUT | Method::PATCH => Action::Edit,
        _ => Action::Create,
    }
}

/// The middleware: a call made in a role passes only what the role's map grants.
pub async fn enforce(request: Request, next: Next) -> Response {
    let Some(role) = request.extensions().get::<Caller>().and_then(|c| c.role.as_ref()) else {
        return next.run(request).await;
    };
    let path = request.extensions().get::<MatchedPath>().map(MatchedPath::as_str).unwrap_or_default();
    match rule(request.method(), path) {
        Some(Rule::Open) => next.run(request).await,
        Some(Rule::Needs(module, action)) if role.grants.allows(module, action) => next.run(request).await,
        Some(Rule::Needs(module, action)) => AppError::NotPermitted(module, action).into_response(),
        None => AppError::Forbidden.into_response(),
    }
}

/// Every operation with its rule, as `docs/permissions.md` lists them: `operations` are the
/// methods and paths of the API document.
pub fn table<'a>(operations: impl IntoIterator<Item = (Method, &'a str)>) -> String {
    let rows: Vec<String> = operations
        .into_iter()
        .map(|(method, path)| {
            let rule = match rule(&method, path) {
                Some(Rule::Open) => "open".to_owned(),
                Some(Rule::Needs(module, action)) => format!("`{}.{}`", module.key(), action.key()),
                None => "**none**".to_owned(),
            };
            format!("| {method} | `{path}` | {rule} |")
        })
        .collect();
    format!(
        "# Every call and the permission it needs\n\n\
         Written by the test `roles::every_call_has_a_rule_and_the_table_is_current` (tenant-api) from the rules in\n\
         `tenant-api/src/permissions.rs`: run it with `BLESS=1` after changing a route or a rule. A call made in a\n\
         role needs what its row says; open calls need none, and the learner view needs none anywhere.\n\
         See `docs/api-users.md`.\n\n\
         | method | path | permission |\n|---|---|---|\n{}\n",
        rows.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_come_from_the_verb_then_the_method() {
        let needs = |m: Method, p: &str| rule(&m, p).unwrap();
        assert_eq!(needs(Method::POST, "/course/batch/clone/{id}"), Rule::Needs(Module::Course, Action::Create));
        assert_eq!(needs(Method::DELETE, "/course/course/delete/{id}"), Rule::Needs(Module::Course, Action::Delete));
        assert_eq!(needs(Method::PUT, "/course/course/update/{id}"), Rule::Needs(Module::Course, Action::Edit));
        assert_eq!(needs(Method::GET, "/course/reports/course-list"), Rule::Needs(Module::Reports, Action::View));
        assert_eq!(needs(Method::POST, "/my-account/system-user/view"), Rule::Needs(Module::Users, Action::View));
        assert_eq!(needs(Method::GET, "/learner-course/my"), Rule::Open);
        assert_eq!(rule(&Method::GET, "/nowhere"), None);
    }
}
