// Queries and mutations of /settings/languages, the page's query string (?search=, ?edited=1,
// ?page=), the dialog's own checks, and putting a saved or restored text into the running app at
// once (the way i18n/overlay.ts lays the server's texts over the shipped ones at start-up).
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import type { Lang } from '../../../lib/lang';
import { parsePage } from '../../../lib/pager';
import { NAMESPACES } from '../../../i18n/catalogues';
import { fittingOverlay, overlayBundles, textVariables } from '../../../i18n/overlay';
import { createValue, deleteValue, fetchValues, updateValue, VALUES_LIMIT, type LangValue, type LangValueBody, type ValuesParams } from '../api/languages-api';

export const LANGS: readonly Lang[] = ['en', 'bn'];

export const langKeys = {
  all: ['language-values'] as const,
  list: (p: ValuesParams) => ['language-values', p.page, p.search ?? '', !!p.edited, p.limit ?? VALUES_LIMIT] as const,
};

/** The list's parameters from the page's address: ?search=, ?edited=1 (any value but 0), ?page=. */
export function valuesParams(params: URLSearchParams): Required<Omit<ValuesParams, 'limit'>> {
  const edited = params.get('edited');
  return { page: parsePage(params.get('page')), search: (params.get('search') ?? '').trim(), edited: !!edited && edited !== '0' && edited !== 'false' };
}

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

export function valuesQuery(params: ValuesParams) {
  return { queryKey: langKeys.list(params), queryFn: () => fetchValues(params), retry: retryTransient };
}

export function useValueList(params: ValuesParams) {
  return useQuery({ ...valuesQuery(params), placeholderData: keepPreviousData });
}

export const VALUE_FIELDS = ['key', 'en', 'bn'] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];
export type ValueValues = LangValueBody;

export const KEY_MAX = 200;
/** The server's rule: a lower-case namespace (letters, - and _), a colon, then letters, digits, dots, - and _. */
export const KEY_PATTERN = /^[a-z_-]+:[A-Za-z0-9._-]+$/;

/** A problem code and the placeholders it names ("{{count}}, {{n}}"), for the form's words. */
export interface ValueProblem {
  code: string;
  names?: string;
}

const braces = (names: string[]) => names.map((n) => `{{${n}}}`).join(', ');

/**
 * The dialog's own checks (the server checks the key's form and the required texts too): the key's
 * form, both texts given, and the placeholders. A changed text must keep the placeholders of the
 * text it replaces (the app leaves out a server text whose placeholders differ from the shipped
 * one's, i18n/overlay.ts fittingOverlay); a new key's two texts must have the same ones.
 */
export function valueProblems(v: ValueValues, original: LangValue | null): Partial<Record<ValueField, ValueProblem>> {
  const out: Partial<Record<ValueField, ValueProblem>> = {};
  const key = v.key.trim();
  if (!original) {
    if (!key) out.key = { code: 'required' };
    else if (key.length > KEY_MAX) out.key = { code: 'key_too_long' };
    else if (!KEY_PATTERN.test(key)) out.key = { code: 'key_invalid' };
  }
  for (const lang of LANGS) {
    const text = v[lang].trim();
    if (!text) {
      out[lang] = { code: 'required' };
      continue;
    }
    const was = original?.[lang];
    if (was && textVariables(was).join() !== textVariables(text).join()) out[lang] = { code: 'variables_changed', names: braces(textVariables(was)) };
  }
  if (!original && !out.en && !out.bn && textVariables(v.en).join() !== textVariables(v.bn).join()) out.bn = { code: 'variables_differ' };
  return out;
}

/** The body create and update take: trimmed key and texts. */
export function valueBody(v: ValueValues): LangValueBody {
  return { key: v.key.trim(), en: v.en.trim(), bn: v.bn.trim() };
}

/** A save's error with the key's refusals on the key field: 409 `duplicate_key` names no field. */
export function keyedError(err: unknown): unknown {
  if (err instanceof ApiError && err.code === 'duplicate_key' && !err.fieldErrors.key) {
    return new ApiError(err.status, err.message, err.code, { ...err.fieldErrors, key: ['duplicate_key'] });
  }
  return err;
}

/**
 * Puts a key's texts into the running i18next, as the server's texts are laid over the shipped
 * ones at start-up (overlay.ts: only where they fit the shipped text). A namespace of the language
 * shown that is not loaded yet is loaded first: its texts would otherwise come with the overlay
 * read at start-up, without this change. The other language reads the server's texts afresh when
 * it is shown, unless its catalogue is already here (then it is changed too).
 */
export async function showLive(i18n: I18n, key: string, texts: Partial<Record<Lang, string | null>>) {
  for (const lang of LANGS) {
    const text = texts[lang];
    if (!text) continue;
    for (const [ns, bundle] of Object.entries(overlayBundles({ [key]: text }))) {
      const shipped = (NAMESPACES as readonly string[]).includes(ns);
      if (shipped && !i18n.hasResourceBundle(lang, ns)) {
        if (lang !== i18n.language) continue;
        await i18n.loadNamespaces(ns).catch(() => undefined);
        if (!i18n.hasResourceBundle(lang, ns)) continue;
      }
      i18n.addResourceBundle(lang, ns, fittingOverlay(bundle, i18n.getResourceBundle(lang, ns)), true, true);
    }
  }
}

/**
 * A key's texts as the server now has them (after a restore: the shipped ones); none when it has
 * no such key any more (a key of the admins' own, removed). Read from the server rather than from
 * the loaded catalogues: the overlay was laid into those, so they no longer hold the shipped text.
 */
export async function currentTexts(key: string): Promise<Partial<Record<Lang, string | null>>> {
  const found = await fetchValues({ page: 1, limit: 100, search: key });
  const value = found.data.find((v) => v.key === key);
  return value ? { en: value.en, bn: value.bn } : {};
}

/** Every page of the dictionary is read again after a change. */
function listsChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: langKeys.all });
}

/** Adds a key (`editing` false) or changes one; the saved texts show at once in this app. */
export function saveValueMutation(qc: QueryClient, i18n: I18n, editing: boolean): UseMutationOptions<LangValue, Error, ValueValues> {
  return {
    mutationFn: (values) => (editing ? updateValue(valueBody(values)) : createValue(valueBody(values))),
    onSuccess: (saved) => showLive(i18n, saved.key, { en: saved.en, bn: saved.bn }).catch(() => undefined),
    onSettled: () => listsChanged(qc),
  };
}

/** Restores a shipped key (its shipped texts show at once) or removes a key of the admins' own. */
export function restoreValueMutation(qc: QueryClient, i18n: I18n): UseMutationOptions<unknown, Error, LangValue> {
  return {
    mutationFn: (value) => deleteValue(value.key),
    onSuccess: async (_, value) => {
      await currentTexts(value.key)
        .then((texts) => showLive(i18n, value.key, texts))
        .catch(() => undefined);
    },
    onSettled: () => listsChanged(qc),
  };
}
