// (11) The demo teacher of dhaka keeps files in Bangla on a 360 px phone: opens the file manager
// from the side navigation, makes a folder, opens it (the folder stays in the address over a
// reload), uploads a small PNG made here (previewed before it goes), adds a YouTube link through
// the add-URL popup after meeting both of its messages, goes back up and renames the folder, shares
// the PNG with the partner admin (a learner is refused as no colleague), then deletes the PNG after
// the confirmation, and the folder with everything left in it.
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { becomeTeacher, catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { data, LEARNER, signInOn, stampNow, TEACHER } from './seed';

const SLUG = 'dhaka';
const site = () => partnerURL(SLUG);
const stamp = stampNow();
const FOLDER = `পাঠের ফাইল ${stamp}`;
const RENAMED = `বিজ্ঞানের ফাইল ${stamp}`;
const PNG_NAME = `solar-${stamp}.png`;
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const YOUTUBE_TITLE = `সালোকসংশ্লেষণ ${stamp}`;
/** The partner admin of dhaka (control-plane/src/demo.rs), a colleague of the teacher there. */
const DHAKA_ADMIN = { email: 'dhaka-admin@example.com', name: 'Mahbub Alam' };

const bn = catalogue('bn');
/** A Bangla text of the files namespace, with its {{...}} filled in. */
const f = (key: string, vars: Record<string, string> = {}) => {
  const text = bn[`files:${key}`];
  expect(text, `files:${key}`).toBeTruthy();
  return Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text);
};

interface SavedFile {
  id: number;
  title: string;
  type: string;
  is_url: number;
  provider: string | null;
  folder_id: number | null;
  file_encode_path: string | null;
  shared_with: { id: number; name: string }[];
}

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A real PNG of `size` x `size` pixels: a green square with a yellow disc (a "sun"). */
function makePng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows: number[] = [];
  const r = size / 3;
  for (let y = 0; y < size; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x++) {
      const sun = (x - size / 2) ** 2 + (y - size / 2) ** 2 < r * r;
      rows.push(...(sun ? [250, 204, 21] : [22, 163, 74]));
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const folderCard = (page: Page, id: number) => page.locator(`[data-testid="folder-card"][data-folder-id="${id}"]`);
const fileCard = (page: Page, id: number) => page.locator(`[data-testid="file-card"][data-file-id="${id}"]`);

/** Opens the menu of the card named `name` and picks `action`. */
async function fromMenu(page: Page, card: ReturnType<Page['locator']>, name: string, action: string) {
  await card.getByRole('button', { name: f('actions.menu', { name }), exact: true }).click();
  await page.getByRole('menuitem', { name: f(`actions.${action}`), exact: true }).click();
}

test('the teacher keeps, shares and deletes files in Bangla on a phone', async ({ page }) => {
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');
  await page.setViewportSize({ width: 360, height: 740 });

  // The side navigation (a drawer on phones) has the File manager, which opens My Files.
  await page.getByTestId('bottom-more').click();
  const drawer = page.getByTestId('mobile-drawer');
  await drawer.getByRole('link', { name: bn['nav:file_manager'], exact: true }).click();
  await page.waitForURL('**/filemanager/my');
  const manager = page.getByTestId('file-manager-page');
  await expect(manager).toHaveAttribute('data-source', 'my');
  await expect(page.getByRole('heading', { level: 1, name: f('title') })).toBeVisible();
  await expect(page.getByRole('tab', { name: f('tabs.all'), exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('files-sort')).toContainText(f('sort.latest'));
  await expect(page.getByTestId('storage-bar')).toContainText(f('storage.label'));
  await expectFitsWidth(page);
  await shot(page, 'file-manager-my');

  // A folder: named in place, created with Enter.
  await page.getByRole('button', { name: f('actions.new_folder'), exact: true }).click();
  const nameInput = page.getByRole('textbox', { name: f('folder.name'), exact: true });
  await expect(nameInput).toBeFocused();
  await nameInput.fill(FOLDER);
  const made = await responseOf(page, 'POST', '/file-manager/user/create-folder', () => nameInput.press('Enter'), [201]);
  const folder = (await made.json()).data as { id: number; name: string; parent_id: number | null; kind: string };
  expect(folder).toMatchObject({ name: FOLDER, parent_id: null, kind: 'normal' });
  await expect(page.getByText(f('folder.created', { name: FOLDER }))).toBeVisible();
  const card = folderCard(page, folder.id);
  await expect(card.getByTestId('folder-name')).toHaveText(FOLDER);
  await expect(nameInput).toHaveCount(0);

  // Open it: the folder is in the address, so a reload keeps it; the way back is the breadcrumb.
  await card.getByRole('link').click();
  await page.waitForURL(`**/filemanager/my?folder=${folder.id}`);
  await page.reload();
  await expect(page.getByTestId('files-current-folder')).toHaveText(FOLDER);
  const breadcrumb = page.getByRole('navigation', { name: f('breadcrumb'), exact: true });
  await expect(breadcrumb.getByRole('link', { name: f('sources.my'), exact: true })).toBeVisible();
  await expect(manager.getByTestId('empty-state')).toContainText(f('list.empty_folder'));

  // Upload a PNG: previewed, changed nothing, sent with its progress.
  await page.getByRole('button', { name: f('actions.upload'), exact: true }).click();
  const upload = page.getByRole('dialog', { name: f('upload.title') });
  await expect(upload.getByTestId('upload-place')).toHaveText(f('upload.into', { place: FOLDER }));
  await upload.getByTestId('upload-input').setInputFiles({ name: PNG_NAME, mimeType: 'image/png', buffer: makePng() });
  await expect(upload.getByRole('img', { name: f('upload.preview', { name: PNG_NAME }) })).toBeVisible();
  await expect(upload.getByTestId('upload-file-name')).toContainText(PNG_NAME);
  await expect(upload.getByRole('button', { name: f('upload.change'), exact: true })).toBeVisible();
  await shot(page, 'file-manager-upload-preview');
  const sent = await responseOf(page, 'POST', '/file-manager/user/upload-file', () => upload.getByRole('button', { name: f('upload.start'), exact: true }).click(), [201]);
  const png = (await sent.json()).data as SavedFile;
  expect(png).toMatchObject({ title: PNG_NAME, type: 'image', is_url: 0, folder_id: folder.id });
  await expect(upload).toBeHidden();
  await expect(page.getByText(f('upload.done', { name: PNG_NAME }))).toBeVisible();
  const pngCard = fileCard(page, png.id);
  await expect(pngCard.getByTestId('file-title')).toHaveText(PNG_NAME);
  await expect(pngCard.getByTestId('file-meta')).toContainText(f('types.image'));
  await expect(pngCard.locator('img')).toBeVisible();

  // A large video goes up in parts; the connection drops during part 2 once, and the upload
  // carries on by itself.
  const VIDEO_NAME = `lecture-${stamp}.mp4`;
  const video = Buffer.alloc(17 * 1024 * 1024, 7);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]).copy(video);
  let dropped = 0;
  await page.route('**/file-manager/user/uploads/*/parts/2', (route) => (dropped++ === 0 ? route.abort('connectionreset') : route.continue()));
  await page.getByRole('button', { name: f('actions.upload'), exact: true }).click();
  await upload.getByTestId('upload-input').setInputFiles({ name: VIDEO_NAME, mimeType: 'video/mp4', buffer: video });
  const done = await responseOf(page, 'POST', /\/file-manager\/user\/uploads\/[^/]+\/complete$/, () => upload.getByRole('button', { name: f('upload.start'), exact: true }).click(), [201]);
  expect((await done.json()).data).toMatchObject({ title: VIDEO_NAME, type: 'video', size: video.length, folder_id: folder.id });
  expect(dropped).toBe(2);
  await expect(upload).toBeHidden();
  await page.unroute('**/file-manager/user/uploads/*/parts/2');

  // Add a YouTube link: first empty, then not a link, then the link with a title.
  await page.getByRole('button', { name: f('actions.add_url'), exact: true }).click();
  const addUrl = page.getByRole('dialog', { name: f('url.title') });
  const save = addUrl.getByRole('button', { name: f('url.save'), exact: true });
  const urlInput = addUrl.getByRole('textbox', { name: f('url.url') });
  let posted = false;
  const onRequest = (r: { method: () => string; url: () => string }) => {
    if (r.method() === 'POST' && r.url().includes('/file-manager/user/create-url')) posted = true;
  };
  page.on('request', onRequest);
  await save.click();
  await expect(addUrl.getByTestId('add-url-help')).toHaveText(f('url.required'));
  await expect(urlInput).toHaveAttribute('aria-invalid', 'true');
  await urlInput.fill('youtube.com/watch?v=dQw4w9WgXcQ');
  await save.click();
  await expect(addUrl.getByTestId('add-url-help')).toHaveText(f('url.invalid'));
  expect(posted, 'no request while the link is refused').toBe(false);
  page.off('request', onRequest);
  await shot(page, 'file-manager-add-url-invalid');
  await urlInput.fill(YOUTUBE);
  await addUrl.getByRole('textbox', { name: f('url.title_label') }).fill(YOUTUBE_TITLE);
  const linked = await responseOf(page, 'POST', '/file-manager/user/create-url', () => save.click(), [201]);
  const link = (await linked.json()).data as SavedFile;
  expect(link).toMatchObject({ title: YOUTUBE_TITLE, is_url: 1, provider: 'youtube', type: 'video', folder_id: folder.id });
  await expect(page.getByText(f('url.saved'))).toBeVisible();
  const linkCard = fileCard(page, link.id);
  await expect(linkCard.getByTestId('play-badge')).toBeVisible();
  // YouTube's thumbnail (out of reach from the test machine, where the card falls back to an icon).
  expect(link.file_encode_path).toMatch(/i\.ytimg\.com\/vi\/dQw4w9WgXcQ\//);
  await expect(linkCard.getByTestId('file-meta')).toHaveText(f('card.youtube'));
  // The Video tab keeps the link and drops the PNG, back at the top level (SPEC 4).
  await page.getByRole('tab', { name: f('tabs.video'), exact: true }).click();
  await expect(page).toHaveURL(/\/filemanager\/my\?type=video$/);
  await expect(page.getByTestId('files-breadcrumb')).toHaveCount(0);
  await page.goto(`${site()}/filemanager/my?folder=${folder.id}&type=video`);
  await expect(linkCard).toBeVisible();
  await expect(pngCard).toHaveCount(0);
  await expectFitsWidth(page);
  await shot(page, 'file-manager-folder-video');

  // Back up by the breadcrumb, and rename the folder from its menu.
  await page.getByRole('navigation', { name: f('breadcrumb'), exact: true }).getByRole('link', { name: f('sources.my'), exact: true }).click();
  await expect(page.getByTestId('files-current-folder')).toHaveCount(0);
  await page.getByRole('tab', { name: f('tabs.all'), exact: true }).click();
  await fromMenu(page, card, FOLDER, 'rename');
  const rename = page.getByRole('dialog', { name: f('rename.title_folder') });
  await rename.getByRole('textbox', { name: f('rename.name') }).fill(RENAMED);
  const renamed = await responseOf(page, 'PUT', '/file-manager/user/savename', () => rename.getByRole('button', { name: f('rename.save'), exact: true }).click());
  expect((await renamed.json()).data).toMatchObject({ id: folder.id, name: RENAMED });
  await expect(page.getByText(f('rename.done'))).toBeVisible();
  await expect(card.getByTestId('folder-name')).toHaveText(RENAMED);

  // Share the PNG: a learner is no colleague; the partner admin is.
  await card.getByRole('link').click();
  await page.waitForURL(`**/filemanager/my?folder=${folder.id}`);
  await expect(page.getByTestId('files-current-folder')).toHaveText(RENAMED);
  await fromMenu(page, pngCard, PNG_NAME, 'share');
  const share = page.getByRole('dialog', { name: f('share.title') });
  await expect(share.getByTestId('share-none')).toHaveText(f('share.none'));
  const who = share.getByRole('textbox', { name: f('share.input') });
  const shareButton = share.getByRole('button', { name: f('share.save'), exact: true });
  await who.fill(LEARNER.email);
  await who.press('Enter');
  await expect(share.getByTestId('share-chip')).toContainText(LEARNER.email);
  const refused = await responseOf(page, 'POST', '/my-account/sharing/share', () => shareButton.click(), [422]);
  const refusal = (await refused.json()) as { errors: { users?: string[] } };
  expect(refusal.errors.users?.length, 'the list is refused on users').toBeTruthy();
  await expect(who).toHaveAttribute('aria-invalid', 'true');
  await expect(share.getByTestId('share-help')).not.toHaveText(f('share.hint'));
  await shot(page, 'file-manager-share-refused');
  await share.getByRole('img', { name: f('share.remove', { name: LEARNER.email }) }).click();
  await who.fill(DHAKA_ADMIN.email);
  await who.press('Enter');
  const shared = await responseOf(page, 'POST', '/my-account/sharing/share', () => shareButton.click());
  const sharedFile = (await shared.json()).data as SavedFile;
  expect(JSON.parse(shared.request().postData() ?? '{}')).toEqual({ table: 'files', id: png.id, users: [DHAKA_ADMIN.email] });
  expect(sharedFile.shared_with.map((p) => p.name)).toEqual([DHAKA_ADMIN.name]);
  await expect(page.getByText(f('share.done'))).toBeVisible();
  await expect(pngCard.getByTestId('file-shared')).toBeVisible();

  // Delete the PNG: asked first.
  await fromMenu(page, pngCard, PNG_NAME, 'delete');
  const confirm = page.getByRole('dialog', { name: f('delete.confirm') });
  await expect(confirm).toContainText(f('delete.file_body', { name: PNG_NAME }));
  await shot(page, 'file-manager-delete-confirm');
  const gone = await responseOf(page, 'POST', '/file-manager/user/delete-file', () => confirm.getByRole('button', { name: f('delete.action'), exact: true }).click());
  expect(JSON.parse(gone.request().postData() ?? '{}')).toEqual({ id: png.id });
  await expect(page.getByText(f('delete.done'))).toBeVisible();
  await expect(pngCard).toHaveCount(0);
  await expect(linkCard).toBeVisible();

  // And the folder, with the link still in it.
  await page.getByRole('navigation', { name: f('breadcrumb'), exact: true }).getByRole('link', { name: f('sources.my'), exact: true }).click();
  await fromMenu(page, card, RENAMED, 'delete');
  await expect(confirm).toContainText(f('delete.folder_body', { name: RENAMED }));
  await responseOf(page, 'POST', '/file-manager/user/delete-folder', () => confirm.getByRole('button', { name: f('delete.action'), exact: true }).click());
  await expect(card).toHaveCount(0);
});

test('a learner crops a picture into the profile folder, where uploads are refused', async ({ page }) => {
  await signInOn(page, partnerURL('dhaka'), LEARNER);
  await chooseLanguage(page, 'bn');
  const login = await data<{ token: string }>(page, 'sign in', 'POST', '/my-account/user/login', LEARNER);
  const folders = await data<{ profile: { id: number } }>(page, 'the profile folder', 'POST', '/file-manager/user/profile-folder', {},
    { Authorization: `Bearer ${login.token}` });
  await page.goto(`${partnerURL('dhaka')}/filemanager/my?folder=${folders.profile.id}`);
  await expect(page.getByRole('button', { name: f('actions.upload'), exact: true })).toHaveCount(0);
  await page.getByTestId('crop-picture').click();
  await page.getByTestId('crop-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(320) });
  const dialog = page.getByTestId('crop-dialog');
  await expect(dialog.getByTestId('cropper')).toBeVisible();
  await dialog.getByTestId('cropper').press('ArrowRight');
  await shot(page, 'file-manager-cropper');
  const saved = await responseOf(page, 'POST', '/file-manager/user/upload-cropped-image', () => dialog.getByTestId('crop-save').click(), [201]);
  expect((await saved.json()).data).toMatchObject({ type: 'image', mime: 'image/jpeg', folder_id: folders.profile.id });
  await expect(dialog).toBeHidden();
});
