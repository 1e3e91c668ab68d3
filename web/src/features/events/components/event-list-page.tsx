// /events/list: the site's events, for everyone. Upcoming (and happening now, soonest first) or
// past (newest first), searched (?search=), a page at a time (?page=); signed-in people also find
// the events they registered for (?when=mine). Managers (the people who author courses) see the
// drafts too and a button to create an event.
import { Button, Card, Grid, InputAdornment, Skeleton, Stack, Tab, Tabs, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useFilterParams } from '../../../components/ui/filter-select';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { formatNumber } from '../../../lib/lang';
import { useCurrentUser } from '../../../lib/session';
import { isEventManager, useEventList, type ListTab } from '../hooks/use-events';
import { EventCard } from './event-card';
import { EventsFrame } from './events-frame';

const SEARCH_DELAY_MS = 350;

/** `?when=`: past or mine (signed in), else upcoming. */
export function listTabParam(value: string | null, signedIn: boolean): ListTab {
  if (value === 'past') return 'past';
  if (value === 'mine' && signedIn) return 'mine';
  return 'upcoming';
}

export default function EventListPage() {
  const { t, i18n } = useTranslation(['events', 'common']);
  const lang = i18n.language;
  const { isSignedIn, menuClass } = useCurrentUser();
  const manager = isSignedIn && isEventManager(menuClass);
  const [params, setFilter] = useFilterParams();
  const [, setParams] = useSearchParams();
  const tab = listTabParam(params.get('when'), isSignedIn);
  const search = tab === 'mine' ? '' : (params.get('search') ?? '');
  const [typed, setTyped] = useState(search);
  const [page, setPage] = usePageParam();
  const list = useEventList({ tab, page, search, manage: manager && tab !== 'mine' });
  useClampPageParam(list.data?.last_page);

  // Debounced search: typing updates ?search= and goes back to page 1.
  useEffect(() => {
    if (tab === 'mine' || typed.trim() === search) return;
    const id = setTimeout(() => setFilter('search', typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed, search, tab, setFilter]);

  const items = list.data?.data ?? [];
  const total = list.data?.total;
  const createButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} component={RouterLink} to="/events/create" data-testid="create-event">
      {t('events:create')}
    </Button>
  );
  const empty = search ? t('events:empty.search') : t(`events:empty.${tab}`);

  return (
    <EventsFrame testId="event-list-page" data-tab={tab}>
      <PageHeader
        title={t('events:title')}
        subtitle={total !== undefined ? t('events:total', { count: total, n: formatNumber(total, lang) }) : t('events:subtitle')}
        actions={manager ? createButton('contained') : undefined}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Tabs
          value={tab}
          onChange={(_, v: ListTab) => {
            setTyped('');
            const next = new URLSearchParams();
            if (v !== 'upcoming') next.set('when', v);
            setParams(next);
          }}
          variant="scrollable"
          scrollButtons={false}
          aria-label={t('events:tabs.label')}
          sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
        >
          <Tab value="upcoming" label={t('events:tabs.upcoming')} data-testid="tab-upcoming" />
          <Tab value="past" label={t('events:tabs.past')} data-testid="tab-past" />
          {isSignedIn && <Tab value="mine" label={t('events:tabs.mine')} data-testid="tab-mine" />}
        </Tabs>
        {tab !== 'mine' && (
          <TextField
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('events:search')}
            size="small"
            fullWidth
            sx={{ maxWidth: { md: 320 }, bgcolor: 'background.paper' }}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
              htmlInput: { 'aria-label': t('events:search'), type: 'search' },
            }}
            data-testid="events-search"
          />
        )}
      </Stack>
      {list.isLoading ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : list.error && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !items.length ? (
        <Card>
          <EmptyState icon={<EventOutlinedIcon />} message={empty} action={manager && !search && tab === 'upcoming' ? createButton('outlined') : undefined} />
        </Card>
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }} data-testid="event-cards">
          {items.map((e) => (
            <Grid key={e.id} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
              <EventCard event={e} />
            </Grid>
          ))}
        </Grid>
      )}
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
    </EventsFrame>
  );
}
