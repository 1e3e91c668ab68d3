// Renaming a file or a folder, and deleting one after the question "Are you sure to delete it?"
// (a folder goes with everything in it); "Data has been deleted successfully" once done.
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import type { FmFile, FmFolder } from '../api/files-api';
import { deleteMutation, renameMutation, type DeleteTarget } from '../hooks/use-files';
import { FOLDER_NAME_MAX, useFolderErrorText } from './new-folder-input';

export type RenameTarget = { kind: 'file'; item: FmFile } | { kind: 'folder'; item: FmFolder };

const nameOf = (target: RenameTarget | DeleteTarget) => (target.kind === 'file' ? target.item.title : target.item.name);

export function RenameDialog({ target, onClose }: { target: RenameTarget | null; onClose: () => void }) {
  const { t } = useTranslation(['files', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const qc = useQueryClient();
  const toast = useToast();
  const errorOf = useFolderErrorText();
  const rename = useMutation(renameMutation(qc));
  const [name, setName] = useState('');
  const [problem, setProblem] = useState(false);

  useEffect(() => {
    if (!target) return;
    setName(nameOf(target));
    setProblem(false);
    rename.reset();
  }, [target]);

  const submit = () => {
    if (!target) return;
    if (!name.trim()) {
      setProblem(true);
      return;
    }
    rename.mutate(
      { id: target.item.id, kind: target.kind, name },
      {
        onSuccess: () => {
          toast.show(t('files:rename.done'));
          onClose();
        },
      },
    );
  };

  const error = problem ? t('files:rename.required') : errorOf(rename.error);
  return (
    <Dialog open={!!target} onClose={() => !rename.isPending && onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="rename-title" data-testid="rename-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="rename-title">{target?.kind === 'folder' ? t('files:rename.title_folder') : t('files:rename.title_file')}</DialogTitle>
        <DialogContent>
          <TextField
            id="rename-name"
            label={t('files:rename.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(false);
              if (rename.error) rename.reset();
            }}
            autoFocus
            required
            fullWidth
            error={!!error}
            helperText={error ?? undefined}
            disabled={rename.isPending}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: FOLDER_NAME_MAX, 'data-testid': 'rename-input' }, formHelperText: { role: error ? 'alert' : undefined } as object }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={rename.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={rename.isPending} startIcon={rename.isPending ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="rename-save">
            {t('files:rename.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Asks first; `onDeleted` after the deletion (the page leaves a folder that went). */
export function DeleteDialog({ target, onClose, onDeleted }: { target: DeleteTarget | null; onClose: () => void; onDeleted?: (target: DeleteTarget) => void }) {
  const { t } = useTranslation(['files', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const remove = useMutation(deleteMutation(qc));
  // Kept while the dialog closes, so that its text does not change on the way out.
  const [shown, setShown] = useState<DeleteTarget | null>(target);
  if (target && target !== shown) setShown(target);

  const confirm = () => {
    if (!target) return;
    remove.mutate(target, {
      onSuccess: () => {
        toast.show(t('files:delete.done'));
        onDeleted?.(target);
      },
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      onSettled: onClose,
    });
  };

  const body = shown ? (shown.kind === 'folder' ? t('files:delete.folder_body', { name: nameOf(shown) }) : t('files:delete.file_body', { name: nameOf(shown) })) : '';
  return (
    <ConfirmDialog
      open={!!target}
      title={t('files:delete.confirm')}
      body={body}
      confirmLabel={t('files:delete.action')}
      danger
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={() => !remove.isPending && onClose()}
    />
  );
}
