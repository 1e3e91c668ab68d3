import { api } from '../../../lib/api-client';
import type { TlsHistory } from '../../../components/ui/certificate-history';
import type { DataEnvelope, Institution, InstType, Page, UserInfo } from '../../../lib/types';

export type ProvisioningStepStatus = 'started' | 'done' | 'failed' | 'skipped';

export interface Provisioning {
  /** provision (set the site up) or deprovision (take it down); older servers may omit it. */
  kind?: 'provision' | 'deprovision';
  state: 'queued' | 'running' | 'done' | 'failed';
  step: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  steps: string[];
  events: { step: string; status: ProvisioningStepStatus; message: string | null; at: string }[];
}

/** `tls` is null when HTTPS is off; older servers omit it. */
export type InstitutionDetails = Institution & { provisioning: Provisioning | null; tls?: TlsHistory };

export interface PartnerRegistration {
  name?: string;
  email?: string;
  phone?: string;
  password?: string;
  institution_name: string;
  institution_name_en: string;
  subdomain: string;
  type: number;
  contact_phone: string;
  contact_email: string;
}

export function fetchPublicTypes() {
  return api<DataEnvelope<InstType[]>>('/my-account/institutions/view-types-public').then((r) => r.data ?? []);
}

export function registerPartner(body: PartnerRegistration) {
  return api<DataEnvelope<{ institution: Institution; token?: string; user?: UserInfo }>>('/my-account/user/partner-register', {
    method: 'POST',
    body,
  }).then((r) => r.data);
}

export function fetchUnapproved(page: number) {
  return api<Page<Institution>>('/my-account/institutions/view-unapproved', { query: { page } });
}

export function fetchInstitutions(params: { page: number; search?: string; limit?: number }) {
  return api<Page<Institution>>('/my-account/institutions/view_all', { query: params });
}

export function fetchInstitution(id: string | number, silent = false) {
  return api<DataEnvelope<InstitutionDetails>>(`/my-account/institutions/view-info/${id}`, { silent }).then((r) => r.data);
}

export function approveInstitution(id: number) {
  return api<DataEnvelope<Institution>>(`/my-account/institutions/approve/${id}`, { method: 'POST' }).then((r) => r.data);
}

export function updateInstitution(body: { id: number; state?: 'active' | 'suspended'; institution_name?: string; institution_name_en?: string; type?: number }) {
  return api<DataEnvelope<Institution>>('/my-account/institutions/update', { method: 'PUT', body }).then((r) => r.data);
}
