// The questions of the bank (or of one folder) with search, type and folder filters, pager, edit,
// share and delete: a table on wide screens, cards on phones. Filters live in the URL (search,
// type, folder_id, page) so that back/forward and shared links keep them.
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import { deleteQuestion, type QuestionSummary } from '../api/questions-api';
import { questionKeys, useAllFolders, useQuestionList } from '../hooks/use-questions';
import { QuestionFilterBar, useQuestionFilters } from './question-filters';
import { FolderSelect, QuestionShareDialog, questionText, SharedCount, ShareIcon } from './question-parts';
import { numberColumn, QuestionRows, type QuestionColumn } from './question-rows';

/** `folderId`: the list of one folder (no folder filter shown); otherwise the whole bank. */
export function QuestionList({ folderId }: { folderId?: number }) {
  const { t, i18n } = useTranslation(['questions', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const filters = useQuestionFilters();
  const { params, page, search, type } = filters;
  const folderParam = Number(params.get('folder_id'));
  const folderFilter = folderId ?? (Number.isInteger(folderParam) && folderParam > 0 ? folderParam : undefined);
  const folders = useAllFolders();
  const query = useQuestionList({ page, search: search || undefined, type, folder_id: folderFilter });
  const [confirm, setConfirm] = useState<QuestionSummary | null>(null);
  const [sharing, setSharing] = useState<{ id: number; name: string } | null>(null);

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
  const nameOf = (q: QuestionSummary) => questionText(q, lang) || t('questions:list.untitled');
  const actions = (q: QuestionSummary) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t('questions:list.edit')}>
        <IconButton component={RouterLink} to={`/question-bank/edit/${q.id}`} aria-label={t('questions:list.edit_label', { name: nameOf(q) })} data-testid="edit-question">
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('questions:share.action')}>
        <IconButton onClick={() => setSharing({ id: q.id, name: nameOf(q) })} aria-label={t('questions:share.question_label', { name: nameOf(q) })} data-testid="share-question">
          <ShareIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('questions:list.delete')}>
        <IconButton color="error" onClick={() => setConfirm(q)} aria-label={t('questions:list.delete_label', { name: nameOf(q) })} data-testid="delete-question">
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
  const columns: QuestionColumn<QuestionSummary>[] = [
    numberColumn('marks', t('questions:list.col_marks'), (q) => q.marks, (n) => t('questions:list.marks', { n }), lang),
    numberColumn('version', t('questions:list.col_version'), (q) => q.version, (n) => t('questions:list.version', { n }), lang),
  ];

  return (
    <Box data-testid="question-list">
      <QuestionFilterBar filters={filters}>
        {folderId === undefined && (
          <FolderSelect
            size="small"
            id="question-folder-filter"
            label={t('questions:list.folder_filter')}
            folders={folders.data ?? []}
            value={folderFilter ? String(folderFilter) : ''}
            onChange={(v) => filters.setParam('folder_id', v)}
            emptyLabel={t('questions:list.all_folders')}
            sx={{ flex: 1, minWidth: 160, bgcolor: 'background.paper' }}
          />
        )}
      </QuestionFilterBar>
      <QuestionRows
        query={query}
        page={page}
        onPage={filters.setPage}
        columns={columns}
        byline={(q) => <SharedCount count={q.shared_count} />}
        actions={actions}
        empty={
          <EmptyState
            icon={<QuizOutlinedIcon />}
            message={filtered ? t('questions:list.no_match') : t('questions:list.empty')}
            action={
              filtered ? (
                <Button onClick={filters.clear}>{t('questions:list.clear_filters')}</Button>
              ) : (
                <Button component={RouterLink} to={createTo} variant="contained" startIcon={<AddIcon />} data-testid="empty-create-question">
                  {t('questions:list.create')}
                </Button>
              )
            }
          />
        }
      />

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
      <QuestionShareDialog question={sharing} onClose={() => setSharing(null)} />
    </Box>
  );
}
