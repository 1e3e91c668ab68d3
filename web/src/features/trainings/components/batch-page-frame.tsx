// The frame of a batch's own page (its meals, its budget): the way back to the batch in its
// training's editor, the heading (what the page is, the training and the batch), and the loading,
// missing and failed states of the batch's training details.
import { Box, Button, Card, Skeleton } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { localName, localTitle } from '../../../lib/course-text';
import { idParam } from '../../../lib/list-params';
import type { TrainingBatch } from '../api/trainings-api';
import { useTrainingBatch } from '../hooks/use-trainings';
import { batchTabPath } from './batch-tab';

export function BatchPageFrame({ title, tab, actions, testId, children }: { title: string; tab: string; actions?: (training: TrainingBatch) => ReactNode; testId: string; children: (training: TrainingBatch) => ReactNode }) {
  const { t, i18n } = useTranslation(['trainings', 'courses']);
  const lang = i18n.language;
  const batchId = idParam(useParams().id);
  const query = useTrainingBatch(batchId);
  if (!batchId) return <Navigate to="/training" replace />;
  const training = query.data;
  const back = (
    <Button component={RouterLink} to={training ? batchTabPath(training.course.id, batchId, tab) : '/training'} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }} data-print-hide data-testid="back-to-training">
      {training ? t('trainings:batch.back') : t('trainings:edit.back')}
    </Button>
  );
  if (query.isLoading) {
    return (
      <Box>
        {back}
        <Skeleton variant="rounded" height={72} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (query.isError || !training) {
    return (
      <Box>
        {back}
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <Card>
            <EmptyState icon={<EventSeatOutlinedIcon />} message={t('trainings:batch.not_found')} action={<Button component={RouterLink} to="/training">{t('trainings:edit.back')}</Button>} />
          </Card>
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        )}
      </Box>
    );
  }
  const subtitle = [localTitle(training.course, lang) || t('trainings:list.untitled'), localName(training.batch, lang) || t('courses:batches.untitled')].join(' · ');
  return (
    <Box data-testid={testId} data-batch-id={batchId}>
      {back}
      <PageHeader title={title} subtitle={subtitle} actions={actions?.(training)} />
      {children(training)}
    </Box>
  );
}
