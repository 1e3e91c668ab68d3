import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, tag, text } from '../../../lib/test-render';
import { signedInUser, testSession } from '../../../lib/test-session';
import type { Notification } from '../api/notifications-api';
import { notificationKeys, type NotificationList as ListPage } from '../hooks/use-notifications';
import { BellSlot } from './bell-slot';
import { badgeText, BellButton, NotificationBell } from './notification-bell';
import { NotificationList, NotificationPanel, openNotification } from './notification-panel';

vi.mock('../../../lib/session', () => import('../../../lib/test-session'));

// test-session's signed-in user has the token "token".
const TOKEN = 'token';

beforeEach(() => {
  testSession.user = signedInUser(3, null);
  testSession.loading = false;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOW = Date.parse('2026-12-01T12:00:00Z');

const note = (id: number, read: boolean, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'enrolment_approved',
  params: { course_title: 'Algebra for Class 9', course_title_bn: 'নবম শ্রেণির বীজগণিত', course_uuid: 'u-1', batch_name: 'Batch A' },
  link: '/course/details/u-1',
  read,
  created_at: '2026-12-01T11:57:00Z',
  ...over,
});

const ITEMS = [note(9, false), note(8, true, { kind: 'something_new', params: {}, link: null, created_at: '2026-11-30T12:00:00Z' })];

function client(items: Notification[] | null, unread: number) {
  const qc = new QueryClient();
  qc.setQueryData(notificationKeys.unread(TOKEN), unread);
  if (items) qc.setQueryData<ListPage>(notificationKeys.list(TOKEN), { data: items, current_page: 1, last_page: 1, per_page: 10, total: items.length });
  return qc;
}

const tags = (html: string, id: string) => [...html.matchAll(new RegExp(`<[a-zA-Z][\\w-]*\\b[^>]*data-testid="${id}"[^>]*>`, 'g'))].map((m) => m[0]);
/** The markup of the element with this test id (up to the end of the markup). */
const from = (html: string, id: string) => {
  const at = html.indexOf(`data-testid="${id}"`);
  return at < 0 ? '' : html.slice(html.lastIndexOf('<', at));
};
/** The text inside the badge. */
const badge = (html: string) => /data-testid="bell-count"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;
const label = (html: string) => /aria-label="([^"]*)"/.exec(tag(html, 'bell'))?.[1];

describe('the bell’s badge', () => {
  it('shows the unread count in Bangla digits in Bangla, in the button’s label too', async () => {
    const html = await render('bn', <BellButton count={5} />);
    expect(badge(html)).toBe('৫');
    expect(label(html)).toBe('বিজ্ঞপ্তি: ৫টি অপঠিত');
    const en = await render('en', <BellButton count={5} />);
    expect(badge(en)).toBe('5');
    expect(label(en)).toBe('Notifications: 5 unread');
  });

  it('is hidden at 0, the label without a number', async () => {
    for (const lang of ['bn', 'en'] as const) {
      const html = await render(lang, <BellButton count={0} />);
      expect(tag(html, 'bell-count')).toBe('');
      expect(html).toMatch(/MuiBadge-invisible/);
      expect(label(html)).toBe(lang === 'bn' ? 'বিজ্ঞপ্তি' : 'Notifications');
    }
  });

  it('says 99+ beyond 99', async () => {
    expect([badgeText(99, 'en'), badgeText(100, 'en'), badgeText(100, 'bn'), badgeText(1234, 'bn')]).toEqual(['99', '99+', '৯৯+', '৯৯+']);
    expect(badge(await render('bn', <BellButton count={250} />))).toBe('৯৯+');
    expect(label(await render('en', <BellButton count={250} />))).toBe('Notifications: 250 unread');
  });

  it('takes the count from the cache (the stream keeps it current), for a signed-in user only', async () => {
    const html = await render('bn', <NotificationBell />, { qc: client(null, 12) });
    expect(badge(html)).toBe('১২');
    expect(tag(html, 'bell')).toMatch(/aria-haspopup="dialog"/);
    testSession.user = null;
    expect(await render('bn', <NotificationBell />, { qc: client(null, 12) })).toBe('');
    expect(await render('bn', <BellSlot />)).toBe('');
  });

  it('stands a box of its size in while its chunk loads', async () => {
    expect(tag(await render('en', <BellSlot />), 'bell-slot')).not.toBe('');
  });
});

describe('the bell’s panel', () => {
  it('lists the notifications with their texts and times in Bangla, unread ones marked', async () => {
    const html = await render('bn', <NotificationList active onClose={() => {}} now={NOW} />, { qc: client(ITEMS, 1) });
    const items = tags(html, 'bell-item');
    expect(items).toHaveLength(2);
    expect(items.map((t) => /data-read="(\w+)"/.exec(t)?.[1])).toEqual(['false', 'true']);
    expect(items.every((t) => /role="menuitem"/.test(t))).toBe(true);
    const shown = text(from(html, 'bell-panel'));
    expect(shown).toContain('বিজ্ঞপ্তি');
    expect(shown).toContain('অপঠিত: নবম শ্রেণির বীজগণিত কোর্সে আপনার ভর্তি অনুমোদিত হয়েছে।');
    expect(shown).toContain('আপনার একটি নতুন বিজ্ঞপ্তি আছে।');
    expect(shown).toContain('৩ মিনিট আগে');
    expect(text(from(html, 'bell-read-all'))).toMatch(/^ ?সবগুলো পঠিত হিসেবে চিহ্নিত করুন/);
    expect(html).toMatch(/<time[^>]*datetime="2026-12-01T11:57:00Z"/i);
  });

  it('lists them in English', async () => {
    const html = await render('en', <NotificationList active onClose={() => {}} now={NOW} />, { qc: client(ITEMS, 1) });
    const shown = text(from(html, 'bell-panel'));
    expect(shown).toContain('Notifications');
    expect(shown).toContain('Unread: Your enrolment in Algebra for Class 9 was approved.');
    expect(shown).toContain('You have a new notification.');
    expect(shown).toContain('3 minutes ago');
    expect(shown).toContain('yesterday');
    expect(text(from(html, 'bell-read-all'))).toMatch(/Mark all as read/);
    expect(html).not.toMatch(/Unread: You have a new notification/);
  });

  it('has no "Mark all as read" when all are read', async () => {
    const html = await render('en', <NotificationList active onClose={() => {}} now={NOW} />, { qc: client([note(1, true)], 0) });
    expect(tag(html, 'bell-read-all')).toBe('');
    expect(tags(html, 'bell-item')).toHaveLength(1);
  });

  it('says when there are none yet, in both languages', async () => {
    for (const [lang, words] of [
      ['en', 'No notifications yet.'],
      ['bn', 'এখনো কোনো বিজ্ঞপ্তি নেই।'],
    ] as const) {
      const html = await render(lang, <NotificationList active onClose={() => {}} />, { qc: client([], 0) });
      expect(tags(html, 'bell-item')).toHaveLength(0);
      expect(tag(html, 'bell-read-all')).toBe('');
      expect(text(from(html, 'bell-empty'))).toContain(words);
    }
  });

  it('opens as a dialog named by its title, fitting a phone’s width', async () => {
    // A static render has no portal: the pop-over is drawn in place.
    const inPlace = createTheme({ components: { MuiModal: { defaultProps: { disablePortal: true } }, MuiPopover: { defaultProps: { disablePortal: true } } } });
    const html = await render(
      'en',
      <ThemeProvider theme={inPlace}>
        <NotificationPanel open anchorEl={null} onClose={() => {}} />
      </ThemeProvider>,
      { qc: client(ITEMS, 1) },
    );
    const dialog = /<div[^>]*role="dialog"[^>]*>/.exec(html)?.[0] ?? '';
    const titled = /aria-labelledby="([^"]+)"/.exec(dialog)?.[1];
    expect(titled).toBeTruthy();
    expect(html).toContain(`id="${titled}"`);
    expect(tags(html, 'bell-item')).toHaveLength(2);
    expect(html).toMatch(/max-width:calc\(100vw - 16px\)/);
  });
});

describe('opening a notification', () => {
  it('marks an unread one read, closes the panel and goes to its link', () => {
    const markRead = vi.fn();
    const navigate = vi.fn();
    const close = vi.fn();
    openNotification(note(9, false), { markRead, navigate, close });
    expect(markRead).toHaveBeenCalledWith(note(9, false));
    expect(close).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/course/details/u-1');
  });

  it('asks nothing for one already read, and goes nowhere without a link of this app', () => {
    const markRead = vi.fn();
    const navigate = vi.fn();
    const close = vi.fn();
    openNotification(note(8, true, { link: null }), { markRead, navigate, close });
    openNotification(note(7, true, { link: 'https://elsewhere.example/x' }), { markRead, navigate, close });
    expect(markRead).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(2);
  });
});
