import { describe, expect, it } from 'vitest';
import { allowanceBody } from './extra-allowance';

describe('extra allowance', () => {
  it('reads Bangla digits and treats an empty field as none', () => {
    expect(allowanceBody({ extra_attempts: '১', extra_minutes: '' })).toEqual({ ok: true, extra_attempts: 1, extra_minutes: 0 });
    expect(allowanceBody({ extra_attempts: '', extra_minutes: '১৫' })).toEqual({ ok: true, extra_attempts: 0, extra_minutes: 15 });
  });
  it('refuses nothing at all, and numbers out of range', () => {
    expect(allowanceBody({ extra_attempts: '0', extra_minutes: '০' })).toEqual({ ok: false, problems: { extra_attempts: 'nothing_extra' } });
    expect(allowanceBody({ extra_attempts: '101', extra_minutes: '-5' })).toEqual({
      ok: false,
      problems: { extra_attempts: 'invalid_extra_attempts', extra_minutes: 'invalid_extra_minutes' },
    });
  });
});
