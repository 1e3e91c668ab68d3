import { environmentManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fetchCall, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import { builtInRole } from '../../../lib/test-role-maps';
import { signedInUser, testSession } from '../../../lib/test-session';
import { downloadExport, exportRequest, fetchExport, type ExportStatus, type ReportExport } from '../api/reports-api';
import {
  deleteExportMutation,
  EXPORT_POLL_MS,
  exportErrorKey,
  exportsPollInterval,
  exportsQuery,
  justFinished,
  startExportMutation,
} from '../hooks/use-exports';
import { reportKeys } from '../hooks/use-reports';
import { ExportsPanel, exportPercent } from './exports-panel';
import ReportPages from './report-pages';

vi.mock('../../../lib/session', async (original) => ({
  ...(await original<typeof import('../../../lib/session')>()),
  useCurrentUser: (await import('../../../lib/test-session')).useCurrentUser,
}));

const ADMIN = builtInRole('partner-admin', 31, 4);

beforeEach(() => {
  testSession.user = signedInUser(3, ADMIN);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  testSession.user = null;
});

function exportOf(status: ExportStatus, over: Partial<ReportExport> = {}): ReportExport {
  return {
    id: `e-${status}`,
    list: 'learners',
    target_id: null,
    search: '',
    format: 'xlsx',
    status,
    rows_done: 0,
    rows_total: null,
    size_bytes: null,
    file_name: `learners-${status}.xlsx`,
    error: null,
    created_at: '2026-12-15T06:00:00Z',
    finished_at: null,
    expires_at: '2026-12-16T06:00:00Z',
    ...over,
  };
}

const running = exportOf('running', { rows_done: 35000, rows_total: 100000 });
const queued = exportOf('queued', { list: 'course-users', target_id: 1234, search: 'rina', format: 'csv', file_name: 'course-users-1234.csv' });
const done = exportOf('done', { rows_done: 100000, rows_total: 100000, size_bytes: 1.25 * 1024 * 1024, finished_at: '2026-12-15T06:01:00Z' });
const failed = exportOf('failed', { rows_done: 10, rows_total: 500, error: 'internal_error' });
const cancelled = exportOf('cancelled', { rows_done: 200, rows_total: 500 });

/** A query client holding the caller's exports. */
function withExports(list: ReportExport[]) {
  const qc = new QueryClient();
  qc.setQueryData(reportKeys.exports(ADMIN.id), list);
  return qc;
}

/** The markup of the export item with this id. */
function item(html: string, id: string) {
  const at = html.indexOf(`data-export-id="${id}"`);
  if (at < 0) return '';
  const start = html.lastIndexOf('<li', at);
  return html.slice(start, html.indexOf('</li>', at) + 5);
}

const created = (exp: ReportExport) => new Response(JSON.stringify({ data: exp }), { status: 202 });

describe('starting an export', () => {
  it('posts the list, its course or learner, the search and the format, and heads the list with it', async () => {
    expect(exportRequest('courses', 'csv', ' phys ')).toEqual({ list: 'courses', search: 'phys', format: 'csv' });
    expect(exportRequest('course-users', 'xlsx', '', 7)).toEqual({ list: 'course-users', id: 7, format: 'xlsx' });
    expect(exportRequest('learner-courses', 'csv', 'math', 55)).toEqual({ list: 'learner-courses', id: 55, search: 'math', format: 'csv' });

    const fresh = exportOf('queued', { id: 'e-new', list: 'courses', search: 'phys', format: 'csv', file_name: 'courses-report.csv' });
    const fetch = stubFetch(() => created(fresh));
    const qc = withExports([done]);
    const got = await runMutation(startExportMutation(qc, ADMIN.id), exportRequest('courses', 'csv', ' phys '), qc);
    expect(got).toEqual(fresh);
    const [url, init] = fetchCall(fetch, 0);
    expect(url).toBe('/course/reports/exports');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ list: 'courses', search: 'phys', format: 'csv' });
    expect((qc.getQueryData(reportKeys.exports(ADMIN.id)) as ReportExport[]).map((e) => e.id)).toEqual(['e-new', 'e-done']);

    await runMutation(startExportMutation(qc, ADMIN.id), exportRequest('course-users', 'xlsx', '', 7), qc);
    expect(JSON.parse(String(fetchCall(fetch, 1)[1].body))).toEqual({ list: 'course-users', id: 7, format: 'xlsx' });
  });

  it('refuses with a clear message when three exports are already under way (429)', async () => {
    stubFetch(() => json({ message: 'Too many exports', code: 'too_many_exports', errors: {} }, 429));
    const qc = withExports([]);
    const err = await runMutation(startExportMutation(qc, ADMIN.id), exportRequest('learners', 'xlsx', ''), qc).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(429);
    expect(exportErrorKey(err)).toBe('reports:exports.errors.too_many');

    const html = await render('en', <ExportsPanel refusal={err} onDismissRefusal={noop} />, { qc });
    expect(text(html)).toContain('You already have 3 exports being made. Wait for one to finish, or cancel one, then try again.');
    expect(tag(html, 'exports-refusal')).toContain('MuiAlert');
    const bn = await render('bn', <ExportsPanel refusal={err} onDismissRefusal={noop} />, { qc });
    expect(text(bn)).toContain('আপনার ৩টি এক্সপোর্ট এখন তৈরি হচ্ছে।');

    // A course that is not the site's (404 on starting).
    stubFetch(() => json({ message: 'Not found', code: 'not_found', errors: {} }, 404));
    const missing = await runMutation(startExportMutation(qc, ADMIN.id), exportRequest('course-users', 'csv', '', 999), qc).catch((e: unknown) => e);
    expect(text(await render('en', <ExportsPanel refusal={missing} />, { qc }))).toContain('This course is not one of the site’s any more.');
  });
});

describe('the exports panel', () => {
  it('shows each export’s file, state and progress from the polled list, with its actions', async () => {
    const html = await render('en', <ExportsPanel />, { qc: withExports([running, queued, done, failed, cancelled]) });
    expect(html.split('data-testid="export-item"').length - 1).toBe(5);

    // Running with its rows counted: a determinate bar, "35,000 of 100,000 rows (35%)", Cancel.
    const run = item(html, 'e-running');
    expect(text(run)).toContain('learners-running.xlsx');
    expect(text(run)).toContain('Being made');
    expect(text(run)).toContain('35,000 of 100,000 rows (35%)');
    expect(run).toContain('role="progressbar"');
    expect(run).toContain('aria-valuenow="35"');
    expect(run).toContain('aria-labelledby="export-e-running-name"');
    expect(run).toContain('data-testid="export-cancel"');
    expect(run).not.toContain('data-testid="export-download"');
    expect(run).not.toContain('data-testid="export-remove"');

    // Queued: an indeterminate bar (no value), what it is of and its search.
    const wait = item(html, 'e-queued');
    expect(text(wait)).toContain('Waiting to start…');
    expect(text(wait)).toContain('Learners of course 1234 · CSV · search “rina” · started');
    expect(wait).toContain('MuiLinearProgress-indeterminate');
    expect(wait).not.toContain('aria-valuenow');
    expect(wait).toContain('data-testid="export-cancel"');

    // Done: its rows, size and expiry; Download and Remove, no bar.
    const ready = item(html, 'e-done');
    expect(text(ready)).toContain('Ready');
    expect(text(ready)).toContain('100,000 rows · 1.3 MB · kept until');
    expect(ready).not.toContain('role="progressbar"');
    expect(tag(ready, 'export-download')).toContain('aria-label="Download learners-done.xlsx"');
    expect(ready).toContain('data-testid="export-remove"');
    expect(ready).not.toContain('data-testid="export-cancel"');

    // Failed: the reason; Remove.
    const bad = item(html, 'e-failed');
    expect(text(bad)).toContain('Failed');
    expect(text(section(bad, 'export-error'))).toContain('Something went wrong while making the file. Try again.');
    expect(bad).toContain('data-testid="export-remove"');
    expect(bad).not.toContain('data-testid="export-download"');

    const stopped = item(html, 'e-cancelled');
    expect(text(stopped)).toContain('Cancelled');
    expect(stopped).toContain('data-testid="export-remove"');
    expect(stopped).not.toContain('role="progressbar"');
  });

  it('says a failure it does not know with its code, and a running export whose rows are not counted yet', async () => {
    const odd = exportOf('failed', { id: 'e-odd', error: 'disk_full' });
    const counting = exportOf('running', { id: 'e-counting', rows_done: 1200, rows_total: null });
    const html = await render('en', <ExportsPanel />, { qc: withExports([odd, counting]) });
    expect(text(item(html, 'e-odd'))).toContain('The file could not be made (disk_full). Try again.');
    const c = item(html, 'e-counting');
    expect(text(c)).toContain('1,200 rows so far');
    expect(c).toContain('MuiLinearProgress-indeterminate');
  });

  it('is in Bangla with Bangla digits', async () => {
    const html = await render('bn', <ExportsPanel />, { qc: withExports([running, queued, done, failed]) });
    const run = text(item(html, 'e-running'));
    expect(run).toContain('১,০০,০০০টি সারির মধ্যে ৩৫,০০০টি (৩৫%)');
    expect(run).toContain('তৈরি হচ্ছে');
    expect(text(item(html, 'e-queued'))).toContain('কোর্স ১২৩৪-এর শিক্ষার্থী');
    const ready = text(item(html, 'e-done'));
    expect(ready).toContain('১,০০,০০০টি সারি · ১.৩ MB');
    expect(ready).toContain('ডাউনলোড');
    expect(text(item(html, 'e-failed'))).toContain('ফাইলটি তৈরির সময় সমস্যা হয়েছে।');
    // No ASCII digit in the panel but the file names'.
    const shown = text(section(html, 'exports-panel')).replace(/[\w-]+\.(xlsx|csv)/g, '');
    expect(shown).not.toMatch(/[0-9]/);
  });

  it('says when there is no export yet, and offers a retry when the list cannot be fetched', async () => {
    const empty = await render('en', <ExportsPanel />, { qc: withExports([]) });
    expect(text(empty)).toContain('No exports yet.');
    expect(text(await render('bn', <ExportsPanel />, { qc: withExports([]) }))).toContain('এখনও কোনো এক্সপোর্ট নেই।');

    stubFetch(() => json({ message: 'Down', code: 'server_error', errors: {} }, 500));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
    await qc.prefetchQuery({ ...exportsQuery(ADMIN.id), retry: false });
    const html = await render('en', <ExportsPanel />, { qc });
    expect(html).toContain('data-testid="error-state"');
    expect(text(html)).toContain('Try again');
    expect(html).not.toContain('data-testid="exports-list"');
  });

  it('works out the share of the rows written', () => {
    expect(exportPercent(running)).toBe(35);
    expect(exportPercent(queued)).toBeNull();
    expect(exportPercent({ status: 'running', rows_done: 2, rows_total: 3 })).toBe(66);
    expect(exportPercent({ status: 'running', rows_done: 9, rows_total: 0 })).toBe(0);
    expect(exportPercent({ status: 'running', rows_done: 120, rows_total: 100 })).toBe(100);
    expect(exportPercent(done)).toBe(100);
  });
});

describe('polling the exports', () => {
  it('asks every 1.5 s while an export is queued or running, and not when none is', () => {
    expect(EXPORT_POLL_MS).toBe(1500);
    expect(exportsPollInterval([done, running])).toBe(1500);
    expect(exportsPollInterval([queued])).toBe(1500);
    expect(exportsPollInterval([done, failed, cancelled])).toBe(false);
    expect(exportsPollInterval([])).toBe(false);
    expect(exportsPollInterval(undefined)).toBe(false);
    // A refusal of the list stays in the panel (not the forbidden page instead of the report).
    expect(exportsQuery(ADMIN.id).meta).toEqual({ errorScope: 'section' });
  });

  it('follows an export from queued to done, then stops asking', async () => {
    // Node is a server to the query library, which polls only in a browser.
    environmentManager.setIsServer(() => false);
    onTestFinished(() => environmentManager.setIsServer(() => typeof window === 'undefined'));
    vi.useFakeTimers();
    const answers = [
      [exportOf('queued', { id: 'e-1' })],
      [exportOf('running', { id: 'e-1', rows_done: 500, rows_total: 1000 })],
      [exportOf('done', { id: 'e-1', rows_done: 1000, rows_total: 1000 })],
    ];
    let calls = 0;
    const fetch = stubFetch(() => json({ data: answers[Math.min(calls++, answers.length - 1)] }));
    const qc = new QueryClient();
    const observer = new QueryObserver(qc, exportsQuery(ADMIN.id));
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data?.[0]?.status));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetchCall(fetch, 0)[0]).toBe('/course/reports/exports');
    await vi.advanceTimersByTimeAsync(1500);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data?.[0]).toMatchObject({ status: 'running', rows_done: 500 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult().data?.[0].status).toBe('done');
    // Done: no more asking.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(seen).toContain('running');
    unsubscribe();
  });

  it('tells the exports that have just finished, not those finished before the first look', () => {
    const before = new Map<string, ExportStatus>([
      ['e-1', 'running'],
      ['e-2', 'queued'],
      ['e-3', 'done'],
    ]);
    const now = [
      exportOf('done', { id: 'e-1' }),
      exportOf('failed', { id: 'e-2' }),
      exportOf('done', { id: 'e-3' }),
      exportOf('done', { id: 'e-4' }),
      exportOf('done', { id: 'e-5' }),
    ];
    // e-5 was started here and finished before any look saw it running.
    expect(justFinished(before, now, new Set(['e-5'])).map((e) => e.id)).toEqual(['e-1', 'e-2', 'e-5']);
    // The first look: only what was started here.
    expect(justFinished(new Map(), now, new Set()).map((e) => e.id)).toEqual([]);
    expect(justFinished(new Map([['e-1', 'done']]), now.slice(0, 1), new Set()).map((e) => e.id)).toEqual([]);
  });
});

describe('an export’s file', () => {
  /** A document that records the file saved. */
  function saving() {
    const a = { href: '', download: '', style: {} as Record<string, string>, click: vi.fn(), remove: vi.fn() };
    vi.stubGlobal('document', { createElement: () => a, body: { appendChild: noop } });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:sheet');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(noop);
    return a;
  }

  it('is downloaded from the export’s download address and saved as the server names it', async () => {
    const a = saving();
    const fetch = stubFetch(
      () =>
        new Response('\ufeffid,name', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="learners-report.csv"' },
        }),
    );
    await downloadExport(done);
    const [url, init] = fetchCall(fetch, 0);
    expect(url).toBe('/course/reports/exports/e-done/download');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Accept).toBe('*/*');
    expect(a.download).toBe('learners-report.csv');
    expect(a.click).toHaveBeenCalledOnce();
  });

  it('is refused while not ready (409) and when gone (404)', async () => {
    stubFetch(() => json({ message: 'Not ready', code: 'export_not_ready', errors: {} }, 409));
    const err = await downloadExport(running).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(409);
    expect(exportErrorKey(err)).toBe('reports:exports.errors.not_ready');

    const fetch = stubFetch(() => json({ data: done }));
    await expect(fetchExport('e-done')).resolves.toEqual(done);
    expect(fetchCall(fetch, 0)[0]).toBe('/course/reports/exports/e-done');
  });
});

describe('cancelling and removing an export', () => {
  it('DELETEs it: a running one shows cancelled, a finished one leaves the list', async () => {
    const fetch = stubFetch(() => new Response(null, { status: 204 }));
    const qc = withExports([running, done]);
    await runMutation(deleteExportMutation(qc, ADMIN.id), running, qc);
    const [url, init] = fetchCall(fetch, 0);
    expect(url).toBe('/course/reports/exports/e-running');
    expect(init.method).toBe('DELETE');
    const after = qc.getQueryData(reportKeys.exports(ADMIN.id)) as ReportExport[];
    expect(after.find((e) => e.id === 'e-running')?.status).toBe('cancelled');

    await runMutation(deleteExportMutation(qc, ADMIN.id), done, qc);
    expect(fetchCall(fetch, 1)).toEqual(['/course/reports/exports/e-done', expect.objectContaining({ method: 'DELETE' })]);
    expect((qc.getQueryData(reportKeys.exports(ADMIN.id)) as ReportExport[]).map((e) => e.id)).toEqual(['e-running']);
  });

  it('drops one the server no longer has (404)', async () => {
    stubFetch(() => json({ message: 'Not found', code: 'not_found', errors: {} }, 404));
    const qc = withExports([failed, done]);
    const err = await runMutation(deleteExportMutation(qc, ADMIN.id), failed, qc).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(404);
    expect((qc.getQueryData(reportKeys.exports(ADMIN.id)) as ReportExport[]).map((e) => e.id)).toEqual(['e-done']);
  });
});

describe('the report pages', () => {
  it('have the exports’ button, counting the exports under way in the interface’s digits', async () => {
    const qc = withExports([running, queued, done]);
    const html = await render('en', <ReportPages />, { at: '/reports/learner-report', path: '/reports/learner-report/:id?', qc });
    const button = tag(html, 'report-exports-button');
    expect(button).toContain('aria-label="Exports, 2 being made"');
    expect(button).toContain('aria-haspopup="dialog"');
    expect(tag(html, 'learners-download-csv')).toContain('aria-haspopup="dialog"');
    // The live region is there (empty) before anything is announced.
    expect(tag(html, 'exports-live')).toContain('aria-live="polite"');

    const bn = await render('bn', <ReportPages />, { at: '/reports/course-report/7', path: '/reports/course-report/:id?', qc });
    expect(tag(bn, 'report-exports-button')).toContain('aria-label="এক্সপোর্ট, ২টি তৈরি হচ্ছে"');
    expect(section(bn, 'report-exports-badge')).toContain('>২</span>');

    const none = await render('en', <ReportPages />, { at: '/reports/learner-report/55', path: '/reports/learner-report/:id?', qc: withExports([done]) });
    expect(tag(none, 'report-exports-button')).not.toContain('aria-label');
  });
});

/** The markup from the element with this test id on. */
function section(html: string, id: string) {
  const at = html.indexOf(`data-testid="${id}"`);
  return at < 0 ? '' : html.slice(html.lastIndexOf('<', at));
}
