// Import a Moodle XML or CSV file into the bank: choose (or drop) the file, the folder, import with
// upload progress. All or nothing: a refusal lists the file's problems and, per row, each field's
// problem, and says that nothing was imported. The help names both formats and offers a CSV template.
import {
  Alert,
  AlertTitle,
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
  useTheme,
} from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatNumber } from '../../../lib/lang';
import type { UploadHandle } from '../../../lib/upload';
import { useErrorText } from '../../../lib/use-error-text';
import { QUESTION_TYPES } from '../api/questions-api';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, IMPORT_MAX_QUESTIONS, importQuestions, type ImportResult } from '../api/question-files-api';
import { CSV_TEMPLATE_NAME, csvTemplateBlob } from '../hooks/csv-template';
import { fileKind, importReport, type ImportReport } from '../hooks/import-report';
import { questionKeys, useAllFolders } from '../hooks/use-questions';
import { ImportReportTable } from './import-report-table';
import { FolderSelect } from './question-parts';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** What went wrong with the last import: a refusal read into a report, else the error itself. */
type Failure = { kind: 'refused'; report: ImportReport } | { kind: 'too_large' } | { kind: 'error'; err: unknown };

function failureOf(err: unknown): Failure {
  if (err instanceof ApiError && err.status === 413) return { kind: 'too_large' };
  if (err instanceof ApiError && err.status === 422) {
    const report = importReport(err.fieldErrors);
    if (report.file.length || report.folder.length || report.rows.length || report.other.length) return { kind: 'refused', report };
  }
  return { kind: 'error', err };
}

/** `folderId`: the folder the dialog starts with (a folder's page), else none. */
export function ImportDialog({ open, folderId, onClose }: { open: boolean; folderId?: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['questions', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const folders = useAllFolders();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [folder, setFolder] = useState('');
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useRef<UploadHandle<ImportResult> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setFileProblem(null);
    setFolder(folderId ? String(folderId) : '');
    setBusy(false);
    setPercent(0);
    setFailure(null);
    setDragging(false);
  }, [open, folderId]);

  // A refusal takes the focus, so that keyboard and screen reader users meet it first.
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  // Once the file is sent the server decides (all or nothing) in a moment: the dialog waits for it.
  const checking = busy && percent >= 100;
  const close = () => {
    if (checking) return;
    if (upload.current) {
      upload.current.abort();
      upload.current = null;
      // Cut off late, the import may still have gone through: the lists load again either way.
      void qc.invalidateQueries({ queryKey: questionKeys.all });
    }
    onClose();
  };

  const pick = (f: File | null | undefined) => {
    if (!f) return;
    setFailure(null);
    if (!fileKind(f.name)) {
      setFile(null);
      setFileProblem(t('questions:import.file_type'));
      return;
    }
    setFile(f);
    setFileProblem(f.size > IMPORT_MAX_BYTES ? t('questions:import.too_big', { mb: formatNumber(MAX_MB, lang) }) : null);
  };

  const submit = async () => {
    if (busy) return;
    if (!file) {
      setFileProblem(t('questions:import.file_required'));
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setFileProblem(t('questions:import.too_big', { mb: formatNumber(MAX_MB, lang) }));
      return;
    }
    setFailure(null);
    setBusy(true);
    setPercent(0);
    try {
      upload.current = importQuestions(file, folder ? Number(folder) : null, setPercent);
      const result = await upload.current.promise;
      upload.current = null;
      void qc.invalidateQueries({ queryKey: questionKeys.all });
      toast.show(t('questions:import.done', { count: result.imported }));
      setBusy(false);
      onClose();
    } catch (err) {
      upload.current = null;
      setBusy(false);
      if ((err as Error)?.name === 'AbortError') return;
      setFailure(failureOf(err));
    }
  };

  const kind = (file && fileKind(file.name)) || 'csv';
  const report = failure?.kind === 'refused' ? failure.report : null;
  const folderProblem = report?.folder[0];
  const sizeText = (bytes: number) => t('questions:import.file_size', { n: formatNumber(Math.max(1, Math.round(bytes / 1024)), lang) });
  const code = (s: string) => (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>
      {s}
    </Box>
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="import-dialog-title" data-testid="import-dialog">
      {/* A flex column, so that the content scrolls between the title and the buttons, which stay in view. */}
      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle id="import-dialog-title">{t('questions:import.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('questions:import.intro', { mb: formatNumber(MAX_MB, lang), max: formatNumber(IMPORT_MAX_QUESTIONS, lang) })}
            </Typography>

            {failure && (
              <Alert severity="error" ref={failureRef} tabIndex={-1} data-testid="import-failed" data-kind={failure.kind} sx={{ '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 2, outlineColor: 'error.main' } }}>
                {failure.kind === 'error' ? (
                  errorText(failure.err)
                ) : (
                  <>
                    <AlertTitle data-testid="import-nothing">{t('questions:import.nothing_imported')}</AlertTitle>
                    {failure.kind === 'too_large' ? (
                      t('questions:import.too_big', { mb: formatNumber(MAX_MB, lang) })
                    ) : (
                      <>
                        {t('questions:import.refused')}
                        {[...failure.report.file, ...failure.report.folder, ...failure.report.other].length > 0 && (
                          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="import-file-errors">
                            {[...failure.report.file, ...failure.report.folder, ...failure.report.other].map((m, i) => (
                              <li key={i}>{m}</li>
                            ))}
                          </Box>
                        )}
                      </>
                    )}
                  </>
                )}
              </Alert>
            )}
            {report && report.rows.length > 0 && <ImportReportTable rows={report.rows} kind={kind} />}

            <Box
              onDragOver={(e) => {
                if (busy) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'copy';
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(false);
                if (!busy) pick(e.dataTransfer.files?.[0]);
              }}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: fileProblem ? 'error.main' : dragging ? 'primary.main' : 'divider',
                bgcolor: dragging ? 'action.hover' : 'transparent',
                borderRadius: 1,
                p: 2,
              }}
              data-testid="import-drop-zone"
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                <Button autoFocus variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={() => inputRef.current?.click()} disabled={busy} aria-describedby="import-file-status" data-testid="import-choose-file" sx={{ flexShrink: 0 }}>
                  {file ? t('questions:import.change_file') : t('questions:import.choose')}
                </Button>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" id="import-file-status" sx={{ wordBreak: 'break-all', fontWeight: file ? 600 : 400 }} data-testid="import-file-name">
                    {file ? `${file.name} · ${sizeText(file.size)}` : t('questions:import.no_file')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('questions:import.drop_hint')}
                  </Typography>
                </Box>
              </Stack>
              <input
                ref={inputRef}
                type="file"
                hidden
                accept={IMPORT_ACCEPT}
                data-testid="import-file-input"
                onChange={(e) => {
                  pick(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              {fileProblem && (
                <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 1 }} data-testid="import-file-problem">
                  {fileProblem}
                </Typography>
              )}
            </Box>

            <FolderSelect
              id="import-folder"
              label={t('questions:import.folder')}
              folders={folders.data ?? []}
              value={folder}
              onChange={setFolder}
              emptyLabel={t('questions:form.no_folder')}
              disabled={busy}
              error={!!folderProblem || folders.isError}
              helperText={folderProblem ?? (folders.isError ? t('questions:form.folders_error') : undefined)}
              fullWidth
            />

            {busy && (
              <Box aria-live="polite" data-testid="import-progress">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {checking ? t('questions:import.checking') : t('questions:import.uploading', { n: formatNumber(percent, lang) })}
                </Typography>
                <LinearProgress variant={checking ? 'indeterminate' : 'determinate'} value={percent} aria-label={t('questions:import.progress')} />
              </Box>
            )}

            <Box component="section" aria-labelledby="import-help-title" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
              <Typography variant="subtitle2" component="h3" id="import-help-title" sx={{ mb: 1 }}>
                {t('questions:import.help_title')}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('questions:import.help_moodle')}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('questions:import.help_csv')}
              </Typography>
              <Box component="details" sx={{ mb: 1, '& summary': { cursor: 'pointer', fontWeight: 600, typography: 'body2', py: 0.5 } }} data-testid="import-csv-help">
                <summary>{t('questions:import.csv_columns')}</summary>
                <Box component="ul" sx={{ typography: 'body2', pl: 2.5, my: 1, '& li': { mb: 0.75 } }}>
                  <li>
                    {code('type')}: {t('questions:import.col_type')}{' '}
                    {QUESTION_TYPES.map((qt, i) => (
                      <span key={qt}>
                        {code(qt)} ({t(`questions:types.${qt}`)}){i < QUESTION_TYPES.length - 1 ? ', ' : ''}
                      </span>
                    ))}
                  </li>
                  <li>
                    {code('text')}, {code('text_bn')}: {t('questions:import.col_text')}
                  </li>
                  <li>
                    {code('marks')}, {code('negative_marks')}: {t('questions:import.col_marks')}
                  </li>
                  <li>
                    {code('options')}, {code('options_bn')}: {t('questions:import.col_options')}
                  </li>
                  <li>
                    {code('answer')}: {t('questions:import.col_answer')}
                    <Box component="ul" sx={{ pl: 2.5, mt: 0.5 }}>
                      {(['answer_choice', 'answer_true_false', 'answer_date', 'answer_time', 'answer_short', 'answer_fill', 'answer_none'] as const).map((k) => (
                        <li key={k}>{t(`questions:import.${k}`)}</li>
                      ))}
                    </Box>
                  </li>
                  <li>
                    {code('explanation')}, {code('explanation_bn')}: {t('questions:import.col_explanation')}
                  </li>
                </Box>
              </Box>
              <Link component="button" type="button" variant="body2" onClick={() => saveBlob(csvTemplateBlob(), CSV_TEMPLATE_NAME)} data-testid="import-template">
                {t('questions:import.template')}
              </Link>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={checking} data-testid="import-cancel">
            {busy ? t('questions:import.cancel_upload') : t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadFileOutlinedIcon />}
            data-testid="import-submit"
          >
            {t('questions:import.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
