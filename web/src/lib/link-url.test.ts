import { describe, expect, it } from 'vitest';
import { isHttpUrl } from './link-url';

describe('isHttpUrl', () => {
  it('accepts only http(s) links', () => {
    expect(isHttpUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(true);
    expect(isHttpUrl('http://example.com/a.mp4')).toBe(true);
    expect(isHttpUrl(' https://meet.example.org/x ')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://example.com/a')).toBe(false);
    expect(isHttpUrl('www.youtube.com')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});
