// "Who sees it": the learners a promotion is shown to. Each list left empty (and no ages) leaves
// that out: nothing chosen at all, everyone sees it.
import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel, Grid, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DistrictChoices, ReferenceChoices } from '../../../components/ui/reference-choices';
import { useCategories } from '../../../lib/public-queries';
import { useProfessions } from '../../../lib/reference-api';
import { GENDERS } from '../api/promotions-api';
import type { PromotionField, PromotionFormValues } from '../hooks/promotion-form';

export interface AudienceFieldsProps {
  values: PromotionFormValues;
  errors: Partial<Record<PromotionField, string>>;
  disabled: boolean;
  onChange: (patch: Partial<PromotionFormValues>) => void;
}

export function AudienceFields({ values, errors, disabled, onChange }: AudienceFieldsProps) {
  const { t } = useTranslation('promotions');
  const categories = useCategories();
  const professions = useProfessions();
  const common = { disabled, noOptionsText: t('form.no_options'), placeholder: t('form.anyone') };
  const age = (field: 'age_start' | 'age_end', label: string) => (
    <TextField
      id={`promotion-${field}`}
      name={field}
      label={label}
      value={values[field]}
      onChange={(e) => onChange({ [field]: e.target.value })}
      disabled={disabled}
      error={!!errors[field]}
      helperText={errors[field] ?? t('form.age_hint')}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 3 }, inputLabel: { shrink: true } }}
    />
  );
  return (
    <Box component="section" aria-labelledby="promotion-audience-title">
      <Typography variant="subtitle1" component="h3" id="promotion-audience-title" sx={{ fontWeight: 700 }}>
        {t('form.audience_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('form.audience_hint')}
      </Typography>
      <Stack spacing={2}>
        <ReferenceChoices
          multiple
          id="promotion-categories"
          label={t('form.categories')}
          options={categories.data}
          loading={categories.isLoading}
          value={values.course_categories}
          onChange={(ids) => onChange({ course_categories: ids })}
          error={errors.course_categories}
          hint={t('form.categories_hint')}
          {...common}
        />
        <FormControl component="fieldset" error={!!errors.genders} disabled={disabled}>
          <FormLabel component="legend">{t('form.genders')}</FormLabel>
          <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {GENDERS.map((g) => (
              <FormControlLabel
                key={g}
                label={t(`genders.${g}`)}
                control={
                  <Checkbox
                    checked={values.genders.includes(g)}
                    onChange={(e) => onChange({ genders: e.target.checked ? [...values.genders, g] : values.genders.filter((x) => x !== g) })}
                    slotProps={{ input: { id: `promotion-gender-${g}` } }}
                  />
                }
              />
            ))}
          </Box>
          <FormHelperText>{errors.genders ?? t('form.genders_hint')}</FormHelperText>
        </FormControl>
        <ReferenceChoices
          multiple
          id="promotion-professions"
          label={t('form.professions')}
          options={professions.data}
          loading={professions.isLoading}
          value={values.professions}
          onChange={(ids) => onChange({ professions: ids })}
          error={errors.professions}
          {...common}
        />
        <DistrictChoices
          multiple
          id="promotion-districts"
          label={t('form.districts')}
          value={values.districts}
          onChange={(ids) => onChange({ districts: ids })}
          error={errors.districts}
          {...common}
        />
        <Grid container spacing={2}>
          <Grid size={6}>{age('age_start', t('form.age_start'))}</Grid>
          <Grid size={6}>{age('age_end', t('form.age_end'))}</Grid>
        </Grid>
      </Stack>
    </Box>
  );
}
