// The profile and cover picture cropper (SPEC 5, 9), loaded only when a picture has been chosen
// (crop-picture.tsx): the picture under a frame of the folder's shape (4:3 in the profile folder,
// 12:5 in the cover folder), moved by dragging or the arrow keys and zoomed by the slider, the
// wheel, two fingers or the + and − keys (react-easy-crop). Save cuts the framed part at the size
// the server keeps (600 x 450, 960 x 400) as a JPEG (lib/crop-image.ts) and uploads it with its
// progress; the folder's list is read again and a toast says so.
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, LinearProgress, Skeleton, Slider, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import CropIcon from '@mui/icons-material/Crop';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { cropToBlob } from '../../../lib/crop-image';
import { fieldProblem } from '../../../lib/field-error-text';
import { formatNumber } from '../../../lib/lang';
import type { UploadHandle } from '../../../lib/upload';
import { uploadCroppedImage, type FmFile, type FolderKind } from '../api/files-api';
import { croppedName, cropSize } from '../hooks/file-manager';
import { fileUploaded } from '../hooks/use-files';
import { useUploadErrorText } from './upload-dialog';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;
/** What the slider and the + and − keys change the zoom by. */
const ZOOM_STEP = 0.1;
const KEYS_HINT_ID = 'crop-keys-hint';

const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
/** A step of the zoom buttons and keys, kept to hundredths (no 1.2000000000000002). */
const stepZoom = (z: number, by: number) => clampZoom(Math.round((z + by) * 100) / 100);

/** The zoom after a key press in the frame: + (or =) zooms in, − (or _) out; null for other keys. */
export function zoomForKey(key: string, zoom: number): number | null {
  if (key === '+' || key === '=') return stepZoom(zoom, ZOOM_STEP);
  if (key === '-' || key === '_' || key === '−') return stepZoom(zoom, -ZOOM_STEP);
  return null;
}

/** The page's CSP nonce (as emotion's styles get it): react-easy-crop puts its own <style> in the head. */
function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

/** Problems the browser finds itself (files:crop.errors.<code>). */
type LocalProblem = 'unreadable' | 'crop_failed';

/** The words for a refusal of the cropped picture: ours for the cropper's codes, else an upload's. */
export function useCropErrorText() {
  const { t } = useTranslation('files');
  const uploadText = useUploadErrorText();
  return (err: unknown): string | null => {
    if (!err) return null;
    const p = fieldProblem(err, 'file');
    if (p && 'code' in p && (p.code === 'invalid_image' || p.code === 'image_too_large')) return t(`files:crop.errors.${p.code}`);
    return uploadText(err);
  };
}

export interface CropDialogProps {
  open: boolean;
  /** The picture chosen (a JPEG, PNG or GIF). */
  file: File;
  /** Where it goes: the profile or the cover folder. */
  folderId: number;
  kind: FolderKind;
  onClose: () => void;
}

export default function CropDialog({ open, file, folderId, kind, onClose }: CropDialogProps) {
  const { t, i18n } = useTranslation(['files', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useCropErrorText();
  const target = cropSize(kind);
  const num = (n: number) => formatNumber(n, i18n.language);

  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const [problem, setProblem] = useState<LocalProblem | null>(null);
  const [error, setError] = useState<unknown>(null);
  const image = useRef<RefObject<HTMLImageElement> | null>(null);
  const upload = useRef<UploadHandle<FmFile> | null>(null);
  const [nonce] = useState(cspNonce);

  // The chosen picture as a local address, let go of when another is chosen or the dialog goes.
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // Stop a running upload when the dialog goes.
  useEffect(() => () => upload.current?.abort(), []);

  const cancelUpload = () => {
    if (!upload.current) return;
    upload.current.abort();
    upload.current = null;
    // Cut off late, the picture may have arrived all the same.
    fileUploaded(qc);
  };

  const close = () => {
    cancelUpload();
    onClose();
  };

  const save = async () => {
    const img = image.current?.current;
    if (busy || !area || !img || problem === 'unreadable') return;
    setBusy(true);
    setProblem(null);
    setError(null);
    setPercent(0);
    let picture: Blob;
    try {
      picture = await cropToBlob(img, area, target, { type: 'image/jpeg', quality: 0.9 });
    } catch {
      setBusy(false);
      setProblem('crop_failed');
      return;
    }
    try {
      upload.current = uploadCroppedImage(picture, croppedName(file.name), folderId, setPercent);
      const saved = await upload.current.promise;
      upload.current = null;
      fileUploaded(qc);
      toast.show(t('files:crop.done', { name: saved.title }));
      setBusy(false);
      onClose();
    } catch (err) {
      upload.current = null;
      setBusy(false);
      if ((err as Error)?.name === 'AbortError') return;
      setError(err);
    }
  };

  const refusal = problem ? t(`files:crop.errors.${problem}`) : errorText(error);
  const sent = busy && percent >= 100;
  const zoomText = (z: number) => t('files:crop.zoom_value', { n: num(Math.round(z * 100)) });

  return (
    <Dialog open={open} onClose={() => !busy && close()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="crop-title" data-testid="crop-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle id="crop-title">{t('files:crop.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {refusal && (
              <Alert severity="error" role="alert" data-testid="crop-error">
                {refusal}
              </Alert>
            )}
            <Box
              onKeyDown={(e) => {
                const next = zoomForKey(e.key, zoom);
                if (next === null || busy) return;
                e.preventDefault();
                setZoom(next);
              }}
              sx={{ position: 'relative', width: '100%', height: { xs: 260, sm: 360 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden', pointerEvents: busy ? 'none' : undefined }}
              data-testid="crop-area"
            >
              {src ? (
                <Cropper
                  image={src}
                  crop={crop}
                  zoom={zoom}
                  minZoom={MIN_ZOOM}
                  maxZoom={MAX_ZOOM}
                  aspect={target.width / target.height}
                  onCropChange={setCrop}
                  onZoomChange={(z) => setZoom(clampZoom(z))}
                  onCropAreaChange={(_, pixels) => setArea(pixels)}
                  setImageRef={(ref) => {
                    image.current = ref;
                  }}
                  nonce={nonce}
                  mediaProps={{ alt: t('files:crop.image_alt', { name: file.name }), onError: () => setProblem('unreadable') }}
                  cropperProps={{ role: 'group', 'aria-label': t('files:crop.frame'), 'aria-describedby': KEYS_HINT_ID }}
                />
              ) : (
                <Skeleton variant="rectangular" width="100%" height="100%" />
              )}
            </Box>
            <Typography variant="caption" color="text.secondary" id={KEYS_HINT_ID} data-testid="crop-keys-hint">
              {t('files:crop.keys_hint')}
            </Typography>
            <Box>
              <Typography variant="body2" id="crop-zoom-label" component="span" sx={{ display: 'block', mb: 0.5 }}>
                {t('files:crop.zoom')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <IconButton onClick={() => setZoom((z) => stepZoom(z, -ZOOM_STEP))} disabled={busy || zoom <= MIN_ZOOM} aria-label={t('files:crop.zoom_out')} data-testid="crop-zoom-out">
                  <ZoomOutIcon />
                </IconButton>
                <Slider
                  value={zoom}
                  min={MIN_ZOOM}
                  max={MAX_ZOOM}
                  step={0.01}
                  onChange={(_, v) => setZoom(clampZoom(v as number))}
                  disabled={busy}
                  getAriaValueText={zoomText}
                  aria-labelledby="crop-zoom-label"
                  sx={{ flex: 1, mx: 1 }}
                  data-testid="crop-zoom"
                />
                <IconButton onClick={() => setZoom((z) => stepZoom(z, ZOOM_STEP))} disabled={busy || zoom >= MAX_ZOOM} aria-label={t('files:crop.zoom_in')} data-testid="crop-zoom-in">
                  <ZoomInIcon />
                </IconButton>
              </Stack>
            </Box>
            <Typography variant="body2" color="text.secondary" data-testid="crop-size">
              {t('files:crop.size', { width: num(target.width), height: num(target.height) })}
            </Typography>
            {busy && (
              <Box aria-live="polite" data-testid="crop-progress">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {sent ? t('files:upload.saving') : t('files:upload.uploading', { n: num(percent) })}
                </Typography>
                <LinearProgress variant={sent ? 'indeterminate' : 'determinate'} value={percent} aria-label={t('files:upload.progress')} />
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {/* During the upload: stop it and stay; otherwise close. */}
          <Button onClick={busy ? cancelUpload : close} data-testid="crop-cancel">
            {busy ? t('files:upload.cancel_upload') : t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !area || problem === 'unreadable'}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CropIcon />}
            data-testid="crop-save"
          >
            {t('files:crop.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
