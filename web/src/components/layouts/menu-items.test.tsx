import { describe, expect, it } from 'vitest';
import { bottomBarValue } from './mobile-bottom-bar';
import { ACTIONS, MODULES, type PermissionMap } from '../../lib/access';
import { canOpen, type MenuClass } from '../../lib/menu-class';
import { permissionMap, ROLE_MAPS, type BuiltInRole } from '../../lib/test-role-maps';
import { activeChild, firstSegment, isItemActive, menuFor, userMenuFor } from './menu-items';

/** The map of each class's widest built-in role (a partner admin, not a teacher); a learner has none. */
const WIDEST: Record<MenuClass, PermissionMap | null> = {
  super: ROLE_MAPS.super,
  partner: ROLE_MAPS['partner-admin'],
  approver: ROLE_MAPS['sys-blog-and-tutorial-admin'],
  learner: null,
};
/** A role of the main site's own (`sys-admin`), granted every module but partners. */
const SYS_ADMIN = permissionMap(MODULES.filter((m) => m !== 'partners').map((m) => [m, ACTIONS]));
const TEACHER = ROLE_MAPS.teacher;
/** A built-in role's map; none for the learner view. */
const roleMap = (role: BuiltInRole | null) => (role ? ROLE_MAPS[role] : null);

describe('sidebar menu', () => {
  // As each class sees it in its widest role.
  const paths = (cls: MenuClass, map: PermissionMap | null = WIDEST[cls]) =>
    menuFor(cls, map).flatMap((i) => (i.children?.length ? i.children.map((c) => c.to) : [i.to]));
  it('lists the screens of each menu class', () => {
    const reports = ['/reports/course-report', '/reports/learner-report'];
    const promotions = ['/promotion-manager/ads', '/promotion-manager/internal-course', '/promotion-manager/external-course', '/promotion-manager/jobs'];
    const users = ['/user-management/system-user', '/user-management/learner', '/user-management/manage-role', '/user-management/activity-logs'];
    const bulk = ['/bulknotify/email', '/bulknotify/sms', '/bulknotify/system', '/bulknotify/custom'];
    expect(paths('super')).toEqual(['/dashboard', '/course', '/course/certificate', '/classroom', '/webinarroom', '/contents/my', '/events/list', '/calendar/show', '/exam/single', '/exam', '/exam/certificate', '/training', '/training/certificate', '/question-bank/list', '/question-bank/shared', '/filemanager/my', ...users, ...bulk, '/partners/list', '/partners/requests', '/blogs/list', '/tutorials/list', '/articles/list', '/feedbacks/list', '/settings/coupons', '/settings/sliders', '/settings/categories', '/settings/educationlavels', '/settings/educationsublavels', '/settings/professions', '/settings/degrees', '/settings/reference-lists', '/settings/geography', '/settings/languages', '/accounts/payment-request', ...reports, ...promotions, '/course/template/certificate', '/template/mail']);
    expect(paths('partner')).toEqual(['/dashboard', '/course', '/course/certificate', '/classroom', '/webinarroom', '/contents/my', '/events/list', '/calendar/show', '/exam/single', '/exam', '/exam/certificate', '/training', '/training/certificate', '/training/accounts/learner-payment', '/question-bank/list', '/question-bank/shared', '/filemanager/my', ...users, ...bulk, '/blogs/list', '/tutorials/list', '/articles/list', '/feedbacks/list', '/settings/profile', '/settings/coupons', '/settings/sliders', '/accounts/learner-payment', '/accounts/overall-transactions', '/accounts/payment-request', ...reports, ...promotions, '/course/template/certificate', '/template/mail']);
    expect(paths('learner')).toEqual(['/dashboard', '/classroom', '/webinarroom', '/contents/my', '/events/list', '/calendar/show', '/filemanager/my', '/payments', '/profile/myprofile', '/profile/account-setting', '/certificate/list']);
    expect(paths('approver')).toEqual(['/dashboard', '/blogs/list', '/tutorials/list']);
    // A teacher is of the partner class, narrowed by the built-in teacher's map (docs/api-users.md):
    // the site's money, settings, promotions, people and reports are not theirs.
    expect(paths('partner', TEACHER)).not.toContain('/accounts/learner-payment');
    expect(paths('partner', TEACHER)).not.toContain('/accounts/payment-request');
    expect(paths('partner', TEACHER)).not.toContain('/training/accounts/learner-payment');
    expect(paths('partner', TEACHER)).not.toContain('/settings/coupons');
    expect(paths('partner', TEACHER)).not.toContain('/settings/profile');
    expect(paths('partner', TEACHER)).not.toContain('/user-management/system-user');
    expect(paths('partner', TEACHER)).not.toContain('/reports/course-report');
    // Blogs and tutorials are publishing's; the site's articles, feedback and home slides are its
    // settings', which a teacher's map does not grant.
    expect(paths('partner', TEACHER)).toEqual(['/dashboard', '/course', '/course/certificate', '/classroom', '/webinarroom', '/contents/my', '/events/list', '/calendar/show', '/exam/single', '/exam', '/exam/certificate', '/training', '/training/certificate', '/question-bank/list', '/question-bank/shared', '/filemanager/my', '/blogs/list', '/tutorials/list', '/course/template/certificate']);
    // A role of the main site's own granted every module but partners: the super class's menu without Partners.
    expect(paths('super', SYS_ADMIN)).toEqual(paths('super').filter((to) => !to?.startsWith('/partners/')));
  });
  it('lists Reports (Course report, Learner report) for the roles that may view them, and lights it on every report', () => {
    const roles: [MenuClass, string, PermissionMap][] = [
      ['partner', 'partner-admin', ROLE_MAPS['partner-admin']],
      // A role of the site's own granted reports.view alone.
      ['partner', 'report-reader', { reports: { view: true } }],
      ['super', 'super', ROLE_MAPS.super],
      ['super', 'sys-admin', SYS_ADMIN],
      // A role of the main site's own granted reports.view alone.
      ['super', 'sys-reports', { reports: { view: true } }],
    ];
    for (const [cls, role, map] of roles) {
      const items = menuFor(cls, map);
      const reports = items.find((i) => i.key === 'reports')!;
      expect(reports.labelKey, `${cls} ${role}`).toBe('nav:reports');
      expect(reports.children?.map((c) => [c.to, c.labelKey])).toEqual([
        ['/reports/course-report', 'nav:course_report'],
        ['/reports/learner-report', 'nav:learner_report'],
      ]);
      for (const path of ['/reports/course-report', '/reports/course-report/7?from=2026-12-01&to=2026-12-10', '/reports/learner-report?search=rina&page=2', '/reports/learner-report/55']) {
        expect(items.filter((i) => isItemActive(i, path)).map((i) => i.key), path).toEqual(['reports']);
        expect(canOpen(path, cls), path).toBe(true);
      }
      expect(activeChild(reports, '/reports/course-report/7')).toBe('course-report');
      expect(activeChild(reports, '/reports/learner-report/55')).toBe('learner-report');
    }
    // The built-in teacher's map has no reports (docs/api-users.md: the server refuses them a teacher).
    expect(menuFor('partner', TEACHER).some((i) => i.key === 'reports')).toBe(false);
    // A role of the site's own whose map does not grant reports.view.
    expect(menuFor('partner', { exam: { view: true } }).some((i) => i.key === 'reports')).toBe(false);
    expect(menuFor('partner', { reports: { view: false, create: true } }).some((i) => i.key === 'reports')).toBe(false);
    expect(menuFor('approver', ROLE_MAPS['sys-blog-and-tutorial-admin']).some((i) => i.key === 'reports')).toBe(false);
    for (const cls of ['learner', 'approver'] as const) {
      expect(menuFor(cls).some((i) => i.key === 'reports'), cls).toBe(false);
      expect(canOpen('/reports/course-report', cls), cls).toBe(false);
    }
  });
  it('lists User Management (System users, Learners, Roles, Activity log) for the super admin and partner admins, and lights it on every page of it', () => {
    const roles: [MenuClass, string, PermissionMap][] = [
      ['partner', 'partner-admin', ROLE_MAPS['partner-admin']],
      ['super', 'super', ROLE_MAPS.super],
      ['super', 'sys-admin', SYS_ADMIN],
    ];
    for (const [cls, role, map] of roles) {
      const items = menuFor(cls, map);
      const group = items.find((i) => i.key === 'user-management')!;
      expect(group.labelKey, `${cls} ${role}`).toBe('nav:user_management');
      expect(group.children?.map((c) => [c.to, c.labelKey, c.module])).toEqual([
        ['/user-management/system-user', 'nav:system_users', 'users'],
        ['/user-management/learner', 'nav:learners', 'users'],
        ['/user-management/manage-role', 'nav:roles', 'roles'],
        ['/user-management/activity-logs', 'nav:activity_log', 'activity'],
      ]);
      for (const path of ['/user-management/system-user?search=rahima&page=2', '/user-management/system-user-edit/41', '/user-management/learner-edit/7', '/user-management/manage-role/edit/new', '/user-management/activity-logs/41']) {
        expect(items.filter((i) => isItemActive(i, path)).map((i) => i.key), path).toEqual(['user-management']);
        expect(canOpen(path, cls), path).toBe(true);
      }
      expect(activeChild(group, '/user-management/system-user-edit/41')).toBe('system-users');
      expect(activeChild(group, '/user-management/learner-edit/7')).toBe('learners');
      expect(activeChild(group, '/user-management/manage-role/view/teacher')).toBe('roles');
      expect(activeChild(group, '/user-management/activity-logs/41')).toBe('activity-logs');
    }
    // Neither the teacher's map nor the approver's has the site's people.
    expect(menuFor('partner', TEACHER).some((i) => i.key === 'user-management')).toBe(false);
    for (const cls of ['learner', 'approver'] as const) {
      expect(menuFor(cls, WIDEST[cls]).some((i) => i.key === 'user-management'), cls).toBe(false);
      expect(canOpen('/user-management/system-user', cls), cls).toBe(false);
    }
  });
  it('lists Bulk notifications (E-mail, SMS, System notification, Custom) for the roles that may add people, and lights it on its pages', () => {
    const roles: [MenuClass, string, PermissionMap][] = [
      ['partner', 'partner-admin', ROLE_MAPS['partner-admin']],
      ['super', 'super', ROLE_MAPS.super],
      ['super', 'sys-admin', SYS_ADMIN],
      // A role of the site's own granted users.create alone.
      ['partner', 'messenger', { users: { create: true } }],
    ];
    for (const [cls, role, map] of roles) {
      const items = menuFor(cls, map);
      const group = items.find((i) => i.key === 'bulk-notify')!;
      expect(group?.labelKey, `${cls} ${role}`).toBe('nav:bulk_notify');
      expect(group.children?.map((c) => [c.to, c.labelKey, c.module, c.action])).toEqual([
        ['/bulknotify/email', 'nav:bulk.email', 'users', 'create'],
        ['/bulknotify/sms', 'nav:bulk.sms', 'users', 'create'],
        ['/bulknotify/system', 'nav:bulk.system', 'users', 'create'],
        ['/bulknotify/custom', 'nav:bulk.custom', 'users', 'create'],
      ]);
      for (const path of ['/bulknotify/email', '/bulknotify/sms?page=2', '/bulknotify/system', '/bulknotify/custom', '/bulknotify']) {
        expect(items.filter((i) => isItemActive(i, path)).map((i) => i.key), path).toEqual(['bulk-notify']);
        expect(canOpen(path, cls), path).toBe(true);
      }
      expect(activeChild(group, '/bulknotify/sms?page=2')).toBe('bulk-notify-sms');
      expect(activeChild(group, '/bulknotify/system')).toBe('bulk-notify-system');
    }
    // View without create (the server refuses to send), the teacher's map (no users at all).
    expect(menuFor('partner', { users: { view: true, create: false, edit: true } }).some((i) => i.key === 'bulk-notify')).toBe(false);
    expect(menuFor('partner', TEACHER).some((i) => i.key === 'bulk-notify')).toBe(false);
    for (const cls of ['learner', 'approver'] as const) {
      expect(menuFor(cls, WIDEST[cls]).some((i) => i.key === 'bulk-notify'), cls).toBe(false);
      expect(canOpen('/bulknotify/email', cls), cls).toBe(false);
    }
  });
  it('lists Mail under Templates, beside Certificate, for the roles whose map lets them view the settings, and lights Templates on it', () => {
    const roles: [MenuClass, string, PermissionMap, string[]][] = [
      ['partner', 'partner-admin', ROLE_MAPS['partner-admin'], ['/course/template/certificate', '/template/mail']],
      ['super', 'super', ROLE_MAPS.super, ['/course/template/certificate', '/template/mail']],
      ['super', 'sys-admin', SYS_ADMIN, ['/course/template/certificate', '/template/mail']],
      // A role of the site's own granted settings.view alone: Templates with Mail only.
      ['partner', 'site-keeper', { settings: { view: true } }, ['/template/mail']],
    ];
    for (const [cls, role, map, links] of roles) {
      const items = menuFor(cls, map);
      const group = items.find((i) => i.key === 'templates')!;
      expect(group?.labelKey, `${cls} ${role}`).toBe('nav:templates');
      expect(group.children?.map((c) => c.to), `${cls} ${role}`).toEqual(links);
      const mail = group.children!.find((c) => c.key === 'template-mail')!;
      expect([mail.labelKey, mail.module, mail.action]).toEqual(['nav:mail_template', 'settings', undefined]);
      for (const path of ['/template/mail', '/template/mail?key=password_reset']) {
        expect(items.filter((i) => isItemActive(i, path)).map((i) => i.key), path).toEqual(['templates']);
        expect(activeChild(group, path), path).toBe('template-mail');
        expect(canOpen(path, cls), path).toBe(true);
      }
    }
    // The teacher's map has the courses but not the settings: Templates with Certificate only.
    expect(menuFor('partner', TEACHER).find((i) => i.key === 'templates')?.children?.map((c) => c.key)).toEqual(['template-certificate']);
    expect(menuFor('partner', { settings: { view: false, edit: true } }).some((i) => i.key === 'templates')).toBe(false);
    for (const cls of ['learner', 'approver'] as const) {
      expect(menuFor(cls, WIDEST[cls]).some((i) => i.key === 'templates'), cls).toBe(false);
      expect(canOpen('/template/mail', cls), cls).toBe(false);
    }
  });
  it('shows an item with a module only when the role’s map lets it view the module, and drops a group left empty', () => {
    const keys = (map: PermissionMap) => menuFor('super', map).flatMap((i) => [i.key, ...(i.children ?? []).map((c) => c.key)]);
    expect(keys({ dashboard: { view: true }, publishing: { view: true, create: true } })).toEqual(['dashboard', 'blogs', 'tutorials']);
    // The site's articles, its feedback and its home slides are the settings module's.
    expect(keys({ dashboard: { view: true }, settings: { view: true } })).toEqual(['dashboard', 'articles', 'feedbacks', 'super-settings', 'super-sliders', 'super-categories', 'super-education-levels', 'super-education-sublevels', 'super-professions', 'super-degrees', 'super-reference-lists', 'super-geography', 'super-languages', 'templates', 'template-mail']);
    // create without view: not in the menu.
    expect(keys({ publishing: { create: true } })).toEqual([]);
    expect(keys({ roles: { view: true } })).toEqual(['user-management', 'roles']);
    // An item asking for another action than view (Bulk notifications: users.create).
    expect(keys({ users: { view: true } })).toEqual(['user-management', 'system-users', 'learners']);
    expect(keys({ users: { create: true } })).toEqual(['bulk-notify', 'bulk-notify-email', 'bulk-notify-sms', 'bulk-notify-system', 'bulk-notify-custom']);
    // Not narrowed (a map that could not be read): the class's whole menu.
    expect(menuFor('super', null)).toEqual(menuFor('super'));
    // The built-in maps (docs/api-users.md): the super admin has every module, a partner admin
    // every one but partners (the main site's), so neither narrows its class's menu.
    expect(menuFor('super', ROLE_MAPS.super)).toEqual(menuFor('super', null));
    expect(menuFor('super', ROLE_MAPS.super).some((i) => i.key === 'partners')).toBe(true);
    expect(menuFor('partner', ROLE_MAPS['partner-admin'])).toEqual(menuFor('partner', null));
    expect(menuFor('approver', ROLE_MAPS['sys-blog-and-tutorial-admin'])).toEqual(menuFor('approver', null));
    // A learner is never narrowed.
    expect(menuFor('learner', {})).toEqual(menuFor('learner'));
    // The account menu is narrowed the same way: Course only for a role that may view the courses.
    expect(userMenuFor('super', { dashboard: { view: true } }).map((i) => i.to)).toEqual(['/dashboard', '/profile/myprofile', '/certificate/list']);
    expect(userMenuFor('partner', { course: { view: true } }).map((i) => i.to)).toContain('/course');
    expect(userMenuFor('partner', TEACHER).map((i) => i.to)).toContain('/course');
    expect(userMenuFor('learner', {}).map((i) => i.to)).toEqual(userMenuFor('learner').map((i) => i.to));
    // Every staff entry with a link names its module.
    for (const cls of ['super', 'partner', 'approver'] as const) {
      for (const item of menuFor(cls, null)) {
        for (const entry of [item, ...(item.children ?? [])]) if (entry.to) expect(entry.module, `${cls} ${entry.key}`).toBeTruthy();
      }
    }
  });
  it('lists in the account menu only what the role may open', () => {
    const links = (cls: MenuClass) => userMenuFor(cls).map((i) => i.to);
    // A learner also finds the public leaderboard there, with their own points card on top.
    expect(links('learner')).toEqual(['/dashboard', '/profile/myprofile', '/certificate/list', '/leaderboard']);
    expect(links('approver')).toEqual(['/dashboard']);
    expect(links('partner')).toEqual(['/dashboard', '/profile/myprofile', '/course', '/certificate/list']);
    expect(links('super')).toEqual(['/dashboard', '/profile/myprofile', '/course', '/certificate/list']);
  });
  it('never links a role to a page it may not open', () => {
    for (const cls of ['super', 'partner', 'learner', 'approver'] as const) {
      const all = [...paths(cls), ...userMenuFor(cls).map((i) => i.to)];
      for (const to of all) expect(canOpen(to!, cls), `${cls} ${to}`).toBe(true);
    }
  });
  it('lights Calendar on the per-kind calendars under /course and /exam, not Course or the Exam Centre', () => {
    for (const cls of ['super', 'partner', 'learner'] as const) {
      const items = menuFor(cls);
      for (const path of ['/calendar/show', '/course/calendar/show', '/exam/calendar/show?month=2027-01', '/training/calendar/show']) {
        expect(items.filter((i) => isItemActive(i, path)).map((i) => i.key), `${cls} ${path}`).toEqual(['calendar']);
      }
    }
  });
  it('derives the active item from the first path segment', () => {
    const partners = menuFor('super').find((i) => i.key === 'partners')!;
    expect(isItemActive(partners, '/partners/details/4')).toBe(true);
    expect(isItemActive(partners, '/dashboard')).toBe(false);
    expect(firstSegment('/a/b?c=1')).toBe('a');
    // Course screens light Course; the certificate templates under /course/template light Templates alone.
    for (const cls of ['super', 'partner'] as const) {
      const course = menuFor(cls).find((i) => i.key === 'course')!;
      const templates = menuFor(cls).find((i) => i.key === 'templates')!;
      for (const path of ['/course', '/course/create', '/course/edit/4/syllabus']) {
        expect(isItemActive(course, path), path).toBe(true);
        expect(isItemActive(templates, path), path).toBe(false);
      }
      expect(isItemActive(templates, '/course/template/certificate')).toBe(true);
      expect(isItemActive(templates, '/course/template/certificate?edit=new')).toBe(true);
      expect(isItemActive(course, '/course/template/certificate')).toBe(false);
    }
    expect(firstSegment('/')).toBe('');
  });
  it('lists Trainings for the people who author courses, lights it on every training screen but the learners’ journey and the calendar, and links its certificates', () => {
    for (const cls of ['super', 'partner'] as const) {
      const items = menuFor(cls, cls === 'partner' ? TEACHER : ROLE_MAPS.super);
      const training = items.find((i) => i.key === 'training')!;
      expect([training.labelKey, ...(training.children ?? []).map((c) => c.to)]).toEqual(['nav:trainings', '/training', '/training/certificate']);
      for (const path of ['/training', '/training/create', '/training/edit/4', '/training/edit/4/attendance?batch=9', '/training/facilities/cafeteria-create/9', '/training/resource/budget-create/9', '/training/certificate/4', '/training/template/certificate']) {
        expect(items.filter((i) => isItemActive(i, path)).map((i) => i.key), `${cls} ${path}`).toEqual(['training']);
        expect(canOpen(path, cls), path).toBe(true);
      }
      expect(activeChild(training, '/training/certificate/4')).toBe('training-certificates');
      expect(activeChild(training, '/training/edit/4/venue')).toBe('training-list');
    }
    for (const cls of ['learner', 'approver'] as const) {
      expect(menuFor(cls).some((i) => i.key === 'training'), cls).toBe(false);
      expect(canOpen('/training/edit/4', cls), cls).toBe(false);
    }
    // A trainee's journey (and its invitation link) and the training calendar are anyone's.
    expect(canOpen('/training/journey/0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e?token=t', 'learner')).toBe(true);
    expect(canOpen('/training/calendar/show', 'learner')).toBe(true);
  });
  it('lists Payments under Trainings for those who see Accounts, and lights Trainings (not Accounts) on every /training/accounts page', () => {
    const items = menuFor('partner', ROLE_MAPS['partner-admin']);
    const training = items.find((i) => i.key === 'training')!;
    const accounts = items.find((i) => i.key === 'accounts')!;
    expect(training.children?.map((c) => [c.to, c.labelKey])).toEqual([
      ['/training', 'nav:trainings'],
      ['/training/certificate', 'nav:training_certificates'],
      ['/training/accounts/learner-payment', 'nav:training_payments'],
    ]);
    for (const path of ['/training/accounts/learner-payment', '/training/accounts/learner-payment?state=review&page=2', '/training/accounts/overall-transactions', '/training/accounts/payment-request']) {
      expect(items.filter((i) => isItemActive(i, path)).map((i) => i.key), path).toEqual(['training']);
      expect(isItemActive(accounts, path), path).toBe(false);
      expect(activeChild(training, path), path).toBe('training-payments');
      expect(canOpen(path, 'partner'), path).toBe(true);
    }
    // The trainings' own screens keep their child.
    expect(activeChild(training, '/training')).toBe('training-list');
    expect(activeChild(training, '/training/certificate/4')).toBe('training-certificates');
    // The exams' accounts pages light the Exam Centre.
    const exams = items.find((i) => i.key === 'exam')!;
    for (const path of ['/exam/accounts/learner-payment', '/exam/accounts/overall-transactions']) {
      expect(items.filter((i) => isItemActive(i, path)).map((i) => i.key), path).toEqual(['exam']);
    }
    expect(isItemActive(exams, '/training/accounts/learner-payment')).toBe(false);
    // The same classes and roles as Accounts: not a teacher, not the super admin (whose Accounts is the payout requests alone).
    const roles: [MenuClass, string, PermissionMap][] = [
      ['partner', 'teacher', TEACHER],
      ['super', 'super', ROLE_MAPS.super],
      ['super', 'sys-admin', SYS_ADMIN],
    ];
    for (const [cls, role, map] of roles) {
      const t = menuFor(cls, map).find((i) => i.key === 'training')!;
      expect(t.children?.map((c) => c.to), `${cls} ${role}`).toEqual(['/training', '/training/certificate']);
    }
    expect(canOpen('/training/accounts/learner-payment', 'super')).toBe(false);
    expect(canOpen('/training/accounts/payment-request', 'super')).toBe(true);
  });
  it('lights Accounts on its pages, under /accounts and /course/accounts, and links the payout requests for partner admins and the super admin', () => {
    const accounts = menuFor('partner', ROLE_MAPS['partner-admin']).find((i) => i.key === 'accounts')!;
    const course = menuFor('partner').find((i) => i.key === 'course')!;
    for (const path of ['/accounts/learner-payment', '/accounts/overall-transactions', '/accounts/payment-request', '/accounts/learner-payment?state=review', '/course/accounts/learner-payment', '/course/accounts/overall-transactions', '/course/accounts/payment-request?page=2']) {
      expect(isItemActive(accounts, path), path).toBe(true);
      expect(isItemActive(course, path), path).toBe(false);
    }
    expect(accounts.children?.map((c) => c.to)).toEqual(['/accounts/learner-payment', '/accounts/overall-transactions', '/accounts/payment-request']);
    // The super admin's Accounts holds the payout requests alone, and lights on them only.
    const superAccounts = menuFor('super', ROLE_MAPS.super).find((i) => i.labelKey === 'nav:accounts')!;
    expect(superAccounts.children?.map((c) => [c.to, c.labelKey])).toEqual([['/accounts/payment-request', 'nav:payout_requests']]);
    const superCourse = menuFor('super', ROLE_MAPS.super).find((i) => i.key === 'course')!;
    for (const path of ['/accounts/payment-request', '/course/accounts/payment-request?state=all']) {
      expect(isItemActive(superAccounts, path), path).toBe(true);
      expect(isItemActive(superCourse, path), path).toBe(false);
    }
    expect(menuFor('super', SYS_ADMIN).some((i) => i.labelKey === 'nav:accounts')).toBe(true);
    // A role whose map does not grant accounts.view: no Accounts, no payments under Trainings.
    expect(menuFor('super', { publishing: { view: true } }).some((i) => i.labelKey === 'nav:accounts')).toBe(false);
    expect(menuFor('partner', TEACHER).some((i) => i.key === 'accounts')).toBe(false);
    expect(canOpen('/accounts/payment-request', 'super')).toBe(true);
    expect(canOpen('/accounts/learner-payment', 'super')).toBe(false);
    for (const cls of ['learner', 'approver'] as const) {
      expect(paths(cls).some((to) => to?.includes('payment-request')), cls).toBe(false);
    }
    expect(menuFor('learner').some((i) => i.key === 'accounts')).toBe(false);
    const payments = menuFor('learner').find((i) => i.key === 'payments')!;
    expect(isItemActive(payments, '/payments?page=2')).toBe(true);
  });
  it('lists Coupons under Settings for partner admins and the super admin, and lights Settings on the coupon pages', () => {
    const settings = menuFor('partner', ROLE_MAPS['partner-admin']).find((i) => i.key === 'settings')!;
    expect(settings.children?.map((c) => [c.to, c.labelKey])).toEqual([
      ['/settings/profile', 'nav:site_profile'],
      ['/settings/coupons', 'nav:coupons'],
      ['/settings/sliders', 'nav:sliders'],
    ]);
    const superSettings = menuFor('super', SYS_ADMIN).find((i) => i.labelKey === 'nav:settings')!;
    expect(superSettings.children?.map((c) => c.to)).toEqual(['/settings/coupons', '/settings/sliders', '/settings/categories', '/settings/educationlavels', '/settings/educationsublavels', '/settings/professions', '/settings/degrees', '/settings/reference-lists', '/settings/geography', '/settings/languages']);
    for (const path of ['/settings/coupons', '/settings/coupons/new', '/settings/coupons/7', '/settings/coupons?search=EID']) {
      expect(isItemActive(settings, path), path).toBe(true);
      expect(isItemActive(superSettings, path), path).toBe(true);
    }
    expect(isItemActive(menuFor('partner', ROLE_MAPS['partner-admin']).find((i) => i.key === 'accounts')!, '/settings/coupons')).toBe(false);
    for (const cls of ['learner', 'approver'] as const) expect(paths(cls)).not.toContain('/settings/coupons');
  });
  it('lists the reference lists under the super admin’s Settings only, and lights Settings on their pages', () => {
    const superSettings = menuFor('super', SYS_ADMIN).find((i) => i.key === 'super-settings')!;
    const refs = ['/settings/categories', '/settings/educationlavels', '/settings/educationsublavels', '/settings/professions', '/settings/degrees', '/settings/reference-lists', '/settings/geography', '/settings/languages'];
    for (const to of refs) {
      expect(superSettings.children?.some((c) => c.to === to && c.module === 'settings'), to).toBe(true);
      expect(isItemActive(superSettings, `${to}?page=2`), to).toBe(true);
      expect(activeChild(superSettings, `${to}?search=x`), to).not.toBeNull();
      expect(canOpen(to, 'super'), to).toBe(true);
      for (const cls of ['partner', 'learner', 'approver'] as const) {
        expect(canOpen(to, cls), `${cls} ${to}`).toBe(false);
        expect(paths(cls), cls).not.toContain(to);
      }
    }
    // The settings module's: a map without settings.view has none of them.
    expect(menuFor('super', { publishing: { view: true } }).some((i) => i.key === 'super-settings')).toBe(false);
  });
  it('lists Home sliders under Settings and Feedback beside Articles for the roles whose map grants settings, and lights each on its page', () => {
    const roles: [MenuClass, string, PermissionMap][] = [
      ['partner', 'partner-admin', ROLE_MAPS['partner-admin']],
      ['super', 'super', ROLE_MAPS.super],
      ['super', 'sys-admin', SYS_ADMIN],
    ];
    for (const [cls, role, map] of roles) {
      const items = menuFor(cls, map);
      const settings = items.find((i) => i.labelKey === 'nav:settings')!;
      expect(settings.children?.some((c) => c.to === '/settings/sliders' && c.labelKey === 'nav:sliders'), `${cls} ${role}`).toBe(true);
      for (const path of ['/settings/sliders', '/settings/sliders?edit=new', '/settings/sliders?page=2&edit=4']) expect(isItemActive(settings, path), path).toBe(true);
      const feedbacks = items.find((i) => i.key === 'feedbacks')!;
      expect([feedbacks.to, feedbacks.labelKey]).toEqual(['/feedbacks/list', 'nav:feedbacks']);
      expect(items.indexOf(feedbacks)).toBe(items.findIndex((i) => i.key === 'articles') + 1);
      for (const path of ['/feedbacks/list', '/feedbacks/list?status=pending&page=2']) expect(isItemActive(feedbacks, path), path).toBe(true);
      for (const other of items.filter((i) => i.key !== 'feedbacks')) expect(isItemActive(other, '/feedbacks/list'), other.key).toBe(false);
      expect(isItemActive(feedbacks, '/settings/sliders')).toBe(false);
    }
    // They are the settings module's: a role whose map does not grant settings.view has neither.
    const author = menuFor('partner', { course: { view: true }, publishing: { view: true } });
    expect(author.some((i) => i.key === 'feedbacks')).toBe(false);
    expect(author.some((i) => i.key === 'settings')).toBe(false);
    // The teacher's map grants publishing.* (docs/api-users.md), and nothing of Settings.
    const teacher = menuFor('partner', TEACHER);
    expect(teacher.some((i) => i.key === 'feedbacks')).toBe(false);
    expect(teacher.some((i) => i.key === 'settings')).toBe(false);
    for (const cls of ['learner', 'approver'] as const) {
      expect(paths(cls)).not.toContain('/feedbacks/list');
      expect(paths(cls)).not.toContain('/settings/sliders');
    }
  });
  it('lists the Promotion Manager for partner admins and the super admin only, and lights it on its pages', () => {
    const types = ['ads', 'internal-course', 'external-course', 'jobs'];
    const roles: [MenuClass, string, PermissionMap][] = [
      ['partner', 'partner-admin', ROLE_MAPS['partner-admin']],
      ['super', 'super', ROLE_MAPS.super],
      ['super', 'sys-admin', SYS_ADMIN],
    ];
    for (const [cls, role, map] of roles) {
      const group = menuFor(cls, map).find((i) => i.key === 'promotions')!;
      expect(group.labelKey, `${cls} ${role}`).toBe('nav:promotion_manager');
      expect(group.children?.map((c) => [c.to, c.labelKey])).toEqual(types.map((type) => [`/promotion-manager/${type}`, `nav:promotions.${type}`]));
      for (const path of ['/promotion-manager', '/promotion-manager/ads', '/promotion-manager/jobs?status=pending&page=2', '/promotion-manager/internal-course?edit=new']) {
        expect(isItemActive(group, path), path).toBe(true);
      }
      expect(isItemActive(group, '/course')).toBe(false);
      for (const other of menuFor(cls, map).filter((i) => i.key !== 'promotions')) expect(isItemActive(other, '/promotion-manager/ads'), other.key).toBe(false);
    }
    // A teacher is of the partner class, but the site's ads are not in its map; learners and approvers never see them.
    expect(menuFor('partner', TEACHER).some((i) => i.key === 'promotions')).toBe(false);
    expect(menuFor('partner', {}).some((i) => i.key === 'promotions')).toBe(false);
    for (const cls of ['learner', 'approver'] as const) {
      expect(menuFor(cls).some((i) => i.key === 'promotions'), cls).toBe(false);
      expect(canOpen('/promotion-manager/ads', cls), cls).toBe(false);
    }
  });
  it('lists Blogs and Tutorials for writers and approvers as the map grants publishing, Articles as it grants settings, and lights each on its list', () => {
    const labels = (cls: MenuClass, map: PermissionMap | null) => menuFor(cls, map).filter((i) => ['blogs', 'tutorials', 'articles'].includes(i.key)).map((i) => [i.to, i.labelKey]);
    const all = [
      ['/blogs/list', 'nav:blogs'],
      ['/tutorials/list', 'nav:tutorials'],
      ['/articles/list', 'nav:articles'],
    ];
    expect(labels('super', ROLE_MAPS.super)).toEqual(all);
    expect(labels('partner', ROLE_MAPS['partner-admin'])).toEqual(all);
    // The built-in teacher's map grants publishing.* (docs/api-users.md), as does a role of the
    // site's own granted publishing.view: blogs and tutorials; articles are settings'.
    expect(labels('partner', TEACHER)).toEqual(all.slice(0, 2));
    expect(labels('partner', { publishing: { view: true } })).toEqual(all.slice(0, 2));
    expect(labels('partner', { settings: { view: true } })).toEqual(all.slice(2));
    expect(labels('partner', { publishing: { create: true }, course: { view: true } })).toEqual([]);
    // The approver: the dashboard, Blogs and Tutorials (SPEC 6).
    expect(labels('approver', ROLE_MAPS['sys-blog-and-tutorial-admin'])).toEqual(all.slice(0, 2));
    expect(labels('learner', null)).toEqual([]);
    for (const cls of ['super', 'partner', 'approver'] as const) {
      const items = menuFor(cls, WIDEST[cls]);
      const blogs = items.find((i) => i.key === 'blogs')!;
      expect(isItemActive(blogs, '/blogs/list?status=submitted&edit=4'), cls).toBe(true);
      expect(isItemActive(blogs, '/tutorials/list'), cls).toBe(false);
      for (const other of items.filter((i) => i.key !== 'tutorials')) expect(isItemActive(other, '/tutorials/list'), `${cls} ${other.key}`).toBe(false);
    }
  });
  it('lights Question Bank on every question bank screen', () => {
    for (const cls of ['super', 'partner'] as const) {
      const bank = menuFor(cls).find((i) => i.key === 'question-bank')!;
      const course = menuFor(cls).find((i) => i.key === 'course')!;
      for (const path of ['/question-bank/list', '/question-bank/create', '/question-bank/edit/3', '/question-bank/folders/7', '/question-bank/shared']) {
        expect(isItemActive(bank, path), path).toBe(true);
        expect(isItemActive(course, path), path).toBe(false);
      }
      // My questions stands for every screen of the bank; Shared with me for its own list.
      for (const path of ['/question-bank', '/question-bank/list?page=2', '/question-bank/create?folder_id=4', '/question-bank/edit/3', '/question-bank/folders/7']) {
        expect(activeChild(bank, path), path).toBe('question-list');
      }
      expect(activeChild(bank, '/question-bank/shared?type=essay')).toBe('question-shared');
    }
  });
  it('lists the File manager for everyone signed in but the approver, after Question Bank, and lights it on its three pages', () => {
    expect(menuFor('approver', ROLE_MAPS['sys-blog-and-tutorial-admin']).map((i) => i.key)).not.toContain('filemanager');
    for (const [cls, role] of [['super', 'super'], ['partner', 'partner-admin'], ['partner', 'teacher'], ['learner', null]] as const) {
      const items = menuFor(cls, roleMap(role));
      const files = items.find((i) => i.key === 'filemanager')!;
      expect([files.labelKey, files.to], `${cls} ${role}`).toEqual(['nav:file_manager', '/filemanager/my']);
      const bank = items.findIndex((i) => i.key === 'question-bank');
      if (bank >= 0) expect(items.indexOf(files), cls).toBe(bank + 1);
      for (const path of ['/filemanager', '/filemanager/my', '/filemanager/my?folder=4&type=image', '/filemanager/purchase', '/filemanager/shared?page=2']) {
        expect(isItemActive(files, path), path).toBe(true);
        expect(canOpen(path, cls), `${cls} ${path}`).toBe(true);
      }
      for (const other of items.filter((i) => i.key !== 'filemanager')) expect(isItemActive(other, '/filemanager/shared'), other.key).toBe(false);
    }
  });

  it('lists Events for everyone signed in but the approver, after Content, and lights it on every events page', () => {
    expect(menuFor('approver', ROLE_MAPS['sys-blog-and-tutorial-admin']).map((i) => i.key)).not.toContain('events');
    for (const [cls, role] of [['super', 'super'], ['partner', 'partner-admin'], ['partner', 'teacher'], ['learner', null]] as const) {
      const items = menuFor(cls, roleMap(role));
      const events = items.find((i) => i.key === 'events')!;
      expect([events.labelKey, events.to], `${cls} ${role}`).toEqual(['nav:events', '/events/list']);
      expect(items.indexOf(events), cls).toBe(items.findIndex((i) => i.key === 'contents') + 1);
      for (const path of ['/events/list', '/events/list?when=past&page=2', '/events/12', '/events/create', '/events/edit/12?tab=checkin']) {
        expect(isItemActive(events, path), path).toBe(true);
        for (const other of items.filter((i) => i.key !== 'events')) expect(isItemActive(other, path), `${other.key} ${path}`).toBe(false);
      }
    }
  });

  it('lists Classroom for everyone signed in but the approver, right after Course (or Home), and lights it on the classes and the join page', () => {
    expect(menuFor('approver', ROLE_MAPS['sys-blog-and-tutorial-admin']).map((i) => i.key)).not.toContain('classroom');
    for (const [cls, role, before] of [['super', 'super', 'course'], ['partner', 'partner-admin', 'course'], ['partner', 'teacher', 'course'], ['learner', null, 'home']] as const) {
      const items = menuFor(cls, roleMap(role));
      const classroom = items.find((i) => i.key === 'classroom')!;
      expect([classroom.labelKey, classroom.to], `${cls} ${role}`).toEqual(['common:nav.classroom', '/classroom']);
      expect(items.indexOf(classroom), cls).toBe(items.findIndex((i) => i.key === before) + 1);
      for (const path of ['/classroom', '/classroom?role=teacher&page=2', '/classroom/details/3', '/classroom/details/3/people', '/join/K7Q2XPA9']) {
        expect(isItemActive(classroom, path), path).toBe(true);
        expect(canOpen(path, cls), `${cls} ${path}`).toBe(true);
        for (const other of items.filter((i) => i.key !== 'classroom')) expect(isItemActive(other, path), `${other.key} ${path}`).toBe(false);
      }
      // The classes' calendar is Calendar's.
      expect(isItemActive(classroom, '/classroom/calendar/show')).toBe(false);
    }
    expect(bottomBarValue('/classroom')).toBe('classroom');
  });

  it('lists Webinars for everyone who sees Classroom, right after it, and lights it on My webinars and the webinars’ rooms', () => {
    expect(menuFor('approver', ROLE_MAPS['sys-blog-and-tutorial-admin']).map((i) => i.key)).not.toContain('webinars');
    for (const [cls, role] of [['super', 'super'], ['partner', 'partner-admin'], ['partner', 'teacher'], ['learner', null]] as const) {
      const items = menuFor(cls, roleMap(role));
      const webinars = items.find((i) => i.key === 'webinars')!;
      expect([webinars.labelKey, webinars.to], `${cls} ${role}`).toEqual(['nav:webinars', '/webinarroom']);
      expect(items.indexOf(webinars), cls).toBe(items.findIndex((i) => i.key === 'classroom') + 1);
      for (const path of ['/webinarroom', '/webinarroom?page=2', '/webinarroom/details/8', '/webinarroom/details/8/schedule']) {
        expect(isItemActive(webinars, path), path).toBe(true);
        expect(canOpen(path, cls), `${cls} ${path}`).toBe(true);
        for (const other of items.filter((i) => i.key !== 'webinars')) expect(isItemActive(other, path), `${other.key} ${path}`).toBe(false);
      }
      // The webinars' calendar is Calendar's; a plain class is Classroom's.
      expect(isItemActive(webinars, '/webinarroom/calendar/show')).toBe(false);
      expect(isItemActive(webinars, '/classroom/details/3')).toBe(false);
    }
  });

  it('lists Content for everyone signed in but the approver, after Webinars, and lights it on the content bank pages', () => {
    expect(menuFor('approver', ROLE_MAPS['sys-blog-and-tutorial-admin']).map((i) => i.key)).not.toContain('contents');
    for (const [cls, role] of [['super', 'super'], ['partner', 'teacher'], ['learner', null]] as const) {
      const items = menuFor(cls, roleMap(role));
      const contents = items.find((i) => i.key === 'contents')!;
      expect([contents.labelKey, contents.to], `${cls} ${role}`).toEqual(['nav:contents', '/contents/my']);
      expect(items.indexOf(contents), cls).toBe(items.findIndex((i) => i.key === 'webinars') + 1);
      for (const path of ['/contents', '/contents/my', '/contents/my?type=other&page=2', '/contents/12', '/contents/edit/new']) {
        expect(isItemActive(contents, path), path).toBe(true);
        expect(canOpen(path, cls), `${cls} ${path}`).toBe(true);
      }
      for (const other of items.filter((i) => i.key !== 'contents')) expect(isItemActive(other, '/contents/12'), other.key).toBe(false);
    }
  });

  it('lights Exam Centre on every single exam screen', () => {
    for (const cls of ['super', 'partner'] as const) {
      const exams = menuFor(cls).find((i) => i.key === 'exam')!;
      const course = menuFor(cls).find((i) => i.key === 'course')!;
      for (const path of ['/exam/single', '/exam/single/create', '/exam/edit/3', '/exam/edit/3/marking']) {
        expect(isItemActive(exams, path), path).toBe(true);
        expect(isItemActive(course, path), path).toBe(false);
      }
    }
    expect(menuFor('learner').some((i) => i.key === 'exam')).toBe(false);
  });

  it('reaches single and certificate exams under Exam Centre, lighting the one the screen belongs to', () => {
    const exams = menuFor('partner', TEACHER).find((i) => i.key === 'exam')!;
    expect(exams.children?.map((c) => [c.labelKey, c.to])).toEqual([
      ['nav:single_exams', '/exam/single'],
      ['nav:certificate_exams', '/exam'],
      ['nav:exam_certificates', '/exam/certificate'],
    ]);
    const uuid = '0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e';
    for (const path of ['/exam/single', '/exam/single/create', '/exam/edit/3', '/exam/edit/3/marking']) expect(activeChild(exams, path), path).toBe('exam-single');
    for (const path of ['/exam', '/exam/create', `/exam/edit/${uuid}`, `/exam/edit/${uuid}/candidates`, '/exam?page=2']) {
      expect(isItemActive(exams, path), path).toBe(true);
      expect(activeChild(exams, path), path).toBe('exam-certificate');
    }
  });
  it('reaches the certificates of courses under Course and of certificate exams under Exam Centre', () => {
    const course = menuFor('partner', TEACHER).find((i) => i.key === 'course')!;
    const exams = menuFor('partner', TEACHER).find((i) => i.key === 'exam')!;
    const templates = menuFor('partner', TEACHER).find((i) => i.key === 'templates')!;
    expect(course.children?.map((c) => [c.labelKey, c.to])).toEqual([
      ['common:nav.course', '/course'],
      ['nav:course_certificates', '/course/certificate'],
    ]);
    for (const path of ['/course', '/course/create', '/course/edit/4/people']) expect(activeChild(course, path), path).toBe('course-list');
    for (const path of ['/course/certificate', '/course/certificate/list', '/course/certificate/4?batch=7']) {
      expect(isItemActive(course, path), path).toBe(true);
      expect(activeChild(course, path), path).toBe('course-certificates');
    }
    expect(isItemActive(templates, '/course/template/certificate')).toBe(true);
    expect(isItemActive(course, '/course/template/certificate')).toBe(false);
    for (const path of ['/exam/certificate', '/exam/certificate/list', '/exam/certificate/9']) {
      expect(isItemActive(exams, path), path).toBe(true);
      expect(isItemActive(course, path), path).toBe(false);
      expect(activeChild(exams, path), path).toBe('exam-certificates');
    }
    for (const path of ['/course/certificate/4', '/exam/certificate/9', '/exam/template/certificate']) {
      expect(canOpen(path, 'partner'), path).toBe(true);
      expect(canOpen(path, 'learner'), path).toBe(false);
    }
  });
  it('highlights home in the bottom bar on / and /dashboard', () => {
    expect(bottomBarValue('/')).toBe('home');
    expect(bottomBarValue('/dashboard')).toBe('home');
    expect(bottomBarValue('/classroom/details/1')).toBe('classroom');
    expect(bottomBarValue('/payments')).toBe('payments');
    expect(bottomBarValue('/login')).toBeNull();
  });
});
