// Roles and permission maps on the main site (docs/api-users.md), in Bangla:
// (1) The super admin (helpers.ts SUPER) creates a role `sys-…` that grants only dashboard.view and
//     publishing.view/create, ticked in the permission grid, and gives it (Add person) to a fresh
//     account registered by this spec (so no demo user's roles change and every run starts clean).
// (2) That person signs in, switches to the role, and sees only the Dashboard and the publishing
//     entries (Blogs, Tutorials; the articles, feedback and home slides are the settings module's)
//     in the side navigation, laid out from the map their user record carries
//     (`currentrole.permissions`) with no call of its own for it; /user-management/system-user shows
//     the forbidden page, and the API itself answers their call to it with 403 `permission_denied`.
// (3) The super admin cannot delete the role while it is held (409 `role_in_use`), removes it from
//     the person, then deletes it.
// (4) The activity log shows the deletion with the role's row it removed.
import { expect, test, type Page } from '@playwright/test';
import { baseURL, catalogue, chooseLanguage, login, responseOf, shot } from './helpers';
import { call, signInOn, stampNow } from './seed';

const bn = catalogue('bn');
const site = () => baseURL();

/** The keys of the side navigation's entries (links and groups), as drawn. */
async function navKeys(page: Page): Promise<string[]> {
  return page
    .getByTestId('side-nav')
    .first()
    .locator('[data-testid="side-nav-link"], [data-testid="side-nav-group"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-key') ?? ''));
}

/** On the dashboard, act in the role labelled `label` (switching when it is not the current one). */
async function actAs(page: Page, label: string) {
  await page.goto(`${site()}/dashboard`);
  const option = page.getByTestId('role-option').filter({ hasText: label });
  await expect(option).toBeVisible();
  const switchButton = option.getByRole('button', { name: bn['dashboard:switcher.switch'] });
  if (await switchButton.count()) {
    await responseOf(page, 'POST', /^\/my-account\/user\/switch-role\/\d+$/, () => switchButton.click());
  }
  await expect(option.getByText(bn['dashboard:switcher.active'], { exact: true })).toBeVisible();
}

/** The signed-in session's token and role headers, as the web app keeps them. */
async function session(page: Page): Promise<Record<string, string>> {
  const { token, roleId, ownerId } = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    roleId: localStorage.getItem('Role-id'),
    ownerId: localStorage.getItem('Owner-id'),
  }));
  expect(token, 'signed in').toBeTruthy();
  return { Authorization: `Bearer ${token}`, ...(roleId ? { 'Role-id': roleId } : {}), ...(ownerId ? { 'Owner-id': ownerId } : {}) };
}

test('a role granting the dashboard and publishing only narrows its holder’s menu, pages and API', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = stampNow();
  const person = { name: `Role Tester ${stamp}`, email: `role-${stamp}@example.com`, password: 'shapla-role-2026' };
  const roleName = `E2E Publisher ${stamp}`;
  const roleNameBn = `ই২ই প্রকাশক ${stamp}`;

  // A fresh account on the main site.
  await page.goto(`${site()}/`);
  const registered = await call(page, 'POST', '/my-account/user/register', { name: person.name, email: person.email, password: person.password });
  expect(registered.status, registered.text).toBe(201);
  await page.evaluate(() => localStorage.removeItem('token'));

  // (1) The super admin, in Bangla, in the super role.
  await login(page);
  await chooseLanguage(page, 'bn');
  await actAs(page, bn['common:roles.super']);

  await page.goto(`${site()}/user-management/manage-role`);
  await expect(page.getByTestId('role-list-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: bn['users:roles.title'] })).toBeVisible();
  // Built-in roles come first, marked so.
  await expect(page.getByTestId('role-row').first()).toHaveAttribute('data-built-in', 'true');
  await page.getByTestId('new-role').click();
  await page.waitForURL('**/user-management/manage-role/edit/new');
  await page.locator('#role-name').fill(roleName);
  await page.locator('#role-name_bn').fill(roleNameBn);
  const grid = page.getByTestId('permission-grid');
  await expect(grid.getByTestId('permission-row').first()).toBeVisible();
  await page.locator('#perm-dashboard-view').check();
  await page.locator('#perm-publishing-view').check();
  await page.locator('#perm-publishing-create').check();
  await expect(grid.locator('[data-module="publishing"]')).toHaveAttribute('data-state', 'some');
  await shot(page, 'roles-new-role-bn');
  const created = await responseOf(page, 'POST', '/admin-settings/new-role/create', () => page.getByTestId('role-save').click(), [201]);
  const role = (await created.json()).data as { slug: string; permissions: Record<string, Record<string, boolean>> };
  expect(role.slug).toMatch(/^sys-/);
  expect(role.permissions.dashboard?.view).toBe(true);
  expect(role.permissions.publishing).toMatchObject({ view: true, create: true });
  expect(role.permissions.publishing?.edit ?? false).toBe(false);
  expect(role.permissions.users?.view ?? false).toBe(false);
  // Its page: the map read-only.
  await page.waitForURL(`**/user-management/manage-role/view/${role.slug}`);
  const shown = page.getByTestId('permission-grid');
  await expect(shown).toHaveAttribute('data-readonly', 'true');
  await expect(shown.locator('[data-module="publishing"] [data-action="create"]')).toHaveAttribute('data-granted', 'true');
  await expect(shown.locator('[data-module="users"] [data-action="view"]')).toHaveAttribute('data-granted', 'false');

  // Given to the fresh account.
  await page.goto(`${site()}/user-management/system-user`);
  await expect(page.getByTestId('system-users-page')).toBeVisible();
  await page.getByTestId('add-person').click();
  const dialog = page.getByTestId('add-person-dialog');
  await dialog.locator('#person-login').fill(person.email);
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: roleNameBn, exact: true }).click();
  await expect(dialog.getByText(bn['users:add.name_hint'])).toBeVisible();
  await shot(page, 'roles-add-person-bn');
  const added = await responseOf(page, 'POST', '/my-account/system-user/create', () => dialog.getByTestId('add-person-save').click(), [201]);
  expect((await added.json()).data.roles).toEqual(expect.arrayContaining([expect.objectContaining({ slug: role.slug })]));
  await expect(dialog).toBeHidden();
  await page.getByTestId('system-users-search').locator('input').fill(person.email);
  const row = page.getByTestId('person-row').filter({ hasText: person.email });
  await expect(row).toBeVisible();
  await expect(row.locator(`[data-testid="person-role"][data-slug="${role.slug}"]`)).toHaveText(roleNameBn);

  // (2) The person signs in and acts in the new role.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  // The app never asks for the map apart: it comes with the user record (login, switch-role, /api/user).
  const accessCalls: string[] = [];
  theirs.on('request', (r) => {
    if (new URL(r.url()).pathname === '/my-account/system-user/users-access-given') accessCalls.push(r.url());
  });
  await signInOn(theirs, site(), person);
  await chooseLanguage(theirs, 'bn');
  // The role switcher names a site's own role by its slug without "sys-".
  await actAs(theirs, role.slug.replace(/^sys-/, ''));
  const nav = theirs.getByTestId('side-nav').first();
  await expect(nav).toBeVisible();
  // Only the dashboard and the publishing entries: blogs and tutorials (the site's articles, feedback
  // and home slides are the settings module's, which the role does not grant).
  await expect.poll(() => navKeys(theirs)).toEqual(['dashboard', 'blogs', 'tutorials']);
  await expect(
    nav.locator('a[href^="/user-management"], a[href^="/course"], a[href^="/partners"], a[href^="/articles"], a[href^="/feedbacks"], a[href^="/settings/"]'),
  ).toHaveCount(0);
  await shot(theirs, 'roles-narrowed-menu-bn');

  // Their page of the users is refused, by the app and by the API.
  await theirs.goto(`${site()}/user-management/system-user`);
  await expect(theirs.getByTestId('forbidden-page')).toBeVisible();
  await expect(theirs.getByRole('heading', { level: 1 })).toHaveText(bn['errors:forbidden_page.title']);
  await expect(theirs.getByTestId('system-users-page')).toHaveCount(0);
  await shot(theirs, 'roles-forbidden-bn');
  const headers = await session(theirs);
  // Their record names the role and carries its map: what the side navigation was laid out from.
  const me = await call(theirs, 'GET', '/api/user', undefined, headers);
  expect(me.status, me.text).toBe(200);
  const current = (me.json?.data as { currentrole: { role: string; permissions?: Record<string, Record<string, boolean>> } | null }).currentrole;
  expect(current?.role).toBe(role.slug);
  expect(current?.permissions?.dashboard?.view).toBe(true);
  expect(current?.permissions?.publishing).toMatchObject({ view: true, create: true });
  expect(current?.permissions?.users?.view ?? false).toBe(false);
  expect(accessCalls, 'no separate call for the map').toEqual([]);
  const refused = await call(theirs, 'POST', '/my-account/system-user/view', { type: 'system' }, headers);
  expect(refused.status, refused.text).toBe(403);
  expect(refused.json?.code).toBe('permission_denied');
  expect((refused.json as { errors?: Record<string, string[]> } | null)?.errors?.permission).toEqual(['users.view']);
  await context.close();

  // (3) Held, the role is not deleted; once taken from the person, it is.
  await page.goto(`${site()}/user-management/manage-role/view/${role.slug}`);
  await page.getByTestId('role-delete').click();
  await responseOf(page, 'DELETE', `/admin-settings/manage-roles/delete/${role.slug}`, () => page.getByTestId('confirm-button').click(), [409]);
  await expect(page.getByText('আগে তাঁদের অন্য ভূমিকা দিন', { exact: false }).first()).toBeVisible();

  await page.goto(`${site()}/user-management/system-user?search=${encodeURIComponent(person.email)}`);
  const held = page.getByTestId('person-row').filter({ hasText: person.email });
  await held.getByTestId('person-remove').click();
  await responseOf(page, 'DELETE', /^\/my-account\/system-user\/delete\/[^/]+\/\d+$/, () => page.getByTestId('membership-confirm').click(), [200, 204]);
  await expect(page.getByTestId('person-row').filter({ hasText: person.email })).toHaveCount(0);

  await page.goto(`${site()}/user-management/manage-role/view/${role.slug}`);
  await page.getByTestId('role-delete').click();
  await responseOf(page, 'DELETE', `/admin-settings/manage-roles/delete/${role.slug}`, () => page.getByTestId('confirm-button').click(), [204]);
  await page.waitForURL('**/user-management/manage-role');
  await expect(page.locator(`[data-testid="role-row"][data-slug="${role.slug}"]`)).toHaveCount(0);

  // (4) The activity log holds the deletion and what it removed: the role's row, by its name.
  await page.goto(`${site()}/user-management/activity-logs?search=${encodeURIComponent(`manage-roles/delete/${role.slug}`)}`);
  const entry = page.getByTestId('activity-row').filter({ has: page.getByTestId('activity-status').getByText('২০৪') });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('activity-change').first()).toContainText(`মুছে ফেলা হয়েছে roles`);
  await expect(entry.getByTestId('activity-changes')).toContainText(`name: ${roleName}`);
  await shot(page, 'roles-activity-changes-bn');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(entry.getByTestId('activity-changes')).toBeVisible();
  await shot(page, 'roles-activity-changes-bn-360');
});
