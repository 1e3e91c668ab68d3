// Start-up: site (injected or fetched), language, server text overlay, the first page's code.
import createCache, { type EmotionCache } from '@emotion/cache';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { getToken } from '../lib/auth-storage';
import { createQueryClient } from '../lib/query-client';
import { injectedSite, isHost404, normalizeSite, setCurrentSite } from '../lib/site';
import type { SiteInfo } from '../lib/types';
import { CourseDetailsPage, HomePage } from './landing-pages';

export async function resolveSite(): Promise<{ site: SiteInfo; is404: boolean }> {
  const is404 = isHost404();
  let raw = injectedSite();
  if (raw === undefined && !is404) {
    // vite dev: no server-side injection, ask the API for this host.
    try {
      const res = await api<{ data?: { InstitutionInfo?: SiteInfo[] } }>('/my-account/institutions/retrieve-site', { silent: true });
      raw = res?.data?.InstitutionInfo?.[0] ?? null;
    } catch {
      raw = null;
    }
  }
  const site = normalizeSite(raw);
  setCurrentSite(site);
  return { site, is404 };
}

let queryClient: QueryClient | undefined;

/** The app's query cache, created at start-up so that the first page's data can be fetched early. */
export function appQueryClient(): QueryClient {
  return (queryClient ??= createQueryClient());
}

export interface FirstRoute {
  /** Catalogue namespaces the page renders with (besides common). */
  namespaces: string[];
  /** The page's lazy chunk (landing-pages.tsx), fetched alongside the rest. */
  load?: () => Promise<unknown>;
  /** The page's main data, fetched into the query cache alongside the rest. */
  data?: (pathname: string, client: QueryClient) => Promise<unknown>;
}

/**
 * The course page's details, under the key useCourseDetails (features/learn/hooks/use-learn.ts)
 * uses and by the same request as fetchCourseDetails (features/learn/api/learn-api.ts), made here
 * so that it starts with start-up rather than once the page's code has come.
 */
function prefetchCourse(pathname: string, client: QueryClient) {
  const slug = decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
  return client.prefetchQuery({
    queryKey: ['course-details', slug, !!getToken()],
    queryFn: () => api<{ data: unknown }>(`/learner-course/details/${encodeURIComponent(slug)}`).then((r) => r.data),
    staleTime: 30_000,
  });
}

/**
 * The home page's first course row (features/home/components/course-rows.tsx: "latest", 10),
 * under the key useCatalogue (lib/catalogue.ts) uses: its pictures are the page's largest elements
 * on a phone. Not waited for: the home page renders without it.
 */
function prefetchHomeRow(_pathname: string, client: QueryClient) {
  void Promise.all([import('../lib/catalogue'), import('../lib/search-query')])
    .then(([{ fetchCatalogue }, { catalogueParams }]) => {
      const params = catalogueParams({ type: 'latest' }, 10);
      return client.prefetchQuery({ queryKey: ['catalogue', params], queryFn: ({ signal }) => fetchCatalogue(params, { signal, silent: true }) });
    })
    .catch(() => undefined);
  return Promise.resolve();
}

// The landing pages' code and texts are fetched in parallel with start-up instead of after the
// first render found them: the first render then has everything and no loading state shows.
// scripts/bundle-budget.mjs counts the same chunks for its budget and vite.config.ts (landingRoutes)
// preloads them from the HTML; keep the three in step.
const FIRST_ROUTES: [RegExp, FirstRoute][] = [
  [/^\/$/, { namespaces: ['home'], load: HomePage.preload, data: prefetchHomeRow }],
  [
    /^\/(?:course\/details|course-details|exam\/details|webinar\/details)\/[^/]+\/?$/,
    { namespaces: ['learn'], load: CourseDetailsPage.preload, data: prefetchCourse },
  ],
  // With the pages an outside sign-in's provider sends the browser back to (sso-callback-page.tsx).
  [/^\/(?:login|registration|logout|sso|glogin|facebooklogin|social-login)\/?$/i, { namespaces: ['auth'] }],
  [/^\/dashboard\/?$/, { namespaces: ['dashboard'] }],
  [/^\/profile(?:\/|$)/, { namespaces: ['profile'] }],
  [/^\/(?:partners|partnership)(?:\/|$)/, { namespaces: ['partners'] }],
  [/^\/settings(?:\/|$)/, { namespaces: ['settings'] }],
  [/^\/(?:course|training)\/journey\//, { namespaces: ['learn'] }],
  [/^\/(?:(?:course|exam|classroom|training|webinarroom)\/)?calendar\/show\/?$/, { namespaces: ['calendar'] }],
  [/^\/(?:course|template)(?:\/|$)/, { namespaces: ['courses'] }],
  [/^\/training(?:\/|$)/, { namespaces: ['courses', 'trainings'] }],
  [/^\/(?:search|instructor|certificate)(?:\/|$)/, { namespaces: ['learn'] }],
  [/^\/events(?:\/|$)/, { namespaces: ['events'] }],
  [/^\/webinar\/list\/?$/, { namespaces: ['webinars'] }],
  [/^\/leaderboard\/?$/, { namespaces: ['leaderboard'] }],
  // After the calendars: /classroom/calendar/show is the calendar's.
  [/^\/(?:classroom|join)(?:\/|$)/, { namespaces: ['classrooms'] }],
  // My webinars and a webinar's room: the classrooms' screens with the webinars' texts.
  [/^\/webinarroom(?:\/|$)/, { namespaces: ['classrooms', 'webinars'] }],
];

export function firstRoute(pathname: string): FirstRoute {
  // Another path is the not-found page.
  return FIRST_ROUTES.find(([re]) => re.test(pathname))?.[1] ?? { namespaces: ['errors'] };
}

/**
 * The namespaces the first render waits for (besides common): the page's, and for a signed-in
 * user the side navigation's labels (`nav`), which the dashboard layout shows at once and the
 * drawer of the others holds. Not on the landing pages (their first paint is kept small; the
 * layout fetches them once the page has loaded) nor in a course's or exam's journey (no side nav).
 */
export function firstNamespaces(pathname: string, route: FirstRoute, signedIn: boolean): string[] {
  const sideNav = signedIn && !route.load && !/^\/(?:course|exam|training)\/journey\//.test(pathname);
  return sideNav ? [...route.namespaces, 'nav'] : route.namespaces;
}

/**
 * Emotion's style sheet, with the server's CSP nonce (a per-response value the server puts on
 * <meta property="csp-nonce">) on every <style> it inserts. Browsers hide the nonce attribute
 * from the DOM; the `nonce` property keeps it.
 */
export function createStyleCache(): EmotionCache {
  const meta = typeof document !== 'undefined' ? document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]') : null;
  return createCache({ key: 'css', nonce: meta?.nonce || undefined });
}
