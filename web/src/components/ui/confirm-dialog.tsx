import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body?: string;
  confirmLabel?: string;
  /** The closing button's label (default Cancel), where Cancel would be ambiguous. */
  closeLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{props.title}</DialogTitle>
      {props.body && (
        <DialogContent>
          <DialogContentText>{props.body}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose}>{props.closeLabel ?? t('common:actions.cancel')}</Button>
        <Button
          variant="contained"
          color={props.danger ? 'error' : 'primary'}
          onClick={props.onConfirm}
          disabled={props.busy}
          data-testid="confirm-button"
        >
          {props.confirmLabel ?? t('common:actions.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
