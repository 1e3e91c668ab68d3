// Pictures go into the profile and cover folders through the cropper only (SPEC 5): there the
// file manager offers "Crop a picture" instead of an upload. The button opens the file chooser
// (JPEG, PNG or GIF; another file is refused with a note under the folder's own), then the cropper
// dialog, whose code (react-easy-crop with it) is fetched only then: the file manager's own chunk
// stays as it was.
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import CropIcon from '@mui/icons-material/Crop';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import type { FmFolder, FolderKind } from '../api/files-api';
import { CROP_ACCEPT, cropFileProblem, cropSize, type CropFileProblem } from '../hooks/file-manager';
import type { CropDialogProps } from './crop-dialog';

type CropDialogModule = typeof import('./crop-dialog');
let loading: Promise<CropDialogModule> | undefined;

/** The cropper's code, fetched once (again after a failure): from the moment the button is pressed. */
export function loadCropDialog(): Promise<CropDialogModule> {
  loading ??= import('./crop-dialog').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** Why no cropper opened: the file chosen is not a picture it takes, or its code did not load. */
export type CropPictureProblem = CropFileProblem | 'load_failed';

/** The cropper folder's note (no uploads here; what the cropper makes), and a refusal of the file chosen. */
export function CropperNote({ kind, problem }: { kind: FolderKind; problem: CropPictureProblem | null }) {
  const { t, i18n } = useTranslation('files');
  const size = cropSize(kind);
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Alert severity="info" data-testid="files-cropper-note">
        {t('files:folder.cropper_note')} {t('files:crop.hint', { width: formatNumber(size.width, i18n.language), height: formatNumber(size.height, i18n.language) })}
      </Alert>
      {problem && (
        <Alert severity="error" role="alert" data-testid="crop-refusal">
          {t(`files:crop.errors.${problem}`)}
        </Alert>
      )}
    </Stack>
  );
}

/** "Crop a picture" and its file chooser (hidden). */
export function CropPictureButton({ busy, onPick }: { busy: boolean; onPick: (file: File) => void }) {
  const { t } = useTranslation('files');
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="contained"
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CropIcon />}
        disabled={busy}
        onClick={() => {
          // The cropper's code comes while the person chooses.
          void loadCropDialog().catch(() => undefined);
          inputRef.current?.click();
        }}
        data-testid="crop-picture"
      >
        {t('files:crop.button')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={CROP_ACCEPT}
        aria-label={t('files:crop.choose')}
        data-testid="crop-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
    </>
  );
}

interface Chosen {
  file: File;
  folderId: number;
  kind: FolderKind;
  /** A new dialog (its crop and zoom afresh) for each picture chosen. */
  key: number;
}

/**
 * The cropper of the folder in view (null: not a cropper folder): `pick` checks the file chosen and
 * opens the dialog (`dialog`, to be rendered), `problem` says why it did not, `loading` while the
 * dialog's code comes.
 */
export function useCropPicture(folder: Pick<FmFolder, 'id' | 'kind'> | null) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<CropPictureProblem | null>(null);
  const [loadingCode, setLoadingCode] = useState(false);
  const [CropDialog, setCropDialog] = useState<ComponentType<CropDialogProps> | null>(null);
  // Each pick, and each change of folder, makes the dialog's code arriving for an earlier one moot.
  const turn = useRef(0);
  const folderId = folder?.id ?? null;

  useEffect(() => {
    turn.current += 1;
    setProblem(null);
    setOpen(false);
    setLoadingCode(false);
  }, [folderId]);

  const pick = (file: File) => {
    const found = cropFileProblem(file);
    setProblem(found);
    if (found || !folder) return;
    const mine = ++turn.current;
    setChosen((c) => ({ file, folderId: folder.id, kind: folder.kind, key: (c?.key ?? 0) + 1 }));
    if (CropDialog) {
      setOpen(true);
      return;
    }
    setLoadingCode(true);
    loadCropDialog().then(
      (m) => {
        if (turn.current !== mine) return;
        setCropDialog(() => m.default);
        setLoadingCode(false);
        setOpen(true);
      },
      () => {
        if (turn.current !== mine) return;
        setLoadingCode(false);
        setProblem('load_failed');
      },
    );
  };

  const dialog =
    CropDialog && chosen ? <CropDialog key={chosen.key} open={open} file={chosen.file} folderId={chosen.folderId} kind={chosen.kind} onClose={() => setOpen(false)} /> : null;
  return { pick, problem, loading: loadingCode, dialog };
}
