// The questions of the bank (or of one folder) with search, type and folder filters, pager, edit
// and delete: a table on wide screens, cards on phones. Filters live in the URL (search, type,
// folder_id, page) so that back/forward and shared links keep them.
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager, useClampPageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { parsePage } from '../../../lib/pager';
import { useErrorText } from '../../../lib/use-error-text';
import { deleteQuestion, QUESTION_TYPES, type QuestionSummary, type QuestionType } from '../api/questions-api';
import { QUESTION_PAGE_SIZE, questionKeys, useAllFolders, useQuestionList } from '../hooks/use-questions';
import { FolderSelect, questionText, TypeChip } from './question-parts';

const SEARCH_DELAY_MS = 350;

/** The query with one parameter changed (empty removes it), back on page 1. */
function withParam(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(key, value.trim());
  else next.delete(key);
  next.delete('page');
  return next;
}

function isType(v: string | null): v is QuestionType {
  return !!v && (QUESTION_TYPES as readonly string[]).includes(v);
}

/** `folderId`: the list of one folder (no folder filter shown); otherwise the whole bank. */
export function QuestionList({ folderId }: { folderId?: number }) {
  const { t, i18n } = useTranslation(['questions', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const search = params.get('search') ?? '';
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : undefined;
  const folderParam = Number(params.get('folder_id'));
  const folderFilter = folderId ?? (Number.isInteger(folderParam) && folderParam > 0 ? folderParam : undefined);
  const [text, setText] = useState(search);
  const folders = useAllFolders();
  const query = useQuestionList({ page, search: search || undefined, type, folder_id: folderFilter });
  useClampPageParam(query.data?.last_page);
  const [confirm, setConfirm] = useState<QuestionSummary | null>(null);

  useEffect(() => setText((prev) => (prev.trim() === search ? prev : search)), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const id = window.setTimeout(() => setParams((prev) => withParam(prev, 'search', text), { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [text, search, setParams]);

  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const remove = useMutation({
    mutationFn: (q: QuestionSummary) => deleteQuestion(q.id),
    onSuccess: () => {
      setConfirm(null);
      void qc.invalidateQueries({ queryKey: questionKeys.all });
      toast.show(t('questions:list.deleted'));
    },
    onError: (err) => toast.show(errorText(err), { severity: 'error' }),
  });

  const filtered = !!(search || type || (folderId === undefined && folderFilter));
  const createTo = folderId ? `/question-bank/create?folder_id=${folderId}` : '/question-bank/create';
  const questions = query.data?.data ?? [];
  const nameOf = (q: QuestionSummary) => questionText(q, lang) || t('questions:list.untitled');
  const actions = (q: QuestionSummary) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t('questions:list.edit')}>
        <IconButton component={RouterLink} to={`/question-bank/edit/${q.id}`} aria-label={t('questions:list.edit_label', { name: nameOf(q) })} data-testid="edit-question">
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('questions:list.delete')}>
        <IconButton color="error" onClick={() => setConfirm(q)} aria-label={t('questions:list.delete_label', { name: nameOf(q) })} data-testid="delete-question">
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );

  return (
    <Box data-testid="question-list">
      <Stack
        component="form"
        role="search"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        onSubmit={(e) => {
          e.preventDefault();
          setParams((prev) => withParam(prev, 'search', text), { replace: true });
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
          onChange={(e) => setParams((prev) => withParam(prev, 'type', e.target.value), { replace: true })}
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
        {folderId === undefined && (
          <FolderSelect
            size="small"
            id="question-folder-filter"
            label={t('questions:list.folder_filter')}
            folders={folders.data ?? []}
            value={folderFilter ? String(folderFilter) : ''}
            onChange={(v) => setParams((prev) => withParam(prev, 'folder_id', v), { replace: true })}
            emptyLabel={t('questions:list.all_folders')}
            sx={{ flex: 1, minWidth: 160, bgcolor: 'background.paper' }}
          />
        )}
      </Stack>

      {query.isLoading ? (
        <Stack spacing={1.5}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : questions.length === 0 ? (
        <Card>
          <EmptyState
            icon={<QuizOutlinedIcon />}
            message={filtered ? t('questions:list.no_match') : t('questions:list.empty')}
            action={
              filtered ? (
                <Button
                  onClick={() => {
                    setText('');
                    setParams(new URLSearchParams(), { replace: true });
                  }}
                >
                  {t('questions:list.clear_filters')}
                </Button>
              ) : (
                <Button component={RouterLink} to={createTo} variant="contained" startIcon={<AddIcon />} data-testid="empty-create-question">
                  {t('questions:list.create')}
                </Button>
              )
            }
          />
        </Card>
      ) : (
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
                    <TableCell align="right">{t('questions:list.col_marks')}</TableCell>
                    <TableCell align="right">{t('questions:list.col_version')}</TableCell>
                    <TableCell align="right">
                      <Box component="span" sx={visuallyHidden}>
                        {t('questions:list.col_actions')}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {questions.map((q) => (
                    <TableRow key={q.id} hover data-testid="question-row" data-question-id={q.id} data-version={q.version}>
                      <TableCell sx={{ maxWidth: 480 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="question-text" data-user-content>
                          {nameOf(q)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <TypeChip type={q.question_type} />
                      </TableCell>
                      <TableCell align="right" data-testid="question-marks">
                        {formatNumber(q.marks, lang)}
                      </TableCell>
                      <TableCell align="right" data-testid="question-version">
                        {formatNumber(q.version, lang)}
                      </TableCell>
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
                <Card component="li" key={q.id} data-testid="question-row" data-question-id={q.id} data-version={q.version}>
                  <CardContent sx={{ pb: '12px !important' }}>
                    <Typography variant="body1" sx={{ fontWeight: 600, wordBreak: 'break-word', mb: 1 }} data-testid="question-text" data-user-content>
                      {nameOf(q)}
                    </Typography>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                      <TypeChip type={q.question_type} />
                      <Typography variant="body2" color="text.secondary" data-testid="question-marks">
                        {t('questions:list.marks', { n: formatNumber(q.marks, lang) })}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" data-testid="question-version">
                        {t('questions:list.version', { n: formatNumber(q.version, lang) })}
                      </Typography>
                      <Box sx={{ flexGrow: 1 }} />
                      {actions(q)}
                    </Stack>
                  </CardContent>
                </Card>
              ))}
            </Stack>
          )}
          <Pager page={page} lastPage={query.data?.last_page ?? 1} onChange={setPage} />
          {query.data && query.data.total > QUESTION_PAGE_SIZE && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('questions:list.page_of', { page: formatNumber(page, lang), last: formatNumber(query.data.last_page, lang) })}
            </Typography>
          )}
        </Box>
      )}

      <ConfirmDialog
        open={!!confirm}
        title={t('questions:list.delete_title')}
        body={confirm ? t('questions:list.delete_body', { name: nameOf(confirm) }) : ''}
        confirmLabel={t('questions:list.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onClose={() => !remove.isPending && setConfirm(null)}
      />
    </Box>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
