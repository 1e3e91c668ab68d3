import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, json, stubFetch } from '../../../lib/test-render';
import { TRAINING_KIND } from '../hooks/training-kind';
import {
  createFoodItem,
  deleteFoodItem,
  deleteLogistic,
  fetchFoodItems,
  fetchLogistics,
  fetchTrainedPeople,
  fetchTrainees,
  issueLogistic,
  saveBudget,
  saveSessionAttendance,
  statementPath,
  updateFoodItem,
} from './trainings-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const body = (init: RequestInit) => JSON.parse(String(init.body));

describe('a training is a course of type “training”', () => {
  it('lists the site’s trainings only', async () => {
    const mock = stubFetch(() => json({ data: [], current_page: 1, last_page: 1, per_page: 12, total: 0 }));
    await TRAINING_KIND.fetchList({ page: 2, limit: 12, search: 'food' });
    expect(fetchCall(mock)[0]).toBe('/course/course/view?page=2&limit=12&search=food&course_type=training');
  });
  it('is created and saved with the course calls, its type fixed', async () => {
    const mock = stubFetch(() => json({ data: { id: 4 } }, 201));
    await TRAINING_KIND.create({ title: 'Food safety', title_bn: '' });
    const [url, init] = fetchCall(mock);
    expect(url).toBe('/course/course/create');
    expect(body(init)).toEqual({ title: 'Food safety', title_bn: '', course_type: 'training' });
    await TRAINING_KIND.update(4, { title: 'Food safety 2' });
    expect(fetchCall(mock, 1)[0]).toBe('/course/course/update/4');
    expect(body(fetchCall(mock, 1)[1]).course_type).toBe('training');
    expect(TRAINING_KIND.editPath({ id: 4, uuid: 'u' })).toBe('/training/edit/4');
  });
});

describe('the spec’s training calls', () => {
  it('keep their paths, queries and bodies', async () => {
    const mock = stubFetch(() => json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }));
    await fetchTrainees(9, { page: 1, limit: 20, field: 'rahim' });
    expect(fetchCall(mock, 0)[0]).toBe('/course/training-facility/enrolled_users/9?page=1&limit=20&field=rahim');
    await fetchLogistics(9, { page: 2, limit: 20 });
    expect(fetchCall(mock, 1)[0]).toBe('/course/training-resource/logistic/index?page=2&limit=20');
    expect(fetchCall(mock, 1)[1].method).toBe('POST');
    expect(body(fetchCall(mock, 1)[1])).toEqual({ batch_id: 9 });
    await deleteLogistic(5);
    expect(fetchCall(mock, 2)[0]).toBe('/course/training-resource/logistic/delete?id=5');
    await issueLogistic({ logistic_id: 5, enrollment_ids: [1, 2], issued: true });
    expect(fetchCall(mock, 3)[0]).toBe('/course/training-resource/logistic/createOrUpdate');
    expect(body(fetchCall(mock, 3)[1])).toEqual({ logistic_id: 5, enrollment_ids: [1, 2], issued: true });
    await saveBudget({ batch_id: 9, lines: [{ category: 'venue', description: '', planned_poisha: 100, actual_poisha: 0 }] });
    expect(fetchCall(mock, 4)[0]).toBe('/course/training-resource/budget/create');
    await saveSessionAttendance(61, { present: [1], absent: [2] });
    expect(fetchCall(mock, 5)[0]).toBe('/course/training/sessions/61/attendance');
    expect(body(fetchCall(mock, 5)[1])).toEqual({ present: [1], absent: [2] });
    expect(statementPath(31)).toBe('/course/training/trainers/31/statement.pdf');
  });
});

describe('the food catalogue calls', () => {
  it('list, add, rename and delete items on the spec’s paths', async () => {
    const mock = stubFetch(() => json({ data: { id: 81, name: 'Rice', name_bn: 'চাল', unit: 'kg' }, current_page: 1, last_page: 1, per_page: 10, total: 1 }));
    await fetchFoodItems({ page: 2, limit: 10 });
    expect(fetchCall(mock, 0)[0]).toBe('/course/training-facility/items/index?page=2&limit=10');
    expect(fetchCall(mock, 0)[1].method).toBe('POST');
    await createFoodItem({ name: 'Rice', name_bn: 'চাল', unit: 'kg' });
    expect(fetchCall(mock, 1)[0]).toBe('/course/training-facility/items/create');
    expect(body(fetchCall(mock, 1)[1])).toEqual({ name: 'Rice', name_bn: 'চাল', unit: 'kg' });
    const saved = await updateFoodItem({ id: 81, name: 'Rice (white)', name_bn: '', unit: 'kg' });
    expect(saved.id).toBe(81);
    expect(fetchCall(mock, 2)[0]).toBe('/course/training-facility/items/edit');
    expect(fetchCall(mock, 2)[1].method).toBe('PUT');
    expect(body(fetchCall(mock, 2)[1])).toEqual({ id: 81, name: 'Rice (white)', name_bn: '', unit: 'kg' });
    await deleteFoodItem(81);
    expect(fetchCall(mock, 3)[0]).toBe('/course/training-facility/items/delete?id=81');
    expect(fetchCall(mock, 3)[1].method).toBe('POST');
  });

  it('read a refused deletion as the 409 it is', async () => {
    stubFetch(() => json({ message: 'A meal plan uses this food item.', code: 'item_in_use', errors: {} }, 409));
    await expect(deleteFoodItem(81)).rejects.toMatchObject({ status: 409, code: 'item_in_use' });
  });
});

describe('the trained people', () => {
  it('are asked for site-wide with an empty body, or for one batch, paged in the query', async () => {
    const mock = stubFetch(() => json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }));
    await fetchTrainedPeople({ page: 3, limit: 20 });
    expect(fetchCall(mock, 0)[0]).toBe('/course/training-facility/trained-user/view?page=3&limit=20');
    expect(fetchCall(mock, 0)[1].method).toBe('POST');
    expect(body(fetchCall(mock, 0)[1])).toEqual({});
    await fetchTrainedPeople({ page: 1, limit: 20, batchId: 9 });
    expect(body(fetchCall(mock, 1)[1])).toEqual({ batch_id: 9 });
  });
});
