import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { api, setApiLang } from '../lib/api-client';
import { langId, storeLang, type Lang } from '../lib/lang';
import { NAMESPACES, resources } from './resources';
import { overlayBundles } from './overlay';

const overlaid = new Set<Lang>();

function applyDocumentLang(lang: Lang) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export async function initI18n(lang: Lang) {
  setApiLang(lang);
  applyDocumentLang(lang);
  await i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: lang === 'bn' ? 'en' : 'bn',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { bindI18n: 'languageChanged', bindI18nStore: 'added' },
  });
  i18n.on('languageChanged', (lng) => {
    setApiLang(lng);
    applyDocumentLang(lng as Lang);
  });
  void loadOverlay(lang);
  return i18n;
}

/** Fetch the server's texts for a language and lay them over the shipped ones; silent on failure. */
export async function loadOverlay(lang: Lang) {
  if (overlaid.has(lang)) return;
  overlaid.add(lang);
  try {
    const res = await api<{ data?: { values?: Record<string, unknown> } }>('/admin-settings/languages', {
      query: { lang_id: langId(lang) },
      silent: true,
    });
    const bundles = overlayBundles(res?.data?.values ?? {});
    for (const [ns, bundle] of Object.entries(bundles)) {
      i18n.addResourceBundle(lang, ns, bundle, true, true);
    }
  } catch {
    overlaid.delete(lang);
    // Shipped catalogues stay in use.
  }
}

export async function changeLanguage(lang: Lang) {
  storeLang(lang);
  await i18n.changeLanguage(lang);
  void loadOverlay(lang);
}

export default i18n;
