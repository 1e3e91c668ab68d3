// The background exports of the report lists as queries: the caller's exports (polled every 1.5 s
// while one is queued or running, not at all otherwise), starting one, stopping or removing one,
// and which of them have just finished (to announce them).
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { SECTION_QUERY } from '../../../lib/forbidden';
import { useErrorText } from '../../../lib/use-error-text';
import {
  deleteExport,
  fetchExports,
  isActiveExport,
  startExport,
  type ExportRequest,
  type ExportStatus,
  type ReportExport,
} from '../api/reports-api';
import { reportKeys, retry, useRoleKey } from './use-reports';

/** How often the list is asked again while an export is being made. */
export const EXPORT_POLL_MS = 1500;

/** The list's refetch interval: every 1.5 s while any export is queued or running, else none. */
export function exportsPollInterval(data: readonly ReportExport[] | undefined): number | false {
  return Array.isArray(data) && data.some((e) => isActiveExport(e.status)) ? EXPORT_POLL_MS : false;
}

export function exportsQuery(role: number) {
  return {
    queryKey: reportKeys.exports(role),
    // Polls (the list already there) do not drive the top loading bar.
    queryFn: ({ signal, client, queryKey }: QueryFunctionContext) => fetchExports(signal, client.getQueryData(queryKey) !== undefined),
    refetchInterval: (query: { state: { data?: ReportExport[] } }) => exportsPollInterval(query.state.data),
    // Fresh whenever the panel opens: the exports move on their own.
    staleTime: 0,
    retry,
    // A refusal shows in the panel, not as the forbidden page instead of the report.
    meta: SECTION_QUERY,
  };
}

/** The caller's exports, newest first. */
export function useExports() {
  return useQuery(exportsQuery(useRoleKey()));
}

/** The exports of the cache with `change` applied (nothing when the list was never fetched). */
function updateList(qc: QueryClient, role: number, change: (list: ReportExport[]) => ReportExport[]) {
  qc.setQueryData<ReportExport[]>(reportKeys.exports(role), (old) => (old ? change(old) : old));
}

/** POST an export; the new one heads the list at once (which then polls it). */
export function startExportMutation(qc: QueryClient, role: number) {
  return {
    mutationFn: (request: ExportRequest) => startExport(request),
    onSuccess: (exp: ReportExport) => {
      const key = reportKeys.exports(role);
      qc.setQueryData<ReportExport[]>(key, (old) => [exp, ...(old ?? []).filter((e) => e.id !== exp.id)]);
      void qc.invalidateQueries({ queryKey: key });
    },
  };
}

export function useStartExport() {
  const qc = useQueryClient();
  return useMutation(startExportMutation(qc, useRoleKey()));
}

/**
 * DELETE an export: a queued or running one is stopped (shown cancelled until the list says more),
 * a finished one leaves the list. One the server no longer has (404) leaves it too.
 */
export function deleteExportMutation(qc: QueryClient, role: number) {
  const settle = () => void qc.invalidateQueries({ queryKey: reportKeys.exports(role) });
  return {
    mutationFn: (exp: ReportExport) => deleteExport(exp.id),
    onSuccess: (_: unknown, exp: ReportExport) => {
      updateList(qc, role, (list) =>
        isActiveExport(exp.status) ? list.map((e) => (e.id === exp.id ? { ...e, status: 'cancelled' as const } : e)) : list.filter((e) => e.id !== exp.id),
      );
      settle();
    },
    onError: (err: unknown, exp: ReportExport) => {
      if (err instanceof ApiError && err.status === 404) updateList(qc, role, (list) => list.filter((e) => e.id !== exp.id));
      settle();
    },
  };
}

export function useDeleteExport() {
  const qc = useQueryClient();
  return useMutation(deleteExportMutation(qc, useRoleKey()));
}

/** The finished states an export can reach. */
const FINISHED: readonly ExportStatus[] = ['done', 'failed'];

/**
 * The exports that have just finished (done or failed): seen queued or running before (`previous`,
 * the statuses of the last look), or started here (`started`) and not seen finished yet. Exports
 * already finished at the first look are not news.
 */
export function justFinished(previous: ReadonlyMap<string, ExportStatus>, current: readonly ReportExport[], started: ReadonlySet<string>): ReportExport[] {
  return current.filter((e) => {
    if (!FINISHED.includes(e.status)) return false;
    const before = previous.get(e.id);
    return before === undefined ? started.has(e.id) : isActiveExport(before);
  });
}

/** The words for an export call's refusal: too many at once, not ready, gone; else the app's. */
export function exportErrorKey(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === 'too_many_exports' || err.status === 429) return 'reports:exports.errors.too_many';
  if (err.code === 'export_not_ready' || err.status === 409) return 'reports:exports.errors.not_ready';
  if (err.code === 'export_not_found') return 'reports:exports.errors.gone';
  return null;
}

/**
 * Text for a refusal of the exports' calls. `about`: `start` (a 404: the list's course is not the
 * site's), `file` (a call about one export: a 404 means it expired or is gone).
 */
export function useExportErrorText() {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  return (err: unknown, about: 'start' | 'file' = 'start'): string => {
    const gone = err instanceof ApiError && err.status === 404;
    const key = exportErrorKey(err) ?? (gone ? (about === 'file' ? 'reports:exports.errors.gone' : 'reports:exports.errors.list_not_found') : null);
    return key ? t(key) : errorText(err);
  };
}

/** Whether the refusal is the 429 of a caller who already has three exports under way. */
export function isTooManyExports(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'too_many_exports' || err.status === 429);
}
