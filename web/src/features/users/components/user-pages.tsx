// User management as one chunk (docs/api-users.md): /user-management/system-user and
// /system-user-edit/:id, /learner and /learner-edit/:id, /manage-role, /manage-role/view/:slug,
// /manage-role/edit/:slug (and /edit/new), /activity-logs and /activity-logs/:id. The routes let in
// the super and partner classes and the roles whose map grants the page's module (users, roles,
// activity: app/require-module.tsx); the page is told by the route. /user-management/:slug sends
// the old names of the lists to them, anything else is not found.
import { Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { idParam } from '../../../lib/list-params';
import ActivityLogPage from './activity-log-page';
import PeoplePage from './people-page';
import PersonPage from './person-page';
import RoleEditPage from './role-edit-page';
import RoleListPage from './role-list-page';
import RoleViewPage from './role-view-page';
import { ACTIVITY, LEARNERS, ROLES, SYSTEM_USERS } from './user-parts';

export type UserPage = 'system-users' | 'system-user' | 'learners' | 'learner' | 'roles' | 'role-view' | 'role-edit' | 'activity' | 'user-activity' | 'slug';

/** Other names of the lists (/user-management/<slug>) and where they are. */
const ALIASES: Record<string, string> = {
  'system-users': SYSTEM_USERS,
  users: SYSTEM_USERS,
  learners: LEARNERS,
  roles: ROLES,
  'manage-roles': ROLES,
  activity: ACTIVITY,
  'activity-log': ACTIVITY,
};

/** Where /user-management/<slug> goes: one of the lists, or nowhere (null: not found). */
export function slugTarget(slug: string | undefined): string | null {
  return (slug && Object.hasOwn(ALIASES, slug) && ALIASES[slug]) || null;
}

export default function UserPages({ page }: { page: UserPage }) {
  const { id, slug } = useParams();
  switch (page) {
    case 'system-users':
      return <PeoplePage key="system" type="system" />;
    case 'learners':
      return <PeoplePage key="learner" type="learner" />;
    case 'system-user':
    case 'learner': {
      const n = idParam(id);
      // Keyed by the person: another one starts afresh.
      return n ? <PersonPage key={`${page}-${n}`} id={n} type={page === 'system-user' ? 'system' : 'learner'} /> : <NotFoundPage />;
    }
    case 'roles':
      return <RoleListPage />;
    case 'role-view':
      return slug ? <RoleViewPage key={slug} slug={slug} /> : <Navigate to={ROLES} replace />;
    case 'role-edit':
      return slug ? <RoleEditPage key={slug} slug={slug === 'new' ? null : slug} /> : <Navigate to={ROLES} replace />;
    case 'activity':
      return <ActivityLogPage key="site" />;
    case 'user-activity': {
      const n = idParam(id);
      return n ? <ActivityLogPage key={n} user={n} /> : <NotFoundPage />;
    }
    case 'slug': {
      const to = slugTarget(slug);
      return to ? <Navigate to={to} replace /> : <NotFoundPage />;
    }
  }
}
