// Upload one file into the folder in view (SPEC 5): choose it (the picker offers the tab's kinds),
// see it (a picture of png, jpg, jpeg or gif files), change or drop it, then upload it with a
// progress bar that can be cancelled. A refusal (not a file we keep, not of the tab's type, the
// storage full, too large) is said in the interface language. Files over 16 MiB go up in parts
// that survive a lost connection or a reload (hooks/resumable-upload.ts).
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { formatNumber } from '../../../lib/lang';
import type { UploadHandle } from '../../../lib/upload';
import { useErrorText } from '../../../lib/use-error-text';
import { RESUMABLE_FROM_BYTES, UPLOAD_MAX_BYTES, uploadFile, type FmFile } from '../api/files-api';
import { ACCEPT, previewsBeforeUpload, tabType, uploadErrorCode, type FileTab } from '../hooks/file-manager';
import { resumableUpload, storedUploadId } from '../hooks/resumable-upload';
import { fileUploaded } from '../hooks/use-files';
import { useSizeText } from '../hooks/use-size-text';

/** The words for an upload's refusal: ours for the codes we know, else the server's. */
export function useUploadErrorText() {
  const { t } = useTranslation('files');
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  return (err: unknown): string | null => {
    if (!err) return null;
    const code = uploadErrorCode(err);
    if (code) return t(`files:upload.errors.${code}`);
    return fieldText(err, 'file') ?? errorText(err);
  };
}

export interface UploadFormProps {
  tab: FileTab;
  /** Where the file goes: the folder's name, or My Files. */
  place: string;
  file: { name: string; size: number } | null;
  /** An object URL of the chosen picture, when it is one we preview. */
  preview: string | null;
  busy: boolean;
  percent: number;
  /** The client's own objection (too large), worded. */
  problem: string | null;
  /** The server's refusal. */
  error: unknown;
  /** A part is being tried again after the connection dropped. */
  retrying?: boolean;
  /** An interrupted upload of the chosen file is carried on. */
  resumed?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  onPick: (file: File | null) => void;
  onChoose: () => void;
  onClear: () => void;
}

/** The dialog's content: what the page shows (and the tests read). */
export function UploadForm({ tab, place, file, preview, busy, percent, problem, error, retrying = false, resumed = false, inputRef, onPick, onChoose, onClear }: UploadFormProps) {
  const { t, i18n } = useTranslation(['files', 'common']);
  const size = useSizeText();
  const errorText = useUploadErrorText();
  const refusal = problem ?? errorText(error);
  const sent = busy && percent >= 100;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary" data-testid="upload-place">
        {t('files:upload.into', { place })}
      </Typography>
      {refusal && (
        <Alert severity="error" data-testid="upload-error" role="alert">
          {refusal}
        </Alert>
      )}
      {resumed && file && !refusal && (
        <Alert severity="info" data-testid="upload-resumed">
          {t('files:upload.resuming')}
        </Alert>
      )}
      <Box sx={{ border: 2, borderStyle: 'dashed', borderColor: refusal ? 'error.main' : 'divider', borderRadius: 2, p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            sx={{ width: { xs: '100%', sm: 160 }, aspectRatio: '4 / 3', borderRadius: 1, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', flexShrink: 0, color: 'text.secondary' }}
            data-testid="upload-preview"
          >
            {preview && file ? (
              <Box component="img" src={preview} alt={t('files:upload.preview', { name: file.name })} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
            ) : file ? (
              <InsertDriveFileOutlinedIcon sx={{ fontSize: 48 }} />
            ) : (
              <CloudUploadOutlinedIcon sx={{ fontSize: 48 }} />
            )}
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: file ? 600 : 400, wordBreak: 'break-all' }} id="upload-file-status" data-testid="upload-file-name">
              {file ? `${file.name} · ${size(file.size)}` : t('files:upload.none')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              {t(`files:upload.accept_hint.${tab}`)}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" size="small" onClick={onChoose} disabled={busy} aria-describedby="upload-file-status" data-testid="upload-choose">
                {file ? t('files:upload.change') : t('files:upload.choose')}
              </Button>
              {file && (
                <Button size="small" color="inherit" onClick={onClear} disabled={busy} data-testid="upload-clear">
                  {t('files:upload.remove')}
                </Button>
              )}
            </Stack>
          </Box>
        </Stack>
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={ACCEPT[tab]}
          aria-label={t('files:upload.choose')}
          data-testid="upload-input"
          onChange={(e) => {
            onPick(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
      </Box>
      {busy && (
        <Box aria-live="polite" data-testid="upload-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {sent ? t('files:upload.saving') : t('files:upload.uploading', { n: formatNumber(percent, i18n.language) })}
          </Typography>
          <LinearProgress variant={sent ? 'indeterminate' : 'determinate'} value={percent} aria-label={t('files:upload.progress')} />
          {retrying && (
            <Typography variant="caption" color="warning.main" component="p" sx={{ mt: 0.5 }} data-testid="upload-retrying">
              {t('files:upload.retrying')}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}

/** `folderId`: where the file goes (null: the top level); `place` its name as shown. */
export function UploadDialog({ open, tab, folderId, place, onClose }: { open: boolean; tab: FileTab; folderId: number | null; place: string; onClose: () => void }) {
  const { t } = useTranslation(['files', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const qc = useQueryClient();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [retrying, setRetrying] = useState(false);
  const [resumed, setResumed] = useState(false);
  const upload = useRef<UploadHandle<FmFile> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The preview's object URL lives as long as its file is chosen.
  useEffect(() => {
    if (!file || !previewsBeforeUpload(file.name)) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setBusy(false);
    setPercent(0);
    setProblem(null);
    setError(null);
    setRetrying(false);
    setResumed(false);
  }, [open]);

  const pick = (f: File | null) => {
    if (!f) return;
    setError(null);
    setFile(f);
    setResumed(f.size > RESUMABLE_FROM_BYTES && !!storedUploadId(f, folderId));
    setProblem(f.size > UPLOAD_MAX_BYTES ? t('files:upload.errors.file_too_large') : null);
  };

  const cancelUpload = () => {
    if (!upload.current) return;
    upload.current.abort();
    upload.current = null;
    // A part upload is given up on the server and forgotten.
    setResumed(false);
    setRetrying(false);
    // Cut off late, the file may have arrived all the same.
    fileUploaded(qc);
  };

  const close = () => {
    cancelUpload();
    onClose();
  };

  const submit = async () => {
    if (busy || !file || file.size > UPLOAD_MAX_BYTES) return;
    setError(null);
    setBusy(true);
    setPercent(0);
    try {
      upload.current =
        file.size > RESUMABLE_FROM_BYTES
          ? resumableUpload(file, { folderId, type: tabType(tab), onProgress: setPercent, onRetry: (attempt) => setRetrying(attempt !== null), onResume: setResumed })
          : uploadFile(file, { folderId, type: tabType(tab) }, setPercent);
      const saved = await upload.current.promise;
      upload.current = null;
      fileUploaded(qc);
      toast.show(t('files:upload.done', { name: saved.title }));
      setBusy(false);
      onClose();
    } catch (err) {
      upload.current = null;
      setBusy(false);
      setRetrying(false);
      if ((err as Error)?.name === 'AbortError') return;
      // Cut off for good: kept to carry on with the next try; refused: forgotten.
      setResumed(file.size > RESUMABLE_FROM_BYTES && !!storedUploadId(file, folderId));
      setError(err);
    }
  };

  return (
    <Dialog open={open} onClose={() => !busy && close()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="upload-title" data-testid="upload-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="upload-title">{t('files:upload.title')}</DialogTitle>
        <DialogContent>
          <UploadForm
            tab={tab}
            place={place}
            file={file}
            preview={preview}
            busy={busy}
            percent={percent}
            problem={problem}
            error={error}
            retrying={retrying}
            resumed={resumed}
            inputRef={inputRef}
            onPick={pick}
            onChoose={() => inputRef.current?.click()}
            onClear={() => {
              setFile(null);
              setResumed(false);
              setProblem(null);
              setError(null);
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {/* During the upload: stop it and stay, the file still chosen; otherwise close. */}
          <Button onClick={busy ? cancelUpload : close} data-testid="upload-cancel">
            {busy ? t('files:upload.cancel_upload') : t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !file || !!problem}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CloudUploadOutlinedIcon />}
            data-testid="upload-submit"
          >
            {t('files:upload.start')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
