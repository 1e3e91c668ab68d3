// A form that fills its dialog (full-screen ones too): the title, the fields scrolling between
// dividers, then Cancel and the submit button, with a spinner while the form is busy. Enter
// submits, unless the form is already busy.
import { Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogFormProps {
  /** The title's id: the dialog's aria-labelledby. */
  titleId: string;
  title: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** The form's data-testid. */
  testId: string;
  submitTestId: string;
  /** The fields. */
  children: ReactNode;
}

export function DialogForm({ titleId, title, busy, submitLabel, onSubmit, onCancel, testId, submitTestId, children }: DialogFormProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="form"
      noValidate
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}
