// Question files: import a Moodle XML, CSV or Excel (XLSX) file into the bank (all or nothing) and
// export the bank, or one folder of it, as such a file.
import { downloadFile } from '../../../lib/download';
import { uploadForm, type UploadHandle } from '../../../lib/upload';

/** The server's limits on an imported file. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_QUESTIONS = 1000;
export const IMPORT_ACCEPT = '.xml,.csv,.xlsx,text/xml,application/xml,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportResult {
  imported: number;
  ids: number[];
}

/**
 * POST /question-bank/import (multipart `file`, `folder_id`), with upload progress. A refusal is a
 * 422 whose `errors` name the whole file (`file`), the folder (`folder_id`) or a row
 * (`rows.<row>.<field>`); 413 when the file is too large.
 */
export function importQuestions(file: File, folderId: number | null, onProgress: (percent: number) => void): UploadHandle<ImportResult> {
  const form = new FormData();
  if (folderId) form.append('folder_id', String(folderId));
  form.append('file', file, file.name);
  return uploadForm<ImportResult>('/question-bank/import', form, onProgress);
}

export const EXPORT_FORMATS = ['moodle', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Downloads the questions (of one folder, else all the caller reaches) as questions.xml, .csv or .xlsx. */
export function exportQuestions(format: ExportFormat, folderId?: number | null): Promise<void> {
  return downloadFile('/question-bank/export', { format, folder_id: folderId ?? undefined }, format === 'moodle' ? 'questions.xml' : `questions.${format}`);
}
