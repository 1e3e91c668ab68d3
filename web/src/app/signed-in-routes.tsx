// Route table of every page that is not in routes.tsx: the signed-in pages (dashboard and learning
// layouts), the events' public pages and the not-found page. A lazy chunk, rendered by routes.tsx's
// catch-all route; pages are split with React.lazy here too.
import { lazy } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { DefaultLayout } from '../components/layouts/default-layout';
import { LearnLayout } from '../components/layouts/learn-layout';
import { ErrorPage } from '../components/errors/error-page';
import { NotFoundPage } from '../components/errors/not-found-page';
import type { BulkPreset } from '../features/bulk-notify/hooks/bulk-form';
import type { CalendarKind } from '../features/calendar/hooks/use-calendar';
import { PAGE_ACCESS } from '../lib/menu-class';
import { authLink } from '../lib/redirect';
import { withErrorBoundaries } from '../lib/route-error';
import { useToken } from '../lib/session';

// Signed-in pages only: its side navigation stays out of the public pages' first download.
const DashboardLayout = lazy(() => import('../components/layouts/dashboard-layout').then((m) => ({ default: m.DashboardLayout })));
// Guards signed-in pages only (inside the dashboard layout's Suspense).
const RequireMenuClass = lazy(() => import('./require-menu-class').then((m) => ({ default: m.RequireMenuClass })));
// Guards a module's pages by the current role's permission map (docs/api-users.md), inside RequireMenuClass.
const RequireModule = lazy(() => import('./require-module').then((m) => ({ default: m.RequireModule })));
const PartnerRequestsPage = lazy(() => import('../features/partners/components/partner-requests-page'));
const PartnerListPage = lazy(() => import('../features/partners/components/partner-list-page'));
const PartnerDetailsPage = lazy(() => import('../features/partners/components/partner-details-page'));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
// /profile/myprofile and /profile/account-setting: one route, /profile/:tab? (/profile goes to
// /profile/myprofile, another tab is not found).
const ProfilePages = lazy(() => import('../features/profile/components/profile-pages'));
const SiteProfilePage = lazy(() => import('../features/site-settings/components/site-profile-page'));
const CourseListPage = lazy(() => import('../features/courses/components/course-list-page'));
const CourseCreatePage = lazy(() => import('../features/courses/components/course-create-page'));
const CourseEditPage = lazy(() => import('../features/courses/components/course-edit-page'));
const CertificateTemplatesPage = lazy(() => import('../features/courses/components/certificate-templates-page'));
const QuestionListPage = lazy(() => import('../features/questions/components/question-list-page'));
const QuestionFormPage = lazy(() => import('../features/questions/components/question-form-page'));
const FolderListPage = lazy(() => import('../features/questions/components/folder-list-page'));
const FolderPage = lazy(() => import('../features/questions/components/folder-page'));
const ExamListPage = lazy(() => import('../features/exams/components/exam-list-page'));
const ExamCreatePage = lazy(() => import('../features/exams/components/exam-create-page'));
// /exam, /exam/create, /exam/edit/...: certificate exams (courses of type exam), one chunk, which
// also opens a single exam's editor for a numeric id, the certificates pages of courses and
// certificate exams (/course/certificate/..., /exam/certificate/...), and the trainings' screens
// (/training/*); the page is told by the address.
const CertificateExamPages = lazy(() => import('../features/certificate-exams/components/certificate-exam-pages'));
// /exam/journey/:uuid: a single exam's journey or a certificate exam's (and its invitation links);
// /training/journey/:uuid a training's (and its nominees' links).
const ExamJourneyRoute = lazy(() => import('../features/certificate-exams/components/exam-journey-route'));
const JourneyPage = lazy(() => import('../features/learn/components/journey-page'));
const CertificateListPage = lazy(() => import('../features/learn/components/certificate-list-page'));
// /accounts/:page, /course/accounts/:page, /exam/accounts/:page and /training/accounts/:page
// (learner-payment, overall-transactions, and payment-request with its own guard): one chunk.
const ACCOUNTS_PREFIXES = ['accounts', 'course/accounts', 'exam/accounts', 'training/accounts'];
const AccountsPages = lazy(() => import('../features/payments/components/accounts-pages'));
// /settings/coupons and /settings/coupons/:id (new, or a coupon's id): one chunk.
const CouponPages = lazy(() => import('../features/payments/components/coupon-pages'));
// /settings/categories, /settings/educationlavels, /settings/educationsublavels, /settings/degrees,
// /settings/professions, /settings/reference-lists and /settings/geography: the platform's reference lists, one chunk.
const ReferencePages = lazy(() => import('../features/reference/components/reference-pages'));
// /settings/languages: the language dictionary (every text of the app, English and Bangla), its own chunk.
const LanguagesPage = lazy(() => import('../features/languages/components/languages-page'));
// /promotion-manager/:slug? (ads, internal-course, external-course, jobs): one chunk.
const PromotionPages = lazy(() => import('../features/promotions/components/promotion-pages'));
// /filemanager/:slug? (my, purchase, shared): one chunk, for everyone signed in.
const FileManagerPages = lazy(() => import('../features/files/components/file-manager-pages'));
// /contents/my, /contents/edit/:id (new, or an item's id: authors only) and /contents/:slug (an
// item's page): the content bank, one chunk, for everyone signed in.
const ContentPages = lazy(() => import('../features/contents/components/content-pages'));
// /blogs/list, /tutorials/list and /articles/list: one page for the three types of post.
const PostListPage = lazy(() => import('../features/publishing/components/post-list-page'));
// /feedbacks/list and /settings/sliders: the site admin's feedback and home slides.
const FeedbackListPage = lazy(() => import('../features/publishing/components/feedback-list-page'));
const SliderListPage = lazy(() => import('../features/publishing/components/slider-list-page'));
// /events/list and an event's page (/events/:id): anyone's, one chunk; /events/create and
// /events/edit/:id (the form and the managers' tabs: registrations, check-in, ...): another.
const EventPublicPages = lazy(() => import('../features/events/components/event-public-pages'));
const EventEditPages = lazy(() => import('../features/events/components/event-edit-pages'));
// /classroom (My classes) and a class's page (/classroom/details/:id/:slug?): anyone signed in, one
// chunk; /join/:slug (a class's invitation, the first page an invited student opens): another.
const ClassroomPages = lazy(() => import('../features/classrooms/components/classroom-pages'));
const JoinClassPage = lazy(() => import('../features/classrooms/components/join-page'));
// /webinarroom (My webinars) and a webinar's live room (/webinarroom/details/:id/:slug?, a class's
// page told it is a webinar's): anyone signed in, one chunk.
const WebinarRoomPages = lazy(() => import('../features/webinars/components/webinar-room-pages'));
// /calendar/show (anyone signed in) and the same page with one kind's entries (SPEC 2:
// /course/calendar/show, /exam/..., /classroom/..., /training/..., /webinarroom/...): one chunk.
const CalendarPage = lazy(() => import('../features/calendar/components/calendar-page'));
const CALENDAR_ROUTES: RouteObject[] = ([undefined, 'course', 'exam', 'classroom', 'training', 'webinarroom'] satisfies (CalendarKind | undefined)[]).map((kind) => ({
  path: kind ? `${kind}/calendar/show` : 'calendar/show',
  element: <CalendarPage key={kind ?? 'all'} kind={kind} />,
}));
// /reports/course-report(/:id) and /reports/learner-report(/:id): the site's admins' reports, one
// chunk (the page is told by the address).
const ReportPages = lazy(() => import('../features/reports/components/report-pages'));
// /user-management/*: the site's people, roles and permission maps, and its activity log; one chunk
// (the page is told by the route).
const UserPages = lazy(() => import('../features/users/components/user-pages'));
// /bulknotify/email, /sms, /system (the bell) and /custom (any of the three): one page, its channel
// preset told by the route; one chunk.
const BulkNotifyPage = lazy(() => import('../features/bulk-notify/components/bulk-notify-page'));
const BULK_ROUTES: RouteObject[] = (['email', 'sms', 'system', 'custom'] satisfies BulkPreset[]).map((preset) => ({
  path: `bulknotify/${preset}`,
  element: <BulkNotifyPage key={preset} preset={preset} />,
}));
// /template/mail: the e-mails the site sends, in Bangla and English; its own chunk.
const MailTemplatesPage = lazy(() => import('../features/mail-templates/components/mail-templates-page'));
// /payments (the public /payment/:kind/:id is in routes.tsx; the same chunk).
const PaymentPages = lazy(() => import('../features/payments/components/payment-pages'));

/**
 * Pages open to anyone that signed-in people see in the dashboard (with the side navigation) and
 * visitors in the public layout: the events' list and an event's page.
 */
function SignedInOrPublic() {
  return useToken() ? <DashboardLayout /> : <DefaultLayout />;
}

/**
 * Signed-in pages that a visitor reaches from a link sent to them (a class's invitation): visitors
 * are sent to log in (or sign up) and come back, instead of the dashboard layout's home page.
 */
function SignInFirst() {
  const token = useToken();
  const { pathname, search } = useLocation();
  return token ? <DashboardLayout /> : <Navigate to={authLink('/login', `${pathname}${search}`)} replace />;
}

export const signedInRoutes: RouteObject[] = [
  {
    element: <SignedInOrPublic />,
    errorElement: <ErrorPage />,
    children: [
      { path: 'events', element: <Navigate to="/events/list" replace /> },
      { path: 'events/list', element: <EventPublicPages page="list" /> },
      { path: 'events/:id', element: <EventPublicPages page="event" /> },
    ],
  },
  {
    element: <DashboardLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'profile/:tab?', element: <ProfilePages /> },
      { path: 'certificate/list', element: <CertificateListPage /> },
      { path: 'payments', element: <PaymentPages /> },
      { path: 'filemanager/:slug?', element: <FileManagerPages /> },
      { path: 'contents/:slug?', element: <ContentPages /> },
      { path: 'contents/edit/:id', element: <ContentPages page="edit" /> },
      // Classrooms: everyone's own classes (the server says who teaches, learns or manages each).
      { path: 'classroom', element: <ClassroomPages page="list" /> },
      { path: 'classroom/details', element: <Navigate to="/classroom" replace /> },
      { path: 'classroom/details/:id/:slug?', element: <ClassroomPages page="details" /> },
      // Webinars' live rooms: those the caller speaks at (teaches) or attends (is enrolled in).
      { path: 'webinarroom', element: <WebinarRoomPages page="list" /> },
      { path: 'webinarroom/details', element: <Navigate to="/webinarroom" replace /> },
      { path: 'webinarroom/details/:id/:slug?', element: <WebinarRoomPages page="details" /> },
      ...CALENDAR_ROUTES,
      {
        element: <RequireMenuClass allow={PAGE_ACCESS.partners} />,
        children: [
          { path: 'partners', element: <Navigate to="/partners/list" replace /> },
          { path: 'partners/list', element: <PartnerListPage /> },
          { path: 'partners/requests', element: <PartnerRequestsPage /> },
          { path: 'partners/details/:id', element: <PartnerDetailsPage /> },
        ],
      },
      {
        element: <RequireMenuClass allow={PAGE_ACCESS.siteSettings} />,
        children: [{ path: 'settings/profile', element: <SiteProfilePage /> }],
      },
      {
        // The site's coupons: its partner admin's, and the super admin's on the main site.
        element: <RequireMenuClass allow={PAGE_ACCESS.coupons} />,
        children: [
          { path: 'settings/coupons/:id?', element: <CouponPages /> },
        ],
      },
      {
        // The home page's slides: the site's admin's (a partner admin, the super admin on the main site).
        element: <RequireMenuClass allow={PAGE_ACCESS.sliders} />,
        children: [{ path: 'settings/sliders', element: <SliderListPage /> }],
      },
      {
        // The platform's reference lists and language dictionary: the main site's super admins (the settings module's).
        element: <RequireMenuClass allow={PAGE_ACCESS.reference} />,
        children: [
          {
            element: <RequireModule module="settings" />,
            children: [
              { path: 'settings/categories', element: <ReferencePages key="categories" page="categories" /> },
              { path: 'settings/educationlavels', element: <ReferencePages key="education_levels" page="education_levels" /> },
              { path: 'settings/educationsublavels', element: <ReferencePages key="education_sublevels" page="education_sublevels" /> },
              { path: 'settings/degrees', element: <ReferencePages key="degrees" page="degrees" /> },
              { path: 'settings/professions', element: <ReferencePages key="professions" page="professions" /> },
              { path: 'settings/reference-lists', element: <ReferencePages key="lists" page="lists" /> },
              { path: 'settings/geography', element: <ReferencePages key="geography" page="geography" /> },
              { path: 'settings/languages', element: <LanguagesPage /> },
            ],
          },
        ],
      },
      {
        // The Promotion Manager: a partner admin's site's promotions; every partner's for the super admin.
        element: <RequireMenuClass allow={PAGE_ACCESS.promotions} />,
        children: [{ path: 'promotion-manager/:slug?', element: <PromotionPages /> }],
      },
      {
        // Blogs and tutorials: their writers (their own) and the approvers (every post of the site).
        // Keyed by type: going from one list to another starts afresh (search typed, dialogs).
        element: <RequireMenuClass allow={PAGE_ACCESS.posts} />,
        children: [
          { path: 'blogs/list', element: <PostListPage key="blog" type="blog" /> },
          { path: 'tutorials/list', element: <PostListPage key="tutorial" type="tutorial" /> },
        ],
      },
      {
        // Articles (the site's pages, FAQ, news): its admin's.
        element: <RequireMenuClass allow={PAGE_ACCESS.articles} />,
        children: [{ path: 'articles/list', element: <PostListPage key="article" type="article" /> }],
      },
      {
        // Feedback sent to the site: its admin approves what the home page shows.
        element: <RequireMenuClass allow={PAGE_ACCESS.feedbacks} />,
        children: [
          { path: 'feedbacks', element: <Navigate to="/feedbacks/list" replace /> },
          { path: 'feedbacks/list', element: <FeedbackListPage /> },
        ],
      },
      {
        // Events: created and kept (registrations, check-in, materials) by the people who author courses.
        element: <RequireMenuClass allow={PAGE_ACCESS.events} />,
        children: [
          { path: 'events/create', element: <EventEditPages /> },
          { path: 'events/edit', element: <Navigate to="/events/list" replace /> },
          { path: 'events/edit/:id', element: <EventEditPages /> },
        ],
      },
      {
        // The reports per course and per learner: the site's admins' (the partner admin, the super
        // admin); the pages turn away the partner's other roles.
        element: <RequireMenuClass allow={PAGE_ACCESS.reports} />,
        children: [
          { path: 'reports', element: <Navigate to="/reports/course-report" replace /> },
          { path: 'reports/course-report/:id?', element: <ReportPages /> },
          { path: 'reports/learner-report/:id?', element: <ReportPages /> },
        ],
      },
      {
        // User management: the super admin's (the main site's) and the partners' (their own site's),
        // each page for the roles whose map lets them view its module.
        element: <RequireMenuClass allow={PAGE_ACCESS.users} />,
        children: [
          { path: 'user-management', element: <Navigate to="/user-management/system-user" replace /> },
          {
            element: <RequireModule module="users" />,
            children: [
              { path: 'user-management/system-user', element: <UserPages page="system-users" /> },
              { path: 'user-management/system-user-edit/:id', element: <UserPages page="system-user" /> },
              { path: 'user-management/learner', element: <UserPages page="learners" /> },
              { path: 'user-management/learner-edit/:id', element: <UserPages page="learner" /> },
            ],
          },
          {
            element: <RequireModule module="roles" />,
            children: [
              { path: 'user-management/manage-role', element: <UserPages page="roles" /> },
              { path: 'user-management/manage-role/view', element: <Navigate to="/user-management/manage-role" replace /> },
              { path: 'user-management/manage-role/view/:slug', element: <UserPages page="role-view" /> },
              { path: 'user-management/manage-role/edit', element: <Navigate to="/user-management/manage-role/edit/new" replace /> },
              { path: 'user-management/manage-role/edit/:slug', element: <UserPages page="role-edit" /> },
            ],
          },
          {
            element: <RequireModule module="activity" />,
            children: [
              { path: 'user-management/activity-logs', element: <UserPages page="activity" /> },
              { path: 'user-management/activity-logs/:id', element: <UserPages page="user-activity" /> },
            ],
          },
          // Other names of the lists go to them; anything else is not found.
          { path: 'user-management/:slug', element: <UserPages page="slug" /> },
        ],
      },
      {
        // Bulk notifications: the site's admins (the super admin on the main site, a partner admin on
        // theirs), each page for the roles whose map lets them add people (users.create), as the
        // server asks to send.
        element: <RequireMenuClass allow={PAGE_ACCESS.bulkNotify} />,
        children: [
          { path: 'bulknotify', element: <Navigate to="/bulknotify/custom" replace /> },
          { element: <RequireModule module="users" action="create" />, children: BULK_ROUTES },
        ],
      },
      {
        // Mail templates: the site's admins (the super admin on the main site, a partner admin on
        // theirs), for the roles whose map lets them view the settings module (saving needs edit).
        element: <RequireMenuClass allow={PAGE_ACCESS.mailTemplates} />,
        children: [{ element: <RequireModule module="settings" />, children: [{ path: 'template/mail', element: <MailTemplatesPage /> }] }],
      },
      {
        // Payout requests: the partner admin's, and every partner's for the super admin.
        element: <RequireMenuClass allow={PAGE_ACCESS.payouts} />,
        children: ACCOUNTS_PREFIXES.map((prefix) => ({ path: `${prefix}/payment-request`, element: <AccountsPages page="payment-request" /> })),
      },
      {
        // The site's payments; under /exam and /training, those of the exams' or trainings' batches.
        element: <RequireMenuClass allow={PAGE_ACCESS.accounts} />,
        children: ACCOUNTS_PREFIXES.map((prefix) => ({ path: `${prefix}/:page`, element: <AccountsPages /> })),
      },
      {
        element: <RequireMenuClass allow={PAGE_ACCESS.authoring} />,
        children: [
          { path: 'course', element: <CourseListPage /> },
          { path: 'course/create', element: <CourseCreatePage /> },
          { path: 'course/edit', element: <Navigate to="/course" replace /> },
          { path: 'course/edit/:id/:slug?', element: <CourseEditPage /> },
          // /course/template/certificate and /exam/template/certificate: the site's certificate
          // templates, shared by courses and certificate exams.
          { path: 'course/template/certificate', element: <CertificateTemplatesPage /> },
          { path: 'exam/template/certificate', element: <CertificateTemplatesPage /> },
          { path: 'template/certificate', element: <Navigate to="/course/template/certificate" replace /> },
          // The trainings' screens (their chunk is loaded by CertificateExamPages', whose course screens it reuses).
          { path: 'training/*', element: <CertificateExamPages /> },
          {
            path: 'question-bank',
            children: [
              { index: true, element: <Navigate to="/question-bank/list" replace /> },
              { path: 'list', element: <QuestionListPage /> },
              // The questions colleagues share with me: loaded by the list's page (see there).
              { path: 'shared', element: <QuestionListPage shared /> },
              { path: 'create', element: <QuestionFormPage /> },
              { path: 'edit/:id', element: <QuestionFormPage /> },
              { path: 'update/:id', element: <QuestionFormPage /> },
              { path: 'folders', element: <FolderListPage /> },
              { path: 'folders/:slug', element: <FolderPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireMenuClass allow={PAGE_ACCESS.exams} />,
        children: [
          { path: 'exam', element: <CertificateExamPages /> },
          { path: 'exam/create', element: <CertificateExamPages /> },
          { path: 'exam/single', element: <ExamListPage /> },
          { path: 'exam/single/create', element: <ExamCreatePage /> },
          { path: 'exam/edit', element: <Navigate to="/exam/single" replace /> },
          { path: 'exam/edit/:id/:slug?', element: <CertificateExamPages /> },
          // /course/certificate(/:id) and /exam/certificate(/:id): the certificates of courses and of
          // certificate exams (/list is the list, as the bare path).
          { path: 'course/certificate/:id?', element: <CertificateExamPages /> },
          { path: 'exam/certificate/:id?', element: <CertificateExamPages /> },
        ],
      },
    ],
  },
  {
    element: <SignInFirst />,
    errorElement: <ErrorPage />,
    children: [{ path: 'join/:slug', element: <JoinClassPage /> }],
  },
  {
    element: <LearnLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: 'course/journey/:uuid', element: <JourneyPage /> },
      { path: 'exam/journey/:uuid', element: <ExamJourneyRoute /> },
      // A training's journey is a course's; its nominees' invitation links are handled as a certificate exam's.
      { path: 'training/journey/:uuid', element: <ExamJourneyRoute /> },
    ],
  },
  {
    element: <DefaultLayout />,
    errorElement: <ErrorPage />,
    children: [{ path: '*', element: <NotFoundPage /> }],
  },
];

const routesWithBoundaries = withErrorBoundaries(signedInRoutes);

export default function SignedInRoutes() {
  return useRoutes(routesWithBoundaries);
}
