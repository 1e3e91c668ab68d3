// The pages visitors land on from outside (scripts/bundle-budget.mjs keeps their first download
// small): lazy like every page, and preloadable. src/main.tsx preloads the one being opened, so its
// first render already has the page (no loading state between the server's prerendered heading and
// the page).
import { lazy, useState, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let Loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        Loaded = m.default;
        return m;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Page(props: React.ComponentProps<T>) {
    // Decided once per mounted page: switching from one to the other would remount it.
    const [Direct] = useState(() => Loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}

export const HomePage = lazyPage(() => import('../features/home/components/home-page'));
export const CourseDetailsPage = lazyPage(() => import('../features/learn/components/course-details-page'));
