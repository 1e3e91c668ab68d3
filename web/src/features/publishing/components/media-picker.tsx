// A publishing form's picture or video chosen from the file manager (a post's cover and video, a
// home slide's image): the picker opens for one field, and the file chosen is copied into the
// site's post media, whose address the field gets. The picker's code is fetched when it first opens.
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { FilePickerDialogProps } from '../../../components/ui/file-picker-dialog';
import { useToast } from '../../../components/ui/toast-provider';
import type { PickerFile } from '../../../lib/file-picker-api';
import { useErrorText } from '../../../lib/use-error-text';
import { attachPostMedia } from '../api/publishing-api';

// Only when a file is being chosen.
const FilePickerDialog = lazy(() => import('../../../components/ui/file-picker-dialog').then((m) => ({ default: m.FilePickerDialog })));

/** The picker's state, for MediaPickerDialog. */
export interface MediaPicker<F extends string> {
  /** What the picker chooses for: null until it first opens; kept while it closes (its list and title do not change then). */
  field: F | null;
  open: boolean;
  onClose: () => void;
  onPick: (file: PickerFile) => void;
}

/** `onPicked` gets the chosen file's address, once copied (a link kept in the file manager is used as it is). */
export function useMediaPicker<F extends string>(onPicked: (field: F, url: string) => void) {
  const toast = useToast();
  const errorText = useErrorText();
  const [field, setField] = useState<F | null>(null);
  const [open, setOpen] = useState(false);
  const attach = useMutation({
    // A link kept in the file manager is used as it is; a stored file is copied into the site's post media.
    mutationFn: async ({ file }: { file: PickerFile; field: F }) => (file.is_url ? file.file_main_path : (await attachPostMedia(file.id)).url),
    onSuccess: (url, { field }) => onPicked(field, url),
    onError: (err) => toast.show(errorText(err), { severity: 'error' }),
  });
  const picker: MediaPicker<F> = {
    field,
    open,
    onClose: () => setOpen(false),
    onPick: (file) => {
      if (field !== null) attach.mutate({ file, field });
      setOpen(false);
    },
  };
  return {
    picker,
    /** The field whose file is being copied. */
    attaching: attach.isPending ? (attach.variables?.field ?? null) : null,
    /** Opens the picker for `field`. */
    openPicker: (f: F) => {
      setField(f);
      setOpen(true);
    },
  };
}

/** The file manager's picker, once opened. */
export function MediaPickerDialog<F extends string>({ picker, ...props }: { picker: MediaPicker<F> } & Pick<FilePickerDialogProps, 'type' | 'allowLinks' | 'title'>) {
  if (picker.field === null) return null;
  return (
    <Suspense fallback={null}>
      <FilePickerDialog open={picker.open} onClose={picker.onClose} onPick={picker.onPick} {...props} />
    </Suspense>
  );
}
