import { api } from '../../../lib/api-client';
import type { DataEnvelope, SiteConfig, SiteInfo } from '../../../lib/types';

export function fetchSite() {
  return api<DataEnvelope<{ InstitutionInfo: SiteInfo[] }>>('/my-account/institutions/retrieve-site').then(
    (r) => r.data?.InstitutionInfo?.[0] ?? null,
  );
}

/** logo: undefined keeps the current one, null removes it, a data URL replaces it. */
export function updateSite(body: { site_config: SiteConfig; logo?: string | null }) {
  return api<DataEnvelope<SiteInfo>>('/my-account/institutions/update-site', { method: 'PUT', body }).then((r) => r.data);
}
