// A page of questions as a list screen shows it: skeletons while loading, the error with Retry,
// the empty state, then the count, the questions (a table on wide screens, cards on phones), the
// pager and "page n of m". The bank's list and the list of questions shared with me both use it.
import { Box, Card, CardContent, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager, useClampPageParam } from '../../../components/ui/pager';
import { formatNumber } from '../../../lib/lang';
import type { Page } from '../../../lib/types';
import type { QuestionSummary } from '../api/questions-api';
import { QUESTION_PAGE_SIZE } from '../hooks/use-questions';
import { questionText, TypeChip } from './question-parts';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

/** A column after the question and its type: its cell in the table, its piece on a card. */
export interface QuestionColumn<Q> {
  key: string;
  label: string;
  align?: 'right';
  cell: (q: Q) => ReactNode;
  card: (q: Q) => ReactNode;
}

/** A number (marks, version): alone in the table; "Marks 2" on a card (`cardText` words it). */
export function numberColumn<Q extends QuestionSummary>(key: string, label: string, value: (q: Q) => number, cardText: (n: string) => string, lang: string): QuestionColumn<Q> {
  const testId = `question-${key}`;
  return {
    key,
    label,
    align: 'right',
    cell: (q) => <span data-testid={testId}>{formatNumber(value(q), lang)}</span>,
    card: (q) => (
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {cardText(formatNumber(value(q), lang))}
      </Typography>
    ),
  };
}

export interface QuestionRowsProps<Q extends QuestionSummary> {
  query: UseQueryResult<Page<Q>>;
  page: number;
  onPage: (page: number) => void;
  /** Shown when the page has no question (in a card). */
  empty: ReactNode;
  columns: QuestionColumn<Q>[];
  /** Under the question's text (whose it is, whom it is shared with). */
  byline?: (q: Q) => ReactNode;
  actions: (q: Q) => ReactNode;
}

export function QuestionRows<Q extends QuestionSummary>({ query, page, onPage, empty, columns, byline, actions }: QuestionRowsProps<Q>) {
  const { t, i18n } = useTranslation(['questions', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  useClampPageParam(query.data?.last_page);

  if (query.isLoading) {
    return (
      <Stack spacing={1.5} aria-busy data-testid="question-loading">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={64} />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const questions = query.data?.data ?? [];
  if (questions.length === 0) return <Card>{empty}</Card>;

  const nameOf = (q: Q) => questionText(q, lang) || t('questions:list.untitled');
  const rowProps = (q: Q) => ({ 'data-testid': 'question-row', 'data-question-id': q.id, 'data-version': q.version });
  return (
    <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="question-total">
        {t('questions:list.total', { count: query.data?.total ?? questions.length })}
      </Typography>
      {wide ? (
        <TableContainer component={Card}>
          <Table>
            <TableHead>
              <TableRow>
                <TableCell>{t('questions:list.col_question')}</TableCell>
                <TableCell>{t('questions:list.col_type')}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.label}
                  </TableCell>
                ))}
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('questions:list.col_actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {questions.map((q) => (
                <TableRow key={q.id} hover {...rowProps(q)}>
                  <TableCell sx={{ maxWidth: 480 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="question-text" data-user-content>
                      {nameOf(q)}
                    </Typography>
                    {byline?.(q)}
                  </TableCell>
                  <TableCell>
                    <TypeChip type={q.question_type} />
                  </TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align}>
                      {c.cell(q)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(q)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {questions.map((q) => (
            <Card component="li" key={q.id} {...rowProps(q)}>
              <CardContent sx={{ pb: '12px !important' }}>
                <Typography variant="body1" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="question-text" data-user-content>
                  {nameOf(q)}
                </Typography>
                {byline?.(q)}
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
                  <TypeChip type={q.question_type} />
                  {columns.map((c) => (
                    <Box component="span" key={c.key} sx={{ display: 'contents' }}>
                      {c.card(q)}
                    </Box>
                  ))}
                  <Box sx={{ flexGrow: 1 }} />
                  {actions(q)}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      <Pager page={page} lastPage={query.data?.last_page ?? 1} onChange={onPage} />
      {query.data && query.data.total > QUESTION_PAGE_SIZE && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('questions:list.page_of', { page: formatNumber(page, lang), last: formatNumber(query.data.last_page, lang) })}
        </Typography>
      )}
    </Box>
  );
}
