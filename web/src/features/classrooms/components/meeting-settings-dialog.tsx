// The site's meeting accounts, for its admins (My classes → "Meeting settings"; full-screen on
// phones): Jitsi Meet or Convay (built on Jitsi Meet), each with its server's address, app id and
// shared secret. Above the form, what the server says of the chosen platform's account: whether
// one is configured, its address and app id, and whether its server answered just now. The secret
// is write-only: never filled in, 16 characters at least, entered again to save any change.
import { Alert, Box, Button, Dialog, FormControl, FormControlLabel, FormLabel, Grid, Radio, RadioGroup, Skeleton, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import { ACCOUNT_PLATFORMS, type AccountPlatform, type MeetingAccount } from '../api/classrooms-api';
import { APP_ID_MAX, BASE_URL_MAX, MEETING_FIELDS, meetingProblems, meetingValues, SECRET_MAX, SECRET_MIN, type MeetingField, type MeetingFormValues } from '../hooks/classroom-forms';
import { storeMeetingMutation, useMeetingAccount } from '../hooks/use-classrooms';
import { useClassroomProblemText } from './classroom-dialog';

const TITLE_ID = 'meeting-form-title';

export function MeetingSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="meeting-dialog">
      {open && <MeetingEditor onClose={onClose} onBusy={setBusy} />}
    </Dialog>
  );
}

function MeetingEditor({ onClose, onBusy }: { onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<MeetingFormValues>(() => meetingValues('jitsi'));
  // The platform whose saved address and app id are in the form (filled once, when they arrive).
  const [filled, setFilled] = useState<AccountPlatform | null>(null);
  const account = useMeetingAccount(values.platform, true);
  const save = useMutation(storeMeetingMutation(qc));
  const { errors, formError, changed, check } = useFieldErrors(MEETING_FIELDS, save.error, useClassroomProblemText());

  useEffect(() => {
    if (account.data && filled !== values.platform) {
      setFilled(values.platform);
      setValues((v) => ({ ...meetingValues(v.platform, account.data), secret: v.secret }));
    }
  }, [account.data, filled, values.platform]);

  const onChange = (patch: Partial<MeetingFormValues>) => {
    if (patch.platform && patch.platform !== values.platform) {
      // Another platform: its own saved values, once they are there.
      setFilled(null);
      setValues(meetingValues(patch.platform));
      save.reset();
      return;
    }
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as MeetingField[]);
  };
  const onSave = () => {
    if (!check(meetingProblems(values))) return;
    onBusy(true);
    save.mutate(values, {
      onSuccess: () => {
        toast.show(t('classrooms:meeting.saved', { platform: t(`classrooms:platforms.${values.platform}`) }));
        onClose();
      },
      onSettled: () => onBusy(false),
    });
  };
  return (
    <MeetingForm
      values={values}
      errors={errors}
      formError={formError}
      busy={save.isPending}
      account={account.data}
      accountLoading={account.isLoading}
      accountError={account.error}
      onRetry={() => void account.refetch()}
      onChange={onChange}
      onSave={onSave}
      onCancel={onClose}
    />
  );
}

export interface MeetingFormProps {
  values: MeetingFormValues;
  errors: FieldProblems<MeetingField>;
  formError?: string | null;
  busy: boolean;
  /** The server's check of the chosen platform's account. */
  account?: MeetingAccount;
  accountLoading?: boolean;
  accountError?: unknown;
  onRetry?: () => void;
  onChange: (patch: Partial<MeetingFormValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function MeetingForm({ values, errors, formError, busy, account, accountLoading, accountError, onRetry, onChange, onSave, onCancel }: MeetingFormProps) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const lang = i18n.language;
  const shrink = { inputLabel: { shrink: true } };
  const text = boundTextField({ idPrefix: 'meeting', values, errors, disabled: busy, onChange });
  return (
    <DialogForm
      titleId={TITLE_ID}
      title={t('classrooms:meeting.title')}
      busy={busy}
      submitLabel={t('classrooms:meeting.save')}
      onSubmit={onSave}
      onCancel={onCancel}
      testId="meeting-form"
      submitTestId="save-meeting"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('classrooms:meeting.intro')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormControl disabled={busy}>
            <FormLabel id="meeting-platform-label">{t('classrooms:meeting.platform')}</FormLabel>
            <RadioGroup row aria-labelledby="meeting-platform-label" name="meeting-platform" value={values.platform} onChange={(e) => onChange({ platform: e.target.value as AccountPlatform })}>
              {ACCOUNT_PLATFORMS.map((p) => (
                <FormControlLabel key={p} value={p} control={<Radio id={`meeting-platform-${p}`} />} label={t(`classrooms:platforms.${p}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={12}>
          <AccountStatus platform={values.platform} account={account} loading={accountLoading} error={accountError} onRetry={onRetry} />
        </Grid>
        <Grid size={12}>
          {text('base_url', t('classrooms:meeting.base_url'), {
            type: 'url',
            required: true,
            placeholder: 'https://meet.example.org',
            helperText: t('classrooms:meeting.base_url_hint'),
            slotProps: { htmlInput: { maxLength: BASE_URL_MAX, inputMode: 'url', spellCheck: false, autoComplete: 'off' }, ...shrink },
          })}
        </Grid>
        <Grid size={12}>
          {text('app_id', t('classrooms:meeting.app_id'), {
            required: true,
            helperText: t('classrooms:meeting.app_id_hint'),
            slotProps: { htmlInput: { maxLength: APP_ID_MAX, spellCheck: false, autoComplete: 'off' }, ...shrink },
          })}
        </Grid>
        <Grid size={12}>
          {text('secret', t('classrooms:meeting.secret'), {
            type: 'password',
            required: true,
            helperText: t(account?.configured ? 'classrooms:meeting.secret_hint_again' : 'classrooms:meeting.secret_hint', { n: formatNumber(SECRET_MIN, lang) }),
            slotProps: { htmlInput: { maxLength: SECRET_MAX, minLength: SECRET_MIN, spellCheck: false, autoComplete: 'new-password' }, ...shrink },
          })}
        </Grid>
        {formError && (
          <Grid size={12}>
            <Alert severity="error" data-testid="meeting-form-error">
              {formError}
            </Alert>
          </Grid>
        )}
      </Grid>
    </DialogForm>
  );
}

/** What the server says of a platform's account: configured or not, its address and app id, and whether its server answered. */
export function AccountStatus({ platform, account, loading, error, onRetry }: { platform: AccountPlatform; account?: MeetingAccount; loading?: boolean; error?: unknown; onRetry?: () => void }) {
  const { t, i18n } = useTranslation(['classrooms', 'common']);
  const errorText = useErrorText();
  const lang = i18n.language;
  if (loading) return <Skeleton variant="rounded" height={72} data-testid="meeting-status-loading" />;
  if (error && !account) {
    return (
      <Alert
        severity="error"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          )
        }
        data-testid="meeting-status-error"
      >
        {errorText(error)}
      </Alert>
    );
  }
  if (!account) return null;
  if (!account.configured) {
    return (
      <Alert severity="info" data-testid="meeting-status" data-configured="false">
        {t(`classrooms:meeting.not_configured_${platform}`)}
      </Alert>
    );
  }
  const status = account.status !== null ? formatNumber(account.status, lang) : '';
  const reach =
    account.reachable === null ? t('classrooms:meeting.not_checked') : account.reachable ? t('classrooms:meeting.reachable', { status }) : status ? t('classrooms:meeting.unreachable_status', { status }) : t('classrooms:meeting.unreachable');
  return (
    <Alert severity={account.reachable === false ? 'warning' : 'success'} data-testid="meeting-status" data-configured="true" data-reachable={String(account.reachable)}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('classrooms:meeting.configured')}
      </Typography>
      <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        <Typography component="dt" variant="body2">
          {t('classrooms:meeting.base_url')}
        </Typography>
        <Typography component="dd" variant="body2" data-testid="meeting-status-url" data-user-content>
          {account.base_url}
        </Typography>
        <Typography component="dt" variant="body2">
          {t('classrooms:meeting.app_id')}
        </Typography>
        <Typography component="dd" variant="body2" data-user-content>
          {account.app_id}
        </Typography>
        <Typography component="dt" variant="body2">
          {t('classrooms:meeting.server')}
        </Typography>
        <Typography component="dd" variant="body2" data-testid="meeting-status-reach">
          {reach}
        </Typography>
      </Box>
    </Alert>
  );
}
