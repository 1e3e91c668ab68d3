import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS, allows, MODULES, type Action, type Module } from './access';
import { menuClass } from './menu-class';
import { BUILT_IN_ROLES, builtInRole, permissionMap, ROLE_MAPS } from './test-role-maps';

/** The rows of the "Built-in roles" table of docs/api-users.md: slug, site, map as written. */
function documentedRows(): [string, string, string][] {
  const doc = readFileSync(join(import.meta.dirname, '../../../docs/api-users.md'), 'utf8');
  const section = doc.split(/^## Built-in roles$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \| (\w+) \| (.+?) \|$/gm)].map((m) => [m[1], m[2], m[3]]);
}

/** A map cell of the table read as a map: `everything`, `every module but `x``, or `m.view`, `m.*`, … */
function documentedMap(cell: string) {
  const named = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  if (cell === 'everything') return permissionMap(MODULES.map((m) => [m, ACTIONS]));
  if (cell.startsWith('every module but')) return permissionMap(MODULES.filter((m) => !named.includes(m)).map((m) => [m, ACTIONS]));
  return permissionMap(
    named.map((grant) => {
      const [module, action] = grant.split('.');
      expect(MODULES, grant).toContain(module);
      expect([...ACTIONS, '*'], grant).toContain(action);
      return [module as Module, action === '*' ? ACTIONS : [action as Action]];
    }),
  );
}

describe('the built-in roles’ maps of the tests', () => {
  it('are the ones docs/api-users.md gives, row by row', () => {
    const rows = documentedRows();
    expect(rows.map(([slug]) => slug)).toEqual([...BUILT_IN_ROLES]);
    for (const [slug, site, cell] of rows) {
      expect(ROLE_MAPS[slug as keyof typeof ROLE_MAPS], slug).toEqual(documentedMap(cell));
      // The partners module is the main site's only.
      if (site === 'partner') expect(allows(ROLE_MAPS[slug as keyof typeof ROLE_MAPS], 'partners'), slug).toBe(false);
    }
  });

  it('grant what the table says and refuse the rest', () => {
    expect(MODULES.every((m) => ACTIONS.every((a) => allows(ROLE_MAPS.super, m, a)))).toBe(true);
    expect(Object.keys(ROLE_MAPS['sys-blog-and-tutorial-admin'])).toEqual(['dashboard', 'publishing']);
    expect(allows(ROLE_MAPS['sys-blog-and-tutorial-admin'], 'dashboard', 'edit')).toBe(false);
    expect(allows(ROLE_MAPS['partner-admin'], 'users', 'delete')).toBe(true);
    expect(allows(ROLE_MAPS['partner-admin'], 'partners')).toBe(false);
    expect(allows(ROLE_MAPS.teacher, 'publishing', 'delete')).toBe(true);
    expect(allows(ROLE_MAPS.teacher, 'dashboard', 'edit')).toBe(false);
    for (const module of ['accounts', 'promotion', 'reports', 'users', 'roles', 'activity', 'settings', 'partners'] as const) {
      expect(allows(ROLE_MAPS.teacher, module), module).toBe(false);
    }
  });

  it('come with a current role as the signed-in user’s record has it, and cannot be changed by a test', () => {
    const teacher = builtInRole('teacher', 32, 4);
    expect(teacher).toEqual({ id: 32, role: 'teacher', owner_id: 4, permissions: ROLE_MAPS.teacher });
    expect(menuClass(teacher)).toBe('partner');
    expect(menuClass(builtInRole('sys-blog-and-tutorial-admin', 2, null))).toBe('approver');
    expect(() => {
      (ROLE_MAPS.teacher as Record<string, unknown>).users = { view: true };
    }).toThrow();
    expect(() => {
      ROLE_MAPS.teacher.course!.view = false;
    }).toThrow();
  });
});
