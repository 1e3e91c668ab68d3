import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, href, input, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { Page } from '../../../lib/types';
import { childKind, fetchRefList, parentKind, type RefItem, type ReferenceKind } from '../api/reference-api';
import { refKeys, saveItemMutation, type ItemValues } from '../hooks/use-reference';
import { ItemForm, useItemErrors } from './item-dialog';
import ReferencePages from './reference-pages';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function page<T>(data: T[], over: Partial<Page<T>> = {}): Page<T> {
  return { data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over };
}

const dhakaDiv: RefItem = { id: 3, title: 'Dhaka', bn_title: 'ঢাকা', sort: 3, parent_id: null, image: null };
const ctgDiv: RefItem = { id: 2, title: 'Chattogram', bn_title: 'চট্টগ্রাম', sort: 2, parent_id: null, image: null };
const gazipur: RefItem = { id: 41, title: 'Gazipur', bn_title: 'গাজীপুর', sort: 41, parent_id: 3, image: null };
const dhakaDist: RefItem = { id: 47, title: 'Dhaka', bn_title: 'ঢাকা', sort: 47, parent_id: 3, image: null };
const savar: RefItem = { id: 390, title: 'Savar', bn_title: 'সাভার', sort: 1, parent_id: 47, image: null };

const list = (kind: ReferenceKind, parent: number | null = null) => refKeys.list(kind, { page: 1, limit: 20, search: '', parent });
const all = (kind: ReferenceKind) => refKeys.list(kind, { page: 1, all: true });
const show = (lang: 'en' | 'bn', qc: QueryClient, at = '/settings/geography') => render(lang, <ReferencePages page="geography" />, { at, path: '/settings/geography', qc });

describe('the geography page', () => {
  it('has tabs for divisions, districts and upazilas, a division linking to its districts', async () => {
    const qc = new QueryClient();
    qc.setQueryData(list('divisions'), page([ctgDiv, dhakaDiv], { total: 8 }));
    const html = await show('en', qc);
    const shown = text(html);
    expect(shown).toContain('Geography of Bangladesh');
    expect(shown).toContain('8 divisions, 64 districts and their upazilas');
    expect(shown).toContain('bangladesh.gov.bd');
    for (const k of ['divisions', 'districts', 'upazilas']) expect(tag(html, `ref-tab-${k}`)).not.toBe('');
    expect(tag(html, 'ref-tab-divisions')).toContain('aria-selected="true"');
    expect(tag(html, 'ref-list')).toContain('data-kind="divisions"');
    // Divisions have no parent: no filter, no parent column.
    expect(tag(html, 'ref-parent-filter')).toBe('');
    expect(html).toContain('aria-label="Districts of Dhaka"');
    expect(href(html, 'ref-children')).toBe('/settings/geography?list=districts&parent=2');
    expect(shown).toContain('Add division');

    const bn = text(await show('bn', qc));
    expect(bn).toContain('বাংলাদেশের ভৌগোলিক তালিকা');
    expect(bn).toContain('৬৪টি জেলা');
    expect(bn).toContain('উপজেলা');
  });

  it('narrows the districts to the division the link named, each district linking to its upazilas', async () => {
    const qc = new QueryClient();
    qc.setQueryData(list('districts', 3), page([dhakaDist, gazipur]));
    qc.setQueryData(all('divisions'), page([ctgDiv, dhakaDiv]));
    const html = await show('en', qc, '/settings/geography?list=districts&parent=3');
    expect(tag(html, 'ref-tab-districts')).toContain('aria-selected="true"');
    expect(tag(html, 'ref-list')).toContain('data-kind="districts"');
    // The division filter shows the division; each row names it in the Division column.
    expect(tag(html, 'ref-parent-filter')).not.toBe('');
    expect(html).toMatch(/<input[^>]*value="3"/);
    const shown = text(html);
    expect(shown).toContain('Division');
    expect(shown).toContain('Gazipur');
    expect(html).toContain('aria-label="Upazilas of Gazipur"');
    expect(href(html, 'ref-children')).toBe('/settings/geography?list=upazilas&parent=47');

    // The upazilas: narrowed to their district, no further children.
    qc.setQueryData(list('upazilas', 47), page([savar]));
    qc.setQueryData(all('districts'), page([dhakaDist, gazipur]));
    const upazilas = await show('en', qc, '/settings/geography?list=upazilas&parent=47');
    expect(tag(upazilas, 'ref-list')).toContain('data-kind="upazilas"');
    expect(text(upazilas)).toContain('Savar');
    expect(tag(upazilas, 'ref-children')).toBe('');
  });

  it('reads the three lists by the generic read, narrowed by parent_id', async () => {
    expect(parentKind('districts')).toBe('divisions');
    expect(parentKind('upazilas')).toBe('districts');
    expect(parentKind('divisions')).toBeNull();
    expect(childKind('divisions')).toBe('districts');
    expect(childKind('districts')).toBe('upazilas');
    expect(childKind('professions')).toBe('profession_fields');
    expect(childKind('upazilas')).toBeNull();
    const fetch = stubFetch(() => json(page([])));
    await fetchRefList('divisions', { page: 1, search: 'dha' });
    expect(fetchCall(fetch)[0]).toBe('/admin-settings/reference/divisions?page=1&limit=20&search=dha');
    await fetchRefList('districts', { page: 2, parent: 3 });
    expect(fetchCall(fetch, 1)[0]).toBe('/admin-settings/reference/districts?page=2&limit=20&parent_id=3');
    await fetchRefList('upazilas', { page: 1, all: true, parent: 47 });
    expect(fetchCall(fetch, 2)[0]).toBe('/admin-settings/reference/upazilas?pagination=none&parent_id=47');
  });
});

const upazila: ItemValues = { title: ' Savar ', bn_title: ' সাভার ', sort: '', parent_id: '47' };

function UpazilaForm({ err }: { err: unknown }) {
  const { errors, formError } = useItemErrors(err, 'upazilas');
  return <ItemForm title="Add upazila" values={upazila} errors={errors} formError={formError} busy={false} parents={[dhakaDist, gazipur]} parentLabel="District" onChange={noop} onSave={noop} onCancel={noop} />;
}

describe('an upazila’s dialog', () => {
  it('creates and updates an upazila with its district', async () => {
    const fetch = stubFetch(() => json({ data: savar }, 201));
    await runMutation(saveItemMutation(new QueryClient(), 'upazilas', true), upazila);
    expect(fetchCall(fetch)[0]).toBe('/admin-settings/reference/upazilas/create');
    expect(fetchCall(fetch)[1].method).toBe('POST');
    expect(JSON.parse(String(fetchCall(fetch)[1].body))).toEqual({ title: 'Savar', bn_title: 'সাভার', parent_id: 47 });
    await runMutation(saveItemMutation(new QueryClient(), 'districts', true, 47), { title: 'Dhaka', bn_title: 'ঢাকা', sort: '47', parent_id: '3' });
    expect(fetchCall(fetch, 1)[0]).toBe('/admin-settings/reference/districts/update');
    expect(JSON.parse(String(fetchCall(fetch, 1)[1].body))).toEqual({ id: 47, title: 'Dhaka', bn_title: 'ঢাকা', sort: 47, parent_id: 3 });
  });

  it('picks the district from a searchable list, and shows the server’s refusals on their fields', async () => {
    const ok = await render('en', <UpazilaForm err={null} />);
    // An Autocomplete (a combobox), showing the chosen district.
    expect(tag(ok, 'ref-item-parent')).not.toBe('');
    expect(input(ok, 'ref-item-parent_id')).toContain('role="combobox"');
    expect(input(ok, 'ref-item-parent_id')).toContain('value="Dhaka"');
    expect(input(ok, 'ref-item-parent_id')).toContain('required');

    const dup = new ApiError(422, 'Invalid', 'validation_failed', { title: ['duplicate_name'] });
    const html = await render('en', <UpazilaForm err={dup} />);
    expect(text(html)).toContain('This district already has an upazila with this title.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*id="ref-item-title"/);
    expect(text(await render('bn', <UpazilaForm err={dup} />))).toContain('এই জেলায় এই নামে আরেকটি উপজেলা আছে।');

    const moved = new ApiError(422, 'Invalid', 'validation_failed', { parent_id: ['in_use'] });
    expect(text(await render('en', <UpazilaForm err={moved} />))).toContain('Profiles name this upazila, so it cannot move to another district.');
    const gone = new ApiError(422, 'Invalid', 'validation_failed', { parent_id: ['unknown_parent'] });
    expect(text(await render('bn', <UpazilaForm err={gone} />))).toContain('এটি আর নেই। অন্য একটি বেছে নিন।');
  });
});
