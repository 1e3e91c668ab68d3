// Create or edit a batch: names, dates, enrolment limit, price, open or approval enrolment,
// restricted to listed candidates, certificate approval and template.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatTaka } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { createBatch, updateBatch, type Batch } from '../api/courses-api';
import { BATCH_CODE_FIELD, batchBody, batchProblems, batchValues, isPriceInvalid, type BatchFormValues } from '../hooks/batch-form';
import { applyFieldErrors } from '../../../lib/server-errors';
import { useTemplates } from '../hooks/use-courses';

const FIELDS = ['name', 'name_bn', 'start_date', 'end_date', 'enrolment_limit', 'let_enroll', 'restricted', 'certificate_approval', 'template_id', 'price'];

export function BatchDialog(props: { open: boolean; courseId: number; batch: Batch | null; onClose: () => void; onSaved: (b: Batch, created: boolean) => void }) {
  const { t, i18n } = useTranslation(['courses', 'common', 'errors']);
  const errorText = useErrorText();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const templates = useTemplates();
  const { open, batch } = props;
  const form = useForm<BatchFormValues>({ defaultValues: batchValues(null), reValidateMode: 'onChange' });

  useEffect(() => {
    if (open) form.reset(batchValues(batch, new Date(), i18n.language));
    // The language is read when the dialog opens: switching it meanwhile keeps what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, batch, form]);

  const save = useMutation({
    mutationFn: (v: BatchFormValues) => (batch ? updateBatch({ id: batch.id, ...batchBody(v) }) : createBatch({ course_id: props.courseId, ...batchBody(v) })),
    onSuccess: (saved) => props.onSaved(saved, !batch),
    onError: (err) => {
      const set = applyFieldErrors(form.setError, err, FIELDS);
      // The price's refusal in the interface's words, whether the server sent it as the answer's
      // code or as the price field's entry.
      if (isPriceInvalid(err)) form.setError('price', { type: 'server', message: t('errors:price_invalid') });
      else if (!set.length && err instanceof ApiError && err.code && BATCH_CODE_FIELD[err.code]) {
        form.setError(BATCH_CODE_FIELD[err.code], { type: 'server', message: errorText(err) });
      }
    },
  });

  /** The client checks, reported on each field. */
  const rule = (field: keyof BatchFormValues) => (_: unknown, v: BatchFormValues) => {
    const p = batchProblems(v).find((x) => x.field === field);
    return !p || t(`courses:batches.problems.${p.problem}`);
  };
  const text = (name: 'name_bn' | 'name' | 'start_date' | 'end_date' | 'enrolment_limit', label: string, extra: object = {}, deps?: (keyof BatchFormValues)[]) => (
    <Controller
      name={name}
      control={form.control}
      rules={{ validate: rule(name), deps }}
      render={({ field, fieldState }) => (
        <TextField {...field} id={`batch-${name}`} label={label} error={!!fieldState.error} helperText={fieldState.error?.message} fullWidth {...extra} />
      )}
    />
  );

  return (
    <Dialog open={open} onClose={() => !save.isPending && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="batch-dialog-title" slotProps={{ transition: { onExited: () => save.reset() } }}>
      <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <DialogTitle id="batch-dialog-title">{batch ? t('courses:batches.edit') : t('courses:batches.create')}</DialogTitle>
        <DialogContent>
          {save.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(save.error)}
            </Alert>
          )}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>{text('name_bn', t('courses:batches.name_bn'), { autoFocus: true, slotProps: { htmlInput: { lang: 'bn' } } })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('name', t('courses:batches.name'), { slotProps: { htmlInput: { lang: 'en' } } }, ['name_bn'])}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('start_date', t('courses:batches.start_date'), { type: 'date', slotProps: { inputLabel: { shrink: true } } }, ['end_date'])}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('end_date', t('courses:batches.end_date'), { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('enrolment_limit', t('courses:batches.limit'), { type: 'number', placeholder: t('courses:batches.no_limit'), slotProps: { htmlInput: { min: 1, step: 1, inputMode: 'numeric' }, inputLabel: { shrink: true } } })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                name="price"
                control={form.control}
                rules={{ validate: rule('price') }}
                render={({ field, fieldState }) => <BatchPriceField {...field} error={fieldState.error?.message} current={batch?.price_poisha ?? 0} />}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                name="template_id"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    id="batch-template"
                    select
                    label={t('courses:batches.template')}
                    fullWidth
                    error={!!fieldState.error || templates.isError}
                    helperText={fieldState.error?.message ?? (templates.isError ? t('courses:batches.templates_error') : undefined)}
                    slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                  >
                    <MenuItem value="">
                      <em>{t('courses:batches.default_template')}</em>
                    </MenuItem>
                    {(templates.data ?? []).map((tp) => (
                      <MenuItem key={tp.id} value={String(tp.id)}>
                        {tp.name} · {t(`courses:languages.${tp.language}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                name="let_enroll"
                control={form.control}
                render={({ field }) => (
                  <Box>
                    <FormLabel id="batch-let-enroll">{t('courses:batches.enrolment')}</FormLabel>
                    <RadioGroup aria-labelledby="batch-let-enroll" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                      <FormControlLabel value="1" control={<Radio />} label={<Option title={t('courses:batches.let_enroll.1')} hint={t('courses:batches.let_enroll_hint.1')} />} sx={{ alignItems: 'flex-start', mt: 0.5 }} />
                      <FormControlLabel value="2" control={<Radio />} label={<Option title={t('courses:batches.let_enroll.2')} hint={t('courses:batches.let_enroll_hint.2')} />} sx={{ alignItems: 'flex-start', mt: 0.5 }} />
                    </RadioGroup>
                  </Box>
                )}
              />
            </Grid>
            {(['restricted', 'certificate_approval'] as const).map((name) => (
              <Grid key={name} size={12}>
                <Controller
                  name={name}
                  control={form.control}
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': `batch-${name}` } as object }} />}
                      label={<Option title={t(`courses:batches.${name}`)} hint={t(`courses:batches.${name}_hint`)} />}
                      sx={{ alignItems: 'flex-start' }}
                    />
                  )}
                />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="save-batch">
            {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function Option({ title, hint }: { title: string; hint: string }) {
  return (
    <Box sx={{ pt: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </Box>
  );
}

export interface BatchPriceFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /** The input (react-hook-form focuses a refused field). */
  ref?: React.Ref<HTMLInputElement>;
  /** The refusal (the client's check or the server's), shown instead of the hint. */
  error?: string;
  /** The batch's saved price in poisha (0: free or a new batch). */
  current: number;
}

/**
 * Price in taka: a text field with the decimal keypad (type=number would refuse Bangla digits),
 * hinting that 0 or empty means free, and the saved price while editing a paid batch.
 */
export function BatchPriceField({ value, onChange, onBlur, name, ref, error, current }: BatchPriceFieldProps) {
  const { t, i18n } = useTranslation('courses');
  const hint = current > 0 ? t('batches.price_now', { price: formatTaka(current, i18n.language) }) : t('batches.price_hint');
  return (
    <TextField
      id="batch-price"
      name={name}
      label={t('batches.price')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={ref}
      placeholder={t('batches.free')}
      error={!!error}
      helperText={error ?? hint}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
      data-testid="batch-price"
    />
  );
}
