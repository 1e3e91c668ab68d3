// /leaderboard: learners by points (GET /my-account/user/leaderboard), open to anyone. This
// week or all time (?period=all_time), this site or every institution (?scope=all), 20 a page
// (?page=); the defaults and page 1 are left out of the address, and every choice is a history
// entry, so a link shows the same board and Back returns to the last one. A signed-in learner
// sees their own points card on top and their row marked; a visitor is asked to log in for it.
import { Alert, Box, Button, Card, Container, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { formatDay } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useToken } from '../../../lib/session';
import { useAuthLinks } from '../../../lib/use-auth-links';
import { PERIODS, SCOPES, type Period, type Scope } from '../api/leaderboard-api';
import { useBoardParams, useLeaderboard } from '../hooks/use-leaderboard';
import { BoardList, BoardSkeleton } from './board-list';
import { GamificationCard } from './gamification-card';

export default function LeaderboardPage() {
  const { t, i18n } = useTranslation('leaderboard');
  const lang = i18n.language;
  const token = useToken();
  const [board, choose] = useBoardParams();
  const [, setPage] = usePageParam();
  const { data, isLoading, isFetching, isPlaceholderData, error, refetch } = useLeaderboard(board);
  useClampPageParam(data && !isPlaceholderData ? data.last_page : undefined);
  const rows = data?.data ?? [];

  return (
    <Container
      maxWidth="md"
      sx={{ py: { xs: 3, md: 5 }, pb: { xs: 10, md: 5 }, minWidth: 0 }}
      data-testid="leaderboard-page"
      data-scope={board.scope}
      data-period={board.period}
      data-page={board.page}
    >
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {token ? <GamificationCard collapsible /> : <SignInPrompt />}

      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, mb: 2 }}>
        <Choice
          name="period"
          label={t('choices.period')}
          value={board.period}
          options={PERIODS}
          onChange={(v) => choose('period', v)}
        />
        <Choice name="scope" label={t('choices.scope')} value={board.scope} options={SCOPES} onChange={(v) => choose('scope', v)} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, minHeight: '1.5em' }} data-testid="board-when">
        {board.period === 'week' ? (data?.week_start ? t('week_start', { date: formatDay(data.week_start, lang) }) : '') : t('all_time_note')}
      </Typography>

      <Card variant="outlined" sx={{ minWidth: 0 }}>
        {error && !data ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={error} onRetry={() => refetch()} />
          </Box>
        ) : isLoading || !data ? (
          <BoardSkeleton />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<EmojiEventsOutlinedIcon />}
            message={t(board.period === 'week' ? 'empty.week' : 'empty.all_time')}
            action={
              <Button component={RouterLink} to="/search/lists" variant="outlined" data-testid="browse-courses">
                {t('browse_courses')}
              </Button>
            }
          />
        ) : (
          <BoardList rows={rows} busy={isFetching && isPlaceholderData} />
        )}
      </Card>
      <Pager page={data?.current_page ?? board.page} lastPage={data?.last_page ?? 1} onChange={setPage} />
      {data && data.total > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: data.last_page > 1 ? 0 : 2 }} data-testid="board-total">
          {t('total', { count: data.total, n: formatNumber(data.total, lang) })}
        </Typography>
      )}
    </Container>
  );
}

/** Two choices side by side, the chosen one pressed; full width on a phone. */
function Choice<V extends Period | Scope>({ name, label, value, options, onChange }: { name: string; label: string; value: V; options: readonly V[]; onChange: (v: V) => void }) {
  const { t } = useTranslation('leaderboard');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      // Pressing the chosen one again keeps it.
      onChange={(_, v: V | null) => v && v !== value && onChange(v)}
      aria-label={label}
      data-testid={`choice-${name}`}
      sx={{ width: { xs: '100%', sm: 'auto' } }}
    >
      {options.map((o) => (
        <ToggleButton key={o} value={o} data-testid={`choice-${name}-${o}`} sx={{ flex: { xs: 1, sm: 'none' }, px: 2, textTransform: 'none' }}>
          {t(`choices.${o}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function SignInPrompt() {
  const { t } = useTranslation('leaderboard');
  const links = useAuthLinks();
  return (
    <Alert
      severity="info"
      icon={<EmojiEventsOutlinedIcon />}
      sx={{ mb: 3 }}
      data-testid="leaderboard-sign-in"
      action={
        <Button component={RouterLink} to={links.login} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {t('sign_in_action')}
        </Button>
      }
    >
      {t('sign_in')}
    </Alert>
  );
}
