import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { institutionName, localSlogan } from './course-text';
import { setCurrentSite } from './site';
import type { SiteInfo } from './types';

interface SiteContextValue {
  site: SiteInfo;
  setSite: (site: SiteInfo) => void;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ initial, children }: { initial: SiteInfo; children: ReactNode }) {
  const [site, setSiteState] = useState(initial);
  const value = useMemo(
    () => ({
      site,
      setSite: (s: SiteInfo) => {
        setCurrentSite(s);
        setSiteState(s);
      },
    }),
    [site],
  );
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const ctx = useContext(SiteContext);
  if (!ctx) throw new Error('useSite outside SiteProvider');
  return ctx;
}

/** Institution name and slogan in the current language, each falling back to the other language. */
export function useSiteTexts() {
  const { site } = useSite();
  const { i18n } = useTranslation();
  const name = institutionName(site, i18n.language);
  const slogan = localSlogan(site.site_config, i18n.language);
  return { name, slogan, site };
}
