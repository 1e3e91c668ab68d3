import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { ME_KEY } from '../../../lib/session';
import { builtInRole } from '../../../lib/test-role-maps';
import { signedInUser, testSession } from '../../../lib/test-session';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { RoleModule, SiteRole } from '../api/users-api';
import { gridActions, grantedCount, grantsOf, mapOf, rowState, toggleAction, toggleRow, withoutView, type Grants } from '../hooks/permission-grid';
import { saveRoleMutation, userKeys } from '../hooks/use-users';
import { PermissionGrid } from './permission-grid';
import { ROLE_FIELDS, RoleForm, roleInput, roleProblems, type RoleValues } from './role-edit-page';
import UserPages from './user-pages';

vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useCurrentUser: (await import('../../../lib/test-session')).useCurrentUser,
}));

// The partner admin, its map (every module but partners, docs/api-users.md) in the user's record.
const ADMIN = builtInRole('partner-admin', 31, 4);

beforeEach(() => {
  testSession.user = signedInUser(3, ADMIN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  testSession.user = null;
});

const ALL = ['view', 'create', 'edit', 'delete'];
/** The modules of a partner site, as GET /admin-settings/manage-roles/view lists them (no `partners`). */
const MODULES: RoleModule[] = [
  { key: 'dashboard', actions: ['view'] },
  { key: 'exam', actions: ALL },
  { key: 'publishing', actions: ALL },
  { key: 'reports', actions: ['view'] },
];

const officer: SiteRole = {
  slug: 'exam-officer',
  name: 'Exam officer',
  name_bn: 'পরীক্ষা কর্মকর্তা',
  built_in: false,
  class: 'partner',
  permissions: { exam: { view: true, create: true, edit: true, delete: false }, dashboard: { view: true } },
  members: 2,
  updated_at: '2026-12-04T10:00:00Z',
};

/** The markup of each row of the grid, by module. */
function rows(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<tr[^>]*data-testid="permission-row"[^>]*data-module="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)) out[m[1]] = m[0];
  return out;
}
/** The <input> of the checkbox with this id. */
const box = (html: string, id: string) => new RegExp(`<input\\b[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
const checked = (html: string, id: string) => / checked=""/.test(box(html, id));

describe('the permission grid’s state', () => {
  it('has a column per action, the known ones first in their order', () => {
    expect(gridActions(MODULES)).toEqual(['view', 'create', 'edit', 'delete']);
    expect(gridActions([{ key: 'x', actions: ['export', 'view'] }, { key: 'y', actions: ['delete'] }])).toEqual(['view', 'delete', 'export']);
  });

  it('reads a map: what it grants ticked, the rest not, modules the site does not offer left out', () => {
    const g = grantsOf({ ...officer.permissions, partners: { view: true } }, MODULES);
    expect(g).toEqual({
      dashboard: { view: true },
      exam: { view: true, create: true, edit: true, delete: false },
      publishing: { view: false, create: false, edit: false, delete: false },
      reports: { view: false },
    });
    expect(rowState(g, 'exam')).toBe('some');
    expect(rowState(g, 'dashboard')).toBe('all');
    expect(rowState(g, 'publishing')).toBe('none');
    expect(grantedCount(g)).toBe(4);
  });

  it('turns one cell over, and leaves alone what the module does not have', () => {
    const g = grantsOf({}, MODULES);
    const once = toggleAction(g, 'publishing', 'create');
    expect(once.publishing).toEqual({ view: false, create: true, edit: false, delete: false });
    expect(toggleAction(once, 'publishing', 'create').publishing.create).toBe(false);
    expect(toggleAction(once, 'publishing', 'view', true).publishing.view).toBe(true);
    expect(toggleAction(once, 'reports', 'delete')).toBe(once);
    expect(toggleAction(once, 'nope', 'view')).toBe(once);
    // The state it came from is not changed.
    expect(g.publishing.create).toBe(false);
  });

  it('ticks a whole row with its “all” box, and clears it when every action was ticked', () => {
    const g = grantsOf(officer.permissions, MODULES);
    const all = toggleRow(g, 'exam');
    expect(all.exam).toEqual({ view: true, create: true, edit: true, delete: true });
    expect(rowState(all, 'exam')).toBe('all');
    const none = toggleRow(all, 'exam');
    expect(none.exam).toEqual({ view: false, create: false, edit: false, delete: false });
    expect(toggleRow(none, 'exam').exam).toEqual(all.exam);
    expect(toggleRow(g, 'publishing', true).publishing).toEqual({ view: true, create: true, edit: true, delete: true });
    // Other rows stay as they were.
    expect(all.dashboard).toBe(g.dashboard);
  });

  it('says which rows grant something without View', () => {
    const g = toggleAction(grantsOf({}, MODULES), 'publishing', 'create', true);
    expect(withoutView(g)).toEqual(['publishing']);
    expect(withoutView(toggleAction(g, 'publishing', 'view', true))).toEqual([]);
  });

  it('sends every offered module with every action, granted or not', () => {
    let g: Grants = grantsOf({}, MODULES);
    g = toggleAction(g, 'dashboard', 'view');
    g = toggleAction(g, 'publishing', 'view');
    g = toggleAction(g, 'publishing', 'create');
    expect(mapOf(g)).toEqual({
      dashboard: { view: true },
      exam: { view: false, create: false, edit: false, delete: false },
      publishing: { view: true, create: true, edit: false, delete: false },
      reports: { view: false },
    });
  });
});

describe('the permission grid', () => {
  it('draws a row per module and a checkbox per action, each named for screen readers, and the row’s “all” box', async () => {
    const g = grantsOf(officer.permissions, MODULES);
    const html = await render('en', <PermissionGrid modules={MODULES} grants={g} onChange={noop} label="Permissions" />);
    const r = rows(html);
    expect(Object.keys(r)).toEqual(['dashboard', 'exam', 'publishing', 'reports']);
    expect(text(html.slice(0, html.indexOf('</thead>')))).toBe(' Module All View Create Edit Delete ');
    expect(text(r.exam)).toContain('Exams');
    expect(tag(r.exam, 'permission-row')).toContain('data-state="some"');
    expect(box(html, 'perm-exam-create')).toContain('aria-label="Exams: Create"');
    expect(box(html, 'perm-exam-create')).toContain('type="checkbox"');
    expect(checked(html, 'perm-exam-create')).toBe(true);
    expect(checked(html, 'perm-exam-delete')).toBe(false);
    // The row's "all" box: half ticked when some actions are, ticked when every one is.
    expect(box(html, 'perm-exam-all')).toContain('aria-label="Exams: every action"');
    expect(box(html, 'perm-exam-all')).toContain('data-indeterminate="true"');
    expect(checked(html, 'perm-exam-all')).toBe(false);
    expect(checked(html, 'perm-dashboard-all')).toBe(true);
    expect(box(html, 'perm-publishing-all')).toContain('data-indeterminate="false"');
    // An action the module does not have: no box, a word for screen readers.
    expect(box(html, 'perm-reports-create')).toBe('');
    expect(text(r.reports)).toContain('Not offered');
    // Scrolls sideways on a narrow screen, the module's column staying put.
    expect(tag(html, 'permission-grid')).toContain('class="MuiTableContainer-root');
  });

  it('after “all” on a row, every box of the row is ticked', async () => {
    const g = toggleRow(grantsOf(officer.permissions, MODULES), 'exam');
    const html = await render('en', <PermissionGrid modules={MODULES} grants={g} onChange={noop} label="Permissions" />);
    for (const a of ALL) expect(checked(html, `perm-exam-${a}`), a).toBe(true);
    expect(checked(html, 'perm-exam-all')).toBe(true);
    expect(box(html, 'perm-exam-all')).toContain('data-indeterminate="false"');
  });

  it('is in Bangla, and read-only shows ticks and dashes with their words', async () => {
    const g = grantsOf(officer.permissions, MODULES);
    const html = await render('bn', <PermissionGrid modules={MODULES} grants={g} label="অনুমতি" />);
    expect(html).not.toContain('type="checkbox"');
    expect(tag(html, 'permission-grid')).toContain('data-readonly="true"');
    expect(text(html.slice(0, html.indexOf('</thead>')))).toBe(' মডিউল দেখা তৈরি সম্পাদনা মুছে ফেলা ');
    const r = rows(html);
    expect(text(r.exam)).toContain('পরীক্ষা: তৈরি: অনুমতি আছে');
    expect(text(r.exam)).toContain('পরীক্ষা: মুছে ফেলা: অনুমতি নেই');
    expect(r.exam.match(/data-granted="true"/g)).toHaveLength(3);
    expect(text(r.publishing)).toContain('প্রকাশনা');
  });
});

/** The role's form with the server's refusal `err` worded as the page words it. */
function FormWith({ err, values, grants }: { err: unknown; values: RoleValues; grants: Grants }) {
  const { errors, formError } = useFieldErrors(ROLE_FIELDS, err);
  return <RoleForm values={values} grants={grants} modules={MODULES} errors={errors} formError={formError} busy={false} cancelTo="/user-management/manage-role" onChange={noop} onGrants={noop} onSave={noop} />;
}

describe('the role’s form', () => {
  const values = { name: 'Publisher', name_bn: 'প্রকাশক' };

  it('checks its names before saving', () => {
    expect(roleProblems({ name: ' ', name_bn: '' })).toEqual({ name: 'required', name_bn: 'required' });
    expect(roleProblems({ name: 'x'.repeat(81), name_bn: 'ক' })).toEqual({ name: 'too_long' });
    expect(roleProblems(values)).toEqual({});
  });

  it('sends the names and the whole map, with the slug when a role is saved again', async () => {
    let g = grantsOf({}, MODULES);
    g = toggleAction(g, 'dashboard', 'view');
    g = toggleRow(g, 'publishing');
    g = toggleAction(g, 'publishing', 'delete');
    const fetch = stubFetch(() => json({ data: { ...officer, slug: 'publisher' } }, 201));
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    const saved = await runMutation(saveRoleMutation(qc), roleInput(null, { name: ' Publisher ', name_bn: 'প্রকাশক ' }, g), qc);
    expect(saved.slug).toBe('publisher');
    const [url, init] = fetchCall(fetch);
    expect(url).toBe('/admin-settings/new-role/create');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Publisher',
      name_bn: 'প্রকাশক',
      permissions: {
        dashboard: { view: true },
        exam: { view: false, create: false, edit: false, delete: false },
        publishing: { view: true, create: true, edit: true, delete: false },
        reports: { view: false },
      },
    });
    // The lists, and the caller's own map (their role may be the one saved; it comes with their
    // record, GET /api/user), are read again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['users'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ME_KEY });

    const again = stubFetch(() => json({ data: officer }));
    await runMutation(saveRoleMutation(qc), roleInput('exam-officer', values, grantsOf(officer.permissions, MODULES)), qc);
    const body = JSON.parse(String(fetchCall(again)[1].body));
    expect(body.slug).toBe('exam-officer');
    expect(body.permissions.exam).toEqual({ view: true, create: true, edit: true, delete: false });
  });

  it('shows the server’s refusals on their fields: a name another role has, a module the site may not give', async () => {
    const dup = new ApiError(422, 'Invalid', 'validation_failed', { name: ['duplicate_name'] });
    const html = await render('en', <FormWith err={dup} values={values} grants={grantsOf({}, MODULES)} />);
    expect(text(html)).toContain('Another role of this site already has this name.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*id="role-name"/);
    const bn = await render('bn', <FormWith err={dup} values={values} grants={grantsOf({}, MODULES)} />);
    expect(text(bn)).toContain('এই সাইটের আরেকটি ভূমিকার এই নাম আছে।');

    const module = new ApiError(422, 'Invalid', 'validation_failed', { permissions: ['module_not_allowed'] });
    const refused = await render('en', <FormWith err={module} values={values} grants={grantsOf({}, MODULES)} />);
    expect(text(refused)).toContain('A role of this site cannot be given this module.');
    expect(refused).toContain('data-testid="role-permissions-error"');

    const builtIn = new ApiError(422, 'Invalid', 'built_in_role', { slug: ['built_in_role'] });
    expect(text(await render('en', <FormWith err={builtIn} values={values} grants={grantsOf({}, MODULES)} />))).toContain('A built-in role cannot be changed or deleted.');
  });

  it('warns of rows granted without View, and counts the ticks in Bangla digits', async () => {
    const g = toggleAction(toggleAction(grantsOf({}, MODULES), 'publishing', 'create'), 'dashboard', 'view');
    const html = await render('bn', <FormWith err={null} values={values} grants={g} />);
    expect(text(html)).toContain('“দেখা” ছাড়া এই মডিউলগুলো ভূমিকাটির মেনুতে আসবে না: প্রকাশনা।');
    expect(text(html)).toContain('২টি অনুমতিতে টিক দেওয়া');
  });
});

describe('the role’s pages', () => {
  /** The pages' data, as read in current role `role`. */
  function client(role = ADMIN.id) {
    const qc = new QueryClient();
    qc.setQueryData(userKeys.roleModules(role), MODULES);
    qc.setQueryData(userKeys.role(role, 'exam-officer'), officer);
    qc.setQueryData(userKeys.role(role, 'teacher'), { ...officer, slug: 'teacher', name: 'Teacher', name_bn: 'শিক্ষক', built_in: true, updated_at: null });
    return qc;
  }
  const EDIT = '/user-management/manage-role/edit/:slug';
  const VIEW = '/user-management/manage-role/view/:slug';

  it('edits a role of the site’s own with its names and its map ticked', async () => {
    const html = await render('en', <UserPages page="role-edit" />, { at: '/user-management/manage-role/edit/exam-officer', path: EDIT, qc: client() });
    expect(html).toContain('data-testid="role-form"');
    expect(html).toMatch(/<input[^>]*id="role-name"[^>]*value="Exam officer"|<input[^>]*value="Exam officer"[^>]*id="role-name"/);
    expect(checked(html, 'perm-exam-edit')).toBe(true);
    expect(checked(html, 'perm-exam-delete')).toBe(false);
    expect(text(html)).toContain('Save role');
  });

  it('starts a new role with nothing ticked', async () => {
    const html = await render('en', <UserPages page="role-edit" />, { at: '/user-management/manage-role/edit/new', path: EDIT, qc: client() });
    expect(text(html)).toContain('New role');
    expect(html.match(/ checked=""/g) ?? []).toHaveLength(0);
  });

  it('does not edit a built-in role, and shows its map read-only', async () => {
    const edit = await render('en', <UserPages page="role-edit" />, { at: '/user-management/manage-role/edit/teacher', path: EDIT, qc: client() });
    expect(edit).toContain('data-testid="role-built-in-notice"');
    expect(edit).not.toContain('data-testid="role-form"');
    const view = await render('bn', <UserPages page="role-view" />, { at: '/user-management/manage-role/view/teacher', path: VIEW, qc: client() });
    expect(view).toContain('data-testid="role-built-in"');
    expect(view).not.toContain('data-testid="role-edit"');
    expect(tag(view, 'permission-grid')).toContain('data-readonly="true"');
    expect(text(view)).toContain('২ জনের আছে');
  });

  it('views a role of the site’s own, with Edit and Delete for a role that may', async () => {
    const html = await render('en', <UserPages page="role-view" />, { at: '/user-management/manage-role/view/exam-officer', path: VIEW, qc: client() });
    expect(text(html)).toContain('Exam officer');
    expect(html).toContain('data-testid="role-edit"');
    expect(html).toContain('data-testid="role-delete"');
    // A role whose map lets it view the roles only: neither.
    testSession.user = signedInUser(3, { id: 33, role: 'auditor', owner_id: 4, permissions: { roles: { view: true, create: false, edit: false, delete: false } } });
    const viewer = await render('en', <UserPages page="role-view" />, { at: '/user-management/manage-role/view/exam-officer', path: VIEW, qc: client(33) });
    expect(text(viewer)).toContain('Exam officer');
    expect(viewer).not.toContain('data-testid="role-edit"');
    expect(viewer).not.toContain('data-testid="role-delete"');
  });
});
