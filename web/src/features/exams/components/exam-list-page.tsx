// /exam/single: the institution's single exams with search and pager: a table on wide screens,
// cards on phones. Search and page live in the URL.
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  InputAdornment,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam } from '../../../components/ui/pager';
import { localTitle } from '../../../lib/course-text';
import { formatDate, formatNumber } from '../../../lib/lang';
import { parsePage } from '../../../lib/pager';
import type { ExamSummary } from '../api/exams-api';
import { EXAM_PAGE_SIZE, useExamList } from '../hooks/use-exams';

const SEARCH_DELAY_MS = 350;

function withSearch(params: URLSearchParams, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set('search', value.trim());
  else next.delete('search');
  next.delete('page');
  return next;
}

export default function ExamListPage() {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const query = useExamList({ page, search: search || undefined });
  useClampPageParam(query.data?.last_page);

  useEffect(() => setText((prev) => (prev.trim() === search ? prev : search)), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const id = window.setTimeout(() => setParams((prev) => withSearch(prev, text), { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [text, search, setParams]);

  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const exams = query.data?.data ?? [];
  const titleOf = (e: ExamSummary) => localTitle(e, lang) || t('exams:list.untitled');
  const create = (testid: string) => (
    <Button component={RouterLink} to="/exam/single/create" variant="contained" startIcon={<AddIcon />} data-testid={testid} sx={{ width: { xs: '100%', sm: 'auto' } }}>
      {t('exams:list.create')}
    </Button>
  );
  const windowText = (e: ExamSummary) => t('exams:list.window', { start: formatDate(e.starts_at, lang), end: formatDate(e.ends_at, lang) });
  const published = (e: ExamSummary) => (
    <Chip size="small" color={e.published ? 'success' : 'default'} variant={e.published ? 'filled' : 'outlined'} label={e.published ? t('exams:list.published') : t('exams:list.draft')} data-testid="exam-published" data-published={e.published} />
  );
  const pending = (e: ExamSummary) =>
    e.pending_marking > 0 ? (
      <Chip
        size="small"
        color="warning"
        component={RouterLink}
        to={`/exam/edit/${e.id}/marking`}
        clickable
        label={t('exams:list.pending', { count: e.pending_marking })}
        data-testid="exam-pending"
      />
    ) : (
      <Typography variant="body2" color="text.secondary" component="span">
        {formatNumber(0, lang)}
      </Typography>
    );

  return (
    <Box data-testid="exam-list-page">
      <PageHeader title={t('exams:list.title')} subtitle={t('exams:list.subtitle')} actions={create('create-exam-link')} />
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams((prev) => withSearch(prev, text), { replace: true });
        }}
        sx={{ mb: 2.5 }}
      >
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('exams:list.search_placeholder')}
          size="small"
          fullWidth
          slotProps={{
            htmlInput: { 'aria-label': t('exams:list.search_label'), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ maxWidth: { md: 420 }, bgcolor: 'background.paper' }}
        />
      </Box>

      {query.isLoading ? (
        <Stack spacing={1.5}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={72} />
          ))}
        </Stack>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : exams.length === 0 ? (
        <Card>
          <EmptyState
            icon={<AssignmentOutlinedIcon />}
            message={search ? t('exams:list.no_match') : t('exams:list.empty')}
            action={
              search ? (
                <Button
                  onClick={() => {
                    setText('');
                    setParams(new URLSearchParams(), { replace: true });
                  }}
                >
                  {t('exams:list.clear_search')}
                </Button>
              ) : (
                create('empty-create-exam')
              )
            }
          />
        </Card>
      ) : (
        <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="exam-total">
            {t('exams:list.total', { count: query.data?.total ?? exams.length })}
          </Typography>
          {wide ? (
            <TableContainer component={Card}>
              <Table>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('exams:list.col_exam')}</TableCell>
                    <TableCell>{t('exams:list.col_window')}</TableCell>
                    <TableCell align="right">{t('exams:list.col_duration')}</TableCell>
                    <TableCell align="right">{t('exams:list.col_questions')}</TableCell>
                    <TableCell align="right">{t('exams:list.col_attempts')}</TableCell>
                    <TableCell align="right">{t('exams:list.col_pending')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {exams.map((e) => (
                    <TableRow key={e.id} hover data-testid="exam-row" data-exam-id={e.id}>
                      <TableCell sx={{ maxWidth: 360 }}>
                        <Link component={RouterLink} to={`/exam/edit/${e.id}`} underline="hover" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="exam-title" data-user-content>
                          {titleOf(e)}
                        </Link>
                        <Box sx={{ mt: 0.5 }}>{published(e)}</Box>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2" data-testid="exam-window">
                          {windowText(e)}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" data-testid="exam-duration">
                        {t('exams:list.minutes', { count: e.duration_minutes })}
                      </TableCell>
                      <TableCell align="right" data-testid="exam-questions">
                        {formatNumber(e.question_count, lang)}
                      </TableCell>
                      <TableCell align="right" data-testid="exam-attempts">
                        {formatNumber(e.attempt_count, lang)}
                      </TableCell>
                      <TableCell align="right">{pending(e)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {exams.map((e) => (
                <Card component="li" key={e.id} data-testid="exam-row" data-exam-id={e.id}>
                  <CardContent sx={{ pb: '12px !important' }}>
                    <Link component={RouterLink} to={`/exam/edit/${e.id}`} underline="hover" variant="subtitle1" sx={{ fontWeight: 600, wordBreak: 'break-word', display: 'block', mb: 0.5 }} data-testid="exam-title" data-user-content>
                      {titleOf(e)}
                    </Link>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="exam-window">
                      {windowText(e)}
                    </Typography>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                      {published(e)}
                      <Typography variant="body2" color="text.secondary" data-testid="exam-duration">
                        {t('exams:list.minutes', { count: e.duration_minutes })}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" data-testid="exam-questions">
                        {t('exams:list.questions', { count: e.question_count })}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" data-testid="exam-attempts">
                        {t('exams:list.attempts', { count: e.attempt_count })}
                      </Typography>
                      {e.pending_marking > 0 && pending(e)}
                    </Stack>
                  </CardContent>
                </Card>
              ))}
            </Stack>
          )}
          <Pager page={page} lastPage={query.data?.last_page ?? 1} onChange={setPage} />
          {query.data && query.data.total > EXAM_PAGE_SIZE && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('exams:list.page_of', { page: formatNumber(page, lang), last: formatNumber(query.data.last_page, lang) })}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
