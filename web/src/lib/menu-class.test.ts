import { describe, expect, it } from 'vitest';
import { approverMayOpen, canOpen, currentRoleEntry, displayRole, menuClass, pageAccess } from './menu-class';
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

describe('page access (SPEC 6)', () => {
  it('keeps authoring to super admins and partner roles', () => {
    for (const path of ['/course', '/course/create', '/course/edit/4', '/course/edit/4/syllabus', '/course/template/certificate', '/template/certificate', '/question-bank/list', '/question-bank/create', '/question-bank/edit/5', '/question-bank/update/5', '/question-bank/folders', '/question-bank/folders/2', '/question-bank/shared', '/exam/single', '/exam/single/create', '/exam/edit/3', '/exam/edit/3/marking', '/exam', '/exam/create', '/exam/edit/0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e/candidates']) {
      expect(canOpen(path, 'super'), path).toBe(true);
      expect(canOpen(path, 'partner'), path).toBe(true);
      expect(canOpen(path, 'learner'), path).toBe(false);
      expect(canOpen(path, 'approver'), path).toBe(false);
    }
  });
  it('keeps partners to super admins and the site profile to partner roles', () => {
    expect(pageAccess('/partners/list')).toEqual(['super']);
    expect(canOpen('/partners/details/3', 'partner')).toBe(false);
    expect(canOpen('/settings/profile', 'partner')).toBe(true);
    expect(canOpen('/settings/profile', 'super')).toBe(false);
    expect(canOpen('/settings/profile?tab=1', 'learner')).toBe(false);
  });
  it("keeps the site's coupons to partner roles and the super admin", () => {
    for (const path of ['/settings/coupons', '/settings/coupons/new', '/settings/coupons/12', '/settings/coupons?search=EID']) {
      expect(pageAccess(path), path).toEqual(['super', 'partner']);
      expect(canOpen(path, 'learner'), path).toBe(false);
      expect(canOpen(path, 'approver'), path).toBe(false);
    }
  });
  it('keeps the accounts pages (under /accounts, /course/accounts, /exam/accounts and /training/accounts) to partner roles, the payout requests to them and the super admin', () => {
    for (const prefix of ['', '/course', '/exam', '/training']) {
      for (const page of ['learner-payment', 'overall-transactions']) {
        const path = `${prefix}/accounts/${page}`;
        expect(pageAccess(path), path).toEqual(['partner']);
        expect(canOpen(path, 'super'), path).toBe(false);
        expect(canOpen(path, 'learner'), path).toBe(false);
      }
    }
    for (const path of ['/accounts/payment-request', '/course/accounts/payment-request', '/exam/accounts/payment-request', '/training/accounts/payment-request', '/accounts/payment-request?state=all']) {
      expect(pageAccess(path), path).toEqual(['super', 'partner']);
      expect(canOpen(path, 'learner'), path).toBe(false);
      expect(canOpen(path, 'approver'), path).toBe(false);
    }
    // The learner's own payments and the gateway's way back are open to anyone signed in.
    for (const path of ['/payments', '/payment/success/abc', '/payment/fail/abc', '/payment/cancel/abc']) expect(pageAccess(path), path).toBeNull();
  });
  it('keeps the Promotion Manager to partner roles and the super admin', () => {
    for (const path of ['/promotion-manager', '/promotion-manager/ads', '/promotion-manager/jobs?status=pending', '/promotion-manager/unknown']) {
      expect(pageAccess(path), path).toEqual(['super', 'partner']);
      expect(canOpen(path, 'learner'), path).toBe(false);
      expect(canOpen(path, 'approver'), path).toBe(false);
    }
  });
  it('keeps the blog and tutorial lists to writers and approvers, the articles to partner roles and the super admin', () => {
    for (const path of ['/blogs/list', '/tutorials/list', '/blogs/list?status=submitted&page=2', '/tutorials/list?edit=new']) {
      expect(pageAccess(path), path).toEqual(['super', 'partner', 'approver']);
      expect(canOpen(path, 'approver'), path).toBe(true);
      expect(canOpen(path, 'learner'), path).toBe(false);
    }
    for (const path of ['/articles/list', '/articles/list?edit=4']) {
      expect(pageAccess(path), path).toEqual(['super', 'partner']);
      expect(canOpen(path, 'approver'), path).toBe(false);
      expect(canOpen(path, 'learner'), path).toBe(false);
    }
    for (const path of ['/reports', '/reports/course-report', '/reports/course-report/7', '/reports/learner-report?search=a', '/reports/learner-report/55']) {
      expect(pageAccess(path), path).toEqual(['super', 'partner']);
      expect(canOpen(path, 'learner'), path).toBe(false);
      expect(canOpen(path, 'approver'), path).toBe(false);
    }
    // The public pages of the same words are anyone's.
    for (const path of ['/blogs/lists', '/tutorials/lists', '/articles/lists', '/blogs/details/3/eid', '/tutorials/details/4', '/articles/details/5/faq', '/page/details/1/about']) {
      expect(pageAccess(path), path).toBeNull();
    }
  });
  it("keeps the site's feedback list and home slides to partner roles and the super admin (the API answers the site's admin)", () => {
    for (const path of ['/feedbacks', '/feedbacks/list', '/feedbacks/list?status=pending&page=2', '/settings/sliders', '/settings/sliders?edit=new', '/settings/sliders?edit=3']) {
      expect(pageAccess(path), path).toEqual(['super', 'partner']);
      expect(canOpen(path, 'super'), path).toBe(true);
      expect(canOpen(path, 'partner'), path).toBe(true);
      expect(canOpen(path, 'learner'), path).toBe(false);
      expect(canOpen(path, 'approver'), path).toBe(false);
    }
    // The site profile next to them stays the partner's alone.
    expect(pageAccess('/settings/profile')).toEqual(['partner']);
  });
  it("keeps the events' create and edit pages to the people who author courses, the list and an event's page to anyone", () => {
    for (const path of ['/events/create', '/events/edit/4', '/events/edit/4?tab=checkin']) {
      expect(pageAccess(path), path).toEqual(['super', 'partner']);
      expect(canOpen(path, 'learner'), path).toBe(false);
      expect(canOpen(path, 'approver'), path).toBe(false);
    }
    for (const path of ['/events/list', '/events/list?when=past&page=2', '/events/4']) expect(pageAccess(path), path).toBeNull();
  });
  it('opens the rest to anyone signed in', () => {
    for (const path of ['/dashboard', '/profile/myprofile', '/certificate/list', '/course/details/abc', '/course/journey/abc', '/exam/details/abc', '/exam/journey/abc', '/courses', '/']) {
      expect(pageAccess(path), path).toBeNull();
    }
  });
});

describe('the approver (SPEC 4)', () => {
  it('keeps to the dashboard and the paths naming blogs or tutorials', () => {
    for (const path of ['/dashboard', '/blogs/list', '/tutorials/list', '/blogs/list?edit=4']) expect(approverMayOpen(path), path).toBe(true);
    for (const path of ['/filemanager/my', '/contents/my', '/profile/myprofile', '/course', '/articles/list']) expect(approverMayOpen(path), path).toBe(false);
  });
});
