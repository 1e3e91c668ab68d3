import { describe, expect, it } from 'vitest';
import { clockOffset, crossedWarning, formatClock, remainingMs, secondsLeft, timerLevel } from './exam-timer';

describe('timer offset maths', () => {
  const serverNow = '2026-03-01T10:00:00Z';
  const deadline = '2026-03-01T10:30:00Z';

  it('measures how far the client clock is from the server’s', () => {
    const client = Date.parse('2026-03-01T09:58:00Z'); // two minutes slow
    expect(clockOffset(serverNow, client)).toBe(120_000);
    expect(clockOffset('not a date', client)).toBe(0);
    expect(clockOffset(null, client)).toBe(0);
  });

  it('counts down on the server’s clock whatever the client clock says', () => {
    const slowClient = Date.parse('2026-03-01T09:58:00Z');
    const fastClient = Date.parse('2026-03-01T10:05:00Z');
    const slow = clockOffset(serverNow, slowClient);
    const fast = clockOffset(serverNow, fastClient);
    // At load both show 30 minutes left.
    expect(remainingMs(deadline, slowClient, slow)).toBe(30 * 60_000);
    expect(remainingMs(deadline, fastClient, fast)).toBe(30 * 60_000);
    // Ten client minutes later, 20 are left on both.
    expect(remainingMs(deadline, slowClient + 600_000, slow)).toBe(20 * 60_000);
    expect(remainingMs(deadline, fastClient + 600_000, fast)).toBe(20 * 60_000);
    // Never below zero; no deadline gives no countdown.
    expect(remainingMs(deadline, slowClient + 3_600_000, slow)).toBe(0);
    expect(remainingMs(null, slowClient, slow)).toBeNull();
  });
});

describe('timer display', () => {
  it('warns at 5 and at 1 minutes', () => {
    expect(timerLevel(5 * 60_000 + 1)).toBe('normal');
    expect(timerLevel(5 * 60_000)).toBe('five');
    expect(timerLevel(60_001)).toBe('five');
    expect(timerLevel(60_000)).toBe('one');
    expect(timerLevel(0)).toBe('over');
    expect(timerLevel(null)).toBe('normal');
  });

  it('announces a warning once, when its threshold is crossed', () => {
    expect(crossedWarning(301_000, 299_000)).toBe('five');
    expect(crossedWarning(299_000, 298_000)).toBeNull();
    expect(crossedWarning(61_000, 59_000)).toBe('one');
    // Opening the paper with 40 seconds left warns at once.
    expect(crossedWarning(null, 40_000)).toBe('one');
    expect(crossedWarning(1_000, 0)).toBeNull();
  });

  it('rounds up to whole seconds and writes Bangla digits in Bangla', () => {
    expect(secondsLeft(1)).toBe(1);
    expect(secondsLeft(0)).toBe(0);
    expect(formatClock(65_000, 'en')).toBe('01:05');
    expect(formatClock(3_661_000, 'en')).toBe('1:01:01');
    expect(formatClock(59_001, 'en')).toBe('01:00');
    expect(formatClock(65_000, 'bn')).toBe('০১:০৫');
    expect(formatClock(3_661_000, 'bn')).toBe('১:০১:০১');
  });
});
