// The report pages' exports around the page: the "Exports" button (its badge counts the exports
// under way), the drawer holding the exports panel (opened when the list's "Download" buttons
// start an export, or refuse to), the announcement of an export that has just finished (a polite
// live region and a snackbar offering its download; nothing is downloaded unasked).
import { Badge, Box, Button, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadingOutlinedIcon from '@mui/icons-material/DownloadingOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Snackbar } from '../../../components/ui/deferred-mui';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatNumber } from '../../../lib/lang';
import { isActiveExport, type ExportStatus, type ReportExport } from '../api/reports-api';
import { justFinished, useExports } from '../hooks/use-exports';
import { ExportsPanel, useExportDownload } from './exports-panel';

interface ExportsUi {
  /** Opens the exports' drawer; `refusal`: why an export asked for was not started, shown at its top. */
  open: (refusal?: unknown) => void;
  /** An export started on this page: announced when it finishes. */
  started: (exp: ReportExport) => void;
  /** The exports queued or running. */
  running: number;
}

const ExportsContext = createContext<ExportsUi | null>(null);

/** The exports' drawer and announcements of the report pages (null outside them). */
export function useExportsUi(): ExportsUi | null {
  return useContext(ExportsContext);
}

interface Notice {
  exp: ReportExport;
  at: number;
}

/** Holds the exports of the report pages around `children` (the page). */
export function ReportExports({ children }: { children: ReactNode }) {
  const { t } = useTranslation('reports');
  const { data } = useExports();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Map<string, ExportStatus> | null>(null);
  const startedHere = useRef(new Set<string>());

  // Each new look at the list: what has finished since the last one is announced.
  useEffect(() => {
    if (!Array.isArray(data)) return;
    const previous = seen.current ?? new Map<string, ExportStatus>();
    seen.current = new Map(data.map((e) => [e.id, e.status]));
    const finished = justFinished(previous, data, startedHere.current);
    for (const e of finished) startedHere.current.delete(e.id);
    if (finished.length === 0) return;
    // The newest first (the list's order): one notice; the panel shows them all.
    const exp = finished.find((e) => e.status === 'done') ?? finished[0];
    setNotice({ exp, at: Date.now() });
    setNoticeOpen(true);
    setAnnouncement(exp.status === 'done' ? t('exports.ready_named', { name: exp.file_name }) : t('exports.failed_named', { name: exp.file_name }));
  }, [data, t]);

  const running = Array.isArray(data) ? data.filter((e) => isActiveExport(e.status)).length : 0;
  const openPanel = useCallback((why?: unknown) => {
    setRefusal(why ?? null);
    setOpen(true);
  }, []);
  const started = useCallback((exp: ReportExport) => {
    startedHere.current.add(exp.id);
  }, []);
  const ui = useMemo(() => ({ open: openPanel, started, running }), [openPanel, started, running]);
  const close = () => setOpen(false);

  return (
    <ExportsContext.Provider value={ui}>
      {children}
      <Drawer
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 }, maxWidth: '100%' }, role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'report-exports-title' } as object }}
        data-testid="exports-drawer"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography id="report-exports-title" variant="h6" component="h2">
            {t('exports.title')}
          </Typography>
          <IconButton onClick={close} aria-label={t('exports.close')} data-testid="exports-close">
            <CloseIcon />
          </IconButton>
        </Stack>
        <ExportsPanel refusal={refusal} onDismissRefusal={() => setRefusal(null)} />
      </Drawer>
      <ExportNotice notice={notice} open={noticeOpen} onClose={() => setNoticeOpen(false)} />
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="exports-live">
        {announcement}
      </Box>
    </ExportsContext.Provider>
  );
}

/** "Your file is ready" with its download (or that it failed), until closed. */
function ExportNotice({ notice, open, onClose }: { notice: Notice | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const { download, busy } = useExportDownload();
  const exp = notice?.exp;
  const done = exp?.status === 'done';
  return (
    <Snackbar
      key={notice?.at}
      open={open && !!exp}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{ mb: { xs: 8, md: 0 } }}
    >
      <Alert
        // The live region has said it already.
        role="presentation"
        severity={done ? 'success' : 'error'}
        variant="filled"
        data-testid="export-notice"
        sx={{ minWidth: 260, boxShadow: 4, alignItems: 'center' }}
        action={
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            {done && exp && (
              <Button
                color="inherit"
                size="small"
                startIcon={<FileDownloadOutlinedIcon />}
                disabled={busy === exp.id}
                onClick={() => void download(exp).then(onClose)}
                aria-label={t('exports.download_label', { name: exp.file_name })}
                data-testid="export-notice-download"
              >
                {t('exports.download')}
              </Button>
            )}
            <IconButton color="inherit" size="small" onClick={onClose} aria-label={t('exports.dismiss')}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Stack>
        }
      >
        <Box sx={{ fontWeight: 600 }}>{done ? t('exports.ready') : t('exports.failed')}</Box>
        {exp && (
          <Box sx={{ overflowWrap: 'anywhere' }} data-user-content>
            {exp.file_name}
          </Box>
        )}
      </Alert>
    </Snackbar>
  );
}

/** "Exports", with the count of exports under way; opens the drawer. Nothing outside the report pages. */
export function ExportsButton() {
  const ui = useExportsUi();
  const { t, i18n } = useTranslation('reports');
  if (!ui) return null;
  const n = formatNumber(ui.running, i18n.language);
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={() => ui.open()}
      aria-haspopup="dialog"
      aria-label={ui.running ? t('exports.button_running', { count: ui.running, n }) : undefined}
      startIcon={
        <Badge color="primary" badgeContent={ui.running ? n : undefined} invisible={!ui.running} data-testid="report-exports-badge">
          <DownloadingOutlinedIcon />
        </Badge>
      }
      data-testid="report-exports-button"
      sx={{ minHeight: 36, flexShrink: 0 }}
    >
      {t('exports.button')}
    </Button>
  );
}
