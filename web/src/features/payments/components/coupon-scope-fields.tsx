// What a coupon is for: some of the site's courses (searched on the server as the admin types, from
// the authors' course list) and some of its categories (the reference data the course form uses).
// Neither chosen: every course. The course search is the promotions' course picker's too.
import { Autocomplete } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingAutocompleteInput } from '../../../components/ui/loading-autocomplete-input';
import { ReferenceChoices } from '../../../components/ui/reference-choices';
import { fetchCoursePage } from '../../../lib/authoring-api';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useCategories } from '../../../lib/public-queries';

const SEARCH_DELAY_MS = 300;
export const COURSE_CHOICES_LIMIT = 50;

/** What the course choice needs of a course. */
export interface CourseChoice {
  id: number;
  title: string;
  title_bn: string;
  published?: boolean;
}

interface ScopeFieldProps {
  ids: number[];
  onChange: (ids: number[]) => void;
  /** The server's refusal. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * The site's courses matching what is typed (searched on the server after a pause), and every
 * course seen in an answer so far, so that a chosen one keeps its title after another search.
 */
export function useCourseSearch() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = window.setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [typed]);
  const params = { page: 1, limit: COURSE_CHOICES_LIMIT, ...(search ? { search } : {}) };
  const list = useQuery({
    queryKey: ['course-choices', search],
    queryFn: () => fetchCoursePage<CourseChoice>(params),
    placeholderData: (prev) => prev,
    staleTime: 60_000,
  });
  const [seen, setSeen] = useState<Map<number, CourseChoice>>(() => new Map());
  const options = useMemo(() => list.data?.data ?? [], [list.data]);
  useEffect(() => {
    if (options.some((o) => !seen.has(o.id))) setSeen((prev) => new Map([...prev, ...options.map((o) => [o.id, o] as const)]));
  }, [options, seen]);
  return {
    options,
    /** The course of this id as last seen (untitled when never seen). */
    find: (id: number): CourseChoice => seen.get(id) ?? options.find((o) => o.id === id) ?? { id, title: '', title_bn: '' },
    /** Autocomplete's onInputChange: only typing searches (choosing an option puts its title in the box). */
    onInput: (_: unknown, value: string, reason: string) => setTyped(reason === 'input' ? value : ''),
    loading: list.isFetching,
  };
}

/** The site's courses, several of them; the chosen ones keep their titles once seen. */
export function CourseChoices({ ids, onChange, error, disabled }: ScopeFieldProps) {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.language;
  const courses = useCourseSearch();
  const label = (c: CourseChoice) => localTitle(c, lang) || t('coupons.course_number', { n: formatNumber(c.id, lang) });
  return (
    <Autocomplete
      multiple
      id="coupon-courses"
      options={courses.options}
      value={ids.map(courses.find)}
      onChange={(_, chosen) => onChange(chosen.map((c) => c.id))}
      onInputChange={courses.onInput}
      // The server searches; every option it answers fits.
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      loading={courses.loading}
      noOptionsText={t('coupons.no_options')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <LoadingAutocompleteInput
          params={params}
          loading={courses.loading}
          label={t('coupons.courses')}
          placeholder={ids.length ? undefined : t('coupons.courses_placeholder')}
          error={!!error}
          helperText={error || undefined}
          data-testid="coupon-courses"
        />
      )}
    />
  );
}

/** The site's categories, several of them. */
export function CategoryChoices({ ids, onChange, error, disabled }: ScopeFieldProps) {
  const { t } = useTranslation('payments');
  const categories = useCategories();
  return (
    <ReferenceChoices
      multiple
      id="coupon-categories"
      label={t('coupons.categories')}
      options={categories.data}
      loading={categories.isLoading}
      value={ids}
      onChange={onChange}
      error={error}
      noOptionsText={t('coupons.no_options')}
      disabled={disabled}
    />
  );
}
