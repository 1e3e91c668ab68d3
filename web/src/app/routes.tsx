// Route table of the pages a visitor can land on. Pages are split with React.lazy; layouts hold the
// Suspense boundary. Every other path goes to the signed-in route table (signed-in-routes.tsx), a
// lazy chunk: only what a public page needs is in the first download (scripts/bundle-budget.mjs).
// No route here may start with a parameter, or it would take paths meant for that table.
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { DefaultLayout } from '../components/layouts/default-layout';
import { ShellProvider } from '../components/layouts/shell-context';
import { ErrorPage } from '../components/errors/error-page';
import { RouteLoading } from '../components/ui/top-loading-bar';
import { NotFoundPage } from '../components/errors/not-found-page';
import { asksToAddAccount } from '../features/auth/hooks/add-account';
import { PUBLIC_CONTENT } from '../features/publishing/hooks/public-posts';
import { redirectTarget } from '../lib/redirect';
import { useToken } from '../lib/session';
import { CourseDetailsPage, HomePage } from './landing-pages';
import { LocaleTheme } from './locale-theme';
import { ScrollRestoration } from './scroll-restoration';

const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegistrationPage = lazy(() => import('../features/auth/components/registration-page'));
const AccountLinkPages = lazy(() => import('../features/auth/components/account-link-pages'));
const LogoutPage = lazy(() => import('../features/auth/components/logout-page'));
// Where myGov (/sso), Google (/GLogin) and Facebook (/facebooklogin) send the browser back to.
const SsoCallbackPage = lazy(() => import('../features/auth/components/sso-callback-page'));
const PartnershipPage = lazy(() => import('../features/partners/components/partnership-page'));
const PartnerRegistrationPage = lazy(() => import('../features/partners/components/partner-registration-page'));
const MessagePage = lazy(() => import('../components/errors/message-page'));
const SearchPage = lazy(() => import('../features/learn/components/search-page'));
const InstructorPage = lazy(() => import('../features/learn/components/instructor-page'));
const CertificateCheckPage = lazy(() => import('../features/learn/components/certificate-check-page'));
// /webinar/list: the site's webinars (their public pages are courses', /webinar/details/:uuid).
const WebinarListPage = lazy(() => import('../features/webinars/components/webinar-list-page'));
// /leaderboard: learners by points, open to anyone; a signed-in learner's own points card on top.
const LeaderboardPage = lazy(() => import('../features/leaderboard/components/leaderboard-page'));
// /payment/success|fail|cancel/:id and /payments: one chunk (features/payments/components/payment-pages.tsx).
const PaymentPages = lazy(() => import('../features/payments/components/payment-pages'));
// The public pages of blogs, tutorials, articles and the site's own pages (about, FAQ, team,
// contact, cookies): one chunk.
const PublicPages = lazy(() => import('../features/publishing/components/public-pages'));
const SignedInRoutes = lazy(() => import('./signed-in-routes'));

// /blogs|tutorials|articles/lists and .../details/:id/:slug?.
const PUBLIC_POST_ROUTES: RouteObject[] = PUBLIC_CONTENT.flatMap((content) => [
  { path: `${content}/lists`, element: <PublicPages key={content} page="list" content={content} /> },
  { path: `${content}/details/:id/:slug?`, element: <PublicPages page="details" content={content} /> },
]);

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
 * Signed-in users have nothing to do on the login and sign-up pages: they go where the page would
 * have sent them after signing in (router state `from`, `?redirect=`, else /dashboard). A page that
 * signs in goes on by itself, maybe elsewhere (a new account without an e-mail address to verify
 * its phone): its navigation shows after the token's change (a transition), but the browser is on
 * its way already, which is not overridden. `addsAccounts`: the login page, which a signed-in user
 * opens to add another account to this device (`?add_account=1`).
 */
function GuestOnly({ children, addsAccounts = false }: { children: React.ReactNode; addsAccounts?: boolean }) {
  const token = useToken();
  const { pathname, state, search } = useLocation();
  const leaving = typeof window !== 'undefined' && window.location.pathname !== pathname;
  const adding = addsAccounts && asksToAddAccount(search);
  return token && !leaving && !adding ? <Navigate to={redirectTarget(state, search)} replace /> : <>{children}</>;
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
          {
            path: 'login',
            element: (
              <GuestOnly addsAccounts>
                <LoginPage />
              </GuestOnly>
            ),
          },
          { path: 'registration', element: <GuestOnly><RegistrationPage /></GuestOnly> },
          { path: 'forgot-password', element: <GuestOnly><AccountLinkPages /></GuestOnly> },
          // Open when signed in too: linking a sign-in from the account settings comes back here.
          ...['sso', 'GLogin', 'facebooklogin', 'social-login'].map((path) => ({ path, element: <SsoCallbackPage /> })),
          // Open when signed in too: the mailed links must work whoever is signed in on this browser.
          { path: 'password-reset', element: <AccountLinkPages /> },
          { path: 'verification-by-mail', element: <AccountLinkPages /> },
          { path: 'unsubscribe', element: <AccountLinkPages /> },
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
          // So is a webinar's (SPEC "Link builders": lib/course-paths.ts).
          { path: 'webinar/details/:uuid', element: <CourseDetailsPage /> },
          { path: 'webinar/list', element: <WebinarListPage /> },
          { path: 'leaderboard', element: <LeaderboardPage /> },
          { path: 'instructor/:id', element: <InstructorPage /> },
          { path: 'certificate/check/:id?', element: <CertificateCheckPage /> },
          { path: 'payment/:kind/:id', element: <PaymentPages /> },
          { path: '400/:message', element: <MessagePage /> },
          // Static paths, not /:content/...: a signed-in page's path must never be taken by these.
          ...PUBLIC_POST_ROUTES,
          { path: 'page/details/:id/:slug', element: <PublicPages page="page" /> },
          { path: 'faq', element: <PublicPages page="faq" /> },
          { path: 'our-team', element: <PublicPages page="team" /> },
          { path: 'contact-us', element: <PublicPages page="contact" /> },
          { path: 'cookies', element: <PublicPages page="cookies" /> },
        ],
      },
      // Every other page (signed-in pages, the events' public pages, the not-found page): their
      // route table is a chunk of its own, kept out of the landing pages' first download.
      { path: '*', element: <SignedInRoutes /> },
    ],
  },
];

/** On an unknown, pending or suspended host every path is the 404 page. */
export const notFoundRoutes: RouteObject[] = [{ path: '*', element: <NotFoundPage />, errorElement: <ErrorPage /> }];
