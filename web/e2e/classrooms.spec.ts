// Classrooms (live classes), in Bangla, on dhaka's site.
// (1) Its partner admin opens Classroom from the side navigation, opens "Meeting settings" and saves
//     the site's Convay account (its server's address, an app id, a secret); the check shows it
//     configured.
// (2) The demo teacher, on a desktop, creates a class on Convay starting today, adds a session
//     starting in two minutes (an hour long) to its schedule, and in People adds the demo learner
//     by her mobile number as a student: she is registered with it, so she has joined at once.
// (3) The learner, on a 360 px phone, taps Classroom in the bottom bar, finds the class, opens it
//     (its header leaves the tabs on the first screen) and presses Join on the session in the
//     schedule: a new tab opens the Convay server with a token for her (not a moderator) and this
//     session's room. The Convay host is answered here, so that nothing leaves the machine.
// (4) The teacher has the class's timeline open; the learner writes a post on her phone, and it
//     appears on the teacher's page by itself (the timeline's event stream), without reloading.
import { Buffer } from 'node:buffer';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { becomeTeacher, catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { LEARNER, signInOn, stampNow, TEACHER } from './seed';

const site = () => partnerURL('dhaka');
const ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };
const LEARNER_PHONE = '01700000004';
const LEARNER_NAME = 'Sadia Rahman';
const PHONE = { width: 360, height: 780 };
const CONVAY = 'https://convay.dhaka-college.example';
const stamp = stampNow();
const NAME = `Physics live ${stamp}`;
const NAME_BN = `পদার্থবিজ্ঞান লাইভ ক্লাস ${stamp}`;
const DESCRIPTION_BN =
  'সপ্তাহে দুই দিন সরাসরি ক্লাস: গতি, বল ও শক্তি। প্রতিটি ক্লাসের শেষে দশ মিনিট প্রশ্নোত্তর হবে, তাই পাঠ্যবই আর খাতা সাথে রাখুন। ক্লাসের রেকর্ডিং পরে সময়সূচিতে পাওয়া যাবে।';
const SESSION = { title: `Newton's laws ${stamp}`, title_bn: `নিউটনের সূত্র ${stamp}` };
const POST_BN = `আপা, আজকের ক্লাসের স্লাইডগুলো কি টাইমলাইনে দেবেন? ${stamp}`;

const bn = catalogue('bn');
const say = (key: string, values: Record<string, string> = {}) => {
  const text = bn[key];
  expect(text, key).toBeTruthy();
  return Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text);
};

// Dhaka is UTC+6 all year: the browsers run there, and the date and time inputs hold its wall clock.
test.use({ timezoneId: 'Asia/Dhaka' });
/** Dhaka's day (YYYY-MM-DD) and time (HH:MM) `minutes` from now. */
const dhakaDayTime = (minutes: number) => {
  const local = new Date(Date.now() + 6 * 3600_000 + minutes * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
};

test.describe.configure({ mode: 'serial' });

let classroomId = 0;
let sessionId = 0;

/** A signed-in page of its own browser context: the learner's on a phone, the teacher's on a desktop. */
async function signedIn(browser: Browser, who: { email: string; password: string }, phone: boolean): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ timezoneId: 'Asia/Dhaka', ...(phone && { viewport: PHONE, hasTouch: true }) });
  const page = await context.newPage();
  await signInOn(page, site(), who);
  if (who === TEACHER) {
    await chooseLanguage(page, 'en');
    await becomeTeacher(page);
  }
  await chooseLanguage(page, 'bn');
  return [context, page];
}

test('the partner admin saves the site’s Convay account from Classroom’s meeting settings', async ({ page }) => {
  await signInOn(page, site(), ADMIN);
  await chooseLanguage(page, 'bn');

  // The side navigation has Classroom: My classes, with the admin's "Meeting settings".
  await page.getByRole('link', { name: say('common:nav.classroom'), exact: true }).first().click();
  await page.waitForURL('**/classroom');
  await expect(page.getByRole('heading', { level: 1, name: say('classrooms:list.title') })).toBeVisible();
  await page.getByRole('button', { name: say('classrooms:meeting.open'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: say('classrooms:meeting.title') });
  await expect(dialog).toBeVisible();
  // The form opens on Jitsi Meet; its account's check is shown before Convay is chosen.
  await expect(dialog.getByTestId('meeting-status')).toBeVisible();
  await responseOf(page, 'GET', '/classroom/api_configure/check', () => dialog.getByRole('radio', { name: say('classrooms:platforms.convay'), exact: true }).check());
  await expect(dialog.getByTestId('meeting-status')).toBeVisible();

  const baseUrl = dialog.getByRole('textbox', { name: say('classrooms:meeting.base_url') });
  const appId = dialog.getByRole('textbox', { name: say('classrooms:meeting.app_id') });
  await baseUrl.fill(CONVAY);
  await appId.fill('dhaka-college');
  await dialog.getByLabel(say('classrooms:meeting.secret')).fill(`convay-shared-secret-${stamp}`);
  await expect(baseUrl).toHaveValue(CONVAY);
  await shot(page, 'classrooms-meeting-settings-bn');
  const saved = await responseOf(page, 'POST', '/classroom/api_configure/store', () => dialog.getByRole('button', { name: say('classrooms:meeting.save'), exact: true }).click());
  expect((await saved.json()).data).toMatchObject({ platform: 'convay', configured: true, base_url: CONVAY, app_id: 'dhaka-college' });
  await expect(page.getByText(say('classrooms:meeting.saved', { platform: say('classrooms:platforms.convay') }))).toBeVisible();
  await expect(dialog).toBeHidden();

  // Opened again, Convay's check says it is configured, with its address.
  await page.getByRole('button', { name: say('classrooms:meeting.open'), exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('meeting-status')).toBeVisible();
  const check = await responseOf(page, 'GET', '/classroom/api_configure/check', () => dialog.getByRole('radio', { name: say('classrooms:platforms.convay'), exact: true }).check());
  expect(new URL(check.url()).searchParams.get('platform')).toBe('convay');
  expect((await check.json()).data).toMatchObject({ platform: 'convay', configured: true, base_url: CONVAY, app_id: 'dhaka-college' });
  const status = dialog.getByTestId('meeting-status');
  await expect(status).toHaveAttribute('data-configured', 'true');
  await expect(status).toContainText(say('classrooms:meeting.configured'));
  await expect(status.getByTestId('meeting-status-url')).toHaveText(CONVAY);
  await shot(page, 'classrooms-meeting-configured-bn');
});

test('the teacher creates a Convay class, schedules a session starting now and adds the learner by her mobile number', async ({ page }) => {
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');
  await page.getByRole('link', { name: say('common:nav.classroom'), exact: true }).first().click();
  await page.waitForURL('**/classroom');

  // New class: its names, description, today at the session's time, on Convay.
  const start = dhakaDayTime(2);
  await page.getByRole('button', { name: say('classrooms:list.create'), exact: true }).first().click();
  const form = page.getByRole('dialog', { name: say('classrooms:form.create_title') });
  await form.getByRole('textbox', { name: say('classrooms:form.name') }).fill(NAME);
  await form.getByRole('textbox', { name: say('classrooms:form.name_bn') }).fill(NAME_BN);
  await form.getByRole('textbox', { name: say('classrooms:form.description') }).fill(DESCRIPTION_BN);
  await form.getByRole('textbox', { name: say('classrooms:form.start_date'), exact: true }).fill(start.date);
  await form.getByRole('textbox', { name: say('classrooms:form.start_time'), exact: true }).fill(start.time);
  await form.getByRole('combobox', { name: say('classrooms:form.platform') }).click();
  await page.getByRole('option', { name: say('classrooms:platforms.convay'), exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(form.getByRole('combobox', { name: say('classrooms:form.platform') })).toHaveText(say('classrooms:platforms.convay'));
  await shot(page, 'classrooms-new-class-bn', { settled: true });
  const created = await responseOf(page, 'POST', '/classroom/class/create', () => form.getByRole('button', { name: say('classrooms:form.create'), exact: true }).click(), [201]);
  const classroom = (await created.json()).data as { id: number; platform: string; my_role: string; starts_at: string; name_bn: string };
  expect(classroom).toMatchObject({ platform: 'convay', my_role: 'teacher', name_bn: NAME_BN });
  expect(Date.parse(classroom.starts_at)).toBe(Date.parse(`${start.date}T${start.time}:00+06:00`));
  classroomId = classroom.id;
  await page.waitForURL(`**/classroom/details/${classroomId}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME_BN })).toBeVisible();
  await expect(page.getByTestId('classroom-platform')).toContainText(say('classrooms:platforms.convay'));

  // The schedule: a session starting in two minutes, an hour long.
  await page.getByRole('tab', { name: say('classrooms:details.tabs.schedule'), exact: true }).click();
  await page.waitForURL(`**/classroom/details/${classroomId}/schedule`);
  await page.getByRole('button', { name: say('classrooms:schedule.create'), exact: true }).click();
  const sessionForm = page.getByRole('dialog', { name: say('classrooms:schedule.create_title') });
  await sessionForm.getByRole('textbox', { name: say('classrooms:schedule.title') }).fill(SESSION.title);
  await sessionForm.getByRole('textbox', { name: say('classrooms:schedule.title_bn') }).fill(SESSION.title_bn);
  await sessionForm.getByRole('textbox', { name: say('classrooms:schedule.date'), exact: true }).fill(start.date);
  await sessionForm.getByRole('textbox', { name: say('classrooms:schedule.time'), exact: true }).fill(start.time);
  await sessionForm.getByRole('textbox', { name: say('classrooms:schedule.duration') }).fill('৬০');
  const sessionRes = await responseOf(page, 'POST', '/classroom/schedule/create-one', () => sessionForm.getByRole('button', { name: say('classrooms:schedule.save'), exact: true }).click(), [201]);
  const session = (await sessionRes.json()).data as { id: number; starts_at: string; ends_at: string; duration_minutes: number; state: string };
  expect(session).toMatchObject({ duration_minutes: 60 });
  expect(Date.parse(session.ends_at) - Date.parse(session.starts_at)).toBe(60 * 60_000);
  sessionId = session.id;
  await expect(sessionForm).toBeHidden();
  const card = page.locator(`[data-testid="session-card"][data-session-id="${sessionId}"]`);
  await expect(card.getByTestId('session-title')).toHaveText(SESSION.title_bn);
  await expect(card.getByRole('button', { name: `${say('classrooms:schedule.join')}: ${SESSION.title_bn}` })).toBeVisible();

  // People: the learner by her mobile number, as a student; registered with it, she joins at once.
  await page.getByRole('tab', { name: say('classrooms:details.tabs.people'), exact: true }).click();
  await page.waitForURL(`**/classroom/details/${classroomId}/people`);
  await page.getByRole('button', { name: say('classrooms:people.add'), exact: true }).click();
  const personForm = page.getByRole('dialog', { name: say('classrooms:people.add_title') });
  await expect(personForm.getByRole('radio', { name: say('classrooms:people.student'), exact: true })).toBeChecked();
  await personForm.getByRole('textbox', { name: say('classrooms:people.name') }).fill(LEARNER_NAME);
  await personForm.getByRole('textbox', { name: say('classrooms:people.phone') }).fill(LEARNER_PHONE);
  const added = await responseOf(page, 'POST', '/classroom/people/create', () => personForm.getByRole('button', { name: say('classrooms:people.add_submit'), exact: true }).click(), [201]);
  const person = (await added.json()).data as { user_type: number; status: string; user_id: number | null; phone: string | null };
  expect(person).toMatchObject({ user_type: 2, status: 'joined' });
  // The number is kept in its international form (+880…).
  expect(person.phone).toMatch(new RegExp(`^(\\+88)?${LEARNER_PHONE}$`));
  expect(person.user_id).not.toBeNull();
  await expect(page.getByText(say('classrooms:people.added_joined', { name: LEARNER_NAME }))).toBeVisible();
  const students = page.getByRole('region', { name: new RegExp(`^${say('classrooms:people.students')}`) });
  const row = students.getByRole('listitem').filter({ hasText: LEARNER_NAME });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('person-status')).toHaveText(say('classrooms:people.statuses.joined'));
  await expect(row.getByTestId('person-contacts')).toContainText(LEARNER_PHONE);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'classrooms-people-bn');
});

test('the learner finds the class on her phone and joins the session: Convay opens with her token', async ({ browser }) => {
  expect(sessionId, 'the session of the second test').toBeGreaterThan(0);
  const [context, page] = await signedIn(browser, LEARNER, true);
  // The meeting server is answered here: nothing leaves the machine.
  await context.route(`${CONVAY}/**`, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Convay</h1>' }));

  // The bottom bar's Classroom: My classes; the search finds the class.
  await page.getByRole('navigation', { name: say('common:nav.bottom_navigation') }).getByRole('button', { name: say('common:nav.classroom'), exact: true }).click();
  await page.waitForURL('**/classroom');
  await expect(page.getByRole('heading', { level: 1, name: say('classrooms:list.title') })).toBeVisible();
  await page.getByRole('searchbox', { name: say('classrooms:list.search') }).fill(stamp);
  await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
  const cardLink = page.getByRole('link', { name: new RegExp(NAME_BN) });
  await expect(cardLink).toHaveCount(1);
  await expect(cardLink).toContainText(say('classrooms:roles.student'));
  await shot(page, 'classrooms-my-classes-bn-360');
  await cardLink.click();
  await page.waitForURL(`**/classroom/details/${classroomId}`);

  // The class's header is short on a phone: the tabs start on the first screen.
  await expect(page.getByRole('heading', { level: 1, name: NAME_BN })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: say('classrooms:details.tabs_label') });
  const box = await tabs.boundingBox();
  const bar = await page.getByTestId('mobile-bottom-bar').boundingBox();
  expect(box && bar && box.y + box.height, 'the tabs are on the first screen, above the bottom bar').toBeLessThanOrEqual(bar?.y ?? 0);
  const more = page.getByRole('button', { name: say('classrooms:details.more'), exact: true });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expectFitsWidth(page);
  await shot(page, 'classrooms-class-bn-360');

  // The schedule: the session, and Join.
  await tabs.getByRole('tab', { name: say('classrooms:details.tabs.schedule'), exact: true }).click();
  await page.waitForURL(`**/classroom/details/${classroomId}/schedule`);
  const join = page.getByRole('button', { name: `${say('classrooms:schedule.join')}: ${SESSION.title_bn}` });
  await expect(join).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'classrooms-schedule-bn-360', { settled: true });
  const popup = page.waitForEvent('popup');
  const token = await responseOf(page, 'GET', '/convay/token', () => join.click());
  expect(new URL(token.url()).searchParams.get('session_id')).toBe(String(sessionId));
  const link = (await token.json()).data as { url: string; role: string; expires_at: string };
  expect(link.role).toBe('participant');

  // The new tab: the Convay server, this session's room, her token (not a moderator).
  const meeting = await popup;
  await meeting.waitForURL((u) => u.href.startsWith(`${CONVAY}/`));
  await expect(meeting.getByRole('heading', { name: 'Convay' })).toBeVisible();
  const url = new URL(meeting.url());
  expect(url.href).toBe(link.url);
  const jwt = url.searchParams.get('jwt') ?? '';
  expect(url.search.startsWith('?jwt='), url.href).toBe(true);
  const parts = jwt.split('.');
  expect(parts, 'a JWT: header, payload, signature').toHaveLength(3);
  const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as { alg: string };
  const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as { room: string; moderator: boolean; exp?: number };
  expect(header.alg).toBe('HS256');
  expect(payload.room).toBe(decodeURIComponent(url.pathname.slice(1)));
  expect(payload.room).not.toBe('');
  expect(payload.moderator).toBe(false);
  await meeting.close();

  await expect(page.getByTestId('join-error')).toHaveCount(0);
  await expectFitsWidth(page);
  await context.close();
});

test('the learner posts on the timeline from her phone; the teacher’s open timeline shows it without reloading', async ({ browser }) => {
  expect(classroomId, 'the class of the second test').toBeGreaterThan(0);
  const classPage = `${site()}/classroom/details/${classroomId}`;

  // The teacher has the class's timeline open, following it live.
  const [teacherContext, teacher] = await signedIn(browser, TEACHER, false);
  await teacher.goto(classPage);
  await expect(teacher.getByRole('heading', { level: 1, name: NAME_BN })).toBeVisible();
  await expect(teacher.getByTestId('timeline-tab')).toHaveAttribute('data-live', 'open');
  await expect(teacher.getByText(say('classrooms:timeline.live'), { exact: true })).toBeVisible();
  // From now on the teacher's page loads nothing again: neither the page nor its timeline.
  let reloads = 0;
  let timelineReads = 0;
  teacher.on('framenavigated', (f) => f === teacher.mainFrame() && reloads++);
  teacher.on('request', (r) => new URL(r.url()).pathname === '/classroom/timeline/view' && timelineReads++);

  // The learner writes a post on her phone.
  const [learnerContext, learner] = await signedIn(browser, LEARNER, true);
  await learner.goto(classPage);
  await expect(learner.getByRole('heading', { level: 1, name: NAME_BN })).toBeVisible();
  await learner.getByRole('textbox', { name: say('classrooms:timeline.new_label') }).fill(POST_BN);
  const created = await responseOf(learner, 'POST', '/classroom/timeline/create', () => learner.getByRole('button', { name: say('classrooms:timeline.post'), exact: true }).click(), [201]);
  const post = (await created.json()).data as { id: number; body: string; user_name: string };
  expect(post.body).toBe(POST_BN);
  await expect(learner.locator(`[data-testid="timeline-post"][data-post-id="${post.id}"]`)).toContainText(POST_BN);
  await expectFitsWidth(learner);
  await learner.locator(`[data-testid="timeline-post"][data-post-id="${post.id}"]`).scrollIntoViewIfNeeded();
  await shot(learner, 'classrooms-timeline-post-bn-360');

  // It appears on the teacher's page by itself, and screen readers hear who wrote it.
  const arrived = teacher.locator(`[data-testid="timeline-post"][data-post-id="${post.id}"]`);
  await expect(arrived).toContainText(POST_BN, { timeout: 20_000 });
  await expect(arrived).toContainText(post.user_name);
  await expect(teacher.getByRole('status').filter({ hasText: say('classrooms:timeline.new_post_from', { name: post.user_name }) })).toHaveCount(1);
  expect(reloads, 'the teacher’s page was not reloaded').toBe(0);
  expect(timelineReads, 'the timeline was not read again').toBe(0);
  await arrived.scrollIntoViewIfNeeded();
  await shot(teacher, 'classrooms-timeline-live-bn');

  await learnerContext.close();
  await teacherContext.close();
});
