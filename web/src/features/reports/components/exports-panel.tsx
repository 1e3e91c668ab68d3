// The caller's report exports (the lists written as spreadsheets in the background): each with its
// file name, its state, a bar of its rows (determinate once the rows are counted), then "Download"
// when it is ready, "Cancel" while it is being made, "Remove" once finished, the reason when it
// failed. The list is polled while an export is under way (use-exports.ts).
import { Alert, Box, Button, Chip, CircularProgress, LinearProgress, Skeleton, Stack, Typography, type ChipProps } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatNumber, intlLocale } from '../../../lib/lang';
import { downloadExport, isActiveExport, type ExportStatus, type ReportExport } from '../api/reports-api';
import { useDeleteExport, useExportErrorText, useExports } from '../hooks/use-exports';
import { reportKeys, useRoleKey } from '../hooks/use-reports';

/** The share of the rows written, 0..100 (whole); null while the rows are not counted. */
export function exportPercent(exp: Pick<ReportExport, 'rows_done' | 'rows_total' | 'status'>): number | null {
  if (exp.status === 'done') return 100;
  const total = Number(exp.rows_total);
  if (exp.rows_total === null || exp.rows_total === undefined || !Number.isFinite(total) || total < 0) return null;
  if (total === 0) return 0;
  const done = Math.max(0, Number(exp.rows_done) || 0);
  return Math.min(100, Math.floor((done * 100) / total));
}

/** A file's size in the interface's digits: bytes, KB or MB. */
export function formatSize(bytes: number, lang: string, t: (key: string, opts: { n: string }) => string): string {
  const nf = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 1 });
  const b = Math.max(0, Number(bytes) || 0);
  if (b >= 1024 * 1024) return t('reports:exports.size_mb', { n: nf.format(b / (1024 * 1024)) });
  if (b >= 1024) return t('reports:exports.size_kb', { n: nf.format(b / 1024) });
  return t('reports:exports.size_b', { n: nf.format(b) });
}

const STATUS_COLOURS: Record<ExportStatus, ChipProps['color']> = { queued: 'default', running: 'info', done: 'success', failed: 'error', cancelled: 'default' };

export function ExportStatusChip({ status }: { status: ExportStatus }) {
  const { t } = useTranslation('reports');
  return (
    <Chip
      size="small"
      variant={status === 'done' || status === 'failed' ? 'filled' : 'outlined'}
      color={STATUS_COLOURS[status] ?? 'default'}
      label={t(`exports.statuses.${status}`, { defaultValue: status })}
      data-testid="export-status"
      data-status={status}
    />
  );
}

/**
 * Saves an export's file (the download endpoint, with the app's headers). A refusal is told in a
 * toast; one that says the file is not there (409, 404) also asks for the list again.
 */
export function useExportDownload() {
  const toast = useToast();
  const errorText = useExportErrorText();
  const qc = useQueryClient();
  const role = useRoleKey();
  const [busy, setBusy] = useState<string | null>(null);
  const download = (exp: ReportExport) => {
    setBusy(exp.id);
    return downloadExport(exp)
      .catch((err: unknown) => {
        toast.show(errorText(err, 'file'), { severity: 'error', duration: 6000 });
        if (err instanceof ApiError && (err.status === 404 || err.status === 409)) void qc.invalidateQueries({ queryKey: reportKeys.exports(role) });
      })
      .finally(() => setBusy(null));
  };
  return { download, busy };
}

/** What a failed export says: a known code in words, else the plain words and the code. */
function useFailureText() {
  const { t, i18n } = useTranslation('reports');
  return (code: string | null): string => {
    if (!code) return t('exports.failures.default');
    if (/^[a-z0-9_]+$/.test(code) && i18n.exists(`reports:exports.failures.${code}`)) return t(`exports.failures.${code}`);
    return t('exports.failures.default_code', { code });
  };
}

/** The list, file name, search and start of an export: "Learners · search “rina” · started 15 Dec 2026, 12:00". */
function ExportMeta({ exp }: { exp: ReportExport }) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language;
  const parts = [
    t(`exports.lists.${exp.list}`, { id: exp.target_id === null ? '' : new Intl.NumberFormat(intlLocale(lang), { useGrouping: false }).format(exp.target_id), defaultValue: exp.list }),
    exp.format === 'xlsx' ? t('exports.formats.xlsx') : t('exports.formats.csv'),
    exp.search ? t('exports.searched', { search: exp.search }) : null,
    exp.created_at ? t('exports.started', { time: formatDate(exp.created_at, lang) }) : null,
  ].filter(Boolean);
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }} data-testid="export-meta">
      {parts.join(' · ')}
    </Typography>
  );
}

/** The rows written: a bar and its words while under way; the rows, size and expiry once done. */
function ExportProgress({ exp, labelId }: { exp: ReportExport; labelId: string }) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language;
  const n = (v: number) => formatNumber(Math.max(0, Number(v) || 0), lang);
  const percent = exportPercent(exp);
  if (exp.status === 'queued' || exp.status === 'running') {
    const known = exp.status === 'running' && percent !== null;
    const words =
      exp.status === 'queued'
        ? t('exports.queued')
        : known
          ? t('exports.rows_of', { done: n(exp.rows_done), total: n(exp.rows_total ?? 0), percent: n(percent) })
          : t('exports.rows_so_far', { done: n(exp.rows_done) });
    return (
      <Stack spacing={0.5} sx={{ mt: 1 }}>
        <LinearProgress
          variant={known ? 'determinate' : 'indeterminate'}
          value={known ? percent : undefined}
          aria-labelledby={labelId}
          aria-valuetext={words}
          sx={{ height: 6, borderRadius: 3 }}
          data-testid="export-progress-bar"
          data-percent={known ? percent : undefined}
        />
        <Typography variant="body2" color="text.secondary" data-testid="export-progress">
          {words}
        </Typography>
      </Stack>
    );
  }
  if (exp.status === 'done') {
    const parts = [
      t('exports.rows', { count: Number(exp.rows_done) || 0, n: n(exp.rows_done) }),
      exp.size_bytes !== null && exp.size_bytes !== undefined ? formatSize(exp.size_bytes, lang, t) : null,
      exp.expires_at ? t('exports.kept_until', { time: formatDate(exp.expires_at, lang) }) : null,
    ].filter(Boolean);
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="export-progress">
        {parts.join(' · ')}
      </Typography>
    );
  }
  return null;
}

function ExportItem({ exp, downloading, onDownload }: { exp: ReportExport; downloading: boolean; onDownload: (exp: ReportExport) => void }) {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const errorText = useExportErrorText();
  const failureText = useFailureText();
  const remove = useDeleteExport();
  const active = isActiveExport(exp.status);
  const labelId = `export-${exp.id}-name`;
  const busy = remove.isPending;
  const drop = () =>
    remove.mutate(exp, {
      onError: (err) => {
        // Gone already (404): it leaves the list without a word.
        if (!(err instanceof ApiError && err.status === 404)) toast.show(errorText(err, 'file'), { severity: 'error', duration: 6000 });
      },
    });

  return (
    <Box
      component="li"
      data-testid="export-item"
      data-export-id={exp.id}
      data-status={exp.status}
      sx={{ p: 2, minWidth: 0, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', minWidth: 0 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={labelId} variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }} data-testid="export-name">
            {exp.file_name || `${exp.list}.${exp.format}`}
          </Typography>
          <ExportMeta exp={exp} />
        </Box>
        <ExportStatusChip status={exp.status} />
      </Stack>
      <ExportProgress exp={exp} labelId={labelId} />
      {exp.status === 'failed' && (
        <Alert severity="error" variant="outlined" sx={{ mt: 1, py: 0 }} data-testid="export-error">
          {failureText(exp.error)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {exp.status === 'done' && (
          <Button
            variant="contained"
            size="small"
            disabled={downloading}
            startIcon={downloading ? <CircularProgress size={14} color="inherit" /> : <FileDownloadOutlinedIcon />}
            onClick={() => onDownload(exp)}
            aria-label={t('exports.download_label', { name: exp.file_name })}
            data-testid="export-download"
            sx={{ minHeight: 36 }}
          >
            {t('exports.download')}
          </Button>
        )}
        {/* One button: it stops an export under way, or takes a finished one off the list. */}
        <Button
          variant={active ? 'outlined' : 'text'}
          size="small"
          color="inherit"
          disabled={busy}
          startIcon={active ? <CloseIcon /> : <DeleteOutlineIcon />}
          onClick={drop}
          aria-label={t(active ? 'exports.cancel_label' : 'exports.remove_label', { name: exp.file_name })}
          data-testid={active ? 'export-cancel' : 'export-remove'}
          sx={{ minHeight: 36 }}
        >
          {t(active ? 'exports.cancel' : 'exports.remove')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The caller's exports. `refusal`: why the last export asked for was not started (a 429 above all:
 * three already under way), shown above the list until dismissed.
 */
export function ExportsPanel({ refusal, onDismissRefusal }: { refusal?: unknown; onDismissRefusal?: () => void }) {
  const { t } = useTranslation('reports');
  const errorText = useExportErrorText();
  const { data, isLoading, error, refetch } = useExports();
  const { download, busy } = useExportDownload();
  const items = data ?? [];

  return (
    <Box data-testid="exports-panel" sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        {t('exports.kept')}
      </Typography>
      {refusal ? (
        <Alert severity="warning" sx={{ mx: 2, mb: 1 }} onClose={onDismissRefusal} closeText={t('exports.dismiss')} data-testid="exports-refusal">
          {errorText(refusal)}
        </Alert>
      ) : null}
      {isLoading ? (
        <Box sx={{ px: 2 }} data-testid="exports-loading" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={72} />
          ))}
        </Box>
      ) : error && !data ? (
        <Box sx={{ px: 2 }}>
          <ErrorState error={error} onRetry={() => refetch()} />
        </Box>
      ) : items.length === 0 ? (
        <EmptyState icon={<FolderZipOutlinedIcon />} message={t('exports.empty')} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('exports.title')} data-testid="exports-list">
          {items.map((exp) => (
            <ExportItem key={exp.id} exp={exp} downloading={busy === exp.id} onDownload={download} />
          ))}
        </Box>
      )}
    </Box>
  );
}
