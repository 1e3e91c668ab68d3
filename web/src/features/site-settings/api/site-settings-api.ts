import { api } from '../../../lib/api-client';
import type { TlsHistory } from '../../../components/ui/certificate-history';
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

/** HTTPS certificates and issuance attempts of an institution (the `tls` field of view-info). */
export function fetchSiteTls(id: number) {
  return api<DataEnvelope<{ tls?: TlsHistory }>>(`/my-account/institutions/view-info/${id}`).then((r) => r.data?.tls ?? null);
}
