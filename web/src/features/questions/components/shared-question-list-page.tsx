// /question-bank/shared: the questions colleagues share with me (one by one or through a folder),
// with search and type filters and a pager; whose each is; viewing one (read only), and "Copy to
// my bank", which makes it my own question (in no folder) that I may then edit. Shared questions
// can also go straight into my exams (the paper's question picker).
import { Alert, Box, Button, CircularProgress, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import type { Question, SharedQuestion } from '../api/questions-api';
import { copyQuestionMutation, useSharedQuestions } from '../hooks/use-questions';
import { QuestionFilterBar, useQuestionFilters } from './question-filters';
import { questionText } from './question-parts';
import { numberColumn, QuestionRows, type QuestionColumn } from './question-rows';
import { QuestionViewDialog } from './question-view';

export default function SharedQuestionListPage() {
  const { t } = useTranslation(['questions', 'common']);
  return (
    <Box data-testid="shared-question-page">
      <PageHeader
        title={t('questions:shared.title')}
        subtitle={t('questions:shared.subtitle')}
        actions={
          <Button component={RouterLink} to="/question-bank/list" variant="outlined" startIcon={<QuizOutlinedIcon />} sx={{ width: { xs: '100%', sm: 'auto' } }} data-testid="my-questions-link">
            {t('questions:shared.mine')}
          </Button>
        }
      />
      <SharedQuestionList />
    </Box>
  );
}

/** The list itself, apart from the page's header (and tested alone). */
export function SharedQuestionList() {
  const { t, i18n } = useTranslation(['questions', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const filters = useQuestionFilters();
  const { page, search, type } = filters;
  const query = useSharedQuestions({ page, search: search || undefined, type });
  const [viewing, setViewing] = useState<{ id: number; name: string; owner: string } | null>(null);
  const [copied, setCopied] = useState<Question | null>(null);
  const copy = useMutation({ ...copyQuestionMutation(qc), onError: (err) => toast.show(errorText(err), { severity: 'error' }) });
  const copyOne = (id: number) =>
    copy.mutate(id, {
      onSuccess: (saved) => {
        setCopied(saved);
        setViewing(null);
        toast.show(t('questions:shared.copied'));
      },
    });

  const nameOf = (q: Pick<SharedQuestion, 'text' | 'text_bn'>) => questionText(q, lang) || t('questions:list.untitled');
  const filtered = !!(search || type);
  const busy = (id: number) => copy.isPending && copy.variables === id;
  const actions = (q: SharedQuestion) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t('common:actions.view')}>
        <IconButton onClick={() => setViewing({ id: q.id, name: nameOf(q), owner: q.owner_name })} aria-label={t('questions:shared.view_label', { name: nameOf(q) })} data-testid="view-shared-question">
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('questions:shared.copy')}>
        <span>
          <IconButton onClick={() => copyOne(q.id)} disabled={copy.isPending} aria-label={t('questions:shared.copy_label', { name: nameOf(q) })} aria-busy={busy(q.id)} data-testid="copy-shared-question">
            {busy(q.id) ? <CircularProgress size={20} /> : <LibraryAddOutlinedIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
  const columns: QuestionColumn<SharedQuestion>[] = [numberColumn('marks', t('questions:list.col_marks'), (q) => q.marks, (n) => t('questions:list.marks', { n }), lang)];

  return (
    <Box data-testid="shared-question-list">
      {copied && (
        <Alert
          severity="success"
          onClose={() => setCopied(null)}
          slotProps={{ closeButton: { title: t('common:actions.close') } }}
          sx={{ mb: 2 }}
          data-testid="copied-note"
        >
          {t('questions:shared.copied_note', { name: nameOf(copied) })}{' '}
          <Link component={RouterLink} to={`/question-bank/edit/${copied.id}`} sx={{ fontWeight: 600 }} data-testid="edit-copy">
            {t('questions:shared.edit_copy')}
          </Link>
        </Alert>
      )}
      <QuestionFilterBar filters={filters} />
      <QuestionRows
        query={query}
        page={page}
        onPage={filters.setPage}
        columns={columns}
        byline={(q) => (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} data-testid="question-owner" data-user-content>
            {t('questions:shared.by', { name: q.owner_name || t('questions:shared.colleague') })}
          </Typography>
        )}
        actions={actions}
        empty={
          <EmptyState
            icon={<QuizOutlinedIcon />}
            message={filtered ? t('questions:list.no_match') : t('questions:shared.empty')}
            action={filtered ? <Button onClick={filters.clear}>{t('questions:list.clear_filters')}</Button> : undefined}
          />
        }
      />
      <QuestionViewDialog target={viewing} copying={copy.isPending} onCopy={copyOne} onClose={() => setViewing(null)} />
    </Box>
  );
}
