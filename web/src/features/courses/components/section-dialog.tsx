// Add or rename a syllabus section (Bangla and English titles, at least one).
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import { createSection, updateSection, type Section } from '../api/courses-api';
import { applyFieldErrors } from '../../../lib/server-errors';

interface Values {
  title_bn: string;
  title: string;
}

export function SectionDialog(props: {
  open: boolean;
  courseId: number;
  /** null = a new section. */
  section: Section | null;
  onClose: () => void;
  onSaved: (section: Section, created: boolean) => void;
}) {
  const { t } = useTranslation(['courses', 'common']);
  const errorText = useErrorText();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useForm<Values>({ defaultValues: { title_bn: '', title: '' } });
  const { section, open } = props;

  useEffect(() => {
    if (open) form.reset({ title_bn: section?.title_bn ?? '', title: section?.title ?? '' });
  }, [open, section, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { title: v.title.trim(), title_bn: v.title_bn.trim() };
      return section ? updateSection(section.id, body) : createSection({ course_id: props.courseId, ...body });
    },
    onSuccess: (saved) => props.onSaved(saved, !section),
    onError: (err) => applyFieldErrors(form.setError, err, ['title', 'title_bn']),
  });

  const required = (_: string, v: Values) => !!(v.title.trim() || v.title_bn.trim()) || t('courses:form.title_required');
  return (
    <Dialog open={open} onClose={() => !save.isPending && props.onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="section-dialog-title" slotProps={{ transition: { onExited: () => save.reset() } }}>
      <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <DialogTitle id="section-dialog-title">{section ? t('courses:syllabus.rename_section') : t('courses:syllabus.add_section')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.isError && <Alert severity="error">{errorText(save.error)}</Alert>}
            <Controller
              name="title_bn"
              control={form.control}
              rules={{ validate: required }}
              render={({ field, fieldState }) => (
                <TextField {...field} id="section-title-bn" autoFocus label={t('courses:syllabus.section_title_bn')} error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ htmlInput: { lang: 'bn' } }} fullWidth />
              )}
            />
            <Controller
              name="title"
              control={form.control}
              rules={{ deps: ['title_bn'] }}
              render={({ field, fieldState }) => (
                <TextField {...field} id="section-title" label={t('courses:syllabus.section_title')} error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ htmlInput: { lang: 'en' } }} fullWidth />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="save-section">
            {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
