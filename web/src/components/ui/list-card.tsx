// A list page's records in a card, a page at a time: placeholders while the page loads, its error
// (with Retry), the empty state, else the table on a wide screen and the cards on a phone (or one
// list for every width); the pager under the card.
import { Box, Card, Skeleton, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { Pager } from './pager';

interface ListCardBase {
  /** The page's query. */
  list: {
    isLoading: boolean;
    error: unknown;
    refetch: () => unknown;
    data?: { data: readonly unknown[]; current_page: number; last_page: number };
  };
  /** The page asked for (the pager shows the one answered once it is there). */
  page: number;
  onPage: (page: number) => void;
  /** The placeholder rows' height while the page loads. */
  rowHeight: number;
  emptyMessage: string;
  emptyIcon?: ReactNode;
  emptyAction?: ReactNode;
  /** The page already shown stays when reading it again fails: the error shows only without one. */
  keepPageOnError?: boolean;
}

export type ListCardProps = ListCardBase &
  (
    | {
        /** Wide screens. */
        table: ReactNode;
        /** Phones. */
        cards: ReactNode;
        children?: undefined;
      }
    | {
        /** One list for every width. */
        children: ReactNode;
        table?: undefined;
        cards?: undefined;
      }
  );

export function ListCard({ list, page, onPage, rowHeight, emptyMessage, emptyIcon, emptyAction, keepPageOnError, table, cards, children }: ListCardProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  return (
    <>
      <Card>
        {list.isLoading ? (
          <Box sx={{ p: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={rowHeight} />
            ))}
          </Box>
        ) : list.error && !(keepPageOnError && list.data) ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={list.error} onRetry={() => list.refetch()} />
          </Box>
        ) : !list.data?.data.length ? (
          <EmptyState icon={emptyIcon} message={emptyMessage} action={emptyAction} />
        ) : children !== undefined ? (
          children
        ) : wide ? (
          table
        ) : (
          cards
        )}
      </Card>
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={onPage} />
    </>
  );
}
