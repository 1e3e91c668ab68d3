import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, href, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { readUnsubscribeLink, setUnsubscribed, type AnnouncementChoice } from '../api/auth-api';
import { ANNOUNCEMENTS_KEY, isUnsubscribeLinkInvalid, unsubscribeLinkKey, unsubscribeLinkQuery, unsubscribeMutation } from '../hooks/unsubscribe';
import UnsubscribePage, { AnnouncementChoiceCard } from './unsubscribe-page';

const AT = '/unsubscribe?token=t1';
const INVALID = { message: 'This link is not valid.', code: 'unsubscribe_link_invalid', errors: {} };
const rina: AnnouncementChoice = { site_name: 'ঢাকা শিক্ষা কেন্দ্র', site_name_en: 'Dhaka Learning Centre', channel: 'email', address: 'rina@example.com', left: false };

/** A client that has already read link `t1` (the answer of the stubbed fetch, not retried), and does not read it again on mount. */
const read = (answer: () => Response) => prefetched({ ...unsubscribeLinkQuery('t1'), retry: false }, answer);

const card = (props: Partial<Parameters<typeof AnnouncementChoiceCard>[0]> = {}) => (
  <AnnouncementChoiceCard choice={rina} pending={false} rejoined={false} error={null} onChange={noop} {...props} />
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the unsubscribe page of an announcement’s link', () => {
  it('only reads the link on opening (GET, no sign-in); leaving is a POST, taking them again a DELETE', async () => {
    const get = stubFetch(() => json({ data: rina }));
    await expect(readUnsubscribeLink('a.b')).resolves.toEqual(rina);
    expect(fetchCall(get)[0]).toBe('/my-account/unsubscribe?token=a.b');
    expect(fetchCall(get)[1].method).toBe('GET');
    expect(fetchCall(get)[1].body).toBeUndefined();
    expect((fetchCall(get)[1].headers as Record<string, string>).Authorization).toBeUndefined();
    // The page's query is that read, and nothing else.
    const query = unsubscribeLinkQuery('a.b');
    await query.queryFn();
    expect(get).toHaveBeenCalledTimes(2);
    expect(fetchCall(get, 1)[1].method).toBe('GET');

    const post = stubFetch(() => json({ data: { ...rina, left: true } }));
    await expect(setUnsubscribed('a.b', true)).resolves.toMatchObject({ left: true });
    expect(fetchCall(post)[0]).toBe('/my-account/unsubscribe?token=a.b');
    expect(fetchCall(post)[1].method).toBe('POST');
    const del = stubFetch(() => json({ data: rina }));
    await setUnsubscribed('a.b', false);
    expect(fetchCall(del)[1].method).toBe('DELETE');

    // Opened: a checking state, no change made.
    const checking = await render('en', <UnsubscribePage />, { at: AT });
    expect(tag(checking, 'unsubscribe-checking')).not.toBe('');
    expect(text(checking)).toContain('Checking your link…');
  });

  it('names the site in the interface language, the address and its channel, and offers to stop them', async () => {
    const html = await render('en', <UnsubscribePage />, { at: AT, qc: await read(() => json({ data: rina })) });
    expect(html).toMatch(/<h1[^>]*>Announcements from Dhaka Learning Centre<\/h1>/);
    expect(tag(html, 'unsubscribe-address')).not.toBe('');
    expect(text(html)).toContain('E-mail rina@example.com');
    expect(tag(html, 'unsubscribe-receiving')).toContain('role="status"');
    expect(text(html)).toContain('Announcements come to this address.');
    expect(text(html)).toContain('Messages about your account and your own enrolments are not announcements');
    const button = tag(html, 'unsubscribe-button');
    expect(button).toMatch(/^<button/);
    expect(button).toContain('MuiButton-contained');
    expect(text(html)).toContain('Stop announcements');
    expect(href(html, 'unsubscribe-home')).toBe('/');

    const bn = await render('bn', <UnsubscribePage />, { at: AT, qc: await read(() => json({ data: rina })) });
    expect(bn).toMatch(/<h1[^>]*>ঢাকা শিক্ষা কেন্দ্র-এর ঘোষণা<\/h1>/);
    expect(text(bn)).toContain('ই-মেইল rina@example.com');
    expect(text(bn)).toContain('ঘোষণা বন্ধ করুন');
    expect(text(bn)).toContain('এই ঠিকানায় ঘোষণা আসছে।');
  });

  it('shows a mobile number as people write it, in the interface’s digits', async () => {
    const sms: AnnouncementChoice = { ...rina, channel: 'sms', address: '+8801711000555' };
    expect(text(await render('en', card({ choice: sms })))).toContain('Mobile number (SMS) 01711000555');
    expect(text(await render('bn', card({ choice: sms })))).toContain('মোবাইল নম্বর (এসএমএস) ০১৭১১০০০৫৫৫');
  });

  it('after leaving: says so, and offers to take them again on the same button; after that, says they come again', async () => {
    const left = await render('en', card({ choice: { ...rina, left: true } }));
    expect(tag(left, 'unsubscribe-left')).toContain('role="status"');
    expect(text(left)).toContain('No more announcements will come to this address.');
    expect(tag(left, 'unsubscribe-button')).toContain('MuiButton-outlined');
    expect(text(left)).toContain('Get announcements again');
    expect(text(left)).not.toContain('Stop announcements');
    const leftBn = text(await render('bn', card({ choice: { ...rina, left: true } })));
    expect(leftBn).toContain('এই ঠিকানায় আর কোনো ঘোষণা আসবে না।');
    expect(leftBn).toContain('ঘোষণা আবার চালু করুন');

    const again = await render('en', card({ rejoined: true }));
    expect(tag(again, 'unsubscribe-rejoined')).not.toBe('');
    expect(text(again)).toContain('Announcements will come to this address again.');
    expect(text(again)).toContain('Stop announcements');
    expect(text(await render('bn', card({ rejoined: true })))).toContain('এই ঠিকানায় আবার ঘোষণা আসবে।');
  });

  it('while saving: the button is busy; a refusal shows beside it', async () => {
    expect(tag(await render('en', card({ pending: true })), 'unsubscribe-button')).toContain('aria-busy="true"');
    expect(tag(await render('en', card()), 'unsubscribe-button')).not.toContain('aria-busy');
    const html = await render('en', card({ error: 'The server had a problem. Please try again later.' }));
    expect(tag(html, 'unsubscribe-change-error')).not.toBe('');
    expect(text(html)).toContain('The server had a problem.');
  });

  it('keeps the answer as the page’s state, and has the account settings’ choices read again', async () => {
    stubFetch(() => json({ data: { ...rina, left: true } }));
    const qc = new QueryClient();
    qc.setQueryData(unsubscribeLinkKey('t1'), rina);
    qc.setQueryData([...ANNOUNCEMENTS_KEY, 'tok'], [rina]);
    await runMutation(unsubscribeMutation(qc, 't1'), true, qc);
    expect(qc.getQueryData(unsubscribeLinkKey('t1'))).toEqual({ ...rina, left: true });
    expect(qc.getQueryState([...ANNOUNCEMENTS_KEY, 'tok'])?.isInvalidated).toBe(true);
  });

  it('a link without a token, forged or another site’s: a clear error and the way home', async () => {
    const refused = await render('en', <UnsubscribePage />, { at: AT, qc: await read(() => json(INVALID, 404)) });
    expect(tag(refused, 'unsubscribe-invalid')).not.toBe('');
    expect(refused).toMatch(/<h1[^>]*>This link does not work<\/h1>/);
    expect(text(refused)).toContain('Open it again from the e-mail, or log in and choose in your account settings.');
    expect(href(refused, 'unsubscribe-home')).toBe('/');
    expect(tag(refused, 'unsubscribe-button')).toBe('');

    const missing = await render('bn', <UnsubscribePage />, { at: '/unsubscribe' });
    expect(tag(missing, 'unsubscribe-invalid')).not.toBe('');
    expect(missing).toMatch(/<h1[^>]*>এই লিংকটি কাজ করছে না<\/h1>/);
    expect(text(missing)).toContain('হোমে ফিরে যান');

    stubFetch(() => json(INVALID, 404));
    expect(isUnsubscribeLinkInvalid(await readUnsubscribeLink('t1').catch((e: unknown) => e))).toBe(true);
  });

  it('another failure to read the link: the reason in the interface language, and a retry', async () => {
    const html = await render('bn', <UnsubscribePage />, { at: AT, qc: await read(() => json({ message: 'boom' }, 500)) });
    expect(tag(html, 'unsubscribe-error')).not.toBe('');
    expect(text(html)).toContain('সার্ভারে সমস্যা হয়েছে।');
    expect(text(html)).toContain('আবার চেষ্টা করুন');
    expect(tag(html, 'unsubscribe-invalid')).toBe('');
  });
});
