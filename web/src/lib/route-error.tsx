// Route error boundaries for react-router's declarative mode (src/app/router.tsx): a route's
// `errorElement` shows in place of its `element` when that throws while rendering, and goes away
// on the next navigation. ErrorPage reads the error with useRouteError from here.
import { Component, createContext, useContext, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';

const RouteErrorContext = createContext<unknown>(undefined);

/** The error the nearest route error boundary caught. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  pathname: string;
  fallback: ReactNode;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  failed: boolean;
  /** The path the error happened on; another path clears it. */
  at: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: undefined, failed: false, at: null };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failed) return null;
    if (state.at === null) return { at: props.pathname };
    return state.at === props.pathname ? null : { error: undefined, failed: false, at: null };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname} fallback={fallback}>
      {children}
    </Boundary>
  );
}

/** The route table with each route's `errorElement` turned into a RouteErrorBoundary around its element. */
export function withErrorBoundaries(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const children = route.children && withErrorBoundaries(route.children);
    if (!route.errorElement) return { ...route, children } as RouteObject;
    const element = <RouteErrorBoundary fallback={route.errorElement}>{route.element ?? <Outlet />}</RouteErrorBoundary>;
    return { ...route, element, errorElement: undefined, children } as RouteObject;
  });
}
