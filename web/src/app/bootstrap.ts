// Start-up: site (injected or fetched), language, server text overlay.
import { api } from '../lib/api-client';
import { injectedSite, isHost404, normalizeSite, setCurrentSite } from '../lib/site';
import type { SiteInfo } from '../lib/types';

export async function resolveSite(): Promise<{ site: SiteInfo; is404: boolean }> {
  const is404 = isHost404();
  let raw = injectedSite();
  if (raw === undefined && !is404) {
    // vite dev: no server-side injection, ask the API for this host.
    try {
      const res = await api<{ data?: { InstitutionInfo?: SiteInfo[] } }>('/my-account/institutions/retrieve-site', { silent: true });
      raw = res?.data?.InstitutionInfo?.[0] ?? null;
    } catch {
      raw = null;
    }
  }
  const site = normalizeSite(raw);
  setCurrentSite(site);
  return { site, is404 };
}
