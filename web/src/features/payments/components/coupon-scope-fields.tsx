// What a coupon is for: some of the site's courses (searched on the server as the admin types, from
// the authors' course list) and some of its categories (the reference data the course form uses).
// Neither chosen: every course.
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCoursePage } from '../../../lib/authoring-api';
import { categoryTitle, localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useCategories } from '../../../lib/public-queries';

const SEARCH_DELAY_MS = 300;
export const COURSE_CHOICES_LIMIT = 50;

/** What the course choice needs of a course. */
export interface CourseChoice {
  id: number;
  title: string;
  title_bn: string;
}

interface ScopeFieldProps {
  ids: number[];
  onChange: (ids: number[]) => void;
  /** The server's refusal. */
  error?: string | null;
  disabled?: boolean;
}

/** The site's courses, several of them; the chosen ones keep their titles once seen. */
export function CourseChoices({ ids, onChange, error, disabled }: ScopeFieldProps) {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.language;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = window.setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [typed]);
  const params = { page: 1, limit: COURSE_CHOICES_LIMIT, ...(search ? { search } : {}) };
  const list = useQuery({
    queryKey: ['coupons', 'course-choices', search],
    queryFn: () => fetchCoursePage<CourseChoice>(params),
    placeholderData: (prev) => prev,
    staleTime: 60_000,
  });
  // Every course seen in an answer, so that a chosen one keeps its title after another search.
  const [seen, setSeen] = useState<Map<number, CourseChoice>>(() => new Map());
  const options = useMemo(() => list.data?.data ?? [], [list.data]);
  useEffect(() => {
    if (options.some((o) => !seen.has(o.id))) setSeen((prev) => new Map([...prev, ...options.map((o) => [o.id, o] as const)]));
  }, [options, seen]);
  const value = ids.map((id) => seen.get(id) ?? options.find((o) => o.id === id) ?? { id, title: '', title_bn: '' });
  const label = (c: CourseChoice) => localTitle(c, lang) || t('coupons.course_number', { n: formatNumber(c.id, lang) });
  return (
    <Autocomplete
      multiple
      id="coupon-courses"
      options={options}
      value={value}
      onChange={(_, chosen) => onChange(chosen.map((c) => c.id))}
      onInputChange={(_, v, reason) => setTyped(reason === 'input' ? v : '')}
      // The server searches; every option it answers fits.
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      loading={list.isFetching}
      noOptionsText={t('coupons.no_options')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('coupons.courses')}
          placeholder={ids.length ? undefined : t('coupons.courses_placeholder')}
          error={!!error}
          helperText={error || undefined}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {list.isFetching ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
          data-testid="coupon-courses"
        />
      )}
    />
  );
}

/** The site's categories, several of them. */
export function CategoryChoices({ ids, onChange, error, disabled }: ScopeFieldProps) {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.language;
  const categories = useCategories();
  const options = categories.data ?? [];
  const value = ids.map((id) => options.find((c) => c.id === id) ?? { id, title: '', bn_title: null, image: null });
  const label = (c: (typeof options)[number]) => categoryTitle(c, lang) || t('coupons.category_number', { n: formatNumber(c.id, lang) });
  return (
    <Autocomplete
      multiple
      id="coupon-categories"
      options={options}
      value={value}
      onChange={(_, chosen) => onChange(chosen.map((c) => c.id))}
      getOptionLabel={label}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      loading={categories.isLoading}
      noOptionsText={t('coupons.no_options')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('coupons.categories')}
          error={!!error}
          helperText={error || undefined}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
          data-testid="coupon-categories"
        />
      )}
    />
  );
}
