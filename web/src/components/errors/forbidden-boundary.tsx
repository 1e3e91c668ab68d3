import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isPageForbidden } from '../../lib/forbidden';
import { useCurrentUser } from '../../lib/session';
import { ForbiddenPage } from './forbidden-page';

/**
 * Shows the forbidden page in place of the current page once a query the page uses answers 403
 * (lib/forbidden.ts). Another navigation or another role starts afresh.
 */
export function ForbiddenBoundary({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const { key } = useLocation();
  const { user } = useCurrentUser();
  const scope = `${key}:${user?.currentrole?.id ?? 0}`;
  const [forbidden, setForbidden] = useState<string | null>(null);
  useEffect(
    () =>
      qc.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.getObserversCount() === 0) return;
        if (isPageForbidden(event.action.error, event.query.meta)) setForbidden(scope);
      }),
    [qc, scope],
  );
  return forbidden === scope ? <ForbiddenPage /> : <>{children}</>;
}
