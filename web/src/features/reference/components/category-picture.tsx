// A category's picture in its "Edit" dialog: the current one (or a placeholder), "Choose picture"
// (a JPEG, PNG, GIF or WebP of at most 5 MB, checked here first, then sent at once with its
// progress; the server cuts it to 480 x 320) and "Remove picture". Either change is the server's
// at once, apart from the dialog's Save; the lists are read again after it.
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { fieldRefusal } from '../../../lib/field-error-text';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { PICTURE_TYPES, pictureProblem, type RefItem } from '../api/reference-api';
import { removePictureMutation, uploadPictureMutation } from '../hooks/use-reference';
import { itemTitle, Thumbnail, useItemCodeText } from './reference-parts';

/**
 * The check before sending a chosen file: `send` gets it when the server would take it; else the
 * problem's code (invalid_image, image_too_large, as the server's) comes back and nothing is sent.
 */
export function choosePicture(file: File, send: (file: File) => void): 'invalid_image' | 'image_too_large' | null {
  const problem = pictureProblem(file);
  if (!problem) send(file);
  return problem;
}

/** The text of a refused picture: its code (client's or the server's 422 `errors.image`) in the page's words, 413 as too large, else the app's. */
export function usePictureErrorText() {
  const word = useItemCodeText('categories');
  const errorText = useErrorText();
  return (err: unknown): string | null => {
    if (!err) return null;
    if (err instanceof ApiError && err.status === 413) return word('image_too_large', 'image');
    return fieldRefusal(err, 'image', (c) => word(c, 'image')) ?? errorText(err);
  };
}

/** The category's picture and its changes; `disabled` while the dialog saves. */
export function CategoryPicture({ item, disabled }: { item: RefItem; disabled?: boolean }) {
  const { t, i18n } = useTranslation('reference');
  const qc = useQueryClient();
  const toast = useToast();
  const word = useItemCodeText('categories');
  const pictureErrorText = usePictureErrorText();
  const [image, setImage] = useState(item.image);
  /** The chosen picture while it is sent (an object URL). */
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const upload = useMutation(uploadPictureMutation(qc, item.id, setProgress));
  const remove = useMutation(removePictureMutation(qc, item.id));
  const title = itemTitle(item, i18n.language);

  const onPick = (file: File) => {
    upload.reset();
    remove.reset();
    const wrong = choosePicture(file, (ok) => {
      setProgress(0);
      setPreview(URL.createObjectURL(ok));
      upload.mutate(ok, {
        onSuccess: (saved) => {
          setImage(saved.image);
          toast.show(t('picture.saved', { title }));
        },
        onSettled: () => setPreview(null),
      });
    });
    setProblem(wrong && word(wrong, 'image'));
  };
  const onRemove = () => {
    upload.reset();
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: (saved) => {
        setImage(saved.image);
        toast.show(t('picture.removed', { title }));
      },
    });
  };
  return (
    <PicturePicker
      src={preview ?? image}
      alt={title}
      progress={upload.isPending ? progress : null}
      removing={remove.isPending}
      error={problem ?? pictureErrorText(upload.error ?? remove.error)}
      disabled={disabled}
      onPick={onPick}
      onRemove={onRemove}
    />
  );
}

export interface PicturePickerProps {
  /** The picture's address (an object URL while a chosen one is sent); null: none. */
  src: string | null;
  /** The category's title. */
  alt: string;
  /** 0-100 while a picture is sent, else null. */
  progress: number | null;
  /** The picture is being removed. */
  removing: boolean;
  /** Why the last change was refused (translated). */
  error: string | null;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The picture, "Choose picture" and "Remove picture", the hint, the progress and the refusal; the hidden file input. */
export function PicturePicker({ src, alt, progress, removing, error, disabled, onPick, onRemove }: PicturePickerProps) {
  const { t, i18n } = useTranslation('reference');
  const fileRef = useRef<HTMLInputElement>(null);
  const uploading = progress !== null;
  const busy = uploading || removing || !!disabled;
  return (
    <Box component="section" aria-labelledby="ref-picture-label" aria-busy={uploading || removing} data-testid="ref-picture">
      <Typography id="ref-picture-label" variant="subtitle2" sx={{ mb: 1 }}>
        {t('picture.label')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Box sx={{ opacity: uploading ? 0.6 : 1, alignSelf: 'flex-start' }}>
          <Thumbnail src={src} alt={alt} width={144} height={96} />
        </Box>
        <Stack useFlexGap sx={{ gap: 1, minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => fileRef.current?.click()} disabled={busy} data-testid="ref-picture-choose">
              {uploading
                ? progress < 100
                  ? t('picture.uploading', { percent: formatNumber(progress, i18n.language) })
                  : t('picture.processing')
                : t('picture.choose')}
            </Button>
            {src && !uploading && (
              <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onRemove} disabled={busy} data-testid="ref-picture-remove">
                {removing ? t('picture.removing') : t('picture.remove')}
              </Button>
            )}
          </Stack>
          {uploading && <LinearProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} aria-label={t('picture.choose')} data-testid="ref-picture-progress" />}
          <Typography variant="caption" color="text.secondary">
            {t('picture.hint')}
          </Typography>
        </Stack>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }} data-testid="ref-picture-error">
          {error}
        </Alert>
      )}
      <input
        ref={fileRef}
        type="file"
        hidden
        accept={PICTURE_TYPES.join(',')}
        aria-label={t('picture.choose')}
        data-testid="ref-picture-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
    </Box>
  );
}
