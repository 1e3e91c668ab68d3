import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** Every route's full path in a table (layout routes add nothing). */
function paths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((r) => {
    const here = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
    return [...(r.path ? [here] : []), ...paths(r.children ?? [], here)];
  });
}

describe('the public route table', () => {
  it('has no route starting with a parameter, so the signed-in table keeps its paths', () => {
    const all = paths(routes);
    expect(all.filter((p) => p.split('/')[1]?.startsWith(':'))).toEqual([]);
    expect(all.filter((p) => p.includes('*'))).toEqual(['/*']);
  });

  it('serves the posts of the three public types, and sends other paths to the signed-in table', () => {
    const last = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;
    expect(['/blogs/lists', '/tutorials/details/4', '/articles/details/4/a-slug'].map(last)).toEqual(['blogs/lists', 'tutorials/details/:id/:slug?', 'articles/details/:id/:slug?']);
    expect(['/podcasts/lists', '/classroom/details/3/general', '/dashboard', '/events/list'].map(last)).toEqual(['*', '*', '*', '*']);
  });
});
