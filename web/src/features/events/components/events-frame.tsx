// The events' public pages (the list and an event's page) are drawn in the dashboard layout for
// people signed in, which pads its content, and in the public layout for visitors, where the page
// brings its own margins (and room above the phone's bottom bar). Also what the pages of one event
// (its public page, its editor) share: the way back to the list, and what shows until the event
// is there.
import { Box, Button, Card, Container, Skeleton } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export function EventsFrame({ children, testId, ...data }: { children: ReactNode; testId: string } & Record<`data-${string}`, string | number>) {
  const token = useToken();
  if (token) {
    return (
      <Box data-testid={testId} {...data}>
        {children}
      </Box>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, pb: { xs: 10, md: 5 } }} data-testid={testId} {...data}>
      {children}
    </Container>
  );
}

/** The link back to the list of events, above an event's page. */
export function BackToEvents({ label }: { label: string }) {
  return (
    <Button component={RouterLink} to="/events/list" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      {label}
    </Button>
  );
}

/**
 * An event's page before the event is there: two placeholders of `heights` while it loads,
 * `notFound` for a 404, else the error with Retry.
 */
export function EventFallback(props: {
  query: { isLoading: boolean; error: unknown; refetch: () => unknown };
  notFound: string;
  heights: readonly [number, number];
}) {
  const { query, heights } = props;
  if (query.isLoading) {
    return (
      <>
        <Skeleton variant="rounded" height={heights[0]} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={heights[1]} />
      </>
    );
  }
  return query.error instanceof ApiError && query.error.status === 404 ? (
    <Card>
      <EmptyState icon={<EventOutlinedIcon />} message={props.notFound} />
    </Card>
  ) : (
    <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  );
}
