import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { memoryStorage, noop, render, tag, text } from '../../../lib/test-render';
import { ssoProvidersQuery } from '../../auth/hooks/sso';
import { devicePushKey, PushRefusedError, type DevicePushState } from '../../notifications/push/use-device-push';
import type { Profile } from '../api/profile-api';
import { identitiesKey, profileKey } from '../hooks/use-profile';
import AccountSettingsPage from './account-settings-page';
import { DevicePush, DevicePushCard, type DevicePushCardProps } from './device-push';
import { ACCOUNT_SETTINGS } from './profile-tabs';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage({ token: 'bearer' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (props: Partial<DevicePushCardProps> = {}) => <DevicePushCard state="off" busy={false} error={null} onChange={noop} {...props} />;

/** The section as the page has it, with this state already read (the static render has no token: the key of a null one). */
function section(state: DevicePushState) {
  const qc = new QueryClient();
  qc.setQueryData(devicePushKey(null), state);
  return { qc, node: <DevicePush /> };
}

/** The switch's <input>. */
const switchInput = (html: string) => /<input\b[^>]*role="switch"[^>]*>/.exec(html)?.[0] ?? '';

describe('notifications on this device', () => {
  it('off: a switch, not checked, labelled, with the notices it brings', async () => {
    const { qc, node } = section('off');
    const html = await render('en', node, { qc });
    expect(html).toMatch(/<h2[^>]*>Notifications on this device<\/h2>/);
    const input = switchInput(html);
    expect(input).not.toBe('');
    expect(input).not.toMatch(/\schecked/);
    // The whole row is its <label>: a click or Space on it turns it on.
    expect(html).toMatch(/<label[^>]*>[\s\S]*role="switch"[\s\S]*Show notifications here[\s\S]*<\/label>/);
    const described = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`id="${described}"`);
    expect(text(html)).toContain('when your enrolment is approved, your certificate is ready or your payment is received');

    const bn = await render('bn', node, { qc });
    expect(bn).toMatch(/<h2[^>]*>এই ডিভাইসে বিজ্ঞপ্তি<\/h2>/);
    expect(text(bn)).toContain('এখানে বিজ্ঞপ্তি দেখান');
    expect(text(bn)).toContain('আপনার ভর্তি অনুমোদিত হলে, সনদ প্রস্তুত হলে বা আমরা আপনার পেমেন্ট পেলে');
  });

  it('on: the switch is checked', async () => {
    const { qc, node } = section('on');
    expect(switchInput(await render('en', node, { qc }))).toMatch(/\schecked/);
  });

  it('busy: a spinner beside the label, the switch aria-busy', async () => {
    const html = await render('en', card({ busy: true }));
    expect(tag(html, 'device-push-busy')).not.toBe('');
    expect(switchInput(html)).toContain('aria-busy="true"');
    expect(tag(await render('en', card()), 'device-push-busy')).toBe('');
  });

  it('says so when the browser’s push service refused, in the interface language', async () => {
    const refused = new PushRefusedError(new DOMException('Registration failed - push service error', 'AbortError'));
    const html = await render('en', card({ error: refused }));
    expect(tag(html, 'device-push-error')).not.toBe('');
    expect(text(html)).toContain('This browser could not sign up for notifications.');
    expect(switchInput(html)).not.toBe('');
    expect(text(await render('bn', card({ error: refused })))).toContain('এই ব্রাউজারটি বিজ্ঞপ্তির জন্য নিবন্ধন করতে পারেনি।');
    // The platform's refusals are worded as any other.
    const down = new ApiError(503, 'HTTP 503', 'server_error', {});
    expect(text(await render('en', card({ error: down })))).not.toContain('could not sign up');
  });

  it('denied: how to allow them again instead of a switch', async () => {
    const { qc, node } = section('denied');
    const html = await render('en', node, { qc });
    expect(switchInput(html)).toBe('');
    expect(tag(html, 'device-push-denied')).not.toBe('');
    expect(text(html)).toContain('Notifications from this site are blocked in this browser.');
    expect(text(await render('bn', node, { qc }))).toContain('এই ব্রাউজারে এই সাইটের বিজ্ঞপ্তি বন্ধ করা আছে।');
  });

  it('unsupported: that this browser cannot, instead of a switch', async () => {
    const { qc, node } = section('unsupported');
    const html = await render('en', node, { qc });
    expect(switchInput(html)).toBe('');
    expect(tag(html, 'device-push-unsupported')).not.toBe('');
    expect(text(html)).toContain('This browser cannot show notifications from this site.');
    expect(text(await render('bn', node, { qc }))).toContain('এই ব্রাউজার এই সাইটের বিজ্ঞপ্তি দেখাতে পারে না।');
  });

  it('unavailable: nothing at all', async () => {
    const { qc, node } = section('unavailable');
    expect(await render('en', node, { qc })).toBe('');
  });

  it('is a section of the account settings page, under the linked sign-ins, and gone when the platform sends no pushes', async () => {
    const qc = new QueryClient();
    qc.setQueryData(profileKey(null), { email: 'sadia@example.com', email_verified: true } as Profile);
    qc.setQueryData(identitiesKey(null), []);
    qc.setQueryData(ssoProvidersQuery.queryKey, []);
    qc.setQueryData(devicePushKey(null), 'off');
    const html = await render('bn', <AccountSettingsPage />, { at: ACCOUNT_SETTINGS, qc });
    expect(html.indexOf('data-testid="device-push"')).toBeGreaterThan(html.indexOf('data-testid="linked-sign-ins"'));
    qc.setQueryData(devicePushKey(null), 'unavailable');
    const without = await render('bn', <AccountSettingsPage />, { at: ACCOUNT_SETTINGS, qc });
    expect(tag(without, 'linked-sign-ins')).not.toBe('');
    expect(without).not.toContain('device-push');
    expect(text(without)).not.toContain('এই ডিভাইসে বিজ্ঞপ্তি');
  });
});
