// /exam/edit/:id(/:slug): the exam's header (title, published, counts, the learners' link,
// delete) and one tab per view: settings (default), attempts, marking, stats.
import { Badge, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { localTitle, otherTitle } from '../../../lib/course-text';
import { formatDate, formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { deleteExam, type Exam } from '../api/exams-api';
import { formatMarks } from '../hooks/exam-format';
import { examKeys, useExam, useMarking } from '../hooks/use-exams';
import { ExamAttemptsTab } from './exam-attempts-tab';
import { ExamMarkingTab } from './exam-marking-tab';
import { ExamSettingsForm } from './exam-settings-form';
import { ExamStatsTab } from './exam-stats-tab';
import { LearnerLink } from './learner-link';

export const EXAM_TABS = ['settings', 'attempts', 'marking', 'stats'] as const;
export type ExamTab = (typeof EXAM_TABS)[number];

export default function ExamEditPage() {
  const { id: idParam = '', slug } = useParams();
  const { t } = useTranslation(['exams', 'common']);
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const query = useExam(valid ? id : 0);
  const tab = (slug ?? 'settings') as ExamTab;

  const back = (
    <Button component={RouterLink} to="/exam/single" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      {t('exams:form.back')}
    </Button>
  );
  if (!valid) return <Navigate to="/exam/single" replace />;
  if (!EXAM_TABS.includes(tab)) return <Navigate to={`/exam/edit/${id}`} replace />;
  if (query.isLoading) {
    return (
      <Box>
        {back}
        <Skeleton variant="rounded" height={140} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Box>
        {back}
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <Card>
            <EmptyState icon={<AssignmentOutlinedIcon />} message={t('exams:edit.not_found')} action={<Button component={RouterLink} to="/exam/single">{t('exams:form.back')}</Button>} />
          </Card>
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        )}
      </Box>
    );
  }
  const exam = query.data;
  return (
    <Box data-testid="exam-edit-page" data-exam-id={exam.id} data-exam-uuid={exam.uuid}>
      {back}
      <ExamHeader exam={exam} />
      <ExamTabs exam={exam} tab={tab} />
      <Box role="tabpanel" id={`exam-tabpanel-${tab}`} aria-labelledby={`exam-tab-${tab}`}>
        {/* A new key per saved version: the form starts again from what the server has. */}
        {tab === 'settings' && <ExamSettingsForm key={exam.updated_at} exam={exam} />}
        {tab === 'attempts' && <ExamAttemptsTab exam={exam} />}
        {tab === 'marking' && <ExamMarkingTab exam={exam} />}
        {tab === 'stats' && <ExamStatsTab exam={exam} />}
      </Box>
    </Box>
  );
}

function ExamTabs({ exam, tab }: { exam: Exam; tab: ExamTab }) {
  const { t, i18n } = useTranslation('exams');
  const marking = useMarking(exam.id);
  const waiting = marking.data?.length ?? 0;
  return (
    <Tabs value={tab} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('edit.tabs_label')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      {EXAM_TABS.map((s) => (
        <Tab
          key={s}
          value={s}
          id={`exam-tab-${s}`}
          aria-controls={`exam-tabpanel-${s}`}
          label={
            s === 'marking' && waiting > 0 ? (
              <Badge color="warning" badgeContent={formatNumber(waiting, i18n.language)} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
                {t(`edit.tabs.${s}`)}
              </Badge>
            ) : (
              t(`edit.tabs.${s}`)
            )
          }
          component={RouterLink}
          to={s === 'settings' ? `/exam/edit/${exam.id}` : `/exam/edit/${exam.id}/${s}`}
          data-testid={`tab-${s}`}
          sx={s === 'marking' && waiting > 0 ? { pr: 3 } : undefined}
        />
      ))}
    </Tabs>
  );
}

function ExamHeader({ exam }: { exam: Exam }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState(false);
  const title = localTitle(exam, lang) || t('exams:list.untitled');
  const other = otherTitle(exam, lang);
  const remove = useMutation({
    mutationFn: () => deleteExam(exam.id),
    onSuccess: () => {
      setConfirm(false);
      void qc.invalidateQueries({ queryKey: examKeys.all });
      toast.show(t('exams:edit.deleted'));
      navigate('/exam/single');
    },
    onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
  });
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }} data-testid="exam-heading" data-user-content>
              {title}
            </Typography>
            {other && (
              <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }} data-user-content>
                {other}
              </Typography>
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip size="small" color={exam.published ? 'success' : 'default'} variant={exam.published ? 'filled' : 'outlined'} label={exam.published ? t('exams:list.published') : t('exams:list.draft')} data-testid="exam-published" data-published={exam.published} />
              <Typography variant="body2" color="text.secondary">
                {t('exams:list.questions', { count: exam.question_count })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('exams:edit.total_marks', { n: formatMarks(exam.total_marks, lang) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('exams:list.minutes', { count: exam.duration_minutes })}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="exam-attempt-count">
                {t('exams:list.attempts', { count: exam.attempt_count })}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('exams:list.window', { start: formatDate(exam.starts_at, lang), end: formatDate(exam.ends_at, lang) })}
            </Typography>
          </Box>
          <Button color="error" variant="outlined" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirm(true)} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }} data-testid="delete-exam">
            {t('exams:edit.delete')}
          </Button>
        </Stack>
        <Box sx={{ mt: 2 }}>
          <LearnerLink uuid={exam.uuid} />
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirm}
        title={t('exams:edit.delete_title')}
        body={exam.attempt_count > 0 ? t('exams:edit.delete_body_attempts', { name: title, count: exam.attempt_count }) : t('exams:edit.delete_body', { name: title })}
        confirmLabel={t('exams:edit.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => !remove.isPending && setConfirm(false)}
      />
    </Card>
  );
}
