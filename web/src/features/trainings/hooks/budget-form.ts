// The budget table as the manager edits it: a row per line with the amounts typed in taka, the
// checks the server makes again, and the body of budget/create (the batch's lines become exactly
// the ones sent, in order). Rows left wholly blank are not sent; the server's refusals of line N
// (`lines.N.planned_poisha`) are put back on the row they came from.
import { ApiError } from '../../../lib/api-client';
import { parseTaka, takaInput } from '../../../lib/money';
import { BUDGET_CATEGORIES, type Budget, type BudgetCategory, type BudgetLineBody } from '../api/trainings-api';

export const BUDGET_LINES_MAX = 200;
export const BUDGET_DESCRIPTION_MAX = 500;

export const ROW_FIELDS = ['category', 'description', 'planned', 'actual'] as const;
export type RowField = (typeof ROW_FIELDS)[number];

export interface BudgetRow {
  /** The row's React key (not sent). */
  key: string;
  category: BudgetCategory | '';
  description: string;
  /** Taka as typed; '' is nothing (0). */
  planned: string;
  actual: string;
}

export type RowProblems = Partial<Record<RowField, string>>;

let nextKey = 0;
export const newRowKey = () => `row-${++nextKey}`;

export function emptyBudgetRow(category: BudgetCategory | '' = ''): BudgetRow {
  return { key: newRowKey(), category, description: '', planned: '', actual: '' };
}

/** The saved lines as rows (in the interface's digits); one blank row for a budget without lines. */
export function budgetRows(budget: Pick<Budget, 'lines'> | null | undefined, lang: string): BudgetRow[] {
  const lines = budget?.lines ?? [];
  if (!lines.length) return [emptyBudgetRow()];
  return lines.map((l) => ({
    key: newRowKey(),
    category: (BUDGET_CATEGORIES as readonly string[]).includes(l.category) ? l.category : '',
    description: l.description ?? '',
    planned: takaInput(l.planned_poisha, lang),
    actual: takaInput(l.actual_poisha, lang),
  }));
}

/** Nothing typed in it: left out of what is saved. */
export function isBlankRow(r: BudgetRow): boolean {
  return !r.category && !r.description.trim() && !r.planned.trim() && !r.actual.trim();
}

/** An amount as typed in poisha: '' is 0; null when it is not an amount. */
export function rowAmount(typed: string): number | null {
  return typed.trim() ? parseTaka(typed) : 0;
}

/** What keeps each row from being saved (by row, as codes); empty objects for the good ones. */
export function budgetProblems(rows: readonly BudgetRow[]): RowProblems[] {
  return rows.map((r) => {
    const out: RowProblems = {};
    if (isBlankRow(r)) return out;
    if (!r.category) out.category = 'required';
    if (r.description.trim().length > BUDGET_DESCRIPTION_MAX) out.description = 'too_long';
    if (rowAmount(r.planned) === null) out.planned = 'taka_invalid';
    if (rowAmount(r.actual) === null) out.actual = 'taka_invalid';
    return out;
  });
}

export const hasProblems = (problems: readonly RowProblems[]) => problems.some((p) => Object.keys(p).length > 0);

/**
 * The body of budget/create: the rows with something in them, in order, amounts in poisha.
 * `rowOf[N]` is the row line N came from (for the server's refusals).
 */
export function budgetBody(batchId: number, rows: readonly BudgetRow[]): { body: { batch_id: number; lines: BudgetLineBody[] }; rowOf: number[] } {
  const lines: BudgetLineBody[] = [];
  const rowOf: number[] = [];
  rows.forEach((r, i) => {
    if (isBlankRow(r)) return;
    lines.push({ category: r.category, description: r.description.trim(), planned_poisha: rowAmount(r.planned) ?? 0, actual_poisha: rowAmount(r.actual) ?? 0 });
    rowOf.push(i);
  });
  return { body: { batch_id: batchId, lines }, rowOf };
}

const SERVER_FIELD: Record<string, RowField> = { category: 'category', description: 'description', planned_poisha: 'planned', actual_poisha: 'actual' };

/**
 * The server's refusals of lines (`lines.N.field`) on the rows they came from: a code it sent
 * (worded by `word`, null when unknown) else its words. `rest`: a refusal of no line (`lines`: too
 * many), worded.
 */
export function serverRowErrors(err: unknown, rowOf: readonly number[], word: (code: string) => string | null): { rows: Record<number, RowProblems>; rest: string[] } {
  const rows: Record<number, RowProblems> = {};
  const rest: string[] = [];
  if (!(err instanceof ApiError)) return { rows, rest };
  for (const [name, entries] of Object.entries(err.fieldErrors)) {
    const entry = entries[0];
    if (!entry) continue;
    const text = (/^[a-z][a-z0-9_]*$/.test(entry) && word(entry)) || entry;
    const m = /^lines\.(\d+)\.(\w+)$/.exec(name);
    const row = m ? rowOf[Number(m[1])] : undefined;
    const field = m ? SERVER_FIELD[m[2]] : undefined;
    if (row !== undefined && field) (rows[row] ??= {})[field] = text;
    else rest.push(text);
  }
  return { rows, rest };
}

/** The planned, actual and variance of the rows as typed (before saving): for the table's footer while editing. */
export function typedTotals(rows: readonly BudgetRow[]): { planned_poisha: number; actual_poisha: number; variance_poisha: number } {
  let planned = 0;
  let actual = 0;
  for (const r of rows) {
    planned += rowAmount(r.planned) ?? 0;
    actual += rowAmount(r.actual) ?? 0;
  }
  return { planned_poisha: planned, actual_poisha: actual, variance_poisha: actual - planned };
}
