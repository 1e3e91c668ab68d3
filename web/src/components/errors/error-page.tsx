import { isRouteErrorResponse } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { formatNumber } from '../../lib/lang';
import { useRouteError } from '../../lib/route-error';
import { ErrorLayout } from './error-layout';

const RELOAD_KEY = 'chunk-reload-at';
export const RELOAD_GUARD_MS = 60_000; // SPEC 9

function isChunkError(err: unknown): boolean {
  const msg = err instanceof Error ? err.message : String(err ?? '');
  return /dynamically imported module|Importing a module script failed|Failed to fetch dynamically|error loading dynamically/i.test(msg);
}

/** Route error element: "Page Not Found" for 404, otherwise "An error occurred". */
export function ErrorPage() {
  const err = useRouteError();
  const { t, i18n } = useTranslation();
  const status = isRouteErrorResponse(err) ? err.status : 500;

  useEffect(() => {
    // A stale chunk after a deploy: reload, at most once per minute.
    if (!isChunkError(err)) return;
    const last = Number(sessionStorage.getItem(RELOAD_KEY) || 0);
    if (Date.now() - last > RELOAD_GUARD_MS) {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
    }
  }, [err]);

  const title = status === 404 ? t('errors:pages.page_not_found') : t('errors:pages.error_occurred');
  return (
    <ErrorLayout
      testId="error-page"
      code={formatNumber(status, i18n.language).replace(/[,،]/g, '')}
      title={title}
      body={status === 404 ? t('errors:pages.not_found_body') : t('errors:pages.error_body')}
    />
  );
}

export default ErrorPage;
