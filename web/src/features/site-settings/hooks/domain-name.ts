// Client-side rules for a custom domain (the server checks again: invalid_domain, domain_taken).
import type { Domain } from '../api/custom-domain-api';

export type DomainProblem = 'required' | 'scheme' | 'path' | 'uppercase' | 'no_dot' | 'invalid' | 'too_long';

export const DOMAIN_MAX_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A lowercase hostname with at least one dot and no scheme, port or path; null when fine. */
export function checkDomain(input: string): DomainProblem | null {
  const v = input.trim();
  if (!v) return 'required';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || v.startsWith('//')) return 'scheme';
  if (/[/?#]/.test(v)) return 'path';
  if (/[A-Z]/.test(v)) return 'uppercase';
  if (v.length > DOMAIN_MAX_LENGTH) return 'too_long';
  if (!v.includes('.')) return 'no_dot';
  const labels = v.split('.');
  if (!labels.every((l) => LABEL.test(l))) return 'invalid';
  // The last label is a top-level domain: letters or an IDN (xn--); this also rules out IP addresses.
  const tld = labels[labels.length - 1];
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return 'invalid';
  return null;
}

export interface DnsRecord {
  type: 'CNAME' | 'TXT';
  name: string;
  value: string;
}

/** The two records the partner creates at its DNS provider: CNAME name -> target, TXT name -> value. */
export function dnsRecords(domain: Pick<Domain, 'verification'>): DnsRecord[] {
  const v = domain.verification;
  return [
    { type: 'CNAME', name: v.cname_name, value: v.cname_target },
    { type: 'TXT', name: v.txt_name, value: v.txt_value },
  ];
}
