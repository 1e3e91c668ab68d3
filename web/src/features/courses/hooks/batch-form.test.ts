import { describe, expect, it } from 'vitest';
import { batchBody, batchProblems, batchValues, isDay, moveInList } from './batch-form';

const today = new Date(2026, 2, 5);

describe('batch form', () => {
  it('starts today, open enrolment, no limit', () => {
    const v = batchValues(null, today);
    expect(v).toMatchObject({ start_date: '2026-03-05', end_date: '', enrolment_limit: '', let_enroll: '1', template_id: '' });
  });

  it('checks names, dates and the limit', () => {
    const v = { ...batchValues(null, today), name_bn: 'ব্যাচ ১' };
    expect(batchProblems(v)).toEqual([]);
    expect(batchProblems({ ...v, name_bn: ' ' }).map((p) => p.problem)).toEqual(['name_required']);
    expect(batchProblems({ ...v, end_date: '2026-03-04' }).map((p) => p.problem)).toEqual(['end_before_start']);
    expect(batchProblems({ ...v, end_date: '2026-03-05' })).toEqual([]);
    expect(batchProblems({ ...v, start_date: '2026-02-30' }).map((p) => p.problem)).toEqual(['invalid_date']);
    expect(batchProblems({ ...v, start_date: '' }).map((p) => p.problem)).toEqual(['date_required']);
    for (const bad of ['0', '-3', '2.5', 'ten']) expect(batchProblems({ ...v, enrolment_limit: bad }).map((p) => p.field)).toEqual(['enrolment_limit']);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
  });

  it('builds the body with numbers and nulls', () => {
    const v = { ...batchValues(null, today), name: ' Morning ', enrolment_limit: '40', let_enroll: '2' as const, template_id: '3' };
    expect(batchBody(v)).toEqual({
      name: 'Morning',
      name_bn: '',
      start_date: '2026-03-05',
      end_date: null,
      enrolment_limit: 40,
      let_enroll: 2,
      certificate_approval: false,
      template_id: 3,
      restricted: false,
      price: '0',
    });
  });

  it('moves a batch in the featured order', () => {
    const list = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(moveInList(list, 3, -1)?.map((b) => b.id)).toEqual([1, 3, 2]);
    expect(moveInList(list, 1, -1)).toBeNull();
    expect(moveInList(list, 3, 1)).toBeNull();
    expect(list.map((b) => b.id)).toEqual([1, 2, 3]);
  });
});
