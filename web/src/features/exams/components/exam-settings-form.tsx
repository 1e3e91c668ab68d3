// The single exam form: texts, window and timing, marking and results, the paper, and the publish
// switch. Used by /exam/single/create and by the settings tab of /exam/edit/:id.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Controller, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormSection } from '../../../components/ui/form-section';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/lang';
import { applyFieldErrors } from '../../../lib/server-errors';
import { useErrorText } from '../../../lib/use-error-text';
import { createExam, RESULTS_RELEASES, updateExam, type Exam } from '../api/exams-api';
import {
  emptyExamValues,
  EXAM_FIELDS,
  examBody,
  examProblems,
  examValues,
  localizedFieldErrors,
  nestedField,
  problemErrors,
  type ExamFormValues,
} from '../hooks/exam-form';
import { examKeys, useBankFolders } from '../hooks/use-exams';
import { PaperBuilder } from './paper-builder';

type Form = UseFormReturn<ExamFormValues>;

export function ExamSettingsForm({ exam }: { exam: Exam | null }) {
  const { t, i18n } = useTranslation(['exams', 'errors', 'common']);
  const lang = i18n.language;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const folders = useBankFolders();
  const folderList = folders.data;

  const resolver = useCallback<Resolver<ExamFormValues>>(
    (values) => {
      const problems = examProblems(values, folderList ?? []);
      if (!problems.length) return { values, errors: {} };
      const errors = problemErrors(problems, (p) =>
        t(`exams:problems.${p.code}`, Object.fromEntries(Object.entries(p.params ?? {}).map(([k, n]) => [k, formatNumber(n, lang)]))),
      );
      return { values: {}, errors: errors as never };
    },
    [t, lang, folderList],
  );
  const form = useForm<ExamFormValues>({
    defaultValues: exam ? examValues(exam, lang) : emptyExamValues(lang),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control } = form;

  const save = useMutation({
    mutationFn: (v: ExamFormValues) => (exam ? updateExam(exam.id, examBody(v)) : createExam(examBody(v))),
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: ['exams', 'list'] });
      qc.setQueryData(examKeys.one(saved.id), saved);
      // An edit gives the exam a new updated_at: the edit page starts the form again from it.
      if (exam) toast.show(t('exams:form.updated'));
      else {
        toast.show(t('exams:form.created'));
        navigate(`/exam/edit/${saved.id}`);
      }
    },
    onError: (err) => {
      // The server writes field messages; one that comes as a bare code is looked up under errors:.
      const translate = (code: string) => (i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : null);
      applyFieldErrors(form.setError, localizedFieldErrors(err, translate), EXAM_FIELDS, nestedField);
      toast.show(errorText(err), { severity: 'error' });
    },
  });

  const submit = form.handleSubmit(
    (v) => save.mutate(v),
    () => toast.show(t('exams:form.fix_errors'), { severity: 'error' }),
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="exam-form">
      <Stack spacing={2.5}>
        <FormSection title={t('exams:form.about_heading')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput form={form} name="title" id="exam-title" label={t('exams:form.title')} langAttr="en" autoFocus={!exam} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput form={form} name="title_bn" id="exam-title-bn" label={t('exams:form.title_bn')} langAttr="bn" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput form={form} name="instructions" id="exam-instructions" label={t('exams:form.instructions')} langAttr="en" multiline />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput form={form} name="instructions_bn" id="exam-instructions-bn" label={t('exams:form.instructions_bn')} langAttr="bn" multiline />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('exams:form.timing_heading')}>
          <Grid container spacing={2}>
            {(['starts_at', 'ends_at'] as const).map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                <Controller
                  name={name}
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      id={name === 'starts_at' ? 'exam-starts-at' : 'exam-ends-at'}
                      type="datetime-local"
                      label={t(`exams:form.${name}`)}
                      fullWidth
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? (name === 'starts_at' ? t('exams:form.window_hint') : undefined)}
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
                    />
                  )}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 4 }}>
              <NumberInput form={form} name="duration_minutes" id="exam-duration" label={t('exams:form.duration')} hint={t('exams:form.duration_hint')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <NumberInput form={form} name="attempts_allowed" id="exam-attempts" label={t('exams:form.attempts')} hint={t('exams:form.attempts_hint')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <NumberInput form={form} name="grace_seconds" id="exam-grace" label={t('exams:form.grace')} hint={t('exams:form.grace_hint')} />
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('exams:form.results_heading')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <NumberInput form={form} name="pass_percent" id="exam-pass" label={t('exams:form.pass_percent')} hint={t('exams:form.pass_hint')} decimal />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <Controller
                name="results_release"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    id="exam-results-release"
                    select
                    label={t('exams:form.results_release')}
                    fullWidth
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? t(`exams:form.release_hint.${field.value}`)}
                  >
                    {RESULTS_RELEASES.map((r) => (
                      <MenuItem key={r} value={r} data-testid={`release-${r}`}>
                        {t(`exams:form.release.${r}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <Stack spacing={0.5}>
                <SwitchInput form={form} name="show_answers" id="exam-show-answers" label={t('exams:form.show_answers')} hint={t('exams:form.show_answers_hint')} />
                <SwitchInput form={form} name="shuffle_questions" id="exam-shuffle-questions" label={t('exams:form.shuffle_questions')} />
                <SwitchInput form={form} name="shuffle_options" id="exam-shuffle-options" label={t('exams:form.shuffle_options')} />
              </Stack>
            </Grid>
          </Grid>
        </FormSection>

        <FormSection title={t('exams:paper.heading')}>
          <PaperBuilder form={form} folders={folderList ?? []} foldersError={folders.isError} />
        </FormSection>

        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <SwitchInput form={form} name="published" id="exam-published" label={t('exams:form.published')} hint={t('exams:form.published_hint')} />
          </CardContent>
        </Card>

        {save.isError && !(save.error instanceof ApiError && save.error.status === 422) && (
          <Alert severity="error" data-testid="save-error">
            {errorText(save.error)}
          </Alert>
        )}
        <Divider />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {!exam && (
            <Button component={RouterLink} to="/exam/single" disabled={save.isPending}>
              {t('exams:form.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <CheckIcon />}
            data-testid="save-exam"
          >
            {save.isPending ? t('exams:form.saving') : exam ? t('exams:form.save_changes') : t('exams:form.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

type TextName = 'title' | 'title_bn' | 'instructions' | 'instructions_bn';
type NumberName = 'duration_minutes' | 'attempts_allowed' | 'grace_seconds' | 'pass_percent';
type SwitchName = 'show_answers' | 'shuffle_questions' | 'shuffle_options' | 'published';

/** Messages of the whole form follow the values once it has been submitted (reValidateMode). */
function TextInput({ form, name, id, label, langAttr, multiline, autoFocus }: { form: Form; name: TextName; id: string; label: string; langAttr: 'en' | 'bn'; multiline?: boolean; autoFocus?: boolean }) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(e) => {
            field.onChange(e);
            // Either title will do: a title message leaves once the other one is typed.
            if ((name === 'title' || name === 'title_bn') && form.formState.isSubmitted) void form.trigger(['title', 'title_bn']);
          }}
          id={id}
          label={label}
          fullWidth
          autoFocus={autoFocus}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { lang: langAttr } }}
        />
      )}
    />
  );
}

/** A number typed as text with a numeric keypad; Bangla digits are accepted (and sent as ASCII). */
function NumberInput({ form, name, id, label, hint, decimal }: { form: Form; name: NumberName; id: string; label: string; hint?: string; decimal?: boolean }) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          id={id}
          type="text"
          label={label}
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
          slotProps={{ htmlInput: { inputMode: decimal ? 'decimal' : 'numeric', autoComplete: 'off' } }}
        />
      )}
    />
  );
}

function SwitchInput({ form, name, id, label, hint }: { form: Form; name: SwitchName; id: string; label: string; hint?: string }) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <Box>
          <FormControlLabel control={<Switch id={id} checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref } }} />} label={label} />
          {hint && (
            <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
              {hint}
            </Typography>
          )}
        </Box>
      )}
    />
  );
}
