import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueCourse, CatalogueResult } from '../../../lib/catalogue';
import { fetchCall, href, json, render, stubFetch, tag, text } from '../../../lib/test-render';
import { classroomKeys, classroomListQuery } from '../../classrooms/hooks/use-classrooms';
import { classroom, pageOf, studentsClassroom } from '../../classrooms/test-fixtures';
import WebinarListPage, { webinarListParams } from './webinar-list-page';
import WebinarRoomListPage, { webinarRoomsParams } from './webinar-room-list-page';
import WebinarRoomPages from './webinar-room-pages';

// Signed in (the rooms' pages); the public list reads no session.
vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useToken: () => 'tok',
  useCurrentUser: () => ({ token: 'tok', isSignedIn: true, user: null, menuClass: 'learner', roleEntry: null, isLoading: false, error: null, refetch: () => undefined }),
}));

afterEach(() => vi.unstubAllGlobals());

const UUID = '0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e';

/** A webinar as the catalogue gives it: free, by Dr. Rahman, at the main site. */
const webinar = (over: Partial<CatalogueCourse> = {}): CatalogueCourse => ({
  uuid: UUID,
  slug: 'climate-data',
  title: 'Reading climate data',
  title_bn: 'জলবায়ুর তথ্য পড়া',
  summary: null,
  thumbnail: null,
  category_id: 3,
  level: 'beginner',
  language: 'bn',
  course_type: 'webinar',
  price: 0,
  institution: { id: 1, slug: 'main', institution_name: 'প্ল্যাটফর্ম একাডেমি', institution_name_en: 'Platform Academy', url: 'http://localhost' },
  instructor: { id: 7, name: 'Dr. Rahman' },
  rating: 0,
  reviews_count: 0,
  enrolled_count: 12,
  published_at: '2026-12-01T00:00:00Z',
  url: `http://localhost/course/details/${UUID}`,
  ...over,
});

/** The catalogue's page `page` of webinars already in the cache. */
function catalogueClient(items: CatalogueCourse[], page = 1, over: Partial<CatalogueResult> = {}) {
  const qc = new QueryClient();
  const params = webinarListParams(page);
  qc.setQueryData<CatalogueResult>(['catalogue', params], { data: items, total: items.length, totalCapped: false, start: params.start, rows: params.rows, ...over });
  return qc;
}

describe('the webinars’ list (/webinar/list)', () => {
  it('reads the catalogue’s webinars, as the search page does for ?course_type=webinar', () => {
    expect(webinarListParams(1)).toEqual({ course_type: 'webinar', rows: 15, start: 0 });
    expect(webinarListParams(3)).toEqual({ course_type: 'webinar', rows: 15, start: 30 });
  });

  it('shows each webinar’s title, speaker, host and price, leading to its public page', async () => {
    const paid = webinar({ uuid: 'b1f4c2d0-1111-4a51-9a43-5c0f1f6d2b7e', title: 'Pricing for startups', title_bn: '', price: 500, instructor: null });
    const html = await render('en', <WebinarListPage />, { qc: catalogueClient([webinar(), paid]), at: '/webinar/list' });
    const shown = text(html);
    expect(tag(html, 'webinar-list-page')).not.toBe('');
    expect(shown).toContain('Webinars');
    expect(shown).toContain('2 webinars');
    expect(html.match(/data-testid="webinar-card"/g)).toHaveLength(2);
    expect(shown).toContain('Reading climate data');
    expect(shown).toContain('Speaker: Dr. Rahman');
    expect(shown).toContain('Platform Academy');
    expect(shown).toContain('Free');
    expect(href(html, 'webinar-link')).toBe(`/webinar/details/${UUID}`);
    // The second: a price, and no speaker line when the catalogue names none.
    expect(shown).toContain('Pricing for startups');
    expect(shown).toMatch(/৳\s?500/);
    expect(html.match(/data-testid="webinar-speaker"/g)).toHaveLength(1);
    expect(html).toContain('href="/webinar/details/b1f4c2d0-1111-4a51-9a43-5c0f1f6d2b7e"');
    expect(html).not.toContain('/course/details/');
    expect(tag(html, 'empty-state')).toBe('');
  });

  it('is in Bangla in Bangla: the Bangla title, Bangla labels and digits, the English title when there is no Bangla one', async () => {
    const html = await render('bn', <WebinarListPage />, { qc: catalogueClient([webinar(), webinar({ uuid: 'x2', title_bn: '', title: 'Only in English', price: 1500 })]), at: '/webinar/list' });
    const shown = text(html);
    expect(shown).toContain('ওয়েবিনার');
    expect(shown).toContain('২টি ওয়েবিনার');
    expect(shown).toContain('জলবায়ুর তথ্য পড়া');
    expect(shown).not.toContain('Reading climate data');
    expect(shown).toContain('Only in English');
    expect(shown).toContain('বক্তা: Dr. Rahman');
    expect(shown).toContain('প্ল্যাটফর্ম একাডেমি');
    expect(shown).toContain('বিনামূল্যে');
    expect(shown).toContain('১,৫০০');
  });

  it('pages through the catalogue', async () => {
    const items = Array.from({ length: 15 }, (_, i) => webinar({ uuid: `u${i}` }));
    const html = await render('en', <WebinarListPage />, { qc: catalogueClient(items, 2, { total: 40 }), at: '/webinar/list?page=2' });
    expect(text(html)).toContain('40 webinars');
    expect(text(html)).toContain('Page 2 of 3');
    expect(html.match(/data-testid="webinar-card"/g)).toHaveLength(15);
  });

  it('says there are no webinars yet, in both languages', async () => {
    const en = await render('en', <WebinarListPage />, { qc: catalogueClient([]), at: '/webinar/list' });
    expect(tag(en, 'empty-state')).not.toBe('');
    expect(text(en)).toContain('No webinars yet');
    expect(href(en, 'browse-courses')).toBe('/search/lists');
    expect(tag(en, 'webinar-cards')).toBe('');
    const bn = await render('bn', <WebinarListPage />, { qc: catalogueClient([]), at: '/webinar/list' });
    expect(text(bn)).toContain('এখনো কোনো ওয়েবিনার নেই');
  });
});

describe('My webinars (/webinarroom)', () => {
  const webinarRoom = (over = {}) => studentsClassroom({ id: 8, name: 'Reading climate data', name_bn: 'জলবায়ুর তথ্য পড়া', course_batch_id: 21, course_type: 'webinar', course_uuid: UUID, ...over });

  function roomsClient(data = pageOf([webinarRoom()])) {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.list(webinarRoomsParams(1)), data);
    return qc;
  }

  it('asks the server for the webinars’ rooms only', async () => {
    const fetchMock = stubFetch(() => json(pageOf([])));
    await new QueryClient().fetchQuery(classroomListQuery(webinarRoomsParams(2)));
    expect(fetchCall(fetchMock)[0]).toBe('/classroom/class/view?page=2&limit=12&role=all&course_type=webinar');
    // My classes' own query is unchanged.
    await new QueryClient().fetchQuery(classroomListQuery({ role: 'all', page: 1, search: '' }));
    expect(fetchCall(fetchMock, 1)[0]).toBe('/classroom/class/view?page=1&limit=12&role=all');
  });

  it('lists the rooms as My classes’ cards, with the next session, each leading to its room under /webinarroom', async () => {
    const html = await render('en', <WebinarRoomListPage />, { qc: roomsClient(), at: '/webinarroom' });
    const shown = text(html);
    expect(shown).toContain('My webinars');
    expect(shown).toContain('1 webinar');
    expect(tag(html, 'classroom-card')).toContain('data-classroom-id="8"');
    expect(href(html, 'classroom-link')).toBe('/webinarroom/details/8');
    expect(shown).toContain('Reading climate data');
    expect(shown).toContain('Next session:');
    expect(shown).toContain('Newton’s laws');
    // No class tools here: the rooms come with the webinars' batches.
    expect(tag(html, 'create-classroom')).toBe('');
    expect(tag(html, 'role-all')).toBe('');
  });

  it('is in Bangla in Bangla', async () => {
    const shown = text(await render('bn', <WebinarRoomListPage />, { qc: roomsClient(), at: '/webinarroom' }));
    expect(shown).toContain('আমার ওয়েবিনার');
    expect(shown).toContain('১টি ওয়েবিনার');
    expect(shown).toContain('জলবায়ুর তথ্য পড়া');
    expect(shown).toContain('পরের সেশন:');
  });

  it('leads to the webinars’ list when the caller takes part in none', async () => {
    const html = await render('en', <WebinarRoomListPage />, { qc: roomsClient(pageOf([])), at: '/webinarroom' });
    expect(tag(html, 'empty-state')).not.toBe('');
    expect(text(html)).toContain('You are not taking part in any webinar yet.');
    expect(href(html, 'browse-webinars')).toBe('/webinar/list');
    expect(text(await render('bn', <WebinarRoomListPage />, { qc: roomsClient(pageOf([])), at: '/webinarroom' }))).toContain('ওয়েবিনার দেখুন');
  });
});

describe('a webinar’s room (/webinarroom/details/:id/:slug?)', () => {
  const room = (over = {}) => classroom({ id: 8, course_batch_id: 21, course_type: 'webinar', course_uuid: UUID, ...over });

  function details(c = room(), at = '/webinarroom/details/8', lang: 'en' | 'bn' = 'en') {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.one(c.id), c);
    return render(lang, <WebinarRoomPages page="details" />, { qc, at, path: '/webinarroom/details/:id/:slug?' });
  }

  it('is the class’s page, said to be a webinar’s, going back to My webinars and linking to the webinar’s public page', async () => {
    const html = await details();
    expect(tag(html, 'classroom-details-page')).toContain('data-kind="webinar"');
    expect(tag(html, 'classroom-details-page')).toContain('data-tab="timeline"');
    expect(tag(html, 'webinar-chip')).not.toBe('');
    expect(text(html)).toContain('Webinar');
    expect(href(html, 'back-to-classes')).toBe('/webinarroom');
    expect(text(html)).toContain('My webinars');
    expect(href(html, 'webinar-page-link')).toBe(`/webinar/details/${UUID}`);
    // Its tabs stay under /webinarroom.
    expect(href(html, 'tab-schedule')).toBe('/webinarroom/details/8/schedule');
    expect(href(html, 'tab-people')).toBe('/webinarroom/details/8/people');
    expect(href(html, 'tab-attendance')).toBe('/webinarroom/details/8/attendance');
    expect(tag(await details(room(), '/webinarroom/details/8/schedule'), 'classroom-details-page')).toContain('data-tab="schedule"');
  });

  it('is in Bangla in Bangla', async () => {
    const shown = text(await details(room(), '/webinarroom/details/8', 'bn'));
    expect(shown).toContain('ওয়েবিনার');
    expect(shown).toContain('আমার ওয়েবিনার');
    expect(shown).toContain('ওয়েবিনারের পেজ');
  });

  it('has no public page link without the webinar’s course, and sends a plain class to its own address', async () => {
    expect(tag(await details(room({ course_uuid: null })), 'webinar-page-link')).toBe('');
    // A plain class asked for under /webinarroom: not drawn there (it goes to /classroom/details/3).
    expect(tag(await details(classroom(), '/webinarroom/details/3'), 'classroom-details-page')).toBe('');
  });

  it('leaves a class’s own page as it was', async () => {
    const qc = new QueryClient();
    qc.setQueryData(classroomKeys.one(8), room());
    const { default: ClassroomPages } = await import('../../classrooms/components/classroom-pages');
    const html = await render('en', <ClassroomPages page="details" />, { qc, at: '/classroom/details/8', path: '/classroom/details/:id/:slug?' });
    expect(tag(html, 'classroom-details-page')).toContain('data-kind="classroom"');
    expect(href(html, 'back-to-classes')).toBe('/classroom');
    expect(tag(html, 'webinar-chip')).toBe('');
    expect(tag(html, 'webinar-page-link')).toBe('');
    expect(href(html, 'tab-schedule')).toBe('/classroom/details/8/schedule');
  });
});
