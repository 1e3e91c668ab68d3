// Route table. Pages are split with React.lazy; layouts hold the Suspense boundary.
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { DefaultLayout } from '../components/layouts/default-layout';
import { LearnLayout } from '../components/layouts/learn-layout';
import { ShellProvider } from '../components/layouts/shell-context';
import { ErrorPage } from '../components/errors/error-page';
import { RouteLoading } from '../components/ui/top-loading-bar';
import { NotFoundPage } from '../components/errors/not-found-page';
import type { CalendarKind } from '../features/calendar/hooks/use-calendar';
import { PAGE_ACCESS } from '../lib/menu-class';
import { redirectTarget } from '../lib/redirect';
import { useToken } from '../lib/session';
import { CourseDetailsPage, HomePage } from './landing-pages';
import { LocaleTheme } from './locale-theme';
import { ScrollRestoration } from './scroll-restoration';

// Signed-in pages only: its side navigation stays out of the public pages' first download.
const DashboardLayout = lazy(() => import('../components/layouts/dashboard-layout').then((m) => ({ default: m.DashboardLayout })));
// Guards signed-in pages only (inside the dashboard layout's Suspense).
const RequireMenuClass = lazy(() => import('./require-menu-class').then((m) => ({ default: m.RequireMenuClass })));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegistrationPage = lazy(() => import('../features/auth/components/registration-page'));
const AccountLinkPages = lazy(() => import('../features/auth/components/account-link-pages'));
const LogoutPage = lazy(() => import('../features/auth/components/logout-page'));
const PartnershipPage = lazy(() => import('../features/partners/components/partnership-page'));
const PartnerRegistrationPage = lazy(() => import('../features/partners/components/partner-registration-page'));
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
const MessagePage = lazy(() => import('../components/errors/message-page'));
const SearchPage = lazy(() => import('../features/learn/components/search-page'));
const InstructorPage = lazy(() => import('../features/learn/components/instructor-page'));
const JourneyPage = lazy(() => import('../features/learn/components/journey-page'));
const CertificateCheckPage = lazy(() => import('../features/learn/components/certificate-check-page'));
const CertificateListPage = lazy(() => import('../features/learn/components/certificate-list-page'));
// /payment/success|fail|cancel/:id and /payments: one chunk (features/payments/components/payment-pages.tsx).
const PaymentPages = lazy(() => import('../features/payments/components/payment-pages'));
// /accounts/:page and /course/accounts/:page (learner-payment, overall-transactions, and
// payment-request with its own guard): one chunk.
const AccountsPages = lazy(() => import('../features/payments/components/accounts-pages'));
// /settings/coupons and /settings/coupons/:id (new, or a coupon's id): one chunk.
const CouponPages = lazy(() => import('../features/payments/components/coupon-pages'));
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
// The public pages of blogs, tutorials, articles and the site's own pages (about, FAQ, team,
// contact, cookies): one chunk.
const PublicPages = lazy(() => import('../features/publishing/components/public-pages'));
// /events/list and an event's page (/events/:id): anyone's, one chunk; /events/create and
// /events/edit/:id (the form and the managers' tabs: registrations, check-in, ...): another.
const EventPublicPages = lazy(() => import('../features/events/components/event-public-pages'));
const EventEditPages = lazy(() => import('../features/events/components/event-edit-pages'));
// /calendar/show (anyone signed in) and the same page with one kind's entries (SPEC 2:
// /course/calendar/show, /exam/..., /classroom/..., /training/..., /webinarroom/...): one chunk.
const CalendarPage = lazy(() => import('../features/calendar/components/calendar-page'));
const CALENDAR_ROUTES: RouteObject[] = ([undefined, 'course', 'exam', 'classroom', 'training', 'webinarroom'] satisfies (CalendarKind | undefined)[]).map((kind) => ({
  path: kind ? `${kind}/calendar/show` : 'calendar/show',
  element: <CalendarPage key={kind ?? 'all'} kind={kind} />,
}));

function Root() {
  return (
    <LocaleTheme>
      <ShellProvider>
        <ScrollRestoration />
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </ShellProvider>
    </LocaleTheme>
  );
}

/**
 * Pages open to anyone that signed-in people see in the dashboard (with the side navigation) and
 * visitors in the public layout: the events' list and an event's page.
 */
function SignedInOrPublic() {
  return useToken() ? <DashboardLayout /> : <DefaultLayout />;
}

/**
 * Signed-in users have nothing to do on the login and sign-up pages: they go where the page would
 * have sent them after signing in (router state `from`, `?redirect=`, else /dashboard).
 */
function GuestOnly({ children }: { children: React.ReactNode }) {
  const token = useToken();
  const { state, search } = useLocation();
  return token ? <Navigate to={redirectTarget(state, search)} replace /> : <>{children}</>;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <DefaultLayout />,
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <GuestOnly><LoginPage /></GuestOnly> },
          { path: 'registration', element: <GuestOnly><RegistrationPage /></GuestOnly> },
          { path: 'forgot-password', element: <GuestOnly><AccountLinkPages /></GuestOnly> },
          // Open when signed in too: the mailed links must work whoever is signed in on this browser.
          { path: 'password-reset', element: <AccountLinkPages /> },
          { path: 'verification-by-mail', element: <AccountLinkPages /> },
          // Signed in only: the page itself sends others to log in (and back).
          { path: 'mobile-verification', element: <AccountLinkPages /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'partnership', element: <PartnershipPage /> },
          { path: 'partnership/registration', element: <PartnerRegistrationPage /> },
          { path: 'search/lists', element: <SearchPage /> },
          { path: 'course/details/:uuid', element: <CourseDetailsPage /> },
          { path: 'course-details/:id', element: <CourseDetailsPage /> },
          // A certificate exam's public page is a course's.
          { path: 'exam/details/:uuid', element: <CourseDetailsPage /> },
          { path: 'instructor/:id', element: <InstructorPage /> },
          { path: 'certificate/check/:id?', element: <CertificateCheckPage /> },
          { path: 'payment/:kind/:id', element: <PaymentPages /> },
          { path: '400/:message', element: <MessagePage /> },
          { path: ':content/lists', element: <PublicPages page="list" /> },
          { path: ':content/details/:id/:slug?', element: <PublicPages page="details" /> },
          { path: 'page/details/:id/:slug', element: <PublicPages page="page" /> },
          { path: 'faq', element: <PublicPages page="faq" /> },
          { path: 'our-team', element: <PublicPages page="team" /> },
          { path: 'contact-us', element: <PublicPages page="contact" /> },
          { path: 'cookies', element: <PublicPages page="cookies" /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
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
            // Payout requests: the partner admin's, and every partner's for the super admin.
            element: <RequireMenuClass allow={PAGE_ACCESS.payouts} />,
            children: [
              { path: 'accounts/payment-request', element: <AccountsPages page="payment-request" /> },
              { path: 'course/accounts/payment-request', element: <AccountsPages page="payment-request" /> },
            ],
          },
          {
            element: <RequireMenuClass allow={PAGE_ACCESS.accounts} />,
            children: [
              { path: 'accounts/:page', element: <AccountsPages /> },
              { path: 'course/accounts/:page', element: <AccountsPages /> },
            ],
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
        element: <LearnLayout />,
        errorElement: <ErrorPage />,
        children: [
          { path: 'course/journey/:uuid', element: <JourneyPage /> },
          { path: 'exam/journey/:uuid', element: <ExamJourneyRoute /> },
          // A training's journey is a course's; its nominees' invitation links are handled as a certificate exam's.
          { path: 'training/journey/:uuid', element: <ExamJourneyRoute /> },
        ],
      },
    ],
  },
];

/** On an unknown, pending or suspended host every path is the 404 page. */
export const notFoundRoutes: RouteObject[] = [{ path: '*', element: <NotFoundPage />, errorElement: <ErrorPage /> }];
