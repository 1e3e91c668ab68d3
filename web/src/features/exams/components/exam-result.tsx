// An attempt's result: score, percentage and pass/fail when the results are out, otherwise when to
// expect them; then each question with the learner's answer, the marks given, the teacher's
// comment and, when the exam shows them, the key and the explanation. `reviewer`: a teacher reads a
// learner's attempt (a class's quiz results): worded about the learner, without the learner's
// buttons, its headings under the dialog's own.
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../../lib/course-text';
import { formatDate, formatNumber } from '../../../lib/lang';
import type { AttemptResult, ReviewQuestion } from '../api/exam-front-api';
import { CHOICE_TYPES, shownDigits } from '../hooks/answer-logic';
import { formatMarks, formatPercent, localText } from '../hooks/exam-format';
import { AnswerView, OptionsReview } from './answer-view';
import { PaperPicture, PassedChip, ReturnToCourse } from './exam-parts';

export function ExamResultView({
  result,
  onBack,
  onRetry,
  returnTo,
  reviewer = false,
}: {
  result: AttemptResult;
  onBack?: () => void;
  onRetry?: () => void;
  /** The course lesson the exam was opened from: going back there is the next step. */
  returnTo?: string | null;
  /** A teacher reading a learner's attempt, read-only. */
  reviewer?: boolean;
}) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const out = result.results_available;
  const heading = reviewer ? 'h3' : 'h1';
  return (
    <Stack spacing={2.5} data-testid="exam-result" data-available={out} data-attempt={result.uuid}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
          <Box sx={{ color: out ? (result.passed === false ? 'error.main' : 'success.main') : 'text.secondary', '& svg': { fontSize: 48 } }} aria-hidden>
            {out ? <EmojiEventsOutlinedIcon /> : <HourglassEmptyIcon />}
          </Box>
          <Typography variant="h5" component={heading} sx={{ mt: 1 }} data-testid="result-heading">
            {out ? (reviewer ? t('exams:result.reviewer_heading') : t('exams:result.heading')) : t('exams:result.submitted_heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('exams:attempts.attempt_n', { n: formatNumber(result.attempt_no, lang) })}
            {result.submitted_at ? ` · ${formatDate(result.submitted_at, lang)}` : ''}
          </Typography>
          {out && result.score != null ? (
            <Stack spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
              <Typography sx={{ fontSize: { xs: 32, sm: 40 }, fontWeight: 700, lineHeight: 1.2 }} data-testid="result-score" data-score={result.score}>
                {t('exams:attempts.score', { score: formatMarks(result.score, lang), max: formatMarks(result.max_score, lang) })}
              </Typography>
              {result.percent != null && (
                <Typography variant="h6" color="text.secondary" data-testid="result-percent">
                  {formatPercent(result.percent, lang)}
                </Typography>
              )}
              <PassedChip passed={result.passed} />
            </Stack>
          ) : (
            <Alert severity="info" sx={{ mt: 2, textAlign: 'left' }} data-testid="results-later">
              {reviewer ? t('exams:result.reviewer_later') : t('exams:result.later')}
              {result.pending_marking > 0 && (
                <Box component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="pending-marking">
                  {t('exams:result.pending', { count: result.pending_marking })}
                </Box>
              )}
            </Alert>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap', mt: 2 }}>
            {result.late && <Chip size="small" color="warning" variant="outlined" label={t('exams:result.late')} />}
            {result.auto_closed && <Chip size="small" variant="outlined" label={t('exams:result.auto_closed')} />}
          </Stack>
          {(returnTo || onBack || onRetry) && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center', mt: 2.5 }}>
              {returnTo && <ReturnToCourse to={returnTo} variant="contained" />}
              {onBack && (
                <Button startIcon={<ArrowBackIcon />} onClick={onBack} data-testid="result-back">
                  {t('exams:result.back')}
                </Button>
              )}
              {onRetry && (
                <Button variant={returnTo ? 'outlined' : 'contained'} onClick={onRetry} data-testid="result-retry">
                  {t('exams:intro.start_again')}
                </Button>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>

      {result.questions.length > 0 && (
        <Box component="section" aria-labelledby="review-heading">
          <Typography variant="h6" component={reviewer ? 'h3' : 'h2'} id="review-heading" sx={{ mb: 1.5 }}>
            {reviewer ? t('exams:review.reviewer_heading') : t('exams:review.heading')}
          </Typography>
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {result.questions.map((q, i) => (
              <ReviewCard key={q.slot} n={i + 1} q={q} reviewer={reviewer} />
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function ReviewCard({ n, q, reviewer }: { n: number; q: ReviewQuestion; reviewer: boolean }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const explanation = localTitle({ title: q.explanation, title_bn: q.explanation_bn }, lang);
  const hasKey = q.options.some((o) => o.correct !== null && o.correct !== undefined);
  const status = q.status ?? (q.answer ? null : 'unanswered');
  return (
    <Card component="li" data-testid="review-question" data-slot={q.slot} data-status={q.status ?? ''}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('exams:take.question_n', { n: formatNumber(n, lang) })}</Typography>
          <Box sx={{ flexGrow: 1 }} />
          {q.awarded != null ? (
            <Chip
              size="small"
              color={q.awarded >= q.marks ? 'success' : q.awarded > 0 ? 'warning' : 'error'}
              label={t('exams:review.awarded', { awarded: formatMarks(q.awarded, lang), marks: formatMarks(q.marks, lang) })}
              data-testid="review-awarded"
              data-awarded={q.awarded}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('exams:take.marks', { count: q.marks, n: formatMarks(q.marks, lang) })}
            </Typography>
          )}
          {status && <Chip size="small" variant="outlined" label={t(`exams:review.status.${status}`, { defaultValue: status })} data-testid="review-status" />}
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 1.5 }} data-user-content>
          {localText(q, lang)}
        </Typography>
        <PaperPicture src={q.image} n={n} />
        <Typography variant="overline" color="text.secondary" component="p">
          {reviewer ? t('exams:review.learner_answer') : t('exams:review.your_answer')}
        </Typography>
        {CHOICE_TYPES.includes(q.question_type) && q.options.length ? (
          <OptionsReview options={q.options} chosen={q.answer?.choices ?? []} chosenLabel={reviewer ? t('exams:review.learner_choice') : undefined} />
        ) : (
          <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            <AnswerView type={q.question_type} answer={q.answer} options={q.options} />
          </Box>
        )}
        {q.comment?.trim() && (
          <Alert severity="info" icon={false} sx={{ mt: 1.5 }} data-testid="review-comment">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('exams:review.comment')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-user-content>
              {q.comment}
            </Typography>
          </Alert>
        )}
        {q.key && !hasKey && <KeyView q={q} />}
        {explanation && (
          <Box sx={{ mt: 1.5 }} data-testid="review-explanation">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('exams:review.explanation')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-user-content>
              {explanation}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The key of a question without options: the answer, accepted answers, or each gap's answers. */
function KeyView({ q }: { q: ReviewQuestion }) {
  const { t, i18n } = useTranslation('exams');
  const lang = i18n.language;
  const key = q.key!;
  const answer = key.answer?.trim()
    ? q.question_type === 'true_false'
      ? key.answer === 'true'
        ? t('take.true')
        : key.answer === 'false'
          ? t('take.false')
          : key.answer
      : shownDigits(key.answer, lang)
    : '';
  const lines: string[] = [];
  if (answer) lines.push(answer);
  if (key.accepted?.length) lines.push(key.accepted.join(' / '));
  const blanks = (key.blanks ?? []).filter((b) => b.length);
  // Teacher-marked questions have no key.
  if (!lines.length && !blanks.length) return null;
  return (
    <Box sx={{ mt: 1.5, p: 1.5, borderRadius: 1, border: 1, borderColor: 'success.main' }} data-testid="review-key">
      <Typography variant="body2" sx={{ fontWeight: 600, color: 'success.main' }}>
        {t('review.key')}
      </Typography>
      {lines.map((l, i) => (
        <Typography key={i} variant="body2" data-user-content>
          {l}
        </Typography>
      ))}
      {blanks.length > 0 && (
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {key.blanks.map((b, i) => (
            <li key={i}>
              <Typography variant="body2" data-user-content>
                {b.join(' / ')}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
