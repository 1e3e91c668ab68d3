import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_NAMESPACES, NAMESPACES } from '../../i18n/catalogues';
import { resources } from '../../i18n/resources';
import type { Lang } from '../../lib/lang';
import type { MenuClass } from '../../lib/menu-class';
import { DEFAULT_SITE } from '../../lib/site';
import { SiteProvider } from '../../lib/site-context';
import { tag, text } from '../../lib/test-render';
import { builtInRole, ROLE_MAPS } from '../../lib/test-role-maps';
import { signedInUser, testSession } from '../../lib/test-session';
import { MENU, menuFor, USER_MENU, type MenuItem } from './menu-items';
import { MobileDrawer } from './mobile-drawer';
import { NAV_NAMESPACE } from './nav-texts';
import { SideNav } from './side-nav';

vi.mock('../../lib/session', () => import('../../lib/test-session'));

const partnerAdmin = signedInUser(3, builtInRole('partner-admin', 8, DEFAULT_SITE.id));

beforeEach(() => {
  testSession.user = partnerAdmin;
  testSession.loading = false;
});

/**
 * An i18next as the app starts one: the start-up catalogue (common) there, the others read by a
 * backend when first asked for; `nav` only once `release()` is called.
 */
async function startedI18n(lang: Lang) {
  let release = () => {};
  const navArrives = new Promise<void>((resolve) => (release = resolve));
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(lng, ns, done) {
      const catalogue = resources[lng as Lang][ns];
      if (ns === NAV_NAMESPACE) void navArrives.then(() => done(null, catalogue));
      else done(null, catalogue);
    },
  };
  const i18n = i18next.createInstance();
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({ lng: lang, fallbackLng: false, ns: [...BOOT_NAMESPACES], defaultNS: 'common', interpolation: { escapeValue: false }, react: { useSuspense: true } });
  return { i18n, release };
}

/** Drawers drawn in place (a static render has no portal). */
const inPlace = createTheme({ components: { MuiModal: { defaultProps: { disablePortal: true } } } });

function draw(i18n: I18n, node: ReactNode, at = '/dashboard', qc = new QueryClient()) {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <SiteProvider initial={DEFAULT_SITE}>
          <ThemeProvider theme={inPlace}>
            <MemoryRouter initialEntries={[at]}>{node}</MemoryRouter>
          </ThemeProvider>
        </SiteProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const count = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"`, 'g'))?.length ?? 0;

/** Every label key of the side navigation, for every class and role. */
function sideNavKeys(): string[] {
  const all = (items: MenuItem[]): string[] => items.flatMap((i) => [i.labelKey, ...all(i.children ?? [])]);
  return [...new Set(all(MENU))];
}

/** What a page shows instead of a text it does not have: its key. */
const RAW_KEY = /\bnav:|\b(exam_centre|question_bank|single_exams|file_manager|promotion_manager|exam_certificates|course_certificates)\b/;

describe('the side navigation’s labels', () => {
  it('are a namespace of their own, not in the start-up catalogue; common keeps only what the header, bottom bar and account menu show too', () => {
    expect(NAMESPACES).toContain(NAV_NAMESPACE);
    expect(BOOT_NAMESPACES).not.toContain(NAV_NAMESPACE);
    // The bottom bar's home, classroom and payments, the account menu's entries.
    const shared = new Set([...USER_MENU.map((i) => i.labelKey), 'common:nav.home', 'common:nav.classroom', 'common:nav.payments']);
    for (const key of sideNavKeys()) {
      if (!key.startsWith('nav:')) expect(shared.has(key), key).toBe(true);
    }
    // No label in both places.
    const common = resources.en.common.nav as Record<string, unknown>;
    for (const key of Object.keys(resources.en.nav)) expect(common[key], key).toBeUndefined();
  });

  it('has every label in both languages, the certificates of courses and of exams under their own', async () => {
    for (const lang of ['en', 'bn'] as const) {
      const { i18n, release } = await startedI18n(lang);
      release();
      await i18n.loadNamespaces(NAV_NAMESPACE);
      for (const key of sideNavKeys()) expect(i18n.exists(key), `${lang} ${key}`).toBe(true);
    }
    expect([resources.en.nav.course_certificates, resources.en.nav.exam_certificates]).toEqual(['Certificates', 'Certificates']);
    expect([resources.bn.nav.course_certificates, resources.bn.nav.exam_certificates]).toEqual(['সনদ', 'সনদ']);
  });
});

describe('the side navigation', () => {
  it('draws its entries with their labels once the nav namespace is there', async () => {
    const { i18n, release } = await startedI18n('bn');
    release();
    await i18n.loadNamespaces(NAV_NAMESPACE);
    const exam = draw(i18n, <SideNav />, '/exam/certificate/9');
    expect(count(exam, 'side-nav-loading')).toBe(0);
    // Exam Centre is open on its certificates: the group, its three entries.
    expect(text(exam)).toMatch(/পরীক্ষা কেন্দ্র একক পরীক্ষা সার্টিফিকেট পরীক্ষা সনদ/);
    expect(exam).toMatch(/<a[^>]*Mui-selected[^>]*href="\/exam\/certificate"/);
    expect(text(exam)).not.toMatch(RAW_KEY);
    const course = draw(i18n, <SideNav />, '/course/certificate');
    expect(text(course)).toMatch(/কোর্স কোর্স সনদ/);

    const en = await startedI18n('en');
    en.release();
    await en.i18n.loadNamespaces(NAV_NAMESPACE);
    expect(text(draw(en.i18n, <SideNav />, '/course/certificate'))).toMatch(/Course Course Certificates/);
  });

  it('stands placeholders in for its entries while their labels load, never keys', async () => {
    const { i18n, release } = await startedI18n('bn');
    const loading = draw(i18n, <SideNav mobile />, '/exam/single');
    expect(tag(loading, 'side-nav')).toContain('aria-label="প্রধান নেভিগেশন"');
    expect(tag(loading, 'side-nav-loading')).toContain('aria-busy="true"');
    // A row per entry, so that nothing moves when they come.
    expect(loading.match(/MuiSkeleton-circular/g)).toHaveLength(menuFor('partner', ROLE_MAPS['partner-admin']).length);
    expect(text(loading)).not.toMatch(RAW_KEY);
    // The parts from the start-up catalogue are there at once: the profile link, log out.
    expect(text(loading)).toContain('আমার প্রোফাইল');
    expect(text(loading)).toContain('লগআউট');

    release();
    await i18n.loadNamespaces(NAV_NAMESPACE);
    const loaded = draw(i18n, <SideNav mobile />, '/exam/single');
    expect(count(loaded, 'side-nav-loading')).toBe(0);
    expect(text(loaded)).toContain('পরীক্ষা কেন্দ্র');
    expect(text(loaded)).toContain('প্রশ্ন ব্যাংক');
  });

  it('as a learner: the learner’s entries, their placeholders counted the same way', async () => {
    testSession.user = signedInUser(5, null);
    const cls: MenuClass = 'learner';
    const { i18n, release } = await startedI18n('en');
    expect(draw(i18n, <SideNav />).match(/MuiSkeleton-circular/g)).toHaveLength(menuFor(cls).length);
    release();
    await i18n.loadNamespaces(NAV_NAMESPACE);
    const html = draw(i18n, <SideNav />, '/profile/account-setting');
    expect(text(html)).toMatch(/Home Classroom Webinars Content Events Calendar File manager Payments My profile My profile Account settings Certificates/);
  });
});

describe('the side navigation narrowed by the role’s permission map', () => {
  /** The keys of the entries drawn: links and groups, in order. */
  const keys = (html: string) => [...html.matchAll(/data-testid="side-nav-(?:link|group)" data-key="([^"]+)"/g)].map((m) => m[1]);

  it('shows a role of the site’s own only what its map lets it view: the dashboard and publishing', async () => {
    // The map comes with the signed-in user's record (currentrole.permissions).
    testSession.user = signedInUser(7, { id: 70, role: 'sys-publisher', owner_id: null, permissions: { dashboard: { view: true }, publishing: { view: true, create: true } } });
    const { i18n, release } = await startedI18n('bn');
    release();
    await i18n.loadNamespaces(NAV_NAMESPACE);
    const html = draw(i18n, <SideNav />, '/blogs/list');
    // Publishing is blogs and tutorials only: the site's articles, feedback and home slides are settings'.
    expect(keys(html)).toEqual(['dashboard', 'blogs', 'tutorials']);
    expect(text(html)).not.toContain('ব্যবহারকারী ব্যবস্থাপনা');
    expect(html).not.toContain('href="/user-management');
    expect(html).not.toContain('href="/articles/list"');
    expect(html).not.toContain('href="/feedbacks/list"');
    expect(html).not.toContain('href="/settings/sliders"');
    // Granted settings.view too: the articles, the feedback, the super admin's Settings holding
    // the home slides (settings) without the coupons (accounts), and Templates holding Mail.
    testSession.user = signedInUser(7, {
      id: 70,
      role: 'sys-publisher',
      owner_id: null,
      permissions: { dashboard: { view: true }, publishing: { view: true, create: true }, settings: { view: true } },
    });
    const withSettings = draw(i18n, <SideNav />, '/settings/sliders');
    expect(keys(withSettings)).toEqual(['dashboard', 'blogs', 'tutorials', 'articles', 'feedbacks', 'super-settings', 'super-sliders', 'super-categories', 'super-education-levels', 'super-education-sublevels', 'super-professions', 'super-degrees', 'super-reference-lists', 'super-geography', 'super-languages', 'templates']);
    expect(withSettings).not.toContain('href="/settings/coupons"');
  });

  it('hides an item whose module the map does not let the role view, and a group left with none', async () => {
    testSession.user = signedInUser(8, {
      id: 80,
      role: 'exam-officer',
      owner_id: DEFAULT_SITE.id,
      permissions: { dashboard: { view: true }, exam: { view: true, create: true }, users: { view: false, create: true }, activity: { view: true } },
    });
    const { i18n, release } = await startedI18n('en');
    release();
    await i18n.loadNamespaces(NAV_NAMESPACE);
    const html = draw(i18n, <SideNav />, '/user-management/activity-logs');
    expect(keys(html)).toEqual(['dashboard', 'exam', 'user-management', 'activity-logs', 'bulk-notify']);
    // users.view is false: no System users, no Learners; roles absent: no Roles. users.create is
    // granted: Bulk notifications (its entries ask for create, as the server asks to send).
    expect(html).not.toContain('href="/user-management/system-user"');
    expect(html).not.toContain('href="/user-management/manage-role"');
    expect(text(html)).toContain('User Management');
    expect(text(html)).toContain('Activity log');
    expect(html).not.toContain('data-key="course"');
  });

  it('reads the map from the user’s record: placeholders until it comes, the new role’s map at once after a switch', async () => {
    const { i18n, release } = await startedI18n('en');
    release();
    await i18n.loadNamespaces(NAV_NAMESPACE);
    // The record not there yet: placeholders, no entry.
    testSession.loading = true;
    const waiting = draw(i18n, <SideNav />);
    expect(tag(waiting, 'side-nav-loading')).toContain('aria-busy="true"');
    expect(keys(waiting)).toEqual([]);
    testSession.loading = false;

    testSession.user = signedInUser(8, { id: 80, role: 'exam-officer', owner_id: DEFAULT_SITE.id, permissions: { dashboard: { view: true } } });
    const officer = draw(i18n, <SideNav />);
    expect(count(officer, 'side-nav-loading')).toBe(0);
    expect(keys(officer)).toEqual(['dashboard']);
    // Switched to the built-in teacher (the record switch-role answers): its map, not the one before.
    testSession.user = signedInUser(8, builtInRole('teacher', 90, DEFAULT_SITE.id));
    const teacher = keys(draw(i18n, <SideNav />));
    expect(teacher).toEqual(menuFor('partner', ROLE_MAPS.teacher).map((i) => i.key));
    expect(teacher).toContain('course');
    expect(teacher).toContain('blogs');
    // No reports in the teacher's map (the server refuses them a teacher), nor the site's settings.
    expect(teacher).not.toContain('reports');
    expect(teacher).not.toContain('articles');
    expect(teacher).not.toContain('accounts');
    expect(teacher).not.toContain('user-management');
    // The built-in admins' maps hold their whole class's menu.
    testSession.user = partnerAdmin;
    expect(keys(draw(i18n, <SideNav />))).toEqual(menuFor('partner').map((i) => i.key));
    testSession.user = signedInUser(1, builtInRole('super', 1, null));
    expect(keys(draw(i18n, <SideNav />))).toEqual(menuFor('super').map((i) => i.key));
    // A record without a map is not narrowed (the server still refuses what the role may not do).
    testSession.user = signedInUser(8, { id: 80, role: 'exam-officer', owner_id: DEFAULT_SITE.id });
    expect(keys(draw(i18n, <SideNav />))).toEqual(menuFor('partner').map((i) => i.key));
    // The learner view is not narrowed by maps.
    testSession.user = signedInUser(5, null);
    expect(keys(draw(i18n, <SideNav />))).toEqual(menuFor('learner').map((i) => i.key));
  });
});

describe('the drawer of a signed-in user', () => {
  it('opens on the menu: placeholders while its labels load, then the labels', async () => {
    const { i18n, release } = await startedI18n('bn');
    const opening = draw(i18n, <MobileDrawer open onClose={() => undefined} />, '/');
    expect(tag(opening, 'mobile-drawer')).not.toBe('');
    expect(tag(opening, 'side-nav-loading')).not.toBe('');
    expect(tag(opening, 'drawer-close')).toContain('aria-label="মেনু বন্ধ করুন"');
    expect(text(opening)).not.toMatch(RAW_KEY);

    release();
    await i18n.loadNamespaces(NAV_NAMESPACE);
    const open = draw(i18n, <MobileDrawer open onClose={() => undefined} />, '/');
    expect(count(open, 'side-nav-loading')).toBe(0);
    expect(text(open)).toContain('ফাইল ম্যানেজার');
    expect(text(open)).not.toMatch(RAW_KEY);
  });
});
