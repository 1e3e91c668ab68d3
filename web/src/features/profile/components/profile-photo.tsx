// The profile photo of /profile/myprofile and its upload: the picture (or initial) opens a file
// picker, as does the button under it; the file is checked here first (kind, size), shown at once
// and sent with its progress. No cropper: the server keeps the centre square.
import { Alert, Avatar, Box, Button, ButtonBase, CircularProgress, Typography } from '@mui/material';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { ME_KEY } from '../../../lib/session';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { PHOTO_TYPES, photoProblem, uploadProfilePhoto, type Profile } from '../api/profile-api';

/** The file input's id: other controls of the page (the "add a photo" chip) open the picker with it. */
export const PHOTO_INPUT_ID = 'profile-photo-input';

/** Opens the photo's file picker. */
export const pickPhoto = () => document.getElementById(PHOTO_INPUT_ID)?.click();

/**
 * The photo and its upload. Once stored, the profile shows the new photo and the signed-in user
 * (header, side menu) is fetched again.
 */
export function ProfilePhoto({ photo, initial }: { photo: string | null; initial: string }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  /** The chosen picture while it is sent (an object URL). */
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const upload = useMutation({
    mutationFn: (file: File) => uploadProfilePhoto(file, setProgress).promise,
    onSuccess: (user) => {
      qc.setQueriesData<Profile>({ queryKey: ['profile'] }, (p) => (p ? { ...p, photo: user.photo } : p));
      void qc.invalidateQueries({ queryKey: ['profile'] });
      void qc.invalidateQueries({ queryKey: ME_KEY });
      toast.show(t('profile:photo.saved'));
    },
    onSettled: () => setPreview(null),
  });
  const error = problem ?? (upload.error ? (fieldErrorsOf(upload.error).photo ?? errorText(upload.error)) : null);
  return (
    <PhotoPicker
      src={preview ?? photo}
      initial={initial}
      progress={upload.isPending ? progress : null}
      error={error}
      onPick={(file) => {
        const wrong = photoProblem(file);
        setProblem(wrong && t(`profile:photo.${wrong}`));
        upload.reset();
        if (wrong) return;
        setProgress(0);
        setPreview(URL.createObjectURL(file));
        upload.mutate(file);
      }}
    />
  );
}

export interface PhotoPickerProps {
  src: string | null;
  /** Shown without a photo. */
  initial: string;
  /** 0-100 while a photo is sent, else null. */
  progress: number | null;
  /** Why the last photo was refused (translated). */
  error: string | null;
  onPick: (file: File) => void;
}

/** The picture as a button, "Change photo", the hint and the refusal; the hidden file input. */
export function PhotoPicker({ src, initial, progress, error, onPick }: PhotoPickerProps) {
  const { t, i18n } = useTranslation('profile');
  const busy = progress !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <ButtonBase
        onClick={pickPhoto}
        disabled={busy}
        // The button below is the keyboard's way; this one is for pointers.
        tabIndex={-1}
        aria-label={t('profile:photo.change')}
        sx={{ position: 'relative', borderRadius: '50%' }}
      >
        <Avatar src={src ?? undefined} alt="" sx={{ width: 88, height: 88, fontSize: 36, bgcolor: 'primary.main', opacity: busy ? 0.6 : 1 }}>
          {initial}
        </Avatar>
        {busy && <CircularProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} size={96} sx={{ position: 'absolute', top: -4, left: -4 }} />}
      </ButtonBase>
      <Button size="small" startIcon={<PhotoCameraOutlinedIcon />} onClick={pickPhoto} disabled={busy} sx={{ mt: 1.5 }} data-testid="photo-change">
        {busy
          ? progress < 100
            ? t('profile:photo.uploading', { percent: formatNumber(progress, i18n.language) })
            : t('profile:photo.processing')
          : t(src ? 'profile:photo.change' : 'profile:photo.add')}
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, textAlign: 'center' }}>
        {t('profile:photo.hint')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5, width: '100%', textAlign: 'start' }} data-testid="photo-error">
          {error}
        </Alert>
      )}
      <input
        id={PHOTO_INPUT_ID}
        type="file"
        hidden
        accept={PHOTO_TYPES.join(',')}
        data-testid="photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
    </Box>
  );
}
