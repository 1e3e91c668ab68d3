import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE } from '../../lib/site';
import { SiteProvider } from '../../lib/site-context';
import { render, tag } from '../../lib/test-render';
import { signedInUser, testSession } from '../../lib/test-session';
import { DashboardLayout } from './dashboard-layout';
import { Header } from './header';

vi.mock('../../lib/session', () => import('../../lib/test-session'));

beforeEach(() => {
  testSession.user = null;
  testSession.loading = false;
});

const draw = (node: ReactNode, at = '/') => render('bn', <SiteProvider initial={DEFAULT_SITE}>{node}</SiteProvider>, { at });

describe('the notification bell in the app bars', () => {
  it('is in the header for a signed-in user (its chunk loads after), not for a visitor', async () => {
    expect(tag(await draw(<Header onMenu={() => {}} />), 'bell-slot')).toBe('');
    testSession.user = signedInUser(3, null);
    const html = await draw(<Header onMenu={() => {}} />);
    expect(tag(html, 'bell-slot')).not.toBe('');
  });

  it('is in the dashboard layout’s app bar', async () => {
    testSession.user = signedInUser(3, null);
    const html = await draw(<DashboardLayout />, '/dashboard');
    expect(tag(html, 'bell-slot')).not.toBe('');
    // Beside the account menu, before it.
    expect(html.indexOf('data-testid="bell-slot"')).toBeLessThan(html.indexOf('data-testid="user-menu-button"'));
    expect(html.indexOf('data-testid="bell-slot"')).toBeGreaterThan(html.indexOf('data-testid="a11y-button"'));
  });
});
