import { Outlet } from 'react-router';
import { ForbiddenPage } from '../components/errors/forbidden-page';
import { ErrorState } from '../components/ui/error-state';
import { RouteLoading } from '../components/ui/top-loading-bar';
import type { MenuClass } from '../lib/menu-class';
import { useCurrentUser } from '../lib/session';

/** Route guard: the child routes for the given menu classes only, the forbidden page for the others. */
export function RequireMenuClass({ allow }: { allow: readonly MenuClass[] }) {
  const { user, menuClass, isLoading, error, refetch } = useCurrentUser();
  if (isLoading) return <RouteLoading />;
  if (!user) return <ErrorState error={error} onRetry={() => refetch()} />;
  return allow.includes(menuClass) ? <Outlet /> : <ForbiddenPage allowed={allow} />;
}
