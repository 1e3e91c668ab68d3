// What the pages of one class share: the way back to My classes (to My webinars from a webinar's
// room), and what shows until the class is there (placeholders while it loads, a friendly "not
// found" for a 404, else the error with Retry).
import { Button, Card, Skeleton } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CastForEducationOutlinedIcon from '@mui/icons-material/CastForEducationOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import { roomListPath, type RoomKind } from '../hooks/room-kind';

export function BackToClasses({ kind = 'classroom' }: { kind?: RoomKind }) {
  const { t } = useTranslation('classrooms');
  return (
    <Button component={RouterLink} to={roomListPath(kind)} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1, alignSelf: 'flex-start' }} data-testid="back-to-classes">
      {t(kind === 'webinar' ? 'webinar.back' : 'details.back')}
    </Button>
  );
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A page before its record is there: two placeholders while it loads, `notFound` for a 404, else the error with Retry. */
export function PageFallback(props: { query: { isLoading: boolean; error: unknown; refetch: () => unknown }; notFound: string; action?: ReactNode; heights?: readonly [number, number] }) {
  const { query, heights = [140, 320] } = props;
  if (query.isLoading) {
    return (
      <>
        <Skeleton variant="rounded" height={heights[0]} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={heights[1]} />
      </>
    );
  }
  return isNotFound(query.error) ? (
    <Card>
      <EmptyState icon={<CastForEducationOutlinedIcon />} message={props.notFound} action={props.action} />
    </Card>
  ) : (
    <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  );
}
