// (12) The content bank in Bangla, by role and label. The demo teacher of dhaka makes a content
// item from the sidebar's Content: its duration typed as hours:minutes after meeting the message
// for a wrong one, a picture from his file manager and a text as its parts, published. A learner
// finds it among others' content, enrols, goes through its parts in order, finishes it and
// reviews it; on a phone the page fits.
import { expect, test } from '@playwright/test';
import { becomeTeacher, catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { LEARNER, signInOn, stampNow, TEACHER } from './seed';

const site = () => partnerURL('dhaka');
const stamp = stampNow();
const TITLE_BN = `বলের ধারণা ${stamp}`;

const bn = catalogue('bn');
const say = (key: string, values: Record<string, string> = {}) => {
  let text = bn[key];
  expect(text, key).toBeTruthy();
  for (const [name, value] of Object.entries(values)) text = text.replace(`{{${name}}}`, value);
  return text;
};

interface Saved {
  id: number;
  duration: string;
  published: boolean;
  parts: { id: number; kind: string }[];
}

test('a teacher publishes a content item and a learner enrols, finishes and reviews it', async ({ page, browser }) => {
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');

  // The sidebar's Content opens the content bank on the teacher's own tab.
  await page.getByRole('link', { name: say('nav:contents'), exact: true }).first().click();
  await page.waitForURL('**/contents/my');
  await expect(page.getByRole('heading', { level: 1, name: say('contents:title') })).toBeVisible();
  await page.getByRole('link', { name: say('contents:new'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('contents:form.new_title') })).toBeVisible();

  await page.getByRole('textbox', { name: say('contents:form.title_bn'), exact: true }).fill(TITLE_BN);
  await page.getByRole('textbox', { name: say('contents:form.description_bn'), exact: true }).fill('বল কী, কীভাবে মাপা হয়: ছবি দেখে পড়ুন।');
  await page.getByRole('combobox', { name: say('contents:form.content_type') }).click();
  await page.getByRole('option', { name: say('contents:types.manual'), exact: true }).click();
  const duration = page.getByRole('textbox', { name: say('contents:form.duration'), exact: true });
  await duration.fill('1:75');
  await page.getByRole('switch', { name: say('contents:form.published') }).check();

  // A picture from the file manager, then a text.
  await page.getByRole('button', { name: say('contents:parts.add_file'), exact: true }).click();
  await page.getByRole('menuitem', { name: say('contents:types.image'), exact: true }).click();
  const picker = page.getByRole('dialog', { name: say('contents:parts.file_picker', { type: say('contents:types.image') }) });
  await picker.getByRole('button', { name: 'velocity-time-graph.png' }).click();
  await expect(picker).toBeHidden();
  await page.getByRole('textbox', { name: say('contents:parts.title_bn_n', { n: '১' }), exact: true }).fill('লেখচিত্রটি দেখুন');
  await page.getByRole('button', { name: say('contents:parts.add_text'), exact: true }).click();
  await page.getByRole('textbox', { name: say('contents:parts.title_bn_n', { n: '২' }), exact: true }).fill('বলের সংজ্ঞা');
  const text = page.getByRole('textbox', { name: say('contents:parts.body_n', { n: '২' }), exact: true });
  await text.click();
  await page.keyboard.type('যা কোনো বস্তুর অবস্থা বদলায় বা বদলাতে চায়, তা-ই বল। একক নিউটন।');

  // The wrong duration is refused on its field; hours:minutes is kept.
  const save = page.getByRole('button', { name: say('contents:form.save'), exact: true });
  await save.click();
  await expect(duration).toHaveAttribute('aria-invalid', 'true');
  await duration.fill('0:45');
  await shot(page, 'content-editor');
  const created = await responseOf(page, 'POST', '/content-bank/content/create', () => save.click(), [201]);
  const item = (await created.json()).data as Saved;
  expect(item).toMatchObject({ duration: '0:45', published: true });
  expect(item.parts.map((p) => p.kind)).toEqual(['file', 'text']);
  await page.waitForURL('**/contents/my');
  await expect(page.getByTestId('content-open').filter({ hasText: TITLE_BN })).toBeVisible();

  // A learner finds it among others' content and goes through it.
  const context = await browser.newContext();
  const learner = await context.newPage();
  await signInOn(learner, site(), LEARNER);
  await chooseLanguage(learner, 'bn');
  await learner.getByRole('link', { name: say('nav:contents'), exact: true }).first().click();
  await learner.getByRole('tab', { name: say('contents:tabs.other'), exact: true }).click();
  await learner.getByTestId('content-open').filter({ hasText: TITLE_BN }).click();
  await learner.waitForURL(`**/contents/${item.id}`);
  await expect(learner.getByRole('heading', { level: 1, name: TITLE_BN })).toBeVisible();
  const enrolled = await responseOf(learner, 'POST', `/content-bank-front/content/enroll/${item.id}`,
    () => learner.getByRole('button', { name: say('contents:page.enrol'), exact: true }).click(), [201]);
  const enrollment = ((await enrolled.json()).data as { id: number }).id;
  await expect(learner.getByText(say('contents:page.enrolled_toast'))).toBeVisible();

  // The second part stays locked until the first is done.
  const steps = learner.getByRole('navigation', { name: say('contents:page.parts') });
  await steps.getByRole('button', { name: /বলের সংজ্ঞা/ }).click();
  await expect(learner.getByText(say('contents:page.locked_body'))).toBeVisible();
  await steps.getByRole('button', { name: /লেখচিত্রটি দেখুন/ }).click();
  await expect(learner.getByRole('img', { name: /লেখচিত্রটি দেখুন/ })).toBeVisible();
  await shot(learner, 'content-learner-part');
  const markDone = learner.getByRole('button', { name: say('contents:page.mark_done'), exact: true });
  await responseOf(learner, 'POST', `/content-bank-front/content/complete-part/${enrollment}`, () => markDone.click());
  // Done, the page moves on to the next part.
  await expect(learner.getByText('যা কোনো বস্তুর অবস্থা বদলায়')).toBeVisible();
  const last = await responseOf(learner, 'POST', `/content-bank-front/content/complete-part/${enrollment}`, () => markDone.click());
  expect((await last.json()).data).toMatchObject({ done_parts: 2, total_parts: 2 });
  await expect(learner.getByText(say('contents:page.finished'))).toBeVisible();

  // A review with five stars (labels of visually hidden radios, as a person clicks them).
  const five = await learner.getByRole('radio', { name: '৫ তারা' }).getAttribute('id');
  await learner.locator(`label[for="${five}"]`).click();
  await learner.getByRole('textbox', { name: say('contents:reviews.comment'), exact: true }).fill('ছবি আর লেখা মিলিয়ে সহজে বুঝলাম।');
  await responseOf(learner, 'POST', `/content-bank-front/content/review-content/${item.id}`,
    () => learner.getByRole('button', { name: say('contents:reviews.submit'), exact: true }).click());
  await expect(learner.getByText(say('contents:reviews.saved'))).toBeVisible();
  await expect(learner.getByText('ছবি আর লেখা মিলিয়ে সহজে বুঝলাম।')).toBeVisible();
  await shot(learner, 'content-learner-finished');

  // On a phone the page fits its width.
  await learner.setViewportSize({ width: 360, height: 760 });
  await expectFitsWidth(learner);
  await shot(learner, 'content-learner-360');
  await context.close();
});
