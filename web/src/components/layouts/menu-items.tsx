// Sidebar menu (SPEC 2 "Sidebar menu"), limited to the screens that exist so far.
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import RssFeedOutlinedIcon from '@mui/icons-material/RssFeedOutlined';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import NewspaperOutlinedIcon from '@mui/icons-material/NewspaperOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import CoPresentOutlinedIcon from '@mui/icons-material/CoPresentOutlined';
import CastForEducationOutlinedIcon from '@mui/icons-material/CastForEducationOutlined';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import type { ReactNode } from 'react';
import { allows, type Action, type Module, type PermissionMap } from '../../lib/access';
import { PAGE_ACCESS, type MenuClass } from '../../lib/menu-class';
import { firstSegment } from '../../lib/path-segment';

export interface MenuItem {
  key: string;
  /**
   * The side navigation's own labels are in the `nav` namespace (`nav:exam_centre`), loaded with the
   * side nav; the labels the header, the bottom bar and the account menu also show stay in common
   * (`common:nav.dashboard`), which every first paint has.
   */
  labelKey: string;
  icon?: ReactNode;
  to?: string;
  classes: MenuClass[];
  /**
   * The module of the role's permission map it stands for (docs/api-users.md): shown only when the
   * current role may view it. The learner view is not narrowed by maps. A group without one is
   * shown when one of its children is.
   */
  module?: Module;
  /** What the role must be granted on `module` for the item to show (default `view`). */
  action?: Action;
  children?: MenuItem[];
  /**
   * Paths beyond its link that a child stands for (a single exam's editor, /exam/edit/<id>, is Single
   * exams'), or a top-level item (the per-kind calendars, /exam/calendar/show, are Calendar's).
   */
  covers?: RegExp;
}

export const MENU: MenuItem[] = [
  { key: 'dashboard', labelKey: 'common:nav.dashboard', icon: <DashboardOutlinedIcon />, to: '/dashboard', classes: ['super', 'partner', 'approver'], module: 'dashboard' },
  { key: 'home', labelKey: 'common:nav.home', icon: <HomeOutlinedIcon />, to: '/dashboard', classes: ['learner'] },
  {
    key: 'course',
    labelKey: 'common:nav.course',
    icon: <MenuBookOutlinedIcon />,
    classes: [...PAGE_ACCESS.authoring],
    module: 'course',
    children: [
      // The courses: /course, /course/create, /course/edit/<id>.
      { key: 'course-list', labelKey: 'common:nav.course', to: '/course', classes: [...PAGE_ACCESS.authoring], module: 'course' },
      { key: 'course-certificates', labelKey: 'nav:course_certificates', to: '/course/certificate', classes: [...PAGE_ACCESS.authoring], module: 'course' },
    ],
  },
  // Classrooms (SPEC: Classroom /classroom, after Course): the classes one teaches or learns in, for
  // everyone signed in but the approver (kept to blogs, tutorials and the dashboard); a class's
  // invitation page (/join/<code>) is theirs too. Its label is the bottom bar's.
  {
    key: 'classroom',
    labelKey: 'common:nav.classroom',
    icon: <CastForEducationOutlinedIcon />,
    to: '/classroom',
    covers: /^\/join\/[^/]+\/?$/,
    classes: ['super', 'partner', 'learner'],
    module: 'classroom',
  },
  // Webinars (/webinarroom): the live rooms of the webinars one speaks at or attends, for those
  // who see Classroom (the rooms are classes); the webinars' calendar stays Calendar's.
  { key: 'webinars', labelKey: 'nav:webinars', icon: <LiveTvOutlinedIcon />, to: '/webinarroom', classes: ['super', 'partner', 'learner'], module: 'classroom' },
  // The content bank (/contents/my): authors' own content and every learner's enrolments. The
  // approver is limited to blogs, tutorials and the dashboard (SPEC 6): not theirs.
  { key: 'contents', labelKey: 'nav:contents', icon: <LibraryBooksOutlinedIcon />, to: '/contents/my', classes: ['super', 'partner', 'learner'], module: 'content' },
  // Events (seminars, orientations, fairs): everyone's list, where the people who author courses
  // also create them. The approver is limited to blogs, tutorials and the dashboard (SPEC 6).
  { key: 'events', labelKey: 'nav:events', icon: <EventOutlinedIcon />, to: '/events/list', classes: ['super', 'partner', 'learner'], module: 'event' },
  // The person's calendar across every site (their events and training sessions; classes and exams later). The
  // approver is limited to blogs, tutorials and the dashboard (SPEC 4, 6): the layout sends them back.
  // For staff it goes with the classrooms' schedules.
  {
    key: 'calendar',
    labelKey: 'nav:calendar',
    icon: <CalendarMonthOutlinedIcon />,
    to: '/calendar/show',
    covers: /^\/(?:course|exam|classroom|training|webinarroom)\/calendar\/show\/?$/,
    classes: ['super', 'partner', 'learner'],
    module: 'classroom',
  },
  {
    key: 'exam',
    labelKey: 'nav:exam_centre',
    icon: <AssignmentOutlinedIcon />,
    classes: [...PAGE_ACCESS.exams],
    module: 'exam',
    children: [
      { key: 'exam-single', labelKey: 'nav:single_exams', to: '/exam/single', covers: /^\/exam\/edit\/\d+(?:\/|$)/, classes: [...PAGE_ACCESS.exams], module: 'exam' },
      // Certificate exams: /exam, /exam/create, /exam/edit/<uuid>.
      { key: 'exam-certificate', labelKey: 'nav:certificate_exams', to: '/exam', classes: [...PAGE_ACCESS.exams], module: 'exam' },
      // The certificates of the certificate exams' candidates: /exam/certificate, /exam/certificate/<id>.
      { key: 'exam-certificates', labelKey: 'nav:exam_certificates', to: '/exam/certificate', classes: [...PAGE_ACCESS.exams], module: 'exam' },
    ],
  },
  {
    key: 'training',
    labelKey: 'nav:trainings',
    icon: <CoPresentOutlinedIcon />,
    classes: [...PAGE_ACCESS.authoring],
    children: [
      // The trainings: /training, /training/create, /training/edit/<id>, a batch's meals and budget.
      { key: 'training-list', labelKey: 'nav:trainings', to: '/training', classes: [...PAGE_ACCESS.authoring], module: 'training' },
      { key: 'training-certificates', labelKey: 'nav:training_certificates', to: '/training/certificate', classes: [...PAGE_ACCESS.authoring], module: 'training' },
      // The trainings' payments (/training/accounts/*: learner payments, and the site's totals and
      // payouts): for those who see Accounts, the roles that may view the site's accounts.
      {
        key: 'training-payments',
        labelKey: 'nav:training_payments',
        to: '/training/accounts/learner-payment',
        covers: /^\/training\/accounts(?:\/|$)/,
        classes: [...PAGE_ACCESS.accounts],
        module: 'accounts',
      },
    ],
  },
  {
    key: 'question-bank',
    labelKey: 'nav:question_bank',
    icon: <QuizOutlinedIcon />,
    classes: [...PAGE_ACCESS.authoring],
    module: 'question_bank',
    children: [
      // Every question bank screen but the shared list: the list, the form, the folders.
      { key: 'question-list', labelKey: 'nav:questions', to: '/question-bank/list', covers: /^\/question-bank(?!\/shared)(?:\/|$)/, classes: [...PAGE_ACCESS.authoring], module: 'question_bank' },
      { key: 'question-shared', labelKey: 'nav:shared_questions', to: '/question-bank/shared', classes: [...PAGE_ACCESS.authoring], module: 'question_bank' },
    ],
  },
  // Everyone signed in keeps files of their own (/filemanager/my, /purchase, /shared: tabs of the
  // page); the approver reaches theirs from a post's file picker only. For staff the files go with
  // the content bank (a role without it reaches its files from the pickers of its forms).
  { key: 'filemanager', labelKey: 'nav:file_manager', icon: <FolderOutlinedIcon />, to: '/filemanager/my', classes: ['super', 'partner', 'learner'], module: 'content' },
  { key: 'payments', labelKey: 'common:nav.payments', icon: <PaymentsOutlinedIcon />, to: '/payments', classes: ['learner'] },
  {
    key: 'profile',
    labelKey: 'common:nav.my_profile',
    icon: <PersonOutlineIcon />,
    classes: ['learner'],
    children: [
      { key: 'myprofile', labelKey: 'common:nav.my_profile', to: '/profile/myprofile', classes: ['learner'] },
      { key: 'account-setting', labelKey: 'nav:account_setting', to: '/profile/account-setting', classes: ['learner'] },
    ],
  },
  { key: 'certificates', labelKey: 'common:nav.certificates', icon: <WorkspacePremiumOutlinedIcon />, to: '/certificate/list', classes: ['learner'] },
  // The site's people, its roles and their permission maps, and its activity log (docs/api-users.md).
  {
    key: 'user-management',
    labelKey: 'nav:user_management',
    icon: <ManageAccountsOutlinedIcon />,
    classes: [...PAGE_ACCESS.users],
    children: [
      { key: 'system-users', labelKey: 'nav:system_users', to: '/user-management/system-user', covers: /^\/user-management\/system-user-edit(?:\/|$)/, classes: [...PAGE_ACCESS.users], module: 'users' },
      { key: 'learners', labelKey: 'nav:learners', to: '/user-management/learner', covers: /^\/user-management\/learner-edit(?:\/|$)/, classes: [...PAGE_ACCESS.users], module: 'users' },
      { key: 'roles', labelKey: 'nav:roles', to: '/user-management/manage-role', classes: [...PAGE_ACCESS.users], module: 'roles' },
      { key: 'activity-logs', labelKey: 'nav:activity_log', to: '/user-management/activity-logs', classes: [...PAGE_ACCESS.users], module: 'activity' },
    ],
  },
  // One message to many of the site's people by e-mail, SMS or the bell (features/bulk-notify): for
  // the roles that may add people (users.create), as the server asks to send.
  {
    key: 'bulk-notify',
    labelKey: 'nav:bulk_notify',
    icon: <ForwardToInboxOutlinedIcon />,
    classes: [...PAGE_ACCESS.bulkNotify],
    children: (['email', 'sms', 'system', 'custom'] as const).map((preset) => ({
      key: `bulk-notify-${preset}`,
      labelKey: `nav:bulk.${preset}`,
      to: `/bulknotify/${preset}`,
      classes: [...PAGE_ACCESS.bulkNotify],
      module: 'users' as const,
      action: 'create' as const,
    })),
  },
  {
    key: 'partners',
    labelKey: 'nav:partners',
    icon: <HandshakeOutlinedIcon />,
    classes: [...PAGE_ACCESS.partners],
    module: 'partners',
    children: [
      { key: 'partners-list', labelKey: 'nav:partner_list', to: '/partners/list', classes: [...PAGE_ACCESS.partners], module: 'partners' },
      { key: 'partners-requests', labelKey: 'nav:partner_requests', to: '/partners/requests', classes: [...PAGE_ACCESS.partners], module: 'partners' },
    ],
  },
  // Blogs and tutorials: their writers and the approvers (SPEC: super, approver; partner roles write
  // them too): the publishing module's. Articles are the site's pages: the settings module's.
  { key: 'blogs', labelKey: 'nav:blogs', icon: <RssFeedOutlinedIcon />, to: '/blogs/list', classes: [...PAGE_ACCESS.posts], module: 'publishing' },
  { key: 'tutorials', labelKey: 'nav:tutorials', icon: <OndemandVideoOutlinedIcon />, to: '/tutorials/list', classes: [...PAGE_ACCESS.posts], module: 'publishing' },
  { key: 'articles', labelKey: 'nav:articles', icon: <NewspaperOutlinedIcon />, to: '/articles/list', classes: [...PAGE_ACCESS.articles], module: 'settings' },
  // SPEC lists Feedbacks for super; a partner admin runs their own site, so they approve its feedback too.
  { key: 'feedbacks', labelKey: 'nav:feedbacks', icon: <RateReviewOutlinedIcon />, to: '/feedbacks/list', classes: [...PAGE_ACCESS.feedbacks], module: 'settings' },
  {
    key: 'settings',
    labelKey: 'nav:settings',
    icon: <SettingsOutlinedIcon />,
    classes: [...PAGE_ACCESS.siteSettings],
    children: [
      { key: 'settings-profile', labelKey: 'nav:site_profile', to: '/settings/profile', classes: [...PAGE_ACCESS.siteSettings], module: 'settings' },
      // Coupons are the accounts module's, the home page's slides the settings module's.
      { key: 'settings-coupons', labelKey: 'nav:coupons', to: '/settings/coupons', classes: ['partner'], module: 'accounts' },
      { key: 'settings-sliders', labelKey: 'nav:sliders', to: '/settings/sliders', classes: ['partner'], module: 'settings' },
    ],
  },
  // The super admin's settings: the main site's coupons and home slides, and the platform's reference lists.
  {
    key: 'super-settings',
    labelKey: 'nav:settings',
    icon: <SettingsOutlinedIcon />,
    classes: ['super'],
    children: [
      { key: 'super-coupons', labelKey: 'nav:coupons', to: '/settings/coupons', classes: ['super'], module: 'accounts' },
      { key: 'super-sliders', labelKey: 'nav:sliders', to: '/settings/sliders', classes: ['super'], module: 'settings' },
      // The platform's reference lists (docs/api-reference.md): the main site's super admins'.
      { key: 'super-categories', labelKey: 'nav:category_list', to: '/settings/categories', classes: ['super'], module: 'settings' },
      { key: 'super-education-levels', labelKey: 'nav:education_levels', to: '/settings/educationlavels', classes: ['super'], module: 'settings' },
      { key: 'super-education-sublevels', labelKey: 'nav:education_sublevels', to: '/settings/educationsublavels', classes: ['super'], module: 'settings' },
      { key: 'super-professions', labelKey: 'nav:professions', to: '/settings/professions', classes: ['super'], module: 'settings' },
      { key: 'super-degrees', labelKey: 'nav:degrees', to: '/settings/degrees', classes: ['super'], module: 'settings' },
      { key: 'super-reference-lists', labelKey: 'nav:reference_lists', to: '/settings/reference-lists', classes: ['super'], module: 'settings' },
      { key: 'super-geography', labelKey: 'nav:geography', to: '/settings/geography', classes: ['super'], module: 'settings' },
      // The language dictionary (docs/api-reference.md, "Language values"): the same keepers'.
      { key: 'super-languages', labelKey: 'nav:language_dictionary', to: '/settings/languages', classes: ['super'], module: 'settings' },
    ],
  },
  {
    key: 'accounts',
    labelKey: 'nav:accounts',
    icon: <AccountBalanceOutlinedIcon />,
    classes: [...PAGE_ACCESS.accounts],
    module: 'accounts',
    children: [
      { key: 'learner-payment', labelKey: 'nav:learner_payments', to: '/accounts/learner-payment', classes: [...PAGE_ACCESS.accounts], module: 'accounts' },
      { key: 'overall-transactions', labelKey: 'nav:overall_transactions', to: '/accounts/overall-transactions', classes: [...PAGE_ACCESS.accounts], module: 'accounts' },
      { key: 'payment-request', labelKey: 'nav:payout_requests', to: '/accounts/payment-request', classes: ['partner'], module: 'accounts' },
    ],
  },
  // The super admin's accounts: every partner's payout requests.
  {
    key: 'super-accounts',
    labelKey: 'nav:accounts',
    icon: <AccountBalanceOutlinedIcon />,
    classes: ['super'],
    module: 'accounts',
    children: [{ key: 'super-payment-request', labelKey: 'nav:payout_requests', to: '/accounts/payment-request', classes: ['super'], module: 'accounts' }],
  },
  // The reports per course and per learner: the roles that may view the reports module.
  {
    key: 'reports',
    labelKey: 'nav:reports',
    icon: <AssessmentOutlinedIcon />,
    classes: [...PAGE_ACCESS.reports],
    module: 'reports',
    children: [
      { key: 'course-report', labelKey: 'nav:course_report', to: '/reports/course-report', classes: [...PAGE_ACCESS.reports], module: 'reports' },
      { key: 'learner-report', labelKey: 'nav:learner_report', to: '/reports/learner-report', classes: [...PAGE_ACCESS.reports], module: 'reports' },
    ],
  },
  {
    key: 'promotions',
    labelKey: 'nav:promotion_manager',
    icon: <CampaignOutlinedIcon />,
    classes: [...PAGE_ACCESS.promotions],
    module: 'promotion',
    children: (['ads', 'internal-course', 'external-course', 'jobs'] as const).map((type) => ({
      key: `promotions-${type}`,
      labelKey: `nav:promotions.${type}`,
      to: `/promotion-manager/${type}`,
      classes: [...PAGE_ACCESS.promotions],
      module: 'promotion' as const,
    })),
  },
  // The certificate templates, shared by courses and certificate exams: the course module's; the
  // e-mails the site sends (features/mail-templates): the settings module's. The group shows when
  // one of them does.
  {
    key: 'templates',
    labelKey: 'nav:templates',
    icon: <ArticleOutlinedIcon />,
    classes: [...new Set([...PAGE_ACCESS.authoring, ...PAGE_ACCESS.mailTemplates])],
    children: [
      { key: 'template-certificate', labelKey: 'nav:certificate_template', to: '/course/template/certificate', classes: [...PAGE_ACCESS.authoring], module: 'course' },
      { key: 'template-mail', labelKey: 'nav:mail_template', to: '/template/mail', classes: [...PAGE_ACCESS.mailTemplates], module: 'settings' },
    ],
  },
];

const EVERYONE: MenuClass[] = ['super', 'partner', 'learner', 'approver'];
/** Everyone but the approver, whom the dashboard layout keeps to blogs, tutorials and the dashboard (SPEC 4). */
const ALL_BUT_APPROVER: MenuClass[] = ['super', 'partner', 'learner'];

/** The header's account menu (SPEC 2 "User menu links"; logout is added by the menu itself). */
export const USER_MENU: MenuItem[] = [
  { key: 'dashboard', labelKey: 'common:nav.dashboard', icon: <DashboardOutlinedIcon fontSize="small" />, to: '/dashboard', classes: EVERYONE },
  { key: 'myprofile', labelKey: 'common:nav.my_profile', icon: <PersonOutlineIcon fontSize="small" />, to: '/profile/myprofile', classes: ALL_BUT_APPROVER },
  { key: 'course', labelKey: 'common:nav.course', icon: <MenuBookOutlinedIcon fontSize="small" />, to: '/course', classes: [...PAGE_ACCESS.authoring], module: 'course' },
  { key: 'certificates', labelKey: 'common:nav.certificates', icon: <WorkspacePremiumOutlinedIcon fontSize="small" />, to: '/certificate/list', classes: ALL_BUT_APPROVER },
  // The public /leaderboard, where a learner's own points, badges and place are on top.
  { key: 'leaderboard', labelKey: 'common:nav.leaderboard', icon: <EmojiEventsOutlinedIcon fontSize="small" />, to: '/leaderboard', classes: ['learner'] },
];

/** The account menu of a menu class, narrowed as the side navigation is (`permissions`: the role's map; null: not narrowed). */
export function userMenuFor(cls: MenuClass, permissions: PermissionMap | null = null): MenuItem[] {
  const map = cls === 'learner' ? null : permissions;
  return USER_MENU.filter((i) => i.classes.includes(cls) && (!i.module || !map || allows(map, i.module, i.action ?? 'view')));
}

/**
 * The side navigation of a menu class, narrowed by the current role's permission map: an item with
 * a module is shown only when the map lets the role view it (or do its `action`; the learner class
 * is not narrowed);
 * a group none of whose children is left goes too. `permissions`: the role's map (lib/access.ts
 * useAccess); null: not narrowed.
 */
export function menuFor(cls: MenuClass, permissions: PermissionMap | null = null): MenuItem[] {
  const map = cls === 'learner' ? null : permissions;
  const shown = (i: MenuItem) => i.classes.includes(cls) && (!i.module || !map || allows(map, i.module, i.action ?? 'view'));
  return MENU.filter(shown)
    .map((i) => ({ ...i, children: i.children?.filter(shown) }))
    .filter((i) => !i.children || i.children.length > 0);
}

// In its own module so that the bottom bar does not pull in the menus and their icons.
export { firstSegment };

function linksOf(item: MenuItem): string[] {
  return [item.to, ...(item.children ?? []).map((c) => c.to)].filter((to): to is string => !!to);
}

/** The path is the link or lies below it (/course/template/certificate/... under /course/template/certificate). */
function under(pathname: string, to: string): boolean {
  const p = pathname.split('?')[0].replace(/\/+$/, '');
  return p === to || p.startsWith(`${to}/`);
}

/**
 * The child of an item the path belongs to: one whose `covers` matches it, else the one with the
 * longest link the path lies under (/exam/single under Single exams, not Certificate exams' /exam).
 */
export function activeChild(item: MenuItem, pathname: string): string | null {
  const path = pathname.split('?')[0];
  const children = item.children ?? [];
  const covering = children.find((c) => c.covers?.test(path));
  if (covering) return covering.key;
  const deepest = children.filter((c) => c.to && under(path, c.to)).sort((a, b) => b.to!.length - a.to!.length);
  return deepest[0]?.key ?? null;
}

/**
 * An item is active when its (or a child's) first path segment is the current one. Where two items
 * share a first segment (Course /course and Templates /course/template/certificate), a link of
 * more than one segment that the path lies under picks its item, else the item linking to the
 * bare segment does. /course/accounts/* counts as /accounts/*; /training/accounts/* (and
 * /exam/accounts/*) light Trainings (the Exam Centre), whose screens they are.
 */
export function isItemActive(item: MenuItem, pathname: string): boolean {
  // The accounts pages are also served under /course/accounts (SPEC 2): they light Accounts.
  pathname = pathname.replace(/^\/course(?=\/accounts(?:[/?#]|$))/, '');
  const peers = MENU.filter((i) => i.classes.some((c) => item.classes.includes(c)));
  const path = pathname.split('?')[0];
  const covering = peers.find((i) => i.covers?.test(path));
  if (covering) return covering.key === item.key;
  const deep = peers.find((i) => linksOf(i).some((to) => to.split('/').filter(Boolean).length > 1 && under(pathname, to)));
  if (deep) return deep.key === item.key;
  const seg = firstSegment(pathname);
  const owner = peers.find((i) => linksOf(i).includes(`/${seg}`));
  if (owner) return owner.key === item.key;
  if (item.to && firstSegment(item.to) === seg) return true;
  return !!item.children?.some((c) => c.to && firstSegment(c.to) === seg);
}
