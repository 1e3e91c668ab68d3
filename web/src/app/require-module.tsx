import { Outlet } from 'react-router';
import { ForbiddenPage } from '../components/errors/forbidden-page';
import { RouteLoading } from '../components/ui/top-loading-bar';
import { useAllows, type Action, type Module } from '../lib/access';

/**
 * Route guard by the current role's permission map (lib/access.ts): the child routes when the role
 * may `action` (view, unless told) on `module`, the forbidden page otherwise; nothing while a role
 * of the site's own waits for its map. Goes inside RequireMenuClass, which keeps out the classes
 * the pages are not for.
 */
export function RequireModule({ module, action = 'view' }: { module: Module; action?: Action }) {
  const allowed = useAllows(module, action);
  if (allowed === null) return <RouteLoading />;
  return allowed ? <Outlet /> : <ForbiddenPage />;
}
