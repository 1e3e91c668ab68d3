import { describe, expect, it } from 'vitest';
import type { Lang } from '../../lib/lang';
import { render, text } from '../../lib/test-render';
import { CertificateHistory, daysLeft, type TlsHistory } from './certificate-history';

const NOW = new Date('2026-03-01T00:00:00Z');
const tls: TlsHistory = {
  certificates: [
    { name: '*.example.net', kind: 'wildcard', not_after: '2026-05-20T00:00:00Z' },
    { name: 'learn.dhakacollege.edu.bd', kind: 'custom', not_after: '2026-03-11T12:00:00Z' },
  ],
  attempts: [
    { name: 'learn.dhakacollege.edu.bd', status: 'failed', message: 'urn:ietf:params:acme:error:dns: NXDOMAIN', at: '2026-02-28T10:00:00Z' },
    { name: 'learn.dhakacollege.edu.bd', status: 'started', message: null, at: '2026-02-28T09:59:00Z' },
    { name: '*.example.net', status: 'issued', message: null, at: '2026-02-19T00:00:00Z' },
  ],
};

const history = (lang: Lang, value: TlsHistory) => render(lang, <CertificateHistory tls={value} now={NOW} />);

describe('daysLeft', () => {
  it('counts whole days until the expiry, negative once expired', () => {
    expect(daysLeft('2026-03-11T12:00:00Z', NOW)).toBe(10);
    expect(daysLeft('2026-03-01T00:00:00Z', NOW)).toBe(0);
    expect(daysLeft('2026-02-27T00:00:00Z', NOW)).toBe(-2);
    expect(daysLeft('not a date', NOW)).toBeNaN();
  });
});

describe('certificate history', () => {
  it('lists certificates with days left and attempts with the failure message', async () => {
    const html = await history('en', tls);
    const body = text(html);
    expect(html.match(/data-testid="tls-certificate"/g)).toHaveLength(2);
    expect(body).toContain('*.example.net');
    expect(body).toContain('Shared (wildcard)');
    expect(body).toContain('80 days left');
    expect(body).toContain('10 days left');
    expect(html.match(/data-testid="tls-attempt"/g)).toHaveLength(3);
    expect(html).toContain('data-status="failed"');
    expect(body).toContain('Failed');
    expect(body).toContain('urn:ietf:params:acme:error:dns: NXDOMAIN');
    // Newest first, as the server sends them.
    expect(html.indexOf('data-status="failed"')).toBeLessThan(html.indexOf('data-status="issued"'));
  });

  it('shows Bangla digits and labels in Bangla', async () => {
    const html = await history('bn', tls);
    const body = text(html);
    expect(body).toContain('আর ৮০ দিন বাকি');
    expect(body).toContain('আর ১০ দিন বাকি');
    expect(body).toContain('ব্যর্থ');
    expect(body).toMatch(/২০২৬/);
    expect(body).not.toMatch(/\b2026\b/);
    expect(body).toContain('urn:ietf:params:acme:error:dns: NXDOMAIN');
  });

  it('has an empty state without attempts and says when HTTPS is off', async () => {
    const empty = await history('en', { certificates: [], attempts: [] });
    expect(empty).toContain('data-testid="empty-state"');
    expect(text(empty)).toContain('No issuance attempts yet.');
    expect(text(empty)).toContain('No certificate has been issued for this site yet.');
    expect(text(await history('en', null))).toContain('HTTPS is not enabled on this platform.');
  });
});
