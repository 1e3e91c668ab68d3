import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../lib/lang';
import { render } from '../../../lib/test-render';
import type { Domain } from '../api/custom-domain-api';
import { DomainRecordsTable } from './domain-records-table';

const domain: Domain = {
  id: 7,
  domain: 'learn.dhakacollege.edu.bd',
  state: 'pending',
  verification: {
    cname_name: 'learn.dhakacollege.edu.bd',
    cname_target: 'dhaka.sites.example.net',
    txt_name: '_platform-verify.learn.dhakacollege.edu.bd',
    txt_value: 'platform-verify=3f9a1c',
  },
  last_checked_at: null,
  last_error: null,
  certificate: null,
};

async function show(lang: Lang) {
  const html = await render(lang, <DomainRecordsTable domain={domain} />);
  return { html, row: (type: 'cname' | 'txt') => row(html, type) };
}

/** Cells of one record row, read from the markup (the tests run in node, without a DOM). */
function row(html: string, type: 'cname' | 'txt') {
  const m = html.match(new RegExp(`<tr[^>]*data-testid="dns-record-${type}"[^>]*>([\\s\\S]*?)</tr>`));
  if (!m) throw new Error(`no ${type} row`);
  const cell = (id: string) => m[1].match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1];
  return { type: cell('record-type'), name: cell('record-name'), value: cell('record-value'), html: m[1] };
}

describe('DNS records table', () => {
  it('shows the CNAME name -> target and the TXT name -> value', async () => {
    const view = await show('en');
    expect(view.html).toContain('<table');
    expect(view.html).toContain('>Type<');
    expect(view.row('cname')).toMatchObject({ type: 'CNAME', name: 'learn.dhakacollege.edu.bd', value: 'dhaka.sites.example.net' });
    expect(view.row('txt')).toMatchObject({ type: 'TXT', name: '_platform-verify.learn.dhakacollege.edu.bd', value: 'platform-verify=3f9a1c' });
    expect(view.html.indexOf('dns-record-cname')).toBeLessThan(view.html.indexOf('dns-record-txt'));
  });
  it('has a labelled copy button for the name and for the value of each record', async () => {
    const view = await show('en');
    expect(view.row('cname').html).toContain('aria-label="Copy the name of the CNAME record"');
    expect(view.row('cname').html).toContain('aria-label="Copy the value of the CNAME record"');
    expect(view.row('txt').html).toContain('aria-label="Copy the name of the TXT record"');
    expect(view.row('txt').html).toContain('aria-label="Copy the value of the TXT record"');
  });
  it('labels the columns in Bangla', async () => {
    const view = await show('bn');
    expect(view.html).toContain('>ধরন<');
    expect(view.row('txt').html).toContain('aria-label="TXT রেকর্ডের মান কপি করুন"');
  });
});
