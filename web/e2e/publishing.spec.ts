// (12) Blogs and tutorials in Bangla, by role and label. The demo teacher of dhaka writes a blog
// post with a category and a cover picture from his file manager and submits it; the approver
// (the blog-and-tutorial admin) publishes it from the dashboard, and it appears on the public list
// and page, whose first HTML carries its share card. Then the teacher makes a tutorial whose video
// link he adds through the file picker's add-URL popup and selects there, typing its duration as
// HH:mm:ss after meeting the message for a wrong one.
import { expect, test, type Page } from '@playwright/test';
import { baseURL, becomeTeacher, catalogue, chooseLanguage, partnerURL, responseOf, shot } from './helpers';
import { signInOn, stampNow, TEACHER } from './seed';

const site = () => partnerURL('dhaka');
const stamp = stampNow();
const APPROVER = { email: 'approver@example.com', password: 'demo-pass-2026' };
const BLOG_TITLE = `Study plan ${stamp}`;
const BLOG_TITLE_BN = `পড়ার পরিকল্পনা ${stamp}`;
const TUTORIAL_TITLE = `সরল দোলক ${stamp}`;
const VIDEO = 'https://www.youtube.com/watch?v=ZM8ECpBuQYE';

const bn = catalogue('bn');
const say = (key: string) => {
  const text = bn[key];
  expect(text, key).toBeTruthy();
  return text;
};

interface SavedPost {
  id: number;
  status: string;
  cover: string | null;
  category: { slug: string };
  video_url: string | null;
  duration: string | null;
}

/** Acts in the role whose name (as the dashboard's role list shows it, in English) is `role`. */
async function becomeRole(page: Page, role: string) {
  const option = page.getByTestId('role-option').filter({ hasText: role });
  await expect(option).toBeVisible();
  const switchButton = option.getByRole('button', { name: 'Switch' });
  if (await switchButton.count()) await responseOf(page, 'POST', /^\/my-account\/user\/switch-role\/\d+$/, () => switchButton.click());
  await expect(option.getByText('Current')).toBeVisible();
}

/** Opens the editor of a new post of `type` from its dashboard list. */
async function newPost(page: Page, type: 'blog' | 'tutorial') {
  await page.getByRole('button', { name: say(`publishing:new.${type}`), exact: true }).click();
  const editor = page.getByRole('dialog', { name: say(`publishing:form.new_title.${type}`) });
  await expect(editor).toBeVisible();
  return editor;
}

/** Chooses an option of the MUI select labelled `label`. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a teacher’s blog post is approved and published, and a tutorial takes a video link added in the picker', async ({ page, browser }) => {
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');

  // The side navigation has Blogs.
  await page.getByRole('link', { name: say('nav:blogs'), exact: true }).first().click();
  await page.waitForURL('**/blogs/list');
  await expect(page.getByRole('heading', { level: 1, name: say('publishing:types.blog') })).toBeVisible();

  // A blog post with a category, a cover from the file manager and Bangla text.
  const editor = await newPost(page, 'blog');
  await editor.getByRole('textbox', { name: say('publishing:form.title'), exact: true }).fill(BLOG_TITLE);
  await editor.getByRole('textbox', { name: say('publishing:form.title_bn'), exact: true }).fill(BLOG_TITLE_BN);
  await choose(page, editor, say('publishing:form.category'), 'পড়াশোনার কৌশল');
  await editor.getByTestId('pick-cover').click();
  const picker = page.getByRole('dialog', { name: say('publishing:form.cover_picker') });
  const figure = picker.getByRole('button', { name: 'velocity-time-graph.png' });
  const attached = await responseOf(page, 'POST', '/my-account/publishing/media', () => figure.click(), [201]);
  const cover = ((await attached.json()).data as { url: string }).url;
  expect(cover).toMatch(/^\/post-media\/[0-9a-f]{32}\.png$/);
  await expect(editor.getByTestId('cover-preview')).toBeVisible();
  const body = editor.getByRole('textbox', { name: say('publishing:form.body'), exact: true });
  await body.click();
  await page.keyboard.type('প্রতিদিন এক ঘণ্টা গণিত, আধা ঘণ্টা ইংরেজি। ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('ঘুম বাদ নয়।');
  await shot(page, 'publishing-blog-editor');
  const stored = await responseOf(page, 'POST', '/my-account/blogs/store', () => editor.getByRole('button', { name: say('publishing:form.submit'), exact: true }).click(), [201]);
  const blog = (await stored.json()).data as SavedPost & { body: string };
  expect(blog).toMatchObject({ status: 'submitted', cover, category: { slug: 'study-tips' } });
  expect(blog.body).toContain('<strong>ঘুম বাদ নয়।</strong>');
  await expect(editor).toBeHidden();
  const row = page.getByTestId('post-row').filter({ hasText: BLOG_TITLE_BN });
  await expect(row).toContainText(say('publishing:statuses.submitted'));
  // A writer has no Publish.
  await expect(row.getByRole('button', { name: say('publishing:actions.publish') })).toHaveCount(0);

  // The tutorial: its video a link added through the picker's add-URL popup, then chosen there.
  await page.goto(`${site()}/tutorials/list`);
  const tutorial = await newPost(page, 'tutorial');
  await tutorial.getByRole('textbox', { name: say('publishing:form.title'), exact: true }).fill(TUTORIAL_TITLE);
  await choose(page, tutorial, say('publishing:form.category'), 'বিজ্ঞান');
  await tutorial.getByTestId('pick-video').click();
  const videos = page.getByRole('dialog', { name: say('publishing:form.video_picker') });
  await videos.getByRole('button', { name: say('files:actions.add_url'), exact: true }).click();
  const addUrl = page.getByRole('dialog', { name: say('files:url.title') });
  const save = addUrl.getByRole('button', { name: say('files:url.save'), exact: true });
  await save.click();
  await expect(addUrl.getByTestId('file-picker-url-help')).toHaveText(say('files:url.required'));
  await addUrl.getByRole('textbox', { name: say('files:url.url') }).fill('youtube.com/watch');
  await save.click();
  await expect(addUrl.getByTestId('file-picker-url-help')).toHaveText(say('files:url.invalid'));
  await addUrl.getByRole('textbox', { name: say('files:url.url') }).fill(VIDEO);
  const linked = await responseOf(page, 'POST', '/file-manager/user/create-url', () => save.click(), [201]);
  const link = (await linked.json()).data as { id: number };
  await expect(addUrl).toBeHidden();
  await videos.locator(`[data-testid="file-picker-item"][data-file-id="${link.id}"]`).click();
  await expect(videos).toBeHidden();
  await expect(tutorial.getByRole('textbox', { name: say('publishing:form.video_url') })).toHaveValue(VIDEO);
  const duration = tutorial.getByRole('textbox', { name: say('publishing:form.duration'), exact: true });
  await duration.fill('1:75');
  await tutorial.getByRole('textbox', { name: say('publishing:form.body'), exact: true }).fill('দোলকের দোলনকাল মাপার পরীক্ষা।');
  const submit = tutorial.getByRole('button', { name: say('publishing:form.submit'), exact: true });
  await submit.click();
  await expect(tutorial.getByText(say('publishing:errors.duration_format'))).toBeVisible();
  await expect(duration).toHaveAttribute('aria-invalid', 'true');
  await duration.fill('00:45:30');
  const made = await responseOf(page, 'POST', '/my-account/tutorials/store', () => submit.click(), [201]);
  expect((await made.json()).data).toMatchObject({ status: 'submitted', video_url: VIDEO, duration: '00:45:30' });
  await shot(page, 'publishing-tutorial-list');

  // The approver publishes the blog post from the dashboard.
  const context = await browser.newContext();
  page = await context.newPage();
  await signInOn(page, site(), APPROVER);
  await chooseLanguage(page, 'en');
  await becomeRole(page, 'Blog and tutorial approver');
  await chooseLanguage(page, 'bn');
  await page.getByRole('link', { name: say('nav:blogs'), exact: true }).first().click();
  await page.waitForURL('**/blogs/list');
  const waiting = page.getByTestId('post-row').filter({ hasText: BLOG_TITLE_BN });
  await responseOf(page, 'PUT', '/my-account/blogs/publish', () => waiting.getByRole('button', { name: say('publishing:actions.publish'), exact: true }).click());
  await expect(waiting).toContainText(say('publishing:statuses.published'));

  // On the public list, in Bangla, and its page; the first HTML carries the share card.
  await page.goto(`${site()}/blogs/lists`);
  const card = page.getByRole('link', { name: new RegExp(BLOG_TITLE_BN) });
  await expect(card).toBeVisible();
  await shot(page, 'publishing-public-list');
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: BLOG_TITLE_BN })).toBeVisible();
  await expect(page.getByText('ঘুম বাদ নয়।')).toBeVisible();
  await shot(page, 'publishing-public-post');
  // As a link-preview crawler reads it (the browser resolves *.localhost; Node does not).
  const html = await page.evaluate(async (url) => (await fetch(url, { headers: { accept: 'text/html' } })).text(), page.url());
  expect(html).toContain(`<meta property="og:title" content="${BLOG_TITLE_BN}">`);
  expect(html).toContain(`<meta property="og:image" content="${site()}${cover}">`);
  await context.close();
});

const DHAKA_ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };

test('a visitor’s feedback shows on the home page once the site’s admin approves it', async ({ page, browser }) => {
  const NAME = `মিতু ${stamp}`;
  const MESSAGE = `রাতে মোবাইলে পড়তে পারি, ধন্যবাদ ${stamp}`;
  await page.goto(site());
  await chooseLanguage(page, 'bn');
  // The demo's slides and approved feedback are on the home page.
  await expect(page.getByRole('button', { name: say('extras:slider.next') })).toBeVisible();
  await expect(page.getByTestId('feedback-card').first()).toBeVisible();

  await page.getByTestId('footer-feedback').click();
  const dialog = page.getByRole('dialog', { name: say('extras:form.title') });
  const send = dialog.getByRole('button', { name: say('extras:form.send'), exact: true });
  await send.click();
  await expect(dialog.getByRole('textbox', { name: say('extras:form.name') })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: say('extras:form.name') }).fill(NAME);
  await dialog.getByRole('textbox', { name: say('extras:form.designation') }).fill('অভিভাবক');
  // The stars are labels of visually hidden radios: a person clicks the fifth star.
  const five = await dialog.getByRole('radio', { name: '৫ তারা' }).getAttribute('id');
  await dialog.locator(`label[for="${five}"]`).click();
  await expect(dialog.getByRole('radio', { name: '৫ তারা' })).toBeChecked();
  await dialog.getByRole('textbox', { name: say('extras:form.message') }).fill(MESSAGE);
  const sent = await responseOf(page, 'POST', '/my-account/feedback/create', () => send.click(), [201]);
  const feedback = (await sent.json()).data as { id: number; status: string; rating: number };
  expect(feedback).toMatchObject({ status: 'pending', rating: 5 });
  await expect(page.getByText(say('extras:form.thanks'))).toBeVisible();
  await expect(page.getByText(MESSAGE)).toHaveCount(0);

  // The admin approves it at /feedbacks/list.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInOn(admin, site(), DHAKA_ADMIN);
  await chooseLanguage(admin, 'bn');
  await admin.getByRole('link', { name: say('nav:feedbacks'), exact: true }).first().click();
  await admin.waitForURL('**/feedbacks/list');
  const row = admin.getByTestId('feedback-row').filter({ hasText: MESSAGE });
  await responseOf(admin, 'PUT', `/my-account/feedback/approve/${feedback.id}`, () => row.getByTestId('approve-feedback').click());
  await expect(row.getByTestId('feedback-status')).toHaveText(say('publishing:feedbacks.statuses.approved'));
  await shot(admin, 'feedback-list');
  await context.close();

  await page.reload();
  await expect(page.getByTestId('feedback-card').filter({ hasText: MESSAGE })).toBeVisible();
});

test('the main site shows the partner posts its super admin selected, linking to their pages', async ({ page }) => {
  // The demo's super admin selected dhaka's published posts.
  await page.goto(`${baseURL()}/blogs/lists`);
  await chooseLanguage(page, 'bn');
  await expect(page.getByRole('heading', { level: 2, name: say('posts:partners.title') })).toBeVisible();
  const post = page.locator(`a[href^="${partnerURL('dhaka')}/blogs/details/"]`).first();
  await expect(post).toBeVisible();
  await post.click();
  await page.waitForURL(`${partnerURL('dhaka')}/blogs/details/**`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
