// Folder dialogs: create or rename (name), move (parent picker), delete (move the contents up, or
// delete them with the folder).
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { createFolder, deleteFolder, updateFolder, type Folder } from '../api/questions-api';
import { questionKeys, useAllFolders } from '../hooks/use-questions';
import { FolderSelect } from './question-parts';

export const FOLDER_NAME_MAX = 150;

/** After a change: the lists and counts load again, and a toast says what happened. */
function useFolderSaved() {
  const qc = useQueryClient();
  const toast = useToast();
  return (message: string) => {
    void qc.invalidateQueries({ queryKey: questionKeys.all });
    toast.show(message);
  };
}

/** A 422's message for one field, else the general error text (shown above the fields). */
function useSplitError() {
  const errorText = useErrorText();
  return (err: unknown, field: string) => {
    const fields = fieldErrorsOf(err);
    const mine = fields[field];
    const isValidation = err instanceof ApiError && err.status === 422;
    return { field: mine, general: !err || (isValidation && mine) ? undefined : errorText(err) };
  };
}

/** Create (folder null; in `parent` when given) or rename (folder given). */
export function FolderNameDialog(props: { open: boolean; folder: Folder | null; parent?: Folder | null; onClose: () => void; onSaved?: (f: Folder) => void }) {
  const { t } = useTranslation(['questions', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const saved = useFolderSaved();
  const split = useSplitError();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { open, folder } = props;
  const parentId = folder ? folder.parent_id : (props.parent?.id ?? null);

  useEffect(() => {
    if (!open) return;
    setName(folder?.name ?? '');
    setProblem(null);
  }, [open, folder]);

  const save = useMutation({
    mutationFn: () => (folder ? updateFolder(folder.id, { name: name.trim(), parent_id: folder.parent_id }) : createFolder({ name: name.trim(), parent_id: parentId })),
    onSuccess: (f) => {
      saved(folder ? t('questions:folders.renamed') : t('questions:folders.created'));
      props.onSaved?.(f);
      props.onClose();
    },
  });
  useEffect(() => {
    if (open) save.reset();
  }, [open]);

  const err = split(save.error, 'name');
  const title = folder ? t('questions:folders.rename_title') : props.parent ? t('questions:folders.create_sub_title', { name: props.parent.name }) : t('questions:folders.create_title');
  return (
    <Dialog open={open} onClose={() => !save.isPending && props.onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="folder-name-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) {
            setProblem(t('questions:folders.name_required'));
            return;
          }
          setProblem(null);
          save.mutate();
        }}
      >
        <DialogTitle id="folder-name-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {err.general && <Alert severity="error">{err.general}</Alert>}
            <TextField
              id="folder-name"
              autoFocus
              label={t('questions:folders.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (problem) setProblem(null);
              }}
              error={!!(problem || err.field)}
              helperText={problem ?? err.field}
              slotProps={{ htmlInput: { maxLength: FOLDER_NAME_MAX } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="save-folder">
            {t('questions:folders.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Move a folder under another one (not itself nor its subfolders: those are not offered) or to the top. */
export function FolderMoveDialog(props: { open: boolean; folder: Folder | null; onClose: () => void; onMoved?: (f: Folder) => void }) {
  const { t } = useTranslation(['questions', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const folders = useAllFolders();
  const saved = useFolderSaved();
  const split = useSplitError();
  const [parent, setParent] = useState('');
  const { open, folder } = props;

  useEffect(() => {
    if (open) setParent(folder?.parent_id != null ? String(folder.parent_id) : '');
  }, [open, folder]);

  const move = useMutation({
    mutationFn: () => updateFolder(folder!.id, { name: folder!.name, parent_id: parent ? Number(parent) : null }),
    onSuccess: (f) => {
      saved(t('questions:folders.moved'));
      props.onMoved?.(f);
      props.onClose();
    },
  });
  useEffect(() => {
    if (open) move.reset();
  }, [open]);

  const err = split(move.error, 'parent_id');
  return (
    <Dialog open={open} onClose={() => !move.isPending && props.onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="folder-move-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (folder) move.mutate();
        }}
      >
        <DialogTitle id="folder-move-title">{t('questions:folders.move_title', { name: folder?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {err.general && <Alert severity="error">{err.general}</Alert>}
            <FolderSelect
              id="folder-parent"
              label={t('questions:folders.parent')}
              folders={folders.data ?? []}
              skip={folder?.id}
              value={parent}
              onChange={setParent}
              emptyLabel={t('questions:folders.top_level')}
              error={!!err.field || folders.isError}
              helperText={err.field ?? (folders.isError ? t('questions:form.folders_error') : undefined)}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} disabled={move.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={move.isPending || !folder} data-testid="save-move">
            {t('questions:folders.move')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Delete a folder: its contents move up to its parent (default), or go with it. */
export function FolderDeleteDialog(props: { open: boolean; folder: Folder | null; onClose: () => void; onDeleted?: (f: Folder) => void }) {
  const { t } = useTranslation(['questions', 'common']);
  const saved = useFolderSaved();
  const errorText = useErrorText();
  const [mode, setMode] = useState<'keep' | 'all'>('keep');
  const { open, folder } = props;

  useEffect(() => {
    if (open) setMode('keep');
  }, [open]);

  const remove = useMutation({
    mutationFn: () => deleteFolder(folder!.id, mode === 'all'),
    onSuccess: () => {
      saved(t('questions:folders.deleted'));
      props.onDeleted?.(folder!);
      props.onClose();
    },
  });
  useEffect(() => {
    if (open) remove.reset();
  }, [open]);

  return (
    <Dialog open={open} onClose={() => !remove.isPending && props.onClose()} fullWidth maxWidth="sm" aria-labelledby="folder-delete-title">
      <DialogTitle id="folder-delete-title">{t('questions:folders.delete_title', { name: folder?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {remove.isError && <Alert severity="error">{errorText(remove.error)}</Alert>}
          <DialogContentText>{t('questions:folders.delete_body')}</DialogContentText>
          <RadioGroup name="folder-delete-mode" value={mode} onChange={(e) => setMode(e.target.value as 'keep' | 'all')} aria-labelledby="folder-delete-title">
            <FormControlLabel
              value="keep"
              control={<Radio />}
              data-testid="delete-keep"
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {t('questions:folders.delete_keep')}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t('questions:folders.delete_keep_hint')}
                  </Typography>
                </span>
              }
              sx={{ alignItems: 'flex-start', mb: 1.5, '& .MuiRadio-root': { mt: -0.75 } }}
            />
            <FormControlLabel
              value="all"
              control={<Radio color="error" />}
              data-testid="delete-all"
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {t('questions:folders.delete_all')}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t('questions:folders.delete_all_hint')}
                  </Typography>
                </span>
              }
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.75 } }}
            />
          </RadioGroup>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={remove.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={() => folder && remove.mutate()} disabled={remove.isPending || !folder} data-testid="confirm-delete-folder">
          {t('questions:folders.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
