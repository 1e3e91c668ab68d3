// /question-bank/create (?folder_id= preselects a folder) and /question-bank/edit/:id (also
// /question-bank/update/:id): one form for the 11 question types. Every save of an existing
// question makes a new version on the server. A question shared with me that I may not change
// (a colleague's) shows read only there, with "Copy to my bank".
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Collapse,
  Divider,
  FormControlLabel,
  Grid,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Controller, useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormSection } from '../../../components/ui/form-section';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useSite } from '../../../lib/site-context';
import { CategorySelect } from '../../../components/ui/category-select';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { applyFieldErrors } from '../../../lib/server-errors';
import { createQuestion, QUESTION_TYPES, updateQuestion, type Question, type QuestionType } from '../api/questions-api';
import {
  countGaps,
  emptyQuestionValues,
  gapsOf,
  isSingleAnswer,
  keepOneCorrect,
  nestedField,
  problemErrors,
  QUESTION_FIELDS,
  questionBody,
  questionProblems,
  questionValues,
  resizeBlanks,
  type QuestionFormValues,
} from '../hooks/question-form';
import { mayChangeQuestion } from '../hooks/question-access';
import { questionKeys, useAllFolders, useQuestion } from '../hooks/use-questions';
import { AnswerFields, revalidate } from './answer-fields';
import { FolderSelect } from './question-parts';
import { QuestionPictureField } from './question-picture-field';
import { SharedQuestionPage } from './question-view';

export default function QuestionFormPage() {
  const { id: idParam } = useParams();
  const [params] = useSearchParams();
  const { t } = useTranslation(['questions', 'common']);
  const editing = idParam !== undefined;
  const id = Number(idParam);
  const valid = !editing || (Number.isInteger(id) && id > 0);
  const query = useQuestion(editing && valid ? id : 0);
  const { user } = useCurrentUser();
  const { site } = useSite();
  const folderParam = Number(params.get('folder_id'));
  const folderId = Number.isInteger(folderParam) && folderParam > 0 ? folderParam : null;
  const backTo = !editing && folderId ? `/question-bank/folders/${folderId}` : '/question-bank/list';

  const backLink = (to: string) => (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      {t('questions:form.back')}
    </Button>
  );
  const back = backLink(backTo);
  if (!valid) return <Navigate to="/question-bank/list" replace />;
  if (editing && query.isLoading) {
    return (
      <Box>
        {back}
        <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  }
  if (editing && (query.isError || !query.data)) {
    return (
      <Box>
        {back}
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <Card>
            <EmptyState icon={<QuizOutlinedIcon />} message={t('questions:form.not_found')} action={<Button component={RouterLink} to="/question-bank/list">{t('questions:form.back')}</Button>} />
          </Card>
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        )}
      </Box>
    );
  }
  // A colleague's question shared with me: it reads; saving a change would be refused.
  if (query.data && !mayChangeQuestion(query.data, user, site.id)) {
    return (
      <Box>
        {backLink('/question-bank/shared')}
        <SharedQuestionPage question={query.data} />
      </Box>
    );
  }
  return (
    <Box data-testid="question-form-page">
      {back}
      {/* A new key per loaded version: the form starts again from what the server has. */}
      <QuestionForm key={query.data ? `${query.data.id}-${query.data.version}` : 'new'} question={query.data ?? null} folderId={folderId} backTo={backTo} />
    </Box>
  );
}

function QuestionForm({ question, folderId, backTo }: { question: Question | null; folderId: number | null; backTo: string }) {
  const { t, i18n } = useTranslation(['questions', 'common']);
  const lang = i18n.language;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const folders = useAllFolders();

  const resolver = useCallback<Resolver<QuestionFormValues>>(
    (values) => {
      const problems = questionProblems(values);
      if (!problems.length) return { values, errors: {} };
      const errors = problemErrors(problems, (p) =>
        t(`questions:problems.${p.code}`, Object.fromEntries(Object.entries(p.params ?? {}).map(([k, n]) => [k, formatNumber(n, lang)]))),
      );
      return { values: {}, errors: errors as never };
    },
    [t, lang],
  );
  const form = useForm<QuestionFormValues>({
    defaultValues: question ? questionValues(question, lang) : emptyQuestionValues(folderId, lang),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, setValue, getValues } = form;
  const type = useWatch({ control, name: 'question_type' });
  const text = useWatch({ control, name: 'text' });
  const textBn = useWatch({ control, name: 'text_bn' });
  const negative = useWatch({ control, name: 'negative' });
  const gaps = gapsOf({ text, text_bn: textBn });

  // Fill in the blanks: one list of answers per gap of the text, following the text as it is typed.
  useEffect(() => {
    if (type !== 'fill_blanks') return;
    const blanks = getValues('blanks');
    if (blanks.length !== gaps) setValue('blanks', resizeBlanks(blanks, gaps));
  }, [type, gaps, getValues, setValue]);

  const save = useMutation({
    mutationFn: (v: QuestionFormValues) => (question ? updateQuestion(question.id, questionBody(v)) : createQuestion(questionBody(v))),
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: questionKeys.all });
      toast.show(question ? t('questions:form.updated', { n: formatNumber(saved.version, lang) }) : t('questions:form.created'));
      navigate(backTo);
    },
    onError: (err) => {
      applyFieldErrors(form.setError, err, QUESTION_FIELDS, nestedField);
      toast.show(errorText(err), { severity: 'error' });
    },
  });

  const submit = form.handleSubmit(
    (v) => save.mutate(v),
    () => toast.show(t('questions:form.fix_errors'), { severity: 'error' }),
  );

  const nextVersion = question ? question.version + 1 : 1;
  const bothTexts = (name: 'text' | 'text_bn', label: string, langAttr: 'en' | 'bn', autoFocus: boolean) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(e) => {
            field.onChange(e);
            revalidate(form);
          }}
          id={name === 'text' ? 'question-text' : 'question-text-bn'}
          label={label}
          multiline
          minRows={3}
          fullWidth
          autoFocus={autoFocus}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message ??
            (type === 'fill_blanks' ? t('questions:form.gaps_found', { count: countGaps(field.value) }) : t('questions:form.text_hint'))
          }
          slotProps={{ htmlInput: { lang: langAttr } }}
        />
      )}
    />
  );

  return (
    <>
      <PageHeader
        title={question ? t('questions:form.edit_title') : t('questions:form.create_title')}
        subtitle={question ? undefined : t('questions:form.create_subtitle')}
        actions={question ? <Chip color="primary" label={t('questions:form.version', { n: formatNumber(question.version, lang) })} data-testid="question-version-chip" data-version={question.version} /> : undefined}
      />
      {question && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="version-note">
          {t('questions:form.version_note', { n: formatNumber(nextVersion, lang) })}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="question-form" data-type={type}>
        <Stack spacing={2.5}>
          <FormSection title={t('questions:form.question_heading')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 4 }}>
                <Controller
                  name="question_type"
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      onChange={(e) => {
                        const next = e.target.value as QuestionType;
                        if (isSingleAnswer(next)) setValue('options', keepOneCorrect(getValues('options')));
                        field.onChange(next);
                        revalidate(form);
                      }}
                      id="question-type"
                      select
                      label={t('questions:form.type')}
                      fullWidth
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                    >
                      {QUESTION_TYPES.map((qt) => (
                        <MenuItem key={qt} value={qt} data-testid={`type-option-${qt}`}>
                          {t(`questions:types.${qt}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Controller
                  name="folder_id"
                  control={control}
                  render={({ field, fieldState }) => (
                    <FolderSelect
                      id="question-folder"
                      label={t('questions:form.folder')}
                      folders={folders.data ?? []}
                      value={field.value}
                      onChange={field.onChange}
                      inputRef={field.ref}
                      emptyLabel={t('questions:form.no_folder')}
                      fullWidth
                      error={!!fieldState.error || folders.isError}
                      helperText={fieldState.error?.message ?? (folders.isError ? t('questions:form.folders_error') : undefined)}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <Controller
                  name="category_id"
                  control={control}
                  render={({ field, fieldState }) => (
                    <CategorySelect
                      field={field}
                      fieldState={fieldState}
                      id="question-category"
                      label={t('questions:form.category')}
                      noneLabel={t('questions:form.no_category')}
                      loadErrorText={t('questions:form.categories_error')}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>{bothTexts('text', t('questions:form.text'), 'en', !question)}</Grid>
              <Grid size={{ xs: 12, md: 6 }}>{bothTexts('text_bn', t('questions:form.text_bn'), 'bn', false)}</Grid>
              <Grid size={12}>
                <Controller
                  name="image"
                  control={control}
                  render={({ field, fieldState }) => (
                    <QuestionPictureField value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={save.isPending} />
                  )}
                />
              </Grid>
              {type === 'fill_blanks' && (
                <Grid size={12}>
                  <Typography variant="body2" color={gaps ? 'text.secondary' : 'warning.main'} role="status" aria-live="polite" data-testid="gap-count" data-gaps={gaps}>
                    {t('questions:form.gaps_hint')} {t('questions:form.gaps_found', { count: gaps })}
                  </Typography>
                </Grid>
              )}
              <Grid size={{ xs: 12, sm: 4 }}>
                <MarksField form={form} name="marks" id="question-marks" label={t('questions:form.marks')} hint={t('questions:form.marks_hint')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 8 }}>
                <Controller
                  name="negative"
                  control={control}
                  render={({ field }) => (
                    <Box>
                      <FormControlLabel
                        control={
                          <Switch
                            id="question-negative"
                            checked={!!field.value}
                            onChange={(e) => {
                              field.onChange(e.target.checked);
                              revalidate(form);
                            }}
                          />
                        }
                        label={t('questions:form.negative')}
                      />
                      <Typography variant="body2" color="text.secondary">
                        {t('questions:form.negative_hint')}
                      </Typography>
                    </Box>
                  )}
                />
                <Collapse in={negative} unmountOnExit>
                  <Box sx={{ mt: 1.5, maxWidth: 240 }}>
                    <MarksField form={form} name="negative_marks" id="question-negative-marks" label={t('questions:form.negative_marks')} />
                  </Box>
                </Collapse>
              </Grid>
            </Grid>
          </FormSection>

          <FormSection title={t('questions:form.answer_heading')}>
            <AnswerFields form={form} type={type} />
          </FormSection>

          <FormSection title={t('questions:form.explanation_heading')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('questions:form.explanation_hint')}
            </Typography>
            <Grid container spacing={2}>
              {(['explanation', 'explanation_bn'] as const).map((name) => (
                <Grid key={name} size={{ xs: 12, md: 6 }}>
                  <Controller
                    name={name}
                    control={control}
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        id={name === 'explanation' ? 'question-explanation' : 'question-explanation-bn'}
                        label={t(`questions:form.${name}`)}
                        multiline
                        minRows={2}
                        fullWidth
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message}
                        slotProps={{ htmlInput: { lang: name === 'explanation' ? 'en' : 'bn' } }}
                      />
                    )}
                  />
                </Grid>
              ))}
            </Grid>
          </FormSection>

          {save.isError && !(save.error instanceof ApiError && save.error.status === 422) && (
            <Alert severity="error" data-testid="save-error">
              {errorText(save.error)}
            </Alert>
          )}
          <Divider />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={backTo} disabled={save.isPending}>
              {t('questions:form.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <CheckIcon />}
              data-testid="save-question"
            >
              {save.isPending
                ? t('questions:form.saving')
                : question
                  ? t('questions:form.save_version', { n: formatNumber(nextVersion, lang) })
                  : t('questions:form.save')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </>
  );
}

/** A marks value: text with a decimal keypad (Bangla digits allowed), checked again as it changes. */
function MarksField({ form, name, id, label, hint }: { form: UseFormReturn<QuestionFormValues>; name: 'marks' | 'negative_marks'; id: string; label: string; hint?: string }) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(e) => {
            field.onChange(e);
            revalidate(form);
          }}
          id={id}
          type="text"
          label={label}
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
      )}
    />
  );
}
