// The account settings' "Notifications on this device": a switch for the platform's pushes to this
// browser (features/notifications/push), or why there is none. Nothing when the platform sends no
// pushes.
import { Alert, Box, Card, CardContent, CircularProgress, FormControlLabel, Skeleton, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { useErrorText } from '../../../lib/use-error-text';
import { PushRefusedError, useDevicePush, type DevicePushState } from '../../notifications/push/use-device-push';

export function DevicePush() {
  const push = useDevicePush();
  if (push.loadError) return <ErrorState error={push.loadError} onRetry={push.reload} />;
  if (!push.state) return <Skeleton variant="rounded" height={150} />;
  if (push.state === 'unavailable') return null;
  return (
    <DevicePushCard
      state={push.state}
      busy={push.busy}
      error={push.error}
      // Another click while it is being turned on or off is ignored: the first one's outcome shows.
      onChange={(on) => !push.busy && (on ? push.enable() : push.disable())}
    />
  );
}

export interface DevicePushCardProps {
  state: Exclude<DevicePushState, 'unavailable'>;
  busy: boolean;
  error: Error | null;
  onChange: (on: boolean) => void;
}

export function DevicePushCard({ state, busy, error, onChange }: DevicePushCardProps) {
  const { t } = useTranslation(['profile', 'common']);
  const errorText = useErrorText();
  const introId = useId();
  const live = state === 'on' || state === 'off';
  return (
    <Card data-testid="device-push">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {t('profile:device_push.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} id={introId}>
          {t('profile:device_push.intro')}
        </Typography>
        {live ? (
          <FormControlLabel
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mx: 0, mt: 1.5 }}
            labelPlacement="start"
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {t('profile:device_push.switch')}
                {busy && <CircularProgress size={16} aria-hidden data-testid="device-push-busy" />}
              </Box>
            }
            control={
              <Switch
                checked={state === 'on'}
                onChange={(e) => onChange(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': introId, 'aria-busy': busy || undefined } }}
                data-testid="device-push-switch"
              />
            }
          />
        ) : (
          <Alert severity="info" sx={{ mt: 2 }} data-testid={`device-push-${state}`}>
            {t(`profile:device_push.${state}`)}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="device-push-error">
            {error instanceof PushRefusedError ? t('profile:device_push.refused') : errorText(error)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
