import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { resolveSite } from './app/bootstrap';
import { initI18n } from './i18n';
import { storedLang } from './lib/lang';

async function main() {
  const lang = storedLang();
  const [{ site, is404 }] = await Promise.all([resolveSite(), initI18n(lang)]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App site={site} is404={is404} />
    </StrictMode>,
  );
}

void main();
