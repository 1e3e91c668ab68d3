// Shared helpers of the component tests (*.test.tsx). The tests run in node without a DOM: a
// component is rendered to static markup inside the app's providers, then read back with the small
// markup readers below. Only tests import this module (it imports vitest); the app never does.
import { MutationObserver, QueryClient, QueryClientProvider, type FetchQueryOptions, type MutationObserverOptions, type QueryKey } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../components/ui/toast-provider';
import { resources } from '../i18n/resources';
import type { Lang } from './lang';
import { useErrorText } from './use-error-text';
import { useFieldErrors, type FieldProblems } from './use-field-errors';

/** A fresh i18next instance in `lang` with every shipped catalogue loaded. */
export async function testI18n(lang: Lang) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources, lng: lang, defaultNS: 'common', interpolation: { escapeValue: false } });
  return i18n;
}

export interface RenderOptions {
  /** The URL the router starts at (default `/`). */
  at?: string;
  /** The query client, e.g. one with data already set (default: a fresh, empty one). */
  qc?: QueryClient;
  /** A route pattern (`/exam/journey/:uuid`) to render `node` under, for pages that read useParams(). */
  path?: string;
}

/**
 * The static markup of `node` in `lang`, inside the providers every page has: translations, a
 * query client, toasts and a router. Providers the component does not use draw nothing (a closed
 * toast included), so plain components render exactly as they would alone.
 */
export async function render(lang: Lang, node: ReactNode, { at = '/', qc = new QueryClient(), path }: RenderOptions = {}) {
  const i18n = await testI18n(lang);
  const routed = path ? (
    <Routes>
      <Route path={path} element={node} />
    </Routes>
  ) : (
    node
  );
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <ToastProvider>
          <MemoryRouter initialEntries={[at]}>{routed}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Visible text of the markup: emotion's <style> elements and the tags dropped, white space folded. */
export const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** The opening tag of the element with this test id ('' when absent). */
export const tag = (html: string, id: string) => new RegExp(`<[a-zA-Z][\\w-]*\\b[^>]*data-testid="${id}"[^>]*>`).exec(html)?.[0] ?? '';

/** The href of the element with this test id (null when absent or without one). */
export const href = (html: string, id: string) => /href="([^"]*)"/.exec(tag(html, id))?.[1]?.replace(/&amp;/g, '&') ?? null;

/** The <input> tag whose id is `id` ('' when absent). */
export const input = (html: string, id: string) => new RegExp(`<input\\b[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

/** A handler prop the test does not call. */
export const noop = () => {};

/** An API answer: `body` as JSON with this status. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/**
 * Replaces the global fetch with a mock that answers each call with `answer()` (a fresh Response
 * each time, e.g. `() => json({ data })`). Undo it with `vi.unstubAllGlobals()` in `afterEach`.
 */
export function stubFetch(answer: () => Response | Promise<Response>) {
  const mock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A Storage kept in memory: localStorage or sessionStorage of the browser (node has neither), for `vi.stubGlobal`. */
export function memoryStorage(init: Record<string, string> = {}): Storage {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

/** The URL and options of the n-th call of a stubbed fetch. */
export function fetchCall(mock: ReturnType<typeof stubFetch>, n = 0): [string, RequestInit] {
  const [url, init] = mock.mock.calls[n];
  return [url, init ?? {}];
}

/**
 * A query client that has already run `query` against a stubbed fetch answering `answer()`, and
 * does not run it again on mount: for pages whose query runs once (a mailed link's check).
 */
export async function prefetched<TData, TKey extends QueryKey>(query: FetchQueryOptions<TData, Error, TData, TKey>, answer: () => Response) {
  stubFetch(answer);
  const qc = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  await qc.prefetchQuery({ ...query, gcTime: Infinity });
  return qc;
}

function ErrorText({ err }: { err: unknown }) {
  return <>{useErrorText()(err)}</>;
}

/** The text the app shows for an error (an ApiError's translated code, say) in `lang`. */
export async function errorText(lang: Lang, err: unknown) {
  return text(await render(lang, <ErrorText err={err} />));
}

/** Runs a mutation's options (mutationFn, onSuccess, ...) outside React, as useMutation would. */
export function runMutation<TData, TError, TVars, TContext>(
  options: MutationObserverOptions<TData, TError, TVars, TContext>,
  variables: TVars,
  qc = new QueryClient(),
) {
  return new MutationObserver(qc, options).mutate(variables);
}

/**
 * A form's refusals worded as its dialog words them, for rendering the form alone: the server's
 * refusal `err` of its `fields`, and the client's `problems` (codes) over them.
 */
export function useWordedErrors<F extends string>(fields: readonly F[], err: unknown, codeText: (code: string) => string, problems: FieldProblems<F>): FieldProblems<F> {
  const { errors } = useFieldErrors(fields, err, codeText);
  return { ...errors, ...Object.fromEntries(Object.entries(problems).map(([field, code]) => [field, codeText(code as string)])) };
}
