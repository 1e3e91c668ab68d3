//! Assembles the edge: the OpenAPI document and static assets on every host; behind host
//! resolution and authentication, the control plane's and the tenant's routes and the app shell.

use crate::state::AppState;
use crate::assessment::{candidates, exams as certificate_exams, results as exam_batch_results};
use crate::certificates::{approval, download, templates};
use crate::courses::{authoring, batches, syllabus};
use crate::learning::{details, enrolment, journey, page_cache, reviews, wishlist};
use crate::questions::{bank, folders, transfer};
use crate::exams::{authoring as exam_authoring, results as exam_results, stats as exam_stats, taking};
use crate::accounts::photo;
use crate::payments::{accounts as money, checkout, coupons, merchant, notices, payouts, receipt, refunds};
use crate::promotions::{ads, manage as promotions};
use crate::contents::{learning as content_learning, manage as contents};
use crate::files::{manage as files, resumable, upload as file_upload};
use crate::publishing::{feedback, manage as posts, media as post_media, public as public_posts, sliders};
use crate::{activity, bulk, classrooms, dashboard, events, guard, headers, hosts, notifications, reference, reports, site, tls, trainings, web};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use axum::middleware::{from_fn, from_fn_with_state, map_response};
use axum::response::Response;
use axum::routing::get;
use control_plane::auth::caller::authenticate;
use control_plane::error::{contract_errors, localize_errors};
use control_plane::json::JSON_LIMIT;
use std::sync::Arc;
use tower_http::services::ServeDir;
use tower_http::compression::CompressionLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

#[derive(OpenApi)]
#[openapi(info(title = "LMS platform API", description = "Main site and partner sites: every call of the platform."))]
struct ApiDoc;

/// The tenant-side routes (they read or write the host tenant's schema or bucket).
fn tenant_routes(app: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(site::retrieve_site))
        .routes(routes!(classrooms::manage::view_classes))
        .routes(routes!(classrooms::manage::unassigned_rooms))
        .routes(routes!(classrooms::manage::view_class))
        .routes(routes!(classrooms::manage::show_class))
        .routes(routes!(classrooms::manage::join_class))
        .routes(routes!(classrooms::manage::create_class))
        .routes(routes!(classrooms::manage::update_class))
        .routes(routes!(classrooms::manage::publish_feature))
        .routes(routes!(classrooms::manage::batch_publish_feature))
        .routes(routes!(classrooms::manage::view_enrolled))
        .routes(routes!(classrooms::manage::delete_class))
        .routes(routes!(classrooms::people::view_people))
        .routes(routes!(classrooms::people::create_person))
        .routes(routes!(classrooms::people::create_teacher))
        .routes(routes!(classrooms::people::create_student))
        .routes(routes!(classrooms::people::edit_name))
        .routes(routes!(classrooms::people::add_people))
        .routes(routes!(classrooms::people::update_person))
        .routes(routes!(classrooms::people::delete_person))
        .routes(routes!(classrooms::schedule::view_sessions))
        .routes(routes!(classrooms::classwork::view_session_classworks))
        .routes(routes!(classrooms::evaluation::session_results))
        .routes(routes!(classrooms::evaluation::user_answers))
        .routes(routes!(classrooms::schedule::view_session))
        .routes(routes!(classrooms::schedule::create_session))
        .routes(routes!(classrooms::schedule::update_session))
        .routes(routes!(classrooms::schedule::delete_session))
        .routes(routes!(classrooms::schedule::set_recording))
        .routes(routes!(classrooms::classwork::view_classworks))
        .routes(routes!(classrooms::classwork::create_classwork))
        .routes(routes!(classrooms::classwork::update_classwork))
        .routes(routes!(classrooms::classwork::delete_classwork))
        .routes(routes!(classrooms::chat::view_chat))
        .routes(routes!(classrooms::chat::put_chat))
        .routes(routes!(classrooms::meetings::join_token))
        .routes(routes!(classrooms::course_room::course_people))
        .routes(routes!(classrooms::course_room::course_create_person))
        .routes(routes!(classrooms::course_room::course_create_teacher))
        .routes(routes!(classrooms::course_room::course_create_student))
        .routes(routes!(classrooms::course_room::course_add_people))
        .routes(routes!(classrooms::course_room::course_update_person))
        .routes(routes!(classrooms::course_room::course_edit_name))
        .routes(routes!(classrooms::course_room::course_delete_person))
        .routes(routes!(classrooms::course_room::course_delete_session))
        .routes(routes!(classrooms::course_room::course_attendance))
        .routes(routes!(classrooms::course_room::course_store_attendance))
        .routes(routes!(classrooms::course_room::course_download_attendance))
        .routes(routes!(classrooms::course_room::course_timeline))
        .routes(routes!(classrooms::course_room::course_create_post))
        .routes(routes!(classrooms::course_room::course_update_post))
        .routes(routes!(classrooms::course_room::course_delete_post))
        .routes(routes!(classrooms::course_room::course_post_comment))
        .routes(routes!(classrooms::course_room::course_update_comment))
        .routes(routes!(classrooms::course_room::course_delete_comment))
        .routes(routes!(classrooms::meetings::store_account))
        .routes(routes!(classrooms::meetings::check_account))
        .routes(routes!(classrooms::meetings::callbacks::bbb_recording_ready))
        .routes(routes!(classrooms::meetings::callbacks::zoom_webhook))
        .routes(routes!(classrooms::attendance::view_attendance))
        .routes(routes!(classrooms::attendance::store_attendance))
        .routes(routes!(classrooms::attendance::update_attendance))
        .routes(routes!(classrooms::attendance::download_attendance))
        .routes(routes!(classrooms::timeline::view_timeline))
        .routes(routes!(classrooms::timeline::view_pinned))
        .routes(routes!(classrooms::live::timeline_stream))
        .routes(routes!(bulk::audience))
        .routes(routes!(bulk::create, bulk::list))
        .routes(routes!(bulk::find))
        .routes(routes!(bulk::cancel))
        .routes(routes!(bulk::failures))
        .routes(routes!(notifications::list))
        .routes(routes!(notifications::unread))
        .routes(routes!(notifications::read))
        .routes(routes!(notifications::read_all))
        .routes(routes!(notifications::stream))
        .routes(routes!(classrooms::timeline::create_post))
        .routes(routes!(classrooms::timeline::update_post))
        .routes(routes!(classrooms::timeline::pin_post))
        .routes(routes!(classrooms::timeline::delete_post))
        .routes(routes!(classrooms::timeline::post_comment))
        .routes(routes!(classrooms::timeline::update_comment))
        .routes(routes!(classrooms::timeline::delete_comment))
        .routes(routes!(events::manage::all_events))
        .routes(routes!(events::manage::my_events))
        .routes(routes!(events::manage::event_details))
        .routes(routes!(events::manage::create_event))
        .routes(routes!(events::manage::update_event))
        .routes(routes!(events::manage::delete_event))
        .routes(routes!(events::registrations::register))
        .routes(routes!(events::registrations::remove_registration))
        .routes(routes!(events::registrations::decide_registration))
        .routes(routes!(events::registrations::event_users))
        .routes(routes!(events::registrations::event_attendance))
        .routes(routes!(events::registrations::check_in))
        .routes(routes!(events::materials::event_materials))
        .routes(routes!(events::materials::add_material))
        .routes(routes!(events::materials::remove_material))
        .routes(routes!(events::discussions::event_discussions))
        .routes(routes!(events::discussions::create_discussion))
        .routes(routes!(events::discussions::update_discussion))
        .routes(routes!(events::discussions::delete_discussion))
        .routes(routes!(events::reviews::event_reviews))
        .routes(routes!(events::reviews::review_event))
        .routes(routes!(events::calendar::event_ics))
        .routes(routes!(trainings::setup::view_training_batch, trainings::setup::update_training_batch))
        .routes(routes!(trainings::setup::get_location))
        .routes(routes!(trainings::mine::my_trainings))
        .routes(routes!(trainings::setup::add_trainer, trainings::setup::update_trainer))
        .routes(routes!(trainings::setup::remove_trainer))
        .routes(routes!(trainings::setup::add_session, trainings::setup::update_session))
        .routes(routes!(trainings::setup::remove_session))
        .routes(routes!(trainings::attendance::session_attendance, trainings::attendance::mark_attendance))
        .routes(routes!(trainings::attendance::complete_batch))
        .routes(routes!(trainings::attendance::enrolled_users))
        .routes(routes!(trainings::attendance::trained_users))
        .routes(routes!(trainings::meals::create_item))
        .routes(routes!(trainings::meals::item_index))
        .routes(routes!(trainings::meals::edit_item))
        .routes(routes!(trainings::meals::delete_item))
        .routes(routes!(trainings::meals::view_plan))
        .routes(routes!(trainings::meals::save_plan))
        .routes(routes!(trainings::meals::delete_plan))
        .routes(routes!(trainings::meals::facility_of_batch))
        .routes(routes!(trainings::meals::meals_xlsx))
        .routes(routes!(trainings::budget::view_budget))
        .routes(routes!(trainings::budget::save_budget))
        .routes(routes!(trainings::budget::budget_xlsx))
        .routes(routes!(trainings::budget::create_logistic))
        .routes(routes!(trainings::budget::logistic_index))
        .routes(routes!(trainings::budget::update_logistic))
        .routes(routes!(trainings::budget::delete_logistic))
        .routes(routes!(trainings::budget::issue_logistic))
        .routes(routes!(trainings::honorarium::honorarium_data))
        .routes(routes!(trainings::honorarium::honorarium_statement))
        .routes(routes!(site::update_site))
        .routes(routes!(activity::view_activity))
        .routes(routes!(activity::view_user_activity))
        .routes(routes!(reference::export_list))
        .routes(routes!(reference::import_list))
        .merge(with_body_limit(
            OpenApiRouter::new().routes(routes!(reference::set_category_image, reference::remove_category_image)),
            reference::BODY_LIMIT,
        ))
        .routes(routes!(details::course_details))
        .routes(routes!(details::enroll_course_details))
        .routes(routes!(enrolment::view_enroll_details))
        .routes(routes!(journey::journey_status))
        .routes(routes!(journey::lesson))
        .routes(routes!(journey::lesson_details))
        .routes(routes!(journey::authoring_lesson))
        .routes(routes!(journey::checkprev))
        .routes(routes!(journey::completed_lesson))
        .routes(routes!(journey::quiz_submit))
        .routes(routes!(journey::syllabus_submission))
        .routes(routes!(reviews::course_reviews))
        .routes(routes!(reviews::view_reviews))
        .routes(routes!(wishlist::my_wishlist, wishlist::toggle_wishlist))
        .routes(routes!(approval::course_certificates))
        .routes(routes!(approval::approve_certificate))
        .routes(routes!(templates::list_templates))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(templates::store_template)), templates::BODY_LIMIT))
        .routes(routes!(templates::view_exam_templates))
        .merge(with_body_limit(
            OpenApiRouter::new().routes(routes!(templates::create_exam_template)).routes(routes!(templates::update_exam_template)),
            templates::BODY_LIMIT,
        ))
        .routes(routes!(templates::delete_template))
        .routes(routes!(certificate_exams::view_exams))
        .routes(routes!(certificate_exams::view_exam))
        .routes(routes!(certificate_exams::find_exam))
        .routes(routes!(certificate_exams::view_exam_batches))
        .routes(routes!(certificate_exams::view_exam_syllabus))
        .routes(routes!(certificate_exams::view_exam_syllabus_all))
        .routes(routes!(certificate_exams::view_exam_syllabus_child))
        .routes(routes!(exam_batch_results::evaluation_results))
        .routes(routes!(exam_batch_results::course_evaluation_results))
        .routes(routes!(exam_batch_results::learner_marksheet))
        .routes(routes!(exam_batch_results::courseworks))
        .routes(routes!(crate::assessment::marksheet_pdf::marksheet_pdf))
        .routes(routes!(exam_batch_results::performance_stats))
        .routes(routes!(exam_results::user_answers))
        .routes(routes!(candidates::view_candidates))
        .routes(routes!(crate::assessment::attendance::view_attendance))
        .routes(routes!(crate::assessment::attendance::store_attendance))
        .routes(routes!(crate::assessment::discussions::view_discussions))
        .routes(routes!(crate::assessment::discussions::store_discussion))
        .routes(routes!(crate::assessment::discussions::remove_discussion))
        .routes(routes!(candidates::create_candidate))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(candidates::import_candidates)), candidates::BODY_LIMIT))
        .routes(routes!(candidates::update_candidate))
        .routes(routes!(candidates::delete_candidate))
        .routes(routes!(download::certificate_pdf))
        .routes(routes!(dashboard::pending_task::pending_task))
        .routes(routes!(dashboard::search_analysis::search_analysis))
        .routes(routes!(dashboard::figures::total_learner))
        .routes(routes!(dashboard::figures::total_course))
        .routes(routes!(dashboard::figures::total_exam))
        .routes(routes!(dashboard::figures::total_certificate))
        .routes(routes!(dashboard::figures::learner_by_gender))
        .routes(routes!(dashboard::figures::completeness))
        .routes(routes!(dashboard::figures::enrollment))
        .routes(routes!(dashboard::figures::upcoming))
        .routes(routes!(dashboard::figures::learn_track))
        .routes(routes!(dashboard::figures::upcoming_classes))
        .routes(routes!(dashboard::figures::platform_stats))
        .routes(routes!(dashboard::forecast::enrolment_forecast))
        .routes(routes!(reports::lists::courses))
        .routes(routes!(reports::lists::learners))
        .routes(routes!(reports::lists::course_users))
        .routes(routes!(reports::lists::learner_courses))
        .routes(routes!(reports::exports::start, reports::exports::list))
        .routes(routes!(reports::exports::view, reports::exports::remove))
        .routes(routes!(reports::exports::download))
        .routes(routes!(reports::stats::course_stats))
        .routes(routes!(reports::stats::course_stat))
        .routes(routes!(reports::stats::learner_stats))
        .routes(routes!(reports::stats::learner_stat))
        .routes(routes!(bank::view_questions))
        .routes(routes!(bank::view_question))
        .routes(routes!(bank::create_question))
        .routes(routes!(bank::update_question))
        .routes(routes!(bank::delete_question))
        .routes(routes!(folders::view_folders))
        .routes(routes!(folders::create_folder))
        .routes(routes!(folders::update_folder))
        .routes(routes!(folders::delete_folder))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(transfer::import_questions)), transfer::BODY_LIMIT))
        .routes(routes!(transfer::export_questions))
        .routes(routes!(crate::questions::media::attach_media))
        .routes(routes!(exam_authoring::view_single))
        .routes(routes!(exam_authoring::view_single_exam))
        .routes(routes!(exam_authoring::create_single))
        .routes(routes!(exam_authoring::update_single))
        .routes(routes!(exam_authoring::delete_single))
        .routes(routes!(exam_results::exam_attempts))
        .routes(routes!(exam_results::marking_queue))
        .routes(routes!(exam_results::manual_mark))
        .routes(routes!(exam_results::increase_attempt))
        .routes(routes!(exam_stats::view_stat))
        .routes(routes!(exam_stats::q_analytics))
        .routes(routes!(taking::exam_intro))
        .routes(routes!(taking::start_attempt))
        .routes(routes!(taking::view_attempt))
        .routes(routes!(taking::save_answer))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(taking::upload_answer_file)), taking::UPLOAD_BODY_LIMIT))
        .routes(routes!(taking::submit_attempt))
        .routes(routes!(taking::attempt_result))
        .routes(routes!(files::get_my_files))
        .routes(routes!(files::get_files))
        .routes(routes!(files::create_folder))
        .routes(routes!(files::save_name))
        .routes(routes!(files::delete_file))
        .routes(routes!(files::delete_folder))
        .routes(routes!(files::profile_folder))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(file_upload::upload_file)), file_upload::BODY_LIMIT))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(file_upload::upload_cropped_image)), file_upload::CROPPED_BODY_LIMIT))
        .routes(routes!(resumable::start_upload))
        .routes(routes!(resumable::upload_status, resumable::cancel_upload))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(resumable::send_part)), resumable::PART_BODY_LIMIT))
        .routes(routes!(resumable::complete_upload))
        .routes(routes!(file_upload::create_url))
        .routes(routes!(file_upload::download_file))
        .routes(routes!(crate::sharing::share))
        .routes(routes!(crate::sharing::shared_with_me))
        .routes(routes!(posts::view_blogs))
        .routes(routes!(posts::store_blog))
        .routes(routes!(posts::update_blog))
        .routes(routes!(posts::publish_blog))
        .routes(routes!(posts::delete_blog))
        .routes(routes!(posts::view_tutorials))
        .routes(routes!(posts::store_tutorial))
        .routes(routes!(posts::update_tutorial))
        .routes(routes!(posts::publish_tutorial))
        .routes(routes!(posts::delete_tutorial))
        .routes(routes!(posts::view_articles))
        .routes(routes!(posts::store_article))
        .routes(routes!(posts::update_article))
        .routes(routes!(posts::publish_article))
        .routes(routes!(posts::delete_article))
        .routes(routes!(posts::view_categories))
        .routes(routes!(post_media::attach_media))
        .routes(routes!(public_posts::public_blogs))
        .routes(routes!(public_posts::public_blog))
        .routes(routes!(public_posts::public_tutorials))
        .routes(routes!(public_posts::public_tutorial))
        .routes(routes!(public_posts::api_tutorials))
        .routes(routes!(public_posts::public_articles))
        .routes(routes!(public_posts::public_article))
        .routes(routes!(public_posts::about_us))
        .routes(routes!(public_posts::faqs))
        .routes(routes!(public_posts::news))
        .routes(routes!(public_posts::popup_and_news))
        .routes(routes!(feedback::create_feedback))
        .routes(routes!(feedback::public_feedback))
        .routes(routes!(feedback::all_feedback))
        .routes(routes!(feedback::approve_feedback))
        .routes(routes!(sliders::list_sliders))
        .routes(routes!(sliders::front_sliders))
        .routes(routes!(sliders::create_slider))
        .routes(routes!(sliders::update_slider))
        .routes(routes!(sliders::delete_slider))
        .routes(routes!(contents::list))
        .routes(routes!(contents::view))
        .routes(routes!(contents::create))
        .routes(routes!(contents::update))
        .routes(routes!(contents::delete))
        .routes(routes!(content_learning::enroll))
        .routes(routes!(content_learning::view_ordered_content))
        .routes(routes!(content_learning::complete_part))
        .routes(routes!(content_learning::quiz_submit))
        .routes(routes!(content_learning::review_content))
        .routes(routes!(content_learning::view_reviews))
        .routes(routes!(content_learning::view_recommendations))
        .merge(course_page_writes().layer(from_fn_with_state(app.clone(), page_cache::forget_site_after_writes)))
}

/// The routes whose writes change what a public course page shows (course, syllabus, batches,
/// enrolments, reviews); see [`page_cache`].
fn course_page_writes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(with_body_limit(
            OpenApiRouter::new().routes(routes!(authoring::create_course)).routes(routes!(authoring::update_course)),
            authoring::BODY_LIMIT,
        ))
        .merge(with_body_limit(
            OpenApiRouter::new().routes(routes!(certificate_exams::create_exam)).routes(routes!(certificate_exams::update_exam)),
            authoring::BODY_LIMIT,
        ))
        .routes(routes!(certificate_exams::publish_exam))
        .routes(routes!(certificate_exams::delete_exam))
        .routes(routes!(certificate_exams::delete_exam_batch))
        .routes(routes!(certificate_exams::enroll_exam_batch))
        .routes(routes!(candidates::restricted_enroll))
        .routes(routes!(candidates::learner_restricted_enroll))
        .routes(routes!(authoring::view_courses))
        .routes(routes!(authoring::view_courses_of_type))
        .routes(routes!(authoring::publish_course))
        .routes(routes!(authoring::delete_course))
        .routes(routes!(syllabus::view_syllabus_all))
        .routes(routes!(syllabus::view_syllabus_child))
        .routes(routes!(syllabus::create_section))
        .routes(routes!(syllabus::update_section, syllabus::delete_section))
        .routes(routes!(syllabus::create_lesson))
        .routes(routes!(syllabus::lessons_from_content))
        .routes(routes!(syllabus::update_lesson, syllabus::delete_lesson))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(syllabus::upload_lesson_file)), syllabus::UPLOAD_BODY_LIMIT))
        .routes(routes!(syllabus::lesson_file_from_manager))
        .merge(with_body_limit(OpenApiRouter::new().routes(routes!(photo::profile_photo)), photo::BODY_LIMIT))
        .routes(routes!(syllabus::reorder))
        .routes(routes!(batches::create_batch))
        .routes(routes!(batches::view_batches))
        .routes(routes!(batches::view_batch))
        .routes(routes!(batches::update_batch))
        .routes(routes!(batches::clone_batch))
        .routes(routes!(batches::publish_batch))
        .routes(routes!(batches::order_batches))
        .routes(routes!(batches::delete_batch))
        .routes(routes!(enrolment::course_enrollment))
        .routes(routes!(enrolment::attach))
        .routes(routes!(enrolment::batch_enroll))
        .routes(routes!(enrolment::enrolled_check))
        .routes(routes!(enrolment::approve_enroll))
        .routes(routes!(enrolment::enrolled_users))
        .routes(routes!(reviews::create_review))
        .routes(routes!(checkout::create_transaction))
        .routes(routes!(checkout::delete_transaction))
        .routes(routes!(checkout::my_payments))
        .routes(routes!(checkout::my_payment))
        .routes(routes!(notices::sslcommerz_ipn))
        .routes(routes!(notices::sslcommerz_return))
        .routes(routes!(notices::bkash_callback))
        .routes(routes!(money::batch_payments))
        .routes(routes!(money::overall_transactions))
        .routes(routes!(money::accept_review))
        .routes(routes!(refunds::refund_order))
        .routes(routes!(receipt::payment_receipt))
        .routes(routes!(coupons::view_coupons))
        .routes(routes!(coupons::create_coupon))
        .routes(routes!(coupons::update_coupon))
        .routes(routes!(coupons::delete_coupon))
        .routes(routes!(coupons::price_quote))
        .routes(routes!(payouts::request_payment))
        .routes(routes!(payouts::view_all_requests))
        .routes(routes!(payouts::check_status))
        .routes(routes!(payouts::approve_request))
        .routes(routes!(payouts::reject_request))
        .routes(routes!(payouts::delete_request))
        .routes(routes!(merchant::view_merchant, merchant::update_merchant))
        .merge(with_body_limit(
            OpenApiRouter::new().routes(routes!(promotions::list_promotions, promotions::create_promotion)).routes(routes!(promotions::update_promotion)),
            promotions::BODY_LIMIT,
        ))
        .routes(routes!(promotions::approve_promotion))
        .routes(routes!(promotions::delete_promotion))
        .routes(routes!(ads::ads))
        .routes(routes!(ads::ad_details))
}

/// Routes that take more than a plain JSON form (images as data URLs, file uploads). The inner
/// limit replaces the edge-wide [`JSON_LIMIT`] for these routes only.
fn with_body_limit(routes: OpenApiRouter<AppState>, limit: usize) -> OpenApiRouter<AppState> {
    routes.layer(DefaultBodyLimit::max(limit))
}

/// The whole API as one router plus its OpenAPI document.
pub fn api(app: &AppState) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(control_plane::router::router().with_state(app.ctl.clone()))
        .merge(tenant_routes(app))
        .split_for_parts();
    document_errors(&mut openapi);
    // Every API call: checked against the caller's role map, and logged when it writes.
    let router = router.route_layer(from_fn(crate::permissions::enforce)).route_layer(from_fn_with_state(app.clone(), activity::log_writes));
    (router, openapi)
}

/// Every error answer has one shape (`control_plane::error::ErrorResponse`), whichever layer
/// wrote it: each documented error status gets that schema, and `default` stands for the rest
/// (a malformed Host, an oversized body, a NUL in a field, a busy database).
fn document_errors(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::PartialSchema;
    use utoipa::openapi::{Content, Ref, RefOr, ResponseBuilder};
    let components = openapi.components.get_or_insert_with(Default::default);
    components.schemas.insert("Error".into(), control_plane::error::ErrorResponse::schema());
    let error = || Content::new(Some(Ref::from_schema_name("Error")));
    for item in openapi.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            for (status, response) in operation.responses.responses.iter_mut() {
                if let (true, RefOr::T(response)) = (status.starts_with('4') || status.starts_with('5'), response) {
                    if response.content.is_empty() {
                        response.content.insert("application/json".into(), error());
                    }
                }
            }
            let default = ResponseBuilder::new().description("An error, in the caller's language").content("application/json", error()).build();
            operation.responses.responses.entry("default".into()).or_insert(RefOr::T(default));
        }
    }
}

pub fn app(app: AppState) -> Router {
    let metrics = app.metrics.clone();
    let (api, openapi) = api(&app);
    let openapi = Arc::new(openapi.to_json().expect("the OpenAPI document serialises"));
    let hosted = api
        .route("/site/logo/{file}", get(site::site_logo))
        .route("/user-photo/{user}/{file}", get(photo::serve_photo))
        .route("/category-image/{file}", get(reference::serve_category_image))
        .route("/course/thumbnail/{file}", get(authoring::thumbnail))
        .route("/course/template/image/{file}", get(templates::template_image))
        .route("/promotion/thumbnail/{file}", get(ads::thumbnail))
        .route("/post-media/{name}", get(post_media::serve_media))
        .route("/question-media/{name}", get(crate::questions::media::serve_media))
        .fallback(web::fallback)
        .layer(DefaultBodyLimit::max(JSON_LIMIT))
        .layer(from_fn_with_state(app.ctl.clone(), authenticate))
        .layer(from_fn_with_state(app.clone(), web::browser_navigation))
        .layer(from_fn_with_state(app.clone(), hosts::resolve_host));
    // Hashed names: a file never changes, so browsers keep it for good. Brotli or gzip copies
    // written at build time are sent to browsers that take them.
    let assets = Router::new()
        .nest_service("/assets", ServeDir::new(app.edge.web_dist.join("assets")).precompressed_br().precompressed_gzip())
        .layer(map_response(|mut response: Response| async move {
            if response.status().is_success() {
                response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
            }
            response
        }));
    // The service worker that shows pushed notices: at the root, so it may serve the whole site,
    // and checked for a new version on every visit rather than kept.
    let service_worker = Router::new()
        .route_service("/sw.js", tower_http::services::ServeFile::new(app.edge.web_dist.join("sw.js")))
        .layer(map_response(|mut response: Response| async move {
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }));
    Router::new()
        .route(
            "/api-docs/openapi.json",
            get(move || {
                let doc = openapi.clone();
                async move { ([(header::CONTENT_TYPE, "application/json")], (*doc).clone()) }
            }),
        )
        .route_service("/favicon.svg", tower_http::services::ServeFile::new(app.edge.web_dist.join("favicon.svg")))
        .merge(service_worker)
        .merge(assets)
        .merge(hosted.with_state(app))
        // Innermost first: a malformed Host or an overlong address is refused before anything reads it; every error
        // then has our shape, in the caller's language; answers get their security headers and
        // are compressed last.
        .layer(from_fn(guard::refuse_malformed))
        .layer(from_fn(contract_errors))
        .layer(from_fn(localize_errors))
        .layer(from_fn(tls::guard_https))
        .layer(from_fn(headers::secure))
        .layer(CompressionLayer::new())
        .layer(from_fn_with_state(metrics, crate::observability::observe))
}
