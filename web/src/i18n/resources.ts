// Every shipped catalogue of both languages in one object, for tests and tools. The app does not
// import this module: it loads catalogues one language and namespace at a time (catalogues.ts).
import { NAMESPACES, type Catalogue } from './catalogues';

export { NAMESPACES };

const files = import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<'en' | 'bn', Record<string, Catalogue>> = { en: {}, bn: {} };
for (const [path, catalogue] of Object.entries(files)) {
  const [, lang, ns] = /\.\/locales\/(en|bn)\/([\w-]+)\.json$/.exec(path) ?? [];
  if (lang) resources[lang as 'en' | 'bn'][ns] = catalogue;
}
