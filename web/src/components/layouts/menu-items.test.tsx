import { describe, expect, it } from 'vitest';
import { bottomBarValue } from './mobile-bottom-bar';
import { firstSegment, isItemActive, menuFor } from './menu-items';

describe('sidebar menu', () => {
  const paths = (cls: Parameters<typeof menuFor>[0]) =>
    menuFor(cls).flatMap((i) => (i.children?.length ? i.children.map((c) => c.to) : [i.to]));
  it('lists the screens of each menu class', () => {
    expect(paths('super')).toEqual(['/dashboard', '/partners/list', '/partners/requests']);
    expect(paths('partner')).toEqual(['/dashboard', '/settings/profile']);
    expect(paths('learner')).toEqual(['/dashboard', '/profile/myprofile']);
    expect(paths('approver')).toEqual(['/dashboard']);
  });
  it('derives the active item from the first path segment', () => {
    const partners = menuFor('super').find((i) => i.key === 'partners')!;
    expect(isItemActive(partners, '/partners/details/4')).toBe(true);
    expect(isItemActive(partners, '/dashboard')).toBe(false);
    expect(firstSegment('/a/b?c=1')).toBe('a');
    expect(firstSegment('/')).toBe('');
  });
  it('highlights home in the bottom bar on / and /dashboard', () => {
    expect(bottomBarValue('/')).toBe('home');
    expect(bottomBarValue('/dashboard')).toBe('home');
    expect(bottomBarValue('/classroom/details/1')).toBe('classroom');
    expect(bottomBarValue('/payments')).toBe('payments');
    expect(bottomBarValue('/login')).toBeNull();
  });
});
