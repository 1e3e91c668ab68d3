// The answer field(s) of one question, by type: radios (multiple choice, true/false), a select
// (dropdown), checkboxes (multiple select), one field per gap (fill in the blanks), text fields
// (short answer, paragraph, essay, date, time) and a file upload (assignment).
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { Answer } from '../api/exams-api';
import { uploadAnswerFile, type PaperQuestion, type SavedAnswer } from '../api/exam-front-api';
import type { UploadHandle } from '../../../lib/upload';
import { emptyAnswer, shownDigits, toggleChoice, withBlank } from '../hooks/answer-logic';
import { asciiDigits } from '../../../lib/digits';
import { formatBytes, localText } from '../hooks/exam-format';
import type { AnswerSync } from '../hooks/answer-sync';
import { fileName } from './answer-view';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

export interface AnswerInputProps {
  question: PaperQuestion;
  answer: Answer | null;
  /** A change; `now` sends it at once (a click) rather than after the typing pause. */
  onChange: (answer: Answer, now?: boolean) => void;
  /** Id of the element that labels the answer (the question's text). */
  labelledBy: string;
  disabled?: boolean;
  /** For the assignment's upload, which takes its client_seq from the autosave. */
  attempt?: string;
  sync?: AnswerSync;
}

/** Largest file an assignment takes (the server has the last word). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export function AnswerInput({ question, answer, onChange, labelledBy, disabled, attempt, sync }: AnswerInputProps) {
  const { t, i18n } = useTranslation('exams');
  const lang = i18n.language;
  const a = answer ?? emptyAnswer();
  const type = question.question_type;
  const id = `q${question.slot}`;

  if (type === 'multiple_choice' || type === 'true_false') {
    const options = type === 'true_false' ? [{ value: 'true', label: t('take.true') }, { value: 'false', label: t('take.false') }] : question.options.map((o) => ({ value: String(o.id), label: localText(o, lang) }));
    const value = type === 'true_false' ? a.text : a.choices.length ? String(a.choices[0]) : '';
    return (
      <FormControl component="fieldset" disabled={disabled} fullWidth>
        <FormLabel component="legend" sx={visuallyHidden}>
          {t('take.pick_one_answer')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={labelledBy}
          name={id}
          value={value}
          onChange={(e) => onChange(type === 'true_false' ? { ...a, text: e.target.value } : { ...a, choices: [Number(e.target.value)] }, true)}
          data-testid="answer-radios"
        >
          {options.map((o) => (
            <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={<span data-user-content>{o.label}</span>} sx={optionSx} data-testid="answer-option" />
          ))}
        </RadioGroup>
      </FormControl>
    );
  }

  if (type === 'dropdown') {
    return (
      <TextField
        select
        id={`${id}-select`}
        label={t('take.pick_one_answer')}
        value={a.choices.length ? String(a.choices[0]) : ''}
        onChange={(e) => onChange({ ...a, choices: e.target.value ? [Number(e.target.value)] : [] }, true)}
        disabled={disabled}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': labelledBy, 'data-testid': 'answer-select' } }}
      >
        <option value="">{t('take.choose_placeholder')}</option>
        {question.options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {localText(o, lang)}
          </option>
        ))}
      </TextField>
    );
  }

  if (type === 'multiple_select') {
    return (
      <FormControl component="fieldset" disabled={disabled} fullWidth>
        <FormLabel component="legend" sx={{ mb: 1, fontSize: 14 }}>
          {t('take.pick_many_answers')}
        </FormLabel>
        <FormGroup aria-labelledby={labelledBy} data-testid="answer-checkboxes">
          {question.options.map((o) => (
            <FormControlLabel
              key={o.id}
              control={<Checkbox checked={a.choices.includes(o.id)} onChange={(e) => onChange(toggleChoice(a, o.id, e.target.checked), true)} />}
              label={<span data-user-content>{localText(o, lang)}</span>}
              sx={optionSx}
              data-testid="answer-option"
            />
          ))}
        </FormGroup>
      </FormControl>
    );
  }

  if (type === 'fill_blanks') {
    const gaps = Math.max(question.gaps, 1);
    return (
      <Stack spacing={1.5} role="group" aria-labelledby={labelledBy} data-testid="answer-blanks">
        {Array.from({ length: gaps }, (_, i) => (
          <TextField
            key={i}
            id={`${id}-blank-${i}`}
            label={t('take.blank_n', { n: formatNumber(i + 1, lang) })}
            value={a.blanks[i] ?? ''}
            onChange={(e) => onChange(withBlank(a, i, e.target.value, gaps))}
            disabled={disabled}
            fullWidth
            slotProps={{ htmlInput: { autoComplete: 'off', 'data-testid': 'answer-blank' } }}
          />
        ))}
      </Stack>
    );
  }

  if (type === 'date' || type === 'time') {
    const date = type === 'date';
    return (
      <TextField
        id={`${id}-text`}
        label={date ? t('take.date_label') : t('take.time_label')}
        value={shownDigits(a.text, lang)}
        // Kept with ASCII digits, shown in the interface's digits.
        onChange={(e) => onChange({ ...a, text: asciiDigits(e.target.value) })}
        disabled={disabled}
        placeholder={date ? 'DD/MM/YYYY' : 'HH:MM'}
        helperText={date ? t('take.date_hint') : t('take.time_hint')}
        sx={{ maxWidth: 280 }}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: date ? 10 : 5, 'aria-describedby': labelledBy, 'data-testid': 'answer-text' } }}
      />
    );
  }

  if (type === 'assignment') {
    return <FileAnswer question={question} answer={a} disabled={disabled} attempt={attempt} sync={sync} labelledBy={labelledBy} />;
  }

  // short_answer, paragraph, essay
  const long = type === 'paragraph' || type === 'essay';
  return (
    <TextField
      id={`${id}-text`}
      label={t('take.your_answer')}
      value={a.text}
      onChange={(e) => onChange({ ...a, text: e.target.value })}
      disabled={disabled}
      fullWidth
      multiline={long}
      minRows={type === 'essay' ? 8 : type === 'paragraph' ? 4 : undefined}
      slotProps={{ htmlInput: { 'aria-describedby': labelledBy, 'data-testid': 'answer-text', spellCheck: true } }}
    />
  );
}

function FileAnswer({ question, answer, disabled, attempt, sync, labelledBy }: { question: PaperQuestion; answer: Answer; disabled?: boolean; attempt?: string; sync?: AnswerSync; labelledBy: string }) {
  const { t, i18n } = useTranslation('exams');
  const lang = i18n.language;
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle<SavedAnswer> | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An upload goes on when the learner moves to another question; the autosave status follows it.

  const upload = (file: File) => {
    if (!attempt || !sync) return;
    setError(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(t('take.file_too_big', { size: formatBytes(MAX_UPLOAD_BYTES, lang) }));
      return;
    }
    const seq = sync.beginUpload(question.slot);
    setProgress(0);
    handle.current = uploadAnswerFile(attempt, question.slot, seq, file, setProgress);
    handle.current.promise.then(
      (saved) => {
        sync.uploadDone(question.slot, { ...emptyAnswer(), file: file.name }, saved);
        setProgress(null);
      },
      (err: unknown) => {
        setProgress(null);
        sync.uploadFailed(question.slot, err);
        if ((err as Error)?.name !== 'AbortError') setError(err instanceof ApiError ? errorText(err) : t('take.upload_failed'));
      },
    );
  };

  const busy = progress !== null;
  return (
    <Box role="group" aria-labelledby={labelledBy} data-testid="answer-file-upload">
      {answer.file && (
        <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="uploaded-file">
          {t('take.file_uploaded', { name: fileName(answer.file) })}
        </Typography>
      )}
      <input
        ref={input}
        type="file"
        hidden
        id={`q${question.slot}-file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }}
        data-testid="answer-file-input"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled || busy} onClick={() => input.current?.click()} data-testid="choose-file">
          {answer.file ? t('take.replace_file') : t('take.choose_file')}
        </Button>
        {busy && (
          <Button onClick={() => handle.current?.abort()} data-testid="cancel-upload">
            {t('take.cancel_upload')}
          </Button>
        )}
      </Stack>
      {busy && (
        <Box sx={{ mt: 1.5 }} role="status" aria-live="polite">
          <LinearProgress variant="determinate" value={progress ?? 0} aria-label={t('take.uploading', { percent: formatNumber(progress ?? 0, lang) })} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('take.uploading', { percent: formatNumber(progress ?? 0, lang) })}
          </Typography>
        </Box>
      )}
      {error && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}

const optionSx = {
  mx: 0,
  my: 0.5,
  px: 1,
  py: 0.5,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  alignItems: 'flex-start',
  '& .MuiFormControlLabel-label': { pt: 1.1, overflowWrap: 'anywhere', minWidth: 0 },
} as const;
