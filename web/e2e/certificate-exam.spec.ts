// A certificate exam on the partner site `dhaka`, with the demo data. The demo teacher reaches
// Certificate exams from the sidebar's Exam Centre, creates one with a Bangla title, adds a section
// and an exam part taken through the Exam Centre exam "SSC Physics model test", adds a restricted
// batch and publishes both, then lists the candidate learner@example.com in the Candidates tab and
// reads the candidate's own link from the table. The learner (signed in, Bangla, a 360 px phone)
// opens the link, is enrolled through the invitation and sees the exam's journey; opening the link
// again finds them enrolled already.
import { expect, test } from '@playwright/test';
import { becomeTeacher, catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { LEARNER, signInOn, stampNow, TEACHER } from './seed';

const site = () => partnerURL('dhaka');
const stamp = stampNow();
const TITLE_BN = `এসএসসি সার্টিফিকেট পরীক্ষা ${stamp}`;
const SECTION_BN = 'লিখিত অংশ';
const PART_BN = 'পদার্থবিজ্ঞান মডেল টেস্ট';
const EXAM = 'SSC Physics model test';
const BATCH_EN = `Invited ${stamp}`;

const bn = catalogue('bn');
const say = (key: string) => {
  const value = bn[key];
  expect(value, key).toBeTruthy();
  return value;
};

test('a teacher makes a certificate exam for listed candidates, and a candidate enrols through their link', async ({ page, browser }) => {
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);

  // Exam Centre in the sidebar holds both single and certificate exams.
  const nav = page.getByTestId('side-nav');
  await nav.getByRole('button', { name: 'Exam Centre' }).click();
  await expect(nav.getByRole('link', { name: 'Single exams', exact: true })).toHaveAttribute('href', '/exam/single');
  await nav.getByRole('link', { name: 'Certificate exams', exact: true }).click();
  await page.waitForURL('**/exam');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate exams' })).toBeVisible();

  // Create: the course's four steps, without a course type.
  await page.getByTestId('create-course-link').click();
  await page.waitForURL('**/exam/create');
  await page.locator('#course-title-bn').fill(TITLE_BN);
  await expect(page.locator('#course-type')).toHaveCount(0);
  await page.getByTestId('step-next').click(); // -> description
  await page.locator('#course-summary').fill('Physics, written and timed, with a certificate for those who pass.');
  await page.getByTestId('step-next').click(); // -> thumbnail and order
  await page.getByTestId('step-next').click(); // -> review
  await expect(page.getByTestId('course-review')).toContainText(TITLE_BN);
  const created = await responseOf(page, 'POST', '/assessment/course/create', () => page.getByTestId('create-course').click(), [201]);
  const exam = (await created.json()).data as { id: number; uuid: string; course_type: string };
  expect(exam.course_type).toBe('exam');
  await page.waitForURL(`**/exam/edit/${exam.uuid}/syllabus`);
  await expect(page.getByTestId('course-heading')).toHaveText(TITLE_BN);

  // A section, then a part taken through an exam of the Exam Centre (the dialog offers Exam first).
  await page.getByTestId('add-section').click();
  await page.locator('#section-title-bn').fill(SECTION_BN);
  await responseOf(page, 'POST', '/course/schedule/section', () => page.getByTestId('save-section').click());
  const section = page.getByTestId('syllabus-section');
  await expect(section).toHaveCount(1);
  await section.getByTestId('add-lesson').click();
  await page.locator('#lesson-title-bn').fill(PART_BN);
  await expect(page.getByRole('combobox', { name: 'Lesson type' })).toContainText('Exam');
  await page.locator('#lesson-exam').fill('SSC Physics');
  await page.getByTestId('exam-option').filter({ hasText: EXAM }).first().click();
  const lessonRes = await responseOf(page, 'POST', '/course/schedule/lesson', () => page.getByTestId('save-lesson').click());
  const lesson = (await lessonRes.json()).data as { id: number; lesson_type: string; exam_id: number | null };
  expect(lesson.lesson_type).toBe('exam');
  expect(lesson.exam_id).toBeTruthy();
  await expect(section.getByTestId('lesson-title')).toHaveText(PART_BN);
  await shot(page, 'certificate-exam-syllabus');

  // A restricted batch, published; then the exam.
  await page.getByTestId('tab-batches').click();
  await page.waitForURL(`**/exam/edit/${exam.uuid}/batches`);
  await page.getByTestId('create-batch').click();
  await page.locator('#batch-name').fill(BATCH_EN);
  await page.getByTestId('batch-restricted').check();
  const batchRes = await responseOf(page, 'POST', '/course/batch/create', () => page.getByTestId('save-batch').click());
  const batch = (await batchRes.json()).data as { id: number; restricted: boolean };
  expect(batch.restricted).toBe(true);
  const row = page.locator(`[data-testid="batch-row"][data-batch-id="${batch.id}"]`);
  await expect(row.getByTestId('batch-restricted-chip')).toBeVisible();
  await responseOf(page, 'PUT', '/course/batch/update-publish-feature', () => page.getByLabel(`Publish batch ${BATCH_EN}`).click());
  const published = await responseOf(page, 'PUT', '/assessment/update-publish-feature', () => page.getByTestId('publish-course').click());
  expect((await published.json()).data.published).toBe(true);
  await expect(page.getByTestId('view-public')).toHaveAttribute('href', `/exam/details/${exam.uuid}`);

  // The candidate, and their own link read from the table.
  await page.getByTestId('tab-candidates').click();
  await page.waitForURL(`**/exam/edit/${exam.uuid}/candidates`);
  await page.getByTestId('add-candidate').click();
  await page.locator('#candidate-name').fill('Sadia Islam');
  await page.locator('#candidate-email').fill(LEARNER.email);
  const added = await responseOf(page, 'POST', '/assessment/create-restricted-user', () => page.getByTestId('save-candidate').click(), [201]);
  const candidate = (await added.json()).data as { id: number; batch_id: number; link: string };
  expect(candidate.batch_id).toBe(batch.id);
  const listed = page.locator(`[data-testid="candidate-row"][data-candidate-id="${candidate.id}"]`);
  await expect(listed).toContainText(LEARNER.email);
  const link = await listed.getAttribute('data-link');
  expect(link).toBe(candidate.link);
  const invitation = new URL(link!);
  expect(invitation.pathname).toBe(`/exam/journey/${exam.uuid}`);
  expect(invitation.searchParams.get('token')).toBeTruthy();
  await shot(page, 'certificate-exam-candidates');

  // The learner opens the link on a phone, in Bangla: enrolled, the token leaves the address, the journey shows.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const learner = await context.newPage();
  await signInOn(learner, site(), LEARNER);
  await chooseLanguage(learner, 'bn');
  const own = `${site()}${invitation.pathname}${invitation.search}`;
  const enrolled = await responseOf(learner, 'GET', '/assessment-front/batch/restricted-user-enroll', () => learner.goto(own), [201]);
  expect((await enrolled.json()).data.course_uuid).toBe(exam.uuid);
  await learner.waitForURL(new RegExp(`/exam/journey/${exam.uuid}(\\?lesson=${lesson.id})?$`));
  await expect(learner.getByTestId('journey-page')).toBeVisible();
  await expect(learner.getByTestId('journey-title')).toHaveText(TITLE_BN);
  await expect(learner.getByTestId('lesson-pane')).toHaveAttribute('data-lesson-id', String(lesson.id));
  await expect(learner.getByTestId('lesson-title')).toHaveText(PART_BN);
  await expect(learner.getByTestId('lesson-pane')).toContainText(say('learn:lesson_type.exam'));
  await expect(learner.getByTestId('journey-back')).toHaveAttribute('href', `/exam/details/${exam.uuid}`);
  await expectFitsWidth(learner);
  await shot(learner, 'certificate-exam-journey-360');

  // The same link again: enrolled by it already (200), straight to the journey.
  await responseOf(learner, 'GET', '/assessment-front/batch/restricted-user-enroll', () => learner.goto(own), [200]);
  await learner.waitForURL((url) => url.pathname === `/exam/journey/${exam.uuid}` && !url.searchParams.has('token'));
  await expect(learner.getByTestId('journey-page')).toBeVisible();
  await context.close();

  // The teacher's candidates list shows the enrolment.
  await page.reload();
  await expect(listed.getByTestId('candidate-status')).toHaveAttribute('data-status', 'enrolled');
});
