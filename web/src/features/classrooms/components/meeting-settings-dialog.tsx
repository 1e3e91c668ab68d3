// The site's meeting accounts, for its admins (My classes → "Meeting settings"; full-screen on
// phones), one per platform: Jitsi Meet or Convay (built on Jitsi Meet) with the server's address,
// app id and shared secret; BigBlueButton with its API address and shared secret; Zoom (a
// Server-to-Server OAuth app) with its account id, client id and secret, the secret token of its
// event notifications, and its API and token addresses (Zoom's own when left empty). Above the
// form, what the server says of the chosen platform's account: whether one is configured, its
// address and ids, whether its server answered just now and (BigBlueButton, Zoom) took the
// credentials; then the address the service reports to (recordings; Zoom's events), to copy into
// its settings. The secrets are write-only: never filled in, entered again to save any change.
import { Alert, Box, Button, Dialog, FormControl, FormControlLabel, FormLabel, Grid, IconButton, InputAdornment, Radio, RadioGroup, Skeleton, TextField, Tooltip, Typography, useMediaQuery } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { DialogForm } from '../../../components/ui/dialog-form';
import { useToast } from '../../../components/ui/toast-provider';
import { copyText } from '../../../lib/copy-text';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { useFieldErrors, type FieldProblems } from '../../../lib/use-field-errors';
import { ACCOUNT_PLATFORMS, type AccountPlatform, type MeetingAccount } from '../api/classrooms-api';
import {
  APP_ID_MAX,
  BASE_URL_MAX,
  meetingBody,
  meetingFieldsOf,
  meetingProblems,
  meetingValues,
  SECRET_MAX,
  SECRET_MIN,
  ZOOM_API,
  ZOOM_AUTH,
  type MeetingField,
  type MeetingFormValues,
} from '../hooks/classroom-forms';
import { storeMeetingMutation, useMeetingAccount } from '../hooks/use-classrooms';
import { useClassroomProblemText } from './classroom-dialog';

const TITLE_ID = 'meeting-form-title';

/** The fields of a platform's form the server may refuse. */
const meetingFormFields = (platform: AccountPlatform): MeetingField[] => ['platform', ...meetingFieldsOf(platform)];

/** What a platform's form calls its server's address, its id and its secret. */
const BASE_URL_LABEL = { jitsi: 'base_url', convay: 'base_url', bbb: 'base_url', zoom: 'api_url' } as const;
const APP_ID_LABEL = { jitsi: 'app_id', convay: 'app_id', bbb: 'app_id', zoom: 'account_id' } as const;
const SECRET_LABEL = { jitsi: 'secret', convay: 'secret', bbb: 'shared_secret', zoom: 'client_secret' } as const;

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
  // The platform whose saved address and ids are in the form (filled once, when they arrive).
  const [filled, setFilled] = useState<AccountPlatform | null>(null);
  const account = useMeetingAccount(values.platform, true);
  const save = useMutation(storeMeetingMutation(qc));
  // The server's refusals of fields this platform does not ask for go above the buttons.
  const { errors, formError, changed, check } = useFieldErrors(meetingFormFields(values.platform), save.error, useClassroomProblemText());

  useEffect(() => {
    if (account.data && filled !== values.platform) {
      setFilled(values.platform);
      setValues((v) => ({ ...meetingValues(v.platform, account.data), secret: v.secret, webhook_secret: v.webhook_secret }));
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
    save.mutate(meetingBody(values), {
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
  const p = values.platform;
  const shrink = { inputLabel: { shrink: true } };
  const text = boundTextField({ idPrefix: 'meeting', values, errors, disabled: busy, onChange });
  const again = !!account?.configured;
  const url = (max: number) => ({ htmlInput: { maxLength: max, inputMode: 'url', spellCheck: false, autoComplete: 'off' }, ...shrink });
  const id = { htmlInput: { maxLength: APP_ID_MAX, spellCheck: false, autoComplete: 'off' }, ...shrink };
  const secret = { htmlInput: { maxLength: SECRET_MAX, spellCheck: false, autoComplete: 'new-password' }, ...shrink };
  const field = (name: Exclude<MeetingField, 'platform'>) => {
    switch (name) {
      case 'base_url':
        return text('base_url', t(`classrooms:meeting.${BASE_URL_LABEL[p]}`), {
          type: 'url',
          required: p !== 'zoom',
          placeholder: p === 'zoom' ? ZOOM_API : p === 'bbb' ? 'https://bbb.example.org/bigbluebutton' : 'https://meet.example.org',
          helperText: p === 'zoom' ? t('classrooms:meeting.default_hint', { url: ZOOM_API }) : p === 'bbb' ? t('classrooms:meeting.base_url_hint_bbb') : t('classrooms:meeting.base_url_hint'),
          slotProps: url(BASE_URL_MAX),
        });
      case 'app_id':
        return text('app_id', t(`classrooms:meeting.${APP_ID_LABEL[p]}`), {
          required: true,
          helperText: p === 'zoom' ? t('classrooms:meeting.account_id_hint') : t('classrooms:meeting.app_id_hint'),
          slotProps: id,
        });
      case 'client_id':
        return text('client_id', t('classrooms:meeting.client_id'), { required: true, helperText: t('classrooms:meeting.client_id_hint'), slotProps: id });
      case 'secret':
        return text('secret', t(`classrooms:meeting.${SECRET_LABEL[p]}`), {
          type: 'password',
          required: true,
          helperText: t(again ? 'classrooms:meeting.secret_hint_again' : 'classrooms:meeting.secret_hint', { n: formatNumber(SECRET_MIN, lang) }),
          slotProps: { ...secret, htmlInput: { ...secret.htmlInput, minLength: SECRET_MIN } },
        });
      case 'webhook_secret':
        return text('webhook_secret', t('classrooms:meeting.webhook_secret'), {
          type: 'password',
          required: true,
          helperText: t(again ? 'classrooms:meeting.webhook_secret_hint_again' : 'classrooms:meeting.webhook_secret_hint'),
          slotProps: secret,
        });
      case 'auth_url':
        return text('auth_url', t('classrooms:meeting.auth_url'), {
          type: 'url',
          placeholder: ZOOM_AUTH,
          helperText: t('classrooms:meeting.default_hint', { url: ZOOM_AUTH }),
          slotProps: url(BASE_URL_MAX),
        });
    }
  };
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
      <Grid container spacing={2} data-platform={p}>
        <Grid size={12}>
          <FormControl disabled={busy}>
            <FormLabel id="meeting-platform-label">{t('classrooms:meeting.platform')}</FormLabel>
            <RadioGroup row aria-labelledby="meeting-platform-label" name="meeting-platform" value={p} onChange={(e) => onChange({ platform: e.target.value as AccountPlatform })}>
              {ACCOUNT_PLATFORMS.map((platform) => (
                <FormControlLabel key={platform} value={platform} control={<Radio id={`meeting-platform-${platform}`} />} label={t(`classrooms:platforms.${platform}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={12}>
          <AccountStatus platform={p} account={account} loading={accountLoading} error={accountError} onRetry={onRetry} />
        </Grid>
        {(p === 'bbb' || p === 'zoom') && account?.platform === p && account.callback_url && (
          <Grid size={12}>
            <CallbackField platform={p} url={account.callback_url} />
          </Grid>
        )}
        {meetingFieldsOf(p).map((name) => (
          <Grid key={`${p}-${name}`} size={12}>
            {field(name)}
          </Grid>
        ))}
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

/**
 * What the server says of a platform's account: configured or not, its address and ids, whether
 * its server answered and (BigBlueButton, Zoom) whether it took the credentials.
 */
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
  // Not sent by a server older than BigBlueButton and Zoom: nothing to say then.
  const credentials = account.credentials_ok ?? null;
  const row = (label: string, value: string | null, testId?: string, user = false) => (
    <>
      <Typography component="dt" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" data-testid={testId} data-user-content={user || undefined}>
        {value}
      </Typography>
    </>
  );
  return (
    <Alert
      severity={account.reachable === false || credentials === false ? 'warning' : 'success'}
      data-testid="meeting-status"
      data-configured="true"
      data-reachable={String(account.reachable)}
      data-credentials={credentials === null ? undefined : String(credentials)}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('classrooms:meeting.configured')}
      </Typography>
      <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        {row(t(`classrooms:meeting.${BASE_URL_LABEL[platform]}`), account.base_url, 'meeting-status-url', true)}
        {platform !== 'bbb' && row(t(`classrooms:meeting.${APP_ID_LABEL[platform]}`), account.app_id, undefined, true)}
        {platform === 'zoom' && account.client_id && row(t('classrooms:meeting.client_id'), account.client_id, undefined, true)}
        {row(t('classrooms:meeting.server'), reach, 'meeting-status-reach')}
      </Box>
      {credentials !== null && (
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="meeting-status-credentials" data-ok={String(credentials)}>
          {t(credentials ? 'classrooms:meeting.credentials_ok' : 'classrooms:meeting.credentials_refused')}
        </Typography>
      )}
    </Alert>
  );
}

/** The address BigBlueButton or Zoom reports to, read-only (selectable), with a button that copies it. */
export function CallbackField({ platform, url }: { platform: 'bbb' | 'zoom'; url: string }) {
  const { t } = useTranslation('classrooms');
  const toast = useToast();
  const copy = async () => {
    const ok = await copyText(url);
    toast.show(ok ? t('meeting.callback_copied') : t('meeting.callback_not_copied'), { severity: ok ? 'success' : 'error' });
  };
  return (
    <TextField
      id="meeting-callback_url"
      label={t('meeting.callback_url')}
      value={url}
      fullWidth
      size="small"
      helperText={t(`meeting.callback_hint_${platform}`)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { readOnly: true, spellCheck: false, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('meeting.copy_callback')}>
                <IconButton edge="end" onClick={() => void copy()} aria-label={t('meeting.copy_callback')} data-testid="copy-callback-url">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
      data-testid="meeting-callback"
    />
  );
}
