import { describe, expect, it } from 'vitest';
import type { ContentDetail, Part } from '../api/contents-api';
import {
  contentBody,
  contentProblems,
  contentTypeParam,
  contentValues,
  durationMinutes,
  formFields,
  listTabs,
  listTypeParam,
  movePart,
  newPart,
  parseDuration,
  partField,
  PARTS_MAX,
  removePart,
  type ContentFormValues,
} from './content-form';
import { video } from '../test-fixtures';


const part = (over: Partial<Part> = {}): Part => ({
  id: 5,
  position: 1,
  title: 'Watch',
  title_bn: 'দেখুন',
  kind: 'file',
  file: video,
  body: null,
  exam: null,
  done: false,
  open: true,
  ...over,
});

const item = (over: Partial<ContentDetail> = {}): ContentDetail => ({
  id: 9,
  title: 'Cells',
  title_bn: 'কোষ',
  description: 'What living things are made of.',
  description_bn: '',
  content_type: 'video',
  category_id: 3,
  category: { id: 3, title: 'Science', bn_title: 'বিজ্ঞান' },
  duration: '1:30',
  start_date: '2026-04-01',
  published: true,
  cover: 'https://bucket.example.com/cover.jpg?sig=b',
  cover_file_id: 40,
  owner_id: 11,
  owner_name: 'Rahima Khatun',
  parts_count: 3,
  learners_count: 0,
  rating: null,
  reviews_count: 0,
  mine: true,
  shared_with: [{ id: 21, name: 'Karim', email: 'karim@example.com', phone: null }],
  enrollment: null,
  created_at: '2026-03-01T04:30:00Z',
  updated_at: '2026-03-02T04:30:00Z',
  parts: [
    part(),
    part({ id: 6, position: 2, title: 'Read', title_bn: '', kind: 'text', file: null, body: '<p>Cells divide.</p>' }),
    part({ id: 7, position: 3, title: '', title_bn: 'কুইজ', kind: 'quiz', file: null, exam: { id: 44, uuid: 'e-44', title: 'Cells quiz', title_bn: '' } }),
  ],
  ...over,
});

const values = (over: Partial<ContentFormValues> = {}): ContentFormValues => ({
  ...contentValues(null),
  title: ' Cells ',
  content_type: 'video',
  duration: '1:30',
  ...over,
});

describe('the duration', () => {
  it('reads hours:minutes as typed, Bangla digits too, a bare number as hours', () => {
    expect(parseDuration('1:30')).toBe('1:30');
    expect(parseDuration(' 12:05 ')).toBe('12:05');
    expect(parseDuration('১:৩০')).toBe('1:30');
    expect(parseDuration('2')).toBe('2:00');
    expect(parseDuration('0:5')).toBe('0:05');
    expect(parseDuration('007:45')).toBe('7:45');
    expect(parseDuration('999:59')).toBe('999:59');
  });
  it('refuses what is not hours and minutes below 60', () => {
    for (const bad of ['', '1:60', '1:75', '1000:00', '1.30', 'one', '1:30:00', '-1:00', ':30']) expect(parseDuration(bad), bad).toBeNull();
  });
  it('counts minutes', () => {
    expect(durationMinutes('1:30')).toBe(90);
    expect(durationMinutes('0:45')).toBe(45);
    expect(durationMinutes('12:05')).toBe(725);
    expect(durationMinutes('')).toBeNull();
    expect(durationMinutes(null)).toBeNull();
    expect(durationMinutes('soon')).toBeNull();
  });
});

describe('the order of the parts', () => {
  const parts = ['a', 'b', 'c', 'd'];
  it('moves a part up or down one place', () => {
    expect(movePart(parts, 2, -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(movePart(parts, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(movePart(parts, 1, 2)).toEqual(['a', 'c', 'd', 'b']);
    // The list itself is not changed.
    expect(parts).toEqual(['a', 'b', 'c', 'd']);
  });
  it('leaves the list as it is when the part cannot move', () => {
    expect(movePart(parts, 0, -1)).toBe(parts);
    expect(movePart(parts, 3, 1)).toBe(parts);
    expect(movePart(parts, 7, -1)).toBe(parts);
    expect(movePart(parts, 1, 0)).toBe(parts);
  });
  it('removes a part', () => {
    expect(removePart(parts, 1)).toEqual(['a', 'c', 'd']);
    expect(removePart(parts, 9)).toEqual(parts);
  });
  it('gives each new part its own key, a file part its file and title', () => {
    const a = newPart('text');
    const b = newPart('file', video);
    expect(a.key).not.toBe(b.key);
    expect(a).toMatchObject({ id: null, kind: 'text', title: '', body: '', file: null, exam_id: null });
    expect(b).toMatchObject({ id: null, kind: 'file', title: 'Cells under the microscope', file: video });
  });
});

describe('the editor values', () => {
  it('starts empty for new content', () => {
    expect(contentValues(null)).toMatchObject({ title: '', content_type: '', category_id: '', duration: '', start_date: '', published: false, cover: null, parts: [], shared: [] });
  });
  it('holds a saved item, its duration in the interface digits and its parts with their ids', () => {
    const v = contentValues(item(), 'bn');
    expect(v).toMatchObject({ title: 'Cells', title_bn: 'কোষ', category_id: '3', duration: '১:৩০', start_date: '2026-04-01', published: true, cover_file_id: 40 });
    expect(v.parts.map((p) => [p.key, p.id, p.kind])).toEqual([
      ['saved-5', 5, 'file'],
      ['saved-6', 6, 'text'],
      ['saved-7', 7, 'quiz'],
    ]);
    expect(v.parts[1].body).toBe('<p>Cells divide.</p>');
    expect(v.parts[2].exam_id).toBe(44);
    expect(v.shared.map((p) => p.email)).toEqual(['karim@example.com']);
  });
  it('names each field as the server does, the parts as parts.{i}.<field>', () => {
    expect(partField(2, 'file_id')).toBe('parts.2.file_id');
    const fields = formFields(2);
    expect(fields).toContain('title');
    expect(fields).toContain('shared_with');
    expect(fields).toContain('parts.0.title');
    expect(fields).toContain('parts.1.exam_id');
    expect(fields).not.toContain('parts.2.title');
  });
});

describe('the check before saving', () => {
  it('passes complete values', () => {
    expect(contentProblems(values())).toEqual({});
    expect(contentProblems(contentValues(item()))).toEqual({});
  });
  it('wants a title in one language, a type and a duration as hours:minutes', () => {
    expect(contentProblems(values({ title: ' ', title_bn: '' }))).toEqual({ title: 'title_required' });
    expect(contentProblems(values({ title: '', title_bn: 'কোষ' }))).toEqual({});
    expect(contentProblems(values({ content_type: '' }))).toEqual({ content_type: 'type_required' });
    expect(contentProblems(values({ duration: '' }))).toEqual({ duration: 'duration_required' });
    expect(contentProblems(values({ duration: '1:75' }))).toEqual({ duration: 'duration_not_hm' });
    expect(contentProblems(values({ start_date: '1/4/2026' }))).toEqual({ start_date: 'invalid_date' });
  });
  it("checks each part: a title, a file part's file, a quiz part's exam, a text part's text", () => {
    const parts = [
      { ...newPart('file'), title: 'Watch' },
      { ...newPart('quiz'), title_bn: 'কুইজ' },
      { ...newPart('text'), title: 'Read', body: '<p> </p>' },
      newPart('file', video),
      { ...newPart('text'), body: '<p>Cells</p>' },
    ];
    expect(contentProblems(values({ parts }))).toEqual({
      'parts.0.file_id': 'file_required',
      'parts.1.exam_id': 'exam_required',
      'parts.2.body': 'body_required',
      'parts.4.title': 'title_required',
    });
  });
  it(`allows at most ${PARTS_MAX} parts`, () => {
    const parts = Array.from({ length: PARTS_MAX + 1 }, () => newPart('file', video));
    expect(contentProblems(values({ parts })).parts).toBe('too_many_parts');
  });
});

describe('the body saved', () => {
  it('sends trimmed texts, the duration as H:MM, the category as a number, empty dates as null', () => {
    const body = contentBody(values({ title_bn: ' কোষ ', description: ' About cells \n', duration: '১:৩০', category_id: '3', start_date: '' }));
    expect(body).toEqual({
      title: 'Cells',
      title_bn: 'কোষ',
      description: 'About cells',
      description_bn: '',
      content_type: 'video',
      category_id: 3,
      duration: '1:30',
      start_date: null,
      published: false,
      cover_file_id: null,
      parts: [],
      shared_with: [],
    });
    expect(contentBody(values({ category_id: '' })).category_id).toBeNull();
  });
  it('sends the parts in order, saved ones with their id, each with the field of its kind only', () => {
    const v = contentValues(item());
    const moved = { ...v, parts: [...movePart(v.parts, 2, -1), { ...newPart('text'), title: 'More', body: '<p>More</p>' }] };
    expect(contentBody(moved).parts).toEqual([
      { id: 5, title: 'Watch', title_bn: 'দেখুন', kind: 'file', file_id: 31 },
      { id: 7, title: '', title_bn: 'কুইজ', kind: 'quiz', exam_id: 44 },
      { id: 6, title: 'Read', title_bn: '', kind: 'text', body: '<p>Cells divide.</p>' },
      { title: 'More', title_bn: '', kind: 'text', body: '<p>More</p>' },
    ]);
  });
  it('shares with the people kept, those added and what is still typed, once each', () => {
    const v = contentValues(item());
    const body = contentBody({ ...v, share_added: ['01711000000', 'KARIM@example.com'], share_typed: 'rina@example.com, ' });
    expect(body.shared_with).toEqual(['karim@example.com', '01711000000', 'rina@example.com']);
    expect(contentBody({ ...v, shared: [] }).shared_with).toEqual([]);
  });
});

describe('the list parameters', () => {
  it('offers authors four tabs, everyone else two', () => {
    expect(listTabs(true)).toEqual(['my', 'other', 'purchase', 'shared']);
    expect(listTabs(false)).toEqual(['other', 'purchase']);
  });
  it('keeps a tab the caller has, else opens their first', () => {
    expect(listTypeParam(null, true)).toBe('my');
    expect(listTypeParam('shared', true)).toBe('shared');
    expect(listTypeParam('purchase', true)).toBe('purchase');
    expect(listTypeParam(null, false)).toBe('other');
    expect(listTypeParam('my', false)).toBe('other');
    expect(listTypeParam('shared', false)).toBe('other');
    expect(listTypeParam('purchase', false)).toBe('purchase');
    expect(listTypeParam('everything', true)).toBe('my');
  });
  it('keeps a known content type, else every type', () => {
    expect(contentTypeParam('interview')).toBe('interview');
    expect(contentTypeParam('movie')).toBe('');
    expect(contentTypeParam(null)).toBe('');
  });
});
