import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import type { SiteInfo } from '../lib/types';
import { Providers } from './providers';
import { AppRouter } from './router';

export function App({ site, is404 }: { site: SiteInfo; is404: boolean }) {
  return (
    <AppErrorBoundary>
      <Providers site={site}>
        <AppRouter is404={is404} />
      </Providers>
    </AppErrorBoundary>
  );
}
