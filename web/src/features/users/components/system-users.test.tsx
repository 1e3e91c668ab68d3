import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, href, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { builtInRole } from '../../../lib/test-role-maps';
import { signedInUser, testSession } from '../../../lib/test-session';
import type { CurrentRole, Page } from '../../../lib/types';
import { RequireModule } from '../../../app/require-module';
import type { Person, PeopleParams, SiteRole } from '../api/users-api';
import { addPersonMutation, changeRoleMutation, peopleQuery, removeMembershipMutation, userKeys } from '../hooks/use-users';
import { normalLogin, PersonForm, personProblems, usePersonErrors, type PersonValues } from './add-person-dialog';
import { MembershipForm } from './membership-dialogs';
import UserPages, { slugTarget } from './user-pages';
import { useUsersErrorText } from './user-parts';
import { ChangesSummary, SentSummary } from './activity-log-page';

vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useCurrentUser: (await import('../../../lib/test-session')).useCurrentUser,
}));

// The super admin, its map (every module, docs/api-users.md) in the user's record.
const SUPER = builtInRole('super', 1, null);

beforeEach(() => {
  testSession.user = signedInUser(2, SUPER);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  testSession.user = null;
  testSession.loading = false;
});

function page<T>(data: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over };
}

const superRole: SiteRole = { slug: 'super', name: 'Super admin', name_bn: 'সুপার অ্যাডমিন', built_in: true, class: 'super', permissions: {}, members: 1, updated_at: null };
const publisher: SiteRole = { slug: 'sys-publisher', name: 'Publisher', name_bn: 'প্রকাশক', built_in: false, class: 'super', permissions: { publishing: { view: true } }, members: 1, updated_at: '2026-12-04T10:00:00Z' };
const ROLES = [superRole, publisher];

const rahima: Person = {
  id: 41,
  name: 'Rahima Akter',
  name_bn: 'রহিমা আক্তার',
  email: 'rahima@example.com',
  phone: '+8801711000001',
  photo: null,
  created_at: '2026-11-01T08:00:00Z',
  roles: [{ id: 17, slug: 'sys-publisher', name: 'Publisher', name_bn: 'প্রকাশক' }],
};
const karim: Person = { ...rahima, id: 42, name: 'Karim Uddin', name_bn: null, email: 'karim@example.com', phone: null, roles: [{ id: 18, slug: 'super', name: 'Super admin', name_bn: 'সুপার অ্যাডমিন' }] };

const SYSTEM = '/user-management/system-user';
const first: PeopleParams = { type: 'system', search: '', role: '', page: 1 };

function client(people: Page<Person>, p: PeopleParams = first) {
  const qc = new QueryClient();
  qc.setQueryData(userKeys.peopleList(SUPER.id, p), people);
  qc.setQueryData(userKeys.roleList(SUPER.id, { search: '', page: 1 }, 100), page(ROLES));
  return qc;
}

const count = (html: string, id: string) => html.split(`data-testid="${id}"`).length - 1;

describe('the system users', () => {
  it('lists the people holding a role on the site, with their roles, the search, the role filter, Add person and the pager', async () => {
    const html = await render('en', <UserPages page="system-users" />, { at: SYSTEM, path: SYSTEM, qc: client(page([rahima, karim], { total: 42, last_page: 3 })) });
    expect(html).toContain('data-testid="system-users-page"');
    const shown = text(html);
    expect(shown).toContain('System users');
    expect(shown).toContain('42 people');
    expect(count(html, 'person-row')).toBe(2);
    expect(shown).toContain('Rahima Akter');
    expect(shown).toContain('rahima@example.com · +8801711000001');
    expect(html).toContain('data-slug="sys-publisher"');
    expect(shown).toContain('Publisher');
    expect(href(html, 'person-link')).toBe('/user-management/system-user-edit/41');
    expect(tag(html, 'add-person')).toContain('<button');
    expect(tag(html, 'system-users-search')).not.toBe('');
    expect(tag(html, 'people-role-filter')).not.toBe('');
    expect(html).toContain('aria-label="Change role: Rahima Akter"');
    expect(html).toContain('aria-label="Remove role: Rahima Akter"');
    expect(html).toContain('data-testid="pager"');
  });

  it('is in Bangla, the names and the count in Bangla', async () => {
    const html = await render('bn', <UserPages page="system-users" />, { at: SYSTEM, path: SYSTEM, qc: client(page([rahima, karim], { total: 42, last_page: 3 })) });
    const shown = text(html);
    expect(shown).toContain('সিস্টেম ব্যবহারকারী');
    expect(shown).toContain('৪২ জন');
    expect(shown).toContain('রহিমা আক্তার');
    // No Bangla name: the English one.
    expect(shown).toContain('Karim Uddin');
    expect(shown).toContain('প্রকাশক');
    expect(shown).toContain('ব্যক্তি যোগ করুন');
    expect(html).toContain('aria-label="নাম, ই-মেইল বা ফোন দিয়ে খুঁজুন"');
  });

  it('keeps the search, the role and the page in the address, and asks for them', async () => {
    const p: PeopleParams = { type: 'system', search: 'rahima', role: 'sys-publisher', page: 2 };
    const html = await render('en', <UserPages page="system-users" />, { at: `${SYSTEM}?search=rahima&role=sys-publisher&page=2`, path: SYSTEM, qc: client(page([rahima], { current_page: 2, last_page: 2, total: 21 }), p) });
    expect(html).toMatch(/<input[^>]*value="rahima"/);
    expect(count(html, 'person-row')).toBe(1);

    const fetch = stubFetch(() => json(page([])));
    await new QueryClient().fetchQuery(peopleQuery(SUPER.id, { ...p, search: ' rahima ' }));
    const [url, init] = fetchCall(fetch);
    expect(url).toBe('/my-account/system-user/view');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ type: 'system', search: 'rahima', role: 'sys-publisher', page: 2, limit: 20 });
    await new QueryClient().fetchQuery(peopleQuery(SUPER.id, { type: 'learner', search: '', page: 1 }));
    expect(JSON.parse(String(fetchCall(fetch, 1)[1].body))).toEqual({ type: 'learner', page: 1, limit: 20 });
  });

  it('says when no one holds a role, and when nothing matches the search', async () => {
    const empty = await render('en', <UserPages page="system-users" />, { at: SYSTEM, path: SYSTEM, qc: client(page([])) });
    expect(text(empty)).toContain('No one holds a role on this site yet.');
    expect(empty).toContain('data-testid="empty-state"');
    const p = { ...first, search: 'zzz' };
    const none = await render('bn', <UserPages page="system-users" />, { at: `${SYSTEM}?search=zzz`, path: SYSTEM, qc: client(page([]), p) });
    expect(text(none)).toContain('“zzz” এর সঙ্গে কিছু মেলেনি।');
  });

  it('lists the learners with the same search, each with a way to give them a role', async () => {
    const LEARNERS = '/user-management/learner';
    const qc = new QueryClient();
    qc.setQueryData(userKeys.peopleList(SUPER.id, { type: 'learner', search: '', role: '', page: 1 }), page([{ ...rahima, roles: [] }]));
    const html = await render('en', <UserPages page="learners" />, { at: LEARNERS, path: LEARNERS, qc });
    expect(html).toContain('data-testid="learners-page"');
    expect(href(html, 'person-link')).toBe('/user-management/learner-edit/41');
    expect(html).toContain('data-testid="person-give-role"');
    expect(text(html)).toContain('Joined 1 Nov 2026');
    expect(html).not.toContain('data-testid="people-role-filter"');
  });
});

/** The add dialog's form with the server's refusal `err` (and the client's `problems`) worded as the dialog words them. */
function AddForm({ err, values }: { err: unknown; values: PersonValues }) {
  const { errors, formError } = usePersonErrors(err);
  return <PersonForm values={values} errors={errors} formError={formError} busy={false} roles={ROLES} title="Add a person" onChange={noop} onSave={noop} onCancel={noop} />;
}

describe('the Add person dialog', () => {
  const values: PersonValues = { login: 'new@example.com', role: 'sys-publisher', name: '' };

  it('asks for the login, one of the site’s roles and an optional name, saying what the name is for', async () => {
    const html = await render('en', <AddForm err={null} values={values} />);
    const shown = text(html);
    expect(shown).toContain('E-mail or mobile number');
    expect(shown).toContain('Name (optional)');
    expect(shown).toContain('an account is made with this name, and they set their password with “Forgot password”');
    expect(tag(html, 'person-role-select')).not.toBe('');
    expect(shown).toContain('Publisher');
    expect(tag(html, 'add-person-save')).toContain('type="submit"');
  });

  it('checks the login and the role before asking', () => {
    expect(personProblems({ login: '', role: '', name: '' })).toEqual({ login: 'login_required', role: 'role_required' });
    expect(personProblems({ login: 'rahima', role: 'super', name: '' })).toEqual({ login: 'login_invalid' });
    expect(personProblems({ login: '০১৭১১০০০০০১', role: 'super', name: '' })).toEqual({});
    expect(personProblems({ login: '+8801711000001', role: 'super', name: 'x'.repeat(81) })).toEqual({ name: 'too_long' });
    expect(normalLogin(' ০১৭১১০০০০০১ ')).toBe('01711000001');
  });

  it('says when no account has the login, with the hint to give a name (422 user_not_found)', async () => {
    const err = new ApiError(422, 'Invalid', 'validation_failed', { login: ['user_not_found'] });
    const html = await render('en', <AddForm err={err} values={values} />);
    expect(text(html)).toContain('No account has this e-mail or mobile number. Give their name below to make one for them.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*id="person-login"/);
    expect(text(await render('bn', <AddForm err={err} values={values} />))).toContain('এই ই-মেইল বা মোবাইল নম্বরে কোনো অ্যাকাউন্ট নেই।');
    // Translated by the server with the answer's own code: the same words.
    const worded = new ApiError(422, 'No such account', 'user_not_found', { login: ['No account has this login.'] });
    expect(text(await render('en', <AddForm err={worded} values={values} />))).toContain('Give their name below to make one for them.');
  });

  it('shows a wrong login and an unknown role on their fields, and 409 already_member above the buttons', async () => {
    const login = new ApiError(422, 'Invalid', 'validation_failed', { login: ['login_invalid'] });
    expect(text(await render('en', <AddForm err={login} values={values} />))).toContain('Enter an e-mail address or a mobile number.');
    const role = new ApiError(422, 'Invalid', 'validation_failed', { role: ['unknown_role'] });
    expect(text(await render('en', <AddForm err={role} values={values} />))).toContain('This site has no such role. Choose one from the list.');

    const member = new ApiError(409, 'Already a member', 'already_member', {});
    const html = await render('en', <AddForm err={member} values={values} />);
    expect(text(html)).toContain('This person already holds this role on this site.');
    expect(html).toContain('data-testid="add-person-error"');
    expect(text(await render('bn', <AddForm err={member} values={values} />))).toContain('এই সাইটে এই ব্যক্তির এই ভূমিকা আগে থেকেই আছে।');
  });

  it('sends the login, the role and the name (when given) to system-user/create', async () => {
    const fetch = stubFetch(() => json({ data: rahima }, 201));
    await runMutation(addPersonMutation(new QueryClient()), { login: ' rahima@example.com ', role: 'sys-publisher', name: ' Rahima Akter ' });
    expect(fetchCall(fetch)[0]).toBe('/my-account/system-user/create');
    expect(JSON.parse(String(fetchCall(fetch)[1].body))).toEqual({ login: 'rahima@example.com', role: 'sys-publisher', name: 'Rahima Akter' });
    await runMutation(addPersonMutation(new QueryClient()), { login: '01711000001', role: 'super', name: '' });
    expect(JSON.parse(String(fetchCall(fetch, 1)[1].body))).toEqual({ login: '01711000001', role: 'super' });
  });
});

function ErrorText({ err, count }: { err: unknown; count?: number }) {
  return <>{useUsersErrorText()(err, count)}</>;
}

describe('changing and removing a role', () => {
  it('says why the last super admin keeps the role (409) and one’s own role stays (403)', async () => {
    const last = new ApiError(409, 'Conflict', 'last_super_admin', {});
    const own = new ApiError(403, 'Forbidden', 'own_role', {});
    expect(text(await render('en', <ErrorText err={last} />))).toBe('This is the main site’s last super admin: make someone else super admin first.');
    expect(text(await render('en', <ErrorText err={own} />))).toBe('You cannot change or remove your own role. Ask another admin.');
    expect(text(await render('bn', <ErrorText err={own} />))).toBe('নিজের ভূমিকা বদলানো বা সরানো যায় না। অন্য কোনো অ্যাডমিনকে বলুন।');
    const inUse = new ApiError(409, 'Conflict', 'role_in_use', {});
    expect(text(await render('bn', <ErrorText err={inUse} count={3} />))).toBe('এখনো ৩ জনের এই ভূমিকা আছে: আগে তাঁদের অন্য ভূমিকা দিন।');
  });

  it('shows the refusal in the dialog, which stays open', async () => {
    const html = await render(
      'en',
      <MembershipForm
        action="remove"
        name="Karim Uddin"
        memberships={karim.roles}
        membership={18}
        onMembership={noop}
        role=""
        onRole={noop}
        error="This is the main site’s last super admin: make someone else super admin first."
        busy={false}
        onConfirm={noop}
        onCancel={noop}
      />,
    );
    expect(text(html)).toContain('Remove a role of Karim Uddin?');
    expect(text(html)).toContain('Karim Uddin will no longer act as Super admin on this site.');
    expect(text(html)).toContain('last super admin');
    expect(html).toContain('data-testid="membership-error"');

    const change = await render(
      'bn',
      <MembershipForm action="change" name="রহিমা আক্তার" memberships={[...rahima.roles, karim.roles[0]]} membership={17} onMembership={noop} choices={[superRole]} role="super" onRole={noop} error={null} busy={false} onConfirm={noop} onCancel={noop} />,
    );
    expect(text(change)).toContain('রহিমা আক্তার-এর ভূমিকা বদলান');
    // Two roles: which one is chosen first.
    expect(tag(change, 'membership-which')).not.toBe('');
    expect(tag(change, 'membership-confirm')).not.toContain('disabled');
  });

  it('sends the membership and the new role, and removes a membership of the site', async () => {
    const fetch = stubFetch(() => json({ data: rahima }));
    await runMutation(changeRoleMutation(new QueryClient()), { membership: 17, role: 'super' });
    expect(fetchCall(fetch)[0]).toBe('/my-account/system-user/update');
    expect(fetchCall(fetch)[1].method).toBe('PUT');
    expect(JSON.parse(String(fetchCall(fetch)[1].body))).toEqual({ id: 17, role: 'super' });
    const gone = stubFetch(() => new Response(null, { status: 204 }));
    await runMutation(removeMembershipMutation(new QueryClient(), 'main'), { membership: 17 });
    expect(fetchCall(gone)[0]).toBe('/my-account/system-user/delete/main/17');
    expect(fetchCall(gone)[1].method).toBe('DELETE');
  });
});

describe('who opens user management', () => {
  function guarded(module: 'users' | 'roles' | 'activity', qc = new QueryClient(), lang: 'en' | 'bn' = 'en') {
    return render(
      lang,
      <Routes>
        <Route element={<RequireModule module={module} />}>
          <Route path="/x" element={<p data-testid="the-page">page</p>} />
        </Route>
      </Routes>,
      { at: '/x', qc },
    );
  }

  it('lets in a role whose map grants the module’s view, and shows the forbidden page to one whose map does not', async () => {
    // A role of the site's own: its map comes with the user's record (currentrole.permissions).
    const OWN: CurrentRole = { id: 9, role: 'sys-publisher', owner_id: null, permissions: { dashboard: { view: true }, publishing: { view: true, create: true }, activity: { view: true } } };
    testSession.user = signedInUser(5, OWN);
    const users = await guarded('users');
    expect(users).toContain('data-testid="forbidden-page"');
    expect(users).not.toContain('data-testid="the-page"');
    expect(await guarded('activity')).toContain('data-testid="the-page"');
    // The user's record (and so the map) not there yet: nothing shown.
    testSession.loading = true;
    const waiting = await guarded('users');
    expect(waiting).not.toContain('data-testid="forbidden-page"');
    expect(waiting).not.toContain('data-testid="the-page"');
    testSession.loading = false;

    // The built-in roles' maps come the same way: the super admin may, a teacher may not.
    testSession.user = signedInUser(2, SUPER);
    expect(await guarded('roles')).toContain('data-testid="the-page"');
    testSession.user = signedInUser(3, builtInRole('teacher', 32, 4));
    expect(await guarded('users', new QueryClient(), 'bn')).toContain('data-testid="forbidden-page"');
    expect(await guarded('roles')).toContain('data-testid="forbidden-page"');
    // The partner admin holds every module of a partner site.
    testSession.user = signedInUser(3, builtInRole('partner-admin', 31, 4));
    for (const module of ['users', 'roles', 'activity'] as const) expect(await guarded(module), module).toContain('data-testid="the-page"');
  });

  it('sends the other names of the lists to them, and anything else is not found', async () => {
    expect(slugTarget('learners')).toBe('/user-management/learner');
    expect(slugTarget('roles')).toBe('/user-management/manage-role');
    expect(slugTarget('constructor')).toBeNull();
    expect(slugTarget(undefined)).toBeNull();
    const html = await render('en', <UserPages page="slug" />, { at: '/user-management/nothing', path: '/user-management/:slug' });
    expect(html).toContain('data-testid="not-found-page"');
    const bad = await render('en', <UserPages page="system-user" />, { at: '/user-management/system-user-edit/abc', path: '/user-management/system-user-edit/:id' });
    expect(bad).toContain('data-testid="not-found-page"');
  });
});

describe("the activity log's summary of what a write sent", () => {
  it('lists the fields the server kept, on one line under the call', async () => {
    const html = await render('en', <SentSummary details={{ sent: { id: 12, role: 'teacher', password: '•••' } }} />);
    expect(text(html).trim()).toBe('id: 12 · role: teacher · password: •••');
  });

  it('shows nothing for a write that sent no fields', async () => {
    expect(text(await render('en', <SentSummary details={{}} />)).trim()).toBe('');
    expect(text(await render('en', <SentSummary details={{ sent: [] }} />)).trim()).toBe('');
  });
});

describe("the activity log's summary of what a write changed", () => {
  const changes = [
    { table: 'courses', op: 'update', id: '42', before: { title: 'Calculus', price: 0 }, after: { title: 'Calculus II', price: 50000 } },
    { table: 'lessons', op: 'insert', id: '9', before: null, after: { id: 9, title: 'Limits', body: '<p>…</p>' } },
    { table: 'memberships', op: 'delete', id: '3', before: { id: 3, role: 'clerk', user_id: 7 }, after: null },
  ];

  it('shows each row, and for an update each field before and after', async () => {
    const lines = (await render('en', <ChangesSummary details={{ changes, changed: 5 }} />)).split('</li>').map((l) => text(l).trim()).filter(Boolean);
    expect(lines).toEqual([
      'Changed courses #42: title: Calculus → Calculus II · price: 0 → 50000',
      'Added lessons #9: title: Limits',
      'Removed memberships #3: role: clerk',
      'and 2 more rows',
    ]);
  });

  it('says it in Bangla, with Bangla digits', async () => {
    const html = text(await render('bn', <ChangesSummary details={{ changes: changes.slice(0, 1), changed: 2 }} />));
    expect(html).toContain('বদলেছে courses #42');
    expect(html).toContain('আরও ১টি সারি');
  });

  it('shows nothing for a write that changed nothing', async () => {
    expect(text(await render('en', <ChangesSummary details={{ sent: { id: 1 } }} />)).trim()).toBe('');
  });
});
