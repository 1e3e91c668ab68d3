// Settings tab: lesson order, who may enrol (everyone, or verified teachers only), course type, where prices are set (per batch), and deleting the course.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast-provider';
import { localTitle } from '../../../lib/course-text';
import { formatTaka } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { COURSE_TYPES, deleteCourse, updateCourse, type CourseType, type CourseWithContent } from '../api/courses-api';
import { courseKeys } from '../hooks/use-courses';
import { TeachersOnlySwitch } from './course-form-fields';

export function CourseSettingsTab({ course }: { course: CourseWithContent }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const [enforce, setEnforce] = useState(course.enforce_order);
  const [teachersOnly, setTeachersOnly] = useState(!!course.teachers_only);
  const [type, setType] = useState<CourseType>(course.course_type);
  const [confirm, setConfirm] = useState(false);

  useEffect(() => {
    setEnforce(course.enforce_order);
    setTeachersOnly(!!course.teachers_only);
    setType(course.course_type);
  }, [course.enforce_order, course.teachers_only, course.course_type]);

  const dirty = enforce !== course.enforce_order || teachersOnly !== !!course.teachers_only || type !== course.course_type;

  const save = useMutation({
    mutationFn: () => updateCourse(course.id, { enforce_order: enforce, teachers_only: teachersOnly, course_type: type }),
    onSuccess: (saved) => {
      qc.setQueryData<CourseWithContent>(courseKeys.one(course.id), (old) => (old ? { ...old, ...saved } : old));
      void qc.invalidateQueries({ queryKey: ['courses', 'list'] });
      toast.show(t('courses:settings.saved'));
    },
    onError: (err) => toast.show(errorText(err), { severity: 'error' }),
  });

  const remove = useMutation({
    mutationFn: () => deleteCourse(course.id),
    onSuccess: () => {
      setConfirm(false);
      qc.removeQueries({ queryKey: courseKeys.one(course.id) });
      void qc.invalidateQueries({ queryKey: ['courses', 'list'] });
      toast.show(t('courses:settings.deleted', { name: localTitle(course, i18n.language) }));
      navigate('/course', { replace: true });
    },
    onError: () => setConfirm(false),
  });

  return (
    <Stack spacing={3} data-testid="settings-tab">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('courses:settings.title')}
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (dirty) save.mutate();
            }}
          >
            <Stack spacing={2.5}>
              <Box>
                <FormControlLabel control={<Switch checked={enforce} onChange={(e) => setEnforce(e.target.checked)} />} label={t('courses:form.enforce_order')} />
                <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 6 } }}>
                  {t('courses:form.enforce_order_hint')}
                </Typography>
              </Box>
              <TeachersOnlySwitch checked={teachersOnly} onChange={setTeachersOnly} id="settings-teachers-only" />
              <TextField select id="settings-course-type" label={t('courses:form.course_type')} value={type} onChange={(e) => setType(e.target.value as CourseType)} sx={{ maxWidth: { sm: 320 } }}>
                {COURSE_TYPES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`courses:types.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Box data-testid="settings-price">
                <Typography variant="subtitle2" component="h3">
                  {t('courses:settings.price')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('courses:settings.price_note')}{' '}
                  {course.price > 0 ? t('courses:settings.price_lowest', { price: formatTaka(Math.round(course.price * 100), i18n.language) }) : t('courses:settings.price_free')}{' '}
                  <Link component={RouterLink} to={`/course/edit/${course.id}/batches`}>
                    {t('courses:settings.to_batches')}
                  </Link>
                </Typography>
              </Box>
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
                  disabled={!dirty || save.isPending}
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  {save.isPending ? t('common:actions.saving') : t('common:actions.save')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>

      <Card sx={{ borderColor: 'error.main', borderWidth: 1, borderStyle: 'solid' }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" color="error" sx={{ mb: 1 }}>
            {t('courses:settings.danger_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('courses:settings.delete_hint')}
          </Typography>
          {remove.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="delete-course-error">
              {errorText(remove.error)}
            </Alert>
          )}
          <Button color="error" variant="outlined" startIcon={<DeleteForeverOutlinedIcon />} onClick={() => setConfirm(true)} disabled={remove.isPending} data-testid="delete-course">
            {t('courses:settings.delete')}
          </Button>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirm}
        title={t('courses:settings.delete_title')}
        body={t('courses:settings.delete_body', { name: localTitle(course, i18n.language) })}
        confirmLabel={t('courses:actions.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => !remove.isPending && setConfirm(false)}
      />
    </Stack>
  );
}
