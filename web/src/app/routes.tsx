// Route table. Pages are split with React.lazy; layouts hold the Suspense boundary.
import { lazy } from 'react';
import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { DashboardLayout } from '../components/layouts/dashboard-layout';
import { DefaultLayout } from '../components/layouts/default-layout';
import { LearnLayout } from '../components/layouts/learn-layout';
import { ShellProvider } from '../components/layouts/shell-context';
import { ErrorPage } from '../components/errors/error-page';
import { NotFoundPage } from '../components/errors/not-found-page';
import { useToken } from '../lib/session';

const HomePage = lazy(() => import('../features/home/components/home-page'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegistrationPage = lazy(() => import('../features/auth/components/registration-page'));
const LogoutPage = lazy(() => import('../features/auth/components/logout-page'));
const PartnershipPage = lazy(() => import('../features/partners/components/partnership-page'));
const PartnerRegistrationPage = lazy(() => import('../features/partners/components/partner-registration-page'));
const PartnerRequestsPage = lazy(() => import('../features/partners/components/partner-requests-page'));
const PartnerListPage = lazy(() => import('../features/partners/components/partner-list-page'));
const PartnerDetailsPage = lazy(() => import('../features/partners/components/partner-details-page'));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const MyProfilePage = lazy(() => import('../features/profile/components/my-profile-page'));
const SiteProfilePage = lazy(() => import('../features/site-settings/components/site-profile-page'));
const CourseListPage = lazy(() => import('../features/courses/components/course-list-page'));
const CourseCreatePage = lazy(() => import('../features/courses/components/course-create-page'));
const CourseEditPage = lazy(() => import('../features/courses/components/course-edit-page'));
const CertificateTemplatesPage = lazy(() => import('../features/courses/components/certificate-templates-page'));
const MessagePage = lazy(() => import('../components/errors/message-page'));
const SearchPage = lazy(() => import('../features/learn/components/search-page'));
const CourseDetailsPage = lazy(() => import('../features/learn/components/course-details-page'));
const InstructorPage = lazy(() => import('../features/learn/components/instructor-page'));
const JourneyPage = lazy(() => import('../features/learn/components/journey-page'));
const CertificateCheckPage = lazy(() => import('../features/learn/components/certificate-check-page'));
const CertificateListPage = lazy(() => import('../features/learn/components/certificate-list-page'));

function Root() {
  return (
    <ShellProvider>
      <ScrollRestoration />
      <Outlet />
    </ShellProvider>
  );
}

/** Signed-in users have nothing to do on the login and sign-up pages. */
function GuestOnly({ children }: { children: React.ReactNode }) {
  const token = useToken();
  return token ? <Navigate to="/dashboard" replace /> : <>{children}</>;
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
          { path: 'logout', element: <LogoutPage /> },
          { path: 'partnership', element: <PartnershipPage /> },
          { path: 'partnership/registration', element: <PartnerRegistrationPage /> },
          { path: 'search/lists', element: <SearchPage /> },
          { path: 'course/details/:uuid', element: <CourseDetailsPage /> },
          { path: 'course-details/:id', element: <CourseDetailsPage /> },
          { path: 'instructor/:id', element: <InstructorPage /> },
          { path: 'certificate/check', element: <CertificateCheckPage /> },
          { path: 'certificate/check/:id', element: <CertificateCheckPage /> },
          { path: '400/:message', element: <MessagePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <DashboardLayout />,
        errorElement: <ErrorPage />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'partners', element: <Navigate to="/partners/list" replace /> },
          { path: 'partners/list', element: <PartnerListPage /> },
          { path: 'partners/requests', element: <PartnerRequestsPage /> },
          { path: 'partners/details/:id', element: <PartnerDetailsPage /> },
          { path: 'settings/profile', element: <SiteProfilePage /> },
          { path: 'course', element: <CourseListPage /> },
          { path: 'course/create', element: <CourseCreatePage /> },
          { path: 'course/edit', element: <Navigate to="/course" replace /> },
          { path: 'course/edit/:id', element: <CourseEditPage /> },
          { path: 'course/edit/:id/:slug', element: <CourseEditPage /> },
          { path: 'course/template/certificate', element: <CertificateTemplatesPage /> },
          { path: 'template/certificate', element: <Navigate to="/course/template/certificate" replace /> },
          { path: 'profile', element: <Navigate to="/profile/myprofile" replace /> },
          { path: 'profile/myprofile', element: <MyProfilePage /> },
          { path: 'certificate/list', element: <CertificateListPage /> },
        ],
      },
      {
        element: <LearnLayout />,
        errorElement: <ErrorPage />,
        children: [{ path: 'course/journey/:uuid', element: <JourneyPage /> }],
      },
    ],
  },
];

/** On an unknown, pending or suspended host every path is the 404 page. */
export const notFoundRoutes: RouteObject[] = [{ path: '*', element: <NotFoundPage />, errorElement: <ErrorPage /> }];
