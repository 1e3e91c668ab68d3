import { describe, expect, it, vi } from 'vitest';
import { revalidateTogether } from './paired-fields';

type V = { title: string; title_bn: string };

describe('fields checked together', () => {
  const form = (errors: Partial<Record<keyof V, boolean>>) => ({
    getFieldState: (n: keyof V) => ({ error: errors[n] ? { type: 'validate' } : undefined, invalid: !!errors[n], isDirty: false, isTouched: false, isValidating: false }),
    trigger: vi.fn(async () => true),
  });
  it('re-validates both once one shows an error', () => {
    const f = form({ title_bn: true });
    revalidateTogether<V>(f as never, ['title_bn', 'title']);
    expect(f.trigger).toHaveBeenCalledWith(['title_bn', 'title']);
  });
  it('leaves them alone while neither has an error', () => {
    const f = form({});
    revalidateTogether<V>(f as never, ['title_bn', 'title']);
    expect(f.trigger).not.toHaveBeenCalled();
  });
});
