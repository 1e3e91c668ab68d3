import { createBrowserRouter, RouterProvider } from 'react-router';
import { useState } from 'react';
import { notFoundRoutes, routes } from './routes';

export function AppRouter({ is404 }: { is404: boolean }) {
  const [router] = useState(() => createBrowserRouter(is404 ? notFoundRoutes : routes));
  return <RouterProvider router={router} />;
}
