// /settings/coupons/new and /settings/coupons/:id: a coupon's form. Its code; a percentage or an
// amount of taka off; the days it is valid; how often it may be used, in all and per learner; the
// courses and categories it is for (none: every course); on or off. The server's refusals are
// shown on their fields.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { Coupon } from '../api/coupons-api';
import { COUPON_FIELDS, couponProblems, couponValues, type CouponField, type CouponFormValues } from '../hooks/coupon-form';
import { couponQuery, saveCouponMutation } from '../hooks/use-coupons';
import { COUPONS_PATH } from './coupon-list-page';
import { CategoryChoices, CourseChoices } from './coupon-scope-fields';

/** `id`: the coupon to edit, null for a new one. */
export default function CouponFormPage({ id }: { id: number | null }) {
  const { t } = useTranslation(['payments', 'common']);
  const qc = useQueryClient();
  const query = useQuery({ ...couponQuery(qc, id ?? 0), staleTime: 30_000 });
  let body;
  if (id == null) body = <CouponEditor coupon={null} />;
  else if (query.isLoading) body = <Skeleton variant="rounded" height={480} />;
  else if (query.error) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) {
    body = (
      <Card>
        <EmptyState
          message={t('payments:coupons.not_found')}
          action={
            <Button component={RouterLink} to={COUPONS_PATH} variant="outlined">
              {t('payments:coupons.back')}
            </Button>
          }
        />
      </Card>
    );
  } else body = <CouponEditor key={query.data.id} coupon={query.data} />;
  return (
    <Box data-testid="coupon-form-page" sx={{ maxWidth: 840 }}>
      <Button component={RouterLink} to={COUPONS_PATH} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }} data-testid="back-to-coupons">
        {t('payments:coupons.back')}
      </Button>
      {body}
    </Box>
  );
}

/** Client problems worded: errors:<code>, or the coupon's own words for limits and amounts. */
const OWN_WORDS = ['invalid_limit', 'amount_invalid'];

function CouponEditor({ coupon }: { coupon: Coupon | null }) {
  const { t, i18n } = useTranslation(['payments', 'errors', 'common']);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<CouponFormValues>(() => couponValues(coupon, i18n.language));
  const save = useMutation(saveCouponMutation(qc, coupon?.id));
  // Refusals of no field shown here (or of none at all) go above the button.
  const { errors, formError, changed, check } = useFieldErrors(COUPON_FIELDS, save.error, (code) =>
    t(OWN_WORDS.includes(code) ? `payments:coupons.problems.${code}` : `errors:${code}`),
  );

  const onChange = (patch: Partial<CouponFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as CouponField[]);
  };

  const onSubmit = () => {
    if (!check(couponProblems(values))) return;
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.show(t('payments:coupons.saved', { code: saved.code }));
        navigate(COUPONS_PATH);
      },
    });
  };

  return (
    <>
      <PageHeader title={coupon ? t('payments:coupons.edit_title', { code: coupon.code }) : t('payments:coupons.create_title')} subtitle={t('payments:coupons.subtitle')} />
      <CouponForm values={values} errors={errors} formError={formError} busy={save.isPending} onChange={onChange} onSubmit={onSubmit} />
    </>
  );
}

export interface CouponFormProps {
  values: CouponFormValues;
  /** Each field's refusal (the client's check or the server's). */
  errors: Partial<Record<CouponField, string>>;
  /** A refusal of no particular field. */
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<CouponFormValues>) => void;
  onSubmit: () => void;
}

export function CouponForm({ values, errors, formError, busy, onChange, onSubmit }: CouponFormProps) {
  const { t } = useTranslation(['payments', 'common']);
  const text = (field: 'code' | 'percent' | 'amount' | 'starts_on' | 'ends_on' | 'max_uses' | 'per_learner', label: string, hint: string, extra: object = {}) => (
    <TextField
      id={`coupon-${field}`}
      name={field}
      label={label}
      value={values[field]}
      onChange={(e) => onChange({ [field]: field === 'code' ? e.target.value.toUpperCase() : e.target.value })}
      disabled={busy}
      error={!!errors[field]}
      helperText={errors[field] || hint}
      fullWidth
      {...extra}
    />
  );
  const numeric = (mode: 'numeric' | 'decimal') => ({ slotProps: { htmlInput: { inputMode: mode, autoComplete: 'off' }, inputLabel: { shrink: true } } });
  const day = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          component="form"
          noValidate
          spacing={3}
          data-testid="coupon-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) onSubmit();
          }}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('code', t('payments:coupons.code'), t('payments:coupons.code_hint'), {
                required: true,
                autoFocus: !values.code,
                slotProps: { htmlInput: { autoCapitalize: 'characters', spellCheck: false, autoComplete: 'off', maxLength: 32, style: { fontFamily: 'monospace' } }, inputLabel: { shrink: true } },
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormControlLabel
                control={<Switch checked={values.active} onChange={(e) => onChange({ active: e.target.checked })} disabled={busy} data-testid="coupon-active" />}
                label={
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t('payments:coupons.active')}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('payments:coupons.active_hint')}
                    </Typography>
                  </Box>
                }
                sx={{ alignItems: 'flex-start', m: 0, '& .MuiSwitch-root': { mt: -0.5 } }}
              />
            </Grid>
            <Grid size={12}>
              <FormLabel id="coupon-kind-label">{t('payments:coupons.kind')}</FormLabel>
              <RadioGroup row aria-labelledby="coupon-kind-label" value={values.kind} onChange={(e) => onChange({ kind: e.target.value as CouponFormValues['kind'] })} data-testid="coupon-kind">
                <FormControlLabel value="percent" control={<Radio />} label={t('payments:coupons.kind_percent')} disabled={busy} />
                <FormControlLabel value="fixed" control={<Radio />} label={t('payments:coupons.kind_fixed')} disabled={busy} />
              </RadioGroup>
              {errors.kind && (
                <Typography variant="caption" color="error" role="alert">
                  {errors.kind}
                </Typography>
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {values.kind === 'percent'
                ? text('percent', t('payments:coupons.percent'), t('payments:coupons.percent_hint'), { required: true, ...numeric('numeric') })
                : text('amount', t('payments:coupons.amount'), t('payments:coupons.amount_hint'), { required: true, ...numeric('decimal') })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: { xs: 'none', sm: 'block' } }} />
            <Grid size={{ xs: 12, sm: 6 }}>{text('starts_on', t('payments:coupons.starts_on'), t('payments:coupons.date_hint'), day)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('ends_on', t('payments:coupons.ends_on'), t('payments:coupons.date_hint'), day)}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('max_uses', t('payments:coupons.max_uses'), t('payments:coupons.max_uses_hint'), numeric('numeric'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('per_learner', t('payments:coupons.per_learner'), t('payments:coupons.per_learner_hint'), { required: true, ...numeric('numeric') })}</Grid>
          </Grid>
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {t('payments:coupons.scope_title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('payments:coupons.scope_hint')}
            </Typography>
            <Stack spacing={2}>
              <CourseChoices ids={values.course_ids} onChange={(ids) => onChange({ course_ids: ids })} error={errors.course_ids} disabled={busy} />
              <CategoryChoices ids={values.category_ids} onChange={(ids) => onChange({ category_ids: ids })} error={errors.category_ids} disabled={busy} />
            </Stack>
          </Box>
          {formError && (
            <Alert severity="error" data-testid="coupon-form-error">
              {formError}
            </Alert>
          )}
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={COUPONS_PATH} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="save-coupon"
            >
              {busy ? t('common:actions.saving') : t('payments:coupons.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
