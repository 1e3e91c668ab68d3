// A learner's answer as read by a teacher (marking) or by the learner (results review).
import { alpha, Box, Link, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import type { Answer, QuestionType } from '../api/exams-api';
import { CHOICE_TYPES, isAnswered, shownDigits } from '../hooks/answer-logic';
import { localText } from '../hooks/exam-format';

export interface ViewOption {
  id: number;
  text: string;
  text_bn: string;
  correct?: boolean | null;
}

/** The name of an uploaded file out of its stored path or address. */
export function fileName(file: string): string {
  const clean = file.split(/[?#]/)[0];
  return decodeURIComponent(clean.slice(clean.lastIndexOf('/') + 1)) || file;
}

export function AnswerView({ type, answer, options = [], fileUrl }: { type: QuestionType; answer: Answer | null; options?: readonly ViewOption[]; fileUrl?: string | null }) {
  const { t, i18n } = useTranslation('exams');
  const lang = i18n.language;
  if (!answer || !isAnswered(type, answer)) {
    return (
      <Typography color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="answer-view" data-empty>
        {t('review.no_answer')}
      </Typography>
    );
  }
  if (CHOICE_TYPES.includes(type)) {
    const chosen = options.filter((o) => answer.choices.includes(o.id));
    return (
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }} data-testid="answer-view">
        {chosen.length ? (
          chosen.map((o) => (
            <li key={o.id} data-user-content>
              {localText(o, lang)}
            </li>
          ))
        ) : (
          <li>{t('review.options_chosen', { count: answer.choices.length })}</li>
        )}
      </Stack>
    );
  }
  if (type === 'true_false') {
    return <Typography data-testid="answer-view">{answer.text === 'true' ? t('take.true') : answer.text === 'false' ? t('take.false') : answer.text}</Typography>;
  }
  if (type === 'fill_blanks') {
    return (
      <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 3 }} data-testid="answer-view">
        {answer.blanks.map((b, i) => (
          <li key={i} data-user-content>
            {b.trim() ? b : <em>{t('review.blank_empty')}</em>}
          </li>
        ))}
      </Stack>
    );
  }
  if (type === 'assignment') {
    const name = answer.file ? fileName(answer.file) : '';
    return (
      <Box data-testid="answer-view" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <AttachFileIcon fontSize="small" color="action" />
        {fileUrl ? (
          <Link href={fileUrl} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }} data-testid="answer-file">
            {t('review.open_file', { name })}
          </Link>
        ) : (
          <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="answer-file">
            {name}
          </Typography>
        )}
      </Box>
    );
  }
  const text = type === 'date' || type === 'time' ? shownDigits(answer.text, lang) : answer.text;
  return (
    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="answer-view" data-user-content>
      {text}
    </Typography>
  );
}

/** Options with the learner's choice and, when known, the right ones marked (`chosenLabel`: the choice's mark, "Your choice" by default). */
export function OptionsReview({ options, chosen, chosenLabel }: { options: readonly ViewOption[]; chosen: readonly number[]; chosenLabel?: string }) {
  const { t, i18n } = useTranslation('exams');
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="options-review">
      {options.map((o) => {
        const mine = chosen.includes(o.id);
        return (
          <Box
            component="li"
            key={o.id}
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
              p: 1,
              borderRadius: 1,
              border: 1,
              borderColor: o.correct ? 'success.main' : mine ? 'primary.main' : 'divider',
              bgcolor: (th) => (o.correct ? alpha(th.palette.success.main, 0.08) : undefined),
            }}
            data-testid="review-option"
            data-chosen={mine}
            data-correct={o.correct ?? undefined}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-user-content>
              {localText(o, i18n.language)}
            </Box>
            {mine && <Typography variant="caption" color="primary" sx={{ flexShrink: 0 }}>{chosenLabel ?? t('review.your_choice')}</Typography>}
            {o.correct && (
              <Typography variant="caption" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexShrink: 0 }}>
                <CheckIcon sx={{ fontSize: 16 }} />
                {t('review.correct_option')}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
