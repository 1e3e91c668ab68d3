// Menu classes (SPEC 6): learner by default; super for "super" or any "sys-" role except the
// blog-and-tutorial admin, who is "approver"; any other role is "partner".
import type { CurrentRole, Role, UserInfo } from './types';

export type MenuClass = 'super' | 'partner' | 'learner' | 'approver';

export const APPROVER_ROLE = 'sys-blog-and-tutorial-admin';

export function menuClass(currentRole: { role?: string | null } | null | undefined): MenuClass {
  const role = currentRole?.role?.trim();
  if (!role) return 'learner';
  if (role === APPROVER_ROLE) return 'approver';
  if (role === 'super' || role.startsWith('sys-')) return 'super';
  return 'partner';
}

/**
 * The site's admins: the super admin's class, and within the partner class the `partner-admin`
 * role only, as the side navigation decides it for the admin pages (menu-items.tsx). A partner's
 * teacher is not one. `role`: the current role's name.
 */
export function isSiteAdmin(cls: MenuClass, role?: string | null): boolean {
  return cls === 'super' || (cls === 'partner' && role === 'partner-admin');
}

/** Role name shown to people: "sys-" prefix dropped; empty means Learner. */
export function displayRole(role: string | null | undefined): string {
  if (!role) return '';
  return role.replace(/^sys-/, '');
}

/** The Role entry of the user matching the current role (for its institution). */
export function currentRoleEntry(user: UserInfo | null | undefined): Role | null {
  const cur: CurrentRole | null | undefined = user?.currentrole;
  if (!user || !cur) return null;
  return user.roles.find((r) => r.id === cur.id) ?? null;
}

/**
 * SPEC 4 and 6: the blog-and-tutorial approver is limited to tutorials, blogs and the dashboard;
 * any other signed-in page sends them to /dashboard.
 */
export function approverMayOpen(pathname: string): boolean {
  return pathname === '/dashboard' || pathname.includes('tutorials') || pathname.includes('blogs');
}

/** Who may open the dashboard pages (SPEC 6 and the sidebar's classes); the rest is open to anyone signed in. */
export const PAGE_ACCESS = {
  /** /course, /course/create, /course/edit/*, /course/template/certificate, /question-bank/*, and the trainings' /training/* */
  authoring: ['super', 'partner'],
  /** /partners/* */
  partners: ['super'],
  /** /settings/profile: the partner's own site */
  siteSettings: ['partner'],
  /** /settings/coupons, /settings/coupons/:id: the site's coupons (the API answers its admin only: the partner admin, the super admin on the main site) */
  coupons: ['super', 'partner'],
  /** /exam, /exam/create, /exam/single, /exam/single/create, /exam/edit/*: the Exam Centre (the question bank's people) */
  exams: ['super', 'partner'],
  /** /accounts/*, /course/accounts/*, /exam/accounts/*, /training/accounts/*: the site's payments (the API answers its admin only) */
  accounts: ['partner'],
  /** /accounts/payment-request and the same under /course, /exam and /training: the site's payout requests, and every partner's for the super admin */
  payouts: ['super', 'partner'],
  /** /promotion-manager/*: the site's promotions (the API answers its admin only), and every partner's for the super admin */
  promotions: ['super', 'partner'],
  /** /blogs/list, /tutorials/list: writers (partner roles, the super admin) their own, approvers every post of the site */
  posts: ['super', 'partner', 'approver'],
  /** /articles/list: the site's pages, FAQ and news (the API answers its admin only: the partner admin, the super admin) */
  articles: ['super', 'partner'],
  /** /feedbacks/list: the feedback sent to the site (the API answers its admin only: the partner admin, the super admin) */
  feedbacks: ['super', 'partner'],
  /** /settings/sliders: the home page's slides (the API answers the site's admin only) */
  sliders: ['super', 'partner'],
  /** /events/create, /events/edit/*: the site's events, kept by the people who author courses (the list and an event's page are anyone's) */
  events: ['super', 'partner'],
  /** /reports/*: the course and learner reports (the API answers the site's admins only: the partner admin, the super admin; report-pages.tsx turns away the partner's other roles) */
  reports: ['super', 'partner'],
  /** /user-management/*: the site's people, roles and activity log (each page also needs its module in the role's map: users, roles or activity) */
  users: ['super', 'partner'],
  /** /bulknotify/*: one message to many people by e-mail, SMS or the bell (the pages also need users.create in the role's map) */
  bulkNotify: ['super', 'partner'],
  /** /template/mail: the e-mails the site sends (the pages also need settings.view in the role's map; the API answers the site's admins) */
  mailTemplates: ['super', 'partner'],
  /** /settings/categories, /settings/educationlavels, /settings/educationsublavels, /settings/degrees, /settings/professions, /settings/reference-lists, /settings/geography: the platform's reference lists; /settings/languages: the language dictionary (the API answers the main site's super admins only) */
  reference: ['super'],
} as const satisfies Record<string, readonly MenuClass[]>;

const PAGE_PREFIXES: [string, readonly MenuClass[]][] = [
  ['/course/accounts/payment-request', PAGE_ACCESS.payouts],
  ['/exam/accounts/payment-request', PAGE_ACCESS.payouts],
  ['/training/accounts/payment-request', PAGE_ACCESS.payouts],
  ['/accounts/payment-request', PAGE_ACCESS.payouts],
  ['/course/accounts', PAGE_ACCESS.accounts],
  ['/exam/accounts', PAGE_ACCESS.accounts],
  ['/training/accounts', PAGE_ACCESS.accounts],
  ['/accounts', PAGE_ACCESS.accounts],
  ['/course', PAGE_ACCESS.authoring],
  ['/training', PAGE_ACCESS.authoring],
  ['/template/certificate', PAGE_ACCESS.authoring],
  ['/template/mail', PAGE_ACCESS.mailTemplates],
  ['/question-bank', PAGE_ACCESS.authoring],
  ['/exam', PAGE_ACCESS.exams],
  ['/partners', PAGE_ACCESS.partners],
  ['/settings/profile', PAGE_ACCESS.siteSettings],
  ['/settings/coupons', PAGE_ACCESS.coupons],
  ['/settings/sliders', PAGE_ACCESS.sliders],
  ['/settings/categories', PAGE_ACCESS.reference],
  ['/settings/educationlavels', PAGE_ACCESS.reference],
  ['/settings/educationsublavels', PAGE_ACCESS.reference],
  ['/settings/degrees', PAGE_ACCESS.reference],
  ['/settings/professions', PAGE_ACCESS.reference],
  ['/settings/reference-lists', PAGE_ACCESS.reference],
  ['/settings/geography', PAGE_ACCESS.reference],
  ['/settings/languages', PAGE_ACCESS.reference],
  ['/promotion-manager', PAGE_ACCESS.promotions],
  // Only the dashboard's lists: the public /blogs/lists, /blogs/details/... stay open to anyone.
  ['/blogs/list', PAGE_ACCESS.posts],
  ['/tutorials/list', PAGE_ACCESS.posts],
  ['/articles/list', PAGE_ACCESS.articles],
  ['/feedbacks', PAGE_ACCESS.feedbacks],
  // Only the managers' pages: /events/list and an event's page (/events/<id>) stay open to anyone.
  ['/events/create', PAGE_ACCESS.events],
  ['/events/edit', PAGE_ACCESS.events],
  ['/reports', PAGE_ACCESS.reports],
  ['/user-management', PAGE_ACCESS.users],
  ['/bulknotify', PAGE_ACCESS.bulkNotify],
];

/** Pages under /course, /exam and /training that are not authoring (the public course and certificate exam pages, the learners' journeys, the person's calendar). */
const PUBLIC_COURSE_PAGES = ['/course/details', '/course/journey', '/exam/details', '/exam/journey', '/training/journey', '/course/calendar', '/exam/calendar', '/training/calendar'];

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The menu classes allowed on a path; null when anyone may open it. */
export function pageAccess(pathname: string): readonly MenuClass[] | null {
  const path = pathname.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  if (PUBLIC_COURSE_PAGES.some((p) => under(path, p))) return null;
  return PAGE_PREFIXES.find(([prefix]) => under(path, prefix))?.[1] ?? null;
}

export function canOpen(pathname: string, cls: MenuClass): boolean {
  const allowed = pageAccess(pathname);
  return !allowed || allowed.includes(cls);
}
