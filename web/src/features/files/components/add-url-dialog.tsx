// Add a link (a YouTube video, a web page) as a file of the folder in view (SPEC 5): empty says
// "Please enter the URL", not an http(s) link to a named host "Please enter valid URL", as the
// server's refusals of the link do; on success "Successfully updated!" and the list reloads.
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkUrlField } from '../../../components/ui/link-url-field';
import { useToast } from '../../../components/ui/toast-provider';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { urlProblem, urlServerProblem, type UrlProblem } from '../hooks/file-manager';
import { createUrlMutation } from '../hooks/use-files';
import type { FileType } from '../api/files-api';

export interface AddUrlFormProps {
  url: string;
  title: string;
  /** The link's problem, the client's or the server's. */
  urlError: UrlProblem | null;
  titleError?: string | null;
  /** A refusal of neither field. */
  formError?: string | null;
  busy: boolean;
  onUrl: (v: string) => void;
  onTitle: (v: string) => void;
}

/** The dialog's fields: what the page shows (and the tests read). */
export function AddUrlForm({ url, title, urlError, titleError, formError, busy, onUrl, onTitle }: AddUrlFormProps) {
  const { t } = useTranslation('files');
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <LinkUrlField id="add-url-url" url={url} urlError={urlError} busy={busy} onUrl={onUrl} testIds={{ input: 'add-url-input', help: 'add-url-help' }} />
      <TextField
        id="add-url-title"
        label={t('files:url.title_label')}
        value={title}
        onChange={(e) => onTitle(e.target.value)}
        error={!!titleError}
        helperText={titleError ?? undefined}
        disabled={busy}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </Stack>
  );
}

/** `folderId`: where the link goes (null: the top level); `type`: the tab's, when not All. */
export function AddUrlDialog({ open, folderId, type, onClose }: { open: boolean; folderId: number | null; type: FileType | null; onClose: () => void }) {
  const { t } = useTranslation(['files', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const qc = useQueryClient();
  const toast = useToast();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const save = useMutation(createUrlMutation(qc));
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<UrlProblem | null>(null);

  useEffect(() => {
    if (!open) return;
    setUrl('');
    setTitle('');
    setProblem(null);
    save.reset();
  }, [open]);

  const submit = () => {
    const found = urlProblem(url);
    setProblem(found);
    if (found) return;
    save.mutate(
      { url: url.trim(), ...(title.trim() && { title: title.trim() }), ...(type && { type }), ...(folderId && { folder_id: folderId }) },
      {
        onSuccess: () => {
          toast.show(t('files:url.saved'));
          onClose();
        },
      },
    );
  };

  const serverUrl = urlServerProblem(save.error);
  const fields = fieldErrorsOf(save.error);
  const formError = save.error && !serverUrl && !fields.title ? errorText(save.error) : null;
  return (
    <Dialog open={open} onClose={() => !save.isPending && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="add-url-title-heading" data-testid="add-url-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="add-url-title-heading">{t('files:url.title')}</DialogTitle>
        <DialogContent>
          <AddUrlForm
            url={url}
            title={title}
            urlError={problem ?? serverUrl}
            titleError={fieldText(save.error, 'title')}
            formError={formError}
            busy={save.isPending}
            onUrl={(v) => {
              setUrl(v);
              setProblem(null);
              if (save.error) save.reset();
            }}
            onTitle={setTitle}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <AddLinkIcon />}
            data-testid="add-url-save"
          >
            {t('files:url.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
