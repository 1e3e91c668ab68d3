// The account settings' "Notifications on this device": a switch for the platform's pushes to this
// browser (features/notifications/push), or why there is none. Nothing when the platform sends no
// pushes.
import { Alert, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { useErrorText } from '../../../lib/use-error-text';
import { PushRefusedError, useDevicePush, type DevicePushState } from '../../notifications/push/use-device-push';
import { SettingCard, SettingSwitch } from './setting-card';

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
  const live = state === 'on' || state === 'off';
  return (
    <SettingCard testId="device-push" title={t('profile:device_push.title')} intro={t('profile:device_push.intro')}>
      {(introId) => (
        <>
          {live ? (
            <SettingSwitch
              label={t('profile:device_push.switch')}
              checked={state === 'on'}
              busy={busy}
              describedBy={introId}
              testId="device-push-switch"
              busyTestId="device-push-busy"
              onChange={onChange}
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
        </>
      )}
    </SettingCard>
  );
}
