// The permission grid of a role's form: one row per module the site's roles may hold, one column
// per action, a cell ticked when the role may do that action on that module, and a row's "all" box.
// Pure functions over the grid's state (every module's every action, true or false), shared by the
// form and its tests.
import { ACTIONS, type PermissionMap } from '../../../lib/access';
import type { RoleModule } from '../api/users-api';

/** module -> action -> ticked, for every action each module has. */
export type Grants = Record<string, Record<string, boolean>>;

/** The grid's columns: the known actions in their order (view, create, edit, delete), then any other a module has. */
export function gridActions(modules: readonly RoleModule[]): string[] {
  const all = new Set(modules.flatMap((m) => m.actions));
  const known = ACTIONS.filter((a) => all.has(a));
  const others = [...all].filter((a) => !(ACTIONS as readonly string[]).includes(a));
  return [...known, ...others];
}

/** The grid's state for a role's map: what the map grants ticked, the rest not (modules and actions the site does not offer are left out). */
export function grantsOf(map: PermissionMap | null | undefined, modules: readonly RoleModule[]): Grants {
  return Object.fromEntries(modules.map((m) => [m.key, Object.fromEntries(m.actions.map((a) => [a, map?.[m.key]?.[a] === true]))]));
}

/** One cell ticked (`on`) or not; by default turned over. */
export function toggleAction(grants: Grants, module: string, action: string, on?: boolean): Grants {
  const row = grants[module];
  if (!row || !(action in row)) return grants;
  return { ...grants, [module]: { ...row, [action]: on ?? !row[action] } };
}

export type RowState = 'all' | 'some' | 'none';

/** Whether a row has every, some or none of its actions ticked. */
export function rowState(grants: Grants, module: string): RowState {
  const values = Object.values(grants[module] ?? {});
  const on = values.filter(Boolean).length;
  return on === 0 ? 'none' : on === values.length ? 'all' : 'some';
}

/** The row's "all" box: ticks every action of the module, or clears them all when every one was ticked. */
export function toggleRow(grants: Grants, module: string, on?: boolean): Grants {
  const row = grants[module];
  if (!row) return grants;
  const next = on ?? rowState(grants, module) !== 'all';
  return { ...grants, [module]: Object.fromEntries(Object.keys(row).map((a) => [a, next])) };
}

/** Rows that grant something but not View: their pages are not in the role's menu. */
export function withoutView(grants: Grants): string[] {
  return Object.entries(grants)
    .filter(([, row]) => 'view' in row && !row.view && Object.values(row).some(Boolean))
    .map(([module]) => module);
}

/** How many cells are ticked. */
export function grantedCount(grants: Grants): number {
  return Object.values(grants).reduce((n, row) => n + Object.values(row).filter(Boolean).length, 0);
}

/**
 * The map sent when the role is saved: every module the site offers with every one of its actions,
 * granted or not (so the saved map says no as plainly as yes).
 */
export function mapOf(grants: Grants): PermissionMap {
  return Object.fromEntries(Object.entries(grants).map(([module, row]) => [module, { ...row }]));
}
