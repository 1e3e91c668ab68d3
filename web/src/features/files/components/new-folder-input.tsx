// The new folder, named in place (SPEC 4): Enter creates it with the name typed; leaving the input
// empty creates the translated "New folder" (the server adds " 2", " 3", ... when that name is
// taken); Escape gives up. The input takes the focus a moment after it appears; the list reloads.
import { Card, CircularProgress, InputAdornment, TextField } from '@mui/material';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { useErrorText } from '../../../lib/use-error-text';
import { newFolderBody } from '../hooks/file-manager';
import { createFolderMutation } from '../hooks/use-files';

/** How long after appearing the input takes the focus (the old app waited a second). */
export const FOCUS_DELAY_MS = 300;
export const FOLDER_NAME_MAX = 200;

export interface NewFolderFieldProps {
  value: string;
  /** The refusal of the name, worded. */
  error: string | null;
  busy: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  /** Enter, or the focus leaving the input. */
  onCommit: (how: 'enter' | 'blur') => void;
  onCancel: () => void;
}

/** The input itself: what the page shows (and the tests read). */
export function NewFolderField({ value, error, busy, inputRef, onChange, onCommit, onCancel }: NewFolderFieldProps) {
  const { t } = useTranslation('files');
  return (
    <Card variant="outlined" sx={{ p: 1, height: '100%', borderColor: error ? 'error.main' : 'primary.main' }} data-testid="new-folder">
      <TextField
        id="new-folder-name"
        inputRef={inputRef}
        size="small"
        fullWidth
        value={value}
        placeholder={t('files:folder.new_default')}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onCommit('enter');
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
        onBlur={() => onCommit('blur')}
        error={!!error}
        helperText={error ?? t('files:folder.name_hint')}
        slotProps={{
          // Read-only while sending rather than disabled: the focus stays, for correcting a refused name.
          htmlInput: { maxLength: FOLDER_NAME_MAX, readOnly: busy, 'aria-busy': busy || undefined, 'aria-label': t('files:folder.name'), 'data-testid': 'new-folder-input' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                {busy ? <CircularProgress size={18} aria-label={t('files:folder.creating')} /> : <CreateNewFolderOutlinedIcon color="primary" fontSize="small" />}
              </InputAdornment>
            ),
          },
          formHelperText: { role: error ? 'alert' : undefined } as object,
        }}
      />
    </Card>
  );
}

/** The text of a refusal to make a folder: the name's own (422), else the answer's (409 folder_name_taken). */
export function useFolderErrorText() {
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  return (err: unknown) => (err ? (fieldText(err, 'name') ?? errorText(err)) : null);
}

/** Makes a folder in `parentId` (null: the top level); `onDone` once made or given up. */
export function NewFolderInput({ parentId, onDone }: { parentId: number | null; onDone: () => void }) {
  const { t } = useTranslation('files');
  const qc = useQueryClient();
  const toast = useToast();
  const errorOf = useFolderErrorText();
  const create = useMutation(createFolderMutation(qc));
  const [name, setName] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  // Set at once (not on the next render): Enter then a blur must not send twice.
  const busy = useRef(false);
  // The text last refused: leaving the input again does not send it again.
  const refused = useRef<string | null>(null);
  const done = useRef(false);

  useEffect(() => {
    const id = setTimeout(() => ref.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(id);
  }, []);

  const commit = (how: 'enter' | 'blur') => {
    // Leaving the input after a refusal does not send the same name again; Enter does (a retry).
    if (busy.current || done.current || (how === 'blur' && refused.current === name)) return;
    busy.current = true;
    create.mutate(newFolderBody(name, t('files:folder.new_default'), parentId), {
      onSuccess: (folder) => {
        done.current = true;
        toast.show(t('files:folder.created', { name: folder.name }));
        onDone();
      },
      onError: () => {
        refused.current = name;
      },
      onSettled: () => {
        busy.current = false;
      },
    });
  };

  return (
    <NewFolderField
      value={name}
      error={errorOf(create.error)}
      busy={create.isPending}
      inputRef={ref}
      onChange={(v) => {
        setName(v);
        refused.current = null;
        if (create.error) create.reset();
      }}
      onCommit={commit}
      onCancel={() => {
        done.current = true;
        onDone();
      }}
    />
  );
}
