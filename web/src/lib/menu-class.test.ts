import { describe, expect, it } from 'vitest';
import { currentRoleEntry, displayRole, menuClass } from './menu-class';
import type { UserInfo } from './types';

describe('menu class (SPEC 6)', () => {
  it('is learner without a current role', () => {
    expect(menuClass(null)).toBe('learner');
    expect(menuClass(undefined)).toBe('learner');
    expect(menuClass({ role: '' })).toBe('learner');
  });
  it('is super for super and sys- roles', () => {
    expect(menuClass({ role: 'super' })).toBe('super');
    expect(menuClass({ role: 'sys-admin' })).toBe('super');
    expect(menuClass({ role: 'sys-finance' })).toBe('super');
  });
  it('is approver for the blog and tutorial admin', () => {
    expect(menuClass({ role: 'sys-blog-and-tutorial-admin' })).toBe('approver');
  });
  it('is partner for any other role', () => {
    expect(menuClass({ role: 'partner-admin' })).toBe('partner');
    expect(menuClass({ role: 'teacher' })).toBe('partner');
    expect(menuClass({ role: 'superuser' })).toBe('partner');
  });
  it('displays roles without the sys- prefix', () => {
    expect(displayRole('sys-admin')).toBe('admin');
    expect(displayRole('teacher')).toBe('teacher');
    expect(displayRole(null)).toBe('');
  });
  it('finds the role entry of the current role', () => {
    const owner = { id: 7, slug: 'dhaka', institution_name: 'ঢাকা', institution_name_en: 'Dhaka' };
    const user = {
      roles: [{ id: 3, role: 'partner-admin', owner }],
      currentrole: { id: 3, role: 'partner-admin', owner_id: 7 },
    } as unknown as UserInfo;
    expect(currentRoleEntry(user)?.owner?.slug).toBe('dhaka');
    expect(currentRoleEntry({ ...user, currentrole: null })).toBeNull();
  });
});
