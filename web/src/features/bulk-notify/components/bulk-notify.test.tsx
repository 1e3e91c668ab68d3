import { createTheme, ThemeProvider } from '@mui/material/styles';
import { environmentManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { DEFAULT_SITE } from '../../../lib/site';
import { SiteProvider } from '../../../lib/site-context';
import { fetchCall, input, json, render, runMutation, stubFetch, tag, testI18n, text } from '../../../lib/test-render';
import { builtInRole } from '../../../lib/test-role-maps';
import { signedInUser, testSession } from '../../../lib/test-session';
import type { CurrentRole, Page } from '../../../lib/types';
import { fetchAudience, type AudienceSummary, type BulkMessage, type Failure } from '../api/bulk-api';
import { audienceRequest, emptyBulkValues, type BulkPreset } from '../hooks/bulk-form';
import { channelLabel, failedCount, messageTitle, progressPercent, progressText } from '../hooks/progress';
import { reachableMost, summaryLines } from '../hooks/summary';
import {
  audienceQuery,
  bulkKeys,
  cancelMessageMutation,
  failuresQuery,
  HISTORY_POLL_MS,
  historyPollInterval,
  isAlreadyFinished,
  messagesQuery,
  sendMessageMutation,
} from '../hooks/use-bulk';
import { AudienceSummaryBox } from './audience-summary';
import BulkNotifyPage from './bulk-notify-page';
import { SmsCounter, useBulkFieldWords } from './compose-card';
import { ConfirmSendDialog } from './confirm-send-dialog';
import { FailuresDialog, failureReason } from './failures-dialog';
import { History } from './history';

vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useCurrentUser: (await import('../../../lib/test-session')).useCurrentUser,
}));

const SUPER = builtInRole('super', 1, null);
const PARTNER_ADMIN = builtInRole('partner-admin', 31, 4);
const PARTNER_SITE = { ...DEFAULT_SITE, id: 4, slug: 'dhaka-academy', is_main: false };

beforeEach(() => {
  testSession.user = signedInUser(2, PARTNER_ADMIN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  testSession.user = null;
});

const progress = (total: number, waiting: number, sent: number, delivered: number, failed: number) => ({ total, waiting, sent, delivered, failed });

function message(over: Partial<BulkMessage> = {}): BulkMessage {
  return {
    id: 1,
    channels: ['email', 'sms'],
    subject: 'Exam on Sunday',
    body: 'The final exam is on Sunday at 10:00.',
    audience: { course_id: 12 },
    state: 'sent',
    send_at: '2026-12-10T04:00:00Z',
    created_at: '2026-12-10T03:55:00Z',
    finished_at: '2026-12-10T04:02:00Z',
    created_by: { id: 2, name: 'Rina Das' },
    progress: { email: progress(1200, 0, 1200, 1180, 20), sms: progress(1100, 0, 1098, 1090, 2) },
    ...over,
  };
}

const sending = message({ id: 3, state: 'sending', finished_at: null, channels: ['bell'], subject: 'Holiday', progress: { bell: progress(1234, 734, 500, 500, 0) } });
const scheduled = message({ id: 2, state: 'scheduled', finished_at: null, send_at: '2027-01-05T03:00:00Z', progress: { email: progress(1200, 1200, 0, 0, 0), sms: progress(1100, 1100, 0, 0, 0) } });
const sent = message({ id: 1 });
const cancelled = message({ id: 4, state: 'cancelled', subject: '', channels: ['sms'], body: '\nClasses resume on Monday.\nBring your books.', progress: { sms: progress(900, 400, 500, 480, 0) } });

function page<T>(data: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 10, total: data.length, ...over };
}

/** A query client holding the history's first page for the current role. */
function withHistory(list: BulkMessage[], role = PARTNER_ADMIN.id, over: Partial<Page<BulkMessage>> = {}) {
  const qc = new QueryClient();
  qc.setQueryData(bulkKeys.messagePage(role, 1), page(list, over));
  return qc;
}

/** The markup of the history row of this message. */
function row(html: string, id: number) {
  const at = html.indexOf(`data-message-id="${id}"`);
  if (at < 0) return '';
  const start = html.lastIndexOf('<li', at);
  return html.slice(start, html.indexOf('</li>', at) + 5);
}

/** Dialogs drawn in place (a static render has no portal). */
const inPlace = (node: ReactNode) => <ThemeProvider theme={createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true, transitionDuration: 0 } } } })}>{node}</ThemeProvider>;

const summary: AudienceSummary = { people: 1234, reachable: { email: 1200, sms: 1100, bell: 1234 }, sms_segments: 3, sms_cost_poisha: 115500 };

describe('a channel’s progress in words', () => {
  it('says sent x of total, delivered y, failed z, per channel, in English', async () => {
    const i18n = await testI18n('en');
    expect(progressText('email', sent.progress.email, i18n.t, 'en')).toBe('E-mail: sent 1,200 of 1,200, delivered 1,180, failed 20');
    expect(progressText('sms', sent.progress.sms, i18n.t, 'en')).toBe('SMS: sent 1,098 of 1,100, delivered 1,090, failed 2');
    expect(progressText('bell', sending.progress.bell, i18n.t, 'en')).toBe('System notification: sent 500 of 1,234, delivered 500, failed 0');
    // Nothing known yet: zeros, not blanks.
    expect(progressText('email', undefined, i18n.t, 'en')).toBe('E-mail: sent 0 of 0, delivered 0, failed 0');
    // A channel this app does not know keeps the server's name.
    expect(channelLabel('whatsapp', i18n.t)).toBe('whatsapp');
  });

  it('says it in Bangla with Bangla digits', async () => {
    const i18n = await testI18n('bn');
    expect(progressText('email', sent.progress.email, i18n.t, 'bn')).toBe('ই-মেইল: ১,২০০ জনের মধ্যে ১,২০০ জনকে পাঠানো হয়েছে, পৌঁছেছে ১,১৮০, ব্যর্থ ২০');
    expect(progressText('bell', sending.progress.bell, i18n.t, 'bn')).toBe('সিস্টেম নোটিফিকেশন: ১,২৩৪ জনের মধ্যে ৫০০ জনকে পাঠানো হয়েছে, পৌঁছেছে ৫০০, ব্যর্থ ০');
    expect(progressText('sms', progress(150000, 0, 150000, 149990, 10), i18n.t, 'bn')).not.toMatch(/[0-9]/);
  });

  it('fills the bar with those handed on or given up', () => {
    expect(progressPercent(sending.progress.bell)).toBe(40);
    expect(progressPercent(scheduled.progress.email)).toBe(0);
    expect(progressPercent(sent.progress.sms)).toBe(100);
    expect(progressPercent(progress(0, 0, 0, 0, 0))).toBe(0);
    expect(progressPercent(undefined)).toBe(0);
    expect(failedCount(sent)).toBe(22);
    expect(messageTitle(cancelled)).toBe('Classes resume on Monday.');
    expect(messageTitle({ subject: null, body: 'x'.repeat(200) }, 20)).toBe(`${'x'.repeat(19)}…`);
  });
});

describe('the audience in words', () => {
  it('says how many it reaches by each channel chosen, and what the SMS cost', async () => {
    const en = await testI18n('en');
    expect(summaryLines(summary, ['email', 'sms'], en.t, 'en')).toEqual({
      reach: 'Reaches 1,234 people: 1,200 by e-mail, 1,100 by SMS',
      cost: 'SMS cost: ৳1,155.00 (3 parts each)',
    });
    expect(summaryLines({ ...summary, people: 1, reachable: { bell: 1 } }, ['bell'], en.t, 'en')).toEqual({ reach: 'Reaches 1 person: 1 by system notification', cost: null });
    expect(summaryLines({ ...summary, sms_segments: 1, sms_cost_poisha: 33000 }, ['sms'], en.t, 'en').cost).toBe('SMS cost: ৳330.00 (1 part each)');
    const bn = await testI18n('bn');
    const lines = summaryLines(summary, ['email', 'sms', 'bell'], bn.t, 'bn');
    expect(lines.reach).toBe('১,২৩৪ জনের কাছে পৌঁছাবে: ই-মেইলে ১,২০০ জন, এসএমএসে ১,১০০ জন, সিস্টেম নোটিফিকেশনে ১,২৩৪ জন');
    expect(lines.cost).toContain('এসএমএসের খরচ: ১,১৫৫.০০');
    expect(lines.cost).toContain('৩টি অংশ');
    expect(`${lines.reach}${lines.cost}`).not.toMatch(/[0-9]/);
  });

  it('knows when nobody can be reached', () => {
    expect(reachableMost(summary, ['email', 'sms'])).toBe(1200);
    expect(reachableMost({ reachable: { email: 0, sms: 0 } }, ['email', 'sms'])).toBe(0);
    expect(reachableMost(undefined, ['email'])).toBe(0);
  });

  it('asks the audience with the filters, the channels and the body (POST, silently)', async () => {
    const fetch = stubFetch(() => json({ data: summary }));
    const request = audienceRequest({ ...emptyBulkValues('custom'), channels: ['sms', 'email'], body: ' Hello ', course: { id: 12, title: 'Physics', title_bn: '' }, batch_id: 7, district_id: 3 }, false);
    expect(await fetchAudience(request)).toEqual(summary);
    const [url, init] = fetchCall(fetch);
    expect(url).toBe('/bulknotify/audience');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ channels: ['email', 'sms'], audience: { course_id: 12, batch_id: 7, district_id: 3 }, body: 'Hello' });
    // The question is the query's key: another filter is another question.
    expect(audienceQuery(31, request).queryKey).toEqual(['bulk', 31, 'audience', request]);
  });

  it('draws the reach and the cost under the filters, a warning when nobody is reached, and asks for a channel first', async () => {
    const query = { data: summary, error: null, isFetching: false, refetch: vi.fn() };
    const html = await render('en', <AudienceSummaryBox channels={['email', 'sms']} query={query} upToDate />);
    expect(tag(html, 'bulk-summary')).toContain('role="status"');
    expect(text(html)).toContain('Reaches 1,234 people: 1,200 by e-mail, 1,100 by SMS');
    expect(text(html)).toContain('SMS cost: ৳1,155.00 (3 parts each)');
    expect(html).not.toContain('data-testid="bulk-nobody"');

    const none = await render('en', <AudienceSummaryBox channels={['sms']} query={{ ...query, data: { ...summary, reachable: { sms: 0 } } }} upToDate />);
    expect(none).toContain('data-testid="bulk-nobody"');
    expect(text(await render('en', <AudienceSummaryBox channels={[]} query={{ ...query, data: undefined }} upToDate />))).toContain('Choose a channel');
    expect(text(await render('bn', <AudienceSummaryBox channels={['email']} query={{ ...query, data: undefined }} upToDate={false} />))).toContain('কতজন পাবেন গোনা হচ্ছে…');
    const failed = await render('en', <AudienceSummaryBox channels={['email']} query={{ ...query, data: undefined, error: new ApiError(403, 'Forbidden', 'forbidden', {}) }} upToDate />);
    expect(text(failed)).toContain('The people could not be counted. You are not allowed to do this.');
    expect(text(failed)).toContain('Try again');
  });
});

describe('the SMS counter under the message', () => {
  it('counts characters and parts as the server does, in the interface’s digits', async () => {
    const en = await render('en', <SmsCounter body={'a'.repeat(161)} />);
    expect(text(en).trim()).toBe('161 characters, 2 SMS parts (English: 153 per part)');
    const one = await render('en', <SmsCounter body="ক্লাস কাল" />);
    expect(text(one)).toContain('9 characters, 1 SMS part');
    expect(text(one)).toContain('Bangla: 70 per part');
    const bn = await render('bn', <SmsCounter body={'ক'.repeat(71)} />);
    expect(text(bn)).toContain('৭১ অক্ষর, এসএমএসের ২টি অংশ');
    expect(text(bn)).toContain('বাংলায় প্রতি অংশে ৬৭ অক্ষর');
    const over = await render('en', <SmsCounter body={'ক'.repeat(403)} />);
    expect(tag(over, 'bulk-sms-counter')).toContain('data-parts="7"');
    expect(text(over)).toContain('At most 6 parts.');
    expect(tag(await render('en', <SmsCounter body="" />), 'bulk-sms-counter')).toContain('data-parts="0"');
  });
});

describe('the page of each preset', () => {
  const draw = (preset: BulkPreset, lang: 'en' | 'bn' = 'en', site = PARTNER_SITE) =>
    render(
      lang,
      <SiteProvider initial={site}>
        <BulkNotifyPage preset={preset} />
      </SiteProvider>,
      { at: `/bulknotify/${preset}`, qc: withHistory([], testSession.user?.currentrole?.id) },
    );

  it('offers the channels to choose on custom only, the subject for e-mail and the bell, the counter for SMS', async () => {
    const custom = await draw('custom');
    expect(custom).toContain('data-preset="custom"');
    for (const c of ['email', 'sms', 'bell']) expect(custom).toContain(`id="bulk-channel-${c}"`);
    for (const c of ['email', 'sms', 'bell']) expect(input(custom, `bulk-channel-${c}`)).not.toContain('checked');
    expect(custom).not.toContain('id="bulk-subject"');
    expect(text(custom)).toContain('Choose a channel to see how many people the message reaches.');

    const email = await draw('email');
    expect(email).not.toContain('id="bulk-channel-email"');
    expect(email).toContain('id="bulk-subject"');
    expect(email).not.toContain('data-testid="bulk-sms-counter"');

    const sms = await draw('sms');
    expect(sms).not.toContain('id="bulk-subject"');
    expect(tag(sms, 'bulk-sms-counter')).toContain('data-parts="0"');

    const system = await draw('system');
    expect(system).toContain('id="bulk-subject"');
    expect(system).not.toContain('data-testid="bulk-sms-counter"');

    // The four presets as tabs, this one current.
    expect(tag(sms, 'bulk-preset-sms')).toContain('aria-current="page"');
    for (const p of ['email', 'system', 'custom']) expect(tag(sms, `bulk-preset-${p}`)).toContain(`href="/bulknotify/${p}"`);
  });

  it('has every filter, sending now by default, and the history below', async () => {
    const html = await draw('email');
    for (const id of ['bulk-course', 'bulk-batch', 'bulk-status', 'bulk-district', 'bulk-profession']) expect(html, id).toContain(`data-testid="${id}"`);
    expect(html).toContain('id="bulk-when-now"');
    expect(html).not.toContain('id="bulk-send-at"');
    expect(text(html)).toContain('Choose a course first.');
    expect(tag(html, 'bulk-send')).toContain('type="submit"');
    expect(tag(html, 'bulk-send')).not.toContain('disabled');
    expect(text(html)).toContain('Send…');
    expect(text(html)).toContain('No bulk messages yet.');
  });

  it('offers everyone on the platform to the super admin on the main site only', async () => {
    expect(await draw('email')).not.toContain('id="bulk-everyone"');
    testSession.user = signedInUser(2, SUPER);
    expect(await draw('email', 'en', DEFAULT_SITE)).toContain('id="bulk-everyone"');
    // The super admin's class on a partner's site: not there.
    expect(await draw('email', 'en', PARTNER_SITE)).not.toContain('id="bulk-everyone"');
  });

  it('is in Bangla', async () => {
    const html = text(await draw('custom', 'bn'));
    for (const words of ['একসাথে বার্তা পাঠান', 'সিস্টেম নোটিফিকেশন', 'কারা পাবেন', 'এখনই পাঠান', 'পাঠানো ও নির্ধারিত বার্তা']) expect(html).toContain(words);
  });
});

describe('the refusals in words', () => {
  function Words() {
    const words = useBulkFieldWords();
    const pairs: [Parameters<typeof words>[0], string][] = [
      ['channels', 'channels_required'],
      ['subject', 'required'],
      ['subject', 'too_long'],
      ['body', 'too_long'],
      ['body', 'too_many_parts'],
      ['send_at', 'send_at_past'],
      ['send_at', 'invalid_date'],
      ['body', 'gateway_said_no'],
      // The server's own codes for the same.
      ['send_at', 'in_the_past'],
      ['body', 'sms_too_long'],
    ];
    return <>{pairs.map(([f, c]) => `[${words(f, c) ?? 'null'}]`).join('')}</>;
  }
  it('words the form’s own codes with their limits, the app’s known ones, and leaves the rest to the server', async () => {
    expect(text(await render('en', <Words />))).toBe(
      '[Choose at least one channel.][This field is required.][The subject may have at most 150 characters.][The message may have at most 2,000 characters.]' +
        '[As SMS this message takes more than 6 parts. Shorten it.][Choose a time in the future.][Enter a valid date.][null]' +
        '[Choose a time in the future.][As SMS this message takes more than 6 parts. Shorten it.]',
    );
    const bn = text(await render('bn', <Words />));
    expect(bn).toContain('[বিষয় সর্বোচ্চ ১৫০ অক্ষরের হতে পারে।]');
    expect(bn).toContain('[এসএমএস হিসেবে বার্তাটি ৬টির বেশি অংশ নেয়। ছোট করুন।]');
    expect(bn).toContain('[ভবিষ্যতের কোনো সময় বেছে নিন।]');
  });
});

describe('the confirmation before sending', () => {
  const values = { ...emptyBulkValues('custom'), channels: ['email' as const, 'sms' as const], subject: 'Exam on Sunday', body: 'At 10:00.' };
  it('repeats the channels, the counts and the cost, and waits for them', async () => {
    const html = await render('en', inPlace(<ConfirmSendDialog values={values} summary={summary} busy={false} onConfirm={vi.fn()} onClose={vi.fn()} />));
    expect(text(html)).toContain('Send this message now?');
    expect(text(html)).toContain('Exam on Sunday');
    expect(text(html)).toContain('By: E-mail, SMS');
    expect(text(html)).toContain('Reaches 1,234 people: 1,200 by e-mail, 1,100 by SMS');
    expect(text(html)).toContain('SMS cost: ৳1,155.00 (3 parts each)');
    expect(tag(html, 'bulk-confirm-send')).not.toContain('disabled');

    const counting = await render('en', inPlace(<ConfirmSendDialog values={values} summary={undefined} busy={false} onConfirm={vi.fn()} onClose={vi.fn()} />));
    expect(text(counting)).toContain('Counting the people…');
    expect(tag(counting, 'bulk-confirm-send')).toContain('disabled');

    const refused = await render('en', inPlace(<ConfirmSendDialog values={values} summary={undefined} error={new ApiError(403, 'Forbidden', 'forbidden', {})} busy={false} onConfirm={vi.fn()} onClose={vi.fn()} />));
    expect(text(refused)).toContain('The people could not be counted. You are not allowed to do this.');
    expect(tag(refused, 'bulk-confirm-send')).toContain('disabled');

    const later = await render('bn', inPlace(<ConfirmSendDialog values={{ ...values, when: 'later', send_at: '2030-01-02T10:30' }} summary={summary} busy={false} onConfirm={vi.fn()} onClose={vi.fn()} />));
    expect(text(later)).toContain('বার্তাটি পাঠানোর সময় ঠিক করবেন?');
    expect(text(later)).toContain('এটি ২ জানু, ২০৩০');
  });
});

describe('the history', () => {
  it('lists each message with its channels, state and per-channel progress, Cancel on those under way', async () => {
    const html = await render('en', <History page={1} onPage={vi.fn()} />, { qc: withHistory([sending, scheduled, sent, cancelled]) });
    expect(html.split('data-testid="bulk-row"').length - 1).toBe(4);

    const live = row(html, 3);
    expect(text(live)).toContain('Holiday');
    expect(tag(live, 'bulk-state')).toContain('data-state="sending"');
    expect(text(live)).toContain('Sending');
    expect(text(live)).toContain('System notification: sent 500 of 1,234, delivered 500, failed 0');
    expect(live).toContain('aria-valuenow="40"');
    expect(tag(live, 'bulk-cancel')).toContain('aria-label="Cancel sending “Holiday”"');
    expect(live).not.toContain('data-testid="bulk-failures"');

    const later = row(html, 2);
    expect(text(later)).toContain('Scheduled');
    expect(text(later)).toContain('To be sent');
    expect(later).toContain('data-testid="bulk-cancel"');

    const done = row(html, 1);
    expect(text(done)).toContain('Exam on Sunday');
    expect(text(done)).toContain('by Rina Das');
    expect(done).toContain('data-channel="email"');
    expect(done).toContain('data-channel="sms"');
    expect(text(done)).toContain('E-mail: sent 1,200 of 1,200, delivered 1,180, failed 20');
    expect(text(done)).toContain('SMS: sent 1,098 of 1,100, delivered 1,090, failed 2');
    expect(done).not.toContain('data-testid="bulk-cancel"');
    expect(tag(done, 'bulk-failures')).toContain('aria-label="Failures of “Exam on Sunday”"');
    expect(text(done)).toContain('Failures (22)');

    // No subject: the body's first line.
    const stopped = row(html, 4);
    expect(text(stopped)).toContain('Classes resume on Monday.');
    expect(text(stopped)).toContain('Cancelled');
    expect(stopped).not.toContain('data-testid="bulk-cancel"');

    // Being sent: updated live.
    expect(html).toContain('data-testid="bulk-live"');
  });

  it('leaves Cancel out for a role that may not edit the site’s people', async () => {
    const viewer: CurrentRole = { id: 50, role: 'messenger', owner_id: 4, permissions: { users: { view: true, create: true, edit: false } } };
    testSession.user = signedInUser(2, viewer);
    const html = await render('en', <History page={1} onPage={vi.fn()} />, { qc: withHistory([sending, scheduled], viewer.id) });
    expect(html).not.toContain('data-testid="bulk-cancel"');
  });

  it('is in Bangla with Bangla digits', async () => {
    const html = await render('bn', <History page={1} onPage={vi.fn()} />, { qc: withHistory([sending, sent]) });
    expect(text(row(html, 3))).toContain('পাঠানো হচ্ছে');
    expect(text(row(html, 3))).toContain('সিস্টেম নোটিফিকেশন: ১,২৩৪ জনের মধ্যে ৫০০ জনকে পাঠানো হয়েছে');
    expect(text(row(html, 1))).toContain('ব্যর্থ (২২)');
    expect(text(row(html, 3))).toContain('বাতিল');
  });

  it('says when there is nothing yet, and offers a retry when the list cannot be read', async () => {
    expect(text(await render('en', <History page={1} onPage={vi.fn()} />, { qc: withHistory([]) }))).toContain('No bulk messages yet. The messages you send show here with their progress.');
    expect(text(await render('bn', <History page={1} onPage={vi.fn()} />, { qc: withHistory([]) }))).toContain('এখনো একসাথে কোনো বার্তা পাঠানো হয়নি।');
    expect(await render('en', <History page={1} onPage={vi.fn()} />)).toContain('MuiSkeleton');

    stubFetch(() => json({ message: 'Down', code: 'server_error', errors: {} }, 500));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
    await qc.prefetchQuery({ ...messagesQuery(PARTNER_ADMIN.id, 1), retry: false });
    const html = await render('en', <History page={1} onPage={vi.fn()} />, { qc });
    expect(html).toContain('data-testid="error-state"');
    expect(text(html)).toContain('Try again');
  });
});

describe('polling the history', () => {
  it('asks again every 2 s while a message shown is scheduled or being sent, and not otherwise', () => {
    expect(HISTORY_POLL_MS).toBe(2000);
    expect(historyPollInterval(page([sending]))).toBe(2000);
    expect(historyPollInterval(page([sent, scheduled]))).toBe(2000);
    expect(historyPollInterval(page([sent, cancelled]))).toBe(false);
    expect(historyPollInterval(page([]))).toBe(false);
    expect(historyPollInterval(undefined)).toBe(false);
    const interval = messagesQuery(31, 1).refetchInterval;
    expect(interval({ state: { data: page([sending, sent]) } })).toBe(2000);
    expect(interval({ state: { data: page([sent]) } })).toBe(false);
  });

  it('reads the page again silently once it is there, and stops when the last one finishes', async () => {
    // Node is a server to the query library, which polls only in a browser.
    environmentManager.setIsServer(() => false);
    onTestFinished(() => environmentManager.setIsServer(() => typeof window === 'undefined'));
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // Being sent, then sent: the contract's shape of a page.
    const answers = [[sending], [{ ...sending, state: 'sent' as const, progress: { bell: progress(1234, 0, 1234, 1234, 0) } }]];
    let calls = 0;
    const fetch = stubFetch(() => json({ data: { items: answers[Math.min(calls++, answers.length - 1)], total: 1, page: 1, limit: 10 } }));
    const qc = new QueryClient();
    const observer = new QueryObserver(qc, messagesQuery(31, 1));
    const unsubscribe = observer.subscribe(() => {});
    onTestFinished(unsubscribe);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetchCall(fetch, 0)[0]).toBe('/bulknotify/messages?page=1&limit=10');
    expect(observer.getCurrentResult().data?.data[0].state).toBe('sending');
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data?.data[0].state).toBe('sent');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('sending and cancelling', () => {
  it('posts the message and reads the history again', async () => {
    const fetch = stubFetch(() => json({ data: scheduled }, 201));
    const qc = withHistory([sent], 31);
    const input = { channels: ['email' as const], subject: 'Exam', body: 'Sunday', audience: { course_id: 12 }, send_at: '2027-01-05T03:00:00Z' };
    expect(await runMutation(sendMessageMutation(qc, 31), input, qc)).toEqual(scheduled);
    const [url, init] = fetchCall(fetch);
    expect(url).toBe('/bulknotify/messages');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(input);
    expect(qc.getQueryState(bulkKeys.messagePage(31, 1))?.isInvalidated).toBe(true);
  });

  it('shows the stopped message at once, and takes a 409 already_finished as news', async () => {
    const stopped = { ...sending, state: 'cancelled' as const };
    const fetch = stubFetch(() => json({ data: stopped }));
    const qc = withHistory([sending, sent], 31);
    await runMutation(cancelMessageMutation(qc, 31), sending, qc);
    expect(fetchCall(fetch)[0]).toBe('/bulknotify/messages/3/cancel');
    expect(fetchCall(fetch)[1].method).toBe('POST');
    expect((qc.getQueryData(bulkKeys.messagePage(31, 1)) as Page<BulkMessage>).data.map((m) => m.state)).toEqual(['cancelled', 'sent']);

    stubFetch(() => json({ message: 'Already finished', code: 'already_finished', errors: {} }, 409));
    const err = await runMutation(cancelMessageMutation(qc, 31), sent, qc).catch((e: unknown) => e);
    expect(isAlreadyFinished(err)).toBe(true);
    expect(qc.getQueryState(bulkKeys.messagePage(31, 1))?.isInvalidated).toBe(true);
    expect(isAlreadyFinished(new ApiError(404, 'Not found', 'not_found', {}))).toBe(false);
    const en = await testI18n('en');
    expect(en.t('errors:already_finished')).toBe('This message has already finished sending, so it can no longer be cancelled.');
    const bn = await testI18n('bn');
    expect(bn.t('errors:audience_empty')).toContain('ফিল্টার বা মাধ্যম বদলান');
  });
});

describe('the failures of a message', () => {
  const failures: Failure[] = [
    { user_id: 7, name: 'Karim Uddin', channel: 'email', address: null, error: 'no_address' },
    { user_id: 8, name: 'Salma Begum', channel: 'sms', address: '+8801711000002', error: 'opted_out' },
    { user_id: 9, name: null, channel: 'sms', address: '+8801711000003', error: 'Invalid MSISDN (1003)' },
    // The server's shape when it could not tell whose address it was.
    { user_id: 0, name: '', channel: 'sms', address: '+8801711000004', error: '' },
  ];
  const withFailures = (list: Failure[]) => {
    const qc = new QueryClient();
    qc.setQueryData(bulkKeys.failures(PARTNER_ADMIN.id, 1, 1), page(list, { per_page: 20, total: list.length }));
    return qc;
  };

  it('words no_address and opted_out, and shows the gateway’s words as given', async () => {
    const en = await testI18n('en');
    expect(failureReason('no_address', en.t)).toBe('No e-mail address or phone number for this channel');
    expect(failureReason('opted_out', en.t)).toBe('Chose not to get these messages');
    expect(failureReason('Invalid MSISDN (1003)', en.t)).toBe('Invalid MSISDN (1003)');

    const html = await render('en', inPlace(<FailuresDialog message={sent} onClose={vi.fn()} />), { qc: withFailures(failures) });
    expect(html.split('data-testid="bulk-failure"').length - 1).toBe(4);
    const shown = text(html);
    expect(shown).toContain('Exam on Sunday');
    expect(shown).toContain('Karim Uddin');
    expect(shown).toContain('No e-mail address or phone number for this channel');
    expect(shown).toContain('+8801711000002');
    expect(shown).toContain('Chose not to get these messages');
    expect(shown).toContain('Invalid MSISDN (1003)');
    expect(shown).toContain('Person 9');
    expect(shown).not.toContain('Person 0');

    const bn = text(await render('bn', inPlace(<FailuresDialog message={sent} onClose={vi.fn()} />), { qc: withFailures(failures) }));
    expect(bn).toContain('এই মাধ্যমের জন্য কোনো ই-মেইল ঠিকানা বা ফোন নম্বর নেই');
    expect(bn).toContain('ব্যক্তি ৯');
    expect(text(await render('en', inPlace(<FailuresDialog message={sent} onClose={vi.fn()} />), { qc: withFailures([]) }))).toContain('No failures.');
  });

  it('reads them a page at a time', async () => {
    const fetch = stubFetch(() => json({ data: { items: failures, total: 45, page: 2, limit: 20 } }));
    const qc = new QueryClient();
    const got = await qc.fetchQuery(failuresQuery(31, 5, 2));
    expect(fetchCall(fetch)[0]).toBe('/bulknotify/messages/5/failures?page=2&limit=20');
    expect(got).toMatchObject({ current_page: 2, last_page: 3, total: 45 });
  });
});
