// The event form (/events/create, and above the tabs of /events/edit/:id): titles and
// descriptions in English and Bangla, when (datetime-local inputs in the browser's time, sent in
// UTC) and where (a venue or an online link), seats (empty: no limit), who gets a seat (anyone
// who registers, or those a manager approves) and whether it is published. The checks the server
// makes are made first; the server's refusals (422) show under their fields, translated.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useCallback, useState, type Ref } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormSection } from '../../../components/ui/form-section';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { EventItem } from '../api/events-api';
import {
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  emptyEventValues,
  eventBody,
  eventProblems,
  eventValues,
  serverFieldErrors,
  TITLE_MAX,
  URL_MAX,
  VENUE_MAX,
  type EventField,
  type EventFormValues,
} from '../hooks/event-form';
import { useSaveEvent } from '../hooks/use-events';

type Form = UseFormReturn<EventFormValues>;

/** A controlled field's props for a TextField: its ref on the input itself, which a refused save focuses. */
function textFieldProps<F extends { ref: Ref<HTMLInputElement> }>({ ref, ...rest }: F) {
  return { ...rest, inputRef: ref };
}

/** A field's code in words: the form's own for a missing place, else errors:<code>; null when unknown. */
export function useEventFieldWords() {
  const { t, i18n } = useTranslation(['events', 'errors']);
  return useCallback(
    (field: EventField, code: string): string | null => {
      if (code === 'venue_or_link' || (field === 'venue' && code === 'required')) return t('events:form.venue_or_link');
      if (code === 'out_of_range' && field === 'capacity') return t('events:form.capacity_range', { max: formatNumber(CAPACITY_MAX, i18n.language) });
      return i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : null;
    },
    [t, i18n],
  );
}

export function EventForm({ event, onSaved }: { event: EventItem | null; onSaved?: (saved: EventItem) => void }) {
  const { t, i18n } = useTranslation(['events', 'errors', 'common']);
  const lang = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const words = useEventFieldWords();
  const [formError, setFormError] = useState<string | null>(null);

  const resolver = useCallback<Resolver<EventFormValues>>(
    (values) => {
      const problems = eventProblems(values);
      const fields = Object.keys(problems) as EventField[];
      if (!fields.length) return { values, errors: {} };
      const errors: FieldErrors<EventFormValues> = {};
      for (const f of fields) errors[f] = { type: problems[f]!, message: words(f, problems[f]!) ?? problems[f]! };
      return { values: {}, errors };
    },
    [words],
  );
  const form = useForm<EventFormValues>({
    defaultValues: event ? eventValues(event, lang) : emptyEventValues(),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const save = useSaveEvent(event?.id);

  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      save.mutate(eventBody(values), {
        onSuccess: (saved) => {
          toast.show(event ? t('events:form.saved') : t('events:form.created'));
          form.reset(eventValues(saved, lang));
          onSaved?.(saved);
        },
        onError: (err) => {
          const fields = serverFieldErrors(err, words);
          const named = Object.keys(fields) as EventField[];
          for (const f of named) form.setError(f, { type: 'server', message: fields[f] }, { shouldFocus: f === named[0] });
          if (!named.length || !(err instanceof ApiError && err.status === 422)) setFormError(errorText(err));
        },
      });
    },
    () => toast.show(t('events:form.fix_errors'), { severity: 'error' }),
  );
  const busy = save.isPending;

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="event-form" aria-label={event ? t('events:form.edit_title') : t('events:form.create_title')}>
      <Stack spacing={2.5}>
        <FormSection title={t('events:form.about')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput form={form} name="title" id="event-title" label={t('events:form.title')} langAttr="en" max={TITLE_MAX} required autoFocus={!event} disabled={busy} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput form={form} name="title_bn" id="event-title-bn" label={t('events:form.title_bn')} langAttr="bn" max={TITLE_MAX} disabled={busy} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput form={form} name="description" id="event-description" label={t('events:form.description')} langAttr="en" max={DESCRIPTION_MAX} multiline disabled={busy} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput form={form} name="description_bn" id="event-description-bn" label={t('events:form.description_bn')} langAttr="bn" max={DESCRIPTION_MAX} multiline disabled={busy} />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('events:form.when_where')}>
          <Grid container spacing={2}>
            {(['starts_at', 'ends_at'] as const).map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                <Controller
                  name={name}
                  control={form.control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...textFieldProps(field)}
                      id={name === 'starts_at' ? 'event-starts-at' : 'event-ends-at'}
                      type="datetime-local"
                      label={t(`events:form.${name}`)}
                      required
                      fullWidth
                      disabled={busy}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? t('events:form.time_hint')}
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60, min: name === 'ends_at' ? form.getValues('starts_at') || undefined : undefined } }}
                    />
                  )}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput form={form} name="venue" id="event-venue" label={t('events:form.venue')} hint={t('events:form.venue_hint')} max={VENUE_MAX} disabled={busy} revalidate={['venue', 'online_link']} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput
                form={form}
                name="online_link"
                id="event-online-link"
                label={t('events:form.online_link')}
                hint={t('events:form.online_link_hint')}
                max={URL_MAX}
                type="url"
                placeholder="https://"
                disabled={busy}
                revalidate={['venue', 'online_link']}
              />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('events:form.registration')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                name="capacity"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...textFieldProps(field)}
                    id="event-capacity"
                    label={t('events:form.capacity')}
                    fullWidth
                    disabled={busy}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? t('events:form.capacity_hint')}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 9 } }}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <Controller
                name="registration"
                control={form.control}
                render={({ field, fieldState }) => (
                  <FormControl error={!!fieldState.error} disabled={busy}>
                    <FormLabel id="event-registration-label">{t('events:form.registration_mode')}</FormLabel>
                    <RadioGroup {...field} aria-labelledby="event-registration-label" onChange={(e) => field.onChange(e.target.value)}>
                      <FormControlLabel value="open" control={<Radio id="event-registration-open" />} label={<Choice title={t('events:form.open')} hint={t('events:form.open_hint')} />} sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 } }} />
                      <FormControlLabel
                        value="approval"
                        control={<Radio id="event-registration-approval" />}
                        label={<Choice title={t('events:form.approval')} hint={t('events:form.approval_hint')} />}
                        sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -0.5 } }}
                      />
                    </RadioGroup>
                    {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                  </FormControl>
                )}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                name="published"
                control={form.control}
                render={({ field }) => (
                  <Box>
                    <FormControlLabel
                      control={<Switch id="event-published" checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={busy} slotProps={{ input: { ref: field.ref } }} />}
                      label={t('events:form.published')}
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
                      {t('events:form.published_hint')}
                    </Typography>
                  </Box>
                )}
              />
            </Grid>
          </Grid>
        </FormSection>

        {formError && (
          <Alert severity="error" data-testid="event-form-error">
            {formError}
          </Alert>
        )}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {!event && (
            <Button component={RouterLink} to="/events/list" disabled={busy}>
              {t('events:form.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CheckIcon />}
            data-testid="save-event"
          >
            {busy ? t('events:form.saving') : event ? t('events:form.save_changes') : t('events:form.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

type TextName = 'title' | 'title_bn' | 'description' | 'description_bn' | 'venue' | 'online_link';

function TextInput(props: {
  form: Form;
  name: TextName;
  id: string;
  label: string;
  hint?: string;
  langAttr?: 'en' | 'bn';
  max: number;
  multiline?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  type?: string;
  placeholder?: string;
  /** Fields checked again together once the form was submitted (a venue or a link will do). */
  revalidate?: EventField[];
}) {
  const { form, name, revalidate } = props;
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...textFieldProps(field)}
          onChange={(e) => {
            field.onChange(e);
            if (revalidate && form.formState.isSubmitted) void form.trigger(revalidate);
          }}
          id={props.id}
          label={props.label}
          type={props.type}
          placeholder={props.placeholder}
          required={props.required}
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          fullWidth
          multiline={props.multiline}
          minRows={props.multiline ? 4 : undefined}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? props.hint}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { lang: props.langAttr, maxLength: props.max, ...(props.type === 'url' && { inputMode: 'url', spellCheck: false }) } }}
        />
      )}
    />
  );
}

function Choice({ title, hint }: { title: string; hint: string }) {
  return (
    <Box>
      <Typography>{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </Box>
  );
}
