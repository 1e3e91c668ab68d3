//! The control plane's HTTP routes, each documented for the OpenAPI document.

use crate::calendar;
use crate::catalogue::{learner, profiles, search};
use crate::institutions::{admin, domains, partner_register, public, types};
use crate::reference::{categories, languages, places};
use crate::showcase;
use crate::state::ControlState;
use crate::users::{login, oauth, password_reset, profile, register, switch_role, verification, view_info};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<ControlState> {
    OpenApiRouter::new()
        .routes(routes!(oauth::issue_token))
        .routes(routes!(calendar::calendar_entries))
        .routes(routes!(calendar::feed_state, calendar::create_feed, calendar::delete_feed))
        .routes(routes!(calendar::feed))
        .routes(routes!(register::register_user))
        .routes(routes!(login::login))
        .routes(routes!(login::logout))
        .routes(routes!(password_reset::reset_code))
        .routes(routes!(password_reset::reset_code_verification))
        .routes(routes!(password_reset::reset_password))
        .routes(routes!(verification::verification_by_mail))
        .routes(routes!(verification::resend_code))
        .routes(routes!(verification::verification_by_phone))
        .routes(routes!(profile::profile_info))
        .routes(routes!(profile::update_profile))
        .routes(routes!(view_info::view_info))
        .routes(routes!(view_info::api_user))
        .routes(routes!(switch_role::switch_role))
        .routes(routes!(partner_register::partner_register))
        .routes(routes!(types::view_types))
        .routes(routes!(types::view_types_public))
        .routes(routes!(admin::view_unapproved))
        .routes(routes!(admin::view_all))
        .routes(routes!(admin::view_info))
        .routes(routes!(admin::approve))
        .routes(routes!(admin::update))
        .routes(routes!(admin::create))
        .routes(routes!(admin::add_partner_by_admin))
        .routes(routes!(public::public_institutions))
        .routes(routes!(showcase::check_selected))
        .routes(routes!(showcase::check_selected_one))
        .routes(routes!(showcase::showcase_posts))
        .routes(routes!(showcase::select))
        .routes(routes!(domains::list_domains, domains::add_domain))
        .routes(routes!(domains::verify_domain))
        .routes(routes!(domains::remove_domain))
        .routes(routes!(categories::list_categories))
        .routes(routes!(places::list_divisions))
        .routes(routes!(places::list_districts))
        .routes(routes!(places::list_upazilas))
        .routes(routes!(places::upazila_info))
        .routes(routes!(places::list_professions))
        .routes(routes!(languages::get_language))
        .routes(routes!(search::course_search_solr))
        .routes(routes!(search::search_suggest))
        .routes(routes!(search::related_course))
        .routes(routes!(search::recommend_open))
        .routes(routes!(search::recommend_for_learner))
        .routes(routes!(learner::enrollment_list))
        .routes(routes!(profiles::user_info))
        .routes(routes!(profiles::institution_info))
        .routes(routes!(learner::my_courses_enrollment_list))
        .routes(routes!(learner::learner_certificates))
        .routes(routes!(learner::certificate_details))
}
