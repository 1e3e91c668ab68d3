import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, href, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { Page } from '../../../lib/types';
import { fetchRefList, importRefList, importRowErrors, importType, type RefItem, type ReferenceKind } from '../api/reference-api';
import { itemBody, itemProblems, refKeys, saveItemMutation, type ItemValues } from '../hooks/use-reference';
import { ItemForm, useItemErrors } from './item-dialog';
import ReferencePages, { type ReferencePage } from './reference-pages';
import { ImportResult } from './reference-parts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function page<T>(data: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over };
}

const ssc: RefItem = { id: 3, title: 'Secondary School Certificate (SSC)', bn_title: 'মাধ্যমিক স্কুল সার্টিফিকেট (এসএসসি)', sort: 3, parent_id: null, image: null };
const hsc: RefItem = { id: 4, title: 'Higher Secondary Certificate (HSC)', bn_title: 'উচ্চ মাধ্যমিক সার্টিফিকেট (এইচএসসি)', sort: 4, parent_id: null, image: null };
const science: RefItem = { id: 11, title: 'Science', bn_title: 'বিজ্ঞান', sort: 1, parent_id: 3, image: null };
const arts: RefItem = { id: 12, title: 'Humanities', bn_title: 'মানবিক', sort: 2, parent_id: 4, image: null };

const first = { page: 1, limit: 20, search: '', parent: null };

function client(kind: ReferenceKind, list: Page<RefItem>, parents?: [ReferenceKind, RefItem[]]) {
  const qc = new QueryClient();
  qc.setQueryData(refKeys.list(kind, first), list);
  if (parents) qc.setQueryData(refKeys.list(parents[0], { page: 1, all: true }), page(parents[1]));
  return qc;
}

const PATHS: Record<ReferencePage, string> = {
  categories: '/settings/categories',
  education_levels: '/settings/educationlavels',
  education_sublevels: '/settings/educationsublavels',
  degrees: '/settings/degrees',
  professions: '/settings/professions',
  lists: '/settings/reference-lists',
  geography: '/settings/geography',
};
const show = (lang: 'en' | 'bn', p: ReferencePage, qc: QueryClient, at = PATHS[p]) => render(lang, <ReferencePages page={p} />, { at, path: PATHS[p], qc });
const count = (html: string, id: string) => html.split(`data-testid="${id}"`).length - 1;

describe('a reference list page', () => {
  it('shows both titles, the order, search, add, export and import, and the pager', async () => {
    const html = await show('en', 'education_levels', client('education_levels', page([ssc, hsc], { total: 45, last_page: 3 })));
    const shown = text(html);
    expect(shown).toContain('Education levels');
    expect(count(html, 'ref-row')).toBe(2);
    expect(shown).toContain('Secondary School Certificate (SSC)');
    expect(shown).toContain('মাধ্যমিক স্কুল সার্টিফিকেট (এসএসসি)');
    // English first in the English interface.
    expect(shown.indexOf('English title')).toBeLessThan(shown.indexOf('Bangla title'));
    expect(shown).toContain('45 items');
    expect(tag(html, 'ref-search')).not.toBe('');
    expect(tag(html, 'ref-add')).toContain('<button');
    expect(shown).toContain('Add level');
    expect(tag(html, 'ref-export-csv')).toContain('<button');
    expect(tag(html, 'ref-export-xlsx')).toContain('<button');
    expect(html).toMatch(/<input[^>]*accept="\.csv,\.xlsx/);
    expect(html).toContain('data-testid="pager"');
    expect(html).toContain('aria-label="Edit: Secondary School Certificate (SSC)"');
    expect(html).toContain('aria-label="Delete: Secondary School Certificate (SSC)"');
    // The table scrolls inside its box on a phone.
    expect(html).toMatch(/role="region"[^>]*tabindex="0"|tabindex="0"[^>]*role="region"/i);
  });

  it('is in Bangla: Bangla title first, numbers in Bangla digits', async () => {
    const html = await show('bn', 'education_levels', client('education_levels', page([ssc, hsc], { total: 45, last_page: 3 })));
    const shown = text(html);
    expect(shown).toContain('শিক্ষার স্তর');
    expect(shown.indexOf('বাংলা নাম')).toBeLessThan(shown.indexOf('ইংরেজি নাম'));
    expect(shown).toContain('৪৫টি');
    expect(shown).toContain('৩');
    expect(shown).toContain('স্তর যোগ করুন');
    expect(shown).toContain('CSV এক্সপোর্ট');
  });

  it('shows the parent of each sub-level with a level filter', async () => {
    const html = await show('en', 'education_sublevels', client('education_sublevels', page([science, arts]), ['education_levels', [ssc, hsc]]));
    expect(tag(html, 'ref-parent-filter')).not.toBe('');
    const shown = text(html);
    expect(shown).toContain('Education level');
    expect(shown).toContain('Science');
    expect(shown).toContain('Higher Secondary Certificate (HSC)');
  });

  it('says when the list is empty, and when nothing matches', async () => {
    const empty = await show('en', 'categories', client('categories', page([])));
    expect(empty).toContain('data-testid="empty-state"');
    expect(text(empty)).toContain('This list has no items yet.');
    const qc = new QueryClient();
    qc.setQueryData(refKeys.list('categories', { ...first, search: 'zzz' }), page([]));
    expect(text(await show('en', 'categories', qc, '/settings/categories?search=zzz'))).toContain('No items match your search.');
  });

  it('has tabs for disabilities, participant types and tags, and for a profession’s fields', async () => {
    const lists = await show('en', 'lists', client('tags', page([ssc])), '/settings/reference-lists?list=tags');
    expect(tag(lists, 'ref-list')).toContain('data-kind="tags"');
    expect(text(lists)).toContain('Participant types');
    const fields = await show('en', 'professions', client('professions', page([ssc])));
    expect(tag(fields, 'ref-list')).toContain('data-kind="professions"');
    expect(fields).toContain('aria-label="Fields of Secondary School Certificate (SSC)"');
    // The row's link opens the Fields tab narrowed to the profession.
    expect(href(fields, 'ref-children')).toBe('/settings/professions?list=fields&parent=3');
    // The other lists have no children.
    expect(tag(lists, 'ref-children')).toBe('');
  });

  it('reads each list by its own call, with paging and search', async () => {
    const fetch = stubFetch(() => json(page([])));
    await fetchRefList('education_levels', { page: 2, limit: 20, search: ' ssc ' });
    expect(fetchCall(fetch)[0]).toBe('/admin-settings/education/levels?page=2&limit=20&search=ssc');
    await fetchRefList('degrees', { page: 1, parent: 3 });
    expect(fetchCall(fetch, 1)[0]).toBe('/admin-settings/education/degreeBylevel/3?page=1&limit=20');
    await fetchRefList('education_sublevels', { page: 1, parent: 4 });
    expect(fetchCall(fetch, 2)[0]).toBe('/admin-settings/education/sublevel?page=1&limit=20&parent_id=4');
    await fetchRefList('tags', { page: 1, search: 'eid' });
    expect(fetchCall(fetch, 3)[0]).toBe('/admin-settings/tags/search');
    expect(JSON.parse(String(fetchCall(fetch, 3)[1].body))).toEqual({ search: 'eid', page: 1, limit: 20 });
  });
});

const values: ItemValues = { title: ' Science ', bn_title: ' বিজ্ঞান ', sort: '১২', parent_id: '3' };

function AddForm({ err, parents }: { err: unknown; parents?: RefItem[] }) {
  const { errors, formError } = useItemErrors(err);
  return <ItemForm title="Add" values={values} errors={errors} formError={formError} busy={false} parents={parents} parentLabel="Education level" onChange={noop} onSave={noop} onCancel={noop} />;
}

describe('the item dialog', () => {
  it('sends the titles, the order and the parent to the list’s create and update calls', async () => {
    const fetch = stubFetch(() => json({ data: science }, 201));
    await runMutation(saveItemMutation(new QueryClient(), 'education_sublevels', true), values);
    expect(fetchCall(fetch)[0]).toBe('/admin-settings/education/sublevel/create');
    expect(fetchCall(fetch)[1].method).toBe('POST');
    expect(JSON.parse(String(fetchCall(fetch)[1].body))).toEqual({ title: 'Science', bn_title: 'বিজ্ঞান', sort: 12, parent_id: 3 });
    await runMutation(saveItemMutation(new QueryClient(), 'tags', false, 9), { ...values, sort: '' });
    expect(fetchCall(fetch, 1)[0]).toBe('/admin-settings/reference/tags/update');
    expect(fetchCall(fetch, 1)[1].method).toBe('PUT');
    expect(JSON.parse(String(fetchCall(fetch, 1)[1].body))).toEqual({ id: 9, title: 'Science', bn_title: 'বিজ্ঞান' });
  });

  it('checks the fields before asking', () => {
    expect(itemProblems({ title: '', bn_title: ' ', sort: 'x', parent_id: '' }, true)).toEqual({ title: 'required', bn_title: 'required', sort: 'sort_invalid', parent_id: 'required' });
    expect(itemProblems(values, true)).toEqual({});
    expect(itemBody({ ...values, parent_id: '' }, false)).toEqual({ title: 'Science', bn_title: 'বিজ্ঞান', sort: 12 });
  });

  it('shows the server’s 422 on its field', async () => {
    const dup = new ApiError(422, 'Invalid', 'validation_failed', { title: ['duplicate_name'] });
    const html = await render('en', <AddForm err={dup} />);
    expect(text(html)).toContain('This list already has an item with this title.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*id="ref-item-title"/);
    expect(text(await render('bn', <AddForm err={dup} />))).toContain('এই তালিকায় এই নামে আরেকটি বিষয় আছে।');
    const parent = new ApiError(422, 'Invalid', 'validation_failed', { parent_id: ['unknown_parent'] });
    const withParent = await render('en', <AddForm err={parent} parents={[ssc, hsc]} />);
    expect(text(withParent)).toContain('This parent no longer exists. Choose another.');
    expect(tag(withParent, 'ref-item-parent')).not.toBe('');
  });
});

describe('the import', () => {
  it('sends the file’s bytes and says what it created and updated', async () => {
    const fetch = stubFetch(() => json({ data: { created: 2, updated: 5 } }));
    const file = Object.assign(new Blob(['id,title,bn_title,sort,parent_id\n']), { name: 'levels.csv' });
    expect(await importRefList('education_levels', file)).toEqual({ created: 2, updated: 5 });
    const [url, init] = fetchCall(fetch);
    expect(url).toBe('/admin-settings/reference/education_levels/import');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    expect(importType({ name: 'Levels.XLSX' })).toContain('spreadsheetml');
    expect(text(await render('en', <ImportResult outcome={{ created: 2, updated: 5 }} errorText="" />))).toContain('Import done: 2 created, 5 updated.');
    expect(text(await render('bn', <ImportResult outcome={{ created: 2, updated: 5 }} errorText="" />))).toContain('২টি নতুন, ৫টি হালনাগাদ');
  });

  it('lists the refused rows in order (422 row_<n>)', async () => {
    stubFetch(() => json({ message: 'Invalid', errors: { row_10: ['title: required'], row_2: ['parent_id: unknown_parent'] } }, 422));
    const file = Object.assign(new Blob(['x']), { name: 'levels.csv' });
    const err = await importRefList('education_levels', file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(importRowErrors((err as ApiError).fieldErrors)).toEqual([
      [2, 'parent_id: unknown_parent'],
      [10, 'title: required'],
    ]);
    const html = await render('en', <ImportResult error={err} errorText="Invalid" />);
    expect(count(html, 'import-row')).toBe(2);
    const shown = text(html);
    expect(shown).toContain('2 rows have problems');
    expect(shown.indexOf('Row 2:')).toBeLessThan(shown.indexOf('Row 10:'));
    expect(text(await render('bn', <ImportResult error={err} errorText="Invalid" />))).toContain('সারি ১০:');
  });
});
