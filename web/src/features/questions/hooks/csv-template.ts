// The CSV template offered in the import dialog: the header row naming every column the import
// reads, and two example rows (a multiple-choice question in Bangla, a short-answer question in both
// languages). Made in the browser; no call to the server.

/** The columns the import reads, in the order the export writes them. */
export const CSV_COLUMNS = ['type', 'text', 'text_bn', 'marks', 'negative_marks', 'options', 'options_bn', 'answer', 'explanation', 'explanation_bn'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const CSV_TEMPLATE_NAME = 'question-import-template.csv';

const EXAMPLES: Record<CsvColumn, string>[] = [
  {
    type: 'multiple_choice',
    text: '',
    text_bn: 'বাংলাদেশের রাজধানী কোনটি?',
    marks: '1',
    negative_marks: '0.25',
    options: '',
    options_bn: 'ঢাকা|চট্টগ্রাম|খুলনা|রাজশাহী',
    answer: '1',
    explanation: '',
    explanation_bn: '১৯৭১ সাল থেকে ঢাকা বাংলাদেশের রাজধানী।',
  },
  {
    type: 'short_answer',
    text: 'What is the national flower of Bangladesh?',
    text_bn: 'বাংলাদেশের জাতীয় ফুলের নাম কী?',
    marks: '1',
    negative_marks: '',
    options: '',
    options_bn: '',
    answer: 'Water lily|শাপলা',
    explanation: '',
    explanation_bn: '',
  },
];

/** One CSV cell: quoted when it holds a comma, a quote, a line break or spaces at its ends. */
export function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text of rows (CRLF line ends, as RFC 4180 and Excel write them). */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The template's text: the header row and the two examples. */
export function csvTemplate(): string {
  return csvText([CSV_COLUMNS, ...EXAMPLES.map((e) => CSV_COLUMNS.map((c) => e[c]))]);
}

/**
 * The template as a file: UTF-8 with a byte-order mark, so that Excel shows the Bangla (the import
 * skips the mark).
 */
export function csvTemplateBlob(): Blob {
  return new Blob(['\uFEFF', csvTemplate()], { type: 'text/csv;charset=utf-8' });
}
