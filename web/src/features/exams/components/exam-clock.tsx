// The countdown of an attempt: turns amber at 5 minutes and red at 1 minute left, and says so once
// to screen readers at each of them (the clock itself is not read out every second).
import { Box, Typography } from '@mui/material';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crossedWarning, formatClock, timerLevel } from '../hooks/exam-timer';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

export function ExamClock({ left }: { left: number | null }) {
  const { t, i18n } = useTranslation('exams');
  const prev = useRef<number | null>(null);
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    const crossed = crossedWarning(prev.current, left);
    prev.current = left;
    if (crossed) setAnnounce(t(crossed === 'five' ? 'take.warn_five_minutes' : 'take.warn_last_minute'));
  }, [left, t]);

  if (left === null) return null;
  const level = timerLevel(left);
  const colour = level === 'one' || level === 'over' ? 'error' : level === 'five' ? 'warning' : 'primary';
  const text = formatClock(left, i18n.language);
  return (
    <>
      <Box
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.25,
          borderRadius: 2,
          border: 2,
          borderColor: `${colour}.main`,
          color: `${colour}.main`,
          bgcolor: level === 'normal' ? 'transparent' : `${colour}.main`,
          ...(level !== 'normal' && { color: `${colour}.contrastText` }),
          flexShrink: 0,
          animation: level === 'one' ? 'exam-clock-pulse 1s ease-in-out infinite' : undefined,
          '@keyframes exam-clock-pulse': { '50%': { opacity: 0.7 } },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
        role="timer"
        aria-label={t('take.time_left', { time: text })}
        data-testid="exam-clock"
        data-level={level}
        data-seconds={Math.ceil(left / 1000)}
      >
        <TimerOutlinedIcon fontSize="small" />
        <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: { xs: 15, sm: 17 } }}>
          {text}
        </Typography>
      </Box>
      <Box sx={visuallyHidden} role="alert" aria-live="assertive" data-testid="clock-announcement">
        {announce}
      </Box>
    </>
  );
}
