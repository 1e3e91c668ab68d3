// The frame of a training tab that shows one batch: the batch select (?batch=), its dates and
// venue at a glance, and the ways to its meals and budget pages; without a batch, the way to make
// one.
import { Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import RestaurantOutlinedIcon from '@mui/icons-material/RestaurantOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { formatDay } from '../../../lib/course-text';
import type { Batch, Course } from '../../courses/api/courses-api';
import { BatchesFirst, BatchSelect } from '../../courses/components/batch-select';
import { useBatches } from '../../courses/hooks/use-courses';
import { TRAINING_KIND } from '../hooks/training-kind';
import { useBatchParam } from '../hooks/use-trainings';

export const mealsPath = (batchId: number) => `/training/facilities/cafeteria-create/${batchId}`;
export const budgetPath = (batchId: number) => `/training/resource/budget-create/${batchId}`;
/** A batch's tab of its training's editor (the way back from its meals and budget pages). */
export const batchTabPath = (courseId: number, batchId: number, tab = 'venue') => `/training/edit/${courseId}/${tab}?batch=${batchId}`;

export function BatchTab({ course, tab, children }: { course: Course; tab: string; children: (batch: Batch) => ReactNode }) {
  const { t, i18n } = useTranslation(['trainings', 'courses']);
  const lang = i18n.language;
  const batches = useBatches(course.id);
  const list = batches.data ?? [];
  const [batchId, setBatch] = useBatchParam(list);
  const batch = list.find((b) => b.id === batchId);

  if (batches.isLoading) return <Skeleton variant="rounded" height={260} />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => batches.refetch()} />;
  if (!batch) return <BatchesFirst icon={<EventSeatOutlinedIcon />} message={t('trainings:batch.none')} to={`${TRAINING_KIND.editPath(course)}/batches`} />;
  return (
    <Box data-testid={`training-${tab}-tab`} data-batch-id={batch.id}>
      <Card variant="outlined" sx={{ mb: 2.5 }}>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
            <BatchSelect id={`training-${tab}-batch`} batches={list} value={batch.id} onChange={setBatch} />
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, whiteSpace: { md: 'nowrap' } }}>
              {batch.end_date
                ? t('courses:batches.dates', { start: formatDay(batch.start_date, lang), end: formatDay(batch.end_date, lang) })
                : t('courses:batches.from', { start: formatDay(batch.start_date, lang) })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to={mealsPath(batch.id)} variant="outlined" size="small" startIcon={<RestaurantOutlinedIcon />} sx={{ flex: { xs: 1, md: 'none' } }} data-testid="batch-meals-link">
                {t('trainings:batch.meals')}
              </Button>
              <Button component={RouterLink} to={budgetPath(batch.id)} variant="outlined" size="small" startIcon={<AccountBalanceWalletOutlinedIcon />} sx={{ flex: { xs: 1, md: 'none' } }} data-testid="batch-budget-link">
                {t('trainings:batch.budget')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {/* Keyed: another batch starts afresh (forms, pages, marks). */}
      <Box key={batch.id}>{children(batch)}</Box>
    </Box>
  );
}
