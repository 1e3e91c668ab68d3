// A quiz lesson in Bangla on a 360 px phone, on the partner site `dhaka`, with the demo data:
// Mitu (mitu.akter@example.com) is enrolled in "The History of the Liberation War", whose last
// lesson "Quiz: general knowledge" is taken through the Exam Centre exam "General knowledge quiz"
// (5 minutes, 3 attempts, 2 questions drawn at random from a folder). The course keeps its lessons
// in order, so the lessons before the quiz that she has not done yet are completed first (in the
// demo data: the third one). Then she selects the quiz lesson, sees its panel (no "mark complete"
// there), starts the quiz, takes and submits the attempt on the exam's page, goes back to the course
// from the result, finishes the lesson (quiz-submit) and sees it complete, the course at 100 % and
// the certificate. Only this spec touches Mitu's enrolment; finishing the lesson cannot be undone,
// so a second run needs fresh demo data (it skips when the lesson is complete already).
import { expect, test, type Page } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { data, LEARNER, signInOn } from './seed';

const SLUG = 'dhaka';
const site = () => partnerURL(SLUG);
const MITU = { email: 'mitu.akter@example.com', password: LEARNER.password };
const COURSE_TITLE = 'The History of the Liberation War';
const QUIZ_TITLE = 'Quiz: general knowledge';
const EXAM_TITLE = 'General knowledge quiz';

const bn = catalogue('bn');
/** A Bangla text of the shipped catalogue ("ns:key"). */
const text = (key: string) => {
  const value = bn[key];
  expect(value, key).toBeTruthy();
  return value;
};
const banglaDigits = (s: string | number) => String(s).replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

interface OutlineLesson {
  id: number;
  title: string;
  title_bn: string;
  lesson_type: string;
}
interface JourneyStatus {
  status: string;
  completed_lesson_ids: number[];
  total_lessons: number;
  completed_lessons: number;
  percent: number;
  certificate: { tracking_code?: string; status?: string } | null;
}

/** The headers the web app sends from this page (the learner's token and the site). */
async function appHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'signed in').toBeTruthy();
  return { Authorization: `Bearer ${token}`, roleid: SLUG };
}

/** The lesson list of the journey page: a drawer on a phone. */
async function openLessons(page: Page) {
  await page.getByTestId('lessons-button').click();
  const drawer = page.getByTestId('lesson-drawer');
  await expect(drawer.getByTestId('lesson-list')).toBeVisible();
  return drawer;
}

/** The top bar's progress at 100 %, its bar at rest (MUI slides it there: the screenshot waits). */
async function expectFullProgress(page: Page) {
  const progress = page.getByTestId('journey-progress');
  await expect(progress).toHaveAttribute('data-percent', '100');
  await expect.poll(() => progress.locator('.MuiLinearProgress-bar1').evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(1, 0, 0, 1, 0, 0)');
}

async function selectLesson(page: Page, uuid: string, id: number) {
  const drawer = await openLessons(page);
  await drawer.locator(`[data-testid="lesson-item"][data-lesson-id="${id}"]`).click();
  await page.waitForURL(new RegExp(`/course/journey/${uuid}\\?lesson=${id}$`));
  await expect(page.getByTestId('lesson-pane')).toHaveAttribute('data-lesson-id', String(id));
}

test('a learner takes a quiz lesson on a phone in Bangla and finishes the course', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInOn(page, site(), MITU);
  await chooseLanguage(page, 'bn');

  // The course, its outline and where Mitu is, from the API the journey page reads.
  const headers = await appHeaders(page);
  const enrolments = await data<{ course: { uuid: string; title: string; title_bn: string } }[]>(
    page,
    'my enrolments',
    'POST',
    '/learner-course/my-courses-enrollment-list',
    { page: 1 },
    headers,
  );
  const course = enrolments.find((e) => e.course.title === COURSE_TITLE)?.course;
  expect(course, `Mitu is enrolled in "${COURSE_TITLE}" at ${SLUG}`).toBeTruthy();
  const { uuid } = course!;
  const outline = await data<{ enforce_order: boolean; sections: { lessons: OutlineLesson[] }[] }>(page, 'the course outline', 'GET', `/learner-course/enroll-course-details/${uuid}`, undefined, headers);
  const lessons = outline.sections.flatMap((s) => s.lessons);
  const quiz = lessons.find((l) => l.title === QUIZ_TITLE);
  expect(quiz, `the lesson "${QUIZ_TITLE}"`).toBeTruthy();
  expect(quiz!.lesson_type).toBe('quiz');
  const before = await data<JourneyStatus>(page, 'the journey status', 'GET', `/learner-course/journey/status/${uuid}`, undefined, headers);
  test.skip(before.completed_lesson_ids.includes(quiz!.id), 'Mitu finished the quiz lesson in an earlier run: this spec needs fresh demo data');
  expect(lessons[lessons.length - 1].id, 'the quiz is the last lesson').toBe(quiz!.id);

  // From the dashboard's course card to the course journey.
  const card = page.locator(`[data-testid="my-course"][data-uuid="${uuid}"]`);
  await expect(card).toContainText(course!.title_bn);
  await card.getByTestId('my-course-continue').click();
  await page.waitForURL(new RegExp(`/course/journey/${uuid}\\?lesson=\\d+$`));
  await expect(page.getByTestId('journey-title')).toHaveText(course!.title_bn);

  // The course keeps its order: the quiz is locked while a lesson before it is not done.
  const drawer = await openLessons(page);
  const quizItem = drawer.locator(`[data-testid="lesson-item"][data-lesson-id="${quiz!.id}"]`);
  await expect(quizItem).toContainText(quiz!.title_bn);
  const open = lessons.filter((l) => l.id !== quiz!.id && !before.completed_lesson_ids.includes(l.id));
  if (outline.enforce_order && open.length) await expect(quizItem).toHaveAttribute('data-state', 'locked');
  await page.keyboard.press('Escape');
  await expect(drawer.getByTestId('lesson-list')).toBeHidden();
  for (const lesson of open) {
    await selectLesson(page, uuid, lesson.id);
    await expect(page.getByTestId('lesson-title')).toHaveText(lesson.title_bn);
    await responseOf(page, 'GET', `/course/batch/completed_lesson/${lesson.id}`, () => page.getByTestId('complete-lesson').click());
    await expect(page.getByTestId('lesson-pane')).not.toHaveAttribute('data-lesson-id', String(lesson.id));
  }

  // The quiz lesson: the exam's facts in Bangla digits, "Start quiz", and no "mark complete".
  await selectLesson(page, uuid, quiz!.id);
  await expect(page.getByTestId('lesson-title')).toHaveText(quiz!.title_bn);
  await expect(page.getByTestId('lesson-pane')).toContainText(text('learn:lesson_type.quiz'));
  const panel = page.getByTestId('quiz-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('quiz-title')).toHaveText(/সাধারণ জ্ঞান কুইজ/);
  await expect(panel.getByTestId('intro-questions')).toContainText(text('exams:intro.questions'));
  await expect(panel.getByTestId('intro-questions').locator('dd')).toHaveText(banglaDigits(2));
  await expect(panel.getByTestId('intro-duration').locator('dd')).toHaveText(text('exams:list.minutes_other').replace('{{count, number}}', banglaDigits(5)));
  await expect(panel.getByTestId('intro-attempts').locator('dd')).toContainText(banglaDigits(3));
  await expect(page.getByTestId('complete-lesson')).toHaveCount(0);
  await expect(page.getByTestId('next-lesson')).toHaveCount(0);
  await expect(page.getByTestId('lesson-done-chip')).toHaveCount(0);
  // Fresh demo data: "Start quiz". An earlier run stopped half-way may have left an attempt open
  // ("Resume quiz") or handed in ("Finish lesson", with a new attempt beside it).
  const action = await panel.getAttribute('data-action');
  expect(['start', 'resume', 'finish'], `the quiz panel offers ${action}`).toContain(action);
  const take = panel.getByTestId(action === 'start' ? 'start-quiz' : action === 'resume' ? 'resume-quiz' : 'start-quiz-again');
  await expect(take).toBeVisible();
  if (action === 'start') await expect(take).toHaveText(text('learn:quiz.start'));
  const lessonPath = `/course/journey/${uuid}?lesson=${quiz!.id}`;
  const href = await take.getAttribute('href');
  expect(href).toMatch(/^\/exam\/journey\/[0-9a-f-]{36}\?/);
  const examUuid = new URL(href!, site()).pathname.split('/').pop()!;
  expect(new URL(href!, site()).searchParams.get('return')).toBe(lessonPath);
  await expectFitsWidth(page);
  await shot(page, 'quiz-lesson-panel-360');

  // The exam's page, with the way back to the lesson.
  await take.click();
  await page.waitForURL(`**/exam/journey/${examUuid}?*`);
  await expect(page.getByTestId('exam-journey-page')).toBeVisible();
  await expect(page.getByTestId('journey-leave')).toHaveAttribute('href', lessonPath);
  let attempt: string;
  if (action === 'resume') {
    await expect(page.getByTestId('exam-taking')).toBeVisible();
    attempt = (await page.getByTestId('exam-taking').getAttribute('data-attempt'))!;
  } else {
    await expect(page.getByTestId('exam-intro')).toBeVisible();
    await expect(page.getByTestId('intro-title')).toHaveText(/সাধারণ জ্ঞান কুইজ/);
    await expect(page.getByTestId('intro-duration').locator('dd')).toHaveText(text('exams:list.minutes_other').replace('{{count, number}}', banglaDigits(5)));
    await expect(page.getByTestId('return-to-course')).toHaveAttribute('href', lessonPath);
    await expect(page.getByTestId('return-to-course')).toHaveText(text('exams:journey.back_to_course'));
    await expectFitsWidth(page);
    const started = await responseOf(page, 'POST', `/exam-front/single/${examUuid}/start`, () => page.getByTestId('start-exam').click());
    const paper = (await started.json()).data as { uuid: string; title: string; questions: { slot: number; question_type: string }[] };
    expect(paper.title).toBe(EXAM_TITLE);
    expect(paper.questions).toHaveLength(2);
    attempt = paper.uuid;
    await expect(page.getByTestId('exam-taking')).toHaveAttribute('data-attempt', attempt);
  }
  await expect(page.getByTestId('exam-clock')).toHaveText(/^[০-৯]{2}:[০-৯]{2}$/);
  // The way back is kept while the attempt goes on.
  expect(new URL(page.url()).searchParams.get('return')).toBe(lessonPath);

  // The first question: answered when it is a choice question (the questions are drawn at random).
  const pane = page.getByTestId('question-pane');
  await expect(page.getByTestId('question-number')).toHaveText(text('exams:take.question_of').replace('{{n}}', banglaDigits(1)).replace('{{total}}', banglaDigits(2)));
  const type = await pane.getAttribute('data-type');
  const save = (act: () => Promise<unknown>) => responseOf(page, 'PUT', `/exam-front/attempt/${attempt}/answer`, act);
  if (type === 'multiple_choice' || type === 'true_false' || type === 'multiple_select') {
    await save(() => pane.getByTestId('answer-option').first().click());
  } else if (type === 'dropdown') {
    await save(() => pane.getByTestId('answer-select').selectOption({ index: 1 }));
  }
  const answered = ['multiple_choice', 'true_false', 'multiple_select', 'dropdown'].includes(type ?? '');
  if (answered) await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expectFitsWidth(page);
  await shot(page, 'quiz-lesson-exam-360');

  // Submit through the dialog.
  await page.getByTestId('open-submit').click();
  const dialog = page.getByTestId('submit-dialog');
  await expect(dialog).toBeVisible();
  if (action !== 'resume') await expect(dialog.getByTestId('unanswered-count')).toHaveAttribute('data-count', answered ? '1' : '2');
  await expectFitsWidth(page);
  await responseOf(page, 'POST', `/exam-front/attempt/${attempt}/submit`, () => dialog.getByTestId('confirm-submit').click());
  await expect(page.getByTestId('exam-result')).toHaveAttribute('data-attempt', attempt);
  await expect(page).toHaveURL(new RegExp(`[?&]result=${attempt}`));
  const back = page.getByTestId('return-to-course');
  await expect(back).toBeVisible();
  await expect(back).toHaveText(text('exams:journey.back_to_course'));
  await expectFitsWidth(page);
  await shot(page, 'quiz-lesson-result-360');

  // Back to the course: the lesson now offers "Finish lesson".
  await back.click();
  await page.waitForURL(new RegExp(`/course/journey/${uuid}\\?lesson=${quiz!.id}$`));
  await expect(panel).toHaveAttribute('data-action', 'finish');
  await expect(panel).toContainText(text('learn:quiz.finish_note'));
  await expect(panel.locator(`[data-testid="intro-attempt"][data-attempt="${attempt}"]`)).toBeVisible();
  const finish = panel.getByTestId('finish-quiz');
  await expect(finish).toHaveText(text('learn:quiz.finish'));
  await expect(page.getByTestId('complete-lesson')).toHaveCount(0);
  await expectFitsWidth(page);
  await shot(page, 'quiz-lesson-finish-360');

  const submitted = await responseOf(page, 'POST', `/assessment-front/course/quiz-submit/${quiz!.id}`, () => finish.click());
  const status = (await submitted.json()).data as JourneyStatus;
  expect(status).toMatchObject({ status: 'completed', percent: 100, completed_lessons: lessons.length, total_lessons: lessons.length });
  expect(status.completed_lesson_ids).toContain(quiz!.id);
  expect(status.certificate, 'a certificate on completion').toBeTruthy();

  // The course is complete: the certificate, 100 %, and the quiz lesson marked done.
  await expect(page.getByTestId('completion-panel')).toBeVisible();
  await expectFullProgress(page);
  await expect(page.getByTestId('journey-page')).toContainText(text('learn:journey.progress').replace('{{percent}}', banglaDigits(100)));
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'issued');
  await expectFitsWidth(page);
  await shot(page, 'quiz-lesson-finished-360');
  const list = await openLessons(page);
  await expect(list.locator(`[data-testid="lesson-item"][data-lesson-id="${quiz!.id}"]`)).toHaveAttribute('data-state', 'done');
  for (const l of lessons) await expect(list.locator(`[data-testid="lesson-item"][data-lesson-id="${l.id}"]`)).toHaveAttribute('data-state', 'done');
  await list.locator(`[data-testid="lesson-item"][data-lesson-id="${quiz!.id}"]`).click();
  await page.waitForURL(new RegExp(`/course/journey/${uuid}\\?lesson=${quiz!.id}$`));
  await expect(page.getByTestId('lesson-done-chip')).toHaveText(text('learn:journey.done'));
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('finish-quiz')).toHaveCount(0);
  await expect(page.getByTestId('complete-lesson')).toHaveCount(0);
  await expectFitsWidth(page);
  await shot(page, 'quiz-lesson-done-360');
});
