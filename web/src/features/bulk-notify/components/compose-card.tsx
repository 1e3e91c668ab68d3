// The compose card: the channels (chosen on /bulknotify/custom, fixed by the other presets), the
// subject (e-mail and the bell), the message with, for SMS, its characters and parts counted as the
// server counts them, who gets it (audience-filters.tsx) and, under the filters, how many it reaches
// and what the SMS cost (asked again 400 ms after a change), then now or at a time to come. Sending
// asks first, repeating the counts and the cost. The checks the server makes are made first; its
// refusals (422) show under their fields, `audience_empty` and others above the buttons.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { useCallback, useMemo, useState, type Ref } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/lang';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime';
import { useCurrentUser } from '../../../lib/session';
import { useSite } from '../../../lib/site-context';
import { useErrorText } from '../../../lib/use-error-text';
import { CHANNELS, type AudienceRequest, type Channel } from '../api/bulk-api';
import {
  audienceRequest,
  BODY_MAX,
  bulkProblems,
  choosesChannels,
  emptyBulkValues,
  messageInput,
  needsSubject,
  orderedChannels,
  serverFieldErrors,
  SUBJECT_MAX,
  type BulkField,
  type BulkFormValues,
  type BulkPreset,
} from '../hooks/bulk-form';
import { SMS_MAX_PARTS, smsCount } from '../hooks/sms-segments';
import { reachableMost } from '../hooks/summary';
import { useAudience, useDebounced, useSendMessage } from '../hooks/use-bulk';
import { AudienceFilters } from './audience-filters';
import { AudienceSummaryBox } from './audience-summary';
import { ConfirmSendDialog } from './confirm-send-dialog';

/** The numbers the problems' words name. */
const PROBLEM_LIMITS: Record<string, number> = { subject_too_long: SUBJECT_MAX, body_too_long: BODY_MAX, too_many_parts: SMS_MAX_PARTS };

/** The server's codes the form words as its own. */
const SERVER_CODES: Record<string, string> = { in_the_past: 'send_at_past', sms_too_long: 'too_many_parts' };

/** A field's code in words: the form's own (bulk:problems.*), else errors:<code>; null when unknown. */
export function useBulkFieldWords() {
  const { t, i18n } = useTranslation(['bulk', 'errors']);
  return useCallback(
    (field: BulkField, code: string): string | null => {
      const own = code === 'too_long' && (field === 'subject' || field === 'body') ? `${field}_too_long` : (SERVER_CODES[code] ?? code);
      if (i18n.exists(`bulk:problems.${own}`)) return t(`bulk:problems.${own}`, { n: formatNumber(PROBLEM_LIMITS[own] ?? 0, i18n.language) });
      return i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : null;
    },
    [t, i18n],
  );
}

/** Whether the role may write to everyone on the platform: the main site's super admin. */
export function useMayChooseEveryone(): boolean {
  const { menuClass } = useCurrentUser();
  const { site } = useSite();
  return menuClass === 'super' && site.is_main;
}

/** A controlled field's props for a TextField: its ref on the input itself, which a refused send focuses. */
function textFieldProps<F extends { ref: Ref<HTMLInputElement> }>({ ref, ...rest }: F) {
  return { ...rest, inputRef: ref };
}

export function ComposeCard({ preset, onSent }: { preset: BulkPreset; onSent?: () => void }) {
  const { t, i18n } = useTranslation(['bulk', 'errors', 'common']);
  const lang = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const words = useBulkFieldWords();
  const mayChooseEveryone = useMayChooseEveryone();
  const [formError, setFormError] = useState<string | null>(null);
  /** The values checked and waiting for the sender's yes. */
  const [confirming, setConfirming] = useState<BulkFormValues | null>(null);

  const resolver = useCallback<Resolver<BulkFormValues>>(
    (values) => {
      const problems = bulkProblems(values);
      const fields = Object.keys(problems) as BulkField[];
      if (!fields.length) return { values, errors: {} };
      const errors: FieldErrors<BulkFormValues> = {};
      for (const f of fields) errors[f] = { type: problems[f]!, message: words(f, problems[f]!) ?? problems[f]! };
      return { values: {}, errors };
    },
    [words],
  );
  const form = useForm<BulkFormValues>({ defaultValues: emptyBulkValues(preset), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const values = useWatch({ control: form.control }) as BulkFormValues;
  const channels = orderedChannels(values.channels ?? []);

  // The audience asked 400 ms after the last change (keyed by its text: a new render is no change).
  const requestText = JSON.stringify(audienceRequest(values, mayChooseEveryone));
  const settledText = useDebounced(requestText);
  const settled = useMemo(() => JSON.parse(settledText) as AudienceRequest, [settledText]);
  const audience = useAudience(settled);
  const upToDate = settledText === requestText && !audience.isPlaceholderData && !audience.isFetching;
  const summary = channels.length ? audience.data : undefined;
  const nobody = !!summary && upToDate && reachableMost(summary, channels) === 0;

  const send = useSendMessage();
  const busy = send.isPending;

  const submit = form.handleSubmit(
    (checked) => {
      setFormError(null);
      setConfirming(checked);
    },
    () => toast.show(t('bulk:fix_errors'), { severity: 'error' }),
  );

  const confirmSend = () => {
    if (!confirming) return;
    send.mutate(messageInput(confirming, mayChooseEveryone), {
      onSuccess: (message) => {
        setConfirming(null);
        const later = confirming.when === 'later';
        toast.show(later ? t('bulk:scheduled', { time: formatDate(message?.send_at ?? fromLocalInput(confirming.send_at), lang) }) : t('bulk:sent'));
        form.reset(emptyBulkValues(preset));
        onSent?.();
      },
      onError: (err) => {
        setConfirming(null);
        const fields = serverFieldErrors(err, words);
        // A refusal of a field the form does not show (the channels of a preset, everyone for a
        // role not offered it) goes above the buttons.
        const shown = (f: BulkField) =>
          (f !== 'channels' || choosesChannels(preset)) &&
          (f !== 'subject' || needsSubject(confirming.channels)) &&
          (f !== 'everyone' || mayChooseEveryone) &&
          (f !== 'send_at' || confirming.when === 'later');
        const named = (Object.keys(fields) as BulkField[]).filter(shown);
        const hidden = (Object.keys(fields) as BulkField[]).filter((f) => !shown(f));
        for (const f of named) form.setError(f, { type: 'server', message: fields[f] }, { shouldFocus: f === named[0] });
        if (hidden.length) setFormError(hidden.map((f) => fields[f]).join(' '));
        else if (!named.length || !(err instanceof ApiError && err.status === 422)) setFormError(errorText(err));
      },
    });
  };

  const later = values.when === 'later';
  return (
    <Card component="section" aria-labelledby="bulk-compose-title" data-testid="bulk-compose">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="bulk-compose-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('bulk:compose.title')}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="bulk-form">
          <Stack spacing={2.5}>
            {choosesChannels(preset) && <ChannelChoice control={form.control} disabled={busy} />}
            {needsSubject(channels) && (
              <Controller
                name="subject"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...textFieldProps(field)}
                    id="bulk-subject"
                    label={t('bulk:compose.subject')}
                    required
                    fullWidth
                    disabled={busy}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? t('bulk:compose.subject_hint', { n: formatNumber(SUBJECT_MAX, lang) })}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: SUBJECT_MAX } }}
                  />
                )}
              />
            )}
            <Controller
              name="body"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...textFieldProps(field)}
                  id="bulk-body"
                  label={t('bulk:compose.body')}
                  required
                  fullWidth
                  multiline
                  minRows={5}
                  disabled={busy}
                  error={!!fieldState.error}
                  helperText={
                    <>
                      {fieldState.error?.message ?? t('bulk:compose.body_hint', { n: formatNumber(BODY_MAX, lang) })}
                      {channels.includes('sms') && <SmsCounter body={values.body ?? ''} />}
                    </>
                  }
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: BODY_MAX } }}
                />
              )}
            />
            <AudienceFilters control={form.control} setValue={form.setValue} mayChooseEveryone={mayChooseEveryone} disabled={busy} />
            <AudienceSummaryBox channels={channels} query={audience} upToDate={upToDate} />
            <WhenChoice control={form.control} disabled={busy} />
            {formError && (
              <Alert severity="error" data-testid="bulk-form-error">
                {formError}
              </Alert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || nobody}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : later ? <ScheduleSendOutlinedIcon /> : <SendOutlinedIcon />}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
                data-testid="bulk-send"
              >
                {busy ? t('bulk:sending') : later ? t('bulk:schedule') : t('bulk:send')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
      <ConfirmSendDialog
        values={confirming}
        summary={confirming && upToDate ? summary : undefined}
        error={confirming && upToDate ? audience.error : null}
        busy={busy}
        onConfirm={confirmSend}
        onClose={() => !busy && setConfirming(null)}
      />
    </Card>
  );
}

type FormControlProp = ReturnType<typeof useForm<BulkFormValues>>['control'];

/** E-mail, SMS, System notification: one or more (custom only). */
function ChannelChoice({ control, disabled }: { control: FormControlProp; disabled?: boolean }) {
  const { t } = useTranslation('bulk');
  return (
    <Controller
      name="channels"
      control={control}
      render={({ field, fieldState }) => {
        const chosen = field.value ?? [];
        const toggle = (c: Channel, on: boolean) => field.onChange(orderedChannels(on ? [...chosen, c] : chosen.filter((x) => x !== c)));
        return (
          <FormControl component="fieldset" error={!!fieldState.error} disabled={disabled} data-testid="bulk-channels">
            <FormLabel component="legend">{t('channels.label')}</FormLabel>
            <FormGroup row>
              {CHANNELS.map((c, i) => (
                <FormControlLabel
                  key={c}
                  control={
                    <Checkbox
                      id={`bulk-channel-${c}`}
                      checked={chosen.includes(c)}
                      onChange={(e) => toggle(c, e.target.checked)}
                      slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }}
                    />
                  }
                  label={t(`channels.${c}`)}
                />
              ))}
            </FormGroup>
            <FormHelperText>{fieldState.error?.message ?? t('channels.hint')}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

/** "120 characters, 1 SMS part (English: 160 per part)", as the message is typed. */
export function SmsCounter({ body }: { body: string }) {
  const { t, i18n } = useTranslation('bulk');
  const lang = i18n.language;
  const c = smsCount(body.trim());
  const over = c.parts > SMS_MAX_PARTS;
  return (
    <Box component="span" sx={{ display: 'block', mt: 0.5, color: over ? 'error.main' : undefined }} data-testid="bulk-sms-counter" data-parts={c.parts} data-encoding={c.encoding}>
      {t('compose.sms_counter', { count: c.parts, n: formatNumber(c.parts, lang), chars: formatNumber(c.length, lang) })} (
      {t(`compose.per_part_${c.encoding}`, { n: formatNumber(c.perPart, lang) })}){over ? ` ${t('compose.sms_limit', { n: formatNumber(SMS_MAX_PARTS, lang) })}` : ''}
    </Box>
  );
}

/** Now, or at a time to come (the browser's time). */
function WhenChoice({ control, disabled }: { control: FormControlProp; disabled?: boolean }) {
  const { t } = useTranslation('bulk');
  const when = useWatch({ control, name: 'when' });
  return (
    <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="when"
          control={control}
          render={({ field }) => (
            <FormControl disabled={disabled}>
              <FormLabel id="bulk-when-label">{t('when.label')}</FormLabel>
              <RadioGroup row {...field} aria-labelledby="bulk-when-label" onChange={(e) => field.onChange(e.target.value)} data-testid="bulk-when">
                <FormControlLabel value="now" control={<Radio id="bulk-when-now" />} label={t('when.now')} />
                <FormControlLabel value="later" control={<Radio id="bulk-when-later" />} label={t('when.later')} />
              </RadioGroup>
            </FormControl>
          )}
        />
      </Grid>
      {when === 'later' && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="send_at"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                id="bulk-send-at"
                type="datetime-local"
                label={t('when.send_at')}
                required
                fullWidth
                disabled={disabled}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? t('when.send_at_hint')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60, min: toLocalInput(new Date()) } }}
              />
            )}
          />
        </Grid>
      )}
    </Grid>
  );
}
