// Visual check of signed-in screens with a mocked API: node scripts/screens-mock.mjs [baseURL]
// (run `npx vite preview` first). Screenshots go to test-results/manual/.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] || 'http://localhost:4173';
const out = 'test-results/manual';
mkdirSync(out, { recursive: true });

const owner = { id: 2, slug: 'dhaka', institution_name: 'ঢাকা একাডেমি', institution_name_en: 'Dhaka Academy', initial: { logo_image: null } };
const superUser = {
  id: 1, name: 'Super Admin', name_bn: 'সুপার অ্যাডমিন', email: 'superadmin@example.com', phone: '01700000000', email_verified: true, phone_verified: false, photo: null, type: 1, completeness: 70,
  roles: [{ id: 1, role: 'super', owner: { id: 1, slug: 'main', institution_name: 'শিক্ষা প্ল্যাটফর্ম', institution_name_en: 'Learning Platform' } }, { id: 3, role: 'partner-admin', owner }],
  currentrole: { id: 1, role: 'super', owner_id: 1 },
};
const inst = (id, slug, state) => ({
  id, slug, institution_name: `${slug} শিক্ষা কেন্দ্র`, institution_name_en: `${slug[0].toUpperCase()}${slug.slice(1)} Learning Centre`,
  type: { id: 1, name: 'School', name_bn: 'বিদ্যালয়' }, state, contact_phone: '01711111111', contact_email: `info@${slug}.edu.bd`,
  applicant: { id: 9, name: 'Rahim Uddin', email: 'rahim@example.com' }, url: `http://${slug}.localhost:8080`, created_at: '2026-11-20T10:00:00Z', approved_at: state === 'requested' ? null : '2026-11-21T10:00:00Z',
});
const page = (data, current = 1, last = 3) => ({ data, current_page: current, last_page: last, per_page: 10, total: 23 });
const routes = {
  '/api/user': { data: superUser },
  '/my-account/user/profile-info': {
    data: {
      id: 1, name: superUser.name, name_bn: superUser.name_bn, email: superUser.email, email_verified: true, phone: '+8801700000000', phone_verified: false,
      photo: null, gender: 'female', date_of_birth: '1990-05-14', address: 'Dhanmondi, Dhaka', bio: null, completeness: 80, missing: ['photo', 'bio'],
    },
  },
  '/my-account/institutions/view-unapproved': page([inst(11, 'rajshahi', 'requested'), inst(12, 'khulna', 'requested')], 1, 1),
  '/my-account/institutions/view_all': page([inst(2, 'dhaka', 'active'), inst(3, 'sylhet', 'active'), inst(4, 'barishal', 'provisioning'), inst(5, 'comilla', 'suspended'), inst(11, 'rajshahi', 'requested')], 2, 3),
  '/my-account/institutions/view-info/4': {
    data: {
      ...inst(4, 'barishal', 'provisioning'),
      provisioning: {
        state: 'running', step: 'migrate', attempts: 2, last_error: 'connection refused (will retry)', next_attempt_at: null,
        steps: ['create_schema', 'migrate', 'seed', 'dns', 'certificate'],
        events: [
          { step: 'create_schema', status: 'started', message: null, at: '2026-11-21T10:00:00Z' },
          { step: 'create_schema', status: 'done', message: 'schema t_barishal', at: '2026-11-21T10:00:01Z' },
          { step: 'migrate', status: 'failed', message: 'connection refused', at: '2026-11-21T10:00:02Z' },
          { step: 'migrate', status: 'started', message: null, at: '2026-11-21T10:00:05Z' },
        ],
      },
    },
  },
  '/my-account/institutions/retrieve-site': { data: { InstitutionInfo: [{ id: 1, slug: 'main', is_main: true, institution_name: 'শিক্ষা প্ল্যাটফর্ম', institution_name_en: 'Learning Platform', logo: null, site_config: { menus: [], theme: { primary: '#1e40af', secondary: '#f97316' }, slogan_en: 'Learn anything, anywhere.', slogan_bn: 'যেকোনো কিছু শিখুন, যেকোনো জায়গা থেকে।', modules: { faq: true, partnership: true, userguide: true, teacher: true, partner: true, home_users: true, home_features: true, learner_feedback: false, sso_login: false } } }] } },
  '/admin-settings/categories': { data: [{ id: 1, title: 'Programming', bn_title: 'প্রোগ্রামিং', image: null }, { id: 2, title: 'Mathematics', bn_title: 'গণিত', image: null }] },
  '/my-account/public/institutions/view': page([inst(2, 'dhaka', 'active'), inst(3, 'sylhet', 'active')], 1, 4),
  '/my-account/institutions/view-types-public': { data: [{ id: 1, name: 'School', name_bn: 'বিদ্যালয়' }, { id: 2, name: 'College', name_bn: 'কলেজ' }] },
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const paths = (process.env.PATHS || '/dashboard,/partners/requests,/partners/list,/partners/details/4,/settings/profile,/profile/myprofile,/').split(',');
for (const lang of (process.env.LANGS || 'en,bn').split(',')) {
  for (const width of (process.env.WIDTHS || '1280,360').split(',').map(Number)) {
    const ctx = await browser.newContext({ viewport: { width, height: width > 600 ? 800 : 740 } });
    await ctx.addInitScript(`localStorage.setItem('lang', '${lang}'); localStorage.setItem('token', 'mock');`);
    await ctx.route(/\/(api|my-account|admin-settings)\//, (route) => {
      const path = new URL(route.request().url()).pathname;
      const body = routes[path];
      if (route.request().method() === 'PUT' && path.endsWith('update-site')) {
        const sent = JSON.parse(route.request().postData() || '{}');
        return route.fulfill({ json: { data: { ...routes['/my-account/institutions/retrieve-site'].data.InstitutionInfo[0], site_config: sent.site_config } } });
      }
      return body ? route.fulfill({ json: body }) : route.fulfill({ status: 404, json: { message: 'Not found', code: 'not_found' } });
    });
    const p = await ctx.newPage();
    p.on('pageerror', (e) => console.log('pageerror', e.message));
    for (const path of paths) {
      await p.goto(base + path, { waitUntil: 'networkidle' });
      await p.waitForTimeout(400);
      await p.screenshot({ path: `${out}/mock${path.replace(/[^a-z0-9]+/gi, '_')}-${lang}-${width}.png`, fullPage: process.env.FULL === '1' });
    }
    await ctx.close();
  }
}
await browser.close();
