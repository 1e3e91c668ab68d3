// Demo content made through the authoring API by the demo teacher of a partner site, from a page
// of that site (Node cannot resolve *.localhost names; Chromium can), with the headers the web app
// sends there. Shared by the specs that need a course of their own.
import { expect, type Browser, type Page } from '@playwright/test';
import { partnerURL } from './helpers';

export const TEACHER = { email: 'teacher@example.com', password: 'demo-pass-2026' };
export const LEARNER = { email: 'learner@example.com', password: 'demo-pass-2026' };

export interface ApiResult {
  status: number;
  json: { data?: unknown; message?: string; code?: string } | null;
  text: string;
}

/** An API call made by the browser from the page's site. */
export async function call(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const res = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          lang: '1',
          'Accept-Language': 'en',
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, json, text: text.slice(0, 600) };
    },
    { method, path, body, headers },
  );
}

/** The call's `data`, failing the test on any status from 300 up. */
export async function data<T>(page: Page, what: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await call(page, method, path, body, headers);
  expect(res.status, `${what}: ${method} ${path} answered ${res.status} ${res.text}`).toBeLessThan(300);
  return (res.json?.data ?? null) as T;
}

export interface SeedLesson {
  title: string;
  titleBn: string;
  text: string;
  /** Default: a manual lesson with the text; a URL makes a video lesson. */
  videoUrl?: string;
}

export interface SeedSection {
  title: string;
  titleBn: string;
  lessons: SeedLesson[];
}

export interface SeededCourse {
  id: number;
  uuid: string;
  title: string;
  titleBn: string;
  batchId: number;
  lessons: (SeedLesson & { id: number })[];
}

export function stampNow(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * The headers of the demo teacher acting in their role at `partner`, signed in through the API
 * from `page` (which must be on that partner's site).
 */
export async function authorHeaders(page: Page, partner: string): Promise<Record<string, string>> {
  const site = { roleid: partner };
  const login = await data<{ token: string; user: { roles: { id: number; role: string; owner: { id: number; slug: string } | null }[] } }>(
    page,
    'teacher login',
    'POST',
    '/my-account/user/login',
    TEACHER,
    site,
  );
  const role =
    login.user.roles.find((r) => r.role === 'teacher' && r.owner?.slug === partner) ?? login.user.roles.find((r) => r.owner?.slug === partner);
  expect(role, `the demo teacher has a role at ${partner}`).toBeTruthy();
  const bearer = { ...site, Authorization: `Bearer ${login.token}` };
  await data(page, 'switch role', 'POST', `/my-account/user/switch-role/${role!.id}`, undefined, bearer);
  return { ...bearer, 'Role-id': String(role!.id), 'Owner-id': String(role!.owner!.id) };
}

/**
 * The demo teacher creates and publishes a course with its sections and lessons and a published
 * batch (open enrolment unless `approval`). Default: one section of two manual lessons.
 */
export async function seedCourse(
  browser: Browser,
  lang: 'bn' | 'en',
  opts: { partner?: string; sections?: SeedSection[]; enforceOrder?: boolean; approval?: boolean } = {},
): Promise<SeededCourse> {
  const partner = opts.partner ?? 'dhaka';
  const stamp = stampNow();
  const sections = opts.sections ?? [
    {
      title: 'Basics',
      titleBn: 'মৌলিক',
      lessons: [
        { title: `Vowels ${stamp}`, titleBn: `স্বরবর্ণ ${stamp}`, text: `Vowel lesson ${stamp}` },
        { title: `Consonants ${stamp}`, titleBn: `ব্যঞ্জনবর্ণ ${stamp}`, text: `Consonant lesson ${stamp}` },
      ],
    },
  ];
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(partnerURL(partner));
  const site = { roleid: partner };
  const author = await authorHeaders(page, partner);

  const categories = await data<{ id: number }[]>(page, 'categories', 'GET', '/admin-settings/categories?pagination=none', undefined, site);
  const title = `Bangla Grammar ${stamp}`;
  const titleBn = `বাংলা ব্যাকরণ ${stamp}`;
  const course = await data<{ id: number; uuid: string }>(page, 'create course', 'POST', '/course/course/create', {
    title,
    title_bn: titleBn,
    ...(categories?.[0] ? { category_id: categories[0].id } : {}),
    level: 'beginner',
    language: lang,
    summary: lang === 'bn' ? 'বাংলা ব্যাকরণের সহজ পাঠ।' : 'Easy lessons in Bangla grammar.',
    objectives: lang === 'bn' ? ['স্বরবর্ণ চেনা', 'বাক্য গঠন'] : ['Know the vowels', 'Build sentences'],
    course_type: 'course',
    enforce_order: opts.enforceOrder ?? true,
  }, author);
  const lessons: SeededCourse['lessons'] = [];
  for (const s of sections) {
    const section = await data<{ id: number }>(page, 'create section', 'POST', '/course/schedule/section', {
      course_id: course.id,
      title: s.title,
      title_bn: s.titleBn,
    }, author);
    for (const [i, l] of s.lessons.entries()) {
      const lesson = await data<{ id: number }>(page, `create lesson ${i + 1}`, 'POST', '/course/schedule/lesson', {
        section_id: section.id,
        title: l.title,
        title_bn: l.titleBn,
        ...(l.videoUrl
          ? { lesson_type: 'video', media_url: l.videoUrl, body: l.text }
          : { lesson_type: 'manual', body: `<h2>${l.titleBn}</h2><p>${l.text}</p>` }),
        duration_minutes: 5,
      }, author);
      lessons.push({ id: lesson.id, ...l });
    }
  }
  const today = new Date().toISOString().slice(0, 10);
  const batch = await data<{ id: number }>(page, 'create batch', 'POST', '/course/batch/create', {
    course_id: course.id,
    name: `Open batch ${stamp}`,
    name_bn: `উন্মুক্ত ব্যাচ ${stamp}`,
    start_date: today,
    let_enroll: opts.approval ? 2 : 1,
    certificate_approval: false,
  }, author);
  await data(page, 'publish batch', 'PUT', '/course/batch/update-publish-feature', { id: batch.id, published: true }, author);
  await data(page, 'publish course', 'PUT', '/course/update-publish-feature', { id: course.id, published: true }, author);
  await context.close();
  return { id: course.id, uuid: course.uuid, title, titleBn, batchId: batch.id, lessons };
}

/** Sign in through a site's login page (optionally arriving with a ?redirect=) and wait to leave it. */
export async function signInOn(page: Page, site: string, who: { email: string; password: string }) {
  await page.goto(`${site}/login`);
  await page.locator('#email').fill(who.email);
  await page.locator('#password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
}
