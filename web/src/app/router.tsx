// react-router in declarative mode (BrowserRouter + useRoutes): the app loads no route data
// through the router, and its data router (createBrowserRouter) would add ~17 KB gzipped to every
// page's first download. Route `errorElement`s are kept, as error boundaries (lib/route-error.tsx).
import { BrowserRouter, useRoutes } from 'react-router';
import { withErrorBoundaries } from '../lib/route-error';
import { notFoundRoutes, routes } from './routes';

const appRoutes = withErrorBoundaries(routes);
const hostNotFoundRoutes = withErrorBoundaries(notFoundRoutes);

function AppRoutes({ is404 }: { is404: boolean }) {
  return useRoutes(is404 ? hostNotFoundRoutes : appRoutes);
}

export function AppRouter({ is404 }: { is404: boolean }) {
  return (
    <BrowserRouter>
      <AppRoutes is404={is404} />
    </BrowserRouter>
  );
}
