import type { SiteInfo } from './types';

declare global {
  interface Window {
    __SITE__?: SiteInfo | null;
    __HTTP_STATUS__?: number;
  }
}

export const DEFAULT_SITE: SiteInfo = {
  id: 0,
  slug: '',
  is_main: true,
  institution_name: 'শিক্ষা প্ল্যাটফর্ম',
  institution_name_en: 'Learning Platform',
  logo: null,
  site_config: {
    menus: [],
    theme: { primary: '#0f766e', secondary: '#f59e0b' },
    slogan_en: 'Learn anything, anywhere, in your own language.',
    slogan_bn: 'যেকোনো বিষয় শিখুন, যেকোনো জায়গা থেকে, নিজের ভাষায়।',
    modules: {
      faq: true,
      partnership: true,
      userguide: true,
      teacher: true,
      partner: true,
      home_users: true,
      home_features: true,
      learner_feedback: true,
      sso_login: true,
    },
  },
};

/** Fill missing parts of a (possibly partial) SiteInfo with defaults. */
export function normalizeSite(site: Partial<SiteInfo> | null | undefined): SiteInfo {
  if (!site) return DEFAULT_SITE;
  const cfg = (site.site_config ?? {}) as Partial<SiteInfo['site_config']>;
  return {
    ...DEFAULT_SITE,
    ...site,
    site_config: {
      ...DEFAULT_SITE.site_config,
      ...cfg,
      menus: cfg.menus ?? [],
      theme: { ...DEFAULT_SITE.site_config.theme, ...(cfg.theme ?? {}) },
      modules: { ...DEFAULT_SITE.site_config.modules, ...(cfg.modules ?? {}) },
    },
  } as SiteInfo;
}

/** True when the server said this host does not exist (unknown, pending or suspended). */
export function isHost404(): boolean {
  return typeof window !== 'undefined' && window.__HTTP_STATUS__ === 404;
}

/** The SiteInfo injected with the first HTML, `undefined` when absent (vite dev). */
export function injectedSite(): SiteInfo | null | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.__SITE__;
}

/** Partner slug for the `roleid` header; empty on the main site. */
export function partnerSlug(site: SiteInfo | null | undefined): string | null {
  if (!site || site.is_main || !site.slug) return null;
  return site.slug;
}

let currentSite: SiteInfo | null = null;
export function setCurrentSite(site: SiteInfo | null) {
  currentSite = site;
}
export function getCurrentSite(): SiteInfo | null {
  return currentSite;
}
