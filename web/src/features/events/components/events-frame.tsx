// The events' public pages (the list and an event's page) are drawn in the dashboard layout for
// people signed in, which pads its content, and in the public layout for visitors, where the page
// brings its own margins (and room above the phone's bottom bar).
import { Box, Container } from '@mui/material';
import type { ReactNode } from 'react';
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
