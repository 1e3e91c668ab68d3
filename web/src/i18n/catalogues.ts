// Shipped catalogues, one JSON file per language and namespace (locales/<lang>/<ns>.json). The app
// fetches them one at a time when first needed: each file is its own chunk of the build, so a
// visitor downloads only the language shown and the namespaces of the pages opened.
import type { Lang } from '../lib/lang';

export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'home',
  'dashboard',
  'profile',
  'partners',
  'settings',
  'courses',
  'learn',
  'questions',
  'exams',
  'payments',
  'promotions',
  'files',
  'posts',
  'publishing',
  'contents',
  'events',
  'calendar',
  // The classrooms' screens (/classroom, /classroom/details/*, /join/:code): loaded with them.
  'classrooms',
  // The trainings' screens (/training/*): loaded with them.
  'trainings',
  // The webinars' list (/webinar/list) and My webinars (/webinarroom): loaded with them.
  'webinars',
  // The reports (/reports/course-report, /reports/learner-report and their :id pages): loaded with them.
  'reports',
  // User management (/user-management/*: people, roles and their permission maps, the activity log): loaded with it.
  'users',
  // Bulk notifications (/bulknotify/*: compose, audience, history): loaded with them.
  'bulk',
  // The site's own wording of its e-mails (/template/mail): loaded with it.
  'mail',
  // The home page's slides and feedback and the "Send feedback" form: loaded with those lazy parts.
  'extras',
  // The reference lists' settings (/settings/categories, /settings/educationlavels, ...): loaded with them.
  'reference',
  // The leaderboard (/leaderboard) and the learner's points card (features/leaderboard): loaded with them.
  'leaderboard',
  // The language dictionary (/settings/languages, features/languages): loaded with it.
  'languages',
  // The header's notification bell and its panel (features/notifications): signed-in users only,
  // loaded with the bell's own chunk, not on a visitor's first paint.
  'notifications',
  // The side navigation's menu labels (signed-in users): loaded with the side nav and the drawer's
  // menu, not on a visitor's first paint. The header, bottom bar and account menu keep theirs in
  // common (common:nav.*).
  'nav',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Loaded before the first render: the layouts use it. */
export const BOOT_NAMESPACES: readonly Namespace[] = ['common'];

/**
 * Loaded once the browser is idle after start-up (error pages, API error texts), so that they are
 * there when the connection is lost later.
 */
export const IDLE_NAMESPACES: readonly Namespace[] = ['errors'];

export type Catalogue = { [key: string]: string | Catalogue };

const files = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });

export function loadCatalogue(lang: Lang | string, ns: string): Promise<Catalogue> {
  const load = files[`./locales/${lang}/${ns}.json`];
  return load ? load() : Promise.reject(new Error(`no catalogue ${lang}/${ns}`));
}
