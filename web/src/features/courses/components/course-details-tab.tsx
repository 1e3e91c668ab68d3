// Details tab: the fields of the create form on one page, saved with PUT /course/course/update/{id}
// (a certificate exam's with its own call, `kind`).
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/ui/form-section';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import type { CourseWithContent } from '../api/courses-api';
import { courseBody, courseValues, STEP_FIELDS, type CourseFormValues } from '../hooks/course-form';
import { applyFieldErrors } from '../../../lib/server-errors';
import type { CourseKind } from '../hooks/course-kind';
import { CourseBasicsFields, CourseDescriptionFields, CourseMediaFields } from './course-form-fields';

const FORM_FIELDS = Object.values(STEP_FIELDS).flat();

export function CourseDetailsTab({ course, kind }: { course: CourseWithContent; kind: CourseKind }) {
  const { t } = useTranslation(['courses', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const form = useForm<CourseFormValues>({ defaultValues: courseValues(course), reValidateMode: 'onChange' });
  const { isDirty } = form.formState;

  // A save elsewhere (settings tab, header) refreshes the untouched form.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(courseValues(course));
  }, [course, form]);

  const save = useMutation({
    mutationFn: (v: CourseFormValues) => kind.update(course.id, courseBody(v, course.thumbnail, kind.typed)),
    onSuccess: (saved) => {
      qc.setQueryData<CourseWithContent>(kind.oneKey(course), (old) => (old ? { ...old, ...saved } : old));
      void qc.invalidateQueries({ queryKey: kind.listKey });
      form.reset(courseValues(saved));
      toast.show(t('courses:details.saved'));
    },
    onError: (err) => {
      applyFieldErrors(form.setError, err, FORM_FIELDS, (name) => {
        const m = /^objectives\.(\d+)$/.exec(name);
        return m ? `objectives.${m[1]}.text` : null;
      });
      toast.show(errorText(err), { severity: 'error' });
    },
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} data-testid="course-details-form">
      <Stack spacing={3}>
        {save.isError && <Alert severity="error">{errorText(save.error)}</Alert>}
        <FormSection title={t('courses:create.steps.basics')}>
          <CourseBasicsFields form={form} typed={kind.typed} />
        </FormSection>
        <FormSection title={t('courses:create.steps.description')}>
          <CourseDescriptionFields form={form} />
        </FormSection>
        <FormSection title={t('courses:create.steps.media')}>
          <CourseMediaFields form={form} />
        </FormSection>
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => form.reset(courseValues(course))} disabled={!isDirty || save.isPending}>
            {t('courses:details.discard')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
            disabled={save.isPending}
            data-testid="save-course"
          >
            {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
