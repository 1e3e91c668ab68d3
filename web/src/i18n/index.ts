import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { api, setApiLang } from '../lib/api-client';
import { langId, rememberLang, storeLang, type Lang } from '../lib/lang';
import { BOOT_NAMESPACES, IDLE_NAMESPACES, loadCatalogue, type Catalogue } from './catalogues';
import { fittingOverlay, overlayBundles } from './overlay';

const overlaid = new Set<Lang>();
/** Server texts of namespaces whose shipped catalogue has not been loaded yet, per language. */
const waitingOverlays = new Map<string, Record<string, Catalogue>>();

function merge(base: Catalogue, over: Catalogue): Catalogue {
  const out: Catalogue = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === 'object' && typeof b === 'object' ? merge(b, v) : v;
  }
  return out;
}

/** Catalogues come from the build's per-language, per-namespace chunks (catalogues.ts). */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lang, ns, done) {
    loadCatalogue(lang, ns).then(
      (data) => {
        const over = waitingOverlays.get(lang)?.[ns];
        if (over) delete waitingOverlays.get(lang)![ns];
        done(null, over ? merge(data, fittingOverlay(over, data)) : data);
      },
      (err: unknown) => done(err instanceof Error ? err.message : String(err), false),
    );
  },
};

function applyDocumentLang(lang: Lang) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Starts i18next in `lang` with the start-up namespaces and `namespaces` (the first page's) loaded;
 * pages' other namespaces load when a component first asks for them (useTranslation suspends
 * until then). Only the shown language is loaded: no fallback language.
 */
export async function initI18n(lang: Lang, namespaces: readonly string[] = []) {
  setApiLang(lang);
  applyDocumentLang(lang);
  rememberLang(lang);
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      supportedLngs: ['en', 'bn'],
      load: 'currentOnly',
      fallbackLng: false,
      ns: [...new Set([...BOOT_NAMESPACES, ...namespaces])],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { bindI18n: 'languageChanged', bindI18nStore: 'added', useSuspense: true },
    });
  i18n.on('languageChanged', (lng) => {
    setApiLang(lng);
    applyDocumentLang(lng as Lang);
  });
  void loadOverlay(lang);
  whenIdle(() => void i18n.loadNamespaces(IDLE_NAMESPACES));
  return i18n;
}

function whenIdle(run: () => void) {
  if (typeof window === 'undefined') return;
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 4000 }) : setTimeout(run, 1500));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
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
    const waiting: Record<string, Catalogue> = {};
    for (const [ns, bundle] of Object.entries(bundles)) {
      // A bundle added before its shipped catalogue would stand for the whole namespace.
      if (i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, fittingOverlay(bundle, i18n.getResourceBundle(lang, ns)), true, true);
      else waiting[ns] = bundle;
    }
    waitingOverlays.set(lang, waiting);
  } catch {
    overlaid.delete(lang);
    // Shipped catalogues stay in use.
  }
}

/** Switch language: the namespaces in use are loaded in the new language first, then it shows. */
export async function changeLanguage(lang: Lang) {
  storeLang(lang);
  await i18n.changeLanguage(lang);
  void loadOverlay(lang);
}

export default i18n;
