// The answer part of the question form, per type: options (one correct or several), accepted
// answers per gap, accepted short answers, true/false, a date or a time.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { useId, useState } from 'react';
import { Controller, get, useFieldArray, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import type { QuestionType } from '../api/questions-api';
import { emptyOption, isSingleAnswer, OPTIONS_MAX, OPTIONS_MIN, type QuestionFormValues } from '../hooks/question-form';

type Form = UseFormReturn<QuestionFormValues>;

/** The message at a nested path of the form's errors. */
export function errorAt(errors: FieldErrors<QuestionFormValues>, path: string): string | undefined {
  const e = get(errors, path) as { message?: unknown } | undefined;
  return typeof e?.message === 'string' && e.message ? e.message : undefined;
}

/** Re-check the whole form after a change once it was submitted (the checks span several fields). */
export function revalidate(form: Form) {
  if (form.formState.isSubmitted) void form.trigger();
}

export function AnswerFields({ form, type }: { form: Form; type: QuestionType }) {
  const { t } = useTranslation('questions', { keyPrefix: 'form' });
  switch (type) {
    case 'multiple_choice':
    case 'dropdown':
    case 'multiple_select':
      return <OptionsEditor form={form} single={isSingleAnswer(type)} />;
    case 'fill_blanks':
      return <BlanksEditor form={form} />;
    case 'short_answer':
      return (
        <Controller
          name="accepted"
          control={form.control}
          render={({ field, formState }) => (
            <AnswerChips
              id="accepted"
              label={t('accepted')}
              hint={t('accepted_hint')}
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                revalidate(form);
              }}
              error={errorAt(formState.errors, 'accepted')}
            />
          )}
        />
      );
    case 'true_false':
      return (
        <Controller
          name="answer"
          control={form.control}
          render={({ field, fieldState }) => (
            <FormControl error={!!fieldState.error} component="fieldset">
              <FormLabel component="legend">{t('true_false')}</FormLabel>
              <RadioGroup row name="question-answer-tf" value={field.value} onChange={(e) => field.onChange(e.target.value)} data-testid="true-false">
                <FormControlLabel value="true" control={<Radio />} label={t('true')} />
                <FormControlLabel value="false" control={<Radio />} label={t('false')} />
              </RadioGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
      );
    case 'date':
    case 'time':
      return (
        <Controller
          name="answer"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id={`question-answer-${type}`}
              type="text"
              label={type === 'date' ? t('date_answer') : t('time_answer')}
              placeholder={type === 'date' ? 'DD/MM/YYYY' : 'HH:MM'}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? (type === 'date' ? t('date_hint') : t('time_hint'))}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: type === 'date' ? 10 : 5 } }}
              sx={{ maxWidth: 280 }}
              fullWidth
            />
          )}
        />
      );
    default:
      return (
        <Alert severity="info" data-testid="teacher-marked">
          {t('teacher_marked')}
          {type === 'assignment' && ` ${t('assignment_note')}`}
        </Alert>
      );
  }
}

function OptionsEditor({ form, single }: { form: Form; single: boolean }) {
  const { t, i18n } = useTranslation('questions', { keyPrefix: 'form' });
  const { control, register, setValue, getValues, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const options = useWatch({ control, name: 'options' }) ?? [];
  const group = useId();
  const rootError = errorAt(formState.errors, 'options');
  const n = (i: number) => formatNumber(i + 1, i18n.language);

  const setCorrect = (i: number, checked: boolean) => {
    if (single) {
      getValues('options').forEach((_, j) => setValue(`options.${j}.correct`, j === i, { shouldDirty: true }));
    } else {
      setValue(`options.${i}.correct`, checked, { shouldDirty: true });
    }
    revalidate(form);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="options-editor">
      <Typography component="legend" variant="subtitle2">
        {t('options')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {single ? t('options_hint_single') : t('options_hint_multi')}
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((f, i) => {
          const correct = !!options[i]?.correct;
          const label = t('correct_option', { n: n(i) });
          const textErr = errorAt(formState.errors, `options.${i}.text`);
          const textBnErr = errorAt(formState.errors, `options.${i}.text_bn`);
          const { ref: textRef, ...textReg } = register(`options.${i}.text`, { onChange: () => revalidate(form) });
          const { ref: textBnRef, ...textBnReg } = register(`options.${i}.text_bn`, { onChange: () => revalidate(form) });
          return (
            <Stack
              component="li"
              key={f.id}
              direction="row"
              spacing={1}
              data-testid="option-row"
              sx={{ alignItems: 'flex-start', p: 1, borderRadius: 2, border: 1, borderColor: correct ? 'success.main' : 'divider', bgcolor: correct ? 'action.selected' : undefined }}
            >
              <Tooltip title={t('correct')}>
                {single ? (
                  <Radio
                    checked={correct}
                    onChange={() => setCorrect(i, true)}
                    name={`correct-${group}`}
                    value={String(i)}
                    slotProps={{ input: { 'aria-label': label } }}
                    data-testid="option-correct"
                    sx={{ mt: 0.5 }}
                  />
                ) : (
                  <Checkbox
                    checked={correct}
                    onChange={(e) => setCorrect(i, e.target.checked)}
                    slotProps={{ input: { 'aria-label': label } }}
                    data-testid="option-correct"
                    sx={{ mt: 0.5 }}
                  />
                )}
              </Tooltip>
              <Grid container spacing={1} sx={{ flexGrow: 1 }}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField {...textReg} inputRef={textRef} size="small" fullWidth label={t('option_text', { n: n(i) })} error={!!textErr} helperText={textErr} slotProps={{ htmlInput: { lang: 'en' } }} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField {...textBnReg} inputRef={textBnRef} size="small" fullWidth label={t('option_text_bn', { n: n(i) })} error={!!textBnErr} helperText={textBnErr} slotProps={{ htmlInput: { lang: 'bn' } }} />
                </Grid>
              </Grid>
              <Tooltip title={t('remove_option', { n: n(i) })}>
                <span>
                  <IconButton
                    aria-label={t('remove_option', { n: n(i) })}
                    onClick={() => {
                      remove(i);
                      revalidate(form);
                    }}
                    disabled={fields.length <= OPTIONS_MIN}
                    sx={{ mt: 0.25 }}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          );
        })}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        onClick={() => {
          append(emptyOption(), { shouldFocus: true });
          revalidate(form);
        }}
        disabled={fields.length >= OPTIONS_MAX}
        sx={{ mt: 1 }}
        data-testid="add-option"
      >
        {t('add_option')}
      </Button>
      {rootError && (
        <Typography color="error" variant="body2" role="alert" data-testid="options-error">
          {rootError}
        </Typography>
      )}
    </Box>
  );
}

function BlanksEditor({ form }: { form: Form }) {
  const { t, i18n } = useTranslation('questions', { keyPrefix: 'form' });
  return (
    <Controller
      name="blanks"
      control={form.control}
      render={({ field, formState }) => {
        const rootError = errorAt(formState.errors, 'blanks');
        return (
          <Box data-testid="blanks-editor">
            <Typography variant="subtitle2" component="h3">
              {t('blanks')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {field.value.length ? t('blanks_hint') : t('no_gaps_yet')}
            </Typography>
            <Stack spacing={2}>
              {field.value.map((answers, i) => (
                <AnswerChips
                  key={i}
                  id={`blank-${i}`}
                  label={t('gap_n', { n: formatNumber(i + 1, i18n.language) })}
                  value={answers}
                  onChange={(next) => {
                    field.onChange(field.value.map((b, j) => (j === i ? next : b)));
                    revalidate(form);
                  }}
                  error={errorAt(formState.errors, `blanks.${i}`)}
                />
              ))}
            </Stack>
            {rootError && (
              <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
                {rootError}
              </Typography>
            )}
          </Box>
        );
      }}
    />
  );
}

/**
 * A list of accepted answers as chips: type and press Enter (or Add, or leave the box) to add;
 * each chip removes with its delete icon or Backspace/Delete.
 */
export function AnswerChips(props: { id: string; label: string; hint?: string; value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const { t } = useTranslation('questions', { keyPrefix: 'form' });
  const [draft, setDraft] = useState('');
  const add = () => {
    const a = draft.trim();
    if (a && !props.value.includes(a)) props.onChange([...props.value, a]);
    setDraft('');
  };
  return (
    <Box data-testid={`${props.id}-answers`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id={`${props.id}-input`}
          size="small"
          fullWidth
          label={props.label}
          placeholder={t('answer_input')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={add}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
          error={!!props.error}
          helperText={props.error ?? props.hint}
        />
        <Button variant="outlined" onClick={add} disabled={!draft.trim()} sx={{ flexShrink: 0, height: 40 }}>
          {t('add_answer')}
        </Button>
      </Stack>
      {props.value.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} component="ul" aria-label={props.label} style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
          {props.value.map((a) => (
            <li key={a}>
              <Chip
                label={a}
                onDelete={() => props.onChange(props.value.filter((x) => x !== a))}
                deleteIcon={
                  <CloseIcon aria-label={t('remove_answer', { name: a })} />
                }
                data-testid="answer-chip"
                data-user-content
              />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
