import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { signedInRoutes } from '../../../app/signed-in-routes';
import { menuFor } from '../../../components/layouts/menu-items';
import { resources } from '../../../i18n/resources';
import { canOpen, PAGE_ACCESS } from '../../../lib/menu-class';
import type { Lang } from '../../../lib/lang';
import { fetchCall, input, json, noop, prefetched, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { Page } from '../../../lib/types';
import { fetchValues, valuePath, type LangValue } from '../api/languages-api';
import { langKeys, restoreValueMutation, saveValueMutation, showLive, valueProblems, valuesParams, valuesQuery, type ValueValues } from '../hooks/use-languages';
import LanguagesPage, { ValueTable } from './languages-page';
import { ValueForm, useValueErrors } from './value-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function page<T>(data: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over };
}

const at = '2026-05-01T10:00:00Z';
const home: LangValue = { key: 'common:nav.home', en: 'Home', bn: 'হোম', edited: false, updated_at: at };
const total: LangValue = { key: 'reference:total_other', en: '{{n}} entries', bn: '{{n}}টি তথ্য', edited: true, updated_at: at };
const own: LangValue = { key: 'extras:promo.banner', en: 'Eid offer', bn: null, edited: true, updated_at: at };

const PATH = '/settings/languages';

/** A query client holding the page the address asks for. */
function client(address: string, list: Page<LangValue>) {
  const qc = new QueryClient();
  qc.setQueryData(langKeys.list(valuesParams(new URLSearchParams(address.split('?')[1] ?? ''))), list);
  return qc;
}
const show = (lang: 'en' | 'bn', qc: QueryClient, address = PATH) => render(lang, <LanguagesPage />, { at: address, path: PATH, qc });
const count = (html: string, id: string) => html.split(`data-testid="${id}"`).length - 1;
const noContent = () => new Response(null, { status: 204 });

/** An i18next with its own copy of the catalogues: the live changes stay in the test. */
async function testI18n(lang: Lang) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: structuredClone(resources), lng: lang, defaultNS: 'common', interpolation: { escapeValue: false } });
  return i18n;
}

/** A stubbed fetch answering its calls in turn. */
function answers(...list: (() => Response)[]) {
  let i = 0;
  return stubFetch(() => list[Math.min(i++, list.length - 1)]());
}

describe('the language dictionary page', () => {
  it('lists the keys with both texts, the changed ones marked, and reads the search from the address', async () => {
    const address = `${PATH}?search=home`;
    const html = await show('en', client(address, page([home, total, own], { total: 45, last_page: 3 })), address);
    const shown = text(html);
    expect(shown).toContain('Language dictionary');
    expect(shown).toContain('without a new release');
    expect(count(html, 'lang-row')).toBe(3);
    expect(shown).toContain('common:nav.home');
    expect(shown).toContain('Home');
    expect(shown).toContain('হোম');
    // A key with no Bangla text says so.
    expect(shown).toContain('(none)');
    expect(count(html, 'lang-edited-chip')).toBe(2);
    // Every key can be edited; only a changed one can be restored (or removed).
    expect(count(html, 'lang-edit')).toBe(3);
    expect(count(html, 'lang-restore')).toBe(2);
    expect(html).toContain('aria-label="Restore / remove: reference:total_other"');
    expect(html).not.toContain('aria-label="Restore / remove: common:nav.home"');
    expect(shown).toContain('45 keys');
    // The search box shows the address's search; the pager is there.
    expect(input(html, 'lang-search')).toContain('value="home"');
    expect(html).toContain('data-testid="pager"');
    expect(tag(html, 'lang-add')).toContain('<button');
    // A phone's cards at first paint: the key in monospace, each text named.
    expect(tag(html, 'lang-cards')).not.toBe('');
    expect(html).toMatch(/<code[^>]*data-testid="lang-key"/);
  });

  it('sends the search, the changed-only filter and the page to the API', async () => {
    expect(valuesParams(new URLSearchParams('search=%20home%20&edited=1&page=2'))).toEqual({ page: 2, search: 'home', edited: true });
    expect(valuesParams(new URLSearchParams(''))).toEqual({ page: 1, search: '', edited: false });
    expect(valuesParams(new URLSearchParams('edited=0')).edited).toBe(false);
    const fetch = stubFetch(() => json(page([])));
    await fetchValues({ page: 2, search: ' home ', edited: true });
    expect(fetchCall(fetch)[0]).toBe('/admin-settings/language/values?page=2&limit=20&search=home&edited=true');
    await fetchValues({ page: 1, search: '', edited: false });
    expect(fetchCall(fetch, 1)[0]).toBe('/admin-settings/language/values?page=1&limit=20');
    // Each filter has its own cache entry.
    expect(valuesQuery({ page: 1, search: '', edited: true }).queryKey).not.toEqual(valuesQuery({ page: 1, search: '', edited: false }).queryKey);
  });

  it('shows the changed-only switch on with ?edited=1, and says when nothing was changed', async () => {
    const address = `${PATH}?edited=1`;
    const on = await show('en', client(address, page([total])), address);
    expect(on).toMatch(/<input[^>]*id="lang-edited"[^>]*checked=""|<input[^>]*checked=""[^>]*id="lang-edited"/);
    expect(count(on, 'lang-row')).toBe(1);
    const none = await show('en', client(address, page([])), address);
    expect(none).toContain('data-testid="empty-state"');
    expect(text(none)).toContain('No text has been changed yet.');
    const off = await show('en', client(PATH, page([home])));
    expect(off).not.toMatch(/<input[^>]*id="lang-edited"[^>]*checked=""/);
  });

  it('has an empty state, one for a search that finds nothing, and an error state with Retry', async () => {
    const empty = await show('en', client(PATH, page([])));
    expect(empty).toContain('data-testid="empty-state"');
    expect(text(empty)).toContain('The dictionary has no keys yet.');
    expect(count(empty, 'lang-add')).toBe(2);
    const address = `${PATH}?search=zzz`;
    expect(text(await show('en', client(address, page([])), address))).toContain('No key matches your search.');
    const qc = await prefetched(valuesQuery(valuesParams(new URLSearchParams())), () => json({ message: 'Forbidden', code: 'forbidden', errors: {} }, 403));
    const failed = await show('en', qc);
    expect(failed).toContain('data-testid="error-state"');
    expect(text(failed)).toContain('You are not allowed to do this.');
    expect(text(failed)).toContain('Try again');
  });

  it('is in Bangla, numbers in Bangla digits', async () => {
    const html = await show('bn', client(PATH, page([home, total], { total: 45, last_page: 3 })));
    const shown = text(html);
    expect(shown).toContain('ভাষার অভিধান');
    expect(shown).toContain('নতুন রিলিজ ছাড়াই');
    expect(shown).toContain('৪৫টি কী');
    expect(shown).toContain('শুধু পরিবর্তিত');
    expect(shown).toContain('কী যোগ করুন');
    expect(shown).toContain('পরিবর্তিত');
    expect(html).toContain('aria-label="ফিরিয়ে আনুন / মুছুন: reference:total_other"');
    expect(html).toContain('aria-label="সম্পাদনা: common:nav.home"');
    // The pager's numbers.
    expect(shown).toContain('২');
    expect(html).toContain('placeholder="কী, ইংরেজি বা বাংলা লেখা দিয়ে খুঁজুন"');
  });

  it('has a table for wide screens: key, English, Bangla and the actions, scrolling in its box', async () => {
    const html = await render('en', <ValueTable values={[home, total]} busyKey="reference:total_other" onEdit={noop} onRestore={noop} />);
    const shown = text(html);
    expect(shown.indexOf('Key')).toBeLessThan(shown.indexOf('English'));
    expect(shown.indexOf('English')).toBeLessThan(shown.indexOf('Bangla'));
    expect(count(html, 'lang-row')).toBe(2);
    expect(html).toMatch(/role="region"[^>]*tabindex="0"|tabindex="0"[^>]*role="region"/i);
    // The key being restored cannot be restored twice.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Restore \/ remove: reference:total_other"/);
    const bn = text(await render('bn', <ValueTable values={[home]} busyKey={null} onEdit={noop} onRestore={noop} />));
    expect(bn).toContain('ইংরেজি');
    expect(bn).toContain('বাংলা');
  });
});

describe('saving a text', () => {
  it('changes it with PUT and shows it in the running app at once, in both languages', async () => {
    const i18n = await testI18n('en');
    expect(i18n.t('common:nav.home')).toBe('Home');
    const saved: LangValue = { ...home, en: 'Start', bn: 'শুরু', edited: true };
    const fetch = stubFetch(() => json({ data: saved }));
    await runMutation(saveValueMutation(new QueryClient(), i18n, true), { key: ' common:nav.home ', en: ' Start ', bn: 'শুরু' });
    const [url, init] = fetchCall(fetch);
    expect(url).toBe('/admin-settings/language/value/update');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ key: 'common:nav.home', en: 'Start', bn: 'শুরু' });
    expect(i18n.t('common:nav.home')).toBe('Start');
    expect(i18n.getResource('bn', 'common', 'nav.home')).toBe('শুরু');
    // The rest of the namespace stays.
    expect(i18n.t('common:nav.dashboard')).toBe('Dashboard');
  });

  it('adds a key with POST', async () => {
    const i18n = await testI18n('bn');
    const created: LangValue = { key: 'extras:promo.banner', en: 'Eid offer', bn: 'ঈদ অফার', edited: true, updated_at: at };
    const fetch = stubFetch(() => json({ data: created }, 201));
    await runMutation(saveValueMutation(new QueryClient(), i18n, false), { key: 'extras:promo.banner', en: 'Eid offer', bn: 'ঈদ অফার' });
    expect(fetchCall(fetch)[0]).toBe('/admin-settings/language/value/create');
    expect(fetchCall(fetch)[1].method).toBe('POST');
    expect(i18n.t('extras:promo.banner')).toBe('ঈদ অফার');
  });

  it('lays a text over the app only where its placeholders fit the shipped one', async () => {
    const i18n = await testI18n('en');
    await showLive(i18n, 'reference:total_other', { en: '{{count}} entries' });
    expect(i18n.t('reference:total', { count: 3, n: '3' })).toBe('3 items');
    await showLive(i18n, 'reference:total_other', { en: '{{n}} entries' });
    expect(i18n.t('reference:total', { count: 3, n: '3' })).toBe('3 entries');
  });

  it('checks the key and the texts before asking', () => {
    const blank: ValueValues = { key: '', en: ' ', bn: '' };
    expect(valueProblems(blank, null)).toEqual({ key: { code: 'required' }, en: { code: 'required' }, bn: { code: 'required' } });
    expect(valueProblems({ key: 'Common:x', en: 'a', bn: 'b' }, null).key?.code).toBe('key_invalid');
    expect(valueProblems({ key: 'common:', en: 'a', bn: 'b' }, null).key?.code).toBe('key_invalid');
    expect(valueProblems({ key: 'extras:promo.banner', en: 'a', bn: 'b' }, null)).toEqual({});
    expect(valueProblems({ key: 'extras:x', en: '{{n}} days', bn: 'দিন' }, null)).toEqual({ bn: { code: 'variables_differ' } });
    // A changed text keeps the placeholders of the text it replaces; the key is not checked again.
    expect(valueProblems({ key: total.key, en: '{{count}} entries', bn: '{{n}}টি' }, total)).toEqual({ en: { code: 'variables_changed', names: '{{n}}' } });
    expect(valueProblems({ key: total.key, en: '{{n}} rows', bn: '{{n}}টি সারি' }, total)).toEqual({});
  });
});

const values: ValueValues = { key: 'common:nav.home', en: 'Home', bn: 'হোম' };

function Form({ err, original = null }: { err: unknown; original?: LangValue | null }) {
  const { errors, formError } = useValueErrors(err);
  return <ValueForm original={original} values={values} errors={errors} formError={formError} busy={false} onChange={noop} onSave={noop} onCancel={noop} />;
}

describe('the key dialog', () => {
  it('shows a 422 under its field, and an existing key (409 duplicate_key) on the key', async () => {
    const invalid = new ApiError(422, 'Invalid', 'validation_failed', { key: ['key_invalid'], bn: ['This field is required.'] });
    const html = await render('en', <Form err={invalid} />);
    const shown = text(html);
    expect(shown).toContain('Write the key as namespace:dotted.key');
    expect(shown).toContain('This field is required.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*id="lang-value-key"/);
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*id="lang-value-bn"/);
    expect(html).not.toContain('data-testid="lang-value-error"');
    const dup = new ApiError(409, 'Conflict', 'duplicate_key', {});
    const dupHtml = await render('en', <Form err={dup} />);
    expect(text(dupHtml)).toContain('This key already exists.');
    expect(dupHtml).toMatch(/<input[^>]*aria-invalid="true"[^>]*id="lang-value-key"/);
    expect(dupHtml).not.toContain('data-testid="lang-value-error"');
    expect(text(await render('bn', <Form err={dup} />))).toContain('এই কী আগে থেকেই আছে।');
    // A refusal of no field shows above the buttons.
    const other = new ApiError(403, 'Forbidden', 'forbidden', {});
    expect(text(await render('en', <Form err={other} />))).toContain('You are not allowed to do this.');
  });

  it('has the key read-only when editing, multi-line texts, and names the placeholders to keep', async () => {
    const html = await render('en', <Form err={null} original={total} />);
    const shown = text(html);
    expect(shown).toContain('Edit “reference:total_other”');
    expect(input(html, 'lang-value-key')).toMatch(/readonly=""/i);
    expect(html).toMatch(/<textarea[^>]*id="lang-value-en"/);
    expect(html).toMatch(/<textarea[^>]*id="lang-value-bn"/);
    expect(shown).toContain('Placeholders the app fills in: {{n}}');
    const add = await render('bn', <Form err={null} />);
    expect(text(add)).toContain('কী যোগ করুন');
    expect(input(add, 'lang-value-key')).not.toMatch(/readonly/i);
    expect(text(add)).toContain('বাংলা লেখা');
    expect(text(add)).toContain('সংরক্ষণ');
  });
});

describe('restoring a key', () => {
  it('calls DELETE with the key encoded, and the shipped text shows again', async () => {
    expect(valuePath('common:nav.home')).toBe('/admin-settings/language/value/common%3Anav.home');
    expect(valuePath('extras:a/b c')).toBe('/admin-settings/language/value/extras%3Aa%2Fb%20c');
    const i18n = await testI18n('en');
    await showLive(i18n, 'common:nav.home', { en: 'Start', bn: 'শুরু' });
    expect(i18n.t('common:nav.home')).toBe('Start');
    // The DELETE, then the key's texts as the server now has them (the shipped ones).
    const fetch = answers(noContent, () => json(page([home, { ...home, key: 'common:nav.home_page', en: 'Other' }])));
    await runMutation(restoreValueMutation(new QueryClient(), i18n), { ...home, en: 'Start', bn: 'শুরু', edited: true });
    const [url, init] = fetchCall(fetch);
    expect(url).toBe('/admin-settings/language/value/common%3Anav.home');
    expect(init.method).toBe('DELETE');
    expect(fetchCall(fetch, 1)[0]).toBe('/admin-settings/language/values?page=1&limit=100&search=common%3Anav.home');
    expect(i18n.t('common:nav.home')).toBe('Home');
    expect(i18n.getResource('bn', 'common', 'nav.home')).toBe('হোম');
  });

  it('removes a key of the admins’ own without touching the app’s texts', async () => {
    const i18n = await testI18n('en');
    await showLive(i18n, own.key, { en: own.en });
    const fetch = answers(noContent, () => json(page([])));
    await runMutation(restoreValueMutation(new QueryClient(), i18n), own);
    expect(fetchCall(fetch)[0]).toBe('/admin-settings/language/value/extras%3Apromo.banner');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(i18n.t('common:nav.home')).toBe('Home');
    // The restore failing to read the texts back still counts as done.
    const failing = answers(noContent, () => json({ message: 'Down' }, 503));
    await expect(runMutation(restoreValueMutation(new QueryClient(), i18n), total)).resolves.toBeNull();
    expect(failing).toHaveBeenCalledTimes(2);
  });
});

describe('the route and the menu', () => {
  it('serves /settings/languages to the main site’s super admins with the settings module, beside the reference lists', () => {
    const matches = matchRoutes(signedInRoutes, '/settings/languages?search=home&edited=1') ?? [];
    expect(matches.at(-1)?.route.path).toBe('settings/languages');
    const props = matches.map((m) => (m.route.element as ReactElement<{ allow?: readonly string[]; module?: string }> | undefined)?.props ?? {});
    expect(props.find((p) => p.allow)?.allow).toBe(PAGE_ACCESS.reference);
    expect(props.find((p) => p.module)?.module).toBe('settings');
    const lists = matchRoutes(signedInRoutes, '/settings/reference-lists') ?? [];
    expect(matches.at(-2)?.route).toBe(lists.at(-2)?.route);
    expect(canOpen('/settings/languages', 'super')).toBe(true);
    for (const cls of ['partner', 'learner', 'approver'] as const) expect(canOpen('/settings/languages', cls), cls).toBe(false);
  });

  it('is under the super admin’s Settings, after the reference lists, for a map with settings.view', () => {
    const settings = menuFor('super', { settings: { view: true } }).find((i) => i.key === 'super-settings')!;
    const item = settings.children!.find((c) => c.to === '/settings/languages')!;
    expect(item).toMatchObject({ key: 'super-languages', labelKey: 'nav:language_dictionary', module: 'settings', classes: ['super'] });
    expect(settings.children!.at(-1)).toBe(item);
    expect(resources.en.nav.language_dictionary).toBe('Language dictionary');
    expect(resources.bn.nav.language_dictionary).toBe('ভাষার অভিধান');
    expect(menuFor('super', { publishing: { view: true } }).some((i) => i.key === 'super-settings')).toBe(false);
  });
});
