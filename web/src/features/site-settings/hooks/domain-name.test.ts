import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en/settings.json';
import bn from '../../../i18n/locales/bn/settings.json';
import { checkDomain, dnsRecords, type DomainProblem } from './domain-name';

describe('custom domain check', () => {
  it('accepts lowercase hostnames with at least one dot', () => {
    for (const d of ['learn.dhakacollege.edu.bd', 'example.com', 'a-b.c1.example.org', 'xn--54b7fta0cc.xn--54b7fta0cc', '  learn.example.bd  ']) {
      expect(checkDomain(d), d).toBeNull();
    }
  });
  it('asks for a domain when empty', () => {
    expect(checkDomain('')).toBe('required');
    expect(checkDomain('   ')).toBe('required');
  });
  it('refuses a scheme or a path', () => {
    expect(checkDomain('https://learn.example.bd')).toBe('scheme');
    expect(checkDomain('http://learn.example.bd/')).toBe('scheme');
    expect(checkDomain('//learn.example.bd')).toBe('scheme');
    expect(checkDomain('learn.example.bd/home')).toBe('path');
    expect(checkDomain('learn.example.bd?x=1')).toBe('path');
    expect(checkDomain('learn.example.bd#top')).toBe('path');
  });
  it('wants lowercase and a dot', () => {
    expect(checkDomain('Learn.Example.bd')).toBe('uppercase');
    expect(checkDomain('localhost')).toBe('no_dot');
  });
  it('refuses malformed names, ports and IP addresses', () => {
    for (const d of ['learn..example.bd', '.example.bd', 'example.bd.', '-a.example.bd', 'a-.example.bd', 'learn_x.example.bd', 'learn.example.bd:8080', 'learn example.bd', '192.168.1.10', 'example.c', `${'a'.repeat(64)}.example.bd`]) {
      expect(checkDomain(d), d).toBe('invalid');
    }
    expect(checkDomain(`${'a.'.repeat(127)}bd`)).toBe('too_long');
  });
  it('has a message for every problem in English and Bangla', () => {
    const problems: DomainProblem[] = ['required', 'scheme', 'path', 'uppercase', 'no_dot', 'invalid', 'too_long'];
    for (const cat of [en, bn]) {
      for (const p of problems) expect((cat.domains.invalid as Record<string, string>)[p], p).toBeTruthy();
    }
  });
});

describe('DNS records of a domain', () => {
  it('lists the CNAME then the TXT record', () => {
    expect(
      dnsRecords({ verification: { cname_name: 'learn.example.bd', cname_target: 'dhaka.sites.example.net', txt_name: '_verify.learn.example.bd', txt_value: 'tok-123' } }),
    ).toEqual([
      { type: 'CNAME', name: 'learn.example.bd', value: 'dhaka.sites.example.net' },
      { type: 'TXT', name: '_verify.learn.example.bd', value: 'tok-123' },
    ]);
  });
});
