import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/use-error-text';

export function ErrorState({ error, onRetry, message }: { error?: unknown; onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert
      severity="error"
      data-testid="error-state"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common:actions.retry')}
          </Button>
        ) : undefined
      }
    >
      {message ?? errorText(error)}
    </Alert>
  );
}
