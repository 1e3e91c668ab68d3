import { Alert, Box, Chip, Stack, Step, StepContent, StepLabel, Stepper, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/lang';
import type { Provisioning, ProvisioningStepStatus } from '../api/partners-api';

export type StepStatus = ProvisioningStepStatus | 'pending';

/** Steps the provisioner reports (provision, then deprovision); each has a label in partners:details.steps. */
export const KNOWN_STEPS = [
  'create_role',
  'create_schema',
  'migrate',
  'create_bucket',
  'issue_certificate',
  'activate',
  'remove_bucket',
  'drop_schema',
  'drop_role',
] as const;

/** Status of each step: the latest event for it, else pending. */
export function stepStatuses(p: Provisioning): Record<string, { status: StepStatus; message: string | null; at: string | null }> {
  const out: Record<string, { status: StepStatus; message: string | null; at: string | null }> = {};
  for (const s of p.steps ?? []) out[s] = { status: 'pending', message: null, at: null };
  for (const ev of p.events ?? []) out[ev.step] = { status: ev.status, message: ev.message, at: ev.at };
  return out;
}

const QUEUE_COLOUR = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;

export function ProvisioningProgress({ provisioning, live }: { provisioning: Provisioning; live: boolean }) {
  const { t, i18n } = useTranslation('partners');
  const statuses = stepStatuses(provisioning);
  const steps = provisioning.steps ?? [];
  const firstOpen = steps.findIndex((s) => statuses[s].status !== 'done' && statuses[s].status !== 'skipped');
  const activeStep = firstOpen === -1 ? steps.length : firstOpen;
  return (
    <Box data-testid="provisioning">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        {/* The card's title already says "site setup"; name the job only when it takes a site down. */}
        {provisioning.kind && provisioning.kind !== 'provision' && (
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="provisioning-kind" data-kind={provisioning.kind}>
            {t(`details.kind.${provisioning.kind}`, { defaultValue: provisioning.kind })}
          </Typography>
        )}
        <Chip
          size="small"
          color={QUEUE_COLOUR[provisioning.state] ?? 'default'}
          label={t(`details.queue.${provisioning.state}`, { defaultValue: provisioning.state })}
          data-testid="provisioning-state"
        />
        <Typography variant="body2" color="text.secondary">
          {t('details.attempts', { n: formatNumber(provisioning.attempts ?? 0, i18n.language) })}
        </Typography>
        {provisioning.next_attempt_at && provisioning.state !== 'done' && (
          <Typography variant="body2" color="text.secondary">
            {t('details.next_attempt', { at: formatDate(provisioning.next_attempt_at, i18n.language) })}
          </Typography>
        )}
        {live && (
          <Chip
            size="small"
            variant="outlined"
            icon={<SyncIcon sx={{ animation: 'spin 1.2s linear infinite', '@keyframes spin': { to: { transform: 'rotate(360deg)' } } }} />}
            label={t('details.live_updates')}
          />
        )}
      </Stack>
      {provisioning.last_error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="provisioning-error">
          <strong>{t('details.last_error')}:</strong> {provisioning.last_error}
        </Alert>
      )}
      <Stepper orientation="vertical" activeStep={activeStep}>
        {steps.map((s) => {
          const st = statuses[s];
          return (
            <Step key={s} completed={st.status === 'done' || st.status === 'skipped'} expanded>
              <StepLabel error={st.status === 'failed'} data-status={st.status} data-testid="provisioning-step">
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ fontWeight: 600 }} data-step={s}>
                    {t(`details.steps.${s}`, { defaultValue: s })}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={st.status === 'done' ? 'success' : st.status === 'failed' ? 'error' : st.status === 'started' ? 'info' : 'default'}
                    label={t(`details.step_status.${st.status}`)}
                  />
                </Stack>
              </StepLabel>
              <StepContent>
                {(st.message || st.at) && (
                  <Typography variant="caption" component="p" color="text.secondary" data-testid="provisioning-step-message">
                    {[st.message, st.at ? formatDate(st.at, i18n.language) : null].filter(Boolean).join(' · ')}
                  </Typography>
                )}
              </StepContent>
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}
