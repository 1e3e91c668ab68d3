// The classrooms' later screens: the five meeting platforms, the attendance sheet as Excel or CSV,
// the live timeline, the site admins' tools on My classes (the meeting accounts of Jitsi, Convay,
// BigBlueButton and Zoom), recordings (uploaded, or made by the meeting service), classwork, a session's chat,
// and adding a list of people / changing a person's part. Rendered to static markup like
// classroom-pages.test.tsx, with a stubbed fetch.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import { fetchPickerFiles } from '../../../lib/file-picker-api';
import type { MenuClass } from '../../../lib/menu-class';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { errorText, fetchCall, href, input, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { downloadAttendance, fetchMeetingAccount, PLATFORMS, type Platform, type Post, type StreamedRow } from '../api/classrooms-api';
import {
  CLASSWORK_FIELDS,
  classroomBody,
  classroomProblems,
  classroomValues,
  classworkBody,
  classworkProblems,
  classworkValues,
  listBody,
  listProblems,
  MEETING_FIELDS,
  meetingBody,
  meetingFieldsOf,
  meetingProblems,
  meetingValues,
  ZOOM_API,
  ZOOM_AUTH,
  parsePeopleList,
  type ClassworkFormValues,
  type ListRow,
  type MeetingFormValues,
} from '../hooks/classroom-forms';
import { newestTimelineId, providerRecordingLinks, withStreamedComment, withStreamedPost, type TimelineData } from '../hooks/classroom-format';
import {
  addPeopleListMutation,
  chatQuery,
  classroomKeys,
  classroomListQuery,
  classworksQuery,
  deleteClassworkMutation,
  isSiteAdmin,
  recordingMutation,
  saveClassworkMutation,
  sendChatMutation,
  setPersonTypeMutation,
  storeMeetingMutation,
} from '../hooks/use-classrooms';
import { followTimeline } from '../hooks/use-timeline-stream';
import { attendanceRow, chatMessage, classFile, classroom, classwork, comment, meetingAccount, pageOf, person, post, session, studentsClassroom, timelinePage } from '../test-fixtures';
import { AttendanceSheet } from './attendance-tab';
import ClassroomDetailsPage, { tabOf } from './classroom-details-page';
import { ClassroomForm, useClassroomProblemText } from './classroom-dialog';
import ClassroomListPage from './classroom-list-page';
import { ClassworkForm, type ClassworkFormProps } from './classwork-dialog';
import { ClassworkTab } from './classwork-tab';
import { MeetingForm } from './meeting-settings-dialog';
import { PeopleListForm, PeopleListResult, useRowErrors } from './people-list-dialog';
import { PersonRow, useRoleChangeErrorText } from './people-tab';
import { SessionCard } from './schedule-tab';
import { SessionChat } from './session-chat';
import { TextComposer } from './text-composer';
import { LiveAnnouncer, LiveMark, TimelineTab } from './timeline-tab';

// `role`: the current role's name (a partner class's admin is `partner-admin`).
const who = vi.hoisted(() => ({ menuClass: 'learner' as MenuClass, role: null as string | null }));
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({
    token: 'tok',
    isSignedIn: true,
    user: who.role ? { currentrole: { id: 1, role: who.role, owner_id: 2 } } : null,
    menuClass: who.menuClass,
    roleEntry: null,
    isLoading: false,
    error: null,
    refetch: () => undefined,
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  who.menuClass = 'learner';
  who.role = null;
});

const body = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;
const headersOf = (init: RequestInit) => init.headers as Record<string, string>;
const bn = resources.bn.errors as Record<string, string>;

/** The browser's saved token (the API client reads it from localStorage). */
function signedIn() {
  vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'token' ? 'tok' : null), setItem: noop, removeItem: noop });
}

describe('1. meeting platforms', () => {
  it('offers Jitsi Meet, Convay, BigBlueButton, Zoom and an external link, in the server’s order', async () => {
    expect(PLATFORMS).toEqual(['jitsi', 'convay', 'bbb', 'zoom', 'link']);
    expect(Object.keys(resources.en.classrooms.platforms as object)).toEqual([...PLATFORMS]);
    expect(Object.keys(resources.bn.classrooms.platforms as object)).toEqual([...PLATFORMS]);
    expect(resources.en.classrooms.platforms).toMatchObject({ bbb: 'BigBlueButton', zoom: 'Zoom' });
    expect(resources.bn.classrooms.platforms).toMatchObject({ bbb: 'বিগব্লুবাটন', zoom: 'জুম' });
    const v = { ...classroomValues(null, new Date(2026, 11, 19)), name: 'Physics' };
    // BigBlueButton and Zoom are taken now, without a link of the class's own.
    expect(classroomProblems({ ...v, platform: 'zoom' })).toEqual({});
    expect(classroomProblems({ ...v, platform: 'bbb' })).toEqual({});
    expect(classroomBody({ ...v, platform: 'bbb', meeting_link: 'https://meet.example.org/x' })).toMatchObject({ platform: 'bbb', meeting_link: null });
    expect(classroomValues(classroom({ platform: 'bbb' })).platform).toBe('bbb');
    expect(classroomValues(classroom({ platform: 'zoom' })).platform).toBe('zoom');
    // A platform the server does not know is refused, and a class saved with one opens on Jitsi.
    expect(classroomProblems({ ...v, platform: 'teams' as Platform })).toEqual({ platform: 'invalid_choice' });
    expect(classroomValues(classroom({ platform: 'teams' as Platform })).platform).toBe('jitsi');

    const form = (platform: Platform, lang: 'en' | 'bn' = 'en') => render(lang, <ClassroomForm editing={false} values={{ ...v, platform }} errors={{}} busy={false} onChange={noop} onSave={noop} onCancel={noop} />);
    const bbb = await form('bbb');
    expect(bbb).toMatch(/<input[^>]*value="bbb"/);
    expect(text(bbb)).toContain('BigBlueButton');
    expect(input(bbb, 'classroom-meeting_link')).toBe('');
    expect(text(await form('zoom', 'bn'))).toContain('জুম');
  });
});

describe('2. the attendance sheet', () => {
  /** A document that records the file saved. */
  function saving() {
    const a = { href: '', download: '', style: {} as Record<string, string>, click: vi.fn(), remove: vi.fn() };
    vi.stubGlobal('document', { createElement: () => a, body: { appendChild: noop } });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:sheet');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(noop);
    return a;
  }

  it('offers "Download (Excel)" first and CSV beside it', async () => {
    const html = await render('en', <AttendanceSheet classroomId={3} sessionId={41} rows={[attendanceRow()]} />);
    expect(text(html)).toMatch(/Download \(Excel\)\s+CSV/);
    expect(tag(html, 'attendance-download-csv')).toContain('aria-label="Download as CSV"');
    expect(html.indexOf('data-testid="attendance-download"')).toBeLessThan(html.indexOf('data-testid="attendance-download-csv"'));
    expect(text(await render('bn', <AttendanceSheet classroomId={3} sessionId={41} rows={[attendanceRow()]} />))).toContain('ডাউনলোড (এক্সেল)');
  });

  it('asks for ?format=xlsx and saves attendance-<id>.xlsx; CSV with ?format=csv', async () => {
    const a = saving();
    const fetchMock = stubFetch(() => new Response('PK', { status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
    await downloadAttendance(41);
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/attendance/download/41?format=xlsx');
    expect(a.download).toBe('attendance-41.xlsx');
    expect(a.click).toHaveBeenCalledOnce();

    await downloadAttendance(41, 'csv');
    expect(fetchCall(fetchMock, 1)[0]).toBe('/classroom/attendance/download/41?format=csv');
    expect(a.download).toBe('attendance-41.csv');
  });

  it('says a refusal in the interface’s words', async () => {
    stubFetch(() => json({ message: 'No.', code: 'forbidden', errors: {} }, 403));
    const err = await downloadAttendance(41).catch((e: unknown) => e);
    expect(await errorText('bn', err)).toContain(bn.forbidden);
  });
});

describe('3. the live timeline', () => {
  const rina = { user_id: 5, user_name: 'Rina Das', by_teacher: true };
  const row = (id: number, over: Partial<StreamedRow> = {}): StreamedRow => ({ ...comment({ id, ...rina, body: `Row ${id}` }), parent_id: null, ...over });

  function timelineClient() {
    const qc = new QueryClient();
    qc.setQueryData<TimelineData>(classroomKeys.timeline(3), { pages: [timelinePage(0, 12)], pageParams: [0] });
    qc.setQueryData<Post[]>(classroomKeys.pinned(3), [post(30, { pinned: true, comments: [comment({ id: 31, parent_id: 30 })] })]);
    return qc;
  }

  it('puts a new post on top, a comment under its post, and nothing twice', () => {
    const data: TimelineData = { pages: [timelinePage(0, 25), timelinePage(10, 25)], pageParams: [0, 10] };
    const next = withStreamedPost(data, row(40))!;
    expect(next.pages[0].data.map((p) => p.id).slice(0, 3)).toEqual([40, 25, 24]);
    expect(next.pages[0].data[0]).toMatchObject({ id: 40, pinned: false, comments: [] });
    expect(next.pages.map((p) => p.total)).toEqual([26, 26]);
    expect(withStreamedPost(next, row(40))).toBeNull();
    expect(withStreamedPost(data, row(20))).toBeNull();

    const posts = [post(2), post(1)];
    const withComment = withStreamedComment(posts, row(50, { parent_id: 1 }))!;
    expect(withComment[1].comments.map((c) => c.id)).toEqual([50]);
    expect(withStreamedComment(withComment, row(50, { parent_id: 1 }))).toBeNull();
    expect(withStreamedComment(posts, row(51, { parent_id: 99 }))).toBeNull();
    // The newest id the page has, comments and pinned posts included.
    expect(newestTimelineId(data.pages)).toBe(25);
    expect(newestTimelineId(data.pages, [post(3, { comments: [comment({ id: 70, parent_id: 3 })] })])).toBe(70);
    expect(newestTimelineId([])).toBeNull();
  });

  it('reads the stream with the app’s token after the newest id, applies its events without reloading, and resumes with Last-Event-ID', async () => {
    signedIn();
    const qc = timelineClient();
    const sse = [
      ': keep-alive\n\n',
      `id: 40\nevent: post\nda`,
      `ta: ${JSON.stringify(row(40, { body: 'Class starts at ten' }))}\n\nid: 41\nevent: comment\ndata: ${JSON.stringify(row(41, { parent_id: 12, body: 'On my way' })).slice(0, 20)}`,
      `${JSON.stringify(row(41, { parent_id: 12, body: 'On my way' })).slice(20)}\n\n`,
      `id: 42\nevent: comment\ndata: ${JSON.stringify(row(42, { parent_id: 30, body: 'Noted' }))}\n\n`,
      // The writer's own post again, read after posting: shown once.
      `id: 12\nevent: post\ndata: ${JSON.stringify(row(12))}\n\n`,
    ];
    const ctrl = new AbortController();
    let calls = 0;
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
      if (calls++ === 0) {
        const enc = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({ start: (c) => (sse.forEach((s) => c.enqueue(enc.encode(s))), c.close()) });
        return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      ctrl.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    vi.stubGlobal('fetch', fetchMock);
    const arrivals: string[] = [];
    const states: string[] = [];
    const after = newestTimelineId(qc.getQueryData<TimelineData>(classroomKeys.timeline(3))!.pages, qc.getQueryData<Post[]>(classroomKeys.pinned(3)));
    await followTimeline(qc, 3, { signal: ctrl.signal, after, wait: async () => {}, onState: (s) => states.push(s), onArrival: (kind, r) => arrivals.push(`${kind}:${r.id}:${r.user_name}`) });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/classroom/timeline/stream?course_batch_id=3&after=31');
    expect(headersOf(init!).Authorization).toBe('Bearer tok');
    expect(headersOf(init!).Accept).toBe('text/event-stream');
    expect(headersOf(fetchMock.mock.calls[1][1]!)['Last-Event-ID']).toBe('12');
    expect(arrivals).toEqual(['post:40:Rina Das', 'comment:41:Rina Das', 'comment:42:Rina Das']);
    expect(states.slice(0, 2)).toEqual(['connecting', 'open']);

    const html = await render('en', <TimelineTab classroom={classroom()} />, { qc });
    const ids = [...html.matchAll(/data-testid="timeline-post" data-post-id="(\d+)"/g)].map((m) => Number(m[1]));
    // The pinned post first (its own section), then the new post on top of the others.
    expect(ids.slice(0, 3)).toEqual([30, 40, 12]);
    expect(html.match(/data-post-id="12"/g)).toHaveLength(1);
    expect(text(html)).toContain('Class starts at ten');
    const post12 = html.slice(html.indexOf('data-post-id="12"'), html.indexOf('data-post-id="11"'));
    expect(post12).toContain('On my way');
    const pinned = html.slice(html.indexOf('data-post-id="30"'), html.indexOf('data-testid="timeline-posts"'));
    expect(pinned).toContain('Noted');
  });

  it('shows a small translated live mark and announces arrivals politely', async () => {
    const live = await render('en', <LiveMark state="open" />);
    expect(tag(live, 'timeline-live')).toContain('data-state="open"');
    expect(text(live)).toContain('Live');
    expect(text(await render('bn', <LiveMark state="open" />))).toContain('লাইভ');
    expect(text(await render('bn', <LiveMark state="retrying" />))).toContain('আবার সংযোগ করা হচ্ছে…');
    expect(await render('en', <LiveMark state="stopped" />)).toBe('');

    const said = await render('en', <LiveAnnouncer arrival={{ kind: 'post', name: 'Rina Das', n: 1 }} />);
    expect(tag(said, 'timeline-announcer')).toContain('role="status"');
    expect(tag(said, 'timeline-announcer')).toContain('aria-live="polite"');
    expect(text(said)).toContain('New post from Rina Das');
    expect(text(await render('bn', <LiveAnnouncer arrival={{ kind: 'comment', name: 'Rina Das', n: 2 }} />))).toContain('Rina Das-এর নতুন মন্তব্য');
    expect(text(await render('en', <LiveAnnouncer arrival={null} />)).trim()).toBe('');
  });
});

describe('4. the site admins’ tools on My classes', () => {
  const siteList = (data = pageOf([classroom({ my_role: 'admin', code: null })])) => {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.list({ role: 'all', page: 1, search: '', manage: true }), data);
    qc.setQueryData(classroomKeys.list({ role: 'all', page: 1, search: '' }), pageOf([classroom()]));
    return qc;
  };

  it('gives a partner or super admin "All classes of the site" and "Meeting settings"; not a partner’s teacher or a learner', async () => {
    who.menuClass = 'super';
    const html = await render('en', <ClassroomListPage />, { qc: siteList(), at: '/classroom?manage=1' });
    expect(tag(html, 'classroom-list-page')).toContain('data-manage="true"');
    expect(input(html, 'classrooms-manage')).toContain('checked');
    expect(text(html)).toContain('All classes of the site');
    expect(tag(html, 'role-teacher')).toBe('');
    expect(tag(html, 'meeting-settings')).toContain('<button');
    expect(tag(html, 'role-chip')).toContain('data-role="admin"');

    who.menuClass = 'partner';
    who.role = 'partner-admin';
    const own = await render('bn', <ClassroomListPage />, { qc: siteList(), at: '/classroom' });
    expect(input(own, 'classrooms-manage')).not.toContain('checked');
    expect(text(own)).toContain('সাইটের সব ক্লাস');
    expect(text(own)).toContain('মিটিং সেটিংস');

    // A partner's teacher authors classes, but the site's tools are its admin's (the server says 403).
    who.role = 'teacher';
    const teacher = await render('en', <ClassroomListPage />, { qc: siteList(), at: '/classroom?manage=1' });
    expect(tag(teacher, 'classroom-list-page')).toContain('data-manage="false"');
    expect(tag(teacher, 'classrooms-manage')).toBe('');
    expect(tag(teacher, 'meeting-settings')).toBe('');
    expect(tag(teacher, 'create-classroom')).toContain('<button');
    expect(isSiteAdmin('partner', 'teacher')).toBe(false);
    expect(isSiteAdmin('partner', null)).toBe(false);
    expect(isSiteAdmin('partner', 'partner-admin')).toBe(true);
    expect(isSiteAdmin('super', 'super')).toBe(true);
    expect(isSiteAdmin('learner', 'partner-admin')).toBe(false);

    who.menuClass = 'learner';
    const learner = await render('en', <ClassroomListPage />, { qc: siteList(), at: '/classroom?manage=1' });
    expect(tag(learner, 'classroom-list-page')).toContain('data-manage="false"');
    expect(tag(learner, 'classrooms-manage')).toBe('');
    expect(tag(learner, 'meeting-settings')).toBe('');
  });

  it('lists with manage=1 (no role), and shows a refusal in place of the list', async () => {
    const fetchMock = stubFetch(() => json(pageOf([])));
    await new QueryClient().fetchQuery(classroomListQuery({ role: 'teacher', page: 2, search: 'phy', manage: true }));
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/class/view?page=2&limit=12&search=phy&manage=1');
    await new QueryClient().fetchQuery(classroomListQuery({ role: 'teacher', page: 1, search: '' }));
    expect(fetchCall(fetchMock, 1)[0]).toBe('/classroom/class/view?page=1&limit=12&role=teacher');

    who.menuClass = 'partner';
    who.role = 'partner-admin';
    const qc = await prefetched({ ...classroomListQuery({ role: 'all', page: 1, search: '', manage: true }), queryFn: () => Promise.reject(new ApiError(403, 'Forbidden', 'forbidden', {})), retry: false }, () => json({}));
    const html = await render('bn', <ClassroomListPage />, { qc, at: '/classroom?manage=1' });
    expect(tag(html, 'error-state')).not.toBe('');
    expect(text(html)).toContain(bn.forbidden);
  });

  function Meeting({ v, account = meetingAccount(), err, checked = false }: { v: MeetingFormValues; account?: ReturnType<typeof meetingAccount>; err?: unknown; checked?: boolean }) {
    const codeText = useClassroomProblemText();
    const { errors, formError } = useFieldErrors(MEETING_FIELDS, err, codeText);
    const problems = checked ? Object.fromEntries(Object.entries(meetingProblems(v)).map(([f, c]) => [f, codeText(c as string)])) : {};
    return <MeetingForm values={v} errors={{ ...errors, ...problems }} formError={formError} busy={false} account={account} onChange={noop} onSave={noop} onCancel={noop} />;
  }

  it('shows the account’s check, fills the address and app id but never the secret', async () => {
    const v = meetingValues('jitsi', meetingAccount());
    expect(v).toEqual({ platform: 'jitsi', base_url: 'https://meet.example.org', app_id: 'school-app', secret: '', client_id: '', auth_url: '', webhook_secret: '' });
    const html = await render('en', <Meeting v={v} />);
    expect(input(html, 'meeting-platform-jitsi')).toContain('checked');
    expect(input(html, 'meeting-platform-convay')).not.toContain('checked');
    // The four platforms a site keeps an account for, in the server's order; a class's own link needs none.
    expect([...html.matchAll(/<input\b[^>]*id="meeting-platform-(\w+)"/g)].map((m) => m[1])).toEqual(['jitsi', 'convay', 'bbb', 'zoom']);
    expect(text(html)).toContain('BigBlueButton');
    expect(input(html, 'meeting-app_id')).toContain('value="school-app"');
    expect(input(html, 'meeting-client_id')).toBe('');
    expect(input(html, 'meeting-webhook_secret')).toBe('');
    expect(tag(html, 'meeting-callback')).toBe('');
    expect(tag(html, 'meeting-status-credentials')).toBe('');
    expect(input(html, 'meeting-base_url')).toContain('value="https://meet.example.org"');
    expect(input(html, 'meeting-secret')).toContain('type="password"');
    expect(input(html, 'meeting-secret')).toContain('value=""');
    expect(input(html, 'meeting-secret')).toContain('autoComplete="new-password"');
    expect(tag(html, 'meeting-status')).toContain('data-reachable="true"');
    expect(text(html)).toContain('answers (HTTP 200)');
    expect(text(html)).toContain('school-app');

    const down = await render('bn', <Meeting v={v} account={meetingAccount({ reachable: false, status: 503 })} />);
    expect(text(down)).toContain('কাজ করছে না (HTTP ৫০৩)');
    const none = await render('en', <Meeting v={meetingValues('convay')} account={meetingAccount({ platform: 'convay', configured: false, base_url: null, app_id: null, reachable: null, status: null })} />);
    expect(tag(none, 'meeting-status')).toContain('data-configured="false"');
    expect(text(none)).toContain('Convay classes cannot be joined until an account is saved.');
  });

  it('wants a secret of 16 characters or more, and shows the server’s refusals on their fields', async () => {
    const v: MeetingFormValues = { ...meetingValues('jitsi'), base_url: 'meet', app_id: '', secret: 'short' };
    expect(meetingProblems(v)).toEqual({ base_url: 'invalid_url', app_id: 'required', secret: 'secret_short' });
    expect(meetingProblems({ ...v, base_url: 'https://meet.example.org', app_id: 'a', secret: 'x'.repeat(16) })).toEqual({});
    const html = await render('bn', <Meeting v={v} checked />);
    expect(text(html)).toContain('গোপন কী-তে কমপক্ষে ১৬টি অক্ষর থাকতে হবে।');
    expect(input(html, 'meeting-secret')).toContain('aria-invalid="true"');
    const refused = new ApiError(422, 'The given data was invalid.', 'validation_failed', { base_url: ['invalid_url'] });
    expect(text(await render('en', <Meeting v={meetingValues('jitsi')} err={refused} />))).toContain(resources.en.errors.invalid_url as string);
  });

  it('checks a platform with GET check and saves with POST store', async () => {
    const check = stubFetch(() => json({ data: meetingAccount({ platform: 'convay' }) }));
    expect((await fetchMeetingAccount('convay')).platform).toBe('convay');
    expect(fetchCall(check)[0]).toBe('/classroom/api_configure/check?platform=convay');

    const store = stubFetch(() => json({ data: meetingAccount({ reachable: null, status: null }) }));
    const qc = new QueryClient();
    await runMutation(storeMeetingMutation(qc), { platform: 'jitsi', base_url: ' https://meet.example.org ', app_id: 'school-app', secret: 's'.repeat(20) }, qc);
    const [url, init] = fetchCall(store);
    expect(url).toBe('/classroom/api_configure/store');
    expect(init.method).toBe('POST');
    expect(body(init)).toEqual({ platform: 'jitsi', base_url: 'https://meet.example.org', app_id: 'school-app', secret: 's'.repeat(20) });
    expect(qc.getQueryData(classroomKeys.meeting('jitsi'))).toMatchObject({ configured: true });
  });

  /** The ids of the form's text inputs, in order (the platform's radios left out). */
  const fieldsShown = (html: string) => [...html.matchAll(/<input\b[^>]*id="meeting-(\w+)"/g)].map((m) => m[1]).filter((f) => !f.startsWith('platform'));

  it('asks BigBlueButton for its API address and shared secret only, and gives the address its recordings are reported to', async () => {
    const account = meetingAccount({ platform: 'bbb', base_url: 'https://bbb.example.org/bigbluebutton', app_id: '', callback_url: 'http://school.example.org/classroom/meetings/bbb/recording-ready', credentials_ok: true });
    const v = meetingValues('bbb', account);
    expect(meetingFieldsOf('bbb')).toEqual(['base_url', 'secret']);
    const html = await render('en', <Meeting v={v} account={account} />);
    expect(input(html, 'meeting-platform-bbb')).toContain('checked');
    expect(fieldsShown(html)).toEqual(['callback_url', 'base_url', 'secret']);
    expect(input(html, 'meeting-base_url')).toContain('placeholder="https://bbb.example.org/bigbluebutton"');
    expect(input(html, 'meeting-base_url')).toContain('required');
    expect(text(html)).toContain('Shared secret');
    expect(text(html)).not.toContain('App ID');
    // The address to copy, read-only, with its copy button.
    expect(input(html, 'meeting-callback_url')).toContain('value="http://school.example.org/classroom/meetings/bbb/recording-ready"');
    expect(input(html, 'meeting-callback_url')).toContain('readOnly');
    expect(tag(html, 'copy-callback-url')).toContain('aria-label="Copy address"');
    expect(text(html)).toContain('Recordings are reported to this address.');
    expect(tag(html, 'meeting-status-credentials')).toContain('data-ok="true"');
    expect(text(html)).toContain('The server accepted the credentials.');

    // No app id is asked or sent; the secret is 16 characters at least.
    expect(meetingProblems({ ...v, base_url: '', secret: '' })).toEqual({ base_url: 'required', secret: 'required' });
    expect(meetingProblems({ ...v, secret: 'x'.repeat(15) })).toEqual({ secret: 'secret_short' });
    expect(meetingProblems({ ...v, secret: 'x'.repeat(16) })).toEqual({});
    expect(meetingBody({ ...v, base_url: ' https://bbb.example.org/bigbluebutton ', app_id: 'ignored', secret: 's'.repeat(16) })).toEqual({ platform: 'bbb', base_url: 'https://bbb.example.org/bigbluebutton', secret: 's'.repeat(16) });

    // Refused credentials: a warning, said in Bangla too.
    const refused = await render('bn', <Meeting v={v} account={{ ...account, credentials_ok: false }} />);
    expect(tag(refused, 'meeting-status')).toContain('data-credentials="false"');
    expect(tag(refused, 'meeting-status')).toContain('MuiAlert-colorWarning');
    expect(text(refused)).toContain('সার্ভার ক্রেডেনশিয়াল গ্রহণ করেনি।');
    expect(text(refused)).toContain('রেকর্ডিং তৈরি হলে এই ঠিকানায় জানানো হয়।');
    expect(text(refused)).toContain('শেয়ার্ড সিক্রেট');
    const none = await render('en', <Meeting v={meetingValues('bbb')} account={meetingAccount({ platform: 'bbb', configured: false, base_url: null, app_id: null, reachable: null, status: null, callback_url: account.callback_url })} />);
    expect(text(none)).toContain('BigBlueButton classes cannot be joined until an account is saved.');
    expect(tag(none, 'meeting-callback')).not.toBe('');
  });

  it('asks Zoom for its app’s account id, client id and secret and its webhook secret token; the API and token addresses default to Zoom’s', async () => {
    const account = meetingAccount({ platform: 'zoom', base_url: ZOOM_API, app_id: 'acc-123', client_id: 'client-abc', callback_url: 'http://school.example.org/classroom/meetings/zoom/webhook', credentials_ok: false, status: 404 });
    const v = meetingValues('zoom', account);
    expect(v).toEqual({ platform: 'zoom', base_url: ZOOM_API, app_id: 'acc-123', client_id: 'client-abc', secret: '', webhook_secret: '', auth_url: '' });
    const html = await render('en', <Meeting v={v} account={account} />);
    expect(fieldsShown(html)).toEqual(['callback_url', 'app_id', 'client_id', 'secret', 'webhook_secret', 'base_url', 'auth_url']);
    for (const label of ['Account ID', 'Client ID', 'Client secret', 'Webhook secret token', 'API address', 'Token address']) expect(text(html), label).toContain(label);
    expect(input(html, 'meeting-client_id')).toContain('value="client-abc"');
    expect(input(html, 'meeting-secret')).toContain('type="password"');
    expect(input(html, 'meeting-webhook_secret')).toContain('type="password"');
    expect(input(html, 'meeting-webhook_secret')).toContain('value=""');
    expect(input(html, 'meeting-webhook_secret')).toContain('required');
    expect(input(html, 'meeting-base_url')).not.toContain('required');
    expect(input(html, 'meeting-base_url')).toContain(`placeholder="${ZOOM_API}"`);
    expect(input(html, 'meeting-auth_url')).toContain(`placeholder="${ZOOM_AUTH}"`);
    expect(text(html)).toContain(`Optional. Left empty, ${ZOOM_AUTH} is used.`);
    expect(input(html, 'meeting-callback_url')).toContain('value="http://school.example.org/classroom/meetings/zoom/webhook"');
    expect(text(html)).toContain('Enter this address as your Zoom app’s event notification endpoint.');
    // The check: the account's ids, the API's answer and the refused credentials.
    expect(text(html)).toMatch(/Account ID\s+acc-123\s+Client ID\s+client-abc\s+Server:\s+answers \(HTTP 404\)/);
    expect(text(html)).toContain('answers (HTTP 404)');
    expect(text(html)).toContain('The server refused the credentials.');
    expect(tag(html, 'meeting-status')).toContain('MuiAlert-colorWarning');

    // The addresses may be left empty; the ids and both secrets may not.
    const empty = meetingValues('zoom');
    expect(meetingProblems(empty)).toEqual({ app_id: 'required', client_id: 'required', secret: 'required', webhook_secret: 'required' });
    const filled = { ...empty, app_id: 'acc-123', client_id: 'client-abc', secret: 'z'.repeat(20), webhook_secret: 'hook-token' };
    expect(meetingProblems(filled)).toEqual({});
    expect(meetingProblems({ ...filled, auth_url: 'zoom.us/oauth', base_url: 'ftp://api.zoom.us' })).toEqual({ auth_url: 'invalid_url', base_url: 'invalid_url' });
    expect(meetingBody({ ...filled, client_id: ' client-abc ' })).toEqual({ platform: 'zoom', base_url: '', app_id: 'acc-123', client_id: 'client-abc', auth_url: '', secret: 'z'.repeat(20), webhook_secret: 'hook-token' });

    // Saved with POST store; the server's refusals of the new fields show on them.
    const store = stubFetch(() => json({ data: account }));
    const qc = new QueryClient();
    await runMutation(storeMeetingMutation(qc), meetingBody({ ...filled, auth_url: ` ${ZOOM_AUTH} ` }), qc);
    expect(body(fetchCall(store)[1])).toEqual({ platform: 'zoom', base_url: '', app_id: 'acc-123', client_id: 'client-abc', auth_url: ZOOM_AUTH, secret: 'z'.repeat(20), webhook_secret: 'hook-token' });
    expect(qc.getQueryData(classroomKeys.meeting('zoom'))).toMatchObject({ client_id: 'client-abc' });
    const refused = new ApiError(422, 'The given data was invalid.', 'validation_failed', { client_id: ['required'], auth_url: ['invalid_url'], webhook_secret: ['required'] });
    const shown = await render('bn', <Meeting v={filled} account={account} err={refused} />);
    for (const f of ['client_id', 'auth_url', 'webhook_secret']) expect(input(shown, `meeting-${f}`), f).toContain('aria-invalid="true"');
    expect(text(shown)).toContain(bn.invalid_url);
    expect(text(shown)).toContain('ওয়েবহুক সিক্রেট টোকেন');
    expect(text(shown)).toContain('এই ঠিকানাটি আপনার জুম অ্যাপের ইভেন্ট নোটিফিকেশন এন্ডপয়েন্ট হিসেবে দিন।');
  });
});

describe('5. recordings', () => {
  const card = (over: Parameters<typeof session>[0], manage: boolean) => (
    <SessionCard session={session(over)} manage={manage} onJoin={noop} onEdit={noop} onDelete={noop} onChat={noop} onAddRecording={noop} onRemoveRecording={noop} />
  );

  it('lets everyone watch a recording: the file’s signed link, or its own link', async () => {
    const html = await render('en', card({ state: 'completed', recording: classFile() }, false));
    expect(href(html, 'watch-recording')).toBe('https://files.example.org/signed/newton.mp4?sig=abc');
    expect(tag(html, 'watch-recording')).toContain('target="_blank"');
    expect(tag(html, 'watch-recording')).toContain('rel="noopener noreferrer"');
    expect(tag(html, 'add-recording')).toBe('');
    expect(tag(html, 'remove-recording')).toBe('');
    const youtube = await render('bn', card({ state: 'completed', recording: classFile({ is_url: 1, provider: 'youtube', file_main_path: 'https://www.youtube.com/watch?v=abc' }) }, false));
    expect(href(youtube, 'watch-recording')).toBe('https://www.youtube.com/watch?v=abc');
    expect(text(youtube)).toContain('রেকর্ডিং দেখুন');
    expect(href(await render('en', card({ state: 'completed', recording: classFile({ url: 'https://cdn.example.org/r.mp4' }) }, false)), 'watch-recording')).toBe('https://cdn.example.org/r.mp4');
  });

  it('links the recordings BigBlueButton and Zoom made, beside the uploaded one, each opening in a new tab', async () => {
    const made = (provider: 'bbb' | 'zoom', url: string) => ({ provider, url, received_at: '2026-12-22T06:00:00Z' });
    const bbb = made('bbb', 'https://bbb.example.org/playback/presentation/2.3/abc-1');
    const zoom = made('zoom', 'https://zoom.us/rec/share/xyz?pwd=1');
    const links = (html: string) => [...html.matchAll(/<a\b[^>]*data-testid="watch-provider-recording"[^>]*>/g)].map((m) => m[0]);
    const html = await render('en', card({ state: 'completed', recording: classFile(), provider_recordings: [bbb, zoom] }, false));
    const [first, second] = links(html);
    expect(links(html)).toHaveLength(2);
    expect(first).toContain('data-provider="bbb"');
    expect(first).toContain(`href="${bbb.url}"`);
    expect(first).toContain('target="_blank"');
    expect(first).toContain('rel="noopener noreferrer"');
    expect(first).toContain('aria-label="Watch the recording (BigBlueButton): Newton’s laws"');
    expect(second).toContain('data-provider="zoom"');
    expect(second.replace(/&amp;/g, '&')).toContain(`href="${zoom.url}"`);
    expect(text(html)).toContain('Watch the recording (BigBlueButton)');
    expect(text(html)).toContain('Watch the recording (Zoom)');
    // The uploaded recording stays, first.
    expect(href(html, 'watch-recording')).toBe('https://files.example.org/signed/newton.mp4?sig=abc');
    expect(html.indexOf('data-testid="watch-recording"')).toBeLessThan(html.indexOf('data-testid="watch-provider-recording"'));

    const bn = await render('bn', card({ state: 'completed', provider_recordings: [bbb] }, false));
    expect(text(bn)).toContain('রেকর্ডিং দেখুন (বিগব্লুবাটন)');
    // Two of one service are numbered; a link that is not http(s), or one given twice, is left out.
    const two = await render('en', card({ state: 'completed', provider_recordings: [zoom, made('zoom', 'https://zoom.us/rec/share/second'), made('zoom', 'javascript:alert(1)'), zoom] }, false));
    expect(links(two)).toHaveLength(2);
    expect(text(two)).toContain('Watch recording 1 (Zoom)');
    expect(text(two)).toContain('Watch recording 2 (Zoom)');
    expect(two).not.toContain('javascript:');
    expect(providerRecordingLinks({ provider_recordings: [bbb, zoom] }).map((r) => r.n)).toEqual([0, 0]);
    // Nothing to watch before the session.
    expect(links(await render('en', card({ state: 'upcoming', provider_recordings: [bbb] }, false)))).toEqual([]);
  });

  it('gives teachers Add recording on a live or completed session, and Remove recording once there is one', async () => {
    expect(tag(await render('en', card({ state: 'completed' }, true)), 'add-recording')).toContain('aria-label="Add recording: Newton’s laws"');
    expect(tag(await render('en', card({ state: 'live' }, true)), 'add-recording')).not.toBe('');
    expect(tag(await render('en', card({ state: 'upcoming' }, true)), 'add-recording')).toBe('');
    const has = await render('en', card({ state: 'completed', recording: classFile() }, true));
    expect(tag(has, 'add-recording')).toBe('');
    expect(tag(has, 'remove-recording')).not.toBe('');
  });

  it('picks from the file manager’s videos, then PUTs upload-class-recording; null takes it off', async () => {
    const picker = stubFetch(() => json(pageOf([])));
    await fetchPickerFiles({ source: 'my', type: 'video', search: '', page: 1 });
    expect(fetchCall(picker)[0]).toBe('/file-manager/user/get-files?source=my&type=video&page=1&limit=12');

    const fetchMock = stubFetch(() => json({ data: session({ state: 'completed', recording: classFile() }) }));
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.sessionsPage(3, 'completed', 1), pageOf([session()]));
    await runMutation(recordingMutation(qc, 3), { sessionId: 41, fileId: 501 }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/schedule/upload-class-recording');
    expect(init.method).toBe('PUT');
    expect(body(init)).toEqual({ session_id: 41, file_id: 501 });
    expect(qc.getQueryState(classroomKeys.sessionsPage(3, 'completed', 1))?.isInvalidated).toBe(true);
    await runMutation(recordingMutation(qc, 3), { sessionId: 41, fileId: null }, qc);
    expect(body(fetchCall(fetchMock, 1)[1])).toEqual({ session_id: 41, file_id: null });
  });
});

describe('6. classwork', () => {
  function tab(c = classroom(), lang: 'en' | 'bn' = 'en', rows = [classwork(), classwork({ id: 60, content_type: 'material', title: 'Chapter 3 notes', title_bn: null, due_at: null, file: null, instructions: '' })]) {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.classworksPage(3, 'all', 1), pageOf(rows));
    return render(lang, <ClassworkTab classroom={c} />, { qc });
  }

  it('is the fifth tab, for everyone in the class', async () => {
    expect(tabOf('classwork', studentsClassroom())).toBe('classwork');
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.one(3), classroom());
    const html = await render('en', <ClassroomDetailsPage />, { qc, at: '/classroom/details/3/classwork', path: '/classroom/details/:id/:slug?' });
    expect(tag(html, 'classroom-details-page')).toContain('data-tab="classwork"');
    expect(href(html, 'tab-classwork')).toBe('/classroom/details/3/classwork');
    expect([...html.matchAll(/data-testid="tab-(\w+)"/g)].map((m) => m[1])).toEqual(['timeline', 'schedule', 'classwork', 'people', 'attendance']);
  });

  it('lists each item with its title (Bangla in Bangla), type, instructions, due time and file; teachers edit and delete', async () => {
    const html = await tab(classroom(), 'bn');
    const shown = text(html);
    expect(shown).toContain('বল বিষয়ক কার্যপত্র');
    expect(shown).toContain('Chapter 3 notes');
    expect(shown).toContain('অ্যাসাইনমেন্ট');
    expect(shown).toContain('পাঠ্য উপকরণ');
    expect(shown).toContain('Solve problems 1 to 5.');
    expect(tag(html, 'classwork-due')).not.toBe('');
    expect(shown).toContain('জমার শেষ সময়');
    expect(shown).toContain('২০২৬');
    expect(href(html, 'classwork-file-link')).toBe('https://files.example.org/signed/worksheet.pdf');
    expect(tag(html, 'classwork-file-link')).toContain('target="_blank"');
    for (const f of ['all', 'material', 'assignment']) expect(tag(html, `classwork-filter-${f}`), f).not.toBe('');
    expect(tag(html, 'create-classwork')).not.toBe('');
    expect(tag(html, 'edit-classwork')).not.toBe('');
    const student = await tab(studentsClassroom());
    expect(tag(student, 'create-classwork')).toBe('');
    expect(tag(student, 'delete-classwork')).toBe('');
    expect(text(await tab(classroom(), 'en', []))).toContain('No classwork yet.');
  });

  it('filters by type with content_type', async () => {
    const fetchMock = stubFetch(() => json(pageOf([])));
    await new QueryClient().fetchQuery(classworksQuery(3, 'assignment', 2));
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/schedule/classworks/3?content_type=assignment&page=2&limit=10');
    await new QueryClient().fetchQuery(classworksQuery(3, 'all', 1));
    expect(fetchCall(fetchMock, 1)[0]).toBe('/classroom/schedule/classworks/3?page=1&limit=10');
  });

  function Form({ v, err, checked = false, ...rest }: { v: ClassworkFormValues; err?: unknown; checked?: boolean } & Partial<ClassworkFormProps>) {
    const codeText = useClassroomProblemText();
    const { errors, formError } = useFieldErrors(CLASSWORK_FIELDS, err, codeText);
    const problems = checked ? Object.fromEntries(Object.entries(classworkProblems(v)).map(([f, c]) => [f, codeText(c as string)])) : {};
    return <ClassworkForm editing={false} values={v} errors={{ ...errors, ...problems }} formError={formError} busy={false} sessions={[session(), session({ id: 42, title: 'Friction', title_bn: null })]} onPickFile={noop} onChange={noop} onSave={noop} onCancel={noop} {...rest} />;
  }

  it('asks the type, titles, instructions, session, file and (assignments) the due time', async () => {
    const material = await render('en', <Form v={classworkValues(null)} />);
    expect(input(material, 'classwork-type-material')).toContain('checked');
    expect(input(material, 'classwork-title')).toContain('required');
    expect(input(material, 'classwork-title_bn')).toContain('lang="bn"');
    expect(input(material, 'classwork-due_date')).toBe('');
    expect(text(material)).toContain('The whole class');
    expect(text(material)).toContain('No file');
    expect(tag(material, 'classwork-pick-file')).toContain('<button');
    const edit = await render('bn', <Form v={classworkValues(classwork())} />);
    expect(input(edit, 'classwork-type-assignment')).toContain('checked');
    expect(input(edit, 'classwork-due_date')).toContain('type="date"');
    expect(input(edit, 'classwork-due_time')).toContain('type="time"');
    expect(text(edit)).toContain('Worksheet');
    expect(tag(edit, 'classwork-clear-file')).not.toBe('');

    const v = { ...classworkValues(null, 'assignment'), title: 'HW', due_date: '2026-12-24' };
    expect(classworkProblems(v)).toEqual({ due_time: 'required' });
    expect(classworkProblems({ ...v, title: '' , due_date: '', due_time: ''})).toEqual({ title: 'required' });
    const refused = new ApiError(422, 'The given data was invalid.', 'validation_failed', { session_id: ['invalid_choice'] });
    const shown = await render('bn', <Form v={v} err={refused} />);
    expect(text(shown)).toContain(bn.invalid_choice);
  });

  it('creates, edits and deletes with the right bodies', async () => {
    const v: ClassworkFormValues = { ...classworkValues(null, 'assignment'), title: ' Worksheet ', session_id: '41', file: { id: 502, title: 'Worksheet' }, due_date: '2026-12-24', due_time: '18:00' };
    const due = new Date(2026, 11, 24, 18).toISOString().replace('.000', '');
    expect(classworkBody(v)).toEqual({ content_type: 'assignment', title: 'Worksheet', title_bn: null, instructions: '', session_id: 41, file_id: 502, due_at: due });
    // Material has no due time.
    expect(classworkBody({ ...v, content_type: 'material' }).due_at).toBeNull();

    const fetchMock = stubFetch(() => json({ data: classwork() }, 201));
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.classworksPage(3, 'all', 1), pageOf([]));
    await runMutation(saveClassworkMutation(qc, 3, null), v, qc);
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/schedule/classwork-create-one');
    expect(fetchCall(fetchMock)[1].method).toBe('POST');
    expect(body(fetchCall(fetchMock)[1])).toEqual({ classroom_id: 3, content_type: 'assignment', title: 'Worksheet', title_bn: null, instructions: '', session_id: 41, file_id: 502, due_at: due });
    expect(qc.getQueryState(classroomKeys.classworksPage(3, 'all', 1))?.isInvalidated).toBe(true);

    await runMutation(saveClassworkMutation(qc, 3, classwork()), { ...classworkValues(classwork()), session_id: '', file: null }, qc);
    expect(fetchCall(fetchMock, 1)[0]).toBe('/classroom/schedule/classwork-update-one');
    expect(fetchCall(fetchMock, 1)[1].method).toBe('PUT');
    expect(body(fetchCall(fetchMock, 1)[1])).toMatchObject({ id: 61, title: 'Worksheet on forces', title_bn: 'বল বিষয়ক কার্যপত্র', session_id: null, file_id: null, due_at: '2026-12-24T12:00:00Z' });

    await runMutation(deleteClassworkMutation(qc, 3), classwork(), qc);
    expect(fetchCall(fetchMock, 2)[0]).toBe('/classroom/schedule/classwork-delete-one/61');
    expect(fetchCall(fetchMock, 2)[1].method).toBe('DELETE');
  });
});

describe('7. a session’s chat', () => {
  it('is offered on live and completed sessions', async () => {
    const chat = (state: 'upcoming' | 'live' | 'completed') => render('en', <SessionCard session={session({ state })} manage={false} onJoin={noop} onEdit={noop} onDelete={noop} onChat={noop} />);
    expect(tag(await chat('live'), 'open-chat')).toContain('aria-label="Chat: Newton’s laws"');
    expect(tag(await chat('completed'), 'open-chat')).not.toBe('');
    expect(tag(await chat('upcoming'), 'open-chat')).toBe('');
  });

  it('lists the messages newest first with their replies, under a box to write', async () => {
    const qc = new QueryClient();
    const reply = chatMessage(7, { parent_id: 5, user_name: 'Rina Das', by_teacher: true, body: 'Yes, page 40.' });
    qc.setQueryData(classroomKeys.chat(41), { pages: [pageOf([chatMessage(5, { body: 'Which page?', replies: [reply] }), chatMessage(4, { removed: true, body: '' })], { last_page: 2, total: 30 })], pageParams: [1] });
    const html = await render('en', <SessionChat session={session({ state: 'live' })} />, { qc });
    expect([...html.matchAll(/data-testid="chat-message" data-message-id="(\d+)"/g)].map((m) => m[1])).toEqual(['5', '4']);
    expect(html.indexOf('data-testid="chat-composer"')).toBeLessThan(html.indexOf('data-testid="chat-messages"'));
    expect(tag(html, 'chat-reply')).toContain('data-message-id="7"');
    expect(text(html)).toContain('Yes, page 40.');
    expect(text(html)).toContain('This message was removed.');
    expect(tag(html, 'chat-more')).not.toBe('');
    const empty = new QueryClient();
    empty.setQueryData(classroomKeys.chat(41), { pages: [pageOf([])], pageParams: [1] });
    expect(text(await render('bn', <SessionChat session={session({ state: 'completed' })} />, { qc: empty }))).toContain('এই সেশনের চ্যাটে কেউ কিছু লেখেননি।');
  });

  it('reads view-discussions and writes with put-chat; a refused message is said in the interface’s words', async () => {
    const list = stubFetch(() => json(pageOf([chatMessage(5)])));
    await new QueryClient().fetchInfiniteQuery(chatQuery(41));
    expect(fetchCall(list)[0]).toBe('/classroom/schedule/view-discussions?session_id=41&page=1&limit=20');

    const fetchMock = stubFetch(() => json({ data: chatMessage(9, { body: 'Hello' }) }, 201));
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.chat(41), { pages: [pageOf([chatMessage(5)]), pageOf([chatMessage(3)])], pageParams: [1, 2] });
    await runMutation(sendChatMutation(qc, 41), 'Hello', qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/schedule/put-chat');
    expect(init.method).toBe('POST');
    expect(body(init)).toEqual({ session_id: 41, body: 'Hello' });
    expect(qc.getQueryState(classroomKeys.chat(41))?.isInvalidated).toBe(true);

    const refused = new ApiError(422, 'The given data was invalid.', 'validation_failed', { body: ['too_long'] });
    const html = await render('bn', <TextComposer id="c" label="x" submitLabel="y" mutation={{ isPending: false, error: refused, reset: noop }} send={noop} />);
    expect(text(html)).toContain(bn.too_long);
  });
});

describe('8. people: a list at once, and a person’s part', () => {
  const LIST = 'Sadia Islam, sadia@example.com\n\nKarim Uddin, 01712345678\nNusrat Jahan;nusrat@example.com;০১৮১২৩৪৫৬৭৮\nRahim\tbad-mail@\n   \n';

  it('reads a line as "name, e-mail or mobile" (tabs and semicolons too), numbering the lines', () => {
    const rows = parsePeopleList(LIST);
    expect(rows).toEqual([
      { line: 1, name: 'Sadia Islam', email: 'sadia@example.com' },
      { line: 3, name: 'Karim Uddin', phone: '01712345678' },
      { line: 4, name: 'Nusrat Jahan', email: 'nusrat@example.com', phone: '০১৮১২৩৪৫৬৭৮' },
      { line: 5, name: 'Rahim', email: 'bad-mail@' },
    ]);
    expect(listBody(rows)[1]).toEqual({ name: 'Karim Uddin', phone: '01712345678' });
    expect(listProblems(rows)).toEqual([{ row: 3, field: 'email', code: 'invalid_email' }]);
    expect(listProblems(parsePeopleList('Only a name'))).toEqual([{ row: 0, field: 'email', code: 'contact_required' }]);
  });

  it('sends add-people-info with the rows, and shows the server’s row errors by line, translated', async () => {
    const rows = parsePeopleList(LIST).slice(0, 3);
    const fetchMock = stubFetch(() => json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { 'people.1.phone': ['invalid_phone'], 'people.2.email': ['invalid_email'] } }, 422));
    const qc = new QueryClient();
    const err = await runMutation(addPeopleListMutation(qc, 3), { userType: 2, people: listBody(rows) }, qc).catch((e: unknown) => e);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/people/add-people-info');
    expect(init.method).toBe('POST');
    expect(body(init)).toEqual({
      classroom_id: 3,
      user_type: 2,
      people: [
        { name: 'Sadia Islam', email: 'sadia@example.com' },
        { name: 'Karim Uddin', phone: '01712345678' },
        { name: 'Nusrat Jahan', email: 'nusrat@example.com', phone: '০১৮১২৩৪৫৬৭৮' },
      ],
    });

    function Shown({ list }: { list: ListRow[] }) {
      const rowErrors = useRowErrors()(list, err);
      return <PeopleListForm kind="student" text={LIST} rowErrors={rowErrors} busy={false} onKind={noop} onText={noop} onSave={noop} onCancel={noop} />;
    }
    const html = await render('bn', <Shown list={rows} />);
    expect([...html.matchAll(/data-testid="people-list-error" data-line="(\d+)"/g)].map((m) => m[1])).toEqual(['3', '4']);
    expect(text(html)).toContain(`লাইন ৩ (Karim Uddin): ${bn.invalid_phone}`);
    expect(text(html)).toContain(`লাইন ৪ (Nusrat Jahan): ${bn.invalid_email}`);
    expect(input(html, 'people-list-kind-student')).toContain('checked');
    expect(html).toMatch(/<textarea[^>]*id="people-list-text"/);
    const en = await render('en', <Shown list={rows} />);
    expect(text(en)).toContain('Fix 2 lines, then add again (no one was added):');
    expect(text(en)).toContain('Add 4 people');
  });

  it('says how many were added and which lines were skipped', async () => {
    const rows = parsePeopleList(LIST).slice(0, 3);
    const added = { added: [person({ id: 80, status: 'joined' }), person({ id: 81, status: 'invited', name: 'Nusrat Jahan' })], skipped: [1] };
    const html = await render('en', <PeopleListResult added={added} rows={rows} onAgain={noop} onClose={noop} />);
    expect(tag(html, 'people-list-added')).toContain('data-count="2"');
    expect(text(html)).toContain('2 people added. Joined at once: 1; invited by e-mail or SMS: 1.');
    expect(text(html)).toContain('1 line was skipped: that person is in the class already.');
    expect(text(html)).toContain('Line 3: Karim Uddin');
    const bnHtml = text(await render('bn', <PeopleListResult added={added} rows={rows} onAgain={noop} onClose={noop} />));
    expect(bnHtml).toContain('২ জনকে যোগ করা হয়েছে।');
    expect(bnHtml).toContain('লাইন ৩: Karim Uddin');
  });

  it('makes a student a teacher (and back) with update-people-info, saying last_teacher in words', async () => {
    const student = await render('en', <PersonRow person={person()} manage onRename={noop} onRemove={noop} onSwitch={noop} />);
    expect(tag(student, 'make-teacher')).toContain('aria-label="Make teacher: Sadia Islam"');
    const teacher = await render('bn', <PersonRow person={person({ user_type: 1, name: 'Rina Das' })} manage onRename={noop} onRemove={noop} onSwitch={noop} />);
    expect(tag(teacher, 'make-student')).toContain('aria-label="শিক্ষার্থী করুন: Rina Das"');
    expect(tag(await render('en', <PersonRow person={person()} manage={false} onRename={noop} onRemove={noop} onSwitch={noop} />), 'make-teacher')).toBe('');

    const fetchMock = stubFetch(() => json({ data: person({ user_type: 1 }) }));
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.peoplePage(3, 2, 1), pageOf([person()]));
    await runMutation(setPersonTypeMutation(qc, 3), { person: person(), userType: 1 }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/classroom/people/update-people-info/71');
    expect(init.method).toBe('PUT');
    expect(body(init)).toEqual({ user_type: 1 });
    expect(qc.getQueryState(classroomKeys.peoplePage(3, 2, 1))?.isInvalidated).toBe(true);

    stubFetch(() => json({ message: 'A class keeps one teacher.', code: 'last_teacher', errors: { user_type: ['A class keeps one teacher.'] } }, 422));
    const err = await runMutation(setPersonTypeMutation(new QueryClient(), 3), { person: person({ user_type: 1 }), userType: 2 }).catch((e: unknown) => e);
    function Said() {
      return <>{useRoleChangeErrorText()(err)}</>;
    }
    expect(text(await render('bn', <Said />))).toContain('প্রতিটি ক্লাসে অন্তত একজন শিক্ষক থাকতে হবে। আগে অন্য কাউকে শিক্ষক করুন।');
    expect(text(await render('en', <Said />))).toContain('Make someone else a teacher first.');
  });
});
