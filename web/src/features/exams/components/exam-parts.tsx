// Small pieces shared by the exam screens.
import { Box, Button, Chip, Typography, type ButtonProps, type ChipProps } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/lang';
import type { QuestionType } from '../api/exams-api';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

export function TypeChip({ type }: { type: QuestionType }) {
  const { t } = useTranslation('exams');
  return <Chip size="small" variant="outlined" color="primary" label={t(`types.${type}`, { defaultValue: type })} data-testid="question-type" data-type={type} />;
}

/**
 * A question's picture on the learner's paper and result (`n`: the question's number there), under
 * its text: never wider than its column (so than a 360 px screen), loaded when it comes into view
 * (its address answers with a redirect to the picture). A line says so when it cannot be loaded;
 * nothing is drawn for a question without one.
 */
export function PaperPicture({ src, n }: { src: string | null | undefined; n: number }) {
  const { t, i18n } = useTranslation('exams');
  const [failed, setFailed] = useState<string | null>(null);
  if (!src) return null;
  if (failed === src) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, my: 1.5 }} data-testid="question-picture-failed">
        <BrokenImageOutlinedIcon fontSize="small" aria-hidden />
        {t('take.picture_failed')}
      </Typography>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={t('take.picture_alt', { n: formatNumber(n, i18n.language) })}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 420, height: 'auto', objectFit: 'contain', my: 1.5, borderRadius: 1, border: 1, borderColor: 'divider' }}
      data-testid="question-picture"
    />
  );
}

const STATE_COLOURS: Record<string, ChipProps['color']> = {
  not_started: 'default',
  in_progress: 'info',
  overdue: 'warning',
  submitted: 'warning',
  finished: 'success',
  abandoned: 'default',
};

/** An attempt's state; `pending` marks a submitted attempt still waiting for a teacher. */
export function StateChip({ state, pending = 0 }: { state: string; pending?: number }) {
  const { t } = useTranslation('exams');
  const waiting = pending > 0 && (state === 'submitted' || state === 'finished');
  return (
    <Chip
      size="small"
      color={waiting ? 'warning' : (STATE_COLOURS[state] ?? 'default')}
      label={waiting ? t('states.awaiting_marking') : t(`states.${state}`, { defaultValue: state })}
      data-testid="attempt-state"
      data-state={state}
    />
  );
}

export function PassedChip({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation('exams');
  if (passed === null) return null;
  return <Chip size="small" variant="outlined" color={passed ? 'success' : 'error'} label={passed ? t('result.passed') : t('result.failed')} data-testid="passed-chip" data-passed={passed} />;
}

/** Back to the course lesson the exam was opened from (`?return=`, already checked to be a path of this site). */
export function ReturnToCourse({ to, variant = 'outlined', sx }: { to: string; variant?: ButtonProps['variant']; sx?: ButtonProps['sx'] }) {
  const { t } = useTranslation('exams');
  return (
    <Button component={RouterLink} to={to} variant={variant} startIcon={<ArrowBackIcon />} data-testid="return-to-course" sx={sx}>
      {t('journey.back_to_course')}
    </Button>
  );
}
