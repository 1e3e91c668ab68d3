import { describe, expect, it } from 'vitest';
import { checkLogo, LOGO_MAX_BYTES } from './logo-file';

describe('logo rules', () => {
  it('accepts png, jpeg and webp up to 512 KB', () => {
    expect(checkLogo({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkLogo({ type: 'image/jpeg', size: LOGO_MAX_BYTES })).toBeNull();
    expect(checkLogo({ type: 'image/webp', size: 10 })).toBeNull();
  });
  it('rejects other types and larger files', () => {
    expect(checkLogo({ type: 'image/gif', size: 10 })).toBe('type');
    expect(checkLogo({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkLogo({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe('size');
  });
});
