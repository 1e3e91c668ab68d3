// /feedbacks/list: the feedback visitors and learners sent to the site, newest first, filtered by
// status (?status=, every status by default), a page at a time. The site's admin approves what the
// home page shows and hides the rest. Only the admin gets an answer from the API (the route lets
// the super and partner classes in: a partner admin runs their own site).
import { Box, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilterSelect, useFilterParams } from '../../../components/ui/filter-select';
import { ListCard } from '../../../components/ui/list-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { FEEDBACK_STATUSES, type AdminFeedback, type FeedbackStatus } from '../api/site-extras-api';
import { approveFeedbackMutation, useAllFeedback } from '../hooks/use-site-extras';
import { FeedbackCards, FeedbackTable, type FeedbackListProps } from './feedback-list';

/** `?status=`: one of the statuses, else every status (''). */
export function feedbackStatusParam(value: string | null): FeedbackStatus | '' {
  return (FEEDBACK_STATUSES as readonly string[]).includes(value ?? '') ? (value as FeedbackStatus) : '';
}

export default function FeedbackListPage() {
  const { t, i18n } = useTranslation(['publishing', 'common']);
  const lang = i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [params, setFilter] = useFilterParams();
  const status = feedbackStatusParam(params.get('status'));
  const [page, setPage] = usePageParam();
  const list = useAllFeedback(page, status);
  useClampPageParam(list.data?.last_page);
  const approve = useMutation(approveFeedbackMutation(qc));

  const onApprove = (f: AdminFeedback, yes: boolean) =>
    approve.mutate(
      { feedback: f, approve: yes },
      {
        onSuccess: () => toast.show(t(yes ? 'publishing:feedbacks.toast.approved' : 'publishing:feedbacks.toast.hidden', { name: f.name })),
        onError: (err) => toast.show(errorText(err), { severity: 'error' }),
      },
    );

  const items = list.data?.data ?? [];
  const total = list.data?.total;
  const listProps: FeedbackListProps = {
    items,
    lang,
    busy: approve.isPending ? (approve.variables?.feedback.id ?? null) : null,
    onApprove,
  };

  return (
    <Box data-testid="feedback-list-page">
      <PageHeader
        title={t('publishing:feedbacks.title')}
        subtitle={total !== undefined ? t('publishing:feedbacks.total', { count: total, n: formatNumber(total, lang) }) : t('publishing:feedbacks.hint')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <FilterSelect
          id="feedback-status"
          label={t('publishing:status')}
          value={status}
          allLabel={t('publishing:all_statuses')}
          options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`publishing:feedbacks.statuses.${s}`) }))}
          onChange={(v) => setFilter('status', v)}
          minWidth={220}
          testId="feedback-status-filter"
        />
      </Stack>
      <ListCard
        list={list}
        page={page}
        onPage={setPage}
        rowHeight={64}
        emptyMessage={status ? t('publishing:feedbacks.empty_filtered') : t('publishing:feedbacks.empty')}
        table={<FeedbackTable {...listProps} />}
        cards={<FeedbackCards {...listProps} />}
      />
    </Box>
  );
}
