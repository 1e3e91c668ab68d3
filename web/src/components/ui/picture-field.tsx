// A picture chosen from the file manager: a post's cover, a home slide's image, a content item's
// cover, a question's figure. Its 16:9 preview (or a placeholder), the button that opens the file
// manager, and Remove where it may be left out.
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';

export interface PictureFieldProps {
  /** The picture's address; null: none chosen. */
  src: string | null;
  label: string;
  /** The preview's alt text. */
  alt: string;
  /** Under the placeholder's icon while there is no picture. */
  emptyText: string;
  /** The button that opens the file manager. */
  pickLabel: string;
  /** Under the field while it is not refused; without it the line shows only a refusal. */
  hint?: string;
  error?: string;
  disabled: boolean;
  /** The picture chosen is being copied where the form keeps its pictures (post media, question media). */
  attaching: boolean;
  /** The preview's largest width, in pixels. */
  maxWidth: number;
  /** How the picture fills the 16:9 preview: cut to fill it (a cover), or whole (a figure). */
  fit?: 'cover' | 'contain';
  onPick: () => void;
  /** With its label: the picture may be removed (the button shows while there is one). */
  remove?: { label: string; onRemove: () => void; testId: string };
  testIds: { preview: string; pick: string; error: string };
}

export function PictureField({ src, label, alt, emptyText, pickLabel, hint, error, disabled, attaching, maxWidth, fit = 'cover', onPick, remove, testIds }: PictureFieldProps) {
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box
        sx={{
          width: '100%',
          maxWidth,
          aspectRatio: '16 / 9',
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderStyle: src ? 'solid' : 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'text.disabled',
        }}
      >
        {src ? (
          <Box component="img" src={src} alt={alt} sx={{ width: '100%', height: '100%', objectFit: fit }} data-testid={testIds.preview} />
        ) : (
          <Stack sx={{ alignItems: 'center' }} spacing={0.5}>
            <ImageOutlinedIcon />
            <Typography variant="caption">{emptyText}</Typography>
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={attaching ? <CircularProgress size={16} /> : <FolderOpenOutlinedIcon />}
          disabled={disabled || attaching}
          onClick={onPick}
          data-testid={testIds.pick}
        >
          {pickLabel}
        </Button>
        {remove && src && (
          <Button color="error" startIcon={<DeleteOutlineIcon />} disabled={disabled} onClick={remove.onRemove} data-testid={remove.testId}>
            {remove.label}
          </Button>
        )}
      </Stack>
      {(error || hint) && (
        <FormHelperText error={!!error} data-testid={error ? testIds.error : undefined}>
          {error ?? hint}
        </FormHelperText>
      )}
    </Box>
  );
}
