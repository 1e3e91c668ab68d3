// Venue & sessions tab: where the batch meets (a venue used before can be picked again), the share
// of sessions that earns the certificate and the tax taken from honoraria; its trainers (added by
// e-mail, each with a rate per session); its sessions.
import { Alert, Autocomplete, Box, Button, CircularProgress, Grid, InputAdornment, Skeleton, Stack, TextField } from '@mui/material';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundTextField } from '../../../components/ui/bound-text-field';
import { ErrorState } from '../../../components/ui/error-state';
import { FormSection } from '../../../components/ui/form-section';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { Batch } from '../../courses/api/courses-api';
import { updateTrainingBatch, type TrainingBatch, type Venue } from '../api/trainings-api';
import { ADDRESS_MAX, VENUE_FIELDS, VENUE_MAX, venueBody, venueProblems, venueValues, type VenueField, type VenueValues } from '../hooks/detail-forms';
import { trainingKeys, useTrainingBatch, useVenues } from '../hooks/use-trainings';
import { useProblemWords } from '../hooks/use-problem-words';
import { SessionsSection } from './sessions-section';
import { TrainersSection } from './trainers-section';

const SEARCH_DELAY_MS = 300;

export function VenueTab({ batch }: { batch: Batch }) {
  const query = useTrainingBatch(batch.id);
  if (query.isLoading) return <Skeleton variant="rounded" height={360} />;
  if (query.isError || !query.data) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const training = query.data;
  return (
    <Stack spacing={2.5}>
      <VenueForm training={training} />
      <TrainersSection training={training} />
      <SessionsSection training={training} />
    </Stack>
  );
}

function VenueForm({ training }: { training: TrainingBatch }) {
  const { t, i18n } = useTranslation(['trainings', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const words = useProblemWords();
  const [values, setValues] = useState<VenueValues>(() => venueValues(training, lang));
  const [dirty, setDirty] = useState(false);
  const save = useMutation({
    mutationFn: (v: VenueValues) => updateTrainingBatch(training.batch.id, venueBody(v)),
    onSuccess: (saved) => {
      qc.setQueryData(trainingKeys.batch(training.batch.id), saved);
      // The trainees' eligibility and the honoraria follow the new rules.
      void qc.invalidateQueries({ queryKey: trainingKeys.trainees(training.batch.id) });
      void qc.invalidateQueries({ queryKey: trainingKeys.honorarium(training.batch.id) });
      setValues(venueValues(saved, lang));
      setDirty(false);
      toast.show(t('trainings:venue.saved'));
    },
  });
  const { errors, formError, changed, check } = useFieldErrors(VENUE_FIELDS, save.error, words);
  // Saved elsewhere (another tab of this browser): the untouched form follows.
  useEffect(() => {
    if (!dirty) setValues(venueValues(training, lang));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [training]);
  const onChange = (patch: Partial<VenueValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty(true);
    changed(Object.keys(patch) as VenueField[]);
  };
  const text = boundTextField({ idPrefix: 'training-venue', values, errors, disabled: save.isPending, onChange });
  const numeric = { inputMode: 'decimal', autoComplete: 'off', maxLength: 8 };
  return (
    <FormSection title={t('trainings:venue.title')}>
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); if (check(venueProblems(values))) save.mutate(values); }} data-testid="venue-form">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <VenuePicker value={values.venue} error={errors.venue} disabled={save.isPending} onChange={(venue) => onChange({ venue })} onPick={(v) => onChange({ venue: v.venue, venue_bn: v.venue_bn, address: v.address })} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>{text('venue_bn', t('trainings:venue.venue_bn'), { slotProps: { htmlInput: { lang: 'bn', maxLength: VENUE_MAX } } })}</Grid>
          <Grid size={12}>{text('address', t('trainings:venue.address'), { multiline: true, minRows: 2, slotProps: { htmlInput: { maxLength: ADDRESS_MAX } } })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {text('completion_percent', t('trainings:venue.completion_percent'), {
              helperText: t('trainings:venue.completion_hint'),
              slotProps: { htmlInput: { ...numeric, inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {text('tax_basis_points', t('trainings:venue.tax_percent'), {
              helperText: t('trainings:venue.tax_hint'),
              slotProps: { htmlInput: numeric, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } },
            })}
          </Grid>
        </Grid>
        {formError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="venue-error">
            {formError}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />} data-testid="save-venue">
            {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </Stack>
      </Box>
    </FormSection>
  );
}

/** The venue's name, with the venues this site used before to pick from (their Bangla name and address come along). */
function VenuePicker({ value, error, disabled, onChange, onPick }: { value: string; error?: string; disabled: boolean; onChange: (v: string) => void; onPick: (v: Venue) => void }) {
  const { t, i18n } = useTranslation('trainings');
  const [open, setOpen] = useState(false);
  // Asked for once typing pauses.
  const [search, setSearch] = useState(value.trim());
  useEffect(() => {
    const id = window.setTimeout(() => setSearch(value.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [value]);
  const venues = useVenues(search, open);
  return (
    <Autocomplete<Venue, false, false, true>
      id="training-venue-venue"
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={venues.data ?? []}
      loading={venues.isFetching}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.venue)}
      inputValue={value}
      onInputChange={(_e, v, reason) => reason === 'input' && onChange(v)}
      onChange={(_e, v) => (v && typeof v !== 'string' ? onPick(v) : undefined)}
      disabled={disabled}
      renderOption={(props, o) => (
        <li {...props} key={`${o.venue}|${o.address}`}>
          <Box>
            <div>{o.venue}</div>
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875em' }}>
              {[o.address, t('venue.used_times', { n: formatNumber(o.batches, i18n.language), count: o.batches })].filter(Boolean).join(' · ')}
            </Box>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('venue.venue')}
          error={!!error}
          helperText={error ?? t('venue.venue_hint')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, lang: 'en', maxLength: VENUE_MAX } }}
        />
      )}
    />
  );
}
