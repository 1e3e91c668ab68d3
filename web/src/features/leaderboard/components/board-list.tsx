// The board's rows: the rank (1st to 3rd in gold, silver and bronze), the learner's picture or
// initials, name and points, the caller's own row marked "You". One line a row that shrinks to a
// phone's width: the name is cut short, never the rank or the points.
import { Avatar, Box, Chip, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatNumber } from '../../../lib/lang';
import type { LeaderboardRow } from '../api/leaderboard-api';

/** The medal colours of the first three ranks, and what a screen reader says of them. */
const MEDALS: Record<number, { bg: string; key: string }> = {
  1: { bg: '#F4C542', key: 'medal.first' },
  2: { bg: '#C5CCD6', key: 'medal.second' },
  3: { bg: '#DDA06A', key: 'medal.third' },
};

/** The first letter (grapheme) of a word: "মো" of "মোহাম্মদ", not its consonant alone. */
function firstLetter(word: string): string {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word)) return segment;
  }
  return Array.from(word)[0] ?? '';
}

/**
 * An avatar's letters: the first two words' initials in Latin script ("Rahim Uddin" -> "RU"),
 * else the first word's first letter ("মোহাম্মদ আব্দুল্লাহ" -> "মো"), as two Bangla letters side by
 * side read as a word.
 */
/** The learner's Bangla name in the Bangla interface, when they gave one. */
function shownName(row: LeaderboardRow, lang: string): string {
  return (lang === 'bn' && row.name_bn) || row.name;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const letters = words.slice(0, 2).map(firstLetter);
  return (letters.every((l) => /^[A-Za-z]$/.test(l)) ? letters.join('') : letters[0]).toUpperCase();
}

export function BoardList({ rows, busy }: { rows: LeaderboardRow[]; busy?: boolean }) {
  const { t, i18n } = useTranslation('leaderboard');
  const lang = i18n.language;
  return (
    <Box
      component="ol"
      aria-label={t('list_label')}
      aria-busy={busy || undefined}
      data-testid="board-list"
      sx={{ listStyle: 'none', p: 0, m: 0, opacity: busy ? 0.6 : 1, transition: 'opacity .2s' }}
    >
      {rows.map((row) => {
        const medal = MEDALS[row.rank];
        return (
          <Box
            component="li"
            key={row.user_id}
            data-testid="board-row"
            data-rank={row.rank}
            data-me={row.me ? 'true' : undefined}
            data-medal={medal ? row.rank : undefined}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: { xs: 1, sm: 1.5 },
              px: { xs: 1, sm: 2 },
              py: 1.25,
              minWidth: 0,
              borderBottom: 1,
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
              borderLeft: 4,
              borderLeftColor: row.me ? 'primary.main' : 'transparent',
              bgcolor: (th) => (row.me ? alpha(th.palette.primary.main, 0.08) : 'transparent'),
            }}
          >
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 36,
                height: 36,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                fontSize: row.rank > 999 ? 11 : 14,
                bgcolor: medal ? medal.bg : 'transparent',
                color: medal ? 'rgba(0,0,0,.87)' : 'text.secondary',
                border: medal ? 0 : 1,
                borderColor: 'divider',
              }}
            >
              {formatNumber(row.rank, lang)}
            </Box>
            <Box component="span" sx={visuallyHidden}>
              {medal ? `${t(medal.key)}, ` : ''}
              {t('rank', { n: formatNumber(row.rank, lang) })}
            </Box>
            <Avatar src={row.photo ?? undefined} alt="" aria-hidden sx={{ width: 40, height: 40, flexShrink: 0, bgcolor: 'primary.main', fontSize: 15 }}>
              {initials(shownName(row, lang))}
            </Avatar>
            {/* Points beside the name, or under it on a phone (the name then keeps the width). */}
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, columnGap: 1.5 }}>
              <Box sx={{ flex: { sm: 1 }, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography noWrap sx={{ fontWeight: row.me || medal ? 700 : 500, minWidth: 0 }} data-testid="board-name">
                  {shownName(row, lang)}
                </Typography>
                {row.me && <Chip size="small" color="primary" label={t('you')} data-testid="board-me" sx={{ flexShrink: 0 }} />}
              </Box>
              <Typography
                sx={{ flexShrink: 0, fontWeight: 700, whiteSpace: 'nowrap', fontSize: { xs: 14, sm: 16 }, color: { xs: 'text.secondary', sm: 'text.primary' } }}
                data-testid="board-points"
              >
                {t('points', { count: row.points, n: formatNumber(row.points, lang) })}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

export function BoardSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid="board-loading" aria-busy>
      {Array.from({ length: rows }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
          <Skeleton variant="circular" width={36} height={36} />
          <Skeleton variant="circular" width={40} height={40} />
          <Skeleton sx={{ flex: 1 }} height={24} />
          <Skeleton width={72} height={24} />
        </Box>
      ))}
    </Box>
  );
}
