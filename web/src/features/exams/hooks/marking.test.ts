import { describe, expect, it } from 'vitest';
import { checkMarks, markingKey } from './marking';

describe('teacher marks', () => {
  it('accepts 0 to the question’s marks with up to 2 decimals, in either digits', () => {
    expect(checkMarks('৪.৫', 5)).toEqual({ ok: true, marks: 4.5 });
    expect(checkMarks('0', 5)).toEqual({ ok: true, marks: 0 });
    expect(checkMarks('5', 5)).toEqual({ ok: true, marks: 5 });
  });
  it('names what is wrong', () => {
    expect(checkMarks(' ', 5)).toEqual({ ok: false, problem: 'marks_required' });
    expect(checkMarks('৬', 5)).toEqual({ ok: false, problem: 'marks_over' });
    expect(checkMarks('1.234', 5)).toEqual({ ok: false, problem: 'marks_invalid' });
    expect(checkMarks('-1', 5)).toEqual({ ok: false, problem: 'marks_invalid' });
  });
  it('keys an item by attempt and slot', () => {
    expect(markingKey({ attempt: 'a', slot: 3 })).toBe('a:3');
  });
});
