import { createTheme, ThemeProvider } from '@mui/material/styles';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import type { MenuClass } from '../../../lib/menu-class';
import { useErrorText } from '../../../lib/use-error-text';
import { errorText, fetchCall, href, input, json, noop, prefetched, render, runMutation, stubFetch, tag, text, useWordedErrors } from '../../../lib/test-render';
import { fetchJoinLink, type Post, type TimelinePage } from '../api/classrooms-api';
import { CLASSROOM_FIELDS, classroomBody, classroomProblems, classroomValues, PERSON_FIELDS, personProblems, personValues, sessionProblems, sessionValues, type ClassroomFormValues, type PersonFormValues } from '../hooks/classroom-forms';
import { formatInstant, formatLeftAt, mergeTimeline, presentIds, timelinePosts } from '../hooks/classroom-format';
import {
  addPersonMutation,
  classroomKeys,
  enrollMutation,
  pinPostMutation,
  publishFeatureMutation,
  removePersonMutation,
  saveAttendanceMutation,
  saveClassroomMutation,
  timelineQuery,
} from '../hooks/use-classrooms';
import { attendanceRow, classroom, invite, pageOf, person, post, session, studentsClassroom, timelinePage } from '../test-fixtures';
import { AttendanceSheet, defaultSession } from './attendance-tab';
import { ClassroomCard } from './classroom-card';
import ClassroomDetailsPage, { tabOf } from './classroom-details-page';
import { ClassroomForm, useClassroomProblemText } from './classroom-dialog';
import { looksLong } from './classroom-header';
import ClassroomListPage, { roleParam } from './classroom-list-page';
import JoinPage from './join-page';
import { PersonForm } from './person-dialog';
import { SessionCard } from './schedule-tab';
import { TimelineTab } from './timeline-tab';

// Signed in; a learner unless a test makes the caller an author (a partner or super admin's class).
const who = vi.hoisted(() => ({ menuClass: 'learner' as MenuClass }));
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({ token: 'tok', isSignedIn: true, user: null, menuClass: who.menuClass, roleEntry: null, isLoading: false, error: null, refetch: () => undefined }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  who.menuClass = 'learner';
});

/** A fetch mock answering each call with `answer(url, init)`. */
function stubFetchBy(answer: (url: string, init?: RequestInit) => Response) {
  const mock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', mock);
  return mock;
}

const body = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;

/**
 * `node` as on a desktop (`wide`: the md and up media queries match) or on a phone; menus drawn
 * in place and kept there while closed, so that a static render shows their items.
 */
const themed = (node: ReactNode, wide: boolean) => (
  <ThemeProvider
    theme={createTheme({
      components: {
        MuiMenu: { defaultProps: { disablePortal: true, keepMounted: true } },
        MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: () => ({ matches: wide }) } },
      },
    })}
  >
    {node}
  </ThemeProvider>
);

function listClient(data = pageOf([classroom()])) {
  const qc = new QueryClient();
  qc.setQueryData(classroomKeys.list({ role: 'all', page: 1, search: '' }), data);
  return qc;
}

describe('My classes (/classroom)', () => {
  it('says so when the caller is in no class, and offers an author "New class" there', async () => {
    const empty = listClient(pageOf([]));
    const learner = await render('en', <ClassroomListPage />, { qc: empty, at: '/classroom' });
    expect(tag(learner, 'empty-state')).not.toBe('');
    expect(text(learner)).toContain('You are not in any class yet.');
    expect(text(learner)).toContain('0 classes');
    expect(tag(learner, 'create-classroom')).toBe('');

    who.menuClass = 'partner';
    const author = await render('en', <ClassroomListPage />, { qc: empty, at: '/classroom' });
    // In the header and in the empty state.
    expect(author.match(/data-testid="create-classroom"/g)).toHaveLength(2);
    expect(text(author)).toContain('New class');
  });

  it('lists the caller’s classes as cards leading to each class, with the role filter and the search', async () => {
    const html = await render('en', <ClassroomListPage />, { qc: listClient(), at: '/classroom' });
    expect(tag(html, 'classroom-card')).toContain('data-classroom-id="3"');
    expect(href(html, 'classroom-link')).toBe('/classroom/details/3');
    const shown = text(html);
    expect(shown).toContain('Physics for class nine');
    expect(shown).toContain('2 teachers · 25 students');
    expect(shown).toContain('Newton’s laws');
    expect(tag(html, 'role-chip')).toContain('data-role="teacher"');
    for (const r of ['all', 'teacher', 'student']) expect(tag(html, `role-${r}`), r).not.toBe('');
    expect(tag(html, 'classrooms-search')).not.toBe('');
    expect(roleParam('student')).toBe('student');
    expect(roleParam('admin')).toBe('all');
  });

  it('is in Bangla in Bangla: the Bangla name, Bangla labels and Bangla digits', async () => {
    const html = await render('bn', <ClassroomListPage />, { qc: listClient(), at: '/classroom' });
    const shown = text(html);
    expect(shown).toContain('আমার ক্লাস');
    expect(shown).toContain('১টি ক্লাস');
    expect(shown).toContain('নবম শ্রেণির পদার্থবিজ্ঞান');
    expect(shown).toContain('পরের সেশন:');
    expect(shown).toContain('২ জন শিক্ষক · ২৫ জন শিক্ষার্থী');
    expect(shown).toContain('২০ ডিসে, ২০২৬');
    expect(html).toMatch(/data-testid="role-chip"[^>]*>.*শিক্ষক/);
    const card = text(await render('bn', <ClassroomCard classroom={classroom({ name_bn: null, next_session: null })} />));
    expect(card).toContain('Physics for class nine');
    expect(card).toContain('এখনো নির্ধারিত হয়নি');
    expect(card).not.toMatch(/[0-9]/);
  });
});

describe('the New class dialog', () => {
  const values = (over: Partial<ClassroomFormValues> = {}): ClassroomFormValues => ({ ...classroomValues(null, new Date(2026, 11, 19, 8)), ...over });

  function Worded({ v, err, checked = false }: { v: ClassroomFormValues; err?: unknown; checked?: boolean }) {
    const errors = useWordedErrors(CLASSROOM_FIELDS, err, useClassroomProblemText(), checked ? classroomProblems(v) : {});
    return <ClassroomForm editing={false} values={v} errors={errors} busy={false} onChange={noop} onSave={noop} onCancel={noop} />;
  }

  it('starts tomorrow at 10:00 on Jitsi, and asks for the meeting link only for an external link', async () => {
    const v = values();
    expect([v.date, v.time, v.platform]).toEqual(['2026-12-20', '10:00', 'jitsi']);
    const html = await render('en', <Worded v={v} />);
    expect(tag(html, 'classroom-form')).toMatch(/^<form/);
    expect(input(html, 'classroom-name')).toContain('required');
    expect(input(html, 'classroom-name_bn')).toContain('lang="bn"');
    expect(input(html, 'classroom-date')).toContain('type="date"');
    expect(input(html, 'classroom-time')).toContain('type="time"');
    expect(html).toMatch(/<textarea[^>]*id="classroom-description"/);
    expect(text(html)).toContain('Jitsi Meet');
    expect(input(html, 'classroom-meeting_link')).toBe('');
    expect(input(await render('en', <Worded v={values({ platform: 'link' })} />), 'classroom-meeting_link')).toContain('type="url"');
  });

  it('refuses what the server would: no name, no day, an external link that is missing or not https', async () => {
    expect(classroomProblems(values({ name: 'Physics' }))).toEqual({});
    expect(classroomProblems(values({ name: ' ', date: '' }))).toEqual({ name: 'required', date: 'required' });
    expect(classroomProblems(values({ name: 'Physics', date: '2026-02-31' }))).toEqual({ date: 'invalid_date_time' });
    expect(classroomProblems(values({ name: 'Physics', platform: 'link' }))).toEqual({ meeting_link: 'required' });
    expect(classroomProblems(values({ name: 'Physics', platform: 'link', meeting_link: 'http://meet.example.org/x' }))).toEqual({ meeting_link: 'https_link' });
    expect(classroomProblems(values({ name: 'Physics', platform: 'link', meeting_link: 'https://meet.example.org/x' }))).toEqual({});

    const html = await render('bn', <Worded v={values({ name: '', platform: 'link', meeting_link: 'http://x.org' })} checked />);
    expect(input(html, 'classroom-name')).toContain('aria-invalid="true"');
    expect(text(html)).toContain(resources.bn.errors.required as string);
    expect(text(html)).toContain('মিটিং লিংকটি পূর্ণ একটি https:// ঠিকানা হতে হবে।');
    // The server's refusal of a field shows under it, translated.
    const refused = new ApiError(422, 'The given data was invalid.', 'validation_failed', { starts_at: ['invalid_date_time'] });
    expect(text(await render('en', <Worded v={values({ name: 'Physics' })} err={refused} />))).toContain('Enter a valid date and time.');
  });

  it('posts the class with its start in UTC, and the lists are read again', async () => {
    const fetchMock = stubFetch(() => json({ data: classroom({ id: 9 }) }, 201));
    const qc = listClient();
    const v = values({ name: ' Physics ', name_bn: '', description: 'Live.', time: '09:30' });
    expect(classroomBody(v).meeting_link).toBeNull();
    const saved = await runMutation(saveClassroomMutation(qc, null), v, qc);
    expect(saved.id).toBe(9);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/class/create');
    expect(init.method).toBe('POST');
    expect(body(init)).toEqual({ name: 'Physics', name_bn: null, description: 'Live.', starts_at: new Date(2026, 11, 20, 9, 30).toISOString().replace('.000', ''), platform: 'jitsi', meeting_link: null });
    expect(qc.getQueryState(classroomKeys.list({ role: 'all', page: 1, search: '' }))?.isInvalidated).toBe(true);
    expect(qc.getQueryData(classroomKeys.one(9))).toMatchObject({ id: 9 });

    // Editing: PUT class/update with the id.
    const edit = stubFetch(() => json({ data: classroom() }));
    await runMutation(saveClassroomMutation(qc, classroom()), classroomValues(classroom()), qc);
    expect(fetchCall(edit)[0]).toBe('/classroom/class/update');
    expect(body(fetchCall(edit)[1])).toMatchObject({ id: 3, name: 'Physics for class nine', starts_at: '2026-12-20T04:00:00Z', platform: 'jitsi' });
  });
});

describe('a class’s page (/classroom/details/:id/:slug?)', () => {
  /** The page of class `c` at `at`: on a desktop (`wide`, md and up) or a phone. */
  function details(c = classroom(), at = '/classroom/details/3', lang: 'en' | 'bn' = 'en', wide = true) {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.one(c.id), c);
    return render(lang, themed(<ClassroomDetailsPage />, wide), { qc, at, path: '/classroom/details/:id/:slug?' });
  }
  const onPhone = (c = classroom(), lang: 'en' | 'bn' = 'en') => details(c, '/classroom/details/3', lang, false);
  /** The menu item with this test id, opening tag. */
  const item = (html: string, id: string) => tag(html, id);
  const LONG = 'Motion, force and energy, live twice a week. Bring the textbook and a notebook; every class ends with ten minutes of questions.';

  it('gives a teacher the join link with its copy button, the switches, Edit, Delete and the Attendance tab', async () => {
    const html = await details();
    expect(tag(html, 'classroom-header')).toContain('data-layout="wide"');
    expect(tag(html, 'classroom-actions')).toBe('');
    // A wide screen shows the whole description, without a toggle.
    expect(tag(await details(classroom({ description: LONG })), 'classroom-description')).not.toContain('data-collapsed');
    expect(tag(await details(classroom({ description: LONG })), 'description-toggle')).toBe('');
    expect(tag(html, 'classroom-details-page')).toContain('data-tab="timeline"');
    expect(input(html, 'classroom-join-url')).toContain('value="http://localhost:8080/join/K7Q2XPA9"');
    expect(input(html, 'classroom-join-url')).toContain('readOnly');
    expect(tag(html, 'copy-join-link')).toContain('aria-label="Copy link"');
    expect(input(html, 'classroom-published')).toContain('checked');
    expect(input(html, 'classroom-featured')).not.toContain('checked');
    expect(tag(html, 'edit-classroom')).not.toBe('');
    expect(tag(html, 'delete-classroom')).not.toBe('');
    expect(href(html, 'tab-schedule')).toBe('/classroom/details/3/schedule');
    expect(href(html, 'tab-attendance')).toBe('/classroom/details/3/attendance');
    expect(text(html)).toContain('Jitsi Meet');
  });

  it('keeps the header short on a phone: title, role, start, platform and people, the tools in a menu', async () => {
    const html = await onPhone();
    expect(tag(html, 'classroom-header')).toContain('data-layout="compact"');
    for (const id of ['classroom-heading', 'role-chip', 'classroom-starts', 'classroom-platform', 'classroom-counts', 'tab-timeline']) expect(tag(html, id), id).not.toBe('');
    // No link field, switches or buttons under the class: one "Manage class" button opens a menu.
    expect(tag(html, 'classroom-manager-tools')).toBe('');
    expect(input(html, 'classroom-join-url')).toBe('');
    expect(input(html, 'classroom-published')).toBe('');
    const button = tag(html, 'classroom-actions');
    expect(button).toMatch(/^<button/);
    expect(button).toContain('aria-label="Manage class"');
    expect(button).toContain('aria-haspopup="menu"');
    expect(text(html)).toContain('Jitsi Meet');
    expect(text(html)).toContain('2 teachers · 25 students');
  });

  it('lists the managers’ actions in the menu, Publish and Feature checked as the class is', async () => {
    const html = await onPhone();
    expect(tag(html, 'classroom-actions-menu')).not.toBe('');
    expect(html).toMatch(/<ul[^>]*role="menu"[^>]*aria-label="Manage class"|<ul[^>]*aria-label="Manage class"[^>]*role="menu"/);
    expect(item(html, 'action-copy-link')).toContain('role="menuitem"');
    expect(item(html, 'action-publish')).toContain('role="menuitemcheckbox"');
    expect(item(html, 'action-publish')).toContain('aria-checked="true"');
    expect(item(html, 'action-feature')).toContain('aria-checked="false"');
    expect(item(html, 'action-edit')).toContain('role="menuitem"');
    expect(item(html, 'action-delete')).toContain('role="menuitem"');
    const shown = text(html);
    for (const s of ['Copy invitation link', 'Published', 'Featured', 'Edit', 'Delete']) expect(shown, s).toContain(s);
    // A draft, featured class: the chips say so, and the check items too.
    const draft = await onPhone(classroom({ published: false, featured: true }));
    expect(tag(draft, 'unpublished-chip')).not.toBe('');
    expect(item(draft, 'action-publish')).toContain('aria-checked="false"');
    expect(item(draft, 'action-feature')).toContain('aria-checked="true"');
    // In Bangla.
    const bn = await onPhone(classroom(), 'bn');
    expect(tag(bn, 'classroom-actions')).toContain('aria-label="ক্লাস পরিচালনা"');
    for (const s of ['আমন্ত্রণ লিংক কপি করুন', 'প্রকাশিত', 'বিশেষ', 'সম্পাদনা', 'মুছে ফেলুন']) expect(text(bn), s).toContain(s);
  });

  it('publishes and unpublishes from the menu at once, and puts the class back when the server refuses', async () => {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.one(3), classroom());
    let release: (r: Response) => void = noop;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const saving = runMutation(publishFeatureMutation(qc, 3), { published: false }, qc);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The menu shows the class unpublished while the server answers.
    expect(qc.getQueryData<ReturnType<typeof classroom>>(classroomKeys.one(3))?.published).toBe(false);
    release(json({ data: classroom({ published: false }) }));
    await saving;
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/update-publish-feature');
    expect(init.method).toBe('PUT');
    expect(body(init)).toEqual({ id: 3, published: false });

    stubFetch(() => json({ message: 'Forbidden', code: 'forbidden' }, 403));
    await expect(runMutation(publishFeatureMutation(qc, 3), { featured: true }, qc)).rejects.toThrow();
    expect(qc.getQueryData<ReturnType<typeof classroom>>(classroomKeys.one(3))?.featured).toBe(false);
  });

  it('cuts a long description to two lines on a phone, with a "Show more" toggle', async () => {
    const html = await onPhone(classroom({ description: LONG }));
    expect(tag(html, 'classroom-description')).toContain('data-collapsed="true"');
    const toggle = tag(html, 'description-toggle');
    expect(toggle).toMatch(/^<button/);
    expect(toggle).toContain('aria-expanded="false"');
    const controls = /aria-controls="([^"]+)"/.exec(toggle)?.[1];
    expect(tag(html, 'classroom-description')).toContain(`id="${controls}"`);
    expect(text(html)).toContain('Show more');
    // The whole text is there for screen readers and copying; only its drawing is cut.
    expect(text(html)).toContain('ten minutes of questions.');
    expect(text(await onPhone(classroom({ description: LONG }), 'bn'))).toContain('আরও দেখুন');
    // A short one has nothing to open.
    const short = await onPhone(classroom({ description: 'Live twice a week.' }));
    expect(tag(short, 'description-toggle')).toBe('');
    expect(tag(short, 'classroom-description')).not.toContain('data-collapsed');
    expect(looksLong('One\nTwo\nThree')).toBe(true);
    expect(looksLong(LONG)).toBe(true);
  });

  it('shows a student the class without its managers’ tools or the Attendance tab', async () => {
    const html = await details(studentsClassroom(), '/classroom/details/3/people');
    expect(tag(html, 'classroom-details-page')).toContain('data-tab="people"');
    expect(tag(html, 'classroom-manager-tools')).toBe('');
    expect(tag(await details(studentsClassroom(), '/classroom/details/3', 'en', false), 'classroom-actions')).toBe('');
    expect(tag(html, 'tab-attendance')).toBe('');
    expect(tabOf('attendance', studentsClassroom())).toBeNull();
    expect(tabOf(undefined, studentsClassroom())).toBe('timeline');
    expect(tabOf('attendance', classroom({ my_role: 'admin' }))).toBe('attendance');
  });

  it('says a class it cannot see was not found', async () => {
    const qc = await prefetched({ queryKey: classroomKeys.one(5), queryFn: () => Promise.reject(new ApiError(404, 'Not found', 'not_found', {})), retry: false }, () => json({}));
    const html = await render('bn', <ClassroomDetailsPage />, { qc, at: '/classroom/details/5', path: '/classroom/details/:id/:slug?' });
    expect(text(html)).toContain('ক্লাসটি পাওয়া যায়নি।');
    expect(href(html, 'back-to-classes')).toBe('/classroom');
  });
});

describe('the timeline', () => {
  function pagesBySkip() {
    return stubFetchBy((url) => {
      const q = new URL(url, 'http://x').searchParams;
      return json(timelinePage(Number(q.get('skip')), 25, Number(q.get('take'))));
    });
  }

  it('loads 10 posts, then appends the next 10 on "Load more", until all 25 are there', async () => {
    const fetchMock = pagesBySkip();
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.pinned(3), []);
    const observer = new InfiniteQueryObserver(qc, timelineQuery(3));
    await observer.refetch();
    const [first] = fetchCall(fetchMock);
    expect(first).toBe('/classroom/timeline/view?course_batch_id=3&skip=0&take=10');
    const shown = (html: string) => [...html.matchAll(/data-testid="timeline-post" data-post-id="(\d+)"/g)].map((m) => Number(m[1]));

    let html = await render('en', <TimelineTab classroom={classroom()} />, { qc });
    expect(shown(html)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(tag(html, 'load-more-posts')).toContain('<button');
    expect(text(html)).toContain('Post number 25');

    await observer.fetchNextPage();
    expect(fetchCall(fetchMock, 1)[0]).toBe('/classroom/timeline/view?course_batch_id=3&skip=10&take=10');
    html = await render('en', <TimelineTab classroom={classroom()} />, { qc });
    expect(shown(html)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));

    await observer.fetchNextPage();
    expect(fetchCall(fetchMock, 2)[0]).toBe('/classroom/timeline/view?course_batch_id=3&skip=20&take=10');
    html = await render('en', <TimelineTab classroom={classroom()} />, { qc });
    expect(shown(html)).toHaveLength(25);
    expect(tag(html, 'load-more-posts')).toBe('');
  });

  it('replaces the list with a first load and appends a later one, without a post shown twice', () => {
    const shown = [post(3), post(2)];
    expect(mergeTimeline(shown, { skip: 0, data: [post(4), post(3)] }).map((p) => p.id)).toEqual([4, 3]);
    // A post written meanwhile pushed post 2 into the next page: it is not added again.
    expect(mergeTimeline(shown, { skip: 2, data: [post(2), post(1)] }).map((p) => p.id)).toEqual([3, 2, 1]);
    const pages: TimelinePage[] = [timelinePage(0, 12), timelinePage(10, 12)];
    expect(timelinePosts(pages)).toHaveLength(12);
  });

  it('shows the pinned posts first in their own section, with Unpin for a teacher; posts are text, never HTML', async () => {
    const qc = new QueryClient();
    const pinned = post(30, { pinned: true, by_teacher: true, user_name: 'Rina Das', body: 'Exam on <b>Monday</b>' });
    qc.setQueryData(classroomKeys.pinned(3), [pinned]);
    qc.setQueryData(classroomKeys.timeline(3), { pages: [{ data: [pinned, post(2, { can_edit: true, can_remove: true, comments: [{ ...post(2), id: 901, parent_id: 2, body: 'Me too', can_edit: true }] as unknown as Post['comments'] })], total: 2, skip: 0, take: 10 }], pageParams: [0] });
    const html = await render('en', <TimelineTab classroom={classroom()} />, { qc });
    const pinnedAt = html.indexOf('data-testid="pinned-posts"');
    const postsAt = html.indexOf('data-testid="timeline-posts"');
    expect(pinnedAt).toBeGreaterThan(0);
    expect(pinnedAt).toBeLessThan(postsAt);
    // Post 30 shows once, in the pinned section.
    expect(html.match(/data-post-id="30"/g)).toHaveLength(1);
    expect(html).toContain('Exam on &lt;b&gt;Monday&lt;/b&gt;');
    expect(html).not.toContain('<b>Monday</b>');
    expect(tag(html, 'unpin-post')).toContain('aria-pressed="true"');
    expect(tag(html, 'pin-post')).toContain('aria-pressed="false"');
    expect(tag(html, 'edit-post')).not.toBe('');
    expect(text(html)).toContain('Me too');
    expect(text(html)).toContain('0 / 2,000 characters');
    expect(html).toMatch(/<textarea[^>]*maxLength="2000"/);

    const student = await render('en', <TimelineTab classroom={studentsClassroom()} />, { qc });
    expect(tag(student, 'pin-post')).toBe('');
    expect(tag(student, 'unpin-post')).toBe('');
  });

  it('pins a post with PUT pin-post/{id}, then reads the pinned posts and the timeline again', async () => {
    const fetchMock = stubFetch(() => json({ data: post(7, { pinned: true }) }));
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.pinned(3), []);
    qc.setQueryData(classroomKeys.timeline(3), { pages: [timelinePage(0, 10)], pageParams: [0] });
    const saved = await runMutation(pinPostMutation(qc, 3), { id: 7, pinned: true }, qc);
    expect(saved.pinned).toBe(true);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/timeline/pin-post/7');
    expect(init.method).toBe('PUT');
    expect(body(init)).toEqual({ pinned: true });
    expect(qc.getQueryState(classroomKeys.pinned(3))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(classroomKeys.timeline(3))?.isInvalidated).toBe(true);
  });
});

describe('the schedule', () => {
  it('offers Join on an upcoming session, and shows the server’s refusal translated', async () => {
    const html = await render('en', <SessionCard session={session()} manage={false} onJoin={noop} onEdit={noop} onDelete={noop} />);
    expect(tag(html, 'join-session')).toContain('<button');
    expect(tag(html, 'session-state')).toContain('data-state="upcoming"');
    expect(text(html)).toContain('90 minutes');
    expect(tag(html, 'edit-session')).toBe('');
    const refused = new ApiError(422, 'The session is not open.', 'session_not_open', {});
    const bn = await render('bn', <SessionCard session={session({ state: 'live' })} manage onJoin={noop} onEdit={noop} onDelete={noop} joinError={refused} />);
    expect(text(bn)).toContain('সেশন শুরুর ১৫ মিনিট আগে থেকে শেষ হওয়া পর্যন্ত এতে যোগ দেওয়া যায়।');
    expect(text(bn)).toContain('এখন চলছে');
    expect(tag(bn, 'edit-session')).not.toBe('');
    const done = await render('en', <SessionCard session={session({ state: 'completed', present: 18 })} manage onJoin={noop} onEdit={noop} onDelete={noop} />);
    expect(tag(done, 'join-session')).toBe('');
    expect(text(done)).toContain('18 students present');
  });

  it('says why a join failed by the server’s code: the meeting service down or still preparing, the platform not set up', async () => {
    const refusal = async (status: number, code: string) => {
      stubFetch(() => json({ message: 'Refused.', code, errors: {} }, status));
      return fetchJoinLink(41).catch((e: unknown) => e);
    };
    const card = (err: unknown, lang: 'en' | 'bn' = 'en') => render(lang, <SessionCard session={session({ state: 'live' })} manage={false} onJoin={noop} onEdit={noop} onDelete={noop} joinError={err} />);
    const down = await refusal(502, 'meeting_provider_unavailable');
    expect(down).toMatchObject({ status: 502, code: 'meeting_provider_unavailable' });
    expect(text(await card(down))).toContain('The class’s meeting service did not answer as expected. Please try again in a minute.');
    expect(text(await card(down, 'bn'))).toContain('ক্লাসের মিটিং সেবা ঠিকমতো সাড়া দেয়নি। এক মিনিট পরে আবার চেষ্টা করুন।');
    const preparing = await refusal(503, 'meeting_being_prepared');
    expect(tag(await card(preparing), 'join-error')).not.toBe('');
    expect(text(await card(preparing))).toContain('The meeting is being set up at the meeting service. Please try again in a few seconds.');
    expect(text(await card(preparing, 'bn'))).toContain('মিটিং সেবায় মিটিংটি তৈরি হচ্ছে।');
    // Whatever the platform: no longer said to be Convay's.
    const unset = await refusal(422, 'meeting_not_configured');
    const said = text(await card(unset));
    expect(said).toContain('This class’s meeting platform is not set up for the site yet. Ask the site’s admin to set it up.');
    expect(said).not.toContain('Convay');
    expect(text(await card(unset, 'bn'))).toContain('এই ক্লাসের মিটিং প্ল্যাটফর্ম সাইটে এখনো সেট আপ করা হয়নি।');
    // A provider's notice not signed with the site's secret.
    expect(await errorText('en', await refusal(401, 'invalid_signature'))).toContain('This notice is not signed with the site’s secret; nothing was changed.');
    expect(await errorText('bn', await refusal(401, 'invalid_signature'))).toContain('এই বার্তাটি সাইটের গোপন কী দিয়ে স্বাক্ষরিত নয়;');
  });

  it('asks for a joining link of the session', async () => {
    const fetchMock = stubFetch(() => json({ data: { url: 'https://meet.example.org/r/41?jwt=x', role: 'participant', expires_at: '2026-12-22T05:30:00Z' } }));
    expect((await fetchJoinLink(41)).url).toBe('https://meet.example.org/r/41?jwt=x');
    expect(fetchCall(fetchMock)[0]).toBe('/convay/token?session_id=41');
  });

  it('checks a session’s title, day, time and length (5 to 600 minutes, Bangla digits allowed)', () => {
    const v = { ...sessionValues(null, 'bn', new Date(2026, 11, 19)), title: 'Lab' };
    expect(v.duration_minutes).toBe('৬০');
    expect(sessionProblems(v)).toEqual({});
    expect(sessionProblems({ ...v, duration_minutes: '৪' })).toEqual({ duration_minutes: 'duration_range' });
    expect(sessionProblems({ ...v, title: '', time: '' })).toEqual({ title: 'required', time: 'required' });
  });
});

describe('the people', () => {
  const values = (over: Partial<PersonFormValues> = {}) => ({ ...personValues('student'), name: 'Karim', ...over });

  /** The form as its dialog words it: the client's problems and the server's refusals on their fields, else above the buttons. */
  function Worded({ v, err, checked = false }: { v: PersonFormValues; err?: unknown; checked?: boolean }) {
    const errors = useWordedErrors(PERSON_FIELDS, err, useClassroomProblemText(), checked ? personProblems(v) : {});
    const errorWords = useErrorText();
    const named = err instanceof ApiError && Object.keys(err.fieldErrors).some((f) => (PERSON_FIELDS as readonly string[]).includes(f));
    return <PersonForm values={v} errors={errors} formError={err && !named ? errorWords(err) : null} busy={false} onChange={noop} onSave={noop} onCancel={noop} />;
  }

  it('adds a teacher or a student by name and an e-mail or a mobile number', async () => {
    const html = await render('en', <Worded v={values()} />);
    expect(input(html, 'person-kind-student')).toContain('checked');
    expect(input(html, 'person-name')).toContain('required');
    expect(input(html, 'person-email')).toContain('type="email"');
    expect(input(html, 'person-phone')).toContain('type="tel"');
    expect(personProblems(values())).toEqual({ email: 'contact_required' });
    expect(personProblems(values({ phone: '০১৭১২-৩৪৫৬৭৮' }))).toEqual({});
    expect(personProblems(values({ email: 'karim@' }))).toEqual({ email: 'invalid_email' });
    const bn = await render('bn', <Worded v={values()} checked />);
    expect(text(bn)).toContain('একটি ই-মেইল ঠিকানা বা মোবাইল নম্বর দিন।');

    const fetchMock = stubFetch(() => json({ data: person({ status: 'invited' }) }, 201));
    const qc = new QueryClient();
    await runMutation(addPersonMutation(qc, 3), values({ kind: 'teacher', email: ' karim@example.com ' }), qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/people/create');
    expect(body(init)).toEqual({ classroom_id: 3, user_type: 1, name: 'Karim', email: 'karim@example.com' });
  });

  it('shows the server’s 409 person_exists and 422 contact_required in the interface’s words', async () => {
    stubFetch(() => json({ message: 'Already in the class.', code: 'person_exists', errors: {} }, 409));
    const exists = await runMutation(addPersonMutation(new QueryClient(), 3), values({ email: 'sadia@example.com' })).catch((e: unknown) => e);
    expect(exists).toMatchObject({ status: 409, code: 'person_exists' });
    expect(await errorText('bn', exists)).toContain('এই ব্যক্তি ইতিমধ্যে ক্লাসে আছেন।');
    expect(await errorText('en', exists)).toContain('This person is already in the class.');
    const shown = await render('bn', <Worded v={values()} err={exists} />);
    expect(tag(shown, 'person-form-error')).not.toBe('');
    expect(text(shown)).toContain('এই ব্যক্তি ইতিমধ্যে ক্লাসে আছেন।');

    stubFetch(() => json({ message: 'Give an e-mail or a phone.', code: 'validation_failed', errors: { email: ['contact_required'] } }, 422));
    const missing = await runMutation(addPersonMutation(new QueryClient(), 3), values()).catch((e: unknown) => e);
    const html = await render('bn', <Worded v={values()} err={missing} />);
    expect(input(html, 'person-email')).toContain('aria-invalid="true"');
    expect(text(html)).toContain('একটি ই-মেইল ঠিকানা বা মোবাইল নম্বর দিন।');
    expect(tag(html, 'person-form-error')).toBe('');
  });

  it('keeps the last teacher, saying why in Bangla', async () => {
    stubFetch(() => json({ message: 'A class keeps one teacher.', code: 'last_teacher', errors: {} }, 422));
    const err = await runMutation(removePersonMutation(new QueryClient(), 3), person({ user_type: 1 })).catch((e: unknown) => e);
    expect(await errorText('bn', err)).toContain('প্রতিটি ক্লাসে অন্তত একজন শিক্ষক থাকতে হবে।');
  });
});

describe('the attendance', () => {
  const rows = [attendanceRow({ user_id: 12, name: 'Sadia Islam', present: true, source: 'join', joined_at: '2026-12-22T04:03:00Z' }), attendanceRow({ user_id: 13, name: 'Karim Uddin' }), attendanceRow({ user_id: 14, name: 'Nusrat Jahan' })];

  it('opens a live session, else the latest completed', () => {
    const live = session({ id: 44, state: 'live' });
    const done = [session({ id: 40, state: 'completed' }), session({ id: 39, state: 'completed' })];
    expect(defaultSession(done, [live, session({ id: 45 })], null)?.id).toBe(44);
    expect(defaultSession(done, [session({ id: 45 })], null)?.id).toBe(40);
    expect(defaultSession(done, [session({ id: 45 })], 39)?.id).toBe(39);
    expect(defaultSession([], [], null)).toBeNull();
  });

  it('ticks the students present, and Save posts the ids of those ticked', async () => {
    const marks = { 13: true, 12: false };
    const html = await render('en', <AttendanceSheet classroomId={3} sessionId={41} rows={rows} initialMarks={marks} />);
    expect([...html.matchAll(/data-testid="attendance-row" data-user-id="(\d+)" data-present="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['12:false', '13:true', '14:false']);
    expect(input(html, 'attendance-13')).toContain('checked');
    expect(text(html)).toContain('1 of 3 students present');
    expect(text(html)).toContain('Joined the session:');
    expect(tag(html, 'attendance-save')).not.toContain('disabled');
    expect(tag(html, 'attendance-download')).not.toBe('');
    // Nothing changed: nothing to save.
    expect(tag(await render('en', <AttendanceSheet classroomId={3} sessionId={41} rows={rows} />), 'attendance-save')).toContain('disabled');

    const fetchMock = stubFetch(() => json({ data: rows.map((r) => ({ ...r, present: r.user_id === 13 })) }));
    const qc = new QueryClient();
    await runMutation(saveAttendanceMutation(qc, 3, 41), presentIds(rows, marks), qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/attendance/store/41');
    expect(init.method).toBe('POST');
    expect(body(init)).toEqual({ present: [13] });
    expect(qc.getQueryData<typeof rows>(classroomKeys.attendance(41))?.find((r) => r.user_id === 13)?.present).toBe(true);
  });

  it('shows when each student joined and left, and who the meeting service saw in the room', async () => {
    const seen = [
      attendanceRow({ user_id: 12, name: 'Sadia Islam', present: true, source: 'provider', joined_at: '2026-12-22T04:02:00Z', left_at: '2026-12-22T05:25:00Z' }),
      attendanceRow({ user_id: 13, name: 'Karim Uddin', present: true, source: 'provider', joined_at: '2026-12-22T04:05:00Z' }),
      attendanceRow({ user_id: 14, name: 'Nusrat Jahan', present: true, source: 'join', joined_at: '2026-12-22T04:01:00Z' }),
      attendanceRow({ user_id: 15, name: 'Rafi Ahmed' }),
    ];
    const html = await render('en', <AttendanceSheet classroomId={3} sessionId={41} rows={seen} />);
    const row = (id: number) => text(new RegExp(`data-user-id="${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '');
    expect(row(12)).toContain('Seen in the meeting');
    expect(row(12)).toContain(`Joined the session: ${formatInstant('2026-12-22T04:02:00Z', 'en')}`);
    // Left the same day: its time alone.
    expect(row(12)).toContain(`Left the session: ${formatLeftAt('2026-12-22T04:02:00Z', '2026-12-22T05:25:00Z', 'en')}`);
    expect(formatLeftAt('2026-12-22T04:02:00Z', '2026-12-22T05:25:00Z', 'en', 'Asia/Dhaka')).toBe('11:25');
    expect(formatLeftAt('2026-12-22T17:50:00Z', '2026-12-22T18:20:00Z', 'en', 'Asia/Dhaka')).toBe(formatInstant('2026-12-22T18:20:00Z', 'en', 'Asia/Dhaka'));
    // Still in the room: no leaving time.
    expect(row(13)).toContain('Seen in the meeting');
    expect(row(13)).not.toContain('Left the session');
    expect(row(14)).not.toContain('Seen in the meeting');
    expect(row(14)).toContain('Joined the session:');
    expect(row(15)).not.toContain('Joined');
    expect(tag(html, 'attendance-seen-note')).not.toBe('');
    expect(text(html)).toContain('the meeting service saw them in the room');

    // In Bangla, and on a 360-pixel phone the times wrap under the name.
    const bn = await render('bn', themed(<AttendanceSheet classroomId={3} sessionId={41} rows={seen} />, false));
    expect(text(bn)).toContain('মিটিংয়ে দেখা গেছে');
    expect(text(bn)).toContain(`সেশন ছেড়েছেন: ${formatLeftAt('2026-12-22T04:02:00Z', '2026-12-22T05:25:00Z', 'bn')}`);
    expect(bn).toMatch(/<style[^>]*>[^<]*flex-wrap:wrap[^<]*<\/style><span[^>]*data-testid="attendance-times"/);
    // A sheet where no one was seen by a meeting service says nothing of it.
    expect(tag(await render('en', <AttendanceSheet classroomId={3} sessionId={41} rows={[seen[2]]} />), 'attendance-seen-note')).toBe('');
  });
});

describe('the invitation page (/join/:slug)', () => {
  function joinPage(data = invite(), lang: 'en' | 'bn' = 'en') {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.invite('K7Q2XPA9'), data);
    return render(lang, <JoinPage />, { qc, at: '/join/K7Q2XPA9', path: '/join/:slug' });
  }

  it('shows the class, its teachers, start and students, and "Join this class"', async () => {
    const html = await joinPage();
    const shown = text(html);
    expect(shown).toContain('Physics for class nine');
    expect(shown).toContain('Rina Das, Kamal Hossain');
    expect(shown).toContain('25 students');
    expect(tag(html, 'join-class')).toContain('<button');
    expect(tag(html, 'open-class')).toBe('');
    const bn = text(await joinPage(invite(), 'bn'));
    expect(bn).toContain('ক্লাসে যোগ দিন');
    expect(bn).toContain('২৫ জন শিক্ষার্থী');
  });

  it('opens the class for someone already in it', async () => {
    const html = await joinPage(invite({ member: true }));
    expect(href(html, 'open-class')).toBe('/classroom/details/3');
    expect(tag(html, 'join-class')).toBe('');
  });

  it('joins with POST batch/enroll/{code} and keeps the class for its page', async () => {
    const fetchMock = stubFetch(() => json({ data: studentsClassroom() }));
    const qc = new QueryClient();
    const joined = await runMutation(enrollMutation(qc, 'K7Q2XPA9'), undefined, qc);
    expect(joined.id).toBe(3);
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/batch/enroll/K7Q2XPA9');
    expect(fetchCall(fetchMock)[1].method).toBe('POST');
    expect(qc.getQueryData(classroomKeys.one(3))).toMatchObject({ my_role: 'student' });
  });

  it('says kindly that an unknown code leads to no class', async () => {
    const qc = await prefetched({ queryKey: classroomKeys.invite('NOPE'), queryFn: () => Promise.reject(new ApiError(404, 'Not found', 'not_found', {})), retry: false }, () => json({}));
    const html = await render('en', <JoinPage />, { qc, at: '/join/NOPE', path: '/join/:slug' });
    expect(text(html)).toContain('This invitation link does not lead to a class.');
    expect(href(html, 'join-to-classes')).toBe('/classroom');
  });
});
