// The attendance tab of /events/edit/:id: how many of the approved people have checked in, and
// who, latest first.
import { Box, Card, CardContent, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/ui/list-card';
import { formatNumber } from '../../../lib/lang';
import type { EventItem } from '../api/events-api';
import { formatInstant } from '../hooks/event-format';
import { useAttendance } from '../hooks/use-events';

export function AttendanceTab({ event }: { event: EventItem }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const list = useAttendance(event.id, page);
  const rows = list.data?.data ?? [];
  const approved = list.data?.approved ?? event.registered;
  const checkedIn = list.data?.checked_in ?? 0;
  return (
    <Box data-testid="attendance-tab">
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography component="p" sx={{ fontSize: 32, fontWeight: 800 }} data-testid="attendance-checked-in" data-count={checkedIn}>
              {formatNumber(checkedIn, lang)}
            </Typography>
            <Typography color="text.secondary">{t('attendance.of_approved', { n: formatNumber(approved, lang), count: approved })}</Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={approved ? Math.min(100, (checkedIn / approved) * 100) : 0}
            sx={{ mt: 1, height: 8, borderRadius: 4 }}
            aria-label={t('attendance.progress')}
          />
        </CardContent>
      </Card>
      <ListCard list={list} page={page} onPage={setPage} rowHeight={48} emptyIcon={<HowToRegOutlinedIcon />} emptyMessage={t('attendance.empty')} keepPageOnError>
        <Stack component="ol" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r) => (
            <Stack component="li" key={r.id} direction="row" spacing={2} sx={{ px: 2, py: 1.25, justifyContent: 'space-between', alignItems: 'center' }} data-testid="attendance-row">
              <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }} data-user-content>
                {r.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="time" dateTime={r.checked_in_at ?? undefined} sx={{ flexShrink: 0 }}>
                {formatInstant(r.checked_in_at, lang)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </ListCard>
    </Box>
  );
}
