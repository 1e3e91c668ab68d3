import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { toLocalInput } from '../../../lib/local-datetime';
import { toPage } from '../api/bulk-api';
import {
  audienceOf,
  audienceRequest,
  BULK_PRESETS,
  bulkPath,
  bulkProblems,
  choosesChannels,
  emptyBulkValues,
  messageInput,
  presetChannels,
  serverFieldErrors,
  type BulkFormValues,
} from './bulk-form';

const values = (over: Partial<BulkFormValues> = {}): BulkFormValues => ({ ...emptyBulkValues('custom'), ...over });
const physics = { id: 12, title: 'Physics', title_bn: 'পদার্থবিজ্ঞান' };

describe('the channel preset of each route', () => {
  it('starts e-mail, SMS and the bell with their one channel, custom with none to choose', () => {
    expect(BULK_PRESETS.map((p) => [bulkPath(p), presetChannels(p), choosesChannels(p)])).toEqual([
      ['/bulknotify/email', ['email'], false],
      ['/bulknotify/sms', ['sms'], false],
      ['/bulknotify/system', ['bell'], false],
      ['/bulknotify/custom', [], true],
    ]);
    expect(emptyBulkValues('system')).toMatchObject({ channels: ['bell'], subject: '', body: '', everyone: false, course: null, batch_id: null, status: '', when: 'now' });
  });
});

describe('the audience request built from the filters', () => {
  it('sends only the filters chosen, the batch only with its course', () => {
    expect(audienceOf(values(), false)).toEqual({});
    expect(audienceOf(values({ course: physics, batch_id: 7, status: 'active', district_id: 3, profession_id: 9 }), false)).toEqual({
      course_id: 12,
      batch_id: 7,
      status: 'active',
      district_id: 3,
      profession_id: 9,
    });
    // A batch left from a course since cleared is not sent.
    expect(audienceOf(values({ batch_id: 7, status: 'completed' }), false)).toEqual({ status: 'completed' });
    // 0 is an id, not nothing.
    expect(audienceOf(values({ district_id: 0 }), false)).toEqual({ district_id: 0 });
  });

  it('sends everyone alone, and only for the one who may choose it (the main site’s super admin)', () => {
    const all = values({ everyone: true, course: physics, district_id: 3 });
    expect(audienceOf(all, true)).toEqual({ everyone: true });
    expect(audienceOf(all, false)).toEqual({ course_id: 12, district_id: 3 });
  });

  it('asks with the channels in the contract’s order and the body trimmed', () => {
    const v = values({ channels: ['bell', 'sms', 'email'], body: '  Class at 10  \n', course: physics });
    expect(audienceRequest(v, false)).toEqual({ channels: ['email', 'sms', 'bell'], audience: { course_id: 12 }, body: 'Class at 10' });
    expect(audienceRequest(values({ channels: [] }), false)).toEqual({ channels: [], audience: {}, body: '' });
  });

  it('builds the message: the subject only for e-mail and the bell, the time only when scheduled (UTC)', () => {
    const sms = messageInput(values({ channels: ['sms'], subject: 'Ignored', body: 'Hi' }), false);
    expect(sms).toEqual({ channels: ['sms'], subject: '', body: 'Hi', audience: {} });
    const local = toLocalInput(new Date(Date.UTC(2030, 0, 2, 4, 30)));
    const later = messageInput(values({ channels: ['email', 'bell'], subject: ' Exam ', body: 'Tomorrow', when: 'later', send_at: local, status: 'pending' }), false);
    expect(later).toEqual({ channels: ['email', 'bell'], subject: 'Exam', body: 'Tomorrow', audience: { status: 'pending' }, send_at: '2030-01-02T04:30:00Z' });
  });
});

describe('the checks made before sending', () => {
  const now = Date.UTC(2030, 0, 1, 0, 0);
  it('asks for a channel, a subject for e-mail and the bell, a body', () => {
    expect(bulkProblems(values(), now)).toEqual({ channels: 'channels_required', body: 'required' });
    expect(bulkProblems(values({ channels: ['email'] }), now)).toEqual({ subject: 'required', body: 'required' });
    expect(bulkProblems(values({ channels: ['sms'], body: 'Hi' }), now)).toEqual({});
    expect(bulkProblems(values({ channels: ['bell'], subject: 'x'.repeat(151), body: 'Hi' }), now)).toEqual({ subject: 'subject_too_long' });
    expect(bulkProblems(values({ channels: ['email'], subject: 'x'.repeat(150), body: 'x'.repeat(2001) }), now)).toEqual({ body: 'body_too_long' });
  });

  it('keeps an SMS to six parts', () => {
    expect(bulkProblems(values({ channels: ['sms'], body: 'ক'.repeat(67 * 6) }), now)).toEqual({});
    expect(bulkProblems(values({ channels: ['sms'], body: 'ক'.repeat(67 * 6 + 1) }), now)).toEqual({ body: 'too_many_parts' });
    // Without SMS the parts do not matter.
    expect(bulkProblems(values({ channels: ['bell'], subject: 'S', body: 'ক'.repeat(500) }), now)).toEqual({});
  });

  it('wants a time in the future when scheduled', () => {
    const base = values({ channels: ['sms'], body: 'Hi', when: 'later' });
    expect(bulkProblems({ ...base, send_at: '' }, now)).toEqual({ send_at: 'required' });
    expect(bulkProblems({ ...base, send_at: '2030-02-31T10:00' }, now)).toEqual({ send_at: 'invalid_date' });
    expect(bulkProblems({ ...base, send_at: toLocalInput(new Date(now - 60_000)) }, now)).toEqual({ send_at: 'send_at_past' });
    expect(bulkProblems({ ...base, send_at: toLocalInput(new Date(now + 3_600_000)) }, now)).toEqual({});
    // Sending now: a time left in the field is not looked at.
    expect(bulkProblems({ ...base, when: 'now', send_at: 'nonsense' }, now)).toEqual({});
  });

  it('puts the server’s refusals on their fields, the audience’s too', () => {
    const err = new ApiError(422, 'The given data was invalid.', 'validation_failed', {
      subject: ['required'],
      body: ['The message takes more than 6 SMS parts.'],
      send_at: ['send_at_past'],
      'audience.batch_id': ['Not a batch of this course.'],
    });
    const words = (field: string, code: string) => (code === 'required' ? `${field} is required` : code === 'send_at_past' ? 'in the past' : null);
    expect(serverFieldErrors(err, words)).toEqual({
      subject: 'subject is required',
      body: 'The message takes more than 6 SMS parts.',
      send_at: 'in the past',
      batch_id: 'Not a batch of this course.',
    });
    // audience_empty names no field: it is the form's.
    expect(serverFieldErrors(new ApiError(422, 'Nobody is reached', 'audience_empty', {}), words)).toEqual({});
  });
});

describe('a page of a list', () => {
  it('reads the contract’s shape and the app’s usual one alike', () => {
    expect(toPage({ data: { items: [{ id: 1 }], total: 21, page: 2, limit: 10 } }, 2, 10)).toEqual({ data: [{ id: 1 }], current_page: 2, last_page: 3, per_page: 10, total: 21 });
    expect(toPage({ data: [{ id: 1 }], current_page: 1, last_page: 4, per_page: 20, total: 70 }, 1, 20)).toEqual({ data: [{ id: 1 }], current_page: 1, last_page: 4, per_page: 20, total: 70 });
    expect(toPage({ data: { items: [], total: 0, page: 1, limit: 10 } }, 1, 10)).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 });
    expect(toPage(null, 1, 10)).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 });
  });
});
