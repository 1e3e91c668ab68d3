import type { ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_ACCESS } from '../lib/menu-class';
import { routes } from './routes';
import { signedInRoutes } from './signed-in-routes';

/** Every route's full path in a table (layout routes add nothing). */
function paths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((r) => {
    const here = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    return [...(r.path ? [here] : []), ...paths(r.children ?? [], here)];
  });
}

describe('the public route table', () => {
  it('has no route starting with a parameter, so the signed-in table keeps its paths', () => {
    const all = paths(routes);
    expect(all.filter((p) => p.split('/')[1]?.startsWith(':'))).toEqual([]);
    expect(all.filter((p) => p.includes('*'))).toEqual(['/*']);
  });

  it('serves the posts of the three public types, and sends other paths to the signed-in table', () => {
    const last = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;
    expect(['/blogs/lists', '/tutorials/details/4', '/articles/details/4/a-slug'].map(last)).toEqual(['blogs/lists', 'tutorials/details/:id/:slug?', 'articles/details/:id/:slug?']);
    expect(['/podcasts/lists', '/classroom/details/3/general', '/dashboard', '/events/list'].map(last)).toEqual(['*', '*', '*', '*']);
  });

  it('serves a webinar’s public page as a course’s, and the webinars’ list, to anyone', () => {
    const uuid = '0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e';
    const page = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;
    expect(page(`/webinar/details/${uuid}`)?.path).toBe('webinar/details/:uuid');
    expect((page(`/webinar/details/${uuid}`)?.element as ReactElement).type).toBe((page(`/course/details/${uuid}`)?.element as ReactElement).type);
    expect(page('/webinar/list')?.path).toBe('webinar/list');
    // Not the course page, nor the signed-in table's.
    expect((page('/webinar/list')?.element as ReactElement).type).not.toBe((page(`/course/details/${uuid}`)?.element as ReactElement).type);
    // The webinars' rooms are signed-in pages.
    expect(['/webinarroom', '/webinarroom/details/8', '/webinar/details'].map((p) => page(p)?.path)).toEqual(['*', '*', '*']);
  });
  it('serves the leaderboard to anyone in the default layout, as its own lazy page', () => {
    const matches = matchRoutes(routes, '/leaderboard') ?? [];
    expect(matches.at(-1)?.route.path).toBe('leaderboard');
    const page = matches.at(-1)!.route.element as ReactElement;
    // A lazy component (React.lazy), not one of the landing pages' own.
    expect((page.type as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    const layout = (path: string) => (matchRoutes(routes, path)![1].route.element as ReactElement).type;
    expect(layout('/leaderboard')).toBe(layout('/webinar/list'));
    // Its query string does not change the route.
    expect(matchRoutes(routes, '/leaderboard?scope=all&period=all_time&page=2')?.at(-1)?.route.path).toBe('leaderboard');
    expect(matchRoutes(routes, '/leaderboard/other')?.at(-1)?.route.path).toBe('*');
  });

  it('serves an announcement’s unsubscribe link to anyone, signed in or not, in the mailed links’ lazy chunk', () => {
    const page = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.element as ReactElement;
    expect(matchRoutes(routes, '/unsubscribe?token=t1')?.at(-1)?.route.path).toBe('unsubscribe');
    // The same element as the other mailed links' pages (not behind GuestOnly): no route of its own in the entry.
    expect(page('/unsubscribe').type).toBe(page('/verification-by-mail').type);
    expect((page('/unsubscribe').type as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
  });
});

describe('the signed-in route table', () => {
  /** The route serving `path`, and the classes its guard lets in (null: no guard). */
  const served = (path: string) => {
    const matches = matchRoutes(signedInRoutes, path) ?? [];
    const guard = matches.map((m) => m.route.element as ReactElement<{ allow?: readonly string[] }> | undefined).find((e) => e?.props?.allow);
    return { path: matches.at(-1)?.route.path, allow: guard?.props.allow ?? null };
  };

  it('serves the accounts pages under /accounts, /course/accounts, /exam/accounts and /training/accounts, the payout requests with their own guard', () => {
    for (const prefix of ['accounts', 'course/accounts', 'exam/accounts', 'training/accounts']) {
      for (const page of ['learner-payment', 'overall-transactions']) {
        expect(served(`/${prefix}/${page}`), `${prefix}/${page}`).toEqual({ path: `${prefix}/:page`, allow: PAGE_ACCESS.accounts });
      }
      expect(served(`/${prefix}/payment-request`), prefix).toEqual({ path: `${prefix}/payment-request`, allow: PAGE_ACCESS.payouts });
    }
    // The trainings' other screens stay theirs.
    expect(served('/training').path).toBe('training/*');
    expect(served('/training/edit/4/venue')).toEqual({ path: 'training/*', allow: PAGE_ACCESS.authoring });
    expect(served('/exam/edit/4').path).toBe('exam/edit/:id/:slug?');
  });

  it('serves the classrooms to anyone signed in, and a class’s invitation behind a sign-in that comes back', () => {
    expect(served('/classroom')).toEqual({ path: 'classroom', allow: null });
    expect(served('/classroom/details/3')).toEqual({ path: 'classroom/details/:id/:slug?', allow: null });
    expect(served('/classroom/details/3/attendance')).toEqual({ path: 'classroom/details/:id/:slug?', allow: null });
    // The classes' calendar stays the calendar's.
    expect(served('/classroom/calendar/show').path).toBe('classroom/calendar/show');
    const join = matchRoutes(signedInRoutes, '/join/K7Q2XPA9') ?? [];
    expect(join.at(-1)?.route.path).toBe('join/:slug');
    expect((join[0].route.element as ReactElement).type).not.toBe((matchRoutes(signedInRoutes, '/dashboard')![0].route.element as ReactElement).type);
  });

  it('serves My webinars and a webinar’s room to anyone signed in, in the dashboard layout, one chunk for both', () => {
    const element = (path: string) => matchRoutes(signedInRoutes, path)!.at(-1)!.route.element as ReactElement<{ page?: string }>;
    expect(served('/webinarroom')).toEqual({ path: 'webinarroom', allow: null });
    expect(served('/webinarroom/details/8')).toEqual({ path: 'webinarroom/details/:id/:slug?', allow: null });
    expect(served('/webinarroom/details/8/schedule')).toEqual({ path: 'webinarroom/details/:id/:slug?', allow: null });
    expect(element('/webinarroom').props.page).toBe('list');
    expect(element('/webinarroom/details/8/attendance').props.page).toBe('details');
    expect(element('/webinarroom').type).toBe(element('/webinarroom/details/8').type);
    expect(served('/webinarroom/details').path).toBe('webinarroom/details');
    // The webinars' calendar stays the calendar's.
    expect(served('/webinarroom/calendar/show').path).toBe('webinarroom/calendar/show');
    const layout = (path: string) => (matchRoutes(signedInRoutes, path)![0].route.element as ReactElement).type;
    expect(layout('/webinarroom')).toBe(layout('/dashboard'));
  });

  it('serves the four reports from one chunk, behind the reports’ guard, the page told by the address', () => {
    const element = (path: string) => matchRoutes(signedInRoutes, path)!.at(-1)!.route.element as ReactElement;
    expect(served('/reports/course-report')).toEqual({ path: 'reports/course-report/:id?', allow: PAGE_ACCESS.reports });
    expect(served('/reports/course-report/7')).toEqual({ path: 'reports/course-report/:id?', allow: PAGE_ACCESS.reports });
    expect(served('/reports/learner-report')).toEqual({ path: 'reports/learner-report/:id?', allow: PAGE_ACCESS.reports });
    expect(served('/reports/learner-report/55')).toEqual({ path: 'reports/learner-report/:id?', allow: PAGE_ACCESS.reports });
    const pages = ['/reports/course-report', '/reports/course-report/7', '/reports/learner-report', '/reports/learner-report/55'].map((p) => element(p).type);
    expect(new Set(pages).size).toBe(1);
    expect(served('/reports').path).toBe('reports');
    expect(served('/reports/other').path).toBe('*');
    expect(PAGE_ACCESS.reports).toEqual(['super', 'partner']);
    const layout = (path: string) => (matchRoutes(signedInRoutes, path)![0].route.element as ReactElement).type;
    expect(layout('/reports/course-report')).toBe(layout('/dashboard'));
  });

  it('serves user management from one chunk, for the super and partner classes, each page behind its module', () => {
    const matches = (path: string) => matchRoutes(signedInRoutes, path) ?? [];
    const element = (path: string) => matches(path).at(-1)!.route.element as ReactElement<{ page?: string }>;
    /** The module the page's second guard asks the role's map for. */
    const module = (path: string) => matches(path).map((m) => m.route.element as ReactElement<{ module?: string }> | undefined).find((e) => e?.props?.module)?.props.module ?? null;
    const pages: [string, string, string, string | null][] = [
      ['/user-management/system-user', 'user-management/system-user', 'system-users', 'users'],
      ['/user-management/system-user-edit/41', 'user-management/system-user-edit/:id', 'system-user', 'users'],
      ['/user-management/learner', 'user-management/learner', 'learners', 'users'],
      ['/user-management/learner-edit/7', 'user-management/learner-edit/:id', 'learner', 'users'],
      ['/user-management/manage-role', 'user-management/manage-role', 'roles', 'roles'],
      ['/user-management/manage-role/view/teacher', 'user-management/manage-role/view/:slug', 'role-view', 'roles'],
      ['/user-management/manage-role/edit/new', 'user-management/manage-role/edit/:slug', 'role-edit', 'roles'],
      ['/user-management/manage-role/edit/exam-officer', 'user-management/manage-role/edit/:slug', 'role-edit', 'roles'],
      ['/user-management/activity-logs', 'user-management/activity-logs', 'activity', 'activity'],
      ['/user-management/activity-logs/41', 'user-management/activity-logs/:id', 'user-activity', 'activity'],
      ['/user-management/old-page', 'user-management/:slug', 'slug', null],
    ];
    for (const [path, route, page, mod] of pages) {
      expect(served(path), path).toEqual({ path: route, allow: PAGE_ACCESS.users });
      expect(element(path).props.page, path).toBe(page);
      expect(module(path), path).toBe(mod);
    }
    expect(new Set(pages.map(([path]) => element(path).type)).size).toBe(1);
    expect(served('/user-management').path).toBe('user-management');
    expect(PAGE_ACCESS.users).toEqual(['super', 'partner']);
  });
  it('serves the four bulk notification pages from one lazy chunk, the channel preset told by the route, behind users.create', () => {
    const matches = (path: string) => matchRoutes(signedInRoutes, path) ?? [];
    const element = (path: string) => matches(path).at(-1)!.route.element as ReactElement<{ preset?: string }>;
    /** The module and action the page's second guard asks the role's map for. */
    const guard = (path: string) =>
      matches(path)
        .map((m) => m.route.element as ReactElement<{ module?: string; action?: string }> | undefined)
        .find((e) => e?.props?.module)?.props ?? null;
    for (const preset of ['email', 'sms', 'system', 'custom']) {
      const path = `/bulknotify/${preset}`;
      expect(served(path), path).toEqual({ path: `bulknotify/${preset}`, allow: PAGE_ACCESS.bulkNotify });
      expect(element(path).props.preset, path).toBe(preset);
      // Keyed by its preset: another preset starts a fresh form.
      expect(element(path).key, path).toBe(preset);
      expect(guard(path), path).toEqual({ module: 'users', action: 'create' });
    }
    const pages = ['/bulknotify/email', '/bulknotify/sms', '/bulknotify/system', '/bulknotify/custom'].map((p) => element(p).type);
    expect(new Set(pages).size).toBe(1);
    expect((pages[0] as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    // /bulknotify goes to the custom page; another preset is not found.
    expect(served('/bulknotify').path).toBe('bulknotify');
    expect((element('/bulknotify') as ReactElement<{ to?: string }>).props.to).toBe('/bulknotify/custom');
    expect(served('/bulknotify/whatsapp').path).toBe('*');
    expect(PAGE_ACCESS.bulkNotify).toEqual(['super', 'partner']);
    const layout = (path: string) => (matchRoutes(signedInRoutes, path)![0].route.element as ReactElement).type;
    expect(layout('/bulknotify/sms')).toBe(layout('/dashboard'));
  });
  it('serves the mail templates from a lazy chunk of their own, for the super and partner classes, behind settings.view', () => {
    const matches = matchRoutes(signedInRoutes, '/template/mail?key=password_reset') ?? [];
    expect(served('/template/mail')).toEqual({ path: 'template/mail', allow: PAGE_ACCESS.mailTemplates });
    expect(PAGE_ACCESS.mailTemplates).toEqual(['super', 'partner']);
    const guards = matches.map((m) => (m.route.element as ReactElement<{ module?: string; action?: string }> | undefined)?.props).filter((p) => p?.module);
    expect(guards).toEqual([{ module: 'settings' }]);
    expect(((matches.at(-1)!.route.element as ReactElement).type as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    expect(served('/template/mail/other').path).toBe('*');
  });
});
