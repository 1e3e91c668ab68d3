// The signed-in learner's points card (GET /my-account/user/gamification): points this week and
// in all, places on the four boards ("—" where there is none), what they have done, how points
// are earned, badges (earned, or progress towards the goal), the last 12 weeks as bars, and the
// "Hide me from the public leaderboard" switch (PUT {hidden}). Shown at the top of /leaderboard,
// where what the learner has done, the rules, the badges and the weeks fold away (`collapsible`)
// so that the board stays near; exported for the profile page. Draws nothing without a session.
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Collapse,
  Divider,
  FormControlLabel,
  FormHelperText,
  Grid,
  LinearProgress,
  Skeleton,
  Switch,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatDay } from '../../../lib/course-text';
import { formatNumber, intlLocale } from '../../../lib/lang';
import { useToken } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import type { Badge, Gamification } from '../api/leaderboard-api';
import { hideMutation, useGamification } from '../hooks/use-leaderboard';

const WeeksChart = lazy(() => import('./weeks-chart'));

/** "30 Nov", "৩০ নভে": a week under its bar. */
export function shortWeek(day: string, lang: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d);
}

/** A badge's progress as a 0..100 percent (an earned badge is full). */
export function badgePercent(b: Badge): number {
  if (b.earned) return 100;
  if (!(b.goal > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((b.progress / b.goal) * 100)));
}

const RANKS = ['site_week', 'site_all_time', 'all_week', 'all_time'] as const;
const COUNTS = ['lessons', 'exams', 'certificates', 'reviews'] as const;
const RULES = ['lesson', 'exam', 'certificate', 'review'] as const;

export function GamificationCard({ collapsible = false }: { collapsible?: boolean }) {
  const token = useToken();
  const { t } = useTranslation('leaderboard');
  const { data, isLoading, error, refetch } = useGamification();
  const titleId = useId();
  if (!token) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} data-testid="gamification-card" sx={{ mb: 3, minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        {error && !data ? (
          <>
            <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t('mine.title')}
            </Typography>
            <ErrorState error={error} onRetry={() => refetch()} />
          </>
        ) : isLoading || !data ? (
          <Box data-testid="gamification-loading" aria-busy>
            <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t('mine.title')}
            </Typography>
            <Grid container spacing={1.5}>
              {[0, 1, 2, 3].map((i) => (
                <Grid key={i} size={{ xs: 6, sm: 3 }}>
                  <Skeleton variant="rounded" height={64} />
                </Grid>
              ))}
            </Grid>
            <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
          </Box>
        ) : (
          <GamificationBody data={data} titleId={titleId} collapsible={collapsible} />
        )}
      </CardContent>
    </Card>
  );
}

/** A figure with its label under it. */
function Stat({ label, value, testId, big }: { label: string; value: ReactNode; testId: string; big?: boolean }) {
  return (
    <Box data-testid={testId} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', height: '100%', minWidth: 0 }}>
      <Typography sx={{ fontWeight: 700, fontSize: big ? { xs: 22, sm: 26 } : 20, lineHeight: 1.25 }}>{value}</Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );
}

/** The card's content for the learner's record `data` (`collapsible`: the details folded at first). */
export function GamificationBody({ data, titleId, collapsible = false }: { data: Gamification; titleId?: string; collapsible?: boolean }) {
  const { t, i18n } = useTranslation('leaderboard');
  const lang = i18n.language;
  const [open, setOpen] = useState(!collapsible);
  const detailsId = useId();
  const n = (v: number) => formatNumber(v, lang);
  const rank = (v: number | null) =>
    v == null ? (
      <>
        <span aria-hidden>—</span>
        <Box component="span" sx={visuallyHidden}>
          {t('mine.no_rank')}
        </Box>
      </>
    ) : (
      t('mine.rank_value', { n: n(v) })
    );
  return (
    <Box data-testid="gamification" data-hidden={data.hidden ? 'true' : 'false'}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', columnGap: 2, mb: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('mine.title')}
        </Typography>
        {data.week_start && (
          <Typography variant="body2" color="text.secondary" data-testid="gamification-week">
            {t('week_start', { date: formatDay(data.week_start, lang) })}
          </Typography>
        )}
      </Box>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 6 }}>
          <Stat big label={t('mine.week')} value={t('points', { count: data.points.week, n: n(data.points.week) })} testId="points-week" />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <Stat big label={t('mine.all_time')} value={t('points', { count: data.points.all_time, n: n(data.points.all_time) })} testId="points-all-time" />
        </Grid>
      </Grid>

      <Heading>{t('mine.ranks')}</Heading>
      <Grid container spacing={1.5}>
        {RANKS.map((k) => (
          <Grid key={k} size={{ xs: 6, sm: 3 }}>
            <Stat label={t(`mine.rank_${k}`)} value={rank(data.rank[k])} testId={`rank-${k}`} />
          </Grid>
        ))}
      </Grid>
      {data.hidden && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="hidden-note">
          {t('mine.hidden_note')}
        </Typography>
      )}

      {collapsible && (
        <Button
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={detailsId}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ mt: 2 }}
          data-testid="gamification-more"
        >
          {t(open ? 'mine.less' : 'mine.more')}
        </Button>
      )}
      <Collapse in={open} id={detailsId} data-testid="gamification-details" data-open={open ? 'true' : 'false'}>
        <Heading>{t('mine.counts.title')}</Heading>
        <Grid container spacing={1.5}>
          {COUNTS.map((k) => (
            <Grid key={k} size={{ xs: 6, sm: 3 }}>
              <Stat label={t(`mine.counts.${k}`)} value={n(data.counts[k])} testId={`count-${k}`} />
            </Grid>
          ))}
        </Grid>

        <Heading>{t('mine.rules.title')}</Heading>
        <Box component="ul" data-testid="rules" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 4, rowGap: 0.75 }}>
          {RULES.map((k) => (
            <Box component="li" key={k} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ minWidth: 0 }}>
                {t(`mine.rules.${k}`)}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {t('points', { count: data.rules[k], n: n(data.rules[k]) })}
              </Typography>
            </Box>
          ))}
        </Box>

        <Heading>{t('mine.badges.title')}</Heading>
        <Grid container spacing={1.5} component="ul" data-testid="badges" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.badges.map((b) => (
            <Grid key={b.key} size={{ xs: 6, sm: 4 }} component="li">
              <BadgeItem badge={b} />
            </Grid>
          ))}
        </Grid>

        <Heading>{t('mine.weeks.title')}</Heading>
        <WeeksFigure weeks={data.weeks} />
      </Collapse>

      <Divider sx={{ my: 2 }} />
      <HideSwitch hidden={data.hidden} />
    </Box>
  );
}

function BadgeItem({ badge }: { badge: Badge }) {
  const { t, i18n } = useTranslation('leaderboard');
  const lang = i18n.language;
  const name = t(`mine.badge.${badge.key}.name`, { defaultValue: badge.key.replace(/_/g, ' ') });
  const goal = t(`mine.badge.${badge.key}.goal`, { defaultValue: '' });
  const progress = { progress: formatNumber(badge.progress, lang), goal: formatNumber(badge.goal, lang) };
  return (
    <Box
      data-testid="badge"
      data-key={badge.key}
      data-earned={badge.earned ? 'true' : 'false'}
      sx={{ p: 1.25, borderRadius: 2, border: 1, borderColor: badge.earned ? 'warning.main' : 'divider', height: '100%', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
        <Box aria-hidden sx={{ flexShrink: 0, display: 'flex', color: badge.earned ? 'warning.main' : 'text.disabled', '& svg': { fontSize: 24 } }}>
          {badge.earned ? <EmojiEventsIcon /> : <LockOutlinedIcon />}
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 0 }}>
          {name}
        </Typography>
      </Box>
      {goal && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.25 }}>
          {goal}
        </Typography>
      )}
      {badge.earned ? (
        <Chip size="small" color="success" variant="outlined" icon={<CheckIcon />} label={t('mine.badges.earned')} sx={{ mt: 0.75 }} data-testid="badge-earned" />
      ) : (
        <Box sx={{ mt: 0.75 }}>
          <LinearProgress
            variant="determinate"
            value={badgePercent(badge)}
            aria-label={t('mine.badges.progress_label', { name, ...progress })}
            sx={{ height: 6, borderRadius: 3 }}
            data-testid="badge-progress"
          />
          <Typography variant="caption" color="text.secondary">
            {t('mine.badges.progress', progress)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** The 12 weeks as bars (a lazily loaded chunk), and the same figures as a table for screen readers. */
function WeeksFigure({ weeks }: { weeks: Gamification['weeks'] }) {
  const { t, i18n } = useTranslation('leaderboard');
  const lang = i18n.language;
  const title = t('mine.weeks.title');
  const number = (v: number) => formatNumber(v, lang);
  const tip = (w: string) => t('mine.weeks.week_of', { date: formatDay(w, lang) });
  const height = 180;
  return (
    <Box role="figure" aria-label={title} data-testid="weeks-chart" sx={{ position: 'relative', width: '100%', minWidth: 0, overflow: 'hidden' }}>
      <Box sx={{ width: '100%', minWidth: 0 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={height} data-testid="weeks-chart-loading" />}>
          <WeeksChart
            weeks={weeks.map((w) => w.week)}
            values={weeks.map((w) => w.points)}
            title={title}
            label={t('mine.weeks.points')}
            height={height}
            tick={(w) => shortWeek(w, lang)}
            tip={tip}
            number={number}
          />
        </Suspense>
      </Box>
      {/* A table does not shrink to a hidden box: its wrapper is the one hidden. */}
      <Box sx={visuallyHidden}>
        <table data-testid="weeks-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('mine.weeks.week')}</th>
              <th scope="col">{t('mine.weeks.points')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row">{tip(w.week)}</th>
                <td>{number(w.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}

/** "Hide me from the public leaderboard": moves at once, saved by PUT {hidden}, put back on a refusal. */
function HideSwitch({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation('leaderboard');
  const qc = useQueryClient();
  const token = useToken();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useMutation(hideMutation(qc, token));
  const hintId = useId();
  return (
    <Box data-testid="hide-me">
      <FormControlLabel
        control={
          <Switch
            checked={hidden}
            disabled={save.isPending}
            onChange={(e) =>
              save.mutate(
                { hidden: e.target.checked },
                {
                  onSuccess: (saved) => toast.show(t(saved.hidden ? 'mine.hide.hidden' : 'mine.hide.shown')),
                  onError: (err) => toast.show(errorText(err), { severity: 'error' }),
                },
              )
            }
            slotProps={{ input: { id: 'leaderboard-hide-me', 'aria-describedby': hintId } }}
            data-testid="hide-switch"
          />
        }
        label={t('mine.hide.label')}
      />
      <FormHelperText id={hintId} sx={{ mt: 0 }}>
        {t('mine.hide.hint')}
      </FormHelperText>
    </Box>
  );
}
