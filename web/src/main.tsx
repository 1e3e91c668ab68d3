import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appQueryClient, firstNamespaces, firstRoute, resolveSite } from './app/bootstrap';
import { initI18n } from './i18n';
import { getToken } from './lib/auth-storage';
import { storedLang } from './lib/lang';
import { isHost404 } from './lib/site';

/** Start-up waits this long at most for the first page's data; the page shows its loading state after. */
const DATA_WAIT_MS = 3000;

async function main() {
  const lang = storedLang();
  const { pathname } = window.location;
  const host404 = isHost404();
  const route = host404 ? { namespaces: ['errors'] } : firstRoute(pathname);
  // The first page's code, texts and data come in parallel, and the first render waits for them:
  // until then the page shows the server's prerendered heading, not a loading state.
  const [{ site, is404 }] = await Promise.all([
    resolveSite(),
    initI18n(lang, firstNamespaces(pathname, route, !host404 && !!getToken())),
    // A failed page chunk is reported by the route's own lazy import, with its error page.
    route.load?.().catch(() => undefined),
    route.data && Promise.race([route.data(pathname, appQueryClient()), new Promise((done) => setTimeout(done, DATA_WAIT_MS))]),
  ]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App site={site} is404={is404} />
    </StrictMode>,
  );
}

void main();
