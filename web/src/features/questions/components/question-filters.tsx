// The search and type filters of a list of questions (the bank, a folder, those shared with me),
// kept in the URL (search, type, page) so that back/forward and shared links keep them; typing
// searches after a pause. Pages add their own filters beside them (the folder).
import { InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { withParam } from '../../../lib/list-params';
import { parsePage, withPage } from '../../../lib/pager';
import { QUESTION_TYPES, type QuestionType } from '../api/questions-api';

const SEARCH_DELAY_MS = 350;

function isType(v: string | null): v is QuestionType {
  return !!v && (QUESTION_TYPES as readonly string[]).includes(v);
}

export type QuestionFilters = ReturnType<typeof useQuestionFilters>;

export function useQuestionFilters() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const search = params.get('search') ?? '';
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : undefined;
  const [text, setText] = useState(search);

  useEffect(() => setText((prev) => (prev.trim() === search ? prev : search)), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const id = window.setTimeout(() => setParams((prev) => withParam(prev, 'search', text.trim()), { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [text, search, setParams]);

  return {
    params,
    page,
    search,
    type,
    text,
    setText,
    /** One filter changed (empty removes it), back on page 1. */
    setParam: (key: string, value: string) => setParams((prev) => withParam(prev, key, value.trim()), { replace: true }),
    setPage: (p: number) => {
      setParams(withPage(params, p));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    clear: () => {
      setText('');
      setParams(new URLSearchParams(), { replace: true });
    },
  };
}

/** The search box and the type select; `children`: more filters after them. */
export function QuestionFilterBar({ filters, children }: { filters: QuestionFilters; children?: ReactNode }) {
  const { t } = useTranslation('questions');
  const { text, setText, type, setParam } = filters;
  return (
    <Stack
      component="form"
      role="search"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      onSubmit={(e) => {
        e.preventDefault();
        setParam('search', text);
      }}
      sx={{ mb: 2.5 }}
    >
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('questions:list.search_placeholder')}
        size="small"
        slotProps={{
          htmlInput: { 'aria-label': t('questions:list.search_label'), type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flex: 2, bgcolor: 'background.paper' }}
      />
      <TextField
        select
        size="small"
        id="question-type-filter"
        label={t('questions:list.type_filter')}
        value={type ?? ''}
        onChange={(e) => setParam('type', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        sx={{ flex: 1, minWidth: 160, bgcolor: 'background.paper' }}
      >
        <MenuItem value="">
          <em>{t('questions:list.all_types')}</em>
        </MenuItem>
        {QUESTION_TYPES.map((qt) => (
          <MenuItem key={qt} value={qt}>
            {t(`questions:types.${qt}`)}
          </MenuItem>
        ))}
      </TextField>
      {children}
    </Stack>
  );
}
