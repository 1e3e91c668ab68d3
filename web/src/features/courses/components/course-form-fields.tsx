// Fields of the course form, shared by the create stepper and the details tab (one react-hook-form).
import {
  Box,
  Button,
  FormControlLabel,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useState } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CategorySelect } from '../../../components/ui/category-select';
import { ImagePickerField } from '../../../components/ui/image-picker-field';
import { formatNumber } from '../../../lib/lang';
import { COURSE_LANGUAGES, COURSE_TYPES, LEVELS } from '../api/courses-api';
import { hasTitle, OBJECTIVE_MAX, SUMMARY_MAX, TITLE_MAX, type CourseFormValues } from '../hooks/course-form';
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from '../../../lib/image-file';
import { revalidateTogether } from '../hooks/paired-fields';

const TITLES: ('title_bn' | 'title')[] = ['title_bn', 'title'];

type Form = UseFormReturn<CourseFormValues>;

/** `typed`: the author chooses the type (not for a certificate exam). */
export function CourseBasicsFields({ form, typed = true }: { form: Form; typed?: boolean }) {
  const { t, i18n } = useTranslation('courses');
  const { control } = form;
  const tooLong = t('form.too_long', { n: formatNumber(TITLE_MAX, i18n.language) });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          name="title_bn"
          control={control}
          rules={{
            validate: (_, values) => hasTitle(values) || t('form.title_required'),
            maxLength: { value: TITLE_MAX, message: tooLong },
          }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(e) => {
                field.onChange(e);
                revalidateTogether(form, TITLES);
              }}
              id="course-title-bn"
              label={t('form.title_bn')}
              fullWidth
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? t('form.title_hint')}
              slotProps={{ htmlInput: { lang: 'bn' } }}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          name="title"
          control={control}
          rules={{ deps: ['title_bn'], maxLength: { value: TITLE_MAX, message: tooLong } }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(e) => {
                field.onChange(e);
                revalidateTogether(form, TITLES);
              }}
              id="course-title"
              label={t('form.title')}
              fullWidth
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { lang: 'en' } }}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          name="category_id"
          control={control}
          render={({ field, fieldState }) => (
            <CategorySelect
              field={field}
              fieldState={fieldState}
              id="course-category"
              label={t('form.category')}
              noneLabel={t('form.no_category')}
              loadErrorText={t('form.categories_error')}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 6 }}>
        <Controller
          name="level"
          control={control}
          render={({ field, fieldState }) => (
            <TextField {...field} id="course-level" select label={t('form.level')} fullWidth error={!!fieldState.error} helperText={fieldState.error?.message}>
              {LEVELS.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`levels.${l}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="language"
          control={control}
          render={({ field, fieldState }) => (
            <TextField {...field} id="course-language" select label={t('form.language')} fullWidth error={!!fieldState.error} helperText={fieldState.error?.message}>
              {COURSE_LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`languages.${l}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      {typed && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="course_type"
            control={control}
            render={({ field, fieldState }) => (
              <TextField {...field} id="course-type" select label={t('form.course_type')} fullWidth error={!!fieldState.error} helperText={fieldState.error?.message}>
                {COURSE_TYPES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`types.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      )}
    </Grid>
  );
}

export function CourseDescriptionFields({ form }: { form: Form }) {
  const { t, i18n } = useTranslation('courses');
  const { control, register, formState } = form;
  const { fields, append, insert, remove } = useFieldArray({ control, name: 'objectives' });
  const objectivesError = formState.errors.objectives;
  return (
    <Stack spacing={2.5}>
      <Controller
        name="summary"
        control={control}
        rules={{ maxLength: { value: SUMMARY_MAX, message: t('form.too_long', { n: formatNumber(SUMMARY_MAX, i18n.language) }) } }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="course-summary"
            label={t('form.summary')}
            multiline
            minRows={4}
            fullWidth
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? t('form.summary_hint')}
          />
        )}
      />
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('form.objectives')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('form.objectives_hint')}
        </Typography>
        <Stack spacing={1.25} component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {fields.map((f, i) => {
            const { ref, ...reg } = register(`objectives.${i}.text`, {
              maxLength: { value: OBJECTIVE_MAX, message: t('form.too_long', { n: formatNumber(OBJECTIVE_MAX, i18n.language) }) },
            });
            const err = objectivesError?.[i]?.text?.message;
            const label = t('form.objective_n', { n: formatNumber(i + 1, i18n.language) });
            return (
              <Stack component="li" key={f.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  {...reg}
                  inputRef={ref}
                  size="small"
                  fullWidth
                  label={label}
                  error={!!err}
                  helperText={err}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      insert(i + 1, { text: '' }, { shouldFocus: true });
                    }
                  }}
                />
                <Tooltip title={t('form.remove_objective')}>
                  <span>
                    <IconButton aria-label={`${t('form.remove_objective')}: ${label}`} onClick={() => remove(i)} disabled={fields.length <= 1} sx={{ mt: 0.25 }}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            );
          })}
        </Stack>
        <Button startIcon={<AddIcon />} onClick={() => append({ text: '' }, { shouldFocus: true })} sx={{ mt: 1 }}>
          {t('form.add_objective')}
        </Button>
        {objectivesError?.message && (
          <Typography color="error" variant="body2">
            {objectivesError.message}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

export function CourseMediaFields({ form }: { form: Form }) {
  const { t } = useTranslation('courses');
  const [problem, setProblem] = useState<string | null>(null);
  const { control } = form;
  const texts = { title: t('form.thumbnail'), hint: t('form.thumbnail_hint'), preview: t('form.thumbnail_preview'), empty: t('form.no_thumbnail'), upload: t('form.thumbnail_upload'), change: t('form.thumbnail_change') };
  return (
    <Stack spacing={3}>
      <Controller
        name="thumbnail"
        control={control}
        render={({ field, fieldState }) => (
          <ImagePickerField
            texts={texts}
            src={field.value || null}
            types={THUMBNAIL_TYPES}
            maxBytes={THUMBNAIL_MAX_BYTES}
            error={problem ?? fieldState.error?.message}
            actions={
              field.value && (
                <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => field.onChange(null)}>
                  {t('form.thumbnail_remove')}
                </Button>
              )
            }
            testId="thumbnail"
            onPick={(dataUrl) => {
              setProblem(null);
              field.onChange(dataUrl);
            }}
            onProblem={(p) => setProblem(p === 'type' ? t('form.thumbnail_type') : t('form.thumbnail_size'))}
          />
        )}
      />
      <Controller
        name="enforce_order"
        control={control}
        render={({ field }) => (
          <Box>
            <FormControlLabel
              control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('form.enforce_order')}
            />
            <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
              {t('form.enforce_order_hint')}
            </Typography>
          </Box>
        )}
      />
      <Controller
        name="teachers_only"
        control={control}
        render={({ field }) => <TeachersOnlySwitch checked={!!field.value} onChange={field.onChange} />}
      />
    </Stack>
  );
}

/** "Only verified teachers may enrol" (SPEC §4 type 3), with what it means; `id` prefixes its ids. */
export function TeachersOnlySwitch({ checked, onChange, id = 'course-teachers-only' }: { checked: boolean; onChange: (checked: boolean) => void; id?: string }) {
  const { t } = useTranslation('courses');
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{ input: { id, 'aria-describedby': `${id}-hint`, 'data-testid': 'teachers-only-switch' } as React.InputHTMLAttributes<HTMLInputElement> }}
          />
        }
        label={t('courses:form.teachers_only')}
      />
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
        {t('courses:form.teachers_only_hint')}
      </Typography>
    </Box>
  );
}
