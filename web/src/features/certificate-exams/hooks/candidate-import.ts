// Importing candidates from a CSV sheet (header `name,email,phone`): the sample offered for
// download, and the report of a refused sheet read from the 422's body.
import { ApiError } from '../../../lib/api-client';
import { csvText } from '../../questions/hooks/csv-template';

export const CANDIDATE_COLUMNS = ['name', 'email', 'phone'] as const;
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
export const SAMPLE_NAME = 'candidates-sample.csv';

/**
 * A sheet of two candidates, one reached by e-mail, one by mobile number: UTF-8 with a byte-order
 * mark, so that Excel shows the Bangla (the import skips the mark).
 */
export function candidateSample(): Blob {
  return new Blob(['\uFEFF', csvText([CANDIDATE_COLUMNS, ['রহিমা খাতুন', 'rahima@example.com', ''], ['Karim Uddin', '', '01711000000']])], { type: 'text/csv;charset=utf-8' });
}

export interface RowProblem {
  /** The sheet's line, the header being line 1. */
  row: number;
  field: string;
  message: string;
}

export interface ImportReport {
  /** Problems of the whole sheet (no `name` column, too many rows...). */
  sheet: string[];
  rows: RowProblem[];
}

const ROW = /^rows\.(\d+)\.(.+)$/;

/**
 * The report of a refused sheet (422), null for any other error: problems of a row come as field
 * errors keyed `rows.<row>.<column>` (as the question import's do); any other field's messages
 * are about the whole sheet.
 */
export function importReport(err: unknown): ImportReport | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null;
  const out: ImportReport = { sheet: [], rows: [] };
  for (const [key, messages] of Object.entries(err.fieldErrors)) {
    const row = ROW.exec(key);
    if (row) for (const message of messages) out.rows.push({ row: Number(row[1]), field: row[2], message });
    else for (const message of messages) if (!out.sheet.includes(message)) out.sheet.push(message);
  }
  const column = (field: string) => (CANDIDATE_COLUMNS as readonly string[]).indexOf(field);
  out.rows.sort((a, b) => a.row - b.row || column(a.field) - column(b.field));
  return out.sheet.length || out.rows.length ? out : null;
}
