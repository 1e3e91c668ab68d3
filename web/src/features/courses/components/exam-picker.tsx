// The exam a quiz or exam lesson (or a class's quiz) is taken through: an Autocomplete over the
// author's exams of the Exam Centre, searched on the server as they type. An author without any exam
// is sent to create one.
import { Alert, Autocomplete, Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadingAutocompleteInput } from '../../../components/ui/loading-autocomplete-input';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { fetchExams, type ExamSummary } from '../../exams/api/exams-api';
import { examKeys, useExam } from '../../exams/hooks/use-exams';

export const EXAM_PICKER_LIMIT = 20;
const SEARCH_DELAY_MS = 300;
export const CREATE_EXAM_PATH = '/exam/single/create';

/** What the picker needs of an exam (a list row, or the exam looked up by its id). */
export type ExamChoice = Pick<ExamSummary, 'id' | 'title' | 'title_bn'> & Partial<Pick<ExamSummary, 'published' | 'question_count'>>;

export function ExamPicker(props: {
  id: string;
  /** The chosen exam's id. */
  value: number | null;
  /** The exam chosen (its id, and the exam as listed), or null when cleared. */
  onChange: (id: number | null, exam: ExamChoice | null) => void;
  /** The saved exam as already known (a class's quiz carries its exam): no look-up by its id. */
  known?: ExamChoice | null;
  /** The field's label, the hint under it and the line shown to an author without exams, in place of the lesson's. */
  texts?: { label?: string; hint?: string; noExams?: string };
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** A validation or server message. */
  error?: string;
  disabled?: boolean;
  /** The lesson's exam was removed: say so until another is chosen. */
  removed?: boolean;
}) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const lang = i18n.language;
  const { value } = props;
  // What the author typed (choosing or clearing an exam shows the whole list again), searched
  // once they pause.
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The chosen exam as first seen (in the list, or looked up by its id), kept as one object so that
  // new search results do not reset what is being typed.
  const [chosen, setChosen] = useState<ExamChoice | null>(props.known ?? null);

  useEffect(() => {
    const id = window.setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [typed]);

  const params = { page: 1, limit: EXAM_PICKER_LIMIT, ...(search ? { search } : {}) };
  const list = useQuery({
    queryKey: examKeys.list(params),
    queryFn: () => fetchExams(params),
    // Keep the options shown while the next search loads.
    placeholderData: (prev) => prev,
    // An exam created in another tab shows up on coming back.
    refetchOnWindowFocus: true,
  });
  const options = list.data?.data ?? [];
  const known = chosen && chosen.id === value ? chosen : null;
  const listed = value != null && !known ? options.find((o) => o.id === value) : undefined;
  // Editing a lesson: its exam may not be on the first page of the list.
  const lookup = useExam(value != null && !known && !listed ? value : 0);
  const found = known ?? listed ?? lookup.data ?? null;
  useEffect(() => {
    if (found && found !== chosen) setChosen(found);
  }, [found, chosen]);
  // A stable stand-in while the exam's title loads.
  const unknown = useMemo<ExamChoice | null>(() => (value == null ? null : { id: value, title: '', title_bn: '' }), [value]);
  const selected: ExamChoice | null = value == null ? null : (found ?? unknown);

  const label = (o: ExamChoice) =>
    localTitle(o, lang) || (o.id === value && lookup.isLoading ? '…' : t('courses:lesson.exam_number', { n: formatNumber(o.id, lang) }));

  const noExams = list.isSuccess && !list.isPlaceholderData && !search && list.data.total === 0 && value == null;
  if (noExams) {
    return (
      <Alert severity={props.error ? 'error' : 'info'} data-testid="no-exams">
        {props.texts?.noExams ?? t('courses:lesson.no_exams')}{' '}
        <Link component={RouterLink} to={CREATE_EXAM_PATH} target="_blank" rel="noopener" data-testid="create-exam-link">
          {t('courses:lesson.create_exam')}
        </Link>
      </Alert>
    );
  }

  const hint = props.error
    ? props.error
    : props.removed && value == null
      ? t('courses:lesson.exam_removed_hint')
      : selected?.published === false
        ? t('courses:lesson.exam_unpublished_hint')
        : (props.texts?.hint ?? t('courses:lesson.exam_hint'));
  const loading = list.isFetching || lookup.isLoading;

  return (
    <Autocomplete
      id={props.id}
      options={options}
      value={selected}
      onChange={(_, o) => {
        setChosen(o);
        props.onChange(o?.id ?? null, o);
      }}
      onBlur={props.onBlur}
      onInputChange={(_, v, reason) => setTyped(reason === 'input' ? v : '')}
      // The server searches; every option it answers fits.
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      loading={loading}
      disabled={props.disabled}
      fullWidth
      renderOption={({ key, ...rest }, o) => (
        <Box component="li" key={key} {...rest} data-testid="exam-option">
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }} data-user-content>
              {label(o)}
            </Typography>
            <Typography variant="caption" color={o.published === false ? 'warning.main' : 'text.secondary'}>
              {[o.question_count != null ? t('courses:lesson.exam_questions', { count: o.question_count }) : '', o.published === false ? t('courses:lesson.exam_draft') : '']
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <LoadingAutocompleteInput
          params={params}
          loading={loading}
          shrinkLabel={false}
          inputRef={props.inputRef}
          required
          label={props.texts?.label ?? t('courses:lesson.exam')}
          placeholder={t('courses:lesson.exam_search')}
          error={!!props.error}
          helperText={hint}
          data-testid="lesson-exam"
        />
      )}
    />
  );
}
