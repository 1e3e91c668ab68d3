// What a refused import says, read from the 422's `errors`: problems of the whole file, of the
// folder, and per row (`rows.<row>.<field>`, the row being the CSV line with the header as line 1,
// or the question's position in a Moodle file). The messages come translated by the server.
import type { FieldErrors } from '../../../lib/api-client';

export interface ReportRow {
  row: number;
  /** The server's field name within the row: `type`, `marks`, `options.1.text`, `blanks.0`... */
  field: string;
  message: string;
}

export interface ImportReport {
  /** Whole-file problems (`file`): not a question file, no questions, too many... */
  file: string[];
  /** The folder chosen (`folder_id`). */
  folder: string[];
  /** Per row, sorted by row, then in the order of the CSV columns. */
  rows: ReportRow[];
  /** Anything else the server named. */
  other: string[];
}

const ROW_KEY = /^rows\.(\d+)\.(.+)$/;

/** The order of a row's fields: the CSV columns' order, the question's own parts in between. */
const FIELD_ORDER = ['type', 'question_type', 'text', 'text_bn', 'marks', 'negative_marks', 'options', 'answer', 'accepted', 'blanks', 'explanation', 'explanation_bn'];

function fieldRank(field: string): [number, number, number] {
  const [head, index, tail] = field.split('.');
  const rank = FIELD_ORDER.indexOf(head);
  const n = index !== undefined && /^\d+$/.test(index) ? Number(index) : -1;
  // options.2 before options.2.text before options.2.text_bn.
  const sub = tail === undefined ? 0 : tail === 'text' ? 1 : 2;
  return [rank < 0 ? FIELD_ORDER.length : rank, n, sub];
}

function compareFields(a: string, b: string): number {
  const [ra, na, sa] = fieldRank(a);
  const [rb, nb, sb] = fieldRank(b);
  return ra - rb || na - nb || sa - sb || a.localeCompare(b);
}

/** Splits a refused import's `errors` into file, folder and per-row problems (rows sorted, repeats dropped). */
export function importReport(errors: FieldErrors): ImportReport {
  const out: ImportReport = { file: [], folder: [], rows: [], other: [] };
  const seen = new Set<string>();
  for (const [key, messages] of Object.entries(errors)) {
    const list = messages.map((m) => m.trim()).filter(Boolean);
    const m = ROW_KEY.exec(key);
    if (m) {
      const row = Number(m[1]);
      const field = m[2] === 'question_type' ? 'type' : m[2];
      for (const message of list) {
        const id = `${row}\u0000${field}\u0000${message}`;
        if (seen.has(id)) continue;
        seen.add(id);
        out.rows.push({ row, field, message });
      }
    } else {
      const target = key === 'file' ? out.file : key === 'folder_id' ? out.folder : out.other;
      for (const message of list) if (!target.includes(message)) target.push(message);
    }
  }
  out.rows.sort((a, b) => a.row - b.row || compareFields(a.field, b.field));
  return out;
}

/** The number of distinct rows with a problem. */
export function rowsWithProblems(rows: readonly ReportRow[]): number {
  return new Set(rows.map((r) => r.row)).size;
}

/**
 * How to name a field in the report: a key of the questions catalogue (and the option or gap
 * number, 1-based), or null for a field it has no name for (shown as it is).
 */
export function fieldLabel(field: string): { key: string; n?: number } | null {
  const [head, index, tail] = field.split('.');
  const n = index !== undefined && /^\d+$/.test(index) ? Number(index) + 1 : undefined;
  switch (head) {
    case 'type':
    case 'question_type':
      return { key: 'form.type' };
    case 'text':
    case 'text_bn':
    case 'marks':
    case 'negative_marks':
    case 'explanation':
    case 'explanation_bn':
    case 'accepted':
      return index === undefined ? { key: `form.${head}` } : null;
    case 'answer':
      return { key: 'form.answer_heading' };
    case 'options':
      if (n === undefined) return index === undefined ? { key: 'form.options' } : null;
      if (tail === 'text') return { key: 'form.option_text', n };
      if (tail === 'text_bn') return { key: 'form.option_text_bn', n };
      return { key: 'form.option_n', n };
    case 'blanks':
      if (n === undefined) return index === undefined ? { key: 'form.blanks' } : null;
      return { key: 'form.gap_n', n };
    default:
      return null;
  }
}

/** The CSV column a field's problem is in (short answers and gaps are written in `answer`). */
export function csvColumnOf(field: string): string {
  const [head, index, tail] = field.split('.');
  if (head === 'question_type') return 'type';
  if (head === 'accepted' || head === 'blanks') return 'answer';
  if (head === 'options' && index !== undefined && tail === 'text_bn') return 'options_bn';
  return head;
}

/**
 * The kind of a chosen file, by its name (the server tells the formats apart by content): a Moodle
 * XML file, or a sheet of rows (CSV or Excel).
 */
export function fileKind(name: string): 'xml' | 'csv' | null {
  const m = /\.([a-z0-9]+)$/i.exec(name.trim());
  const ext = m?.[1].toLowerCase();
  if (ext === 'xlsx') return 'csv';
  return ext === 'xml' || ext === 'csv' ? ext : null;
}
