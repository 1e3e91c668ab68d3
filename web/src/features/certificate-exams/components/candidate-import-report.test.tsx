import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, parseApiError } from '../../../lib/api-client';
import { render, tag, text } from '../../../lib/test-render';
import { stubXhr } from '../../../lib/test-xhr';
import { importCandidates } from '../api/certificate-exams-api';
import { candidateSample, importReport, type ImportReport } from '../hooks/candidate-import';
import { CandidateImportReport } from './candidate-import-report';

afterEach(() => {
  vi.unstubAllGlobals();
});

// As the server sends a refused sheet: field errors keyed rows.<line>.<column>.
const rows = {
  'rows.3.email': ['Enter a valid e-mail address.'],
  'rows.2.phone': ['Enter a valid mobile number.'],
  'rows.2.name': ['This field is required.'],
};
const refused = (errors: unknown) => parseApiError(422, { message: 'The sheet has problems.', code: 'validation_failed', errors });
const reportOf = (errors: unknown) => importReport(refused(errors))!;
const rowCells = (html: string) => [...html.matchAll(/data-testid="import-report-row" data-row="(\d+)" data-field="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`);

describe('a refused sheet of candidates', () => {
  it('reads each row’s problems by line then column, and the whole sheet’s from the other fields', () => {
    expect(reportOf(rows)).toEqual({
      sheet: [],
      rows: [
        { row: 2, field: 'name', message: 'This field is required.' },
        { row: 2, field: 'phone', message: 'Enter a valid mobile number.' },
        { row: 3, field: 'email', message: 'Enter a valid e-mail address.' },
      ],
    } satisfies ImportReport);
    expect(reportOf({ file: ['The first row must name the columns: name, email, phone.'] })).toEqual({
      sheet: ['The first row must name the columns: name, email, phone.'],
      rows: [],
    });
  });

  it('is no report for any other error', () => {
    expect(importReport(new ApiError(409, 'Conflict', 'conflict', {}))).toBeNull();
    expect(importReport(refused({}))).toBeNull();
    expect(importReport(new Error('x'))).toBeNull();
  });

  it('says that nothing was added and lists each problem by line and column, in Bangla digits in Bangla', async () => {
    const report = reportOf({ ...rows, file: ['The first line must name a name column.'] });
    const en = await render('en', <CandidateImportReport report={report} />);
    expect(tag(en, 'import-nothing')).not.toBe('');
    expect(text(en)).toContain('Nothing was added');
    expect(text(en)).toContain('The first line must name a name column.');
    expect(text(en)).toContain('3 problems');
    expect(rowCells(en)).toEqual(['2:name', '2:phone', '3:email']);
    expect(text(en)).toMatch(/2 Name This field is required\./);
    expect(text(en)).toMatch(/3 E-mail Enter a valid e-mail address\./);

    const bn = await render('bn', <CandidateImportReport report={report} />);
    expect(text(bn)).toContain('কাউকে যোগ করা হয়নি');
    expect(text(bn)).toContain('৩টি সমস্যা');
    expect(text(bn)).toMatch(/২ নাম This field is required\./);
    expect(text(bn)).toMatch(/৩ ই-মেইল/);
  });

  it('comes from the upload’s 422 as the server sends it', async () => {
    const sent = stubXhr(422, { message: 'The sheet has problems.', code: 'validation_failed', errors: rows });
    const file = new File(['name,email,phone\n'], 'candidates.csv', { type: 'text/csv' });
    const err = await importCandidates(12, file, () => undefined).promise.catch((e: unknown) => e);
    expect(sent.url).toBe('/assessment/create-csv-restricted-user');
    expect(sent.method).toBe('POST');
    const form = sent.body as FormData;
    expect(form.get('batch_id')).toBe('12');
    expect((form.get('file') as File).name).toBe('candidates.csv');
    expect(importReport(err)?.rows.map((r) => r.row)).toEqual([2, 2, 3]);
  });

  it('offers a sample sheet with the expected header, Bangla kept for Excel by a byte-order mark', async () => {
    const bytes = new Uint8Array(await candidateSample().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe('name,email,phone');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('রহিমা খাতুন');
  });
});
