// Import a restricted batch's candidates from a CSV sheet (header name,email,phone), with upload
// progress and a sample to download. All or nothing: a refused sheet lists its problems per line
// and says that nobody was added.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download';
import { formatNumber } from '../../../lib/lang';
import type { UploadHandle } from '../../../lib/upload';
import { useErrorText } from '../../../lib/use-error-text';
import { importCandidates, type CandidateImport } from '../api/certificate-exams-api';
import { candidateSample, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importReport, SAMPLE_NAME } from '../hooks/candidate-import';
import { CandidateImportReport } from './candidate-import-report';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

export function CandidateImportDialog({ open, batchId, onClose, onImported }: { open: boolean; batchId: number; onClose: () => void; onImported: (added: number) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="candidate-import-title" data-testid="candidate-import-dialog">
      {/* The dialog mounts its content when it opens: a fresh form each time. */}
      <ImportForm batchId={batchId} busy={busy} onBusy={setBusy} onClose={onClose} onImported={onImported} />
    </Dialog>
  );
}

function ImportForm({ batchId, busy, onBusy, onClose, onImported }: { batchId: number; busy: boolean; onBusy: (busy: boolean) => void; onClose: () => void; onImported: (added: number) => void }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const lang = i18n.language;
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const upload = useRef<UploadHandle<CandidateImport> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const report = importReport(error);

  const pick = (f: File | undefined) => {
    if (!f) return;
    setError(null);
    setFile(f);
    setProblem(!/\.(csv|xlsx)$/i.test(f.name) ? t('courses:certificate_exams.import.not_csv') : f.size > IMPORT_MAX_BYTES ? t('courses:certificate_exams.import.too_big', { mb: formatNumber(MAX_MB, lang) }) : null);
  };

  const submit = async () => {
    if (!file) {
      setProblem(t('courses:certificate_exams.import.file_required'));
      return;
    }
    if (problem) return;
    setError(null);
    setPercent(0);
    onBusy(true);
    try {
      upload.current = importCandidates(batchId, file, setPercent);
      const done = await upload.current.promise;
      onImported(done.added);
    } catch (err) {
      if ((err as Error)?.name !== 'AbortError') setError(err);
    } finally {
      upload.current = null;
      onBusy(false);
    }
  };

  const cancel = () => {
    upload.current?.abort();
    onClose();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <DialogTitle id="candidate-import-title">{t('courses:certificate_exams.import.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {report ? <CandidateImportReport report={report} /> : error != null && <Alert severity="error">{errorText(error)}</Alert>}
          <Box component="section" aria-labelledby="candidate-import-help" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
            <Typography variant="subtitle2" component="h3" id="candidate-import-help" sx={{ mb: 0.5 }}>
              {t('courses:certificate_exams.import.help_title')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('courses:certificate_exams.import.help_header')}{' '}
              <Box component="code" sx={{ fontFamily: 'monospace', bgcolor: 'background.paper', px: 0.5, borderRadius: 0.5 }}>
                name,email,phone
              </Box>
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('courses:certificate_exams.import.help_rules', { rows: formatNumber(IMPORT_MAX_ROWS, lang), mb: formatNumber(MAX_MB, lang) })}
            </Typography>
            <Link component="button" type="button" variant="body2" onClick={() => saveBlob(candidateSample(), SAMPLE_NAME)} data-testid="candidate-sample">
              {t('courses:certificate_exams.import.sample')}
            </Link>
          </Box>
          <Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={() => input.current?.click()} disabled={busy} aria-describedby="candidate-file-status" sx={{ flexShrink: 0 }} data-testid="candidate-choose-file">
                {file ? t('courses:certificate_exams.import.change_file') : t('courses:certificate_exams.import.choose')}
              </Button>
              <Typography variant="body2" id="candidate-file-status" sx={{ wordBreak: 'break-all' }}>
                {file ? file.name : t('courses:certificate_exams.import.no_file')}
              </Typography>
            </Stack>
            <input
              ref={input}
              type="file"
              hidden
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="candidate-file-input"
              onChange={(e) => {
                pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            {problem && (
              <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 1 }}>
                {problem}
              </Typography>
            )}
          </Box>
          {busy && (
            <Box aria-live="polite">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {percent < 100 ? t('courses:certificate_exams.import.uploading', { n: formatNumber(percent, lang) }) : t('courses:certificate_exams.import.checking')}
              </Typography>
              <LinearProgress variant={percent < 100 ? 'determinate' : 'indeterminate'} value={percent} aria-label={t('courses:certificate_exams.import.title')} />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={cancel} disabled={busy && percent >= 100}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadFileOutlinedIcon />} data-testid="candidate-import-submit">
          {t('courses:certificate_exams.import.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}
