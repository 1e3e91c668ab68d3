// The side navigation's labels (the `nav` namespace, src/i18n/catalogues.ts) are not in the start-up
// catalogue: a visitor's first paint has no side navigation. For a signed-in user they are fetched
// ahead (src/main.tsx at start-up on the pages with a side nav, the account menu once the page has
// loaded, the dashboard layout when it mounts), so that the side nav and the drawer's menu are
// drawn with them; the side nav stands placeholders in for its entries while they load.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../ui/deferred-mui';

export const NAV_NAMESPACE = 'nav';

/**
 * Fetches the side navigation's labels for a signed-in user, at once (`now`: the dashboard layout,
 * whose side nav shows) or once the page has loaded and the browser is idle (`idle`: the drawer
 * may open later).
 */
export function useNavTexts(signedIn: boolean, when: 'now' | 'idle') {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!signedIn) return;
    const load = () => void i18n.loadNamespaces(NAV_NAMESPACE);
    if (when === 'now') load();
    else whenIdle(load);
  }, [signedIn, when, i18n]);
}
