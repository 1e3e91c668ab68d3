import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { errorText, fetchCall, json, memoryStorage, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { AnnouncementChoice } from '../../auth/api/auth-api';
import { ssoProvidersQuery } from '../../auth/hooks/sso';
import { devicePushKey } from '../../notifications/push/use-device-push';
import { getAnnouncementChoices, setAnnouncementChoice, type Profile } from '../api/profile-api';
import { announcementsKey, announcementsMutation, identitiesKey, profileKey } from '../hooks/use-profile';
import AccountSettingsPage from './account-settings-page';
import { AnnouncementsCard, type AnnouncementsCardProps } from './announcements';
import { ACCOUNT_SETTINGS } from './profile-tabs';

const SITE = { site_name: 'ঢাকা শিক্ষা কেন্দ্র', site_name_en: 'Dhaka Learning Centre' };
const email: AnnouncementChoice = { ...SITE, channel: 'email', address: 'rina@example.com', left: false };
const sms: AnnouncementChoice = { ...SITE, channel: 'sms', address: '+8801711000555', left: true };

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage({ token: 'bearer' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (props: Partial<AnnouncementsCardProps> = {}) => <AnnouncementsCard choices={[email, sms]} pending={null} error={null} onChange={noop} {...props} />;

/** The <input> of the switch with this test id (emotion's <style> elements, which may come between, dropped). */
const switchOf = (html: string, id: string) =>
  new RegExp(`data-testid="${id}"[^>]*>(?:<[^>]*>)*?(<input\\b[^>]*role="switch"[^>]*>)`).exec(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ''))?.[1] ?? '';

describe('announcements from this site, in the account settings', () => {
  it('reads every address’s choice, and changes one channel’s with a PUT', async () => {
    const get = stubFetch(() => json({ data: [email] }));
    await expect(getAnnouncementChoices()).resolves.toEqual([email]);
    expect(fetchCall(get)[0]).toBe('/my-account/message-preferences');
    expect(fetchCall(get)[1].method).toBe('GET');

    const put = stubFetch(() => json({ data: [{ ...email, left: true }] }));
    await expect(setAnnouncementChoice({ channel: 'email', left: true })).resolves.toEqual([{ ...email, left: true }]);
    const [url, init] = fetchCall(put);
    expect(url).toBe('/my-account/message-preferences');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ channel: 'email', left: true });
  });

  it('a switch per address, labelled with it, on while announcements come there', async () => {
    const html = await render('en', card());
    expect(html).toMatch(/<h2[^>]*>Announcements from this site<\/h2>/);
    const mail = switchOf(html, 'announcements-email');
    const phone = switchOf(html, 'announcements-sms');
    expect(mail).toMatch(/\schecked/);
    expect(phone).not.toBe('');
    expect(phone).not.toMatch(/\schecked/);
    // Each row is its switch's <label>: the address names it; the intro describes it.
    expect(html).toMatch(/<label[^>]*>[\s\S]*?role="switch"[\s\S]*?rina@example\.com[\s\S]*?<\/label>/);
    expect(html).toMatch(/<label[^>]*>(?:(?!<\/label>)[\s\S])*01711000555[\s\S]*?<\/label>/);
    const described = /aria-describedby="([^"]+)"/.exec(mail)?.[1];
    expect(html).toContain(`id="${described}"`);
    expect(text(html)).toContain('Messages about your account and your own enrolments always come.');
    expect(tag(html, 'announcements-empty')).toBe('');

    const bn = await render('bn', card());
    expect(bn).toMatch(/<h2[^>]*>এই সাইটের ঘোষণা<\/h2>/);
    expect(text(bn)).toContain('০১৭১১০০০৫৫৫');
    expect(text(bn)).toContain('আপনার অ্যাকাউন্ট ও নিজের ভর্তি সম্পর্কিত বার্তা সবসময় আসবে।');
  });

  it('says so when the person has no address announcements could reach', async () => {
    const html = await render('en', card({ choices: [] }));
    expect(tag(html, 'announcements-empty')).not.toBe('');
    expect(text(html)).toContain('You have no e-mail address or verified mobile number here');
    expect(html).not.toContain('role="switch"');
    expect(text(await render('bn', card({ choices: [] })))).toContain('এখানে আপনার কোনো ই-মেইল ঠিকানা বা যাচাই করা মোবাইল নম্বর নেই');
  });

  it('while a change is saved: its switch shows it already, busy; the others stay as they are', async () => {
    const html = await render('en', card({ pending: { channel: 'email', left: true } }));
    expect(switchOf(html, 'announcements-email')).not.toMatch(/\schecked/);
    expect(switchOf(html, 'announcements-email')).toContain('aria-busy="true"');
    expect(tag(html, 'announcements-busy-email')).not.toBe('');
    expect(switchOf(html, 'announcements-sms')).not.toContain('aria-busy');
    expect(tag(html, 'announcements-busy-sms')).toBe('');
  });

  it('shows the server’s refusal in the interface language', async () => {
    stubFetch(() => json({ message: 'আপনার কোনো যাচাই করা মোবাইল নম্বর নেই।', code: 'no_address', errors: { channel: ['আপনার কোনো যাচাই করা মোবাইল নম্বর নেই।'] } }, 422));
    const refused = await runMutation(announcementsMutation(new QueryClient()), { channel: 'sms', left: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(await errorText('bn', refused)).toBe('আপনার কোনো যাচাই করা মোবাইল নম্বর নেই।');
    const html = await render('bn', card({ error: refused as Error }));
    expect(tag(html, 'announcements-error')).not.toBe('');
    expect(text(html)).toContain('আপনার কোনো যাচাই করা মোবাইল নম্বর নেই।');
    const down = new ApiError(503, 'HTTP 503', 'server_error', {});
    expect(text(await render('en', card({ error: down })))).toContain('The server had a problem. Please try again later.');
  });

  it('a change’s answer becomes the list shown', async () => {
    const put = stubFetch(() => json({ data: [{ ...email, left: true }, sms] }));
    const qc = new QueryClient();
    qc.setQueryData(announcementsKey('bearer'), [email, sms]);
    await runMutation(announcementsMutation(qc), { channel: 'email', left: true }, qc);
    expect(JSON.parse(String(fetchCall(put)[1].body))).toEqual({ channel: 'email', left: true });
    expect(qc.getQueryData(announcementsKey('bearer'))).toEqual([{ ...email, left: true }, sms]);
  });

  it('is a section of the account settings page, next to the notifications on this device', async () => {
    const qc = new QueryClient();
    // The static render has no token: the keys of a null one.
    qc.setQueryData(profileKey(null), { email: 'rina@example.com', email_verified: true } as Profile);
    qc.setQueryData(identitiesKey(null), []);
    qc.setQueryData(ssoProvidersQuery.queryKey, []);
    qc.setQueryData(devicePushKey(null), 'off');
    qc.setQueryData(announcementsKey(null), [email]);
    const html = await render('bn', <AccountSettingsPage />, { at: ACCOUNT_SETTINGS, qc });
    expect(html.indexOf('data-testid="announcements"')).toBeGreaterThan(html.indexOf('data-testid="device-push"'));
    expect(html).toMatch(/<h2[^>]*>এই সাইটের ঘোষণা<\/h2>/);
    expect(switchOf(html, 'announcements-email')).toMatch(/\schecked/);
  });
});
