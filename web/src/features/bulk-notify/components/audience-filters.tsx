// Who gets the message: everyone on the platform (a switch, for the main site's super admin only),
// else the people enrolled in this site's courses, narrowed by a course (searched on the server as
// the sender types, from the authors' course list), one of its batches (the course's batches, once a
// course is chosen; another course clears it), the enrolment's status, and the person's district and
// profession (the reference lists the profile form uses). Nothing chosen: everyone enrolled here.
import { Autocomplete, FormControlLabel, Grid, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type Ref } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadingAutocompleteInput } from '../../../components/ui/loading-autocomplete-input';
import { DistrictChoices, ReferenceChoices } from '../../../components/ui/reference-choices';
import { fetchCourseBatches, fetchCoursePage } from '../../../lib/authoring-api';
import { localName, localTitle } from '../../../lib/course-text';
import { SECTION_QUERY } from '../../../lib/forbidden';
import { formatNumber } from '../../../lib/lang';
import { useProfessions } from '../../../lib/reference-api';
import { ENROLMENT_FILTERS } from '../api/bulk-api';
import type { BulkFormValues, CourseOption } from '../hooks/bulk-form';
import { retry, useRoleKey } from '../hooks/use-bulk';

const SEARCH_DELAY_MS = 300;
/** How many courses the picker offers per search. */
export const COURSE_CHOICES_LIMIT = 50;

/** What the batch choice needs of a batch. */
interface BatchOption {
  id: number;
  name: string;
  name_bn: string | null;
}

interface FiltersProps {
  control: Control<BulkFormValues>;
  setValue: UseFormSetValue<BulkFormValues>;
  mayChooseEveryone: boolean;
  disabled?: boolean;
}

export function AudienceFilters({ control, setValue, mayChooseEveryone, disabled }: FiltersProps) {
  const { t } = useTranslation('bulk');
  const everyone = useWatch({ control, name: 'everyone' });
  const course = useWatch({ control, name: 'course' });
  // With everyone chosen the filters do not apply.
  const off = disabled || (mayChooseEveryone && everyone);
  return (
    <section aria-labelledby="bulk-audience-title" data-testid="bulk-audience">
      <Typography id="bulk-audience-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('audience.title')}
      </Typography>
      <Grid container spacing={2}>
        {mayChooseEveryone && (
          <Grid size={12}>
            <Controller
              name="everyone"
              control={control}
              render={({ field, fieldState }) => (
                <>
                  <FormControlLabel
                    control={<Switch id="bulk-everyone" checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} slotProps={{ input: { ref: field.ref } }} />}
                    label={t('audience.everyone')}
                    data-testid="bulk-everyone"
                  />
                  <Typography variant="body2" color={fieldState.error ? 'error' : 'text.secondary'} sx={{ ml: { xs: 0, sm: 6 } }}>
                    {fieldState.error?.message ?? t('audience.everyone_hint')}
                  </Typography>
                </>
              )}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            name="course"
            control={control}
            render={({ field, fieldState }) => (
              <CoursePicker
                value={field.value}
                onChange={(c) => {
                  field.onChange(c);
                  // A batch is of one course: another course's would be refused.
                  setValue('batch_id', null);
                }}
                error={fieldState.error?.message}
                disabled={off}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            name="batch_id"
            control={control}
            render={({ field, fieldState }) => (
              <BatchSelect courseId={course?.id ?? null} value={field.value} onChange={field.onChange} inputRef={field.ref} error={fieldState.error?.message} disabled={off} />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Controller
            name="status"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                id="bulk-status"
                label={t('audience.status')}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
                inputRef={field.ref}
                fullWidth
                disabled={off}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                data-testid="bulk-status"
              >
                <MenuItem value="">{t('audience.any_status')}</MenuItem>
                {ENROLMENT_FILTERS.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`audience.statuses.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="district_id"
            control={control}
            render={({ field, fieldState }) => (
              <DistrictChoices
                id="bulk-district"
                label={t('audience.district')}
                placeholder={t('audience.any_district')}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                noOptionsText={t('audience.no_options')}
                disabled={off}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller name="profession_id" control={control} render={({ field, fieldState }) => <ProfessionChoice value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={off} />} />
        </Grid>
      </Grid>
    </section>
  );
}

function ProfessionChoice({ value, onChange, error, disabled }: { value: number | null; onChange: (id: number | null) => void; error?: string; disabled?: boolean }) {
  const { t } = useTranslation('bulk');
  const professions = useProfessions();
  return (
    <ReferenceChoices
      id="bulk-profession"
      label={t('audience.profession')}
      placeholder={t('audience.any_profession')}
      options={professions.data}
      loading={professions.isLoading}
      value={value}
      onChange={onChange}
      error={error}
      noOptionsText={t('audience.no_options')}
      disabled={disabled}
    />
  );
}

/** The site's courses matching what is typed (searched on the server after a pause); one, or none. */
function CoursePicker({ value, onChange, error, disabled }: { value: CourseOption | null; onChange: (c: CourseOption | null) => void; error?: string; disabled?: boolean }) {
  const { t, i18n } = useTranslation('bulk');
  const lang = i18n.language;
  const role = useRoleKey();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = window.setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [typed]);
  const [open, setOpen] = useState(false);
  const list = useQuery({
    queryKey: ['bulk', role, 'courses', search],
    queryFn: () => fetchCoursePage<CourseOption>({ page: 1, limit: COURSE_CHOICES_LIMIT, ...(search ? { search } : {}) }),
    // Asked once the list is opened (or typed in), not on every visit of the page.
    enabled: open || !!search,
    placeholderData: (prev) => prev,
    staleTime: 60_000,
    retry,
    meta: SECTION_QUERY,
  });
  const label = (c: CourseOption) => localTitle(c, lang) || t('audience.course_number', { n: formatNumber(c.id, lang) });
  return (
    <Autocomplete<CourseOption>
      id="bulk-course"
      options={list.data?.data ?? []}
      value={value}
      onChange={(_, chosen) => onChange(chosen ? { id: chosen.id, title: chosen.title ?? '', title_bn: chosen.title_bn ?? '' } : null)}
      onInputChange={(_, v, reason) => setTyped(reason === 'input' ? v : '')}
      onOpen={() => setOpen(true)}
      // The server searches; every option it answers fits.
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      loading={list.isFetching}
      noOptionsText={t('audience.no_options')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <LoadingAutocompleteInput
          params={params}
          loading={list.isFetching}
          label={t('audience.course')}
          placeholder={value ? undefined : t('audience.any_course')}
          error={!!error}
          helperText={error || undefined}
          data-testid="bulk-course"
        />
      )}
    />
  );
}

/** The chosen course's batches, or all of them; waits for a course. */
function BatchSelect(props: { courseId: number | null; value: number | null; onChange: (id: number | null) => void; inputRef: Ref<HTMLInputElement>; error?: string; disabled?: boolean }) {
  const { t, i18n } = useTranslation('bulk');
  const lang = i18n.language;
  const role = useRoleKey();
  const { courseId } = props;
  const batches = useQuery({
    queryKey: ['bulk', role, 'batches', courseId],
    queryFn: () => fetchCourseBatches<BatchOption>(courseId!, { silent: true }),
    enabled: courseId !== null,
    staleTime: 60_000,
    retry,
    meta: SECTION_QUERY,
  });
  const options = courseId === null ? [] : (batches.data ?? []);
  // A chosen batch the list does not hold (yet: its course's batches load) keeps its place as "#id".
  const unknown = props.value != null && !options.some((b) => b.id === props.value);
  return (
    <TextField
      select
      id="bulk-batch"
      label={t('audience.batch')}
      value={props.value == null ? '' : String(props.value)}
      onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : null)}
      inputRef={props.inputRef}
      fullWidth
      disabled={props.disabled || courseId === null}
      error={!!props.error}
      helperText={props.error ?? (courseId === null ? t('audience.batch_hint') : undefined)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      data-testid="bulk-batch"
    >
      <MenuItem value="">{t('audience.any_batch')}</MenuItem>
      {unknown && <MenuItem value={String(props.value)}>{`#${formatNumber(props.value!, lang)}`}</MenuItem>}
      {options.map((b) => (
        <MenuItem key={b.id} value={String(b.id)}>
          {localName(b, lang) || `#${formatNumber(b.id, lang)}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
