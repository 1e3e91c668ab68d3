// A picture picked from the device and sent as a data URL: a titled 16:9 dashed preview (the
// picture, or an empty placeholder), a button that opens the file picker, the caller's own actions
// beside it (remove, keep the saved one), and an error line. The file's type and size are checked
// here, before and after reading (imageAsDataUrl), so every form that takes a picture checks alike.
import { Box, Button, Stack, Typography } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { useRef, type ReactNode } from 'react';
import { imageAsDataUrl, type ImageProblem } from '../../lib/image-file';

export interface ImagePickerTexts {
  title: string;
  hint: string;
  /** The preview's alt text. */
  preview: string;
  /** Shown in the empty preview. */
  empty: string;
  /** The pick button with no picture yet, and with one. */
  upload: string;
  change: string;
}

export interface ImagePickerFieldProps {
  texts: ImagePickerTexts;
  /** The picture shown: a data URL just picked or a saved address; null for none. */
  src: string | null;
  /** The MIME types accepted and the largest file, in bytes. */
  types: string[];
  maxBytes: number;
  error?: string | null;
  disabled?: boolean;
  /** Buttons beside the pick button. */
  actions?: ReactNode;
  /** Prefix of the test ids: <prefix>-preview, -pick, -input and -error. */
  testId: string;
  /** A file that passed the checks, read as a data URL. */
  onPick: (dataUrl: string) => void;
  /** A file of a type not accepted, or too large. */
  onProblem: (problem: ImageProblem) => void;
}

export function ImagePickerField({ texts, src, types, maxBytes, error, disabled = false, actions, testId, onPick, onProblem }: ImagePickerFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {texts.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {texts.hint}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Box
          sx={{
            width: { xs: '100%', sm: 240 },
            aspectRatio: '16 / 9',
            border: 1,
            borderStyle: 'dashed',
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            overflow: 'hidden',
          }}
        >
          {src ? (
            <Box component="img" src={src} alt={texts.preview} data-testid={`${testId}-preview`} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'text.disabled' }}>
              <ImageOutlinedIcon />
              <Typography variant="caption">{texts.empty}</Typography>
            </Stack>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<CloudUploadOutlinedIcon />} disabled={disabled} onClick={() => fileRef.current?.click()} data-testid={`${testId}-pick`}>
            {src ? texts.change : texts.upload}
          </Button>
          {actions}
        </Stack>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept={types.join(',')}
          data-testid={`${testId}-input`}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const r = await imageAsDataUrl(file, types, maxBytes);
            if (r.problem) onProblem(r.problem);
            else onPick(r.dataUrl);
          }}
        />
      </Stack>
      {error && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 1 }} data-testid={`${testId}-error`}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
