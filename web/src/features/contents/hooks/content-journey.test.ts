import { describe, expect, it } from 'vitest';
import { dhakaToday, nextPartId, notStarted, partDone, partState, progressPercent, seesParts, startPart } from './content-journey';

const parts = [
  { id: 1, done: true, open: true },
  { id: 2, done: false, open: true },
  { id: 3, done: false, open: false },
];

describe("a learner's way through the parts", () => {
  it('sees the parts themselves as owner, colleague or enrolled learner, else their titles only', () => {
    const titles = [{ file: null, body: null, exam: null }];
    expect(seesParts({ mine: true, enrollment: null, parts: titles })).toBe(true);
    expect(seesParts({ mine: false, enrollment: { id: 1, content_id: 2, done_parts: 0, total_parts: 1, completed_at: null }, parts: titles })).toBe(true);
    // A colleague it is shared with: the server gives them the parts.
    expect(seesParts({ mine: false, enrollment: null, parts: [{ file: null, body: '<p>x</p>', exam: null }] })).toBe(true);
    expect(seesParts({ mine: false, enrollment: null, parts: titles })).toBe(false);
    expect(seesParts({ mine: false, enrollment: null, parts: [] })).toBe(false);
  });
  it('shows each part done, open or locked to a learner; every part to its owner', () => {
    expect(parts.map((p) => partState(p, true))).toEqual(['done', 'open', 'locked']);
    expect(parts.map((p) => partState(p, false))).toEqual(['preview', 'preview', 'preview']);
  });
  it('starts at the first open part not done, the last once all are done, the first when previewing', () => {
    expect(startPart(parts, true)).toBe(2);
    expect(startPart(parts.map((p) => ({ ...p, done: true, open: true })), true)).toBe(3);
    expect(startPart(parts, false)).toBe(1);
    expect(startPart([], true)).toBeNull();
  });
  it('leads from a part to the next', () => {
    expect(nextPartId(parts, 1)).toBe(2);
    expect(nextPartId(parts, 3)).toBeNull();
    expect(nextPartId(parts, 99)).toBeNull();
  });
  it('marks a part done and opens the next at once', () => {
    expect(partDone(parts, 2)).toEqual([
      { id: 1, done: true, open: true },
      { id: 2, done: true, open: true },
      { id: 3, done: false, open: true },
    ]);
    expect(partDone(parts, 99)).toEqual(parts);
  });
  it('counts the progress in percent', () => {
    expect(progressPercent({ done_parts: 1, total_parts: 3 })).toBe(33);
    expect(progressPercent({ done_parts: 3, total_parts: 3 })).toBe(100);
    expect(progressPercent({ done_parts: 0, total_parts: 0 })).toBe(0);
    expect(progressPercent(null)).toBe(0);
  });
  it('knows whether enrolment has opened, by the calendar of Dhaka', () => {
    expect(notStarted('2026-05-02', '2026-05-01')).toBe(true);
    expect(notStarted('2026-05-01', '2026-05-01')).toBe(false);
    expect(notStarted(null, '2026-05-01')).toBe(false);
    // 20:00 UTC on 1 May is 2 May in Dhaka (UTC+6).
    expect(dhakaToday(new Date('2026-05-01T20:00:00Z'))).toBe('2026-05-02');
    expect(dhakaToday(new Date('2026-05-01T17:00:00Z'))).toBe('2026-05-01');
  });
});
