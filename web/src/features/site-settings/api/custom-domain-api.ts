import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';

export type DomainState = 'pending' | 'verified' | 'disabled';

/** A partner's own domain (e.g. learn.dhakacollege.edu.bd) and the DNS records that prove it. */
export interface Domain {
  id: number;
  domain: string;
  state: DomainState;
  verification: { cname_name: string; cname_target: string; txt_name: string; txt_value: string };
  last_checked_at: string | null;
  last_error: string | null;
  certificate: { not_after: string } | null;
}

const BASE = '/my-account/institutions/domains';

export function fetchDomains() {
  return api<DataEnvelope<Domain[]>>(BASE).then((r) => r.data ?? []);
}

/** 422 with errors.domain (invalid_domain, domain_taken) when the server refuses the name. */
export function addDomain(domain: string) {
  return api<DataEnvelope<Domain>>(BASE, { method: 'POST', body: { domain } }).then((r) => r.data);
}

/** Looks the DNS records up now and answers the domain with its new state. */
export function verifyDomain(id: number) {
  return api<DataEnvelope<Domain>>(`${BASE}/${id}/verify`, { method: 'POST' }).then((r) => r.data);
}

export function removeDomain(id: number) {
  return api<DataEnvelope<{ ok: boolean }>>(`${BASE}/${id}`, { method: 'DELETE' }).then((r) => r.data);
}
