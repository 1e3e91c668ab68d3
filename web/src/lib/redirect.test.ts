import { describe, expect, it } from 'vitest';
import { authLink, redirectTarget, safeRedirect } from './redirect';

describe('redirect after sign-in', () => {
  it('accepts same-site relative paths only', () => {
    expect(safeRedirect('/course/details/abc')).toBe('/course/details/abc');
    expect(safeRedirect('/search/lists?search=x#top')).toBe('/search/lists?search=x#top');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'evil', '', ' /x', '/\t/evil.example', '/x\n', null, 42, {}]) {
      expect(safeRedirect(bad), String(bad)).toBeNull();
    }
  });
  it('never goes back to the sign-in pages', () => {
    expect(safeRedirect('/login')).toBeNull();
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect('/registration')).toBeNull();
    expect(safeRedirect('/logout')).toBeNull();
    expect(safeRedirect('/loginx')).toBe('/loginx');
  });
  it('prefers router state, then ?redirect=, then /dashboard', () => {
    expect(redirectTarget({ from: '/course/details/u1' }, '?redirect=/search/lists')).toBe('/course/details/u1');
    expect(redirectTarget(null, '?redirect=%2Fcourse%2Fdetails%2Fu2')).toBe('/course/details/u2');
    expect(redirectTarget({ from: '//evil.example' }, '?redirect=/search/lists')).toBe('/search/lists');
    expect(redirectTarget({ from: 'https://evil.example' }, '?redirect=//evil.example')).toBe('/dashboard');
    expect(redirectTarget(undefined, '')).toBe('/dashboard');
  });
  it('builds login and sign-up links that carry the page', () => {
    expect(authLink('/login', '/course/details/u1?x=1')).toBe('/login?redirect=%2Fcourse%2Fdetails%2Fu1%3Fx%3D1');
    expect(authLink('/registration', '/course/details/u1')).toBe('/registration?redirect=%2Fcourse%2Fdetails%2Fu1');
    expect(authLink('/login', '/')).toBe('/login');
    expect(authLink('/login', '/dashboard')).toBe('/login');
    expect(authLink('/login', '//evil.example')).toBe('/login');
    expect(authLink('/login', null)).toBe('/login');
  });
});
